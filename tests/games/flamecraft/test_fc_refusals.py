"""Refusals no test asserted before (a check could stop refusing and the suite would not notice): unreadable
gains (FC-GEN-1), malformed faces and a shop flipped twice (FC-GEN-5), the other enchantment deck met after the
setup (FC-SETUP-8)."""

from __future__ import annotations

import pytest

from fc_helpers import PARK, ROW, Table, fresh

GOLD = "iron:2iron>1rep:deck=gold"


def with_companions() -> Table:
    """A 2-player game with companions, dealt and at P1's first turn."""
    t = Table(("P1", "P2"), companions=True)
    t.ok("SETUP", None, park=PARK, row=ROW)
    t.ok("SETUP_PLAYER", "P1", hand=["AD-1", "AD-2", "AD-3"], keep=["FD-A"], companion="C-1")
    t.ok("SETUP_PLAYER", "P2", hand=["AD-4", "AD-5", "AD-6"], keep=["FD-C"], companion="C-2")
    return t


def test_fc_gen_1_an_unreadable_companion_gain_is_refused_and_leaves_it_unused() -> None:
    """FC-GEN-1: a companion's declared gain must be rewards and goods; a good that does not exist, an amount
    that is not a count or words that do not parse are refused, and the companion stays unused."""
    t = with_companions()
    for gain in ("2gold", {"gold": 2}, {"rep": -1}, 5, "rep2rep"):
        t.refused("FC-GEN-1", "COMPANION_USE", "P1", gain=gain)
    assert not t.p("P1").companion_used
    t.ok("COMPANION_USE", "P1", gain="1potion")
    assert t.p("P1").companion_used and t.p("P1").goods == {"potion": 1}


def test_fc_gen_1_an_unreadable_shop_ability_gift_reward_or_other_ability_gain_is_refused() -> None:
    """FC-GEN-1: the same for a shop ability's declared gain, a gift's reward and an ability outside the six."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, add_shops=["HALL=bread,bread>1rep,ability=trade a good"],
         slots={"HALL": {"1": "AD-9=bread/other"}}, players={"P1": {"goods": {"meat": 1}}})
    t.ok("VISIT", "P1", shop="HALL")
    t.ok("GATHER", "P1")
    t.refused("FC-GEN-1", "FIRE_UP", "P1", dragon="AD-9", gain="3gold")
    t.refused("FC-GEN-1", "SHOP_ABILITY", "P1", gain="1gold")
    t.refused("FC-GEN-1", "GIFT", "P1", to="P2", item="meat", by="a card", reward="2gold")
    t.ok("SHOP_ABILITY", "P1", gain="1rep")
    assert t.p("P1").rep == 1 and t.p("P1").goods == {"meat": 1, "bread": 2}


def test_fc_gen_1_gain3_cannot_give_a_good_that_does_not_exist() -> None:
    """FC-GEN-1, FC-ART-GAIN3-1: three different names are not enough; each must be one of the six goods."""
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="GREENHOUSE")
    t.ok("GATHER", "P1")
    t.refused("FC-GEN-1", "FIRE_UP", "P1", dragon="SD-PLANT", goods=["bread", "meat", "gold"])
    t.ok("FIRE_UP", "P1", dragon="SD-PLANT", goods=["bread", "meat", "iron"])
    assert "gold" not in t.p("P1").goods


def test_fc_gen_5_malformed_faces_are_refused() -> None:
    """FC-GEN-5: faces given with a play map card names to faces, under a kind of card; anything else is
    refused with what is wrong, not ignored."""
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="BAKERY")
    found = t.refused("FC-GEN-5", "GATHER", "P1", faces={"dragon": "AD-9=bread/gift"})
    assert "faces.dragon must map card names to faces" in found.message
    found = t.refused("FC-GEN-5", "GATHER", "P1", faces={"dragons": {"AD-9": "bread/gift"}})
    assert "dragons" in found.message and "shop, dragon, ench, fancy, comp" in found.message
    t.refused("FC-GEN-5", "GATHER", "P1", faces={"dragon": {"AD-9": "gold/gift"}})
    t.refused("FC-GEN-5", "GATHER", "P1", faces={"dragon": {"AD-1": "meat/gift"}})  # AD-1 is bread/gift
    t.ok("GATHER", "P1", faces={"dragon": {"AD-9": "bread/gift"}})
    assert t.state.face("dragon", "AD-9") == {"icon": "bread", "ability": "GIFT"}


def test_fc_gen_5_a_shop_already_in_town_cannot_be_flipped_again() -> None:
    """FC-GEN-5, FC-END-TURN-2: the new shop flipped at the end of the turn is a card from the shop deck, not
    one already in town; the town keeps every shop."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, slots={"APOTHECARY": {"2": "AD-7=potion/gift"}}, players={"P1": {"hand": ["AD-5"]}})
    t.ok("VISIT", "P1", shop="APOTHECARY")
    t.ok("GATHER", "P1", gain={"potion": 3})
    t.ok("PLACE", "P1", dragon="AD-5", slot=3)
    found = t.refused("FC-GEN-5", "END_TURN", "P1", flips=["BAKERY"])
    assert "BAKERY is already in town" in found.message
    town = len(t.state.shops)
    t.ok("END_TURN", "P1", flips=["MILL"])
    assert len(t.state.shops) == town and "BAKERY" in t.state.shops and t.state.shops["MILL"].face_up


