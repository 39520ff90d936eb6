"""`status` on one screen: at 80×24 the next step is still on the screen after it, for every bundled sample; the
whole board is behind `status --full`, one part behind `status players|board|notes`; machine formats stay whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from tests.screen import Terminal

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "sample_sessions").glob("*/*.json")
                 if p.parent.name != "inputs" and p.name != "manifest.json")


def test_every_sample_is_there() -> None:
    assert len(SAMPLES) >= 11


@pytest.mark.parametrize("sample", SAMPLES)
def test_status_fits_one_80_by_24_screen(sample: str, tmp_path: Path) -> None:
    terminal = Terminal(80, 24, env={"SCOREKEEPER_HOME": str(tmp_path)}, cwd=ROOT)
    code, screen = terminal.run("status", "--session", sample)
    assert code == 0, screen.text
    assert screen.rows[0].startswith("Next: "), screen.text  # nothing scrolled away: the next step is at the top
    assert "Players:" in screen.text and "status --full" in screen.text
    assert screen.problems() == [], screen.text
    summaries = [row for row in screen.rows if row.startswith("  ") and " rows): " in row]
    assert not [row for row in summaries if ", ," in row or row.rstrip().endswith(",")], screen.text  # no blank names


def test_a_section_summary_names_each_row_once() -> None:
    """The board in short names each of a section's rows by its first cell, once: a player with three cards is
    one name, not the name and two blanks (``Cards (14 rows): Astrid, , , Brandon, , ,`` before)."""
    result = CliRunner().invoke(main, ["status", "--session", "sample_sessions/emberheart/four-players.json"],
                                env={"COLUMNS": "80"})
    assert "  Cards (14 rows): Astrid, Brandon, Helga, Sigrun\n" in result.output


def _status(*args: str, home: Path) -> str:
    result = CliRunner().invoke(main, ["status", "--session", SAMPLES[0], *args],
                                env={"SCOREKEEPER_HOME": str(home)})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(autouse=True)
def _at_the_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


def test_full_shows_the_whole_board_and_a_part_only_that_part(tmp_path: Path) -> None:
    short, full = _status(home=tmp_path), _status("--full", home=tmp_path)
    assert len(short.splitlines()) < 24 < len(full.splitlines())
    data = json.loads(_status("--json", home=tmp_path))
    for section in data["sections"]:
        assert f"\n{section['title']}:" in full
        assert section["title"].split(" (")[0] in short  # summarised in a line of its own
    board = _status("board", home=tmp_path)
    assert "Next:" not in board and "Players:" not in board and board.strip() in full
    players = _status("players", home=tmp_path)
    assert players.startswith("Players:") and players.strip() in full


def test_a_part_that_is_not_one_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["status", "--session", SAMPLES[0], "bored"],
                                env={"SCOREKEEPER_HOME": str(tmp_path)})
    assert result.exit_code == 2 and "bored" in result.output


def test_machine_formats_stay_complete(tmp_path: Path) -> None:
    csv = _status("--format", "csv", home=tmp_path)
    data = json.loads(_status("--json", home=tmp_path))
    assert len(csv.splitlines()) > 24 and data


@pytest.mark.parametrize("sample", ["flamecraft/5p-gold.json", "eight-dragons/4p-long.json"])
def test_a_finished_game_says_so_in_the_same_words_in_each_game(sample: str) -> None:
    """The next step of a finished game reads the same in Flamecraft and 8 Dragons (8 Dragons said
    ``game over: 'scorekeeper score'``, quoted, where Flamecraft said ``the game is over: scorekeeper score``)."""
    result = CliRunner().invoke(main, ["status", "--session", f"sample_sessions/{sample}"], env={"COLUMNS": "80"})
    assert result.output.splitlines()[0] == "Next: the game is over: scorekeeper score"
