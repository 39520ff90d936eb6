"""The field report of 2026-12-03 (issue 23, item 8), Flamecraft items: each test names its item."""

from __future__ import annotations

from scorekeeper.games.flamecraft.view import describe, expected
from tests.games.flamecraft.fc_helpers import Table
from tests.games.flamecraft.test_fc_gather_fire import at_shop
from tests.games.flamecraft.test_fc_enchant_end import enchanting


def test_fc_rew_2_a_fancy_dragon_put_back_at_setup_is_not_the_top_card() -> None:
    """FC-R2 (field report; FC-REW-2, FC-SETUP-13): a fancy dragon returned to the bottom of the deck at setup,
    drawn while unseen cards still lie above it, is warned about with the count; once the cards above it are
    gone, drawing it is plain."""
    t = Table(("P1", "P2"), fancy_deck_size=6)
    t.setup()
    t.ok("SETUP_PLAYER", "P1", hand=["AD-3", "AD-4", "AD-5"], keep=["FM-1"], drew=["FM-1", "FM-2"])
    t.ok("SETUP_PLAYER", "P2", hand=["AD-1", "AD-2", "AD-6"], keep=["FM-3"], drew=["FM-3", "FS-3"])
    assert t.state.fancy_deck == 4 and t.state.fancy_bottom == ["FM-2", "FS-3"]
    t.ok("VISIT", "P1", shop="BUTCHER")
    t.ok("GATHER", "P1")
    found = t.ok("PLACE", "P1", dragon="AD-3", slot=2, fancies=["FS-3"])
    [warning] = [f for f in found if f.rule == "FC-REW-2"]
    assert "FS-3 went to the bottom of the fancy deck at setup; 3 card(s) lie above it" in warning.message
    assert t.state.fancy_bottom == ["FM-2"] and t.state.players["P1"].fancies[-1] == "FS-3"


def test_fc_ench_6_a_no_coin_card_says_so_in_the_cost() -> None:
    """FC-V3 (field report; FC-ENCH-6): the wrong payment for a no-coin card no longer says "a coin may stand for
    any good"; an ordinary card still does."""
    t = enchanting("BUTCHER", {"crystal": 1, "meat": 1})
    [wrong] = t.bad("ENCHANT", "P1", "FC-ENCH-6", card="EN-2", pay={"crystal": 1, "meat": 1})
    assert wrong.message == "EN-2 costs exactly 2crystal (no coins on this card), not 1crystal+1meat"
    t = enchanting("BAKERY", {"bread": 2, "potion": 1})
    [wrong] = t.bad("ENCHANT", "P1", "FC-ENCH-6", card="EN-1", pay={"bread": 2, "potion": 1})
    assert "(a coin may stand for any good)" in wrong.message


def test_the_enchant_hint_offers_only_what_can_be_cast_now() -> None:
    """FC-V5 (field report; FC-ENCH-2, FC-ENCH-5, FC-GEN-3): no enchant offer at a full shop or for a card the
    player cannot pay; FC-ENCH-2 names the cards that fit this shop, not the whole row."""
    full = enchanting("SMITHY", {"iron": 5}, enchantments={"SMITHY": ["EN-7", "EN-8", "EN-9"]}, row=["EN-4"])
    assert "enchant" not in expected(full.state)
    poor = enchanting("BAKERY", {})
    assert "enchant" not in expected(poor.state)
    rich = enchanting("BAKERY", {"bread": 2, "meat": 1})
    assert expected(rich.state).endswith("or enchants it (fc enchant CARD: EN-1 fits)")
    [wrong] = rich.bad("ENCHANT", "P1", "FC-ENCH-2", card="EN-9")
    assert wrong.message == "EN-9 is not in the enchantment row (EN-1, EN-2, EN-3, EN-4, EN-5); EN-1 fits here"


def test_a_dragon_shop_is_not_offered_for_enchanting_nor_fire_up_without_dragons() -> None:
    """FC-V6 and FC-V7 (field report; FC-ENCH-3, FC-GATHER-5): at a dragon shop with no dragons the hint offers
    no enchanting and no empty fire-up; the verdict says the dragon gathered."""
    t = at_shop("ROOST", add_shops=["ROOST=dragon,bread>1rep,meat>1rep"])
    assert expected(t.state) == "P1 gathers at ROOST (fc gather --draw park:NAME|deck: 1 artisan dragon(s))"
    t.ok("GATHER", "P1", gain={}, draws=[{"from": "park", "card": "PK-2"}])  # as `fc gather` records it
    assert "fire up" not in expected(t.state)
    assert describe(t.events[-1]) == "P1 gathers PK-2 from the park"


def test_the_face_down_shop_is_new_1_and_its_placeholder_is_not_a_name_to_flip() -> None:
    """FC-F4 and FC-V9 (field report; FC-PLACE-6, FC-END-TURN-2): the first face-down shop is NEW-1 even after
    other provisional names (the park's A1 … A5), the hint names it, and ``--flip NEW-1`` is refused as the
    placeholder (it was "shop NEW-1 is already in town")."""
    t = Table(("P1", "P2"))
    t.setup(park=None)
    assert t.state.park == ["A1", "A2", "A3", "A4", "A5"]
    t.deal("P1", ["AD-5", "AD-3", "AD-4"])
    t.deal("P2", ["AD-1", "AD-2", "AD-6"])
    t.ok("ADJUST", None, slots={"APOTHECARY": {"2": "AD-7=potion/gift"}})
    t.ok("VISIT", "P1", shop="APOTHECARY")
    t.ok("GATHER", "P1", gain={"potion": 3})
    t.ok("PLACE", "P1", dragon="AD-5", slot=3)
    assert t.state.turn.new_shops == ["NEW-1"]
    assert expected(t.state).endswith("fc end --flip SHOP (the shop revealed for NEW-1)")
    [wrong] = t.bad("END_TURN", "P1", "FC-END-TURN-2", flips=["NEW-1"])
    assert wrong.message == "NEW-1 is the face-down placeholder: name the shop revealed (--flip NAME)"
    t.ok("END_TURN", "P1", flips=["MILL"])


def test_a_card_named_twice_at_setup_is_said_so_and_a_dealt_card_says_where_it_is() -> None:
    """FC-V8 (field report; FC-SETUP-7, FC-GEN-5): "MT-1 named twice", not "5 different cards; got 5"; a dealt
    dragon already in the park says so."""
    t = Table(("P1", "P2"))
    [twice] = t.bad("SETUP", None, "FC-SETUP-7", park=["PK-1", "PK-2", "PK-3", "PK-4", "PK-1"], row=["EN-1", "EN-2", "EN-3", "EN-4", "EN-5"])
    assert twice.message == "the park starts with 5 different face-up cards; PK-1 named twice"
    t.setup()
    [there] = t.bad("SETUP_PLAYER", "P1", "FC-GEN-5", hand=["AD-1", "PK-2", "AD-3"], keep=["FM-1"])
    assert there.message == "dragon PK-2 is already in play (in the park)"
