"""Tile faces and their compact notation (a Lair Tile, Starting Tile, Starting Mission or Merchant Tile).

A tile's face is printed on the component, never in the rulebook, so players type it when the tile is
taken (or at the latest when it is placed) in a compact notation, and refer to it by a short name::

    SPEC    := FACE [ "/" EDGES [ "/" SYMBOLS ] ]
    FACE    := FOLK LEVEL        a Lair Tile:        E1, G2, O1, F2
             | "S" [COLOUR]      a Starting Tile:     SG (Gnome colour), S (no colour)
             | "SM" [COLOUR]     a Starting Mission:  SM, SMN
             | "M" [COLOUR]      a Merchant Tile:     MJ (Joker background), ME, M (no colour)
    FOLK    := E (Elves, Books) | G (Gnomes, Gears) | O (Goblins, Ore) | F (Fairies, Crystals)
    COLOUR  := FOLK | J (Joker: every colour) | N (none, the default)
    EDGES   := six letters O (open) / W (wall) for edges N, NE, SE, S, SW, NW as printed (rotation 0)
    SYMBOLS := ITEM ("," ITEM)*
    ITEM    := [COUNT] ARTIFACT   b (Book), g (Gear), o (Ore), c (Crystal): "b", "2g"
             | NUMBER             printed Gold coins: "2"
             | MISSION            market:b | craft:bg | alch:bgc | spec:E | tours | chests
             | "joker"            the special (Joker) background on a Lair Tile: it counts as every colour

Examples: ``E1/OWWWWW/b,1`` (a Level-1 Elf tile, one open edge, a Book and 1 Gold),
``MJ/OOWOWW/craft:bg`` (a Joker Merchant Tile with a Craftsmen mission for Book + Gear).
Letters are case-insensitive.

The other words of the 8 Dragons commands are parsed here too: ``NAME=SPEC`` items, placements
(``T3@1,-1r2``), chests at the end (``C1=c@T12``), Folk letters, kingdoms and ``KEY=VALUE`` pairs. Every
parser is a pure function; it raises ``NotationError`` (exit 2) with an example of what it expects.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import takewhile
from typing import Any, Sequence

from scorekeeper.errors import NotationError
from scorekeeper.core.protocol import is_whole

from .board import parse_kingdom as _parse_kingdom
from .hexgrid import format_cell, parse_cell
from .tiles import ARTIFACTS, FOLK_NAMES, FOLKS, LAIR1, LAIR2, MERCHANT, MISSION_TYPES, START, START_MISSION, Mission, Tile


class TileSpecError(NotationError, ValueError):
    """A tile notation that does not parse; the message says what is wrong and shows an example."""


@lru_cache(maxsize=4096)
def parse_tile(spec: str, name: str) -> Tile:
    """Parse the compact notation (see the module docstring) into a ``Tile`` called ``name``.

    A pure function of two strings whose result is frozen (``Tile``, ``Mission`` and tuples), so its answers are
    kept: a replay parses each tile's notation once instead of at every play that reads it (a check, then its
    change). A notation that does not parse is not kept (``TileSpecError`` is raised again each time)."""
    text = spec.strip()
    if not text:
        raise TileSpecError("empty tile: write for example E1/OWWWWW/b,1")
    parts = text.split("/")
    if len(parts) > 3:
        raise TileSpecError(f"{spec!r}: at most three parts FACE/EDGES/SYMBOLS, for example E1/OWWWWW/b,1")
    kind, colour = _parse_face(parts[0], spec)
    edges = None
    if len(parts) >= 2 and parts[1]:
        edges = parts[1].upper()
        if len(edges) != 6 or set(edges) - {"O", "W"}:
            raise TileSpecError(
                f"{spec!r}: the edges must be six letters O (open) or W (wall), for N NE SE S SW NW, e.g. OWWOWW"
            )
    artifacts: dict[str, int] = {}
    gold = 0
    mission: Mission | None = None
    joker = False
    if len(parts) == 3 and parts[2]:
        for item in parts[2].split(","):
            item = item.strip()
            if not item:
                continue
            if item.lower() in ("joker", "j"):
                joker = True
                continue
            if is_whole(item):
                gold += int(item)
                continue
            parsed_mission = _parse_mission(item, spec)
            if parsed_mission is not None:
                if mission is not None:
                    raise TileSpecError(f"{spec!r}: a tile shows at most one Mission")
                mission = parsed_mission
                continue
            count_text = item[:-1]
            letter = item[-1].lower()
            if letter not in ARTIFACTS or (count_text and not is_whole(count_text)):
                raise TileSpecError(
                    f"{spec!r}: {item!r} is not a symbol; use b/g/o/c for Book/Gear/Ore/Crystal (2b = two Books), "
                    "a number for Gold, or a mission such as craft:bg"
                )
            artifacts[letter] = artifacts.get(letter, 0) + (int(count_text) if count_text else 1)
    if mission is not None and kind in (LAIR1, LAIR2, START):
        raise TileSpecError(f"{spec!r}: only Starting Missions and Merchant Tiles show a Mission")
    if kind == START_MISSION and edges is not None and mission is None:
        raise TileSpecError(f"{spec!r}: a Starting Mission shows a Market Stalls mission, e.g. SM/WWWWOW/market:b")
    ordered = tuple((a, artifacts[a]) for a in ARTIFACTS if artifacts.get(a)) if artifacts else ()
    return Tile(name, kind, colour, edges, ordered, gold, mission, joker)


def _parse_face(text: str, spec: str) -> tuple[str, str]:
    face = text.strip().upper()
    if len(face) == 2 and face[0] in FOLKS and face[1] in "12":
        return (LAIR1 if face[1] == "1" else LAIR2), face[0]
    for prefix, kind in (("SM", START_MISSION), ("S", START), ("M", MERCHANT)):
        if face.startswith(prefix):
            rest = face[len(prefix):]
            if rest == "":
                return kind, "N"
            if len(rest) == 1 and rest in FOLKS + ("J", "N"):
                return kind, rest
    raise TileSpecError(
        f"{spec!r}: the tile must start with E1/E2/G1/G2/O1/O2/F1/F2 (Elves, Gnomes, gOblins, Fairies), "
        "S (Starting Tile), SM (Starting Mission) or M (Merchant Tile), e.g. E1/OWWWWW/b,1"
    )


def _parse_mission(item: str, spec: str) -> Mission | None:
    key, _, arg = item.partition(":")
    key = key.lower()
    matches = [t for t in MISSION_TYPES if t.startswith(key)] if len(key) >= 2 else []
    if key in MISSION_TYPES:
        matches = [key]
    if not matches:
        return None
    if len(matches) > 1:
        raise TileSpecError(f"{spec!r}: {item!r} could be {' or '.join(matches)}")
    mtype = matches[0]
    arg = arg.strip()
    if mtype in ("market", "craft", "alch"):
        letters = tuple(arg.lower())
        need = {"market": (1, 4), "craft": (2, 2), "alch": (3, 3)}[mtype]
        if not (need[0] <= len(letters) <= need[1]) or set(letters) - set(ARTIFACTS):
            example = {"market": "market:b", "craft": "craft:bg", "alch": "alch:bgc"}[mtype]
            raise TileSpecError(f"{spec!r}: {MISSION_TYPES[mtype]} needs its depicted Artifacts, e.g. {example}")
        return Mission(mtype, letters)
    if mtype == "spec":
        colour = arg.upper()
        if colour not in FOLKS:
            raise TileSpecError(f"{spec!r}: Specialists needs its colour, e.g. spec:E")
        return Mission(mtype, colour=colour)
    if arg:
        raise TileSpecError(f"{spec!r}: {MISSION_TYPES[mtype]} takes no argument")
    return Mission(mtype)


# -- the other words of the commands ---------------------------------------------------------------


def split_item(item: Any) -> tuple[str | None, str]:
    """``"T3=E1/OWWWWW"`` → ("T3", "E1/OWWWWW"); ``"E1"`` → (None, "E1")."""
    return _split_text(item if type(item) is str else str(item))


@lru_cache(maxsize=4096)
def _split_text(item: str) -> tuple[str | None, str]:
    """``split_item`` of a text (a pure function of it: its answers are kept)."""
    text = item.strip()
    name, sep, spec = text.partition("=")
    if sep:
        return name.strip(), spec.strip()
    return None, text


def check_specs(items: Any) -> list[str]:
    """The items (``SPEC`` or ``NAME=SPEC``) unchanged, once every spec parses (``TileSpecError`` otherwise)."""
    for item in items:
        name, spec = split_item(item)
        parse_tile(spec, name or "tile")
    return list(items)


def parse_folk(text: str) -> str:
    """A Folk letter (E, G, O, F) or a unique prefix of its name (``gnomes``, ``gob``)."""
    wanted = text.strip().lower()
    found = [f for f in FOLKS if wanted == f.lower()] or \
        [f for f in FOLKS if wanted and FOLK_NAMES[f].lower().startswith(wanted)]
    if len(found) != 1:
        raise NotationError(f"{text!r} is not a Folk: say E (Elves), G (Gnomes), O (gOblins) or F (Fairies)")
    return found[0]


def parse_kingdom(text: str) -> str:
    """A kingdom from a unique prefix (``s``, ``sin`` → Sinistra, ``d`` → Dextra; also ``left`` / ``right``)."""
    try:
        return _parse_kingdom(text)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def parse_pair(text: str, option: str, example: str) -> tuple[str, str]:
    """``NAME=VALUE`` → (NAME, VALUE); ``option`` and ``example`` make the message (``--push Rhed=dextra``)."""
    name, sep, value = text.partition("=")
    if not sep:
        raise NotationError(f"{option} {text!r}: write {example}")
    return name, value


def parse_placement(text: str) -> dict[str, Any]:
    """``T3@1,-1r2``, ``T3@1,-1/WOOWWW`` (the edges as seen in the Lair instead of the turns) or
    ``T3=E1/OWWWWW/b@1,-1r2`` → {"rot", "at", "tile"[, "seen"][, "face"]} (the face is checked)."""
    name_part, sep, where = text.rpartition("@")
    if not sep or not name_part:
        raise NotationError(f"{text!r}: write TILE@Q,R (then rN for N turns, or /EDGES as seen), e.g. T3@1,-1r2")
    rot = 0
    where, slash, seen = where.lower().partition("/")
    if "r" in where or "r" in seen:
        if slash:
            raise NotationError(f"{text!r}: give the turns (rN) or the edges as seen (/EDGES), not both")
        where, _, rot_text = where.partition("r")
        if not is_whole(rot_text) or int(rot_text) > 5:
            raise NotationError(f"{text!r}: the rotation is r0 … r5 (clockwise turns of 60°)")
        rot = int(rot_text)
    if slash and (len(seen) != 6 or set(seen) - {"o", "w"}):
        raise NotationError(f"{text!r}: the edges as seen are six letters O/W for N NE SE S SW NW, e.g. T3@1,-1/WOOWWW")
    try:
        cell = format_cell(parse_cell(where))
    except ValueError as exc:
        raise NotationError(str(exc)) from None
    item: dict[str, Any] = {"rot": rot, "at": cell} | ({"seen": seen.upper()} if slash else {})
    name, eq, face = name_part.partition("=")
    item["tile"] = name
    if eq:
        check_specs([face])
        item["face"] = face
    return item


def amended_placement(tiles: Sequence[Any], text: str) -> list[Any]:
    """A batch placement ``tiles`` with one tile's placement corrected by ``text`` (``amend N T45@0,2r1``, field
    report ED-F3): ``TILE[=FACE]@[Q,R][rN | /EDGES]``. What it gives replaces what was recorded (the cell, the
    turns or the edges as seen, the face); what it leaves out is kept, as are the other tiles of the batch.
    ``NotationError`` when it does not parse, changes nothing, or names a tile the batch does not place."""
    name_part, _, where = text.rpartition("@")
    name, _, face = name_part.partition("=")
    cell, turn = re.fullmatch(r"([^rR/]*)(.*)", where).groups()  # type: ignore[union-attr]  # always matches
    placed = [str(item.get("tile")) if isinstance(item, dict) else "" for item in tiles]
    at = next((n for n, tile in enumerate(placed) if tile.lower() == name.strip().lower()), None)
    if at is None:
        raise NotationError(f"{text!r}: {name or '(no tile)'} is not placed in this play; it places "
                            f"{', '.join(t for t in placed if t) or 'no tile'}")
    if not (cell.strip() or turn or face):
        raise NotationError(f"{text!r}: say what changes: {name}@Q,R (the cell), then rN (the turns) or /EDGES "
                            f"(the edges as seen); {name}=FACE@… (the face)")
    old = dict(tiles[at])
    given = parse_placement(f"{name_part}@{cell.strip() or old.get('at', '')}{turn}")
    new = {**old, "at": given["at"], "tile": old["tile"]} | ({"face": given["face"]} if face else {})
    if turn:  # the turns or the edges as seen replace whichever was recorded
        new.pop("seen", None)
        new.update({k: given[k] for k in ("rot", "seen") if k in given})
    return [new if n == at else item for n, item in enumerate(tiles)]


def parse_chest(text: str) -> dict[str, Any]:
    """``C1=c@T12`` (placed on a tile) or ``C1=o`` (kept) → {"id", "artifacts", "on"}."""
    cid, sep, rest = text.partition("=")
    if not sep:
        raise NotationError(f"{text!r}: write ID=ARTIFACTS@TILE or ID=ARTIFACTS, e.g. C1=c@T12")
    letters, at, tile = rest.partition("@")
    return {"id": cid.upper(), "artifacts": letters.lower(), "on": tile if at else None}


def adjust_words(words: Sequence[str]) -> dict[str, Any]:
    """``ed adjust`` words → {"players": {PLAYER: {KEY: VALUE}}, "game": {KEY: VALUE}}: a word without ``=``
    names the player whose keys follow; the keys before any player, and the game keys anywhere, are the
    game's (the game refuses an unknown one, with the closest known key)."""
    from scorekeeper.core.adjusting import adjust_payload

    from .adjust import GAME_KEYS

    leading = [w.partition("=")[0] for w in takewhile(lambda w: "=" in w, words)]
    payload = adjust_payload(words, (*GAME_KEYS, *leading))
    return {"players": payload.pop("players", {}), "game": payload}