def test_fc_setup_8_the_other_deck_is_refused_when_a_card_is_revealed_later() -> None:
    """FC-SETUP-8: a gold card in a purple game is refused after the setup too: cast once its face is given,
    revealed in the row at the end of a turn, or reserved from the deck."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"goods": {"iron": 3}}}, row=["EN-1", "EN-2", "EN-3", "EN-4", "EN-X"])
    t.ok("VISIT", "P1", shop="SMITHY")
    found = t.refused("FC-SETUP-8", "ENCHANT", "P1", card="EN-X", faces={"ench": {"EN-X": GOLD}})
    assert "gold deck" in found.message
    t.ok("ENCHANT", "P1", card="EN-4")
    found = t.refused("FC-SETUP-8", "END_TURN", "P1", row=[f"GX-1={GOLD}"])
    assert "GX-1 belongs to the gold deck" in found.message
    t.ok("END_TURN", "P1", row=["EN-10"])
    assert t.state.row[-1] == "EN-10"
    t.ok("VISIT", "P2", shop="BAKERY")
    found = t.refused("FC-SETUP-8", "RESERVE", "P2", card=f"GX-2={GOLD}", source="deck", by="a card's reward")
    t.ok("RESERVE", "P2", card="EN-11", source="deck", by="a card's reward")
    assert t.p("P2").reserved == "EN-11"


def test_fc_ench_11_a_card_rewarded_by_sets_lists_the_reward_for_each_count() -> None:
    """FC-ENCH-11: a card whose reward is given per number of sets pays only for the counts it lists."""
    t = fresh(("P1", "P2"))
    face = {"icon": "bread", "set_cost": {"bread": 1}, "max_sets": 3, "reward_by_sets": {"1": "1rep", "3": "5rep"}}
    t.ok("ADJUST", None, players={"P1": {"goods": {"bread": 3}}}, row=["EN-1", "EN-2", "EN-3", "EN-4", "EN-S"],
         faces={"ench": {"EN-S": face}})
    t.ok("VISIT", "P1", shop="BAKERY")
    found = t.refused("FC-ENCH-11", "ENCHANT", "P1", card="EN-S", sets=2)
    assert "no reward for 2 sets" in found.message
    t.ok("ENCHANT", "P1", card="EN-S", sets=3)
    assert t.p("P1").rep == 5 and t.p("P1").goods["bread"] == 0


def test_fc_gather_5_one_draw_per_dragon_symbol() -> None:
    """FC-GATHER-5: a dragon symbol yields 1 artisan dragon; a second draw named with the gather is refused."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, add_shops=["ROOST=dragon,bread>1rep,meat>1rep"])
    t.ok("VISIT", "P1", shop="ROOST")
    found = t.refused("FC-GATHER-5", "GATHER", "P1", draws=[{"from": "park", "card": "PK-1"}, {"from": "park", "card": "PK-2"}])
    assert "1 draw(s) too many" in found.message
    t.ok("GATHER", "P1", draws=[{"from": "park", "card": "PK-1"}])


