"""Turn flow: Starting Tiles, flights, turn ends, table positions, Bonfires and the end trigger.

Rule IDs: ED-SETUP-12, ED-SETUP-13, ED-SETUP-14, ED-FLY-1…10, ED-SWARM-2, ED-SWARM-3, ED-SWARM-4, ED-PUSH-1…7, ED-ACT-1, ED-LAIR-1,
ED-BONFIRE-1, ED-BONFIRE-2, ED-BONFIRE-3, ED-END-1…5, ED-2P-4, ED-2P-6.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.events import Event
from scorekeeper.games.base import Finding, error, warning

from .board import KINGDOMS, parse_kingdom
from .common import PayloadError, commit_names, new_tiles, piece_place
from .flight import FlightError, simulate
from .hexgrid import parse_cell, rotate_edges
from .pieces import AUREA, AUREUS, VALLEY, is_wyrmling, owner
from .state import EDState
from .tiles import MERCHANT, START, START_MISSION


# -- closing a turn ------------------------------------------------------------------------------


def close_problems(state: EDState) -> list[Finding]:
    """What still has to happen before the current turn may end (ED-ACT-1, ED-LAIR-1)."""
    if state.turn < 0 or state.closed:
        return []
    found = []
    if state.queue:
        found.append(error(
            "ED-ACT-1",
            f"{piece_place(state, state.queue[0])} has not activated its Location yet: record it first "
            "(or 'ed none --reason …' if the effect is impossible)",
        ))
    for player in state.players.values():
        if player.pending:
            names = ", ".join(t.name for t in player.pending)
            found.append(error(
                "ED-LAIR-1",
                f"{player.name} has not placed {names} yet: place them ('ed place') or, if no cell fits, "
                "set them aside ('ed discard')",
            ))
    return found


def close_turn(state: EDState) -> None:
    if state.turn < 0 or state.closed:
        return
    state.closed = True
    state.queue = []
    last = state.last_turn
    if last is not None and state.turn >= last:  # ED-END-3: the final round is over
        state.over = True


# -- START: Starting Tile and Starting Mission(s) --------------------------------------------------


def _start_items(event: Event) -> list[str]:
    """The Starting Tile and Mission specs, named ``S-PLAYER``, ``M1-PLAYER``… unless named ``NAME=SPEC``."""
    player = event.player or "?"
    items = [str(event.get("tile", ""))] + [str(m.get("tile", "")) for m in list(event.get("missions", []))]
    named = []
    for index, item in enumerate(items):
        if "=" in item:
            named.append(item)
        else:
            named.append(f"{'S' if index == 0 else 'M' + str(index)}-{player}={item}")
    return named


def check_start(state: EDState, event: Event) -> list[Finding]:
    player = state.players.get(event.player or "")
    if player is None:
        return [error("ED-SETUP-12", "say whose Starting Tile this is (-p PLAYER)")]
    if player.started:
        return [error("ED-SETUP-12", f"{player.name}'s Starting Tile is already recorded; amend or void that event")]
    try:
        items = list(event.get("missions", []))
        tiles = new_tiles(state, _start_items(event))
        cells = [parse_cell(str(m.get("at", ""))) for m in items]
        rots = [int(m.get("rot", 0)) for m in items]
    except (PayloadError, ValueError, AttributeError) as exc:
        return [error("ED-SETUP-12", str(exc))]
    start, missions = tiles[0], tiles[1:]
    found: list[Finding] = []
    if start.kind != START or start.edges is None:
        found.append(error("ED-SETUP-12", f"the Starting Tile must be written S…/EDGES, e.g. SG/WOOOWW (got {start.notation()})"))
        return found
    want = 2 if state.n == 2 else 1  # ED-SETUP-13, ED-2P-3
    if len(missions) != want:
        found.append(error("ED-SETUP-13", f"each player places {want} Starting Mission{'s' if want > 1 else ''} "
                                          f"in a {state.n}-player game, not {len(missions)}"))
        return found
    lair = player.lair.copy()
    lair.place(start, (0, 0), int(event.get("rot", 0)))
    for index, (tile, cell, rot) in enumerate(zip(missions, cells, rots)):
        if tile.kind != START_MISSION or tile.edges is None:
            found.append(error("ED-SETUP-13", f"{tile.name} must be a Starting Mission written SM/EDGES/market:…"))
            continue
        edges = rotate_edges(tile.edges, rot)
        if index == 0:  # ED-SETUP-14: the first Mission meets the Starting Tile open edge to open edge
            touching = [c for c in lair.contacts(cell, edges) if c[1] == start.name]
            if not touching:
                found.append(error("ED-SETUP-14", f"the Starting Mission must be placed next to the Starting Tile "
                                                  f"(cell {cell[0]},{cell[1]} is not next to 0,0)"))
                continue
            if not any(m == "O" and t == "O" for _, name, m, t in touching):
                found.append(error("ED-SETUP-14", "the Starting Mission needs an open edge against an open edge "
                                                  "of the Starting Tile"))
                continue
        problem = lair.placement_problem(cell, edges)
        if problem:
            found.append(error("ED-SETUP-14", f"{tile.name} cannot go on {cell[0]},{cell[1]}: {problem}"))
            continue
        lair.place(tile, cell, rot)
    return found


def apply_start(state: EDState, event: Event) -> EDState:
    player = state.players[event.player or ""]
    items = list(event.get("missions", []))
    tiles = new_tiles(state, _start_items(event))
    commit_names(state, tiles)
    player.lair.place(tiles[0], (0, 0), int(event.get("rot", 0)))  # ED-SETUP-12
    for tile, item in zip(tiles[1:], items):
        cell = parse_cell(str(item.get("at", "")))
        formed = player.lair.place(tile, cell, int(item.get("rot", 0)))
        if formed and state.settings.get("setup.chamber_gold"):
            from .rules_lair import pay_chambers
            pay_chambers(state, player.name, formed, event.seq, "setup")
    player.started = True
    return state


# -- FLY ----------------------------------------------------------------------------------------------


def _pushes(event: Event) -> dict[str, str]:
    result = {}
    for dragon, kingdom in dict(event.get("pushes", {})).items():
        result[str(dragon)] = parse_kingdom(str(kingdom))
    return result


def check_fly(state: EDState, event: Event) -> list[Finding]:
    if state.over or (state.last_turn is not None and state.turn >= state.last_turn and state.closed):
        return [error("ED-END-4", "the final round is over: no more turns; place chests ('ed chests') and score")]
    found = close_problems(state)
    expected = state.next_player if (state.closed or state.turn < 0) else state.next_player
    if event.player != expected:  # ED-FLY-1
        if event.player == AUREA:
            found.append(error("ED-2P-4", "Aurea never flies on her own; she moves only when pushed"))
        else:
            found.append(error("ED-FLY-1", f"it is {expected}'s turn to fly, not {event.player}'s"))
        return found
    if state.last_turn is not None and state.turn + 1 > state.last_turn:
        return [error("ED-END-4", "the final round is over: no more turns")]
    try:
        pushes = _pushes(event)
        valley = parse_kingdom(str(event.get("valley"))) if event.get("valley") else None
    except ValueError as exc:
        return found + [error("ED-FLY-6", str(exc))]
    if state.board is None:
        spaces = event.get("spaces")
        if spaces is not None and int(spaces) < 1:
            found.append(error("ED-FLY-3", "you must fly at least 1 space forward"))
        joins = list(event.get("joins", []))
        if len(joins) > len(state.pieces.rock):  # ED-SWARM-3
            found.append(error("ED-SWARM-3", f"only {len(state.pieces.rock)} Wyrmling(s) wait on the Dragon Rock, "
                                             f"so {len(joins)} cannot join"))
        movers = {event.player, *map(str, event.get("pushed", []))}
        for dragon in [*map(str, event.get("pushed", [])), *map(str, joins)]:
            if dragon not in state.pieces.swarms:
                found.append(error("ED-PUSH-1", f"{dragon!r} is not a Dragon in this game"))
        for dragon in map(str, joins):
            if dragon in state.pieces.swarms and dragon not in movers:  # ED-SWARM-2: only moved Dragons pass the Valley
                found.append(error("ED-SWARM-2", f"{dragon} did not move this turn, so it cannot pass the Valley and "
                                                 "take a Wyrmling; name it with --pushed too"))
        return found
    try:
        simulate(state.board, state.pieces, str(event.player), _dest(event), valley=valley, pushes=pushes,
                 spaces=int(event["spaces"]) if event.get("spaces") is not None and not event.get("to") else None)
    except FlightError as exc:
        found.append(error(exc.rule, exc.message))
    except (ValueError, KeyError) as exc:
        found.append(error("ED-FLY-3", f"cannot read this flight: {exc}"))
    return found


def _dest(event: Event) -> str | None:
    dest = event.get("to")
    return str(dest) if dest else None


def apply_fly(state: EDState, event: Event) -> EDState:
    close_turn(state)
    state.turn += 1
    state.closed = False
    state.activated = []
    active = str(event.player)
    if state.board is None:
        pushed = [str(d) for d in event.get("pushed", [])]
        for dragon in map(str, event.get("joins", [])):  # ED-SWARM-2, ED-SWARM-4: the Rock's front Wyrmling joins
            state.pieces.swarms[dragon].append(state.pieces.rock.pop(0))
        movers = [active, *[d for d in pushed if d != active]]
        state.moved = [m for d in movers for m in state.pieces.swarms[d]]
        state.queue = []
        state.flight = {"to": event.get("to"), "spaces": event.get("spaces"), "pushed": pushed,
                        "joins": list(event.get("joins", []))}
        return state
    valley = parse_kingdom(str(event.get("valley"))) if event.get("valley") else None
    result = simulate(state.board, state.pieces, active, _dest(event), valley=valley, pushes=_pushes(event),
                      spaces=int(event["spaces"]) if event.get("spaces") is not None and not event.get("to") else None)
    state.pieces = result.pieces
    state.moved = [m for d in result.moved for m in state.pieces.swarms[d]]
    state.queue = [p for p in result.order if state.board.location(state.pieces.pos[p]).type != "none"]
    state.flight = {"path": result.path, "pushed": result.moved[1:], "joins": [list(j) for j in result.joins],
                    "valley": [list(v) for v in result.valley], "order": result.order}
    return state


# -- DONE -------------------------------------------------------------------------------------------


def check_done(state: EDState, event: Event) -> list[Finding]:
    if state.turn < 0 or state.closed:
        return [error("ED-FLY-2", "no turn is in progress (the next player flies first)")]
    return close_problems(state)


def apply_done(state: EDState, event: Event) -> EDState:
    close_turn(state)
    return state


# -- POSITIONS: what the table shows ---------------------------------------------------------------


def check_positions(state: EDState, event: Event) -> list[Finding]:
    found = [warning("ED-FLY-9", "piece positions set as the table shows them (a correction, not a play)")]
    known_dragons = set(state.pieces.swarms)
    wyrms = set(state.pieces.all_wyrmlings())
    seen: list[str] = []
    for dragon, spec in dict(event.get("swarms", {})).items():
        if dragon not in known_dragons:
            return [error("ED-SWARM-1", f"{dragon!r} is not a Dragon of this game ({', '.join(sorted(known_dragons))})")]
        members = list(spec.get("members", [])) if isinstance(spec, dict) else list(spec)
        seen.append(dragon)
        for m in members:
            if m not in wyrms:
                return [error("ED-SWARM-1", f"{m!r} is not a Wyrmling of this game")]
            seen.append(m)
    for m in list(event.get("rock", [])) + [w for ws in dict(event.get("lairs", {})).values() for w in ws]:
        if m not in wyrms:
            return [error("ED-SWARM-1", f"{m!r} is not a Wyrmling of this game")]
        seen.append(m)
    if len(seen) != len(set(seen)):
        return [error("ED-FLY-9", "a piece is listed twice")]
    if state.board is not None:
        spaces: list[str] = []
        for dragon, spec in dict(event.get("swarms", {})).items():
            at = spec.get("at") if isinstance(spec, dict) else None
            if at not in state.board.kingdom:
                return [error("ED-FLY-9", f"say on which space {dragon} stands (at=SPACE)")]
            spaces.append(str(at))
            spaces.extend(map(str, spec.get("trail", [])))
        if len(spaces) != len(set(spaces)):
            return [error("ED-FLY-9", "two pieces on one space")]
    return found


def apply_positions(state: EDState, event: Event) -> EDState:
    p = state.pieces
    listed = set(event.get("rock", [])) | {w for ws in dict(event.get("lairs", {})).values() for w in ws}
    swarms = dict(event.get("swarms", {}))
    for spec in swarms.values():
        listed |= set(spec.get("members", []) if isinstance(spec, dict) else spec)
    for dragon in swarms:
        p.swarms[dragon] = [dragon]
    for members in p.swarms.values():
        members[1:] = [m for m in members[1:] if m not in listed]
    if "rock" in event.payload:
        p.rock = list(event.get("rock"))
    for player, wyrms in dict(event.get("lairs", {})).items():
        p.lairs[player] = list(wyrms)
    for name, wyrms in p.lairs.items():
        if name not in dict(event.get("lairs", {})):
            p.lairs[name] = [w for w in wyrms if w not in listed]
    p.rock = [w for w in p.rock if w not in listed or w in event.get("rock", [])]
    for dragon, spec in swarms.items():
        members = list(spec.get("members", [])) if isinstance(spec, dict) else list(spec)
        p.swarms[dragon] = [dragon, *members]
        if state.board is not None and isinstance(spec, dict):
            if dragon in p.start_stack:
                p.start_stack.remove(dragon)
            p.pos[dragon] = str(spec["at"])
            for member, space in zip(members, spec.get("trail", [])):
                p.pos[member] = str(space)
    for piece in list(p.pos):
        if is_wyrmling(piece) and p.swarm_of(piece) is None:
            del p.pos[piece]
    return state


# -- BONFIRE ----------------------------------------------------------------------------------------


def check_bonfire(state: EDState, event: Event) -> list[Finding]:
    stack = str(event.get("stack", "")).upper()
    if stack not in state.stack_size:
        return [error("ED-BONFIRE-1", f"{stack!r} is not a Lair stack; stacks are {', '.join(state.stack_size)}")]
    if stack in state.bonfires:
        return [error("ED-BONFIRE-1", f"stack {stack}'s Bonfire was already revealed (one per stack)")]
    predicted = state.stack_size[stack] - 3  # ED-BONFIRE-1
    drawn = state.draws[stack]
    if drawn < predicted:  # ED-BONFIRE-3: flagged, the table's reality prevails
        return [warning("ED-BONFIRE-3", f"stack {stack}'s Bonfire lies under its {predicted}th tile, "
                                        f"but only {drawn} tile(s) were recorded from it")]
    return []


def apply_bonfire(state: EDState, event: Event) -> EDState:
    state.bonfires.append(str(event.get("stack", "")).upper())  # ED-BONFIRE-2
    threshold = int(state.settings.get("bonfires", 4))
    if len(state.bonfires) == threshold and state.end_trigger_turn is None:  # ED-END-1
        state.end_trigger_turn = max(state.turn, 0)  # ED-END-2, ED-END-3: this turn finishes, then the rounds
    return state  # ED-END-5: later Bonfires change nothing


def predicted_bonfires(state: EDState) -> list[str]:
    """Stacks whose Bonfire should be showing by the draw count but is not recorded (ED-BONFIRE-1)."""
    return [s for s, size in state.stack_size.items() if state.draws[s] >= size - 3 and s not in state.bonfires]


__all__ = ["KINGDOMS", "VALLEY", "AUREUS", "owner", "MERCHANT"]
