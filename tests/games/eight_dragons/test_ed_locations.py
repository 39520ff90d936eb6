"""Location effects: the villager example T3 and its validation matrix, summoning, Troll, Shrine, Treasure
Chests and Merchants (ED-LOC-*, ED-ACT-5, ED-ACT-9, ED-AUREUS-3, ED-SWARM-7)."""

from __future__ import annotations

import pytest

from ed_support import Table, big_swarm, fx_board, make_config

FOUR = ("Greenyra", "Blakkar", "Whytera", "Rhed")


def test_t3_villager_example():
    """Scenario T3 (ED-LOC-VILLAGE-1, ED-LOC-VILLAGE-2, ED-LOC-VILLAGE-4, ED-ACT-5): three villages, three bundles, villagers stay."""
    board = fx_board({"S3": "village:E:3", "S2": "village:G:1", "S1": "village:F:3"})
    t = Table(make_config(FOUR, board))
    t.play("POSITIONS", swarms={"Greenyra": {"at": "N6", "members": ["Blakkar.w1", "Whytera.w1"], "trail": ["N5", "N4"]}},
           rock=[], lairs={"Blakkar": ["Blakkar.w2"], "Whytera": ["Whytera.w2"], "Greenyra": ["Greenyra.w1", "Greenyra.w2"],
                           "Rhed": ["Rhed.w1", "Rhed.w2", "Aureus"]})
    t.play("FLY", "Greenyra", to="S3", valley="Sinistra")
    assert t.state.queue == ["Greenyra", "Blakkar.w1", "Whytera.w1"]
    assert t.errors("VILLAGE", "Greenyra", tiles=["E2", "E1"], piece="Greenyra") == []
    t.play("VILLAGE", "Greenyra", tiles=["E2", "E1"])
    assert t.errors("VILLAGE", "Greenyra", tiles=["G1"]) == ["ED-ACT-5"]  # Blakkar's Wyrmling works for Blakkar
    t.play("VILLAGE", "Blakkar", tiles=["G1"])
    t.play("VILLAGE", "Whytera", tiles=["F1", "O1"])
    s = t.state
    assert [s.villages[x][1] for x in ("S3", "S2", "S1")] == [3, 1, 3]
    assert {k: v for k, v in s.draws.items() if v} == {"E2": 1, "E1": 1, "G1": 1, "F1": 1, "O1": 1}
    assert [len(s.players[p].pending) for p in ("Greenyra", "Blakkar", "Whytera")] == [2, 1, 2]


def village_table(**settings) -> Table:
    """No board; A's Swarm holds every Wyrmling, so A's flight moves 8 pieces (8 activations)."""
    t = Table(make_config(("A", "B", "C"), **settings))
    big_swarm(t, "A")
    t.play("FLY", "A", spaces=2)
    return t


@pytest.mark.parametrize("folk,n,bundle,rules", [
    ("E", 3, ["O2"], ["ED-LOC-VILLAGE-1"]),
    ("G", 1, ["E1"], ["ED-LOC-VILLAGE-1"]),
    ("G", 1, ["G2"], ["ED-LOC-VILLAGE-1"]),
    ("F", 3, ["F2"], ["ED-LOC-VILLAGE-3"]),
    ("F", 3, ["O1", "E1"], ["ED-LOC-VILLAGE-1"]),
    ("F", 3, ["F1", "F1", "F1"], []),
    ("E", 2, ["O1"], []),
    ("O", 4, ["E2"], []),
    ("O", 4, ["O2", "E1"], []),
    ("O", 4, ["F1", "F1"], []),
    ("E", 0, ["E1"], ["ED-LOC-VILLAGE-5"]),
])
def test_t3_validation_matrix(folk, n, bundle, rules):
    """T3 matrix (ED-LOC-VILLAGE-1, ED-LOC-VILLAGE-2, ED-LOC-VILLAGE-3, ED-LOC-VILLAGE-5): costs L1 own 1, L2 own 2, L1 other 2, L2 other 4; all villagers used."""
    t = village_table()
    assert t.errors("VILLAGE", "A", folk=folk, villagers=n, tiles=bundle) == rules


