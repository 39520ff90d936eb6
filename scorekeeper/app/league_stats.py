"""What players ask of the league beyond the standings: head-to-head records, streaks, personal bests per
scoring category, the last games (the alias table that makes differently written names one player is
``scorekeeper.app.aliases``).

Everything is computed from the sessions a ``Standings`` counted (``Standings.results``): pure, no I/O. Names are matched whatever their case, as in the standings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.app.aliases import ALIASES_FILE, Aliases  # noqa: F401  (where the league's readers find them)
from scorekeeper.app.league_result import Result
from scorekeeper.app.standings import Standings
from scorekeeper.errors import BadInput

# -- which view ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class View:
    """Which view of the league is asked for: the standings (nothing set), or one other."""

    vs: tuple[str, str] | None = None  # head-to-head of these two players
    streaks: bool = False
    bests: bool = False
    last: int | None = None  # the last N games

    @classmethod
    def chosen(cls, vs: str | None, streaks: bool, bests: bool, last: int | None,
               aliases: Aliases | None = None) -> "View":
        """The view the options ask for (at most one; ``--vs`` takes two names, as the alias table names them)."""
        if sum((vs is not None, streaks, bests, last is not None)) > 1:
            raise BadInput("choose one of --vs, --streaks, --bests and --last")
        pair = None
        if vs is not None:
            names = [n.strip() for n in vs.split(",")]
            names = [aliases.name(n) for n in names] if aliases is not None else names
            if len(names) != 2 or not all(names) or names[0].casefold() == names[1].casefold():
                raise BadInput(f"--vs takes two players' names, A,B (got {vs!r})")
            pair = (names[0], names[1])
        return cls(pair, streaks, bests, last)


# -- head to head ----------------------------------------------------------------------------------------


@dataclass
class HeadToHead:
    """Two players' record in one game: the sessions they played together, each one's wins, the shared ones."""

    game: str
    title: str
    players: tuple[str, str]
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    shared: int = 0  # sessions both won (a shared victory): counted in both players' wins

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "title": self.title, "games": self.games,
                "wins": dict(zip(self.players, self.wins)), "shared_wins": self.shared}


def head_to_head(league: Standings, first: str, second: str) -> list[HeadToHead]:
    """Per game (by title), the record of ``first`` and ``second`` in the sessions they played together (their
    names as the first of those sessions writes them)."""
    wanted = (first.casefold(), second.casefold())
    records: dict[str, HeadToHead] = {}
    for result in league.results():
        seated = {p.casefold(): p for p in result.players}
        if not all(w in seated for w in wanted):
            continue
        record = records.setdefault(result.game, HeadToHead(result.game, result.title,
                                                            (seated[wanted[0]], seated[wanted[1]])))
        record.games += 1
        winners = {w.casefold() for w in result.table.winners}
        won = [w in winners for w in wanted]
        record.wins = [n + int(w) for n, w in zip(record.wins, won)]
        record.shared += int(all(won))
    return sorted(records.values(), key=lambda r: r.title.casefold())


# -- per player: streaks, bests ----------------------------------------------------------------------------


@dataclass
class Streak:
    """One player's winning streaks in one game (a shared win counts): the current one and the longest."""

    player: str
    games: int = 0
    current: int = 0
    longest: int = 0
    last: str = ""  # when the player's latest session started

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "games": self.games, "current": self.current, "longest": self.longest,
                "last_played": self.last}


def streaks(league: Standings) -> dict[str, list[Streak]]:
    """Per game, each player's streaks: the longest current streak first, then the longest, then the name."""
    found: dict[str, dict[str, Streak]] = {}
    for result in league.results():
        winners = {w.casefold() for w in result.table.winners}
        lines = found.setdefault(result.game, {})
        for player in result.players:
            line = lines.setdefault(player.casefold(), Streak(player))
            line.games += 1
            line.current = line.current + 1 if player.casefold() in winners else 0
            line.longest = max(line.longest, line.current)
            line.last = result.started
    return {game: sorted(lines.values(), key=lambda s: (-s.current, -s.longest, s.player.casefold()))
            for game, lines in found.items()}


@dataclass
class Best:
    """One player's scores in one scoring category of one game: the best and the average."""

    player: str
    category: str
    scores: list[int | float] = field(default_factory=list)

    @property
    def best(self) -> int | float:
        return max(self.scores)

    @property
    def average(self) -> float:
        return sum(self.scores) / len(self.scores)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "category": self.category, "games": len(self.scores), "best": self.best,
                "average": round(self.average, 2)}


#: the name of the final total among a player's categories
TOTAL = "total"


def bests(league: Standings) -> dict[str, list[Best]]:
    """Per game, each player's best and average in each scoring category (the game's order), then the total;
    players in the order of the standings."""
    found: dict[str, dict[tuple[str, str], Best]] = {}
    order: dict[str, list[str]] = {}
    for result in league.results():
        cells = found.setdefault(result.game, {})
        categories = order.setdefault(result.game, [])
        categories += [c for c in result.table.categories if c not in categories]
        for row in result.table.rows:
            for category, value in [*row.categories.items(), (TOTAL, row.total)]:
                cells.setdefault((row.player.casefold(), category), Best(row.player, category)).scores.append(value)
    ranked: dict[str, list[Best]] = {}
    for game, cells in found.items():
        players = [line.player.casefold() for line in league.table(game)]
        columns = [*order[game], TOTAL]
        ranked[game] = [cells[(p, c)] for p in players for c in columns if (p, c) in cells]
    return ranked


def last_games(league: Standings, count: int) -> list[Result]:
    """The ``count`` sessions played last, the latest first."""
    return league.results()[::-1][:count]
