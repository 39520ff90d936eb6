"""An 8 Dragons table judged as a whole, like a chess position: every invariant the rulebook and the box imply
(``Game.check_state``, rule IDs ``ED-STATE-n``).

Each check reads the state as it stands, never its history, and names the player and the thing. A state any
legal sequence of plays reaches finds nothing (``tests/games/eight_dragons/test_ed_state.py`` replays every
sample, event by event, and every tally the tests build); a tally, an adjust or a forced play can leave one
the table could never show. What the state does not keep cannot be judged: a Lair holds one tile per cell by
construction (a tally that types a cell twice is refused when it is read, ``tally.py``), the Gold supply is
unlimited, and the board's supplies a tally leaves at their setup values say nothing of what the
players took from them, so a check compares what the players hold with the box, not with those supplies.

``RULEBOOK`` holds, for each rule ID, the rulebook's sentence it rests on (also in ``docs/eight-dragons.md``).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable, Iterator

from scorekeeper.core.findings import Finding, error

from .board import KINGDOMS
from .hexgrid import Cell, format_cell, neighbour
from .lair import Lair
from .pieces import AUREA, AUREUS, is_wyrmling, owner
from .settings import ROYAL_METRICS
from .state import EDState, PlayerState
from .tiles import ARTIFACTS, FOLKS, LAIR1, LAIR2, MERCHANT, START, START_MISSION, Tile

#: the box (rulebook, "Components")
LEVEL1_PER_FOLK, LEVEL2_PER_FOLK = 13, 10
MERCHANT_TILES, TREASURE_CHESTS, CHESTS_PER_STACK = 22, 12, 6
BONFIRE_TILES, VILLAGERS_PER_FOLK, VILLAGE_ROOM, MISSION_LIMIT = 8, 12, 4, 5
#: the Royal Challenges of each kingdom: "Dextra demands size and grandeur, while Sinistra honours modesty"
MODESTY, GRANDEUR = ("smallest", "artifacts"), ("gold", "wall")

#: rule ID → the rulebook's sentence it rests on
RULEBOOK: dict[str, str] = {
    "ED-STATE-1": "Take the matching Starting Tile … Place the Starting Tile in front of you, your Lair starts "
                  "here.",
    "ED-STATE-2": "Place each new tile so that at least one open edge is adjacent to an open edge of an already "
                  "placed tile – this creates a connected path",
    "ED-STATE-3": "A new tile is allowed if it is placed with at least one open edge adjacent to another open "
                  "edge; it is not allowed if a wall is placed adjacent to a wall with no open edge adjacent to "
                  "another open edge.",
    "ED-STATE-4": "When you place a tile that connects three open edges and completes a circle, a large Chamber "
                  "is formed.",
    "ED-STATE-5": "Your Lair may contain a maximum of 5 Missions.",
    "ED-STATE-6": "Randomly deal 1 Starting Mission to each player … 2-Player Game: Deal 2 Starting Missions per "
                  "player",
    "ED-STATE-7": "13 Level-1 Lair Tiles in each colour … 10 Level-2 Lair Tiles in each colour … Remove the "
                  "following number of tiles from each stack … 2-Player Game: 3 tiles | 3-Player Game: 2 tiles | "
                  "4-Player Game: 1 tile.",
    "ED-STATE-8": "22 Merchant Tiles … Then reveal 2 Merchant Tiles from each stack and place them in the slots.",
    "ED-STATE-9": "Placing tiles happens afterwards … during the \"Expand Lair\" phase (each tile lies in one "
                  "place: one cell of one Lair, waiting to be placed, set aside or on offer).",
    "ED-STATE-10": "12 Treasure Chests … form two face-down stacks of 6 Treasure Chests each, and place one stack "
                   "on each \"Treasure Chest\" location.",
    "ED-STATE-11": "If you have collected Treasure Chests, you may now place them face-up on any tile in your "
                   "Lair, one per tile.",
    "ED-STATE-12": "place them face-up on any tile in your Lair, one per tile.",
    "ED-STATE-13": "8 Bonfire Tiles … Place 1 Bonfire Tile at the 4th position from the bottom of each face-down "
                   "stack. … When a Bonfire Tile is revealed – as soon as the tile above it is drawn",
    "ED-STATE-14": "The end of the game is triggered as soon as the 4th Bonfire Tile is revealed. Complete the "
                   "current round … After that, everyone takes one final turn.",
    "ED-STATE-15": "Each turn consists of two phases: I. Fly & Activate Location Effects II. Expand Lair … If you "
                   "collected tiles at Locations, you must now place them in your Lair",
    "ED-STATE-16": "Setup: At the start of the game, draw 2 random Challenges from Sinistra and 2 from Dextra … "
                   "Dextra demands size and grandeur, while Sinistra honours modesty. … 1st place gains the upper "
                   "amount of Gold, 2nd place the lower amount.",
    "ED-STATE-17": "1 Dragon in each of 4 colours, 1 Golden Dragon named Aurea • 3 Wyrmlings in each of 4 colours, "
                   "1 Golden Wyrmling named Aureus … Take … your Dragon and 2 Wyrmlings in your colour. 2-Player "
                   "Game: each take 1 additional Wyrmling.",
    "ED-STATE-18": "12 Elves, 12 Gnomes, 12 Goblins, 12 Fairies (Villagers) … as long as there is still space "
                   "(max. 4 per village).",
    "ED-STATE-19": "Place 3 Gold on each \"Dragon Shrine\" location. … Take all Gold from the Shrine. … place 3 "
                   "Gold from the general supply on the Dragon Shrine there in any case",
    "ED-STATE-20": "How much Gold each player hoards is public information at all times. (A hoard is counted in "
                   "coins: it is never below 0.)",
    "ED-STATE-21": "Place the Trolls on the middle space of the Troll paths. … Then move the Troll 1 space towards "
                   "you, if possible.",
    "ED-STATE-22": "If there is still a tie … All tied players flick 1 Gold coin … Whoever's coin lands closest "
                   "to the Egg takes all the flicked coins – and wins the game.",
    "ED-STATE-23": "Scoring 1. If you have collected Treasure Chests, you may now place them face-up on any tile in "
                   "your Lair",
}

Check = Callable[[EDState], Iterable[Finding]]


def _tile(tile: Tile) -> str:
    return tile.label()


def _held_tiles(p: PlayerState) -> Iterator[tuple[str, Tile]]:
    """Every tile ``p`` holds: ``(where, tile)`` for its Lair, its waiting tiles and the tiles set aside."""
    for placed in p.lair.cells.values():
        yield "Lair", placed.tile
    for tile in p.pending:
        yield "waiting tiles", tile
    for tile in p.set_aside:
        yield "tiles set aside", tile


def _start_cells(lair: Lair) -> list[Cell]:
    return [cell for cell, placed in lair.cells.items() if placed.tile.kind == START]


def starting_tile(state: EDState) -> Iterator[Finding]:
    """ED-STATE-1: a Lair holds exactly one Starting Tile, and a player who has started has a Lair."""
    for name, p in state.players.items():
        starts = _start_cells(p.lair)
        if p.lair.cells and len(starts) != 1:
            found = ", ".join(p.lair.cells[c].tile.name for c in starts) or "none"
            yield error("ED-STATE-1", f"{name}'s Lair holds {len(starts)} Starting Tiles ({found}); a Lair starts "
                                      "from exactly one, its player's")
        elif p.started and not p.lair.cells:
            yield error("ED-STATE-1", f"{name} has started but has no Starting Tile in the Lair")


def lair_connected(state: EDState) -> Iterator[Finding]:
    """ED-STATE-2: every tile of a Lair is joined to its Starting Tile through tiles side by side (a tile only
    ever goes next to a placed one, and none is taken away but a Mission replaced on its own cell)."""
    for name, p in state.players.items():
        starts = _start_cells(p.lair)
        if len(starts) != 1:
            continue  # ED-STATE-1
        reached, todo = {starts[0]}, [starts[0]]
        while todo:
            cell = todo.pop()
            for d in range(6):
                other = neighbour(cell, d)
                if other in p.lair.cells and other not in reached:
                    reached.add(other)
                    todo.append(other)
        for cell, placed in sorted(p.lair.cells.items()):
            if cell not in reached:
                yield error("ED-STATE-2", f"{name}'s Lair: {_tile(placed.tile)} at {format_cell(cell)} is not "
                                          "joined to the Starting Tile")


def edges_meet(state: EDState) -> Iterator[Finding]:
    """ED-STATE-3: every tile but the Starting Tile meets a neighbour open edge to open edge. A Mission replaced
    on its cell (the Mission limit) may leave a neighbour without one, so a tile next to a Merchant Mission is not
    judged, nor a Merchant Mission itself when ``mission.replace_rule=none``."""
    free = state.settings.get("mission.replace_rule", "enforce") == "none"
    for name, p in state.players.items():
        cells = p.lair.cells
        if len(cells) < 2:
            continue
        for cell, placed in sorted(cells.items()):
            tile = placed.tile
            if tile.kind == START or (free and _replaceable(tile)):
                continue
            if any(_replaceable(cells[n].tile) for n in (neighbour(cell, d) for d in range(6)) if n in cells):
                continue
            contacts = p.lair.contacts(cell, placed.edges)
            if contacts and not any(mine == "O" and theirs == "O" for _, _, mine, theirs in contacts):
                yield error("ED-STATE-3", f"{name}'s Lair: {_tile(tile)} at {format_cell(cell)} meets no open "
                                          "edge with an open edge")


def _replaceable(tile: Tile) -> bool:
    """A Mission tile that may have replaced another on its cell."""
    return tile.mission is not None


def chambers(state: EDState) -> Iterator[Finding]:
    """ED-STATE-4: the large Chambers a Lair holds are the ones its tiles close, no more, no fewer."""
    for name, p in state.players.items():
        rebuilt = p.lair.copy()
        rebuilt.rebuild_chambers()
        if rebuilt.chambers != p.lair.chambers:
            extra = len(p.lair.chambers - rebuilt.chambers)
            missing = len(rebuilt.chambers - p.lair.chambers)
            yield error("ED-STATE-4", f"{name}'s Lair holds {len(p.lair.chambers)} large Chambers, its tiles close "
                                      f"{len(rebuilt.chambers)} ({extra} without three open edges meeting, "
                                      f"{missing} not counted)")


def mission_limit(state: EDState) -> Iterator[Finding]:
    """ED-STATE-5: at most 5 Missions in a Lair."""
    for name, p in state.players.items():
        missions = p.missions
        if len(missions) > MISSION_LIMIT:
            yield error("ED-STATE-5", f"{name}'s Lair holds {len(missions)} Missions "
                                      f"({', '.join(t.name for t in missions)}); the limit is {MISSION_LIMIT}")


def starting_missions(state: EDState) -> Iterator[Finding]:
    """ED-STATE-6: 1 Starting Mission dealt to each player, 2 in a two-player game (4 in the box)."""
    dealt = 2 if state.n == 2 else 1
    for name, p in state.players.items():
        held = [t.name for _, t in _held_tiles(p) if t.kind == START_MISSION]
        if len(held) > dealt:
            yield error("ED-STATE-6", f"{name} holds {len(held)} Starting Missions ({', '.join(held)}); each player "
                                      f"is dealt {dealt}")


def lair_stacks(state: EDState) -> Iterator[Finding]:
    """ED-STATE-7: a Lair stack holds 13 (Level 1) or 10 (Level 2) tiles less the ones returned to the box; the
    players hold no more of its tiles, and no more are drawn, than it holds."""
    removed = {2: 3, 3: 2, 4: 1}.get(state.n, 0)
    held: Counter[str] = Counter()
    for p in state.players.values():
        for _, tile in _held_tiles(p):
            if tile.kind in (LAIR1, LAIR2):
                held[str(tile.stack)] += 1
    for folk in FOLKS:
        for level, box in ((1, LEVEL1_PER_FOLK), (2, LEVEL2_PER_FOLK)):
            stack = f"{folk}{level}"
            size = box - removed
            if state.stack_size.get(stack, size) != size:
                yield error("ED-STATE-7", f"stack {stack} holds {state.stack_size[stack]} tiles; with {state.n} "
                                          f"players it holds {size} ({box} less {removed} returned to the box)")
            if held[stack] > size:
                yield error("ED-STATE-7", f"the players hold {held[stack]} tiles of stack {stack}; it holds {size}")
            if not 0 <= state.draws.get(stack, 0) <= size:
                yield error("ED-STATE-7", f"{state.draws[stack]} tiles drawn from stack {stack}, which holds {size}")
    for stack in held:
        if stack not in state.stack_size:
            yield error("ED-STATE-7", f"a Lair Tile of stack {stack}: the stacks are {', '.join(state.stack_size)}")


def merchants(state: EDState) -> Iterator[Finding]:
    """ED-STATE-8: 22 Merchant Tiles; each kingdom shows at most 2 face up."""
    held = sum(1 for p in state.players.values() for _, t in _held_tiles(p) if t.kind == MERCHANT)
    shown = sum(len(tiles) for tiles in state.merchant_offer.values())
    if held + shown > MERCHANT_TILES:
        yield error("ED-STATE-8", f"the players hold {held} Merchant Tiles and {shown} are face up; the box has "
                                  f"{MERCHANT_TILES}")
    for kingdom in KINGDOMS:
        slots, offer = state.merchant_slots.get(kingdom, 0), state.merchant_offer.get(kingdom, [])
        if not 0 <= slots <= 2 or len(offer) > 2:
            yield error("ED-STATE-8", f"{kingdom} shows {max(slots, len(offer))} face-up Merchant Tiles; it has 2 "
                                      "slots")
        if state.merchant_stacks.get(kingdom, 0) < 0:
            yield error("ED-STATE-8", f"{kingdom}'s Merchant stack holds {state.merchant_stacks[kingdom]} tiles")


def one_place(state: EDState) -> Iterator[Finding]:
    """ED-STATE-9: a tile lies in one place: one cell of a player's Lair, the player's waiting tiles or tiles set
    aside, or a face-up Merchant slot. (Two players' tiles may share a name: a tally names each player's tiles.)"""
    shown = {tile.name: kingdom for kingdom, tiles in state.merchant_offer.items() for tile in tiles}
    for name, p in state.players.items():
        where: dict[str, list[str]] = {}
        for place, tile in _held_tiles(p):
            where.setdefault(tile.name, []).append(f"{name}'s {place}")
        for tile_name, places in where.items():
            if tile_name in shown:
                places.append(f"{shown[tile_name]}'s Merchant slots")
            if len(places) > 1:
                yield error("ED-STATE-9", f"tile {tile_name} is in {len(places)} places at once: {', '.join(places)}")


def treasure_chests(state: EDState) -> Iterator[Finding]:
    """ED-STATE-10: 12 Treasure Chests, two stacks of 6, one per kingdom: no more taken from a kingdom than its
    stack held, each chest held by one player, each holding Artifacts (b, g, o, c)."""
    owners: dict[str, list[str]] = {}
    taken: Counter[str] = Counter()
    for name, p in state.players.items():
        for chest in p.chests:
            owners.setdefault(chest.id, []).append(name)
            taken[chest.kingdom] += 1
            if chest.kingdom and chest.kingdom not in KINGDOMS:
                yield error("ED-STATE-10", f"{name}'s Treasure Chest {chest.id} comes from {chest.kingdom!r}; the "
                                           f"stacks are in {' and '.join(KINGDOMS)}")
            bad = sorted(set(chest.artifacts) - set(ARTIFACTS))
            if bad:
                yield error("ED-STATE-10", f"{name}'s Treasure Chest {chest.id} holds {''.join(bad)!r}; Artifacts "
                                           "are b, g, o, c (Book, Gear, Ore, Crystal)")
    for cid, names in owners.items():
        if len(names) > 1:
            yield error("ED-STATE-10", f"Treasure Chest {cid} is held {len(names)} times ({', '.join(names)})")
    total = sum(taken.values())
    if total > TREASURE_CHESTS:
        yield error("ED-STATE-10", f"the players hold {total} Treasure Chests; the box has {TREASURE_CHESTS}")
    for kingdom in KINGDOMS:
        if taken[kingdom] > CHESTS_PER_STACK:
            yield error("ED-STATE-10", f"the players hold {taken[kingdom]} Treasure Chests from {kingdom}; its "
                                       f"stack held {CHESTS_PER_STACK}")
        left = state.chest_stacks.get(kingdom, 0)
        if not 0 <= left <= CHESTS_PER_STACK:
            yield error("ED-STATE-10", f"{kingdom}'s Treasure Chest stack holds {left}; it starts with "
                                       f"{CHESTS_PER_STACK}")


def chest_on_lair(state: EDState) -> Iterator[Finding]:
    """ED-STATE-11: a placed Treasure Chest covers a tile of its owner's Lair."""
    for name, p in state.players.items():
        names = {placed.tile.name for placed in p.lair.cells.values()}
        for chest in p.chests:
            if chest.on and chest.on not in names:
                yield error("ED-STATE-11", f"{name}'s Treasure Chest {chest.id} is on {chest.on}, which is not a "
                                           f"tile of {name}'s Lair")


