"""Phase II, Expand Lair: placing gained tiles, Chamber Gold, the Mission limit (ED-LAIR-*, ED-CHAMBER-*,
ED-MISSION-*, ED-GOLD-2)."""

from __future__ import annotations

from typing import Any, Sequence

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Finding, Findings, block, error, warning

from .board import parse_kingdom
from .context import PayloadError
from .hexgrid import Cell, Vertex, format_cell, parse_cell, rotate_edges, rotations_matching
from .lair import Lair, chamber_pays, colour_set
from .state import EDState
from .notation import TileSpecError, parse_tile
from .tiles import Tile

MISSION_LIMIT = 5
Placement = tuple[Tile, Cell, int]  # a tile, its cell and its clockwise turns


def _placements(state: EDState, event: Event, command: str = "place") -> list[Placement]:
    """The (tile with its face, cell, rotation) triples of a PLACE event; PayloadError if unreadable.

    ``command`` is the table's command, so that a missing face is asked for in that command's syntax."""
    player = state.players[str(event.player)]
    pending = {t.name: t for t in player.pending}
    result = []
    for item in list(event.get("tiles", [])):
        name = str(item.get("tile", ""))
        if name not in pending:
            held = ", ".join(pending) or "none"
            raise PayloadError(f"{player.name} holds no gained tile {name!r} this turn (held: {held})")
        tile = pending[name]
        if item.get("face"):
            try:
                face = parse_tile(str(item["face"]), name)
            except TileSpecError as exc:
                raise PayloadError(str(exc)) from None
            if face.kind != tile.kind or (face.colour != tile.colour and face.colour != "N"):
                raise PayloadError(f"{name} was taken as {tile.face_notation()}, but the face says {face.face_notation()}")
            tile = tile.with_face(face)
        try:
            cell = parse_cell(str(item.get("at", "")))
        except ValueError as exc:
            raise PayloadError(str(exc)) from None
        if tile.edges is None:  # the face may be typed at placement
            example = f"{tile.face_notation()}/OWWOWW"
            how = (f"ed place {name}={example}@{format_cell(cell)}" if command == "place"
                   else f"ed {command} … --face {example}")
            raise PayloadError(f"{name}'s face (edges, symbols) is not known yet: type it, e.g. {how}")
        result.append((tile, cell, turns(tile, item)))
    if not result:
        raise PayloadError("name at least one tile to place")
    return result


def turns(tile: Tile, item: dict) -> int:
    """The clockwise turns of a placement ``item``: its ``rot``, or the turn that shows its ``seen`` edges (the
    tile's edges as they lie in the Lair, N NE SE S SW NW); PayloadError when unreadable or when no turn of the
    printed face shows them (ED-LAIR-5)."""
    rot = item.get("rot", 0)
    if not isinstance(rot, int) or not 0 <= rot <= 5:
        raise PayloadError(f"rotation {rot!r}: give 0–5 clockwise turns of 60°")
    seen = str(item.get("seen") or "").upper()
    if not seen:
        return rot
    if len(seen) != 6 or set(seen) - {"O", "W"}:
        raise PayloadError(f"edges as seen {seen!r}: six letters O (open) / W (wall), N NE SE S SW NW")
    matching = rotations_matching(str(tile.edges), seen)
    if not matching:
        shown = ", ".join(f"r{r} {rotate_edges(str(tile.edges), r)}" for r in range(6))
        raise PayloadError(f"{tile.name} is printed {tile.edges}: no turn of it shows {seen} (its turns: {shown})")
    if rot and rot not in matching:
        raise PayloadError(f"{tile.name} turned {rot} shows {rotate_edges(str(tile.edges), rot)}, not {seen}")
    return rot or matching[0]


def with_seen_turn(item: dict[str, Any], spec: str | None, held: Tile | None = None) -> dict[str, Any]:
    """A placement typed with its edges as seen, with the turn that shows them (for the log), read from the face
    ``spec`` typed or the ``held`` tile's; unchanged when the turn cannot be told (the play then says why)."""
    if not item.get("seen") or item.get("rot"):
        return item
    try:
        edges = parse_tile(spec, "tile").edges if spec else held.edges if held else None
    except TileSpecError:
        return item
    matching = rotations_matching(str(edges), str(item["seen"]).upper()) if edges else []
    return {**item, "rot": matching[0]} if matching else item


