"""Breadth: Aurea's Swarm, the Mission limit and replacement, Gold corrections, positions, gap closing
(ED-2P-*, ED-MISSION-*, ED-GOLD-*, ED-FLY-9, ED-SWARM-*, ED-LOC-SUMMON-5)."""

from __future__ import annotations

from scorekeeper.games.eight_dragons import GAME

from ed_support import Table, big_swarm, fx_board, make_config, start_all


def test_aurea_starts_right_of_the_rock_and_takes_a_joiner_of_her_own():
    """ED-SETUP-18, ED-2P-7, ED-2P-8, ED-PUSH-6: Aurea pushed through the Valley takes the Rock's front Wyrmling;
    it works for its owner, Aurea for the active player; her Swarm counts in the fewest-Wyrmlings test."""
    board = fx_board({"D1": "gather", "D2": "gather"})
    t = Table(make_config(("A", "B"), board))
    assert t.state.pieces.pos["Aurea"] == "E6"
    t.play("POSITIONS", swarms={"A": {"at": "N4", "members": []}, "Aurea": {"at": "N6", "members": []},
                                "B": {"at": "E3", "members": []}},
           rock=["B.w3"], lairs={"A": ["A.w1", "A.w2", "A.w3"], "B": ["B.w1", "B.w2", "Aureus"]})
    t.play("FLY", "A", to="N6", pushes={"Aurea": "Dextra"})
    p = t.state.pieces
    assert p.swarms["Aurea"] == ["Aurea", "B.w3"] and (p.pos["Aurea"], p.pos["B.w3"]) == ("D2", "D1")
    assert t.state.queue == ["Aurea", "B.w3"]  # A stands on a space without a Location
    t.play("GATHER", "A", tile="E1")
    assert t.errors("GATHER", "A", tile="E1") == ["ED-ACT-5"]
    t.play("GATHER", "B", tile="E1")
    assert {n: p.in_swarms(n) for n in ("A", "B")} == {"A": 0, "B": 1}


def test_no_joiner_when_the_rock_is_empty():
    """ED-SWARM-3: nothing attaches when no Wyrmling waits; without a board a named join is refused."""
    board = fx_board({})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("POSITIONS", swarms={"A": {"at": "N6", "members": []}}, rock=[],
           lairs={"A": ["A.w1", "A.w2"], "B": ["B.w1", "B.w2"], "C": ["C.w1", "C.w2", "Aureus"]})
    t.play("FLY", "A", to="S1", valley="Sinistra")
    assert t.state.pieces.swarms["A"] == ["A"] and t.state.flight["joins"] == []
    free = Table(make_config(("A", "B", "C")))
    free.state.pieces.rock = []
    assert free.errors("FLY", "A", spaces=2, joins=["A"]) == ["ED-SWARM-3"]
    assert Table(make_config(("A", "B", "C"))).errors("FLY", "A", spaces=2, joins=["B"]) == ["ED-SWARM-2"]


def test_wyrmlings_in_lairs_never_activate():
    """ED-SWARM-6, ED-ACT-2: only the moved Swarm's members activate; Lair Wyrmlings do not."""
    board = fx_board({"S1": "gather", "S2": "gather"})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("FLY", "A", to="S2", valley="Sinistra")
    assert t.state.queue == ["A", "C.w2"]
    assert "A.w1" not in t.state.moved
    assert t.errors("GATHER", "A", piece="A.w1", tile="E1") == ["ED-ACT-2"]


def test_positions_refuse_two_pieces_on_one_space():
    """ED-FLY-9, ED-SWARM-1: at most one piece per marked space; no Wyrmling may be left nowhere."""
    t = Table(make_config(("A", "B", "C"), fx_board({})))
    findings = t.check("POSITIONS", swarms={"A": {"at": "S3", "members": []}, "B": {"at": "S3", "members": []}})
    assert [f.rule for f in findings] == ["ED-FLY-9"]
    ok = t.check("POSITIONS", swarms={"A": {"at": "S3", "members": []}})
    assert [(f.rule, f.severity) for f in ok] == [("ED-FLY-9", "warning")]
    lost = t.check("POSITIONS", rock=["Aureus"])
    assert [f.rule for f in lost] == ["ED-SWARM-1"] and "C.w2" in lost[0].message


