"""The checklist's acceptance scenarios (section 5: S1, S2, S4, S6), with their exact outcomes.

Each step is a logged event with its verdict; an illegal one is rejected and leaves the state unchanged.
"""

from __future__ import annotations

from fc_helpers import PARK, ROW, Table, fresh


def holdings(table: Table, name: str) -> dict[str, int]:
    p = table.p(name)
    items = {g: n for g, n in p.goods.items() if n}
    if p.coins:
        items["coin"] = p.coins
    return items


def test_s1_visiting_must_move_pay_every_occupant_cannot_visit_if_unable_to_pay() -> None:
    """S1: FC-TURN-4, FC-TURN-6, FC-TURN-7, FC-TURN-8, FC-GATHER-2 (3 players)."""
    t = fresh(("P1", "P2", "P3"))
    t.ok("VISIT", "P1", shop="BAKERY")  # 1.1 FC-TURN-4 first turn: any shop
    t.ok("GATHER", "P1", gain={"bread": 2})  # 1.2
    t.ok("END_TURN", "P1")
    t.bad("VISIT", "P2", "FC-TURN-6", "FC-TURN-7", shop="BAKERY")  # 2.1
    t.turn("P2", "BUTCHER", gain={"meat": 2})  # 2.2
    t.turn("P3", "GREENHOUSE", gain={"plant": 2})  # 3.1
    t.bad("VISIT", "P1", "FC-TURN-4", shop="BAKERY")  # 4.1
    t.ok("VISIT", "P1", shop="GREENHOUSE", pay={"P3": "bread"})  # 4.2
    assert holdings(t, "P1") == {"bread": 1} and holdings(t, "P3") == {"plant": 2, "bread": 1}
    t.ok("GATHER", "P1", gain={"plant": 2})
    t.ok("END_TURN", "P1")  # 4.3
    t.bad("VISIT", "P2", "FC-TURN-6", shop="GREENHOUSE", pay={"P1": "meat"})  # 5.1
    t.ok("VISIT", "P2", shop="GREENHOUSE", pay={"P1": "meat", "P3": "meat"})  # 5.2
    t.ok("GATHER", "P2", gain={"plant": 2})
    t.ok("END_TURN", "P2")  # 5.3
    t.bad("VISIT", "P3", "FC-TURN-4", shop="GREENHOUSE")  # 6.1
    t.turn("P3", "BAKERY", gain={"bread": 2})  # 6.2

    assert len(t.rejected) == 4
    assert [t.p(n).rep for n in ("P1", "P2", "P3")] == [0, 0, 0]
    assert holdings(t, "P1") == {"bread": 1, "plant": 2, "meat": 1}
    assert holdings(t, "P2") == {"plant": 2}
    assert holdings(t, "P3") == {"plant": 2, "bread": 3, "meat": 1}
    assert [t.p(n).token for n in ("P1", "P2", "P3")] == ["GREENHOUSE", "GREENHOUSE", "BAKERY"]
    replayed = t.replay()  # the real engine agrees
    assert len({v.seq for v in replayed.errors}) == 4


