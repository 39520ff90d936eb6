"""Rules found wrong or unpinned in the review pass: each test failed before its fix and cites its rule ID."""

from __future__ import annotations

from fc_helpers import PARK, ROW, Table, fresh


def test_fc_gen_5_a_reserve_from_the_deck_cannot_take_a_card_already_in_play() -> None:
    """FC-GEN-5, FC-RES-3: a card reserved "from the deck" is a new card; one face up in the row (or tucked,
    or reserved) is already in play, so naming it is refused and the row keeps it."""
    t = fresh(("P1", "P2"))
    t.bad("RESERVE", "P1", "FC-GEN-5", card="EN-1", source="deck", by="a card's reward")
    assert t.p("P1").reserved is None and t.state.row == ROW and t.state.ench_deck == 13
    t.ok("ADJUST", None, enchantments={"SMITHY": ["EN-7"]})
    t.bad("RESERVE", "P1", "FC-GEN-5", card="EN-7", source="deck", by="a card's reward")
    t.ok("RESERVE", "P1", card="EN-40=iron:2iron>2rep", source="deck", by="a card's reward")
    assert t.state.ench_deck == 12


def test_fc_gen_5_setup_park_cannot_hold_a_starter_dragon() -> None:
    """FC-GEN-5, FC-SETUP-7: a starter dragon sits in its starter shop; it cannot also be a park card."""
    t = Table(("P1", "P2"))
    t.bad("SETUP", None, "FC-GEN-5", park=["SD-BREAD", *PARK[1:]], row=ROW)
    assert not t.state.setup_done
    t.setup()


def test_fc_setup_2_a_shop_the_catalog_does_not_mark_starter_cannot_start_in_town() -> None:
    """FC-SETUP-2: the town starts with the 6 starter shops; when the faces mark which shops are starters,
    ARCHIVE (a shop of the shop deck) cannot stand in for APOTHECARY."""
    t = Table(("P1", "P2"))
    t.bad("SETUP", None, "FC-SETUP-2", town=["BAKERY", "BUTCHER", "GREENHOUSE", "SMITHY", "JEWELER", "ARCHIVE"], park=PARK, row=ROW)
    assert not t.state.setup_done


def test_fc_setup_3_a_dragon_the_catalog_does_not_mark_starter_is_not_a_starter_dragon() -> None:
    """FC-SETUP-3: the starter dragons are the starter cards; AD-20 (a deck dragon, bread) cannot replace SD-BREAD."""
    t = Table(("P1", "P2"))
    t.bad("SETUP", None, "FC-SETUP-3", starters=["AD-20", "SD-MEAT", "SD-PLANT", "SD-IRON", "SD-CRYSTAL", "SD-POTION"], park=PARK, row=ROW)
    assert not t.state.setup_done


def test_fc_setup_2_3_inline_faces_without_starter_marks_are_taken_as_declared() -> None:
    """FC-SETUP-2, FC-SETUP-3: with no catalog (nothing marked starter), the town and starters typed at setup are
    the starters."""
    goods = ["bread", "meat", "plant", "iron", "crystal", "potion"]
    t = Table(("P1", "P2"), catalog=None)
    t.ok("SETUP", None, town=[f"{g.upper()}-SHOP" for g in goods], starters=[f"S-{g}" for g in goods], park=PARK, row=ROW,
         faces={"shop": {f"{g.upper()}-SHOP": f"{g},{g},{g}>1coin" for g in goods}, "dragon": {f"S-{g}": f"{g}/gain2" for g in goods}})
    assert t.state.shops["IRON-SHOP"].slots == ["S-IRON", None]


def test_fc_fire_10_draw_and_place_with_nothing_to_do_are_legal_no_ops_that_use_the_fire_up() -> None:
    """FC-FIRE-10 (A-35): DRAW with the park and the deck empty, PLACE with an empty hand, resolve to nothing,
    legally, and use up the gather fire-up (FC-FIRE-2)."""
    t = fresh(("P1", "P2"))
    t.arrange(None, park=[], decks={"artisan": 0})
    t.ok("VISIT", "P1", shop="BUTCHER")
    t.ok("GATHER", "P1")
    t.ok("FIRE_UP", "P1", dragon="SD-MEAT")
    assert any("nothing happens (FC-FIRE-10)" in n for n in t.state.notes) and t.state.turn.gather_fire_used
    u = fresh(("P1", "P2"))
    u.ok("ADJUST", None, players={"P1": {"hand": []}, "P2": {"hand": ["AD-5"]}})
    u.ok("VISIT", "P1", shop="APOTHECARY")
    u.ok("GATHER", "P1")
    u.ok("FIRE_UP", "P1", dragon="SD-POTION")
    u.bad("FIRE_UP", "P1", "FC-FIRE-2", dragon="SD-POTION")


