"""The recording forms, built from a game's event declarations (``EventType``, ``Field``) and what it expects
now (``Expectation``: its choices name the legal values of each field), and the parsing of what a phone sends.

A field whose legal values the game lists now is a choice among them; any other field is typed as its kind
says (a whole number, a number, yes/no, text; a list as comma-separated words or JSON; an object as JSON). The
parsed play is a ``Draft`` for ``Session.record``: the game completes and judges it, as it does a typed one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from scorekeeper.errors import BadInput
from scorekeeper.core.protocol import PLAYER_NONE, PLAYER_REQUIRED, Draft, Expectation, Field, Game

#: a form's own fields, never a payload field
RESERVED = frozenset({"type", "player", "force", "confirm", "form_token"})


@dataclass
class Input:
    """One input of a form: its name, label, kind, the legal values (a choice) or none (typed), its default."""

    name: str
    label: str
    kind: str
    required: bool = False
    choices: list[str] = field(default_factory=list)
    default: str = ""
    hint: str = ""


@dataclass
class PlayForm:
    """The form of one event type: who plays, then one input per declared field."""

    type: str
    title: str
    player: Input | None
    inputs: list[Input]


HINTS = {"int": "a whole number", "num": "a number", "bool": "yes or no", "str": "text",
         "list": "comma-separated words, or JSON [..]", "dict": 'JSON, for example {"G": 2}', "any": "a word, a number or JSON"}


def play_form(game: Game, players: Sequence[str], expected: Expectation, type: str, player: str | None = None) -> PlayForm:
    """The form for a play of ``type`` (``BadInput`` for a type the game does not declare)."""
    declared = game.declaration(type)
    if declared is None:
        raise BadInput(f"{game.title} has no play {type!r}; its plays are {', '.join(e.name for e in game.events)}")
    mine = [c for c in expected.choices if c.event == type]
    who: Input | None = None
    if declared.player != PLAYER_NONE:
        default = player or next((c.player for c in mine if c.player), None) or expected.player or ""
        who = Input("player", "player", "str", declared.player == PLAYER_REQUIRED and not expected.player,
                    list(players), default if default in players else "",
                    "" if declared.player == PLAYER_REQUIRED else "optional")
    inputs = []
    for f in declared.fields:
        legal = list(dict.fromkeys(v for c in mine for v in c.values.get(f.name, ())))
        inputs.append(Input(f.name, f.name.replace("_", " "), f.kind, f.required, legal,
                            hint=f.help or HINTS.get(f.kind, "")))
    return PlayForm(type, declared.description, who, inputs)


def draft_of(game: Game, players: Sequence[str], sent: Mapping[str, str]) -> Draft:
    """The play a form sent (``BadInput`` naming the field that cannot be read)."""
    type = sent.get("type", "")
    declared = game.declaration(type)
    if declared is None:
        raise BadInput(f"{game.title} has no play {type[:40]!r}")
    player_text = sent.get("player", "").strip()
    player = None
    if player_text:
        if declared.player == PLAYER_NONE:
            raise BadInput(f"{type} concerns no player")
        from scorekeeper.core.protocol import resolve_player

        player = resolve_player(players, player_text)
    payload = {f.name: value_of(f, sent[f.name]) for f in declared.fields if sent.get(f.name, "").strip()}
    return Draft(declared.name, player, payload)


def value_of(f: Field, text: str) -> Any:
    """The value of field ``f`` typed as ``text`` (``BadInput`` when it is not of the field's kind)."""
    from scorekeeper.core.strictjson import command_value

    text = text.strip()
    wrong = BadInput(f"{f.name}: {text[:40]!r} is not {HINTS.get(f.kind, 'a value')}")
    if f.kind in ("int", "num"):
        value = command_value(text)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (f.kind == "int" and not isinstance(value, int)):
            raise wrong
        return value
    if f.kind == "bool":
        words = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}
        if text.lower() not in words:
            raise wrong
        return words[text.lower()]
    if f.kind == "str":
        return text
    if f.kind == "list":
        if text.startswith("["):
            value = command_value(text)
            if not isinstance(value, list):
                raise wrong
            return value
        return [part.strip() for part in text.split(",") if part.strip()]
    value = command_value(text)
    if f.kind == "dict" and not isinstance(value, dict):
        raise wrong
    return value


def facts_of(text: str) -> dict[str, Any]:
    """An assertion's facts, one ``KEY=VALUE`` a line (or separated by spaces), as the CLI reads them."""
    from scorekeeper.core.strictjson import assignments

    return assignments(text.split(), "flame=3")

