"""QR codes in the terminal: what is drawn is the very code of the data, and BG Stats' link where it fits."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
import segno

from scorekeeper.render.qr import BORDER, HALVES, QUADRANTS, qr_lines
from tests.conftest import Cli

ROOT = Path(__file__).resolve().parents[2]


def modules(lines: list[str], cells: str) -> list[list[bool]]:
    """The light modules the characters draw, read back."""
    chars, wide = (QUADRANTS, 2) if cells == "quadrants" else (HALVES, 1)
    rows: list[list[bool]] = [[] for _ in range(2 * len(lines))]
    for y, line in enumerate(lines):
        for char in line:
            code = chars.index(char)
            if wide == 2:
                rows[2 * y] += [bool(code & 1), bool(code & 2)]
                rows[2 * y + 1] += [bool(code & 4), bool(code & 8)]
            else:
                rows[2 * y].append(bool(code & 1))
                rows[2 * y + 1].append(bool(code & 2))
    return rows


@pytest.mark.parametrize("cells", ["halves", "quadrants"])
@pytest.mark.parametrize("data", ["http://127.0.0.1:8765/?t=abc", "x" * 301])
def test_the_characters_draw_exactly_the_code(cells: str, data: str) -> None:
    expected = [[not dark for dark in row] for row in segno.make(data, error="m").matrix_iter(border=BORDER)]
    drawn = modules(qr_lines(data, cells), cells)  # type: ignore[arg-type]
    size = len(expected)
    assert [row[:size] for row in drawn[:size]] == expected
    assert all(all(row[size:]) for row in drawn) and all(all(row) for row in drawn[size:])  # padding is light


@pytest.fixture
def finished(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    shutil.copy(ROOT / "sample_sessions" / "flamecraft" / "5p-gold.json", cli.session)
    monkeypatch.chdir(tmp_path)
    return cli


def test_the_bgstats_link_as_a_qr_code_in_half_blocks_carries_the_same_play(finished: Cli,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")  # a wide terminal (80×24: tests/exports/test_qr_terminal.py)
    result = finished("export", "--to", "bgstats-link", "--qr")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[-1] == "scan it with the phone where BG Stats is installed"
    assert max(len(line) for line in lines) <= 120 and set("".join(lines[:-1])) <= set(HALVES)
    plain = finished("export", "--to", "bgstats-link").stdout.strip()
    from scorekeeper.exports import bgstats

    short = plain.split("?")[0] + "?data=" + bgstats.quote(parse_qs(urlparse(plain).query)["data"][0],
                                                            safe=bgstats.QR_SAFE)
    assert len(short) < len(plain)
    assert json.loads(parse_qs(urlparse(short).query)["data"][0]) == json.loads(parse_qs(urlparse(plain).query)["data"][0])
    expected = qr_lines(short, "halves", error="l")
    assert lines[:-1] == expected  # the code of the shorter link, which reads back as the same play


def test_the_qr_code_as_an_image(finished: Cli) -> None:
    assert finished("export", "--to", "bgstats-link", "--qr", "-o", "play.svg").exit_code == 0
    assert Path("play.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert finished("export", "--to", "bgstats-link", "--qr", "-o", "play.png").exit_code == 0
    assert Path("play.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_narrow_terminal_and_a_wrong_target_are_one_line(finished: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    narrow = finished("export", "--to", "bgstats-link", "--qr")  # one message, wrapped at COLUMNS
    lines = narrow.stderr.splitlines()
    assert narrow.exit_code == 1 and narrow.stdout == "" and all(line.startswith("  ") for line in lines[1:])
    assert max(map(len, lines)) <= 40 and "won't fit 40×" in " ".join(w.strip() for w in lines)
    wrong = finished("export", "--to", "csv", "--qr")
    assert wrong.exit_code == 2 and wrong.stderr.startswith("error: --qr draws the BG Stats link")
