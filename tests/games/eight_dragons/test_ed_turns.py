"""Setup, turn flow, Bonfires and the end of the game; the 2-player rules (ED-SETUP-*, ED-FLY-1, ED-FLY-2, ED-LAIR-1,
ED-BONFIRE-*, ED-END-*, ED-2P-*)."""

from __future__ import annotations

import pytest

from scorekeeper.core.protocol import GameSetupError
from scorekeeper.games.eight_dragons import GAME

from ed_support import Table, fx_board, make_config, start_all


@pytest.mark.parametrize("players", [("A",), ("A", "B", "C", "D", "E")])
def test_two_to_four_players(players):
    """ED-SETUP-1 (A-45)."""
    with pytest.raises(GameSetupError, match="2 to 4 players"):
        GAME.setup(make_config(players))


def test_colours_are_distinct_and_default_in_seat_order():
    """ED-SETUP-1: each player takes a different colour."""
    state = GAME.setup(make_config(("A", "B", "C")))
    assert [state.players[p].colour for p in "ABC"] == ["red", "green", "black"]
    with pytest.raises(GameSetupError, match="different colour"):
        GAME.setup(make_config(("A", "B"), colours=["red", "red"]))
    with pytest.raises(GameSetupError, match="unknown colour"):
        GAME.setup(make_config(("A", "B"), colours=["red", "pink"]))


def test_starting_dragon_and_clockwise_order():
    """ED-SETUP-2: the chosen starting Dragon is seat 1; the order runs on clockwise (seat order)."""
    state = GAME.setup(make_config(("A", "B", "C"), first="C"))
    assert state.order == ["C", "A", "B"] and state.players["C"].seat == 1


@pytest.mark.parametrize("players,rock,in_lair", [
    (("A", "B"), ["B.w3", "A.w3", "Aureus"], 2),
    (("A", "B", "C"), ["C.w2", "A.w2", "B.w2", "Aureus"], 1),
    (("A", "B", "C", "D"), ["D.w2", "A.w2", "B.w2", "C.w2", "Aureus"], 1),
])
def test_wyrmlings_and_the_rock_queue(players, rock, in_lair):
    """ED-SETUP-11, ED-SETUP-16, ED-SETUP-17 (A-07), ED-2P-1: Wyrmlings per player, the Rock order from the circle space, Aureus last."""
    state = GAME.setup(make_config(players))
    assert state.pieces.rock == rock
    assert all(len(state.pieces.lairs[p]) == in_lair for p in players)


@pytest.mark.parametrize("players,l1,l2", [(("A", "B"), 10, 7), (("A", "B", "C"), 11, 8), (("A", "B", "C", "D"), 12, 9)])
def test_stack_sizes_and_bonfire_positions(players, l1, l2):
    """ED-SETUP-7, ED-SETUP-8, ED-2P-2, ED-BONFIRE-1: stacks after removal; the Bonfire lies under the (size−3)th tile."""
    state = GAME.setup(make_config(players))
    assert state.stack_size["F1"] == l1 and state.stack_size["G2"] == l2
    assert state.stack_size["F1"] - 3 == {10: 7, 11: 8, 12: 9}[l1]


def test_supplies_at_setup():
    """ED-SETUP-4, ED-SETUP-5, ED-SETUP-6, ED-SETUP-9, ED-SETUP-10, ED-SETUP-19: 6 chests and 3 Shrine Gold per kingdom, 2 Merchant slots + 9 in each stack,
    Trolls in the middle, 0 Gold, the villager supply is 12 minus the board's villagers."""
    board = fx_board({"S1": "village:E:3", "S2": "village:G:2"}, {"T": [1, 2, 3, 2, 1]})
    state = GAME.setup(make_config(("A", "B", "C"), board))
    assert state.chest_stacks == {"Sinistra": 6, "Dextra": 6} and state.shrines == {"Sinistra": 3, "Dextra": 3}
    assert state.merchant_slots == {"Sinistra": 2, "Dextra": 2} and state.merchant_stacks == {"Sinistra": 9, "Dextra": 9}
    assert state.trolls == {"T": 2} and all(p.gold == 0 for p in state.players.values())
    assert state.supply == {"E": 9, "G": 10, "O": 12, "F": 12}
    notes = GAME.status(state).notes
    assert "the board description sets out 2 Gnomes, 0 Goblins, 0 Fairies villagers; the rulebook sets out 3 of each Folk" in notes


