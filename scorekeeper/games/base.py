"""The game protocol: what every game package implements, and the value types it returns.

A game is a small object with five hooks (``setup``, ``check``, ``apply``, ``status``, ``score``) and a few
optional ones with do-nothing defaults. The engine (``scorekeeper.engine``) folds the journal's events
through them; the CLI and the reports only ever see the value types defined here.

Game code imports nothing from the CLI, the journal or the report modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from scorekeeper.events import Event
from scorekeeper.settings import Setting

ERROR = "error"
WARNING = "warning"


class GameSetupError(ValueError):
    """The session's players or settings are not a legal game (raised by ``Game.setup``)."""


class ObservationError(KeyError):
    """``Game.observe`` was asked for a key it does not know; the message lists the known keys."""

    def __str__(self) -> str:  # KeyError quotes its message; we want it plain.
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class Finding:
    """One rule problem found by ``Game.check``: the engine adds the event's ``seq``.

    ``severity`` is ``"error"`` (the play is illegal and is not applied) or ``"warning"`` (the play is
    applied, but is suspicious or rests on an assumption).
    """

    rule: str
    message: str
    severity: str = ERROR

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR


def error(rule: str, message: str) -> Finding:
    """An illegal play: ``rule`` is the spec's rule ID, ``message`` says why in plain words."""
    return Finding(rule, message, ERROR)


def warning(rule: str, message: str) -> Finding:
    """A suspicious play that is still applied."""
    return Finding(rule, message, WARNING)


@dataclass(frozen=True)
class Violation:
    """A finding located in the journal: event ``seq`` broke ``rule``."""

    seq: int
    rule: str
    message: str
    severity: str = ERROR

    def render(self) -> str:
        flag = "" if self.severity == ERROR else " (warning)"
        return f"#{self.seq} {self.rule}{flag}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "rule": self.rule, "severity": self.severity, "message": self.message}


@dataclass(frozen=True)
class SessionConfig:
    """What a session fixes at creation: the game, the players in seat order, the settings, the catalog.

    ``settings`` holds every declared setting's value (defaults filled in). ``catalog`` is optional
    user-supplied card-face data (a JSON object) that the game may read; it is stored in the session.
    """

    game: str
    players: tuple[str, ...]
    settings: Mapping[str, Any]
    catalog: Mapping[str, Any] | None = None


@dataclass
class Section:
    """A titled table for ``status`` / ``state``: ``rows`` are dicts with the same keys."""

    title: str
    rows: list[dict[str, Any]]


@dataclass
class Status:
    """Where the game stands, for the table companion.

    ``headline``: short lines such as ``"Round 2 · Action phase"``. ``active_player``: whose turn it is (or
    ``None``). ``expected``: what the engine expects next, in words (e.g. ``"Helga places a party"``).
    ``players``: one row per player (a dict, same keys for all). ``sections``: further tables (the town, the
    offers…). ``notes``: anything else worth saying (e.g. "flight legality is not judged: no board").
    """

    headline: list[str]
    expected: str
    active_player: str | None = None
    players: list[dict[str, Any]] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "headline": self.headline,
            "expected": self.expected,
            "active_player": self.active_player,
            "finished": self.finished,
            "players": self.players,
            "sections": [{"title": s.title, "rows": s.rows} for s in self.sections],
            "notes": self.notes,
        }


@dataclass(frozen=True)
class Explanation:
    """One line of ``score --explain``: ``points`` in ``category`` for ``player``, and where they came from."""

    player: str
    category: str
    points: int | float
    source: str


@dataclass
class ScoreRow:
    player: str
    categories: dict[str, int | float]
    total: int | float
    rank: int = 0


@dataclass
class ScoreTable:
    """A scoring table: the categories in display order, one row per player (seat order), the result.

    ``final`` is False for a provisional (mid-game) table. ``winners`` has more than one name when the
    tie is shared. ``tiebreak`` explains the tiebreak applied, or is ``None`` when none was needed.
    """

    game: str
    final: bool
    categories: list[str]
    rows: list[ScoreRow]
    winners: list[str]
    tiebreak: str | None = None
    explanations: list[Explanation] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

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


