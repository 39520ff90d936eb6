"""The event: one line of the journal, and the core event types every game shares.

An event is what a player recorded: ``seq`` (1, 2, 3… in journal order), ``type``, the ``player`` it
concerns (or None), a JSON ``payload``, when it was recorded and whether it was recorded with ``--force``.
Games receive events; they never see hashes or storage details.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

#: Correction and annotation events, handled by the engine itself and never passed to a game.
VOID = "void"  # payload: {"target": seq, "reason": text}
AMEND = "amend"  # payload: {"target": seq, "changes": {key: value}, "player": name (optional)}
NOTE = "note"  # payload: {"text": text}
ASSERT = "assert"  # payload: {"facts": {key: value}}; player is the player asserted about, or None
SET = "set"  # payload: {"key": name, "value": value}; a mid-game change of a mutable setting
#: a result typed rather than played (a game kept in another app): the session's one event, and the last
RESULT = "result"  # payload: see scorekeeper.core.result

CORE_TYPES = frozenset({VOID, AMEND, NOTE, ASSERT, SET, RESULT})
CORRECTIONS = frozenset({VOID, AMEND})
#: the events replay folds as annotations: they say something about the game and play no part in it
ANNOTATIONS = frozenset({NOTE, ASSERT, RESULT})


@dataclass(frozen=True)
class Event:
    seq: int
    type: str
    player: str | None = None
    payload: Mapping[str, Any] = field(default_factory=dict)
    recorded_at: str = ""
    forced: bool = False

    def get(self, key: str, default: Any = None) -> Any:
        """A payload field, or ``default``."""
        return self.payload.get(key, default)

    def amended(self, changes: Mapping[str, Any], player: str | None = None) -> "Event":
        """This event with ``changes`` merged into its payload (a ``None`` value removes the key)."""
        payload = dict(self.payload)
        for key, value in changes.items():
            if value is None:
                payload.pop(key, None)
            else:
                payload[key] = value
        return replace(self, payload=payload, player=player if player is not None else self.player)

    def to_record(self) -> dict[str, Any]:
        """The event's stored fields (without the hash chain)."""
        return {
            "seq": self.seq,
            "type": self.type,
            "player": self.player,
            "payload": dict(self.payload),
            "recorded_at": self.recorded_at,
            "forced": self.forced,
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> "Event":
        return cls(
            seq=int(record["seq"]),
            type=str(record["type"]),
            player=record.get("player"),
            payload=dict(record.get("payload") or {}),
            recorded_at=str(record.get("recorded_at", "")),
            forced=bool(record.get("forced", False)),
        )
