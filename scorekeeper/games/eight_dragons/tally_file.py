"""The Lairs and chests of an 8 Dragons tally as typed in a file, read before they are laid over the state.

* A tile may be typed in the notation ``ed place`` and the walk use, ``T3=F1/WOOWWW/c@-1,1r4`` (the turns may be
  left out for none, or given as the edges seen in the Lair, ``T3=F1/WOOWWW/c@-1,1/WWWOOW``), instead of its full
  record; a Lair may be that list of tiles itself (``"lair": ["S-Ann=S/WOOOWW@0,0", …]``), and a Treasure Chest
  ``C1=c@T12`` (field report TALLY-28).
* Every tile kind, colour, edge, Artifact and Mission type, and every chest's Artifacts and kingdom, is one the
  box has; anything else is ``BadInput`` naming the field, with the closest word (TALLY-13, TALLY-14, TALLY-15).
* A cell typed twice is reported (``duplicate_cells``), since the Lair, a map from cell to tile, would keep only
  the later tile (TALLY-12).
"""

from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.core.plain_state import to_plain
from scorekeeper.core.tallying import suggest
from scorekeeper.errors import BadInput, NotationError

from .board import KINGDOMS
from .hexgrid import parse_cell, rotations_matching
from .notation import parse_chest, parse_placement, parse_tile
from .tiles import ARTIFACT_NAMES, ARTIFACTS, FOLK_NAMES, FOLKS, KIND_NAMES, LAIR1, LAIR2, MISSION_TYPES

EXAMPLE = "T3=F1/WOOWWW/c@-1,1r4"


def read_tile(text: str, unnamed: str | None = None) -> dict[str, Any]:
    """One tile of a Lair in the ``ed place`` notation with its face: ``T3=F1/WOOWWW/c@-1,1r4`` (name, face, cell,
    turns: none when left out, or the edges as seen in the Lair, ``@-1,1/WWWOOW``) → the Lair cell as the tally
    holds it (``{"at", "tile", "rotation"}``); ``BadInput`` saying what is missing. A face typed without its name
    (``F1/WOOWWW/c@-1,1``) is named ``unnamed`` when given (the walk numbers them, field report TALLY-26)."""
    typed = text.strip()
    try:
        item = parse_placement(typed)
    except NotationError as exc:
        raise BadInput(str(exc)) from None
    if "face" not in item:
        name = str(item["tile"])
        try:
            parse_tile(name, "T")
        except NotationError:  # a name alone: the face is missing
            raise BadInput(f"{typed!r}: give the tile's face too, NAME=FACE@Q,R[rN], e.g. {EXAMPLE}") from None
        if unnamed is None:
            raise BadInput(f"{typed!r}: give the tile's name before its face, NAME={name}@…, e.g. {EXAMPLE}")
        item["face"], item["tile"] = name, unnamed
    try:
        tile = parse_tile(item["face"], item["tile"])
    except NotationError as exc:
        raise BadInput(str(exc)) from None
    rotation = int(item["rot"])
    if "seen" in item:
        if tile.edges is None:
            raise BadInput(f"{typed!r}: give the face's edges (e.g. {EXAMPLE}) to place it by the edges seen")
        turns = rotations_matching(tile.edges, item["seen"])
        if not turns:
            raise BadInput(f"{typed!r}: no turn of {tile.edges} shows {item['seen']}; give the turns (rN), "
                           f"e.g. {EXAMPLE}")
        rotation = turns[0]
    return {"at": list(parse_cell(item["at"])), "tile": to_plain(tile), "rotation": rotation}


def _cell_record(item: Any, where: str) -> Any:
    """A Lair cell as the state holds it, ``[[q, r], {"tile", "rotation"}]``, from a line of notation or a record
    (a record is returned as it is: the overlay says what does not fit)."""
    if isinstance(item, str):
        try:
            cell = read_tile(item)
        except BadInput as exc:
            raise BadInput(f"{where}: {exc}") from None
        return [cell["at"], {"tile": cell["tile"], "rotation": cell["rotation"]}]
    return item


def _chest_record(item: Any, where: str) -> Any:
    """A Treasure Chest from ``C1=c@T12`` (kingdom unknown) or its record."""
    if isinstance(item, str):
        try:
            return {**parse_chest(item), "kingdom": ""}
        except NotationError as exc:
            raise BadInput(f"{where}: {exc}") from None
    return item


def _choice(value: Any, known: list[str], what: str, where: str) -> None:
    if value not in known:
        raise BadInput(f"{where}: {value!r} is not {what}{suggest(str(value), known)}; it is one of "
                       f"{', '.join(known)}")


