"""Reports: score tables, statuses, violation lists and logs rendered as text, JSON, CSV or Markdown.

Reports are data first, rendered last. This is the only module that imports tabulate, and only when a table
is actually rendered.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Iterable, Mapping, Sequence

from scorekeeper.games.base import ScoreTable, Status, Violation

DEFAULT_FORMAT = "simple"


def table(rows: Sequence[Mapping[str, Any]], fmt: str = DEFAULT_FORMAT, headers: Sequence[str] | None = None) -> str:
    """Rows of dicts as a table in any tabulate format, or ``csv``."""
    if not rows:
        return "(none)"
    keys = list(headers) if headers is not None else _keys(rows)
    matrix = [[_cell(row.get(k, "")) for k in keys] for row in rows]
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(keys)
        writer.writerows(matrix)
        return buffer.getvalue().rstrip("\n")
    from tabulate import tabulate

    return tabulate(matrix, headers=keys, tablefmt=fmt, disable_numparse=False)


def known_formats() -> list[str]:
    from tabulate import tabulate_formats

    return sorted(set(tabulate_formats) | {"csv"})


def _keys(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    keys: list[str] = []
    for row in rows:
        for key in row:
            if key not in keys:
                keys.append(key)
    return keys


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_cell(v)) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_cell(v)}" for k, v in value.items())
    return value


def to_json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


# -- scores ----------------------------------------------------------------------------------------


def score_rows(score: ScoreTable) -> list[dict[str, Any]]:
    rows = []
    for row in sorted(score.rows, key=lambda r: (r.rank, score.rows.index(r))):
        line: dict[str, Any] = {"rank": row.rank, "player": row.player}
        for category in score.categories:
            line[category] = row.categories.get(category, 0)
        line["total"] = row.total
        rows.append(line)
    return rows


def render_score(score: ScoreTable, fmt: str = DEFAULT_FORMAT, explain: bool = False, title: str = "") -> str:
    if fmt == "csv":  # data only: one table, nothing around it
        return table(explanation_rows(score) if explain else score_rows(score), fmt)
    title = f"{title or score.game} — {'final score' if score.final else 'PROVISIONAL score (the game is not over)'}"
    parts = [title, "", table(score_rows(score), fmt)]
    if score.winners:
        verb = "wins" if len(score.winners) == 1 else "share the victory"
        label = "Winner" if score.final else "Leading"
        parts += ["", f"{label}: {' and '.join(score.winners)} {verb}" if score.final else f"{label}: {', '.join(score.winners)}"]
    if score.tiebreak:
        parts.append(f"Tiebreak: {score.tiebreak}")
    parts += [f"Note: {note}" for note in score.notes]
    if explain:
        parts += ["", "Where the points came from:", table(explanation_rows(score), fmt)]
    return "\n".join(parts)


def explanation_rows(score: ScoreTable) -> list[dict[str, Any]]:
    return [
        {"player": e.player, "category": e.category, "points": e.points, "source": e.source}
        for e in score.explanations
    ]


# -- status ----------------------------------------------------------------------------------------


def render_status(status: Status, fmt: str = DEFAULT_FORMAT) -> str:
    parts = list(status.headline)
    parts.append(f"Next: {status.expected}")
    if status.players:
        parts += ["", table(status.players, fmt)]
    for section in status.sections:
        parts += ["", f"{section.title}:", table(section.rows, fmt)]
    if status.notes:
        parts.append("")
        parts += [f"Note: {note}" for note in status.notes]
    return "\n".join(parts)


# -- violations ------------------------------------------------------------------------------------


def violations_json(violations: Sequence[Violation]) -> dict[str, Any]:
    return {"violations": [v.to_json() for v in violations]}
