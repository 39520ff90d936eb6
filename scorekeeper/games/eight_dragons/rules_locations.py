"""Location effects activated after a flight (ED-ACT-*, ED-AUREUS-*, ED-LOC-*, ED-2P-5).

Every activation event names (or, on a described board, is given) the piece that activates and the
player who benefits. On a described board the engine knows each moved piece's space, its Location and
the activation order; without one, the table states the Location's values (villagers, kingdom, Gold).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Finding, block, error, warning

from .board import Location, other_kingdom, parse_kingdom
from .context import PayloadError, beneficiary_of, commit_names, new_tiles, piece_place, space_of
from .merchants import offer_names, resolve_buy, resolve_reveal
from .pieces import AUREA, AUREUS, is_wyrmling, owner
from .state import Chest, EDState
from .tiles import FOLK_NAMES, FOLKS, LAIR1, LAIR2, MERCHANT, Tile

#: event type → Location type it activates
EVENT_LOCATION = {
    "VILLAGE": "village", "GROW": "grow", "GATHER": "gather", "SUMMON": "summon", "TROLL": "troll",
    "SHRINE": "shrine", "CHEST": "chest", "MERCHANT": "merchant", "NONE": "none",
}
COMMAND_OF = {"village": "village", "grow": "grow", "gather": "gather", "summon": "summon", "troll": "troll",
              "shrine": "shrine", "chest": "chest", "merchant": "merchant", "none": "none"}


# -- the shared part: who activates, in which order, for whom ---------------------------------------


def _context(state: EDState, event: Event) -> tuple[list[Finding], str | None, Location | None, str | None]:
    """(findings, piece, Location, space) for an activation event."""
    type_ = EVENT_LOCATION[event.type]
    if state.turn < 0 or state.closed:
        return [error("ED-ACT-2", "activations follow a flight: nobody has flown this turn")], None, None, None
    piece = event.get("piece")
    found: list[Finding] = []
    loc: Location | None = None
    space: str | None = None
    if state.board is not None:
        if not state.queue and (piece is None or piece not in state.moved):
            return [error("ED-ACT-2", "every piece that moved this turn has already activated; "
                                      "the players now place their tiles")], None, None, None
        if piece is None:
            piece = state.queue[0]
        elif piece not in state.queue:
            if piece in state.activated:
                found.append(error("ED-ACT-2", f"{piece} has already activated this turn"))
            elif piece not in state.moved:
                found.append(error("ED-ACT-2", f"{piece} did not move this turn, so it does not activate"))
            else:  # ED-LOC-SUMMON-6
                found.append(error("ED-LOC-SUMMON-6", f"{piece} was summoned to the Rock before its turn and lost "
                                                      "its activation"))
            return found, piece, None, None
        elif piece != state.queue[0]:
            first = state.queue[0]
            k_first = state.board.kingdom.get(space_of(state, first))
            k_piece = state.board.kingdom.get(space_of(state, piece))
            rule = "ED-ACT-3" if k_first != k_piece else "ED-ACT-4"
            found.append(error(rule, f"{piece_place(state, first)} activates before {piece}"))
            return found, piece, None, None
        space = space_of(state, piece)
        loc = state.board.location(space)
        if type_ != "none" and loc.type != type_:
            found.append(error("ED-ACT-1", f"{piece_place(state, piece)} must activate that Location "
                                           f"('ed {COMMAND_OF[loc.type]}'), not a {type_}"))
            return found, piece, loc, space
    elif piece is not None and piece not in state.moved:
        found.append(error("ED-ACT-2", f"{piece} did not move this turn, so it does not activate "
                                       f"(moved: {', '.join(state.moved)})"))
        return found, piece, None, None
    elif piece is not None and piece in state.activated:
        found.append(error("ED-ACT-2", f"{piece} has already activated this turn"))
        return found, piece, None, None
    elif piece is not None and state.pieces.swarm_of(piece) is None and \
            state.settings.get("summon.lose_activation", True):  # ED-LOC-SUMMON-6 (A-21), without a board
        found.append(error("ED-LOC-SUMMON-6", f"{piece} was summoned to the Rock before its turn and lost "
                                              "its activation"))
        return found, piece, None, None
    elif len(state.activated) + state.flight.get("unnamed", 0) >= len(state.moved):
        found.append(error("ED-ACT-2", f"only {len(state.moved)} piece(s) moved this turn "
                                       f"({', '.join(state.moved)}) and each activates once"))
        return found, piece, None, None
    if piece is not None:  # ED-ACT-5, ED-ACT-6: the beneficiary records the play and makes its choices
        expected = beneficiary_of(state, piece)
        if expected is not None and event.player != expected:
            rule = "ED-AUREUS-2" if piece == AUREUS else "ED-2P-5" if piece == AUREA else "ED-ACT-5"
            found.append(error(rule, f"{piece}'s activation benefits {expected}, not {event.player}"))
    elif event.player not in state.players:
        found.append(block("ED-ACT-5", "say who benefits from this activation (-p PLAYER)"))
    return found, piece, loc, space


def _consume(state: EDState, event: Event) -> str | None:
    piece = event.get("piece")
    if state.board is not None:
        piece = piece or (state.queue[0] if state.queue else None)
        if piece in state.queue:
            state.queue.remove(piece)
    if piece:
        state.activated.append(piece)
    elif state.board is None:
        state.flight["unnamed"] = state.flight.get("unnamed", 0) + 1
    return piece


def _kingdom(state: EDState, event: Event, space: str | None) -> str | None:
    if state.board is not None and space is not None:
        return state.board.kingdom[space]
    if event.get("kingdom"):
        return parse_kingdom(str(event.get("kingdom")))
    return None


# -- Villages -----------------------------------------------------------------------------------------


def tile_cost(tile: Tile, folk: str) -> int:
    """ED-LOC-VILLAGE-1: villager cost of a Lair Tile at a village of ``folk``."""
    base = 1 if tile.kind == LAIR1 else 2
    return base if tile.colour == folk else 2 * base


def stacks_left(state: EDState, extra: Counter | None = None) -> dict[str, int]:
    draws = state.draws
    if not extra:
        return {s: size - draws[s] for s, size in state.stack_size.items()}
    return {s: size - draws[s] - extra.get(s, 0) for s, size in state.stack_size.items()}


def exact_bundle_exists(folk: str, n: int, available: dict[str, int]) -> bool:
    """Is there a bundle costing exactly ``n`` that the stacks can supply (A-13)?"""
    options = [(s, (1 if s == f"{folk}1" else 2 if s in (f"{folk}2",) or s.endswith("1") else 4)) for s in available]

    def search(budget: int, index: int, left: dict[str, int]) -> bool:
        """Depth-first search for a bundle costing exactly ``budget``."""
        if budget == 0:
            return True
        for i in range(index, len(options)):
            stack, cost = options[i]
            if cost <= budget and left[stack] > 0:
                left[stack] -= 1
                if search(budget - cost, i, left):
                    return True
                left[stack] += 1
        return False

    return n > 0 and search(n, 0, dict(available))


def village_menu(folk: str, n: int) -> str:
    """ED-LOC-VILLAGE-2: what a village with ``n`` villagers gives, in words."""
    f = folk
    menus = {
        1: f"1×{f}1",
        2: f"2×{f}1, or {f}2, or one Level-1 tile of another Folk",
        3: f"3×{f}1, or {f}2+{f}1, or {f}1 + one Level-1 tile of another Folk",
        4: f"any bundle costing 4 ({f}1 = 1, {f}2 = 2, other Level-1 = 2, other Level-2 = 4)",
    }
    return menus.get(n, "nothing")


def check_village(state: EDState, event: Event) -> tuple[list[Finding], list[Tile] | None]:
    """ED-LOC-VILLAGE-1 … ED-LOC-VILLAGE-5: the bundle's villager cost and the stacks. Returns the findings and the
    tiles gained, as read for the check (for ``apply_village``; None when the check stopped before reading them)."""
    found, piece, loc, space = _context(state, event)
    if any(f.is_error for f in found):
        return found, None
    try:
        tiles = new_tiles(state, event.get("tiles", []))
    except PayloadError as exc:
        return [block("ED-LOC-VILLAGE-1", str(exc))], None
    for tile in tiles:
        if tile.kind not in (LAIR1, LAIR2):
            return [block("ED-LOC-VILLAGE-1", f"{tile.name}: villagers give Lair Tiles (E1, G2, O1, F2…)")], None
    if state.board is not None and space is not None:
        folk, n = state.villages[space]
    else:
        folk = str(event.get("folk", "")).upper() or None
        n = event.get("villagers")
    draws: dict[str, int] = {}
    for tile in tiles:
        draws[str(tile.stack)] = draws.get(str(tile.stack), 0) + 1
    for stack, count in draws.items():
        left = state.stack_size[stack] - state.draws[stack]
        if count > left:
            found.append(error("ED-LOC-VILLAGE-3", f"stack {stack} has only {left} tile(s) left"))
    if folk is None or n is None:
        found.append(warning("ED-LOC-VILLAGE-1", "the village's Folk and villager count were not given, so the "
                                                 "bundle's cost is not checked"))
        return found, tiles
    n = int(n)
    cost = sum(tile_cost(t, folk) for t in tiles)
    if n == 0 and tiles:  # ED-LOC-VILLAGE-5
        found.append(error("ED-LOC-VILLAGE-5", "this village has no villagers: it gives nothing ('ed none')"))
    elif cost > n:  # ED-LOC-VILLAGE-1, ED-LOC-VILLAGE-2
        found.append(error("ED-LOC-VILLAGE-1", f"these tiles cost {cost} villagers but the {FOLK_NAMES[folk]} "
                                               f"village has {n}; it gives {village_menu(folk, n)}"))
    elif cost < n:  # ED-LOC-VILLAGE-3
        available = stacks_left(state)
        fullest = max(k for k in range(n + 1) if k == 0 or exact_bundle_exists(folk, k, available))
        if state.settings.get("village.exact_spend", True) and fullest == n:
            found.append(error("ED-LOC-VILLAGE-3", f"all {n} villagers must be used (these tiles cost {cost}); "
                                                   f"the village gives {village_menu(folk, n)}"))
        elif state.settings.get("village.exact_spend", True) and cost < fullest:  # the fullest bundle
            found.append(error("ED-LOC-VILLAGE-3", f"the stacks cannot give a bundle costing {n}, but one costing "
                                                   f"{fullest} is still available: take the fullest bundle"))
        else:
            found.append(warning("ED-LOC-VILLAGE-3", f"only {cost} of {n} villagers used (no bundle costing {n} "
                                                     "is left in the stacks)" if state.settings.get("village.exact_spend", True)
                                 else f"only {cost} of {n} villagers used"))
    return found, tiles


def apply_village(state: EDState, event: Event, tiles: list[Tile] | None = None) -> EDState:
    """The tiles join the beneficiary's waiting tiles; the stacks shrink (``tiles``: as the check read them on
    this same state; read here when it did not)."""
    if tiles is None:
        tiles = new_tiles(state, event.get("tiles", []))
    commit_names(state, tiles)
    for tile in tiles:
        state.draws[str(tile.stack)] += 1
    state.players[str(event.player)].pending.extend(tiles)  # ED-ACT-8: held until Phase II
    _consume(state, event)  # ED-LOC-VILLAGE-4: the villagers stay
    return state


# -- Village grows --------------------------------------------------------------------------------------


def grow_targets(state: EDState) -> list[str]:
    limited = state.settings.get("villagers.limited", True)
    return [s for s, (folk, count) in state.villages.items() if count < 4 and (not limited or state.supply[folk] > 0)]


def check_grow(state: EDState, event: Event) -> list[Finding]:
    """ED-LOC-GROW-1, ED-LOC-GROW-3: a village of that Folk with room, a villager in the supply."""
    found, piece, loc, space = _context(state, event)
    if any(f.is_error for f in found):
        return found
    folk = str(event.get("folk", "")).upper()
    if folk not in FOLKS:
        return found + [block("ED-LOC-GROW-1", "say which Folk's villager is added (E, G, O or F)")]
    if state.settings.get("villagers.limited", True) and state.supply[folk] <= 0:  # A-15, ED-LOC-GROW-3
        found.append(error("ED-LOC-GROW-3", f"no {FOLK_NAMES[folk]} villager is left in the supply"))
    if state.board is not None:
        target = str(event.get("village", ""))
        if target not in state.villages:
            options = ", ".join(s for s, (f, c) in state.villages.items() if f == folk and c < 4) or "none"
            found.append(error("ED-LOC-GROW-1", f"say which village grows (--village SPACE); "
                                                f"{FOLK_NAMES[folk]} villages with room: {options}"))
        else:
            vfolk, count = state.villages[target]
            if vfolk != folk:  # ED-LOC-GROW-1
                found.append(error("ED-LOC-GROW-1", f"{target} is {_a(FOLK_NAMES[vfolk])} village; "
                                                    f"{_a(ONE_OF[folk])} villager goes to {_a(FOLK_NAMES[folk])} village"))
            elif count >= 4:
                found.append(error("ED-LOC-GROW-1", f"{target} already holds 4 villagers (the most a village holds)"))
    elif event.get("villagers") is not None and int(event.get("villagers")) >= 4:  # stated without a board
        found.append(error("ED-LOC-GROW-1", "that village already holds 4 villagers (the most a village holds): "
                                            "grow another village of that Folk"))
    return found


def apply_grow(state: EDState, event: Event) -> EDState:
    """One villager more in the village, one fewer in the supply."""
    folk = str(event.get("folk", "")).upper()
    state.supply[folk] -= 1
    target = event.get("village")
    if state.board is not None and target in state.villages:
        state.villages[str(target)][1] += 1  # ED-LOC-GROW-2, ED-ACT-7: counts at once for later activations
    _consume(state, event)
    return state


# -- Gathering ------------------------------------------------------------------------------------------


def check_gather(state: EDState, event: Event) -> tuple[list[Finding], list[Tile] | None]:
    """ED-LOC-GATHER-1: one Level-1 tile from a stack that has one. Returns the findings and the tile gained, as
    read for the check (for ``apply_gather``; None when the check stopped before reading it)."""
    found, piece, loc, space = _context(state, event)
    if any(f.is_error for f in found):
        return found, None
    try:
        tiles = new_tiles(state, [event.get("tile", "")])
    except PayloadError as exc:
        return [block("ED-LOC-GATHER-1", str(exc))], None
    tile = tiles[0]
    if tile.kind != LAIR1:  # ED-LOC-GATHER-1 (a tile of no Lair stack cannot be drawn at all)
        return [(error if tile.stack else block)("ED-LOC-GATHER-1", f"Gathering gives 1 Level-1 tile of any Folk (E1, G1, O1 or F1), not {tile.face_notation()}")], tiles
    if stacks_left(state)[str(tile.stack)] <= 0:
        found.append(error("ED-LOC-GATHER-1", f"stack {tile.stack} is empty; take another Level-1 stack"))
    return found, tiles


def apply_gather(state: EDState, event: Event, tiles: list[Tile] | None = None) -> EDState:
    """The tile joins the waiting tiles (``tiles``: as the check read it on this same state; read here when it
    did not)."""
    tile = (new_tiles(state, [event.get("tile", "")]) if tiles is None else tiles)[0]
    commit_names(state, [tile])
    state.draws[str(tile.stack)] += 1
    state.players[str(event.player)].pending.append(tile)
    _consume(state, event)
    return state


# -- Summon a Wyrmling to the Dragon Rock ---------------------------------------------------------------


def swarm_counts(state: EDState) -> dict[str, int]:
    """Each player's Wyrmlings flying in Swarms (``Pieces.in_swarms`` for every player, in one pass)."""
    counts = dict.fromkeys(state.players, 0)
    for members in state.pieces.swarms.values():
        for m in members[1:]:
            mine = owner(m)
            if mine in counts:
                counts[str(mine)] += 1
    return counts


