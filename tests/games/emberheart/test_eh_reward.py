"""The Reward phase: Location order, claims per Location, recalls, and 2-player mode (EH-REW, EH-2P)."""

from __future__ import annotations

from eh_helpers import Table, finish_action_phase


def rewarded(parties: list[tuple[str, str, int, dict]], **settings: object) -> Table:
    """Place the given Parties (in turn order), take the Aides, and stop at the Reward phase."""
    t = Table(**settings)
    t.fill_offers()
    for name, location, space, hire in parties:
        assert t.state.active() == name, (name, t.state.active())
        t.ok("PLACE_PARTY", name, location=location, space=space, hire=hire)
    finish_action_phase(t)
    return t


def test_locations_resolve_in_the_fixed_order() -> None:
    """EH-REW-1: Guild, Tavern, Camp, Mountain, Preserve, Garrison; empty Locations are skipped."""
    t = rewarded([("Astrid", "garrison", 1, {"G": 1}), ("Brandon", "tavern", 1, {"G": 1}),
                  ("Helga", "guild", 1, {"G": 1})])
    assert t.state.location == "guild"
    f = t.refused("EH-REW-1", "CLAIM", "Brandon", location="tavern", space=1, card=1)
    assert "Heroes' Guild" in f.message
    t.ok("CLAIM", "Helga", location="guild", space=1, card=1)
    assert t.state.location == "tavern"
    t.ok("RECALL", "Brandon", location="tavern", space=1)
    assert t.state.location == "garrison"


def test_guild_tavern_preserve_garrison_claims() -> None:
    """EH-REW-8, EH-REW-9, EH-REW-11, EH-REW-12, EH-REW-6, EH-REW-13."""
    t = rewarded([("Astrid", "guild", 2, {"G": 2}), ("Brandon", "tavern", 3, {"G": 3}),
                  ("Helga", "preserve", 1, {"G": 1}), ("Astrid", "garrison", 1, {"G": 1})])
    st = t.state
    hero = st.offers["guild"][0]
    t.ok("CLAIM", "Astrid", location="guild", space=2, card=hero)
    assert st.cards[hero].owner == "Astrid" and st.cards[hero].holds is None
    b = t.p("Brandon")
    g, flame = b.hire["G"], b.flame
    tavern = st.offers["tavern"][1]
    t.ok("CLAIM", "Brandon", location="tavern", space=3, card=2)
    assert b.hire["G"] == g + 2 and b.hire["S"] == 1  # the card's 2G1S; his 3 Grunts were discarded
    assert st.cards[tavern].discarded and tavern not in st.player("Brandon").cards[:-1]
    assert b.flame == max(0, flame - 1)
    t.ok("CLAIM", "Helga", location="preserve", space=1, card=3)
    assert st.owned("Helga", "preserve")[0].holds is None
    t.ok("CLAIM", "Astrid", location="garrison", space=1, card="red")
    garrison = st.owned("Astrid", "garrison")[0]
    assert garrison.colour == "red" and not garrison.completed and st.garrison["red"] is None
    assert st.parties == [] and st.phase == "raid"
    assert all(not q.companion for q in st.parties)


def test_decline_even_when_cards_remain_gains_two_gear() -> None:
    """EH-REW-4, EH-REW-5 (AMB-11): the whole Party, Grunts included, goes home with +2 Gear."""
    t = rewarded([("Astrid", "camp", 2, {"G": 2})])
    a = t.p("Astrid")
    g, gear = a.hire["G"], a.gear
    t.ok("RECALL", "Astrid", location="camp", space=2)
    assert a.hire["G"] == g + 2 and a.gear == gear + 2
    assert [c for c in t.state.offers["camp"] if c]  # cards stay until Reset


def test_a_party_claims_at_most_one_card() -> None:
    """EH-REW-3: after claiming, the Party cannot claim again."""
    t = rewarded([("Astrid", "camp", 2, {"G": 2}), ("Brandon", "camp", 1, {"G": 1})])
    t.ok("CLAIM", "Astrid", location="camp", space=2, card=1)
    t.refused("EH-REW-2", "CLAIM", "Astrid", location="camp", space=2, card=2)


def test_camp_dragon_can_be_attached_at_once() -> None:
    """EH-REW-10, EH-DRG-4: a claimed Camp Dragon may be attached immediately."""
    t = Table()
    t.fill_offers()
    st = t.state
    from eh_helpers import give

    give(t, "Astrid", "P-R", "preserve", colour="red")
    t.ok("PLACE_PARTY", "Astrid", location="camp", space=1, hire={"G": 1})
    finish_action_phase(t)
    t.ok("CLAIM", "Astrid", location="camp", space=1, card=1, attach="P-R")  # slot 1 is red
    assert st.cards["P-R"].holds is not None and t.p("Astrid").attrs["strength"] == 3