def test_royal_challenges_are_four_cards():
    """ED-SETUP-21: 2 Sinistra + 2 Dextra cards, each METRIC:UPPER:LOWER."""
    state = GAME.setup(make_config(("A", "B"), royal=["smallest:6:3", "artifacts:5:2", "gold:8:4", "wall:7:3"]))
    assert state.royal[2] == ("gold", 8, 4)
    with pytest.raises(GameSetupError, match="give 4 cards"):
        GAME.setup(make_config(("A", "B"), royal=["smallest:6:3"]))
    with pytest.raises(GameSetupError, match="METRIC"):
        GAME.setup(make_config(("A", "B"), royal=["biggest:6:3", "artifacts:5:2", "gold:8:4", "wall:7:3"]))


def test_starting_missions_placement():
    """ED-SETUP-12, ED-SETUP-13, ED-SETUP-14 (A-05), ED-2P-3: the Mission meets the Starting Tile open to open; 2 players place 2."""
    t = Table(make_config(("A", "B", "C")))
    assert t.errors("START", "A", tile="S/WOOOWW", missions=[{"tile": "SM/WWWWWW/market:b", "at": "1,-1", "rot": 0}]) == ["ED-SETUP-14"]
    assert t.errors("START", "A", tile="S/WOOOWW", missions=[{"tile": "SM/WWWWOW/market:b", "at": "3,3", "rot": 0}]) == ["ED-SETUP-14"]
    assert t.errors("START", "A", tile="S/WOOOWW", missions=[]) == ["ED-SETUP-13"]
    t.play("START", "A", tile="S/WOOOWW", missions=[{"tile": "SM/WWWWOW/market:b", "at": "1,-1", "rot": 0}])
    assert sorted(p.tile.name for p in t.state.players["A"].lair.cells.values()) == ["M1-A", "S-A"]
    assert t.errors("START", "A", tile="S/WOOOWW", missions=[]) == ["ED-SETUP-12"]
    two = Table(make_config(("A", "B")))
    assert two.errors("START", "A", tile="S/OOOOOO", missions=[{"tile": "SM/OOOOOO/market:b", "at": "0,-1"}]) == ["ED-SETUP-13"]
    two.play("START", "A", tile="S/OOOOOO", missions=[{"tile": "SM/OOOOOO/market:b", "at": "0,-1"},
                                                      {"tile": "SM/OOOOOO/market:g", "at": "1,-1"}])
    assert two.state.players["A"].gold == 0  # the Chamber formed at setup pays nothing
    assert len(two.state.players["A"].lair.chambers) == 1  # ED-CHAMBER-8: but it exists


def test_turns_go_clockwise_and_nobody_passes():
    """ED-FLY-1, ED-FLY-2: only the next player may fly; a turn ends when the next flight starts (or with DONE)."""
    t = Table(make_config(("A", "B", "C")))
    assert t.errors("FLY", "B", spaces=1) == ["ED-FLY-1"]
    t.play("FLY", "A", spaces=1)
    assert GAME.status(t.state).active_player == "A"
    t.play("DONE", "A")
    assert GAME.status(t.state).active_player == "B"
    assert t.errors("DONE", "B") == ["ED-FLY-2"]
    t.play("FLY", "B", spaces=3)
    t.play("FLY", "C", spaces=2)
    assert t.state.round == 1 and t.state.active == "C"