def test_s2_gathering_yield_slots_rewards_single_fire_up_place_elsewhere_fills_a_shop() -> None:
    """S2: FC-GATHER-2, FC-GATHER-3, FC-PLACE-3, FC-PLACE-4, FC-PLACE-5, FC-PLACE-6, FC-REW-1, FC-FIRE-1, FC-FIRE-2, FC-ART-GIFT-1, FC-ART-GAIN2-1, FC-ART-GAIN2-2,
    FC-ART-PLACE-1, FC-ART-PLACE-2, FC-END-TURN-2 (2 players)."""
    t = fresh(("P1", "P2"), hands={"P1": ["AD-1", "AD-2", "AD-3"], "P2": ["AD-4", "AD-5", "AD-6"]})
    assert t.state.artisan_deck >= 10
    t.ok("VISIT", "P1", shop="BAKERY")  # 1.1
    t.bad("GATHER", "P1", "FC-GATHER-3", gain={"bread": 3})  # 1.2
    t.ok("GATHER", "P1", gain={"bread": 2})  # 1.3
    t.ok("PLACE", "P1", dragon="AD-1", slot=3)  # 1.4 FC-PLACE-3, FC-PLACE-4
    assert t.p("P1").rep == 2
    t.ok("FIRE_UP", "P1", dragon="AD-1", gift={"to": "P2", "item": "bread"})  # 1.5
    assert t.p("P1").rep == 4 and holdings(t, "P1") == {"bread": 1} and holdings(t, "P2") == {"bread": 1}
    t.bad("FIRE_UP", "P1", "FC-FIRE-2", dragon="SD-BREAD", good="bread")  # 1.6
    t.ok("END_TURN", "P1")  # 1.7
    t.ok("VISIT", "P2", shop="BAKERY", pay={"P1": "bread"})  # 2.1
    assert holdings(t, "P2") == {} and holdings(t, "P1") == {"bread": 2}
    t.ok("GATHER", "P2", gain={"bread": 3})  # 2.2 shop + SD-BREAD + AD-1
    t.bad("PLACE", "P2", "FC-PLACE-3", dragon="AD-4", slot=2)  # 2.3
    t.bad("FIRE_UP", "P2", "FC-ART-GAIN2-2", dragon="SD-BREAD", good="crystal")  # 2.4
    t.ok("FIRE_UP", "P2", dragon="SD-BREAD", good="bread")  # 2.5
    assert holdings(t, "P2") == {"bread": 5}
    t.ok("END_TURN", "P2")  # 2.6
    t.ok("VISIT", "P1", shop="BUTCHER")  # 3.1
    t.ok("GATHER", "P1", gain={"meat": 2})  # 3.2
    t.ok("PLACE", "P1", dragon="AD-3", slot=3)  # 3.3
    assert t.p("P1").rep == 7
    shop_deck = t.state.shop_deck
    t.ok("FIRE_UP", "P1", dragon="AD-3", place={"dragon": "AD-2", "shop": "BAKERY", "slot": 2})  # 3.4
    assert t.p("P1").coins == 1
    assert t.state.shops["BAKERY"].slots == ["SD-BREAD", "AD-2", "AD-1"]
    assert t.state.shop_deck == shop_deck - 1
    new = [s for s in t.state.shops.values() if not s.face_up]
    assert len(new) == 1  # FC-PLACE-6: drawn face down
    t.bad("VISIT", "P1", "FC-TURN-2", shop=new[0].id)
    t.bad("FIRE_UP", "P1", "FC-FIRE-2", dragon="AD-2")  # 3.5
    assert "FC-FIRE-1" in {f.rule for f in t.play("FIRE_UP", "P1", dragon="AD-2")}
    t.ok("END_TURN", "P1", flips=["MILL"])  # 3.6 face from the fixture catalog
    assert t.state.shops["MILL"].face_up

    assert t.rejected and len([s for s in t.rejected]) == 7  # the 5 of the scenario + 2 extra probes above
    assert t.p("P1").rep == 7 and t.p("P2").rep == 0
    assert holdings(t, "P1") == {"bread": 2, "meat": 2, "coin": 1} and t.p("P1").hand == []
    assert holdings(t, "P2") == {"bread": 5} and t.p("P2").hand == ["AD-4", "AD-5", "AD-6"]
    assert t.state.shops["BAKERY"].is_full() and t.state.shops["BUTCHER"].slots[2] == "AD-3"


def _s4_table() -> Table:
    """S4's seeded start: fixture 5.0 plus ARCHIVE in town, seeded with ADJUST events."""
    t = fresh(("P1", "P2"))
    t.ok(
        "ADJUST",
        None,
        reason="S4 seed",
        add_shops=["ARCHIVE"],
        slots={"BAKERY": {"2": "AD-31"}},
        row=ROW,
        park=PARK,
        decks={"ench": 10},
        players={
            "P1": {"rep": 3, "goods": {"bread": 1}, "coins": 1, "hand": ["AD-32"], "fancies": ["FD-1"], "token": "APOTHECARY"},
            "P2": {"rep": 3, "goods": {"plant": 2}, "coins": 0, "hand": [], "fancies": [], "reserved": "EN-6", "token": "SMITHY"},
        },
    )
    return t


