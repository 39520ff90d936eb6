"""The replay cache: the state after a journal's events, kept so that the next command folds only what came after.

The session file stays the only truth. A cache entry (one per session file, in the user's cache folder) holds
the state after the journal's first N events (``scorekeeper.core.state_codec``: plain tagged JSON, never code),
what replay made of each of them, and a digest of the file's bytes up to the end of event N. It is used only
when the file still begins with exactly those bytes (so those N events, the metadata and the hash chain up to N
are byte for byte the ones replayed and verified then), the game, its settings and the code are the same, and
no correction came after N (a ``void`` or ``amend`` changes how earlier events read). Anything else — a
missing, stale, damaged or foreign entry — is ignored and rebuilt: deleting the folder changes no output.

An entry cannot change an answer: it is sealed with an HMAC (SHA-256) under a key of the user's own (``SECRET``,
32 random bytes made on first use, kept 0600 in the user's data folder: ``$SCOREKEEPER_HOME``, else
``$XDG_DATA_HOME/scorekeeper``), and read only as a regular file of at most ``MAX_ENTRY`` bytes, opened without
following a link and without blocking (a FIFO, a device, a link or a folder in its place is no entry). An entry
whose seal does not match (one edited number, another user's key) is never parsed. Every failure to read or
trust an entry is a miss, and the replay then keeps a new entry in its place. A key file that is not a regular
0600 file of this user, of the right size, means no cache at all. ``verify``, ``report`` and the exports do not
read entries (``SessionCore.cached``): they replay the session file itself.

The folder is ``$SCOREKEEPER_CACHE_DIR``, else ``$XDG_CACHE_HOME/scorekeeper/replays`` (``~/.cache`` by
default), private to the user (0700, files 0600). ``SCOREKEEPER_NO_CACHE=1`` turns the cache off.

One seam: a session sees the cache only as a ``ReplayCache`` (``replay()``: the whole journal replayed, from
the entry when it holds; ``keep(replayed)``: after a write) and, for a note recorded without the game's rules,
``note_start``/``keep_after_note``. Nothing else knows entries, digests or prefixes: the journal only takes the
word the cache gives it for the start of its file (``Journal.adopt``), and the engine only resumes a fold from
a given state (``engine.replay_after``).

A journal of fewer than ``SHORT`` events gets no entry: folding it costs less than reading and writing one
(``bench/bench_record.py``), so a recorded play there is never slower with the cache than without it.

A journal kept in memory (``memory:NAME``: the tests, the sample generators) keeps its entry on itself
(``MemoryJournal.remembered``): a private copy of the state, the count and the hash of the event it ends with.
It is used while the journal's event at that count still bears that hash and no correction came after it, so
each command of a generated game folds only its own plays, as the table's does.
"""

from __future__ import annotations

import copy
import json
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper.app.played import Played
from scorekeeper.core.engine import Replay, Resume, replay, replay_after
from scorekeeper.core.events import CORRECTIONS, NOTE
from scorekeeper.core.journal import Journal, MemoryJournal, Vouched, text_digest, verify_chain
from scorekeeper.core.journal_storage import new_temporary, read_bounded, uninterrupted
from scorekeeper.core.state_codec import CodecError, decode, encode
from scorekeeper.core.protocol import Violation
from scorekeeper.core.sha256 import hmac_sha256, same_digest, sha256

if TYPE_CHECKING:
    from _typeshed import StrPath

    from scorekeeper.games import GameInfo
    from scorekeeper.core.protocol import Game, SessionConfig

#: 2: the digest is SHA-256 of the file's bytes, the length counts bytes, the hint is kept; 3: sealed; 4: when
#: and where it was played is kept (``scorekeeper.app.played``)
FORMAT = 4
#: the end of a session file after its last event: the events table and the document close
CLOSING = b"}}"
#: a journal of fewer events is folded afresh by every command and gets no entry (see the module's docstring)
SHORT = 100
#: the largest entry read (a bigger file in its place is no entry); a 100,000-event state is a few MB
MAX_ENTRY = 256 * 1024 * 1024
#: the key file in the user's data folder, and its size
SECRET, SECRET_BYTES = "replay-cache.key", 32