def test_fc_gift_2_a_gift_is_a_good_or_a_coin() -> None:
    """FC-GIFT-2, FC-GIFT-3: a gift is 1 good (or 1 coin in its place) to another player; not a thing that is not
    a good, not to oneself, not to someone who is not playing."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"goods": {"meat": 1}}})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    t.refused("FC-GIFT-2", "GIFT", "P1", to="P2", item="dragon", by="a card")
    t.refused("FC-GIFT-3", "GIFT", "P1", to="P1", item="meat", by="a card")
    t.refused("FC-GIFT-3", "GIFT", "P1", to="Zed", item="meat", by="a card")
    t.ok("GIFT", "P1", to="P2", item="meat", by="a card")
    assert t.p("P2").goods == {"meat": 1}


def test_fc_res_3_a_reserved_card_comes_from_the_row_or_the_deck() -> None:
    """FC-RES-3, FC-END-7: a reserved enchantment comes from the row or the deck, and not from an empty deck; a
    row card must be in the row (FC-GEN-5)."""
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="BAKERY")
    t.refused("FC-RES-3", "RESERVE", "P1", card="EN-1", source="hand", by="a card's reward")
    t.refused("FC-GEN-5", "RESERVE", "P1", card="EN-9", source="row", by="a card's reward")
    t.arrange(None, decks={"ench": 0})
    t.refused("FC-END-7", "RESERVE", "P1", card="EN-40", source="deck", by="a card's reward")
    t.ok("RESERVE", "P1", card="EN-1", source="row", by="a card's reward")


def test_fc_rew_2_a_fancy_reward_names_the_card_drawn_and_no_more() -> None:
    """FC-REW-2: a slot that gives a fancy dragon needs the card drawn (--fancy NAME: asked for, UX-12); a fancy
    dragon named where no reward draws one is refused."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"hand": ["AD-3"]}})
    t.ok("VISIT", "P1", shop="BUTCHER")
    t.ok("GATHER", "P1")
    found = t.refused("FC-REW-2", "PLACE", "P1", dragon="AD-3", slot=2)  # BUTCHER slot 2: 1 fancy dragon
    assert "name the card drawn" in found.message and found.asks
    t.refused("FC-REW-2", "FIRE_UP", "P1", dragon="SD-MEAT", draws=[{"from": "park", "card": "PK-1"}], fancies=["FM-1"])
    t.ok("PLACE", "P1", dragon="AD-3", slot=2, fancies=["FM-1"])
    assert "FM-1" in t.p("P1").fancies


def test_fc_setup_2_3_5_11_13_the_setup_and_deal_refusals() -> None:
    """FC-SETUP-2 (the setup comes first), FC-SETUP-3 (each starter dragon in a starter shop of its icon),
    FC-SETUP-5 (the removal is goods), FC-SETUP-11 (a deal names a player), FC-SETUP-13 (2 fancy dragons drawn),
    FC-GEN-1 (a starting good is a good), FC-GEN-5 (a companion is dealt once)."""
    t = Table(("P1", "P2"))
    t.refused("FC-SETUP-2", "SETUP_PLAYER", "P1", hand=["AD-1", "AD-2", "AD-3"], keep=["FM-1"])
    starters = ["SD-BREAD", "SD-BREAD2", "SD-PLANT", "SD-IRON", "SD-CRYSTAL", "SD-POTION"]
    second = {"dragon": {"SD-BREAD2": {"icon": "bread", "ability": "GIFT", "starter": True}}}
    found = t.refused("FC-SETUP-3", "SETUP", None, park=PARK, row=ROW, starters=starters, faces=second)
    assert "no starter shop with a bread icon left" in found.message
    t.refused("FC-SETUP-5", "SETUP", None, park=PARK, row=ROW, removed="2gold")
    t.setup()
    t.refused("FC-SETUP-11", "SETUP_PLAYER", "Zed", hand=["AD-1", "AD-2", "AD-3"], keep=["FM-1"])
    t.refused("FC-SETUP-13", "SETUP_PLAYER", "P1", hand=["AD-1", "AD-2", "AD-3"], drew=["FM-1", "FM-2", "FM-3"], keep=["FM-1"])
    four = Table(("P1", "P2", "P3", "P4"), companions=True)
    four.setup(removed={})
    for name, hand, comp in (("P1", ["AD-1", "AD-2", "AD-3"], "C-1"), ("P2", ["AD-4", "AD-5", "AD-6"], "C-2"),
                             ("P3", ["AD-20", "AD-21", "AD-31"], "C-3=none")):
        four.deal(name, hand, companion=comp)
    four.refused("FC-GEN-1", "SETUP_PLAYER", "P4", hand=["AD-32", "X-1=bread/gift", "X-2=bread/gift"], keep=["FM-1"],
                 good="gold", companion="C-4=none")
    four.refused("FC-GEN-5", "SETUP_PLAYER", "P4", hand=["AD-32", "X-1=bread/gift", "X-2=bread/gift"], keep=["FM-1"],
                 good="bread", companion="C-1")


