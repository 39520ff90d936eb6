"""The plays the game accepts now, each with the legal values of its words (``expect``'s choices), as strings.

A door that offers plays by choices (the phone) makes a control per word of a play (``events.EVENTS``' words) and
offers the values a ``Choice`` lists; a play whose values depend on another word is one choice per such word
(a flight: one per destination, with the ways the Dragons it pushes through the Valley may take; a Grow: one per
Folk, with that Folk's villages, field report ED-F2). Tiles to place are offered as the table types them
(``T3@1,-1r2``), only those that fit now; a tile drawn is typed with its face unless the catalog lists the box's
tiles (``box``): then each face of a stack it may come from that the game has not seen yet is offered, as the table
types it (``O2/WOWWOO/2o,1``, named by the game as a typed one is), beside the stack alone (a face-down draw).
"""

from __future__ import annotations

from itertools import product
from typing import Sequence

from scorekeeper.core.protocol import Choice

from .board import KINGDOMS, other_kingdom
from .box import faces_left
from .context import beneficiary_of, space_label, space_of, still_to_activate
from .flight import FlightError, simulate
from .hexgrid import format_cell, neighbours
from .rules_lair import MISSION_LIMIT
from .rules_locations import COMMAND_OF, EVENT_LOCATION, grow_targets, stacks_left, summon_eligible
from .rules_turn import close_problems, predicted_bonfires
from .state import EDState
from .tiles import ARTIFACTS, FOLKS

#: the notation of a start, shown beside its beginnings when Tab offers them (the 2026-12-06 field report)
START_WORDS = {"S/": "the Starting Tile: S[FOLK]/6 edges, O open, W wall", "S/OOOOOO": "every edge open",
               "SM/": "a Starting Mission: SM[FOLK]/EDGES/SYMBOLS@Q,R",
               "SM/OOOOWW/market:b": "for example (a market for b), then its cell: @0,-1"}
#: Location type → the event type that activates it
EVENT_OF = {loc: event for event, loc in EVENT_LOCATION.items()}
#: a rotation as the table says it (0-5 clockwise turns)
TURNS = [str(n) for n in range(6)]
#: the refusals of a flight that no way through the Valley changes: the space, the distance, the Snow Line, the
#: active Dragon's own way (only the active Dragon's path counts, ED-FLY-4)
WAYLESS = frozenset({"ED-FLY-3", "ED-FLY-4", "ED-FLY-6"})
#: without a board, what the table says of the Location an activation was: its kingdom, its Folk, its type
WITHOUT_BOARD: dict[str, dict[str, list[str]]] = {
    "VILLAGE": {"folk": list(FOLKS)}, "GROW": {"folk": list(FOLKS)}, "SHRINE": {"kingdom": list(KINGDOMS)},
    "CHEST": {"kingdom": list(KINGDOMS)}, "MERCHANT": {"kingdom": list(KINGDOMS)},
    "NONE": {"location": [loc for loc in EVENT_LOCATION.values() if loc != "none"], "folk": list(FOLKS)},
}