def test_under_spending_allowed_by_setting():
    """A-12 alternative: village.exact_spend = false makes an under-spent bundle a warning only."""
    t = village_table(**{"village.exact_spend": False})
    findings = t.check("VILLAGE", "A", folk="F", villagers=3, tiles=["F2"])
    assert [(f.rule, f.severity) for f in findings] == [("ED-LOC-VILLAGE-3", "warning")]


def test_empty_stack_cannot_supply_the_bundle():
    """T3 last row (ED-LOC-VILLAGE-3, A-13): the L2 Elf stack is empty; {3×E1} is still legal."""
    t = village_table()
    t.state.draws["E2"] = t.state.stack_size["E2"]
    t.state.bonfires = ["E2"]  # shown (else ED-BONFIRE-1 asks for it first)
    assert t.errors("VILLAGE", "A", folk="E", villagers=3, tiles=["E2", "E1"]) == ["ED-LOC-VILLAGE-3"]
    assert t.errors("VILLAGE", "A", folk="E", villagers=3, tiles=["E1", "E1", "E1"]) == []


def test_when_no_exact_bundle_exists_a_smaller_one_is_accepted():
    """A-13 (stack.shortfall = best_available): every stack but E1 empty with 1 tile left; 3 villagers → {E1} is accepted."""
    t = village_table()
    for stack, size in t.state.stack_size.items():
        t.state.draws[stack] = size if stack != "E1" else size - 1
    t.state.bonfires = list(t.state.stack_size)  # shown (else ED-BONFIRE-1 asks for them first)
    findings = t.check("VILLAGE", "A", folk="E", villagers=3, tiles=["E1"])
    assert [(f.rule, f.severity) for f in findings] == [("ED-LOC-VILLAGE-3", "warning")]
    t.state.draws["G1"] -= 1  # now {E1, G1} costs 3: the fullest bundle must be taken
    assert t.errors("VILLAGE", "A", folk="E", villagers=3, tiles=["E1"]) == ["ED-LOC-VILLAGE-3"]
    assert t.errors("VILLAGE", "A", folk="E", villagers=3, tiles=["E1", "G1"]) == []


def test_each_moved_piece_activates_once_without_a_board():
    """ED-ACT-2: without a board, at most one activation per moved piece; a named piece activates once."""
    t = Table(make_config(("A", "B", "C")))
    t.play("FLY", "A", spaces=2, joins=["A"])
    assert t.state.moved == ["A", "C.w2"]
    t.play("SHRINE", "A", kingdom="Sinistra", piece="A")
    assert t.errors("SHRINE", "A", kingdom="Sinistra", piece="A") == ["ED-ACT-2"]
    t.play("SHRINE", "C", kingdom="Dextra")
    assert t.errors("CHEST", "A", kingdom="Dextra") == ["ED-ACT-2"]


def test_gathering_takes_one_level_one_tile_of_any_folk():
    """ED-LOC-GATHER-1: a Level-1 tile only."""
    t = village_table()
    assert t.errors("GATHER", "A", tile="O1") == []
    assert t.errors("GATHER", "A", tile="O2") == ["ED-LOC-GATHER-1"]
    t.state.draws["O1"] = t.state.stack_size["O1"]
    t.state.bonfires = ["O1"]  # shown (else ED-BONFIRE-1 asks for it first)
    assert t.errors("GATHER", "A", tile="O1") == ["ED-LOC-GATHER-1"]


def test_grow_uses_the_limited_supply():
    """ED-LOC-GROW-1, ED-LOC-GROW-3 (A-15): no villager of that Folk left in the supply → the growth is impossible."""
    t = village_table()
    t.state.supply["G"] = 0
    assert t.errors("GROW", "A", folk="G") == ["ED-LOC-GROW-3"]
    assert t.errors("GROW", "A", folk="E") == []


def summon_table() -> Table:
    board = fx_board({"S1": "summon", "S2": "summon"})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("POSITIONS", swarms={
        "A": {"at": "N6", "members": ["B.w1"], "trail": ["N5"]},
        "B": {"at": "D5", "members": ["A.w1", "Aureus"], "trail": ["D4", "D3"]},
        "C": {"at": "E2", "members": []},
    }, rock=[], lairs={"A": ["A.w2"], "B": ["B.w2"], "C": ["C.w1", "C.w2"]})
    t.play("FLY", "A", to="S2", valley="Sinistra")
    return t