def check_tile(record: Any, where: str) -> None:
    """TALLY-13, TALLY-14, TALLY-15: a tile record's kind, colour, edges, Artifacts and Mission are the box's."""
    if not isinstance(record, Mapping):
        return
    kind = record.get("kind")
    if "kind" in record:
        _choice(kind, list(KIND_NAMES), "a tile kind", f"{where}.kind")
    if "colour" in record:
        colours = list(FOLKS) if kind in (LAIR1, LAIR2) else [*FOLKS, "J", "N"]
        what = "the colour of a Lair Tile (its Folk)" if kind in (LAIR1, LAIR2) else "a tile colour"
        _choice(record["colour"], colours, what, f"{where}.colour")
    edges = record.get("edges")
    if edges is not None and (not isinstance(edges, str) or len(edges) != 6 or set(edges) - {"O", "W"}):
        raise BadInput(f"{where}.edges: {edges!r} is not six letters O (open) or W (wall) for N NE SE S SW NW, "
                       "e.g. OWWOWW")
    for n, pair in enumerate(record.get("artifacts") or []):
        if isinstance(pair, (list, tuple)) and pair:
            _choice(pair[0], list(ARTIFACTS), f"an Artifact ({', '.join(f'{a} {ARTIFACT_NAMES[a]}' for a in ARTIFACTS)})",
                    f"{where}.artifacts[{n}]")
    mission = record.get("mission")
    if isinstance(mission, Mapping):
        if "type" in mission:
            _choice(mission["type"], list(MISSION_TYPES), "a Mission type", f"{where}.mission.type")
        for letter in mission.get("artifacts") or []:
            _choice(letter, list(ARTIFACTS), "an Artifact", f"{where}.mission.artifacts")
        if mission.get("colour"):
            _choice(mission["colour"], list(FOLKS), f"a Folk ({', '.join(FOLK_NAMES[f] for f in FOLKS)})",
                    f"{where}.mission.colour")


def _check_chest(record: Any, where: str) -> None:
    """TALLY-13: a chest's Artifacts are b, g, o, c and its kingdom is Sinistra, Dextra or left blank."""
    if not isinstance(record, Mapping):
        return
    letters = record.get("artifacts")
    if isinstance(letters, str):
        for letter in letters:
            _choice(letter, list(ARTIFACTS), "an Artifact", f"{where}.artifacts")
    if record.get("kingdom"):
        _choice(record["kingdom"], list(KINGDOMS), "a kingdom", f"{where}.kingdom")


def read_players(state: Mapping[str, Any]) -> dict[str, Any]:
    """``state`` with each player's Lair tiles and chests as records (the notation read), every tile and chest
    checked against the box; ``BadInput`` naming the field otherwise."""
    players = state.get("players")
    if not isinstance(players, Mapping):
        return dict(state)
    read: dict[str, Any] = {}
    for name, row in players.items():
        if not isinstance(row, Mapping):
            read[name] = row
            continue
        row = dict(row)
        path = f"state.players.{name}"
        lair = row.get("lair")
        if isinstance(lair, list):  # the Lair as its list of tiles
            lair = {"cells": lair}
        if isinstance(lair, Mapping) and isinstance(lair.get("cells"), list):
            cells = [_cell_record(item, f"{path}.lair.cells[{n}]") for n, item in enumerate(lair["cells"])]
            for n, cell in enumerate(cells):
                if isinstance(cell, list) and len(cell) == 2 and isinstance(cell[1], Mapping):
                    check_tile(cell[1].get("tile"), f"{path}.lair.cells[{n}].tile")
            row["lair"] = {**lair, "cells": cells}
        for key in ("pending", "set_aside"):
            for n, tile in enumerate(row.get(key) or []):
                check_tile(tile, f"{path}.{key}[{n}]")
        if isinstance(row.get("chests"), list):
            row["chests"] = [_chest_record(item, f"{path}.chests[{n}]") for n, item in enumerate(row["chests"])]
            for n, chest in enumerate(row["chests"]):
                _check_chest(chest, f"{path}.chests[{n}]")
        read[name] = row
    return {**state, "players": read}


def duplicate_cells(state: Mapping[str, Any]) -> list[str]:
    """TALLY-12: each cell a player's Lair types more than once, with the tiles typed there."""
    problems = []
    for name, row in dict(state.get("players") or {}).items():
        lair = row.get("lair") if isinstance(row, Mapping) else None
        cells = lair.get("cells") if isinstance(lair, Mapping) else None
        seen: dict[tuple[Any, ...], list[str]] = {}
        for cell in cells if isinstance(cells, list) else []:
            if isinstance(cell, list) and len(cell) == 2 and isinstance(cell[0], list):
                tile = cell[1].get("tile") if isinstance(cell[1], Mapping) else None
                label = str(tile.get("name")) if isinstance(tile, Mapping) else "?"
                seen.setdefault(tuple(cell[0]), []).append(label)
        for at, tiles in seen.items():
            if len(tiles) > 1:
                problems.append(f"{name}'s Lair types cell {','.join(map(str, at))} {len(tiles)} times "
                                f"({', '.join(tiles)}); a cell holds one tile")
    return problems
