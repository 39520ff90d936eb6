"""The session file's format: its metadata, how events are hashed and chained, how the file is parsed and
checked, and how new events are laid out at its end (bytes this program writes, as TinyDB would).

Pure: no locks, no writes (``scorekeeper.core.journal_storage`` does those; ``scorekeeper.core.journal`` is
the journal that uses both). The guarantees are listed in ``scorekeeper.core.journal``.
"""

from __future__ import annotations

import datetime as _dt
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from scorekeeper.core import strictjson
from scorekeeper.core.events import NOTE, Event
from scorekeeper.core.sha256 import sha256
from scorekeeper.errors import BadInput, Refused

if TYPE_CHECKING:
    from _typeshed import StrPath

SCHEMA_VERSION = 1
META_TABLE = "meta"
EVENTS_TABLE = "events"
#: how much of a file's start is decoded to read its metadata without decoding the whole file
META_WINDOW = 1 << 16



class JournalError(BadInput):
    """The session file cannot be used: the message names the file and the problem (exit code 2)."""


class JournalBusyError(JournalError, Refused):
    """Another command holds the session's lock for too long (exit code 1)."""

    exit_code = Refused.exit_code


class JournalWriteError(JournalError, Refused):
    """The session cannot be written (a read-only file, a full disk…); nothing was written (exit code 1)."""

    exit_code = Refused.exit_code


@dataclass(frozen=True)
class SessionMeta:
    """A session's metadata, the first document of its file: the game, the players in seat order, the settings and
    where each came from, the card catalog, when it was created, the schema, and a what-if branch's parent."""

    game: str
    players: tuple[str, ...]
    settings: dict[str, Any]
    setting_sources: dict[str, str]
    catalog: dict[str, Any] | None
    created: str
    schema: int = SCHEMA_VERSION
    #: a what-if branch's link to the session it was copied from (``scorekeeper.app.whatif``); None for any other
    parent: dict[str, Any] | None = None

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "schema": self.schema,
            "game": self.game,
            "players": list(self.players),
            "settings": self.settings,
            "setting_sources": self.setting_sources,
            "catalog": self.catalog,
            "created": self.created,
        }
        if self.parent is not None:  # absent otherwise: every other session's meta hash stays as it was
            record["parent"] = self.parent
        return record

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> "SessionMeta":
        return cls(
            game=str(record["game"]),
            players=tuple(str(p) for p in record["players"]),
            settings=dict(record.get("settings") or {}),
            setting_sources=dict(record.get("setting_sources") or {}),
            catalog=record.get("catalog"),
            created=str(record.get("created", "")),
            schema=int(record.get("schema", SCHEMA_VERSION)),
            parent=dict(record["parent"]) if isinstance(record.get("parent"), Mapping) else None,
        )


# -- hashing ---------------------------------------------------------------------------------------


def canonical(data: Any) -> bytes:
    """The canonical JSON bytes that hashes are taken over (sorted keys, no spaces, UTF-8)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")


def meta_hash(meta: SessionMeta) -> str:
    return sha256(canonical(meta.to_record())).hexdigest()


def event_hash(record: Mapping[str, Any], prev_hash: str) -> str:
    body = {k: v for k, v in record.items() if k not in ("hash", "prev_hash")}
    body["prev_hash"] = prev_hash
    return sha256(canonical(body)).hexdigest()


def now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def parse_json_text(text: str, path: StrPath) -> dict[str, Any]:
    """A session file's text parsed (strict JSON, an object), or ``JournalError`` naming the problem."""
    if not text.strip():
        raise JournalError(f"{path}: the file is empty, not a session; it was left untouched")
    try:
        data = strictjson.loads(text, limit_depth=False)
    except ValueError as exc:  # not JSON, NaN or Infinity, a lone surrogate, a number too long
        raise JournalError(f"{path}: not a readable session ({exc}); it was left untouched") from None
    if not isinstance(data, dict):
        raise JournalError(f"{path}: not a session file (expected a JSON object); it was left untouched")
    return data


def text_digest(text: str | bytes) -> str:
    """The digest a ``Vouched`` compares the start of a file with (of text: of its UTF-8)."""
    return _hasher(text.encode("utf-8") if isinstance(text, str) else text).hexdigest()