def test_summon_protects_the_sole_player_with_fewest_wyrmlings():
    """ED-LOC-SUMMON-1, ED-LOC-SUMMON-3 (A-23), ED-LOC-SUMMON-4, ED-AUREUS-3: C has none in Swarms, so C's Wyrmlings
    are protected; Aureus is always a target; your own may be forced; 'none' is refused while one is eligible."""
    t = summon_table()
    assert t.state.queue == ["A", "B.w1"]
    assert t.errors("SUMMON", "A", wyrmling="C.w1") == ["ED-LOC-SUMMON-3"]
    assert t.errors("SUMMON", "A", wyrmling="Aureus") == []  # ED-AUREUS-3: always a legal target
    assert t.errors("SUMMON", "A", wyrmling="A") == ["ED-LOC-SUMMON-1"]
    assert t.errors("NONE", "A", reason="no") == ["ED-LOC-SUMMON-4"]
    t.play("SUMMON", "A", wyrmling="A.w2")
    assert t.state.pieces.rock == ["A.w2"] and t.state.pieces.lairs["A"] == []


def test_summon_never_itself_never_from_the_rock_and_gap_closing():
    """ED-LOC-SUMMON-2, ED-SWARM-7 (A-22), ED-LOC-SUMMON-5: the Wyrmlings behind a summoned one advance."""
    t = summon_table()
    t.play("SUMMON", "A", wyrmling="A.w2")
    assert t.errors("SUMMON", "B", wyrmling="B.w1") == ["ED-LOC-SUMMON-2"]
    assert t.errors("SUMMON", "B", wyrmling="A.w2") == ["ED-SWARM-7"]
    t.play("SUMMON", "B", wyrmling="A.w1")
    assert t.state.pieces.swarms["B"] == ["B", "Aureus"]
    assert t.state.pieces.pos["Aureus"] == "D4"  # unmoved Swarm: advances, activates nothing
    assert t.state.queue == []


def test_summoned_before_its_activation_loses_it():
    """ED-LOC-SUMMON-6 (A-21): B.w1 is summoned by A's activation and does not activate."""
    t = summon_table()
    t.play("SUMMON", "A", wyrmling="B.w1")
    assert t.state.queue == []
    assert t.errors("NONE", "B", piece="B.w1", reason="x") == ["ED-LOC-SUMMON-6"]


def test_troll_gold_up_to_the_troll_from_either_end():
    """ED-LOC-TROLL-1, ED-LOC-TROLL-2 (A-25, A-26): end B gains 2+1, the Troll steps towards B; end A then gains 1+2+3."""
    board = fx_board({"S1": "troll:TP:A", "S2": "troll:TP:B"}, {"TP": [1, 2, 3, 2, 1]})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("FLY", "A", to="S2", valley="Sinistra")
    assert t.state.queue == ["A", "C.w2"]  # the Rock's front Wyrmling (seat 3) joined
    assert t.errors("TROLL", "A", gold=5) == ["ED-LOC-TROLL-1"]
    t.play("TROLL", "A", gold=3)
    assert t.state.trolls["TP"] == 3
    t.play("TROLL", "C")
    assert t.state.players["C"].gold == 6 and t.state.trolls["TP"] == 2


def test_troll_at_its_end_gives_nothing():
    """ED-LOC-TROLL-2: the Troll already on the space nearest this end: 0 Gold, he stays."""
    board = fx_board({"S1": "troll:TP:A", "S2": "troll:TP:A"}, {"TP": [1, 2, 3]})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("FLY", "A", to="S2", valley="Sinistra")
    t.play("TROLL", "A")  # Troll at 1: gains 1, moves to 0
    t.play("TROLL", "C")  # Troll at 0: gains nothing, stays
    assert (t.state.players["A"].gold, t.state.players["C"].gold, t.state.trolls["TP"]) == (1, 0, 0)


