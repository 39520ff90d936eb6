"""The words a player picks for a recorded Emberheart event: what a phone's buttons send (``tests/web/by_choices``).

Pure: a recorded event → ``(type, player, {word: value or list of values})``, each value a string as the game
lists it in ``Expectation.choices`` (the words of ``games/emberheart/words``: the keys the ``eh`` commands pass).
Hirelings are one letter per Hireling (``["G", "G", "S"]``), a number its digits, yes/no for a switch, a space
``LOCATION:SPACE``, a Garrison card's requirements one line each (``["2red", "1hero"]``), a Hero its word
(``fire-sage``). What the game works out itself (a claim's Location and space, a reveal's level from its slot…)
is not picked.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from scorekeeper.core.events import Event

Words = dict[str, "str | list[str]"]


def letters(hire: Any) -> list[str]:
    """``{"G": 2, "S": 1}`` → ``["G", "G", "S"]``: one tap per Hireling."""
    return [kind for kind, n in dict(hire or {}).items() for _ in range(int(n))]


def compact(hire: Any) -> str:
    """``{"S": 1, "R": 1}`` → ``1S1R`` (in G, S, R, W order), as a Raid's discard options are listed."""
    return "".join(f"{dict(hire)[k]}{k}" for k in "GSRW" if dict(hire).get(k))


def yes(value: Any) -> str:
    return "yes" if value else "no"


def hero_word(name: Any) -> str:
    return str(name).replace(" ", "-")


def strings(p: Mapping[str, Any], *keys: str) -> Words:
    """The ``keys`` of ``p`` that it holds, each as a string."""
    return {k: str(p[k]) for k in keys if p.get(k) is not None}


def _reveal(p: Mapping[str, Any]) -> Words:
    out = strings(p, "location", "level", "slot", "colour", "glory", "flame", "wardens", "track", "name")
    if "hero" in p:
        out["hero"] = hero_word(p["hero"])
    if "hire" in p:
        out["hire"] = letters(p["hire"])
    if isinstance(p.get("reqs"), str):
        out["reqs"] = p["reqs"].split("+")
    return out


def _place(p: Mapping[str, Any]) -> Words:
    out = strings(p, "location", "space", "master_scout", "master_ranger")
    if p.get("hire"):
        out["hire"] = letters(p["hire"])
    for key in ("companion", "strength", "senses", "speed"):
        if key in p:
            out[key] = yes(p[key])
    return out


def _aide(p: Mapping[str, Any]) -> Words:
    out = strings(p, "aide", "raid")
    if p.get("recall"):
        out["recall"] = f"{p['recall']['location']}:{p['recall']['space']}"
    if p.get("place"):
        place = p["place"]
        out["place"] = f"{place['location']}:{place['space']}:{compact(place.get('hire') or {}) or '0'}"
        if place.get("companion"):
            out["companion"] = "yes"
    return out


def _claim(p: Mapping[str, Any]) -> Words:
    out = strings(p, "card", "attach", "track", "peakwalker", "wrangler", "skill4")
    for key in ("skill1", "blazebinder", "dragonspeaker"):
        if p.get(key):
            out[key] = "yes"
    if p.get("mentor"):
        out["mentor"] = [f"{a}:{b}" for a, b in p["mentor"]]
    return out


def _exotic(p: Mapping[str, Any]) -> Words:
    return {"exotic": [f"{card}={colour}" for card, colour in p["exotic"].items()]} if p.get("exotic") else {}


def _raid(p: Mapping[str, Any]) -> Words:
    out: Words = {"discard": compact(p["discard"])} if p.get("discard") else {}
    out.update(strings(p, "card"))
    for key in ("fire_sage", "custodian"):
        if p.get(key):
            out[key] = "yes"
    return {**out, **_exotic(p)}


def _ability(p: Mapping[str, Any]) -> Words:
    out = strings(p, "card", "gain", "dragon", "colour")
    for key in ("hero", "keep", "discard"):
        if p.get(key):
            out[key] = hero_word(p[key])
    return out


WORDS_OF: dict[str, Callable[[Mapping[str, Any]], Words]] = {
    "CARD_REVEAL": _reveal,
    "RAID_REVEAL": lambda p: strings(p, "slot", "item", "basis", "amount", "per", "name"),
    "TWO_P_REVEAL": lambda p: {"spaces": [f"{loc}:{space}" for loc, space in p["spaces"]]},
    "PLACE_PARTY": _place,
    "USE_SPECIAL": lambda p: strings(p, "site", "crests", "outfit"),
    "TAKE_AIDE": _aide,
    "GEAR_SWAP": lambda p: strings(p, "from", "to", "count"),
    "CLAIM": _claim, "MTN_CLAIM": _claim,
    "NP_DISCARD": lambda p: strings(p, "card"),
    "MTN_ORDER": lambda p: {"order": [str(s) for s in p["order"]]},
    "ATTACH_DRAGON": lambda p: {**strings(p, "dragon", "target", "skill4", "track"),
                                **({"skill1": "yes"} if p.get("skill1") else {})},
    "GARRISON_COMPLETE": lambda p: {**strings(p, "card", "tactician", "track"), **_exotic(p)},
    "HERO_ABILITY": _ability,
    "RAID_DISCARD": _raid,
    "FLAME_RESPONSE": lambda p: {**strings(p, "option"),
                                 **({"discard": compact(p["discard"])} if p.get("discard") else {})},
    "ATTR_EXTRA_STEP": lambda p: strings(p, "track"),
    "END_GEAR_CONVERT": lambda p: strings(p, "gear"),
    "END_DECLARE": lambda p: {**_exotic(p), **strings(p, "custodian")},
}


def words_of(event: Event) -> tuple[str, str | None, dict[str, str | list[str]]]:
    """The play a phone makes for ``event``: its type, its player, and the words picked (a claim, a recall and a
    withdrawal name no Location or space: the Party whose turn it is makes them)."""
    pick = WORDS_OF.get(event.type)
    return event.type, event.player, (pick(dict(event.payload)) if pick else {})
