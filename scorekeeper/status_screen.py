"""The status screen: the next step first, then short titled sections (the turn, the players, the game's own
tables, the notes), each fitted to the screen; and the same content as one CSV table.

The games say what a status holds (``Game.status`` → ``Status``); this module only lays it out, the same way
for every game. A table is shown as it is when it fits, with its cells wrapped at spaces when that is enough,
and otherwise as one short paragraph per row (``Astrid  crests 3 · gear 1 · …``), its label on the left.
"""

from __future__ import annotations

import textwrap
from typing import Any, Mapping, Sequence

from scorekeeper.games.base import Status
from scorekeeper.report import DEFAULT_FORMAT, HTML_FORMATS, PIPE_FORMATS, _cell, _keys, table, text, widest

#: the indent of a section's lines under its title, on the screen
INDENT = "  "
#: values a paragraph of a row leaves out: they say "nothing"
EMPTY = ("", "-", "—")
#: the separator of the values of a row in its paragraph
SEPARATOR = " · "
#: the columns of ``status --format csv``
CSV_HEADERS = ("section", "row", "field", "value")


def render_status(status: Status, fmt: str = DEFAULT_FORMAT, width: int | None = None) -> str:
    """``Next: …`` first, then the sections ``Turn``, ``Players``, the game's own tables and ``Notes``;
    ``csv``: one table (``section,row,field,value``); HTML and Markdown: the tables as they are."""
    if fmt == "csv":
        return status_csv(status)
    screen = fmt not in HTML_FORMATS + PIPE_FORMATS
    indent = INDENT if screen else ""
    inner = None if width is None or not screen else max(20, width - len(indent))
    parts = [text(f"Next: {status.expected}", fmt)]

    def section(title: str, lines: Sequence[str]) -> None:
        parts.extend(["", text(f"{title}:", fmt), *[(indent + line).rstrip() for line in lines]])

    if status.headline:
        section("Turn", [text(line, fmt) for line in status.headline])
    if status.players:
        section("Players", fitted(status.players, fmt, inner))
    for part in status.sections:
        section(part.title, fitted(part.rows, fmt, inner))
    if status.notes:
        section("Notes", [text(f"- {note}", fmt) for note in status.notes])
    return "\n".join(parts)


def fitted(rows: Sequence[Mapping[str, Any]], fmt: str, width: int | None) -> list[str]:
    """``rows`` as a table when it fits ``width`` (its cells wrapped at spaces if need be), else as one
    paragraph per row; without a width, or in HTML or Markdown, the table as it is."""
    whole = _stripped(table(rows, fmt))
    if width is None or fmt in HTML_FORMATS + PIPE_FORMATS or widest(whole) <= width:
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
    return "\n".join(textwrap.wrap(value, limit, break_long_words=False, break_on_hyphens=False)) or value


def paragraphs(rows: Sequence[Mapping[str, Any]], width: int) -> list[str]:
    """One paragraph per row: the first column as its label, then ``column value`` for every other column
    that holds something, separated by `` · `` and wrapped to ``width`` under the label."""
    keys = _keys(rows)
    labels = [str(_cell(row.get(keys[0], ""))) for row in rows]
    pad = max(len(label) for label in labels) + 2
    lines: list[str] = []
    for label, row in zip(labels, rows):
        items = [f"{key} {value}" for key in keys[1:] if (value := str(_cell(row.get(key, "")))).strip() not in EMPTY]
        body = packed(items, max(20, width - pad)) or [""]
        lines += [((label if i == 0 else "").ljust(pad) + line).rstrip() for i, line in enumerate(body)]
    return lines


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
        pieces = textwrap.wrap(glued, room, break_long_words=False, break_on_hyphens=False) or [glued]
        lines += [piece.replace("\u00a0", " ") for piece in pieces[:-1]]
        current = pieces[-1].replace("\u00a0", " ")
    return lines + [current] if current else lines


# -- one CSV table -------------------------------------------------------------------------------------


def status_csv(status: Status, before: Sequence[str] = ()) -> str:
    """The status as one CSV table, a row per value: ``section,row,field,value`` (``next``, ``turn``,
    ``players``, each section by its title, ``notes``); ``before``: lines put first as section ``event``."""
    return table(status_rows(status, before), "csv", headers=CSV_HEADERS)


def status_rows(status: Status, before: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The rows of ``status_csv``: a table's cells one per row (row = its row number), a line of text with
    ``field`` ``text``."""
    rows: list[dict[str, Any]] = [_line("event", i, line) for i, line in enumerate(before, 1)]
    rows.append(_line("next", 1, status.expected))
    rows += [_line("turn", i, line) for i, line in enumerate(status.headline, 1)]
    tables = [("players", status.players), *((part.title, part.rows) for part in status.sections)]
    for title, part in tables:
        rows += [{"section": title, "row": i, "field": key, "value": _cell(value)}
                 for i, row in enumerate(part, 1) for key, value in row.items()]
    rows += [_line("notes", i, note) for i, note in enumerate(status.notes, 1)]
    return rows


def _line(section: str, row: int, value: str) -> dict[str, Any]:
    return {"section": section, "row": row, "field": "text", "value": value}
