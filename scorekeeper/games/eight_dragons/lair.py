"""A player's Lair: placed tiles on hex cells, placement legality (ED-LAIR-2, ED-LAIR-3, ED-LAIR-4) and large Chambers.

Placement (checklist 1.3): a tile may go on an empty cell next to at least one tile of the Lair, and
at least one of its open edges must meet an open edge of a neighbour; other contacts (wall–wall,
open–wall) are then tolerated. Chambers (checklist 1.4): a vertex where three tiles meet with all six
half-edges open; one placement can close several (ED-CHAMBER-1, ED-CHAMBER-2). A shared edge that is open on one
side and a wall on the other counts as a wall (A-03).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import product
from typing import Iterable

from .hexgrid import DIRS, EDGE_NAMES, Cell, Vertex, corner_cells, neighbour, neighbours, opposite, rotate_edges
from .tiles import FOLKS, START, Tile

#: ``(edge, (dq, dr), facing edge)`` for the six edges of a cell: the step to the neighbour across the edge and
#: the neighbour's edge that faces it
_STEPS: tuple[tuple[int, Cell, int], ...] = tuple((d, DIRS[d], (d + 3) % 6) for d in range(6))
#: for each corner ``k`` of a cell (between its edges ``k`` and ``k + 1``): ``k``, ``k + 1``, the steps to the two
#: neighbours meeting there (across edges ``k`` and ``k + 1``), and the four of their edges that meet at the corner
#: (the first neighbour's edges ``k + 3`` and ``k + 2``, the second's ``k + 4`` and ``k + 5``)
_CORNERS: tuple[tuple[int, int, Cell, Cell, int, int, int, int], ...] = tuple(
    (k, (k + 1) % 6, DIRS[k], DIRS[(k + 1) % 6], (k + 3) % 6, (k + 4) % 6, (k + 2) % 6, (k + 5) % 6) for k in range(6))


@dataclass(frozen=True)
class Placed:
    """A tile on a cell with its rotation (60° clockwise turns from its printed orientation)."""

    tile: Tile
    rotation: int

    @cached_property
    def edges(self) -> str:
        """The effective edges in board directions N, NE, SE, S, SW, NW (worked out once per placed tile: a
        ``Placed`` is frozen, and the instance dictionary that keeps the answer is not a field, so it is not
        part of the state as compared or cached)."""
        assert self.tile.edges is not None
        return rotate_edges(self.tile.edges, self.rotation)


@dataclass
class Lair:
    """The tiles of one Lair by cell, and the registry of its large Chambers (vertex → its three cells)."""

    cells: dict[Cell, Placed] = field(default_factory=dict)
    chambers: set[Vertex] = field(default_factory=set)

    def copy(self) -> "Lair":
        """An independent copy (for trial placements)."""
        return Lair(dict(self.cells), set(self.chambers))

    # -- queries ----------------------------------------------------------------------------------

    def cell_of(self, tile_name: str) -> Cell | None:
        """The cell holding the tile called ``tile_name``."""
        for cell, placed in self.cells.items():
            if placed.tile.name == tile_name:
                return cell
        return None

    def edge(self, cell: Cell, direction: int) -> str:
        """The effective edge of the tile on ``cell`` in ``direction``."""
        return self.cells[cell].edges[direction % 6]

    def __len__(self) -> int:
        return len(self.cells)

    # -- placement legality -----------------------------------------------------------------------

    def placement_problem(self, cell: Cell, edges: str) -> str | None:
        """Why a tile with effective ``edges`` may not go on ``cell`` (None when it may).

        ED-LAIR-2: the cell is empty and touches the Lair. ED-LAIR-3, ED-LAIR-4: some open edge meets an open edge.
        The message names every contact so a player can see which edge is wrong.
        """
        if cell in self.cells:
            return f"cell {cell[0]},{cell[1]} already holds {self.cells[cell].tile.name}"
        contacts = self.contacts(cell, edges)
        if not contacts:
            return f"cell {cell[0]},{cell[1]} does not touch the Lair (a tile must share an edge with a placed tile)"
        if any(mine == "O" and theirs == "O" for _, _, mine, theirs in contacts):
            return None
        words = []
        for direction, other, mine, theirs in contacts:
            what = {("W", "W"): "wall against wall", ("O", "W"): "open edge against a wall",
                    ("W", "O"): "wall against an open edge"}[(mine, theirs)]
            words.append(f"{EDGE_NAMES[direction]} edge: {what} of {other}")
        return "no open edge meets an open edge (" + "; ".join(words) + ")"

    def contacts(self, cell: Cell, edges: str) -> list[tuple[int, str, str, str]]:
        """``(direction, neighbour tile name, my edge, its facing edge)`` for each placed neighbour."""
        found = []
        cells, (q, r) = self.cells, cell
        for direction, (dq, dr), facing in _STEPS:
            placed = cells.get((q + dq, r + dr))
            if placed is not None:
                found.append((direction, placed.tile.name, edges[direction], placed.edges[facing]))
        return found

    def legal_rotations(self, tile: Tile, cell: Cell) -> list[int]:
        """The rotations (0..5) in which ``tile`` may go on ``cell``."""
        if tile.edges is None:
            return []
        return [rho for rho in range(6) if self.placement_problem(cell, rotate_edges(tile.edges, rho)) is None]

    def frontier(self) -> list[Cell]:
        """Empty cells that touch the Lair, sorted."""
        cells = self.cells
        found = {(q + dq, r + dr) for q, r in cells for _, (dq, dr), _ in _STEPS} - cells.keys()
        return sorted(found)

    def _doors(self) -> dict[Cell, list[int]]:
        """Each empty cell facing an open edge of the Lair → the directions (from it) of those edges, in the
        order of the Lair's cells (one pass over the placed tiles' open edges)."""
        cells = self.cells
        doors: dict[Cell, list[int]] = {}
        for (q, r), placed in cells.items():
            edges = placed.edges
            for d, (dq, dr), facing in _STEPS:
                if edges[d] == "O":
                    other = (q + dq, r + dr)
                    if other not in cells:
                        doors.setdefault(other, []).append(facing)
        return doors

    def open_places(self) -> list[tuple[Cell, list[str]]]:
        """Empty cells some tile could use: cells facing at least one open edge of the Lair, with those edges."""
        doors = self._doors()
        return [(cell, [EDGE_NAMES[d] for d in sorted(doors[cell])]) for cell in sorted(doors)]

    def has_open_place(self) -> bool:
        """Whether some empty cell faces an open edge of the Lair (``open_places`` is not empty); the newest tiles,
        the likeliest to face one, are looked at first."""
        cells = self.cells
        for (q, r), placed in reversed(cells.items()):
            edges = placed.edges
            for d, (dq, dr), _ in _STEPS:
                if edges[d] == "O" and (q + dq, r + dr) not in cells:
                    return True
        return False

    def dead_cells(self) -> list[Cell]:
        """Empty cells next to the Lair where every facing edge is a wall: no tile can ever go there."""
        open_cells = {cell for cell, _ in self.open_places()}
        return [cell for cell in self.frontier() if cell not in open_cells]

    def placeable_anywhere(self, tile: Tile) -> bool:
        """Whether ``tile`` has some legal cell and rotation in this Lair (ED-LAIR-6)."""
        return any(self.legal_rotations(tile, cell) for cell, _ in self.open_places())

    # -- Chambers ---------------------------------------------------------------------------------

    def chambers_formed(self, cell: Cell, edges: str) -> list[Vertex]:
        """The Chambers a tile with effective ``edges`` on ``cell`` would close (ED-CHAMBER-1, ED-CHAMBER-2, A-03)."""
        formed = []
        cells, (q, r) = self.cells, cell
        for k, k1, (dqa, dra), (dqb, drb), a3, b4, a2, b5 in _CORNERS:
            if edges[k] != "O" or edges[k1] != "O":  # ED-CHAMBER-5: a wall of this tile there means no Chamber
                continue
            pa = cells.get((q + dqa, r + dra))
            if pa is None:
                continue
            pb = cells.get((q + dqb, r + drb))
            if pb is None:
                continue
            ea, eb = pa.edges, pb.edges
            # ED-CHAMBER-5: any wall (either side) of the six half-edges at the corner means no Chamber
            if ea[a3] == "O" and eb[b4] == "O" and ea[a2] == "O" and eb[b5] == "O":
                formed.append(corner_cells(cell, k))
        return formed

    def place(self, tile: Tile, cell: Cell, rotation: int) -> list[Vertex]:
        """Put ``tile`` on ``cell`` (legality already checked); returns the Chambers it closed."""
        placed = Placed(tile, rotation % 6)
        formed = self.chambers_formed(cell, placed.edges)
        self.cells[cell] = placed
        self.chambers.update(formed)
        return formed

    def remove(self, cell: Cell) -> Placed:
        """Take the tile off ``cell``; the Chambers that relied on it disappear (ED-MISSION-4)."""
        placed = self.cells.pop(cell)
        self.chambers = {v for v in self.chambers if cell not in v}
        return placed

    def chamber_tiles(self, vertex: Vertex) -> list[Tile]:
        """The three tiles of a Chamber vertex."""
        return [self.cells[c].tile for c in sorted(vertex)]

    def rebuild_chambers(self) -> None:
        """Recompute the Chamber registry from scratch (used by the geometry checks)."""
        self.chambers = set()
        for cell, placed in self.cells.items():
            for k in range(6):
                a, b = neighbour(cell, k), neighbour(cell, k + 1)
                if a in self.cells and b in self.cells:
                    ea, eb = self.cells[a].edges, self.cells[b].edges
                    e = placed.edges
                    halves = (e[k], ea[(k + 3) % 6], e[(k + 1) % 6], eb[(k + 4) % 6], ea[(k + 2) % 6], eb[(k + 5) % 6])
                    if all(h == "O" for h in halves):
                        self.chambers.add(corner_cells(cell, k))


def colour_set(tile: Tile, none: str = "no_match") -> frozenset[str]:
    """The colours a tile can be read as: its Folk; every Folk for a Joker; for a colourless tile (A-04, the
    ``colour.none`` setting) none (``no_match``), every Folk (``joker``), or, for a Starting Tile under
    ``player``, its player's own colour, unlike every Folk's and every other player's (ED-CHAMBER-3)."""
    if tile.joker:  # ED-CHAMBER-6: a special background is a Joker whatever its stack
        return frozenset(FOLKS)
    if tile.colour in FOLKS:
        return frozenset({tile.colour})
    if tile.colour == "J" or (none == "joker" and tile.colour == "N"):
        return frozenset(FOLKS)
    if none == "player" and tile.kind == START:
        return frozenset({f"player:{tile.name}"})
    return frozenset()


def chamber_pays(tiles: Iterable[Tile], none: str = "no_match") -> bool:
    """ED-CHAMBER-3, ED-CHAMBER-4, ED-CHAMBER-6, ED-CHAMBER-7: the three tiles can be read as one colour or as three different colours."""
    sets = [colour_set(t, none) for t in tiles]
    return any(len(set(choice)) in (1, 3) for choice in product(*sets))


def chamber_single_colour(tiles: Iterable[Tile], colour: str | None = None, none: str = "no_match") -> bool:
    """All three tiles can be read as one colour (``colour`` if given): Lair Tours, Specialists (ED-SCORE-10, ED-SCORE-11)."""
    sets = [colour_set(t, none) for t in tiles]
    common = frozenset(FOLKS)
    for s in sets:
        common &= s
    return bool(common) if colour is None else colour in common