def _hasher(data: bytes | memoryview) -> Any:
    # SHA-256: x86 and ARM processors hash it in hardware; of a 14 MB file, 7.9 ms against BLAKE2b's 16 ms
    # (docs/performance.md); a small file without OpenSSL's start (``core.sha256``)
    return sha256(data)


def chained(events: Sequence[Event], prev: str) -> list[dict[str, Any]]:
    """The stored documents of ``events``, each chained to the one before (the first to ``prev``)."""
    records = []
    for event in events:
        problem = strictjson.problem(event.to_record())
        if problem:  # strict JSON in UTF-8 could not hold it: refuse it before anything is written
            raise JournalWriteError(f"event #{event.seq} cannot be stored: {problem}; nothing was written")
        record = {**event.to_record(), "prev_hash": prev}
        record["hash"] = prev = event_hash(record, prev)
        records.append(record)
    return records


def appended_text(raw: bytes, data: dict[str, Any], records: Sequence[Mapping[str, Any]]) -> bytes | None:
    """The file's bytes with ``records`` added at the end of its events table: exactly what TinyDB writes for
    the same insert (the same document, keys and layout), without laying the whole document out again; the
    bytes before the new records stay the same. None when the file is not laid out as this program writes it
    (the events table last, compact separators), so that TinyDB writes it instead."""
    table = data.get(EVENTS_TABLE)
    if not isinstance(table, dict) or next(reversed(data), None) != EVENTS_TABLE or not raw.endswith(b"}}"):
        return None
    if table:
        last = next(reversed(table))
        ending = _member(last, table[last]) + "}}"
    else:
        ending = _member(EVENTS_TABLE, {}) + "}"
    if not raw.endswith(ending.encode("utf-8")):  # the end of the document as this program lays it out
        return None
    return spliced(raw, _next_doc_id(table), records, after_others=bool(table))


def new_session_text(meta: SessionMeta, records: Sequence[Mapping[str, Any]]) -> str:
    """The whole file of a new session holding ``records``: exactly what TinyDB writes when the metadata and then
    the events are inserted into an empty file (``tests/core/test_journal_layout.py`` compares the two), without
    importing it. ``ValueError`` for what strict JSON cannot hold (NaN, Infinity)."""
    return strictjson.dumps({META_TABLE: {"1": meta.to_record()},
                             EVENTS_TABLE: {str(n): dict(r) for n, r in enumerate(records, start=1)}},
                            ensure_ascii=False, separators=(",", ":"))


def spliced(raw: bytes, first: int, records: Sequence[Mapping[str, Any]], *, after_others: bool) -> bytes:
    """``raw``, a session file ending with its events table, with ``records`` added to that table under the
    keys ``first``, ``first + 1``…: the bytes before them are kept as they are (copied once)."""
    added = ",".join(_member(str(first + n), record) for n, record in enumerate(records))
    return b"".join((memoryview(raw)[:-2], b"," if after_others else b"", added.encode("utf-8"), b"}}"))


def _member(key: str, value: Any) -> str:
    """``"key":value`` as the session file lays it out (compact, UTF-8 kept)."""
    return f"{json.dumps(key, ensure_ascii=False)}:{strictjson.dumps(value, ensure_ascii=False, separators=(',', ':'))}"


def _leading_meta(raw: bytes, name: str) -> SessionMeta | None:
    """The metadata at the start of a file laid out as this program writes it, or None (parse it all).

    Only the start is decoded: the first ``META_WINDOW`` bytes (cut back to a whole character), then the whole
    file if the metadata runs past them."""
    opening = '{"' + META_TABLE + '":'
    if not raw.startswith(opening.encode("utf-8")):
        return None
    cut = min(len(raw), META_WINDOW)
    while 0 < cut < len(raw) and raw[cut] & 0xC0 == 0x80:  # a UTF-8 continuation byte: not a character's start
        cut -= 1
    for end in dict.fromkeys((cut, len(raw))):
        try:
            table, _ = json.JSONDecoder().raw_decode(raw[:end].decode("utf-8"), len(opening))
        except ValueError:  # not UTF-8, or cut short: try the whole file, then give up (parse it all)
            continue
        return parse_meta(table, name)
    return None


