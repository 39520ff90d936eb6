"""An 8 Dragons table judged as a whole (``Game.check_state``, ``state_check.py``): one test per invariant, each
breaking a legal state in one way and finding it under its rule ID (and no longer finding it once its check is
switched off), and the proof that the invariants are not over-strict: every state every sample passes through,
event by event, and every tally the tests build, finds nothing."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

import pytest

from scorekeeper.core.engine import carried_out, step
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import SessionConfig
from scorekeeper.games.eight_dragons import GAME
from scorekeeper.games.eight_dragons import state_check
from scorekeeper.games.eight_dragons.hexgrid import neighbour
from scorekeeper.games.eight_dragons.lair import Placed
from scorekeeper.games.eight_dragons.rule_summaries import SUMMARIES
from scorekeeper.games.eight_dragons.state import Chest, EDState
from scorekeeper.games.eight_dragons.tiles import LAIR1, START, START_MISSION, Mission, Tile

HERE = Path(__file__).parent
ROOT = HERE.parents[2]
SAMPLES = ROOT / "sample_sessions" / "eight-dragons"
LEGAL = ["2p-aurea", "3p-board", "4p-long"]


def _events(name: str) -> tuple[SessionConfig, list[Event]]:
    data = json.loads((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    meta = data["meta"]["1"]
    config = SessionConfig("eight-dragons", tuple(meta["players"]), meta["settings"], meta["catalog"])
    return config, sorted((Event.from_record(r) for r in data["events"].values()), key=lambda e: e.seq)


def states(name: str) -> list[tuple[Event | None, EDState, bool]]:
    """Every state sample ``name`` passes through: (the event just played, the state, whether a forced play came
    before), the setup first."""
    config, events = _events(name)
    state = GAME.setup(config)
    found: list[tuple[Event | None, EDState, bool]] = [(None, copy.deepcopy(state), False)]
    forced = False
    for event in events:
        state, findings = step(GAME, state, event)
        forced |= event.forced and carried_out(event, findings)
        found.append((event, copy.deepcopy(state), forced))
    return found


@lru_cache(maxsize=None)
def _end(name: str) -> EDState:
    return states(name)[-1][1]


def end(name: str = "2p-aurea") -> EDState:
    """A legal finished game (2p-aurea: Whytera holds 5 Missions, Blakkar 6 chests, 4 of them placed)."""
    return copy.deepcopy(_end(name))


@lru_cache(maxsize=None)
def _open_turn() -> EDState:
    for event, state, _ in states("3p-board"):
        if event is not None and state.queue and not state.closed and state.players["Rhed"].pending:
            return state
    raise AssertionError("no open turn in 3p-board")


def open_turn() -> EDState:
    """A legal 3-player state on the example board with a turn open: Location Effects still to activate (Blakkar's
    Wyrmling), a tile waiting for Rhed."""
    return copy.deepcopy(_open_turn())


def rules(state: EDState) -> list[str]:
    return [f.rule for f in GAME.check_state(state)]


def breaks(monkeypatch: pytest.MonkeyPatch, rule: str, state: EDState, mutate: Callable[[EDState], Any],
           *named: str) -> None:
    """``state`` finds nothing; once ``mutate`` breaks it, ``rule`` is found, its message naming ``named``; with
    the rule's check switched off, it is not (the test proves the check, not a neighbour)."""
    assert GAME.check_state(state) == []
    mutate(state)
    found = [f for f in GAME.check_state(state) if f.rule == rule]
    assert found, f"{rule} not found: {GAME.check_state(state)}"
    assert all(f.is_error for f in found)
    assert any(all(word in f.message for word in named) for f in found), [f.message for f in found]
    monkeypatch.setitem(state_check.CHECKS, rule, lambda _state: [])
    assert rule not in rules(state)
    monkeypatch.undo()


def _tile(name: str, edges: str = "OOOOOO", kind: str = LAIR1, colour: str = "E", **more: Any) -> Tile:
    return Tile(name, kind, colour, edges, **more)


