"""The replay's shortcuts (issue 9) give what the long way gives: kept notation answers, walked route distances,
the Chamber corner table, and a replay that reads the same whether the kept answers are warm or cold."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import pytest

from scorekeeper import games
from scorekeeper.core.engine import replay
from scorekeeper.core.protocol import SessionConfig
from scorekeeper.games.eight_dragons.board import VALLEY, Board, parse_board
from scorekeeper.games.eight_dragons.context import split_item
from scorekeeper.games.eight_dragons.hexgrid import corner_cells, neighbour, parse_cell
from scorekeeper.games.eight_dragons.lair import Lair, Placed
from scorekeeper.games.eight_dragons.notation import TileSpecError, _split_text, parse_tile
from scorekeeper.games.eight_dragons.pieces import owner
from scorekeeper.games.eight_dragons.tiles import Tile
from scorekeeper.core.journal import Journal
from scorekeeper.core.settings import completed

SAMPLES = sorted(p for p in (Path(__file__).parents[3] / "sample_sessions" / "eight-dragons").glob("*.json")
                 if p.stem != "manifest")


def searched(board: Board, start: str) -> dict[str, int]:
    """The route distances by a breadth-first search (both Valley exits from the Valley)."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for nxt in (list(board.exits.values()) if here == VALLEY else [board.succ[here]]):
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                todo.append(nxt)
    return seen


def test_walked_route_distances_are_the_searched_ones() -> None:
    rng = random.Random(9)
    for _ in range(100):
        a, b = rng.randint(1, 9), rng.randint(1, 9)
        board = parse_board({"kingdoms": {"Sinistra": {"route": [f"S{i}" for i in range(a)]},
                                          "Dextra": {"route": [f"D{i}" for i in range(b)]}}})
        for start in [VALLEY, *board.spaces()]:
            assert board.distances_from(start) == searched(board, start)
            assert board.distances_from(start) is board.distances_from(start)  # worked out once per start


def corners_by_definition(lair: Lair, cell: tuple[int, int], edges: str) -> list[frozenset]:
    """ED-CHAMBER-1, ED-CHAMBER-5: each corner where three tiles meet with all six half-edges open."""
    formed = []
    for k in range(6):
        a, b = lair.cells.get(neighbour(cell, k)), lair.cells.get(neighbour(cell, k + 1))
        if a is None or b is None:
            continue
        halves = (edges[k], a.edges[(k + 3) % 6], edges[(k + 1) % 6], b.edges[(k + 4) % 6], a.edges[(k + 2) % 6],
                  b.edges[(k + 5) % 6])
        if all(h == "O" for h in halves):
            formed.append(corner_cells(cell, k))
    return formed


def test_the_chamber_corner_table_finds_the_chambers_of_the_definition() -> None:
    rng = random.Random(3)
    found = 0
    for _ in range(1500):
        lair = Lair()
        for q in range(-2, 3):
            for r in range(-2, 3):
                if (q, r) != (0, 0) and rng.random() < 0.6:
                    face = "".join(rng.choice("OOOW") for _ in range(6))
                    lair.cells[(q, r)] = Placed(Tile(f"T{q}{r}", "L1", "E", face), rng.randrange(6))
        edges = "".join(rng.choice("OOOW") for _ in range(6))
        assert lair.chambers_formed((0, 0), edges) == corners_by_definition(lair, (0, 0), edges)
        found += len(lair.chambers_formed((0, 0), edges))
    assert found > 100  # the random Lairs do close Chambers


def test_kept_notation_answers_equal_fresh_ones_and_refusals_are_not_kept() -> None:
    assert parse_tile("E1/OWWWWW/b,1", "T3") == Tile("T3", "L1", "E", "OWWWWW", (("b", 1),), 1)
    assert parse_tile("E1/OWWWWW/b,1", "T3") is parse_tile("E1/OWWWWW/b,1", "T3")
    assert parse_tile("E1/OWWWWW/b,1", "T4").name == "T4"
    for _ in range(2):
        with pytest.raises(TileSpecError, match="six letters"):
            parse_tile("E1/OWW", "T3")
        with pytest.raises(ValueError, match="is not a cell"):
            parse_cell("1;2")
    assert parse_cell("1,-1") == (1, -1) and parse_cell(" 1 -1") == (1, -1)
    assert split_item(" T3 = E1/OWWWWW ") == ("T3", "E1/OWWWWW") and split_item("E1") == (None, "E1")
    assert split_item(17) == (None, "17")
    assert owner("Rhed.w2") == "Rhed" and owner("Aureus") is None and owner("Rhed") == "Rhed"


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_a_sample_replays_the_same_with_the_kept_answers_cold(path: Path) -> None:
    journal = Journal(path)
    game = games.load(journal.meta.game)
    meta = journal.meta
    config = SessionConfig(meta.game, tuple(meta.players), completed(game.settings, meta.settings), meta.catalog)
    warm = replay(journal.events(), game, config)
    for kept in (parse_tile, parse_cell, owner, _split_text):
        kept.cache_clear()
    cold = replay(journal.events(), game, config)
    assert cold == warm
    assert game.score(cold.state) == game.score(warm.state)
