"""A session's core: its journal (a file, or memory), its game and config, and its replay (done once per head).

The concepts built on it each have a module: ``opening`` (open, create, import), ``reading`` (status, score,
log, audit, settings), ``trust`` (the hash chain), ``recording`` (the one write path) and ``corrections``
(void, undo, amend, assert, set); ``scorekeeper.app.session.Session`` puts them together.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from scorekeeper.app.replay_cache import ReplayCache
from scorekeeper.app.session_checks import checked_game
from scorekeeper.core.engine import Replay, replay
from scorekeeper.core.events import Event
from scorekeeper.core.journal import Journal, MemoryJournal, SessionMeta
from scorekeeper.core.protocol import Game, SessionConfig
from scorekeeper.app.workspace import Workspace, workspace_or_default


#: called under the lock after each write: (session file, events now in it, head hash, hashes just written,
#: whether the file is new). The CLI passes one that keeps this machine's witness (``scorekeeper.core.witness``).
WriteHook = Callable[[str, int, str, Sequence[str], bool], None]


class SessionCore:
    """A session's journal, game and replay; the workspace it was opened in (``memory:NAME``, kept sessions)."""

    def __init__(self, journal: Journal | MemoryJournal, game: Game | None, on_write: WriteHook | None = None,
                 entry: Any = None, workspace: Workspace | None = None) -> None:
        self.journal = journal
        self._game = game
        self._entry = entry  # the registry's entry of a game not loaded yet (``Session.open(..., lazy=True)``)
        self.on_write = on_write
        self.workspace = workspace_or_default(workspace)
        self._replay: Replay | None = None
        self._replay_head = ""
        self._cache: ReplayCache | None = None
        #: whether the replay may resume from the cache's entry (False: ``verify``, ``report``, the exports)
        self.cached = True

    @property
    def game(self) -> Game:
        """The session's game, loaded (and the session's settings and players checked against it) once."""
        if self._game is None:
            self._game = checked_game(self._entry, self.journal, self.path)
            self._cache = ReplayCache(self.journal, self._game, self.config, self.cached)  # a damaged file: refused
        return self._game

    @property
    def cache(self) -> ReplayCache:
        """The replay cache as this session sees it (looked up once the game is loaded)."""
        if self._cache is None:
            self._cache = ReplayCache(self.journal, self.game, self.config, self.cached)
        return self._cache

    @property
    def path(self) -> str | None:
        """The session file's real path (a text), or None for a session in memory."""
        return self.journal.path

    @property
    def config(self) -> SessionConfig:
        return config_of(self.journal.meta, self.game)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.journal.meta.players)

    @property
    def events(self) -> list[Event]:
        return self.journal.events()

    def replay(self, until: int | None = None) -> Replay:
        """The journal replayed (once per head: a command replays at most once); ``until`` stops before it."""
        if until is not None:
            return replay(self.events, self.game, self.config, until=until)
        head = self.journal.head_hash
        if self._replay is None or self._replay_head != head:
            self._replay = self.cache.replay()
            self._replay_head = head
        return self._replay

    @property
    def state(self) -> Any:
        return self.replay().state

    def _adopt_written(self, replayed: Replay | None, written: Sequence[Event], head: str) -> None:
        """Keep the replay of the journal as just written, so that the next read does not fold it again (the
        journal is the truth: a replay kept for another head is never read, see ``replay``)."""
        latest = replayed.latest(len(written)) if replayed is not None and written else []
        if replayed is None or len(latest) < len(written):
            self._replay = None
            return
        for outcome, event in zip(latest, written):
            if outcome.seq != event.seq:  # not the journal as written: fold it again at the next read
                self._replay = None
                return
            outcome.event = event  # as written, with its time
        self._replay, self._replay_head = replayed, head


def config_of(meta: SessionMeta, game: Game | Sequence[Any]) -> SessionConfig:
    """The session's config, from the ``game`` or its settings' declarations alone (``declared_settings``: no
    rules loaded); a setting declared after the session was made takes its default."""
    from scorekeeper.core.settings import completed

    declared = game.settings if isinstance(game, Game) else game
    return SessionConfig(meta.game, tuple(meta.players), completed(declared, meta.settings), meta.catalog)