def chest_per_tile(state: EDState) -> Iterator[Finding]:
    """ED-STATE-12: one Treasure Chest per tile."""
    for name, p in state.players.items():
        on = Counter(chest.on for chest in p.chests if chest.on)
        for tile_name, count in on.items():
            if count > 1:
                ids = ", ".join(c.id for c in p.chests if c.on == tile_name)
                yield error("ED-STATE-12", f"{name}'s tile {tile_name} holds {count} Treasure Chests ({ids}); one "
                                           "per tile")


def bonfires(state: EDState) -> Iterator[Finding]:
    """ED-STATE-13: 8 Bonfires, one in each Lair stack, 4th from the bottom: revealed at most once each, and only
    once the tiles above it are drawn."""
    if len(state.bonfires) > BONFIRE_TILES:
        yield error("ED-STATE-13", f"{len(state.bonfires)} Bonfires revealed; the box has {BONFIRE_TILES}")
    for stack, count in Counter(state.bonfires).items():
        if stack not in state.stack_size:
            yield error("ED-STATE-13", f"a Bonfire revealed from {stack!r}: the stacks are "
                                       f"{', '.join(state.stack_size)}")
        elif count > 1:
            yield error("ED-STATE-13", f"stack {stack}'s Bonfire is revealed {count} times; a stack holds one")
        elif state.draws.get(stack, 0) < state.stack_size[stack] - 3:
            yield error("ED-STATE-13", f"stack {stack}'s Bonfire is revealed but only {state.draws.get(stack, 0)} of "
                                       f"the {state.stack_size[stack] - 3} tiles above it are drawn")


