"""Flights on a described board (train model A-16) and activation order: scenarios T1 and T2 with their
negative variants (ED-FLY-*, ED-SWARM-*, ED-PUSH-*, ED-ACT-*, ED-AUREUS-*)."""

from __future__ import annotations


from ed_support import Table, fx_board, make_config

PLAYERS = ("Blakkar", "Greenyra", "Rhed")

T1_LOCATIONS = {"S1": "gather", "S2": "village:E:2", "S3": "village:G:3", "S4": "village:E:1",
                "S5": "troll:TS:A", "S6": "grow"}


def t1_table(**settings) -> Table:
    board = fx_board(T1_LOCATIONS, {"TS": [1, 2, 3, 2, 1]})
    t = Table(make_config(PLAYERS, board, first="Blakkar", **settings))
    t.play("POSITIONS", swarms={
        "Blakkar": {"at": "N6", "members": ["Blakkar.w1"], "trail": ["N5"]},
        "Rhed": {"at": "S3", "members": ["Greenyra.w1", "Rhed.w1"], "trail": ["S2", "S1"]},
        "Greenyra": {"at": "D5", "members": []},
    }, rock=["Aureus", "Rhed.w2"], lairs={"Blakkar": ["Blakkar.w2"], "Greenyra": ["Greenyra.w2"], "Rhed": []})
    return t


def positions(t: Table, *pieces: str) -> list[str]:
    return [t.state.pieces.pos[p] for p in pieces]


def test_t1_flight_join_push_and_activation_order():
    """Scenario T1 (ED-FLY-3, ED-FLY-4, ED-FLY-6, ED-FLY-7, ED-FLY-8, ED-SWARM-1, ED-SWARM-2, ED-SWARM-5, ED-PUSH-1,
    ED-PUSH-2, ED-PUSH-3, ED-PUSH-7, ED-AUREUS-1, ED-ACT-3, ED-ACT-4): Blakkar N6 → S3 via the Valley."""
    t = t1_table()
    t.play("FLY", "Blakkar", to="S3", valley="Sinistra")
    s = t.state
    assert s.flight["path"] == ["N6", "S1", "S2", "S3"]
    assert s.flight["joins"] == [["Blakkar", "Aureus"]]
    assert s.pieces.rock == ["Rhed.w2"]
    assert s.pieces.swarms["Blakkar"] == ["Blakkar", "Blakkar.w1", "Aureus"]
    assert positions(t, "Blakkar", "Blakkar.w1", "Aureus") == ["S3", "S2", "S1"]
    assert positions(t, "Rhed", "Greenyra.w1", "Rhed.w1") == ["S6", "S5", "S4"]
    assert s.pieces.pos["Greenyra"] == "D5"  # ED-PUSH-7: untouched
    assert s.queue == ["Rhed", "Greenyra.w1", "Rhed.w1", "Blakkar", "Blakkar.w1", "Aureus"]


def test_t1_activations_and_end_of_phase_one():
    """Scenario T1 table (ED-LOC-GROW-1, ED-LOC-GROW-2, ED-LOC-TROLL-1, ED-LOC-VILLAGE-1, ED-AUREUS-2,
    ED-LOC-GATHER-1, ED-ACT-6, ED-ACT-7, ED-ACT-8)."""
    t = t1_table()
    t.play("FLY", "Blakkar", to="S3", valley="Sinistra")
    t.play("GROW", "Rhed", folk="E", village="S4")
    assert t.state.villages["S4"] == ["E", 2] and t.state.supply["E"] == 12 - 3 - 1
    t.play("TROLL", "Greenyra")
    assert t.state.players["Greenyra"].gold == 3 and t.state.trolls["TS"] == 1
    t.play("VILLAGE", "Rhed", tiles=["E1", "E1"])
    t.play("VILLAGE", "Blakkar", tiles=["G2", "G1"])
    t.play("VILLAGE", "Blakkar", tiles=["E2"])
    assert t.errors("GATHER", "Rhed", tile="G1") == ["ED-AUREUS-2"]  # T1-N4
    t.play("GATHER", "Blakkar", tile="G1")
    s = t.state
    assert [x.face_notation() for x in s.players["Rhed"].pending] == ["E1", "E1"]
    assert [x.face_notation() for x in s.players["Blakkar"].pending] == ["G2", "G1", "E2", "G1"]
    assert s.players["Greenyra"].pending == []
    assert {k: v for k, v in s.draws.items() if v} == {"E1": 2, "G1": 2, "G2": 1, "E2": 1}
    assert s.queue == []