def test_s4_abilities_gifts_reservations_and_sun_dragons() -> None:
    """S4: FC-ART-GAIN3-1, FC-FANCY-1, FC-FANCY-2, FC-FANCY-3, FC-FANCY-4, FC-TURN-10, FC-RES-1, FC-RES-2, FC-RES-3, FC-RES-4, FC-RES-5, FC-ART-SWAP-1, FC-ART-SWAP-2, FC-ART-SWAP-3, FC-ART-SWAP-4, FC-FIRE-7,
    FC-GIFT-2, FC-ENCH-4, FC-FIRE-3, FC-ART-GAIN2-2, FC-ART-GAIN2-4, FC-TURN-4 (A-10), FC-END-TURN-8 (2 players)."""
    t = _s4_table()
    t.ok("VISIT", "P1", shop="GREENHOUSE")
    t.ok("GATHER", "P1", gain={"plant": 2})  # 1.1
    t.bad("FIRE_UP", "P1", "FC-ART-GAIN3-1", dragon="SD-PLANT", goods=["plant", "plant", "iron"])  # 1.2
    t.ok("FIRE_UP", "P1", dragon="SD-PLANT", goods=["plant", "iron", "crystal"])  # 1.3
    assert holdings(t, "P1") == {"bread": 1, "plant": 3, "iron": 1, "crystal": 1, "coin": 1}
    t.ok("FANCY_SCORE", "P1", card="FD-1")  # 1.4
    assert t.p("P1").rep == 7 and holdings(t, "P1") == {"bread": 1, "plant": 2, "coin": 1}
    t.ok("END_TURN", "P1")  # 1.5
    t.ok("VISIT", "P2", shop="ARCHIVE")
    t.ok("GATHER", "P2", gain={"potion": 1})  # 2.1
    t.bad("SHOP_ABILITY", "P2", "FC-RES-2", reserve="EN-5")  # 2.2
    assert t.state.row == ROW
    t.ok("END_TURN", "P2")  # 2.3
    t.ok("VISIT", "P1", shop="JEWELER")
    t.ok("GATHER", "P1", gain={"crystal": 2})  # 3.1
    t.bad("FIRE_UP", "P1", "FC-ART-SWAP-3", dragon="SD-CRYSTAL", swap="AD-31", reward={"coins": 1})  # 3.2
    t.ok("FIRE_UP", "P1", dragon="SD-CRYSTAL", swap="AD-31")  # 3.3
    assert t.state.shops["JEWELER"].slots[0] == "AD-31" and t.state.shops["BAKERY"].slots[1] == "SD-CRYSTAL"
    t.ok("FIRE_UP", "P1", dragon="AD-31", gift={"to": "P2", "item": "coin"})  # 3.4
    assert t.p("P1").coins == 0 and t.p("P1").rep == 9 and t.p("P2").coins == 1
    t.ok("END_TURN", "P1")  # 3.5
    t.ok("VISIT", "P2", shop="GREENHOUSE")  # 4.1
    t.ok("ENCHANT", "P2", card="EN-6", pay={"plant": 2, "potion": 1})  # 4.2
    assert holdings(t, "P2") == {"coin": 3} and t.p("P2").reserved is None
    assert t.state.shops["GREENHOUSE"].enchantments == ["EN-6"]
    t.ok("FIRE_UP", "P2", dragon="SD-PLANT", goods=["bread", "meat", "iron"])  # 4.3
    deck = t.state.ench_deck
    t.ok("END_TURN", "P2")  # 4.4 nothing to refill
    assert t.state.ench_deck == deck and t.state.row == ROW
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1", gain={"bread": 2, "crystal": 1})  # 5.1
    t.bad("FIRE_UP", "P1", "FC-ART-GAIN2-4", dragon="SD-BREAD", goods=["coin", "coin"])  # 5.2
    t.ok("FIRE_UP", "P1", dragon="SD-BREAD", good="crystal")  # 5.3
    t.bad("FANCY_SCORE", "P1", "FC-FANCY-4", card="FD-1")  # 5.4
    t.ok("END_TURN", "P1")  # 5.5
    t.ok("VISIT", "P2", shop="ARCHIVE")
    t.ok("GATHER", "P2", gain={"potion": 1})  # 6.1
    t.ok("SHOP_ABILITY", "P2", reserve="EN-5")  # 6.2
    t.ok("END_TURN", "P2", row=["EN-10"])  # 6.3
    assert t.state.ench_deck == 9

    assert len(t.rejected) == 5
    assert t.p("P1").rep == 9 and t.p("P2").rep == 3
    assert holdings(t, "P1") == {"bread": 3, "plant": 2, "crystal": 5}
    assert t.p("P1").hand == ["AD-32"] and t.p("P1").sun_scored == ["FD-1"]
    assert holdings(t, "P2") == {"coin": 3, "bread": 1, "meat": 1, "iron": 1, "potion": 1}
    assert t.p("P2").reserved == "EN-5"


ARTISANS_BY_TYPE = {"bread": 2, "meat": 2, "plant": 2, "iron": 2, "crystal": 2, "potion": 2}


