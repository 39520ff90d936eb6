"""The league: finished sessions read from files and folders, aggregated per game and player.

A *result* is what a finished session comes to (its final table, its winners, when it was played, who
started); ``standings`` reads every session under the paths it is given and aggregates the results per game
and player: games, wins (a shared win counts as a win, and is also counted as shared), win rate, average and
best score. A file that cannot be read, a session that is not finished, and a second copy of a session already
counted (an import or a copy has the same metadata) are *skipped* with the reason, never a crash. A what-if
branch (its metadata records a parent) is not a game that was played: it is counted only when asked. Names
given in an alias table (``Aliases``) count as one player.

Pure: no printing, no Click; the only I/O is reading the session files (through ``Session.open``), or their
results from the league's index (``scorekeeper.app.league_index``), which never changes what comes out.
"""

from __future__ import annotations

import datetime as _dt
import os
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from scorekeeper.errors import ScorekeeperError
from scorekeeper.core.protocol import MissingValueError, ScoreTable

if TYPE_CHECKING:
    from scorekeeper.app.league_index import Index
    from scorekeeper.app.league_stats import Aliases

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

    meta = session.journal.meta
    started, ended = event_times(session)
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
    from scorekeeper.app.results_only import typed_result

    typed = typed_result(session.journal)  # a results-only session: its table is the result typed
    if typed is not None and typed.get("start_player") in players:
        start = str(typed.get("start_player"))
    return Result(
        path=path if path is not None else str(session.path or ""), game=meta.game, title=games.entry(meta.game).title,
        key=meta_hash(meta), players=players, table=session.score() if typed else session.game.score(replayed.state),
        started=started, ended=ended, start_player=start, violations=len(replayed.errors),
        counted=replayed.counted_errors, branch=meta.parent is not None,
        origin=str(typed.get("uuid") or meta_hash(meta)) if typed is not None else "",
    )


def read_result(path: str) -> Result | str:
    """The result of the session file at ``path`` (its table without the explanations), or the reason it cannot
    be counted (never an error)."""
    from scorekeeper.app.session import Session

    try:
        result = result_of(Session.open(path), path, once=True)
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


