"""Enchanting (FC-ENCH), reserving (FC-RES), gifts (FC-GIFT), fancy dragons (FC-FANCY), the end of a turn
(FC-END-TURN) and the game end (FC-END)."""

from __future__ import annotations

from fc_helpers import Table, fresh


def enchanting(shop: str, goods: dict[str, int], coins: int = 0, **adjust: object) -> Table:
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"goods": goods, "coins": coins}}, **adjust)
    t.ok("VISIT", "P1", shop=shop)
    return t


def test_fc_ench_1_no_placement_or_shop_ability_on_an_enchant_turn() -> None:
    """FC-ENCH-1: an enchant turn has no placement from the hand and no shop ability (FC-GATHER-8)."""
    t = enchanting("BAKERY", {"bread": 2, "meat": 1})
    t.ok("ADJUST", None, players={"P1": {"hand": ["AD-20"]}})
    t.ok("ENCHANT", "P1", card="EN-1")
    t.bad("PLACE", "P1", "FC-ENCH-1", dragon="AD-20", slot=2)
    t.bad("SHOP_ABILITY", "P1", "FC-GATHER-8", gain="1rep")


def test_fc_ench_2_6_8_9_13_cast_from_the_row_pay_exactly_gain_the_reward() -> None:
    """FC-ENCH-2 (from the row), FC-ENCH-6 (exact cost, coins wild, FC-GEN-4), FC-ENCH-8 (paid to the supply),
    FC-ENCH-9 (the reward), FC-ENCH-13 (the row gap waits for the end of the turn)."""
    t = enchanting("BAKERY", {"bread": 3, "meat": 0}, coins=2)
    t.bad("ENCHANT", "P1", "FC-ENCH-2", card="EN-9")
    t.bad("ENCHANT", "P1", "FC-ENCH-6", card="EN-1", pay={"bread": 3, "coin": 1})
    t.bad("ENCHANT", "P1", "FC-ENCH-6", card="EN-1", pay={"bread": 2, "potion": 1})
    t.ok("ENCHANT", "P1", card="EN-1", pay={"bread": 1, "coin": 2})
    assert (t.p("P1").goods["bread"], t.p("P1").coins, t.p("P1").rep) == (2, 0, 3)
    assert t.state.row == ["EN-2", "EN-3", "EN-4", "EN-5"] and t.state.shops["BAKERY"].enchantments == ["EN-1"]
    t.ok("END_TURN", "P1", row=["EN-10=bread:2bread>1rep"])
    assert t.state.row[-1] == "EN-10" and t.state.ench_deck == 12


def test_fc_ench_3_4_shops_that_cannot_be_enchanted_and_icon_match() -> None:
    """FC-ENCH-3 (A-04: coin/dragon shops), FC-ENCH-4 (icons match; a wild shop takes any, A-25)."""
    t = enchanting("CAFE", {"iron": 3}, add_shops=["CAFE", "FAIR"], row=["EN-4", "EN-7", "EN-1"])
    t.bad("ENCHANT", "P1", "FC-ENCH-3", card="EN-4")
    t2 = enchanting("BAKERY", {"iron": 3}, row=["EN-4", "EN-7", "EN-1"])
    t2.bad("ENCHANT", "P1", "FC-ENCH-4", card="EN-4")
    t3 = enchanting("FAIR", {"iron": 3}, add_shops=["FAIR"], row=["EN-4", "EN-7", "EN-1"])
    t3.ok("ENCHANT", "P1", card="EN-4")


def test_fc_ench_5_at_most_three_enchantments() -> None:
    """FC-ENCH-5: a shop with 3 enchantments takes no more."""
    t = enchanting("SMITHY", {"iron": 5}, enchantments={"SMITHY": ["EN-7", "EN-8", "EN-9"]}, row=["EN-4"])
    t.bad("ENCHANT", "P1", "FC-ENCH-5", card="EN-4")


def test_fc_ench_7_no_coin_cards() -> None:
    """FC-ENCH-7 (A-05): a no-coin card cannot be paid with coins, declared or by default (then, as any cost the
    player cannot meet, under FC-GEN-3 with the holdings: field report FC-V4)."""
    t = enchanting("BUTCHER", {"crystal": 1}, coins=3)
    t.bad("ENCHANT", "P1", "FC-ENCH-7", card="EN-2", pay={"crystal": 1, "coin": 1})
    [short] = t.bad("ENCHANT", "P1", "FC-GEN-3", card="EN-2")
    assert short.message == "EN-2 costs 2crystal; P1 holds 1crystal (no coins on this card): not enough (gather instead)"
    t.ok("ADJUST", None, players={"P1": {"goods": {"crystal": 2}}})
    t.ok("ENCHANT", "P1", card="EN-2")
    assert t.p("P1").rep == 4 and t.p("P1").coins == 3


