"""A game's commands made from its event declarations: one command per event type, one option per field.

A game with no command module of its own (a fourth game's first version, the tests' fake game) is
recorded with these: ``scorekeeper GAME EVENT [-p PLAYER] [--FIELD VALUE]…``. A list field takes
comma-separated words or JSON, an object field takes JSON.
"""

from __future__ import annotations

import json
from typing import Any

import click

from scorekeeper.cli.common import PrefixGroup
from scorekeeper.cli.recording import Recorder, named
from scorekeeper.errors import BadInput

_TYPES: dict[str, Any] = {"int": click.INT, "num": click.FLOAT, "bool": click.BOOL, "str": click.STRING}


def declared_group(entry: Any) -> click.Group:
    """The command group of the game ``entry`` (a registry entry), built from its event declarations."""
    from scorekeeper import games

    game = games.load(entry.name)
    group = PrefixGroup(entry.name, help=f"{entry.summary}\n\nExample: scorekeeper {entry.name} --help")
    command = Recorder(group, entry.name, entry.name, player=named)
    for declared in game.events:
        _command(command, declared)
    return group


def _command(command: Recorder, declared: Any) -> click.Command:
    name = declared.name.lower().replace("_", "-")
    params: list[Any] = [click.option("-p", "--player", help="Who plays (default: whose turn it is).")]
    for f in declared.fields:
        if f.positional:
            params.append(click.argument(f.name, type=_TYPES.get(f.kind, click.STRING), required=f.required))
            continue
        params.append(click.option(f"--{f.name.replace('_', '-')}", f.name, type=_TYPES.get(f.kind, click.STRING),
                                   required=f.required, help=f.help or f"the {f.name} ({f.kind})"))
    text = f"{declared.description[:1].upper()}{declared.description[1:]}."
    return command(name, declared.name, *params, text=text,
                   build=lambda **fields: {k: _value(declared, k, v) for k, v in fields.items() if v is not None})(name)


def _value(declared: Any, key: str, value: Any) -> Any:
    kind = next(f.kind for f in declared.fields if f.name == key)
    if kind not in ("list", "dict", "any") or not isinstance(value, str):
        return value
    try:
        return json.loads(value)
    except ValueError:
        if kind == "dict":
            raise BadInput(f"--{key} takes a JSON object, for example '{{\"a\": 1}}'") from None
        return [part.strip() for part in value.split(",") if part.strip()] if kind == "list" else value
