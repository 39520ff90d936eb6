"""Turn flow: Starting Tiles, flights, turn ends, table positions, Bonfires and the end trigger.

Rule IDs: ED-SETUP-12, ED-SETUP-13, ED-SETUP-14, ED-FLY-1…10, ED-SWARM-2, ED-SWARM-3, ED-SWARM-4, ED-PUSH-1…7, ED-ACT-1, ED-LAIR-1,
ED-BONFIRE-1, ED-BONFIRE-2, ED-BONFIRE-3, ED-END-1…5, ED-2P-4, ED-2P-6.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Finding, Findings, ask, block, error, warning

from .board import parse_kingdom
from .context import PayloadError, commit_names, new_tiles, piece_place
from .flight import FlightError, FlightResult, simulate
from .hexgrid import Cell, parse_cell, rotate_edges
from .lair import Lair
from .pieces import AUREA, is_wyrmling
from .rules_lair import pay_chambers, placement_hint, turns
from .state import EDState
from .tiles import START, START_MISSION, Tile


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
            "(or 'ed none REASON' if the effect is impossible)",
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


#: the plays of a turn in progress after its flight (the activations' event types are added by the game)
TURN_PLAYS = frozenset({"DONE", "PLACE", "REPLACE", "DISCARD"})


def move_on(state: EDState, event: Event, turn_plays: frozenset[str]) -> str | None:
    """ED-FLY-1: a play of the active Dragon's turn in progress (one of ``turn_plays``), forced and kept inert (the
    game cannot carry it out), still ends that turn, its activations and placements left undone (the table has
    moved on): the next player flies. Who flies next, or None when the turn stays where it is."""
    if (event.type not in turn_plays or state.over or state.turn < 0 or state.closed
            or event.player != state.active):
        return None
    close_turn(state)
    return "nobody: the game is over" if state.over else state.next_player


def close_turn(state: EDState) -> None:
    """End the current turn; after the last turn the game is over (ED-END-3)."""
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


def play_start(state: EDState, event: Event, found: Findings) -> EDState:
    """ED-SETUP-12, ED-SETUP-13, ED-SETUP-14: the Starting Tile and Mission(s) of a player, judged and laid in one
    pass (the Starting Tile goes straight into the Lair; the engine takes it back when a Mission is refused)."""
    player = state.players.get(event.player or "")
    if player is None:
        found.stop("ED-SETUP-12", "say whose Starting Tile this is (-p PLAYER)")
    if player.started:
        found.stop("ED-SETUP-12", f"{player.name}'s Starting Tile is already recorded; amend or void that event")
    try:
        items = list(event.get("missions", []))
        tiles = new_tiles(state, _start_items(event))
        cells = [parse_cell(str(m.get("at", ""))) for m in items]
        rots = [turns(tile, m) if tile.edges else int(m.get("rot", 0)) for tile, m in zip(tiles[1:], items)]
    except (PayloadError, ValueError, AttributeError) as exc:
        found.stop("ED-SETUP-12", str(exc))
    start, missions = tiles[0], tiles[1:]
    if start.kind != START or start.edges is None:
        found.stop("ED-SETUP-12", f"the Starting Tile must be written S…/EDGES, e.g. SG/WOOOWW (got {start.notation()})")
    want = 2 if state.n == 2 else 1  # ED-SETUP-13, ED-2P-3
    if len(missions) != want:
        found.error("ED-SETUP-13", f"each player places {want} Starting Mission{'s' if want > 1 else ''} "
                                   f"in a {state.n}-player game, not {len(missions)}")
    player.lair.place(start, (0, 0), int(event.get("rot", 0)))
    placements = list(zip(missions, cells, rots))
    problems = _mission_problems(player.lair, start, placements)
    if any(f.is_error for f in problems) and len(placements) == 2:  # 2 players: the Missions in either order
        if not _mission_problems(player.lair, start, placements[::-1]):
            problems = []
    found.extend(problems)
    if found.failed:
        return state
    commit_names(state, tiles)
    for tile, cell, rot in placements:
        formed = player.lair.place(tile, cell, rot)
        if formed and state.settings.get("setup.chamber_gold"):
            pay_chambers(state, player.name, formed, event.seq, "setup")
    player.started = True
    return state


def _mission_problems(base: Lair, start: Tile, placements: list[tuple[Tile, Cell, int]]) -> list[Finding]:
    """ED-SETUP-13, ED-SETUP-14 (A-05): the Starting Missions placed in this order on a Lair holding the
    Starting Tile: the first against the Starting Tile, open edge to open edge, the next against any tile."""
    lair = base.copy()
    found: list[Finding] = []
    for index, (tile, cell, rot) in enumerate(placements):
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
                                                  f"of the Starting Tile: {lair.placement_problem(cell, edges)}"
                                                  f"{placement_hint(lair, tile, cell)}"))
                continue
        problem = lair.placement_problem(cell, edges)
        if problem:
            found.append(error("ED-SETUP-14", f"{tile.name} cannot go on {cell[0]},{cell[1]}: {problem}"))
            continue
        lair.place(tile, cell, rot)
    return found


# -- FLY ----------------------------------------------------------------------------------------------


def _pushes(event: Event) -> dict[str, str]:
    result = {}
    for dragon, kingdom in dict(event.get("pushes", {})).items():
        result[str(dragon)] = parse_kingdom(str(kingdom))
    return result


def fly_findings(state: EDState, event: Event) -> tuple[list[Finding], FlightResult | None]:
    """ED-FLY-1 … ED-FLY-10, ED-PUSH-*, ED-SWARM-*, ED-END-4: whose turn, and the flight itself.

    Returns the findings and, on a described board, the simulated flight (simulated once: ``play_fly`` carries
    it out)."""
    if state.over or (state.last_turn is not None and state.turn >= state.last_turn and state.closed):
        return [block("ED-END-4", "the final round is over: no more turns; place chests ('ed chests') and score")], None
    found = close_problems(state)
    expected = state.next_player
    if event.player != expected:  # ED-FLY-1
        if event.player == AUREA:
            return found + [block("ED-2P-4", "Aurea never flies on her own; she moves only when pushed")], None
        found.append(error("ED-FLY-1", f"it is {expected}'s turn to fly, not {event.player}'s"))  # forced: it flies
    if state.last_turn is not None and state.turn + 1 > state.last_turn:
        return [block("ED-END-4", "the final round is over: no more turns")], None
    try:
        pushes = _pushes(event)
        valley = parse_kingdom(str(event.get("valley"))) if event.get("valley") else None
    except ValueError as exc:
        return found + [block("ED-FLY-6", str(exc))], None
    joins = _joins(event)
    if state.board is None:
        spaces = event.get("spaces")
        if spaces is not None and int(spaces) < 1:
            found.append(error("ED-FLY-3", "you must fly at least 1 space forward"))
        if len(joins) > len(state.pieces.rock):  # ED-SWARM-3
            found.append(block("ED-SWARM-3", f"only {len(state.pieces.rock)} Wyrmling(s) wait on the Dragon Rock, "
                                             f"so {len(joins)} cannot join"))
        movers = {event.player, *map(str, event.get("pushed", []))}
        for dragon in [*map(str, event.get("pushed", [])), *(d for d, _ in joins)]:
            if dragon not in state.pieces.swarms:
                found.append(block("ED-PUSH-1", f"{dragon!r} is not a Dragon in this game"))
        for index, (dragon, wyrm) in enumerate(joins):
            if dragon in state.pieces.swarms and dragon not in movers:  # ED-SWARM-2: only moved Dragons pass the Valley
                found.append(error("ED-SWARM-2", f"{dragon} did not move this turn, so it cannot pass the Valley and "
                                                 "take a Wyrmling; name it with --pushed too"))
            front = state.pieces.rock[index] if index < len(state.pieces.rock) else None
            if wyrm is not None and front is not None and wyrm != front:  # ED-SWARM-4: colour-blind, in Rock order
                found.append(error("ED-SWARM-4", f"the Wyrmling on the Rock's circle space joins first: {front}, not {wyrm}"))
        return found, None
    try:
        result = simulate(state.board, state.pieces, str(event.player), _dest(event), valley=valley, pushes=pushes,
                          spaces=int(event.get("spaces")) if event.get("spaces") is not None and not event.get("to") else None)
    except FlightError as exc:  # a flight the board cannot make is not carried out, even forced (a way not said: asked)
        found.append(ask(exc.rule, exc.message, exc.word) if exc.asks else block(exc.rule, exc.message))
        return found, None
    found.extend(_cross_check(state, event, result, joins))
    return found, result


def _joins(event: Event) -> list[tuple[str, str | None]]:
    """``["Rhed", "Blakkar=Blakkar.w2"]`` → [("Rhed", None), ("Blakkar", "Blakkar.w2")]."""
    result = []
    for item in list(event.get("joins", [])):
        dragon, sep, wyrm = str(item).partition("=")
        result.append((dragon.strip(), wyrm.strip() if sep else None))
    return result


def _cross_check(state: EDState, event: Event, result: Any, joins: list[tuple[str, str | None]]) -> list[Finding]:
    """Compare what the table saw (joins, final spaces) with the simulated flight (ED-SWARM-2, ED-SWARM-4,
    ED-PUSH-2, ED-PUSH-5, ED-PUSH-7, ED-FLY-8, ED-FLY-9)."""
    found: list[Finding] = []
    derived = [(d, w) for d, w in result.joins]

    def words() -> str:  # the joins in words, for a refusal only
        return ", ".join(f"{w} joins {d}" for d, w in derived) or "no Wyrmling joins"

    if "joins" in event.payload:
        stated_dragons = [d for d, _ in joins]
        if sorted(stated_dragons) != sorted(d for d, _ in derived):
            found.append(error("ED-SWARM-2", f"every Dragon passing the Valley takes the Rock's front Wyrmling: {words()}"))
        elif stated_dragons != [d for d, _ in derived] or any(w is not None and (d, w) not in derived for d, w in joins):
            found.append(error("ED-SWARM-4", f"Wyrmlings join in the order the Dragons enter the Valley: {words()}"))
    seen = event.get("seen", {})
    if isinstance(seen, dict) and not seen:  # (the usual case: the table states no final spaces)
        return found
    crossed = {d for d, _ in result.valley}
    for piece, space in dict(seen).items():
        actual = result.pieces.pos.get(str(piece))
        if actual == str(space):
            continue
        dragon = result.pieces.swarm_of(str(piece))
        if dragon == event.player:
            rule = "ED-FLY-8"
        elif dragon in crossed:
            rule = "ED-PUSH-5"
        elif dragon in result.moved:
            rule = "ED-PUSH-2"
        else:
            rule = "ED-PUSH-7"  # a Swarm neither flown nor pushed does not move
        found.append(error(rule, f"{piece} ends on {actual or 'no space'}, not {space} ({words()})"))
    return found


def _dest(event: Event) -> str | None:
    dest = event.get("to")
    return str(dest) if dest else None


def play_fly(state: EDState, event: Event, found: Findings) -> EDState:
    """Judge the flight (simulated once on a described board) and, when legal, carry it out."""
    findings, result = fly_findings(state, event)
    if findings:  # (most flights find nothing)
        found.extend(findings)
        if found.halted:
            return state
    state = apply_fly(state, event, result)
    found.infos.extend(flight_said(state, str(event.player)))
    return state


def flight_said(state: EDState, active: str) -> list[str]:
    """What the flight did, in words for the verdict: the Swarms pushed, the Wyrmlings that joined, and (on a
    described board) where each moved Swarm's pieces stand now."""
    flight = state.flight
    said = []
    if flight.get("pushed"):
        said.append(f"pushed: {', '.join(map(str, flight['pushed']))}")
    joins = [f"{j[1]} joins {j[0]}" if isinstance(j, list) else f"the Rock's front Wyrmling joins {j}"
             for j in flight.get("joins", [])]
    if joins:
        said.append("; ".join(joins))
    if state.board is not None:
        movers = [active, *[str(d) for d in flight.get("pushed", [])]]
        said += [f"{d}'s Swarm now: " + ", ".join(f"{m} {state.pieces.pos.get(m)}" for m in state.pieces.swarms[d])
                 for d in movers]
    return said


