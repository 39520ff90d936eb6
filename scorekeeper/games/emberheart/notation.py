"""The table's notations for Emberheart, as pure functions: Hirelings ``2G1S``, Garrison requirements
``2red+1hero``, spaces ``tavern:3``, card words of a reveal (``red3f2``, ``2G1S-1``, ``exotic2=X1``), Raid
cards (``G hero``), and unique prefixes of locations, Heroes, colours, tracks and Aides.

Every function raises ``NotationError`` (exit code 2) for words it cannot read; none of them reads a game
state (the game's ``complete`` resolves card names and slots).
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from scorekeeper.errors import NotationError
from scorekeeper.core.protocol import is_whole, unique_prefix
from scorekeeper.games.emberheart.cards import (
    AIDES, COLOURS, HEROES, HIRELINGS, LOCATIONS, MOUNTAIN, MTN_LEVELS, RAID_BASES, REQ_ITEMS, SPECIALS, TRACKS,
    empty_hire, hero_key, raid_basis,
)

__all__ = [
    "AIDES", "FACE_HINT", "NotationError", "aide", "colour", "exotic_words", "hero_word", "hirelings",
    "leader_place", "location_word", "parse_hirelings", "parse_requirements", "pick", "raid_cards",
    "reveal_cards", "spot", "special", "track",
]

# -- Hirelings and requirements -----------------------------------------------------------------------

_HIRE_RE = re.compile(r"(\d*)([GSRW])", re.I)


def parse_hirelings(text: str) -> dict[str, int]:
    """``2G1S`` / ``GGS`` / ``0`` / ``-`` → ``{"G": 2, "S": 1, "R": 0, "W": 0}``."""
    hire = empty_hire()
    cleaned = text.strip().replace(" ", "").replace("+", "").replace(",", "")
    if cleaned in ("", "0", "-", "none"):
        return hire
    pos = 0
    for match in _HIRE_RE.finditer(cleaned):
        if match.start() != pos:
            break
        hire[match.group(2).upper()] += int(match.group(1)) if match.group(1) else 1
        pos = match.end()
    if pos != len(cleaned):
        raise NotationError(f"cannot read hirelings {text!r}; write them like 2G1S (G Grunt, S Scout, R Ranger, "
                            "W Warden)")
    return hire


def hirelings(text: str | None, counts: dict[str, int | None] | None = None) -> dict[str, int]:
    """Hirelings from the compact notation plus per-type counts (``-g 2``), without the zero types."""
    hire = parse_hirelings(text) if text else empty_hire()
    for t, n in (counts or {}).items():
        if n:
            hire[t] += n
    return {t: n for t, n in hire.items() if n}


_REQ_RE = re.compile(r"^(\d+)\s*([a-z]+?)s?$")


def parse_requirements(text: str) -> list[dict[str, Any]]:
    """``2red+1hero`` (or ``2red,1hero``) → ``[{"item": "red", "count": 2}, {"item": "hero", "count": 1}]``."""
    reqs = []
    for part in re.split(r"[+,]", text.strip().lower()):
        part = part.strip()
        if not part:
            continue
        match = _REQ_RE.match(part.replace(" ", ""))
        item = match.group(2) if match else ""
        if item in ("dragon", "dragons"):
            item = "dragon"
        if not match or item not in REQ_ITEMS:
            raise NotationError(
                f"cannot read requirement {part!r}; write COUNT+ITEM such as 2red, 1hero, 3ranger "
                f"(items: {', '.join(REQ_ITEMS)})"
            )
        reqs.append({"item": item, "count": int(match.group(1))})
    if not reqs:
        raise NotationError("a Garrison card needs at least one requirement, such as 2red")
    return reqs


# -- words: unique prefixes ---------------------------------------------------------------------------


def pick(word: str, choices: Sequence[str], what: str) -> str:
    """A unique, case-insensitive prefix of one of ``choices``."""
    found, matches = unique_prefix(word, choices)
    if found is not None:
        return found
    if matches:
        raise NotationError(f"{word!r} could be {' or '.join(matches)}; type more of the {what}")
    raise NotationError(f"unknown {what} {word!r}; choose one of: {', '.join(choices)}")


def colour(word: str, exotic: bool = False) -> str:
    """red, blue, green (or exotic) from a prefix."""
    return pick(word, (*COLOURS, "exotic") if exotic else COLOURS, "colour")


def track(word: str) -> str:
    """strength, senses or speed from a prefix."""
    return pick(word, TRACKS, "track")


def aide(word: str) -> str:
    """leader, defender, survivalist or healer from a prefix."""
    return pick(word, AIDES, "Aide")


def special(word: str) -> str:
    """warehouse or firestation from a prefix."""
    return pick(word, SPECIALS, "Special Location")


def hero_word(text: str) -> str | None:
    """A Hero from its name or a unique prefix (``master-s``), or of any word of it (``trainer``, ``sage``)."""
    found = hero_key(text)
    if found is not None:
        return found
    wanted = re.sub(r"[-_]+", " ", text.strip().lower())
    matches = [h for h in HEROES if wanted and any(w.startswith(wanted) for w in h.split())]
    return matches[0] if len(matches) == 1 else None


def hero(text: str) -> str:
    """A Hero (see ``hero_word``), or ``NotationError``."""
    found = hero_word(text)
    if found is None:
        raise NotationError(f"{text!r} is not a Hero (or not a unique prefix)")
    return found


def location_word(word: str) -> str:
    """A Common Location from a unique prefix (``mtn`` and ``m`` work for the Mountain)."""
    wanted = word.strip().lower()
    if wanted in ("m", "mt", "mtn"):
        return MOUNTAIN
    for alias, location in (("heroes'-guild", "guild"), ("poachers'-camp", "camp")):  # the board's names
        if len(wanted) >= 2 and alias.startswith(wanted.replace(" ", "-")):
            return location
    return pick(word, LOCATIONS, "location")


def spot(text: str) -> tuple[str, int]:
    """``LOCATION:SPACE`` → (location, space)."""
    loc, sep, space = text.partition(":")
    if not sep or not is_whole(space):
        raise NotationError(f"write a space as LOCATION:SPACE (for example tavern:3), not {text!r}")
    return location_word(loc), int(space)


def leader_place(text: str, companion: bool = False) -> dict[str, Any]:
    """The Leader's new Party ``LOCATION:SPACE:HIRE`` (``tavern:4:3G1S``)."""
    parts = text.split(":")
    if len(parts) != 3:
        raise NotationError("write the Leader's new Party as LOCATION:SPACE:HIRE, e.g. tavern:4:3G1S")
    loc, space = spot(":".join(parts[:2]))
    place: dict[str, Any] = {"location": loc, "space": space, "hire": hirelings(parts[2])}
    if companion:
        place["companion"] = True
    return place


