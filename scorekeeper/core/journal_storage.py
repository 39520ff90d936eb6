"""The session file on disk: read with the stamp of the very file read, written atomically, locked, cleaned up.

* **atomic** — every write goes to a temporary file in the same folder, is flushed and fsynced, replaces the
  session file with ``os.replace``, and the folder is fsynced; a crash leaves the old or the new file, whole;
* **locked** — ``locked`` holds ``<session>.lock`` (removed on release) from reading the journal to writing it.
"""

from __future__ import annotations

import errno
import os
import stat
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator

from scorekeeper.core import strictjson
from scorekeeper.core.journal_format import JournalBusyError, JournalError, JournalWriteError, parse_json_text

if TYPE_CHECKING:  # a path is a text or os.PathLike; pathlib is not imported for a one-shot command (issue 32)
    from _typeshed import StrPath

LOCK_TIMEOUT_SECONDS = 15.0
TEMP_SUFFIX = ".tmp"

# -- storage ---------------------------------------------------------------------------------------


def read_bounded(path: StrPath, limit: int, private: bool = False, tail: bool = False) -> bytes | None:
    """The bytes of ``path`` when it is a regular file (not a link: ``O_NOFOLLOW``; never waiting on a FIFO:
    ``O_NONBLOCK``) of at most ``limit`` bytes (with ``tail``, a longer one gives its last ``limit`` bytes; with
    ``private``, only a file of mode 0600 that is this user's); else None. Never an error."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or (info.st_size > limit and not tail):
            return None
        if info.st_size > limit:
            os.lseek(fd, info.st_size - limit, os.SEEK_SET)
        if private and (stat.S_IMODE(info.st_mode) != 0o600 or info.st_uid != os.getuid()):
            return None
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        return data if len(data) <= limit else (data[-limit:] if tail else None)
    except OSError:
        return None
    finally:
        os.close(fd)


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Ctrl-C (SIGINT) held back while a file is written, and delivered as soon as it is: a Ctrl-C never lands
    between a temporary file's making and its ``try`` (nor in its clean-up), so none is ever left behind."""
    import signal  # only to write (a read imports this module for its reading helpers)

    if not hasattr(signal, "pthread_sigmask"):  # not POSIX
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


#: set by ``synced_together``: durable writes skip their own fsyncs, and one ``os.sync`` at its end makes them all durable
_TOGETHER: list[bool] = []


@contextmanager
def synced_together() -> Iterator[None]:
    """Within it, every write is still whole (a temporary file renamed into place) but is made durable at the
    end, all at once (``os.sync``), instead of two fsyncs each: what writing a thousand new files at once (an
    import) costs otherwise is the disk's wait, a thousand times. A crash inside it may lose files written in it
    (never leave one half written)."""
    _TOGETHER.append(True)
    try:
        yield
    finally:
        _TOGETHER.pop()
        if not _TOGETHER and hasattr(os, "sync"):
            os.sync()


def atomic_write(path: StrPath, text: str | bytes, *, durable: bool = True) -> None:
    """Write ``text`` (or bytes, written as they are) to ``path`` so that a crash leaves either the old file or
    the new one, whole, and Ctrl-C the new one (``uninterrupted``).

    The new file keeps the old one's permissions (a new file gets what ``open`` would give it). ``durable``
    (the default): on disk before this returns (the file and its folder fsynced). Not durable, for a file that is
    only a convenience (which session is current): still replaced whole, but a power cut may leave the old
    text or none, which its reader takes as no file.
    """
    with uninterrupted():
        _replaced(path, text, durable and not _TOGETHER)


def folder_of(path: StrPath) -> str:
    """The folder that holds ``path`` (``.`` for a bare file name), as ``pathlib``'s ``parent`` gives it."""
    text = os.fspath(path)
    return os.path.dirname(text.rstrip(os.sep) or os.sep) or os.curdir