def summon_eligible(state: EDState, activator: str | None) -> list[str]:
    """ED-LOC-SUMMON-1, ED-LOC-SUMMON-2, ED-LOC-SUMMON-3, ED-SWARM-7, ED-AUREUS-3: the Wyrmlings this activation may summon."""
    p = state.pieces
    candidates = [w for ws in p.lairs.values() for w in ws] + [m for ms in p.swarms.values() for m in ms[1:]]
    counts = swarm_counts(state)
    lowest = min(counts.values())
    protected = [name for name, c in counts.items() if c == lowest]
    sole = protected[0] if len(protected) == 1 else None
    return [w for w in candidates if w != activator and (sole is None or owner(w) != sole)]


def check_summon(state: EDState, event: Event) -> list[Finding]:
    """ED-LOC-SUMMON-1, ED-LOC-SUMMON-2, ED-LOC-SUMMON-3, ED-SWARM-7: who may be summoned."""
    found, piece, loc, space = _context(state, event)
    if any(f.is_error for f in found):
        return found
    target = str(event.get("wyrmling", ""))
    p = state.pieces
    if not is_wyrmling(target) or target not in p.all_wyrmlings():
        return found + [block("ED-LOC-SUMMON-1", f"{target!r} is not a Wyrmling (write NAME.w1 … or Aureus)")]
    if target in p.rock:  # ED-SWARM-7
        return found + [block("ED-SWARM-7", f"{target} already waits on the Dragon Rock; summon one from a Lair or a Swarm")]
    if piece is not None and target == piece:  # ED-LOC-SUMMON-2
        return found + [error("ED-LOC-SUMMON-2", f"{piece} may not summon itself")]
    eligible = summon_eligible(state, piece)
    if target not in eligible:  # ED-LOC-SUMMON-3
        counts = swarm_counts(state)
        found.append(error("ED-LOC-SUMMON-3", f"{owner(target)} has the fewest Wyrmlings in Swarms "
                                              f"({counts[str(owner(target))]}), so theirs are protected; "
                                              f"choose one of: {', '.join(eligible) or 'none'}"))
    return found