def test_gained_tiles_must_be_placed_before_the_turn_ends():
    """ED-LAIR-1, ED-LAIR-5, ED-LAIR-6 (A-31): unplaced tiles block the next flight; dropping a placeable tile is refused."""
    t = Table(make_config(("A", "B", "C")))
    start_all(t)
    t.play("FLY", "A", spaces=1)
    t.play("VILLAGE", "B", folk="E", villagers=1, tiles=["X=E1/OWWWWW"])
    assert t.errors("FLY", "B", spaces=1) == ["ED-LAIR-1"]
    assert t.errors("DISCARD", "B", tile="X") == ["ED-LAIR-6"]
    assert t.errors("PLACE", "B", tiles=[{"tile": "Y", "at": "1,0", "rot": 0}]) == ["ED-LAIR-5"]
    t.play("PLACE", "B", tiles=[{"tile": "X", "at": "1,0", "rot": 5}])
    t.play("FLY", "B", spaces=1)


def test_tile_face_may_be_given_at_placement():
    """ED-LAIR-5 (A-32), ED-GOLD-2: a tile taken as 'E1' gets its face when placed; the face must match the stack;
    its printed Gold is not paid during play."""
    t = Table(make_config(("A", "B", "C")))
    start_all(t)
    t.play("FLY", "A", spaces=1)
    t.play("VILLAGE", "A", folk="E", villagers=1, tiles=["E1"])
    name = t.state.players["A"].pending[0].name
    assert t.errors("PLACE", "A", tiles=[{"tile": name, "at": "1,0", "rot": 0}]) == ["ED-LAIR-5"]
    assert t.errors("PLACE", "A", tiles=[{"tile": name, "at": "1,0", "rot": 0, "face": "G1/OOOOOO"}]) == ["ED-LAIR-5"]
    t.play("PLACE", "A", tiles=[{"tile": name, "at": "1,0", "rot": 0, "face": "E1/OOOOOO/b,2"}])
    placed = t.state.players["A"].lair.cells[(1, 0)].tile
    assert placed.gold == 2 and placed.colour == "E"
    assert t.state.players["A"].gold == 0  # ED-GOLD-2: printed Gold is not paid during play


def test_bonfires_trigger_the_end_and_the_final_round():
    """ED-BONFIRE-2, ED-BONFIRE-3 (field report ED-V1: an early Bonfire is refused, and counts only when forced),
    ED-END-1, ED-END-2, ED-END-3, ED-END-4, ED-END-5 (A-44): the 3rd Bonfire in B's
    turn; the round ends with C; one more round; a later Bonfire changes nothing."""
    t = Table(make_config(("A", "B", "C"), bonfires=3))
    t.play("FLY", "A", spaces=1)
    t.play("FLY", "B", spaces=1)
    assert t.errors("BONFIRE", stack="E1") == ["ED-BONFIRE-3"] and not t.state.bonfires  # 8 predicted, 0 recorded
    forced = t.play("BONFIRE", stack="E1", force=True)  # the table confirms its stacks: what it says stands
    assert [f.rule for f in forced] == ["ED-BONFIRE-3"] and t.state.bonfires == ["E1"]
    assert t.errors("BONFIRE", stack="E1") == ["ED-BONFIRE-1"]
    t.play("BONFIRE", stack="G1", force=True)
    assert t.state.end_trigger_turn is None
    t.play("BONFIRE", stack="O2", force=True)
    assert t.state.end_trigger_turn == 1 and t.state.last_turn == 5
    t.play("BONFIRE", stack="F2", force=True)  # ED-END-5: changes nothing
    assert t.state.last_turn == 5
    for player in "CAB":
        t.play("FLY", player, spaces=1)
    assert t.state.final_round
    assert "FINAL ROUND" in GAME.status(t.state).headline[1]
    t.play("FLY", "C", spaces=1)
    assert t.errors("FLY", "A", spaces=1) == ["ED-END-4"]
    t.play("DONE", "C")
    assert t.state.over and GAME.status(t.state).finished


def test_end_triggered_in_the_last_seat_turn():
    """A-44: triggered during the last seat's turn, the final round follows immediately."""
    t = Table(make_config(("A", "B"), bonfires=3))
    t.play("FLY", "A", spaces=1)
    t.play("FLY", "B", spaces=1)
    for stack in ("E1", "E2", "G1"):
        t.play("BONFIRE", stack=stack, force=True)  # early: ED-BONFIRE-3
    assert t.state.last_turn == 3