def read_results(paths: Sequence[str]) -> list[Result | str]:
    """``read_result`` of each path, in order: by one worker process per core when there are many (and the
    machine has more than one core), else here; a pool that cannot be started means reading them here."""
    workers = min(os.cpu_count() or 1, 8)
    if len(paths) >= PARALLEL_FROM and workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        try:
            with ProcessPoolExecutor(workers) as pool:
                return list(pool.map(read_result, paths, chunksize=max(1, len(paths) // (workers * 16))))
        except (OSError, RuntimeError, ImportError):  # no fork/semaphores here (a sandbox), a worker killed
            pass
    return [read_result(path) for path in paths]


def event_times(session: Any) -> tuple[str, str]:
    """When a session was played: the ISO times of its first and last events (its creation when it has none); a
    ``set location`` is not play (said after the game, it would stretch the game to that time)."""
    from scorekeeper.app.place import without_places
    from scorekeeper.app.results_only import typed_result, typed_times

    typed = typed_result(session.journal)
    if typed is not None:  # a result typed in another app: when it was played there
        return typed_times(typed)
    events, created = without_places(session.events), session.journal.meta.created
    started = events[0].recorded_at if events and events[0].recorded_at else created
    return started, events[-1].recorded_at if events and events[-1].recorded_at else started


def minutes_between(started: str, ended: str) -> int:
    """The whole minutes from one ISO time to another, to the nearest (0 when the second is not later): how long
    a game took, as ``status``, ``score``, the report and the BG Stats export say it."""
    utc = _dt.timezone.utc
    return max(0, round((local_time(ended, utc) - local_time(started, utc)).total_seconds() / 60))


def local_time(iso: str, tz: _dt.tzinfo | None = None) -> _dt.datetime:
    """An ISO timestamp as a naive local time (``tz``, or this machine's time zone)."""
    try:
        moment = _dt.datetime.fromisoformat(iso)
    except ValueError:
        moment = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=_dt.timezone.utc)
    return moment.astimezone(tz).replace(tzinfo=None)


# -- the league --------------------------------------------------------------------------------------


@dataclass
class Line:
    """One player's line in one game's standings."""

    player: str
    games: int = 0
    wins: int = 0
    shared: int = 0  # wins shared with another player (counted in ``wins`` too)
    scores: list[int | float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0

    @property
    def best(self) -> int | float:
        return max(self.scores) if self.scores else 0

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "games": self.games, "wins": self.wins, "shared_wins": self.shared,
                "win_rate": round(self.win_rate, 4), "average": round(self.average, 2), "best": self.best}


@dataclass(frozen=True)
class Skipped:
    path: str
    reason: str


@dataclass
class Standings:
    """Per game: its title, the sessions counted, and each player's line."""

    titles: dict[str, str] = field(default_factory=dict)
    counted: dict[str, list[Result]] = field(default_factory=dict)
    lines: dict[str, dict[str, Line]] = field(default_factory=dict)
    skipped: list[Skipped] = field(default_factory=list)
    left_out: int = 0  # finished sessions left out by --game or --since
    branches: int = 0  # finished what-if branches left out (``include_branches`` counts them)
    imported: int = 0  # of the sessions counted, results imported from another app (BG Stats), not recorded here
    imported_left_out: int = 0  # imported results left out (``recorded_only``)
    notices: list[str] = field(default_factory=list)  # what the index has to say (it was damaged, rebuilt)

    def add(self, result: Result) -> None:
        self.titles.setdefault(result.game, result.title)
        self.counted.setdefault(result.game, []).append(result)
        lines = self.lines.setdefault(result.game, {})
        winners = set(result.table.winners)
        for player, total in result.totals.items():
            line = lines.setdefault(player.casefold(), Line(player))
            line.games += 1
            line.scores.append(total)
            if player in winners:
                line.wins += 1
                line.shared += int(len(winners) > 1)

    def games(self) -> list[str]:
        """The games counted, by title."""
        return sorted(self.counted, key=lambda g: self.titles[g].casefold())

    def table(self, game: str) -> list[Line]:
        """A game's lines: most wins first, then the better win rate, the better average, the name."""
        return sorted(self.lines.get(game, {}).values(),
                      key=lambda l: (-l.wins, -l.win_rate, -l.average, l.player.casefold()))

    def to_json(self) -> dict[str, Any]:
        return {
            "games": [
                {"game": game, "title": self.titles[game], "sessions": len(self.counted[game]),
                 "players": [line.to_json() for line in self.table(game)]}
                for game in self.games()
            ],
            "sessions": [
                {"path": r.path, "game": r.game, "date": r.started, "winners": list(r.table.winners),
                 "totals": r.totals, **({"imported": True} if r.imported else {})}
                for game in self.games() for r in self.counted[game]
            ],
            **self.footer_json(),
        }

    def footer_json(self) -> dict[str, Any]:
        """What every league view's JSON ends with: the files skipped, and how many sessions were left out."""
        return {"skipped": [{"path": s.path, "reason": s.reason} for s in self.skipped], "left_out": self.left_out,
                "branches_left_out": self.branches, "imported": self.imported,
                "imported_left_out": self.imported_left_out}

    def results(self) -> list[Result]:
        """Every session counted, all games, in the order played (then by path)."""
        return sorted((r for game in self.counted.values() for r in game),
                      key=lambda r: (local_time(r.started, _dt.timezone.utc), r.path))


def session_files(paths: Sequence[str]) -> list[tuple[str, str, str | None]]:
    """The files to read: each file given, and every ``*.json`` under each folder (recursively, sorted).

    Each comes with its absolute path, symbolic links resolved (the same file reached twice is read once), and
    ``None``, or the reason it cannot be read at all (a path that does not exist, or that no file can have).
    """
    found: list[tuple[str, str, str | None]] = []
    for given in paths:
        try:
            info = os.stat(given)
        except OSError as exc:  # a name over 255 bytes is skipped as a missing file is, not an error for all
            missing = isinstance(exc, FileNotFoundError)
            found.append((given, os.path.realpath(given),
                          "no such file or folder" if missing else f"cannot be read ({exc.strerror})"))
            continue
        if stat.S_ISDIR(info.st_mode):
            found += _walk(str(Path(given)), os.path.realpath(given))
        else:
            found.append((given, os.path.realpath(given), None))
    return found


def _walk(shown: str, real: str) -> list[tuple[str, str, str | None]]:
    """The ``*.json`` files under the folder ``shown`` (whose real path is ``real``): its files by name, then each
    subfolder's (links to folders are not followed); a file's real path is its folder's and its name unless
    it is itself a link. One ``scandir`` per folder: a warm league run over 10,000 files is mostly this."""
    found: list[tuple[str, str, str | None]] = []
    try:
        entries = sorted(os.scandir(real), key=lambda e: e.name)
    except OSError:
        return found
    folders = []
    for entry in entries:
        if entry.is_dir():  # a link to a folder is listed, not followed
            folders += [] if entry.is_symlink() else [entry.name]
        elif entry.name.endswith(".json"):
            resolved = os.path.realpath(entry.path) if entry.is_symlink() else os.path.join(real, entry.name)
            found.append((os.path.join(shown, entry.name), resolved, None))
    for name in folders:
        found += _walk(os.path.join(shown, name), os.path.join(real, name))
    return found


def standings(paths: Sequence[str], game: str | None = None, since: _dt.date | None = None,
              tz: _dt.tzinfo | None = None, *, index: "Index | None" = None, aliases: "Aliases | None" = None,
              include_branches: bool = False, recorded_only: bool = False) -> Standings:
    """Every finished session under ``paths`` (of ``game`` only; played on ``since`` or later) aggregated.

    ``index``: where results already known are taken from (and new ones kept); ``aliases``: names that are one
    player; ``include_branches``: count what-if branches too; ``recorded_only``: leave out the results imported
    from another app (counted otherwise, beside the recorded ones, and marked). An imported result of a game
    recorded here (exported to BG Stats and imported back) or imported twice counts once.
    """
    from scorekeeper import games

    wanted = games.entry(game).name if game else None
    league = Standings()
    seen: dict[str, str] = {}  # metadata hash → the path counted
    read: set[str] = set()
    files = []
    for path, resolved, problem in session_files(paths):
        if problem is None and resolved in read:
            continue  # the same file reached twice (a file and its folder)
        read.add(resolved)
        files.append((path, resolved, problem))
    if index is not None:
        index.preload([os.path.realpath(p) for p in paths if os.path.isdir(p)])
    known: list[Result | str | None] = [  # a reason, what the index keeps, or None: to be read
        problem if problem is not None else index.lookup(path, resolved) if index is not None else None
        for path, resolved, problem in files]
    unknown = [n for n, outcome in enumerate(known) if outcome is None]
    for n, fresh in zip(unknown, read_results([files[n][0] for n in unknown])):
        known[n] = fresh
        if index is not None:
            index.keep(files[n][0], files[n][1], fresh)
    origins = _origins(files, known)  # the BG Stats play each session stands for → the path (when any is imported)
    for (path, _, _), outcome in zip(files, known):
        if outcome is None:
            continue  # not reached: every outcome is known or read
        if isinstance(outcome, str):
            if not (outcome.startswith(NOT_A_SESSION) and path not in paths):  # other JSON in a folder: ignored
                league.skipped.append(Skipped(path, outcome))
            continue
        result = aliases.applied(outcome) if aliases is not None else outcome
        if not result.final:
            league.skipped.append(Skipped(path, "not finished (the score is provisional)"))
        elif result.branch and not include_branches:
            league.branches += 1
        elif result.key in seen:
            league.skipped.append(Skipped(path, f"the same session as {seen[result.key]} (a copy or an import)"))
        elif result.imported and origins.get(result.origin.upper(), path) != path:
            league.skipped.append(Skipped(path, f"the same game as {origins[result.origin.upper()]} (imported from "
                                                "BG Stats)"))
        elif (wanted and result.game != wanted) or (since and local_time(result.started, tz).date() < since):
            league.left_out += 1
        elif result.imported and recorded_only:
            league.imported_left_out += 1
        else:
            seen[result.key] = path
            league.imported += int(result.imported)
            league.add(result)
    if index is not None:
        index.forget_missing([p for p in paths if os.path.isdir(p)], read)  # never an error, whatever p is
        league.notices += index.close()
    return league


def _origins(files: Sequence[tuple[str, str, str | None]], known: Sequence["Result | str | None"]) -> dict[str, str]:
    """The BG Stats play (upper-case uuid) each finished session stands for → the first path that stands for it:
    a recorded session's as the export names it, before any imported one's. Empty when nothing is imported."""
    results = [(path, r) for (path, _, _), r in zip(files, known) if isinstance(r, Result) and r.final]
    if not any(r.imported for _, r in results):
        return {}
    from scorekeeper.app.bgstats_ids import exported_play_uuid

    found: dict[str, str] = {}
    for path, r in results:
        if not r.imported:
            found.setdefault(exported_play_uuid(r.key), path)
    for path, r in results:
        if r.imported:
            found.setdefault(r.origin.upper(), path)
    return found


def _reason(message: str, path: str) -> str:
    """An error message without the path it starts with (shown beside it) nor "left untouched" (nothing writes)."""
    for prefix in (f"{path}: ", f"{Path(path)}: ", f"{Path(path).resolve()}: "):
        if message.startswith(prefix):
            message = message[len(prefix):]
            break
    return message.removesuffix("; it was left untouched")