def exotic_words(pairs: Sequence[str]) -> dict[str, str]:
    """``X1=red`` words → ``{"X1": "red"}`` (the card word as typed: the game resolves it)."""
    result = {}
    for pair in pairs:
        cid, sep, value = pair.partition("=")
        if not sep:
            raise NotationError(f"declare an exotic Dragon as DRAGON=colour, not {pair!r}")
        result[cid] = colour(value)
    return result


# -- reveals --------------------------------------------------------------------------------------------

FACE_HINT = {
    "guild": "write the Hero's name: eh reveal guild 1 master-scout (or several: eh reveal guild bard mentor squire)",
    "tavern": "write the Hirelings and Flame: eh reveal tavern 1 2G1S --flame -1 "
              "(or several: eh reveal tavern 2G1S-1 3G)",
    "camp": "write colour and Glory: eh reveal camp 1 red 3 (or several: eh reveal camp red3 exotic2 green1)",
    MOUNTAIN: "write level+slot, colour and Glory: eh reveal mountain b1 green 3 --wardens 1 "
              "(or several: eh reveal mountain green3w1 red3f2 blue2 blue5 green4 red8f1)",
    "preserve": "write the colour: eh reveal preserve 1 red (or several: eh reveal preserve red blue green)",
    "garrison": "write colour, Glory, requirements and track: eh reveal garrison blue 4 2blue+1hero senses "
                "(several: eh reveal garrison red 3 1red speed blue 3 1blue+1hero senses)",
}

_DRAGON_WORD = re.compile(r"^([a-z]+?)(\d+)((?:[wf]\d+)*)$")
_TAVERN_WORD = re.compile(r"^([0-9gsrw]+?|0|none|-)(?:f([+-]?\d+)|([+-]\d+))?$")


