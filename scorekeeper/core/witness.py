"""The witness: what this machine wrote into each session, kept outside the session file.

The hash chain proves that a file is self-consistent, not that it is the file that was written: a truncated
tail, a chain recomputed from an edited event onwards, or an event forged and chained on the end all verify.
So every writing command also appends, to a log of its own in the user's Scorekeeper folder, the session's
event count and head hash and the hash of each event it wrote. ``compare`` then checks a session file against
everything this machine wrote into it and names the first event missing or different; ``find_head`` checks
it against a head hash noted elsewhere (a photo, a chat message).

The folder is an argument (the CLI passes ``$SCOREKEEPER_HOME``); nothing here knows about Click or sessions.
One log per session path: ``<folder>/witness/<SHA-256 of the real path, 32 digits>.jsonl``, one JSON line
per write: ``{"path", "count", "hashes", "at"}``, where ``hashes`` are the hashes of the events that write
added, the last being the head (for a new session without events, the metadata hash as event 0).

Order: the witness is never ahead of the file. A write's line is written after the session write; a new session
at a path another session used removes that session's log before its own file is written (``Witness.forget``,
called by ``Journal.create`` under the lock), so a crash at any point leaves the old file and no log, or the new
file and no log, or the new file and its log.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from scorekeeper.core.sha256 import sha256

if TYPE_CHECKING:
    from _typeshed import StrPath

FOLDER = "witness"


def log_path(folder: StrPath, session: StrPath) -> str:
    """The witness log of the session file ``session`` (its real path) in ``folder``."""
    key = sha256(os.path.realpath(session).encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return os.path.join(folder, FOLDER, f"{key}.jsonl")


class Witness:
    """A write hook (``Session(on_write=…)``): appends each write to the session's witness log in ``folder``.

    A log that cannot be written is reported through ``warn`` (the session write has already happened).
    """

    def __init__(self, folder: StrPath, warn: Callable[[str], None] | None = None) -> None:
        self.folder = folder
        self.warn = warn

    def forget(self, session: StrPath) -> None:
        """Before a new session is written at ``session``'s path (under its lock): the log of what was written there
        before, another session's, is removed first, so that a crash between the session's write and its first
        witness line leaves no witness (``witness: none``: behind), never the old session's hashes."""
        target = log_path(self.folder, session)
        try:
            os.unlink(target)
        except FileNotFoundError:
            return
        except OSError as exc:
            if self.warn:
                self.warn(f"could not clear the old witness of {session} in {os.path.dirname(target)} ({exc})")
            return
        from scorekeeper.core.journal_storage import fsync_folder

        fsync_folder(os.path.dirname(target))  # gone on disk before the new session is

    def __call__(self, session: StrPath, count: int, head: str, hashes: Sequence[str], fresh: bool) -> None:
        from scorekeeper.core.journal import atomic_write, now_iso

        line = json.dumps({"path": str(session), "count": count, "hashes": list(hashes) or [head], "at": now_iso()},
                          ensure_ascii=False) + "\n"
        target = log_path(self.folder, session)
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if fresh and os.path.lexists(target):  # a new session at this path: the log before is another's
                atomic_write(target, line)
            else:
                append_line(target, line)
        except (OSError, UnicodeEncodeError) as exc:
            if self.warn:
                self.warn(f"could not keep the witness of {session} in {os.path.dirname(target)} ({exc})")


def append_line(target: StrPath, line: str) -> None:
    """Append ``line`` to the log ``target`` (made when missing), only when it is a regular file of its own: never
    through a link (into a file elsewhere), never waiting on a FIFO; ``OSError`` otherwise."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(target, flags, 0o666)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(target))
        data = line.encode("utf-8")
        while data:
            data = data[os.write(fd, data):]
    finally:
        os.close(fd)


@dataclass
class Comparison:
    """A session file compared with this machine's witness of it."""

    witnessed: int  # the highest event count this machine wrote (-1: no witness at all)
    held: int  # events in the file
    first_bad: int | None = None  # the first event missing or different (0: the metadata)
    missing: bool = False
    message: str = ""
    lines: list[str] = field(default_factory=list)
    head_seq: int | None = None  # where ``verify --head`` found the head noted elsewhere

    @property
    def ok(self) -> bool:
        return self.first_bad is None

    def to_json(self) -> dict[str, Any]:
        return {"witnessed": self.witnessed if self.witnessed >= 0 else None, "events": self.held,
                "ok": self.ok, "first_bad_seq": self.first_bad, "missing": self.missing, "message": self.message,
                "head_seq": self.head_seq}


#: the most of a witness log read (a longer one is damaged or planted: no witness); its last line's at most
LOG_LIMIT, LAST_LINE_LIMIT = 1 << 30, 1 << 20


