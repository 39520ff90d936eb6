"""The screens' table layout (tabulate's ``simple`` format) drawn without importing tabulate.

Importing tabulate costs a command several times the start of Python itself (it reads its own package
metadata and imports wcwidth), and nearly every screen draws its tables in one format: ``simple``, cells of
text and whole numbers. ``simple_table`` draws exactly what ``tabulate(matrix, headers, "simple")`` draws for
such tables, and returns None for anything it does not handle the same way (a cell tabulate would read as a
decimal number or a truth value, a wide or invisible character): the caller then asks
tabulate. ``fitted_simple_table`` narrows the widest text column until the table fits, wrapping its cells as
tabulate's ``maxcolwidths`` does. ``tests/core/test_plain_table.py`` compares the two on generated tables.

Each column is read once (``_column``: its cells' kinds, lines and width); fitting re-reads only the column it
narrows, and the table is drawn once, when it fits. The common cells take shortcuts that give what the general
reading gives (``tests/core/test_plain_table_fast.py`` compares them): a line of printable ASCII is as wide as
it is long, text that starts with a letter is no number, a line that already fits is not wrapped.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, NamedTuple, Sequence

_WHOLE = re.compile(r"-?[0-9]+")
#: what tabulate may read as a number written with thousands separators (``1,000``): left to tabulate
_THOUSANDS = re.compile(r"[+-]?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?")
GAP = "  "  # between columns
HEADER_PADDING = 2  # a column is at least its header's width plus this
#: the first characters (after spaces) of what tabulate may read as a number or a truth value: a digit, a sign,
#: a point, ``inf``/``nan`` in any case, ``True``/``False``; text starting otherwise is text (``_kind``)
_NUMBER_STARTS = frozenset("+-.0123456789iInNTF")
#: the characters seen to take one column each (printable, not wide, not combining): ``_plain`` looks up each
#: other character once per process
_NARROW: set[str] = set()


class Column(NamedTuple):
    """One column of a table as ``simple_table`` lays it out."""

    #: each cell's lines (``[""]`` for an empty cell)
    cells: list[list[str]]
    #: right-aligned: whole numbers (and empty cells) only
    numeric: bool
    #: its widest cell line, in characters
    width: int
    #: whether a cell's text holds a line break (then a row of empty cells takes no line at all)
    breaks: bool


def simple_table(matrix: Sequence[Sequence[Any]], headers: Sequence[str]) -> str | None:
    """``matrix`` under ``headers`` as tabulate's ``simple`` format draws it, or None when this cannot be sure.

    A cell of several lines (wrapped to fit the screen) makes its row as tall as its lines, as in tabulate.
    """
    head = _head(headers)
    if head is None:
        return None
    columns = []
    for index in range(len(headers)):
        column = _column([row[index] for row in matrix])
        if column is None:
            return None
        columns.append(column)
    return _drawn(head, columns)


def _head(headers: Sequence[str]) -> list[list[str]] | None:
    """The lines of each header, or None when one holds what tabulate measures otherwise."""
    head: list[list[str]] = []
    for header in headers:
        lines = _lines(header)
        if lines is None:
            return None
        head.append(lines)
    return head


def _column(values: Sequence[Any]) -> Column | None:
    """One column's cells read as ``simple_table`` lays them out, or None when one is left to tabulate."""
    kinds = set()
    cells: list[list[str]] = []
    width = 0
    breaks = False
    for value in values:
        if type(value) is str and value.isascii() and value.isprintable():  # one line, each character one column
            kind: str | None = "empty" if value == "" else _text_kind(value)
            lines: list[str] | None = [value.strip()]
        elif type(value) is int:
            kind, lines = "whole", [str(value)]
        elif value is None:
            kind, lines = "empty", [""]
        else:
            kind, lines = _kind(value), _lines(str(value).strip())
            breaks = breaks or "\n" in str(value)
        if kind is None or lines is None:
            return None
        kinds.add(kind)
        cells.append(lines)
        width = max(width, *map(len, lines))
    return Column(cells, "whole" in kinds and "text" not in kinds, width, breaks)