def test_fc_fire_10_place_with_no_dragon_that_fits_anywhere_is_a_legal_no_op() -> None:
    """FC-FIRE-10 (A-35), FC-ART-PLACE-1: a PLACE whose holder has dragons but none fits an empty slot in town
    cannot resolve: it is a legal no-op (before, it was refused and asked for a placement that cannot exist).
    With a dragon that fits somewhere, the placement must be named (asked for: an ask, UX-12)."""
    full = {shop: {"2": f"X-{shop}-2=potion/gift", "3": f"X-{shop}-3=potion/gift"}
            for shop in ("BAKERY", "BUTCHER", "GREENHOUSE", "SMITHY", "JEWELER")}
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, slots=full, players={"P1": {"hand": ["AD-1"]}})  # AD-1 is bread: only APOTHECARY has room
    t.ok("VISIT", "P1", shop="APOTHECARY")
    t.ok("GATHER", "P1")
    t.ok("FIRE_UP", "P1", dragon="SD-POTION")
    assert t.p("P1").hand == ["AD-1"] and any("nothing happens" in n for n in t.state.notes)
    u = fresh(("P1", "P2"))
    u.ok("ADJUST", None, players={"P1": {"hand": ["AD-1"]}})
    u.ok("VISIT", "P1", shop="APOTHECARY")
    u.ok("GATHER", "P1")
    [asked] = u.bad("FIRE_UP", "P1", "FC-ART-PLACE-1", dragon="SD-POTION")
    assert asked.asks


def test_fc_gen_5_a_fancy_dragon_another_player_holds_cannot_be_drawn_at_the_deal() -> None:
    """FC-GEN-5, FC-SETUP-13: the two fancy dragons a player draws come from the deck; one kept by another
    player is not there."""
    t = Table(("P1", "P2"))
    t.setup()
    t.ok("SETUP_PLAYER", "P1", hand=["AD-1", "AD-2", "AD-3"], drew=["FM-1", "FM-2"], keep=["FM-1"])
    t.bad("SETUP_PLAYER", "P2", "FC-GEN-5", hand=["AD-4", "AD-5", "AD-6"], drew=["FM-1", "FM-3"], keep=["FM-3"])
    t.ok("SETUP_PLAYER", "P2", hand=["AD-4", "AD-5", "AD-6"], drew=["FM-2", "FM-3"], keep=["FM-3"])


def test_fc_score_7_8_9_the_tiebreak_line_gives_the_counts_it_compared() -> None:
    """FC-SCORE-7, FC-SCORE-8, FC-SCORE-9: the tiebreak explanation names the counts compared, in plain
    grammar ("1 artisan dragon", not "1 dragons")."""
    from test_fc_scoring import finished

    from scorekeeper.games.flamecraft import GAME

    hands = finished({"P1": {"rep": 8, "hand": ["AD-1", "AD-2"], "fancies": []}, "P2": {"rep": 8, "hand": ["AD-3"], "fancies": []}})
    assert GAME.score(hands.state).tiebreak == (
        "P1 and P2 tied on 8; P1 has the most artisan dragons in hand (2, against P2's 1) (FC-SCORE-7)"
    )
    goods = finished({"P1": {"rep": 8, "hand": ["AD-1"], "goods": {"bread": 3}, "fancies": []},
                      "P2": {"rep": 8, "hand": ["AD-3"], "goods": {"meat": 1}, "fancies": []}})
    assert GAME.score(goods.state).tiebreak == (
        "P1 and P2 tied on 8; P1 and P2 have 1 artisan dragon in hand each; P1 has the most leftover goods (3, against P2's 1) (FC-SCORE-8)"
    )
    shared = finished({"P1": {"rep": 8, "hand": [], "goods": {"bread": 1}, "fancies": []},
                       "P2": {"rep": 8, "hand": [], "goods": {"meat": 1}, "fancies": []}})
    assert GAME.score(shared.state).tiebreak.endswith("have 0 artisan dragons in hand each; and 1 leftover good each: they share the victory (FC-SCORE-9)")


def test_fc_fire_4_a_second_fire_up_names_the_dragons_still_to_fire() -> None:
    """FC-FIRE-4: refusing a second fire-up of one dragon says which dragons at the shop have not fired yet."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, slots={"APOTHECARY": {"2": "AD-5"}}, players={"P1": {"goods": {"potion": 2}}},
         row=["EN-P=potion:2potion>2rep", "EN-9"])
    t.ok("VISIT", "P1", shop="APOTHECARY")
    t.ok("ENCHANT", "P1", card="EN-P")
    t.ok("FIRE_UP", "P1", dragon="AD-5", good="potion")
    findings = t.bad("FIRE_UP", "P1", "FC-FIRE-4", dragon="AD-5", good="potion")
    assert "not yet fired here: SD-POTION" in findings[0].message


def test_fc_setup_6_removed_dragons_leave_the_deck_count_and_the_game() -> None:
    """FC-SETUP-6 (the coverage table named a 4-player test, where nothing is removed): with 2 players the 12
    removed dragons are out of the deck count (36 - 12 - 5 park = 19); with 3 players, 6 (36 - 6 - 5 = 25)."""
    t = Table(("P1", "P2"))
    t.setup()
    assert t.state.artisan_deck == 19 and sum(t.state.removed.values()) == 12
    three = Table(("P1", "P2", "P3"))
    three.setup()
    assert three.state.artisan_deck == 25 and three.state.removed == {g: 1 for g in three.state.goods}
