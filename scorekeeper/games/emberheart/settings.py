"""Emberheart's session settings: setup choices and the open questions (AMB-nn) with their defaults."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.settings import Setting, whole_number_table, word_table

#: the Flame table's entries the rulebook prints: the rightmost marker gains nothing, 3 steps +3, 6 steps +8
RULEBOOK_FLAME = {0: 0, 3: 3, 6: 8}


def flame_glory_problem(value: Any) -> str | None:
    """EH-END-9: a ``flame_glory`` table the board cannot print: key 0 (the rightmost Flame marker gains no
    Glory), a value other than the rulebook's 3 → 3 and 6 → 8, or, merged with them, a table whose Glory does
    not rise with the step difference. None when the table fits."""
    wrong = whole_number_table(value, "steps=glory")
    if wrong:
        return wrong
    given = {int(k): int(v) for k, v in value.items()}
    if given.get(0, 0):
        return "gives Glory to a difference of 0 steps: the rightmost Flame marker gains no Glory (EH-END-9)"
    for steps, glory in RULEBOOK_FLAME.items():
        if steps in given and given[steps] != glory:
            return f"sets {steps}={given[steps]}, but the rulebook gives {steps} steps +{glory} (EH-END-9)"
    table = sorted({**given, **RULEBOOK_FLAME}.items())
    for (fewer, low), (more, high) in zip(table, table[1:]):
        if high <= low:
            return (f"gives {more} steps {high} Glory, no more than {fewer} steps' {low}: the further behind, "
                    "the more Glory (EH-END-9)")
    return None

SETTINGS: tuple[Setting, ...] = (
    Setting("side", "A", "Player board side: A (no skills, first game) or B (player skills)", "str",
            choices=("A", "B"), ref="EH-SETUP-2"),
    Setting("skills", [], "Side B: the skill number printed on each board, in seat order (1 Gear-on-Dragon attach, "
            "2 Flame conversion, 3 extra Attribute step, 4 attach bonus), e.g. 3,1", "int_list", ref="EH-SETUP-3", min=1, max=4),
    Setting("start_tracks", ["strength"], "Each player's initial extra Attribute step, in seat order "
            "(one value = everyone), e.g. strength,senses,speed", "list", ref="EH-SETUP-5"),
    Setting("first_player", "", "Who holds the First player marker in round I (default: the first listed)", "str",
            ref="EH-SETUP-12"),
    Setting("colours", [], "Optional player colours in seat order (must differ)", "list", ref="EH-SETUP-1"),
    Setting("flame_glory", {}, "Glory for each Flame difference, read under the board's Flame track, as "
            "STEPS=GLORY pairs (2=2,4=5) or JSON {\"steps\": glory}; 3→3 and 6→8 are the rulebook's and always known; "
            "`set` merges", "table",
            ref="AMB-01", mutable=True, validator=flame_glory_problem),
    Setting("colour_tracks", {"red": "strength", "blue": "senses", "green": "speed"},
            "Which Attribute track each Dragon/Preserve colour advances (printed in the artwork); `set` merges",
            "json", ref="AMB-07", mutable=True,
            validator=lambda v: word_table(v, ("strength", "senses", "speed"), "{\"colour\": track}")),
    Setting("colour_tracks_confirmed", False, "Say yes once colour_tracks has been checked against the board "
            "(until then each use gives a warning)", "bool", ref="AMB-07", mutable=True),
    Setting("special_crests_return", "reset", "Do Crests on the Warehouse/Firestation come back at Reset (reset) "
            "or stay there for the rest of the game (never)?", "str", choices=("reset", "never"), ref="AMB-03"),
    Setting("flame_min", 0, "Lowest Flame position (decreases past it are lost)", "int", ref="AMB-02", min=-100, max=100),
    Setting("flame_max", None, "Highest Flame position (none: no cap)", "int", ref="AMB-02", min=-100, max=100),
    Setting("location_spaces", 5, "Numbered spaces per Common Location", "int", ref="AMB-06", min=1, max=10),
    Setting("strength_partial", False, "May the Companion replace fewer Hirelings than its Strength allows?", "bool",
            ref="AMB-08"),
    Setting("speed_own_parties_block", True, "Does your own Party at the Location block Speed?", "bool", ref="AMB-09"),
    Setting("opponent_exotics_in_comparisons", "none", "Do opponents' unattached exotic Dragons count in "
            "'no other player has more X Dragons'? none / adversarial", "str", choices=("none", "adversarial"),
            ref="AMB-12"),
    Setting("flat_heroes_need_dragon", True, "Do the flat +4 Heroes need an attached Dragon to score?", "bool",
            ref="AMB-14"),
    Setting("skill1_counts_as_match", True, "Does a skill-1 attachment count as a colour match (Hero active, "
            "Preserve +2)?", "bool", ref="AMB-15"),
    Setting("skill3_at_setup", False, "Skill 3: may the setup step take the extra step too?", "bool", ref="AMB-17"),
    Setting("attr_max", 7, "Top step of the Attribute tracks (overflow is lost)", "int", ref="AMB-18", min=1, max=20),
    Setting("trainer_allow_attached", False, "May the Dragon Trainer discard an attached Dragon?", "bool",
            ref="AMB-23"),
    Setting("custodian_compare", "same_track", "Custodian scoring: compare your chosen marker with the others' on "
            "the same track (same_track) or with every marker they have (any_track)", "str",
            choices=("same_track", "any_track"), ref="AMB-24"),
    Setting("hero_eval_before_gear_convert", True, "Do Hero conditions use the Gear held before the step-5 "
            "conversion?", "bool", ref="AMB-25"),
    Setting("gear_swap_window", "own_turn", "Gear swaps only on your own Action-phase turn (own_turn), or at any "
            "time (anytime)", "str", choices=("own_turn", "anytime"), ref="AMB-29"),
    Setting("other_crest_opponent_only", False, "Merchant/Squire: must the other Crest be an opponent's?", "bool",
            ref="AMB-26"),
    Setting("supply_limits", "warn", "Warn when players hold more tokens than the box has (warn / off)", "str",
            choices=("warn", "off"), ref="AMB-31"),
)
