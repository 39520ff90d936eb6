"""The game over time: every player's total after each turn or round, taken in one replay of the journal.

The game says where a turn or round ends (``Game.progress``: a label that changes right after the last
event of a period); ``timeline`` folds the journal once (``engine.replay`` with a ``watch``) and scores the
state at each change, then once more at the end when events came after the last point. A score the game
cannot compute yet (``MissingValueError``: a printed value never given) becomes a point without totals that
says what is missing; the other points are shown as usual. ``score_at`` is the table just before event N.

No Click here; ``scorekeeper.render.chart`` draws a ``Timeline`` and ``scorekeeper.render.report`` prints its rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from scorekeeper.core.engine import APPLIED, FORCED, Outcome, replay
from scorekeeper.core.events import CORE_TYPES, SET
from scorekeeper.core.protocol import ERROR, MissingValueError, ScoreTable

if TYPE_CHECKING:
    from scorekeeper.app.session import Session

Number = int | float

#: the label of the last point when the game gives none there (the journal goes on after the last turn)
END_LABEL = "end"


@dataclass(frozen=True)
class Forced:
    """A forced play the game carried out (``--force`` past a rule): its event, the player it concerns and the
    rules it breaks. A total below 0 comes from one (no legal play takes a score under 0)."""

    seq: int
    player: str | None
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Point:
    """Every player's total right after event ``seq``, the last of the turn or round ``label``.

    ``totals`` is None when the game could not score that moment; ``missing`` then says what is missing.
    """

    label: str
    seq: int
    totals: dict[str, Number] | None
    leaders: tuple[str, ...] = ()
    final: bool = False
    missing: str | None = None
    notes: tuple[str, ...] = ()
    #: the totals without the missing value (``MissingValueError.table``), shown once a later point has it
    partial: dict[str, Number] | None = None
    #: each player's points by scoring category (what the total is made of; empty when not scored)
    categories: dict[str, dict[str, Number]] = field(default_factory=dict)
    #: the forced plays carried out since the previous point (they count in this one)
    forced: tuple[Forced, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "seq": self.seq, "totals": self.totals, "leaders": list(self.leaders),
                "final": self.final, "missing": self.missing, "notes": list(self.notes)}


@dataclass
class Timeline:
    """The points of one session in journal order, for its players in seat order."""

    game: str
    title: str
    unit: str
    players: tuple[str, ...]
    points: list[Point] = field(default_factory=list)
    #: how many recorded plays break a rule (not counted in any point: see ``scorekeeper check``)
    errors: int = 0
    #: of them, the forced ones the game carried out (they count, flagged)
    counted: int = 0

    @property
    def final(self) -> bool:
        """Whether the last point is the final score."""
        return bool(self.points) and self.points[-1].final

    def final_changes(self) -> list[tuple[str, Number, Number, dict[str, Number]]]:
        """What the final scoring changed: for each player whose total moved between the last two points (the
        last one final), the totals before and after and each category's change."""
        if len(self.points) < 2 or not self.final:
            return []
        before, after = self.points[-2], self.points[-1]
        if before.totals is None or after.totals is None:
            return []
        changes = []
        for player in self.players:
            old, new = before.totals.get(player, 0), after.totals.get(player, 0)
            if old != new:
                was, now = before.categories.get(player, {}), after.categories.get(player, {})
                moved = {c: now.get(c, 0) - was.get(c, 0) for c in dict.fromkeys([*was, *now])
                         if now.get(c, 0) != was.get(c, 0)}
                if not was or sum(moved.values()) != new - old:  # a point scored without its categories
                    moved = {}
                changes.append((player, old, new, moved))
        return changes

    def below_zero(self) -> list[tuple[str, Point, tuple[Forced, ...]]]:
        """Where a player's total goes below 0: the player, the first point of each stretch below 0, and the forced
        plays that took it there (those of the player, or of nobody, carried out since the last point at 0 or
        more; every forced play of that span when none is the player's)."""
        found = []
        for player in self.players:
            span: list[Forced] = []
            under = False
            for point in self.points:
                span += point.forced
                total = None if point.totals is None else point.totals.get(player, 0)
                if total is None:
                    continue
                if total < 0 and not under:
                    own = tuple(f for f in span if f.player in (player, None))
                    found.append((player, point, own or tuple(span)))
                under = total < 0
                if not under:
                    span = []
        return found

    @property
    def missing(self) -> list[Point]:
        """The points the game could not score."""
        return [p for p in self.points if p.totals is None]

    def rows(self) -> list[dict[str, Any]]:
        """One row per point: the label, the event it follows, each player's total (``?`` when missing)."""
        rows = []
        for point in self.points:
            row: dict[str, Any] = {"after": point.label, "event": f"#{point.seq}"}
            for player in self.players:
                row[player] = "?" if point.totals is None else point.totals.get(player, 0)
            rows.append(row)
        return rows

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "unit": self.unit, "players": list(self.players), "final": self.final,
                "violations": self.errors, "points": [p.to_json() for p in self.points]}


