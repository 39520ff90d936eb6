"""What ``scorekeeper export`` writes: the journal as JSON lines, or a finished game's result for BG Stats or a
club's records (CSV, Markdown)."""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.errors import Refused
from scorekeeper.app.session import Session

#: the ``--to`` targets, the journal first (the default)
TARGETS = ("jsonl", "bgstats", "bgstats-link", "csv", "markdown")


def export_text(s: Session, target: str, bgg_id: int | None = None) -> tuple[str, str]:
    """The text to write for ``target``, and what it is in words (``"12 events"``, ``"the BG Stats link"``)."""
    if target == "jsonl":
        header = {"scorekeeper": "session", **s.journal.meta.to_record()}
        lines = [json_line(header)] + [json_line(r) for r in s.journal.records]
        return "\n".join(lines) + "\n", f"{len(s.journal.records)} events"
    from scorekeeper import __version__
    from scorekeeper.exports import bgstats
    from scorekeeper.render import report
    from scorekeeper.app.standings import result_of

    result = result_of(s)
    if not result.final:
        raise Refused(f"the game is not over, so it has no result to export --to {target} "
                      "(see 'scorekeeper status'; 'scorekeeper score' shows the provisional table)")
    if target == "bgstats":
        return (bgstats.play_file_text(result, bgg_id, min_players=s.game.min_players,
                                       max_players=s.game.max_players, version=__version__), "the play for BG Stats")
    if target == "bgstats-link":
        return bgstats.link(result, bgg_id) + "\n", "the BG Stats link"
    if target == "csv":
        return report.club_csv(result), "the final table (CSV)"
    return report.club_markdown(result), "the final table and score sheet (Markdown)"


def json_line(data: Any) -> str:
    """One JSON line; the Unicode line separators are escaped so that no reader splits the line."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").replace("\u0085", "\\u0085")
