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

import os
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Mapping, Sequence

from scorekeeper.core.events import Event
from scorekeeper.core.journal_format import (  # noqa: F401 (the journal's names, where its users import them)
    ACCEPTED_BREAKS, ACCEPTED_HEAD, ACCEPTS_BREAK, EVENTS_TABLE, META_TABLE, SCHEMA_VERSION, ChainProblem, JournalBusyError, JournalError,
    JournalWriteError, SessionMeta, _added_records, _hasher, _leading_meta, _next_doc_id, accepted_at,
    appended_text, canonical, chain_breaks, chained, event_hash, meta_hash, meta_problem, new_session_text, now_iso,
    parse_json_text, parse_session, spliced, text_digest, verify_chain,
)
from scorekeeper.core.journal_storage import (  # noqa: F401
    _tinydb, _write, _write_text, atomic_write, clean_stray_temporaries, decoded, folder_of, locked, read_stamped,
    refuse_read_only, stamp_of,
)

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

    _chain: tuple[str, ChainProblem | None] | None = None

    def chain_problem(self) -> ChainProblem | None:
        """The first break in the hash chain (``verify``), or None; checked once per head and per reading."""
        head = self.head_hash
        if self._chain is None or self._chain[0] != head:
            self._chain = (head, self._verified())
        return self._chain[1]

    def _verified(self) -> ChainProblem | None:
        return verify_chain(self.meta, self.records)


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




class Journal(ChainedRecords):
    """A session file: read its metadata and events; append events under the lock.

    Every instance reads the file afresh. Use ``Journal.create`` for a new session and ``Journal(path)`` for
    an existing one. ``Journal(path, parse=False)`` reads the text and the metadata only: the events are then
    parsed when first asked for, unless ``adopt`` takes a replay cache's word for the start of the file, so
    that only the events after it are read (a long journal's command then costs what its new events cost).
    """

    def __init__(self, path: str | os.PathLike[str], *, parse: bool = True) -> None:
        # the real file: through a symbolic link, the lock, the temporary file and the replace act on it
        self.path = os.path.realpath(path)  # a text: the real path (pathlib is not imported by a read, issue 32)
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

    def _verified(self) -> ChainProblem | None:
        """The chain checked after the start the replay cache vouched for (verified when its entry was made)."""
        vouched = self._vouched
        if vouched is None:
            return super()._verified()
        return verify_chain(self.meta, self.records_after(vouched.count), vouched.count, vouched.head)

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
        self._vouched, self._tail, self._hashed, self._chain = None, [], None, None
        self._read(parse=vouched is None)
        if vouched is not None and not self.adopt(vouched):
            self._parse()

    # writing ------------------------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | os.PathLike[str], meta: SessionMeta, events: Sequence[Event] = (), *,
               before_write: Callable[[str], None] | None = None) -> "Journal":
        """Create a new session file, with ``events`` already in it (an import); never overwrites a file.

        The events are renumbered 1, 2, 3… in order and chained afresh, in a single atomic write.
        ``before_write(path)`` runs under the lock once the path is known to be free, before the write (the
        witness forgets what an earlier session at this path wrote: ``witness.Witness.forget``).
        """
        if os.path.islink(path) and not os.path.exists(path):  # else the session would land in another folder
            raise JournalError(f"{path}: a symbolic link to {os.readlink(path)}, which does not exist; "
                               "give another --session path, or remove the link")
        target = os.path.realpath(path)
        if os.path.exists(target):
            raise JournalError(f"{path}: a file already exists there; choose another --session path")
        folder = folder_of(target)
        if not os.path.exists(folder):
            raise JournalError(f"{folder}: no such folder")
        try:
            records = chained([replace(e, seq=seq) for seq, e in enumerate(events, start=1)], meta_hash(meta))
            text = new_session_text(meta, records)
        except ValueError as exc:  # NaN or Infinity in the metadata: strict JSON refuses them
            raise JournalWriteError(f"{path}: cannot write the session ({exc}); nothing was written") from None
        with locked(target):
            if os.path.exists(target):
                raise JournalError(f"{path}: a file already exists there; choose another --session path")
            if before_write is not None:
                before_write(target)
            _write_text(target, text)  # the one and only write
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
                raw = read_stamped(self.path)[0]
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
    #: what the process remembers of this journal to answer faster (the replay cache's entry); never the truth
    remembered: Any = None

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