def _free_cell(state: EDState, player: str, walls_only: bool = False) -> tuple[int, int]:
    """An empty cell next to ``player``'s Lair (with ``walls_only``: none of whose neighbours is a Mission tile)."""
    lair = state.players[player].lair
    for cell in lair.frontier():
        near = [lair.cells[n].tile for n in (neighbour(cell, d) for d in range(6)) if n in lair.cells]
        if not walls_only or not any(t.mission for t in near):
            return cell
    raise AssertionError("no free cell")


# -- one test per invariant ---------------------------------------------------------------------------------


def test_ed_state_1_a_lair_starts_from_one_starting_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-1: "Take the matching Starting Tile … Place the Starting Tile in front of you, your Lair starts
    here." A Lair with a second Starting Tile is found, naming the player."""
    def second_start(state: EDState) -> None:
        lair = state.players["Whytera"].lair
        lair.cells[_free_cell(state, "Whytera")] = Placed(_tile("S-Extra", kind=START, colour="N"), 0)

    breaks(monkeypatch, "ED-STATE-1", end(), second_start, "Whytera", "2 Starting Tiles")


def test_ed_state_1_a_started_player_without_a_lair() -> None:
    """ED-STATE-1: a player marked as started whose Lair is empty is found."""
    state = end()
    state.players["Blakkar"].lair.cells.clear()
    state.players["Blakkar"].lair.chambers.clear()
    assert any(f.rule == "ED-STATE-1" and "Blakkar has started" in f.message for f in GAME.check_state(state))


def test_ed_state_2_every_tile_is_joined_to_the_starting_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-2: "Place each new tile so that at least one open edge is adjacent to an open edge of an already
    placed tile – this creates a connected path". A tile far from the rest of the Lair is found."""
    def far(state: EDState) -> None:
        lair = state.players["Blakkar"].lair
        lair.cells[(40, 40)] = lair.cells.pop(lair.cell_of("T23"))  # type: ignore[arg-type]
        lair.rebuild_chambers()

    breaks(monkeypatch, "ED-STATE-2", end(), far, "Blakkar", "T23", "40,40")