def test_fc_ench_10_11_variable_cards_pay_k_sets() -> None:
    """FC-ENCH-10 (A-26: 1 ≤ k ≤ max, k × the set cost), FC-ENCH-11 (the reward for k sets). No k declared is
    asked for (an ask: the play is incomplete, UX-12); a k over the card's maximum says so (UX-12: it repeated
    "declare how many")."""
    t = enchanting("BAKERY", {"iron": 2, "potion": 1}, coins=1)
    [asked] = t.bad("ENCHANT", "P1", "FC-ENCH-10", card="EN-3")
    assert asked.asks and asked.message == "EN-3 is paid in sets: declare how many (--sets K, 1 to 3)"
    [most] = t.bad("ENCHANT", "P1", "FC-ENCH-10", card="EN-3", sets=4)
    from scorekeeper.games.flamecraft.rules_enchant import default_payment

    assert default_payment(t.state, "P1", {"card": "EN-3"}) is None  # no k to pay for: the rules ask (no Stop leaks)
    assert not most.asks and most.message == "EN-3 has 3 sets at most, not 4 (--sets K, 1 to 3)"
    t.bad("ENCHANT", "P1", "FC-ENCH-6", card="EN-3", sets=2, pay={"iron": 2, "potion": 1})
    t.ok("ENCHANT", "P1", card="EN-3", sets=2, pay={"iron": 2, "potion": 1, "coin": 1})
    assert t.p("P1").rep == 4 and t.p("P1").goods == {"iron": 0, "potion": 0}


def test_fc_ench_12_the_enchantment_adds_to_the_yield() -> None:
    """FC-ENCH-12: once tucked, the enchantment adds its icon to the shop's gather yield."""
    t = enchanting("BAKERY", {"bread": 2, "meat": 1})
    t.ok("ENCHANT", "P1", card="EN-1")
    t.ok("END_TURN", "P1", row=["EN-10"])
    t.ok("ADJUST", None, players={"P2": {"coins": 1}})
    t.ok("VISIT", "P2", shop="BAKERY", pay={"P1": "coin"})
    t.ok("GATHER", "P2", gain={"bread": 3})


def test_fc_res_1_3_reserve_needs_a_granting_effect_and_may_come_from_the_deck() -> None:
    """FC-RES-1 (name the effect), FC-RES-3 (from the deck: the count drops, the last card triggers the end)."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, decks={"ench": 1})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    t.bad("RESERVE", "P1", "FC-RES-1", card="EN-2")
    t.ok("RESERVE", "P1", card="EN-40=iron:2iron>2rep", source="deck", by="a card's reward")
    assert t.p("P1").reserved == "EN-40" and t.state.ench_deck == 0 and t.state.end_trigger["deck"] == "ench"
    t.bad("RESERVE", "P1", "FC-RES-2", card="EN-2", by="again")


def test_fc_res_6_a_reserved_card_is_its_holders_alone() -> None:
    """FC-RES-6: nobody else may cast a reserved card; FC-RES-4: the holder may."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P2": {"reserved": "EN-7"}, "P1": {"goods": {"iron": 2}}})
    t.ok("VISIT", "P1", shop="SMITHY")
    t.bad("ENCHANT", "P1", "FC-RES-6", card="EN-7")
    t.bad("ENCHANT", "P1", "FC-RES-4", card="EN-4", source="reserve")


