"""The domain errors every layer may raise, and the exit code each one means.

The session layer, the games and the CLI raise these (there is one ``Refused`` and one ``BadInput``); the CLI
shows each as one line on stderr with its exit code (``1`` refused, ``2`` bad usage or unreadable input).
Nothing here imports Click.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from scorekeeper.core.findings import Finding

REFUSED = 1
USAGE = 2


class ScorekeeperError(Exception):
    """Base of the domain errors: a message for the user and the exit code it means."""

    exit_code = USAGE

    def __str__(self) -> str:  # a KeyError/LookupError subclass would quote its message
        return str(self.args[0]) if self.args else ""


class BadInput(ScorekeeperError):
    """Unreadable input or an argument that names nothing: exit code 2."""

    exit_code = USAGE


class NotationError(BadInput):
    """A game notation that does not parse (``2G1S``, ``E1/OWWWWW/b,1``, ``NAME=FACE``…)."""


class Refused(ScorekeeperError):
    """Understood but refused (a rule, a lock held elsewhere, a missing value): exit code 1.

    ``findings`` holds the rule findings behind a refused play (empty for other refusals); ``asks``: the play is
    incomplete rather than refused (``app.verdicts.PlayRefused``: a choice to add, exit 2).
    """

    exit_code = REFUSED
    asks = False

    def __init__(self, message: str, findings: Sequence["Finding"] = ()) -> None:
        super().__init__(message)
        self.findings = list(findings)


#: a word (a run without spaces) longer than this is clipped in a message; a whole message longer than LINE_LIMIT too
WORD_LIMIT = 120
LINE_LIMIT = 2000


def clip(text: str, limit: int = WORD_LIMIT) -> str:
    """``text`` short enough for a message: the head and the tail, and how much was left out between them."""
    if len(text) <= limit:
        return text
    head, tail = limit * 2 // 3, limit // 6
    return f"{text[:head]}…[{len(text) - head - tail} more characters]…{text[len(text) - tail:]}"


def clip_message(message: str) -> str:
    """A message with every overlong word clipped (a 100 kB argument echoed back), and the whole line too."""
    import re

    message = re.sub(r"\S{%d,}" % (WORD_LIMIT + 1), lambda m: clip(m.group(0)), message)
    return clip(message, LINE_LIMIT)


def os_problem(exc: OSError) -> ScorekeeperError:
    """An ``OSError`` from reading or writing a file as one line that names the file and the fix.

    A path that names nothing (no such folder, a name over 255 bytes) is bad input (exit 2); a place that
    cannot be written (read-only, a full disk) is a refusal (exit 1).
    """
    import errno
    import os

    name = os.fsdecode(exc.filename) if exc.filename is not None else "a file"
    folder, base = os.path.split(name)
    if base.startswith(".") and base.endswith(".tmp"):  # the atomic write's temporary file: name its folder
        name = folder or "."
    reasons: dict[int, tuple[str, type[ScorekeeperError]]] = {
        errno.ENOENT: ("no such file or folder; check the path", BadInput),
        errno.ENOTDIR: ("a part of the path is not a folder; check the path", BadInput),
        errno.ENAMETOOLONG: ("a name in the path is too long (at most 255 bytes); choose a shorter one", BadInput),
        errno.EISDIR: ("is a folder; name a file", BadInput),
        errno.EEXIST: ("already exists; choose another name", BadInput),
        errno.ELOOP: ("too many symbolic links; check the path", BadInput),
        errno.EACCES: ("permission denied; choose a folder you may write to", Refused),
        errno.EPERM: ("not permitted; choose a folder you may write to", Refused),
        errno.EROFS: ("the file system is read-only; choose another folder", Refused),
        errno.ENOSPC: ("no space left on the disk; free some space and try again", Refused),
        errno.EDQUOT: ("the disk quota is exceeded; free some space and try again", Refused),
    }
    reason, kind = reasons.get(exc.errno or 0, (f"{exc.strerror or exc}", Refused))
    return kind(f"{clip(name)}: {reason}")


def failure(exc: BaseException) -> ScorekeeperError | None:
    """The one-line error for what the system, not a rule, refused; None for anything else (a bug).

    An ``OSError`` (see ``os_problem``), a ``RecursionError`` (JSON nested thousands deep, wherever it is read)
    and the ``ValueError`` of ``int`` on more than 4,300 digits.
    """
    if isinstance(exc, OSError):
        return os_problem(exc)
    if isinstance(exc, RecursionError):
        return BadInput("the input is nested too deeply to read (a JSON value inside thousands of brackets); "
                        "write it flatter")
    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        return BadInput("a number has more than 4,300 digits; write a smaller one")
    return None


def interrupted(exc: BaseException) -> bool:
    """Whether ``exc`` is a Ctrl-C, or an error it caused: Python wraps a ``KeyboardInterrupt`` that lands in a
    class being made (``__set_name__``, while a module imports) in a ``RuntimeError``."""
    seen: BaseException | None = exc
    for _ in range(8):
        if seen is None:
            return False
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def not_utf8(args: Sequence[str]) -> str | None:
    """Why one of the command-line ``args`` cannot be used: bytes that are not UTF-8 arrive as lone surrogates."""
    for arg in args:
        if any("\udc80" <= ch <= "\udcff" for ch in arg):
            shown = clip(arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace"), 60)
            return f"the argument '{shown}' is not UTF-8 text (its bytes arrive as lone surrogates); type it again"
    return None