def test_summon_gap_closing_in_a_moved_swarm_reassigns_the_location():
    """ED-LOC-SUMMON-5, ED-LOC-SUMMON-6: C.w1 moves up into B.w1's space and activates there; B.w1 loses its turn."""
    board = fx_board({"S3": "summon", "S2": "gather", "S1": "troll:T:A"}, {"T": [5, 5, 5]})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("POSITIONS", swarms={"A": {"at": "N6", "members": ["B.w1", "C.w1"], "trail": ["N5", "N4"]}}, rock=[],
           lairs={"A": ["A.w1", "A.w2"], "B": ["B.w2"], "C": ["C.w2", "Aureus"]})
    t.play("FLY", "A", to="S3", valley="Sinistra")
    assert t.state.queue == ["A", "B.w1", "C.w1"]
    t.play("SUMMON", "A", wyrmling="B.w1")
    assert t.state.pieces.pos["C.w1"] == "S2" and t.state.queue == ["C.w1"]
    assert t.errors("TROLL", "C") == ["ED-ACT-1"]  # C.w1 now stands on the Gathering
    t.play("GATHER", "C", tile="F1")


def test_gold_corrections_are_flagged_and_never_negative():
    """ED-GOLD-1: a manual correction is always flagged; Gold cannot go below 0."""
    t = Table(make_config(("A", "B", "C")))
    assert t.errors("GOLD", "A", amount=-1, reason="x") == ["ED-GOLD-1"]
    findings = t.play("GOLD", "A", amount=4, reason="forgot the Troll")
    assert [(f.rule, f.severity) for f in findings] == [("ED-GOLD-1", "warning")]
    assert t.state.players["A"].gold == 4


def five_missions() -> Table:
    t = Table(make_config(("A", "B", "C")))
    t.play("START", "A", tile="SE/OOOOOO", missions=[{"tile": "SME/OOOOOO/market:b", "at": "0,-1", "rot": 0}])
    big_swarm(t, "A")
    t.play("FLY", "A", spaces=2)
    t.play("GOLD", "A", amount=30, reason="test")
    for index, kingdom in enumerate(["Sinistra", "Dextra", "Sinistra", "Dextra"]):
        t.play("MERCHANT", "A", kingdom=kingdom, buy=f"M{index + 1}=M/OOOOOO/craft:bg")
    cells = ["1,-1", "1,0", "0,1", "-1,1"]
    t.play("PLACE", "A", tiles=[{"tile": f"M{i + 1}", "at": c, "rot": 0} for i, c in enumerate(cells)])
    return t


def test_mission_limit_and_replacement():
    """ED-MISSION-1, ED-MISSION-2, ED-MISSION-3, ED-MISSION-4, ED-MISSION-5, ED-LOC-MERCHANT-5, ED-LAIR-8,
    ED-CHAMBER-7, ED-CHAMBER-8: a 6th Mission must replace one; the replacement's Chambers pay nothing; the
    removed Mission goes under a Merchant stack."""
    t = five_missions()
    a = t.state.players["A"]
    assert len(a.missions) == 5 and a.gold == 30 - 20  # colourless Merchant Tiles' Chambers paid nothing
    t.play("MERCHANT", "A", kingdom="Sinistra", buy="M5=MJ/OOOOOO/tours")
    assert t.errors("PLACE", "A", tiles=[{"tile": "M5", "at": "-1,0", "rot": 0}]) == ["ED-MISSION-1"]
    assert t.errors("REPLACE", "A", remove="SE-x", tile="M5", rot=0, under="Dextra") == ["ED-MISSION-2"]
    stacks = dict(t.state.merchant_stacks)
    gold = a.gold
    t.play("REPLACE", "A", remove="M1", tile="M5", rot=0, under="Dextra")
    assert a.lair.cells[(1, -1)].tile.name == "M5" and len(a.missions) == 5
    assert a.gold == gold  # the Joker Chamber {S-A, M1-A, M5} would pay if placed, but not by replacement
    assert frozenset({(0, 0), (0, -1), (1, -1)}) in a.lair.chambers
    assert t.state.merchant_stacks["Dextra"] == stacks["Dextra"] + 1



