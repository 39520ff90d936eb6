"""Tile faces: a Lair Tile, Starting Tile, Starting Mission or Merchant Tile, with its edges and symbols.

The compact notation the table types (``E1/OWWWWW/b,1``) is parsed by ``notation.parse_tile``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

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

    @cached_property
    def stack(self) -> str | None:
        """The Lair stack it comes from (``E1``, ``G2``…), or None for other tiles (worked out once per tile: a
        ``Tile`` is frozen)."""
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