def apply_summon(state: EDState, event: Event) -> EDState:
    """The Wyrmling goes to the rear of the Rock; the ones behind it close the gap."""
    _consume(state, event)
    target = str(event.get("wyrmling"))
    former = state.pieces.pos.get(target)
    _, advanced = state.pieces.remove_wyrmling(target)  # ED-LOC-SUMMON-5: gap closing moves the ones behind
    state.pieces.rock.append(target)  # rearmost Rock position
    if target in state.queue:  # ED-LOC-SUMMON-6
        if state.settings.get("summon.lose_activation", True) or former is None:
            state.queue.remove(target)
        else:  # the alternative reading: it still activates the space it was summoned from
            state.flight.setdefault("summoned_from", {})[target] = former
    if state.board is not None:
        _requeue_advanced(state, [piece for piece, _ in advanced])
    return state


def _requeue_advanced(state: EDState, advanced: list[str]) -> None:
    """ED-LOC-SUMMON-5: after gap closing, a moved Wyrmling that has not activated yet activates its new space
    (even one that stood on a space without a Location before), in its place in the activation order; one on
    a space without a Location now has nothing to activate."""
    assert state.board is not None
    board = state.board
    waiting = set(state.queue) | {p for p in advanced if p in state.moved and p not in state.activated}
    order = list(state.flight.get("order", [])) or list(state.queue)
    state.queue = [p for p in order if p in waiting and board.location(space_of(state, p)).type != "none"]