def test_ed_mission_2_a_replacement_tile_must_show_a_mission():
    """ED-MISSION-2: a Mission is replaced only by a tile that shows a Mission; a Merchant Tile without one is
    placed normally."""
    t = five_missions()
    t.play("MERCHANT", "A", kingdom="Sinistra", buy="M5=MJ/OOOOOO")  # a Merchant Tile with no Mission on it
    [refusal] = [f for f in t.check("REPLACE", "A", remove="M1", tile="M5", rot=0, under="Dextra") if f.is_error]
    assert refusal.rule == "ED-MISSION-2" and "M5 shows no Mission" in refusal.message

def test_replacement_must_still_meet_an_open_edge():
    """ED-MISSION-3 (A-30): the new Mission in the old cell needs an open edge against an open edge."""
    t = five_missions()
    t.play("MERCHANT", "A", kingdom="Sinistra", buy="M5=M/WWWWWW/tours")
    assert t.errors("REPLACE", "A", remove="M1", tile="M5", rot=0, under="Dextra") == ["ED-MISSION-3"]


def test_merchant_tiles_follow_the_placement_rules():
    """ED-LAIR-8: a Merchant Tile whose walls face the Lair is refused like any tile."""
    t = Table(make_config(("A", "B", "C")))
    t.play("START", "A", tile="S/OWWWWW", missions=[{"tile": "SM/WWWOWW/market:b", "at": "0,-1", "rot": 0}])
    t.play("FLY", "A", spaces=2)
    t.play("GOLD", "A", amount=5, reason="test")
    t.play("MERCHANT", "A", kingdom="Sinistra", buy="X=MJ/OWWWWW/3b")
    assert t.errors("PLACE", "A", tiles=[{"tile": "X", "at": "1,-1", "rot": 0}]) == ["ED-LAIR-3"]


def test_status_shows_what_the_table_needs():
    """ED-FLY-2, ED-END-1: status lists whose turn, the Bonfire count, gold, Wyrmlings, waiting tiles, missions."""
    t = Table(make_config(("A", "B", "C")))
    t.play("START", "A", tile="S/OOOOOO", missions=[{"tile": "SM/OOOOOO/market:b", "at": "0,-1", "rot": 0}])
    t.play("FLY", "A", spaces=2, joins=["A"])
    t.play("VILLAGE", "A", folk="E", villagers=1, tiles=["X=E1/OOOOOO"])
    status = GAME.status(t.state)
    assert status.active_player == "A" and "Bonfires 0/4" in status.headline
    row = status.players[0]
    assert row["waiting tiles"] == "X" and row["wyrmlings"] == "0 in Swarms, 1 in Lair, 1 on Rock"
    assert status.players[2]["wyrmlings"] == "1 in Swarms, 1 in Lair, 0 on Rock"  # C.w2 joined A's Swarm
    assert "Market Stalls (Book)" in row["missions"]
    assert status.expected == "A places X ('ed place')"
    assert GAME.describe(t.events[-1]) == "A takes X=E1/OOOOOO at a village"


def test_summoned_wyrmling_still_activates_by_setting():
    """A-21 alternative (summon.lose_activation = false), ED-LOC-SUMMON-6: B.w1 still activates where it stood."""
    board = fx_board({"S3": "summon", "S2": "gather", "S1": "gather"})
    t = Table(make_config(("A", "B", "C"), board, **{"summon.lose_activation": False}))
    t.play("POSITIONS", swarms={"A": {"at": "N6", "members": ["B.w1", "C.w1"], "trail": ["N5", "N4"]}}, rock=[],
           lairs={"A": ["A.w1", "A.w2"], "B": ["B.w2"], "C": ["C.w2", "Aureus"]})
    t.play("FLY", "A", to="S3", valley="Sinistra")
    t.play("SUMMON", "A", wyrmling="B.w1")
    assert t.state.queue == ["B.w1", "C.w1"]
    t.play("GATHER", "B", tile="E1")  # at S2, where B.w1 stood
    t.play("GATHER", "C", tile="E1")  # C.w1 moved up to S2 as well
    assert [len(t.state.players[p].pending) for p in "BC"] == [1, 1]