def apply_fly(state: EDState, event: Event, result: FlightResult | None) -> EDState:
    """Close the previous turn, start this one, move the pieces (as simulated) and queue the activations."""
    close_turn(state)
    state.turn += 1
    while state.order[state.turn % state.n] != str(event.player):  # ED-FLY-1 forced: the turn is the flyer's
        state.turn += 1
    state.closed = False
    state.activated = []
    active = str(event.player)
    if state.board is None or result is None:
        pushed = [str(d) for d in event.get("pushed", [])]
        for dragon, _ in _joins(event):  # ED-SWARM-2, ED-SWARM-4: the Rock's front Wyrmling joins
            state.pieces.swarms[dragon].append(state.pieces.rock.pop(0))
        movers = [active, *[d for d in pushed if d != active]]
        state.moved = [m for d in movers for m in state.pieces.swarms[d]]
        state.queue = []
        state.flight = {"to": event.get("to"), "spaces": event.get("spaces"), "pushed": pushed,
                        "joins": [d for d, _ in _joins(event)]}
        return state
    state.pieces = result.pieces
    state.moved = [m for d in result.moved for m in state.pieces.swarms[d]]
    state.queue = [p for p in result.order if state.board.location(state.pieces.pos[p]).type != "none"]
    state.flight = {"path": result.path, "pushed": result.moved[1:], "joins": [list(j) for j in result.joins],
                    "valley": [list(v) for v in result.valley], "order": result.order}
    return state