def test_t1_n1_n2_destinations_that_leave_the_swarm_in_the_valley():
    """T1-N1/N2 (ED-FLY-7): S2 and S1 leave Wyrmlings in the Valley; the engine suggests S3."""
    t = t1_table()
    n1 = t.check("FLY", "Blakkar", to="S2", valley="Sinistra")
    assert [f.rule for f in n1] == ["ED-FLY-7"] and "S3" in n1[0].message and "Aureus" in n1[0].message
    n2 = t.check("FLY", "Blakkar", to="S1", valley="Sinistra")
    assert [f.rule for f in n2] == ["ED-FLY-7"] and "Blakkar.w1" in n2[0].message


def test_t1_n3_activation_out_of_order_and_village_budget():
    """T1-N3 (ED-ACT-4, ED-LOC-VILLAGE-1): Rhed's village before the growth; 2 Elves at a 1-villager village."""
    t = t1_table()
    t.play("FLY", "Blakkar", to="S3", valley="Sinistra")
    assert t.errors("VILLAGE", "Rhed", piece="Rhed.w1", tiles=["E1", "E1"]) == ["ED-ACT-4"]
    t.play("GROW", "Rhed", folk="E", village="S2")  # the growth goes elsewhere
    t.play("TROLL", "Greenyra")
    assert t.errors("VILLAGE", "Rhed", tiles=["E1", "E1"]) == ["ED-LOC-VILLAGE-1"]


def test_t1_n5_second_snow_line_crossing():
    """T1-N5 (ED-FLY-4): continuing past S9 into N1 crosses the Snow Line a second time."""
    t = t1_table()
    findings = t.check("FLY", "Blakkar", to="N1", valley="Sinistra")
    assert [f.rule for f in findings] == ["ED-FLY-4"] and "S9" in findings[0].message


def test_t1_n6_aureus_logged_as_joining_rhed():
    """T1-N6 (ED-SWARM-2, ED-SWARM-4): Rhed's Swarm never passed the Valley, so Aureus cannot have joined it."""
    t = t1_table()
    assert t.errors("FLY", "Blakkar", to="S3", valley="Sinistra", joins=["Rhed=Aureus"]) == ["ED-SWARM-2"]
    assert t.errors("FLY", "Blakkar", to="S3", valley="Sinistra", joins=["Blakkar=Rhed.w2"]) == ["ED-SWARM-4"]
    assert t.errors("FLY", "Blakkar", to="S3", valley="Sinistra", joins=["Blakkar=Aureus"]) == []


def test_t1_n7_unmoved_piece_does_not_activate():
    """T1-N7 (ED-ACT-2): Greenyra's Dragon at D5 did not move."""
    t = t1_table()
    t.play("FLY", "Blakkar", to="S3", valley="Sinistra")
    assert t.errors("NONE", "Greenyra", piece="Greenyra", reason="x") == ["ED-ACT-2"]


def test_flight_must_move_and_valley_choice_must_match():
    """ED-FLY-3, ED-FLY-6: at least one space; a stated Valley way must lead to the destination."""
    t = t1_table()
    assert t.errors("FLY", "Blakkar", to="N6") == ["ED-FLY-3"]
    assert t.errors("FLY", "Blakkar", to="S3", valley="Dextra") == ["ED-FLY-6"]
    assert t.errors("FLY", "Greenyra", to="D6") == ["ED-FLY-1"]  # ED-FLY-1: not Greenyra's turn


