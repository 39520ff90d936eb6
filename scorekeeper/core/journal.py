"""The journal: the only code that touches a session file.

A session is one TinyDB JSON file with two tables: ``meta`` (one document: schema version, game, players in
seat order, settings and their sources, optional card catalog, creation time) and ``events`` (one document
per event). The guarantees, each tested (see ``docs/journal.md``):

* **append-only** — events are only ever inserted; a correction is a new event;
* **atomic** — every write goes to a temporary file in the same folder, is flushed and fsynced, replaces the
  session file with ``os.replace``, and the folder is fsynced; a crash leaves the old or the new file, whole;
* **locked** — every mutating command holds an exclusive lock (``<session>.lock``, removed on release) from
  reading the journal to writing it, so concurrent terminals append in turn and ``seq`` stays contiguous;
* **tamper-evident** — each event stores the SHA-256 of its predecessor (the first: of the metadata) and its
  own; ``verify`` names the first event whose chain is broken;
* **never overwrites what it cannot read** — a file that does not parse raises ``JournalError`` and is left
  untouched.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import stat
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from scorekeeper.core import strictjson
from scorekeeper.core.events import NOTE, Event

SCHEMA_VERSION = 1
META_TABLE = "meta"
EVENTS_TABLE = "events"
LOCK_TIMEOUT_SECONDS = 15.0
TEMP_SUFFIX = ".tmp"
#: how much of a file's start is decoded to read its metadata without decoding the whole file
META_WINDOW = 1 << 16


from scorekeeper.errors import BadInput, Refused


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
    return hashlib.sha256(canonical(meta.to_record())).hexdigest()


def event_hash(record: Mapping[str, Any], prev_hash: str) -> str:
    body = {k: v for k, v in record.items() if k not in ("hash", "prev_hash")}
    body["prev_hash"] = prev_hash
    return hashlib.sha256(canonical(body)).hexdigest()


def now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


# -- storage ---------------------------------------------------------------------------------------


def atomic_write(path: Path, text: str | bytes) -> None:
    """Write ``text`` (or bytes, written as they are) to ``path`` so that a crash leaves either the old file or
    the new one, whole.

    The new file keeps the old one's permissions (a new file gets what ``open`` would give it).
    """
    folder = path.parent
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    try:
        os.chmod(tmp_name, _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException as exc:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        if isinstance(exc, OSError) and exc.filename is None:  # a full disk says no file: name the one written
            exc.filename = str(path)
        raise
    fsync_folder(folder)


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # some platforms cannot open folders; the rename is still atomic
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def read_json_file(path: Path) -> dict[str, Any]:
    """Parse a session file, or raise ``JournalError`` naming the file and the problem."""
    return parse_json_text(read_text(path), path)


def read_text(path: Path) -> str:
    """A session file's text, or ``JournalError`` naming the file and why it cannot be read."""
    return decoded(read_stamped(path)[0], path)