def enabled() -> bool:
    return os.environ.get("SCOREKEEPER_NO_CACHE", "") in ("", "0")


def folder() -> str:
    """Where the entries live (see the module's docstring)."""
    explicit = os.environ.get("SCOREKEEPER_CACHE_DIR")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "scorekeeper", "replays")


def entry_path(session_path: StrPath) -> str:
    """The entry of the session file at ``session_path`` (its real path)."""
    return os.path.join(folder(), sha256(os.fspath(session_path).encode("utf-8")).hexdigest()[:32] + ".json")


@dataclass
class Prefix:
    """A valid entry: the start of the file it vouches for (``journal.Vouched``) and where a replay resumes."""

    vouched: Vouched
    resume: Resume
    played: Played | None = None  # when and where the events it vouches for were played

    @property
    def count(self) -> int:
        return self.vouched.count


class ReplayCache:
    """The replay cache as one session sees it: the journal replayed (from the entry while the file still bears
    it out), and the replay kept for the next command (for a journal kept in memory: on the journal itself)."""

    def __init__(self, journal: "Journal | MemoryJournal", game: "Game", config: "SessionConfig",
                 read: bool = True) -> None:
        """``read=False``: no entry is read (the replay is the file's own; a new entry is still kept)."""
        self.journal, self.game, self.config = journal, game, config
        self._prefix: Prefix | None = None
        if isinstance(journal, Journal):
            self._prefix = load(journal, game, config) if read else None
            if self._prefix is None:  # read every event now: a damaged file is refused here, on opening
                journal.parse()

    def replay(self) -> Replay:
        """The whole journal replayed: only the events after the entry are folded when the journal (as last
        read) still begins with what the entry vouches for and no correction came after it; an entry behind
        the journal is brought up to date."""
        journal, prefix = self.journal, self._prefix
        if isinstance(journal, MemoryJournal):
            return self._replay_in_memory(journal)
        if prefix is None or journal.vouched != prefix.vouched:
            replayed = replay(journal.events(), self.game, self.config)
            self.keep(replayed)
            return replayed
        later = journal.events_after(prefix.count)
        resumed = replay_after(prefix.resume, later, self.game, self.config, lambda: journal.events()[:prefix.count])
        if resumed is None:  # a correction after the entry: it changes how the events before it read
            resumed = replay(journal.events(), self.game, self.config)
        elif not later:
            return resumed
        self.keep(resumed)
        return resumed

    def _replay_in_memory(self, journal: MemoryJournal) -> Replay:
        """The replay of a journal kept in memory, from its remembered entry when the journal still holds it."""
        entry = journal.remembered
        resumed = None
        if enabled() and isinstance(entry, MemoryEntry) and entry.holds(journal):
            events = journal.events()
            resume = Resume(entry.count, entry.state_copy(), dict(entry.outcomes), entry.state_copy)
            resumed = replay_after(resume, events[entry.count:], self.game, self.config, lambda: events[:entry.count])
            if resumed is not None and entry.count == journal.count:
                return resumed
        replayed = resumed if resumed is not None else replay(journal.events(), self.game, self.config)
        self.keep(replayed)
        return replayed

    def keep(self, replayed: Replay) -> None:
        """Keep ``replayed`` (the whole journal as it now reads) for the next command, when the journal is a file
        of at least ``SHORT`` events whose hash chain is intact (or a journal kept in memory: on itself)."""
        journal = self.journal
        if isinstance(journal, MemoryJournal):
            if enabled():  # a copy costs less than folding a few events: no journal is too short for one
                journal.remembered = MemoryEntry.of(journal, replayed)
            return
        if isinstance(journal, Journal) and journal.count >= SHORT and journal.chain_problem() is None:
            kept = save(journal, self.game, self.config, replayed, self.played(replayed))
            if kept is not None:  # a long-lived session (the table's) resumes from it from now on
                self._prefix = kept

    def played(self, replayed: Replay) -> Played:
        """When and where the journal (as last read, replayed as ``replayed``) was played: from the entry and the
        events after it when the entry holds and none of them is a correction, else from every event."""
        journal, prefix = self.journal, self._prefix
        if (isinstance(journal, Journal) and prefix is not None and prefix.played is not None
                and journal.vouched == prefix.vouched):
            later = journal.events_after(prefix.count)
            if not any(e.type in CORRECTIONS for e in later):
                return prefix.played.then(later)
        return Played.of(journal.events(), replayed)