def reveal_cards(location: str, slot: str, face: Sequence[str], flame: int | None = None,
                 wardens: int | None = None, name: str | None = None) -> list[tuple[str, dict[str, Any]]]:
    """The CARD_REVEAL payloads of ``eh reveal LOCATION SLOT FACE…`` (one card) or ``eh reveal LOCATION WORD…``
    (several cards, left to right: their slots are left out, for the game to fill the empty ones), each with
    the words that gave it.

    A several-card payload carries ``level`` only when the words name one Mountain level (``mountain m …``).
    """
    loc = location_word(location)
    words: Sequence[str] = (slot, *face)
    if loc == "garrison" and len(words) > 4 and len(words) % 4 == 0 and not (flame or wardens or name):
        return [(" ".join(words[i:i + 4]), _garrison(*words[i:i + 4]))  # COLOUR GLORY REQS TRACK, several
                for i in range(0, len(words), 4)]
    only_level = None  # 'eh reveal mountain m blue5w1f1 green4': several cards into one Mountain level
    if loc == MOUNTAIN and slot.lower() in ("b", "m", "t", "bottom", "middle", "top") and face \
            and any(is_whole(ch) for ch in face[0]):
        only_level = pick(slot.lower()[0], MTN_LEVELS, "Mountain level")
        slot, face = face[0], face[1:]
    if only_level or not _single_slot(loc, slot):
        if flame is not None or wardens is not None or name:
            raise NotationError("with several cards, write each card's Flame, Wardens and name in its word "
                                "(red3f2, green3w1, exotic2=X1); --flame, --wardens and --name are for one card "
                                "with a SLOT")
        level = {"level": only_level} if only_level else {}
        return [(word, {"location": loc, **level, **_card_word(loc, word)}) for word in (slot, *face)]
    return [(" ".join(words), _one_card(loc, slot, list(face), flame, wardens, name))]


def _one_card(loc: str, slot: str, words: list[str], flame: int | None, wardens: int | None,
              name: str | None) -> dict[str, Any]:
    """One card into a named SLOT, its face in words."""
    payload: dict[str, Any] = {"location": loc}
    try:
        if loc == MOUNTAIN:
            payload["level"] = pick(slot[0], MTN_LEVELS, "Mountain level")
            payload["slot"] = int(slot[1:]) if slot[1:] else 1
        elif loc == "garrison":
            payload["slot"] = colour(slot)
            payload["colour"] = payload["slot"]
        else:
            payload["slot"] = int(slot)
        if loc == "guild":
            if not words:
                raise NotationError(f"the card face is incomplete; {FACE_HINT['guild']}")
            payload["hero"] = hero(" ".join(words))
        elif loc == "tavern":
            payload["hire"] = hirelings(words[0] if words else "")
            payload["flame"] = flame or 0
        elif loc in ("camp", MOUNTAIN):
            payload["colour"] = colour(words[0], exotic=True)
            payload["glory"] = int(words[1])
            if flame:
                payload["flame"] = flame
            if wardens:
                payload["wardens"] = wardens
        elif loc == "preserve":
            payload["colour"] = colour(words[0])
        else:
            payload["glory"] = int(words[0])
            payload["reqs"] = words[1]
            payload["track"] = track(words[2])
    except (IndexError, ValueError):
        raise NotationError(f"the card face is incomplete; {FACE_HINT[loc]}") from None
    if name:
        payload["name"] = name
    return payload


def _garrison(colour_word: str, glory: str, reqs: str, track_word: str) -> dict[str, Any]:
    """One Garrison card's face: COLOUR GLORY REQS TRACK."""
    if not is_whole(glory):
        raise NotationError(f"the card face is incomplete; {FACE_HINT['garrison']}")
    slot = colour(colour_word)
    return {"location": "garrison", "slot": slot, "colour": slot, "glory": int(glory), "reqs": reqs,
            "track": track(track_word)}


def _single_slot(location: str, slot: str) -> bool:
    """Whether SLOT names one slot (the one-card form) rather than being the first of several card words."""
    if location == "garrison":
        return True
    if location == MOUNTAIN:
        return re.fullmatch(r"[bmt]\d?", slot.lower()) is not None
    return is_whole(slot)


def _card_word(location: str, word: str) -> dict[str, Any]:
    """One card word of a several-card reveal → the card's face fields."""
    text, _, name = word.partition("=")
    text = text.strip().lower()
    payload: dict[str, Any] = {}
    if location == "guild":
        found = hero_word(text)
        if found is None:
            raise NotationError(f"{word!r} is not a Hero (or not a unique prefix); join two-word names with '-', "
                                "e.g. master-scout")
        payload["hero"] = found
    elif location == "tavern":
        match = _TAVERN_WORD.match(text)
        if not match:
            raise NotationError(f"cannot read the Tavern card {word!r}; write Hirelings then the signed Flame, "
                                "e.g. 2G1S-1, 3G, 1S1W+1")
        payload["hire"] = hirelings(match.group(1))
        payload["flame"] = int(match.group(2) or match.group(3) or 0)
    elif location in ("camp", MOUNTAIN):
        match = _DRAGON_WORD.match(text)
        if not match:
            extra = "; add w1 for a Warden cost, f2 for a Flame cost (green3w1, red3f2)" if location == MOUNTAIN else ""
            raise NotationError(f"cannot read the Dragon {word!r}; write colour and Glory together, "
                                f"e.g. red3, exotic2{extra}")
        payload["colour"] = colour(match.group(1), exotic=True)
        payload["glory"] = int(match.group(2))
        for part in re.findall(r"[wf]\d+", match.group(3)):
            payload["wardens" if part[0] == "w" else "flame"] = int(part[1:])
    elif location == "preserve":
        payload["colour"] = colour(text)
    if name:
        payload["name"] = name
    return payload