def test_shrine_takes_all_and_refills_the_other_kingdom():
    """ED-LOC-SHRINE-1, ED-SETUP-10, ED-ACT-10: 3 Gold each at setup; taking moves 3 to the other kingdom."""
    t = village_table()
    assert t.errors("SHRINE", "A", kingdom="Sinistra", gold=5) == ["ED-LOC-SHRINE-1"]
    t.play("SHRINE", "A", kingdom="Sinistra")
    assert t.state.players["A"].gold == 3 and t.state.shrines == {"Sinistra": 0, "Dextra": 6}
    t.play("SHRINE", "B", kingdom="Sinistra")  # empty: nothing gained, 3 still go to Dextra
    assert t.state.players["B"].gold == 0 and t.state.shrines == {"Sinistra": 0, "Dextra": 9}


def test_treasure_chests_run_out_and_then_give_three_gold():
    """ED-LOC-CHEST-1, ED-LOC-CHEST-2, ED-SETUP-4, ED-GOLD-3: 6 chests per Location; afterwards 3 Gold from the
    (unlimited) supply instead."""
    t = village_table()
    for _ in range(6):
        t.play("CHEST", "B", kingdom="Dextra")
    assert [c.id for c in t.state.players["B"].chests] == ["C1", "C2", "C3", "C4", "C5", "C6"]
    t.play("CHEST", "B", kingdom="Dextra")
    assert t.state.players["B"].gold == 3 and len(t.state.players["B"].chests) == 6


def test_merchant_purchase_needs_five_gold_and_refreshes_the_other_kingdom():
    """ED-LOC-MERCHANT-1, ED-LOC-MERCHANT-2, ED-LOC-MERCHANT-3 (A-28): 5 Gold; the slot stays empty; the other kingdom's full slots cycle."""
    t = village_table()
    assert t.errors("MERCHANT", "A", kingdom="Sinistra", buy="M1=MN/OOOOOO/craft:bg") == ["ED-LOC-MERCHANT-1"]
    t.play("SHRINE", "A", kingdom="Sinistra")
    t.play("SHRINE", "A", kingdom="Dextra")  # 6 more
    unknown = t.check("MERCHANT", "A", kingdom="Sinistra", buy="M1")
    assert [f.rule for f in unknown] == ["ED-LOC-MERCHANT-1"] and "type its face" in unknown[0].message
    t.play("MERCHANT", "A", kingdom="Sinistra", buy="M1=MN/OOOOOO/craft:bg")
    s = t.state
    assert s.players["A"].gold == 4 and [x.name for x in s.players["A"].pending] == ["M1"]
    assert s.merchant_slots == {"Sinistra": 1, "Dextra": 2} and s.merchant_stacks == {"Sinistra": 9, "Dextra": 9}
    t.play("MERCHANT", "B", kingdom="Dextra")  # no purchase; refresh Sinistra's free slot from its stack
    assert s.merchant_slots == {"Sinistra": 2, "Dextra": 2} and s.merchant_stacks == {"Sinistra": 8, "Dextra": 9}


def test_merchant_empty_stack_takes_from_this_kingdom_and_empty_slots_sell_nothing():
    """ED-LOC-MERCHANT-4 (A-29), A-46."""
    t = village_table()
    t.state.merchant_stacks["Dextra"] = 0
    t.state.merchant_slots["Dextra"] = 1
    t.play("MERCHANT", "A", kingdom="Sinistra")
    assert t.state.merchant_stacks == {"Sinistra": 8, "Dextra": 0} and t.state.merchant_slots["Dextra"] == 2
    t.state.merchant_slots["Sinistra"] = 0
    t.state.players["A"].gold = 9
    assert t.errors("MERCHANT", "A", kingdom="Sinistra", buy="MN/OOOOOO") == ["ED-LOC-MERCHANT-1"]


def test_effects_are_compulsory_none_only_when_impossible():
    """ED-ACT-9, ED-LOC-VILLAGE-5: on a board, 'none' at a village with villagers is refused; at an empty one it is fine."""
    board = fx_board({"S1": "village:E:0", "S2": "village:G:2"})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("FLY", "A", to="S2", valley="Sinistra")
    assert t.errors("NONE", "A", reason="nothing") == ["ED-ACT-9"]
    t.play("VILLAGE", "A", tiles=["G2"])
    assert t.errors("VILLAGE", "C", tiles=["E1"]) == ["ED-LOC-VILLAGE-5"]
    t.play("NONE", "C", reason="the village is empty")
    assert t.state.queue == []