def _added_records(raw_tail: bytes, last_key: str, name: str) -> list[tuple[str, dict[str, Any]]] | None:
    """The (key, record) of the events that ``raw_tail``, the bytes after a vouched start, add to the events
    table: only documents numbered after ``last_key``, each well formed; None when it holds anything else."""
    try:
        tail = raw_tail.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if tail == "}}":
        return []
    if not tail.startswith(",") or not tail.endswith("}}"):
        return None
    try:
        added = strictjson.loads("{" + tail[1:-2] + "}", limit_depth=False)
    except ValueError:
        return None
    if not isinstance(added, dict) or not all(k.isdigit() and int(k) > int(last_key) for k in added):
        return None
    try:
        documents = event_documents(added, name)
    except JournalError:
        return None
    return [(key, doc) for key, doc in zip(sorted(added, key=int), documents)]


def _next_doc_id(table: Mapping[str, Any]) -> int:
    """The id TinyDB gives the next document of ``table``: one more than the largest."""
    return max((int(k) for k in table), default=0) + 1


def parse_session(data: Mapping[str, Any], name: str) -> tuple[SessionMeta, list[dict[str, Any]]]:
    """Split a session file's JSON into metadata and event documents, or raise ``JournalError``."""
    meta = parse_meta(data.get(META_TABLE), name)
    events_table = data.get(EVENTS_TABLE, {})
    if not isinstance(events_table, dict):
        raise JournalError(f"{name}: the events table is damaged; it was left untouched")
    return meta, event_documents(events_table, name)


def event_documents(table: Mapping[str, Any], name: str) -> list[dict[str, Any]]:
    """The documents of an events table in document order, each checked, or ``JournalError``."""
    records: list[dict[str, Any]] = []
    try:
        for doc_id in sorted(table, key=int):
            doc = table[doc_id]
            if not _well_formed(doc):
                raise JournalError(f"{name}: event document {doc_id} is damaged; it was left untouched")
            records.append(doc)
    except ValueError:
        raise JournalError(f"{name}: the events table has a non-numeric document id; it was left untouched") from None
    return records


def parse_meta(meta_table: Any, name: str) -> SessionMeta:
    """The session's metadata from its table, or ``JournalError`` naming what is wrong."""
    if not isinstance(meta_table, dict) or not meta_table:
        raise JournalError(f"{name}: not a Scorekeeper session (no metadata table); it was left untouched")
    meta_doc = next(iter(meta_table.values()))
    if not isinstance(meta_doc, dict):
        raise JournalError(f"{name}: the metadata is damaged; it was left untouched")
    schema = meta_doc.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise JournalError(f"{name}: the metadata has no schema version; it was left untouched")
    if schema > SCHEMA_VERSION:
        raise JournalError(
            f"{name}: written by a newer Scorekeeper (schema {schema}, this one reads {SCHEMA_VERSION}); "
            "upgrade scorekeeper to open it"
        )
    damage = meta_problem(meta_doc)
    if damage:
        raise JournalError(f"{name}: the metadata is damaged ({damage}); it was left untouched")
    try:
        meta = SessionMeta.from_record(meta_doc)
    except (KeyError, TypeError, ValueError):
        raise JournalError(f"{name}: the metadata is damaged (game or players missing); it was left untouched") from None
    return meta


def meta_problem(record: Mapping[str, Any]) -> str | None:
    """What is wrong with the types of a metadata document (a session's, or an export's header), or None."""
    checks = (
        ("schema", lambda v: _is_int(v), "a whole number"),
        ("game", lambda v: isinstance(v, str) and bool(v), "a game's name"),
        ("players", lambda v: isinstance(v, list) and all(isinstance(p, str) and p.strip() for p in v),
         "a list of names"),
        ("settings", lambda v: v is None or isinstance(v, dict), "an object"),
        ("setting_sources", lambda v: v is None or (isinstance(v, dict) and all(isinstance(x, str) for x in v.values())),
         "an object of texts"),
        ("catalog", lambda v: v is None or isinstance(v, dict), "an object or null"),
        ("created", lambda v: v is None or isinstance(v, str), "a time as text"),
    )
    for key, good, what in checks:
        if key in record and not good(record[key]):
            return f"{key} must be {what}, not {json.dumps(record[key])[:40]}"
        if key in ("schema", "game", "players") and key not in record:
            return f"{key} is missing"
    return None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _well_formed(doc: Any) -> bool:
    """An event document has an integer seq, a type, an object payload, a text (or no) player, a yes/no forced."""
    return (
        isinstance(doc, dict)
        and _is_int(doc.get("seq"))
        and isinstance(doc.get("type"), str)
        and isinstance(doc.get("payload", {}), dict)
        and isinstance(doc.get("player"), (str, type(None)))
        and isinstance(doc.get("forced", False), bool)
        and isinstance(doc.get("recorded_at", ""), str)
        and all(isinstance(doc.get(k, ""), str) for k in ("hash", "prev_hash"))
    )


