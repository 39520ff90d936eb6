"""Live updates: server-sent events that tell every open page the journal changed, whoever wrote it.

One ``Hub`` per server watches the served data's stamp (``ServedSession.stamp``: the file's inode, size and
time; a league: every file's) every ``interval`` seconds, and is poked at once after a write of its own. Each
change bumps ``version`` and wakes every stream, which sends ``event: change`` with the version; the page's
script then fetches itself again and swaps its live parts (``pages.SCRIPT``). A play recorded by the CLI is
seen at the next poll; one recorded here, at once.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, AsyncIterator, Callable

#: a comment line every so often keeps proxies and phones from closing a quiet stream
KEEP_ALIVE_SECONDS = 15.0


class Hub:
    """The version of the served data, and the streams waiting for its next change."""

    def __init__(self, stamp: Callable[[], Any], interval: float = 0.05) -> None:
        self._stamp_of = stamp
        self._stamp = stamp()
        self.interval = interval
        self.version = 0
        self.closing = False
        self._changed: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def _event(self) -> asyncio.Event:
        if self._changed is None:
            self._changed = asyncio.Event()
        return self._changed

    def _check(self) -> None:
        """Bump the version and wake the streams when the stamp moved."""
        now = self._stamp_of()
        if now != self._stamp:
            self._stamp = now
            self.version += 1
            event, self._changed = self._event(), asyncio.Event()
            event.set()

    async def watch(self) -> None:
        """Poll the stamp until the server closes (run as a task for the server's lifetime)."""
        self._loop = asyncio.get_running_loop()
        while not self.closing:
            await asyncio.sleep(self.interval)
            self._check()

    def poke(self) -> None:
        """After a write on a worker thread: look at the stamp now rather than at the next poll."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._check)

    def close(self) -> None:
        """End every stream (the server is stopping): each returns within a second."""
        self.closing = True

    async def stream(self, disconnected: Callable[[], Any]) -> AsyncIterator[str]:
        """The server-sent events of one page: ``ready`` at once, then ``change`` at each change."""
        seen = self.version
        yield f"retry: 1000\nevent: ready\ndata: {json.dumps({'version': seen})}\n\n"
        quiet = 0.0
        while not self.closing:
            event = self._event()
            if self.version == seen:
                try:
                    await asyncio.wait_for(event.wait(), timeout=1.0)
                except asyncio.TimeoutError:
                    quiet += 1.0
                    if await disconnected():
                        return
                    if quiet >= KEEP_ALIVE_SECONDS:
                        quiet = 0.0
                        yield ": still here\n\n"
                    continue
            seen, quiet = self.version, 0.0
            yield f"event: change\ndata: {json.dumps({'version': seen})}\n\n"
