"""The league: finished sessions read from files and folders, aggregated per game and player.

A *result* is what a finished session comes to (its final table, its winners, when it was played, who
started); ``standings`` reads every session under the paths it is given and aggregates the results per game
and player: games, wins (a shared win counts as a win, and is also counted as shared), win rate, average and
best score. A file that cannot be read, a session that is not finished, and a second copy of a session already
counted (an import or a copy has the same metadata) are *skipped* with the reason, never a crash. A what-if
branch (its metadata records a parent) is not a game that was played: it is counted only when asked. A session
that fails ``verify`` (its result's ``trust``, ``scorekeeper.app.trust_verdict``) is left out, and named with
what ``verify`` says, unless asked. Names given in an alias table (``Aliases``) count as one player. A result
is ``scorekeeper.app.league_result``'s.

Pure: no printing, no Click; the only I/O is reading the session files (through ``Session.open``), or their
results from the league's index (``scorekeeper.app.league_index``), which never changes what comes out.
"""

from __future__ import annotations

import datetime as _dt
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from scorekeeper.app.league_result import (  # noqa: F401  (the league's readers find them here too)
    BUG_PREFIX, NOT_A_SESSION, PARALLEL_FROM, START_PLAYER_SETTINGS, Result, event_times, local_time,
    minutes_between, read_result, read_results, result_of, witness_moved,
)
from scorekeeper.app.trust_verdict import INTACT

if TYPE_CHECKING:
    from _typeshed import StrPath

    from scorekeeper.app.aliases import Aliases
    from scorekeeper.app.league_index import Index

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
    #: finished sessions that fail ``verify`` (left out unless ``include_tampered``) or whose edit a note
    #: accepted (counted): each path, what ``verify`` says, and whether it was counted
    distrusted: list[tuple[Skipped, bool]] = field(default_factory=list)

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
                 "totals": r.totals, "trust": r.trust.to_json(), **({"imported": True} if r.imported else {})}
                for game in self.games() for r in self.counted[game]
            ],
            **self.footer_json(),
        }

    def footer_json(self) -> dict[str, Any]:
        """What every league view's JSON ends with: the files skipped, and how many sessions were left out."""
        return {"skipped": [{"path": s.path, "reason": s.reason} for s in self.skipped], "left_out": self.left_out,
                "branches_left_out": self.branches, "imported": self.imported,
                "imported_left_out": self.imported_left_out,
                "fails_verify": [{"path": s.path, "reason": s.reason, "counted": counted}
                                 for s, counted in self.distrusted]}

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


def _walk(shown: str, real: str, root: str | None = None) -> list[tuple[str, str, str | None]]:
    """The ``*.json`` files under the folder ``shown`` (whose real path is ``real``): its files by name, then each
    subfolder's (links to folders are not followed); a file's real path is its folder's and its name unless
    it is itself a link. A link to a file outside the folder given (``root``, the first ``real``) is not
    followed: it is listed with the reason (field report TRUST-9). One ``scandir`` per folder: a warm league
    run over 10,000 files is mostly this."""
    root = real if root is None else root
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
            outside = entry.is_symlink() and not resolved.startswith(root.rstrip(os.sep) + os.sep)
            found.append((os.path.join(shown, entry.name), resolved, OUTSIDE if outside else None))
    for name in folders:
        found += _walk(os.path.join(shown, name), os.path.join(real, name), root)
    return found


#: why a link found in a folder to a file outside it is not read
OUTSIDE = "a link to a file outside the folder (not followed; name the file itself to count it)"


def standings(paths: Sequence[str], game: str | None = None, since: _dt.date | None = None,
              tz: _dt.tzinfo | None = None, *, index: "Index | None" = None, aliases: "Aliases | None" = None,
              include_branches: bool = False, witness: StrPath | None = None,
              include_tampered: bool = False, recorded_only: bool = False) -> Standings:
    """Every finished session under ``paths`` (of ``game`` only; played on ``since`` or later) aggregated.

    ``index``: where results already known are taken from (and new ones kept): a hint, each result checked
    against its file (``scorekeeper.app.league_index``); ``aliases``: names that are one player;
    ``include_branches``: count what-if branches too; ``witness``: the folder of this machine's witness
    (``verify``'s); a session that fails ``verify`` is left out, and named, unless ``include_tampered``;
    ``recorded_only``: leave out the results imported from another app (counted otherwise, beside the recorded ones,
    and marked). An imported result of a game recorded here (exported to BG Stats and imported back) or imported
    twice counts once.
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
        if problem is None:
            read.add(resolved)
        files.append((path, resolved, problem))
    if index is not None:
        index.preload([os.path.realpath(p) for p in paths if os.path.isdir(p)])
    known: list[Result | str | None] = [  # a reason, what the index keeps, or None: to be read
        problem if problem is not None else index.lookup(path, resolved) if index is not None else None
        for path, resolved, problem in files]
    for n, outcome in enumerate(known):  # what verify says depends on the witness too: an edit is read again
        if isinstance(outcome, Result) and (outcome.trust.status != INTACT
                                            or witness_moved(outcome, witness, files[n][1])):
            known[n] = None
    unknown = [n for n, outcome in enumerate(known) if outcome is None]
    for n, fresh in zip(unknown, read_results([files[n][0] for n in unknown], witness)):
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
        elif (wanted and result.game != wanted) or (since and local_time(result.started, tz).date() < since):
            league.left_out += 1
        elif not result.trust.ok and not include_tampered:
            league.distrusted.append((Skipped(path, result.trust.message), False))
        elif result.key in seen:
            league.skipped.append(Skipped(path, f"the same session as {seen[result.key]} (a copy or an import)"))
        elif result.imported and origins.get(result.origin.upper(), path) != path:
            league.skipped.append(Skipped(path, f"the same game as {origins[result.origin.upper()]} (imported from "
                                                "BG Stats)"))
        elif result.imported and recorded_only:
            league.imported_left_out += 1
        else:
            if result.trust.status != INTACT:
                league.distrusted.append((Skipped(path, result.trust.reason()), True))
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