def end_trigger(state: EDState) -> Iterator[Finding]:
    """ED-STATE-14: the end is triggered exactly when the Bonfires the game plays to are revealed, and no turn is
    taken after everyone's final turn."""
    needed = int(state.settings.get("bonfires", 4))
    shown = len(state.bonfires)
    if state.end_trigger_turn is not None and shown < needed:
        yield error("ED-STATE-14", f"the end is triggered with {shown} Bonfires revealed; it takes {needed}")
    if state.end_trigger_turn is None and shown >= needed and not state.over:
        yield error("ED-STATE-14", f"{shown} Bonfires are revealed but the end is not triggered (it takes {needed})")
    last = state.last_turn
    if last is not None and state.turn > last:
        yield error("ED-STATE-14", f"{state.active} is in round {state.round}, after everyone's final turn (round "
                                   f"{last // state.n + 1})")
    if last is not None and state.closed and state.turn >= last and not state.over:
        yield error("ED-STATE-14", f"everyone's final turn is played ({state.active}'s, round {state.round}) but "
                                   "the game is not over")
    if state.end_trigger_turn is not None and state.end_trigger_turn > max(state.turn, 0):
        yield error("ED-STATE-14", f"the end is triggered in a turn not yet played (turn {state.end_trigger_turn + 1}"
                                   f", now {state.turn + 1})")


