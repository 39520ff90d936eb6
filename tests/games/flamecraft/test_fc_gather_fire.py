"""Gathering (FC-GATHER), placing (FC-PLACE), firing up (FC-FIRE), abilities (FC-ART-*) and rewards (FC-REW)."""

from __future__ import annotations

from fc_helpers import Table, fresh


def at_shop(shop: str, player: str = "P1", **adjust: object) -> Table:
    """A fresh 2-player game where ``player`` has visited ``shop`` (seeded first with ``adjust``)."""
    t = fresh(("P1", "P2"))
    if adjust:
        t.arrange(None, **adjust)
    t.ok("VISIT", player, shop=shop)
    return t


def test_fc_gather_1_steps_come_in_order() -> None:
    """FC-GATHER-1: no placement after the fire-up, no fire-up after the shop ability, nothing before the gain."""
    t = at_shop("BAKERY", players={"P1": {"hand": ["AD-20"]}})
    t.bad("PLACE", "P1", "FC-GATHER-1", dragon="AD-20", slot=2)
    t.bad("FIRE_UP", "P1", "FC-FIRE-9", dragon="SD-BREAD", good="bread")
    t.ok("GATHER", "P1")
    t.ok("FIRE_UP", "P1", dragon="SD-BREAD", good="bread")
    t.bad("PLACE", "P1", "FC-GATHER-1", dragon="AD-20", slot=2)
    archive = at_shop("ARCHIVE", add_shops=["ARCHIVE"], slots={"ARCHIVE": {"1": "AD-5"}})
    archive.ok("GATHER", "P1", gain={"potion": 2})
    archive.ok("SHOP_ABILITY", "P1", reserve="EN-1")
    archive.bad("FIRE_UP", "P1", "FC-GATHER-1", dragon="AD-5", good="potion")


def test_fc_gather_4_coin_symbols_go_to_the_supply_and_enchantments_add() -> None:
    """FC-GATHER-2, FC-GATHER-4, FC-ENCH-12 (A-07): a coin shop yields coins; a tucked enchantment adds its icon."""
    t = at_shop("CAFE", add_shops=["CAFE"], slots={"CAFE": {"1": "AD-21"}})
    t.bad("GATHER", "P1", "FC-GATHER-3", gain={"meat": 1})
    t.ok("GATHER", "P1", gain={"coin": 1, "meat": 1})
    assert t.p("P1").coins == 1 and t.p("P1").goods == {"meat": 1}
    e = at_shop("SMITHY", enchantments={"SMITHY": ["EN-7", "EN-8"]})
    e.ok("GATHER", "P1", gain={"iron": 4})


def test_fc_gather_5_dragon_symbols_draw_from_park_or_deck() -> None:
    """FC-GATHER-5, FC-REW-6: a dragon symbol gives an artisan dragon from the park (gap refilled at end) or deck;
    a gather that does not say where it came from is asked for under FC-GATHER-5 (an ask, UX-12; field report
    FC-V7: it cited FC-REW-3, a slot-reward rule)."""
    t = at_shop("ROOST", add_shops=["ROOST=dragon,bread>1rep,meat>1rep"])
    [asked] = t.bad("GATHER", "P1", "FC-GATHER-5")
    assert asked.asks  # where it came from is asked for (UX-12)
    t.bad("GATHER", "P1", "FC-ART-DRAW-3", draws=[{"from": "park", "card": "PK-9"}])
    t.ok("GATHER", "P1", draws=[{"from": "park", "card": "PK-2"}])
    assert "PK-2" in t.p("P1").hand and "PK-2" not in t.state.park and len(t.state.park) == 4
    deck = t.state.artisan_deck
    t.ok("END_TURN", "P1", park=["PK-6"])
    assert t.state.park[-1] == "PK-6" and t.state.artisan_deck == deck - 1


def test_fc_gather_6_wild_symbols_yield_a_good_of_choice() -> None:
    """FC-GATHER-6 (A-08): a wild shop yields 1 good of the player's choice per wild symbol, never a coin."""
    t = at_shop("FAIR", add_shops=["FAIR"])
    t.bad("GATHER", "P1", "FC-GATHER-6")
    t.bad("GATHER", "P1", "FC-GATHER-3", gain={"coin": 1})
    t.bad("GATHER", "P1", "FC-GATHER-3", gain={"bread": 2})
    t.ok("GATHER", "P1", gain={"crystal": 1})


