"""Property tests of the hex geometry (checklist 1.2, A-01): neighbours, corners, rotation of whole Lairs."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorekeeper.games.eight_dragons.hexgrid import (
    DIRS, corner_cells, distance, neighbour, opposite, parse_cell, rotate_cell, rotate_edges, rotations_matching,
)
from scorekeeper.games.eight_dragons.lair import Lair
from scorekeeper.games.eight_dragons.tiles import Mission, Tile

cells = st.tuples(st.integers(-20, 20), st.integers(-20, 20))
edges = st.text(alphabet="OW", min_size=6, max_size=6)
turns = st.integers(0, 5)


@given(cells, st.integers(0, 5))
def test_neighbour_across_the_opposite_edge_comes_back(c, d):
    assert neighbour(neighbour(c, d), opposite(d)) == c
    assert distance(c, neighbour(c, d)) == 1


@given(cells, turns)
def test_rotation_keeps_distance_and_six_turns_are_identity(c, k):
    assert distance(rotate_cell(c, k), (0, 0)) == distance(c, (0, 0))
    assert rotate_cell(c, 6) == c
    assert rotate_cell(rotate_cell(c, k), 6 - k) == c


@given(cells, st.integers(0, 5), turns)
def test_rotating_a_cell_turns_its_edges_clockwise(c, d, k):
    """The neighbour across edge d, rotated k times, is the rotated cell's neighbour across edge d+k."""
    assert rotate_cell(neighbour(c, d), k) == neighbour(rotate_cell(c, k), d + k)


@given(cells, st.integers(0, 5))
def test_a_corner_is_the_same_vertex_seen_from_each_of_its_three_cells(c, k):
    vertex = corner_cells(c, k)
    assert len(vertex) == 3
    for other in vertex:
        assert sum(1 for j in range(6) if corner_cells(other, j) == vertex) == 1


@given(edges, turns)
def test_effective_edges_follow_the_rotation_and_can_be_recovered(face, rho):
    eff = rotate_edges(face, rho)
    assert all(eff[d] == face[(d - rho) % 6] for d in range(6))
    assert rho in rotations_matching(face, eff)
    assert rotate_edges(face, 0) == face


def test_directions_are_the_checklist_ones():
    assert DIRS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    assert parse_cell("1,-1") == (1, -1) and parse_cell("(2, 3)") == (2, 3)


MISSIONS = [Mission("tours"), Mission("spec", colour="E"), Mission("market", ("b",)), Mission("craft", ("b", "b"))]


def build_lair(steps):
    """A Lair grown by legal placements only: each step is (face, colour, open-place index, rotation); every
    fourth tile is a Merchant Tile with a Mission (Chamber Missions included)."""
    lair = Lair()
    lair.place(Tile("S", "START", "N", "OOOOOO"), (0, 0), 0)
    for index, (face, colour, where, rho) in enumerate(steps):
        places = lair.open_places()
        if not places:
            break
        cell = places[where % len(places)][0]
        if index % 4 == 3:
            tile = Tile(f"T{index}", "MERCHANT", colour, face, (), 1, MISSIONS[(index // 4) % len(MISSIONS)])
        else:
            tile = Tile(f"T{index}", "L1", colour, face, (("b", 1),), index % 3)
        if lair.placement_problem(cell, rotate_edges(face, rho)) is None:
            lair.place(tile, cell, rho)
    return lair


steps = st.lists(st.tuples(edges, st.sampled_from("EGOFJ"), st.integers(0, 50), turns), max_size=14)


def rotated(lair: Lair, k: int) -> Lair:
    """The same Lair turned k × 60° about the Starting Tile, tiles and all, rebuilt placement by placement."""
    out = Lair()
    for cell, placed in lair.cells.items():
        out.cells[rotate_cell(cell, k)] = type(placed)(placed.tile, (placed.rotation + k) % 6)
    out.rebuild_chambers()
    return out


OPEN_PLAN = [("OOOOOO", c, 5, 0) for c in "EEEGJOEFEE"]  # an all-open Lair with 5 Chambers


@settings(max_examples=60, deadline=None)
@given(steps, turns)
@example(OPEN_PLAN, 1)
@example(OPEN_PLAN, 4)
def test_rotating_a_lair_and_its_tiles_together_changes_no_chamber_and_no_legality(plan, k):
    """ED-CHAMBER-1, ED-CHAMBER-2, ED-LAIR-2, ED-LAIR-3: geometry is rotation-invariant (the issue's property test)."""
    lair = build_lair(plan)
    if plan == OPEN_PLAN:
        assert len(lair.chambers) == 5  # the example really exercises Chambers
    turned = rotated(lair, k)
    expected = {frozenset(rotate_cell(c, k) for c in v) for v in lair.chambers}
    assert turned.chambers == expected
    # the incremental registry equals a from-scratch recomputation
    fresh = Lair(dict(lair.cells))
    fresh.rebuild_chambers()
    assert fresh.chambers == lair.chambers
    # every empty cell's legality is the same after turning
    probe = Tile("P", "L1", "E", "OWOWWW")
    for cell in lair.frontier():
        for rho in range(6):
            before = lair.placement_problem(cell, rotate_edges("OWOWWW", rho)) is None
            after = turned.placement_problem(rotate_cell(cell, k), rotate_edges("OWOWWW", rho + k)) is None
            assert before == after
    assert sorted(len(turned.legal_rotations(probe, rotate_cell(c, k))) for c in lair.frontier()) == \
        sorted(len(lair.legal_rotations(probe, c)) for c in lair.frontier())


@settings(max_examples=40, deadline=None)
@given(steps, turns)
@example(OPEN_PLAN, 2)
def test_rotating_a_lair_changes_no_score(plan, k):
    """ED-SCORE-4, ED-SCORE-5, ED-SCORE-10, ED-SCORE-11, ED-ROYAL-5, ED-ROYAL-6: tile Gold, every Mission (Chamber
    Missions included) and the Royal metrics are rotation-invariant: the score table does not change."""
    from scorekeeper.games.eight_dragons.scoring import LairView, gold_chain, longest_wall

    lair = build_lair(plan[:9])
    turned = rotated(lair, k)
    a, b = LairView(lair), LairView(turned)
    assert sum(t.gold for t in a.visible_tiles()) == sum(t.gold for t in b.visible_tiles())
    assert gold_chain(a) == gold_chain(b)
    assert longest_wall(lair) == longest_wall(turned)
    # the whole score table (every category, Royal Challenges included) is the same for the turned Lair
    from scorekeeper.games.eight_dragons import GAME
    from ed_support import make_config

    def table(l: Lair):
        state = GAME.setup(make_config(("A", "B"), royal=["smallest:6:3", "artifacts:5:2", "gold:8:4", "wall:7:3"]))
        state.players["A"].lair = l
        state.players["B"].lair = build_lair(plan[:3])
        return [(r.player, r.categories, r.total) for r in GAME.score(state).rows]

    assert table(lair) == table(turned)
