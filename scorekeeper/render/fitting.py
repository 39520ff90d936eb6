"""Tables fitted to the screen's width: a table is shown as it is when it fits, with its cells wrapped at
spaces when that is enough, and otherwise as one short paragraph per row (``Astrid  crests 3 · gear 1 · …``),
its label on the left (or above, when the labels are long)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.render.report import _cell, _keys, on_screen, table, widest

#: values a paragraph of a row leaves out: they say "nothing"
EMPTY = ("", "-", "—")
#: the separator of the values of a row in its paragraph
SEPARATOR = " · "


def fitted(rows: Sequence[Mapping[str, Any]], fmt: str, width: int | None) -> list[str]:
    """``rows`` as a table when it fits ``width`` (its cells wrapped at spaces if need be), else as one
    paragraph per row; without a width, or in CSV, HTML or Markdown, the table as it is."""
    whole = _stripped(table(rows, fmt))
    if width is None or not on_screen(fmt) or widest(whole) <= width:
        return whole.split("\n")
    wrapped = wrapped_table(rows, fmt, width)
    return wrapped.split("\n") if wrapped is not None else paragraphs(rows, width)


def wrapped_table(rows: Sequence[Mapping[str, Any]], fmt: str, width: int) -> str | None:
    """The table with its widest columns wrapped at spaces (a word is never cut) until it fits ``width``;
    None when it cannot fit so, or when a row would grow taller than ``MAX_CELL_LINES`` lines."""
    keys = _keys(rows)
    matrix = [[str(_cell(row.get(k, ""))) for k in keys] for row in rows]
    columns = [[k, *(line[i] for line in matrix)] for i, k in enumerate(keys)]
    narrowest = [max(len(word) for value in column for word in value.split() or [""]) for column in columns]
    limits = [max(len(value) for value in column) for column in columns]
    while True:
        cells = [[_wrap(value, limit) for value, limit in zip(line, limits)] for line in [keys, *matrix]]
        shown = _stripped(table([dict(zip(cells[0], line)) for line in cells[1:]], fmt, headers=cells[0]))
        if widest(shown) <= width:
            tallest = max(value.count("\n") + 1 for line in cells for value in line)
            return shown if tallest <= MAX_CELL_LINES else None
        shrinkable = [i for i in range(len(keys)) if limits[i] > narrowest[i]]
        if not shrinkable:
            return None
        column = max(shrinkable, key=lambda i: limits[i])
        limits[column] = max(narrowest[column], limits[column] - (widest(shown) - width))


#: a wrapped table whose cells need more lines than this is shown as paragraphs instead
MAX_CELL_LINES = 4


def _stripped(output: str) -> str:
    return "\n".join(line.rstrip() for line in output.split("\n"))


def _wrap(value: str, limit: int) -> str:
    if len(value) <= limit:
        return value
    import textwrap  # only for a value that does not fit

    return "\n".join(textwrap.wrap(value, limit, break_long_words=False, break_on_hyphens=False)) or value


def paragraphs(rows: Sequence[Mapping[str, Any]], width: int) -> list[str]:
    """One paragraph per row: the first column as its label, then ``column value`` for every other column
    that holds something, separated by `` · `` and wrapped to ``width`` under the label; labels longer than a
    quarter of the width stand on their own line, the paragraph indented below."""
    keys = _keys(rows)
    labels = [str(_cell(row.get(keys[0], ""))) for row in rows]
    pad = max(len(label) for label in labels) + 2
    above = pad > width // 4
    pad = len(LONG_LABEL_INDENT) if above else pad
    lines: list[str] = []
    for label, row in zip(labels, rows):
        items = [f"{key} {value}" for key in keys[1:] if (value := str(_cell(row.get(key, "")))).strip() not in EMPTY]
        body = packed(items, max(20, width - pad)) or [""]
        if above:
            lines += [label, *(LONG_LABEL_INDENT + line for line in body)]
        else:
            lines += [((label if i == 0 else "").ljust(pad) + line).rstrip() for i, line in enumerate(body)]
    return lines


#: the indent of a paragraph under a label on its own line
LONG_LABEL_INDENT = "    "


def packed(items: Sequence[str], width: int) -> list[str]:
    """``items`` joined by `` · `` into lines of at most ``width`` characters: an item that fits on a line
    is never split (it goes to the next line), a longer one goes on from where the line is and wraps at spaces."""
    room = width - len(SEPARATOR.rstrip())  # a line that goes on ends with the separator
    lines: list[str] = []
    current = ""
    for item in items:
        joined = f"{current}{SEPARATOR}{item}" if current else item
        if len(joined) <= room:
            current = joined
            continue
        if len(item) <= room:
            lines.append(current + SEPARATOR.rstrip())
            current = item
            continue
        glued = joined.replace(SEPARATOR, "\u00a0" + SEPARATOR.lstrip())  # a line never starts with the separator
        import textwrap  # only for an item that does not fit

        pieces = textwrap.wrap(glued, room, break_long_words=False, break_on_hyphens=False) or [glued]
        lines += [piece.replace("\u00a0", " ") for piece in pieces[:-1]]
        current = pieces[-1].replace("\u00a0", " ")
    return lines + [current] if current else lines
