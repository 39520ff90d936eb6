"""A tally's fields are converted by their declared types, each evaluated alone (``plain_state._hint``): for
every field of every dataclass in the games and the core, that is the type ``typing.get_type_hints`` gives."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import typing

import pytest

import scorekeeper.core
import scorekeeper.games
from scorekeeper.core.plain_state import _hint


def _dataclasses() -> list[type]:
    kinds: dict[str, type] = {}
    for package in (scorekeeper.games, scorekeeper.core):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for value in vars(module).values():
                if isinstance(value, type) and dataclasses.is_dataclass(value) and value.__module__ == info.name:
                    kinds[f"{value.__module__}.{value.__qualname__}"] = value
    return [kinds[name] for name in sorted(kinds)]


KINDS = _dataclasses()


def test_there_are_states_to_compare() -> None:
    names = {kind.__module__ for kind in KINDS}
    assert {"scorekeeper.games.emberheart.state", "scorekeeper.games.flamecraft.state",
            "scorekeeper.games.eight_dragons.state"} <= names


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: f"{kind.__module__}.{kind.__qualname__}")
def test_each_field_is_the_type_get_type_hints_gives(kind: type) -> None:
    try:
        expected = typing.get_type_hints(kind, include_extras=True)
    except NameError:  # an annotation that names what only a type checker sees: no tally converts it
        pytest.skip("annotations that need TYPE_CHECKING names")
    for field in dataclasses.fields(kind):
        assert _hint(kind, field.name) == expected[field.name], field.name
