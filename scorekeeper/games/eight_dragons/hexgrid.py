"""Hexagonal geometry of a Lair: axial coordinates, the six edges, corners (Chamber vertices), rotation.

Model (checklist section 1.2, A-01): flat-top hexes on axial coordinates (q, r). Edges are numbered
clockwise from the top: 0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW, 5 = NW. The neighbour across edge ``d``
of cell ``c`` is ``c + DIRS[d]`` and faces it with edge ``(d + 3) % 6``. Corner ``k`` of a cell lies
between its edges ``k`` and ``k + 1``; the three cells meeting there identify the corner (a vertex).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

Cell = tuple[int, int]
Vertex = frozenset  # frozenset[Cell] of exactly three cells

DIRS: tuple[Cell, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
EDGE_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
ORIGIN: Cell = (0, 0)


def neighbour(cell: Cell, edge: int) -> Cell:
    """The cell across ``edge`` of ``cell``."""
    dq, dr = DIRS[edge % 6]
    return (cell[0] + dq, cell[1] + dr)


def neighbours(cell: Cell) -> Iterator[tuple[int, Cell]]:
    """``(edge, neighbour cell)`` for the six edges of ``cell``."""
    for edge in range(6):
        yield edge, neighbour(cell, edge)


def opposite(edge: int) -> int:
    """The edge of the neighbour that faces ``edge``."""
    return (edge + 3) % 6


def corner_cells(cell: Cell, corner: int) -> Vertex:
    """The vertex at corner ``corner`` of ``cell``: the set of the three cells that meet there."""
    return frozenset({cell, neighbour(cell, corner), neighbour(cell, corner + 1)})


def rotate_cell(cell: Cell, turns: int = 1) -> Cell:
    """``cell`` turned ``turns`` × 60° clockwise about the origin (the Starting Tile)."""
    q, r = cell
    for _ in range(turns % 6):
        q, r = -r, q + r
    return (q, r)


#: ``rotate_edges`` results already worked out: (face, rotation) → effective edges. A face is six letters O/W, so
#: there are at most 64 × 6 entries; anything else is worked out every time and not kept.
_ROTATED: dict[tuple[str, int], str] = {}


def rotate_edges(face: str, rotation: int) -> str:
    """The effective edges in board directions 0..5 of a face turned ``rotation`` × 60° clockwise.

    ``eff[d] = face[(d - rotation) % 6]`` (checklist 1.2).
    """
    key = (face, rotation)
    known = _ROTATED.get(key)
    if known is not None:
        return known
    turned = "".join(face[(d - rotation) % 6] for d in range(6))
    if len(face) == 6 and 0 <= rotation < 6 and not set(face) - {"O", "W"}:
        _ROTATED[key] = turned
    return turned


def rotations_matching(face: str, effective: str) -> list[int]:
    """The rotations that turn ``face`` into ``effective`` (several for symmetric faces)."""
    return [rho for rho in range(6) if rotate_edges(face, rho) == effective]


def distance(a: Cell, b: Cell) -> int:
    """Hex distance between two cells."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def format_cell(cell: Cell) -> str:
    """``(1, -1)`` → ``'1,-1'``."""
    return f"{cell[0]},{cell[1]}"


@lru_cache(maxsize=1024)
def parse_cell(text: str) -> Cell:
    """``"1,-1"`` (or ``"1 -1"``) → ``(1, -1)``; ValueError with a plain message otherwise (a pure function of a
    string whose answer is a tuple: the answers are kept, the refusals are not)."""
    parts = text.replace("(", "").replace(")", "").replace(" ", ",").split(",")
    parts = [p for p in parts if p]
    if len(parts) != 2:
        raise ValueError(f"{text!r} is not a cell: write q,r (for example 1,-1)")
    try:
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        raise ValueError(f"{text!r} is not a cell: write q,r (for example 1,-1)") from None
