"""The words an 8 Dragons player picks for a recorded play, as a phone's buttons send them (``by_choices.walk``).

Pure: a recorded ``Event`` → (type, player, {word: value or list of values}), each value a string in the game's
own notation, the way ``ed`` commands type it: a placement ``T10@2,0r3``, a Mission ``SM/OWOOWO/market:o@1,0r2``,
a chest ``C1=o@T23`` (or ``C2=g``, kept), a push ``Aurea=Dextra``, a tile drawn ``O2/WOWWOO/2o,1`` (its face, a pick
when the catalog lists the box's tiles, else typed: the name is the game's). The game completes the play as it completes a typed one; the piece that activates and
the derived fields are left to it.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.events import Event

Words = dict[str, "str | list[str]"]


def face(item: Any) -> str:
    """A tile drawn as typed at the table: its face (``O2/WOWWOO/2o,1``) without the name the game gives it; a
    name that is not an automatic one (``L1=M/…``) is kept, and a stack alone (``E1``) stays as it is."""
    name, sep, spec = str(item).partition("=")
    if sep and name[:1] == "T" and name[1:].isdigit():
        return spec
    return str(item)


def placement(item: dict[str, Any]) -> str:
    """A placement or a Mission as the table types it: ``TILE[=FACE]@Q,R`` then ``rN`` or ``/EDGES`` as seen."""
    tile = str(item["tile"]) + (f"={item['face']}" if item.get("face") else "")
    seen = item.get("seen")
    return f"{tile}@{item['at']}" + (f"/{seen}" if seen else f"r{int(item.get('rot') or 0)}")


def chest(item: dict[str, Any]) -> str:
    """A chest at the end: ``C1=o@T23`` (on a tile) or ``C2=g`` (kept)."""
    return f"{item['id']}={item.get('artifacts') or ''}" + (f"@{item['on']}" if item.get("on") else "")


def pairs(mapping: Any) -> list[str]:
    """``{"Aurea": "Dextra"}`` → ``["Aurea=Dextra"]`` (a push, a piece seen on a space)."""
    return [f"{k}={v}" for k, v in dict(mapping).items()]


def words_of(event: Event) -> tuple[str, str | None, Words]:
    """The words a player picks for ``event``: the type, the player, and each word's value(s) as strings."""
    p = dict(event.payload)
    words: Words = {}
    kind = event.type
    if kind == "START":
        words = {"tile": str(p["tile"]), "rot": str(p.get("rot", 0)), "missions": [placement(m) for m in p["missions"]]}
    elif kind == "FLY":
        for key in ("to", "valley"):
            if p.get(key):
                words[key] = str(p[key])
        if p.get("spaces") is not None:
            words["spaces"] = str(p["spaces"])
        for key in ("pushes", "seen"):
            if p.get(key):
                words[key] = pairs(p[key])
        for key in ("pushed", "joins"):
            if p.get(key):
                words[key] = [str(v) for v in p[key]]
    elif kind == "PLACE":
        words = {"tiles": [placement(t) for t in p["tiles"]]}
    elif kind == "CHESTS":
        words = {"chests": [chest(c) for c in p["chests"]]}
    elif kind == "VILLAGE":
        words = {"tiles": [face(t) for t in p.get("tiles", [])]} if p.get("tiles") else {}
        words |= {k: str(p[k]) for k in ("villagers", "folk") if p.get(k) is not None}
    elif kind in ("GATHER", "MERCHANT"):
        words = {k: face(v) if k in ("tile", "buy") else str(v) for k, v in p.items() if k != "piece" and v is not None}
    else:
        words = {k: ([str(x) for x in v] if isinstance(v, list) else str(v)) for k, v in p.items()
                 if k != "piece" and v is not None}
    return kind, event.player, words

#: the catalog the whole game by taps plays its sample with: the sample's board and the box's tiles, so that every
#: tile drawn is a pick (``sample_sessions/inputs/eight-dragons-box.json``)
CATALOG = "eight-dragons-box.json"
