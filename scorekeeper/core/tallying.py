"""What the three games share to play a tally: laying its state over the game's, and the guided walk.

A tally is the table as it stands, typed rather than played: one ``TALLY`` event (``core.tally_event``) whose
``state`` holds the fields of the game's state the table can see (``core.plain_state``: plain JSON, by the
state's declared types).
Each game's ``tally`` module plays it: the state laid over (a field that does not fit is a block under the
game's ``…-TALLY-1``), then the game's own checks of what the box holds (``…-TALLY-2``, a breach: recorded with
``--force`` and flagged). The state it reaches is scored by the game's one scoring code.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence

from scorekeeper.core.plain_state import overlay
from scorekeeper.core.settings import Setting, SettingError
from scorekeeper.errors import BadInput


def laid_over(state: Any, payload: Mapping[str, Any]) -> str | None:
    """Lay ``payload["state"]`` over ``state`` (in place); the problem in one line when it does not fit."""
    try:
        overlay(state, payload.get("state"), "state")
    except BadInput as exc:
        return str(exc)
    return None


# -- the guided walk: what the table is asked, declared by each game (``WALK`` in its ``tally`` module) ------


@dataclass(frozen=True)
class Question:
    """One question of the guided tally walk: a category the table reads off, asked once or for each player.

    ``read`` turns a typed line into its value, or raises ``BadInput`` saying what it expects; a question with
    ``many`` takes one line per item (a card, a tile) until an empty line; ``words`` are what Tab completes, or,
    when the line typed so far decides them, ``complete`` (given the line before the cursor and this player's
    or the table's answers so far: the colours after a card's kind, the player's own cards after ``on``); a word
    may hold spaces (``fire sage``), and completes as a whole. A question of the table may be a setting's
    (``settings`` turns its answer into the settings it sets: none while it keeps the default) and may be asked
    only ``when`` the table's earlier answers call for it; a player's question ``when`` that player's earlier answers
    call for it (a Moon answer once Moon dragons are typed). ``within`` checks a value read against the answers so
    far (this player's or the table's), raising ``BadInput``: a Moon answer names only the player's own Moon
    dragons. ``of_players``: the answer is a player's name (or nothing), offered by Tab and checked."""

    key: str
    label: str
    read: Callable[[str], Any]
    example: str
    many: bool = False
    words: tuple[str, ...] = ()
    settings: Callable[[Any], Mapping[str, Any]] | None = None
    when: Callable[[Mapping[str, Any]], bool] | None = None
    complete: Callable[[str, Mapping[str, Any]], Sequence[str]] | None = None
    within: Callable[[Any, Mapping[str, Any]], None] | None = None
    of_players: bool = False


#: the answers of a walk: the table's (by question key), and each player's (by name, then question key)
Answers = Mapping[str, Any]


@dataclass(frozen=True)
class Walk:
    """A game's guided tally: the questions asked once, those asked for each player, and ``build``, which turns
    the answers so far into the tally file's ``state`` (and ``settings`` or ``catalog`` beyond those the setting
    questions set; a question not answered yet is absent). ``compared``: the score's categories that compare the
    players with each other (8 Dragons' Royal Challenges), left out of the running total until every player is
    typed, so that typing one player never moves another's total (field report TALLY-27); ``typed_when`` says
    when, in words. ``waiting``: what a value the score still needs is, in the walk's words (given the remedy the
    score names, ``set flame_glory 8=N``; field report TALLY-29)."""

    table: tuple[Question, ...]
    player: tuple[Question, ...]
    build: Callable[[Sequence[str], Answers, Mapping[str, Answers]], dict[str, Any]]
    compared: tuple[str, ...] = ()
    typed_when: str = "every player is typed"
    waiting: Callable[[str], str] | None = None

    def asked(self, table: Answers) -> tuple[Question, ...]:
        """The table's questions asked, given its answers so far (a question ``when`` says no to is skipped)."""
        return tuple(q for q in self.table if q.when is None or q.when(table))

    def asked_of(self, player: Answers) -> tuple[Question, ...]:
        """A player's questions asked, given that player's answers so far."""
        return tuple(q for q in self.player if q.when is None or q.when(player))

    def settings(self, table: Answers) -> dict[str, Any]:
        """The settings the table's answers set (those that keep the default set nothing)."""
        found: dict[str, Any] = {}
        for question in self.asked(table):
            if question.settings is not None and question.key in table:
                found.update(question.settings(table[question.key]))
        return found


def setting_question(setting: Setting, label: str, example: str, *, key: str | None = None,
                     read: Callable[[str], Any] | None = None, words: tuple[str, ...] | None = None,
                     when: Callable[[Mapping[str, Any]], bool] | None = None) -> Question:
    """The walk's question for one of the game's settings, asked once for the table: Enter keeps its default
    (said in the question's help, ``example``), a value is read as ``--set`` reads it (or by ``read``), a word
    that is not one of its choices gets the closest one suggested; Tab completes the choices (yes/no)."""
    default = setting.default

    def typed(text: str) -> Any:
        if not text.strip():
            return default
        if read is not None:
            return read(text)
        try:
            return setting.parse(text.strip())
        except SettingError as exc:
            raise BadInput(f"{exc}{suggest(text.strip(), [str(c) for c in setting.choices])}") from None

    shown = ("yes" if default else "no") if isinstance(default, bool) else default
    choices = tuple(str(c) for c in setting.choices) or (("yes", "no") if setting.kind == "bool" else ())
    return Question(key or setting.key, label, typed, f"{example} (Enter keeps {_kept(shown)})",
                    words=choices if words is None else words,
                    settings=lambda value: {setting.key: value} if value != default else {}, when=when)


def yes_no(text: str) -> bool:
    """``yes`` or ``no`` as typed (``y``, ``n``; Enter: no)."""
    word = text.strip().lower()
    if word in ("", "n", "no"):
        return False
    if word in ("y", "yes"):
        return True
    raise BadInput(f"{text.strip()!r}: yes or no")


#: the question that opens a game's readings of its rulebook, each a setting (``house_rule``): Enter keeps every
#: reading ``docs/tally.md`` gives, so that a table that plays by the book answers one line, not one per rule
HOUSE_RULES = Question("house_rules", "house rules", yes_no, "a variant, or your own reading of an unclear rule? yes "
                       "to choose each (Enter: none, we play by the rulebook)", words=("yes", "no"))


def house_rule(question: Question) -> Question:
    """``question`` asked only when the table said yes to ``HOUSE_RULES`` (and its own ``when`` says so)."""
    own = question.when
    return replace(question, when=lambda table: bool(table.get(HOUSE_RULES.key)) and (own is None or own(table)))


def _kept(default: Any) -> str:
    """A default as the question says it: the value, or what an empty one means."""
    if default in ([], {}, "", None):
        return "none"
    if isinstance(default, dict):
        return " ".join(f"{k}={v}" for k, v in default.items())
    if isinstance(default, list):
        return ",".join(map(str, default))
    return str(default)


def suggest(word: str, known: Sequence[str]) -> str:
    """`` (did you mean X?)`` for the known word closest to ``word``, or nothing."""
    import difflib  # only to suggest

    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def whole(text: str) -> int:
    """A whole number as typed (``-2`` allowed: the game's own checks refuse what the box cannot hold)."""
    value = text.strip()
    if not value.lstrip("-").isdigit():
        raise BadInput(f"expects a whole number, not {value!r}")
    return int(value)


def pairs(text: str, value: Callable[[str], Any] = whole, example: str = "bread=2") -> dict[str, Any]:
    """``KEY=VALUE KEY=VALUE`` (or ``KEY VALUE`` … ) as a mapping; an empty line is an empty mapping. ``example``:
    the game's own, said when a key has no value (field report UX-6: not a Flamecraft good in Emberheart)."""
    words = text.replace(",", " ").split()
    items: list[tuple[str, str]] = []
    while words:
        key, eq, rest = words.pop(0).partition("=")
        if not eq:
            if not words:
                raise BadInput(f"{key}: expects KEY=VALUE, e.g. {example}")
            rest = words.pop(0)
        items.append((key.lower(), rest))
    return {key: value(rest) for key, rest in items}