def raid_cards(words: Sequence[str], amount: int = 1, per: int = 1, name: str | None = None) -> list[dict[str, Any]]:
    """``[SLOT] ITEM BASIS [ITEM BASIS]`` → RAID_REVEAL payloads (without a slot: the game fills the first empty)."""
    slot = int(words[0]) if words and is_whole(words[0]) else None
    rest = list(words[1:] if slot is not None else words)
    if len(rest) not in (2, 4) or (len(rest) == 4 and (slot is not None or name or amount != 1 or per != 1)):
        raise NotationError("write a Raid card as [SLOT] ITEM BASIS, e.g. 'eh raidcard 1 E green', or both cards as "
                            "'eh raidcard G hero E scout' (--amount, --per and --name are for one card)")
    cards = []
    for item, basis in zip(rest[::2], rest[1::2]):
        if item.upper()[:1] not in ("G", "E"):
            raise NotationError(f"a Raid card discards G (Grunts) or E (Experts), not {item!r}: "
                                "e.g. eh raidcard 1 E green")
        payload: dict[str, Any] = {"item": item.upper()[:1], "basis": pick(raid_basis(basis), RAID_BASES, "Raid basis"),
                                   "amount": amount, "per": per}
        if slot is not None:
            payload["slot"] = slot
        if name:
            payload["name"] = name
        cards.append(payload)
    return cards



# -- command words --------------------------------------------------------------------------------------


def party(location: str, space: str | None, hire: str | None, counts: dict[str, int | None]) -> dict[str, Any]:
    """``eh place LOCATION [SPACE] [HIRE]`` → the PLACE_PARTY fields (no space: the game works it out)."""
    if space is not None and not is_whole(space):
        if hire is not None:
            raise NotationError(f"write the space as a number, then the Hirelings: {_place_hint(location, space, hire)}")
        space, hire = None, space
    return {"location": location_word(location), "space": int(space) if space else None,
            "hire": hirelings(hire, counts)}


def _place_hint(location: str, space: str, hire: str) -> str:
    """The ``eh place`` the words meant (field report EH-V5): ``2G 2`` turned round; a Party with a word for its
    space on the space of its size (the Companion aside), or with no space when the Party cannot be read."""
    if is_whole(hire):
        return f"eh place {location} {hire} {space}"
    try:
        size = sum(parse_hirelings(hire).values())
    except NotationError:
        return f"eh place {location} HIRE (the space is worked out from the Party's size)"
    return f"eh place {location} {size} {hire} (or leave the space out: eh place {location} {hire})"


def aide_words(word: str, extra: Sequence[str], recall: str | None, place: str | None, raid: int | None,
               companion: bool) -> dict[str, Any]:
    """``eh aide AIDE [RAID | RECALL [PLACE]]`` (and its options) → the TAKE_AIDE fields."""
    payload: dict[str, Any] = {"aide": aide(word)}
    if extra:
        if payload["aide"] == "defender" and len(extra) == 1 and is_whole(extra[0]) and raid is None:
            raid = int(extra[0])
        elif payload["aide"] == "leader" and len(extra) <= 2 and not (recall or place):
            recall, place = extra[0], (extra[1] if len(extra) == 2 else None)
        else:
            raise NotationError(f"after 'eh aide {payload['aide']}' write "
                                + {"defender": "the Raid slot it discards: eh aide defender 2",
                                   "leader": "the Party recalled and the new one: eh aide leader tavern:2 camp:3:3G"
                                   }.get(payload["aide"], "nothing: the Survivalist and the Healer take no argument"))
    if recall:
        loc, space = spot(recall)
        payload["recall"] = {"location": loc, "space": space}
    if place:
        payload["place"] = leader_place(place, companion)
    elif companion:
        raise NotationError("-c goes with the Leader's new Party: eh aide leader tav:2 camp:3:2G -c")
    return {**payload, "raid": raid or None}
