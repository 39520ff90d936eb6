"""The game protocol: what every game package implements, and the value types it returns.

A game is a small object: one declaration per event type (``EventType``), and the hooks ``setup``,
``play`` (check and carry out one event, reporting into a ``Findings``), ``expect`` (who acts now and what
may come next), ``complete`` (a typed ``Draft`` → the event to record), ``status`` and ``score``, plus a few
optional ones with do-nothing defaults. The engine (``scorekeeper.core.engine``) folds the journal's events
through ``play``; the session layer, the CLI and the reports only ever see the value types defined here.

What a play finds wrong (``Finding``, ``Findings``, and the forced-play vocabulary: a *breach* or a *block*) is
in ``scorekeeper.core.findings``; the event declarations (``EventType``, ``Field``) in
``scorekeeper.core.declarations``; a scoring table (``ScoreTable``) in ``scorekeeper.core.score_table``. All are
importable from here too, as the game packages and the CLI do.

Game code imports nothing from the CLI, the journal or the report modules.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from scorekeeper.core.events import Event
from scorekeeper.core.game_info import GameInfo
from scorekeeper.core.settings import Setting
from scorekeeper.core.declarations import (  # noqa: F401  (re-exported: the games and the CLI import them from here)
    FIELD_KINDS, PLAYER_NONE, PLAYER_OPTIONAL, PLAYER_REQUIRED, EventType, Field, Word,
)
from scorekeeper.core.findings import (  # noqa: F401  (re-exported, as above)
    ERROR, WARNING, Finding, Findings, Stop, Violation, ask, asking, block, blocked, error, warning,
)
from scorekeeper.core.score_table import (  # noqa: F401  (re-exported, as above)
    Explanation, MissingValueError, ScoreRow, ScoreTable, rank_rows,
)



class GameSetupError(ValueError):
    """The session's players or settings are not a legal game (raised by ``Game.setup``)."""


class ObservationError(KeyError):
    """``Game.observe`` was asked for a key it does not know; the message lists the known keys."""

    def __str__(self) -> str:  # KeyError quotes its message; we want it plain.
        return str(self.args[0]) if self.args else ""


# -- what the game expects next, and plays as typed -------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One play the game accepts now: its event type, who makes it, and the values each word accepts.

    ``values`` maps a field (or argument) name to the values legal now (players, locations, cards, shops,
    tiles…); ``example`` is a command the table can type, in the game's own words; ``words``, a few words on
    some values, shown beside them when Tab lists them (an 8 Dragons space: ``S3`` → ``Gnomes village``). A play
    whose legal values depend on another word is one choice per such word (Emberheart's ``place``: one per
    Location, each with its free spaces); completion keeps the choices that agree with the words typed.
    """

    event: str
    player: str | None = None
    values: Mapping[str, Sequence[str]] = field(default_factory=dict)
    example: str = ""
    words: Mapping[str, str] = field(default_factory=dict)


@dataclass
class Expectation:
    """Who acts now and what may come next: read by hints, refusals, completion and the interactive table."""

    text: str
    player: str | None = None
    choices: list[Choice] = field(default_factory=list)
    finished: bool = False

    def accepts(self, name: str) -> list[str]:
        """Every value the choices accept for field ``name`` (in order, without repeats)."""
        seen: dict[str, None] = {}
        for choice in self.choices:
            for value in choice.values.get(name, ()):
                seen.setdefault(value, None)
        return list(seen)

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text, "player": self.player, "finished": self.finished,
            "choices": [{"event": c.event, "player": c.player, "values": {k: list(v) for k, v in c.values.items()},
                         "example": c.example} for c in self.choices],
        }


@dataclass(frozen=True)
class Draft:
    """A play as the table typed it, before the game works out its derived fields (``Game.complete``)."""

    type: str
    player: str | None = None
    payload: Mapping[str, Any] = field(default_factory=dict)


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
    ``prompt``: the table's prompt in a few words (``Turn 7 · Ada at GRISTLEGATE``): where the game stands and who
    acts, agreeing with ``expected``, short enough that the prompt with the game's alias fits 40 columns; empty:
    the first headline line.
    """

    headline: list[str]
    expected: str
    active_player: str | None = None
    players: list[dict[str, Any]] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    finished: bool = False
    prompt: str = ""

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
class Effect:
    """One thing a play gave or cost a player, for the line under its acknowledgement and ``--json``'s
    ``effects``: ``what`` in the game's own words (``gold``, ``gear``, ``grunts``, ``flame``, ``coins``,
    ``bread``…), ``change`` signed, ``why`` the source when the game knows it (``Chamber T12+T13+T5``) or the
    default it chose for the player with the option that changes it."""

    player: str
    what: str
    change: int
    why: str = ""

    @property
    def text(self) -> str:
        """The change in words, without the player: ``+2 gold (Chamber T13+T15)``, ``-1 dragon`` (one of a
        counted kind said in the singular)."""
        one = abs(self.change) == 1 and self.what.endswith("s") and not self.what.endswith("ss") \
            and not self.what[:1].isupper()  # a name (Emberheart's Senses track) is not a count of things
        return f"{self.change:+d} {self.what[:-1] if one else self.what}" + (f" ({self.why})" if self.why else "")

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "what": self.what, "change": self.change, "why": self.why,
                "text": f"{self.player} {self.text}"}