T2_LOCATIONS = {"S1": "grow", "S2": "village:F:1", "S3": "village:E:2", "S4": "village:G:4", "N3": "gather",
                "N4": "village:F:3", "D1": "grow", "D2": "village:F:1", "D3": "gather", "D7": "village:G:2"}


def t2_table() -> Table:
    t = Table(make_config(PLAYERS, fx_board(T2_LOCATIONS), first="Greenyra"))
    t.play("POSITIONS", swarms={
        "Greenyra": {"at": "S9", "members": ["Rhed.w1"], "trail": ["S8"]},
        "Blakkar": {"at": "N4", "members": ["Aureus", "Greenyra.w2"], "trail": ["N3", "N2"]},
        "Rhed": {"at": "N6", "members": ["Greenyra.w1"], "trail": ["N5"]},
    }, rock=["Blakkar.w1", "Blakkar.w2"], lairs={"Blakkar": [], "Greenyra": [], "Rhed": ["Rhed.w2"]})
    return t


def test_t2_pushes_into_the_valley_wind_and_joins():
    """Scenario T2 (ED-PUSH-1, ED-PUSH-3, ED-PUSH-4, ED-PUSH-5, ED-PUSH-6, ED-SWARM-2, ED-SWARM-4, ED-SWARM-5, ED-FLY-4, ED-FLY-5): two Swarms pushed through the Valley."""
    t = t2_table()
    t.play("FLY", "Greenyra", to="N4", pushes={"Rhed": "Dextra", "Blakkar": "Sinistra"})
    s = t.state
    assert positions(t, "Rhed", "Greenyra.w1", "Blakkar.w1") == ["D3", "D2", "D1"]
    assert positions(t, "Blakkar", "Aureus", "Greenyra.w2", "Blakkar.w2") == ["S4", "S3", "S2", "S1"]
    assert positions(t, "Greenyra", "Rhed.w1") == ["N4", "N3"]
    assert s.pieces.rock == []
    assert s.flight["joins"] == [["Rhed", "Blakkar.w1"], ["Blakkar", "Blakkar.w2"]]
    assert s.queue == ["Blakkar", "Aureus", "Greenyra.w2", "Blakkar.w2", "Greenyra", "Rhed.w1",
                       "Rhed", "Greenyra.w1", "Blakkar.w1"]


def test_t2_all_nine_activations_and_totals():
    """Scenario T2 table (ED-ACT-3, ED-ACT-4, ED-ACT-5, ED-ACT-7, ED-LOC-VILLAGE-1, ED-LOC-GROW-1, ED-LOC-GROW-2, ED-LOC-GATHER-1, ED-LOC-SUMMON-3 count)."""
    t = t2_table()
    t.play("FLY", "Greenyra", to="N4", pushes={"Rhed": "Dextra", "Blakkar": "Sinistra"})
    assert t.errors("VILLAGE", "Blakkar", tiles=["E2", "G1"]) == ["ED-LOC-VILLAGE-1"]  # T2-N6: cost 5 > 4
    assert t.errors("VILLAGE", "Greenyra", piece="Greenyra", tiles=["F1", "F1", "F1"]) == ["ED-ACT-4"]  # T2-N5
    assert t.errors("GATHER", "Rhed", piece="Rhed", tile="G1") == ["ED-ACT-3"]  # T2-N4
    t.play("VILLAGE", "Blakkar", tiles=["G2", "G1", "G1"])
    t.play("VILLAGE", "Greenyra", tiles=["E1", "E1"])
    t.play("VILLAGE", "Greenyra", tiles=["F1"])
    t.play("GROW", "Blakkar", folk="G", village="D7")
    t.play("VILLAGE", "Greenyra", tiles=["F1", "F1", "F1"])
    t.play("GATHER", "Rhed", tile="F1")
    t.play("GATHER", "Rhed", tile="G1")
    t.play("VILLAGE", "Greenyra", tiles=["F1"])
    t.play("GROW", "Blakkar", folk="E", village="S3")
    s = t.state
    assert [len(s.players[p].pending) for p in PLAYERS] == [3, 7, 2]
    assert {k: v for k, v in s.draws.items() if v} == {"F1": 6, "G1": 3, "E1": 2, "G2": 1}
    assert s.villages["D7"] == ["G", 3] and s.villages["S3"] == ["E", 3]
    assert [s.players[p].gold for p in PLAYERS] == [0, 0, 0]
    counts = {p: s.pieces.in_swarms(p) for p in PLAYERS}
    assert counts == {"Blakkar": 2, "Greenyra": 2, "Rhed": 1}  # Rhed is protected (ED-LOC-SUMMON-3)


