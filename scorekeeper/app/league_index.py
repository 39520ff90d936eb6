"""The league's index: what each session file comes to, kept in SQLite so that ``standings`` replays a file once.

A file's *result* (``standings.Result``, or the reason it cannot be counted) depends only on its bytes and on
the code that replays it. The index keeps it under the SHA-256 of the file's bytes and the code's fingerprint
(``scorekeeper.core.code_version``, of every registered game): a file whose digest is known is not opened
again, a changed file has another digest and is replayed, and a change to the code replays everything. To spare
a warm run the hashing too, the index remembers each path's last stat (size, modification and change times,
inode) and digest; a file whose stat changed is hashed again, and the digest decides. A stat taken within
``RACY_SECONDS`` of the file's modification is not trusted next time (a write in the same clock tick).

It is never the truth: delete it, and every output stays the same, only slower. Nor can an edit of it change an
answer (field report TRUST-2): every row is sealed with the user's key, the replay cache's
(``replay_cache.seal``: an HMAC of every column, the path included), and a row whose seal does not hold (a value
edited, a path mapped to another digest, a row copied from another path or sealed under another user's key) is
read again from the file. A shared index given with ``--index`` is a hint only: the stat of a file is not
trusted there, its bytes are hashed every time and only a result sealed under the user's own key for that
digest is taken. No key (see ``replay_cache.user_key``) means no index. What ``verify`` says of a file depends
on this machine's witness too: a result that is not intact, or whose witness moved on, is read again. A file removed from a folder
that was read drops out of it. Concurrent commands share it through SQLite's own locking (WAL mode, a busy
timeout); a write that cannot be made is skipped. A damaged index is deleted and rebuilt, with one notice;
but a file given with ``--index`` that is not recognisably a league index (an SQLite database marked with
``APPLICATION_ID``: it may be someone else's database, or a session file given by mistake) is refused and
left untouched.

Where: ``--index PATH``; else ``league.sqlite`` in ``$SCOREKEEPER_CACHE_DIR``, else in
``$XDG_CACHE_HOME/scorekeeper`` (``~/.cache`` by default), private to the user. ``SCOREKEEPER_NO_CACHE=1``
turns it off (an explicit ``--index`` still counts).
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import sqlite3
import stat
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from scorekeeper.app import replay_cache
from scorekeeper.app.league_result import BUG_PREFIX, Result, read_result, witness_moved
from scorekeeper.app.trust_verdict import TrustVerdict
from scorekeeper.errors import BadInput
from scorekeeper.core.protocol import ScoreRow, ScoreTable

if TYPE_CHECKING:
    from _typeshed import StrPath

#: the schema's version (``PRAGMA user_version``; another one is dropped and rebuilt); 2: a result keeps its
#: trust, and every row is sealed
FORMAT = 2
#: ``PRAGMA application_id`` of a league index ("SKLI"): a file without it is not ours to rebuild
APPLICATION_ID = 0x534B4C49
FILE_NAME = "league.sqlite"
RACY_SECONDS = 2.0
BUSY_MS = 10_000
#: opening an index another command is making at that moment: tries, and the wait between two (seconds)
OPEN_TRIES, OPEN_WAIT = 50, 0.02

SCHEMA = """
CREATE TABLE IF NOT EXISTS files (path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
    ctime_ns INTEGER NOT NULL, inode INTEGER NOT NULL, digest TEXT NOT NULL, seal TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS results (digest TEXT NOT NULL, code TEXT NOT NULL, outcome TEXT NOT NULL,
    seal TEXT NOT NULL, PRIMARY KEY (digest, code)) WITHOUT ROWID;
"""

#: what the index knows of a path (the caller adds the condition): its stat, its digest, the outcome kept for
#: that digest with this code (NULL when none), the path, and the seals of the two rows
KNOWN = ("SELECT size, mtime_ns, ctime_ns, inode, files.digest, outcome, path, files.seal, results.seal "
         "FROM files LEFT JOIN results ON results.digest = files.digest AND code = ? WHERE ")

Stat = tuple[int, int, int, int]  # size, mtime_ns, ctime_ns, inode
Outcome = Result | str  # a result, or the reason the file cannot be counted


def default_path() -> Path | None:
    """The index in the user's cache folder (see the module's docstring); None when caches are turned off."""
    if not replay_cache.enabled():
        return None
    explicit = os.environ.get("SCOREKEEPER_CACHE_DIR")
    return Path(explicit) / FILE_NAME if explicit else Path(replay_cache.folder()).parent / FILE_NAME


def open_index(explicit: str | None = None) -> "Index | None":
    """The index at ``explicit``, else the default one (or None when turned off)."""
    path = Path(explicit) if explicit else default_path()
    return Index(path, explicit=bool(explicit)) if path is not None else None


def code_key() -> str:
    """The fingerprint of the code that makes a result: the core's and every registered game's."""
    from scorekeeper import games
    from scorekeeper.core.code_version import fingerprint_of_package

    parts = [f"index {FORMAT}"] + [f"{g.name}:{fingerprint_of_package(g.package)}" for g in games.REGISTRY]
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:24]


def stat_of(path: str) -> Stat:
    info = os.stat(path)
    return info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino


def file_digest(path: str) -> str:
    """The SHA-256 of a regular file's bytes; ``OSError`` for anything else (a FIFO would block, a device never
    end: such a file is not indexed, and reading it as a session says what it is)."""
    with open(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", path)
        return hashlib.sha256(handle.read()).hexdigest()


def listed(entries: Sequence[Mapping[str, Any]], current: StrPath | None,
           witness: StrPath | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """The ``sessions`` list: each remembered session (``path``, ``game``, ``players``, ``used``) with its result
    (replayed only when the file changed since the index last saw it) and what ``verify`` says of it (with this
    machine's witness kept in the folder ``witness``); and what the index had to say."""
    index = open_index()
    rows = []
    for entry in entries:
        path = str(entry["path"])
        outcome: Outcome = "no such file" if not os.path.isfile(path) else read_checked(
            index, path, str(Path(path).resolve()), witness)
        result = outcome if isinstance(outcome, Result) else None
        final = bool(result and result.final)
        rows.append({"current": bool(current and str(current) == path), "game": entry.get("game"),
                     "players": entry.get("players"), "path": path, "last_used": entry.get("used"),
                     "finished": final, "winners": list(result.table.winners) if result and final else [],
                     "totals": result.totals if result else {}, "problem": None if result else outcome,
                     "trust": result.trust.to_json() if result else None,
                     **({"imported": True} if result and result.imported else {})})
    return rows, index.close() if index is not None else []


def read_checked(index: "Index | None", path: str, resolved: str, witness: StrPath | None) -> Outcome:
    """The outcome of the file at ``path``: from ``index`` when it holds it, unless ``verify`` may say otherwise
    now (an edit it kept, or a witness that moved on: ``league_result.witness_moved``), else read afresh."""
    from scorekeeper.app.trust_verdict import INTACT

    found = index.lookup(path, resolved) if index is not None else None
    if isinstance(found, Result) and found.trust.status == INTACT and not witness_moved(found, witness, resolved):
        return found
    outcome = read_result(path, witness)
    if index is not None:
        index.keep(path, resolved, outcome)
    return outcome


class Index:
    """An open index: results looked up one file at a time, new ones written in one transaction by ``close``."""

    def __init__(self, path: Path, explicit: bool = False) -> None:
        self.path = path
        self.explicit = explicit
        self.notices: list[str] = []
        self.code = code_key()
        self.secret = replay_cache.user_key()  # the replay cache's: every row is sealed under it
        self._db: sqlite3.Connection | None = None
        self._files: dict[str, tuple[Stat, str]] = {}  # to write: path → (stat, digest)
        self._results: dict[str, str] = {}  # to write: digest → outcome (JSON)
        self._known: dict[str, tuple[Any, ...]] = {}  # preloaded: path → its row of ``KNOWN``
        self._looked: dict[str, tuple[Stat, str]] = {}  # looked up, not found: path → (stat, digest) then
        self._connect()

    # -- opening -------------------------------------------------------------------------------------

    def _connect(self) -> None:
        for attempt in range(OPEN_TRIES):
            try:
                self._db = self._opened()
            except sqlite3.OperationalError as exc:  # busy: another command is making this very index (schema, WAL)
                if attempt < OPEN_TRIES - 1:
                    time.sleep(OPEN_WAIT)
                    continue
                self._give_up(exc)  # busy all along, or a file SQLite cannot open: counted without it
            except sqlite3.DatabaseError as exc:
                if self.explicit:  # not recognisably a league index: perhaps someone else's file, never deleted
                    raise BadInput(f"{self.path} is not a league index ({exc}); delete it, or give --index another "
                                   "file") from None
                self._rebuild(exc)
            except OSError as exc:
                self._give_up(exc)
            return

    def _opened(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:  # only a regular file of its own: a link (SQLite would follow it), a FIFO or a folder is no index
            if not stat.S_ISREG(os.lstat(self.path).st_mode):
                raise OSError(errno.EINVAL, "not a regular file", str(self.path))
        except FileNotFoundError:  # private to the user: SQLite's WAL and shared-memory files take its mode
            os.close(os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY | os.O_NOFOLLOW, 0o600))
        db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None)
        try:
            db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            db.execute("BEGIN")  # one snapshot: another command may be making this very index meanwhile, and its
            try:  # tables seen without its mark would be taken for another program's database
                mine = db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID  # read before any change
                tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            finally:
                db.execute("COMMIT")
            if not mine and tables:
                raise sqlite3.DatabaseError("another program's database")
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":  # (only its maker changes it)
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version != FORMAT or not mine:
                db.execute("BEGIN IMMEDIATE")
                if db.execute("PRAGMA user_version").fetchone()[0] != FORMAT:  # not done meanwhile by another
                    db.execute("DROP TABLE IF EXISTS files")
                    db.execute("DROP TABLE IF EXISTS results")
                    for statement in SCHEMA.split(";"):
                        if statement.strip():
                            db.execute(statement)
                    db.execute(f"PRAGMA user_version = {FORMAT}")
                    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute("COMMIT")
        except BaseException:
            db.close()
            raise
        return db

    def _rebuild(self, problem: Exception) -> None:
        """The index is damaged: delete it and start a new one (with one notice)."""
        if self._db is not None:
            self._db.close()
            self._db = None
        try:
            for suffix in ("", "-wal", "-shm"):
                Path(str(self.path) + suffix).unlink(missing_ok=True)
            self._db = self._opened()
            self.notices.append(f"the league index {self.path} was damaged ({problem}); rebuilt it")
        except (OSError, sqlite3.Error) as exc:
            self._give_up(exc)

    def _give_up(self, problem: Exception) -> None:
        self._db = None
        if self.explicit or not isinstance(problem, OSError):
            self.notices.append(f"the league index {self.path} cannot be used ({problem}); counted without it")

    def _query(self, sql: str, *args: Any) -> tuple[Any, ...] | None:
        """One row, or None (also when the index is off, or damaged: then it is rebuilt)."""
        if self._db is None:
            return None
        try:
            row: tuple[Any, ...] | None = self._db.execute(sql, args).fetchone()
            return row
        except sqlite3.OperationalError:
            return None  # busy beyond the timeout: read the file instead
        except sqlite3.DatabaseError as exc:
            self._rebuild(exc)
            return None

    # -- reading -------------------------------------------------------------------------------------

    def lookup(self, path: str, resolved: str) -> Outcome | None:
        """The outcome kept for the file as it now reads, or None (then ``keep`` what reading it gives).

        Only a row whose seal holds is believed (see the module's docstring); the file's stat is trusted to
        spare the hashing only in the user's own index (a shared ``--index`` is checked against the file's
        bytes every time)."""
        try:
            before = stat_of(resolved)
            known = self._known.pop(resolved) if resolved in self._known else self._query(KNOWN + "path = ?",
                                                                                           self.code, resolved)
            if known is not None and not self._holds(file_row(resolved, *known[:5]), known[7]):
                known = None  # a row edited, swapped in from another path, or sealed under another key
            unchanged = known is not None and tuple(known[:4]) == before and not self.explicit
            digest = str(known[4]) if known is not None and unchanged else file_digest(resolved)
        except OSError:
            return None
        self._looked[resolved] = (before, digest)
        if not unchanged:
            racy = time.time_ns() - before[1] < RACY_SECONDS * 1e9
            self._files[resolved] = ((before[0], -1 if racy else before[1], before[2], before[3]), digest)
        row = (known[5], known[8]) if known is not None and str(known[4]) == digest and known[5] is not None \
            else self._query("SELECT outcome, seal FROM results WHERE digest = ? AND code = ?", digest, self.code)
        if row is None or not self._holds(result_row(digest, self.code, str(row[0])), row[1]):
            return None
        return decoded(str(row[0]), path)

    def _holds(self, body: bytes, mac: Any) -> bool:
        """Whether a row's seal is the one the user's key makes of its ``body`` (no key: nothing holds)."""
        return self.secret is not None and isinstance(mac, str) and replay_cache.seal_holds(body, mac, self.secret)

    def keep(self, path: str, resolved: str, outcome: Outcome) -> None:
        """Keep what reading the file gave, when it held still since ``lookup`` hashed it."""
        before, digest = self._looked.pop(resolved, (None, ""))
        try:
            still = before is not None and stat_of(resolved) == before
        except OSError:
            still = False
        if still and keepable(outcome, path, resolved):
            self._results[digest] = encoded(outcome)
        elif not still:
            self._files.pop(resolved, None)

    def preload(self, folders: Sequence[str]) -> None:
        """Take what the index knows of every file under ``folders`` (real paths) in one query per folder: a
        warm run over thousands of files then asks SQLite nothing per file."""
        for folder in folders:
            prefix = folder.rstrip(os.sep) + os.sep
            if self._db is None:
                return
            try:
                rows = self._db.execute(KNOWN + "substr(path, 1, ?) = ?", (self.code, len(prefix), prefix)).fetchall()
            except sqlite3.OperationalError:
                continue
            except sqlite3.DatabaseError as exc:
                self._rebuild(exc)
                continue
            self._known.update((str(row[6]), tuple(row)) for row in rows)

    # -- writing -------------------------------------------------------------------------------------

    def forget_missing(self, folders: list[str], present: set[str]) -> None:
        """Drop the paths under ``folders`` (read whole this time) that were not found in them."""
        if self._db is None:
            return
        try:
            gone: list[str] = []
            for folder in folders:
                prefix = str(Path(folder).resolve()) + os.sep
                rows = self._db.execute("SELECT path FROM files WHERE substr(path, 1, ?) = ?", (len(prefix), prefix))
                gone += [str(p) for (p,) in rows if str(p) not in present]
            if gone:
                self._write(lambda db: db.executemany("DELETE FROM files WHERE path = ?", [(p,) for p in gone]))
                self._write(self._collect)
        except sqlite3.OperationalError:
            pass
        except sqlite3.DatabaseError as exc:
            self._rebuild(exc)

    def close(self) -> list[str]:
        """Write what was learnt (one transaction; skipped when it cannot be made), close; the notices."""
        if self._db is not None and self.secret is not None and (self._files or self._results):
            secret = self.secret
            files = [(p, *stat, digest, replay_cache.seal(file_row(p, *stat, digest), secret))
                     for p, (stat, digest) in self._files.items()]
            results = [(d, self.code, o, replay_cache.seal(result_row(d, self.code, o), secret))
                       for d, o in self._results.items()]

            def write(db: sqlite3.Connection) -> None:
                db.executemany("INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)", files)
                db.executemany("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?)", results)
                self._collect(db)

            self._write(write)
        self._files, self._results = {}, {}
        if self._db is not None:
            self._db.close()
            self._db = None
        return self.notices

    def _collect(self, db: sqlite3.Connection) -> None:
        """Drop the results no path leads to any more, and those of another version of the code."""
        db.execute("DELETE FROM results WHERE code != ? OR digest NOT IN (SELECT digest FROM files)", (self.code,))

    def _write(self, change: Callable[[sqlite3.Connection], Any]) -> None:
        assert self._db is not None
        try:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                change(self._db)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        except sqlite3.OperationalError:
            pass  # busy beyond the timeout, or read-only: the index simply learns nothing this time
        except sqlite3.DatabaseError as exc:
            self._rebuild(exc)