def test_fc_gen_6_a_play_names_a_player_of_the_game() -> None:
    """FC-GEN-6: a turn's play recorded without a player, or with one who is not playing, is refused."""
    t = fresh(("P1", "P2"))
    t.refused("FC-GEN-6", "VISIT", None, shop="BAKERY")
    t.refused("FC-GEN-6", "VISIT", "Zed", shop="BAKERY")
    t.ok("VISIT", "P1", shop="BAKERY")


def test_fc_gen_1_a_visit_pays_a_good_or_a_coin() -> None:
    """FC-GEN-1, FC-TURN-6: what a visitor gives each player there is a good or a coin."""
    t = fresh(("P1", "P2"))
    t.turn("P1", "BAKERY")
    t.ok("ADJUST", None, players={"P2": {"goods": {"meat": 1}}})
    t.refused("FC-GEN-1", "VISIT", "P2", shop="BAKERY", pay={"P1": "gold"})
    t.ok("VISIT", "P2", shop="BAKERY", pay={"P1": "meat"})


def test_fc_end_turn_2_3_4_nothing_to_flip_or_discard_within_the_limits() -> None:
    """FC-END-TURN-2 (no shop was drawn: nothing to flip), FC-END-TURN-3 / FC-END-TURN-4 (within the limits nothing
    is discarded), FC-GEN-3 (only a dragon of the hand is discarded), FC-GEN-5 (a card revealed in a refill is
    not already in play)."""
    t = fresh(("P1", "P2"), hands={"P1": ["AD-1", "AD-2", "AD-3"], "P2": ["AD-4", "AD-5", "AD-6"]})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    found = t.refused("FC-END-TURN-2", "END_TURN", "P1", flips=["MILL"])
    assert "nothing to flip" in found.message
    t.refused("FC-END-TURN-3", "END_TURN", "P1", discard={"dragons": ["AD-1"]})
    t.refused("FC-END-TURN-4", "END_TURN", "P1", discard={"goods": {"bread": 1}})
    t.refused("FC-GEN-3", "END_TURN", "P1", discard={"dragons": ["AD-4"]})
    t.ok("ADJUST", None, park=PARK[:4], row=ROW[:4])
    t.refused("FC-GEN-5", "END_TURN", "P1", park=["AD-4"], row=["EN-6"])  # AD-4 is in P2's hand
    t.refused("FC-GEN-5", "END_TURN", "P1", park=["PK-6"], row=["EN-1"])  # EN-1 is in the row
    t.ok("END_TURN", "P1", park=["PK-6"], row=["EN-6"])


