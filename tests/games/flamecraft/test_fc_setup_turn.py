"""Setup (FC-SETUP), general rules (FC-GEN) and the turn and visit (FC-TURN)."""

from __future__ import annotations

import pytest

from fc_helpers import PARK, ROW, Table, fresh
from tests.table import judge
from scorekeeper.core.protocol import GameSetupError, SessionConfig
from scorekeeper.games.flamecraft import GAME
from fc_helpers import settings


@pytest.mark.parametrize("count", [1, 6])
def test_fc_setup_1_player_count_is_2_to_5(count: int) -> None:
    """FC-SETUP-1 (A-02): 1 or 6 players is not a Flamecraft game."""
    with pytest.raises(GameSetupError, match="2 to 5"):
        GAME.setup(SessionConfig("flamecraft", tuple(f"P{i}" for i in range(count)), settings()))


def test_fc_gen_1_exactly_six_goods_types_and_unknown_goods_are_refused() -> None:
    """FC-GEN-1 (A-01): the goods setting must name 6 types; a good outside them is refused."""
    with pytest.raises(GameSetupError, match="6 goods"):
        GAME.setup(SessionConfig("flamecraft", ("A", "B"), settings(goods=["bread", "meat"])))
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="BAKERY")
    t.bad("GATHER", "P1", "FC-GEN-1", gain={"gold": 2})


def test_fc_setup_2_town_is_the_six_starter_shops_once() -> None:
    """FC-SETUP-2: a town of 5 shops is refused, and the setup cannot be recorded twice."""
    t = Table(("P1", "P2"))
    t.bad("SETUP", None, "FC-SETUP-2", town=["BAKERY", "BUTCHER", "GREENHOUSE", "SMITHY", "JEWELER"], park=PARK, row=ROW)
    t.setup()
    assert list(t.state.shops) == ["BAKERY", "BUTCHER", "GREENHOUSE", "SMITHY", "JEWELER", "APOTHECARY"]
    assert all(s.face_up for s in t.state.shops.values())
    t.bad("SETUP", None, "FC-SETUP-2", park=PARK, row=ROW)


def test_fc_setup_3_starter_dragons_fill_slot_1_of_their_shop_without_reward() -> None:
    """FC-SETUP-3 (A-21): each starter sits in slot 1 of the shop with its icon; no reward is gained."""
    t = fresh(("P1", "P2"))
    assert t.state.shops["SMITHY"].slots == ["SD-IRON", None, None]
    assert all(p.rep == 0 and p.coins == 0 for p in t.state.players.values())
    bad = Table(("P1", "P2"))
    bad.bad("SETUP", None, "FC-SETUP-3", park=PARK, row=ROW,
            starters=["SD-BREAD", "AD-1", "SD-PLANT", "SD-IRON", "SD-CRYSTAL", "SD-POTION"])


def test_fc_setup_6_7_9_12_17_deck_counts_follow_the_declaration() -> None:
    """FC-SETUP-6, FC-SETUP-7, FC-SETUP-9, FC-SETUP-12, FC-SETUP-17: removed cards leave the deck; park and row come off the decks; hands take 3 each."""
    t = fresh(("P1", "P2", "P3", "P4"), artisan_deck_size=40, ench_deck_size=20)
    assert t.state.artisan_deck == 40 - 5 - 4 * 3
    assert t.state.ench_deck == 20 - 5
    assert t.state.removed == {g: 0 for g in t.state.goods}
    short = Table(("P1", "P2"))
    short.bad("SETUP", None, "FC-SETUP-7", park=PARK[:4], row=ROW)
    short.bad("SETUP", None, "FC-SETUP-9", park=PARK, row=ROW[:3])


def test_fc_setup_8_one_enchantment_deck_only() -> None:
    """FC-SETUP-8: a gold card in a purple game is refused, in the row and when revealed later."""
    t = Table(("P1", "P2"))
    t.bad("SETUP", None, "FC-SETUP-8", park=PARK, row=["EN-1", "EN-2", "EN-3", "EN-4", "GX-1=iron:2iron>1rep:deck=gold"])
    gold = Table(("P1", "P2"), ench_deck="gold")
    gold.ok("SETUP", None, park=PARK, row=["G-1=iron:2iron>1rep:deck=gold", "G-2", "G-3", "G-4", "G-5"])


