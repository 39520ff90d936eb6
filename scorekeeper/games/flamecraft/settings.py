"""The session settings of Flamecraft: setup choices and the checklist's open questions (A-nn) with defaults."""

from __future__ import annotations

from scorekeeper.core.settings import Setting

from .notation import DEFAULT_GOODS

SETTINGS: tuple[Setting, ...] = (
    # -- setup choices -----------------------------------------------------------------------------
    Setting("ench_deck", "purple", "Which enchantment deck is used (FC-SETUP-8).", "str", ("purple", "gold")),
    Setting("companions", False, "Play with companions (FC-SETUP-16, FC-COMP-1).", "bool"),
    Setting("start_player", "", "The start player (default: the first of --players); turn order follows the seats (FC-SETUP-10).", "str", ref="A-23"),
    Setting("artisan_deck_size", 36, "Non-starter artisan dragons in the box before the player-count removal (FC-SETUP-17); count your copy.", "int", min=0, max=200),
    Setting("ench_deck_size", 18, "Cards in the chosen enchantment deck (FC-SETUP-17); count your copy.", "int", min=0, max=200),
    Setting("fancy_deck_size", 0, "Cards in the fancy deck; 0 = not tracked (never runs out) (FC-REW-7).", "int", min=0, max=200),
    Setting("shop_deck_size", 10, "Cards in the shop deck (FC-SETUP-4: 6 goods shops + 4 others).", "int", min=0, max=200),
    Setting("town_spaces", 0, "Shop spaces in town; 0 = 12 with 2 players, 14 with 3 to 5 (A-20).", "int", ref="A-20", min=0, max=50),
    # -- open questions ---------------------------------------------------------------------------
    Setting("goods", list(DEFAULT_GOODS), "The names of the 6 goods types (A-01).", "list", ref="A-01"),
    Setting("tiebreak_goods_count_coins", False, "Count coins as leftover goods in tiebreak 2 (A-03).", "bool", ref="A-03"),
    Setting("enchant_blocked_symbols", ["coin", "dragon"], "Upper-left symbols of shops that cannot be enchanted, unless the face says otherwise (A-04).", "list", ref="A-04"),
    Setting("gather_include_slot_dragons", True, "Gathering yields the icons of the dragons in the shop's slots (A-07).", "bool", ref="A-07"),
    Setting("gather_include_enchantments", True, "Gathering yields the symbols of the shop's enchantments (A-07).", "bool", ref="A-07"),
    Setting("visit_no_repeat_depth", 1, "How many of your last visited shops you may not visit again (A-10).", "int", ref="A-10", min=0, max=20),
    Setting("allow_pass", False, "Allow a turn with a visit but no gather or enchant (A-12).", "bool", ref="A-12"),
    Setting("final_round", "one_more_each", "After the end is triggered: one_more_each (everyone incl. the trigger player) or finish_round (the others only) (A-13).", "str", ("one_more_each", "finish_round"), ref="A-13"),
    Setting("chain_in_gather", False, "Allow chained fire-ups while gathering (A-15).", "bool", ref="A-15"),
    Setting("fire_max_per_dragon", 1, "How many times one dragon may be fired up per turn (A-16).", "int", ref="A-16", min=1, max=20),
    Setting("swap_followup_counts", False, "The SWAP follow-up fire-up uses up the gather fire-up (A-17).", "bool", ref="A-17"),
    Setting("gain2_include_enchantments", True, "GAIN2 may take a good added by the shop's enchantments (A-18).", "bool", ref="A-18"),
    Setting("exact_discard", True, "End-of-turn discards go exactly down to the limits, never below (A-19).", "bool", ref="A-19"),
    Setting("sun_coins_wild", True, "Coins may stand in for goods a sun dragon spends (A-29).", "bool", ref="A-29", mutable=True),
    Setting("comp_own_turn_only", True, "Companions are used only during their owner's turn (A-32).", "bool", ref="A-32"),
    Setting("shop_ability_strict", False, "A shop ability declared unlike its structured effect is an error, not a warning (A-34).", "bool", ref="A-34"),
    Setting("shop_deck_check", "warn", "A non-standard shop deck without the custom flag: warn, error or off (A-40, FC-SETUP-4).", "str", ("warn", "error", "off"), ref="A-40"),
    Setting("swap_same_shop_ok", True, "SWAP may take a partner at the same shop (A-41).", "bool", ref="A-41"),
)