def lay_what_fits(lair: Lair, batch: Sequence[Placement], any_order: bool) -> tuple[list[Placement], list[Finding], Lair,
                                                                                  list[list[Vertex]]]:
    """Lay the batch on a copy of ``lair``: in the recorded order, or with ``any_order`` (A-27) each tile as soon as
    it fits, until none more does — exact, since a tile laid never takes away another's open contact. Returns the
    tiles laid, in the order laid, a refusal for each tile left out (judged when its turn came in the recorded
    order, or with ``any_order`` once no other tile fits), and the copy with the Chambers each laid tile closed
    there (for ``play_place`` to carry the batch out without working the Chambers out again)."""
    trial, laid, left, refused = lair.copy(), [], list(batch), []
    formed: list[list[Vertex]] = []
    progress = True
    while progress and left:
        progress = False
        for item in list(left):
            tile, cell, rot = item
            if trial.placement_problem(cell, rotate_edges(str(tile.edges), rot)) is None:
                formed.append(trial.place(tile, cell, rot))
                laid.append(item)
                left.remove(item)
                progress = True
            elif not any_order:
                refused.append(bad_tile(trial, tile, cell, rot))
                left.remove(item)
    if left:  # (rarely: some tile fits nowhere it was typed)
        refused += [bad_tile(trial, tile, cell, rot) for tile, cell, rot in left]
    return laid, refused, trial, formed


def bad_tile(trial: Lair, tile: Tile, cell: Cell, rot: int) -> Finding:
    """ED-LAIR-2, ED-LAIR-3: the refusal of one tile that cannot go where it was typed, judged on ``trial`` (the
    Lair with the batch's other tiles laid): the wrong edges and what fits there."""
    problem = str(trial.placement_problem(cell, rotate_edges(str(tile.edges), rot)))
    rule = "ED-LAIR-2" if ("does not touch" in problem or "already holds" in problem) else "ED-LAIR-3"
    return (block if "already holds" in problem else error)(rule, f"{tile.name} on {format_cell(cell)} turned {rot}: {problem}{placement_hint(trial, tile, cell)}")


def placement_hint(lair: Lair, tile: Tile, cell: Cell) -> str:
    """What would be legal instead (ED-LAIR-3): the turns that fit on ``cell``, else the cells that fit."""
    rots = lair.legal_rotations(tile, cell)
    if rots:
        seen = ", ".join(rotate_edges(str(tile.edges), r) for r in rots)
        return f"; legal turns there: {', '.join(map(str, rots))} (edges as seen: {seen})"
    places = [format_cell(c) for c, _ in lair.open_places() if lair.legal_rotations(tile, c)]
    if places:
        return f"; no turn fits there — it fits at {', '.join(places[:6])}"
    return "; it fits nowhere in this Lair (set it aside with 'ed discard')"


def _activations_pending(state: EDState) -> bool:
    """ED-ACT-8: with a board the engine knows when Phase I is over; before that no tile is placed, replaced or
    set aside."""
    return state.board is not None and bool(state.queue) and not state.closed


#: a batch laid on a copy of the Lair with none refused: the copy, and the Chambers each tile closed there in turn
Laid = tuple[Lair, list[list[Vertex]]]


def place_findings(state: EDState, event: Event) -> tuple[list[Finding], list[Placement], Laid | None]:
    """ED-LAIR-1 … ED-LAIR-8, ED-MISSION-1, ED-ACT-8: gained tiles on legal cells and rotations.

    Returns the findings, the batch in an order that is legal (the recorded one, or with ``lair.batch_order``
    any_legal another: A-27), for ``play_place`` to lay without trying again, and, when every tile of it was laid
    on a copy of the Lair, that copy with the Chambers each tile closed (None otherwise)."""
    player = state.players.get(str(event.player))
    if player is None:
        return [block("ED-LAIR-1", "say whose Lair this is (-p PLAYER)")], [], None
    found: list[Finding] = []
    if not player.started:
        found.append(error("ED-SETUP-12", f"record {player.name}'s Starting Tile and Mission first ('ed start')"))
    if _activations_pending(state):
        found.append(error("ED-ACT-8", "tiles are placed only after every activation of the turn"))
    try:
        batch = _placements(state, event)
    except PayloadError as exc:
        return found + [block("ED-LAIR-5", str(exc))], [], None
    if found:
        return found, batch, None
    missions = len(player.missions)
    new_missions = sum(1 for t, _, _ in batch if t.mission is not None)
    if missions + new_missions > MISSION_LIMIT:  # ED-MISSION-1, ED-LOC-MERCHANT-5
        return [error("ED-MISSION-1", f"{player.name}'s Lair already holds {missions} Missions (at most 5): "
                                      "replace one instead ('ed replace')")], batch, None
    any_order = state.settings.get("lair.batch_order", "any_legal") == "any_legal"  # ED-LAIR-7
    laid, refused, trial, formed = lay_what_fits(player.lair, batch, any_order)  # ED-LAIR-2, ED-LAIR-3, ED-LAIR-4, ED-LAIR-8
    if refused:  # every tile that cannot go where it was typed, each with what fits there
        found += refused
        return found, batch, None
    return found, laid, (trial, formed)  # ED-LAIR-7: laid in the legal order found (play_place says so)


