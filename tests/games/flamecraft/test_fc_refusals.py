"""Refusals no test asserted before (a check could stop refusing and the suite would not notice): unreadable
gains (FC-GEN-1), malformed faces and a shop flipped twice (FC-GEN-5), the other enchantment deck met after the
setup (FC-SETUP-8)."""

from __future__ import annotations

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
