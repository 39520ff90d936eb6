"""The guided tally walk (``scorekeeper tally GAME --players …``, issue 25 "interactively"), typed at 80×24 in a
pseudo-terminal: each game's sample tally typed line by line scores exactly as ``tally --from`` of that sample's
export (``export --to tally``); a line can be taken back; leaving writes nothing; Tab completes card faces."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from tests.screen import Screen, Terminal
from tests.tally.walk_lines import CONFIRM, INPUTS, SAMPLES, lines, sample, table_lines

GAMES = tuple(SAMPLES)


def prompts(screen: Screen) -> list[str]:
    """The rows that hold a prompt of the walk (answered or waiting), top to bottom."""
    return [row for row in screen.rows if " · " in row and (" > " in row or row.endswith(" >"))
            or row.startswith(CONFIRM)]


def answer(terminal: Terminal, prompt: str, typed: str, following: str | None) -> Screen:
    """Type ``typed`` at ``prompt`` and wait until the walk took it: the line stands answered and the next
    prompt (``following``) waits below it."""
    terminal.type(typed + "\r")
    done = f"{prompt} > {typed}".rstrip()

    def took(screen: Screen) -> bool:
        shown = prompts(screen)
        if following is None:
            return done in shown
        # a line wider than the terminal wraps: its first row is the prompt and the start of it
        return len(shown) >= 2 and done.startswith(shown[-2]) and len(shown[-2]) >= min(len(done), 80 - 1) \
            and shown[-1] == f"{following} >"
    return terminal.wait_until(took, f"{typed!r} taken and then {following!r}")


def score_json(*args: str, env: dict[str, str]) -> dict[str, object]:
    result = CliRunner(env=env).invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.stdout)
    return data


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    return {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": ""}


def start(game: str, path: Path, home: dict[str, str]) -> Terminal:
    terminal = Terminal(80, 24, env=home, cwd=path.parent)
    terminal.spawn("tally", game, "--players", ",".join(sample(game)["players"]), "--session", path.name)
    terminal.wait_for(f"{lines(game)[0][0]} >")
    return terminal


@pytest.mark.parametrize("game", GAMES)
def test_a_sample_typed_in_the_walk_scores_as_tally_from_its_export(game: str, tmp_path: Path,
                                                                    home: dict[str, str]) -> None:
    first, export = tmp_path / "first.json", tmp_path / "export.json"
    score_json("tally", "--from", str(INPUTS / SAMPLES[game]), "--session", str(first), env=home)
    result = CliRunner(env=home).invoke(main, ["export", "--to", "tally", "-o", str(export), "--session", str(first)])
    assert result.exit_code == 0, result.output
    expected = score_json("tally", "--from", str(export), "--session", str(tmp_path / "again.json"), env=home)

    walked = tmp_path / "walked.json"
    terminal = start(game, walked, home)
    typed = lines(game)
    summary = None
    for n, (prompt, text) in enumerate(typed):
        following = typed[n + 1][0] if n + 1 < len(typed) else None
        if prompt == CONFIRM:
            summary = terminal.screen()
            assert summary.problems(typed=[f"{p} > {t}" for p, t in typed]) == []  # a long line typed is the table's
            total = [row for row in summary.rows if row.startswith("  total: ")][-1]  # the running total
            assert all(f"{row['name']} {row['total']:g}" in total for row in expected["players"])  # type: ignore
        answer(terminal, prompt, text, following)
    code, screen = terminal.finish()
    assert code == 0, screen.text
    assert screen.problems(typed=[f"{p} > {t}" for p, t in typed]) == []
    assert summary is not None and "Winner:" in summary.text
    print(f"\n--- {game}: the summary screen ---\n{summary.text}")  # as the table sees it before writing
    got = score_json("score", "--session", str(walked), env=home)
    by_name = lambda score: sorted(score["players"], key=lambda row: row["name"])  # noqa: E731  # type: ignore
    assert by_name(got) == by_name(expected)  # totals, categories, ranks (the seat order is the walk's)
    assert {k: got[k] for k in ("winners", "tiebreak", "categories")} == \
        {k: expected[k] for k in ("winners", "tiebreak", "categories")}


def test_back_takes_the_last_line_back(tmp_path: Path, home: dict[str, str]) -> None:
    walked = tmp_path / "walked.json"
    terminal = start("flamecraft", walked, home)
    typed = lines("flamecraft")
    first = next(n for n, (prompt, _) in enumerate(typed) if prompt == "Ada · reputation")
    for n, (prompt, text) in enumerate(typed[:first]):
        answer(terminal, prompt, text, typed[n + 1][0])
    answer(terminal, "Ada · reputation", "99", "Ada · coins")
    answer(terminal, "Ada · coins", "back", "Ada · reputation")  # the 99 is taken back: reputation asked again
    for n, (prompt, text) in enumerate(typed[first:], start=first):
        answer(terminal, prompt, text, typed[n + 1][0] if n + 1 < len(typed) else None)
    code, screen = terminal.finish()
    assert code == 0, screen.text
    got = score_json("score", "--session", str(walked), env=home)
    assert [row["total"] for row in got["players"]] == [27, 27, 27]  # type: ignore


@pytest.mark.parametrize("leave", ["quit\r", "\x03quit\r", "\x04"])
def test_leaving_the_walk_writes_nothing(leave: str, tmp_path: Path, home: dict[str, str]) -> None:
    walked = tmp_path / "walked.json"
    terminal = start("emberheart", walked, home)
    answer(terminal, "table · Flame table", "4=5", "table · board side")
    terminal.type(leave)
    code, screen = terminal.finish()
    assert code == 1
    assert "tally left: nothing written; your 1 answers are kept" in screen.text.replace("\n", " ")
    assert [p.name for p in tmp_path.iterdir() if p.name != "home"] == []  # no session, no temporary


def test_tab_completes_a_card_face(tmp_path: Path, home: dict[str, str]) -> None:
    terminal = start("emberheart", tmp_path / "walked.json", home)
    typed = lines("emberheart")
    cards = next(n for n, (prompt, _) in enumerate(typed) if prompt == "Astrid · cards")
    for n, (prompt, text) in enumerate(typed[:cards]):
        answer(terminal, prompt, text, typed[n + 1][0])
    terminal.type("hero parag\t")
    terminal.wait_for("Astrid · cards > hero paragon")
    terminal.type(", capt\t")
    terminal.wait_for("Astrid · cards > hero paragon, captive")
    terminal.type(" red 5 on parag\t")  # after 'on': the Heroes and Preserves typed before (TALLY-20)
    terminal.wait_for("Astrid · cards > hero paragon, captive red 5 on paragon")
    terminal.type("\x03")  # Ctrl-C clears the line, as in play (TALLY-18); the walk goes on
    terminal.wait_for("line cleared")
    terminal.type("\x04")
    assert terminal.finish()[0] == 1


def test_a_line_that_does_not_read_is_asked_again(tmp_path: Path, home: dict[str, str]) -> None:
    runner = CliRunner(env=home)
    result = runner.invoke(main, ["tally", "emberheart", "--players", "Ann,Bo", "--session",
                                  str(tmp_path / "w.json")], input="\n" * len(table_lines("emberheart", {})) + "four\n")
    assert "error: 'four': expects the five numbers in order, flame gear strength senses speed (e.g. 3 2 4 2 0), " \
        "or each by name: flame=3 gear=2 strength=4 …" in " ".join(result.output.split())
    assert result.exit_code == 1 and not (tmp_path / "w.json").exists()


def test_the_walk_from_inside_the_table_shell(tmp_path: Path, home: dict[str, str]) -> None:
    """``tally GAME --players …`` typed at ``scorekeeper play`` walks the same way; the table goes on after."""
    result = CliRunner(env=home).invoke(main, ["new", "flamecraft", "--players", "A,B", "--session",
                                               str(tmp_path / "table.json")])
    assert result.exit_code == 0, result.output
    terminal = Terminal(80, 24, env={**home, "SCOREKEEPER_HISTORY": str(tmp_path / "history")}, cwd=tmp_path)
    terminal.spawn("play", "--session", "table.json")
    terminal.wait_for("at the table")
    terminal.type("tally flamecraft --players A,B --session tallied.json\r")
    typed = [*table_lines("flamecraft", {}), ("A · reputation", "10"), ("A · coins", "1"), ("A · goods", "bread=1"),
             ("A · hand", "d1"), ("A · fancy dragons", ""), ("B · reputation", "12"), ("B · coins", "0"),
             ("B · goods", ""), ("B · hand", ""), ("B · fancy dragons", ""), (CONFIRM, "yes")]
    terminal.wait_for(f"{typed[0][0]} >")
    for n, (prompt, text) in enumerate(typed):
        answer(terminal, prompt, text, typed[n + 1][0] if n + 1 < len(typed) else None)
    screen = terminal.wait_for("tallied Flamecraft session tallied.json for A, B")
    assert screen.problems() == []
    terminal.type("\x04")
    assert terminal.finish()[0] == 0
    got = score_json("score", "--session", str(tmp_path / "tallied.json"), env=home)
    assert {row["name"]: row["total"] for row in got["players"]} == {"A": 11, "B": 12}  # type: ignore


def test_players_the_game_refuses_are_said_before_anything_is_asked(tmp_path: Path, home: dict[str, str]) -> None:
    result = CliRunner(env=home).invoke(main, ["tally", "eight-dragons", "--players", "Ann,Ann", "--session",
                                               str(tmp_path / "w.json")], input="3\n")
    assert result.exit_code == 2 and "two players have the same name" in result.output
    assert "Gold >" not in result.output and not (tmp_path / "w.json").exists()
