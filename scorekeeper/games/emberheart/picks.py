"""A play's words as a phone's buttons send them (strings, lists of strings), read as the CLI's commands give
them, before ``complete`` works out the rest: digits → numbers, yes/no → true/false, tapped Hireling letters
(``["G", "G", "S"]``) or ``2G1S`` → counts, ``tavern:3`` → a space, requirement lines → ``2red+1hero``, a Hero's
word (``fire-sage``) → its name, ``X1=red`` → an exotic Dragon's colour, ``S:R`` → a Mentor exchange.

What the CLI gives already (numbers, counts, lists) passes unchanged; a word that cannot be read so is left as it
is, for the rules to refuse under their own rule (nothing here refuses a play).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from scorekeeper.errors import NotationError
from scorekeeper.games.emberheart import notation as n
from scorekeeper.games.emberheart.cards import HIRELINGS, hero_key

_NUMBER = re.compile(r"^[+-]?\d{1,6}$")
_YES = {"yes": True, "true": True, "no": False, "false": False}

#: per event type, the words that are numbers and the words that are yes/no
NUMBERS: dict[str, tuple[str, ...]] = {
    "CARD_REVEAL": ("slot", "glory", "flame", "wardens"),
    "RAID_REVEAL": ("slot", "amount", "per"),
    "PLACE_PARTY": ("space", "master_scout", "master_ranger"),
    "USE_SPECIAL": ("crests", "outfit"),
    "TAKE_AIDE": ("raid",),
    "GEAR_SWAP": ("count",),
    "CLAIM": ("space",), "MTN_CLAIM": ("space",), "RECALL": ("space",), "MTN_RETRIEVE": ("space",),
    "RAID_DISCARD": ("card",),
    "GARRISON_COMPLETE": ("tactician",),
    "END_GEAR_CONVERT": ("gear",),
}
BOOLS: dict[str, tuple[str, ...]] = {
    "PLACE_PARTY": ("companion", "strength", "senses", "speed"),
    "USE_SPECIAL": ("companion",),
    "TAKE_AIDE": ("companion",),
    "CLAIM": ("skill1", "blazebinder", "dragonspeaker"), "MTN_CLAIM": ("skill1", "blazebinder", "dragonspeaker"),
    "ATTACH_DRAGON": ("skill1",),
    "RAID_DISCARD": ("fire_sage", "custodian"),
}
HIRES: dict[str, tuple[str, ...]] = {
    "CARD_REVEAL": ("hire",), "PLACE_PARTY": ("hire",), "RAID_DISCARD": ("discard",),
    "FLAME_RESPONSE": ("discard",),
}
EXOTIC = frozenset({"GARRISON_COMPLETE", "RAID_DISCARD", "END_DECLARE"})


def read(type: str, payload: Mapping[str, Any]) -> dict[str, Any]:
    """``payload`` (a draft's words) with the phone's strings read as the CLI gives them."""
    out = dict(payload)
    for key in NUMBERS.get(type, ()):
        if isinstance(out.get(key), str) and _NUMBER.match(out[key].strip()):
            out[key] = int(out[key])
    for key in BOOLS.get(type, ()):
        if isinstance(out.get(key), str) and out[key].strip().lower() in _YES:
            out[key] = _YES[out[key].strip().lower()]
    for key in HIRES.get(type, ()):
        if key in out:
            out[key] = _hire(out[key])
    if type in EXOTIC and isinstance(out.get("exotic"), list):
        out["exotic"] = _safely(n.exotic_words, out["exotic"])
    reader = READERS.get(type)
    return reader(out) if reader else out


def _safely(read_it: Callable[[Any], Any], value: Any) -> Any:
    """``read_it(value)``, or ``value`` as it is when it cannot be read (the rules say why)."""
    try:
        return read_it(value)
    except (NotationError, ValueError, TypeError):
        return value


def _hire(value: Any) -> Any:
    """Tapped letters (``["G", "G", "S"]``) or ``2G1S`` → ``{"G": 2, "S": 1}``; counts pass unchanged."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = "".join(value)
    if isinstance(value, str):
        counts = _safely(n.parse_hirelings, value)
        return {t: c for t, c in counts.items() if c and t in HIRELINGS} if isinstance(counts, dict) else value
    return value


def _hero(value: Any) -> Any:
    """A Hero's word (``fire-sage``, a unique prefix) → its name (``fire sage``); anything else unchanged."""
    return (hero_key(value) or value) if isinstance(value, str) else value


def _reveal(out: dict[str, Any]) -> dict[str, Any]:
    if "hero" in out:
        out["hero"] = _hero(out["hero"])
    if isinstance(out.get("reqs"), list) and all(isinstance(r, str) for r in out["reqs"]):
        out["reqs"] = "+".join(out["reqs"])
    return out


def _block(out: dict[str, Any]) -> dict[str, Any]:
    spaces = out.get("spaces")
    if isinstance(spaces, list):
        read_spots = [_safely(n.spot, s) if isinstance(s, str) else s for s in spaces]
        out["spaces"] = [list(s) if isinstance(s, tuple) else s for s in read_spots]
    return out


def _aide(out: dict[str, Any]) -> dict[str, Any]:
    companion = out.pop("companion", None)
    if isinstance(out.get("recall"), str):
        spot = _safely(n.spot, out["recall"])
        out["recall"] = {"location": spot[0], "space": spot[1]} if isinstance(spot, tuple) else spot
    if isinstance(out.get("place"), str):
        out["place"] = _safely(lambda text: n.leader_place(text, companion is True), out["place"])
    return out


def _claim(out: dict[str, Any]) -> dict[str, Any]:
    mentor = out.get("mentor")
    if isinstance(mentor, list) and all(isinstance(m, str) for m in mentor):
        out["mentor"] = [m.upper().split(":") for m in mentor]
    return out


def _ability(out: dict[str, Any]) -> dict[str, Any]:
    for key in ("hero", "keep", "discard"):
        if key in out:
            out[key] = _hero(out[key])
    return out


READERS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "CARD_REVEAL": _reveal, "TWO_P_REVEAL": _block, "TAKE_AIDE": _aide, "CLAIM": _claim, "MTN_CLAIM": _claim,
    "HERO_ABILITY": _ability,
}