def test_fc_gift_4_6_gift_events_need_an_effect_and_rewards_come_from_the_supply() -> None:
    """FC-GIFT-6 (a gift names its effect; payments are not gifts), FC-GIFT-4, FC-REW-8 (a reward from the supply, never from the recipient),
    FC-GIFT-5 / FC-END-TURN-6 (the recipient is not held to the limits on another player's turn)."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"goods": {"bread": 1}}, "P2": {"goods": {"bread": 7}}})
    t.bad("GIFT", "P1", "FC-GIFT-6", to="P2", item="bread")
    t.ok("GIFT", "P1", to="P2", item="bread", by="companion effect", reward="1coin")
    assert t.p("P1").coins == 1 and t.p("P2").goods["bread"] == 8 and t.p("P2").coins == 0
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    t.ok("END_TURN", "P1")  # P2 holds 8 bread; P1's end of turn does not care


def test_fc_fancy_5_7_moon_dragons_and_unfulfilled_goals() -> None:
    """FC-FANCY-5 (moon dragons score only at the end), FC-FANCY-7 (A-31: the declared goal; a spend not held)."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"fancies": ["FM-1", "FD-1"], "goods": {"plant": 1}}})
    t.bad("FANCY_SCORE", "P1", "FC-FANCY-5", card="FM-1")
    t.bad("FANCY_SCORE", "P1", "FC-FANCY-7", card="FD-1")
    t.bad("FANCY_SCORE", "P1", "FC-FANCY-1", card="FD-1", fulfilled=False)
    t.ok("ADJUST", None, players={"P1": {"coins": 2}})
    t.bad("FANCY_SCORE", "P1", "FC-FANCY-3", card="FD-1", pay={"plant": 1, "bread": 2})
    t.ok("FANCY_SCORE", "P1", card="FD-1")  # coins stand in
    assert t.p("P1").rep == 4 and t.p("P1").coins == 0
    strict = fresh(("P1", "P2"), sun_coins_wild=False)
    strict.ok("ADJUST", None, players={"P1": {"fancies": ["FD-1"], "goods": {"plant": 1}, "coins": 2}})
    strict.bad("FANCY_SCORE", "P1", "FC-FANCY-7", card="FD-1")


def test_fc_end_turn_1_3_4_5_7_discard_exactly_to_the_limits() -> None:
    """FC-END-TURN-1 (flip, discard, refill in one end of turn, in order), FC-END-TURN-3, FC-END-TURN-4 (A-19: exactly 6 dragons, 7 of each good), FC-END-TURN-5 (no coin discards),
    FC-END-TURN-7 (discarded dragons leave play), FC-FANCY-6 (fancy dragons are not counted)."""
    hand = [f"AD-{n}" for n in range(60, 67)]
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"hand": [f"{h}=bread/gift" for h in hand], "goods": {"bread": 7, "meat": 9},
                                          "fancies": ["FM-1", "FM-2", "FM-3"]}})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")  # bread 9 now
    t.bad("END_TURN", "P1", "FC-END-TURN-3", discard={"goods": {"bread": 2, "meat": 2}})
    t.bad("END_TURN", "P1", "FC-END-TURN-3", discard={"dragons": ["AD-60", "AD-61"], "goods": {"bread": 2, "meat": 2}})
    t.bad("END_TURN", "P1", "FC-END-TURN-4", discard={"dragons": ["AD-60"], "goods": {"bread": 1, "meat": 2}})
    t.bad("END_TURN", "P1", "FC-END-TURN-5", discard={"dragons": ["AD-60"], "goods": {"bread": 2, "meat": 2}, "coins": 1})
    deck = t.state.artisan_deck
    t.ok("END_TURN", "P1", discard={"dragons": ["AD-60"], "goods": {"bread": 2, "meat": 2}})
    p1 = t.p("P1")
    assert len(p1.hand) == 6 and p1.goods["bread"] == 7 and p1.goods["meat"] == 7 and len(p1.fancies) == 3
    assert "AD-60" in t.state.discarded and t.state.artisan_deck == deck and "AD-60" not in t.state.park


def test_fc_end_turn_4_goods_over_the_limit_with_no_discard_named() -> None:
    """FC-END-TURN-4: an end of turn that names no discard is refused while a good is over 7 (the check does not
    rest on a discard being named); within the limits it passes."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"goods": {"meat": 8}}})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    found = t.bad("END_TURN", "P1", "FC-END-TURN-4")
    assert any("discard exactly 1" in f.message for f in found)
    t.ok("END_TURN", "P1", discard={"goods": {"meat": 1}})
    assert t.p("P1").goods["meat"] == 7


def test_fc_end_turn_8_9_refill_as_far_as_the_deck_allows() -> None:
    """FC-END-TURN-8 (refill to 5 with the revealed cards), FC-END-TURN-9 (A-27: a short deck refills partly)."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, row=["EN-1", "EN-2", "EN-4"], decks={"ench": 1})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    t.bad("END_TURN", "P1", "FC-END-TURN-8", row=["EN-10", "EN-11"])
    t.ok("END_TURN", "P1", row=["EN-10"])
    assert t.state.row == ["EN-1", "EN-2", "EN-4", "EN-10"] and t.state.ench_deck == 0
    assert t.state.end_trigger == {"deck": "ench", "seq": t.events[-1].seq, "player": "P1", "turn": 1}