def test_fc_setup_10_start_player_and_fixed_turn_order() -> None:
    """FC-SETUP-10 (A-23): turn order is the seating order from the start player."""
    t = fresh(("P1", "P2", "P3"), start_player="P2")
    assert t.state.order == ["P2", "P3", "P1"] and t.p("P2").seat == 1 and t.p("P1").seat == 3
    assert t.state.turn.player == "P2"
    t.turn("P2", "BAKERY")
    assert t.state.turn.player == "P3"
    with pytest.raises(GameSetupError, match="start_player"):
        GAME.setup(SessionConfig("flamecraft", ("A", "B"), settings(start_player="Zed")))


def test_fc_setup_11_13_deal_three_dragons_and_keep_one_fancy() -> None:
    """FC-SETUP-11: exactly 3 dragons; FC-SETUP-13: keep exactly 1 of the 2 fancy dragons drawn."""
    t = Table(("P1", "P2"))
    t.setup()
    t.bad("SETUP_PLAYER", "P1", "FC-SETUP-11", hand=["AD-1", "AD-2"], keep=["FM-1"])
    t.bad("SETUP_PLAYER", "P1", "FC-SETUP-13", hand=["AD-1", "AD-2", "AD-3"], keep=[])
    t.bad("SETUP_PLAYER", "P1", "FC-SETUP-13", hand=["AD-1", "AD-2", "AD-3"], drew=["FM-1", "FM-2"], keep=["FM-3"])
    t.ok("SETUP_PLAYER", "P1", hand=["AD-1", "AD-2", "AD-3"], drew=["FM-1", "FM-2"], keep=["FM-1"])
    t.bad("SETUP_PLAYER", "P1", "FC-SETUP-11", hand=["AD-4", "AD-5", "AD-6"], keep=["FM-2"])
    t.bad("SETUP_PLAYER", "P2", "FC-GEN-5", hand=["AD-1", "AD-5", "AD-6"], keep=["FM-2"])


def test_fc_setup_15_players_start_empty_and_off_town() -> None:
    """FC-SETUP-15 (A-24): 0 reputation, no goods or coins, no reserve, token off-town."""
    t = fresh(("P1", "P2", "P3"))
    for p in t.state.players.values():
        assert (p.rep, p.goods, p.coins, p.reserved, p.token) == (0, {}, 0, None, None)


def test_fc_setup_16_companions_exactly_one_each_when_on_none_when_off() -> None:
    """FC-SETUP-16, FC-COMP-1, FC-COMP-2: companions on → 1 each; off → none, and no companion event."""
    on = Table(("P1", "P2"), companions=True)
    on.setup()
    on.bad("SETUP_PLAYER", "P1", "FC-SETUP-16", hand=["AD-1", "AD-2", "AD-3"], keep=["FM-1"])
    on.ok("SETUP_PLAYER", "P1", hand=["AD-1", "AD-2", "AD-3"], keep=["FM-1"], companion="C-2")
    assert on.p("P1").companion == "C-2" and not on.p("P1").companion_used
    off = Table(("P1", "P2"))
    off.setup()
    off.bad("SETUP_PLAYER", "P1", "FC-SETUP-16", hand=["AD-1", "AD-2", "AD-3"], keep=["FM-1"], companion="C-2")
    t = fresh(("P1", "P2"))
    t.bad("COMPANION_USE", "P1", "FC-COMP-1", gain="2rep")


def test_fc_turn_1_gen_6_only_the_active_player_acts() -> None:
    """FC-TURN-1, FC-GEN-6: P2 cannot visit during P1's turn."""
    t = fresh(("P1", "P2"))
    t.bad("VISIT", "P2", "FC-TURN-1", "FC-GEN-6", shop="BAKERY")
    t.ok("VISIT", "P1", shop="BAKERY")
    t.bad("GATHER", "P2", "FC-TURN-1")


def test_fc_turn_1_no_turn_before_the_setup_and_deal() -> None:
    """FC-SETUP-2 / FC-SETUP-11: a visit before the setup or the deal names the missing step."""
    t = Table(("P1", "P2"))
    t.bad("VISIT", "P1", "FC-SETUP-2", shop="BAKERY")
    t.setup()
    t.bad("VISIT", "P1", "FC-SETUP-11", shop="BAKERY")