def turn_phase(state: EDState) -> Iterator[Finding]:
    """ED-STATE-15: whose turn and which phase agree: before the first flight no turn is open; a closed turn
    leaves no Location Effect to activate and no gained tile waiting. (A flight before a player's Starting Tile is
    recorded is not refused by the plays, so it is not judged here.)"""
    if state.turn < -1:
        yield error("ED-STATE-15", f"turn {state.turn}: turns count from the first flight")
    if state.turn == -1 and not state.closed:
        yield error("ED-STATE-15", "a turn is open before anyone has flown")
    if state.closed and state.queue:
        yield error("ED-STATE-15", f"the turn is over but {', '.join(state.queue)} still activate Location Effects")
    if state.closed and not state.over:
        for name, p in state.players.items():
            if p.pending:
                yield error("ED-STATE-15", f"the turn is over but {name} still has tiles to place "
                                           f"({', '.join(t.name for t in p.pending)})")


def royal_challenges(state: EDState) -> Iterator[Finding]:
    """ED-STATE-16: none drawn, or 2 from Sinistra (modesty: smallest Lair, fewest Artifacts) and 2 from Dextra
    (grandeur: Gold chain, Wall), each paying more to 1st place than to 2nd."""
    if not state.royal:
        return
    metrics = [metric for metric, _, _ in state.royal]
    unknown = [m for m in metrics if m not in ROYAL_METRICS]
    if unknown:
        yield error("ED-STATE-16", f"Royal Challenge {unknown[0]!r}: they are {', '.join(ROYAL_METRICS)}")
        return
    modest = sum(1 for m in metrics if m in MODESTY)
    if len(metrics) != 4 or modest != 2:
        yield error("ED-STATE-16", f"the Royal Challenges drawn are {', '.join(metrics)}: 2 from Sinistra "
                                   f"({' or '.join(MODESTY)}) and 2 from Dextra ({' or '.join(GRANDEUR)})")
    for metric, upper, lower in state.royal:
        if not upper > lower >= 0:
            yield error("ED-STATE-16", f"Royal Challenge {metric} pays {upper} Gold to 1st place and {lower} to 2nd:"
                                       " 1st place gains the upper amount")


