"""The tiles in the box, as a session's catalog may list them, and the faces a draw may still show.

The box's tile list is not in the rulebook (USER DATA), so it comes in the session's catalog beside the board::

    {"tiles": {
        "note": "INVENTED faces",
        "stacks": {"E1": ["E1/OWWOWO/1", "E1/OOWOOO", …], "O2": ["O2/WOWWOO/2o,1", …], …},
        "merchants": ["ME/OWWOOW/craft:cc", …],
        "start": ["S/WOOOOW", …],
        "missions": ["SM/OWOOWO/market:o", …]}}

``stacks`` lists, per Lair stack (E1 … O2, the names the game's stacks use), each face it holds, in the notation
a draw is typed in (``STACK/EDGES[/SYMBOLS]``); a face listed twice is in the box twice. ``merchants`` lists the
Merchant Tiles (both kingdoms' stacks), ``start`` the Starting Tiles, ``missions`` the Starting Missions; each is
optional. With a box, a draw is
offered as a pick among the faces not yet seen in the game (``faces_left``) instead of being typed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping

from .notation import TileSpecError, parse_tile
from .tiles import MERCHANT, START, START_MISSION

#: the parts of ``tiles`` besides ``stacks``: part → the kind of tile it lists
OTHER_PARTS = {"merchants": MERCHANT, "start": START, "missions": START_MISSION}
#: each other part's tiles, in words
WHAT = {MERCHANT: "a Merchant Tile (M…)", START: "a Starting Tile (S/…)", START_MISSION: "a Starting Mission (SM/…)"}


class BoxError(ValueError):
    """A tile list that cannot be used; the message says what to fix."""


def parse_box(data: Any, stacks: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The catalog's ``tiles`` as {part: faces}: each Lair stack of ``stacks`` it lists, then ``merchants`` and
    ``start``; ``BoxError`` names the first thing wrong (one line)."""
    if not isinstance(data, Mapping):
        raise BoxError("tiles: give an object with 'stacks' (each Lair stack's faces), e.g. {\"stacks\": "
                       "{\"E1\": [\"E1/OWWWWW/b,1\"]}}")
    known = list(stacks)
    unknown = [k for k in data if k not in ("note", "stacks", *OTHER_PARTS)]
    if unknown:
        raise BoxError(f"tiles: {unknown[0]!r} is not a part of the box; the parts are note, stacks, merchants, start, missions")
    listed = data.get("stacks")
    if not isinstance(listed, Mapping) or not listed:
        raise BoxError("tiles.stacks: give each Lair stack's faces, e.g. {\"E1\": [\"E1/OWWWWW/b,1\"]}")
    box: dict[str, tuple[str, ...]] = {}
    for stack, faces in listed.items():
        if stack not in known:
            raise BoxError(f"tiles.stacks: {stack!r} is not a Lair stack; the stacks are {', '.join(known)}")
        box[stack] = _faces(f"tiles.stacks.{stack}", faces, lambda t, s=stack: t.stack == s, f"a tile of {stack}")
    for part, kind in OTHER_PARTS.items():
        if data.get(part) is not None:
            box[part] = _faces(f"tiles.{part}", data[part], lambda t, k=kind: t.kind == k, WHAT[kind])
    return box


def _faces(where: str, faces: Any, fits: Any, what: str) -> tuple[str, ...]:
    """One part's faces, each parsed with its edges and of the kind ``fits`` wants."""
    if not isinstance(faces, list) or not all(isinstance(f, str) for f in faces):
        raise BoxError(f"{where}: give a list of faces, e.g. [\"E1/OWWWWW/b,1\"]")
    for face in faces:
        try:
            tile = parse_tile(face, "T")
        except TileSpecError as exc:
            raise BoxError(f"{where}: {exc}") from None
        if tile.edges is None or not fits(tile):
            raise BoxError(f"{where}: {face!r} is not {what} with its edges (e.g. E1/OWWWWW/b,1)")
    return tuple(faces)


def notation_of(face: str) -> str:
    """A face as the game writes it (the same face typed two ways compares equal)."""
    return parse_tile(face, "T").notation()


def faces_left(box: Mapping[str, tuple[str, ...]], part: str, seen: Mapping[str, int]) -> list[str]:
    """The faces of ``part`` (a stack, ``merchants``, ``start`` or ``missions``) not yet seen in the game: a face the box holds
    twice is offered until it has been seen twice; each once, in the box's order."""
    held: Counter[str] = Counter()
    found: list[str] = []
    for face in box.get(part, ()):
        key = notation_of(face)
        held[key] += 1
        if held[key] > seen.get(key, 0) and face not in found:
            found.append(face)
    return found

