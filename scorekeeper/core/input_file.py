"""A file the user names for the product to read — a catalog, a tally, an export, an alias file: its text, read
only when it is a regular file of bounded size.

A FIFO would block the command for ever, ``/dev/zero`` or ``/dev/full`` would fill the memory, a folder has no
text: each is refused in one line naming the file before a byte is read (opened without blocking, then judged
by what the opened file is, so a link to any of them is refused the same way).
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING

from scorekeeper.errors import BadInput, clip

if TYPE_CHECKING:
    from _typeshed import StrPath

#: the largest file read (an export of a 100,000-event journal is a few tens of MB)
MAX_INPUT = 512 * 1024 * 1024


def read_input(path: StrPath, what: str, limit: int = MAX_INPUT) -> str:
    """The UTF-8 text of ``path``, ``what`` it is meant to be (``"the catalog"``); ``BadInput`` saying why not."""
    shown = clip(os.fsdecode(path), 200)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise BadInput(f"{shown}: cannot read {what} ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise BadInput(f"{shown}: not a regular file (a folder, a FIFO or a device), so not {what}")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise BadInput(f"{shown}: cannot read {what} ({exc.strerror})") from None
    finally:
        os.close(fd)
    if size > limit:
        raise BadInput(f"{shown}: larger than {limit // (1024 * 1024)} MiB, so not {what}")
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise BadInput(f"{shown}: {what} is not UTF-8 text") from None
