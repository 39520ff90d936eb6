"""A fast ``copy.deepcopy`` for the Emberheart state, which is a tree of plain data.

The engine deep-copies a state to try a play and keeps a private copy as its checkpoint after a rejected
one; the generic ``copy.deepcopy`` spends most of its time on bookkeeping (the memo of shared references,
``__reduce_ex__`` for every dataclass). Emberheart's state shares no mutable object between two places
(each Card, Party, list and dict is reached once: the journal's replay cache stores it as JSON too), so it is
copied as a tree: atoms as they are, lists, dicts and tuples item by item, the state's dataclasses field
by field. Anything else falls back to ``copy.deepcopy``.
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar

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


def copy_fields(obj: Any, memo: dict[int, Any] | None = None) -> Any:
    """A copy of the dataclass ``obj``, field by field (its ``__deepcopy__``)."""
    new = object.__new__(type(obj))
    new.__dict__.update({k: v if type(v) in ATOMS else copied(v, memo) for k, v in obj.__dict__.items()})
    return new


#: the dataclasses copied field by field (each registers itself with ``tree``)
TREES: set[type] = set()
_Class = TypeVar("_Class", bound=type)


def tree(cls: _Class) -> _Class:
    """Class decorator: ``copy.deepcopy`` copies instances of ``cls`` as a tree (``copy_fields``)."""
    TREES.add(cls)
    cls.__deepcopy__ = copy_fields  # type: ignore[attr-defined]
    return cls