@dataclass(frozen=True)
class MemoryEntry:
    """A journal kept in memory, remembered: the state after its first ``count`` events (a private copy: each use
    takes a copy of it), what replay made of those it did not simply apply, and the hash of event ``count``."""

    count: int
    head: str
    state: Any
    outcomes: dict[int, tuple[str, list[Violation]]]

    @classmethod
    def of(cls, journal: MemoryJournal, replayed: Replay) -> "MemoryEntry":
        outcomes = {seq: (status, list(found)) for seq, (status, found) in replayed.unusual().items()}
        return cls(journal.count, journal.head_hash, copy.deepcopy(replayed.state), outcomes)

    def state_copy(self) -> Any:
        return copy.deepcopy(self.state)

    def holds(self, journal: MemoryJournal) -> bool:
        """Whether ``journal`` still begins with the events this entry was made of."""
        records = journal.records
        return 0 < self.count <= len(records) and records[self.count - 1].get("hash") == self.head


def vouched_count(journal: "Journal | MemoryJournal") -> int | None:
    """How many of the journal's events (as last read) the cache vouched for, or None: for tests and tools."""
    return journal.vouched.count if isinstance(journal, Journal) and journal.vouched is not None else None


def load(journal: "Journal", game: "Game", config: "SessionConfig") -> Prefix | None:
    """The entry for ``journal`` when it is valid for the file as it now reads (the journal then takes its word
    for the start of the file, ``Journal.adopt``), else None: never an error."""
    adopted = _adopted(journal, key(game, config))
    if adopted is None:
        return None
    entry, vouched = adopted
    try:
        outcomes = {int(seq): (str(status), [Violation(int(seq), *v) for v in found])
                    for seq, (status, found) in entry["outcomes"].items()}
        state_data = entry["state"]
        return Prefix(vouched, Resume(vouched.count, decode(state_data), outcomes, lambda: decode(state_data)),
                      Played.from_json(entry["played"]))
    except Exception:  # a sealed entry this code cannot read (made by another version): a miss
        return None


def _adopted(journal: "Journal", wanted_key: str) -> tuple[dict[str, Any], Vouched] | None:
    """The entry (as stored) for ``journal`` under ``wanted_key``, and its word for the start of the file, when
    the journal takes that word (``Journal.adopt``); else None: never an error."""
    if not enabled() or journal.path is None:
        return None
    try:
        secret = user_key()
        body = None if secret is None else unsealed(read_bounded(entry_path(journal.path), MAX_ENTRY), secret)
        if body is None:
            return None
        entry = json.loads(body.decode("utf-8"))
        if entry["format"] != FORMAT or entry["session"] != str(journal.path) or entry["key"] != wanted_key:
            return None
        vouched = Vouched(int(entry["count"]), str(entry["head"]), int(entry["length"]), str(entry["digest"]),
                          str(entry["last_key"]))
        if vouched.count < 1 or not isinstance(entry["expected"], str) or not journal.adopt(vouched):
            return None
        return entry, vouched
    except Exception:  # an entry that cannot be read or trusted is a miss, never an error
        return None


def save(journal: "Journal", game: "Game", config: "SessionConfig", replayed: Replay, played: Played) -> Prefix | None:
    """Keep ``replayed`` (the replay of the whole journal as it now reads, its hash chain intact) for the next
    command, and have the journal take the entry's word for its start (so that its chain is checked only
    after it from now on); the entry as a ``Prefix``. A state that is not plain data, or a folder that cannot
    be written, simply means no entry (None)."""
    if not enabled() or journal.path is None or not journal.count or not journal.raw.endswith(CLOSING):
        return None
    try:
        state = encode(replayed.state)
    except CodecError:
        return None
    unusual = replayed.unusual()
    entry = {
        "format": FORMAT, "session": str(journal.path), "key": key(game, config), "state": state,
        "outcomes": {str(seq): [status, [[v.rule, v.message, v.severity] for v in found]]
                     for seq, (status, found) in unusual.items()},
        "expected": expected_text(game, replayed.state), "played": played.to_json(),
    }
    vouched = _keep(journal, entry)
    if vouched is None or not journal.adopt(vouched):
        return None
    outcomes = {seq: (status, list(found)) for seq, (status, found) in unusual.items()}
    return Prefix(vouched, Resume(vouched.count, decode(state), outcomes, lambda: decode(state)), played)