def test_ed_state_3_every_tile_meets_an_open_edge_with_an_open_edge(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-3: "A new tile is allowed if it is placed with at least one open edge adjacent to another open
    edge; it is not allowed if a wall is placed adjacent to a wall with no open edge adjacent to another open
    edge." A tile of walls only, next to the Lair, is found."""
    def walled(state: EDState) -> None:
        cell = _free_cell(state, "Whytera", walls_only=True)
        state.players["Whytera"].lair.cells[cell] = Placed(_tile("T99", "WWWWWW"), 0)

    breaks(monkeypatch, "ED-STATE-3", end(), walled, "Whytera", "T99", "meets no open edge")


def test_ed_state_4_the_chambers_are_the_ones_the_tiles_close(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-4: "When you place a tile that connects three open edges and completes a circle, a large Chamber
    is formed." A Lair counting a Chamber its tiles do not close is found."""
    def extra(state: EDState) -> None:
        state.players["Whytera"].lair.chambers.add(frozenset({(0, 0), (9, 9), (9, 8)}))

    breaks(monkeypatch, "ED-STATE-4", end(), extra, "Whytera", "3 large Chambers, its tiles close 2")


def test_ed_state_5_at_most_five_missions(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-5: "Your Lair may contain a maximum of 5 Missions." Whytera's Lair holds 5; a sixth is found."""
    def sixth(state: EDState) -> None:
        lair = state.players["Whytera"].lair
        cell = lair.cell_of("T3")
        assert cell is not None
        placed = lair.cells[cell]
        lair.cells[cell] = Placed(replace(placed.tile, kind="MERCHANT", mission=Mission("tours")), placed.rotation)

    breaks(monkeypatch, "ED-STATE-5", end(), sixth, "Whytera", "6 Missions")


def test_ed_state_6_starting_missions_as_dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-6: "Randomly deal 1 Starting Mission to each player … 2-Player Game: Deal 2 Starting Missions per
    player". A third Starting Mission in a two-player game is found."""
    def third(state: EDState) -> None:
        tile = _tile("M3-Blakkar", "OOOOOO", kind=START_MISSION, colour="N", mission=Mission("market", ("b",)))
        state.players["Blakkar"].set_aside.append(tile)

    breaks(monkeypatch, "ED-STATE-6", end(), third, "Blakkar", "3 Starting Missions")


def test_ed_state_7_no_more_lair_tiles_than_the_stack_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-7: "13 Level-1 Lair Tiles in each colour … Remove the following number of tiles from each stack …
    2-Player Game: 3 tiles". Eleven Level-1 Elf tiles held in a two-player game (the stack holds 10) are
    found."""
    def eleven(state: EDState) -> None:
        state.players["Whytera"].set_aside.extend(_tile(f"X{n}") for n in range(11))

    breaks(monkeypatch, "ED-STATE-7", end(), eleven, "stack E1", "it holds 10")


def test_ed_state_7_no_more_draws_than_the_stack_holds() -> None:
    """ED-STATE-7: more tiles drawn from a stack than it holds is found."""
    state = end()
    state.draws["G2"] = 8
    assert any(f.rule == "ED-STATE-7" and "stack G2" in f.message for f in GAME.check_state(state))


def test_ed_state_8_two_merchant_slots_per_kingdom(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-8: "22 Merchant Tiles … Then reveal 2 Merchant Tiles from each stack and place them in the slots."
    Three face-up Merchant Tiles in Sinistra are found."""
    def third(state: EDState) -> None:
        state.merchant_offer["Sinistra"] = [_tile(f"MX{n}", kind="MERCHANT") for n in range(3)]

    breaks(monkeypatch, "ED-STATE-8", end(), third, "Sinistra", "2 slots")


def test_ed_state_9_a_tile_lies_in_one_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-9: a tile lies in one place (one cell of one Lair, waiting, set aside or on offer). T3 in
    Whytera's Lair and among her tiles set aside at once is found."""
    def twice(state: EDState) -> None:
        lair = state.players["Whytera"].lair
        state.players["Whytera"].set_aside.append(lair.cells[lair.cell_of("T3")].tile)  # type: ignore[index]

    breaks(monkeypatch, "ED-STATE-9", end(), twice, "T3", "Whytera's Lair", "Whytera's tiles set aside")


def test_ed_state_9_a_tile_held_and_on_offer() -> None:
    """ED-STATE-9: a Merchant Tile both in a Lair and face up in a kingdom's slot is found."""
    state = end()
    lair = state.players["Blakkar"].lair
    state.merchant_offer["Dextra"] = [lair.cells[lair.cell_of("T27")].tile]  # type: ignore[index]
    assert any(f.rule == "ED-STATE-9" and "T27 is in 2 places" in f.message and "Dextra's Merchant slots" in f.message
               for f in GAME.check_state(state))


def test_ed_state_10_chests_from_the_stacks_there_are(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-10: "12 Treasure Chests … form two face-down stacks of 6 Treasure Chests each, and place one stack
    on each "Treasure Chest" location." A seventh chest from Sinistra is found."""
    def seventh(state: EDState) -> None:
        state.players["Whytera"].chests += [Chest(f"C{n}", "Sinistra", "b") for n in range(20, 22)]

    breaks(monkeypatch, "ED-STATE-10", end(), seventh, "7 Treasure Chests from Sinistra")


def test_ed_state_10_a_chest_held_twice_or_of_no_artifact() -> None:
    """ED-STATE-10: one chest held by two players, and a chest holding a letter that is no Artifact, are found."""
    state = end()
    state.players["Whytera"].chests.append(Chest("C1", "Sinistra", "x"))
    messages = [f.message for f in GAME.check_state(state) if f.rule == "ED-STATE-10"]
    assert any("C1 is held 2 times (Whytera, Blakkar)" in m for m in messages)
    assert any("'x'" in m for m in messages)


def test_ed_state_11_a_chest_only_on_a_tile_of_the_lair(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-11: "If you have collected Treasure Chests, you may now place them face-up on any tile in your
    Lair, one per tile." A chest on a tile that is not in its owner's Lair is found."""
    def elsewhere(state: EDState) -> None:
        state.players["Whytera"].chests[0].on = "T23"  # Blakkar's tile

    breaks(monkeypatch, "ED-STATE-11", end(), elsewhere, "Whytera", "C5", "T23")


def test_ed_state_12_one_chest_per_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-12: "place them face-up on any tile in your Lair, one per tile." Two chests on T23 are found."""
    def two(state: EDState) -> None:
        chests = {c.id: c for c in state.players["Blakkar"].chests}
        chests["C2"].on = "T23"

    breaks(monkeypatch, "ED-STATE-12", end(), two, "Blakkar", "T23", "C1, C2")


def test_ed_state_13_a_bonfire_only_once_the_tiles_above_it_are_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-13: "Place 1 Bonfire Tile at the 4th position from the bottom of each face-down stack. … When a
    Bonfire Tile is revealed – as soon as the tile above it is drawn". A Bonfire revealed from an untouched
    stack is found."""
    def early(state: EDState) -> None:
        state.bonfires.append("F2")

    breaks(monkeypatch, "ED-STATE-13", open_turn(), early, "F2", "0 of the 5 tiles above it")


def test_ed_state_13_one_bonfire_per_stack() -> None:
    """ED-STATE-13: "8 Bonfire Tiles", one per stack: a stack's Bonfire revealed twice is found."""
    state = end()
    state.bonfires.append("O1")
    assert any(f.rule == "ED-STATE-13" and "O1's Bonfire is revealed 2 times" in f.message
               for f in GAME.check_state(state))


def test_ed_state_14_the_end_is_triggered_by_the_bonfires(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-14: "The end of the game is triggered as soon as the 4th Bonfire Tile is revealed. Complete the
    current round … After that, everyone takes one final turn." An end triggered with no Bonfire revealed is
    found."""
    def triggered(state: EDState) -> None:
        state.end_trigger_turn = 0

    breaks(monkeypatch, "ED-STATE-14", open_turn(), triggered, "0 Bonfires revealed", "it takes 4")


def test_ed_state_14_no_turn_after_the_final_round() -> None:
    """ED-STATE-14: a turn after everyone's final turn is found."""
    state = end()
    assert state.last_turn is not None
    state.turn = state.last_turn + 1
    assert any(f.rule == "ED-STATE-14" and "after everyone's final turn" in f.message for f in GAME.check_state(state))


def test_ed_state_14_the_game_is_over_after_the_final_turn() -> None:
    """ED-STATE-14: "After that, everyone takes one final turn." Once the last of them is played, the game is over:
    a state saying otherwise is found."""
    state = end()
    state.over = False
    assert any(f.rule == "ED-STATE-14" and "the game is not over" in f.message for f in GAME.check_state(state))


def test_ed_state_15_whose_turn_and_phase_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-15: "Each turn consists of two phases: I. Fly & Activate Location Effects II. Expand Lair … If you
    collected tiles at Locations, you must now place them in your Lair". A turn marked over while a Wyrmling has
    still to activate and a tile waits to be placed is found."""
    def closed(state: EDState) -> None:
        state.closed = True

    breaks(monkeypatch, "ED-STATE-15", open_turn(), closed, "Blakkar.w2", "the turn is over")


def test_ed_state_15_a_tile_waiting_after_the_turn() -> None:
    """ED-STATE-15: a closed turn with a tile still waiting names the player."""
    state = open_turn()
    state.closed, state.queue = True, []
    messages = [f.message for f in GAME.check_state(state) if f.rule == "ED-STATE-15"]
    assert messages and "Rhed still has tiles to place" in messages[0]


def test_ed_state_16_two_royal_challenges_from_each_kingdom(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-16: "Setup: At the start of the game, draw 2 random Challenges from Sinistra and 2 from Dextra …
    Dextra demands size and grandeur, while Sinistra honours modesty." Four modest Challenges are found."""
    def modest(state: EDState) -> None:
        state.royal = [("smallest", 6, 3), ("artifacts", 5, 2), ("smallest", 4, 2), ("artifacts", 3, 1)]

    breaks(monkeypatch, "ED-STATE-16", open_turn(), modest, "2 from Sinistra")


def test_ed_state_16_first_place_gains_more() -> None:
    """ED-STATE-16: "1st place gains the upper amount of Gold, 2nd place the lower amount." A card paying 2nd place
    more is found."""
    state = open_turn()
    state.royal = [("smallest", 3, 6), ("artifacts", 5, 2), ("gold", 8, 4), ("wall", 7, 3)]
    assert any(f.rule == "ED-STATE-16" and "smallest pays 3" in f.message for f in GAME.check_state(state))


def test_ed_state_17_each_piece_in_one_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-17: "3 Wyrmlings in each of 4 colours, 1 Golden Wyrmling named Aureus … Take … your Dragon and 2
    Wyrmlings in your colour." A Wyrmling both on the Dragon Rock and in its Lair is found."""
    def twice(state: EDState) -> None:
        state.pieces.lairs["Rhed"].append("Rhed.w2")

    breaks(monkeypatch, "ED-STATE-17", open_turn(), twice, "Rhed.w2", "2 places")


def test_ed_state_17_missing_and_foreign_pieces() -> None:
    """ED-STATE-17: a Wyrmling nowhere, a fourth Wyrmling, and Aurea in a 3-player game are found."""
    state = open_turn()
    state.pieces.rock.remove("Aureus")
    state.pieces.lairs["Rhed"].append("Rhed.w3")
    state.pieces.swarms["Aurea"] = ["Aurea"]
    messages = [f.message for f in GAME.check_state(state) if f.rule == "ED-STATE-17"]
    assert any("Aureus is nowhere" in m for m in messages)
    assert any("Rhed.w3 is not a Wyrmling of this game" in m for m in messages)
    assert any("Aurea flies as a Dragon" in m for m in messages)


def test_ed_state_18_villagers_from_the_box(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-18: "12 Elves, 12 Gnomes, 12 Goblins, 12 Fairies (Villagers) … as long as there is still space
    (max. 4 per village)." A village of 5 is found, and so are more Elves than the box holds."""
    def crowded(state: EDState) -> None:
        state.villages["S1"][1] = 5

    breaks(monkeypatch, "ED-STATE-18", open_turn(), crowded, "S1", "5 Villagers")
    state = open_turn()
    state.supply["E"] = 12
    assert any(f.rule == "ED-STATE-18" and "12 E Villagers" in f.message for f in GAME.check_state(state))


def test_ed_state_19_a_shrine_fills_three_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-19: "Place 3 Gold on each "Dragon Shrine" location. … Take all Gold from the Shrine. … place 3 Gold
    from the general supply on the Dragon Shrine there in any case". A Shrine holding 4 Gold is found."""
    def four(state: EDState) -> None:
        state.shrines["Sinistra"] = 4

    breaks(monkeypatch, "ED-STATE-19", open_turn(), four, "Sinistra", "4 Gold")


def test_ed_state_20_gold_is_never_below_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-20: "How much Gold each player hoards is public information at all times." A hoard is coins: one
    below 0 is found."""
    def owes(state: EDState) -> None:
        state.players["Blakkar"].gold = -1

    breaks(monkeypatch, "ED-STATE-20", end(), owes, "Blakkar", "-1")


def test_ed_state_21_a_troll_on_its_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-21: "Place the Trolls on the middle space of the Troll paths. … Then move the Troll 1 space towards
    you, if possible." A Troll beyond the end of its path is found."""
    def off(state: EDState) -> None:
        state.trolls["TS"] = 99

    breaks(monkeypatch, "ED-STATE-21", open_turn(), off, "TS", "space 99")


def test_ed_state_22_the_flick_is_won_by_a_player_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-22: "If there is still a tie … All tied players flick 1 Gold coin … Whoever's coin lands closest to
    the Egg takes all the flicked coins – and wins the game." A flick won before the game is over is found."""
    def early(state: EDState) -> None:
        state.flick_winner = "Rhed"

    breaks(monkeypatch, "ED-STATE-22", open_turn(), early, "Rhed", "before the game is over")
    state = end()
    state.flick_winner = "Nobody"
    assert any(f.rule == "ED-STATE-22" and "'Nobody'" in f.message for f in GAME.check_state(state))


def test_ed_state_23_chests_are_placed_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """ED-STATE-23: "Scoring 1. If you have collected Treasure Chests, you may now place them face-up on any tile in
    your Lair": a chest placed while the game goes on is found."""
    def early(state: EDState) -> None:
        state.players["Rhed"].chests.append(Chest("C1", "Sinistra", "b", on="S-Rhed"))
        state.players["Rhed"].chests_placed = True

    breaks(monkeypatch, "ED-STATE-23", open_turn(), early, "Rhed", "C1", "before the game is over")


def _bonfires_without_end(state: EDState) -> None:
    state.bonfires = ["E1", "E2", "G1", "G2"]
    state.draws.update({stack: state.stack_size[stack] - 3 for stack in state.bonfires})


#: the other ways each invariant is broken: (rule, the state, how it is broken, what the message says); with the
#: tests above, every error a check can give is reached
OTHER_BREAKS: list[tuple[str, Callable[[], EDState], Callable[[EDState], Any], str]] = [
    ("ED-STATE-7", end, lambda s: s.stack_size.update(E1=12), "stack E1 holds 12 tiles; with 2 players it holds 10"),
    ("ED-STATE-7", end, lambda s: s.players["Blakkar"].set_aside.append(
        _tile("X1", colour="J")), "a Lair Tile of stack J1"),
    ("ED-STATE-8", end, lambda s: s.players["Blakkar"].set_aside.extend(
        _tile(f"MX{n}", kind="MERCHANT") for n in range(23)), "the box has 22"),
    ("ED-STATE-8", end, lambda s: s.merchant_stacks.update(Dextra=-1), "Dextra's Merchant stack holds -1"),
    ("ED-STATE-10", end, lambda s: s.players["Whytera"].chests.append(Chest("C30", "Nowhere", "b")),
     "comes from 'Nowhere'"),
    ("ED-STATE-10", end, lambda s: s.players["Whytera"].chests.extend(Chest(f"C{n}", "", "b") for n in range(30, 36)),
     "the players hold 13 Treasure Chests; the box has 12"),
    ("ED-STATE-10", end, lambda s: s.chest_stacks.update(Dextra=7), "Dextra's Treasure Chest stack holds 7"),
    ("ED-STATE-13", end, lambda s: s.bonfires.extend(["F1", "F2", "E2", "G2"]), "9 Bonfires revealed; the box has 8"),
    ("ED-STATE-13", end, lambda s: s.bonfires.append("Q9"), "a Bonfire revealed from 'Q9'"),
    ("ED-STATE-14", open_turn, _bonfires_without_end, "4 Bonfires are revealed but the end is not triggered"),
    ("ED-STATE-14", open_turn, lambda s: (_bonfires_without_end(s), setattr(s, "end_trigger_turn", s.turn + 3)),
     "the end is triggered in a turn not yet played"),
    ("ED-STATE-15", open_turn, lambda s: setattr(s, "turn", -2), "turn -2: turns count from the first flight"),
    ("ED-STATE-15", open_turn, lambda s: setattr(s, "turn", -1), "a turn is open before anyone has flown"),
    ("ED-STATE-16", open_turn, lambda s: setattr(s, "royal", [("biggest", 6, 3)]), "Royal Challenge 'biggest'"),
    ("ED-STATE-17", open_turn, lambda s: s.pieces.swarms.pop("Rhed"), "Rhed's Dragon is not on the route"),
    ("ED-STATE-17", open_turn, lambda s: s.pieces.swarms.update(Rhed=[]), "Rhed's Swarm is not headed by its Dragon"),
    ("ED-STATE-21", open_turn, lambda s: s.trolls.update(ZZ=0), "a Troll on path 'ZZ'"),
]


@pytest.mark.parametrize("rule,base,mutate,said", OTHER_BREAKS, ids=[f"{r[0]}-{n}" for n, r in enumerate(OTHER_BREAKS)])
def test_each_other_way_an_invariant_breaks_is_found(rule: str, base: Callable[[], EDState],
                                                     mutate: Callable[[EDState], Any], said: str) -> None:
    """ED-STATE-7, ED-STATE-8, ED-STATE-10, ED-STATE-13 to ED-STATE-17, ED-STATE-21: the other ways each is broken
    (the box's sizes, the supplies' ranges, the turn pointer, a piece missing), each found under its rule."""
    state = base()
    assert GAME.check_state(state) == []
    mutate(state)
    assert any(f.rule == rule and said in f.message for f in GAME.check_state(state)), GAME.check_state(state)


def test_every_state_rule_has_its_rulebook_sentence_and_summary() -> None:
    """ED-STATE-1 to ED-STATE-23: each check has its rule ID, the rulebook sentence it rests on, and a summary in
    the game's rule table (``scorekeeper rules ed``); the docs list each with its sentence."""
    ids = [f"ED-STATE-{n}" for n in range(1, 24)]
    assert list(state_check.CHECKS) == ids and list(state_check.RULEBOOK) == ids
    assert all(rule in SUMMARIES for rule in ids)
    docs = (ROOT / "docs" / "eight-dragons.md").read_text(encoding="utf-8")
    assert all(f"| {rule} |" in docs for rule in ids)


# -- not over-strict ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", LEGAL)
def test_every_state_of_a_legal_sample_finds_nothing(name: str) -> None:
    """Each legal sample (recorded by ``tools/eight_dragons/`` from its planned game): the setup and the state
    after every event find nothing."""
    for event, state, _ in states(name):
        assert GAME.check_state(state) == [], (name, event)


def test_the_disputed_sample_finds_only_what_its_forced_plays_left() -> None:
    """The disputed sample finds nothing until its first forced play; after it, only what the plays the table
    insisted on left: the tile forced against the walls (ED-LAIR-3 → ED-STATE-3, until a later tile meets it)
    and the Merchant Tile bought without the Gold (ED-LOC-MERCHANT-1 → ED-STATE-20)."""
    seen: set[str] = set()
    for event, state, forced in states("disputed"):
        found = rules(state)
        if not forced:
            assert found == [], event
        seen.update(found)
    assert seen == {"ED-STATE-3", "ED-STATE-20"}


#: other games for the sample planner: players, settings, seed (not the samples' seeds)
PLANNED = [(["Ann", "Bo"], ["royal=smallest:6:3,artifacts:5:2,gold:8:4,wall:7:3"], 101),
           (["Ann", "Bo", "Cy"], ["bonfires=3"], 202),
           (["Ann", "Bo", "Cy", "Di"], ["mission.replace_rule=none", "first=Cy"], 303)]


@pytest.mark.parametrize("players,sets,seed", PLANNED, ids=lambda v: str(v) if isinstance(v, int) else None)
def test_other_generated_games_find_nothing(players: list[str], sets: list[str], seed: int) -> None:
    """Games the sample planner of ``tools/eight_dragons/plan.py`` plays with other seeds and settings than the
    samples', each play judged by the engine: the state after every play finds nothing."""
    from tools.eight_dragons.plan import Planner

    class Checked(Planner):
        def emit(self, *args: Any, **kwargs: Any) -> bool:
            done = super().emit(*args, **kwargs)
            assert GAME.check_state(self.state) == [], self.lines[-1]
            return done

    planner = Checked(players, sets, True, seed)
    planner.play()
    assert planner.state.over and len(planner.lines) > 100


def test_the_tallies_the_tests_build_find_nothing() -> None:
    """The bundled tally (``sample_sessions/inputs/eight-dragons-tally.json``) and the tally of every legal sample
    at every tenth event and at its end (``export --to tally``) read back into a state that finds nothing. (The
    ``TALLY`` play itself runs ``check_state``, so every tally the tests of ``tests/tally/`` build is judged by
    it too, and they pass.)"""
    from scorekeeper.app.session import Session
    from scorekeeper.app.tally import parse_tally, read_tally, tally_data, tally_session

    typed = read_tally(ROOT / "sample_sessions" / "inputs" / "eight-dragons-tally.json")
    assert GAME.check_state(tally_session(typed, None, "typed").state) == []
    for name in LEGAL:
        sample = Session.open(SAMPLES / f"{name}.json")
        count = len(sample.events)
        for at in [*range(10, count, 10), None]:
            data = {**tally_data(sample, at), "reason": "tally"}
            tallied = tally_session(parse_tally(data, name), None, name)
            assert GAME.check_state(tallied.state) == [], (name, at)
