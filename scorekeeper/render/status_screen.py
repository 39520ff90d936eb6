"""The status screen: the next step first, then short titled sections (the turn, the players, the game's own
tables, the notes), each fitted to the screen (``scorekeeper.render.fitting``); and the same content as one CSV table.

The games say what a status holds (``Game.status`` → ``Status``); this module only lays it out, the same way
for every game.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.games.base import Status
from scorekeeper.render.fitting import fitted
from scorekeeper.render.report import DEFAULT_FORMAT, _cell, on_screen, table, text

#: the indent of a section's lines under its title, on the screen
INDENT = "  "
#: the columns of ``status --format csv``
CSV_HEADERS = ("section", "row", "field", "value")


def render_status(status: Status, fmt: str = DEFAULT_FORMAT, width: int | None = None) -> str:
    """``Next: …`` first, then the sections ``Turn``, ``Players``, the game's own tables and ``Notes``;
    ``csv``: one table (``section,row,field,value``); HTML and Markdown: the tables as they are."""
    if fmt == "csv":
        return status_csv(status)
    screen = on_screen(fmt)
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
