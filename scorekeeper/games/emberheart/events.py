"""Emberheart's event types: each one's payload fields with their kinds, and who makes it.

The engine checks every payload against these declarations (``CORE-PAYLOAD``) before the rules see it. A
field the table may also write in its notation after an ``amend`` (``hire=2G1S``, ``discard=1S1R``) or that
holds a slot number or a card name is declared ``any``: the rules read it and refuse it under their own rule.
"""

from __future__ import annotations

from dataclasses import replace

from scorekeeper.core.protocol import PLAYER_NONE, PLAYER_OPTIONAL, PLAYER_REQUIRED, EventType, Field
from scorekeeper.core.tally_event import TALLY_EVENT
from scorekeeper.games.emberheart.words import LABELS, WORDS


def _f(name: str, kind: str = "any", help: str = "", required: bool = False) -> Field:
    return Field(name, kind, required, help)


_FACE = (
    _f("location", "str", "guild, tavern, camp, mountain, preserve or garrison", required=True),
    _f("slot", "any", "the offer slot (1–3; the Garrison: its colour)"),
    _f("level", "str", "Mountain: bottom, middle or top"),
    _f("hero", "str", "Guild: the Hero's name"),
    _f("hire", "any", "Tavern: the Hirelings gained (counts, or 2G1S)"),
    _f("flame", "int", "Tavern: the Flame change; a Dragon: its Flame cost"),
    _f("colour", "str", "red, blue, green (Camp: or exotic)"),
    _f("glory", "int", "a Dragon's or Garrison card's Glory"),
    _f("wardens", "int", "a Mountain Dragon's Warden cost"),
    _f("reqs", "any", "Garrison: requirements (2red+1hero, or a list)"),
    _f("track", "str", "Garrison: the Attribute track"),
    _f("name", "str", "the card's short name (default: generated)"),
)

_PARTY = (
    _f("location", "str", "the Location being resolved"),
    _f("space", "int", "the Party's space"),
)

_CLAIM = (
    *_PARTY,
    _f("card", "any", "the card claimed (its name, or its slot number)"),
    _f("level", "str", "Mountain: the level claimed at"),
    _f("attach", "str", "a Hero or Preserve the claimed Dragon joins at once"),
    _f("track", "str", "Mountain top: the Attribute track advanced"),
    _f("peakwalker", "str", "Peakwalker: the extra track"),
    _f("wrangler", "str", "Wrangler: gear or grunt"),
    _f("mentor", "list", "Mentor: [FROM, TO] exchanges"),
    _f("blazebinder", "bool", "Blazebinder: Flame -1 on a Preserve claim"),
    _f("dragonspeaker", "bool", "Dragonspeaker: Flame -1 on a Camp claim"),
    _f("skill1", "bool", "skill 1: attach with a Gear"),
    _f("skill4", "str", "skill 4: G, S, R or W"),
)

