"""``export --to csv``: a finished game's final table for a club's records, one row per player, safe from
formula injection."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Any

from scorekeeper.render.report import csv_cell

if TYPE_CHECKING:
    from scorekeeper.exports import Options
    from scorekeeper.app.session import Session
    from scorekeeper.app.standings import Result


def export(s: "Session", result: "Result | None", options: "Options") -> tuple[str, str]:
    """The table as CSV."""
    assert result is not None
    return club_csv(result), "the final table (CSV)"


def club_rows(result: "Result", tz: Any = None) -> list[dict[str, Any]]:
    """One row per player in rank order: the date, the game, rank, player, winner, each category, the total."""
    from scorekeeper.app.standings import local_time

    date = local_time(result.started, tz).strftime("%Y-%m-%d %H:%M")
    winners = set(result.table.winners)
    rows = []
    for row in result.ranked():
        line: dict[str, Any] = {"date": date, "game": result.title, "rank": row.rank, "player": row.player,
                                "winner": "yes" if row.player in winners else ""}
        line.update({c: row.categories.get(c, 0) for c in result.table.categories})
        line["total"] = row.total
        rows.append(line)
    return rows


def club_csv(result: "Result", tz: Any = None) -> str:
    """The club table as CSV; text cells that a spreadsheet would run as a formula start with an apostrophe."""
    rows = club_rows(result, tz)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([csv_cell(k) for k in rows[0]])
    writer.writerows([[csv_cell(v) for v in row.values()] for row in rows])
    return buffer.getvalue()
