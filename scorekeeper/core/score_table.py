"""A game's scoring table: the categories, one row per player with its rank, the winners and the tiebreak, and
the line-by-line explanation behind ``score --explain``; ``MissingValueError`` when a value scoring needs was
never given. Every game's ``score`` returns a ``ScoreTable``; the reports, exports and standings read it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence


@dataclass(frozen=True)
class Explanation:
    """One line of ``score --explain``: ``points`` in ``category`` for ``player``, and where they came from."""

    player: str
    category: str
    points: int | float
    source: str


@dataclass
class ScoreRow:
    """One player's row of a scoring table: the points in each category, the total and the rank (1 is first)."""

    player: str
    categories: dict[str, int | float]
    total: int | float
    rank: int = 0


@dataclass
class ScoreTable:
    """A scoring table: the categories in display order, one row per player (seat order), the result.

    ``final`` is False for a provisional (mid-game) table. ``winners`` has more than one name when the
    tie is shared. ``tiebreak`` explains the tiebreak applied, or is ``None`` when none was needed.
    ``missing``: a provisional table's totals leave out a value never given (what to set), as a final table
    raises ``MissingValueError``; a view over time then marks the moment unscored in both cases.
    """

    game: str
    final: bool
    categories: list[str]
    rows: list[ScoreRow]
    winners: list[str]
    tiebreak: str | None = None
    explanations: list[Explanation] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    missing: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "final": self.final,
            "categories": list(self.categories),
            "players": [
                {"name": r.player, "categories": dict(r.categories), "total": r.total, "rank": r.rank}
                for r in self.rows
            ],
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
            "notes": list(self.notes),
        }

    def explain_json(self) -> list[dict[str, Any]]:
        return [
            {"player": e.player, "category": e.category, "points": e.points, "source": e.source}
            for e in self.explanations
        ]


def rank_rows(rows: Sequence[ScoreRow], keys: Mapping[str, Sequence[Any]] | None = None) -> list[int]:
    """Competition ranks (1, 2, 2, 4) by total, then by each player's tiebreak key (higher is better).

    ``keys`` maps a player to a tuple compared after the total; players with equal totals and keys share
    a rank. Returns the ranks in the order of ``rows`` and also stores them on each row.
    """
    keys = keys or {}

    def sort_key(row: ScoreRow) -> tuple[Any, ...]:
        return (row.total, *keys.get(row.player, ()))

    ordered = sorted(rows, key=sort_key, reverse=True)
    ranks: dict[str, int] = {}
    for index, row in enumerate(ordered):
        if index and sort_key(row) == sort_key(ordered[index - 1]):
            ranks[row.player] = ranks[ordered[index - 1].player]
        else:
            ranks[row.player] = index + 1
    for row in rows:
        row.rank = ranks[row.player]
    return [row.rank for row in rows]


class MissingValueError(LookupError):
    """A value needed for scoring was never given; the message says which one and how to set it. ``table``: the
    scoring table without that value (its category marked incomplete), when the game can make one; ``remedy``:
    the command that gives it, in a few words (``set flame_glory 1=N``), for a line beside other games."""

    def __init__(self, message: str, table: ScoreTable | None = None, remedy: str = "") -> None:
        super().__init__(message)
        self.table = table
        self.remedy = remedy or message
