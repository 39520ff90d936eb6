"""Issue 13's survivors for 8 Dragons: rule checks that no test noticed when they were disabled."""

from __future__ import annotations

from scorekeeper.games.eight_dragons.notation import parse_tile
from tests.games.eight_dragons.ed_support import Table, fx_board, make_config, tied_table
from tests.games.eight_dragons.test_ed_locations import village_table


def test_ed_loc_merchant_4_no_refresh_when_both_stacks_are_empty():
    """ED-LOC-MERCHANT-4: with both Merchant stacks empty there is no refresh, so a revealed or discarded tile is
    refused; the same purchase without a refresh is accepted."""
    t = village_table()
    t.play("GOLD", "A", amount=10, reason="test")
    t.state.merchant_stacks = {"Sinistra": 0, "Dextra": 0}
    t.refused("ED-LOC-MERCHANT-4", "MERCHANT", "A", kingdom="Sinistra", buy="L1=M/OOOOOO/3b", reveal="C9=M/OOOOOO/3g")
    t.refused("ED-LOC-MERCHANT-4", "MERCHANT", "A", kingdom="Sinistra", buy="L1=M/OOOOOO/3b", discard="C1")
    t.ok("MERCHANT", "A", kingdom="Sinistra", buy="L1=M/OOOOOO/3b")
    assert t.state.merchant_slots == {"Sinistra": 1, "Dextra": 2} and t.state.merchant_stacks["Sinistra"] == 0


def test_ed_loc_merchant_4_refresh_from_this_kingdoms_stack():
    """ED-LOC-MERCHANT-4: when the other kingdom's stack is empty, the new tile comes from this kingdom's stack."""
    t = village_table()
    t.state.merchant_stacks = {"Sinistra": 3, "Dextra": 0}
    t.state.merchant_slots["Dextra"] = 1
    t.ok("MERCHANT", "A", kingdom="Sinistra", reveal="C9=M/OOOOOO/3g")
    assert t.state.merchant_stacks == {"Sinistra": 2, "Dextra": 0}
    assert [x.name for x in t.state.merchant_offer["Dextra"]] == ["C9"]


def test_ed_setup_9_a_lair_tile_is_not_a_merchant_tile():
    """ED-SETUP-9: the face-up tiles of a Merchant are Merchant Tiles; a Lair Tile (E1/…) is refused."""
    t = village_table()
    t.refused("ED-SETUP-9", "MARKET", kingdom="Sinistra", tiles=["L1=E1/OOOOOO"])
    t.refused("ED-SETUP-9", "MARKET", kingdom="Sinistra", tiles=["L1=M/OOOOOO/3b", "L2=G2/OWOWOW"])
    t.ok("MARKET", kingdom="Sinistra", tiles=["L1=M/OOOOOO/3b"])


def test_ed_score_15_an_outright_winner_does_not_flick():
    """ED-SCORE-15: only players still tied flick; with one player ahead on Gold no flick may be recorded."""
    t = tied_table()
    t.state.players["B"].gold = 11
    t.refused("ED-SCORE-15", "FLICK", "B")
    t.refused("ED-SCORE-15", "FLICK", "A")


def test_ed_fly_9_a_swarm_with_members_needs_its_trail():
    """ED-FLY-9: a Swarm's Wyrmlings stand on their own spaces behind the Dragon: members without a trail (or a
    shorter trail) are refused; with the trail the positions are accepted."""
    t = Table(make_config(("A", "B", "C"), fx_board({})))
    lairs = {"A": ["A.w1", "A.w2"], "B": ["B.w2"], "C": ["C.w2", "Aureus"]}
    t.refused("ED-FLY-9", "POSITIONS", swarms={"A": {"at": "N6", "members": ["B.w1", "C.w1"]}}, rock=[], lairs=lairs)
    t.refused("ED-FLY-9", "POSITIONS", swarms={"A": {"at": "N6", "members": ["B.w1", "C.w1"], "trail": ["N5"]}},
              rock=[], lairs=lairs)
    t.ok("POSITIONS", swarms={"A": {"at": "N6", "members": ["B.w1", "C.w1"], "trail": ["N5", "N4"]}}, rock=[],
         lairs=lairs)
    assert t.state.pieces.pos["C.w1"] == "N4"