def choices(state: EDState) -> list[Choice]:
    """The plays the game accepts now: an uncovered Bonfire alone until it is recorded (ED-BONFIRE-1)."""
    due = [] if state.over else predicted_bonfires(state)
    if due:
        return [Choice("BONFIRE", None, {"stack": due}, f"ed bonfire {due[0]}")]
    if state.over:
        return [_chests(state, n) for n in state.order if state.players[n].chests and not state.players[n].chests_placed]
    if state.turn < 0:
        missing = [n for n in state.order if not state.players[n].started]
        if missing:  # the faces are typed; the Starting Tile may lie in any of its turns
            starts = _starts(state)
            return [Choice("START", n, {"rot": TURNS, **starts}, f"ed start {n} S/OOOOOO SM/OOOOOO/market:b@0,-1",
                           START_WORDS) for n in missing]
        return flights(state)
    found: list[Choice] = []
    if state.queue:
        found.extend(_activation_choices(state, [state.queue[0]]))
    else:
        found.extend(_activation_choices(state, still_to_activate(state)))
    for name in state.order:
        player = state.players[name]
        if not player.pending or (state.board is not None and state.queue):
            continue
        fitting = placements(state, name)
        found.append(Choice("PLACE", name, {"tiles": fitting},
                            f"ed place {fitting[0] if fitting else player.pending[0].name + '@0,1'}"))
        found.extend(_replacements(state, name))
        stuck = [t.name for t in player.pending if t.edges is not None and not player.lair.placeable_anywhere(t)]
        if stuck:
            found.append(Choice("DISCARD", name, {"tile": stuck}, f"ed discard {stuck[0]}"))
    if not state.closed and not close_problems(state):
        found.append(Choice("DONE", state.active, {}, "ed done"))
        if state.last_turn is None or state.turn < state.last_turn:
            found.extend(flights(state))
    return found


def _starts(state: EDState) -> dict[str, list[str]]:
    """With the box's Starting Tiles and Missions listed: the Starting Tiles not seen yet, and each Starting
    Mission not seen yet on each cell beside the Starting Tile in each turn (``SM/OWOOWO/market:o@1,0r2``)."""
    found: dict[str, list[str]] = {}
    if state.box and "start" in state.box:
        found["tile"] = faces_left(state.box, "start", state.seen)
    if state.box and "missions" in state.box:
        cells = [format_cell(cell) for _, cell in neighbours((0, 0))]
        found["missions"] = [f"{face}@{cell}r{turn}" for face in faces_left(state.box, "missions", state.seen)
                             for cell in cells for turn in TURNS]
    return found


# -- flights ------------------------------------------------------------------------------------------------


def flights(state: EDState) -> list[Choice]:
    """ED-FLY-1: the next Dragon's flights, one choice per space it can land on (its Location beside it when Tab
    lists them, field report ED-F1), with the ways each Dragon it pushes through the Valley may take (ED-PUSH-4,
    ED-2P-6); without a board, one choice: the spaces flown are typed, the Valley way and the Dragons pushed
    picked."""
    who = state.next_player
    if state.board is None:
        return [Choice("FLY", who, {"valley": list(KINGDOMS), "pushed": [d for d in state.pieces.swarms if d != who]},
                       "ed fly -n 3")]
    legal = legal_flights(state)
    example = f"ed fly {next(iter(legal))}" if legal else "ed fly SPACE"
    if not legal:
        return [Choice("FLY", who, {"to": []}, example)]
    return [Choice("FLY", who, {"to": [space], "pushes": ways} if ways else {"to": [space]}, example,
                   words={space: space_label(state, space)}) for space, ways in legal.items()]


def legal_flights(state: EDState) -> dict[str, list[str]]:
    """Each space the next Dragon can land on → the ways (``DRAGON=KINGDOM``) a Dragon it pushes through the Valley
    of the Winds may take in some legal flight there (none: no pushed Dragon passes the Valley)."""
    board = state.board
    assert board is not None
    who = state.next_player
    others = [d for d in state.pieces.swarms if d != who]
    found: dict[str, list[str]] = {}
    for space in board.spaces():
        passing: dict[str, None] = {}
        failed: list[str] = []
        for way in KINGDOMS:  # every other Dragon one way: which of them pass the Valley
            try:
                result = simulate(board, state.pieces, who, space, pushes={d: way for d in others})
            except FlightError as exc:
                failed.append(exc.rule)
                continue
            passing.update((d, None) for d, _ in result.valley if d != who)
        if len(failed) == len(KINGDOMS):  # refused both ways: a mix of ways may still do (ED-2P-6)
            if len(others) < 2 or set(failed) <= WAYLESS or not _mixed_ways_legal(state, space, others):
                continue
            passing = dict.fromkeys(others)
        found[space] = _ways(state, space, others, list(passing)) if passing else []
    return found


