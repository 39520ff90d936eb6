"""Helpers shared by the rule modules: tiles gained (named on replay), who an activation benefits, the pieces still
to activate, plain-word locations."""

from __future__ import annotations

from typing import Any, Iterable

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import is_whole

from .board import LOCATION_NAMES
from .pieces import AUREA, AUREUS, owner
from .state import EDState
from .notation import TileSpecError, parse_tile, split_item
from .tiles import Tile


class PayloadError(ValueError):
    """A payload that cannot be read (reported under the rule the event is about)."""


def new_tiles(state: EDState, items: Iterable[Any]) -> list[Tile]:
    """Parse the tiles gained by an activation, naming unnamed ones T1, T2… (deterministic on replay)."""
    tiles = []
    counter = state.tile_counter
    used = state.names  # the names in play
    taken: set[str] = set()  # the names given by this activation
    for item in items:
        name, spec = split_item(item)
        if name is None:
            counter += 1
            name = f"T{counter}"
            while name in used or name in taken:
                counter += 1
                name = f"T{counter}"
        if name in used or name in taken:
            raise PayloadError(f"the name {name} is already used by {name_holder(state, name)}; give the new tile "
                               f"another name (e.g. {free_name(state)}={spec})")
        if not name or "/" in name or "," in name or "=" in name or " " in name:
            raise PayloadError(f"{name!r} cannot name a tile (use letters and digits, e.g. T7)")
        try:
            tiles.append(parse_tile(spec, name))
        except TileSpecError as exc:
            raise PayloadError(str(exc)) from None
        taken.add(name)
    return tiles


def name_holder(state: EDState, name: str) -> str:
    """Where the tile called ``name`` is, in words: set aside, waiting, in a Lair, under a stack, or on offer."""
    for player in state.players.values():
        if any(t.name == name for t in player.set_aside):
            return f"the tile {player.name} set aside (a set-aside tile stays out of play)"
        if any(t.name == name for t in player.pending):
            return f"a tile waiting in front of {player.name}"
        if any(p.tile.name == name for p in player.lair.cells.values()):
            return f"a tile in {player.name}'s Lair"
    return "another tile"


def free_name(state: EDState) -> str:
    """The next automatic tile name not yet used."""
    counter = state.tile_counter + 1
    while f"T{counter}" in state.names:
        counter += 1
    return f"T{counter}"


def commit_names(state: EDState, tiles: Iterable[Tile]) -> None:
    """Record the names of tiles that entered play, keeping the automatic counter ahead of them."""
    for tile in tiles:
        state.names.add(tile.name)
        if tile.edges is not None:  # a face seen: a box's draw no longer offers it (``box.faces_left``)
            state.seen[tile.notation()] = state.seen.get(tile.notation(), 0) + 1
        if tile.name.startswith("T") and is_whole(tile.name[1:]):
            state.tile_counter = max(state.tile_counter, int(tile.name[1:]))


def beneficiary_of(state: EDState, piece: str) -> str | None:
    """ED-ACT-5: a player's piece works for its owner; Aureus and Aurea work for the active player."""
    if piece in (AUREUS, AUREA):
        return state.active
    return owner(piece)


def still_to_activate(state: EDState) -> list[str]:
    """The moved pieces that have not activated yet, in activation order (ED-ACT-1, ED-ACT-4).

    With a board description this is the engine's queue. Without one it is the likely order of the moved pieces,
    for the table to confirm or override with ``--piece``: the pushed Swarms first (they stood ahead of the
    active Dragon, and activate first when they stay in its kingdom), in the order recorded, then the active
    Swarm; each Swarm front to back, its joiner last. Empty once an activation was recorded without naming its
    piece (the rest is then unknown).
    """
    if state.turn < 0 or state.closed:
        return []
    if state.board is not None:
        return list(state.queue)
    if state.flight.get("unnamed"):
        return []
    pushed = [str(d) for d in state.flight.get("pushed", []) if d != state.active]
    order = [m for d in [*pushed, state.active] if d in state.pieces.swarms for m in state.pieces.swarms[d]]
    order += [p for p in state.moved if p not in order]  # a piece that left its Swarm since (summoned)
    return [p for p in order if p in state.moved and p not in state.activated and state.pieces.swarm_of(p) is not None]


def space_of(state: EDState, piece: str) -> str:
    """The space a piece activates: where it stands, or where it stood when it was summoned before its
    activation and ``summon.lose_activation`` is off (A-21)."""
    return state.pieces.pos.get(piece) or str(state.flight.get("summoned_from", {}).get(piece, ""))


def piece_place(state: EDState, piece: str) -> str:
    """'R at S6 (Village grows)' for messages."""
    if state.board is None:
        return piece
    space = space_of(state, piece)
    if not space:
        return piece
    return f"{piece} at {space} ({space_label(state, space)})"


def space_label(state: EDState, space: str) -> str:
    """'Gnomes village: 1 villager': the Location at ``space`` (a board is known), for messages and completion."""
    assert state.board is not None
    loc = state.board.location(space)
    label = loc.label()
    if loc.type == "village" and space in state.villages:  # ED-ACT-7: the count as it stands now
        n = state.villages[space][1]
        label += f": {n} villager{'' if n == 1 else 's'}"
    return label


def location_word(type_: str) -> str:
    """The Location type in words."""
    return LOCATION_NAMES.get(type_, type_)


def event_player(event: Event) -> str:
    """The event's player, or '?'."""
    return event.player or "?"
