"""A whole Flamecraft game made by picking words among the legal values the game offers (``Game.expect``).

The bundled samples are walked by choices only (``tests/web/by_choices.walk`` with ``tests/web/taps_flamecraft``):
each word of each play is picked among the values the game lists at that moment, and the play recorded from
those picks is the sample's. The focused tests look at what is offered at a few moments: the goods of a GAIN2,
the payments per player at a shop, the slots each dragon fits (field report WEB-5), the catalog's cards at the
deal (WEB-9), and that an ask names the word it wants.
"""

from __future__ import annotations

import pytest

from scorekeeper.app.session import Session
from scorekeeper.app.verdicts import PlayRefused
from scorekeeper.core.protocol import Choice, Draft
from tests.web.by_choices import SAMPLES, walk
from tests.web.taps_flamecraft import words_of

COMPANIONS = "flamecraft/2p-companions.json"


def table_before(sample: str, seq: int) -> Session:
    """A table in memory holding the sample's events before ``seq``, as recorded."""
    recorded = Session.open(SAMPLES / sample, cached=False)
    config = recorded.config
    table = Session.in_memory(config.game, config.players, dict(config.settings), catalog=config.catalog)
    for event in recorded.events:
        if event.seq >= seq:
            break
        if event.type != "note":
            table.record(Draft(event.type, event.player, dict(event.payload)), force=event.forced)
    return table


def offered(table: Session, type: str) -> list[Choice]:
    return [c for c in table.expect().choices if c.event == type]


@pytest.mark.parametrize("sample", [COMPANIONS, "flamecraft/3p-complete.json", "flamecraft/5p-gold.json"])
def test_a_whole_game_is_made_by_picking_among_the_values_offered(sample: str) -> None:
    found = walk(sample, words_of)
    assert found.problems == []
    plays = sum(1 for e in Session.open(SAMPLES / sample, cached=False).events if e.type != "note")
    assert found.plays == plays and found.picks > 2 * found.plays and found.typed == 0


def test_the_disputed_game_offers_no_pick_the_rules_refuse() -> None:
    """3p-disputed's plays forced against a rule are the ones whose picks are not offered; #68 (flagged too) visits
    a shop that is offered but leaves out the payment (FC-TURN-6): a word not picked, not a pick refused."""
    found = walk("flamecraft/3p-disputed.json", words_of)
    seqs = {int(problem[1:].split()[0].rstrip(":")) for problem in found.problems}
    assert seqs == {28, 65, 67, 153, 154}


def test_every_play_a_player_makes_declares_its_words_and_a_label() -> None:
    table = table_before(COMPANIONS, 1)
    for event in table.game.events:
        if event.name in ("ADJUST", "TALLY"):
            continue
        assert event.words and event.label, event.name
        assert all(w.name and w.label for w in event.words), event.name


def test_a_fire_up_of_s_toast_offers_the_goods_crumbhall_shows() -> None:
    table = table_before(COMPANIONS, 6)  # Dana has enchanted CRUMBHALL (bread); S-TOAST is GAIN2
    toast = [c for c in offered(table, "FIRE_UP") if c.values["dragon"] == ["S-TOAST"]]
    assert [c.values["good"] for c in toast] == [["bread"]]
    with pytest.raises(PlayRefused) as refused:  # a good not offered is refused (FC-ART-GAIN2-2)
        table.record(Draft("FIRE_UP", "Dana", {"dragon": "S-TOAST", "good": "iron"}))
    assert [f.rule for f in refused.value.findings] == ["FC-ART-GAIN2-2"]


def test_a_visit_to_an_occupied_shop_offers_a_payment_per_player_there() -> None:
    table = table_before(COMPANIONS, 35)  # Emil is at BUBBLEVAT
    dana = table.state.players["Dana"]
    items = [g for g, n in dana.goods.items() if n] + (["coin"] if dana.coins else [])
    by_shop = {c.values["shop"][0]: list(c.values["pay"]) for c in offered(table, "VISIT")}
    assert by_shop["BUBBLEVAT"] == [*items, *(f"Emil={item}" for item in items)]
    assert all(pay == [] for shop, pay in by_shop.items() if shop != "BUBBLEVAT")
    verdict = table.record(Draft("VISIT", "Dana", {"shop": "BUBBLEVAT", "pay": ["Emil=bread"]}))
    assert verdict.event.payload["pay"] == {"Emil": "bread"}


def test_place_offers_only_the_slots_each_dragon_fits_field_report_web_5() -> None:
    table = table_before(COMPANIONS, 10)  # Emil gathered at MOSSLOFT; hand PL-6, PL-1, PO-2
    pairs = sorted((c.values["dragon"][0], c.values["slot"][0]) for c in offered(table, "PLACE"))
    assert pairs == [("PL-1", "2"), ("PL-1", "3"), ("PL-6", "2"), ("PL-6", "3")]  # PO-2 fits no slot there
    slot2 = next(c for c in offered(table, "PLACE") if c.values["dragon"] == ["PL-6"] and c.values["slot"] == ["2"])
    assert "park:MT-5" in slot2.values["draws"]  # slot 2 gives an artisan dragon: where it comes from
    with pytest.raises(PlayRefused) as refused:  # the pair not offered is refused
        table.record(Draft("PLACE", "Emil", {"dragon": "PO-2", "slot": "2"}))
    assert "FC-PLACE-3" in [f.rule for f in refused.value.findings]
    verdict = table.record(Draft("PLACE", "Emil", {"dragon": "PL-6", "slot": "2", "draws": ["park:MT-5"]}))
    assert verdict.event.payload == {"dragon": "PL-6", "slot": 2, "draws": [{"from": "park", "card": "MT-5"}]}


