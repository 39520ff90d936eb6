"""The words of each Emberheart play as the table gives them (``Word``: a key of the draft's payload before
``complete``, the same the CLI's ``eh`` commands pass), and each play's label for people.

A phone makes one control per word: a pick among the values ``choices`` lists now (``many``: several picks, the
draft carrying the list; ``picks`` reads them as the CLI's), text for a ``typed`` word with nothing listed.
"""

from __future__ import annotations

from scorekeeper.core.protocol import Word

_SPACE = Word("space", "space", help="the Party's space")
_LOCATION = Word("location", "location")
_EXOTIC = Word("exotic", "an exotic Dragon counts as", many=True, help="DRAGON=colour, for an unattached exotic Dragon")
_TRACK = Word("track", "track")

LABELS: dict[str, str] = {
    "CARD_REVEAL": "reveal a card", "RAID_REVEAL": "reveal a Raid card", "TWO_P_REVEAL": "block spaces (2 players)",
    "PLACE_PARTY": "place a Party", "USE_SPECIAL": "use the Warehouse or the Firestation", "TAKE_AIDE": "take an Aide",
    "GEAR_SWAP": "swap a Hireling for 1 Gear", "SKIP_TURN": "skip the turn", "CLAIM": "claim a card",
    "RECALL": "recall the Party", "NP_DISCARD": "the non-player Crest discards", "MTN_CLAIM": "claim a Dragon",
    "MTN_RETRIEVE": "withdraw from the Mountain", "MTN_ORDER": "order the tied Parties",
    "ATTACH_DRAGON": "attach a Dragon", "GARRISON_COMPLETE": "complete a Garrison card",
    "HERO_ABILITY": "use a Hero", "RAID_DISCARD": "resolve the Raid", "FLAME_RESPONSE": "answer the Flame increase",
    "ATTR_EXTRA_STEP": "one more step for 1 Gear", "END_GEAR_CONVERT": "convert Gear to Flame",
    "END_DECLARE": "declare for scoring", "ADJUST": "adjust the table", "TALLY": "tally the table",
}

WORDS: dict[str, tuple[Word, ...]] = {
    "CARD_REVEAL": (
        Word("location", "location", required=True),
        Word("level", "Mountain level"),
        Word("slot", "slot", help="the offer slot (the Garrison: its colour)"),
        Word("hero", "Hero"),
        Word("hire", "Hirelings", many=True, help="a letter per Hireling: G Grunt, S Scout, R Ranger, W Warden"),
        Word("flame", "Flame", typed=True, help="Tavern: the Flame change; a Dragon: its Flame cost"),
        Word("colour", "colour"),
        Word("glory", "Glory", typed=True),
        Word("wardens", "Warden cost", typed=True),
        Word("reqs", "requirements", many=True, typed=True, help="a line each, such as 2red then 1hero"),
        Word("track", "track", help="Garrison: the Attribute track"),
        Word("name", "short name", typed=True, help="default: generated"),
    ),
    "RAID_REVEAL": (
        Word("slot", "slot"), Word("item", "discards", help="G Grunts or E Experts"),
        Word("basis", "per"), Word("amount", "how many per unit"), Word("per", "units per group"),
        Word("name", "short name", typed=True),
    ),
    "TWO_P_REVEAL": (Word("spaces", "blocked spaces", many=True, required=True),),
    "PLACE_PARTY": (
        Word("location", "location", required=True), _SPACE,
        Word("hire", "Hirelings", many=True, help="a letter per Hireling: G Grunt, S Scout, R Ranger, W Warden"),
        Word("companion", "the Companion joins"),
        Word("strength", "use the Companion's Strength"), Word("senses", "take the Senses Gear"),
        Word("speed", "take the Speed Flame decrease"),
        Word("master_scout", "Master Scout swap", typed=True), Word("master_ranger", "Master Ranger swap", typed=True),
    ),
    "USE_SPECIAL": (Word("site", "site", required=True), Word("crests", "Crests (Fire Marshall)"),
                    Word("outfit", "Grunts turned into Gear (Outfitter)", typed=True)),
    "TAKE_AIDE": (
        Word("aide", "Aide", required=True), Word("raid", "Raid card discarded (Defender)"),
        Word("recall", "Party recalled (Leader)"),
        Word("place", "new Party (Leader)", typed=True, help="LOCATION:SPACE:HIRE, such as tavern:4:3G1S"),
        Word("companion", "the Companion joins the new Party"),
    ),
    "GEAR_SWAP": (Word("from", "from", required=True), Word("to", "to", required=True), Word("count", "how many")),
    "SKIP_TURN": (),
    "CLAIM": (
        Word("card", "card"), _LOCATION, _SPACE, Word("attach", "attach to"), _TRACK,
        Word("peakwalker", "Peakwalker's track"), Word("wrangler", "Wrangler"),
        Word("mentor", "Mentor exchanges", many=True, typed=True, help="FROM:TO, such as S:R"),
        Word("blazebinder", "Blazebinder: Flame -1"), Word("dragonspeaker", "Dragonspeaker: Flame -1"),
        Word("skill1", "with a Gear (skill 1)"), Word("skill4", "skill 4: gain"),
    ),
    "RECALL": (_LOCATION, _SPACE),
    "NP_DISCARD": (Word("card", "card"),),
    "MTN_ORDER": (Word("order", "spaces, first to last", many=True, required=True),),
    "ATTACH_DRAGON": (
        Word("dragon", "Dragon", required=True), Word("target", "Hero or Preserve", required=True),
        Word("skill1", "with a Gear (skill 1)"), Word("skill4", "skill 4: gain"),
        Word("track", "the Preserve's track"),
    ),
    "GARRISON_COMPLETE": (
        Word("card", "Garrison card", required=True), _EXOTIC,
        Word("tactician", "requirement line lowered (Tactician)", typed=True),
        Word("track", "track (Dragon Knight)"),
    ),
    "HERO_ABILITY": (
        Word("hero", "Hero", required=True), Word("card", "Guild card (Apprentice)"),
        Word("keep", "Hero kept (Bard)", typed=True), Word("discard", "Hero discarded (Bard)", typed=True),
        Word("gain", "gain (Paragon)"), Word("dragon", "Dragon (Dragon Trainer)"),
        Word("colour", "colour (Dragon Trainer)"),
    ),
    "RAID_DISCARD": (
        Word("discard", "Hirelings discarded", typed=True, help="such as 1S1R"), Word("card", "Raid card (Messenger)"),
        Word("fire_sage", "Fire Sage"), Word("custodian", "Custodian"), _EXOTIC,
    ),
    "FLAME_RESPONSE": (Word("option", "answer", required=True),
                       Word("discard", "Experts discarded", typed=True, help="such as 1S1R")),
    "ATTR_EXTRA_STEP": (_TRACK,),
    "END_GEAR_CONVERT": (Word("gear", "Gear discarded", required=True),),
    "END_DECLARE": (_EXOTIC, Word("custodian", "the Custodian's track")),
}
WORDS["MTN_CLAIM"] = WORDS["CLAIM"]
WORDS["MTN_RETRIEVE"] = WORDS["RECALL"]
