"""Merchant Tiles by name (optional): the face-up offer of each kingdom and the tiles known to lie under a stack.

The engine always counts slots and stacks (ED-SETUP-9, ED-LOC-MERCHANT-2/3/4). A table that also wants the
tiles themselves tracked records the face-up tiles (``ed market``), and names them when it buys one, when a
face-up tile goes under a stack during a refresh (``--discard``) and when a new one is revealed
(``--reveal``). A Mission put under a stack by a replacement (ED-MISSION-5) can then be revealed again by its
name alone.
"""

from __future__ import annotations

from .context import PayloadError, new_tiles
from .notation import split_item
from .state import EDState
from .tiles import MERCHANT, Tile


def offer_names(state: EDState, kingdom: str) -> list[str]:
    """The names of the known face-up Merchant Tiles of ``kingdom``."""
    return [t.name for t in state.merchant_offer[kingdom]]


def resolve_buy(state: EDState, kingdom: str, text: str) -> tuple[Tile, bool]:
    """The tile bought: a known face-up tile by name (True), or a new face typed now (False).

    PayloadError when the name is not face-up here, or when every face-up tile is known and this is another.
    """
    name, spec = split_item(text)
    known = {t.name: t for t in state.merchant_offer[kingdom]}
    if name is None and spec in known:
        return known[spec], True
    if name is not None and name in known:
        return known[name], True
    if len(known) >= state.merchant_slots[kingdom] and known:
        raise PayloadError(f"the face-up Merchant Tiles in {kingdom} are {', '.join(known)}: buy one of them")
    if name is None and "/" not in spec:
        raise PayloadError(f"no face-up Merchant Tile {spec!r} is known in {kingdom}"
                           f"{' (known: ' + ', '.join(known) + ')' if known else ''}; type its face, e.g. "
                           f"{spec}=MJ/OOWOWW/craft:bg")
    tile = new_tiles(state, [text])[0]
    if tile.kind != MERCHANT:
        raise PayloadError(f"{tile.name} must be a Merchant Tile (M…/EDGES/…)")
    return tile, False


def resolve_reveal(state: EDState, source: str, text: str) -> tuple[Tile, bool]:
    """The tile revealed from ``source``'s stack: a tile known to lie under it, by name (True), or a new face."""
    name, spec = split_item(text)
    under = {t.name: t for t in state.under_stack[source]}
    key = name if name is not None else spec
    if key in under:
        return under[key], True
    if name is None and "/" not in spec:
        raise PayloadError(f"{spec!r} is not known to lie under the {source} stack; type its face, e.g. "
                           f"{spec}=M/OOOWWO/3b")
    tile = new_tiles(state, [text])[0]
    if tile.kind != MERCHANT:
        raise PayloadError(f"{tile.name} must be a Merchant Tile (M…/EDGES/…)")
    return tile, False
