"""The event: one line of the journal, and the core event types every game shares.

An event is what a player recorded: ``seq`` (1, 2, 3… in journal order), ``type``, the ``player`` it
concerns (or None), a JSON ``payload``, when it was recorded and whether it was recorded with ``--force``.
Games receive events; they never see hashes or storage details.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Mapping, Sequence

if TYPE_CHECKING:
    from scorekeeper.core.findings import Finding

#: Correction and annotation events, handled by the engine itself and never passed to a game.
VOID = "void"  # payload: {"target": seq, "reason": text}
AMEND = "amend"  # payload: {"target": seq, "changes": {key: value}, "player": name (optional)}
NOTE = "note"  # payload: {"text": text}
ASSERT = "assert"  # payload: {"facts": {key: value}}; player is the player asserted about, or None
SET = "set"  # payload: {"key": name, "value": value}; a mid-game change of a mutable setting
#: a result typed rather than played (a game kept in another app): the session's one event, and the last
RESULT = "result"  # payload: see scorekeeper.core.result

CORE_TYPES = frozenset({VOID, AMEND, NOTE, ASSERT, SET, RESULT})
#: where a core event's unreadable payload is set aside when read, and what is wrong with it (``from_record``)
UNREADABLE = "(unreadable)"
PROBLEM = "(problem)"
CORRECTIONS = frozenset({VOID, AMEND})
#: the events replay folds as annotations: they say something about the game and play no part in it
ANNOTATIONS = frozenset({NOTE, ASSERT, RESULT})

#: the payload fields each core event needs, and their types (``payload_problem``: ``import`` and every reading
#: of a session check them the same way)
CORE_PAYLOADS: dict[str, dict[str, tuple[Any, str]]] = {
    VOID: {"target": (int, "an event number")},
    AMEND: {"target": (int, "an event number"), "changes": (dict, "an object")},
    NOTE: {"text": (str, "text")},
    ASSERT: {"facts": (dict, "an object")},
    SET: {"key": (str, "a setting's name")},
    RESULT: {"source": (str, "the app it came from"), "players": (list, "a list of players")},
}
#: the optional payload fields of core events, and their types when present
_CORE_OPTIONAL: dict[str, dict[str, tuple[Any, str]]] = {
    VOID: {"reason": (str, "text")},
    AMEND: {"player": ((str, type(None)), "a player's name")},
}


def payload_problem(kind: str, payload: Any) -> str | None:
    """What is wrong with the shape of a core event's payload (``"an amend needs changes, an object"``), or None;
    None for any other event type (the game's declarations check those)."""
    needed = CORE_PAYLOADS.get(kind)
    if needed is None:
        return None
    if isinstance(payload, Mapping) and UNREADABLE in payload:  # set aside when it was read (``from_record``)
        return str(payload.get(PROBLEM) or f"{kind}: a payload that cannot be read")
    article = "an" if kind[0] in "aeiou" else "a"
    if not isinstance(payload, Mapping):
        return f"{article} {kind} needs a payload object"
    for key, (types, what) in needed.items():
        value = payload.get(key)
        if not isinstance(value, types) or isinstance(value, bool):
            return f"{article} {kind} needs {key}, {what}"
    for key, (types, what) in _CORE_OPTIONAL.get(kind, {}).items():
        if key in payload and not isinstance(payload[key], types):
            return f"{article} {kind}'s {key} must be {what}"
    return None


@dataclass(frozen=True)
class Event:
    """One event of the journal: its number, type, acting player (None for the table's own), payload, when it was
    recorded, and whether the table forced it past the rules."""

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
        """The event a stored record holds. A core event whose payload has the wrong shape (an edited line:
        ``payload_problem``) is read with its payload set aside under ``UNREADABLE`` and the problem under
        ``PROBLEM``: every reader then finds none of its fields, replay flags it (``CORE-PAYLOAD``), ``void``
        takes it back, and nothing fails on it."""
        kind = str(record["type"])
        payload = dict(record.get("payload") or {})
        shape = payload_problem(kind, payload) if kind in CORE_PAYLOADS else None
        if shape and UNREADABLE not in payload:
            payload = {UNREADABLE: payload, PROBLEM: shape}
        return cls(
            seq=int(record["seq"]),
            type=kind,
            player=record.get("player"),
            payload=payload,
            recorded_at=str(record.get("recorded_at", "")),
            forced=bool(record.get("forced", False)),
        )



def malformed(events: Sequence[Event]) -> dict[int, "Finding"]:
    """The ``CORE-PAYLOAD`` finding of every core event whose payload has the wrong shape, by seq: replay never
    applies such an event (``engine.resolve_corrections``), and ``void`` takes it back."""
    from scorekeeper.core.findings import Finding

    return {e.seq: Finding("CORE-PAYLOAD", f"{shape}: #{e.seq} is not read (void it: void {e.seq})")
            for e in events if (shape := payload_problem(e.type, e.payload))}