# -- Troll -------------------------------------------------------------------------------------------------


def troll_gain(state: EDState, loc: Location) -> tuple[int, int]:
    """ED-LOC-TROLL-1, ED-LOC-TROLL-2 (A-25): Gold from this end up to the Troll, and the Troll's new index."""
    assert state.board is not None
    values = state.board.trolls[loc.troll]
    at = state.trolls[loc.troll]
    include = bool(state.settings.get("troll.include_troll_space", False))
    if loc.end == "A":
        gain = sum(values[: at + (1 if include else 0)])
        new = max(at - 1, 0)
    else:
        gain = sum(values[at + (0 if include else 1):])
        new = min(at + 1, len(values) - 1)
    return gain, new


def check_troll(state: EDState, event: Event) -> list[Finding]:
    """ED-LOC-TROLL-1: the stated Gold must be what the Troll path gives."""
    found, piece, loc, space = _context(state, event)
    if any(f.is_error for f in found):
        return found
    stated = event.get("gold")
    if state.board is not None and loc is not None:
        gain, _ = troll_gain(state, loc)
        if stated is not None and int(stated) != gain:
            found.append(error("ED-LOC-TROLL-1", f"the Troll path gives {gain} Gold here, not {stated}"))
    elif stated is None or int(stated) < 0:
        found.append(block("ED-LOC-TROLL-1", "without a board description, say how much Gold the Troll path gave (--gold N)"))
    return found


