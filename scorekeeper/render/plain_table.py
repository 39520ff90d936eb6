"""The screens' table layout (tabulate's ``simple`` format) drawn without importing tabulate.

Importing tabulate costs a command several times the start of Python itself (it reads its own package
metadata and imports wcwidth), and nearly every screen draws its tables in one format: ``simple``, cells of
text and whole numbers. ``simple_table`` draws exactly what ``tabulate(matrix, headers, "simple")`` draws for
such tables, and returns None for anything it does not handle the same way (a cell tabulate would read as a
decimal number or a truth value, a wide or invisible character): the caller then asks
tabulate. ``fitted_simple_table`` narrows the widest text column until the table fits, wrapping its cells as
tabulate's ``maxcolwidths`` does. ``tests/core/test_plain_table.py`` compares the two on generated tables.

Each column is read once, all at once where it can be (``_column``): a column of whole numbers, or of text whose
characters are all printable and one column wide (a line as wide as it is long), typed by one regex that finds
the cells that may not be text (``_UNSURE``: those alone are typed one by one); any other column is read cell
by cell (``_each_cell``). Fitting re-reads only the column it narrows (wrapped as ``wrapping`` wraps), and the
table is drawn once, when it fits, every screen line by the same join. ``tests/core/test_plain_table_fast.py``
holds each shortcut to the general path (``tests/core/plain_table_reference.py``: this module before them).
"""

from __future__ import annotations

import re
from itertools import repeat
from typing import Any, NamedTuple, Sequence

from scorekeeper.render.wrapping import whole_number, wrapped_cells

#: what tabulate may read as a number written with thousands separators (``1,000``): left to tabulate (each pattern
#: here but ``_UNSURE`` is compiled, by ``re``'s cache, only when a cell needs it)
THOUSANDS = r"[+-]?[0-9]{1,3}(,[0-9]{3})+(\.[0-9]*)?"
GAP = "  "  # between columns
HEADER_PADDING = 2  # a column is at least its header's width plus this
#: the first characters (after spaces) of what tabulate may read as a number or a truth value: a digit, a sign,
#: a point, ``inf``/``nan`` in any case, ``True``/``False``; text starting otherwise is text (``_kind``)
_NUMBER_STARTS = frozenset("+-.0123456789iInNTF")
#: the characters seen to take one column each (printable, not wide, not combining): ``_plain`` looks up each
#: other character once per process
_NARROW: set[str] = set()
ASCII_RUN = r"[\x00-\x7f]+"


class Column(NamedTuple):
    """One column of a table as ``simple_table`` lays it out."""

    #: each cell's text as it is shown: its lines joined by line breaks (``""`` for an empty cell)
    cells: list[str]
    #: right-aligned: whole numbers (and empty cells) only
    numeric: bool
    #: its widest cell line, in characters
    width: int
    #: whether a cell's text holds a line break (then a row of empty cells takes no line at all)
    breaks: bool
    #: its longest value written as text, as it came (where fitting starts narrowing it)
    longest: int


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
    types = set(map(type, values))
    if types == {int}:  # whole numbers only (not True or False: their type is bool)
        texts = list(map(str, values))
        width = max(map(len, texts))
        return Column(texts, True, width, False, width)
    if types == {str}:
        column = _text_column(values)
        if column is not None:
            return column
    return _each_cell(values)


def _each_cell(values: Sequence[Any]) -> Column | None:
    """``_column`` read cell by cell: the general way."""
    kinds = set()
    cells: list[str] = []
    width = 0
    for value in values:
        kind, lines = _kind(value), _lines("" if value is None else str(value).strip())
        if kind is None or lines is None:
            return None
        kinds.add(kind)
        cells.append("\n".join(lines))
        width = max(width, _width(lines))
    breaks = any("\n" in str(value) for value in values)
    longest = max((len(str(value)) for value in values), default=0)
    return Column(cells, "whole" in kinds and "text" not in kinds, width, breaks, longest)


#: where a column of text may hold a cell that is not plain text (``_text_column``): a cell (each follows a
#: NUL) that is blank, or that starts (after spaces and line breaks) with a character that is not ASCII, or with
#: what may begin a number (a digit, a sign, a point, ``inf`` or ``nan`` in any case) or a truth value
_UNSURE = re.compile(r"\x00[ \n]*(?:[-+.0-9]|(?i:inf|nan)|True|False|[^\x01-\x7f]|\Z)")