def test_wrong_location_command_is_refused():
    """ED-ACT-1: the event must be the effect of the Location the piece stands on."""
    board = fx_board({"S1": "gather", "S2": "village:G:2"})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("FLY", "A", to="S2", valley="Sinistra")
    assert t.errors("GATHER", "A", tile="G1") == ["ED-ACT-1"]


def test_merchant_tiles_followed_by_name():
    """ED-SETUP-9, ED-LOC-MERCHANT-1, ED-LOC-MERCHANT-3, ED-MISSION-5: with the face-up tiles named (ed market),
    a purchase names one of them, a refresh of full slots says which one goes under the stack, and a Mission put
    under a stack by a replacement can be revealed again by its name."""
    t = village_table()
    t.play("MARKET", kingdom="Sinistra", tiles=["L1=MJ/OOWOWW/craft:bg", "L2=M/OOOWWO/3b"])
    t.play("MARKET", kingdom="Dextra", tiles=["C1=ME/OOOOWW/tours", "C2=M/OWOWOW/chests"])
    assert t.errors("MARKET", kingdom="Dextra", tiles=["X1=M/OOOOOO", "X2=M/OOOOOO", "X3=M/OOOOOO"]) == ["ED-SETUP-9"]
    t.play("GOLD", "A", amount=10, reason="test")
    assert t.errors("MERCHANT", "A", kingdom="Sinistra", buy="Z9=M/OOOOOO/3b", discard="C1") == ["ED-LOC-MERCHANT-1"]
    unknown = t.check("MERCHANT", "A", kingdom="Sinistra", buy="L9", discard="C1")
    assert [f.rule for f in unknown] == ["ED-LOC-MERCHANT-1"] and "are L1, L2: buy one of them" in unknown[0].message
    assert t.errors("MERCHANT", "A", kingdom="Sinistra", buy="L1") == ["ED-LOC-MERCHANT-3"]  # which Dextra tile goes?
    assert t.errors("MERCHANT", "A", kingdom="Sinistra", buy="L1", discard="L2") == ["ED-LOC-MERCHANT-3"]
    t.play("MERCHANT", "A", kingdom="Sinistra", buy="L1", discard="C1", reveal="C3=MF/OOWWOO/spec:F")
    s = t.state
    assert [x.name for x in s.players["A"].pending] == ["L1"] and s.players["A"].pending[0].mission.type == "craft"
    assert [x.name for x in s.merchant_offer["Sinistra"]] == ["L2"]
    assert [x.name for x in s.merchant_offer["Dextra"]] == ["C2", "C3"]
    assert [x.name for x in s.under_stack["Dextra"]] == ["C1"]
    # the free Sinistra slot is refilled by the next refresh, revealing a tile known to be under the stack
    t.play("MERCHANT", "B", kingdom="Dextra", reveal="L7=M/OOOOOO/3g")
    assert [x.name for x in s.merchant_offer["Sinistra"]] == ["L2", "L7"]
    t.play("MERCHANT", "B", kingdom="Sinistra", discard="C2", reveal="C1")
    assert [x.name for x in s.merchant_offer["Dextra"]] == ["C3", "C1"] and s.under_stack["Dextra"] == [
        x for x in s.under_stack["Dextra"] if x.name == "C2"]


def test_none_is_checked_without_a_board_when_the_location_is_stated():
    """ED-ACT-9, ED-LOC-VILLAGE-5, ED-LOC-GATHER-1, ED-LOC-SUMMON-4: without a board, 'ed none --location …'
    is checked like on a board; without --location it is trusted."""
    t = village_table()
    assert t.errors("NONE", "A", reason="x", location="village", folk="E", villagers=2) == ["ED-ACT-9"]
    assert t.errors("NONE", "A", reason="x", location="village", folk="E", villagers=0) == []
    assert t.errors("NONE", "A", reason="x", location="gather") == ["ED-LOC-GATHER-1"]
    assert t.errors("NONE", "A", reason="x", location="troll") == ["ED-ACT-9"]
    assert t.errors("NONE", "A", reason="x", location="summon") == ["ED-LOC-SUMMON-4"]
    assert t.errors("NONE", "A", reason="x", location="moon") == ["ED-ACT-9"]
    assert t.errors("NONE", "A", reason="x") == []