def _replaced(path: StrPath, text: str | bytes, durable: bool = True) -> None:
    folder = folder_of(path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp_name = new_temporary(folder, f".{os.path.basename(path)}.")
    try:
        os.chmod(tmp_name, _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if durable:
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
    if durable:
        fsync_folder(folder)


def new_temporary(folder: StrPath, prefix: str) -> tuple[int, str]:
    """A new, empty file of this process's own in ``folder``, ``PREFIX`` + 8 random characters + ``TEMP_SUFFIX``,
    open to write, and its name: what ``tempfile.mkstemp`` makes (mode 0600, never an existing file nor a
    link), without importing ``tempfile`` and its dependencies for every command that writes."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        tmp_name = os.path.join(folder, f"{prefix}{os.urandom(4).hex()}{TEMP_SUFFIX}")
        try:
            return os.open(tmp_name, flags, 0o600), tmp_name
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))


def _mode_for(path: StrPath) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def fsync_folder(folder: StrPath) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # some platforms cannot open folders; the rename is still atomic
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def read_json_file(path: StrPath) -> dict[str, Any]:
    """Parse a session file, or raise ``JournalError`` naming the file and the problem."""
    return parse_json_text(read_text(path), path)


def read_text(path: StrPath) -> str:
    """A session file's text, or ``JournalError`` naming the file and why it cannot be read."""
    return decoded(read_stamped(path)[0], path)


def decoded(raw: bytes, path: StrPath) -> str:
    """A session file's bytes as text, or ``JournalError`` when they are not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise JournalError(f"{path}: not a session file (not UTF-8 text); it was left untouched") from None


def stamp_of(info: os.stat_result) -> tuple[int, int, int, int]:
    """What changes whenever the file does: every write replaces it (a new inode), an edit in place changes its
    size or modification time."""
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns


def read_stamped(path: StrPath) -> tuple[bytes, tuple[int, int, int, int]]:
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




def _make_storage_class(path: StrPath, preloaded: dict[str, Any] | None) -> type:
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
            if not os.path.exists(self.path):
                return None
            return read_json_file(self.path)

        def write(self, data: dict[str, Any]) -> None:
            atomic_write(self.path, strictjson.dumps(data, ensure_ascii=False, separators=(",", ":")))

        def close(self) -> None:
            pass

    return AtomicJSONStorage


def _write_text(path: StrPath, text: str | bytes) -> None:
    """Write the session's new text atomically; a failed write (full disk, read-only folder) leaves the old file."""
    try:
        atomic_write(path, text)
    except OSError as exc:
        raise JournalWriteError(f"{path}: cannot write the session ({exc.strerror or exc}); nothing was written") from None


def _write(db: Any, path: StrPath) -> None:
    """Close ``db``, which writes it; a failed write (full disk, read-only folder) leaves the old file."""
    try:
        db.close()
    except OSError as exc:
        raise JournalWriteError(f"{path}: cannot write the session ({exc.strerror or exc}); nothing was written") from None
    except ValueError as exc:  # NaN or Infinity: strict JSON refuses them
        raise JournalWriteError(f"{path}: cannot write the session ({exc}); nothing was written") from None


def refuse_read_only(path: StrPath) -> None:
    """``JournalWriteError`` when the session file is read-only (even for root: no write bit at all)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # the read under the lock says what is wrong
    if not mode & 0o222 or not os.access(path, os.W_OK):
        raise JournalWriteError(f"{path}: the session file is read-only, so nothing was recorded "
                                "(make it writable, e.g. chmod u+w, to record in it)")


def _tinydb(path: StrPath, preloaded: dict[str, Any]) -> Any:
    """A TinyDB over ``path`` whose writes are cached until ``close``: one atomic write per use."""
    from tinydb import TinyDB
    from tinydb.middlewares import CachingMiddleware

    middleware = CachingMiddleware(_make_storage_class(path, preloaded))
    middleware.WRITE_CACHE_SIZE = 1_000_000
    return TinyDB(storage=middleware)



# -- locking and clean-up --------------------------------------------------------------------------


@contextmanager
def locked(path: StrPath) -> Iterator[None]:
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
        fd = _open_lock(lock_path)
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


def _open_lock(lock_path: str) -> int:
    """The lock file, opened (made when missing) only as a regular file of its own: never through a link (which
    would create or lock the file it points to) and never a FIFO or a device; else ``JournalError``."""
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    refusal = JournalError(f"{lock_path}: the lock file is not a regular file (a link, a FIFO, a device or a "
                           "folder); remove it when no command is running")
    try:
        fd = os.open(lock_path, flags, 0o644)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO):
            raise refusal from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise refusal
    return fd


def _filelocked(path: StrPath) -> Iterator[None]:
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


def clean_stray_temporaries(path: StrPath) -> list[str]:
    """Remove temporary files a crashed writer left beside the session (call only under the lock); their paths.

    Only names ``atomic_write`` makes for this very session match: ``.<name>.<8 characters>.tmp``.
    """
    prefix = f".{os.path.basename(path)}."
    removed = []
    with os.scandir(folder_of(path)) as entries:
        for stray in entries:
            name = stray.name
            middle = name[len(prefix):-len(TEMP_SUFFIX)]
            if name.startswith(prefix) and name.endswith(TEMP_SUFFIX) and len(middle) == 8 and "." not in middle:
                try:
                    os.unlink(stray.path)
                    removed.append(stray.path)
                except OSError:
                    pass
    return removed