def pieces(state: EDState) -> Iterator[Finding]:
    """ED-STATE-17: each player's Dragon heads its own Swarm; each player's 2 Wyrmlings (3 with two players) and
    Aureus are each in one place (a Swarm, the Dragon Rock or a Lair); Aurea flies only in a two-player game."""
    each = 3 if state.n == 2 else 2
    dragons = set(state.pieces.swarms)
    expected = set(state.players) | ({AUREA} if state.n == 2 else set())
    for dragon in sorted(dragons ^ expected):
        if dragon in dragons:
            yield error("ED-STATE-17", f"{dragon} flies as a Dragon: the Dragons are {', '.join(sorted(expected))}")
        else:
            yield error("ED-STATE-17", f"{dragon}'s Dragon is not on the route")
    for dragon, members in state.pieces.swarms.items():
        if not members or members[0] != dragon:
            yield error("ED-STATE-17", f"{dragon}'s Swarm is not headed by its Dragon ({', '.join(members)})")
    places = Counter(state.pieces.all_wyrmlings())
    wanted = {AUREUS} | {f"{name}.w{i}" for name in state.players for i in range(1, each + 1)}
    for piece, count in places.items():
        if piece not in wanted:
            yield error("ED-STATE-17", f"{piece} is not a Wyrmling of this game (each player has {each}, and "
                                       f"Aureus)" if is_wyrmling(piece) or owner(piece) else f"{piece} is no Wyrmling")
        elif count > 1:
            yield error("ED-STATE-17", f"{piece} is in {count} places at once")
    for piece in sorted(wanted - set(places)):
        yield error("ED-STATE-17", f"{piece} is nowhere: not in a Swarm, on the Dragon Rock or in a Lair")