# -- rows as sealed -------------------------------------------------------------------------------


def file_row(path: str, size: Any, mtime: Any, ctime: Any, inode: Any, digest: Any) -> bytes:
    """What the seal of a ``files`` row covers: every column of it (the path too: a row moved to another path
    no longer holds)."""
    return json.dumps(["file", path, size, mtime, ctime, inode, digest], ensure_ascii=False).encode("utf-8")


def result_row(digest: str, code: str, outcome: str) -> bytes:
    """What the seal of a ``results`` row covers: every column of it."""
    return json.dumps(["result", digest, code, outcome], ensure_ascii=False).encode("utf-8")


# -- results as stored -------------------------------------------------------------------------------


def keepable(outcome: Outcome, path: str, resolved: str) -> bool:
    """A result always; a reason unless a bug gave it or it names the file (it would be wrong elsewhere)."""
    if isinstance(outcome, Result):
        return True
    return not outcome.startswith(BUG_PREFIX) and path not in outcome and resolved not in outcome


def encoded(outcome: Outcome) -> str:
    if isinstance(outcome, str):
        return json.dumps({"skip": outcome})
    t = outcome.table
    return json.dumps({
        "game": outcome.game, "title": outcome.title, "key": outcome.key, "players": list(outcome.players),
        "started": outcome.started, "ended": outcome.ended, "start": outcome.start_player,
        "violations": outcome.violations, "counted": outcome.counted, "branch": outcome.branch,
        "trust": outcome.trust.to_json(), "count": outcome.count, "head": outcome.head, "origin": outcome.origin,
        "table": {"game": t.game, "final": t.final, "categories": list(t.categories), "winners": list(t.winners),
                  "tiebreak": t.tiebreak, "rows": [[r.player, r.categories, r.total, r.rank] for r in t.rows]},
    }, ensure_ascii=False)


def decoded(text: str, path: str) -> Outcome | None:
    """The outcome stored as ``text``, for the file at ``path``; None when it does not read as one."""
    try:
        data = json.loads(text)
        if "skip" in data:
            return str(data["skip"])
        t = data["table"]
        rows = [ScoreRow(str(p), dict(c), total, int(rank)) for p, c, total, rank in t["rows"]]
        table = ScoreTable(str(t["game"]), bool(t["final"]), list(t["categories"]), rows, list(t["winners"]),
                           t["tiebreak"])
        return Result(path, str(data["game"]), str(data["title"]), str(data["key"]), tuple(data["players"]), table,
                      str(data["started"]), str(data["ended"]), str(data["start"]), int(data["violations"]),
                      int(data["counted"]), bool(data["branch"]), TrustVerdict.from_json(data["trust"]),
                      int(data["count"]), str(data["head"]), str(data.get("origin", "")))
    except (ValueError, KeyError, TypeError):
        return None