def test_t2_n2_positions_logged_without_the_joiner():
    """T2-N2 (ED-SWARM-2, ED-PUSH-5): Blakkar logged at S3/S2/S1 and no joiner for him: Blakkar.w2 must have
    joined, and the Swarm was blown on to S4."""
    t = t2_table()
    pushes = {"Rhed": "Dextra", "Blakkar": "Sinistra"}
    found = t.errors("FLY", "Greenyra", to="N4", pushes=pushes, joins=["Rhed"],
                     seen={"Blakkar": "S3", "Aureus": "S2", "Greenyra.w2": "S1"})
    assert found == ["ED-SWARM-2", "ED-PUSH-5", "ED-PUSH-5", "ED-PUSH-5"]
    assert t.errors("FLY", "Greenyra", to="N4", pushes=pushes, joins=["Rhed", "Blakkar"],
                    seen={"Blakkar": "S4", "Blakkar.w2": "S1", "Rhed": "D3", "Rhed.w1": "N3"}) == []


def test_t2_n3_joiners_swapped():
    """T2-N3 (ED-SWARM-4): Rhed entered the Valley first, so Blakkar.w1 joins Rhed and Blakkar.w2 joins Blakkar."""
    t = t2_table()
    pushes = {"Rhed": "Dextra", "Blakkar": "Sinistra"}
    assert t.errors("FLY", "Greenyra", to="N4", pushes=pushes,
                    joins=["Rhed=Blakkar.w2", "Blakkar=Blakkar.w1"]) == ["ED-SWARM-4"]
    assert t.errors("FLY", "Greenyra", to="N4", pushes=pushes, joins=["Blakkar", "Rhed"]) == ["ED-SWARM-4"]
    assert t.errors("FLY", "Greenyra", to="N4", pushes=pushes,
                    joins=["Rhed=Blakkar.w1", "Blakkar=Blakkar.w2"]) == []


def test_t2_n1_beyond_n6_is_a_second_crossing():
    """T2-N1 (ED-FLY-4): flying on through the Valley from the north after crossing once."""
    t = t2_table()
    assert t.errors("FLY", "Greenyra", to="S1", pushes={"Rhed": "Dextra", "Blakkar": "Sinistra"}) == ["ED-FLY-4"]


def test_t2_n7_grow_into_a_full_village():
    """T2-N7 (ED-LOC-GROW-1): a Gnome village holding 4 cannot grow."""
    t = t2_table()
    t.play("FLY", "Greenyra", to="N4", pushes={"Rhed": "Dextra", "Blakkar": "Sinistra"})
    t.play("VILLAGE", "Blakkar", tiles=["G2", "G1", "G1"])
    t.play("VILLAGE", "Greenyra", tiles=["E1", "E1"])
    t.play("VILLAGE", "Greenyra", tiles=["F1"])
    assert t.errors("GROW", "Blakkar", folk="G", village="S4") == ["ED-LOC-GROW-1"]
    assert t.errors("GROW", "Blakkar", folk="E", village="D7") == ["ED-LOC-GROW-1"]


def test_t2_v_blakkar_chooses_dextra_and_pushes_rhed_on():
    """Variant T2-V (ED-PUSH-5, ED-ACT-3): Blakkar's Swarm runs into Rhed's on the Dextra branch."""
    t = t2_table()
    t.play("FLY", "Greenyra", to="N4", pushes={"Rhed": "Dextra", "Blakkar": "Dextra"})
    assert positions(t, "Rhed", "Greenyra.w1", "Blakkar.w1", "Blakkar", "Aureus", "Greenyra.w2", "Blakkar.w2") == \
        ["D7", "D6", "D5", "D4", "D3", "D2", "D1"]
    assert t.state.flight["order"] == ["Greenyra", "Rhed.w1", "Rhed", "Greenyra.w1", "Blakkar.w1", "Blakkar",
                                       "Aureus", "Greenyra.w2", "Blakkar.w2"]


