"""Emberheart's fixed vocabulary: locations, hireling types, tracks, colours, Heroes, and card faces.

Card faces are never invented: the user states them when a card is revealed (``CARD_REVEAL``); the table's
compact notations (``2G1S``, ``2red+1hero``) are read by ``notation``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.games.emberheart.copying import tree

# Common Locations in Reward-phase order (EH-REW-1) and their allowed Hirelings (EH-ACT-6).
GUILD, TAVERN, CAMP, MOUNTAIN, PRESERVE, GARRISON = "guild", "tavern", "camp", "mountain", "preserve", "garrison"
LOCATIONS: tuple[str, ...] = (GUILD, TAVERN, CAMP, MOUNTAIN, PRESERVE, GARRISON)
LOCATION_TITLES = {
    GUILD: "Heroes' Guild", TAVERN: "Tavern", CAMP: "Poachers' Camp",
    MOUNTAIN: "Mountain", PRESERVE: "Preserve", GARRISON: "Garrison",
}
WAREHOUSE, FIRESTATION = "warehouse", "firestation"
SPECIALS: tuple[str, ...] = (WAREHOUSE, FIRESTATION)

GRUNT, SCOUT, RANGER, WARDEN = "G", "S", "R", "W"
HIRELINGS: tuple[str, ...] = (GRUNT, SCOUT, RANGER, WARDEN)
EXPERTS: tuple[str, ...] = (SCOUT, RANGER, WARDEN)
HIRELING_NAMES = {GRUNT: "Grunt", SCOUT: "Scout", RANGER: "Ranger", WARDEN: "Warden"}
ALLOWED: dict[str, tuple[str, ...]] = {
    GUILD: (GRUNT, SCOUT), TAVERN: (GRUNT, SCOUT), CAMP: (GRUNT, SCOUT),
    MOUNTAIN: (GRUNT, WARDEN), PRESERVE: (GRUNT, RANGER), GARRISON: (GRUNT, RANGER),
}

STRENGTH, SENSES, SPEED = "strength", "senses", "speed"
TRACKS: tuple[str, ...] = (STRENGTH, SENSES, SPEED)
RED, BLUE, GREEN, EXOTIC = "red", "blue", "green", "exotic"
COLOURS: tuple[str, ...] = (RED, BLUE, GREEN)

#: the card kinds that are Dragons (``Card.is_dragon``)
DRAGON_KINDS: tuple[str, ...] = ("captive", "mountain")

AIDES: tuple[str, ...] = ("leader", "defender", "survivalist", "healer")

# Mountain levels and their slot counts (EH-MTN-1); other offers have 3 slots, the Garrison one per colour.
MTN_LEVELS: tuple[str, ...] = ("bottom", "middle", "top")
MTN_SLOTS = {"bottom": 3, "middle": 2, "top": 1}
OFFER_SLOTS = 3

# Deck sizes (EH-SETUP-13).
DECK_SIZES = {GUILD: 27, TAVERN: 15, CAMP: 15, MOUNTAIN: 30, PRESERVE: 15, "garrison_colour": 5, "raid": 10, "2p": 12}
# Component counts for the optional supply warning (EH-SETUP-14, AMB-31).
COMPONENT_COUNTS = {GRUNT: 50, SCOUT: 35, RANGER: 30, WARDEN: 30, "gear": 35}

# The 27 Heroes and their colours (EH-HERO-GEN-8).
HEROES: dict[str, str] = {
    **{h: RED for h in ("apprentice", "bard", "fire sage", "outfitter", "paragon", "peakwalker",
                        "recruiter", "tavernkeeper", "wrangler")},
    **{h: BLUE for h in ("blazebinder", "dragon knight", "fire marshall", "infiltrator", "master scout",
                         "mentor", "merchant", "messenger", "quartermaster")},
    **{h: GREEN for h in ("caretaker", "custodian", "dragon trainer", "dragonspeaker", "master ranger",
                          "overseer", "priestess", "squire", "tactician")},
}

# Raid card bases (EH-RAID-4) and Garrison requirement items (EH-GAR-2).
RAID_BASES: tuple[str, ...] = ("hero", "preserve", "garrison", "attribute", RED, BLUE, GREEN,
                               "ranger", "warden", "scout", "hero+preserve")


def raid_basis(word: str) -> str:
    """A Raid basis as the table says it, in the singular: ``heroes`` → ``hero``, ``hero/preserve`` → ``hero+preserve``
    (an unknown word comes back as typed, for the caller to refuse)."""
    w = word.lower().replace("/", "+")
    return next((c for c in (w, w[:-1], w[:-2]) if c in RAID_BASES), w)
REQ_ITEMS: tuple[str, ...] = (RED, BLUE, GREEN, "dragon", "hero", "preserve", "garrison",
                              "grunt", "scout", "ranger", "warden", "expert", "hireling")
EXPERT_WORDS = {"scout": SCOUT, "ranger": RANGER, "warden": WARDEN, "grunt": GRUNT}


_DASHES = re.compile(r"[-_]+")


def hero_key(text: str) -> str | None:
    """The Hero named by ``text`` (case-insensitive; ``-``/``_`` as spaces; a unique prefix works)."""
    wanted = text.strip().lower()
    if "-" in wanted or "_" in wanted:
        wanted = _DASHES.sub(" ", wanted)
    if wanted in HEROES:
        return wanted
    matches = [h for h in HEROES if h.startswith(wanted) or h.replace(" ", "").startswith(wanted.replace(" ", ""))]
    return matches[0] if len(matches) == 1 else None


def empty_hire() -> dict[str, int]:
    """A Hireling count with every type at 0."""
    return dict.fromkeys(HIRELINGS, 0)


def hire_text(hire: dict[str, int]) -> str:
    """``{"G": 2, "S": 1}`` → ``2G1S`` (``none`` when empty)."""
    text = "".join([f"{hire.get(t, 0)}{t}" for t in HIRELINGS if hire.get(t, 0)])
    return text or "none"


def req_text(reqs: list[dict[str, Any]]) -> str:
    """Garrison requirements back in the ``2red+1hero`` notation."""
    return "+".join(f"{r['count']}{r['item']}" for r in reqs)


@tree
@dataclass
class Card:
    """One card that entered play, with the face the user read from it.

    ``kind``: hero, tavern, captive, mountain, preserve, garrison, raid. Only the fields of that kind matter.
    ``owner``: who holds it (None while on offer). ``attached_to``: for a Dragon, the Hero/Preserve card id.
    ``colour`` of an exotic Dragon becomes the target's colour once attached (EH-DRG-7).
    """

    id: str
    kind: str
    colour: str = ""
    glory: int = 0
    flame: int = 0
    wardens: int = 0
    hire: dict[str, int] = field(default_factory=empty_hire)
    hero: str = ""
    reqs: list[dict[str, Any]] = field(default_factory=list)
    track: str = ""
    item: str = ""  # raid: G or E
    basis: str = ""  # raid
    amount: int = 1  # raid
    per: int = 1  # raid
    owner: str | None = None
    attached_to: str | None = None
    holds: str | None = None  # Hero/Preserve: the attached Dragon's id
    exotic: bool = False
    gear_on: bool = False  # Skill 1 Gear on this Dragon
    skill1: bool = False  # attached with Skill 1 (counts as a colour match, AMB-15)
    completed: bool = False  # Garrison
    discarded: bool = False
    reserved_for: str | None = None  # Bard's fourth card

    @property
    def is_dragon(self) -> bool:
        """Captive (Camp) and Mountain cards are Dragons."""
        return self.kind in DRAGON_KINDS

    def face(self) -> tuple[Any, ...]:
        """What is printed on the card (and who may take it): two cards with the same face are interchangeable."""
        return (self.kind, self.colour, self.exotic, self.glory, self.flame, self.wardens, hire_text(self.hire),
                self.hero, req_text(self.reqs), self.track, self.item, self.basis, self.amount, self.per,
                self.reserved_for)

    def label(self) -> str:
        """A short face description for status and logs."""
        if self.kind == "hero":
            return f"{self.id} ({self.colour} Hero)"
        if self.kind == "tavern":
            flame = f" Flame{self.flame:+d}" if self.flame else ""
            return f"{self.id} ({hire_text(self.hire)}{flame})"
        if self.kind in DRAGON_KINDS:
            colour = "exotic" if self.exotic and not self.attached_to else self.colour
            return (f"{self.id} ({colour} {self.glory}{f' F+{self.flame}' if self.flame else ''}"
                    f"{f' W{self.wardens}' if self.wardens else ''})")
        if self.kind == "preserve":
            return f"{self.id} ({self.colour} Preserve)"
        if self.kind == "garrison":
            return f"{self.id} ({self.colour} {self.glory}: {req_text(self.reqs)} → {self.track})"
        if self.kind == "raid":
            per = f"/{self.per}" if self.per != 1 else ""
            return f"{self.id} (-{self.amount}{self.item} per {self.basis}{per})"
        return self.id
