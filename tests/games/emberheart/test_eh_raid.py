"""The Raid phase, Reset, rounds, Flame, End Game flow (EH-RAID, EH-RESET, EH-FLOW-1, EH-FLAME, EH-END-1)."""

from __future__ import annotations

from eh_helpers import Table, finish_action_phase, give


def raid_table(item: str, basis: str, amount: int = 1, per: int = 1, **settings: object) -> Table:
    t = Table(**settings)
    t.fill_offers()
    st = t.state
    st.cards[st.raids[0]].item, st.cards[st.raids[0]].basis = item, basis
    st.cards[st.raids[0]].amount, st.cards[st.raids[0]].per = amount, per
    finish_action_phase(t)  # the Defender (Helga… whoever) discards slot 1 in the helper
    st.raid_discarded = 2
    assert st.phase == "raid"
    return t


def test_grunt_raid_per_hero_and_preserve() -> None:
    """EH-RAID-1, EH-RAID-2, EH-RAID-3, EH-RAID-4 (Hero cards), EH-RAID-6."""
    t = raid_table("G", "hero", amount=2)
    give(t, "Astrid", "H1", "hero", hero="bard")
    give(t, "Astrid", "H2", "hero", hero="squire")
    g = t.p("Astrid").hire["G"]
    t.refused("EH-RAID-6", "RAID_DISCARD", "Astrid", discard={"G": 3})
    t.refused("EH-RAID-6", "RAID_DISCARD", "Astrid", discard={"S": 4})
    t.ok("RAID_DISCARD", "Astrid", discard={"G": 4})
    assert t.p("Astrid").hire["G"] == g - 4
    t.refused("EH-RAID-9", "RAID_DISCARD", "Astrid")


def test_raid_divisor_and_attribute_basis() -> None:
    """EH-RAID-3 (amount × ⌊count ÷ per⌋, AMB-21), EH-RAID-4 (highest marker's step)."""
    t = raid_table("G", "attribute", per=2)
    t.p("Astrid").attrs["senses"] = 5
    g = t.p("Astrid").hire["G"]
    t.ok("RAID_DISCARD", "Astrid")
    assert t.p("Astrid").hire["G"] == g - 2


def test_expert_raid_mix_and_shortfall_flame() -> None:
    """EH-RAID-5 (any mix of Experts, said by the player), EH-RAID-7 (Flame +1 per missing Hireling)."""
    t = raid_table("E", "green")
    give(t, "Astrid", "G0", "captive", colour="green", glory=1)
    a = t.p("Astrid")
    a.hire.update(S=1, R=1)
    f = t.refused("EH-RAID-5", "RAID_DISCARD", "Astrid")  # 1 of 2 Experts: the player says which
    assert "--discard" in f.message
    t.refused("EH-RAID-6", "RAID_DISCARD", "Astrid", discard={"G": 1})
    t.ok("RAID_DISCARD", "Astrid", discard={"R": 1})
    assert (a.hire["S"], a.hire["R"]) == (1, 0)
    t2 = raid_table("E", "green")
    for i in range(4):
        give(t2, "Astrid", f"G{i}", "captive", colour="green", glory=1)
    a = t2.p("Astrid")
    a.hire.update(S=1, R=1)
    flame = a.flame
    t2.ok("RAID_DISCARD", "Astrid")  # all Experts must go, 2 short
    assert a.hire["S"] == a.hire["R"] == 0 and a.flame == flame + 2


def test_exotic_raid_count_only_as_declared() -> None:
    """EH-RAID-4, EH-DRG-6: an unattached exotic counts for a colour only if its owner says so."""
    t = raid_table("G", "red")
    give(t, "Astrid", "X", "captive", colour="exotic", glory=2)
    g = t.p("Astrid").hire["G"]
    t.ok("RAID_DISCARD", "Astrid")
    assert t.p("Astrid").hire["G"] == g
    t2 = raid_table("G", "red")
    give(t2, "Astrid", "X", "captive", colour="exotic", glory=2)
    g = t2.p("Astrid").hire["G"]
    t2.ok("RAID_DISCARD", "Astrid", exotic={"X": "red"})
    assert t2.p("Astrid").hire["G"] == g - 1


def test_the_defender_discarded_card_is_not_in_force() -> None:
    """EH-RAID-2, EH-AIDE-7."""
    t = raid_table("G", "hero")
    t.refused("EH-RAID-2", "RAID_DISCARD", "Astrid", card=2)