def villagers(state: EDState) -> Iterator[Finding]:
    """ED-STATE-18: 12 Villagers of each Folk (when the supply is limited, A-15), at most 4 in a village."""
    on_board: Counter[str] = Counter()
    for space, (folk, count) in state.villages.items():
        on_board[folk] += int(count)
        if not 0 <= int(count) <= VILLAGE_ROOM:
            yield error("ED-STATE-18", f"the village at {space} holds {count} Villagers; it has room for "
                                       f"{VILLAGE_ROOM}")
    limited = bool(state.settings.get("villagers.limited", True))
    for folk in FOLKS:
        left = state.supply.get(folk, 0)
        if left < 0 or (limited and left + on_board[folk] > VILLAGERS_PER_FOLK):
            yield error("ED-STATE-18", f"{left} {folk} Villagers beside the board and {on_board[folk]} in villages; "
                                       f"the box has {VILLAGERS_PER_FOLK}")


def shrines(state: EDState) -> Iterator[Finding]:
    """ED-STATE-19: a Dragon Shrine holds Gold in threes (3 at setup, taken all at once, 3 more by each pilgrim)."""
    for kingdom, gold in state.shrines.items():
        if gold < 0 or gold % 3:
            yield error("ED-STATE-19", f"{kingdom}'s Dragon Shrine holds {gold} Gold; it fills 3 at a time")


