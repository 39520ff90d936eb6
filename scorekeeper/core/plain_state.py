"""A game state as the plain JSON a table can read and type, and that JSON laid over a state, by declared types.

``state_codec`` tags every container so that any state comes back exactly, for a machine. A tally is typed or
read by people, so here a state is written as plain JSON (``to_plain``: a dataclass as an object of its fields, a
tuple or set as a list) and read back by the types its dataclasses declare (``overlay``): each field named in the
JSON is converted to its declared type and set on the state the game's setup built, and a field left out keeps
the setup's value. A value of the wrong kind, or an unknown field (with the closest known name), is a
``BadInput`` naming the field by its path (``state.players[1].gear``).
"""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from functools import cache
from typing import Any

from scorekeeper.errors import BadInput

_ATOMS = (str, int, float, bool, type(None))


def to_plain(value: Any) -> Any:
    """``value`` (a tree of dataclasses, containers and JSON scalars) as plain JSON data."""
    if isinstance(value, _ATOMS):
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: to_plain(v) for k, v in value.items()}
        return [[to_plain(k), to_plain(v)] for k, v in value.items()]  # a cell, a number: pairs
    if isinstance(value, (set, frozenset)):
        return [to_plain(v) for v in sorted(value, key=repr)]
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    raise TypeError(f"a {type(value).__name__} is not plain data")


def changed_fields(state: Any, base: Any) -> dict[str, Any]:
    """The fields of the dataclass ``state`` that differ from ``base``'s, as plain data (a tally leaves the
    rest to the setup)."""
    return {f.name: to_plain(getattr(state, f.name)) for f in dataclasses.fields(state)
            if to_plain(getattr(state, f.name)) != to_plain(getattr(base, f.name))}


@cache
def _fields(kind: type) -> dict[str, dataclasses.Field[Any]]:
    return {f.name: f for f in dataclasses.fields(kind)}


@cache
def _hint(kind: type, name: str) -> Any:
    """The declared type of the field ``name`` of ``kind``, as ``typing.get_type_hints(kind, include_extras=True)``
    gives it, evaluated alone: a tally names a few fields of a state, and each annotation evaluated is a piece of
    source compiled (``tests/core/test_plain_state_hints.py`` holds the two equal for every state of every game)."""
    for base in kind.__mro__:
        annotations = base.__dict__.get("__annotations__", {})
        if name in annotations:
            value = annotations[name]
            if value is None:
                return type(None)
            if not isinstance(value, str):
                return value
            module = getattr(sys.modules.get(base.__module__), "__dict__", {})
            return eval(value, dict(vars(base)), module)  # as get_type_hints does: the module's names first
    raise KeyError(name)


@dataclasses.dataclass(frozen=True)
class OneOf:
    """An enumerated field of a state: ``Annotated[str, OneOf(("hero", "captive", …))]`` (or a ``Literal``) takes only
    those values; any other is a ``BadInput`` naming the field, the values and the closest one (a misspelled card
    kind or tile kind never stands in a tally). ``values`` may be a callable, read when a value is checked."""

    values: tuple[str, ...] | typing.Callable[[], typing.Sequence[str]]

    def known(self) -> list[str]:
        return list(self.values() if callable(self.values) else self.values)