def play_place(state: EDState, event: Event, found: Findings) -> EDState:
    """Judge the batch once and, when legal, lay it in the legal order found, paying the Chambers it closes."""
    findings, batch, laid = place_findings(state, event)
    found.extend(findings)
    if found.items and found.halted:
        return state
    typed = [str(p.get("tile", "")).partition("=")[0].upper() for p in event.get("tiles") or [] if isinstance(p, dict)]
    if laid is not None and [t.name.upper() for t, _, _ in batch] != typed:
        # ED-LAIR-7: the tiles go down together, so another legal order is no fault: said, never flagged (ED-V7)
        found.info("the tiles go down together (ED-LAIR-7); laid in the order " + ", ".join(t.name for t, _, _ in batch))
    player = state.players[str(event.player)]
    lair = player.lair
    for index, (tile, cell, rot) in enumerate(batch):
        if laid is None:  # forced past a refusal: laid here as typed
            formed = lair.place(tile, cell, rot)  # ED-CHAMBER-1, ED-CHAMBER-2
        else:  # the tile as laid on the copy, in the same order, with the Chambers it closed there
            trial, closed = laid
            lair.cells[cell] = trial.cells[cell]
            formed = closed[index]
            lair.chambers.update(formed)  # ED-CHAMBER-1, ED-CHAMBER-2
        if formed:
            pay_chambers(state, player.name, formed, event.seq, f"placed {tile.name}")
        player.pending = [t for t in player.pending if t.name != tile.name]
    if not player.lair.has_open_place():  # ED-LAIR-6: from now on every gained tile is set aside
        found.info(f"{player.name}'s Lair has no open place left: a tile gained from now on fits nowhere "
                   f"(set it aside with 'ed discard', no face needed)")
    return state  # ED-GOLD-2: printed Gold is not paid now


def pay_chambers(state: EDState, player: str, formed: Sequence[Vertex], seq: int, why: str) -> int:
    """ED-CHAMBER-3, ED-CHAMBER-4, ED-CHAMBER-6, ED-CHAMBER-7: 1 Gold per newly formed Chamber whose tiles read as one or three colours."""
    lair = state.players[player].lair
    none = str(state.settings.get("colour.none", "no_match"))
    paid = 0
    for vertex in formed:
        tiles = lair.chamber_tiles(vertex)
        if chamber_pays(tiles, none):
            names = "+".join(t.name for t in tiles)
            state.gain(player, 1, f"Chamber {names} ({why})", seq)
            paid += 1
    return paid


def unpaid_chambers(state: EDState, before: dict[str, set[Vertex]]) -> list[str]:
    """ED-CHAMBER-4, ED-CHAMBER-7 (field report ED-V2): the Chambers formed since ``before`` (each player's
    Chambers then) that paid no Gold, and why, for the verdict (Lair Tours and Specialists still count them)."""
    none = str(state.settings.get("colour.none", "no_match"))
    said = []
    for name, player in state.players.items():
        for vertex in sorted(player.lair.chambers - before.get(name, set()), key=sorted):
            tiles = player.lair.chamber_tiles(vertex)
            if chamber_pays(tiles, none):
                continue
            names = "+".join(t.name for t in tiles)
            colourless = [t.name for t in tiles if not colour_set(t, none)]
            why = (f"{', '.join(colourless)} shows no colour (colour.none={none})" if colourless
                   else "its tiles show exactly two colours")
            said.append(f"{name}'s Chamber {names} formed: {why}, no Gold")
    return said


# -- Mission replacement -----------------------------------------------------------------------------------