def test_fc_turn_2_visit_one_action_then_end() -> None:
    """FC-TURN-2: no gather or enchant before the visit, no second visit, no second action."""
    t = fresh(("P1", "P2"))
    t.bad("GATHER", "P1", "FC-TURN-2")
    t.bad("ENCHANT", "P1", "FC-TURN-2", card="EN-1")
    t.bad("END_TURN", "P1", "FC-TURN-2")
    t.ok("VISIT", "P1", shop="BAKERY")
    t.bad("VISIT", "P1", "FC-TURN-2", shop="BUTCHER")
    t.ok("GATHER", "P1")
    t.bad("GATHER", "P1", "FC-TURN-2")
    t.bad("ENCHANT", "P1", "FC-TURN-2", card="EN-1")


def test_fc_turn_3_a_pass_is_illegal_unless_allowed() -> None:
    """FC-TURN-3 (A-12): ending after a visit with no action is refused; allow_pass permits it."""
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="BAKERY")
    t.bad("END_TURN", "P1", "FC-TURN-3")
    lax = fresh(("P1", "P2"), allow_pass=True)
    lax.ok("VISIT", "P1", shop="BAKERY")
    lax.ok("END_TURN", "P1")


def test_fc_turn_4_no_repeat_depth_setting() -> None:
    """FC-TURN-4 (A-10): with visit_no_repeat_depth=2 the shop of two turns ago is also barred."""
    t = fresh(("P1", "P2"), visit_no_repeat_depth=2)
    t.turn("P1", "BAKERY")
    t.turn("P2", "SMITHY")
    t.turn("P1", "BUTCHER")
    t.turn("P2", "JEWELER")
    t.bad("VISIT", "P1", "FC-TURN-4", shop="BAKERY")
    t.ok("VISIT", "P1", shop="GREENHOUSE")


def test_fc_place_6_8_end_turn_2_a_filled_shop_brings_a_face_down_shop() -> None:
    """FC-PLACE-6, FC-PLACE-8, FC-END-TURN-2: filling APOTHECARY draws a face-down shop that takes no
    placement until it is flipped at the end of the turn, when its face is entered."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, slots={"APOTHECARY": {"2": "AD-7=potion/gift"}}, players={"P1": {"hand": ["AD-5", "AD-3"]}})
    t.ok("VISIT", "P1", shop="APOTHECARY")
    t.ok("GATHER", "P1", gain={"potion": 3})
    t.ok("PLACE", "P1", dragon="AD-5", slot=3)
    down = t.state.turn.new_shops[0]
    assert not t.state.shops[down].face_up and t.state.shop_deck == 9
    t.bad("FIRE_UP", "P1", "FC-PLACE-8", dragon="SD-POTION", place={"dragon": "AD-3", "shop": down, "slot": 1})
    t.bad("END_TURN", "P1", "FC-END-TURN-2")
    t.bad("END_TURN", "P1", "FC-END-TURN-2", flips=["NOFACE"])
    t.ok("END_TURN", "P1", flips=["MILL"])
    assert down not in t.state.shops and t.state.shops["MILL"].face_up and len(t.state.shops["MILL"].slots) == 3


def test_fc_turn_5_visiting_a_face_down_shop_is_refused() -> None:
    """FC-TURN-5: a visit to a shop that is still face down is refused (probed on a state at turn start)."""
    from scorekeeper.core.events import Event
    from scorekeeper.games.flamecraft.state import ShopState

    t = fresh(("P1", "P2"))
    t.state.shops["NEW-9"] = ShopState("NEW-9", face_up=False)
    findings = judge(GAME, t.state, Event(99, "VISIT", "P1", {"shop": "NEW-9"}))
    assert "FC-TURN-5" in {f.rule for f in findings}


def test_fc_turn_6_7_8_gen_3_4_payments() -> None:
    """FC-TURN-6, FC-TURN-7, FC-TURN-8, FC-GEN-3, FC-GEN-4, FC-GIFT-6: pay each occupant from holdings, a coin counts as a good."""
    t = fresh(("P1", "P2", "P3"))
    t.turn("P1", "BAKERY")
    t.turn("P2", "BUTCHER")
    t.ok("ADJUST", None, players={"P3": {"coins": 1, "goods": {"plant": 1}}})
    t.bad("VISIT", "P3", "FC-GEN-3", shop="BAKERY", pay={"P1": "meat"})
    t.bad("VISIT", "P3", "FC-TURN-6", shop="BAKERY", pay={"P1": "coin", "P2": "plant"})
    t.ok("VISIT", "P3", shop="BAKERY", pay={"P1": "coin"})
    assert t.p("P1").coins == 1 and t.p("P3").coins == 0
    assert t.p("P3").rep == 0  # FC-GIFT-6: a payment is no gift and earns nothing
    t.ok("GATHER", "P3")
    t.ok("END_TURN", "P3")
    # P1 holds 1 coin + 2 bread; visiting BUTCHER (P2 there) costs 1 item
    t.ok("VISIT", "P1", shop="BUTCHER", pay={"P2": "bread"})
    assert t.p("P2").goods == {"meat": 2, "bread": 1}


def test_fc_turn_8_goods_gained_at_the_shop_cannot_pay_for_the_visit() -> None:
    """FC-TURN-8 (A-11): payments come from holdings before the action; a player with nothing cannot visit."""
    t = fresh(("P1", "P2"))
    t.turn("P1", "BAKERY")
    t.bad("VISIT", "P2", "FC-TURN-7", shop="BAKERY", pay={"P1": "bread"})


def test_fc_turn_9_token_stays_until_next_visit() -> None:
    """FC-TURN-9: the token stays on the shop and counts as present for later visitors."""
    t = fresh(("P1", "P2", "P3"))
    t.turn("P1", "BAKERY")
    t.turn("P2", "BUTCHER")
    assert t.p("P1").token == "BAKERY"
    t.bad("VISIT", "P3", "FC-TURN-7", shop="BAKERY")


def test_fc_turn_10_sun_dragon_before_the_visit() -> None:
    """FC-TURN-10, FC-FANCY-1: a sun dragon may be scored before the visit, only on its owner's turn."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"fancies": ["FS-3"]}, "P2": {"fancies": ["FD-1"], "goods": {"plant": 1, "iron": 1, "crystal": 1}}})
    t.bad("FANCY_SCORE", "P2", "FC-FANCY-1", card="FD-1")
    t.ok("FANCY_SCORE", "P1", card="FS-3")
    assert t.p("P1").rep == 5


