"""A game state as tagged JSON and back, for the replay cache: plain data only, never code.

A state is the game's dataclasses holding lists, dicts, tuples, sets and JSON scalars. ``encode`` writes each
container with a one-letter tag (``l`` list, ``t`` tuple, ``m`` dict with text keys, ``d`` any other dict,
``s``/``f`` set/frozenset, ``c`` a dataclass by ``module:name``); ``decode`` rebuilds it. Decoding builds only
dataclasses of the game packages already imported (``scorekeeper.games.…``), by setting their fields: no
constructor, hook or import runs, so a file someone else wrote can at worst be refused (``CodecError``).
A state that is not plain data, or that holds one mutable object in two places (decoding would make two), is
refused too: it is then simply not cached.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

#: the packages whose dataclasses a cached state may hold
TRUSTED_PREFIX = "scorekeeper.games."


class CodecError(ValueError):
    """The state cannot be written as plain data, or the data is not a state this code wrote."""


def encode(state: Any) -> Any:
    """``state`` as JSON-ready tagged data; ``CodecError`` when it is not plain data."""
    return _Encoder().encode(state)


class _Encoder:
    def __init__(self) -> None:
        self.seen: set[int] = set()

    def encode(self, value: Any) -> Any:
        if value is None or isinstance(value, (bool, int, str)):
            return value
        if isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise CodecError("a number that JSON cannot hold")
            return value
        kind = type(value)
        if kind is tuple:
            return {"t": [self.encode(v) for v in value]}
        if kind is frozenset:
            return {"f": [self.encode(v) for v in _ordered(value)]}
        self._once(value)
        if kind is list:
            return {"l": [self.encode(v) for v in value]}
        if kind is dict:
            if all(type(k) is str for k in value):
                return {"m": {k: self.encode(v) for k, v in value.items()}}
            return {"d": [[self.encode(k), self.encode(v)] for k, v in value.items()]}
        if kind is set:
            return {"s": [self.encode(v) for v in _ordered(value)]}
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            name = f"{kind.__module__}:{kind.__qualname__}"
            if not kind.__module__.startswith(TRUSTED_PREFIX):
                raise CodecError(f"{name} is not a game's state")
            return {"c": name, "v": {f.name: self.encode(getattr(value, f.name)) for f in dataclasses.fields(value)}}
        raise CodecError(f"a {kind.__name__} is not plain data")

    def _once(self, value: Any) -> None:
        if id(value) in self.seen:
            raise CodecError("one object is held in two places")
        self.seen.add(id(value))


def _ordered(items: Any) -> list[Any]:
    try:
        return sorted(items)
    except TypeError:
        return sorted(items, key=repr)


def decode(data: Any) -> Any:
    """The state ``encode`` wrote; ``CodecError`` for anything else."""
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise CodecError("not a tagged value")
    if "c" in data:
        return _dataclass(data)
    (tag, body), = data.items()
    if tag == "m" and isinstance(body, dict):
        return {k: decode(v) for k, v in body.items()}
    if not isinstance(body, list):
        raise CodecError(f"tag {tag!r} holds no list")
    if tag == "l":
        return [decode(v) for v in body]
    if tag == "t":
        return tuple(decode(v) for v in body)
    if tag == "s":
        return {decode(v) for v in body}
    if tag == "f":
        return frozenset(decode(v) for v in body)
    if tag == "d":
        if not all(isinstance(p, list) and len(p) == 2 for p in body):
            raise CodecError("a dict of pairs holds something else")
        return {decode(k): decode(v) for k, v in body}
    raise CodecError(f"unknown tag {tag!r}")


def _dataclass(data: dict[str, Any]) -> Any:
    name, values = data.get("c"), data.get("v")
    if not isinstance(name, str) or not isinstance(values, dict):
        raise CodecError("a damaged object")
    kind, fields = _KINDS.get(name) or _kind_of(name)
    if len(values) != len(fields) or not all(f in values for f in fields):
        raise CodecError(f"{name} has other fields now")
    obj: Any = object.__new__(kind)
    for field_name in fields:
        object.__setattr__(obj, field_name, decode(values[field_name]))
    return obj


#: the game state classes already looked up by their tag (``module:qualname``), with their fields
_KINDS: dict[str, tuple[type, tuple[str, ...]]] = {}


def _kind_of(name: str) -> tuple[type, tuple[str, ...]]:
    """The dataclass a tag names, when it is a state class of a game package already imported, and its fields
    (kept in ``_KINDS`` for the next object of that class); ``CodecError`` for anything else."""
    if ":" not in name:
        raise CodecError("a damaged object")
    module_name, qualname = name.split(":", 1)
    module = sys.modules.get(module_name)
    if not module_name.startswith(TRUSTED_PREFIX) or module is None:
        raise CodecError(f"{name} is not a loaded game's state")
    kind: Any = module
    for part in qualname.split("."):
        kind = getattr(kind, part, None)
    if not isinstance(kind, type) or not dataclasses.is_dataclass(kind) or kind.__module__ != module_name:
        raise CodecError(f"{name} is not a game's state")
    _KINDS[name] = (kind, tuple(f.name for f in dataclasses.fields(kind)))
    return _KINDS[name]