def play_replace(state: EDState, event: Event, found: Findings) -> EDState:
    """ED-MISSION-2, ED-MISSION-3: a Mission tile replaced in its cell by a gained Mission tile, judged on the Lair
    itself once the old Mission is out (the engine puts it back when the new one does not fit)."""
    player = state.players.get(str(event.player))
    if player is None:
        found.stop("ED-MISSION-2", "say whose Lair this is (-p PLAYER)")
    if _activations_pending(state):
        found.error("ED-ACT-8", "a Mission is replaced only after every activation of the turn")
    removed = str(event.get("remove", ""))
    cell = player.lair.cell_of(removed)
    if cell is None or player.lair.cells[cell].tile.mission is None:
        missions = ", ".join(t.name for t in player.missions) or "none"
        found.stop("ED-MISSION-2", f"{removed!r} is not a Mission tile in {player.name}'s Lair (Missions: {missions})")
    try:
        item = {"tile": event.get("tile"), "at": format_cell(cell), "rot": event.get("rot", 0), "face": event.get("face")}
        fake = Event(event.seq, "PLACE", event.player, {"tiles": [item]})
        tile, _, rot = _placements(state, fake, "replace")[0]
        under = parse_kingdom(str(event.get("under", "")))
    except (PayloadError, ValueError) as exc:
        found.stop("ED-MISSION-2", str(exc))
    if tile.mission is None:
        found.stop("ED-MISSION-2", f"{tile.name} shows no Mission: place it normally ('ed place')")
    if len(player.missions) < MISSION_LIMIT:
        found.warn("ED-MISSION-2", f"{player.name} holds only {len(player.missions)} Missions; "
                                   "a replacement is needed only for a 6th")
    old = player.lair.remove(cell)  # ED-MISSION-4: Chambers relying on it disappear
    if state.settings.get("mission.replace_rule", "enforce") == "enforce":  # ED-MISSION-3
        problem = player.lair.placement_problem(cell, rotate_edges(str(tile.edges), rot))
        if problem:
            found.error("ED-MISSION-3", f"{tile.name} in {removed}'s place turned {rot}: {problem}"
                                       f"{placement_hint(player.lair, tile, cell)}")
    player.lair.place(tile, cell, rot)  # new Chambers pay nothing (ED-MISSION-4, ED-CHAMBER-8)
    player.pending = [t for t in player.pending if t.name != tile.name]
    state.merchant_stacks[under] += 1  # ED-MISSION-5: it can be drawn and bought again
    state.under_stack[under].append(old.tile)
    return state


# -- Set aside an unplaceable tile -----------------------------------------------------------------------------


def check_discard(state: EDState, event: Event) -> list[Finding]:
    """ED-LAIR-6: only a tile that fits nowhere may be set aside."""
    player = state.players.get(str(event.player))
    if player is None:
        return [block("ED-LAIR-6", "say whose tile this is (-p PLAYER)")]
    early = [error("ED-ACT-8", "a tile is set aside only after every activation of the turn")] \
        if _activations_pending(state) else []
    name = str(event.get("tile", ""))
    tile = next((t for t in player.pending if t.name == name), None)
    if tile is None:
        return early + [block("ED-LAIR-6", f"{player.name} holds no gained tile {name!r}")]
    if event.get("face"):
        try:
            tile = tile.with_face(parse_tile(str(event.get("face")), name))
        except TileSpecError as exc:
            return early + [block("ED-LAIR-5", str(exc))]
    if not player.lair.has_open_place():  # ED-LAIR-6: no open edge left, so no face can fit
        return early + [warning("ED-LAIR-6", f"{name} fits nowhere: {player.name}'s Lair has no open place left; it is set aside")]
    if tile.edges is None:
        return early + [error("ED-LAIR-6", f"give {name}'s face (--face …) so the engine can see that it fits nowhere")]
    if player.lair.placeable_anywhere(tile):  # ED-LAIR-6
        spots = [format_cell(c) for c, _ in player.lair.open_places() if player.lair.legal_rotations(tile, c)]
        return early + [error("ED-LAIR-6", f"tiles cannot be saved or dropped: {name} fits at {', '.join(spots[:6])}")]
    return early + [warning("ED-LAIR-6", f"{name} fits nowhere in {player.name}'s Lair and is set aside")]


def apply_discard(state: EDState, event: Event) -> EDState:
    """Set the tile aside."""
    player = state.players[str(event.player)]
    name = str(event.get("tile"))
    tile = next(t for t in player.pending if t.name == name)
    player.pending.remove(tile)
    player.set_aside.append(tile)
    return state

