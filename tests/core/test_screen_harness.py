"""The screen harness (``tests/screen.py``) sees what a person sees: it is itself tested on programs that print
what a terminal shows wrongly, and on commands that must look right at 80×24."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.screen import Terminal

ROOT = Path(__file__).resolve().parents[2]
PYTHON = [sys.executable, "-c"]


def printing(text: str) -> list[str]:
    return [*PYTHON, f"import sys; sys.stdout.write({text!r})"]


def test_colour_codes_a_terminal_acts_on_are_not_on_the_screen() -> None:
    _, screen = Terminal(80, 24).run(program=printing("\x1b[32mrecorded\x1b[0m\n"))
    assert screen.rows[0] == "recorded" and screen.problems() == []


def test_colour_codes_printed_as_text_are_seen() -> None:
    _, screen = Terminal(80, 24).run(program=printing("^[[32m#5 recorded^[[0m\n"))
    assert screen.problems() == ["row 1: an escape sequence is visible: '^[[32m#5 recorded^[[0m'"]


def test_a_line_wider_than_the_terminal_and_a_word_broken_by_it_are_seen() -> None:
    line = "next: " + "x" * 70 + " GRISTLEGATE\n"
    _, screen = Terminal(80, 24).run(program=printing(line))
    assert screen.rows[1] == "STLEGATE"  # the terminal carried the rest of the word to the next row
    problems = screen.problems()
    assert len(problems) == 2 and "wider than 80 columns" in problems[0]
    assert problems[1] == "a word is broken across rows: 'xxxxxxxx GRI' | 'S'"


def test_a_screen_shows_its_last_rows_only() -> None:
    _, screen = Terminal(80, 24).run(program=printing("".join(f"line {n}\n" for n in range(1, 41))))
    assert screen.rows[0] == "line 18" and "line 1\n" not in screen.text + "\n"


def test_the_width_the_program_reads_is_the_terminal_s() -> None:
    _, screen = Terminal(120, 40).run(program=[*PYTHON, "import shutil; print(shutil.get_terminal_size().columns)"])
    assert screen.rows[0] == "120"


@pytest.mark.parametrize("term,no_color", [("xterm-256color", False), ("dumb", False), ("xterm-256color", True)])
def test_rules_and_the_help_read_cleanly_at_80_by_24(term: str, no_color: bool, tmp_path: Path) -> None:
    terminal = Terminal(80, 24, term=term, no_color=no_color, env={"SCOREKEEPER_HOME": str(tmp_path)}, cwd=ROOT)
    sample = "sample_sessions/emberheart/four-players.json"
    for args in (("--help",), ("rules", "ed", "bonfire"), ("score", "--session", sample)):
        code, screen = terminal.run(*args)
        assert code == 0 and screen.problems() == [], (args, screen.text)


def test_log_opens_the_pager_at_the_newest_event(tmp_path: Path) -> None:
    """UX-26 (field report): `log` opened the pager at the oldest event; at the table the newest matter."""
    import shutil

    session = tmp_path / "3p-complete.json"
    shutil.copy(ROOT / "sample_sessions" / "flamecraft" / "3p-complete.json", session)
    terminal = Terminal(80, 24, env={"XDG_DATA_HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path)})
    terminal.env.pop("PAGER", None), terminal.env.pop("LESS", None)
    terminal.spawn("log", "--session", str(session))
    screen = terminal.wait_for("final scoring", timeout=15)  # the last event, #166
    assert "#  event" not in screen.text  # the header at the top is off the screen
    terminal.type("q")
    assert terminal.finish()[0] == 0