def test_fc_end_turn_2_each_shop_drawn_this_turn_is_flipped() -> None:
    """FC-END-TURN-2: a shop drawn face down this turn is flipped at its end; ending the turn with no flip, or
    with more flips than shops drawn, is refused and says how many shops to flip (not 'nothing to flip'); with no
    flip at all the flip is asked for (an ask, UX-12), a wrong count refused."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, slots={"APOTHECARY": {"2": "AD-7=potion/gift"}}, players={"P1": {"hand": ["AD-5"]}})
    t.ok("VISIT", "P1", shop="APOTHECARY")
    t.ok("GATHER", "P1", gain={"potion": 3})
    t.ok("PLACE", "P1", dragon="AD-5", slot=3)
    assert len(t.state.turn.new_shops) == 1
    for flips in ([], ["MILL", "CAFE"]):
        found = t.refused("FC-END-TURN-2", "END_TURN", "P1", flips=flips)
        assert "1 new shop(s) were drawn this turn" in found.message and "--flip" in found.message
        assert found.asks == (not flips)
    t.ok("END_TURN", "P1", flips=["MILL"])
    assert t.state.shops["MILL"].face_up


def test_fc_art_gain2_1_gen_1_gain2_names_one_good_twice() -> None:
    """FC-ART-GAIN2-1 (say which good: asked for, UX-12), FC-GEN-1 (it is one of the six goods)."""
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    assert t.refused("FC-ART-GAIN2-1", "FIRE_UP", "P1", dragon="SD-BREAD", goods=[]).asks
    t.refused("FC-GEN-1", "FIRE_UP", "P1", dragon="SD-BREAD", good="gold")
    t.ok("FIRE_UP", "P1", dragon="SD-BREAD", good="bread")



@pytest.mark.parametrize("goods", [["coin", "coin"], ["coins", "coins"], ["dragon", "dragon"], ["artisan", "artisan"]])
def test_fc_art_gain2_4_gain2_never_gives_coins_or_dragons(goods: list[str]) -> None:
    """FC-ART-GAIN2-4: GAIN2 gives goods only, never coins or artisan dragons (refused first, under its own rule)."""
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    f = t.refused("FC-ART-GAIN2-4", "FIRE_UP", "P1", dragon="SD-BREAD", goods=goods)
    assert "never coins or dragons" in f.message

def test_fc_art_swap_1_not_with_itself_nor_within_the_shop_when_that_is_off() -> None:
    """FC-ART-SWAP-1 (A-41): a swap names its partner (asked for when it does not: UX-12); a dragon does not swap
    with itself; with swap_same_shop_ok off, not with a dragon at the same shop."""
    t = fresh(("P1", "P2"), swap_same_shop_ok=False)
    t.ok("ADJUST", None, slots={"JEWELER": {"2": "AD-33=crystal/gift"}})
    t.ok("VISIT", "P1", shop="JEWELER")
    t.ok("GATHER", "P1")
    found = t.refused("FC-ART-SWAP-1", "FIRE_UP", "P1", dragon="SD-CRYSTAL")
    assert "name the dragon in town to swap with" in found.message and found.asks
    found = t.refused("FC-ART-SWAP-1", "FIRE_UP", "P1", dragon="SD-CRYSTAL", swap="SD-CRYSTAL")
    assert "cannot swap with itself" in found.message
    found = t.refused("FC-ART-SWAP-1", "FIRE_UP", "P1", dragon="SD-CRYSTAL", swap="AD-33")
    assert "same shop" in found.message
    t.ok("FIRE_UP", "P1", dragon="SD-CRYSTAL", swap="SD-BREAD")


def test_fc_place_2_gather_1_a_placement_or_ability_out_of_its_step() -> None:
    """FC-PLACE-2: a dragon whose face is unknown needs its slot named; FC-GATHER-1: the shop ability is step 4
    of gathering, never before the gain; FC-GEN-5: a fancy dragon drawn is not one already held."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, add_shops=["ARCHIVE"], players={"P1": {"hand": ["AD-77"]}})
    t.ok("VISIT", "P1", shop="ARCHIVE")
    t.refused("FC-GATHER-1", "SHOP_ABILITY", "P1", reserve="EN-1")
    t.ok("GATHER", "P1", gain={"potion": 1})
    found = t.refused("FC-PLACE-2", "PLACE", "P1", dragon="AD-77")
    assert "say which slot AD-77 goes to" in found.message and found.asks  # a prompt, not a refusal (UX-12)
    b = fresh(("P1", "P2"))
    b.ok("ADJUST", None, players={"P1": {"hand": ["AD-3"]}})
    b.ok("VISIT", "P1", shop="BUTCHER")
    b.ok("GATHER", "P1")
    b.refused("FC-GEN-5", "PLACE", "P1", dragon="AD-3", slot=2, fancies=["FK-P2"])  # P2's kept fancy dragon
    b.refused("FC-GEN-5", "FIRE_UP", "P1", dragon="SD-MEAT", draws=[{"from": "hand", "card": "AD-1"}])


