"""The Lair geometry worked out from the placed tiles' open edges (open places, frontier, Chambers) agrees with
its definition cell by cell, on random Lairs, and the rotation table with the rotation formula."""

from __future__ import annotations

import random

from scorekeeper.games.eight_dragons.hexgrid import EDGE_NAMES, neighbour, neighbours, opposite, rotate_edges
from scorekeeper.games.eight_dragons.lair import Lair
from scorekeeper.games.eight_dragons.notation import parse_tile


def random_lair(rng: random.Random, size: int) -> Lair:
    lair = Lair()
    lair.place(parse_tile("S/" + "".join(rng.choice("OW") for _ in range(6)), "S"), (0, 0), 0)
    for index in range(size):
        cell = rng.choice(lair.frontier())
        face = "".join(rng.choice("OW") for _ in range(6))
        lair.place(parse_tile(f"E1/{face}", f"T{index}"), cell, rng.randrange(6))
    return lair


def test_open_places_frontier_and_chambers_match_their_definitions_on_random_lairs() -> None:
    rng = random.Random(9)
    for trial in range(200):
        lair = random_lair(rng, rng.randrange(0, 14))
        frontier = sorted({o for c in lair.cells for _, o in neighbours(c) if o not in lair.cells})
        assert lair.frontier() == frontier
        expected = []
        for cell in frontier:
            doors = [EDGE_NAMES[d] for d, o in neighbours(cell)
                     if o in lair.cells and lair.cells[o].edges[opposite(d)] == "O"]
            if doors:
                expected.append((cell, doors))
        assert lair.open_places() == expected
        assert lair.has_open_place() == bool(expected)
        for cell in frontier:
            edges = "".join(rng.choice("OW") for _ in range(6))
            placed = {d: lair.cells[neighbour(cell, d)].edges for d in range(6) if neighbour(cell, d) in lair.cells}
            contacts = [(d, lair.cells[neighbour(cell, d)].tile.name, edges[d], e[opposite(d)])
                        for d, e in placed.items()]
            assert lair.contacts(cell, edges) == contacts
            formed = [k for k in range(6) if k in placed and (k + 1) % 6 in placed and all(
                h == "O" for h in (edges[k], placed[k][(k + 3) % 6], edges[(k + 1) % 6],
                                   placed[(k + 1) % 6][(k + 4) % 6], placed[k][(k + 2) % 6],
                                   placed[(k + 1) % 6][(k + 5) % 6]))]
            assert [sorted(v) for v in lair.chambers_formed(cell, edges)] == \
                [sorted({cell, neighbour(cell, k), neighbour(cell, k + 1)}) for k in formed]


def test_rotate_edges_is_the_rotation_formula_every_time() -> None:
    for face in ("OWWWWW", "OOWOWW", "WWWWWW", "OWOWOW"):
        for rotation in range(6):
            for _ in range(2):  # worked out, then read back from the table
                assert rotate_edges(face, rotation) == "".join(face[(d - rotation) % 6] for d in range(6))
    assert rotate_edges("abcdef", 1) == "fabcde"  # not a face of O/W: worked out, never kept
