"""Reading a session export (JSON lines): a header line, then one event per line.

Every line is validated; all bad lines are reported together, each with its line number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.core import strictjson
from scorekeeper.core.events import CORRECTIONS, Event
from scorekeeper.core.input_file import read_input
from scorekeeper.core.journal import SCHEMA_VERSION, ChainProblem, JournalError, SessionMeta, meta_problem, verify_chain


@dataclass(frozen=True)
class Export:
    """An export as read: its metadata, its events (renumbered 1, 2, 3…) and the state of its hash chain."""

    meta: SessionMeta
    events: list[Event]
    chain_problem: ChainProblem | None  # the first break in the exported hash chain, if any
    hashed: bool  # False when the export carries no hashes (nothing can be proved about its history)


def read_export(path: Path) -> Export:
    """The metadata and events of an export, or ``JournalError`` listing every bad line."""
    # split on newlines only: str.splitlines() would also break inside a note holding U+2028 or U+0085
    lines = [line.rstrip("\r") for line in read_input(path, "an export").split("\n")]
    numbered = [(n, line) for n, line in enumerate(lines, start=1) if line.strip()]
    if not numbered:
        raise JournalError(f"{path}: the export is empty")
    problems: list[str] = []
    meta = _read_header(path, *numbered[0], problems)
    events: list[Event] = []
    raw: list[dict[str, Any]] = []
    line_of: dict[int, int] = {}  # seq → line number
    for number, line in numbered[1:]:
        event = _read_event(number, line, problems, meta)
        if event is not None:
            line_of[event.seq] = number
            raw.append(strictjson.loads(line))
            if events and event.seq <= events[-1].seq:
                problems.append(f"line {number}: seq {event.seq} does not follow seq {events[-1].seq}")
            events.append(event)
    if meta is not None:
        problems.extend(_setting_problems(meta, numbered[0][0], line_of, events))
    problems.extend(_orphan_corrections(events, line_of))
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        raise JournalError(f"{path}: nothing imported, {len(problems)} bad line(s): {shown}")
    assert meta is not None
    hashed = any("hash" in r or "prev_hash" in r for r in raw)  # no hash at all proves nothing, and says so
    problem = verify_chain(meta, raw) if hashed else None
    partial = next((n for n, r in enumerate(raw, 1) if "hash" not in r or "prev_hash" not in r), 0) if hashed else 0
    if partial:  # a partly hashed export is an edited one: a line lost its hash
        lost = "hash" if "hash" not in raw[partial - 1] else "prev_hash"
        problem = ChainProblem(partial, partial, f"#{partial} carries no {lost} while other events do "
                                                 f"(its {lost} was removed)")
    return Export(meta, _renumbered(events), problem, hashed)


def _read_header(path: Path, number: int, line: str, problems: list[str]) -> SessionMeta | None:
    data = _json(number, line, problems)
    if data is None:
        return None
    if not isinstance(data, dict) or data.get("scorekeeper") != "session":
        problems.append(f"line {number}: not a Scorekeeper export header (export with 'scorekeeper export')")
        return None
    damage = meta_problem(data)
    if damage:
        problems.append(f"line {number}: bad header ({damage})")
        return None
    if data["schema"] > SCHEMA_VERSION:
        problems.append(f"line {number}: written by a newer Scorekeeper (schema {data.get('schema')})")
        return None
    from scorekeeper import games

    try:
        games.entry(str(data.get("game")))
        meta = SessionMeta.from_record(data)
    except (games.UnknownGameError, KeyError, TypeError, ValueError) as exc:
        problems.append(f"line {number}: bad header ({exc})")
        return None
    if not meta.players:
        problems.append(f"line {number}: the header names no players")
    return meta


def _setting_problems(meta: SessionMeta, header: int, lines: dict[int, int], events: list[Event]) -> list[str]:
    """The header's settings and every ``set`` event's value, checked against the game's declarations."""
    from scorekeeper import games
    from scorekeeper.core.settings import first_problem

    declared = {s.key: s for s in games.load(meta.game).settings}
    wrong = first_problem(list(declared.values()), meta.settings)
    problems = [f"line {header}: {wrong}"] if wrong else []
    for event in events:
        setting = declared.get(event.get("key")) if event.type == "set" else None
        unfit = setting.problem(event.get("value")) if setting is not None else None
        if unfit:
            problems.append(f"line {lines.get(event.seq, '?')}: set {setting.key if setting else ''}: {unfit}")
    return problems


