"""A fast ``copy.deepcopy`` for the Emberheart state, which is a tree of plain data.

The engine deep-copies a state to try a play and keeps a private copy as its checkpoint after a rejected
one; the generic ``copy.deepcopy`` spends most of its time on bookkeeping (the memo of shared references,
``__reduce_ex__`` for every dataclass). Emberheart's state shares no mutable object between two places
(each Card, Party, list and dict is reached once: the journal's replay cache stores it as JSON too), so it is
copied as a tree: atoms as they are, lists, dicts and tuples item by item, the state's dataclasses field
by field. Anything else falls back to ``copy.deepcopy``.

A dataclass is copied by its fields' declared types (``plan``, read once per class from its annotations,
which never change): a field declared as an atom (``str``, ``int | None``…) is shared as it is; one declared
as a flat container of atoms (``dict[str, int]``, ``list[str | None]``, ``list[tuple[str, int]]``) is copied
in one call (``dict.copy``, ``list.copy``); a dict of one tree class (``dict[str, Card]``) has each value
copied by that class's copier, a list or dict of containers item by item the same way; any other field (``Any``)
goes through ``copied``, which looks at each value.
``tests/games/emberheart/test_eh_speed.py`` holds every field of the sample states to its declared type.
"""

from __future__ import annotations

import copy
import types
import typing
from typing import Any, Callable, TypeVar

#: immutable values, kept as they are
ATOMS = frozenset({str, int, bool, float, type(None)})


def copied(value: Any, memo: dict[int, Any] | None = None) -> Any:
    """A deep copy of ``value``, a tree of atoms, lists, dicts, tuples and the state's dataclasses."""
    kind = type(value)
    if kind in ATOMS:
        return value
    if kind is list:
        return [v if type(v) in ATOMS else copied(v, memo) for v in value]
    if kind is dict:
        return {k: v if type(v) in ATOMS else copied(v, memo) for k, v in value.items()}
    if kind is tuple:
        return tuple([v if type(v) in ATOMS else copied(v, memo) for v in value])
    if kind in TREES:
        return copy_fields(value, memo)
    return copy.deepcopy(value, memo)


#: how each field of a tree class is copied: ``(name, how)`` for the fields that are not atoms
Plan = tuple[tuple[str, Callable[[Any], Any]], ...]
_PLANS: dict[type, Plan] = {}


def copy_fields(obj: Any, memo: dict[int, Any] | None = None) -> Any:
    """A copy of the dataclass ``obj``, field by field (its ``__deepcopy__``): its fields' dict copied at once,
    then each field that is not an atom copied as its declared type says (``plan``)."""
    kind = type(obj)
    steps = _PLANS.get(kind)
    if steps is None:
        steps = _PLANS[kind] = plan(kind)
    new = object.__new__(kind)
    fields = obj.__dict__.copy()
    for name, how in steps:
        fields[name] = how(fields[name])
    new.__dict__ = fields
    return new


def plan(cls: type) -> Plan:
    """How to copy the fields of ``cls`` (from its annotations); a field not declared is copied by ``copied``."""
    hints = typing.get_type_hints(cls)
    steps = []
    for name in cls.__dataclass_fields__:  # type: ignore[attr-defined]
        how = _copier(hints.get(name, Any))
        if how is not None:
            steps.append((name, how))
    return tuple(steps)


def _is_atom(hint: Any) -> bool:
    """Whether every value of the type ``hint`` is immutable: an atom, a union of atoms, a tuple of atoms."""
    if hint in ATOMS or hint is None:
        return True
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return all(_is_atom(a) for a in args)
    if origin is tuple:
        return bool(args) and all(a is Ellipsis or _is_atom(a) for a in args)
    return False


def _copier(hint: Any) -> Callable[[Any], Any] | None:
    """The copier of a field declared as ``hint``: None for an atom (shared), else a function of the value."""
    if _is_atom(hint):
        return None
    if hint in TREES:
        return copy_fields
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is list and len(args) == 1:
        return list.copy if _is_atom(args[0]) else _list_of(_copier(args[0]) or copied)
    if origin is dict and len(args) == 2 and _is_atom(args[0]):
        return dict.copy if _is_atom(args[1]) else _dict_of(_copier(args[1]) or copied)
    return copied


def _list_of(how: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The copier of a list whose items ``how`` copies."""
    def copy_list(value: list[Any]) -> list[Any]:
        return [how(v) for v in value] if value else []
    return copy_list


def _dict_of(how: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The copier of a dict with atom keys whose values ``how`` copies (the state's cards, its offers)."""
    def copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
        return {k: how(v) for k, v in value.items()}
    return copy_dict


#: the dataclasses copied field by field (each registers itself with ``tree``)
TREES: set[type] = set()
_Class = TypeVar("_Class", bound=type)


def tree(cls: _Class) -> _Class:
    """Class decorator: ``copy.deepcopy`` copies instances of ``cls`` as a tree (``copy_fields``)."""
    TREES.add(cls)
    cls.__deepcopy__ = copy_fields  # type: ignore[attr-defined]
    return cls
