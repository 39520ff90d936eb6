"""How many answers the guided walk needs for a whole table (issue 33, "Typing a table is quick"; its closing note
gives these counts): the end state of a bundled 3-player game of each game, typed line by line in an 80×24
pseudo-terminal, scores exactly as the game did. A 3-player Emberheart table (35 cards) in at most 25 answers, an
8 Dragons Lair in one line, Flamecraft's Moon answers among each player's lines. Every line is an answer: the
empty ones (Enter keeps a default, ends the cards) and the closing ``yes`` too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from tests.screen import Terminal
from tests.tally.test_walk import answer
from tests.tally.walk_export import SESSIONS, lines

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"

#: the most answers each game's table may take (the counts measured: Emberheart 16, Flamecraft 22, 8 Dragons 12)
MOST = {"emberheart": 25, "flamecraft": 22, "eight-dragons": 12}


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    return {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": ""}


def run(home: dict[str, str], *args: str) -> Any:
    result = CliRunner(env=home).invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result


def score(home: dict[str, str], session: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run(home, "score", "--json", "--session", str(session)).stdout)
    return data


@pytest.mark.parametrize("game", tuple(SESSIONS))
def test_a_bundled_games_end_typed_in_the_walk_takes_few_answers_and_scores_as_played(
        game: str, tmp_path: Path, home: dict[str, str]) -> None:
    sample = SAMPLES / SESSIONS[game]
    export = tmp_path / "export.json"
    run(home, "export", "--to", "tally", "-o", str(export), "--session", str(sample))
    data = json.loads(export.read_text(encoding="utf-8"))
    typed = lines(game, data)

    terminal = Terminal(80, 24, env=home, cwd=tmp_path)
    terminal.spawn("tally", game, "--players", ",".join(data["players"]), "--session", "walked.json")
    terminal.wait_for(f"{typed[0][0]} >")
    for n, (prompt, text) in enumerate(typed):
        answer(terminal, prompt, text, typed[n + 1][0] if n + 1 < len(typed) else None)
    code, screen = terminal.finish()
    assert code == 0, screen.text
    assert screen.problems(typed=[f"{p} > {t}" for p, t in typed]) == []  # a long line typed is the table's

    played, walked = score(home, sample), score(home, tmp_path / "walked.json")
    by_name = lambda s: {row["name"]: (row["total"], row["categories"]) for row in s["players"]}  # noqa: E731
    assert by_name(walked) == by_name(played)
    assert (walked["winners"], walked["tiebreak"]) == (played["winners"], played["tiebreak"])
    print(f"\n{game}: {len(typed)} answers for {len(data['players'])} players ({SESSIONS[game]})")
    assert len(typed) <= MOST[game]
    if game == "emberheart":
        assert len(data["players"]) == 3
    if game == "eight-dragons":  # each Lair is one answer
        assert [prompt for prompt, _ in typed].count(f"{data['players'][0]} · Lair") == 1
    if game == "flamecraft":  # the Moon answers come with their owner's fancy dragons, never at the table's start
        asked = [prompt for prompt, _ in typed]
        assert "table · Moon dragons" not in asked
        for name in data["players"]:
            if f"{name} · Moon dragons met" in asked:
                assert asked.index(f"{name} · Moon dragons met") == asked.index(f"{name} · fancy dragons") + 1
