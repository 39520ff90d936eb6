"""What the three games share about a tally: the ``TALLY`` event type and laying its state over the game's.

A tally is the table as it stands, typed rather than played: one ``TALLY`` event whose ``state`` holds the
fields of the game's state the table can see (``core.plain_state``: plain JSON, by the state's declared types).
Each game's ``tally`` module plays it: the state laid over (a field that does not fit is a block under the
game's ``…-TALLY-1``), then the game's own checks of what the box holds (``…-TALLY-2``, a breach: recorded with
``--force`` and flagged). The state it reaches is scored by the game's one scoring code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

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


# -- the guided walk: what the table is asked, declared by each game (``WALK`` in its ``tally`` module) ------


@dataclass(frozen=True)
class Question:
    """One question of the guided tally walk: a category the table reads off, asked once or for each player.

    ``read`` turns a typed line into its value, or raises ``BadInput`` saying what it expects; a question with
    ``many`` takes one line per item (a card, a tile) until an empty line; ``words`` are what Tab completes."""

    key: str
    label: str
    read: Callable[[str], Any]
    example: str
    many: bool = False
    words: tuple[str, ...] = ()


#: the answers of a walk: the table's (by question key), and each player's (by name, then question key)
Answers = Mapping[str, Any]


@dataclass(frozen=True)
class Walk:
    """A game's guided tally: the questions asked once, those asked for each player, and ``build``, which turns
    the answers so far into the tally file's ``settings`` and ``state`` (a question not answered yet is absent)."""

    table: tuple[Question, ...]
    player: tuple[Question, ...]
    build: Callable[[Sequence[str], Answers, Mapping[str, Answers]], dict[str, Any]]


def whole(text: str) -> int:
    """A whole number as typed (``-2`` allowed: the game's own checks refuse what the box cannot hold)."""
    value = text.strip()
    if not value.lstrip("-").isdigit():
        raise BadInput(f"expects a whole number, not {value!r}")
    return int(value)


def pairs(text: str, value: Callable[[str], Any] = whole) -> dict[str, Any]:
    """``KEY=VALUE KEY=VALUE`` (or ``KEY VALUE`` … ) as a mapping; an empty line is an empty mapping."""
    words = text.replace(",", " ").split()
    items: list[tuple[str, str]] = []
    while words:
        key, eq, rest = words.pop(0).partition("=")
        if not eq:
            if not words:
                raise BadInput(f"{key}: expects KEY=VALUE, e.g. bread=2")
            rest = words.pop(0)
        items.append((key.lower(), rest))
    return {key: value(rest) for key, rest in items}