def test_pushed_dragon_needs_its_owners_valley_choice():
    """ED-PUSH-4: a pushed Dragon entering the Valley needs its owner's choice."""
    t = t2_table()
    findings = t.check("FLY", "Greenyra", to="N4", pushes={"Blakkar": "Sinistra"})
    assert [f.rule for f in findings] == ["ED-PUSH-4"] and "--push Rhed=" in findings[0].message
    assert findings[0].asks  # the owner's choice is asked for (UX-12)


def test_start_stack_is_left_without_pushing():
    """ED-SETUP-15, ED-FLY-10: all Dragons start stacked; the first leaves without pushing the others; the
    Rock's front Wyrmling (seat 3) joins as it passes the Valley."""
    board = fx_board({})
    t = Table(make_config(PLAYERS, board))
    assert t.state.pieces.start_stack == ["Blakkar", "Greenyra", "Rhed"]
    assert t.state.pieces.rock == ["Rhed.w2", "Blakkar.w2", "Greenyra.w2", "Aureus"]  # ED-SETUP-17
    t.play("FLY", "Blakkar", to="S2", valley="Sinistra")
    assert t.state.pieces.pos["Blakkar"] == "S2" and t.state.pieces.pos["Rhed.w2"] == "S1"
    assert t.state.pieces.start_stack == ["Greenyra", "Rhed"]
    assert t.state.flight["pushed"] == []


def test_a_swarm_running_into_the_start_stack_pushes_it_top_first():
    """ED-FLY-10, ED-PUSH-1, ED-PUSH-4, ED-SWARM-4 (A-18): the stacked Dragons are pushed as a chain, the top one
    first; each takes the Rock's front Wyrmling in the order they enter the Valley."""
    board = fx_board({})
    t = Table(make_config(PLAYERS, board))
    t.play("POSITIONS", swarms={"Blakkar": {"at": "N3", "members": []}}, rock=["Aureus", "Rhed.w2"],
           lairs={"Blakkar": ["Blakkar.w1", "Blakkar.w2"], "Greenyra": ["Greenyra.w1", "Greenyra.w2"],
                  "Rhed": ["Rhed.w1"]})
    assert t.state.pieces.start_stack == ["Greenyra", "Rhed"]
    assert t.errors("FLY", "Blakkar", to="N6", pushes={"Greenyra": "Dextra"}) == ["ED-PUSH-4"]
    t.play("FLY", "Blakkar", to="N6", pushes={"Greenyra": "Dextra", "Rhed": "Sinistra"})
    p = t.state.pieces
    assert p.start_stack == []
    assert t.state.flight["joins"] == [["Greenyra", "Aureus"], ["Rhed", "Rhed.w2"]]
    assert (p.pos["Greenyra"], p.pos["Aureus"]) == ("D2", "D1")
    assert (p.pos["Rhed"], p.pos["Rhed.w2"]) == ("S2", "S1")
    assert p.pos["Blakkar"] == "N6"


def test_flight_by_number_of_spaces_on_a_board():
    """ED-FLY-3: `-n 3` counts marked spaces (the Valley is not one): N6 → S3 like scenario T1; ED-FLY-6: the
    Valley way not said is asked for (UX-12)."""
    t = t1_table()
    [way] = [f for f in t.judge("FLY", "Blakkar", spaces=3) if f.is_error]  # the Valley way must be said:
    assert way.rule == "ED-FLY-6" and way.asks  # asked for, a prompt rather than a refusal (UX-12)
    t.play("FLY", "Blakkar", spaces=3, valley="Sinistra")
    assert t.state.pieces.pos["Blakkar"] == "S3"