def test_settings_change_the_rules_they_name():
    """A-06 (setup.chamber_gold), A-25 (troll.include_troll_space), A-33 (royal.gold_adjacency), A-35
    (royal.after_chests): each setting changes exactly what it names."""
    t = Table(make_config(("A", "B"), **{"setup.chamber_gold": True}))
    t.play("START", "A", tile="SE/OOOOOO", missions=[{"tile": "SME/OOOOOO/market:b", "at": "0,-1"},
                                                      {"tile": "SME/OOOOOO/market:g", "at": "1,-1"}])
    assert t.state.players["A"].gold == 1
    board = fx_board({"S1": "troll:TP:A", "S2": "troll:TP:A"}, {"TP": [1, 2, 3, 2, 1]})
    troll = Table(make_config(("A", "B", "C"), board, **{"troll.include_troll_space": True}))
    troll.play("FLY", "A", to="S2", valley="Sinistra")
    troll.play("TROLL", "A")
    assert troll.state.players["A"].gold == 1 + 2 + 3
    from scorekeeper.games.eight_dragons.lair import Lair
    from scorekeeper.games.eight_dragons.scoring import LairView, gold_chain
    from scorekeeper.games.eight_dragons.notation import parse_tile

    lair = Lair()
    lair.place(parse_tile("S/WOOOOO/1", "A"), (0, 0), 0)
    lair.place(parse_tile("E1/OOOOOO/1", "B"), (0, -1), 0)
    assert gold_chain(LairView(lair)) == 2 and gold_chain(LairView(lair), "open_open") == 1
    royal = Table(make_config(("A", "B"), royal=["smallest:6:3", "artifacts:5:2", "gold:8:4", "wall:7:3"],
                              **{"royal.after_chests": False}))
    from scorekeeper.games.eight_dragons.scoring import royal_metric
    from scorekeeper.games.eight_dragons.state import Chest

    a = royal.state.players["A"]
    a.lair = lair
    a.chests = [Chest("C1", "Sinistra", "bb", "B")]
    assert royal_metric("artifacts", a, royal.state.settings) == 0
    royal.state.settings["royal.after_chests"] = True
    assert royal_metric("artifacts", a, royal.state.settings) == 2


def test_every_event_type_is_described_and_unknown_types_are_refused():
    """CORE-TYPE, CORE-PAYLOAD: the game plays exactly its declared event types (anything else is refused), and a
    payload that does not fit its declaration is the engine's CORE-PAYLOAD."""
    from scorekeeper.games.eight_dragons.game import PLAYS

    assert set(PLAYS) == set(GAME.event_types)
    t = Table(make_config(("A", "B")))
    assert t.errors("WHATEVER", "A") == ["CORE-TYPE"]
    assert t.errors("GOLD", "Zed", amount=1) == ["ED-SETUP-1"]
    t.play("FLY", "A", spaces=1)
    assert t.errors("VILLAGE", "A", tiles=5, folk="E", villagers=1) == ["CORE-PAYLOAD"]
    assert t.errors("VILLAGE", "A", tiles=["E1"], folk="E", villagers=1, colour="red") == ["CORE-PAYLOAD"]


def test_snapshot_is_json_and_replays_are_deterministic():
    """`state --json` data is plain JSON, and replaying the same journal twice gives the same state."""
    import json

    t = Table(make_config(("A", "B", "C"), fx_board({"S1": "gather", "S2": "village:E:2"})))
    start_all(t)
    t.play("FLY", "A", to="S2", valley="Sinistra")
    t.play("VILLAGE", "A", tiles=["E1", "E1"])
    t.play("GATHER", "C", tile="F1")
    first = json.dumps(GAME.snapshot(t.replay().state), sort_keys=True)
    assert first == json.dumps(GAME.snapshot(t.replay().state), sort_keys=True)
    assert json.loads(first)["players"]["A"]["pending"][0]["name"].startswith("T")