# -- DONE -------------------------------------------------------------------------------------------


def check_done(state: EDState, event: Event) -> list[Finding]:
    """ED-FLY-2: a turn in progress whose activations and placements are complete."""
    if state.turn < 0 or state.closed:
        return [error("ED-FLY-2", "no turn is in progress (the next player flies first)")]
    return close_problems(state)


def apply_done(state: EDState, event: Event) -> EDState:
    """Close the turn."""
    close_turn(state)
    return state


# -- POSITIONS: what the table shows ---------------------------------------------------------------


def check_positions(state: EDState, event: Event) -> list[Finding]:
    """A table correction of piece positions (always flagged; ED-FLY-9: one piece per space)."""
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
            trail = list(spec.get("trail", []))
            if len(trail) != len(list(spec.get("members", []))):
                return [error("ED-FLY-9", f"give the space of each Wyrmling in {dragon}'s Swarm (trail, front to back)")]
            if any(str(x) not in state.board.kingdom for x in trail):
                return [error("ED-FLY-9", f"{dragon}'s trail names a space that is not on the board")]
            spaces.extend(map(str, trail))
        if len(spaces) != len(set(spaces)):
            return [error("ED-FLY-9", "two pieces on one space")]
    return found


def play_positions(state: EDState, event: Event, found: Findings) -> EDState:
    """Judge the stated positions, set them, and check that every Wyrmling is still somewhere (the engine puts
    the pieces back when it is not)."""
    findings = check_positions(state, event)
    errors = [f for f in findings if f.is_error]
    if errors:  # positions the game cannot set are not set, even forced
        found.stop(errors[0].rule, errors[0].message)
    wyrms = set(state.pieces.all_wyrmlings())
    apply_positions(state, event)
    lost = sorted(wyrms - set(state.pieces.all_wyrmlings()))
    if lost:  # every Wyrmling is somewhere: a Swarm, a Lair or the Rock
        found.ask("ED-SWARM-1", f"say where {', '.join(lost)} {'is' if len(lost) == 1 else 'are'} "
                                 "(a Swarm, a Lair or the Rock)")
    found.extend(findings)
    return state


