"""The placeholders the games' ``next:`` hints and examples show (``--keep FANCY``), never real values.

A hint such as ``scorekeeper fc deal Ann --hand D1,D2,D3 --keep FANCY`` is copied from the screen; a word of
it left as written must not be recorded as a card. ``placeholder_in`` finds such a word in a typed play.
The sets are per game: ``D1`` is a placeholder in Flamecraft but a real space on an 8 Dragons board.
"""

from __future__ import annotations

import re
from typing import Any

PLACEHOLDERS: dict[str, frozenset[str]] = {
    "flamecraft": frozenset({"D1", "D2", "D3", "FANCY", "DRAGON", "PLAYER", "SHOP", "CARD", "NAME",
                             "FACE", "GOOD", "ITEM", "REWARD", "NAMES", "ITEMS", "SYMBOLS"}),
    "emberheart": frozenset({"HERO", "CARD", "DRAGON", "LOCATION", "SPACE", "HIRE", "TARGET", "AIDE", "PLAYER",
                             "FACE", "SLOT"}),
    "eight-dragons": frozenset({"PLAYER", "ID", "ARTIFACTS", "TILE", "SPACE", "REASON", "WINNER"}),
}

_ITEMS = re.compile(r"[\s,]+")
_PARTS = re.compile(r"[:@+/]+")


def placeholder_in(game: str, value: Any) -> str | None:
    """The first placeholder word of ``game``'s hints found in ``value`` (strings, lists, dicts), or None.

    ``NAME=FACE`` with a real face declares a real card (``F1=moon:3rep``): only its face is looked at.
    """
    known = PLACEHOLDERS.get(game, frozenset())
    if isinstance(value, str):
        for item in _ITEMS.split(value):
            name, _, face = item.partition("=")
            in_face = [word for word in _PARTS.split(face) if word in known]
            in_name = [word for word in _PARTS.split(name) if word in known]
            if in_face or (in_name and not face):
                return (in_name or in_face)[0]
        return None
    items = list(value.items()) if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else []
    for item in items:
        found = placeholder_in(game, item)
        if found:
            return found
    return None
