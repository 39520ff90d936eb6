"""``export --to markdown``: a finished game's final table, tiebreak and per-category score sheet as
Markdown, for a club's records."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.render.report import markdown_text

if TYPE_CHECKING:
    from scorekeeper.exports import Options
    from scorekeeper.app.session import Session
    from scorekeeper.app.standings import Result


def export(s: "Session", result: "Result | None", options: "Options") -> tuple[str, str]:
    """The records as Markdown."""
    assert result is not None
    return club_markdown(result), "the final table and score sheet (Markdown)"


def club_markdown(result: "Result", tz: Any = None) -> str:
    """The club records as Markdown: a heading, the final table, the tiebreak, the per-category sheet."""
    from scorekeeper.app.standings import local_time

    date = local_time(result.started, tz).strftime("%Y-%m-%d %H:%M")
    winners = set(result.table.winners)
    parts = [f"## {markdown_text(result.title)}, {date}", "", "| rank | player | total | result |", "| ---: | --- | ---: | --- |"]
    parts += [f"| {r.rank} | {markdown_text(r.player)} | {r.total} | {'winner' if r.player in winners else ''} |"
              for r in result.ranked()]
    if result.table.tiebreak:
        parts += ["", f"Tiebreak: {markdown_text(result.table.tiebreak)}"]
    if result.violations:
        from scorekeeper.render.verdicts import broken_note

        parts += ["", broken_note(result.violations, result.counted) + "."]
    rows = result.table.rows
    parts += ["", "| category | " + " | ".join(markdown_text(r.player) for r in rows) + " |",
              "| --- |" + " ---: |" * len(rows)]
    for category in result.table.categories:
        cells = " | ".join(str(r.categories.get(category, 0)) for r in rows)
        parts.append(f"| {markdown_text(category)} | {cells} |")
    parts.append("| **total** | " + " | ".join(f"**{r.total}**" for r in rows) + " |")
    return "\n".join(parts) + "\n"
