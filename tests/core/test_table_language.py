"""The table speaks its own language (issue 23, UX-6 to UX-9): hints as typed at the table, `help`, did-you-mean,
`note` taking the rest of the line, and Tab offering the plays legal now first, each described."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.app.session import Session
from scorekeeper.cli import main
from scorekeeper.cli.shell import Table
from tests.core.test_play_shell import SETUP, fc, play  # noqa: F401  (fc: the fixture)


@pytest.fixture(autouse=True)
def _no_kept_session() -> object:
    from scorekeeper.app.session import WORKSPACE

    yield
    WORKSPACE.kept.clear()


def test_hints_at_the_table_name_commands_as_typed_there(fc: Path) -> None:
    code, out, _ = play(fc, SETUP.replace("visit crumb\n", "status\n"))
    assert code == 0
    assert "next: Ann visits a shop: visit SHOP (open: CRUMBHALL" in out  # the hint after the last deal
    assert "scorekeeper fc" not in out and "scorekeeper flamecraft" not in out
    one_shot = CliRunner().invoke(main, ["status", "--session", str(fc)])
    assert "scorekeeper fc visit" in one_shot.stdout  # outside the table, the one-shot form


def test_the_rewrite_keeps_other_words(fc: Path) -> None:
    table = Table(fc)
    assert table.as_typed("next: Ann's turn: scorekeeper fc visit SHOP (fc end)") == "next: Ann's turn: visit SHOP (end)"
    assert table.as_typed("see 'scorekeeper check'; the fc group") == "see 'check'; the fc group"


def test_help_lists_the_commands_legal_now_first_and_help_command_and_rules(fc: Path) -> None:
    code, out, err = play(fc, "help\nhelp visit\nhelp rules coin\n")
    assert (code, err) == (0, "")
    listing = out.split("fc · Setup › help visit")[0]
    assert "legal now: setup" in listing and "  visit " in listing and "status" in listing
    assert all(len(line) <= 80 for line in listing.splitlines())
    assert "Usage: scorekeeper flamecraft visit [OPTIONS] SHOP" in out
    assert "FC-SCORE-2" in out  # "At the end, each leftover coin is worth 1 reputation"


def test_a_typo_gets_a_suggestion_as_in_the_one_shot_cli(fc: Path) -> None:
    code, _, err = play(fc, "vist crumb\n")
    assert code == 1
    assert err == "error: no such command 'vist'; did you mean visit? ('help' lists them)\n"
    assert Session.open(fc).journal.count == 0


def test_a_note_takes_the_rest_of_the_line(fc: Path) -> None:
    code, out, err = play(fc, "note Bo disputes the toast\nnote --force Cy  agrees\n")
    assert (code, err) == (0, ""), out
    texts = [e.payload["text"] for e in Session.open(fc).events]
    assert texts == ["Bo disputes the toast", "Cy agrees"]


def test_tab_offers_the_plays_legal_now_first_each_described(fc: Path) -> None:
    play(fc, SETUP.replace("visit crumb\n", ""))
    table = Table(fc)
    assert table.complete("")[0] == "visit"  # Ann's turn: visit is what the hint names
    assert table.complete("v") == ["visit", "void", "verify"]
    assert table.describe("visit").startswith("Move your dragon to a shop")
    assert table.describe("undo")