def holding_changes(before: Mapping[str, Mapping[str, int]], after: Mapping[str, Mapping[str, int]],
                    why: Mapping[tuple[str, str], str] | None = None) -> list[Effect]:
    """Every count that differs between two ``Game.holdings`` snapshots, player by player in the order of
    ``after``, each key in its order there (a key missing on one side counts 0)."""
    why = why or {}
    out: list[Effect] = []
    for player, held in after.items():
        had = before.get(player, {})
        for what in [*held, *(k for k in had if k not in held)]:
            change = int(held.get(what, 0)) - int(had.get(what, 0))
            if change:
                out.append(Effect(player, what, change, why.get((player, what), "")))
    return out


class Game:
    """Base class of every game. Subclass it, declare its events and settings, implement the hooks.

    The engine calls, for each effective event in journal order, ``state = game.play(state, event, found)``
    after checking the event's payload against its declaration (rule ``CORE-PAYLOAD``; an undeclared type
    is ``CORE-TYPE``). A play that records an error is rejected: the engine puts the state back as it was
    before the event, whatever ``play`` did to it (``scorekeeper.core.engine.Fold``), so a game never copies
    its state to protect it. A forced play is kept as ``play`` left it unless one of its errors is a block
    (``scorekeeper.core.findings``): the game reports, the engine decides.

    Contract:
      * ``play`` checks every rule and carries the event out in one pass; it may mutate ``state`` and
        returns the new state. A game written as a separate ``check`` (never mutates) and ``apply`` gets
        ``play`` for free.
      * No hook does I/O or reads the clock: a replay is deterministic.
    """

    #: the registry's entry for this game: its name, title and aliases are declared there, once
    info: GameInfo
    min_players: int = 2
    max_players: int = 4
    #: the open-question settings with their defaults (see ``scorekeeper.core.settings``)
    settings: tuple[Setting, ...] = ()
    #: one declaration per event type this game accepts
    events: tuple[EventType, ...] = ()

    @property
    def name(self) -> str:
        """The canonical name, as typed in ``scorekeeper new NAME``."""
        return self.info.name

    @property
    def title(self) -> str:
        """The human title."""
        return self.info.title

    @property
    def aliases(self) -> tuple[str, ...]:
        """The short names of the game's command group."""
        return self.info.aliases

    @property
    def event_types(self) -> dict[str, str]:
        """Each event type's one-line description (for ``log`` and the docs)."""
        return {e.name: e.description for e in self.events}

    def declaration(self, type: str) -> EventType | None:
        """The declaration of event type ``type``, or None."""
        return self._declared.get(type)

    @functools.cached_property
    def _declared(self) -> dict[str, EventType]:
        """The declarations by name (a game's ``events`` are a class's tuple, fixed); the first of a name wins."""
        return {e.name: e for e in reversed(self.events)}

    def payload_findings(self, event: Event) -> list[Finding]:
        """``CORE-TYPE`` for an undeclared event type, ``CORE-PAYLOAD`` for a payload that does not fit: blocks (a
        play the game cannot read is not carried out, even forced)."""
        declared = self.declaration(event.type)
        if declared is None:
            known = ", ".join(e.name for e in self.events)
            return [block("CORE-TYPE", f"{self.title} has no event {event.type!r}; its events are {known}")]
        problems = declared.payload_problems(event)
        return [block("CORE-PAYLOAD", "; ".join(problems))] if problems else []

    # -- the hooks ---------------------------------------------------------------------------------

    def setup(self, config: SessionConfig) -> Any:
        """The state before any event. Raise ``GameSetupError`` when the config is not a legal game."""
        raise NotImplementedError

    def play(self, state: Any, event: Event, found: Findings) -> Any:
        """Check ``event`` against every rule and carry it out; report into ``found``; return the state.

        Default: ``check`` then, when it found no error, ``apply``.
        """
        found.extend(self.check(state, event))
        return state if found.halted else self.apply(state, event)

    def check(self, state: Any, event: Event) -> list[Finding]:
        """For a game written in two halves: the rule problems of ``event`` on ``state``. Never mutates."""
        raise NotImplementedError

    def apply(self, state: Any, event: Event) -> Any:
        """For a game written in two halves: the state after ``event`` (already checked)."""
        raise NotImplementedError

    def expect(self, state: Any) -> Expectation:
        """Who acts now and which plays are legal, with the values each accepts. Default: from ``status``."""
        status = self.status(state)
        return Expectation(status.expected, status.active_player, [], status.finished)

    def legal_values(self, state: Any, choice: Choice, name: str) -> list[str]:
        """The values legal now for argument ``name`` of ``choice`` (one of ``expect(state).choices``), for
        completion: by default those ``choice.values`` lists; a game adds those too costly to work out for every
        hint (8 Dragons: each waiting tile's legal cells and rotations, as ``placements``)."""
        return list(choice.values.get(name, ()))

    def complete(self, state: Any, draft: Draft) -> Draft:
        """The event to record for a play as typed: derived fields filled in from the state.

        Never refuses a play (the rules do that in ``play``, where ``--force`` and the journal see it); it
        raises ``scorekeeper.errors.BadInput`` only for words that name nothing. Default: a play that must
        name its player and does not is made by whoever ``expect`` says acts now.
        """
        declared = self.declaration(draft.type)
        if draft.player is None and declared is not None and declared.player == PLAYER_REQUIRED:
            return Draft(draft.type, self.expect(state).player, draft.payload)
        return draft

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

    def check_state(self, state: Any) -> list[Finding]:
        """What is impossible about ``state`` as a whole, judged like a chess position (python-chess's
        ``Board.status()``): every invariant the rulebook and the box imply (component counts, track ranges, one
        Hero of each kind, the Lair's geometry, whose turn it is…), each an error ``Finding`` with a rule ID
        (``EH-STATE-n``, ``FC-STATE-n``, ``ED-STATE-n``) that names the player and the thing.

        Every door that takes a whole state (``tally``, ``new --from``, ``adjust``, ``import``) calls it before
        anything is written, and ``check`` runs it on the state a forced tally or join left. A state any legal
        sequence of plays can reach finds nothing. Default: nothing found (a game that declares no invariant).
        """
        return []

    def observe(self, state: Any, player: str | None, key: str) -> Any:
        """The value of ``key`` for ``player`` (or for the game when ``player`` is None), for ``assert``.

        Raise ``ObservationError`` naming the known keys when ``key`` is unknown.
        """
        raise ObservationError(f"{self.title} has no observable values")

    def observed_as(self, state: Any, player: str | None, key: str) -> str:
        """How ``observe`` counted ``key``, in a few words for an assertion that disagrees (``2 in supply, 3 on
        the board``; field report EH-V5); '' when the value is plain. Default: ''."""
        return ""

    def observable_keys(self) -> Sequence[str]:
        """The keys ``observe`` knows, for help and error messages."""
        return ()

    def observable_values(self, key: str) -> Sequence[str]:
        """The only values ``key`` can ever take, when they are few (``assert`` refuses any other as bad
        usage, so that a typo never stands in the journal as a disagreement); () when the key is open."""
        return ()

    def amendment(self, event: Event, word: str) -> dict[str, Any] | None:
        """A correction of ``event`` (as amended so far) typed in the game's own shorthand after ``amend N``: the
        fields it changes, whole (``T45@0,2r1`` in 8 Dragons: one tile of a batch placement moved or turned, the
        rest of the batch kept), or None when ``word`` is not such a shorthand (it is then read as KEY=VALUE).
        ``NotationError`` for a shorthand that does not parse. Default: None (no shorthand)."""
        return None

    def describe(self, event: Event) -> str:
        """A short human line for ``log`` and for the "recorded" message."""
        details = " ".join(f"{k}={_short(v)}" for k, v in event.payload.items())
        who = f"{event.player}: " if event.player else ""
        return f"{who}{event.type} {details}".rstrip()

    # -- what a play did: one way for every game ------------------------------------------------------
    #
    # A play's effects are computed, never declared by each rule: the game lists each player's countable
    # holdings in its own terms (``holdings``), the verdict compares them before and after the play
    # (``effects``), and the game may name the source of a change (``effect_reasons``: the Chambers that paid
    # the Gold, a default it chose for the player). A rule that gives or costs something is therefore said
    # without a line of its own in the rules.

    def holdings(self, state: Any) -> Mapping[str, Mapping[str, int]]:
        """Each player's countable holdings (``{"Ann": {"gold": 3, "gear": 2}}``). Default: none known."""
        return {}

    def effect_reasons(self, before: Any, after: Any, event: Event) -> Mapping[tuple[str, str], str]:
        """Why a holding changed, by (player, what), where the game knows it. Default: nothing said."""
        return {}

    def effects(self, before: Any, after: Any, event: Event) -> list[Effect]:
        """What ``event`` gave or cost each player: the holdings before and after compared, with their reasons."""
        return holding_changes(self.holdings(before), self.holdings(after), self.effect_reasons(before, after, event))

    def change_setting(self, state: Any, key: str, value: Any) -> Any:
        """Apply a mid-game ``set`` event for a setting declared ``mutable``. Default: ``state.settings``."""
        state.settings[key] = value
        return state

    def settles(self, state: Any, violation: Violation) -> bool:
        """Whether ``state`` settles a warning found earlier (a value it assumed, confirmed by a ``set`` since):
        the journal's list of violations (``check``, the report) then leaves it out. Default: never."""
        return False

    def setting_in_force(self, state: Any, key: str, value: Any) -> tuple[Any, str]:
        """The value of setting ``key`` the game plays by in ``state`` (``value``: the last one given, at creation
        or by ``set``), and a few words on where any part of it comes from besides (empty: nowhere). Default:
        ``value`` itself; a game whose ``change_setting`` merges, or which adds values of its own, says so here."""
        return value, ""

    def move_on(self, state: Any, event: Event) -> str | None:
        """A forced play the game cannot carry out is kept inert, but the table has moved on: end the acting
        player's turn in ``state`` (the state before the play) where the game's turn order says, so that the next
        player's play is accepted. Return who acts next, in words (the ``CORE-UNAPPLIED`` flag says it), or None,
        changing nothing, when the play leaves the turn where it is (not the acting player's, a play within a
        turn, no turn in progress). Default: None (a game without turn order)."""
        return None

    def end_findings(self, state: Any) -> list[Finding]:
        """Problems visible only at the end of the journal (a mandatory event never logged…)."""
        return []

    def end_words(self, before: Any, after: Any) -> list[str]:
        """What a carried-out play did to the end of the game, in words for its verdict: the end triggered and
        what follows (``the last round: Bo, Cy and Ann play once more``), the final round begun. The game over
        and its winner are said by the application for every game. Default: nothing."""
        return []

    def board(self, settings: Mapping[str, Any]) -> str:
        """The board side or variant the session's ``settings`` play, in a few words (BG Stats' ``board``:
        "Side B", "Short game (3 Bonfires)"); '' for a game with one board and no variant. Default: ''."""
        return ""

    def snapshot(self, state: Any) -> Any:
        """The whole state as JSON-ready data, for ``state --json``. Default: ``status`` as JSON."""
        return self.status(state).to_json()

    #: what ``progress`` counts, for the timeline's title (``"turn"`` or ``"round"``)
    progress_unit: str = "turn"

    def progress(self, state: Any) -> str | None:
        """The turn or round the next event belongs to (``"round 2"``, ``"turn 14 · Ann"``), or None.

        The label changes exactly when a turn or round is over (right after its last event), so ``score
        --timeline`` takes a point there; None (setup, between turns) takes none. Called after every event:
        keep it cheap. Default: the active player's turn, from ``status``.
        """
        player = self.status(state).active_player
        return f"{player}'s turn" if player else None


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