def test_fc_gather_7_one_placement_at_the_visited_shop() -> None:
    """FC-GATHER-7: the placement goes to the visited shop, and only one is allowed; FC-REW-4: a coin reward."""
    t = at_shop("BAKERY", players={"P1": {"hand": ["AD-20", "AD-1"]}})
    t.ok("GATHER", "P1")
    t.bad("PLACE", "P1", "FC-GATHER-7", dragon="AD-20", slot=2, shop="MILL")
    t.ok("PLACE", "P1", dragon="AD-20", slot=2)
    assert t.p("P1").coins == 1  # FC-REW-4
    t.bad("PLACE", "P1", "FC-GATHER-7", dragon="AD-1", slot=3)


def test_fc_gather_8_9_shop_ability_once_only_with_a_strip() -> None:
    """FC-GATHER-8: no strip → no ability; once only. FC-GATHER-9 (A-34): a declaration unlike the
    structured effect is a warning (an error with shop_ability_strict)."""
    t = at_shop("BAKERY")
    t.ok("GATHER", "P1")
    t.bad("SHOP_ABILITY", "P1", "FC-GATHER-8", gain="1rep")
    a = at_shop("ARCHIVE", add_shops=["ARCHIVE"])
    a.ok("GATHER", "P1", gain={"potion": 1})
    findings = a.ok("SHOP_ABILITY", "P1", gain="1bread")
    assert [(f.rule, f.is_error) for f in findings] == [("FC-GATHER-9", False)]
    a.bad("SHOP_ABILITY", "P1", "FC-GATHER-8", reserve="EN-1")
    strict = fresh(("P1", "P2"), shop_ability_strict=True)
    strict.ok("ADJUST", None, add_shops=["ARCHIVE"])
    strict.ok("VISIT", "P1", shop="ARCHIVE")
    strict.ok("GATHER", "P1", gain={"potion": 1})
    strict.bad("SHOP_ABILITY", "P1", "FC-GATHER-9", gain="1bread")


def test_fc_place_1_2_3_9_placement_checks() -> None:
    """FC-PLACE-1 (from the hand), FC-PLACE-2 (empty slot; starter slots are filled), FC-PLACE-3 (icons),
    FC-PLACE-9 (an ability's placement follows the same rules), FC-REW-1 and FC-REW-2 (the slot rewards)."""
    t = at_shop("BUTCHER", players={"P1": {"hand": ["AD-3", "AD-1"]}})
    t.ok("GATHER", "P1")
    t.bad("PLACE", "P1", "FC-PLACE-1", dragon="AD-21", slot=2)
    t.bad("PLACE", "P1", "FC-PLACE-2", dragon="AD-3", slot=1)
    t.bad("PLACE", "P1", "FC-PLACE-3", dragon="AD-1", slot=2)
    t.ok("PLACE", "P1", dragon="AD-3", slot=2, fancies=["FM-1"])
    t.bad("FIRE_UP", "P1", "FC-PLACE-3", dragon="AD-3", place={"dragon": "AD-1", "shop": "SMITHY", "slot": 2})
    t.ok("FIRE_UP", "P1", dragon="AD-3", place={"dragon": "AD-1", "shop": "BAKERY", "slot": 3})
    assert t.p("P1").rep == 2 and t.p("P1").fancies[-1] == "FM-1"  # FC-REW-1, FC-REW-2


def test_fc_place_7_no_new_shop_without_deck_or_space() -> None:
    """FC-PLACE-7 (A-20): an empty shop deck, or a full town, draws no new shop, and that is no error."""
    for adjust in ({"decks": {"shop": 0}}, {"add_shops": ["MILL", "CAFE", "FAIR", "ARCHIVE", "X1=bread,bread", "X2=bread,bread"]}):
        t = fresh(("P1", "P2"), town_spaces=12)
        t.ok("ADJUST", None, slots={"BAKERY": {"2": "AD-40=bread/gift"}}, players={"P1": {"hand": ["AD-41=bread/gift"]}}, **adjust)
        t.ok("VISIT", "P1", shop="BAKERY")
        t.ok("GATHER", "P1", gain={"bread": 3})
        t.ok("PLACE", "P1", dragon="AD-41", slot=3)
        assert t.state.turn.new_shops == []
        t.ok("END_TURN", "P1")


