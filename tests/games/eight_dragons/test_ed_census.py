"""Every 8 Dragons error site reached (issue 13): each case makes the game refuse with the rule it names, and
asserts the refusal and what it says. The cases are played on small tables: without a board description, on the
checklist's test board FX, or with Aurea (who is no player) naming a player's play."""

from __future__ import annotations

import copy
from typing import Any, Callable

import pytest

from scorekeeper.core.protocol import Findings, Stop
from scorekeeper.games.eight_dragons import GAME
from scorekeeper.games.eight_dragons.state import Chest

from ed_support import Table, fx_board, make_config, start_all

MISSION = [{"tile": "SM/OOOOOO/market:b", "at": "0,-1", "rot": 0}]


def fresh() -> Table:
    """Three players, no board description, nothing recorded."""
    return Table(make_config(("A", "B", "C")))


def flown() -> Table:
    """Three players without a board; every Lair started; A has flown 1 space."""
    t = fresh()
    start_all(t)
    t.play("FLY", "A", spaces=1)
    return t


def drained() -> Table:
    """``flown``, with every Lair stack empty but one E2 tile."""
    t = flown()
    for stack, size in t.state.stack_size.items():
        t.state.draws[stack] = size - (1 if stack == "E2" else 0)
    t.state.bonfires = list(t.state.stack_size)  # shown (else ED-BONFIRE-1 asks for them first)
    return t


def one_free_slot() -> Table:
    """``flown``, with one of Dextra's two Merchant slots empty."""
    t = flown()
    t.state.merchant_slots["Dextra"] = 1
    return t


def on_board(locations: dict[str, str] | None = None) -> Table:
    """Three players on board FX, A's Dragon on N6 (the last space before the Valley), nobody has flown."""
    t = Table(make_config(("A", "B", "C"), fx_board(locations or {"S1": "gather"})))
    start_all(t)
    t.play("POSITIONS", swarms={"A": {"at": "N6", "members": []}}, rock=[],
           lairs={"A": ["A.w1", "A.w2"], "B": ["B.w1", "B.w2"], "C": ["C.w1", "C.w2", "Aureus"]})
    return t


def board(locations: dict[str, str] | None = None) -> Callable[[], Table]:
    """``on_board``, then A flies from N6 to S1 (through the Valley) and is to activate there."""
    def build() -> Table:
        t = on_board(locations)
        t.play("FLY", "A", to="S1", valley="Sinistra")
        return t
    return build


def no_snow_line() -> Table:
    """``on_board`` on a board FX described without North spaces (``new`` accepts it): no flight ever crosses
    the Snow Line, so nothing but the simulation's step budget bounds a flight's length."""
    fx = fx_board({"S1": "gather"})
    for kingdom in fx["kingdoms"].values():
        kingdom["north"] = []
    t = Table(make_config(("A", "B", "C"), fx))
    start_all(t)
    t.play("POSITIONS", swarms={"A": {"at": "N6", "members": []}}, rock=[],
           lairs={"A": ["A.w1", "A.w2"], "B": ["B.w1", "B.w2"], "C": ["C.w1", "C.w2", "Aureus"]})
    return t


def ordered() -> Table:
    """Board FX: A's Swarm (A, B.w1, C.w1) flies from N6 to S3, a Troll; A activates first."""
    t = Table(make_config(("A", "B", "C"), fx_board({"S1": "gather", "S2": "gather", "S3": "troll:T:A"},
                                                    {"T": [1, 2, 3]})))
    start_all(t)
    t.play("POSITIONS", swarms={"A": {"at": "N6", "members": ["B.w1", "C.w1"], "trail": ["N5", "N4"]}}, rock=[],
           lairs={"A": ["A.w1", "A.w2"], "B": ["B.w2"], "C": ["C.w2", "Aureus"]})
    t.play("FLY", "A", to="S3", valley="Sinistra")
    return t


def activated() -> Table:
    """``board()`` after A's only activation."""
    t = board()()
    t.play("GATHER", "A", tile="E1")
    return t