def apply_troll(state: EDState, event: Event) -> EDState:
    """Pay the Gold and move the Troll."""
    space = space_of(state, str(event.get("piece") or (state.queue[0] if state.queue else ""))) or None
    loc = state.board.location(space) if state.board is not None and space is not None else None
    if loc is not None and loc.type == "troll":
        gain, new = troll_gain(state, loc)
        state.trolls[loc.troll] = new
    else:  # stated without a board (or forced where there is no Troll)
        gain = int(event.get("gold") or 0)
    state.gain(str(event.player), gain, "Troll path", event.seq)
    _consume(state, event)
    return state


# -- Dragon Shrine -----------------------------------------------------------------------------------------


def _kingdom_context(state: EDState, event: Event, rule: str, what: str) -> tuple[list[Finding], str | None]:
    """The activation's findings and the kingdom of ``what`` (the Shrine, the Treasure Chest Location), or an error
    under ``rule`` when the kingdom cannot be known."""
    found, _piece, _loc, space = _context(state, event)
    if any(f.is_error for f in found):
        return found, None
    try:
        kingdom = _kingdom(state, event, space)
    except ValueError as exc:
        return found + [block(rule, str(exc))], None
    if kingdom is None:
        return found + [block(rule, f"say in which kingdom {what} is (--kingdom S|D)")], None
    return found, kingdom


