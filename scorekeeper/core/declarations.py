"""What a game declares about its events: each event type's payload fields and the player it concerns.

The engine checks every recorded event against its type's declaration before the game plays it (``CORE-TYPE``,
``CORE-PAYLOAD``: ``Game.payload_findings``), and the CLI makes its commands from the same declarations
(``scorekeeper.cli.declared``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable

from scorekeeper.core.events import Event

#: the JSON kinds a payload field may have (``int`` excludes booleans; ``num`` is an int or a float)
FIELD_KINDS = ("int", "num", "str", "bool", "list", "dict", "any")


@dataclass(frozen=True)
class Field:
    """One payload field of an event type: its name, its JSON kind, whether it must be there.

    ``positional``: the commands made from the declarations (``scorekeeper.cli.declared``) take it as an
    argument rather than an option.
    """

    name: str
    kind: str = "any"
    required: bool = False
    help: str = ""
    positional: bool = False

    def problem(self, value: Any) -> str | None:
        """Why ``value`` does not fit this field, or None."""
        if _FITS[self.kind](value):
            return None
        return f"{self.name} must be {_KIND_WORDS[self.kind]}, not {type(value).__name__} {value!r}"


#: whether a value fits a field of each kind (``int`` and ``num`` exclude booleans)
_FITS: dict[str, Callable[[Any], bool]] = {
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "num": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "str": lambda v: isinstance(v, str),
    "bool": lambda v: isinstance(v, bool),
    "list": lambda v: isinstance(v, list),
    "dict": lambda v: isinstance(v, dict),
    "any": lambda v: True,
}

_KIND_WORDS = {"int": "a whole number", "num": "a number", "str": "text", "bool": "true or false",
               "list": "a list", "dict": "an object", "any": "a value"}

@dataclass(frozen=True)
class Word:
    """One word of a play as the table gives it: a key of the draft's payload, before ``Game.complete``.

    A door that offers plays by choices (the phone's forms) makes one control per word: a pick among the legal
    values the game lists now for it (``Choice.values[name]``); a ``typed`` word may also be typed (a name, a
    note, a face no catalog holds), and is typed when the game lists nothing for it. ``many``: the word is a list, each item picked among the legal values (a payment per player, the
    cards dealt), the draft carrying the list; ``required``: the play cannot be made without it (else it may be
    left out, and the game completes it). ``label`` names it for people ("shop", "paid to each player there");
    ``help`` says more. The words the CLI's commands take are these, so a draft from the phone is completed and
    judged exactly as a typed one.
    """

    name: str
    label: str = ""
    many: bool = False
    required: bool = False
    typed: bool = False
    help: str = ""

    @property
    def said(self) -> str:
        """The label, or the name in words."""
        return self.label or self.name.replace("_", " ")


#: the event types that set a whole state in every game that declares them: a tally or a game joined in progress
#: (``core.tallying``), and a manual adjustment (``core.adjusting``)
WHOLE_STATE_EVENTS = frozenset({"TALLY", "ADJUST"})

#: who an event type concerns: a player it must name, may name, or nobody
PLAYER_REQUIRED, PLAYER_OPTIONAL, PLAYER_NONE = "required", "optional", "none"


@dataclass(frozen=True)
class EventType:
    """The declaration of one event type: its name, what it records, its payload fields, its player.

    ``open`` event types accept fields beyond the declared ones (a manual correction's free keys are
    then checked by the game). ``whole_state``: the event sets the state as the table shows it rather than
    playing a move (a tally, a game joined in progress, a manual adjustment), so the engine judges the state it
    leaves with ``Game.check_state`` (see ``scorekeeper.core.engine``); None, the default, means by its name:
    every ``TALLY`` and ``ADJUST`` does (``WHOLE_STATE_EVENTS``), whichever game declares it.
    """

    name: str
    description: str
    fields: tuple[Field, ...] = ()
    player: str = PLAYER_OPTIONAL
    open: bool = False
    whole_state: bool | None = None
    #: the play in a few words for people, as a button says it ("visit a shop"); "" = its name in lower case
    label: str = ""
    #: the words of a play of this type as the table gives them (``Word``); None: one word per field, as declared
    words: tuple[Word, ...] | None = None

    @property
    def sets_state(self) -> bool:
        """Whether the event sets a whole state, judged by ``Game.check_state`` after it (see ``whole_state``)."""
        return self.name in WHOLE_STATE_EVENTS if self.whole_state is None else self.whole_state

    @property
    def said(self) -> str:
        """The play in a few words for people: its ``label``, or its name in lower case."""
        return self.label or self.name.replace("_", " ").lower()

    @property
    def draft_words(self) -> tuple[Word, ...]:
        """The words of a play of this type: as declared (``words``), or one per field (a list field is many)."""
        if self.words is not None:
            return self.words
        return tuple(Word(f.name, f.name.replace("_", " "), many=f.kind == "list", required=f.required,
                          typed=f.kind in ("str", "int", "num"), help=f.help) for f in self.fields)

    @functools.cached_property
    def field_names(self) -> frozenset[str]:
        """The names of the declared fields."""
        return frozenset(f.name for f in self.fields)

    def payload_problems(self, event: Event) -> list[str]:
        """Why ``event``'s player and payload do not fit this declaration (empty when they fit)."""
        problems = []
        if self.player == PLAYER_REQUIRED and not event.player:
            problems.append(f"{self.name} needs the player who makes it")
        if self.player == PLAYER_NONE and event.player:
            problems.append(f"{self.name} concerns no player (it names {event.player})")
        payload = event.payload
        for f in self.fields:
            value = payload.get(f.name)
            if value is None:
                if f.required:
                    problems.append(f"{self.name} needs the field {f.name}")
            elif not _FITS[f.kind](value):
                problems.append(str(f.problem(value)))
        declared = self.field_names
        unknown = [k for k in payload if k not in declared] if not self.open else []
        if unknown:
            known = ", ".join(f.name for f in self.fields) or "none"
            problems.append(f"{self.name} has no field {', '.join(map(repr, unknown))} (its fields: {known})")
        return problems
