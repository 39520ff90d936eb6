"""The ``TALLY`` event the three games share: its type, its declaration and its line in the log.

A tally is the table as it stands, typed rather than played: one ``TALLY`` event whose ``state`` holds the fields
of the game's state the table can see. Every game declares this event and every reader describes it, so it is
kept apart from what plays it (``tallying``: the state laid over the game's, and the guided walk), which a read
never needs.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.declarations import PLAYER_NONE, EventType, Field

TALLY = "TALLY"

#: the one event type of a tally, the same in every game
TALLY_EVENT = EventType(TALLY, "the table as it stands, typed: a score sheet or a game joined in progress", (
    Field("state", "dict", True, "the fields of the game's state the table shows (see docs/tally.md)"),
    Field("reason", "str", False, "why: a tally, a game joined in progress"),
), PLAYER_NONE)


def describe_tally(event: Any) -> str:
    """One line for the log: what the tally was for and which parts of the table it typed."""
    typed = ", ".join(dict(event.payload.get("state") or {})) or "nothing"
    return f"{event.payload.get('reason') or 'tally'}: the table as it stands ({typed})"