def test_fc_rew_3_5_7_artisan_reward_multiple_items_and_empty_sources() -> None:
    """FC-REW-3 (park or deck), FC-REW-5 (all items of a reward), FC-REW-7 (A-28: an empty source loses it)."""
    t = at_shop("GREENHOUSE", players={"P1": {"hand": ["AD-32"]}})
    t.ok("GATHER", "P1")
    t.bad("PLACE", "P1", "FC-REW-3", dragon="AD-32", slot=2)
    t.ok("PLACE", "P1", dragon="AD-32", slot=2, draws=[{"from": "deck", "card": "AD-50", "face": "meat/gift"}])
    assert t.p("P1").hand == ["AD-50"]
    multi = at_shop("POSH", add_shops=["POSH=iron,iron>1rep+1coin+1bread"], players={"P1": {"hand": ["AD-4"]}})
    multi.ok("GATHER", "P1")
    multi.ok("PLACE", "P1", dragon="AD-4", slot=1)
    assert (multi.p("P1").rep, multi.p("P1").coins, multi.p("P1").goods["bread"]) == (1, 1, 1)
    empty = fresh(("P1", "P2"), fancy_deck_size=3)
    empty.ok("ADJUST", None, decks={"fancy": 0}, players={"P1": {"hand": ["AD-3"]}})
    empty.ok("VISIT", "P1", shop="BUTCHER")
    empty.ok("GATHER", "P1")
    empty.ok("PLACE", "P1", dragon="AD-3", slot=2)
    assert empty.p("P1").fancies == ["FK-P1"]
    assert any("fancy deck is empty" in n for n in empty.state.notes)


def test_fc_fire_1_2_6_one_fire_up_at_the_shop_when_gathering() -> None:
    """FC-FIRE-1 (a dragon at this shop), FC-FIRE-2 (one when gathering), FC-FIRE-6 (A-15: no chain)."""
    t = at_shop("APOTHECARY", players={"P1": {"hand": ["AD-5"]}})
    t.ok("GATHER", "P1")
    t.bad("FIRE_UP", "P1", "FC-FIRE-1", dragon="SD-BREAD", good="bread")
    t.ok("FIRE_UP", "P1", dragon="SD-POTION", place={"dragon": "AD-5", "shop": "APOTHECARY", "slot": 2})
    t.bad("FIRE_UP", "P1", "FC-FIRE-2", dragon="AD-5", good="potion")
    chained = fresh(("P1", "P2"), chain_in_gather=True)
    chained.ok("ADJUST", None, players={"P1": {"hand": ["AD-5"]}})
    chained.ok("VISIT", "P1", shop="APOTHECARY")
    chained.ok("GATHER", "P1")
    chained.ok("FIRE_UP", "P1", dragon="SD-POTION", place={"dragon": "AD-5", "shop": "APOTHECARY", "slot": 2})
    chained.ok("FIRE_UP", "P1", dragon="AD-5", good="potion")


def test_fc_fire_3_4_5_art_place_3_enchant_fires_all_chains_once_each() -> None:
    """FC-FIRE-3 (all dragons when enchanting), FC-FIRE-4 (once each), FC-FIRE-5 / FC-ART-PLACE-3 (chain)."""
    t = at_shop(
        "APOTHECARY",
        slots={"APOTHECARY": {"2": "AD-5"}},
        players={"P1": {"hand": ["AD-50=potion/gift"], "goods": {"potion": 2, "iron": 1}}},
        row=["EN-9", "EN-P=potion:2potion>2rep"],
    )
    t.ok("ENCHANT", "P1", card="EN-P")
    t.ok("FIRE_UP", "P1", dragon="AD-5", good="potion")
    t.bad("FIRE_UP", "P1", "FC-FIRE-4", dragon="AD-5", good="potion")
    t.ok("FIRE_UP", "P1", dragon="SD-POTION", place={"dragon": "AD-50", "shop": "APOTHECARY", "slot": 3})
    t.ok("FIRE_UP", "P1", dragon="AD-50", gift={"to": "P2", "item": "iron"})
    assert t.p("P1").rep == 2 + 2 + 2  # enchantment, slot 3 reward, gift