def _keep(journal: "Journal", entry: dict[str, Any]) -> Vouched | None:
    """Write ``entry`` (state, outcomes, hint) as vouching for the journal as it now reads: its events, and the
    file's bytes before its end; what it vouches for, or None when no entry could be written."""
    assert journal.path is not None
    length = len(journal.raw) - len(CLOSING)
    start = {"count": journal.count, "head": journal.head_hash, "length": length,
             "digest": journal.digest_of_start(length), "last_key": journal.last_key}
    secret = user_key()
    if secret is None:
        return None
    body = json.dumps({**entry, **start}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return Vouched(**start) if _write(entry_path(journal.path), sealed(body, secret)) else None  # type: ignore[arg-type]


def expected_text(game: "Game", state: Any) -> str:
    """What the game expects next, in words (the hint a verdict ends with); "" when the game cannot say."""
    try:
        return game.expect(state).text
    except Exception:  # a hint must never stop a command
        return ""


@dataclass
class NoteStart:
    """An entry a ``note`` can be recorded on without the game's rules: the journal (as read) vouched for, and
    what the game expects after it (a note changes neither the state nor what comes next)."""

    entry: dict[str, Any]
    vouched: Vouched

    @property
    def expected(self) -> str:
        return str(self.entry["expected"])

    def holds(self, journal: "Journal") -> bool:
        """Whether the journal, as re-read under the lock, still bears the entry out: the same start, only notes
        after it, their chain intact (else a play must be replayed, or the broken chain refused, by the game)."""
        if journal.vouched != self.vouched:  # another terminal rewrote the file meanwhile
            return False
        later = journal.records_after(self.vouched.count)
        return (all(r.get("type") == NOTE for r in later)
                and verify_chain(journal.meta, later, self.vouched.count, self.vouched.head) is None)


def note_start(journal: "Journal | MemoryJournal", game: "GameInfo", config: "SessionConfig") -> NoteStart | None:
    """The entry for ``journal``, a session of registry entry ``game`` with ``config``, found without importing
    the game's rules (the fingerprint of its package only), when the journal takes its word; else None."""
    from scorekeeper.core import code_version

    if not isinstance(journal, Journal):
        return None
    found = _adopted(journal, key_of(game.name, config, code_version.fingerprint_of_package(game.package)))
    return None if found is None else NoteStart(*found)


def keep_after_note(journal: "Journal", start: NoteStart) -> None:
    """Keep ``start``'s entry for the journal as it now reads, notes added after it: the same state, outcomes
    and hint (a note changes none of them), vouching for the whole file; when it was played, and where, with
    the notes added (a ``set location`` is one)."""
    if journal.raw.endswith(CLOSING):
        try:
            played = Played.from_json(start.entry["played"]).then(journal.events_after(start.vouched.count))
        except (KeyError, TypeError, ValueError):
            return
        _keep(journal, {**start.entry, "played": played.to_json()})


def key(game: "Game", config: "SessionConfig") -> str:
    """The game, the session's settings, players and catalog, and the code that replays them."""
    from scorekeeper.core import code_version

    return key_of(game.name, config, code_version.fingerprint(game))


def key_of(name: str, config: "SessionConfig", fingerprint: str) -> str:
    """``key`` from the game's name and the fingerprint of its code."""
    data = [name, list(config.players), config.settings, config.catalog, fingerprint]
    return text_digest(json.dumps(data, sort_keys=True, default=str))


# -- the seal ------------------------------------------------------------------------------------------


def seal(body: bytes, secret: bytes) -> str:
    """The seal of ``body`` under ``secret``: its HMAC-SHA-256, in hexadecimal (the replay cache's entries and the
    league index's rows, ``scorekeeper.app.league_index``, are sealed so)."""
    return hmac_sha256(secret, body)


def seal_holds(body: bytes, mac: str | bytes, secret: bytes) -> bool:
    """Whether ``mac`` is the seal ``secret`` makes of ``body`` (compared in constant time)."""
    given = mac.encode("ascii", "replace") if isinstance(mac, str) else mac
    return same_digest(given, seal(body, secret).encode("ascii"))


def sealed(body: bytes, secret: bytes) -> bytes:
    """An entry as stored: the seal of ``body`` under ``secret`` (``seal``), a newline, ``body``."""
    return seal(body, secret).encode("ascii") + b"\n" + body


def unsealed(stored: bytes | None, secret: bytes) -> bytes | None:
    """The body of a stored entry when its seal is the one ``secret`` makes, else None."""
    if stored is None:
        return None
    mac, _, body = stored.partition(b"\n")
    return body if seal_holds(body, mac, secret) else None


def key_folder() -> str:
    """The user's data folder, where the key is kept (see the module's docstring)."""
    explicit = os.environ.get("SCOREKEEPER_HOME")
    if explicit:
        return explicit
    return os.path.join(os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share"),
                        "scorekeeper")


_keys: dict[str, bytes | None] = {}


def user_key() -> bytes | None:
    """The user's key, made on first use (atomically: a key another process made first is the one used); None,
    no cache, when it is not a regular 0600 file of this user of ``SECRET_BYTES`` bytes or cannot be made."""
    path = os.path.join(key_folder(), SECRET)
    if str(path) not in _keys:
        secret = _read_key(path)
        if secret is None and not os.path.lexists(path):
            _make_key(path)
            secret = _read_key(path)
        _keys[str(path)] = secret
    return _keys[str(path)]


def _read_key(path: str) -> bytes | None:
    """The key at ``path`` when the file is one to trust (see ``user_key``), else None."""
    data = read_bounded(path, SECRET_BYTES, private=True)
    return data if data is not None and len(data) == SECRET_BYTES else None


def _make_key(path: str) -> None:
    """Write a new random key at ``path`` unless one is there: written whole, then linked into place."""
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        with uninterrupted():
            fd, temporary = new_temporary(os.path.dirname(path), ".key-")  # 0600
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(os.urandom(SECRET_BYTES))
                    handle.flush()
                    os.fsync(handle.fileno())
                os.link(temporary, path)  # fails when another process made the key first: that one is used
            finally:
                os.unlink(temporary)
    except OSError:
        return


#: a temporary entry older than this is one a killed command left behind (a live write takes milliseconds)
STALE_SECONDS = 600
_swept: set[str] = set()


def sweep(cache: StrPath, now: float | None = None) -> int:
    """Remove the temporary entries (``.entry-XXXXXXXX.tmp``) that a command killed mid-write left in ``cache``
    (older than ``STALE_SECONDS``: a concurrent write's own is never touched); how many (field report TRUST-9).
    Done once per process, on its first write of an entry: one listing of the folder."""
    import time

    from scorekeeper.core.journal_storage import TEMP_SUFFIX

    limit, removed = (time.time() if now is None else now) - STALE_SECONDS, 0
    try:
        with os.scandir(cache) as entries:
            for entry in entries:
                if not (entry.name.startswith(".entry-") and entry.name.endswith(TEMP_SUFFIX)):
                    continue
                try:
                    if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < limit:
                        os.unlink(entry.path)
                        removed += 1
                except OSError:
                    continue
    except OSError:
        pass
    return removed


def _write(path: str, data: bytes) -> bool:
    """Put ``data`` at ``path`` atomically, replacing whatever is there (a damaged entry, a link, a FIFO);
    whether it was written. The first write of a process sweeps away what killed ones left (``sweep``)."""
    cache = os.path.dirname(path)
    try:
        os.makedirs(cache, mode=0o700, exist_ok=True)
        if cache not in _swept:
            _swept.add(cache)
            sweep(cache)
        with uninterrupted():
            fd, temporary = new_temporary(cache, ".entry-")
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                os.replace(temporary, path)
            except BaseException:
                os.unlink(temporary)
                raise
    except OSError:
        return False  # no cache, same outputs
    return True