# -- verification ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChainProblem:
    """The first break in a journal's hash chain: the event's seq, its place in the file, and what is wrong."""

    seq: int
    position: int
    message: str


def verify_chain(meta: SessionMeta, records: Sequence[Mapping[str, Any]], start: int = 0,
                 head: str | None = None) -> ChainProblem | None:
    """The first break in the hash chain, or None when every event is intact and in order.

    With ``start`` and ``head``, ``records`` are the records after the first ``start``, which are known
    intact (a replay cache vouches for them) and end with hash ``head``.
    """
    prev = meta_hash(meta) if head is None else head
    for position, record in enumerate(records, start=start + 1):
        seq = record.get("seq")
        if seq != position:
            return ChainProblem(int(seq) if isinstance(seq, int) else position, position,
                                f"event at position {position} has seq {seq}: an event was removed or reordered")
        if record.get("prev_hash") != prev:
            what = "the metadata was edited" if position == 1 else "the event before it was edited, removed or reordered"
            return ChainProblem(position, position, f"#{position} does not follow the journal before it ({what})")
        if event_hash(record, prev) != record.get("hash"):
            return ChainProblem(position, position, f"#{position} was edited after it was recorded (its hash does not match)")
        prev = str(record["hash"])
    return None


#: the payload key of a ``note`` that accepts a broken chain (``verify --accept-broken-chain``): the seq it names
ACCEPTS_BREAK = "accepts_broken_chain"
#: the payload keys of that note recording exactly what it accepted: the hash of the event it follows, and the
#: position of every break in the chain before it (``chain_breaks``)
ACCEPTED_HEAD, ACCEPTED_BREAKS = "accepted_head", "accepted_breaks"


def chain_breaks(meta: SessionMeta, records: Sequence[Mapping[str, Any]]) -> list[int]:
    """The position of every event that breaks the chain: not numbered one after the event before it, not
    following the stored hash of the event before it (or the metadata's), or whose own hash does not match it.
    Unlike ``verify_chain`` (the first break), every break: an acceptance records them all, so that a later
    edit is a new one (an event removed is one break, where the numbers jump)."""
    breaks: list[int] = []
    prev: Any = meta_hash(meta)
    prev_seq = 0
    for position, record in enumerate(records, start=1):
        own_prev, seq = record.get("prev_hash"), record.get("seq")
        if (seq != prev_seq + 1 or own_prev != prev or not isinstance(own_prev, str)
                or event_hash(record, own_prev) != record.get("hash")):
            breaks.append(position)
        prev, prev_seq = record.get("hash"), seq if isinstance(seq, int) and not isinstance(seq, bool) else prev_seq + 1
    return breaks


def accepted_at(meta: SessionMeta, records: Sequence[Mapping[str, Any]]) -> int | None:
    """The seq of the note that accepted the broken chain as it is, or None when no acceptance covers it.

    The last accepting note covers the chain before it when it was appended to the file as it stood (its
    ``prev_hash`` and its recorded head are the stored hash of the event before it), the breaks before it are
    exactly the ones it recorded, and the chain from it to the end is intact: an edit before the note (a new
    break) or at or after it is not covered.
    """
    position = next((p for p in range(len(records), 0, -1)
                     if records[p - 1].get("type") == NOTE and ACCEPTS_BREAK in (records[p - 1].get("payload") or {})),
                    None)
    if position is None or position < 2:
        return None
    note = records[position - 1]
    payload = note.get("payload") or {}
    recorded = payload.get(ACCEPTED_BREAKS)
    head = records[position - 2].get("hash")
    if note.get("prev_hash") != head or payload.get(ACCEPTED_HEAD) != head or not isinstance(recorded, list):
        return None
    breaks = chain_breaks(meta, records)
    if [b for b in breaks if b < position] != recorded or any(b >= position for b in breaks) or not recorded:
        return None
    seq = note.get("seq")
    return seq if isinstance(seq, int) else None
