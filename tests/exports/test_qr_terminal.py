"""``export --to bgstats-link --qr`` as a person sees it (field report UX-5): at 80×24 the code of a game's BG
Stats link cannot fit (the link carries the whole play), so the screen holds one line that says so and where
the phone gets it instead; in a terminal large enough, the code is drawn in half blocks (square modules, two a
character row, the lowest error correction) and is the very code of the link."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scorekeeper.render.qr import HALVES, qr_lines
from tests.screen import Terminal

ROOT = Path(__file__).resolve().parents[2]


def finished_copy(tmp_path: Path, sample: str) -> Path:
    target = tmp_path / "game.json"
    shutil.copyfile(ROOT / "sample_sessions" / sample, target)
    return target


@pytest.mark.parametrize("sample", ["flamecraft/5p-gold.json", "flamecraft/2p-companions.json"])
def test_at_80_by_24_one_line_says_it_cannot_fit_and_where_to_get_it(tmp_path: Path, sample: str) -> None:
    path = finished_copy(tmp_path, sample)
    terminal = Terminal(80, 24, env={"SCOREKEEPER_HOME": str(tmp_path)}, cwd=tmp_path)
    status, screen = terminal.run("export", "--session", str(path), "--to", "bgstats-link", "--qr")
    assert status == 1 and screen.problems() == [], screen.text
    shown = [row for row in screen.rows if row.strip()]
    assert len(shown) == 1, screen.text
    assert "won't fit 80×24" in shown[0] and "/bgstats" in shown[0] and "-o play.svg" in shown[0]
    assert not set(shown[0]) & set(HALVES[1:]), "no piece of a code is drawn"
    assert not list(tmp_path.glob("*.svg")) and not list(tmp_path.glob("*.png"))


def test_a_terminal_large_enough_shows_the_code_in_half_blocks(tmp_path: Path) -> None:
    path = finished_copy(tmp_path, "flamecraft/2p-companions.json")
    env = {"SCOREKEEPER_HOME": str(tmp_path)}
    from click.testing import CliRunner

    from scorekeeper.cli import main

    link = CliRunner().invoke(main, ["export", "--session", str(path), "--to", "bgstats-link"], env=env)
    assert link.exit_code == 0, link.output
    from urllib.parse import parse_qs, urlparse

    from scorekeeper.exports import bgstats

    data = parse_qs(urlparse(link.stdout.strip()).query)["data"][0]
    expected = qr_lines(bgstats.LINK + bgstats.quote(data, safe=bgstats.QR_SAFE), "halves", error="l")
    width, height = len(expected[0]), len(expected) + 1
    assert width > 80 or height > 24  # why 80×24 cannot hold it
    status, screen = Terminal(width, height + 1, env=env, cwd=tmp_path).run(  # a row more: the cursor's, after
        "export", "--session", str(path), "--to", "bgstats-link", "--qr")
    assert status == 0 and screen.problems() == [], screen.text
    assert screen.rows[height - 1].rstrip() == "scan it with the phone where BG Stats is installed"
    assert [row.ljust(width) for row in screen.rows[:height - 1]] == [line.ljust(width) for line in expected]
