"""The screens' table drawn as ``scorekeeper.render.plain_table`` drew it before its shortcuts (commit 7498318), cell by
cell and rendered again at each narrowing: the general path that ``test_plain_table_fast`` holds the shortcuts to.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Sequence

_WHOLE = re.compile(r"-?[0-9]+")
#: what tabulate may read as a number written with thousands separators (``1,000``): left to tabulate
_THOUSANDS = re.compile(r"[+-]?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?")
GAP = "  "  # between columns
HEADER_PADDING = 2  # a column is at least its header's width plus this


def simple_table(matrix: Sequence[Sequence[Any]], headers: Sequence[str]) -> str | None:
    """``matrix`` under ``headers`` as tabulate's ``simple`` format draws it, or None when this cannot be sure.

    A cell of several lines (wrapped to fit the screen) makes its row as tall as its lines, as in tabulate.
    """
    head: list[list[str]] = []
    for header in headers:
        lines = _lines(header)
        if lines is None:
            return None
        head.append(lines)
    # as in tabulate: once any cell has several lines, a row of empty cells takes no line at all
    several = any(len(h) > 1 for h in head) or any("\n" in str(cell) for row in matrix for cell in row)
    columns: list[list[list[str]]] = []
    numeric: list[bool] = []
    for index in range(len(headers)):
        kinds = set()
        cells = []
        for row in matrix:
            kind, lines = _kind(row[index]), _lines("" if row[index] is None else str(row[index]).strip())
            if kind is None or lines is None:
                return None
            kinds.add(kind)
            cells.append([] if several and lines == [""] else lines)
        columns.append(cells)
        numeric.append("whole" in kinds and "text" not in kinds)
    widths = [max([_width(h) + HEADER_PADDING, *(_width(c) for c in cells)]) for h, cells in zip(head, columns)]
    out = _row(head, widths, numeric) + [GAP.join("-" * w for w in widths)]
    for n in range(len(matrix)):
        out += _row([cells[n] for cells in columns], widths, numeric)
    return "\n".join(out)


def _row(cells: Sequence[list[str]], widths: Sequence[int], numeric: Sequence[bool]) -> list[str]:
    """The screen lines of one row: as many as its tallest cell, shorter cells blank below."""
    height = max(len(c) for c in cells)
    return [GAP.join((c[i] if i < len(c) else "").rjust(w) if right else (c[i] if i < len(c) else "").ljust(w)
                     for c, w, right in zip(cells, widths, numeric)).rstrip()
            for i in range(height)]


def _width(lines: Sequence[str]) -> int:
    return max((len(line) for line in lines), default=0)


def _lines(text: str) -> list[str] | None:
    """The lines of a cell or header, or None when one holds a character tabulate measures otherwise (or a line
    with space at its ends, which tabulate keeps)."""
    lines = text.split("\n")
    if len(lines) > 1 and any(line != line.strip() for line in lines):
        return None
    return lines if all(_plain(line) for line in lines) else None


def _kind(value: Any) -> str | None:
    """``whole``, ``text`` or ``empty`` as tabulate types the cell, or None when the cell is left to tabulate."""
    if value is None or value == "":
        return "empty"
    if type(value) is int:
        return "whole"
    if not isinstance(value, str) or not value.replace("\n", "").isprintable():
        return None
    if _WHOLE.fullmatch(value):
        return "whole"
    if value in ("True", "False") or _THOUSANDS.fullmatch(value.strip()) or _floats(value):
        return None
    return "text"


def _floats(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _plain(text: str) -> bool:
    """Whether each character of ``text`` takes one column, as tabulate measures it, and none is a line break."""
    if text.isascii():
        return text.isprintable()
    return all(ch.isprintable() and unicodedata.east_asian_width(ch) not in "WF" and not unicodedata.combining(ch)
               for ch in text)


def fitted_simple_table(matrix: Sequence[Sequence[Any]], headers: Sequence[str], width: int,
                        min_column: int) -> str | None:
    """``matrix`` as ``simple_table`` draws it, its widest column narrowed (cells wrapped at spaces, as tabulate
    wraps to ``maxcolwidths``) until the table fits ``width`` or no column is wider than ``min_column``; each line's
    trailing spaces dropped. None where ``simple_table`` declines, at any step."""
    drawn = simple_table(matrix, headers)
    longest = [max(len(str(c)) for c in column) for column in zip(headers, *matrix)]
    limits: list[int | None] = [None] * len(headers)
    while drawn is not None and _width(drawn.split("\n")) > width:
        column = max(range(len(headers)), key=lambda i: (limits[i] or longest[i]))
        current = limits[column] or longest[column]
        if current <= min_column:
            break  # as narrow as it can be read
        limits[column] = max(min_column, current - (_width(drawn.split("\n")) - width))
        drawn = simple_table([[_wrapped(cell, limit) for cell, limit in zip(row, limits)] for row in matrix], headers)
    return drawn


def _wrapped(cell: Any, limit: int | None) -> Any:
    """A cell wrapped to ``limit`` columns as tabulate's ``maxcolwidths`` wraps it: a number kept whole, each
    non-blank line of text broken at spaces (and hyphens, and inside a word longer than the limit)."""
    if limit is None or cell is None or type(cell) is int or (isinstance(cell, str) and _WHOLE.fullmatch(cell)):
        return cell
    import textwrap

    wrapper = textwrap.TextWrapper(width=limit)
    return "\n".join("\n".join(wrapper.wrap(line)) for line in str(cell).splitlines() if line.strip())