def check_shrine(state: EDState, event: Event) -> list[Finding]:
    """ED-LOC-SHRINE-1: the Shrine's kingdom and Gold."""
    found, kingdom = _kingdom_context(state, event, "ED-LOC-SHRINE-1", "the Shrine")
    if kingdom is None:
        return found
    stated = event.get("gold")
    if stated is not None and int(stated) != state.shrines[kingdom]:
        found.append(error("ED-LOC-SHRINE-1", f"the {kingdom} Shrine holds {state.shrines[kingdom]} Gold, not {stated}"))
    return found


def apply_shrine(state: EDState, event: Event) -> EDState:
    """Take the Shrine's Gold; 3 Gold to the other kingdom's Shrine."""
    space = space_of(state, str(event.get("piece") or (state.queue[0] if state.queue else ""))) or None
    kingdom = str(_kingdom(state, event, space if state.board is not None else None))
    state.gain(str(event.player), state.shrines[kingdom], f"{kingdom} Shrine", event.seq)
    state.shrines[kingdom] = 0
    state.shrines[other_kingdom(kingdom)] += 3  # ED-LOC-SHRINE-1, ED-ACT-10: the other kingdom, in any case
    _consume(state, event)
    return state


# -- Treasure Chest ------------------------------------------------------------------------------------------


def check_chest(state: EDState, event: Event) -> list[Finding]:
    """ED-LOC-CHEST-1: the Treasure Chest Location's kingdom."""
    return _kingdom_context(state, event, "ED-LOC-CHEST-1", "the Treasure Chest Location")[0]


def apply_chest(state: EDState, event: Event) -> EDState:
    """A chest token, or 3 Gold from an empty stack."""
    space = space_of(state, str(event.get("piece") or (state.queue[0] if state.queue else ""))) or None
    kingdom = str(_kingdom(state, event, space if state.board is not None else None))
    player = state.players[str(event.player)]
    if state.chest_stacks[kingdom] > 0:  # ED-LOC-CHEST-1
        state.chest_stacks[kingdom] -= 1
        state.chest_counter += 1
        player.chests.append(Chest(f"C{state.chest_counter}", kingdom))
    else:  # ED-LOC-CHEST-2
        state.gain(player.name, 3, f"empty {kingdom} Treasure Chest stack", event.seq)
    _consume(state, event)
    return state


# -- Lighthouse and Castle (Merchants) -------------------------------------------------------------------------


def _refresh_source(state: EDState, kingdom: str) -> str | None:
    """ED-LOC-MERCHANT-4 (A-29): the other kingdom's stack, else this kingdom's, else no refresh."""
    other = other_kingdom(kingdom)
    return other if state.merchant_stacks[other] > 0 else kingdom if state.merchant_stacks[kingdom] > 0 else None