def _one_of(known: list[Any], data: Any, path: str) -> Any:
    if data in known:
        return data
    import difflib  # only to suggest

    close = difflib.get_close_matches(str(data), [str(k) for k in known], n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    raise BadInput(f"{path}: expects one of {', '.join(map(str, known))}, not {data!r}{hint}")


def overlay(target: Any, data: Any, path: str) -> Any:
    """``target`` (a dataclass instance) with the fields ``data`` names set from it, converted to their declared
    types; ``BadInput`` naming the field for anything that does not fit."""
    return _convert(type(target), target, data, path)


@cache
def _shape(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    return typing.get_origin(hint), typing.get_args(hint)


def _convert(hint: Any, current: Any, data: Any, path: str) -> Any:
    if type(data) is hint and hint in _ATOMS:  # (most values: a number, a text)
        return data
    origin, args = _shape(hint)
    if hint is Any:
        return data
    if origin is typing.Annotated:  # an enumerated field (``OneOf``): the value converted, then checked
        value = _convert(args[0], current, data, path)
        for rule in (a for a in args[1:] if isinstance(a, OneOf)):
            _one_of(rule.known(), value, path)
        return value
    if origin is typing.Literal:
        return _one_of(list(args), data, path)
    if hint in (set, frozenset):  # a bare set: its items as they can be hashed (a list is a tuple)
        if not isinstance(data, list):
            raise BadInput(f"{path}: expects a list, not {data!r}")
        return hint(_hashable(v) for v in data)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        problems = []
        for arg in (a for a in args if a is not type(None)):
            try:
                return _convert(arg, current if isinstance(current, _base(arg)) else None, data, path)
            except BadInput as exc:
                problems.append(str(exc))
        raise BadInput(problems[0] if len(problems) == 1 else f"{path}: expects {_name(hint)}, not {data!r}")
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(hint, current, data, path)
    if origin in (list, tuple, set, frozenset):
        if not isinstance(data, list):
            raise BadInput(f"{path}: expects a list ({_name(hint)}), not {data!r}")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(data):
                raise BadInput(f"{path}: expects a list of {len(args)} ({_name(hint)}), not {data!r}")
            return tuple(_convert(a, None, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data)))
        item = args[0] if args else Any
        olds = current if isinstance(current, list) else []
        items = [_convert(item, olds[i] if i < len(olds) else None, v, f"{path}[{i}]") for i, v in enumerate(data)]
        return origin(items) if origin is not list else items
    if origin is dict and isinstance(data, list) and args and args[0] is not str:
        if not all(isinstance(pair, list) and len(pair) == 2 for pair in data):
            raise BadInput(f"{path}: expects a list of [key, value] pairs ({_name(hint)}), not {data!r}")
        return {_convert(args[0], None, k, f"{path}[{i}][0]"): _convert(args[1], None, v, f"{path}[{i}][1]")
                for i, (k, v) in enumerate(data)}
    if origin is dict:
        if not isinstance(data, dict):
            raise BadInput(f"{path}: expects an object ({_name(hint)}), not {data!r}")
        key_hint, value_hint = args or (Any, Any)
        before: dict[Any, Any] = current if isinstance(current, dict) else {}
        out = {}
        for key, value in data.items():
            real = _key(key_hint, key, path)
            out[real] = _convert(value_hint, before.get(real), value, f"{path}.{key}")
        return out
    if hint is float and isinstance(data, (int, float)) and not isinstance(data, bool):
        return float(data)
    if hint in (int, str, bool) and type(data) is hint:
        return data
    if hint is type(None) and data is None:
        return None
    raise BadInput(f"{path}: expects {_name(hint)}, not {data!r}")


def _dataclass(kind: type, current: Any, data: Any, path: str) -> Any:
    if not isinstance(data, dict):
        raise BadInput(f"{path}: expects an object with the fields of {kind.__name__}, not {data!r}")
    fields = _fields(kind)
    for key in data:
        if key not in fields:
            import difflib  # only to suggest a name

            close = difflib.get_close_matches(str(key), list(fields), n=1)
            hint = f" (did you mean {close[0]}?)" if close else f" (known: {', '.join(fields)})"
            raise BadInput(f"{path}.{key}: no such field{hint}")
    if current is None:
        missing = [name for name, f in fields.items() if name not in data and f.default is dataclasses.MISSING
                   and f.default_factory is dataclasses.MISSING]
        if missing:
            raise BadInput(f"{path}: expects the field {missing[0]} of {kind.__name__}")
        return kind(**{k: _convert(_hint(kind, k), None, v, f"{path}.{k}") for k, v in data.items()})
    for key, value in data.items():  # (a frozen dataclass too: it is being built)
        object.__setattr__(current, key, _convert(_hint(kind, key), getattr(current, key), value, f"{path}.{key}"))
    return current


def _hashable(value: Any) -> Any:
    return tuple(_hashable(v) for v in value) if isinstance(value, list) else value


def _key(hint: Any, key: str, path: str) -> Any:
    if hint is int:
        try:
            return int(key)
        except ValueError:
            raise BadInput(f"{path}.{key}: expects a whole number as the key") from None
    return key


def _base(hint: Any) -> type | tuple[type, ...]:
    origin = typing.get_origin(hint)
    kind = origin if origin is not None else hint
    return kind if isinstance(kind, type) else object


def _name(hint: Any) -> str:
    names = {int: "a whole number", str: "text", bool: "true or false", float: "a number", type(None): "nothing"}
    if hint in names:
        return names[hint]
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return " or ".join(_name(a) for a in typing.get_args(hint))
    return str(hint).replace("typing.", "")