_EVENTS: tuple[EventType, ...] = (
    EventType("CARD_REVEAL", "a card enters an offer (setup, Reset, Apprentice)", _FACE, PLAYER_NONE),
    EventType("RAID_REVEAL", "a Raid card is revealed", (
        _f("slot", "int", "1 or 2"), _f("item", "str", "G or E"), _f("basis", "str", "what is counted"),
        _f("amount", "int", "Hirelings per unit"), _f("per", "int", "units per group"), _f("name", "str"),
    ), PLAYER_NONE),
    EventType("TWO_P_REVEAL", "a Two player mode card blocks spaces (2 players)", (
        _f("spaces", "list", "[[LOCATION, SPACE], …]"),), PLAYER_NONE),
    EventType("PLACE_PARTY", "a Party goes to a Common Location space", (
        _f("location", "str", "the Common Location"), _f("space", "int", "its space (1–5)"),
        _f("hire", "any", "the Hirelings (counts, or 2G1S)"), _f("companion", "bool", "the Companion joins"),
        _f("strength", "bool", "false: the Companion's Strength is not used"),
        _f("senses", "bool", "false: no Senses Gear"), _f("speed", "bool", "false: no Speed Flame decrease"),
        _f("master_scout", "int", "Master Scout swap"), _f("master_ranger", "int", "Master Ranger swap"),
    ), PLAYER_REQUIRED),
    EventType("USE_SPECIAL", "a Crest goes to the Warehouse or the Firestation", (
        _f("site", "str", "warehouse or firestation"), _f("crests", "int", "2: Fire Marshall"),
        _f("outfit", "int", "Outfitter: Grunts turned into Gear"), _f("companion", "bool"),
    ), PLAYER_REQUIRED),
    EventType("TAKE_AIDE", "an Aide is taken (Leader recall/re-place, Defender discard)", (
        _f("aide", "str", "leader, defender, survivalist or healer"),
        _f("recall", "dict", "Leader: {location, space} recalled"),
        _f("place", "dict", "Leader: {location, space, hire, companion} placed"),
        _f("raid", "int", "Defender: the Raid slot discarded"),
    ), PLAYER_REQUIRED),
    EventType("GEAR_SWAP", "Gear turns a Hireling into another type", (
        _f("from", "str", "G, S, R or W"), _f("to", "str", "G, S, R or W"), _f("count", "int", "how many"),
    ), PLAYER_REQUIRED),
    EventType("SKIP_TURN", "a player with nothing to do skips", (), PLAYER_REQUIRED),
    EventType("CLAIM", "a Party claims a card in the Reward phase", _CLAIM, PLAYER_OPTIONAL),
    EventType("RECALL", "a Party claims nothing and goes home with 2 Gear", _PARTY, PLAYER_OPTIONAL),
    EventType("NP_DISCARD", "the 2-player non-player Crest discards a card", (
        _f("card", "any", "the card discarded"),), PLAYER_NONE),
    EventType("MTN_CLAIM", "a Mountain Party claims a Dragon (bottom, middle or top)", _CLAIM, PLAYER_OPTIONAL),
    EventType("MTN_RETRIEVE", "a Mountain Party withdraws (middle or top level)", _PARTY, PLAYER_OPTIONAL),
    EventType("MTN_ORDER", "the Survivalist orders tied Mountain Parties", (
        _f("order", "list", "the tied Parties' spaces, first to last"),), PLAYER_REQUIRED),
    EventType("ATTACH_DRAGON", "a Dragon joins a Hero or Preserve", (
        _f("dragon", "str", "the Dragon"), _f("target", "str", "the Hero or Preserve"),
        _f("skill1", "bool", "skill 1: with a Gear"), _f("skill4", "str", "skill 4: G, S, R or W"),
        _f("track", "str", "a Preserve's track, if not the colour's"),
    ), PLAYER_REQUIRED),
    EventType("GARRISON_COMPLETE", "a claimed Garrison card is completed", (
        _f("card", "str", "the Garrison card"), _f("exotic", "dict", "{DRAGON: colour}"),
        _f("tactician", "int", "Tactician: the requirement line lowered"),
        _f("track", "str", "Dragon Knight: the track advanced"),
    ), PLAYER_REQUIRED),
    EventType("HERO_ABILITY", "a Hero ability with its own timing", (
        _f("hero", "str", "the Hero"), _f("card", "any", "Apprentice: the Guild card (name or slot)"),
        _f("keep", "str", "Bard: the Hero kept"), _f("discard", "str", "Bard: the Hero discarded"),
        _f("gain", "str", "Paragon: SS, RR or SR"), _f("dragon", "str", "Dragon Trainer: the Dragon"),
        _f("colour", "str", "Dragon Trainer: an exotic Dragon's colour"),
    ), PLAYER_REQUIRED),
    EventType("RAID_DISCARD", "a player resolves the Raid", (
        _f("discard", "any", "the Hirelings discarded (counts, or 1S1R)"),
        _f("card", "int", "Messenger: the Raid slot used"), _f("fire_sage", "bool"), _f("custodian", "bool"),
        _f("exotic", "dict", "{DRAGON: colour}"),
    ), PLAYER_REQUIRED),
    EventType("FLAME_RESPONSE", "skill 2: answer a Flame increase", (
        _f("option", "str", "normal, grunts or experts"),
        _f("discard", "any", "the Experts discarded (counts, or 1S1R)"),
    ), PLAYER_REQUIRED),
    EventType("ATTR_EXTRA_STEP", "skill 3: one more step for 1 Gear", (
        _f("track", "str", "the track, when the play advanced two"),), PLAYER_REQUIRED),
    EventType("END_GEAR_CONVERT", "End Game step 5: 3 Gear → Flame -1", (
        _f("gear", "int", "the Gear discarded (a multiple of 3)"),), PLAYER_REQUIRED),
    EventType("END_DECLARE", "End Game: exotic colours and the Custodian's track", (
        _f("exotic", "dict", "{DRAGON: colour}"), _f("custodian", "str", "the Custodian's track"),
    ), PLAYER_REQUIRED),
    EventType("ADJUST", "a mid-game start or a manual correction, never judged (adjust.py)", (
        _f("players", "dict", "{PLAYER: {gear, flame, crests, G, S, R, W, strength, senses, speed}}"),
        _f("round", "int", "the round now (1 to 5)"), _f("first", "str", "the first player of the round"),
        _f("reason", "str", "why the table differs from the journal")), PLAYER_NONE),
    TALLY_EVENT,
)

#: each play with its label for people and its words as the table gives them (``words``: the CLI's, a phone's)
EVENTS: tuple[EventType, ...] = tuple(
    replace(e, label=LABELS.get(e.name, ""), words=WORDS.get(e.name)) for e in _EVENTS)
