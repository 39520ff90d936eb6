"""The referee's report in a real browser: headless Chromium loads it with no console error, and a
screenshot of it is not blank.

How an error is detected, twice over: the page's Content-Security-Policy forbids every fetch and every script
but its own hook, which records any error, rejected promise or blocked fetch into ``<html
data-report-errors=…>`` and marks the page ``data-report-loaded="yes"`` once loaded; ``--dump-dom`` shows both.
Chromium's own log (``--enable-logging=stderr``) shows every console message as a ``CONSOLE`` line; the page
logs nothing, so any such line is an error. A control page that breaks the policy proves the detector sees it.

Skipped, with the reason, where Chromium is not installed (``.ci/run`` installs Debian's ``chromium``).
"""

from __future__ import annotations

import os
import re
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from scorekeeper.render.html_report import HOOK, POLICY
from tests.slow_checks import CHROMIUM, needs_a_browser
from tests.conftest import Cli
from tests.core.test_html_report import HOSTILE, hostile_session

pytestmark = needs_a_browser()
SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         "--enable-logging=stderr", "--v=0"]


def chromium(page: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium on ``page`` with a fresh profile."""
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args, page.resolve().as_uri()],
                              capture_output=True, text=True, timeout=120, env={**os.environ, "LANG": "C.UTF-8"})


def problems(page: Path) -> list[str]:
    """What went wrong loading ``page``: errors its hook wrote into the DOM, and console lines."""
    run = chromium(page, "--dump-dom")
    root = re.search(r"<html[^>]*>", run.stdout)  # the hook writes on the <html> element only
    element = root.group(0) if root else ""
    found = []
    if 'data-report-loaded="yes"' not in element:
        found.append(f"the page's hook did not run (exit {run.returncode}): {run.stderr[-500:]}")
    if "data-report-errors" in element:
        found.append(f"errors in the DOM: {element}")
    found += [line for line in run.stderr.splitlines() if ":CONSOLE" in line]
    return found


def pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """A tiny PNG reader (8-bit RGB or RGBA, not interlaced): width, height and each row's pixel bytes."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, data, header = 8, b"", b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        chunk = png[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = chunk
        elif kind == b"IDAT":
            data += chunk
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and not interlace, (depth, colour, interlace)
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(data)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up, corner = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 0xFF
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def colours(png: bytes) -> tuple[int, float]:
    """The number of distinct colours in a screenshot, and the share of pixels unlike the most common one."""
    width, height, rows = pixels(png)
    bpp = len(rows[0]) // width
    counts: dict[bytes, int] = {}
    for row in rows[::2]:
        for i in range(0, len(row), bpp * 2):
            key = row[i:i + 3]
            counts[key] = counts.get(key, 0) + 1
    total = sum(counts.values())
    return len(counts), 1 - max(counts.values()) / total


def write_report(session: Path, out: Path) -> Path:
    from click.testing import CliRunner

    from scorekeeper.cli import main

    result = CliRunner().invoke(main, ["report", "--session", str(session), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def eight_dragons_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_report(SAMPLES / "eight-dragons" / "disputed.json", tmp_path_factory.mktemp("report") / "ed.html")


def test_the_detector_sees_a_broken_page(tmp_path: Path) -> None:
    """The control: a page with a script the policy forbids and an image to fetch is caught both ways."""
    page = tmp_path / "broken.html"
    page.write_text(f'<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="{POLICY}">'
                    f"<script>{HOOK}</script></head><body><p>x</p><script>alert(1)</script>"
                    '<img src="http://192.0.2.1/x.png"></body></html>', encoding="utf-8")
    found = problems(page)
    assert any("errors in the DOM" in p for p in found), found
    assert any(":CONSOLE" in p for p in found), found


def test_the_eight_dragons_report_loads_cleanly_and_shows_something(eight_dragons_page: Path, tmp_path: Path) -> None:
    assert problems(eight_dragons_page) == []
    shot = tmp_path / "shot.png"
    run = chromium(eight_dragons_page, f"--screenshot={shot}", "--window-size=900,1400")
    assert shot.exists(), run.stderr[-500:]
    distinct, ink = colours(shot.read_bytes())
    assert distinct >= 50, distinct  # text, tables, the chart's lines and the Lairs' tiles
    assert ink >= 0.05, ink  # a blank page is one colour


def test_a_hostile_name_runs_no_script_in_the_browser(cli: Cli, tmp_path: Path) -> None:
    hostile_session(cli)
    out = tmp_path / "hostile.html"
    assert cli("report", "-o", str(out)).exit_code == 0
    assert problems(out) == []  # an unescaped <script> would be blocked by the policy, and reported
    dom = chromium(out, "--dump-dom").stdout
    assert HOSTILE.replace("<", "&lt;").replace(">", "&gt;") in dom  # shown as text


@pytest.mark.parametrize("name", ["flamecraft/3p-disputed.json", "emberheart/disputed.json"])
def test_the_other_games_reports_load_cleanly(name: str, tmp_path: Path) -> None:
    session = SAMPLES / name
    if not session.exists():  # the Emberheart samples once lay beside the folders
        session = SAMPLES / name.replace("/", "-")
    assert problems(write_report(session, tmp_path / "report.html")) == []


#: measures the page as laid out ``WIDTH`` pixels wide: whether the page is wider, and each table or drawing that
#: reaches past the card it is in (one inside a scrolling box shows only that box, which must fit); every <details>
#: is opened first, so that the boards just before a violation are laid out too. Headless Chromium's window is
#: never narrower than 500 px, so a phone's 390 px is the width of the page's root element (the page's narrow
#: layout applies from 700 px down). Written into <html data-measure=…>.
MEASURE = (
    "window.addEventListener('load',function(){var d=document.documentElement,b=document.body,out=[],"
    "w=Math.min(WIDTH,window.innerWidth);d.style.width=w+'px';"
    "document.querySelectorAll('details').forEach(function(x){x.open=true;});"
    "if(b.scrollWidth>b.clientWidth+1){out.push('page '+b.scrollWidth+'px wide in '+b.clientWidth);}"
    "document.querySelectorAll('table,svg').forEach(function(t){if(!t.getClientRects().length){return;}"
    "var shown=t;for(var a=t.parentElement;a&&a!==b;a=a.parentElement){"
    "if(getComputedStyle(a).overflowX!=='visible'){shown=a;break;}}"
    "var box=shown.parentElement.closest('section,.ruling,.chart,.lair'),r=shown.getBoundingClientRect();"
    "var edge=Math.min(box?box.getBoundingClientRect().right:w,w);"
    "if(r.right>edge+1){out.push(t.tagName+' in '+(box?box.id||box.className:'page')"
    "+' ends at '+Math.round(r.right)+' past '+Math.round(edge));}});"
    "d.setAttribute('data-measure',out.join(' | ')||'fits');});"
)


def overflows(page: Path, width: int, tmp_path: Path) -> str:
    """What reaches past its card or the page when ``page`` is shown ``width`` pixels wide (``fits`` if nothing
    does): a copy of the page with the measuring script beside its hook (allowed by its hash)."""
    import base64
    import hashlib
    import html

    script = MEASURE.replace("WIDTH", str(width))
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    text = page.read_text(encoding="utf-8").replace("script-src 'sha256-", f"script-src 'sha256-{digest}' 'sha256-", 1)
    measured = tmp_path / f"measured-{width}.html"
    measured.write_text(text.replace("</head>", f"<script>{script}</script></head>", 1), encoding="utf-8")
    dom = chromium(measured, "--dump-dom", f"--window-size={max(width, 500)},900").stdout
    found = re.search(r'<html[^>]*data-measure="([^"]*)"', dom)
    assert found, dom[:500]
    return html.unescape(found.group(1))


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("name", ["eight-dragons/disputed.json", "flamecraft/3p-disputed.json"])
def test_the_report_fits_a_phone_and_a_laptop(name: str, width: int, tmp_path: Path) -> None:
    """UX-16 (field report): at 390 px the 8 Dragons score table pushed `total` off the screen, and the chart
    with its legend too; UX-17: at 1280 px the Flamecraft board just before #28 overflowed its card. Measured
    in Chromium: nothing reaches past its card or the window (a wide table scrolls inside its own box)."""
    page = write_report(SAMPLES / name, tmp_path / "report.html")
    assert overflows(page, width, tmp_path) == "fits"