def gold(state: EDState) -> Iterator[Finding]:
    """ED-STATE-20: a player's Gold is never below 0."""
    for name, p in state.players.items():
        if p.gold < 0:
            yield error("ED-STATE-20", f"{name}'s Gold is {p.gold}; a hoard cannot be below 0")


def trolls(state: EDState) -> Iterator[Finding]:
    """ED-STATE-21: each Troll stands on a space of its own path."""
    if state.board is None:
        return
    for path, at in state.trolls.items():
        spaces = state.board.trolls.get(path)
        if spaces is None:
            yield error("ED-STATE-21", f"a Troll on path {path!r}: the board has {', '.join(state.board.trolls)}")
        elif not 0 <= at < len(spaces):
            yield error("ED-STATE-21", f"the Troll of path {path} is on space {at}; the path has {len(spaces)} "
                                       f"(0 to {len(spaces) - 1})")


def flick(state: EDState) -> Iterator[Finding]:
    """ED-STATE-22: the coin flick is won by a player, once the game is over."""
    if state.flick_winner is None:
        return
    if state.flick_winner not in state.players:
        yield error("ED-STATE-22", f"the coin flick is won by {state.flick_winner!r}, not a player "
                                   f"({', '.join(state.players)})")
    elif not state.over:
        yield error("ED-STATE-22", f"{state.flick_winner} won the coin flick before the game is over")


def chests_at_the_end(state: EDState) -> Iterator[Finding]:
    """ED-STATE-23: Treasure Chests are placed (or kept) at the final scoring, once the game is over."""
    if state.over:
        return
    for name, p in state.players.items():
        placed = [c.id for c in p.chests if c.on]
        if placed or p.chests_placed:
            yield error("ED-STATE-23", f"{name}'s Treasure Chests are placed ({', '.join(placed) or 'all kept'}) "
                                       "before the game is over")


#: rule ID → its check, in rule order
CHECKS: dict[str, Check] = {
    "ED-STATE-1": starting_tile, "ED-STATE-2": lair_connected, "ED-STATE-3": edges_meet, "ED-STATE-4": chambers,
    "ED-STATE-5": mission_limit, "ED-STATE-6": starting_missions, "ED-STATE-7": lair_stacks,
    "ED-STATE-8": merchants, "ED-STATE-9": one_place, "ED-STATE-10": treasure_chests,
    "ED-STATE-11": chest_on_lair, "ED-STATE-12": chest_per_tile, "ED-STATE-13": bonfires,
    "ED-STATE-14": end_trigger, "ED-STATE-15": turn_phase, "ED-STATE-16": royal_challenges,
    "ED-STATE-17": pieces, "ED-STATE-18": villagers, "ED-STATE-19": shrines, "ED-STATE-20": gold,
    "ED-STATE-21": trolls, "ED-STATE-22": flick, "ED-STATE-23": chests_at_the_end,
}


def check_state(state: EDState) -> list[Finding]:
    """Everything impossible about ``state`` as a whole: one error ``Finding`` per broken invariant."""
    return [finding for check in CHECKS.values() for finding in check(state)]