def over() -> Table:
    """A game whose end has come (the state says so); A holds Treasure Chest C1."""
    t = flown()
    t.state.over = True
    t.state.players["A"].chests = [Chest("C1", "Sinistra")]
    return t


def placed() -> Table:
    """``over``, once A's chests are recorded."""
    t = over()
    t.play("CHESTS", "A", chests=[{"id": "C1", "artifacts": "c", "on": "S-A"}])
    return t


def revealed() -> Table:
    """``fresh``, once stack E1's Bonfire is revealed."""
    t = fresh()
    t.play("BONFIRE", stack="E1", force=True)  # early: ED-BONFIRE-3 refuses it unless the table confirms
    return t


def holding() -> Table:
    """``flown``; A's village gave X, a Level-1 tile whose face is not known yet."""
    t = flown()
    t.play("VILLAGE", "A", tiles=["X=E1"], folk="E", villagers=1)
    return t


CASES: list[tuple[str, Callable[[], Table], str, str | None, dict[str, Any], str]] = [
    ("ED-ACT-2", fresh, "GATHER", "A", {"tile": "E1"}, "nobody has flown this turn"),
    ("ED-ACT-2", flown, "GATHER", "A", {"tile": "E1", "piece": "B"}, "B did not move this turn"),
    ("ED-ACT-2", activated, "GATHER", "A", {"tile": "E1"}, "every piece that moved this turn has already activated"),
    ("ED-ACT-2", activated, "GATHER", "A", {"tile": "E1", "piece": "A"}, "A has already activated this turn"),
    ("ED-ACT-5", flown, "GATHER", None, {"tile": "E1"}, "say who benefits from this activation"),
    ("ED-ACT-4", ordered, "GATHER", "C", {"tile": "E1", "piece": "C.w1"}, "activates before C.w1"),
    ("ED-ACT-1", ordered, "SUMMON", "A", {"wyrmling": "A.w1"}, "must activate that Location ('ed troll')"),
    ("ED-LOC-VILLAGE-5", flown, "VILLAGE", "A", {"tiles": ["E1"], "folk": "E", "villagers": 0},
     "this village has no villagers"),
    ("ED-LOC-VILLAGE-1", flown, "VILLAGE", "A", {"tiles": ["X=M/OOOOOO"], "folk": "E", "villagers": 2},
     "villagers give Lair Tiles"),
    ("ED-LOC-VILLAGE-3", drained, "VILLAGE", "A", {"tiles": [], "folk": "E", "villagers": 4},
     "one costing 2 is still available: take the fullest bundle"),
    ("ED-LOC-GROW-1", flown, "GROW", "A", {"folk": "X"}, "say which Folk's villager is added"),
    ("ED-LOC-GROW-1", board({"S1": "grow", "S5": "village:E:2"}), "GROW", "A", {"folk": "E"},
     "say which village grows (--village SPACE); Elves villages with room: S5"),
    ("ED-LOC-GROW-1", board({"S1": "grow", "S5": "village:G:2"}), "GROW", "A", {"folk": "E", "village": "S5"},
     "S5 is a Gnomes village; an Elf villager goes to an Elves village"),  # field report ED-V6: grammar
    ("ED-LOC-GROW-3", board({"S1": "grow", "S5": "village:E:2"}), "NONE", "A", {"reason": "full"},
     "a village can still grow (S5)"),
    ("ED-LOC-GATHER-1", flown, "GATHER", "A", {"tile": "Q9"}, "Q9"),
    ("ED-LOC-TROLL-1", flown, "TROLL", "A", {}, "say how much Gold the Troll path gave (--gold N)"),
    ("ED-LOC-MERCHANT-1", flown, "MERCHANT", "A", {"kingdom": "north"}, "'north' is not a kingdom"),
    ("ED-LOC-MERCHANT-1", flown, "MERCHANT", "A", {}, "say in which kingdom the Merchant is"),
    ("ED-LOC-MERCHANT-3", one_free_slot, "MERCHANT", "A", {"kingdom": "Sinistra", "discard": "L1"},
     "Dextra has a free slot: no face-up tile goes under the stack"),
    ("ED-LOC-MERCHANT-3", flown, "MERCHANT", "A", {"kingdom": "Sinistra", "discard": "L1", "reveal": "L9"}, "L9"),
    ("ED-SETUP-9", fresh, "MARKET", None, {"kingdom": "north", "tiles": ["L1=M/OOOOOO"]}, "'north' is not a kingdom"),
    ("ED-ACT-9", flown, "NONE", "A", {"location": "moon"}, "unknown Location 'moon'"),
    ("ED-SCORE-1", over, "CHESTS", "Aurea", {"chests": []}, "say whose chests these are"),
    ("ED-SCORE-1", over, "CHESTS", "A", {"chests": [{"id": "C9", "artifacts": "c"}]}, "A holds no chest 'C9'"),
    ("ED-SCORE-1", placed, "CHESTS", "A", {"chests": []}, "A's chests are already recorded"),
    ("ED-SCORE-1", over, "CHESTS", "A", {"chests": [{"id": "C1", "artifacts": "c"}, {"id": "C1", "artifacts": "o"}]},
     "chest C1 is listed twice"),
    ("ED-SCORE-1", over, "CHESTS", "A", {"chests": [{"id": "C1", "artifacts": "x"}]},
     "chest C1: Artifacts are b, g, o, c"),
    ("ED-SCORE-1", over, "CHESTS", "A", {"chests": [{"id": "C1", "artifacts": "", "on": "S-A"}]},
     "chest C1 is placed: say its Artifact (e.g. C1=c@S-A)"),
    ("ED-GOLD-1", flown, "GOLD", "Aurea", {"amount": 1}, "say whose Gold is corrected"),
    ("ED-GOLD-1", flown, "GOLD", "A", {"amount": 0}, "give a non-zero whole amount"),
    ("ED-LAIR-1", flown, "PLACE", "Aurea", {"tiles": [{"tile": "X", "at": "1,0"}]}, "say whose Lair this is"),
    ("ED-SETUP-12", fresh, "PLACE", "A", {"tiles": [{"tile": "X", "at": "1,0"}]}, "record A's Starting Tile"),
    ("ED-ACT-8", board(), "PLACE", "A", {"tiles": [{"tile": "X", "at": "1,0"}]},
     "tiles are placed only after every activation of the turn"),
    ("ED-MISSION-2", flown, "REPLACE", "Aurea", {"remove": "M1-A", "tile": "X", "under": "Sinistra"},
     "say whose Lair this is"),
    ("ED-MISSION-2", flown, "REPLACE", "A", {"remove": "S-A", "tile": "X", "under": "Sinistra"},
     "'S-A' is not a Mission tile in A's Lair (Missions: M1-A)"),
    ("ED-MISSION-2", flown, "REPLACE", "A", {"remove": "M1-A", "tile": "X", "under": "Sinistra"},
     "A holds no gained tile 'X'"),
    ("ED-LAIR-6", flown, "DISCARD", "Aurea", {"tile": "X"}, "say whose tile this is"),
    ("ED-ACT-8", board(), "DISCARD", "A", {"tile": "X"}, "a tile is set aside only after every activation"),
    ("ED-LAIR-6", flown, "DISCARD", "A", {"tile": "X"}, "A holds no gained tile 'X'"),
    ("ED-LAIR-5", holding, "DISCARD", "A", {"tile": "X", "face": "E1/OOO"}, "OOO"),
    ("ED-MISSION-2", holding, "REPLACE", "A", {"remove": "M1-A", "tile": "X", "face": "E1/OOOOOO", "under": "Dextra"},
     "X shows no Mission: place it normally"),
    ("ED-ACT-9", flown, "NONE", "A", {"location": "village"}, "say the village's Folk (--folk) and villagers"),
    ("ED-SETUP-12", fresh, "START", "Aurea", {"tile": "S/OOOOOO", "missions": MISSION}, "say whose Starting Tile"),
    ("ED-SETUP-12", fresh, "START", "A", {"tile": "E1/OOOOOO", "missions": MISSION},
     "the Starting Tile must be written S…/EDGES"),
    ("ED-SETUP-13", fresh, "START", "A", {"tile": "S/OOOOOO", "missions": [{"tile": "E1/OOOOOO", "at": "0,-1"}]},
     "must be a Starting Mission written SM/EDGES/market:…"),
    ("ED-END-4", over, "FLY", "B", {"spaces": 1}, "the final round is over"),
    ("ED-FLY-6", flown, "FLY", "B", {"spaces": 1, "valley": "north"}, "'north' is not a kingdom"),
    ("ED-SWARM-4", flown, "FLY", "B", {"spaces": 1, "joins": ["B=B.w1"]}, "joins first: C.w2, not B.w1"),
    ("ED-FLY-3", flown, "FLY", "B", {"spaces": 0}, "you must fly at least 1 space forward"),
    ("ED-PUSH-1", flown, "FLY", "B", {"spaces": 1, "pushed": ["Zed"]}, "'Zed' is not a Dragon in this game"),
    ("ED-FLY-3", on_board, "FLY", "A", {"to": "Q7"}, "'Q7' is not a space of the board"),
    ("ED-FLY-3", on_board, "FLY", "A", {"to": "N6"}, "you must fly at least 1 space forward"),
    ("ED-FLY-3", on_board, "FLY", "A", {"spaces": -1}, "you must fly at least 1 space forward"),
    ("ED-FLY-6", on_board, "FLY", "A", {"to": "D2", "valley": "Sinistra"},
     "D2 lies in Dextra, but the Valley way chosen is Sinistra"),
    ("ED-FLY-3", no_snow_line, "FLY", "A", {"spaces": 1000, "valley": "Sinistra"}, "this flight does not end"),
    ("ED-SWARM-1", fresh, "POSITIONS", None, {"swarms": {"Zed": {"members": []}}}, "'Zed' is not a Dragon"),
    ("ED-SWARM-1", fresh, "POSITIONS", None, {"swarms": {"A": {"members": ["Z.w1"]}}}, "'Z.w1' is not a Wyrmling"),
    ("ED-SWARM-1", fresh, "POSITIONS", None, {"rock": ["Z.w9"]}, "'Z.w9' is not a Wyrmling"),
    ("ED-FLY-9", fresh, "POSITIONS", None, {"rock": ["A.w1", "A.w1"]}, "a piece is listed twice"),
    ("ED-FLY-9", board(), "POSITIONS", None, {"swarms": {"B": {"members": []}}}, "say on which space B stands"),
    ("ED-FLY-9", board(), "POSITIONS", None, {"swarms": {"B": {"at": "S3", "members": ["B.w1"]}}},
     "give the space of each Wyrmling in B's Swarm"),
    ("ED-FLY-9", board(), "POSITIONS", None, {"swarms": {"B": {"at": "S3", "members": ["B.w1"], "trail": ["Q1"]}}},
     "B's trail names a space that is not on the board"),
    ("ED-BONFIRE-1", fresh, "BONFIRE", None, {"stack": "Q1"}, "'Q1' is not a Lair stack"),
    ("ED-BONFIRE-1", revealed, "BONFIRE", None, {"stack": "E1"}, "stack E1's Bonfire was already revealed"),
]


