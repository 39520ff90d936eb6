"""A play's words as a phone sends them (plain strings, ``EventType.words``), read into the shapes its payload
records, before ``expect.complete`` fills in the rest.

A door that offers plays by choices sends each word as the string its button carries, in the game's own
notation, the same that ``ed`` commands take: a placement ``T10@2,0r3``, a Starting Mission
``SM/OWOOWO/market:o@1,0r2``, a chest ``C1=o@T23`` (``C2=g``: kept), a push ``Aurea=Dextra``, a number ``3``.
What the CLI's commands already give in the payload's shapes (dicts, whole numbers) is left as it is, so a typed
play and a tapped one are completed and judged alike.
"""

from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.core.protocol import is_whole

from .events import EVENTS
from .notation import NotationError, parse_chest, parse_pair, parse_placement

#: each event type's whole-number fields (a number sent as text is read as one)
WHOLE = {e.name: frozenset(f.name for f in e.fields if f.kind == "int") for e in EVENTS}

#: the fields sent ``KEY=VALUE`` one by one, as a phone sends them, with an example for a word that does not read
PAIRS = {("FLY", "pushes"): "NAME=KINGDOM, e.g. Rhed=Dextra", ("FLY", "seen"): "PIECE=SPACE, e.g. Rhed.w1=S4"}


def read_words(type_: str, payload: Mapping[str, Any]) -> dict[str, Any]:
    """``payload`` with every word sent as text in the shape the event records (``NotationError``: a word
    that does not read)."""
    read = dict(payload)
    for name in WHOLE.get(type_, ()):
        read[name] = number(read[name]) if isinstance(read.get(name), str) else read.get(name)
    for (kind, name), example in PAIRS.items():
        if kind == type_ and isinstance(read.get(name), list):
            read[name] = dict(parse_pair(str(item), name, example) for item in read[name])
    if type_ == "PLACE":
        read["tiles"] = [parse_placement(t) if isinstance(t, str) else t for t in read.get("tiles", [])]
    elif type_ == "START":
        read["missions"] = [mission(m) if isinstance(m, str) else m for m in read.get("missions", [])]
    elif type_ == "CHESTS":
        read["chests"] = [parse_chest(c) if isinstance(c, str) else c for c in read.get("chests", [])]
    return {k: v for k, v in read.items() if v is not None}


def number(text: str) -> int | str:
    """A whole number sent as text (``3``, ``-1``, ``+2``); any other text as it is (the declaration refuses it)."""
    digits = text.strip().lstrip("+-")
    if not is_whole(digits):
        return text
    return -int(digits) if text.strip().startswith("-") else int(digits)


def mission(text: str) -> dict[str, Any]:
    """A Starting Mission as typed, ``SPEC@Q,RrN`` or ``NAME=SPEC@Q,R/EDGES`` → {tile, at, rot[, seen]}, its
    name and face kept together in ``tile`` (as ``ed start`` records it)."""
    item = parse_placement(text)
    face = item.pop("face", None)
    if not item["tile"]:
        raise NotationError(f"{text!r}: write the Mission's face, e.g. SM/WWWWOW/market:b@1,-1r0")
    return {**item, "tile": item["tile"] + (f"={face}" if face else "")}
