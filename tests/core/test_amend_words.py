"""An amendment is said in words, before and after, wherever it is shown: the verdict, ``log``, ``audit`` and the
report (issue 36: FC-V7, REPORT-1; no verdict, log line, audit or report shows a payload as JSON)."""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from tests.conftest import Cli


@pytest.fixture
def game(cli: Cli) -> Cli:
    assert cli("new", "fake", "--players", "Ann,Bob", "--session", str(cli.session)).exit_code == 0
    return cli


def test_an_amendment_says_what_the_play_now_is_and_was_everywhere(game: Cli, tmp_path: Path) -> None:
    game("fake", "add", "2")
    game("fake", "add", "1")
    done = game("amend", "1", "n=3")
    said = "amend #1: now Ann adds 3 (was: Ann adds 2)"
    assert done.exit_code == 0 and done.output.startswith(f"#3 recorded: {said}\n"), done.output
    assert game.json("log")[2]["description"] == said
    audit = game("audit", "3")
    assert audit.output.startswith(f"Event #3: {said}\n"), audit.output
    page = tmp_path / "report.html"
    assert game("report", "-o", str(page)).exit_code == 0
    assert "now Ann adds 3 (was: Ann adds 2)" in page.read_text(encoding="utf-8")
    for shown in (done.output, audit.output, game("log").output):
        assert "{" not in shown and '"' not in shown, shown


def test_a_second_amendment_is_said_against_the_first() -> None:
    """``was`` is the play as the earlier amendment left it, not as first recorded."""
    from scorekeeper.app.verdicts import describe
    from scorekeeper.core.events import Event
    from scorekeeper.games import load

    fake = load("fake")
    play = Event(1, "ADD", "Ann", {"n": 1})
    first, second = (Event(2, "amend", None, {"target": 1, "changes": {"n": 2}}),
                     Event(3, "amend", None, {"target": 1, "changes": {"n": 3}}))
    journal = {e.seq: e for e in (play, first, second)}
    assert describe(fake, second, journal) == "amend #1: now Ann adds 3 (was: Ann adds 2)"
    assert describe(fake, second) == "amend #1: n=3"  # without the journal: the fields as typed


def test_a_payload_without_the_game_s_words_is_said_as_typed_not_as_json() -> None:
    from scorekeeper.app.verdicts import _typed_fields

    assert _typed_fields({"tiles": [{"tile": "T12", "at": "2,0"}], "good": "meat", "n": 2}) == \
        "tiles=[{tile: T12, at: 2,0}] good=meat n=2"