def test_fc_fire_8_9_10_printed_ability_timing_and_no_ops() -> None:
    """FC-FIRE-8 (the printed ability), FC-FIRE-9 (only after the action), FC-FIRE-10 (A-35: a no-op uses it up)."""
    t = at_shop("SMITHY")
    t.bad("FIRE_UP", "P1", "FC-FIRE-9", dragon="SD-IRON")
    t.ok("GATHER", "P1", gain={"iron": 2})
    t.bad("FIRE_UP", "P1", "FC-FIRE-8", dragon="SD-IRON", ability="GAIN2", good="iron")
    t.ok("ADJUST", None, players={"P1": {"goods": {}}})
    t.ok("FIRE_UP", "P1", dragon="SD-IRON")  # GIFT with nothing to give: legal no-op
    assert t.p("P1").rep == 0
    t.bad("FIRE_UP", "P1", "FC-FIRE-2", dragon="SD-IRON")


def test_fc_art_gain2_3_any_good_at_a_wild_shop() -> None:
    """FC-ART-GAIN2-3: at a wild shop GAIN2 may take any good; FC-ART-GAIN2-1: 2 of one type."""
    t = at_shop("FAIR", add_shops=["FAIR"], slots={"FAIR": {"1": "AD-5"}})
    t.ok("GATHER", "P1", gain={"potion": 1, "meat": 1})
    t.bad("FIRE_UP", "P1", "FC-ART-GAIN2-1", dragon="AD-5", goods=["meat", "iron"])
    t.ok("FIRE_UP", "P1", dragon="AD-5", good="meat")
    assert t.p("P1").goods["meat"] == 3


def test_fc_art_gain2_2_a18_enchantment_goods_count_at_the_shop() -> None:
    """FC-ART-GAIN2-2 (A-18): a good added by a tucked enchantment counts; with the setting off it does not."""
    for include, ok in ((True, True), (False, False)):
        t = fresh(("P1", "P2"), gain2_include_enchantments=include)
        t.ok("ADJUST", None, enchantments={"BAKERY": ["EN-M=meat:2meat>1rep"]})
        t.ok("VISIT", "P1", shop="BAKERY")
        t.ok("GATHER", "P1", gain={"bread": 2, "meat": 1})
        (t.ok if ok else t.bad)("FIRE_UP", "P1", dragon="SD-BREAD", good="meat")


def test_fc_art_gain3_2_never_coins_or_dragons() -> None:
    """FC-ART-GAIN3-2: GAIN3 gives goods only."""
    t = at_shop("GREENHOUSE")
    t.ok("GATHER", "P1")
    t.bad("FIRE_UP", "P1", "FC-ART-GAIN3-2", dragon="SD-PLANT", goods=["coin", "bread", "meat"])


def test_fc_art_draw_1_2_3_draw_from_park_or_deck_and_trigger_the_end() -> None:
    """FC-ART-DRAW-1, FC-ART-DRAW-3 (no draw named: asked for, UX-12), FC-ART-DRAW-2 / FC-END-1: drawing the deck's
    last card triggers the end; FC-END-7."""
    t = at_shop("BUTCHER", decks={"artisan": 1})
    t.ok("GATHER", "P1")
    [asked] = t.bad("FIRE_UP", "P1", "FC-ART-DRAW-3", dragon="SD-MEAT")
    assert asked.asks
    t.bad("FIRE_UP", "P1", "FC-ART-DRAW-3", dragon="SD-MEAT", draws=[{"from": "park", "card": "AD-1"}])
    t.ok("FIRE_UP", "P1", dragon="SD-MEAT", draws=[{"from": "deck", "card": "DK-LAST"}])
    assert t.state.artisan_deck == 0 and t.state.end_trigger["deck"] == "artisan" and t.state.end_trigger["player"] == "P1"
    t.ok("END_TURN", "P1", park=[])  # FC-END-TURN-9: nothing left to refill with
    t2 = at_shop("BUTCHER", decks={"artisan": 0})
    t2.ok("GATHER", "P1")
    t2.bad("FIRE_UP", "P1", "FC-END-7", dragon="SD-MEAT", draws=[{"from": "deck"}])
    t2.ok("FIRE_UP", "P1", dragon="SD-MEAT", draws=[{"from": "park", "card": "PK-1"}])


