"""What the three games share about a tally: the ``TALLY`` event type and laying its state over the game's.

A tally is the table as it stands, typed rather than played: one ``TALLY`` event whose ``state`` holds the
fields of the game's state the table can see (``core.plain_state``: plain JSON, by the state's declared types).
Each game's ``tally`` module plays it: the state laid over (a field that does not fit is a block under the
game's ``…-TALLY-1``), then the game's own checks of what the box holds (``…-TALLY-2``, a breach: recorded with
``--force`` and flagged). The state it reaches is scored by the game's one scoring code.
"""

from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.core.plain_state import overlay
from scorekeeper.errors import BadInput
from scorekeeper.games.declarations import PLAYER_NONE, EventType, Field

TALLY = "TALLY"

#: the one event type of a tally, the same in every game
TALLY_EVENT = EventType(TALLY, "the table as it stands, typed: a score sheet or a game joined in progress", (
    Field("state", "dict", True, "the fields of the game's state the table shows (see docs/tally.md)"),
    Field("reason", "str", False, "why: a tally, a game joined in progress"),
), PLAYER_NONE)


def laid_over(state: Any, payload: Mapping[str, Any]) -> str | None:
    """Lay ``payload["state"]`` over ``state`` (in place); the problem in one line when it does not fit."""
    try:
        overlay(state, payload.get("state"), "state")
    except BadInput as exc:
        return str(exc)
    return None


def describe_tally(event: Any) -> str:
    """One line for the log: what the tally was for and which parts of the table it typed."""
    typed = ", ".join(dict(event.payload.get("state") or {})) or "nothing"
    return f"{event.payload.get('reason') or 'tally'}: the table as it stands ({typed})"