def decoded(raw: bytes, path: Path) -> str:
    """A session file's bytes as text, or ``JournalError`` when they are not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JournalError(f"{path}: not a session file (not UTF-8 text); it was left untouched") from None


def stamp_of(info: os.stat_result) -> tuple[int, int, int, int]:
    """What changes whenever the file does: every write replaces it (a new inode), an edit in place changes its
    size or modification time."""
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def read_stamped(path: Path) -> tuple[bytes, tuple[int, int, int, int]]:
    """A session file's bytes and the stamp of the very file they were read from (``stamp_of``), or
    ``JournalError`` naming the file and why it cannot be read. (Bytes: a long journal is hashed, spliced and
    written as it is read, and only the parts a command needs are decoded.)"""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # a FIFO would block every command; a device is no session
            raise JournalError(f"{path}: not a regular file, so not a session file; it was left untouched")
        with open(path, "rb") as handle:
            stamp = stamp_of(os.fstat(handle.fileno()))
            text = handle.read()
    except FileNotFoundError:
        raise JournalError(f"{path}: no such session file (create one with: scorekeeper new GAME --players A,B)") from None
    except IsADirectoryError:
        raise JournalError(f"{path}: is a folder, not a session file") from None
    except OSError as exc:
        raise JournalError(f"{path}: cannot read it ({exc.strerror})") from None
    return text, stamp


def parse_json_text(text: str, path: Path) -> dict[str, Any]:
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


def _make_storage_class(path: Path, preloaded: dict[str, Any] | None) -> type:
    """A TinyDB ``Storage`` bound to ``path`` that reads strictly and writes atomically.

    ``preloaded`` is the file's content as already parsed under the lock: TinyDB's read then costs nothing.
    """
    from tinydb.storages import Storage

    class AtomicJSONStorage(Storage):
        """TinyDB storage: strict read, atomic write (temporary file, fsync, ``os.replace``, folder fsync)."""

        def __init__(self) -> None:
            self.path = path

        def read(self) -> dict[str, Any] | None:
            if preloaded is not None:
                return preloaded
            if not self.path.exists():
                return None
            return read_json_file(self.path)

        def write(self, data: dict[str, Any]) -> None:
            atomic_write(self.path, strictjson.dumps(data, ensure_ascii=False, separators=(",", ":")))

        def close(self) -> None:
            pass

    return AtomicJSONStorage


# -- the journal -----------------------------------------------------------------------------------


class ChainedRecords:
    """What the journal and its in-memory twin share: the event records of a hash chain, read."""

    meta: SessionMeta
    _records: list[dict[str, Any]]

    @property
    def records(self) -> list[dict[str, Any]]:
        """The stored event documents, in journal (document) order, hashes included."""
        return list(self._records)

    _events: list[Event] | None = None

    def events(self) -> list[Event]:
        """The events, read from their records once per change of the journal."""
        if self._events is None or len(self._events) != len(self._records):
            self._events = [Event.from_record(r) for r in self._records]
        return list(self._events)

    @property
    def head_hash(self) -> str:
        return self._records[-1].get("hash", "") if self._records else meta_hash(self.meta)

    @property
    def count(self) -> int:
        """How many events the journal holds."""
        return len(self._records)

    @property
    def next_seq(self) -> int:
        """The number the next event gets."""
        return int(self._records[-1]["seq"]) + 1 if self._records else 1

    def records_after(self, count: int) -> list[dict[str, Any]]:
        """The records after the first ``count``."""
        return self._records[count:]

    def events_after(self, count: int) -> list[Event]:
        """The events after the first ``count``."""
        return [Event.from_record(r) for r in self.records_after(count)]


@dataclass(frozen=True)
class Vouched:
    """What a replay cache vouches for: the file's first ``length`` bytes (their ``digest``) hold the
    metadata and the first ``count`` events, read, checked and verified when it was made; the last of them
    has hash ``head`` and document key ``last_key``."""

    count: int
    head: str
    length: int
    digest: str
    last_key: str


def text_digest(text: str | bytes) -> str:
    """The digest a ``Vouched`` compares the start of a file with (of text: of its UTF-8)."""
    return _hasher(text.encode("utf-8") if isinstance(text, str) else text).hexdigest()


def _hasher(data: bytes | memoryview) -> Any:
    # SHA-256: x86 and ARM processors hash it in hardware; of a 14 MB file, 7.9 ms against BLAKE2b's 16 ms
    # (docs/performance.md)
    return hashlib.sha256(data)


class Journal(ChainedRecords):
    """A session file: read its metadata and events; append events under the lock.

    Every instance reads the file afresh. Use ``Journal.create`` for a new session and ``Journal(path)`` for
    an existing one. ``Journal(path, parse=False)`` reads the text and the metadata only: the events are then
    parsed when first asked for, unless ``adopt`` takes a replay cache's word for the start of the file, so
    that only the events after it are read (a long journal's command then costs what its new events cost).
    """

    def __init__(self, path: str | os.PathLike[str], *, parse: bool = True) -> None:
        # the real file: through a symbolic link, the lock, the temporary file and the replace act on it
        self.path = Path(os.path.realpath(path))
        self._vouched: Vouched | None = None
        self._tail: list[tuple[str, dict[str, Any]]] = []  # the (key, record) after the vouched text
        self._hashed: tuple[int, Any] | None = None  # the vouched text's length and its digest's state
        self._read(parse)

    # reading ------------------------------------------------------------------------------------

    def _read(self, parse: bool) -> None:
        # as read: the replay cache compares it with what it replayed; the stamp tells whether it changed since
        self.raw, self._stamp = read_stamped(self.path)
        self._text: str | None = None
        self._events = None
        self._all: list[dict[str, Any]] | None = None
        self._data: dict[str, Any] | None = None
        meta = None if parse else _leading_meta(self.raw, str(self.path))
        if meta is None:
            self._parse()
        else:
            self.meta = meta

    @property
    def text(self) -> str:
        """The file's text as read (decoded when first asked for: ``JournalError`` if it is not UTF-8)."""
        if self._text is None:
            self._text = decoded(self.raw, self.path)
        return self._text

    def _parse(self) -> None:
        """Parse and check the whole file (``JournalError`` naming what is wrong)."""
        self._data = parse_json_text(self.text, self.path)
        self.meta, self._all = parse_session(self._data, str(self.path))

    def parse(self) -> None:
        """Parse the whole file now, if it is not yet (a damaged file is refused here, not later)."""
        if self._all is None:
            self._parse()

    @property
    def _records(self) -> list[dict[str, Any]]:  # type: ignore[override]
        if self._all is None:
            self._parse()
        assert self._all is not None
        return self._all

    def adopt(self, vouched: Vouched) -> bool:
        """Take ``vouched``'s word for the start of the file when the file still begins with exactly that text
        and only adds events after it (each checked here, none numbered again); False, nothing taken, else."""
        raw = memoryview(self.raw)
        if len(raw) < vouched.length:
            return False
        hasher = _hasher(raw[:vouched.length])
        if hasher.hexdigest() != vouched.digest:
            return False
        tail = _added_records(bytes(raw[vouched.length:]), vouched.last_key, str(self.path))
        if tail is None:
            return False
        self._vouched, self._tail, self._hashed = vouched, tail, (vouched.length, hasher)
        return True

    def digest_of_start(self, length: int) -> str:
        """``text_digest`` of the file's first ``length`` bytes, from the vouched start when it is known
        (hashing only what follows it)."""
        raw = memoryview(self.raw)
        if self._hashed is not None and self._hashed[0] <= length:
            known, hasher = self._hashed
            hasher = hasher.copy()
            hasher.update(raw[known:length])
            return str(hasher.hexdigest())
        return str(_hasher(raw[:length]).hexdigest())

    @property
    def vouched(self) -> Vouched | None:
        """The replay cache's word this journal took (``adopt``), or None."""
        return self._vouched

    @property
    def head_hash(self) -> str:
        if self._all is None and self._vouched is not None:
            return str(self._tail[-1][1].get("hash", "")) if self._tail else self._vouched.head
        return super().head_hash

    @property
    def count(self) -> int:
        if self._all is None and self._vouched is not None:
            return self._vouched.count + len(self._tail)
        return super().count

    @property
    def next_seq(self) -> int:
        if self._all is None and self._vouched is not None:
            return int(self._tail[-1][1]["seq"]) + 1 if self._tail else self._vouched.count + 1
        return super().next_seq

    def records_after(self, count: int) -> list[dict[str, Any]]:
        vouched = self._vouched
        if self._all is None and vouched is not None and count >= vouched.count:
            return [record for _, record in self._tail[count - vouched.count:]]
        return super().records_after(count)

    def reload(self) -> None:
        """Read the file again if it changed since it was read (``stamp_of``): another terminal wrote it. Keep
        the replay cache's word for its start while the file still bears it out."""
        try:
            if stamp_of(os.stat(self.path)) == self._stamp:
                return  # the very file already read: nobody wrote it since
        except OSError:
            pass  # the read below says what is wrong
        vouched = self._vouched
        self._vouched, self._tail, self._hashed = None, [], None
        self._read(parse=vouched is None)
        if vouched is not None and not self.adopt(vouched):
            self._parse()

    # writing ------------------------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | os.PathLike[str], meta: SessionMeta, events: Sequence[Event] = ()) -> "Journal":
        """Create a new session file, with ``events`` already in it (an import); never overwrites a file.

        The events are renumbered 1, 2, 3… in order and chained afresh, in a single atomic write.
        """
        if os.path.islink(path) and not os.path.exists(path):  # else the session would land in another folder
            raise JournalError(f"{path}: a symbolic link to {os.readlink(path)}, which does not exist; "
                               "give another --session path, or remove the link")
        target = Path(os.path.realpath(path))
        if target.exists():
            raise JournalError(f"{path}: a file already exists there; choose another --session path")
        if not target.parent.exists():
            raise JournalError(f"{target.parent}: no such folder")
        records = chained([replace(e, seq=seq) for seq, e in enumerate(events, start=1)], meta_hash(meta))
        with locked(target):
            if target.exists():
                raise JournalError(f"{path}: a file already exists there; choose another --session path")
            db = _tinydb(target, {})
            db.table(META_TABLE).insert(meta.to_record())
            db.table(EVENTS_TABLE).insert_multiple(records)
            _write(db, target)  # the one and only write
        return cls(target)

    @contextmanager
    def transaction(self) -> Iterator["Transaction"]:
        """Hold the session lock, re-read the file, and let the caller append events.

        Everything appended inside the block is written before the block ends (one atomic write per
        event). Nothing is written when the caller raises before appending.
        """
        refuse_read_only(self.path)
        with locked(self.path):
            clean_stray_temporaries(self.path)
            self.reload()
            yield Transaction(self)

    def _append(self, events: Sequence[Event]) -> list[dict[str, Any]]:
        """Chain ``events`` after the head and write them in one atomic write."""
        records = chained(events, self.head_hash)
        if self._all is None and self._vouched is not None:  # only the vouched text and the events after it read
            first = int(self.last_key) + 1
            raw = spliced(self.raw, first, records, after_others=True)
            _write_text(self.path, raw)
            self._tail.extend((str(first + n), record) for n, record in enumerate(records))
        else:
            data = self._data
            assert data is not None  # parsed with the records
            raw_or_none = appended_text(self.raw, data, records)
            if raw_or_none is None:  # a file another program laid out: TinyDB rewrites it
                db = _tinydb(self.path, data)
                db.table(EVENTS_TABLE).insert_multiple(records)
                _write(db, self.path)
                raw = self.path.read_bytes()
            else:
                raw = raw_or_none
                _write_text(self.path, raw)
                table = data.setdefault(EVENTS_TABLE, {})
                first = _next_doc_id(table)
                for n, record in enumerate(records):
                    table[str(first + n)] = record
            self._records.extend(records)
        self._events = None
        self.raw, self._text = raw, None
        self._stamp = stamp_of(os.stat(self.path))  # under the lock: the file just written
        return records

    @property
    def last_key(self) -> str:
        """The document key of the last event (``""`` when there is none)."""
        if self._all is None and self._vouched is not None:
            return self._tail[-1][0] if self._tail else self._vouched.last_key
        table = (self._data or {}).get(EVENTS_TABLE) or {}
        return next(reversed(table), "")


class MemoryJournal(ChainedRecords):
    """The journal's in-memory twin, for tests and the sample generators: the same hash chain, no file.

    It has the ``Journal``'s reading and transaction interface; ``path`` is None.
    """

    path = None

    def __init__(self, meta: SessionMeta, events: Sequence[Event] = ()) -> None:
        self.meta = meta
        self._records: list[dict[str, Any]] = []
        self._append(events)

    @contextmanager
    def transaction(self) -> Iterator["Transaction"]:
        """The same contract as ``Journal.transaction``, without a lock (one process owns the memory)."""
        yield Transaction(self)

    def _append(self, events: Sequence[Event]) -> list[dict[str, Any]]:
        records = chained(events, self.head_hash)
        self._records.extend(records)
        return records


class Transaction:
    """The journal as read under the lock; ``append`` writes one event to disk before returning."""

    def __init__(self, journal: "Journal | MemoryJournal") -> None:
        self.journal = journal

    @property
    def meta(self) -> SessionMeta:
        return self.journal.meta

    def events(self) -> list[Event]:
        return self.journal.events()

    @property
    def next_seq(self) -> int:
        return self.journal.next_seq

    def append(self, type: str, player: str | None, payload: Mapping[str, Any], *, forced: bool = False,
               recorded_at: str | None = None) -> Event:
        """Write one event (numbered next) before returning it."""
        event = Event(self.next_seq, type, player, dict(payload), recorded_at or now_iso(), forced)
        return self.append_many([event])[0]

    def append_many(self, events: Sequence[Event]) -> list[Event]:
        """Write several events in one atomic write (all or none), numbered and chained in order.

        Each event's ``seq`` is set here (the next numbers); an empty ``recorded_at`` is set to now.
        """
        now, first = now_iso(), self.next_seq
        numbered = [replace(e, seq=first + n, recorded_at=e.recorded_at or now) for n, e in enumerate(events)]
        self.journal._append(numbered)
        return numbered


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


def _write_text(path: Path, text: str | bytes) -> None:
    """Write the session's new text atomically; a failed write (full disk, read-only folder) leaves the old file."""
    try:
        atomic_write(path, text)
    except OSError as exc:
        raise JournalWriteError(f"{path}: cannot write the session ({exc.strerror or exc}); nothing was written") from None


def _write(db: Any, path: Path) -> None:
    """Close ``db``, which writes it; a failed write (full disk, read-only folder) leaves the old file."""
    try:
        db.close()
    except OSError as exc:
        raise JournalWriteError(f"{path}: cannot write the session ({exc.strerror or exc}); nothing was written") from None
    except ValueError as exc:  # NaN or Infinity: strict JSON refuses them
        raise JournalWriteError(f"{path}: cannot write the session ({exc}); nothing was written") from None


def refuse_read_only(path: Path) -> None:
    """``JournalWriteError`` when the session file is read-only (even for root: no write bit at all)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # the read under the lock says what is wrong
    if not mode & 0o222 or not os.access(path, os.W_OK):
        raise JournalWriteError(f"{path}: the session file is read-only, so nothing was recorded "
                                "(make it writable, e.g. chmod u+w, to record in it)")


def _tinydb(path: Path, preloaded: dict[str, Any]) -> Any:
    """A TinyDB over ``path`` whose writes are cached until ``close``: one atomic write per use."""
    from tinydb import TinyDB
    from tinydb.middlewares import CachingMiddleware

    middleware = CachingMiddleware(_make_storage_class(path, preloaded))
    middleware.WRITE_CACHE_SIZE = 1_000_000
    return TinyDB(storage=middleware)


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


def accepted_at(records: Sequence[Mapping[str, Any]], problem: ChainProblem) -> int | None:
    """The seq of the note that accepted the broken chain, or None when no acceptance covers ``problem``.

    The last accepting note covers the breaks before it when it was appended to the file as it stood (its
    ``prev_hash`` is the stored hash of the event before it) and the chain from it to the end is intact, so
    a break made after the acceptance (at it or after it) is not covered.
    """
    position = next((p for p in range(len(records), 0, -1)
                     if records[p - 1].get("type") == NOTE and ACCEPTS_BREAK in (records[p - 1].get("payload") or {})),
                    None)
    if position is None or position <= problem.position or position < 2:
        return None
    note = records[position - 1]
    if note.get("prev_hash") != records[position - 2].get("hash"):
        return None
    prev, first_seq = note.get("prev_hash"), note.get("seq")
    for offset, record in enumerate(records[position - 1:]):
        if not isinstance(first_seq, int) or record.get("seq") != first_seq + offset \
                or record.get("prev_hash") != prev or event_hash(record, str(prev)) != record.get("hash"):
            return None
        prev = record.get("hash")
    return int(first_seq) if isinstance(first_seq, int) else None


# -- locking and clean-up --------------------------------------------------------------------------


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the exclusive lock ``<session>.lock``; raise ``JournalBusyError`` after a timeout.

    The lock file exists only while a command holds it: the holder removes it before it lets go, and a
    command that waited re-locks when the file it locked is no longer the one at the path (so no two
    commands ever hold locks on two different files). Where ``fcntl`` is missing, ``filelock`` is used.
    """
    try:
        import fcntl
    except ImportError:  # not POSIX
        yield from _filelocked(path)
        return
    import time

    lock_path = str(path) + ".lock"
    deadline = time.monotonic() + LOCK_TIMEOUT_SECONDS
    while True:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise JournalBusyError(f"{path}: another command is writing this session; try again") from None
                    time.sleep(0.02)
            try:
                current = os.stat(lock_path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                current = False
        except BaseException:
            os.close(fd)
            raise
        if current:
            break
        os.close(fd)  # its last holder removed that file: lock the one at the path now
    try:
        yield
    finally:
        try:
            os.unlink(lock_path)
        except OSError:
            pass
        os.close(fd)  # releases the lock


def _filelocked(path: Path) -> Iterator[None]:
    from filelock import FileLock, Timeout

    lock = FileLock(str(path) + ".lock", timeout=LOCK_TIMEOUT_SECONDS)
    try:
        lock.acquire()
    except Timeout:
        raise JournalBusyError(f"{path}: another command is writing this session; try again") from None
    try:
        yield
    finally:
        lock.release()


def clean_stray_temporaries(path: Path) -> list[Path]:
    """Remove temporary files a crashed writer left beside the session (call only under the lock).

    Only names ``atomic_write`` makes for this very session match: ``.<name>.<8 characters>.tmp``.
    """
    prefix = f".{path.name}."
    removed = []
    for stray in path.parent.iterdir():
        name = stray.name
        middle = name[len(prefix):-len(TEMP_SUFFIX)]
        if name.startswith(prefix) and name.endswith(TEMP_SUFFIX) and len(middle) == 8 and "." not in middle:
            try:
                stray.unlink()
                removed.append(stray)
            except OSError:
                pass
    return removed