def _widths(head: Sequence[list[str]], columns: Sequence[Column]) -> list[int]:
    return [max(_width(h) + HEADER_PADDING, c.width) for h, c in zip(head, columns)]


def _drawn(head: Sequence[list[str]], columns: Sequence[Column]) -> str:
    """The table: its header, the rule under it and its rows."""
    # as in tabulate: once any cell has several lines, a row of empty cells takes no line at all
    several = any(len(h) > 1 for h in head) or any(c.breaks for c in columns)
    widths = _widths(head, columns)
    numeric = [c.numeric for c in columns]
    out = _row(head, widths, numeric) + [GAP.join("-" * w for w in widths)]
    pads = [str.rjust if right else str.ljust for right in numeric]
    for row in zip(*(c.cells for c in columns)):
        if all(len(lines) == 1 for lines in row) and not (several and all(lines == [""] for lines in row)):
            out.append(GAP.join([pad(lines[0], w) for lines, w, pad in zip(row, widths, pads)]).rstrip())
        else:
            out += _row([[] if several and lines == [""] else lines for lines in row], widths, numeric)
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
    return _text_kind(value)


def _text_kind(value: str) -> str | None:
    """``_kind`` of printable text that is not empty: ``text`` at once when its first character (after spaces)
    can begin no number and no truth value (a letter, ``#``...)."""
    first = value.lstrip()[:1]
    if first and first not in _NUMBER_STARTS and (first.isascii() or first.isalpha()):
        return "text"
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
    if not text.isprintable():
        return False
    unseen = set(text).difference(_NARROW)
    if any(unicodedata.east_asian_width(ch) in "WF" or unicodedata.combining(ch) for ch in unseen):
        return False
    _NARROW.update(unseen)
    return True


def fitted_simple_table(matrix: Sequence[Sequence[Any]], headers: Sequence[str], width: int,
                        min_column: int) -> str | None:
    """``matrix`` as ``simple_table`` draws it, its widest column narrowed (cells wrapped at spaces, as tabulate
    wraps to ``maxcolwidths``) until the table fits ``width`` or no column is wider than ``min_column``; each line's
    trailing spaces dropped. None where ``simple_table`` declines, at any step."""
    head = _head(headers)
    if head is None:
        return None
    values = [[row[index] for row in matrix] for index in range(len(headers))]
    columns: list[Column] = []
    for cells in values:
        column = _column(cells)
        if column is None:
            return None
        columns.append(column)
    longest = [max(len(str(c)) for c in [header, *cells]) for header, cells in zip(headers, values)]
    limits: list[int | None] = [None] * len(headers)
    while (drawn := sum(_widths(head, columns)) + len(GAP) * (len(columns) - 1)) > width:  # the rule's width
        index = max(range(len(headers)), key=lambda i: (limits[i] or longest[i]))
        current = limits[index] or longest[index]
        if current <= min_column:
            break  # as narrow as it can be read
        limit = limits[index] = max(min_column, current - (drawn - width))
        narrowed = _column(_wrapped_cells(values[index], limit))
        if narrowed is None:
            return None
        columns[index] = narrowed
    return _drawn(head, columns)


def _wrapped_cells(cells: Sequence[Any], limit: int) -> list[Any]:
    """``cells`` wrapped to ``limit`` columns as tabulate's ``maxcolwidths`` wraps them: a number kept whole, each
    non-blank line of text broken at spaces (and hyphens, and inside a word longer than the limit)."""
    import textwrap

    wrapper = textwrap.TextWrapper(width=limit)
    return [_wrapped(cell, limit, wrapper) for cell in cells]


def _wrapped(cell: Any, limit: int, wrapper: Any) -> Any:
    """One cell as ``_wrapped_cells`` wraps it; a line that already fits, with no space at its ends and no tab,
    is the one line ``wrapper`` would make of it."""
    if cell is None or type(cell) is int or (isinstance(cell, str) and _WHOLE.fullmatch(cell)):
        return cell
    return "\n".join(line if len(line) <= limit and "\t" not in line and line == line.strip()
                     else "\n".join(wrapper.wrap(line)) for line in str(cell).splitlines() if line.strip())
