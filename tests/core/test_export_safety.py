"""Exports are safe whatever the players are called: no formula runs in a spreadsheet (CSV and TSV), no link,
image or HTML appears in Markdown, and the SVG chart stays well-formed XML for any name."""

from __future__ import annotations

import datetime as dt
import re
import xml.dom.minidom

from hypothesis import given, strategies as st

from scorekeeper.app.timeline import Point, Timeline
from scorekeeper.exports import club_markdown
from scorekeeper.render import chart, report
from tests.core.test_bgstats import made_up

HOSTILE = ["=HYPERLINK(\"http://evil\")", "[click](http://evil)", "![pixel](http://evil/p.png)",
           "<img src=x onerror=alert(1)>", "<http://evil>", "tab\there", "line\nbreak", "Ann"]


def test_tsv_cells_are_kept_from_formulas_and_from_spilling_into_other_cells() -> None:
    rows = [{"player": name, "total": 3} for name in HOSTILE]
    text = report.table(rows, "tsv")
    lines = text.splitlines()
    assert len(lines) == 1 + len(HOSTILE)  # no line break inside a cell made another row
    assert all(line.count("\t") == 1 for line in lines)  # no tab inside a cell made another column
    cells = [line.split("\t")[0].strip() for line in lines[1:]]
    assert cells[0] == "'=HYPERLINK(\"http://evil\")"
    assert not any(c.startswith(("=", "+", "-", "@")) for c in cells)


def test_a_tsv_formula_cell_in_the_header_is_kept_too() -> None:
    assert report.table([{"=SUM(A1)": 1}], "tsv").splitlines()[0].strip() == "'=SUM(A1)"


def _unescaped(text: str, char: str) -> list[int]:
    """Where ``char`` stands in ``text`` without a backslash before it (an escaped backslash does not count)."""
    plain = text.replace("\\\\", "  ")
    return [m.start() for m in re.finditer(re.escape(char), plain) if m.start() == 0 or plain[m.start() - 1] != "\\"]


def test_markdown_shows_links_images_and_html_in_names_as_text() -> None:
    names = HOSTILE[:5]
    result = made_up(names, [5, 4, 3, 2, 1], [names[0]], {"[x](http://evil)": [5, 4, 3, 2, 1]})
    text = club_markdown.club_markdown(result, dt.timezone.utc)
    assert _unescaped(text, "[") == [] and _unescaped(text, "]") == []  # no link or image can start
    assert "<" not in text and ">" not in text  # no HTML, no autolink
    assert "\\[click\\](http://evil)" in text and "&lt;img src=x onerror=alert(1)&gt;" in text


def test_the_github_table_format_escapes_names_like_the_markdown_export() -> None:
    text = report.table([{"player": name} for name in HOSTILE[:5]], "github")
    assert _unescaped(text, "[") == [] and "<" not in text


@given(st.lists(st.text(min_size=1, max_size=12), min_size=2, max_size=4, unique=True), st.text(max_size=20))
def test_the_svg_chart_is_well_formed_for_any_names(players: list[str], label: str) -> None:
    names = tuple(players)
    points = [Point(label or "turn 1", 3, {n: i for i, n in enumerate(names)}),
              Point("turn 2", 5, None, missing=label or "a value")]
    text = chart.svg(Timeline("fake", label or "Fake", "turn", names, points))
    document = xml.dom.minidom.parseString(text.encode("utf-8"))  # raises on anything that is not XML
    assert document.documentElement.tagName == "svg"
    assert "<script" not in text