def play_out(t: Table, player: str, shop: str) -> None:
    t.ok("VISIT", player, shop=shop)
    t.ok("GATHER", player)
    t.ok("END_TURN", player)


def test_fc_end_1_to_5_final_turns_for_everyone_including_the_trigger_player() -> None:
    """FC-END-1 (the last card drawn), FC-END-3 (the turn completes), FC-END-4 (A-13: 1 final turn each,
    the trigger player last), FC-END-5 (nothing after), FC-END-TURN-10 (the turn passes in order)."""
    t = fresh(("P1", "P2", "P3"))
    t.ok("ADJUST", None, decks={"artisan": 1})
    t.ok("VISIT", "P1", shop="GREENHOUSE")
    t.ok("GATHER", "P1")
    t.ok("ADJUST", None, players={"P1": {"hand": ["AD-32"]}})
    t.ok("PLACE", "P1", dragon="AD-32", slot=2, draws=[{"from": "park", "card": "PK-1"}])
    assert t.state.end_trigger is None  # a park card is not the deck
    t.ok("END_TURN", "P1", park=["PK-6"])  # the refill takes the last deck card
    assert t.state.end_trigger["player"] == "P1" and t.state.final_queue == ["P2", "P3", "P1"]
    assert t.state.turn.player == "P2" and t.state.turn.final
    play_out(t, "P2", "BAKERY")
    play_out(t, "P3", "SMITHY")
    assert not t.state.finished and t.state.turn.player == "P1"
    play_out(t, "P1", "BUTCHER")
    assert t.state.finished and t.state.turn is None
    t.bad("VISIT", "P2", "FC-END-5", shop="JEWELER")


def test_fc_end_4_finish_round_setting() -> None:
    """FC-END-4 (A-13 alternative finish_round): only the other players get a final turn."""
    t = fresh(("P1", "P2", "P3"), final_round="finish_round")
    t.ok("ADJUST", None, row=["EN-1", "EN-2", "EN-3", "EN-4"])
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    t.ok("ADJUST", None, decks={"ench": 1})
    t.ok("END_TURN", "P1", row=["EN-10"])
    assert t.state.final_queue == ["P2", "P3"]
    play_out(t, "P2", "BUTCHER")
    play_out(t, "P3", "SMITHY")
    assert t.state.finished


def test_fc_end_2_6_only_the_first_run_out_counts_shop_and_fancy_decks_never() -> None:
    """FC-END-2 (a second deck running out changes nothing), FC-END-6 (shop and fancy decks never trigger)."""
    t = fresh(("P1", "P2"), fancy_deck_size=1)
    t.ok("ADJUST", None, decks={"shop": 0, "fancy": 1}, players={"P1": {"hand": ["AD-3"]}})
    t.ok("VISIT", "P1", shop="BUTCHER")
    t.ok("GATHER", "P1")
    t.ok("PLACE", "P1", dragon="AD-3", slot=2, fancies=["FM-2"])
    assert t.state.fancy_deck == 0 and t.state.end_trigger is None
    t.ok("ADJUST", None, decks={"artisan": 1, "ench": 1}, row=["EN-1", "EN-2", "EN-3", "EN-4"])
    t.ok("END_TURN", "P1", row=["EN-10"])
    trigger = dict(t.state.end_trigger)
    assert trigger["deck"] == "ench"
    t.ok("VISIT", "P2", shop="BAKERY")
    t.ok("GATHER", "P2")
    t.ok("ADJUST", None, players={"P2": {"hand": ["AD-20"]}})
    t.ok("END_TURN", "P2")
    assert t.state.end_trigger == trigger and t.state.final_queue == ["P1"]