def check_merchant(state: EDState, event: Event) -> list[Finding]:
    """ED-LOC-MERCHANT-1, ED-LOC-MERCHANT-3: a purchase needs 5 Gold and a face-up tile here; a refresh of full
    slots puts one face-up tile under the stack first (named when the offer is tracked)."""
    found, piece, loc, space = _context(state, event)
    if any(f.is_error for f in found):
        return found
    try:
        kingdom = _kingdom(state, event, space)
    except ValueError as exc:
        return found + [block("ED-LOC-MERCHANT-1", str(exc))]
    if kingdom is None:
        return found + [block("ED-LOC-MERCHANT-1", "say in which kingdom the Merchant is (--kingdom S|D; "
                                                   "the Lighthouse is in Sinistra, the Castle in Dextra)")]
    if event.get("buy"):
        player = state.players.get(str(event.player))
        if player is not None and player.gold < 5:  # ED-LOC-MERCHANT-1, ED-GOLD-1
            found.append(error("ED-LOC-MERCHANT-1", f"a Merchant Tile costs 5 Gold and {player.name} has {player.gold}"))
        if state.merchant_slots[kingdom] <= 0:
            found.append(block("ED-LOC-MERCHANT-1", f"both Merchant slots in {kingdom} are empty: nothing to buy "
                                                    "(the refresh in the other kingdom still happens)"))
        else:
            try:
                resolve_buy(state, kingdom, str(event.get("buy")))
            except PayloadError as exc:
                found.append(block("ED-LOC-MERCHANT-1", str(exc)))
    other = other_kingdom(kingdom)  # ED-ACT-10
    source = _refresh_source(state, kingdom)
    offer = offer_names(state, other)
    discard = event.get("discard")
    if source is None:
        if discard or event.get("reveal"):
            found.append(error("ED-LOC-MERCHANT-4", "both Merchant stacks are empty: there is no refresh"))
        return found
    if discard:
        if state.merchant_slots[other] < 2:
            found.append(error("ED-LOC-MERCHANT-3", f"{other} has a free slot: no face-up tile goes under the stack"))
        elif offer and discard not in offer and len(offer) >= state.merchant_slots[other]:
            found.append(error("ED-LOC-MERCHANT-3", f"{discard!r} is not face-up in {other} ({', '.join(offer)})"))
    elif state.merchant_slots[other] >= 2 and len(offer) >= 2:
        found.append(error("ED-LOC-MERCHANT-3", f"both {other} slots are full ({', '.join(offer)}): say which tile the "
                                                "beneficiary puts under the stack (--discard NAME)"))
    if event.get("reveal"):
        try:
            resolve_reveal(state, source, str(event.get("reveal")))
        except PayloadError as exc:
            found.append(block("ED-LOC-MERCHANT-3", str(exc)))
    return found


def apply_merchant(state: EDState, event: Event) -> EDState:
    """Pay and take the tile (the slot stays empty); refresh the other kingdom's Merchant."""
    space = space_of(state, str(event.get("piece") or (state.queue[0] if state.queue else ""))) or None
    kingdom = str(_kingdom(state, event, space if state.board is not None else None))
    player = state.players[str(event.player)]
    if event.get("buy"):
        tile, known = resolve_buy(state, kingdom, str(event.get("buy")))
        if known:
            state.merchant_offer[kingdom].remove(tile)
        else:
            commit_names(state, [tile])
        state.gain(player.name, -5, f"bought {tile.name}", event.seq)
        state.merchant_slots[kingdom] -= 1  # ED-LOC-MERCHANT-2: not refilled here
        player.pending.append(tile)  # ED-LOC-MERCHANT-5
    other = other_kingdom(kingdom)  # ED-ACT-10
    source = _refresh_source(state, kingdom)
    if source is not None:  # ED-LOC-MERCHANT-3, ED-LOC-MERCHANT-4
        if state.merchant_slots[other] >= 2:
            state.merchant_slots[other] -= 1
            state.merchant_stacks[other] += 1
            gone = [t for t in state.merchant_offer[other] if t.name == event.get("discard")]
            for tile in gone:
                state.merchant_offer[other].remove(tile)
                state.under_stack[other].append(tile)
        state.merchant_stacks[source] -= 1
        state.merchant_slots[other] += 1
        if event.get("reveal"):
            tile, known = resolve_reveal(state, source, str(event.get("reveal")))
            if known:
                state.under_stack[source].remove(tile)
            else:
                commit_names(state, [tile])
            state.merchant_offer[other].append(tile)
    _consume(state, event)
    return state


def check_market(state: EDState, event: Event) -> list[Finding]:
    """ED-SETUP-9: the face-up Merchant Tiles of a kingdom, named so that purchases and refreshes can be followed."""
    try:
        kingdom = parse_kingdom(str(event.get("kingdom", "")))
        tiles = new_tiles(state, event.get("tiles", []))
    except (ValueError, PayloadError) as exc:
        return [block("ED-SETUP-9", str(exc))]
    if len(tiles) > state.merchant_slots[kingdom]:
        return [error("ED-SETUP-9", f"{kingdom} shows {state.merchant_slots[kingdom]} face-up Merchant Tile(s), "
                                    f"not {len(tiles)}")]
    if any(t.kind != MERCHANT for t in tiles):
        return [error("ED-SETUP-9", "Merchant Tiles are written M…/EDGES/SYMBOLS, e.g. MJ/OOWOWW/craft:bg")]
    return []


