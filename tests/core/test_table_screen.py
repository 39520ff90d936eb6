"""The interactive table as a person sees it in a terminal: rendered by a terminal emulator (tests/screen.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from tests.screen import Terminal

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "sample_sessions" / "inputs" / "flamecraft-catalog.json"
PLAYS = ["setup --park BR-1,MT-1,PL-1,IR-1,CR-1 --row PU-1,PU-2,PU-3,PU-4,PU-5",
         "deal Ann --hand BR-2,MT-2,PL-2 --drew FY-1,FY-2 --keep FY-2",
         "deal Bo --hand BR-3,MT-3,PL-3 --drew FY-3,FY-4 --keep FY-3"]


@pytest.fixture
def tuesday(tmp_path: Path) -> Path:
    path = tmp_path / "tuesday.json"
    result = CliRunner().invoke(main, ["new", "flamecraft", "--players", "Ann,Bo,Cy", "--catalog", str(CATALOG),
                                       "--session", str(path)], env={"SCOREKEEPER_HOME": str(tmp_path / "home")})
    assert result.exit_code == 0, result.output
    return path


@pytest.mark.parametrize("term,no_color", [("xterm-256color", False), ("dumb", False), ("xterm-256color", True)])
def test_no_colour_code_is_ever_shown_as_text_in_the_table(tuesday: Path, term: str, no_color: bool) -> None:
    terminal = Terminal(80, 24, term=term, no_color=no_color, env={"SCOREKEEPER_HOME": str(tuesday.parent / "home")})
    terminal.spawn("play", "--session", str(tuesday))
    terminal.wait_for("Ctrl-D leaves")
    for n, play in enumerate(PLAYS, start=1):
        terminal.type(play + "\r")
        screen = terminal.wait_for(f"#{n} recorded")
    terminal.type("\x04")
    code, screen = terminal.finish()
    assert code == 0
    shown = [p for p in screen.problems() if "escape sequence" in p]
    assert shown == [], screen.text
    colours = re.findall(rb"\x1b\[(?:[0-9]+;)*3[0-7](?:;[0-9]+)*m", bytes(terminal.output))
    if term == "dumb" or no_color:  # a terminal without colour, or a player who asked for none: no colour at all
        assert colours == []
    else:  # the same colours as the one-shot command: each recorded play in green
        assert colours.count(b"\x1b[32m") == len(PLAYS)


def test_a_completed_option_is_followed_by_a_space(tuesday: Path) -> None:
    """UX-10: ``score --ex`` + Tab gives ``score --explain `` (a space after it), so the next word typed is a
    word of its own (before, ``--explain--json``)."""
    terminal = Terminal(80, 24, env={"SCOREKEEPER_HOME": str(tuesday.parent / "home"),
                                     "SCOREKEEPER_HISTORY": str(tuesday.parent / "history")})
    terminal.spawn("play", "--session", str(tuesday))
    terminal.wait_for("Ctrl-D leaves")
    terminal.type("score --ex\t")
    terminal.wait_for("score --explain")
    since = len(terminal.output)
    terminal.type("--json\r")
    # the printed bytes, not the screen: the JSON with its explanations is longer than 24 rows, and the line
    # looked for may have scrolled off before it is read
    terminal.wait_for_output(b'"categories"', since)
    assert b"No such option" not in bytes(terminal.output[since:])
    terminal.type("\x04")
    assert terminal.finish()[0] == 0