def _json(number: int, line: str, problems: list[str]) -> Any:
    """The line's JSON (strict: no NaN, no Infinity), or None with the problem noted."""
    try:
        return strictjson.loads(line)
    except ValueError as exc:
        problems.append(f"line {number}: {'not JSON: ' if isinstance(exc, strictjson.NotJSON) else ''}{exc}")
        return None


#: the types of an event line's fields (strict: ``"forced": "false"`` is an error, not a forced play)
_FIELDS: dict[str, tuple[Any, str]] = {
    "player": ((str, type(None)), "a name or null"),
    "payload": (dict, "an object"),
    "recorded_at": (str, "a time as text"),
    "forced": (bool, "true or false"),
    "hash": (str, "text"),
    "prev_hash": (str, "text"),
}

#: the payload fields each core event needs, and their types
_CORE_PAYLOADS: dict[str, dict[str, tuple[Any, str]]] = {
    "void": {"target": (int, "an event number")},
    "amend": {"target": (int, "an event number"), "changes": (dict, "an object")},
    "note": {"text": (str, "text")},
    "assert": {"facts": (dict, "an object")},
    "set": {"key": (str, "a setting's name")},
    "result": {"source": (str, "the app it came from"), "players": (list, "a list of players")},
}


def _read_event(number: int, line: str, problems: list[str], meta: SessionMeta | None) -> Event | None:
    data = _json(number, line, problems)
    if data is None:
        return None
    if not isinstance(data, dict):
        problems.append(f"line {number}: an event must be a JSON object")
        return None
    seq, kind = data.get("seq"), data.get("type")
    if not isinstance(seq, int) or isinstance(seq, bool) or not isinstance(kind, str) or not kind:
        problems.append(f"line {number}: an event needs an integer seq and a type")
        return None
    for key, (types, what) in _FIELDS.items():
        if key in data and not isinstance(data[key], types):
            problems.append(f"line {number}: {key} must be {what}, not {json.dumps(data[key])[:40]}")
            return None
    payload = data.get("payload") or {}
    for key, (types, what) in _CORE_PAYLOADS.get(kind, {}).items():
        if not isinstance(payload.get(key), types) or isinstance(payload.get(key), bool):
            problems.append(f"line {number}: a {kind} needs {key}, {what}")
            return None
    players = meta.players if meta is not None else None
    for who in (data.get("player"), payload.get("player") if kind == "amend" else None):
        if who is not None and players is not None and who not in players:
            problems.append(f"line {number}: player {who!r} is not one of {', '.join(players)}")
            return None
    return Event.from_record(data)


def _orphan_corrections(events: list[Event], line_of: dict[int, int]) -> list[str]:
    """A correction whose target the export does not hold (removed from it: a number before the correction's
    own that no event has): renumbering would point it at another event, so the export is refused, naming the
    line. A target that never named an event (0, or after the correction) stays as it was, for replay to flag."""
    held = {e.seq for e in events}
    return [f"line {line_of.get(e.seq, '?')}: {e.type} #{e.get('target')} names an event the export does not "
            "hold (it was removed), so it cannot be pointed at its event" for e in events
            if e.type in CORRECTIONS and isinstance(e.get("target"), int) and 1 <= e.get("target") < e.seq
            and e.get("target") not in held]


def _renumbered(events: list[Event]) -> list[Event]:
    """Number the events 1, 2, 3… in order, re-pointing corrections at their targets' new numbers."""
    from dataclasses import replace

    mapping = {e.seq: n for n, e in enumerate(events, start=1)}
    result = []
    for n, event in enumerate(events, start=1):
        payload = dict(event.payload)
        if event.type in CORRECTIONS and payload.get("target") in mapping:
            payload["target"] = mapping[payload["target"]]
        result.append(replace(event, seq=n, payload=payload))
    return result

