"""The status screen: the next step first, then short titled sections (the turn, the players, the game's own
tables, the notes), each fitted to the screen (``scorekeeper.render.fitting``); and the same content as one CSV table.

The games say what a status holds (``Game.status`` → ``Status``); this module only lays it out, the same way
for every game.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.core.protocol import Status
from scorekeeper.render.fitting import fitted
from scorekeeper.render.report import DEFAULT_FORMAT, _cell, on_screen, table, text

#: the indent of a section's lines under its title, on the screen
INDENT = "  "
#: the parts of the status that ``status PART`` shows alone, whole
PARTS = ("players", "board", "notes")
#: the rows a short status may fill at most: a 24-row screen, less the shell's prompt under it
SCREEN_ROWS = 23
#: the rows ``Next`` may take on the short status, wrapped
NEXT_ROWS = 4
#: the rows ``Turn`` may take on the short status, wrapped: the end of the game and the final turns are never
#: cut at the first row (field report EH-F5)
TURN_ROWS = 3
#: how a clipped line ends
CLIP = "…"
#: the columns of ``status --format csv``
CSV_HEADERS = ("section", "row", "field", "value")


def render_status(status: Status, fmt: str = DEFAULT_FORMAT, width: int | None = None,
                  parts: Sequence[str] = PARTS, played: str = "") -> str:
    """``Next: …`` first, then the sections ``Turn`` (and ``played``: when and where, a line), ``Players``, the
    game's own tables and ``Notes``; ``parts``: only those of ``PARTS`` (``board`` is the game's own tables;
    ``Next`` and ``Turn`` come with all three only); ``csv``: one table (``section,row,field,value``); HTML and
    Markdown: the tables as they are."""
    if fmt == "csv":
        return status_csv(status)
    screen = on_screen(fmt)
    indent = INDENT if screen else ""
    inner = None if width is None or not screen else max(20, width - len(indent))
    whole = set(parts) >= set(PARTS)
    shown = [text(f"Next: {status.expected}", fmt)] if whole else []

    def section(title: str, lines: Sequence[str]) -> None:
        shown.extend(["", text(f"{title}:", fmt), *[(indent + line).rstrip() for line in lines]])

    if status.headline and whole:
        section("Turn", [text(line, fmt) for line in [*status.headline, *[played] * bool(played)]])
    if status.players and "players" in parts:
        section("Players", fitted(status.players, fmt, inner))
    for part in status.sections if "board" in parts else ():
        section(part.title, fitted(part.rows, fmt, inner))
    if status.notes and "notes" in parts:
        section("Notes", [text(f"- {note}", fmt) for note in status.notes])
    if not whole and not any(line.strip() for line in shown):
        shown = ["", f"nothing to show under {' and '.join(parts)} yet"]
    return "\n".join(shown[1:] if not whole else shown)


# -- the short status: one screen ----------------------------------------------------------------------


def render_short(status: Status, width: int, played: str = "") -> str:
    """The status on one 24-row screen at ``width`` columns: ``Next`` first (to be wrapped), the turn (wrapped, at
    most ``TURN_ROWS`` rows) (then ``played``, when and where, on one line when the screen has room), each player on one line (clipped with "…"), each of the
    game's tables on one line (its title, how many rows and the first of them), the notes (as many as fit,
    clipped), and a last line saying how to see the rest."""
    lines = [clip(f"Next: {status.expected}", NEXT_ROWS * (width - len(INDENT)))]  # wrapped where it is printed
    turn_rows = 1
    if status.headline:
        turn = clip("Turn: " + " · ".join(status.headline), TURN_ROWS * (width - len(INDENT)))
        lines.append(turn)  # wrapped where it is printed, as Next is
        turn_rows = rows_of(turn, width)
    after_turn = len(lines)
    if status.players:
        lines.append("Players:")
        pad = max(len(str(_cell(next(iter(row.values()), "")))) for row in status.players)
        lines += [clip(INDENT + _row_line(row, pad), width) for row in status.players]
    if status.sections:
        lines.append("Board:")
        lines += [clip(f"{INDENT}{part.title.split(' (')[0]} ({_count(len(part.rows))}): {_firsts(part.rows)}", width)
                  for part in status.sections]
    more = "more: scorekeeper status --full, or status players | board | notes"
    room = SCREEN_ROWS - len(lines) - (NEXT_ROWS - 1) - (turn_rows - 1) - 2
    if played and room > 0:  # when and where, only where it fits
        lines.insert(after_turn, clip(played, width))
        room -= 1
    if status.notes and room > 0:
        lines.append("Notes:")
        notes = status.notes if len(status.notes) <= room else status.notes[:room - 1]
        lines += [clip(f"{INDENT}- {note}", width) for note in notes]
        if len(notes) < len(status.notes):
            lines.append(f"{INDENT}(and {len(status.notes) - len(notes)} more: scorekeeper status notes)")
    return "\n".join([*lines, clip(more, width)])


def rows_of(line: str, width: int) -> int:
    """How many rows ``line`` takes wrapped at ``width`` columns, its continuations indented (about)."""
    return 1 if len(line) <= width else 1 + -(-(len(line) - width) // max(width - len(INDENT), 1))


def clip(line: str, width: int) -> str:
    """``line`` cut to ``width`` columns, ending in "…" when it was longer."""
    return line if len(line) <= width else line[:width - len(CLIP)].rstrip() + CLIP


def _row_line(row: Mapping[str, Any], pad: int) -> str:
    """A player's row as one line: the first value (the name) then ``key value`` for each other that says
    something, separated by " · "."""
    label, *rest = [(key, str(_cell(value))) for key, value in row.items()]
    return "  ".join([label[1].ljust(pad), " · ".join(f"{key} {value}" for key, value in rest
                                              if value.strip() not in ("", "-", "—"))])


def _firsts(rows: Sequence[Mapping[str, Any]]) -> str:
    """A section's rows named by their first cells, each once; a row whose first cell is empty (it goes on from
    the row above, as a player's second card) adds nothing."""
    names = [str(_cell(next(iter(row.values()), ""))) for row in rows if row]
    return ", ".join(dict.fromkeys(name for name in names if name.strip())) or "-"


def _count(n: int) -> str:
    return f"{n} row" if n == 1 else f"{n} rows"


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