def test_s6a_setup_two_players_companions_on() -> None:
    """S6a: FC-COMP-7 (the declared effect), FC-SETUP-4, FC-SETUP-5, FC-SETUP-7, FC-SETUP-9, FC-SETUP-11, FC-SETUP-13, FC-SETUP-14, FC-COMP-3, FC-COMP-4, FC-COMP-5, FC-COMP-6, FC-GEN-6, FC-TURN-10 (2 players, companions on)."""
    t = Table(("P1", "P2"), companions=True)
    t.bad("SETUP", None, "FC-SETUP-5", park=PARK, row=ROW,
          removed={"bread": 3, "meat": 1, "plant": 2, "iron": 2, "crystal": 2, "potion": 2})  # 1
    warned = Table(("P1", "P2"), companions=True)  # 2b
    deck2b = ["bread", "bread", "meat", "plant", "iron", "potion", "other", "other", "other", "other"]
    findings = warned.ok("SETUP", None, park=PARK, row=ROW, removed=ARTISANS_BY_TYPE, shop_deck=deck2b)
    assert [f.rule for f in findings] == ["FC-SETUP-4"] and not findings[0].is_error
    custom = Table(("P1", "P2"), companions=True)
    assert custom.ok("SETUP", None, park=PARK, row=ROW, removed=ARTISANS_BY_TYPE, shop_deck=deck2b, custom=True) == []
    t.ok("SETUP", None, park=PARK, row=ROW, removed=ARTISANS_BY_TYPE)  # 2
    assert t.state.artisan_deck == 19 and t.state.ench_deck == 13
    t.ok("SETUP_PLAYER", "P1", hand=["AD-1", "AD-2", "AD-3"], drew=["FD-A", "FD-B"], keep=["FD-A"], companion="C-1")  # 3
    assert t.state.artisan_deck == 16 and t.p("P1").coins == 2
    t.bad("SETUP_PLAYER", "P2", "FC-SETUP-13", hand=["AD-4", "AD-5", "AD-6"], drew=["FD-C", "FD-D"], keep=["FD-C", "FD-D"], companion="C-2")  # 4
    t.bad("SETUP_PLAYER", "P2", "FC-SETUP-14", hand=["AD-4", "AD-5", "AD-6"], drew=["FD-C", "FD-D"], keep=["FD-C"], good="bread", companion="C-2")  # 5
    t.ok("SETUP_PLAYER", "P2", hand=["AD-4", "AD-5", "AD-6"], drew=["FD-C", "FD-D"], keep=["FD-C"], companion="C-2")  # 6
    assert t.state.artisan_deck == 13
    t.turn("P1", "BAKERY", gain={"bread": 2})  # 7
    t.ok("COMPANION_USE", "P2", gain="2rep")  # 8
    t.turn("P2", "BUTCHER", gain={"meat": 2})
    assert t.p("P2").rep == 2 and t.p("P2").companion_used
    t.bad("COMPANION_USE", "P2", "FC-COMP-6", "FC-GEN-6", "FC-COMP-4", gain="2rep")  # 9
    t.ok("COMPANION_USE", "P1", gain="1potion")  # 10
    t.turn("P1", "GREENHOUSE", gain={"plant": 2})  # 11
    t.bad("COMPANION_USE", "P2", "FC-COMP-4", gain="2rep")  # 12
    t.turn("P2", "JEWELER", gain={"crystal": 2})  # 13

    assert len(t.rejected) == 5
    assert t.p("P1").rep == 0 and t.p("P2").rep == 2
    assert holdings(t, "P1") == {"coin": 2, "bread": 2, "potion": 1, "plant": 2}
    assert holdings(t, "P2") == {"meat": 2, "crystal": 2}
    assert (t.state.artisan_deck, len(t.state.park), t.state.ench_deck) == (13, 5, 13)


def test_s6b_setup_three_players_and_the_four_player_supplement() -> None:
    """S6b: FC-SETUP-5 (3 players remove 1 of each type), FC-SETUP-12, FC-SETUP-14; 4 players remove none."""
    t = Table(("P1", "P2", "P3"))
    t.bad("SETUP", None, "FC-SETUP-5", park=PARK, row=ROW, removed=ARTISANS_BY_TYPE)
    t.ok("SETUP", None, park=PARK, row=ROW, removed={g: 1 for g in ARTISANS_BY_TYPE})
    assert t.state.artisan_deck == 25
    t.deal("P1", ["AD-1", "AD-2", "AD-3"])
    t.deal("P2", ["AD-4", "AD-5", "AD-6"])
    t.bad("SETUP_PLAYER", "P3", "FC-SETUP-14", hand=["AD-20", "AD-21", "AD-31"], keep=["FM-1"], good="iron")
    t.deal("P3", ["AD-20", "AD-21", "AD-31"])
    assert t.state.artisan_deck == 16

    four = Table(("P1", "P2", "P3", "P4"))
    four.bad("SETUP", None, "FC-SETUP-5", park=PARK, row=ROW, removed={"bread": 1})
    four.ok("SETUP", None, park=PARK, row=ROW, removed={})
    four.deal("P1", ["AD-1", "AD-2", "AD-3"])
    four.deal("P2", ["AD-4", "AD-5", "AD-6"])
    four.bad("SETUP_PLAYER", "P3", "FC-SETUP-14", hand=["AD-20", "AD-21", "AD-31"], keep=["FM-1"], good="iron")
    four.deal("P3", ["AD-20", "AD-21", "AD-31"])
    four.bad("SETUP_PLAYER", "P4", "FC-SETUP-14", hand=["AD-32", "DK-LAST", "X-1=bread/gift"], keep=["FM-2"])
    four.deal("P4", ["AD-32", "DK-LAST", "X-1=bread/gift"], keep="FM-2", good="iron")
    assert four.p("P4").goods == {"iron": 1}