def apply_positions(state: EDState, event: Event) -> EDState:
    """Set the Swarms, the Rock and the Lairs' Wyrmlings as stated."""
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
    """ED-BONFIRE-1, ED-BONFIRE-3: one Bonfire per stack, revealed at the predicted draw."""
    stack = str(event.get("stack", "")).upper()
    if stack not in state.stack_size:
        return [block("ED-BONFIRE-1", f"{stack!r} is not a Lair stack; stacks are {', '.join(state.stack_size)}")]
    if stack in state.bonfires:
        return [block("ED-BONFIRE-1", f"stack {stack}'s Bonfire was already revealed (one per stack)")]
    predicted = state.stack_size[stack] - 3  # ED-BONFIRE-1
    drawn = state.draws[stack]
    if drawn < predicted:  # ED-BONFIRE-3: refused (a typo would bring the end forward); --force when the table confirms
        return [error("ED-BONFIRE-3", f"stack {stack}'s Bonfire lies under its {predicted}th tile, but only {drawn} "
                                      "tile(s) were recorded from it; if the stack really was set up so, record it "
                                      "with --force")]
    return []


def apply_bonfire(state: EDState, event: Event) -> EDState:
    """Count the Bonfire; the T-th triggers the end (ED-END-1)."""
    state.bonfires.append(str(event.get("stack", "")).upper())  # ED-BONFIRE-2
    threshold = int(state.settings.get("bonfires", 4))
    if len(state.bonfires) == threshold and state.end_trigger_turn is None:  # ED-END-1
        state.end_trigger_turn = max(state.turn, 0)  # ED-END-2, ED-END-3: this turn finishes, then the rounds
    return state  # ED-END-5: later Bonfires change nothing