def resolve_player(players: Sequence[str], text: str) -> str:
    """The player named by ``text``: exactly, or by a unique case-insensitive prefix (``BadInput`` otherwise)."""
    return resolve_name(players, text, "player")


def unique_prefix(text: str, names: Sequence[str]) -> tuple[str | None, list[str]]:
    """The one name in ``names`` that ``text`` names — exactly, or as the unique prefix of one, ignoring case
    and the spaces around it — and every name it is a prefix of (for the message when it names none or
    several). The one matcher behind every word typed for a player, a location, a card, a log filter…"""
    wanted = text.strip().lower()
    exact = [n for n in names if n.lower() == wanted]
    if exact:
        return exact[0], exact
    matches = [n for n in names if n.lower().startswith(wanted)] if wanted else []
    return (matches[0] if len(matches) == 1 else None), matches


def resolve_name(names: Sequence[str], text: str, what: str) -> str:
    """The name in ``names`` that ``text`` is, exactly or as a unique case-insensitive prefix (``BadInput``
    otherwise, naming ``what`` it was looking for)."""
    from scorekeeper.errors import BadInput

    found, matches = unique_prefix(text, names)
    if found is not None:
        return found
    if not matches:
        raise BadInput(f"no {what} {text!r} in this game; the {what}s are {', '.join(names)}")
    raise BadInput(f"{text!r} could be {' or '.join(matches)}; type more of the name")


def is_whole(text: str) -> bool:
    """``text`` is a whole number in ASCII digits, short enough for ``int``: what notation accepts as a number.

    ``str.isdigit`` is not enough: it takes ``²`` (which ``int`` refuses) and ``int`` refuses more than 4,300 digits.
    """
    return text.isascii() and text.isdigit() and len(text) <= 100