def test_fc_gen_2_the_supply_is_unlimited() -> None:
    """FC-GEN-2: a gain is never refused for lack of tokens."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"goods": {"bread": 500}, "coins": 300}})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    assert t.p("P1").goods["bread"] == 502


def test_fc_gen_5_a_card_is_in_one_zone_and_faces_do_not_change() -> None:
    """FC-GEN-5: a dragon already in play cannot be drawn again; a card's face cannot change."""
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="BUTCHER")
    t.ok("GATHER", "P1")
    t.ok("ADJUST", None, players={"P1": {"hand": ["AD-3"]}})
    t.bad("PLACE", "P1", "FC-GEN-5", dragon="AD-3", slot=2, faces={"dragon": {"AD-3": "bread/gift"}})
    t.ok("PLACE", "P1", dragon="AD-3", slot=2, fancies=["FM-2"])
    t.ok("END_TURN", "P1")
    t.ok("ADJUST", None, players={"P2": {"coins": 1}})
    t.ok("VISIT", "P2", shop="BUTCHER", pay={"P1": "coin"})
    t.ok("GATHER", "P2", gain={"meat": 3})
    t.bad("FIRE_UP", "P2", "FC-GEN-5", dragon="SD-MEAT", draws=[{"from": "deck", "card": "AD-3"}])
    t.ok("FIRE_UP", "P2", dragon="SD-MEAT", draws=[{"from": "deck", "card": "AD-77", "face": "iron/draw"}])


def test_fc_setup_12_a_hand_bigger_than_the_artisan_deck_is_a_setup_error() -> None:
    """FC-SETUP-12: starting hands come from the artisan deck; too few cards left is a setup error, not FC-END-7."""
    from tests.games.flamecraft.fc_helpers import Table
    t = Table(("P1", "P2", "P3"))
    t.setup()
    t.ok("ADJUST", None, decks={"artisan": 2})
    findings = t.bad("SETUP_PLAYER", "P1", "FC-SETUP-12", hand=["H-1=bread/gain2", "H-2=bread/gain2", "H-3=bread/gain2"],
                     keep=["FK-1"], faces={"fancy": {"FK-1": "moon:1rep"}})
    assert "FC-END-7" not in {f.rule for f in findings}
