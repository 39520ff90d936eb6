"""What ``scorekeeper serve`` serves: one session (read and recorded on), or a league folder (read only).

The web server answers requests on several threads; the session layer's ``Session`` is one object with its
replay kept between requests, so every use of it takes ``ServedSession.lock`` (a play recorded from the
CLI, the interactive table or another server is still serialised by the journal's own file lock, under which
``Session.record`` re-reads the file). Before each use the journal is read again if the file changed
(``Journal.reload``: a stat when it did not). A file that now holds another session (its metadata's hash is not
the one opened: another game copied or moved over it) is refused (``Replaced``): every page says so, and
nothing is recorded into it.

``stamp()`` is what changes whenever the served data does: the live updates (``scorekeeper.web.live``) poll it.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from scorekeeper.app.session import Session, WriteHook
from scorekeeper.core.journal import Journal, stamp_of
from scorekeeper.errors import Refused


class Replaced(Refused):
    """The served file now holds another session than the one this server opened."""


class ServedSession:
    """The session file being served, opened once, its replay kept while its head stays put."""

    league = False

    def __init__(self, path: str | Path, on_write: WriteHook | None = None) -> None:
        self.path = Path(path)
        self.session = Session.open(self.path, on_write=on_write)
        self.identity = self.session.identity
        self.lock = threading.Lock()

    @contextmanager
    def use(self) -> Iterator[Session]:
        """The session as the file holds it now, for this thread alone; ``Replaced`` when the file now holds
        another session."""
        with self.lock:
            if isinstance(self.session.journal, Journal):
                self.session.journal.reload()
                self.check_same()
            yield self.session

    def check_same(self) -> None:
        """``Replaced`` when the file no longer holds the session this server opened."""
        gone = self.session.replaced_since(self.identity, "nothing is shown or recorded here (serve it again)")
        if gone:
            raise Replaced(gone)

    def stamp(self) -> Any:
        """The file's stamp (``stamp_of``): another value once anyone wrote it."""
        try:
            return stamp_of(os.stat(self.session.journal.path or self.path))
        except OSError:
            return None


class ServedLeague:
    """A folder of sessions: its standings, read afresh when a file in it changes."""

    league = True

    def __init__(self, folder: str | Path, witness: Path | None = None) -> None:
        """``witness``: the folder of this machine's witness, so that the standings say what ``verify`` says."""
        self.folder = Path(folder)
        self.witness = witness
        self.lock = threading.Lock()

    def stamp(self) -> Any:
        """Every session file's path and stamp: it changes when a file is written, added or removed."""
        from scorekeeper.app.standings import session_files

        stamps: list[tuple[str, Any]] = []
        for path, _real, problem in session_files([str(self.folder)]):
            try:
                stamps.append((path, stamp_of(os.stat(path))))
            except OSError:
                stamps.append((path, None))
        return tuple(stamps)

    def standings(self) -> Any:
        """The league's standings now (``scorekeeper standings FOLDER``)."""
        from scorekeeper.app.standings import standings

        with self.lock:
            return standings([str(self.folder)], witness=self.witness)