def _mixed_ways_legal(state: EDState, space: str, others: list[str]) -> bool:
    """Whether some mix of ways for the other Dragons (not all one way) makes the flight to ``space`` legal."""
    return any(_flies(state, space, dict(zip(others, ways))) for ways in product(KINGDOMS, repeat=len(others)))


def _flies(state: EDState, space: str, pushes: dict[str, str]) -> bool:
    """Whether the next Dragon may fly to ``space`` with the other Dragons pushed through the Valley so."""
    try:
        assert state.board is not None
        simulate(state.board, state.pieces, state.next_player, space, pushes=pushes)
    except FlightError:
        return False
    return True


def _ways(state: EDState, space: str, others: list[str], passing: list[str]) -> list[str]:
    """The ``DRAGON=KINGDOM`` ways of the Dragons ``passing`` the Valley, each in some legal flight to ``space``."""
    assert state.board is not None
    ways: dict[str, None] = {}
    for mix in product(KINGDOMS, repeat=len(passing)):
        pushes = {**{d: KINGDOMS[0] for d in others}, **dict(zip(passing, mix))}
        try:
            result = simulate(state.board, state.pieces, state.next_player, space, pushes=pushes)
        except FlightError:
            continue
        ways.update((f"{d}={k}", None) for d, k in result.valley if d != state.next_player)
    return sorted(ways, key=lambda w: (others.index(w.partition("=")[0]) if w.partition("=")[0] in others else 99,
                                       KINGDOMS.index(w.partition("=")[2])))


# -- tiles ----------------------------------------------------------------------------------------------------


def village_cost(stack: str, folk: str) -> int:
    """ED-LOC-VILLAGE-1: the villagers one tile of ``stack`` (E1, G2…) costs at a village of ``folk``."""
    return (1 if stack.endswith("1") else 2) * (1 if stack.startswith(folk) else 2)


def placements(state: EDState, name: str) -> list[str]:
    """ED-LAIR-2, ED-LAIR-6, ED-MISSION-1: every placement ``name``'s Lair takes now, as typed (``T3@1,-1r2``):
    each waiting tile on each cell where it fits, in each rotation that fits there (a tile whose face is unknown:
    on each open cell, its rotation left to the table); a Mission tile only while the Lair holds fewer than 5."""
    player = state.players[name]
    cells = [cell for cell, _ in player.lair.open_places()]
    full = len(player.missions) >= MISSION_LIMIT
    found: list[str] = []
    for tile in player.pending:
        if full and tile.mission is not None:  # ED-MISSION-1: replaced instead ('ed replace')
            continue
        for cell in cells:
            turns = player.lair.legal_rotations(tile, cell) if tile.edges is not None else [None]
            found += [f"{tile.name}@{format_cell(cell)}" + ("" if rot is None else f"r{rot}") for rot in turns]
    return found


def _replacements(state: EDState, name: str) -> list[Choice]:
    """ED-MISSION-2, ED-MISSION-3: with 5 Missions in the Lair, each waiting Mission tile may replace one of them,
    in the turns that fit its cell once the old one is out; the old one goes under either Merchant stack."""
    player = state.players[name]
    if len(player.missions) < MISSION_LIMIT:
        return []
    found = []
    enforce = state.settings.get("mission.replace_rule", "enforce") == "enforce"
    for tile in (t for t in player.pending if t.mission is not None and t.edges is not None):
        for old in player.missions:
            cell = player.lair.cell_of(old.name)
            if cell is None:
                continue
            lair = player.lair.copy()
            lair.remove(cell)
            turns = [str(r) for r in lair.legal_rotations(tile, cell)] if enforce else TURNS
            if turns:
                found.append(Choice("REPLACE", name, {"remove": [old.name], "tile": [tile.name], "rot": turns,
                                                      "under": list(KINGDOMS)},
                                    f"ed replace {old.name} {tile.name} -r {turns[0]} --under {KINGDOMS[0]}"))
    return found