def timeline(session: "Session") -> Timeline:
    """Every player's total after each turn or round of ``session``, in one replay of its journal."""
    game = session.game
    result = Timeline(game.name, game.title, game.progress_unit, session.players)
    label = game.progress(game.setup(session.config))  # the turn or round the first event belongs to
    pending = False  # an event changed the state since the last point
    last = 0
    forced: list[Forced] = []  # the forced plays carried out since the last point

    def watch(outcome: Outcome, state: Any) -> None:
        nonlocal label, pending, last
        if outcome.status == FORCED:
            forced.append(Forced(outcome.seq, outcome.event.player,
                                 tuple(dict.fromkeys(v.rule for v in outcome.violations if v.severity == ERROR))))
        if outcome.status != APPLIED or (outcome.event.type in CORE_TYPES and outcome.event.type != SET):
            return  # rejected plays, corrections and annotations change nothing
        now = game.progress(state)
        if now != label and label is not None:
            result.points.append(_point(game.score, state, label, outcome.seq, result.players, forced))
            pending = False
        else:
            pending = True
        label = now
        last = outcome.seq

    replayed = replay(session.events, game, session.config, watch=watch)
    result.errors = len(replayed.errors)
    result.counted = replayed.counted_errors
    if pending:
        result.points.append(_point(game.score, replayed.state, label or END_LABEL, last, result.players, forced))
    if result.points and result.points[-1].totals is not None:  # what was missing was given later (FC-V1)
        result.points = [replace(p, totals=p.partial, missing=None) if p.partial is not None else p
                         for p in result.points]
    seated = next((tuple(p.totals) for p in reversed(result.points) if p.totals), None)
    if seated is not None and sorted(seated) == sorted(result.players):  # seat order, as status has it (FC-F6)
        result.players = seated
    return result


def _point(score: Any, state: Any, label: str, seq: int, players: tuple[str, ...], forced: list[Forced]) -> Point:
    """The totals of ``state`` (scored now: the fold goes on changing it), or what is missing; ``forced`` (the forced
    plays since the last point) goes into the point and is emptied."""
    point = _scored(score, state, label, seq, players)
    point = replace(point, forced=tuple(forced))
    forced.clear()
    return point


def _scored(score: Any, state: Any, label: str, seq: int, players: tuple[str, ...]) -> Point:
    try:
        table: ScoreTable = score(state)
    except MissingValueError as exc:
        partial = None if exc.table is None else {r.player: r.total for r in exc.table.rows if r.player in players}
        return Point(label, seq, None, missing=str(exc), partial=partial)
    if table.missing:  # provisional, with a value left out: unscored, as a final table would be (EH-V11)
        return Point(label, seq, None, missing=table.missing)
    totals = {row.player: row.total for row in table.rows if row.player in players}  # the table's seat order
    parts = {row.player: {c: v for c, v in row.categories.items() if isinstance(v, (int, float))} for row in table.rows}
    return Point(label, seq, totals, tuple(table.winners), table.final, notes=tuple(table.notes), categories=parts)


def score_at(session: "Session", at: int | None) -> ScoreTable:
    """The scoring table now, or (provisional, most often) just before event ``at``."""
    if at is None:
        return session.score()  # a results-only session's is the result typed
    return session.game.score(session.state_at(at))
