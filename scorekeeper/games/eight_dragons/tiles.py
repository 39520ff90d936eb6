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
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

FOLKS: tuple[str, ...] = ("E", "G", "O", "F")
FOLK_NAMES: dict[str, str] = {"E": "Elves", "G": "Gnomes", "O": "Goblins", "F": "Fairies", "J": "Joker", "N": "none"}
ARTIFACTS: tuple[str, ...] = ("b", "g", "o", "c")
ARTIFACT_NAMES: dict[str, str] = {"b": "Book", "g": "Gear", "o": "Ore", "c": "Crystal"}
#: each Folk's precious Artifact (rulebook, "Types of Tiles")
FOLK_ARTIFACT: dict[str, str] = {"E": "b", "G": "g", "O": "o", "F": "c"}

LAIR1, LAIR2, START, START_MISSION, MERCHANT = "L1", "L2", "START", "START_MISSION", "MERCHANT"
KIND_NAMES = {LAIR1: "Level-1", LAIR2: "Level-2", START: "Starting Tile", START_MISSION: "Starting Mission", MERCHANT: "Merchant Tile"}

MISSION_TYPES: dict[str, str] = {
    "market": "Market Stalls",
    "craft": "Craftsmen",
    "alch": "Alchemists",
    "spec": "Specialists",
    "tours": "Lair Tours",
    "chests": "Chest Collectors",
}


class TileSpecError(ValueError):
    """A tile notation that does not parse; the message says what is wrong and shows an example."""


@dataclass(frozen=True)
class Mission:
    """A Mission printed on a tile: its type and what it depicts (Artifacts or a colour)."""

    type: str  # a key of MISSION_TYPES
    artifacts: tuple[str, ...] = ()
    colour: str = ""

    def label(self) -> str:
        """Human words for the Mission."""
        name = MISSION_TYPES[self.type]
        if self.artifacts:
            return f"{name} ({'+'.join(ARTIFACT_NAMES[a] for a in self.artifacts)})"
        if self.colour:
            return f"{name} ({FOLK_NAMES[self.colour]})"
        return name

    def notation(self) -> str:
        """The compact notation."""
        if self.artifacts:
            return f"{self.type}:{''.join(self.artifacts)}"
        if self.colour:
            return f"{self.type}:{self.colour}"
        return self.type


@dataclass(frozen=True)
class Tile:
    """A tile face. ``edges`` is None until the player has entered it (the tile is still face-down)."""

    name: str
    kind: str
    colour: str  # E G O F J N
    edges: str | None = None
    artifacts: tuple[tuple[str, int], ...] = ()
    gold: int = 0
    mission: Mission | None = None
    joker: bool = False  # a Lair Tile of a Folk's stack printed with the special (Joker) background

    @property
    def level(self) -> int:
        """1 or 2 (Merchant and start tiles count as 1)."""
        return 2 if self.kind == LAIR2 else 1

    @property
    def stack(self) -> str | None:
        """The Lair stack it comes from (``E1``, ``G2``…), or None for other tiles."""
        if self.kind in (LAIR1, LAIR2):
            return f"{self.colour}{self.level}"
        return None

    def artifact_count(self, artifact: str) -> int:
        """How many of ``artifact`` the tile shows."""
        return dict(self.artifacts).get(artifact, 0)

    @property
    def total_artifacts(self) -> int:
        """All Artifacts shown."""
        return sum(n for _, n in self.artifacts)

    def face_notation(self) -> str:
        """The FACE part of the notation (E1, MJ, SM…)."""
        if self.kind in (LAIR1, LAIR2):
            return f"{self.colour}{self.level}"
        prefix = {START: "S", START_MISSION: "SM", MERCHANT: "M"}[self.kind]
        return prefix + (self.colour if self.colour != "N" else "")

    def notation(self) -> str:
        """The compact notation of this face (the inverse of ``parse_tile``)."""
        text = self.face_notation()
        if self.edges is None:
            return text
        text += f"/{self.edges}"
        items = [(f"{n}{a}" if n > 1 else a) for a, n in self.artifacts]
        if self.gold:
            items.append(str(self.gold))
        if self.mission:
            items.append(self.mission.notation())
        if self.joker:
            items.append("joker")
        return text + ("/" + ",".join(items) if items else "")

    def label(self) -> str:
        """Human words: 'T3 (Level-1 Elves)'."""
        if self.kind in (LAIR1, LAIR2):
            what = f"{KIND_NAMES[self.kind]} {FOLK_NAMES[self.colour]}"
        else:
            what = KIND_NAMES[self.kind]
        return f"{self.name} ({what})"

    def with_face(self, other: "Tile") -> "Tile":
        """This tile completed with the edges and symbols of ``other`` (same name and kind)."""
        return replace(self, edges=other.edges, artifacts=other.artifacts, gold=other.gold, mission=other.mission,
                       colour=other.colour if other.colour != "N" else self.colour, joker=other.joker)

    def to_json(self) -> dict[str, Any]:
        """Name and notation."""
        return {"name": self.name, "spec": self.notation()}


def parse_tile(spec: str, name: str) -> Tile:
    """Parse the compact notation (see the module docstring) into a ``Tile`` called ``name``."""
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
            if item.isdigit():
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
            if letter not in ARTIFACTS or (count_text and not count_text.isdigit()):
                raise TileSpecError(
                    f"{spec!r}: {item!r} is not a symbol; use b/g/o/c for Book/Gear/Ore/Crystal (2b = two Books), "
                    "a number for Gold, or a mission such as craft:bg"
                )
            artifacts[letter] = artifacts.get(letter, 0) + (int(count_text) if count_text else 1)
    if mission is not None and kind in (LAIR1, LAIR2, START):
        raise TileSpecError(f"{spec!r}: only Starting Missions and Merchant Tiles show a Mission")
    if kind == START_MISSION and edges is not None and mission is None:
        raise TileSpecError(f"{spec!r}: a Starting Mission shows a Market Stalls mission, e.g. SM/WWWWOW/market:b")
    ordered = tuple((a, artifacts[a]) for a in ARTIFACTS if artifacts.get(a))
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


def tile_from_json(data: Mapping[str, Any]) -> Tile:
    """A tile from ``Tile.to_json`` data."""
    return parse_tile(str(data["spec"]), str(data["name"]))