def _text_column(values: Sequence[str]) -> Column | None:
    """``_column`` of a column of text read all at once, or None when ``_each_cell`` must read it: a character is
    not printable (a line break aside) or not one column wide, or a line of a cell of several has space at an end.
    """
    flat = "".join(values)
    body = flat.replace("\n", "") if "\n" in flat else flat
    if not body.isprintable() or not (body.isascii() or _plain(body)):
        return None
    cells = list(map(str.strip, values))
    if "\n" in flat:
        lines = "\n".join(cells)
        if " \n" in lines or "\n " in lines:  # a line of a cell of several with a space at an end
            return None
        width = max(map(len, lines.split("\n")))
    else:
        width = max(map(len, cells))
    # each cell is text (printable, its first character a letter or #...) unless _UNSURE finds one that may not be
    unsure = _UNSURE.search("\x00" + "\x00".join(values)) is not None
    kinds = {_kind(value) for value in set(values)} if unsure else {"text"}
    if None in kinds:
        return None
    return Column(cells, "whole" in kinds and "text" not in kinds, width, "\n" in flat, max(map(len, values)))


def _widths(head: Sequence[list[str]], columns: Sequence[Column]) -> list[int]:
    return [max(_width(h) + HEADER_PADDING, c.width) for h, c in zip(head, columns)]


def _drawn(head: Sequence[list[str]], columns: Sequence[Column]) -> str:
    """The table: its header, the rule under it and its rows."""
    # as in tabulate: once any cell has several lines, a row of empty cells takes no line at all
    several = any(len(h) > 1 for h in head) or any(c.breaks for c in columns)
    widths = _widths(head, columns)
    numeric = [c.numeric for c in columns]
    lines = [c.cells for c in columns]  # each column's lines on the screen, row after row
    if several:
        tall = _tall(columns)
        lines = [_screen_lines(c.cells, tall) for c in columns]
    padded = [list(map(str.rjust if right else str.ljust, texts, repeat(w)))
              for texts, w, right in zip(lines, widths, numeric)]
    rows = map(str.rstrip, map(GAP.join, zip(*padded)))
    return "\n".join([*_row(head, widths, numeric), GAP.join("-" * w for w in widths), *rows])


def _tall(columns: Sequence[Column]) -> list[tuple[int, int]]:
    """Once a cell has several lines: the rows not one line high, each with its height (as its tallest cell),
    in order; a row of empty cells only takes no line."""
    heights: dict[int, int] = {}
    for c in columns:
        if c.breaks:
            for n in [n for n, text in enumerate(c.cells) if "\n" in text]:
                heights[n] = max(heights.get(n, 1), c.cells[n].count("\n") + 1)
    empty: set[int] | None = None
    for c in columns:
        empty = {n for n, text in enumerate(c.cells) if not text and (empty is None or n in empty)}
        if not empty:
            break
    heights.update(dict.fromkeys(empty or (), 0))
    return sorted(heights.items())


def _screen_lines(cells: Sequence[str], tall: Sequence[tuple[int, int]]) -> list[str]:
    """A column's cells as the lines they take on the screen, row after row: a cell of a ``tall`` row as its lines,
    blank lines below them to the row's height."""
    out: list[str] = []
    start = 0
    for n, height in tall:
        out += cells[start:n]
        lines = cells[n].split("\n") if cells[n] else []
        out += lines + [""] * (height - len(lines))
        start = n + 1
    return out + list(cells[start:])


def _row(cells: Sequence[list[str]], widths: Sequence[int], numeric: Sequence[bool]) -> list[str]:
    """The screen lines of one row: as many as its tallest cell, shorter cells blank below."""
    height = max(map(len, cells))
    padded = [list(map(str.rjust if right else str.ljust, lines, repeat(w))) + [" " * w] * (height - len(lines))
              for lines, w, right in zip(cells, widths, numeric)]
    return list(map(str.rstrip, map(GAP.join, zip(*padded))))


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
    if whole_number(value):
        return "whole"
    if value in ("True", "False") or ("," in value and re.fullmatch(THOUSANDS, value.strip())) or _floats(value):
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
    unseen = set(re.sub(ASCII_RUN, "", text)).difference(_NARROW)  # ASCII that is printable is one column wide
    if not unseen:
        return True
    import unicodedata  # only for a character not measured yet

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
    longest = [max(len(str(header)), column.longest) for header, column in zip(headers, columns)]
    limits: list[int | None] = [None] * len(headers)
    while (drawn := sum(_widths(head, columns)) + len(GAP) * (len(columns) - 1)) > width:  # the rule's width
        index = max(range(len(headers)), key=lambda i: (limits[i] or longest[i]))
        current = limits[index] or longest[index]
        if current <= min_column:
            break  # as narrow as it can be read
        limit = limits[index] = max(min_column, current - (drawn - width))
        narrowed = _column(wrapped_cells(values[index], limit))
        if narrowed is None:
            return None
        columns[index] = narrowed
    return _drawn(head, columns)
