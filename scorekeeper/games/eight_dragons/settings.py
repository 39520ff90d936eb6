"""The session settings of 8 Dragons: setup choices and the checklist's open questions (A-nn) with defaults.

Setup choices (ED-SETUP-1, ED-SETUP-2, ED-SETUP-20, ED-SETUP-21) are set with ``scorekeeper new eight-dragons --players A,B,C --set
key=value``; the open questions keep the checklist's defaults unless a table overrides them.
"""

from __future__ import annotations

from scorekeeper.core.settings import Setting

COLOURS: tuple[str, ...] = ("red", "green", "black", "white")
ROYAL_METRICS: dict[str, str] = {
    "smallest": "smallest Lair",
    "artifacts": "fewest Artifacts",
    "gold": "longest Gold chain",
    "wall": "longest Wall",
}

SETTINGS: tuple[Setting, ...] = (
    Setting("colours", [], "Dragon colours in seat order (red, green, black, white); default: that order.",
            kind="list", ref="ED-SETUP-1"),
    Setting("first", "", "The starting Dragon (a player's name); default: the first listed player.",
            ref="ED-SETUP-2"),
    Setting("bonfires", 4, "Bonfires that trigger the end: 3 (short), 4 (standard) or 5 (long game).",
            kind="int", ref="ED-SETUP-20", choices=(3, 4, 5)),
    Setting("royal", [], "Royal Challenges drawn, as METRIC:UPPER:LOWER Gold (METRIC = smallest, artifacts, "
            "gold or wall), e.g. smallest:6:3,artifacts:5:2,gold:8:4,wall:7:3; empty = not played.",
            kind="list", ref="ED-SETUP-21"),
    Setting("colour.none", "no_match", "Colour of a tile that is neither a Folk tile nor a Joker: it matches no "
            "colour (no_match), every colour (joker), or a Starting Tile shows its player's own colour (player).",
            choices=("no_match", "joker", "player"), ref="A-04"),
    Setting("setup.chamber_gold", False, "Do Chambers formed by the Starting Missions at setup pay Gold?",
            kind="bool", ref="A-06"),
    Setting("setup.start_gold", 0, "Gold each player starts with.", kind="int", ref="A-08", min=0, max=1000),
    Setting("village.exact_spend", True, "Must a village's villagers all be spent (the bundle costs exactly "
            "the villager count)?", kind="bool", ref="A-12"),
    Setting("villagers.limited", True, "Is the villager supply limited (12 per Folk, board included)?",
            kind="bool", ref="A-15"),
    Setting("summon.lose_activation", True, "Does a Wyrmling summoned before its own activation lose it?",
            kind="bool", ref="A-21"),
    Setting("troll.include_troll_space", False, "Does the Troll's own path space pay Gold too?", kind="bool",
            ref="A-25"),
    Setting("lair.batch_order", "any_legal", "A batch of placements is legal if some order is legal "
            "(any_legal) or only in the recorded order (strict_log_order).",
            choices=("any_legal", "strict_log_order"), ref="A-27"),
    Setting("mission.replace_rule", "enforce", "Must a replacing Mission tile still meet an open edge with an "
            "open edge (enforce) or not (none)?", choices=("enforce", "none"), ref="A-30"),
    Setting("royal.gold_adjacency", "shared_edge", "Gold chain: tiles are linked by any shared edge "
            "(shared_edge) or only by an open–open edge (open_open).", choices=("shared_edge", "open_open"),
            ref="A-33"),
    Setting("royal.gold_length", "tiles", "Gold chain length in tiles or in coins.", choices=("tiles", "coins"),
            ref="A-33"),
    Setting("royal.wall_rule", "either_side", "A shared edge is a wall segment if either side is a wall "
            "(either_side) or only if both are (both_sides).", choices=("either_side", "both_sides"), ref="A-34"),
    Setting("royal.after_chests", True, "Royal Challenges are measured after the chests are placed.",
            kind="bool", ref="A-35"),
    Setting("score.specialists", "all_three", "Specialists: a Chamber is of the depicted colour when all three "
            "tiles can be read as it (all_three) or at least one (any_one).", choices=("all_three", "any_one"),
            ref="A-37"),
    Setting("score.market", "per_depicted_type", "Market Stalls with several depicted Artifacts: 2 Gold per "
            "Artifact of any depicted type, or per complete depicted set.",
            choices=("per_depicted_type", "per_set"), ref="A-39"),
    Setting("flick.transfer", True, "The coin-flick winner takes 1 Gold from each other tied player.",
            kind="bool", ref="A-41"),
    Setting("score.lair_size", "all_tiles", "Tiebreak 'smallest Lair' counts every tile (all_tiles) or Lair "
            "Tiles only (lair_tiles).", choices=("all_tiles", "lair_tiles"), ref="A-43"),
)