@pytest.mark.parametrize("rule,build,type_,player,payload,says", CASES,
                         ids=[f"{c[0]}-{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_each_error_site_refuses_with_its_rule(rule, build, type_, player, payload, says):
    """The play is refused, its first error citing the rule named, with the message shown."""
    refused = build().refused(rule, type_, player, **payload)
    assert says in refused.message


@pytest.mark.parametrize("rule,build,type_,player,payload,says", CASES,
                         ids=[f"{c[0]}-{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_a_forced_play_is_carried_out_or_stopped_never_crashes(rule, build, type_, player, payload, says):
    """Each refused play of the census, forced: the game carries it out or stops it (the play cannot be carried
    out), and its code never fails on the broken precondition."""
    t = build()
    found = Findings(forced=True)
    try:
        GAME.play(copy.deepcopy(t.state), t.event(type_, player, payload, forced=True), found)
    except Stop:
        pass
    assert rule in [f.rule for f in found.items if f.is_error]


def holding_x_walled() -> Table:
    """``flown``; A's village gave X=E1/OWWWWW, which has no open edge against an open edge at 1,0 turned 3."""
    t = fresh()
    t.play("START", "A", tile="SG/WOOOWW", missions=[{"tile": "SM/WWWWOW/market:b", "at": "1,-1", "rot": 0}])
    start_all_but(t, "A")
    t.play("FLY", "A", spaces=1)
    t.play("VILLAGE", "A", tiles=["X=E1/OWWWWW"], folk="E", villagers=1)
    return t


def start_all_but(t: Table, name: str) -> None:
    for other in t.config.players:
        if other != name:
            t.play("START", other, tile="S/OOOOOO", missions=MISSION)


CARRIED: list[tuple[str, Callable[[], Table], str, str | None, dict[str, Any], Callable[[Any], bool]]] = [
    ("ED-FLY-1", flown, "FLY", "C", {"spaces": 2}, lambda s: s.active == "C" and s.next_player == "A"),
    ("ED-LOC-VILLAGE-1", flown, "VILLAGE", "A", {"tiles": ["E1", "E1", "E1"], "folk": "E", "villagers": 1},
     lambda s: len(s.players["A"].pending) == 3 and s.draws["E1"] == 3),
    ("ED-LAIR-3", holding_x_walled, "PLACE", "A", {"tiles": [{"tile": "X", "at": "1,0", "rot": 3}]},
     lambda s: s.players["A"].lair.cells[(1, 0)].rotation == 3 and not s.players["A"].pending),
    ("ED-LOC-MERCHANT-1", flown, "MERCHANT", "A", {"kingdom": "Sinistra", "buy": "L1=M/OOOOOO", "discard": "L0"},
     lambda s: s.players["A"].gold == -5 and s.players["A"].pending[0].name == "L1"),
    ("ED-ACT-1", board(), "TROLL", "A", {}, lambda s: s.activated == ["A"] and s.players["A"].gold == 0),
    ("ED-ACT-2", flown, "GATHER", "A", {"tile": "E1", "piece": "B"}, lambda s: "B" in s.activated),
    ("ED-SETUP-14", fresh, "START", "A", {"tile": "S/OOOOOO", "missions": [{"tile": "SM/OWWWWW/market:b", "at": "0,-1",
                                                                            "rot": 0}]},
     lambda s: s.players["A"].started),
    ("ED-GOLD-1", flown, "GOLD", "A", {"amount": -2}, lambda s: s.players["A"].gold == -2),
    ("ED-SETUP-13", fresh, "START", "A", {"tile": "S/OOOOOO", "missions": [
        {"tile": "SM/OOOOOO/market:b", "at": "0,-1"}, {"tile": "SM/OOOOOO/market:g", "at": "1,-1"}]},
     lambda s: len(s.players["A"].missions) == 2),
]


@pytest.mark.parametrize("rule,build,type_,player,payload,done", CARRIED,
                         ids=[f"{c[0]}-{c[2]}" for c in CARRIED])
def test_a_forced_rule_break_is_carried_out(rule, build, type_, player, payload, done):
    """A play the table insists on that breaks a rule it can still carry out (out of turn, over the village's
    budget, walls against each other, without the Gold, at the wrong Location…): refused under that rule, and
    forced, carried out as the table did it."""
    t = build()
    assert rule in [f.rule for f in t.check(type_, player, **payload) if f.is_error]
    found = Findings(forced=True)
    state = GAME.play(copy.deepcopy(t.state), t.event(type_, player, payload, forced=True), found)
    assert rule in [f.rule for f in found.items if f.is_error] and done(state)


def test_a_wyrmling_left_nowhere_is_asked_for():
    """UX-12 remainder (field report; ED-SWARM-1): positions that leave Wyrmlings nowhere ask where they are (an
    ask: the play is incomplete, a prompt rather than a refusal), naming each of them."""
    [asked] = fresh().judge("POSITIONS", None, rock=[])
    assert asked.rule == "ED-SWARM-1" and asked.asks
    assert asked.message == "say where A.w2, Aureus, B.w2, C.w2 are (a Swarm, a Lair or the Rock)"