def test_fc_art_swap_1_partner_must_be_in_town() -> None:
    """FC-ART-SWAP-1 (A-41): the partner is a dragon in a slot in town, not one in a hand."""
    t = at_shop("JEWELER", players={"P1": {"hand": ["AD-6"]}})
    t.ok("GATHER", "P1")
    t.bad("FIRE_UP", "P1", "FC-ART-SWAP-1", dragon="SD-CRYSTAL", swap="AD-6")
    t.bad("FIRE_UP", "P1", "FC-ART-SWAP-1", dragon="SD-CRYSTAL")
    t.ok("FIRE_UP", "P1", dragon="SD-CRYSTAL", swap="SD-BREAD")
    assert t.state.shops["BAKERY"].slots[0] == "SD-CRYSTAL" and t.state.turn.followup == "SD-BREAD"
    t.ok("FIRE_UP", "P1", dragon="SD-BREAD", good="crystal")  # FC-FIRE-7: the follow-up


def test_fc_art_gift_1_2_gift_3_gift_needs_another_player_and_a_held_good() -> None:
    """FC-ART-GIFT-1, FC-ART-GIFT-2, FC-GIFT-1 (must hold it), FC-GIFT-3 (never to yourself)."""
    t = at_shop("SMITHY")
    t.ok("GATHER", "P1")
    t.bad("FIRE_UP", "P1", "FC-GIFT-3", dragon="SD-IRON", gift={"to": "P1", "item": "iron"})
    t.bad("FIRE_UP", "P1", "FC-GIFT-1", dragon="SD-IRON", gift={"to": "P2", "item": "potion"})
    t.bad("FIRE_UP", "P1", "FC-ART-GIFT-1", dragon="SD-IRON")
    t.ok("FIRE_UP", "P1", dragon="SD-IRON", gift={"to": "P2", "item": "iron"})
    assert (t.p("P1").rep, t.p("P1").goods["iron"], t.p("P2").goods["iron"]) == (2, 1, 1)


def test_fc_rew_7_an_artisan_reward_with_no_park_and_no_deck_is_lost() -> None:
    """FC-REW-7 (A-28): with the park and the artisan deck empty, an artisan reward is lost, without error."""
    t = at_shop("GREENHOUSE", players={"P1": {"hand": ["AD-32"]}}, park=[], decks={"artisan": 0})
    t.ok("GATHER", "P1")
    t.ok("PLACE", "P1", dragon="AD-32", slot=2)
    assert t.p("P1").hand == [] and any("dragon is lost" in n for n in t.state.notes)


def test_fc_setup_13_the_fancy_deck_loses_one_card_per_player() -> None:
    """FC-SETUP-13: 2 drawn, 1 kept, 1 back to the bottom: the tracked fancy deck drops by 1 per player."""
    t = fresh(("P1", "P2", "P3"), fancy_deck_size=12)
    assert t.state.fancy_deck == 9


def test_fc_art_draw_3_a_park_card_revealed_without_its_name_takes_it_when_drawn() -> None:
    """FC-ART-DRAW-3, FC-END-TURN-8: a park card laid out under a provisional name (no --park) takes its real name
    when it is drawn; a name already in play, or a park with no unnamed card, is still refused."""
    t = Table(("P1", "P2"))
    t.ok("SETUP", None, row=["EN-1", "EN-2", "EN-3", "EN-4", "EN-5"])
    provisional = list(t.state.park)
    t.deal("P1", ["AD-1", "AD-2", "AD-3"])
    t.deal("P2", ["AD-4", "AD-5", "AD-6"])
    t.ok("ADJUST", None, add_shops=["ROOST=dragon,bread>1rep,meat>1rep"])
    t.ok("VISIT", "P1", shop="ROOST")
    t.refused("FC-ART-DRAW-3", "GATHER", "P1", draws=[{"from": "park", "card": "AD-4"}])  # in P2's hand
    t.ok("GATHER", "P1", draws=[{"from": "park", "card": "AD-9", "face": "bread/gift"}])
    assert "AD-9" in t.p("P1").hand and provisional[0] not in t.state.park and len(t.state.park) == 4
    full = fresh(("P1", "P2"))  # every park card is named: nothing to rename
    full.ok("ADJUST", None, add_shops=["ROOST=dragon,bread>1rep,meat>1rep"])
    full.ok("VISIT", "P1", shop="ROOST")
    full.refused("FC-ART-DRAW-3", "GATHER", "P1", draws=[{"from": "park", "card": "AD-9"}])
