"""Opening a session, and making a new one (created, imported, or in memory), each checked before it is used
or written: the players, every setting's type and range, the catalog, and the game's setup."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from scorekeeper.app.session_checks import check_meta, check_without_rules
from scorekeeper.app.session_core import SessionCore, WriteHook, config_of
from scorekeeper.app.workspace import Workspace, is_memory, workspace_or_default
from scorekeeper.core.engine import Replay, replay
from scorekeeper.core.events import NOTE, Event
from scorekeeper.core.journal import Journal, JournalError, MemoryJournal, SessionMeta, now_iso
from scorekeeper.errors import BadInput, Refused
from scorekeeper.core.protocol import GameSetupError

if TYPE_CHECKING:
    from typing import Self

    from _typeshed import StrPath



class Opening(SessionCore):
    """The ways to a session: ``open`` an existing one, ``create`` a new one, ``import_export``, ``in_memory``."""

    @classmethod
    def open(cls, path: StrPath, game_name: str | None = None, *, on_write: WriteHook | None = None,
             lazy: bool = False, workspace: Workspace | None = None, cached: bool = True) -> "Self":
        """Read the session at ``path`` (no lock). With ``game_name``, refuse a session of another game.

        A setting of the wrong type or range (an old or edited file) is refused here, naming the setting.
        ``lazy``: for a command that reads the journal only (``verify``, ``export``), the game is loaded (and
        those checks made) only if the command asks for it. A session the ``workspace`` keeps open for ``path``
        (the interactive table's) is returned as it is. ``cached=False``: the replay is the file's own, no
        entry of the replay cache read (``verify``, ``report``, the exports).
        """
        from scorekeeper import games

        workspace = workspace_or_default(workspace)
        kept = workspace.kept.get(str(path))
        if isinstance(kept, cls) and (game_name is None or games.entry(game_name).name == kept.game.name):
            return kept
        journal: Journal | MemoryJournal
        if is_memory(path):
            journal = workspace.memory_journal(path)
        else:
            journal = Journal(path, parse=False)  # the events are read below: all, or those after the cache's
        try:
            entry = games.entry(journal.meta.game)
        except games.UnknownGameError:
            raise BadInput(f"{path}: unknown game {journal.meta.game!r} in the session") from None
        if game_name is not None and games.entry(game_name).name != entry.name:
            alias = entry.aliases[0] if entry.aliases else entry.name
            raise BadInput(f"{path} is a {entry.title} session; record its plays with 'scorekeeper {alias} …'")
        session = cls(journal, None, on_write, entry, workspace)
        session.cached = cached
        if lazy:
            check_without_rules(entry, journal, session.path)
        else:
            session.game  # noqa: B018 (loaded and checked now)
        return session

    @classmethod
    def create(
        cls,
        path: StrPath | None,
        game_name: str,
        players: Sequence[str],
        settings: Mapping[str, Any] | None = None,
        sources: Mapping[str, str] | None = None,
        catalog: Mapping[str, Any] | None = None,
        events: Sequence[Event] = (),
        *,
        on_write: WriteHook | None = None,
        workspace: Workspace | None = None,
    ) -> "Self":
        """A new session (a file at ``path``, or in memory when ``path`` is None), checked before it is written.

        ``settings`` are already-parsed values (defaults fill the rest); the game's setup must accept them.
        """
        from scorekeeper import games
        from scorekeeper.core.settings import completed

        game = games.load(game_name)
        values = completed(game.settings, dict(settings or {}))
        meta = SessionMeta(
            game=game.name, players=tuple(players), settings=values,
            setting_sources={k: (sources or {}).get(k, "default") for k in values},
            catalog=dict(catalog) if catalog is not None else None, created=now_iso(),
        )
        return cls.from_meta(path, meta, events, on_write=on_write, workspace=workspace)

    @classmethod
    def from_meta(cls, path: StrPath | None, meta: SessionMeta, events: Sequence[Event] = (), *,
                  on_write: WriteHook | None = None, workspace: Workspace | None = None,
                  replayed: Replay | None = None) -> "Self":
        """A new session with this metadata (an import's), checked before anything is written.

        The players (distinct, as many as the game takes), every setting's type and range, the catalog (an
        object), every event's values (strict JSON) and the game's setup are checked; then the events are
        replayed in memory (a game that cannot replay them refuses the session); only then is the file written
        (or, for ``memory:NAME``, the journal kept in the ``workspace``), and that replay is the new session's.
        ``replayed``: the replay of these very events that the caller has just folded (a judged tally), so
        that it is not folded a second time.
        """
        from scorekeeper import games

        workspace = workspace_or_default(workspace)
        game = games.load(meta.game)
        check_meta(game, meta)
        game.setup(config_of(meta, game))  # GameSetupError before anything is written
        if replayed is None and events:
            replayed = replay(list(MemoryJournal(meta, events).events()), game, config_of(meta, game))
        journal: Journal | MemoryJournal
        if path is None or is_memory(path):
            journal = MemoryJournal(meta, events)
            if path is not None:
                workspace.memory[str(path)] = journal
        else:
            forget = getattr(on_write, "forget", None)  # a witness: the old log at this path goes first
            journal = Journal.create(path, meta, events, before_write=forget)
            if on_write is not None:
                on_write(journal.path, len(journal.records), journal.head_hash, [journal.head_hash], True)
        session = cls(journal, game, on_write, workspace=workspace)
        if replayed is not None:  # the very events just written: the session's replay, not done a second time
            session._adopt_written(replayed, journal.events(), journal.head_hash)
        return session

    @classmethod
    def import_export(cls, export: Any, source: StrPath, path: StrPath, *, allow_edited: bool = False,
                      on_write: WriteHook | None = None) -> "Self":
        """A new session at ``path`` from ``export`` (``transfer.read_export(source)``: every line validated).

        The header is checked as for a new session, then the events are replayed in memory, and only then is
        the file written. A partly hashed export, or one whose chain is broken, is an edited one: ``Refused``
        unless ``allow_edited`` (then a note records the break).
        """
        events = list(export.events)
        if export.chain_problem is not None:
            if not allow_edited:
                raise Refused(f"{source}: the exported history was edited ({export.chain_problem.message}); "
                              "import it anyway with --allow-edited")
            text = f"imported from {source}, whose hash chain was broken: {export.chain_problem.message}"
            events.append(Event(len(events) + 1, NOTE, None, {"text": text}, now_iso()))
        try:
            return cls.from_meta(path, export.meta, events, on_write=on_write)
        except (BadInput, Refused) as exc:
            if isinstance(exc, JournalError):
                raise
            raise type(exc)(f"{source}: nothing imported: {exc}") from None
        except GameSetupError as exc:
            raise Refused(f"{source}: nothing imported: {exc}") from None

    @classmethod
    def in_memory(cls, game_name: str, players: Sequence[str], settings: Mapping[str, Any] | None = None,
                  catalog: Mapping[str, Any] | None = None) -> "Self":
        """A session that lives in memory only (tests, generators): the same checks, no file."""
        return cls.create(None, game_name, players, settings, catalog=catalog)