def test_bonfire_reveal_at_the_predicted_draw_is_silent():
    """ED-BONFIRE-1: the Bonfire of a 3-player L2 stack lies under its 5th tile."""
    t = Table(make_config(("A", "B", "C")))
    t.play("FLY", "A", spaces=1)
    t.state.draws["E2"] = 5
    assert t.check("BONFIRE", stack="E2") == []
    assert any("E2" in n for n in GAME.status(t.state).notes)


def test_aurea_never_flies_and_works_for_the_active_player():
    """ED-2P-4, ED-2P-5, ED-2P-6, ED-2P-7, ED-2P-8 (A-42): Aurea pushed into the Valley takes the kingdom opposite to the Dragon following her."""
    board = fx_board({"S1": "gather", "D1": "gather"})
    t = Table(make_config(("A", "B"), board))
    t.play("POSITIONS", swarms={"A": {"at": "N4", "members": []}, "Aurea": {"at": "N6", "members": []},
                                "B": {"at": "E3", "members": []}},
           rock=[], lairs={"A": ["A.w1", "A.w2", "A.w3"], "B": ["B.w1", "B.w2", "B.w3", "Aureus"]})
    assert t.errors("FLY", "Aurea", spaces=1) == ["ED-2P-4"]
    assert t.errors("FLY", "A", to="S1", pushes={"Aurea": "Sinistra"}) == ["ED-2P-6"]
    t.play("FLY", "A", to="S1", pushes={"Aurea": "Dextra"})
    assert t.state.pieces.pos["Aurea"] == "D1"
    assert t.state.queue == ["A", "Aurea"]
    t.play("GATHER", "A", tile="E1")
    assert t.errors("GATHER", "B", tile="E1") == ["ED-2P-5"]
    t.play("GATHER", "A", tile="G1")
    assert len(t.state.players["A"].pending) == 2


def test_designated_location_tile_spaces():
    """ED-SETUP-3: the board description may list each kingdom's 5 Location Tile spaces; 5 per kingdom, in that
    kingdom, each with an effect."""
    good = {f"S{i}": "gather" for i in range(1, 6)} | {f"D{i}": "shrine" for i in range(1, 6)}
    board = fx_board(good)
    board["designated"] = {"Sinistra": [f"S{i}" for i in range(1, 6)], "Dextra": [f"D{i}" for i in range(1, 6)]}
    GAME.setup(make_config(("A", "B"), board))
    board["designated"]["Dextra"] = ["D1", "D2", "D3", "D4", "S5"]
    with pytest.raises(GameSetupError, match="not in Dextra"):
        GAME.setup(make_config(("A", "B"), board))
    board["designated"]["Dextra"] = ["D1", "D2", "D3", "D4"]
    with pytest.raises(GameSetupError, match="5 designated"):
        GAME.setup(make_config(("A", "B"), board))
    board["designated"]["Dextra"] = ["D1", "D2", "D3", "D4", "D9"]
    with pytest.raises(GameSetupError, match="needs its Location"):
        GAME.setup(make_config(("A", "B"), board))


def test_a_tile_that_fits_nowhere_is_announced_and_set_aside():
    """ED-LAIR-6 (A-31): status says when a waiting tile fits nowhere; 'discard' then sets it aside with a warning."""
    t = Table(make_config(("A", "B", "C")))
    t.play("START", "A", tile="S/OWWWWW", missions=[{"tile": "SM/WWWOWW/market:b", "at": "0,-1", "rot": 0}])
    t.play("FLY", "A", spaces=1)
    t.play("VILLAGE", "A", folk="E", villagers=1, tiles=["X=E1/WWWWWW"])
    assert "X fits nowhere in A's Lair: set it aside with 'ed discard X'" in GAME.status(t.state).notes
    findings = t.play("DISCARD", "A", tile="X")
    assert [(f.rule, f.severity) for f in findings] == [("ED-LAIR-6", "warning")]
    assert t.state.players["A"].pending == [] and t.state.players["A"].set_aside[0].name == "X"