def predicted_bonfires(state: EDState) -> list[str]:
    """Stacks whose Bonfire should be showing by the draw count but is not recorded (ED-BONFIRE-1)."""
    return bonfires_due(state.stack_size, state.draws, state.bonfires)


def bonfires_due(sizes: dict[str, int], draws: dict[str, int], revealed: list[str]) -> list[str]:
    """``predicted_bonfires`` from the stack sizes, the draws and the Bonfires recorded (ED-BONFIRE-1)."""
    return [s for s, size in sizes.items() if draws[s] >= size - 3 and s not in revealed]


def uncover_bonfires(state: EDState, before: list[str], seq: int) -> list[str]:
    """ED-BONFIRE-1: the Bonfires that the draws of event ``seq`` uncovered (not showing in ``before``): remember
    the draw (an unrecorded reveal is flagged there) and say so in its verdict."""
    said = []
    for stack in predicted_bonfires(state):
        if stack not in before:
            state.uncovered[stack] = seq
            said.append(f"stack {stack}'s Bonfire shows now (this draw uncovered it): "
                        f"record it with 'ed bonfire {stack}'")
    return said


def ask_bonfire(state: EDState, found: Findings) -> None:
    """ED-BONFIRE-1 (field report ED-R1): a Bonfire the recorded draws uncovered is revealed at once, and the
    4th triggers the end: until it is recorded with 'ed bonfire', every other play is asked for it first (an
    ask, forced or not), so that the end cannot be missed. Once the game is over, later Bonfires change nothing
    (ED-END-5) and nothing is asked."""
    due = predicted_bonfires(state)
    if due and not state.over:
        stack = due[0]
        drawn = f" (the draw of #{state.uncovered[stack]} uncovered it)" if stack in state.uncovered else ""
        found.ask("ED-BONFIRE-1", f"stack {stack}'s Bonfire shows{drawn}: record it first with "
                                  f"'ed bonfire {stack}'")


def unrecorded_bonfires(state: EDState) -> list[Finding]:
    """ED-BONFIRE-1: a warning for each Bonfire due by the draw count but never recorded, at the draw that
    uncovered it."""
    return [replace(warning("ED-BONFIRE-1", f"stack {s} has reached its Bonfire but no reveal was recorded "
                                            f"('ed bonfire {s}')"), seq=state.uncovered.get(s))
            for s in predicted_bonfires(state)]

