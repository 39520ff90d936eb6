"""Helpers shared by the rule modules: tile lists in payloads, names, plain-word locations."""

from __future__ import annotations

from typing import Any, Iterable

from scorekeeper.events import Event

from .board import LOCATION_NAMES
from .pieces import AUREA, AUREUS, owner
from .state import EDState
from .tiles import Tile, TileSpecError, parse_tile


class PayloadError(ValueError):
    """A payload that cannot be read (reported under the rule the event is about)."""


def split_item(item: Any) -> tuple[str | None, str]:
    """``"T3=E1/OWWWWW"`` → ("T3", "E1/OWWWWW"); ``"E1"`` → (None, "E1")."""
    text = str(item).strip()
    name, sep, spec = text.partition("=")
    if sep:
        return name.strip(), spec.strip()
    return None, text


def new_tiles(state: EDState, items: Iterable[Any]) -> list[Tile]:
    """Parse the tiles gained by an activation, naming unnamed ones T1, T2… (deterministic on replay)."""
    tiles = []
    counter = state.tile_counter
    taken = set(state.names)
    for item in items:
        name, spec = split_item(item)
        if name is None:
            counter += 1
            name = f"T{counter}"
            while name in taken:
                counter += 1
                name = f"T{counter}"
        if name in taken:
            raise PayloadError(f"the name {name} is already used by another tile; choose another")
        if not name or "/" in name or "," in name or "=" in name or " " in name:
            raise PayloadError(f"{name!r} cannot name a tile (use letters and digits, e.g. T7)")
        try:
            tiles.append(parse_tile(spec, name))
        except TileSpecError as exc:
            raise PayloadError(str(exc)) from None
        taken.add(name)
    return tiles


def commit_names(state: EDState, tiles: Iterable[Tile]) -> None:
    """Record the names of tiles that entered play, keeping the automatic counter ahead of them."""
    for tile in tiles:
        state.names.add(tile.name)
        if tile.name.startswith("T") and tile.name[1:].isdigit():
            state.tile_counter = max(state.tile_counter, int(tile.name[1:]))


def beneficiary_of(state: EDState, piece: str) -> str | None:
    """ED-ACT-5: a player's piece works for its owner; Aureus and Aurea work for the active player."""
    if piece in (AUREUS, AUREA):
        return state.active
    return owner(piece)


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
    loc = state.board.location(space)
    return f"{piece} at {space} ({loc.label()})"


def location_word(type_: str) -> str:
    """The Location type in words."""
    return LOCATION_NAMES.get(type_, type_)


def event_player(event: Event) -> str:
    """The event's player, or '?'."""
    return event.player or "?"