def test_fc_fancy_7_structured_goals_are_checked_for_sun_and_moon_dragons() -> None:
    """FC-FANCY-7 (A-31): a structured goal (hold / distinct / placed / enchanted / coins) is evaluated: a sun
    dragon whose goal is not met is refused; a moon dragon declared fulfilled against the state is refused."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, decks={"ench": 1}, row=["EN-1", "EN-2", "EN-3", "EN-4"], players={
        "P1": {"fancies": ["SG-1=sun:3rep:goal=coins 2", "MG-1=moon:4rep:goal=distinct 2"], "coins": 1},
        "P2": {"fancies": ["MG-2=moon:2rep:goal=hold 2meat"], "goods": {"meat": 2}},
    })
    t.bad("FANCY_SCORE", "P1", "FC-FANCY-7", card="SG-1")
    t.ok("ADJUST", None, players={"P1": {"coins": 2}})
    t.ok("FANCY_SCORE", "P1", card="SG-1")
    assert t.p("P1").rep == 3 and t.p("P1").coins == 2  # a goal to hold is not spent
    for player, shop in (("P1", "BAKERY"), ("P2", "BUTCHER"), ("P1", "SMITHY")):
        t.ok("VISIT", player, shop=shop)
        t.ok("GATHER", player)
        t.ok("END_TURN", player, **({"row": ["EN-10"]} if shop == "BAKERY" else {}))
    assert t.state.finished
    # P1 holds bread and iron (2 different goods): MG-1 is met; P2 holds 4 meat: MG-2 is met
    assert t.p("P1").goods == {"bread": 2, "iron": 2}
    findings = t.ok("FINAL_SCORING", None, moon={"MG-1": True, "MG-2": False})
    assert [(f.rule, f.is_error) for f in findings] == [("FC-FANCY-7", False)]  # MG-2 declared missed but met


def test_fc_fancy_7_a_moon_goal_declared_fulfilled_but_not_met_is_refused() -> None:
    """FC-FANCY-7: the final scoring cannot declare a structured moon goal fulfilled when it is not."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, decks={"ench": 1}, row=["EN-1", "EN-2", "EN-3", "EN-4"],
         players={"P1": {"fancies": ["MG-3=moon:5rep:goal=enchanted 1"]}, "P2": {"fancies": []}})
    for player, shop in (("P1", "BAKERY"), ("P2", "BUTCHER"), ("P1", "SMITHY")):
        t.ok("VISIT", player, shop=shop)
        t.ok("GATHER", player)
        t.ok("END_TURN", player, **({"row": ["EN-10"]} if shop == "BAKERY" else {}))
    t.bad("FINAL_SCORING", None, "FC-FANCY-7", moon={"MG-3": True})
    t.ok("FINAL_SCORING", None, moon={"MG-3": False})


def test_fc_gather_9_a_structured_shop_gain_is_applied_and_checked() -> None:
    """FC-GATHER-9 (A-34): a shop whose ability is a structured gain applies it when nothing is declared;
    a different declaration is a warning."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, add_shops=["TAVERN=meat,meat>1rep,ability=gain 1coin+1rep"])
    t.ok("VISIT", "P1", shop="TAVERN")
    t.ok("GATHER", "P1")
    t.ok("SHOP_ABILITY", "P1")
    assert (t.p("P1").coins, t.p("P1").rep) == (1, 1)
    u = fresh(("P1", "P2"))
    u.ok("ADJUST", None, add_shops=["TAVERN=meat,meat>1rep,ability=gain 1coin+1rep"])
    u.ok("VISIT", "P1", shop="TAVERN")
    u.ok("GATHER", "P1")
    findings = u.ok("SHOP_ABILITY", "P1", gain="3rep")
    assert [(f.rule, f.is_error) for f in findings] == [("FC-GATHER-9", False)]


def test_fc_gen_3_gen_5_no_double_discard_or_double_reveal() -> None:
    """FC-GEN-3 (one dragon discarded twice), FC-GEN-5 (one card revealed twice in a refill)."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"hand": [f"AD-{n}=bread/gift" for n in range(60, 68)]}})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    t.bad("END_TURN", "P1", "FC-GEN-3", discard={"dragons": ["AD-60", "AD-60"]})
    t.ok("ADJUST", None, row=["EN-1", "EN-2", "EN-3"])
    t.bad("END_TURN", "P1", "FC-GEN-5", discard={"dragons": ["AD-60", "AD-61"]}, row=["EN-10", "EN-10"])
    t.ok("END_TURN", "P1", discard={"dragons": ["AD-60", "AD-61"]}, row=["EN-10", "EN-11"])
