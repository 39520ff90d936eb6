"""Reading a session export (JSON lines): a header line, then one event per line.

Every line is validated; all bad lines are reported together, each with its line number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.events import CORRECTIONS, Event
from scorekeeper.journal import SCHEMA_VERSION, ChainProblem, JournalError, SessionMeta, verify_chain


@dataclass(frozen=True)
class Export:
    """An export as read: its metadata, its events (renumbered 1, 2, 3…) and the state of its hash chain."""

    meta: SessionMeta
    events: list[Event]
    chain_problem: ChainProblem | None  # the first break in the exported hash chain, if any
    hashed: bool  # False when the export carries no hashes (nothing can be proved about its history)


def read_export(path: Path) -> Export:
    """The metadata and events of an export, or ``JournalError`` listing every bad line."""
    try:
        # split on newlines only: str.splitlines() would also break inside a note holding U+2028 or U+0085
        lines = [line.rstrip("\r") for line in path.read_text(encoding="utf-8").split("\n")]
    except (OSError, UnicodeDecodeError) as exc:
        raise JournalError(f"{path}: cannot read the export ({exc})") from None
    numbered = [(n, line) for n, line in enumerate(lines, start=1) if line.strip()]
    if not numbered:
        raise JournalError(f"{path}: the export is empty")
    problems: list[str] = []
    meta = _read_header(path, *numbered[0], problems)
    events: list[Event] = []
    raw: list[dict[str, Any]] = []
    for number, line in numbered[1:]:
        event = _read_event(number, line, problems, meta)
        if event is not None:
            raw.append(json.loads(line))
            if events and event.seq <= events[-1].seq:
                problems.append(f"line {number}: seq {event.seq} does not follow seq {events[-1].seq}")
            events.append(event)
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        raise JournalError(f"{path}: nothing imported, {len(problems)} bad line(s): {shown}")
    assert meta is not None
    hashed = bool(raw) and all("hash" in r for r in raw)
    problem = verify_chain(meta, raw) if hashed else None
    return Export(meta, _renumbered(events), problem, hashed)


def _read_header(path: Path, number: int, line: str, problems: list[str]) -> SessionMeta | None:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        problems.append(f"line {number}: not JSON ({exc.msg})")
        return None
    if not isinstance(data, dict) or data.get("scorekeeper") != "session":
        problems.append(f"line {number}: not a Scorekeeper export header (export with 'scorekeeper export')")
        return None
    if int(data.get("schema", 0)) > SCHEMA_VERSION:
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


def _read_event(number: int, line: str, problems: list[str], meta: SessionMeta | None) -> Event | None:
    try:
        data: Any = json.loads(line)
    except json.JSONDecodeError as exc:
        problems.append(f"line {number}: not JSON ({exc.msg})")
        return None
    if not isinstance(data, dict):
        problems.append(f"line {number}: an event must be a JSON object")
        return None
    if not isinstance(data.get("seq"), int) or not isinstance(data.get("type"), str) or not data["type"]:
        problems.append(f"line {number}: an event needs an integer seq and a type")
        return None
    if not isinstance(data.get("payload", {}), dict):
        problems.append(f"line {number}: the payload must be a JSON object")
        return None
    player = data.get("player")
    if player is not None and meta is not None and player not in meta.players:
        problems.append(f"line {number}: player {player!r} is not one of {', '.join(meta.players)}")
        return None
    if data["type"] in CORRECTIONS and not isinstance(data.get("payload", {}).get("target"), int):
        problems.append(f"line {number}: a {data['type']} needs an integer target")
        return None
    return Event.from_record(data)


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