def test_fc_gen_5_only_cards_in_play_are_scored() -> None:
    """FC-GEN-5: a sun dragon scored and a moon dragon judged at the end are cards their owner holds."""
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="BAKERY")
    t.refused("FC-GEN-5", "FANCY_SCORE", "P1", card="FS-3")
    t.arrange(None, decks={"artisan": 0})
    t.ok("GATHER", "P1")
    t.ok("END_TURN", "P1")
    t.turn("P2", "BUTCHER")
    t.turn("P1", "SMITHY")
    found = t.refused("FC-GEN-5", "FINAL_SCORING", None, moon={"FK-P1": True, "FK-P2": True, "FM-3": True})
    assert "nobody holds a fancy dragon FM-3" in found.message
    t.ok("FINAL_SCORING", None, moon={"FK-P1": True, "FK-P2": False})


def test_adjust_refuses_what_cannot_be_on_the_table() -> None:
    """FC-GEN-6, FC-GEN-1, FC-GEN-3, FC-PLACE-2: an adjustment is applied as given, but not to a player who is not
    playing, not with unreadable goods, not below zero, not into a slot the shop does not have."""
    t = fresh(("P1", "P2"))
    t.refused("FC-GEN-6", "ADJUST", None, players={"Zed": {"coins": 1}})
    t.refused("FC-GEN-1", "ADJUST", None, players={"P1": {"goods": "2gold"}})
    t.refused("FC-GEN-3", "ADJUST", None, players={"P1": {"coins": -1}})
    t.refused("FC-GEN-3", "ADJUST", None, decks={"artisan": -2})
    t.refused("FC-PLACE-2", "ADJUST", None, slots={"BAKERY": {"4": "AD-1"}})
    t.ok("ADJUST", None, players={"P1": {"coins": 1}}, slots={"BAKERY": {"3": "AD-1"}})


def test_fc_place_2_gen_3_a_slot_the_shop_has_and_goods_the_player_holds() -> None:
    """FC-PLACE-2: a placement names a slot the shop has; FC-GEN-3: a discard cannot throw away more goods than
    the player holds (FC-END-TURN-4 asks for exactly the excess)."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"hand": ["AD-20"], "goods": {"bread": 6}}})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    found = t.refused("FC-PLACE-2", "PLACE", "P1", dragon="AD-20", slot=9)
    assert "BAKERY has slots 1 to 3, not 9" in found.message
    found = t.refused("FC-GEN-3", "END_TURN", "P1", discard={"goods": {"bread": 9}})
    assert "holds only 8 bread" in found.message
    t.refused("FC-END-TURN-4", "END_TURN", "P1")
    t.ok("END_TURN", "P1", discard={"goods": {"bread": 1}})
    assert t.p("P1").goods["bread"] == 7


def test_fc_gen_5_a_face_once_known_does_not_change_whatever_the_kind_of_card() -> None:
    """FC-GEN-5: a shop, an enchantment, a fancy dragon or a companion given a face other than the one known is
    refused, and the refusal shows the face known."""
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("ADJUST", None, faces={"ench": {"EN-20": "bread:2bread>1rep:nocoin"}})
    known = (
        ("shop", "BAKERY", "bread,bread>1rep", "bread,bread,bread>1coin,bread/meat>2rep"),
        ("ench", "EN-3", "bread:2bread>1rep", "bread:1iron+1potion>2rep/set:sets=3"),
        ("ench", "EN-20", "bread:2bread>1rep", "bread:2bread>1rep:nocoin"),
        ("fancy", "FD-1", "moon:1rep", "sun:4rep:spend=1plant+1iron+1crystal"),
        ("comp", "C-1", "none", "start=2coin"),
        ("comp", "C-2", "start=1rep", "no START"),
    )
    for kind, card, other, shown in known:
        found = t.refused("FC-GEN-5", "GATHER", "P1", faces={kind: {card: other}})
        assert found.message == f"{card} is already known with another face ({shown})", found.message