def drawable(state: EDState, piece: str, word: str) -> list[str]:
    """The stacks a draw may come from now (for the shell's completion and a box's faces): at a village only
    those whose one tile its villagers can pay for (ED-LOC-VILLAGE-1), at Gathering the Level-1 stacks."""
    left = stacks_left(state)
    if word == "tile":  # ED-LOC-GATHER-1
        return [s for s, n in left.items() if n > 0 and s.endswith("1")]
    folk, villagers = state.villages[space_of(state, piece)]
    return [s for s, n in left.items() if n > 0 and village_cost(s, folk) <= int(villagers)]


# -- activations and the end -------------------------------------------------------------------------------------


def _activation_choices(state: EDState, pieces: Sequence[str]) -> list[Choice]:
    """The activation of the next piece (with a board: its Location's command and values), or without a board
    every activation command for the moved pieces still to activate."""
    if not pieces:
        return []
    first = pieces[0]
    who = beneficiary_of(state, first)
    if state.board is None:  # the table says the Location's kingdom, Folk… (its villagers and Gold are typed)
        return [Choice(event, who, {"piece": list(pieces), **WITHOUT_BOARD.get(event, {})}, f"ed {loc} --piece {first}")
                for event, loc in EVENT_LOCATION.items()]
    space = space_of(state, first)
    loc = state.board.location(space)
    event = EVENT_OF.get(loc.type, "NONE")
    example = f"ed {COMMAND_OF.get(loc.type, 'none')}"
    values: dict[str, list[str]] = {"piece": [first]}
    found: list[Choice] = []
    if loc.type == "grow":  # ED-LOC-GROW-1 (field report ED-F2): a villager goes to a village of its own Folk
        targets = grow_targets(state)
        for folk in sorted({str(state.villages[s][0]) for s in targets}):
            found.append(Choice(event, who, {**values, "folk": [folk],
                                             "village": [s for s in targets if state.villages[s][0] == folk]}, example))
    elif loc.type == "summon":
        found.append(Choice(event, who, {**values, "wyrmling": summon_eligible(state, first)}, example))
    elif loc.type == "merchant":  # a face-up tile known by name (MARKET); else its face is typed
        kingdom = state.board.kingdom[space]
        offer = {"buy": [t.name for t in state.merchant_offer[kingdom]],
                 "discard": [t.name for t in state.merchant_offer[other_kingdom(kingdom)]]}
        if state.box and "merchants" in state.box:
            offer["buy"] += faces_left(state.box, "merchants", state.seen)
        found.append(Choice(event, who, {**values, **{k: v for k, v in offer.items() if v}}, example))
    elif state.box and loc.type in ("village", "gather"):
        word = "tiles" if loc.type == "village" else "tile"
        stacks = drawable(state, first, word)
        faces = [f for s in stacks for f in faces_left(state.box, s, state.seen)]
        found.append(Choice(event, who, {**values, word: [*faces, *stacks]}, example))
    else:
        found.append(Choice(event, who, values, example))
    if event != "NONE":
        found.append(Choice("NONE", who, {"piece": [first]}, "ed none REASON"))
    return found


def _chests(state: EDState, name: str) -> Choice:
    """ED-SCORE-1: a player's chests at the end (field report ED-F2: that player's only), each kept with its
    Artifact (``C2=g``) or placed on a tile of the Lair (``C1=o@T23``)."""
    player = state.players[name]
    tiles = [placed.tile.name for placed in player.lair.cells.values()]
    items = [f"{c.id}={a}{at}" for c in player.chests for a in ARTIFACTS for at in ["", *(f"@{t}" for t in tiles)]]
    return Choice("CHESTS", name, {"chests": items, "who": [name]},
                  f"ed chests {name} {player.chests[0].id}=ARTIFACT@TILE")
