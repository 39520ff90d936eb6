"""``export --to jsonl`` (the default): the journal as JSON lines, a header then one event per line; ``import``
reads it back."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.exports import Options
    from scorekeeper.app.session import Session
    from scorekeeper.app.standings import Result


def export(s: "Session", result: "Result | None", options: "Options") -> tuple[str, str]:
    """The session's metadata as a header line, then every event as recorded."""
    header = {"scorekeeper": "session", **s.journal.meta.to_record()}
    lines = [json_line(header)] + [json_line(r) for r in s.journal.records]
    return "\n".join(lines) + "\n", f"{len(s.journal.records)} events"


def json_line(data: Any) -> str:
    """One JSON line; the Unicode line separators are escaped so that no reader splits the line."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").replace("\u0085", "\\u0085")