class Game:
    """Base class of every game. Subclass it, set the class attributes, implement the five hooks.

    The engine calls, for each effective event in journal order:
    ``findings = game.check(state, event)``; if no finding is an error, ``state = game.apply(state, event)``.

    Contract:
      * ``check`` never mutates ``state``; every rule is checked there, so ``apply`` can trust the event.
      * ``apply`` may mutate ``state`` in place and must return the new state (usually the same object).
      * Neither does I/O or reads the clock: a replay is deterministic.
      * ``check`` must flag an event type the game does not know (rule ``"CORE-TYPE"``).
    """

    #: canonical name, as typed in ``scorekeeper new NAME``
    name: str = ""
    #: human title
    title: str = ""
    #: short aliases for the CLI group (``eh``, ``fc``, ``ed``…)
    aliases: tuple[str, ...] = ()
    min_players: int = 2
    max_players: int = 4
    #: the open-question settings with their defaults (see ``scorekeeper.settings``)
    settings: tuple[Setting, ...] = ()
    #: the event types this game accepts, with a one-line description each (used by ``log`` and docs)
    event_types: Mapping[str, str] = {}

    # -- the five hooks --------------------------------------------------------------------------

    def setup(self, config: SessionConfig) -> Any:
        """The state before any event. Raise ``GameSetupError`` when the config is not a legal game."""
        raise NotImplementedError

    def check(self, state: Any, event: Event) -> list[Finding]:
        """The rule problems of ``event`` played on ``state`` (empty when legal). Never mutates."""
        raise NotImplementedError

    def apply(self, state: Any, event: Event) -> Any:
        """The state after ``event`` (already checked)."""
        raise NotImplementedError

    def status(self, state: Any) -> Status:
        """Round, phase, whose turn, what is expected next, and the players' holdings."""
        raise NotImplementedError

    def score(self, state: Any) -> ScoreTable:
        """The scoring table: final when the game is over, provisional otherwise.

        Raise ``MissingValueError`` when a value the table needs was never given (e.g. a printed Glory
        value), with a message saying which one and how to set it.
        """
        raise NotImplementedError

    # -- optional hooks with do-nothing defaults -------------------------------------------------

    def observe(self, state: Any, player: str | None, key: str) -> Any:
        """The value of ``key`` for ``player`` (or for the game when ``player`` is None), for ``assert``.

        Raise ``ObservationError`` naming the known keys when ``key`` is unknown.
        """
        raise ObservationError(f"{self.title} has no observable values")

    def observable_keys(self) -> Sequence[str]:
        """The keys ``observe`` knows, for help and error messages."""
        return ()

    def describe(self, event: Event) -> str:
        """A short human line for ``log`` and for the "recorded" message."""
        details = " ".join(f"{k}={_short(v)}" for k, v in event.payload.items())
        who = f"{event.player}: " if event.player else ""
        return f"{who}{event.type} {details}".rstrip()

    def change_setting(self, state: Any, key: str, value: Any) -> Any:
        """Apply a mid-game ``set`` event for a setting declared ``mutable``. Default: ``state.settings``."""
        state.settings[key] = value
        return state

    def end_findings(self, state: Any) -> list[Finding]:
        """Problems visible only at the end of the journal (a mandatory event never logged…)."""
        return []

    def snapshot(self, state: Any) -> Any:
        """The whole state as JSON-ready data, for ``state --json``. Default: ``status`` as JSON."""
        return self.status(state).to_json()


class MissingValueError(LookupError):
    """A value needed for scoring was never given; the message says which one and how to set it."""


def _short(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ",".join(_short(v) for v in value)
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{_short(v)}" for k, v in value.items()) + "}"
    return str(value)


def players_in_order(players: Iterable[str], first: str) -> list[str]:
    """The seat order rotated so that ``first`` comes first."""
    seats = list(players)
    index = seats.index(first)
    return seats[index:] + seats[:index]