def test_the_deal_offers_the_catalogs_cards_not_yet_seen_field_report_web_9() -> None:
    table = table_before(COMPANIONS, 3)  # setup and Dana's deal recorded
    (deal,) = offered(table, "SETUP_PLAYER")
    catalog = table.config.catalog or {}
    starters = {d for d, face in catalog["dragons"].items() if isinstance(face, dict) and face.get("starter")}
    seen = {*table.state.park, "PO-5", "IR-1", "CR-2"}
    assert deal.player == "Emil"
    assert deal.values["hand"] == [d for d in catalog["dragons"] if d not in starters | seen]
    assert deal.values["drew"] == deal.values["keep"] == [f for f in catalog["fancy"] if f != "FY-7"]
    assert deal.values["companion"] == [c for c in catalog["companions"] if c != "CP-1"]


def test_a_fire_up_places_a_dragon_given_as_one_word() -> None:
    table = table_before(COMPANIONS, 11)  # PL-6 (PLACE) placed at MOSSLOFT
    (fire,) = [c for c in offered(table, "FIRE_UP") if c.values["dragon"] == ["PL-6"]]
    assert "PL-1@MOSSLOFT:3" in fire.values["place"] and not any(p.startswith("PO-2@MOSSLOFT") for p in fire.values["place"])
    verdict = table.record(Draft("FIRE_UP", "Emil", {"dragon": "PL-6", "place": "PL-1@MOSSLOFT:3"}))
    assert verdict.event.payload["place"] == {"dragon": "PL-1", "shop": "MOSSLOFT", "slot": 3}


def test_an_ask_names_the_word_it_wants() -> None:
    table = table_before(COMPANIONS, 6)
    with pytest.raises(PlayRefused) as refused:
        table.record(Draft("FIRE_UP", "Dana", {"dragon": "S-TOAST"}))
    assert refused.value.asks and [(f.rule, f.word) for f in refused.value.findings] == [("FC-ART-GAIN2-1", "good")]
    table = table_before(COMPANIONS, 10)
    with pytest.raises(PlayRefused) as refused:
        table.record(Draft("PLACE", "Emil", {"dragon": "PL-6", "slot": "2"}))
    assert [(f.rule, f.word) for f in refused.value.findings] == [("FC-REW-3", "draws")]


def test_a_reservation_and_a_gift_granted_by_an_effect_are_offered_with_their_words() -> None:
    table = table_before(COMPANIONS, 7)  # Dana has enchanted CRUMBHALL and taken 2 bread; her reserve is empty
    by_source = {c.values["source"][0]: list(c.values["card"]) for c in offered(table, "RESERVE")}
    assert by_source["row"] == table.state.row and "PU-7" not in by_source["deck"]  # PU-7 was cast
    (gift,) = offered(table, "GIFT")
    assert gift.values["to"] == ["Emil"] and gift.values["item"] == ["bread"]
    verdict = table.record(Draft("RESERVE", "Dana", {"card": by_source["row"][0], "by": "a card's reward"}))
    assert table.state.players["Dana"].reserved == verdict.event.payload["card"]
    assert offered(table, "RESERVE") == []  # at most 1 reserved enchantment (FC-RES-2)


def test_a_placement_word_that_names_no_shop_is_bad_input() -> None:
    from scorekeeper.errors import BadInput

    table = table_before(COMPANIONS, 11)
    with pytest.raises(BadInput, match="DRAGON@SHOP:SLOT"):
        table.record(Draft("FIRE_UP", "Emil", {"dragon": "PL-6", "place": "PL-1 MOSSLOFT"}))
    assert len(table.events) == 10  # nothing written


def test_a_visit_that_pays_nobody_names_the_payment_word_field_report_web_3() -> None:
    """FC-TURN-6: a visit to an occupied shop with no payment is refused naming the word ``pay``, so that the phone
    offers the payments in place (WEB-3); it stays a breach the table may force (an unpaid visit on record)."""
    table = table_before(COMPANIONS, 35)  # Emil is at BUBBLEVAT
    with pytest.raises(PlayRefused) as refused:
        table.record(Draft("VISIT", "Dana", {"shop": "BUBBLEVAT"}))
    assert [(f.rule, f.word, f.asks) for f in refused.value.findings] == [("FC-TURN-6", "pay", False)]
    assert table.record(Draft("VISIT", "Dana", {"shop": "BUBBLEVAT"}), force=True).event.forced