def test_mountain_levels_and_warden_limits() -> None:
    """EH-MTN-1, EH-MTN-2, EH-MTN-7, EH-MTN-12, EH-MTN-13, EH-MTN-15, EH-MTN-16, EH-MTN-18."""
    t = Table()
    t.fill_offers()
    t.p("Astrid").hire.update(W=3)
    t.ok("PLACE_PARTY", "Astrid", location="mountain", space=3, hire={"W": 3})
    t.ok("PLACE_PARTY", "Brandon", location="mountain", space=2, hire={"G": 2})
    finish_action_phase(t)
    st = t.state
    t.refused("EH-MTN-19", "MTN_CLAIM", "Astrid", level="middle", space=3, card=1)
    t.ok("MTN_CLAIM", "Astrid", level="bottom", space=3, card=1)
    t.ok("MTN_CLAIM", "Brandon", level="bottom", space=2, card=2)
    assert st.party("mountain", 2) is None  # no Warden: Brandon cannot go up (EH-MTN-7)
    assert st.mountain.stage == "middle" and st.mountain.order == [3]
    flame = t.p("Astrid").flame
    t.ok("MTN_CLAIM", "Astrid", level="middle", space=3, card=1)  # Flame +1 on the card, 1 board Warden
    assert st.party("mountain", 3).hire["W"] == 2 and t.p("Astrid").flame == flame + 1
    t.refused("EH-MTN-15", "MTN_CLAIM", "Astrid", level="top", space=3, card=1)  # no track named
    t.ok("MTN_CLAIM", "Astrid", level="top", space=3, card=1, track="senses")
    a = t.p("Astrid")
    assert a.flame == flame + 1 + 1 + 1 and a.attrs["senses"] == 1 and a.hire["W"] == 1
    assert st.location != "mountain" and st.offers["mountain-middle"][1] is not None  # stays until Reset


def test_withdraw_before_claiming_costs_nothing() -> None:
    """EH-MTN-16, EH-MTN-17 (no recall Gear after a Mountain claim)."""
    t = Table()
    t.fill_offers()
    t.p("Astrid").hire.update(W=2)
    t.ok("PLACE_PARTY", "Astrid", location="mountain", space=2, hire={"W": 2})
    finish_action_phase(t)
    t.ok("MTN_CLAIM", "Astrid", level="bottom", space=2, card=1)
    gear, flame = t.p("Astrid").gear, t.p("Astrid").flame
    t.ok("MTN_RETRIEVE", "Astrid", location="mountain", space=2)
    assert (t.p("Astrid").gear, t.p("Astrid").flame, t.p("Astrid").hire["W"]) == (gear, flame, 2)


def test_two_player_blocked_spaces_and_non_player_discards() -> None:
    """EH-2P-1, EH-2P-3, EH-2P-4, EH-2P-5, EH-2P-6, EH-2P-9, EH-REW-2 (the non-player acts at its space)."""
    t = Table(players=("Astrid", "Brandon"))
    t.fill_offers()  # blocks tavern:1 and mountain:1
    st = t.state
    t.refused("EH-2P-3", "PLACE_PARTY", "Astrid", location="tavern", space=1, hire={"G": 1})
    t.p("Astrid").attrs["speed"] = 1
    t.p("Astrid").flame = 2
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=2, hire={"G": 1}, companion=True)
    assert t.p("Astrid").flame == 1  # a non-player Crest is not a Party (EH-2P-4)
    t.ok("PLACE_PARTY", "Brandon", location="mountain", space=2, hire={"G": 2})
    finish_action_phase(t)
    assert st.location == "tavern"
    t.ok("CLAIM", "Astrid", location="tavern", space=2, card=2)
    leftmost = st.offers["tavern"][0]
    t.refused("EH-2P-9", "NP_DISCARD", card=st.offers["tavern"][2])
    t.ok("NP_DISCARD", card=leftmost)
    assert st.cards[leftmost].discarded and st.location == "mountain"
    t.ok("MTN_CLAIM", "Brandon", level="bottom", space=2, card=1)
    bottom_left = next(c for c in st.offers["mountain-bottom"] if c)
    t.ok("NP_DISCARD")  # the engine picks the prescribed card: leftmost of the bottom level (EH-2P-6)
    assert st.cards[bottom_left].discarded and st.offers["mountain-middle"][0] is not None


def test_two_player_garrison_discards_lowest_glory() -> None:
    """EH-2P-7."""
    t = Table(players=("Astrid", "Brandon"))
    st = t.state
    for colour, glory in (("red", 3), ("blue", 3), ("green", 3)):
        t.ok("CARD_REVEAL", location="garrison", slot=colour, colour=colour, glory=glory, reqs=f"1{colour}",
             track="speed")
    st.cards["red3"].glory = 5  # a later red card is on offer
    t.ok("TWO_P_REVEAL", spaces=[["garrison", 2]])
    t.ok("RAID_REVEAL", slot=1, item="G", basis="hero")
    t.ok("RAID_REVEAL", slot=2, item="G", basis="hero")
    finish_action_phase(t)
    assert st.location == "garrison"
    t.refused("EH-2P-9", "NP_DISCARD", card="red3")
    t.ok("NP_DISCARD", card="blue3")  # lowest Glory, leftmost of the tie


def test_two_player_mode_needs_its_cards_and_only_with_two() -> None:
    """EH-2P-2, EH-2P-8."""
    t = Table()
    t.refused("EH-2P-2", "TWO_P_REVEAL", spaces=[["tavern", 1]])
    t2 = Table(players=("Astrid", "Brandon"))
    t2.refused("EH-2P-2", "USE_SPECIAL", "Astrid", site="warehouse")
    t2.ok("TWO_P_REVEAL", spaces=[["tavern", 1]])
    t2.refused("EH-2P-8", "TWO_P_REVEAL", spaces=[["tavern", 2]])
    t2.ok("RAID_REVEAL", slot=1, item="G", basis="hero")
    t2.ok("RAID_REVEAL", slot=2, item="G", basis="hero")
    finish_action_phase(t2)
    assert t2.state.location == "tavern"  # the non-player acts even where no player went
    t2.ok("NP_DISCARD")
    t2.ok("RAID_DISCARD", "Astrid")
    t2.ok("RAID_DISCARD", "Brandon")
    assert t2.state.round == 2 and t2.state.blocked == [] and not t2.state.two_p_revealed
    t2.ok("TWO_P_REVEAL", spaces=[["camp", 5]])
    assert t2.state.blocked == [("camp", 5)]