def test_reset_between_rounds() -> None:
    """EH-RESET-1..10, EH-SPEC-4, EH-FLOW-1, EH-RAID-9."""
    t = Table()
    t.fill_offers()
    st = t.state
    garrison = dict(st.garrison)
    t.ok("PLACE_PARTY", "Astrid", location="camp", space=1, hire={}, companion=True)
    t.ok("TAKE_AIDE", "Brandon", aide="leader")
    t.ok("USE_SPECIAL", "Helga", site="warehouse")
    t.ok("TAKE_AIDE", "Astrid", aide="healer")
    t.ok("TAKE_AIDE", "Brandon", aide="survivalist")
    t.ok("TAKE_AIDE", "Helga", aide="defender", raid=1)
    t.ok("CLAIM", "Astrid", location="camp", space=1, card=1)
    assert st.phase == "raid"
    t.p("Helga").flame = 3
    for name in ("Astrid", "Brandon", "Helga"):
        t.ok("RAID_DISCARD", name)
    assert st.round == 2 and st.phase == "action"  # EH-RESET-8, EH-FLOW-1
    assert st.first == "Brandon" and st.active() == "Brandon"  # EH-RESET-5 (the Leader)
    assert all(v is None for v in st.aides.values())  # EH-RESET-6
    assert all(p.crests == 5 and not p.companion_used and p.aides == [] for p in st.players)  # EH-RESET-10
    assert st.specials == {"warehouse": [], "firestation": []}  # EH-SPEC-4
    assert st.raids == [None, None]  # EH-RESET-7
    assert all(c is None for key, slots in st.offers.items() for c in slots)  # EH-RESET-2
    assert st.garrison == garrison  # Garrison cards stay (EH-GAR-7)
    assert t.p("Helga").flame == 3  # EH-RESET-9
    t.ok("CARD_REVEAL", location="camp", slot=1, colour="blue", glory=3)  # EH-RESET-3
    t.refused("EH-RESET-11", "CARD_REVEAL", location="garrison", slot="red", colour="red", glory=4, reqs="2red",
              track="speed")  # the unclaimed red Garrison card stays in its slot (EH-RESET-4)


def test_round_five_goes_to_end_game_scoring() -> None:
    """EH-FLOW-1, EH-RESET-1, EH-END-1."""
    t = Table()
    t.state.round = 5
    t.fill_offers()
    finish_action_phase(t)
    for name in ("Astrid", "Brandon", "Helga"):
        t.ok("RAID_DISCARD", name)
    assert t.state.round == 5 and t.state.phase == "end"
    assert t.state.raids[0] is not None  # no Reset after round V
    from scorekeeper.games.emberheart import GAME

    assert GAME.status(t.state).finished and GAME.score(t.state).final


def test_flame_moves_and_floor() -> None:
    """EH-FLAME-1, EH-FLAME-2 (floor 0, AMB-02), and flame_min as a setting."""
    t = Table()
    t.fill_offers()
    t.ok("USE_SPECIAL", "Astrid", site="firestation")
    assert t.p("Astrid").flame == 1
    t.ok("TAKE_AIDE", "Brandon", aide="healer")
    assert t.p("Brandon").flame == 0
    t2 = Table(flame_min=-3)
    t2.fill_offers()
    t2.ok("TAKE_AIDE", "Astrid", aide="healer")
    assert t2.p("Astrid").flame == -2


def test_garrison_slot_refills_from_its_colour_deck_until_exhausted() -> None:
    """EH-RESET-4, EH-GAR-7, EH-SETUP-13: a claimed colour slot takes that colour's next card at Reset; an
    exhausted colour deck leaves the slot empty."""
    t = Table()
    t.fill_offers()
    t.ok("PLACE_PARTY", "Astrid", location="garrison", space=1, hire={"G": 1})
    finish_action_phase(t)
    t.ok("CLAIM", "Astrid", location="garrison", space=1, card="red")
    for name in ("Astrid", "Brandon", "Helga"):
        t.ok("RAID_DISCARD", name)
    st = t.state
    assert st.round == 2 and st.garrison["red"] is None and st.garrison["blue"] == "blue3"
    t.refused("EH-SETUP-9", "CARD_REVEAL", location="garrison", slot="red", colour="red", glory=2, reqs="2red",
              track="speed")
    t.ok("CARD_REVEAL", location="garrison", slot="red", colour="red", glory=4, reqs="2red", track="speed")
    st.garrison["red"] = None
    for glory in (5, 6, 7):
        t.ok("CARD_REVEAL", location="garrison", slot="red", colour="red", glory=glory, reqs="3red", track="speed")
        st.garrison["red"] = None  # claimed again (shortcut)
    t.refused("EH-SETUP-13", "CARD_REVEAL", location="garrison", slot="red", colour="red", glory=8, reqs="4red",
              track="speed")


def test_special_crests_can_be_set_never_to_return() -> None:
    """EH-SPEC-4 with special_crests_return=never (AMB-03): Crests left on Special Locations are gone."""
    t = Table(special_crests_return="never")
    t.fill_offers()
    t.ok("USE_SPECIAL", "Astrid", site="warehouse")
    t.ok("USE_SPECIAL", "Brandon", site="firestation")
    finish_action_phase(t)
    there = [n for names in t.state.specials.values() for n in names]
    assert there.count("Astrid") == 1 and there.count("Brandon") == 1
    for name in ("Astrid", "Brandon", "Helga"):
        t.ok("RAID_DISCARD", name)
    assert [p.crests for p in t.state.players] == [5 - there.count(n) for n in ("Astrid", "Brandon", "Helga")]
    assert t.state.player("Astrid").crests == 4