def _log_text(folder: StrPath, session: StrPath, tail: bool = False) -> str:
    """The witness log of ``session`` as text (with ``tail``, its end only), read as a regular file of bounded
    size (a link, a FIFO or a device in its place reads as no log)."""
    from scorekeeper.core.journal_storage import read_bounded

    data = read_bounded(log_path(folder, session), LAST_LINE_LIMIT if tail else LOG_LIMIT, tail=tail)
    return "" if data is None else data.decode("utf-8", "replace")


def last_write(folder: StrPath, session: StrPath) -> tuple[int, str] | None:
    """(event count, head hash) of the last write this machine witnessed into ``session``, or None."""
    lines = _log_text(folder, session, tail=True).splitlines()
    try:
        entry = json.loads(lines[-1])
        return int(entry["count"]), str(entry["hashes"][-1])
    except (IndexError, ValueError, KeyError, TypeError, RecursionError, OverflowError):
        return None


def read_log(folder: StrPath, session: StrPath) -> list[tuple[int, str]]:
    """Every (seq, hash) this machine wrote into ``session``, in the order written (seq 0: the metadata)."""
    text = _log_text(folder, session)
    points: list[tuple[int, str]] = []
    for line in text.splitlines():
        try:
            entry = json.loads(line)
            count, hashes = int(entry["count"]), [str(h) for h in entry["hashes"]]
        except (ValueError, KeyError, TypeError, RecursionError, OverflowError):
            continue  # a line cut short by a crash: the others still count
        first = count - len(hashes) + 1
        points.extend((first + n, h) for n, h in enumerate(hashes))
    return points


def compare(folder: StrPath, session: StrPath, meta_hash: str, records: Sequence[Mapping[str, Any]]) -> Comparison:
    """Compare the file's events with everything this machine wrote into it; name the first missing or different."""
    points = read_log(folder, session)
    held = len(records)
    if not points:
        return Comparison(-1, held, lines=[f"witness: none; this machine has not written {os.path.basename(session)}"])
    top = max(seq for seq, _ in points)

    def stored(seq: int) -> str:
        return meta_hash if seq == 0 else str(records[seq - 1].get("hash", ""))

    last_good = -1
    for seq, hashed in sorted(set(points)):
        if seq > held:
            message = (f"#{held + 1}" + (f" to #{top}" if top > held + 1 else "") + " missing: this machine wrote "
                       f"{top} event(s) into this session, the file holds {held}")
            return Comparison(top, held, held + 1, True, message, [f"WITNESS: {message}"])
        if stored(seq) != hashed:
            if seq == 0:
                what = "the metadata differs from what this machine wrote"
            elif last_good >= seq - 1:
                what = f"#{seq} differs from what this machine wrote"
            else:
                what = f"#{seq} differs from what this machine wrote (the first change is in #{last_good + 1} to #{seq})"
            return Comparison(top, held, seq, False, what, [f"WITNESS: {what}"])
        last_good = seq
    extra = f"; #{top + 1} to #{held} were not written on this machine" if held > top else ""
    message = f"the file holds the {top} event(s) this machine wrote, unchanged{extra}"
    return Comparison(top, held, None, False, message, [f"witness: {message}"])


def find_head(meta_hash: str, records: Sequence[Mapping[str, Any]], head: str) -> tuple[int | None, str]:
    """Where the head hash ``head`` (at least 16 hexadecimal digits) is in the journal: (seq or None, a line)."""
    wanted = head.strip().lower()
    if len(wanted) < 16 or any(c not in "0123456789abcdef" for c in wanted):
        from scorekeeper.errors import BadInput

        raise BadInput(f"--head {head[:70]!r}: give the head hash verify printed (16 to 64 hexadecimal digits)")
    hashes = [meta_hash] + [str(r.get("hash", "")) for r in records]
    seq = next((n for n, h in enumerate(hashes) if h.startswith(wanted)), None)
    if seq is None:
        return None, (f"HEAD NOT FOUND: no event of this journal has the head {wanted[:16]}…: events up to it were "
                      "removed or changed (or it was noted from another session)")
    after = len(records) - seq
    return seq, f"head {wanted[:16]}… is #{seq}: the history up to it is as it was noted, {after} event(s) recorded after it"


def check(folder: StrPath, session: StrPath | None, meta: Any, records: Sequence[Mapping[str, Any]],
          head: str | None = None) -> Comparison:
    """What ``verify`` adds to the chain: the witness comparison, and with ``head`` the head noted elsewhere.

    ``meta`` is the session's ``SessionMeta``. ``BadInput`` for a ``head`` that is not a hash. A session in
    memory has no witness.
    """
    from scorekeeper.core.journal import meta_hash as hash_of

    meta_hash = hash_of(meta)
    result = (compare(folder, session, meta_hash, records) if session is not None
              else Comparison(-1, len(records), lines=["witness: none (a session in memory)"]))
    if head is not None:
        seq, line = find_head(meta_hash, records, head)
        result.lines.append(line)
        result.head_seq = seq
        if seq is None and result.first_bad is None:
            result.first_bad, result.message = len(records), line
    return result
