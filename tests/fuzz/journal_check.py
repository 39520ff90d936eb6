"""After a case that may have written: the session file is still whole (parsed, its chain verified) and no
temporary file is left beside it, in the home or in the cache."""

from __future__ import annotations

import json
from tests.fuzz.sandbox import Place


def half_written(place: Place, before: bytes | None) -> list[str]:
    """What a write left broken: a session file that no longer parses or verifies (when it did before), and
    temporary files left behind."""
    from scorekeeper.core.journal_format import parse_session, verify_chain

    found = []
    try:
        now = place.session.read_bytes() if place.session.is_file() else None
    except OSError:
        now = None
    if before is not None and now is not None and now != before and _intact(before):
        try:
            meta, records = parse_session(json.loads(now), place.session.name)
            if verify_chain(meta, records) is not None:
                found.append("the session file no longer verifies")
        except Exception as exc:  # the session file no longer parses
            found.append(f"the session file was left unreadable ({type(exc).__name__})")
    left = [p.name for folder in (place.table, place.home, place.cache)
            for p in folder.rglob("*.tmp") if not p.is_symlink()]
    if left:
        found.append(f"temporary files left: {', '.join(left[:3])}")
    return found


def _intact(raw: bytes) -> bool:
    from scorekeeper.core.journal_format import parse_session, verify_chain

    try:
        meta, records = parse_session(json.loads(raw), "session.json")
        return verify_chain(meta, records) is None
    except Exception:
        return False