def apply_market(state: EDState, event: Event) -> EDState:
    """Replace the known face-up offer of the kingdom."""
    kingdom = parse_kingdom(str(event.get("kingdom", "")))
    tiles = new_tiles(state, event.get("tiles", []))
    commit_names(state, tiles)
    state.merchant_offer[kingdom] = tiles
    return state


# -- Nothing happens -------------------------------------------------------------------------------------------


def check_none(state: EDState, event: Event) -> list[Finding]:
    """ED-ACT-9: an activation yields nothing only when its effect is impossible."""
    found, piece, loc, space = _context(state, event)
    if any(f.is_error for f in found):
        return found
    stated = str(event.get("location", "")).lower()
    if loc is None and stated:  # without a board the table may say which Location it was (and its villagers)
        if stated not in EVENT_LOCATION.values() or stated == "none":
            return found + [error("ED-ACT-9", f"unknown Location {stated!r}; say village, grow, gather, summon, "
                                              "troll, shrine, chest or merchant")]
        loc = Location(stated, folk=str(event.get("folk", "")).upper(), villagers=int(event.get("villagers", 0) or 0))
    if loc is None:
        return found
    if loc.type == "grow" and state.board is None:
        return found  # the villages are not known without a board
    if loc.type == "village":  # ED-ACT-9, ED-LOC-VILLAGE-5
        folk, n = state.villages[space] if space is not None else (loc.folk, loc.villagers)
        if folk not in FOLKS:
            return found + [error("ED-ACT-9", "say the village's Folk (--folk) and villagers (--villagers)")]
        space = space or "this village"
        costs = {s: (1 if s == f"{folk}1" else 2 if s == f"{folk}2" or s.endswith("1") else 4) for s in state.stack_size}
        if n > 0 and any(v > 0 and costs[s] <= n for s, v in stacks_left(state).items()):
            found.append(error("ED-ACT-9", f"the {FOLK_NAMES[folk]} village at {space} has {n} villager(s): "
                                           f"it gives {village_menu(folk, n)}"))
    elif loc.type == "grow" and grow_targets(state):  # ED-LOC-GROW-3
        found.append(error("ED-LOC-GROW-3", f"a village can still grow ({', '.join(grow_targets(state))})"))
    elif loc.type == "gather" and any(v > 0 for s, v in stacks_left(state).items() if s.endswith("1")):
        found.append(error("ED-LOC-GATHER-1", "a Level-1 stack still has tiles: Gathering gives one"))
    elif loc.type == "summon" and summon_eligible(state, piece):  # ED-LOC-SUMMON-4
        found.append(error("ED-LOC-SUMMON-4", f"a Wyrmling must be summoned: {', '.join(summon_eligible(state, piece))}"))
    elif loc.type in ("troll", "shrine", "chest", "merchant"):
        found.append(error("ED-ACT-9", f"this effect always happens: record 'ed {loc.type}' (it may yield nothing)"))
    return found


def apply_none(state: EDState, event: Event) -> EDState:
    """Count the activation as done."""
    _consume(state, event)
    return state


#: event type → its rule check and the change it makes (see also ``JUDGED``)
CHECKS: dict[str, Any] = {
    "GROW": (check_grow, apply_grow),
    "SUMMON": (check_summon, apply_summon),
    "TROLL": (check_troll, apply_troll),
    "SHRINE": (check_shrine, apply_shrine),
    "CHEST": (check_chest, apply_chest),
    "MERCHANT": (check_merchant, apply_merchant),
    "MARKET": (check_market, apply_market),
    "NONE": (check_none, apply_none),
}

#: event type → its rule check, which also returns the tiles gained as it read them, and the change it makes with
#: them (the tiles' words are read once per play)
JUDGED: dict[str, Any] = {
    "VILLAGE": (check_village, apply_village),
    "GATHER": (check_gather, apply_gather),
}


#: one of a Folk, for "an Elf villager" (field report ED-V6)
ONE_OF = {"E": "Elf", "G": "Gnome", "O": "Goblin", "F": "Fairy", "J": "Joker", "N": "colourless"}


def _a(word: str) -> str:
    """``word`` with its article: ``an Elves``, ``a Gnomes``."""
    return ("an " if word[:1] in "AEIOU" else "a ") + word
