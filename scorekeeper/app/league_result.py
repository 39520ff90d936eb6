"""A session's *result*: what a finished (or unfinished) session comes to — its final table, its winners, when it
was played, who started, and what ``verify`` says of it (``scorekeeper.app.trust_verdict``) — read from one
file, or from many by one process per core. The league (``scorekeeper.app.standings``) aggregates results; the
league's index (``scorekeeper.app.league_index``) keeps them.

Pure: no printing, no Click; the only I/O is reading the session files (through ``Session.open``) and this
machine's witness of them.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from scorekeeper.app.played import event_times, local_time, minutes_between  # noqa: F401  (the league reads them here)
from scorekeeper.app.trust_verdict import TrustVerdict, verdict_of
from scorekeeper.errors import ScorekeeperError
from scorekeeper.core.protocol import MissingValueError, ScoreTable

if TYPE_CHECKING:
    from _typeshed import StrPath

#: the settings in which a game names its start player (each game's default: the first listed player)
START_PLAYER_SETTINGS = ("first_player", "start_player", "first")


@dataclass(frozen=True)
class Result:
    """What a session comes to: its game, players in seat order, final or provisional table, and when."""

    path: str
    game: str  # the registry name
    title: str
    key: str  # the SHA-256 of the session's metadata: the same for an import or a copy of the session
    players: tuple[str, ...]
    table: ScoreTable
    started: str  # ISO time of the first event (the session's creation when it has none)
    ended: str  # ISO time of the last event
    start_player: str
    violations: int  # recorded plays that break a rule
    counted: int = 0  # of them, the forced ones the game carried out (they count in the table)
    branch: bool = False  # a what-if branch (its metadata records a parent), not a game that was played
    trust: TrustVerdict = TrustVerdict()  # what ``verify`` says of the file (its chain, this machine's witness)
    count: int = 0  # the events in the file
    head: str = ""  # the hash its last event bears: a witness that last wrote another head is compared again
    origin: str = ""  # a result imported from another app (BG Stats): its play's uuid there; "" when recorded here

    @property
    def final(self) -> bool:
        return self.table.final

    @property
    def imported(self) -> bool:
        """A result typed in another app and imported, not recorded here play by play."""
        return bool(self.origin)

    @property
    def totals(self) -> dict[str, int | float]:
        return {row.player: row.total for row in self.table.rows}

    def ranked(self) -> list[Any]:
        """The table's rows in rank order (seat order among equal ranks)."""
        rows = self.table.rows
        return sorted(rows, key=lambda r: (r.rank, rows.index(r)))


def result_of(session: Any, path: str | None = None, *, once: bool = False) -> Result:
    """The result of an opened ``Session`` (final or provisional: see ``Result.final``).

    ``once``: the session is opened for its result alone; it is replayed without leaving a replay-cache entry
    (the league reads thousands of sessions: an entry each would fill the cache and double the time).
    """
    from scorekeeper import games
    from scorekeeper.core.journal import meta_hash
    from scorekeeper.app.session import resolve_player

    from scorekeeper.app.played import Played

    meta = session.journal.meta
    players = tuple(meta.players)
    start = players[0]
    settings = session.config.settings
    for name in START_PLAYER_SETTINGS:
        if settings.get(name):
            try:
                start = resolve_player(players, str(settings[name]))
            except ScorekeeperError:
                pass
            break
    replayed = session.replay(until=session.journal.count + 1) if once else session.replay()
    from scorekeeper.app.results_only import typed_result, typed_times

    typed = typed_result(session.journal)  # a results-only session: its table is the result typed
    if typed is not None and typed.get("start_player") in players:
        start = str(typed.get("start_player"))
    if typed is not None:  # a result typed in another app: when it was played there
        started, ended = typed_times(typed)
    else:
        played = Played.of(session.events, replayed) if once else session.cache.played(replayed)
        started, ended = played.times(meta.created)
    return Result(
        path=path if path is not None else str(session.path or ""), game=meta.game, title=games.entry(meta.game).title,
        key=meta_hash(meta), players=players, table=session.score() if typed else session.game.score(replayed.state),
        started=started, ended=ended, start_player=start, violations=len(replayed.errors),
        counted=replayed.counted_errors, branch=meta.parent is not None,
        trust=verdict_of(session, replayed.counted_errors), count=session.journal.count,
        head=session.journal.head_hash, origin=str(typed.get("uuid") or meta_hash(meta)) if typed is not None else "",
    )


def read_result(path: str, witness: StrPath | None = None) -> Result | str:
    """The result of the session file at ``path`` (its table without the explanations), or the reason it cannot
    be counted (never an error); its trust is what ``verify`` says, with this machine's witness kept in the
    folder ``witness`` (None: the hash chain alone)."""
    from scorekeeper.app.session import Session
    from scorekeeper.core.witness import Witness

    try:
        opened = Session.open(path, on_write=Witness(witness) if witness is not None else None)
        result = result_of(opened, path, once=True)
        # the league counts the table, not how each score came to be: thousands of results stay small
        return replace(result, table=replace(result.table, explanations=[], notes=[]))
    except ScorekeeperError as exc:
        return _reason(str(exc), path)
    except MissingValueError as exc:  # the game replays; its final score waits for a value (field report EH-V1)
        return f"final score incomplete: {exc.remedy}"
    except Exception as exc:  # a bug in one game's replay must not stop the league table
        return f"{BUG_PREFIX}{exc!r}); report it"


#: how the reason for a JSON file that is no session starts (found in a folder, such a file is passed over
#: quietly: a manifest, a board or a catalog beside the sessions; named on the command line, it is listed)
NOT_A_SESSION = "not a Scorekeeper session"
#: how the reason for a file that a bug stopped starts (such a reason is never kept in the index)
BUG_PREFIX = "could not be replayed ("
#: from this many files to read, they are read by one process per core (replaying is all computation)
PARALLEL_FROM = 24


def read_results(paths: Sequence[str], witness: StrPath | None = None) -> list[Result | str]:
    """``read_result`` of each path (``witness``: see there), in order: by one worker process per core when there
    are many (and the machine has more than one core), else here; a pool that cannot be started means reading them here."""
    workers = min(os.cpu_count() or 1, 8)
    if len(paths) >= PARALLEL_FROM and workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        try:
            with ProcessPoolExecutor(workers) as pool:
                return list(pool.map(read_result, paths, [witness] * len(paths),
                                     chunksize=max(1, len(paths) // (workers * 16))))
        except (OSError, RuntimeError, ImportError):  # no fork/semaphores here (a sandbox), a worker killed
            pass
    return [read_result(path, witness) for path in paths]


def witness_moved(result: Result, witness: StrPath | None, resolved: str) -> bool:
    """Whether this machine's witness of the file at ``resolved`` last wrote another head than ``result`` (kept
    in the league's index) was read with: then its trust is read again from the file (as ``Trust`` compares)."""
    from scorekeeper.core.witness import last_write

    if witness is None:
        return False
    last = last_write(witness, resolved)
    return last is not None and last != (result.count, result.head)


def _reason(message: str, path: str) -> str:
    """An error message without the path it starts with (shown beside it) nor "left untouched" (nothing writes)."""
    for prefix in (f"{path}: ", f"{Path(path)}: ", f"{Path(path).resolve()}: "):
        if message.startswith(prefix):
            message = message[len(prefix):]
            break
    return message.removesuffix("; it was left untouched")
