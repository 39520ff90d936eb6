"""Issue 13's surviving mutants for Emberheart: each rule check below is proven by its refusal."""

from __future__ import annotations

import pytest
from eh_helpers import Table, attach_now, finish_action_phase, give

from scorekeeper.games.emberheart.cards import HEROES


def _hero(t: Table, hero: str, owner: str = "Astrid") -> None:
    give(t, owner, f"H-{hero}", "hero", hero=hero)
    give(t, owner, f"HD-{hero}", "captive", colour=HEROES[hero], glory=1)
    attach_now(t, f"HD-{hero}", f"H-{hero}")


def _rewarded(parties: list[tuple[str, str, int, dict]]) -> Table:
    t = Table()
    t.fill_offers()
    for name, location, space, hire in parties:
        t.ok("PLACE_PARTY", name, location=location, space=space, hire=hire)
    finish_action_phase(t)
    return t


@pytest.mark.parametrize("keep, drop", [("apprentice", "squire"), ("squire", "fire sage")])
def test_eh_setup_13_the_bard_cannot_draw_a_hero_already_in_play(keep: str, drop: str) -> None:
    """EH-SETUP-13: each Hero card exists once; the Bard's two drawn cards are not in play already."""
    t = Table()
    _hero(t, "bard")
    t.fill_offers()  # the Guild shows the Apprentice, the Bard's neighbours and the Fire Sage
    f = t.refused("EH-SETUP-13", "HERO_ABILITY", "Astrid", hero="bard", keep=keep, discard=drop)
    assert "already in play" in f.message
    t.ok("HERO_ABILITY", "Astrid", hero="bard", keep="squire", discard="priestess")


def test_eh_reset_7_a_raid_card_is_not_revealed_in_the_reward_phase() -> None:
    """EH-RESET-7: Raid cards are revealed at setup and at Reset, not in the Reward phase."""
    t = _rewarded([("Astrid", "camp", 2, {"G": 2})])
    assert t.state.phase == "reward"
    t.state.raids = [None, None]  # the starting state: the table has not recorded the Raid cards
    f = t.refused("EH-RESET-7", "RAID_REVEAL", slot=1, item="G", basis="hero")
    assert "Reset" in f.message


def test_eh_rew_7_a_garrison_card_is_not_revealed_after_the_action_phase() -> None:
    """EH-REW-7: the Garrison slot a claim emptied is not refilled in the round (revealed at setup and Reset)."""
    t = _rewarded([("Astrid", "garrison", 1, {"G": 1})])
    t.ok("CLAIM", "Astrid", location="garrison", space=1, card="red")
    assert t.state.garrison["red"] is None and t.state.phase == "raid"
    f = t.refused("EH-REW-7", "CARD_REVEAL", location="garrison", slot="red", colour="red", glory=5,
                  reqs="2red", track="strength")
    assert "Garrison" in f.message


@pytest.mark.parametrize("location", ["camp", "mountain"])
def test_eh_drg_9_a_dragon_is_red_blue_or_green(location: str) -> None:
    """EH-DRG-9: a yellow Dragon does not exist."""
    t = Table()
    f = t.refused("EH-DRG-9", "CARD_REVEAL", location=location, slot=1, colour="yellow", glory=2)
    assert "red, blue, green" in f.message
    t.ok("CARD_REVEAL", location=location, slot=1, colour="green", glory=2)


@pytest.mark.parametrize("hire", [{"G": -1}, {"X": 1}, {"G": "2"}, ["G"]])
def test_eh_rew_9_tavern_hirelings_are_counts_of_known_types(hire: object) -> None:
    """EH-REW-9: a Tavern card's Hirelings are counts ≥ 0 of G, S, R, W."""
    t = Table()
    f = t.refused("EH-REW-9", "CARD_REVEAL", location="tavern", slot=1, hire=hire, flame=0)
    assert "G, S, R, W" in f.message
    t.ok("CARD_REVEAL", location="tavern", slot=1, hire={"G": 1, "S": 2}, flame=0)


def test_eh_hero_mentor_a_swaps_an_expert_for_another_type() -> None:
    """EH-HERO-MENTOR-A: the Mentor exchanges a claimed Expert for an Expert of another type, not the same."""
    t = Table()
    _hero(t, "mentor")
    t.fill_offers()  # every Tavern card gives 2G 1S
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=2, hire={"G": 2})
    finish_action_phase(t)
    f = t.refused("EH-HERO-MENTOR-A", "CLAIM", "Astrid", location="tavern", space=2, card=1, mentor=[["S", "S"]])
    assert "another type" in f.message
    a = t.p("Astrid")
    s, r = a.hire["S"], a.hire["R"]
    t.ok("CLAIM", "Astrid", location="tavern", space=2, card=1, mentor=[["S", "R"]])
    assert (a.hire["S"], a.hire["R"]) == (s, r + 1)


@pytest.mark.parametrize("said, basis", [("heroes", "hero"), ("scouts", "scout"), ("preserves", "preserve"),
                                         ("hero/preserve", "hero+preserve"), ("greens", "green")])
def test_eh_raid_4_a_raid_basis_is_read_in_the_plural(said: str, basis: str) -> None:
    """EH-RAID-4 (issue 14): ``raidcard G heroes`` is the Hero basis, not the unknown 'heroe'."""
    from scorekeeper.games.emberheart.notation import raid_cards

    assert raid_cards(["G", said])[0]["basis"] == basis
    t = Table()
    t.ok("RAID_REVEAL", slot=1, item="G", basis=said)
    assert t.state.cards[t.state.raids[0]].basis == basis
    t.refused("EH-RAID-4", "RAID_REVEAL", slot=2, item="G", basis="heroe-s")


# -- the survivors of the second mutation run (docs/mutation.md) --------------------------------------------

def test_eh_hero_firemarshall_a1_two_crests_only_at_the_firestation() -> None:
    """EH-HERO-FIREMARSHALL-A1: the Fire Marshall's 2 Crests go to the Firestation only, not the Warehouse."""
    t = Table()
    _hero(t, "fire marshall")
    t.fill_offers()
    a = t.p("Astrid")
    f = t.refused("EH-HERO-FIREMARSHALL-A1", "USE_SPECIAL", "Astrid", site="warehouse", crests=2)
    assert "only the Firestation" in f.message
    crests, grunts = a.crests, a.hire["G"]
    t.ok("USE_SPECIAL", "Astrid", site="firestation", crests=2)
    assert (a.crests, a.hire["G"]) == (crests - 2, grunts + 8)  # EH-HERO-FIREMARSHALL-A2


@pytest.mark.parametrize("card", [None, 2])
def test_eh_raid_2_a_raid_discard_needs_a_face_up_raid_card(card: int | None) -> None:
    """EH-RAID-2: the Raid is resolved against a face-up Raid card; with none face up (or the slot named
    empty) the discard is refused, never read from a card that is not there."""
    t = _rewarded([])
    assert t.state.phase == "raid"
    # the table recorded one Raid card (slot 1) or none, and no Defender discard
    t.state.raids, t.state.raid_discarded = ([None, None] if card is None else [t.state.raids[0], None]), None
    named = {} if card is None else {"card": card}
    f = t.refused("EH-RAID-2", "RAID_DISCARD", "Astrid", discard={}, **named)
    assert "no Raid card is face up" in f.message


def test_eh_hero_mentor_a_exchanges_at_most_two_experts() -> None:
    """EH-HERO-MENTOR-A: the Mentor exchanges at most 2 of the claimed Experts, even when the card gave 3."""
    t = Table()
    _hero(t, "mentor")
    t.ok("CARD_REVEAL", location="tavern", slot=1, hire={"S": 1, "R": 1, "W": 1}, flame=0)
    t.fill_offers()
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=2, hire={"G": 2})
    finish_action_phase(t)
    three = [["S", "R"], ["R", "W"], ["W", "S"]]
    f = t.refused("EH-HERO-MENTOR-A", "CLAIM", "Astrid", location="tavern", space=2, card=1, mentor=three)
    assert "at most 2" in f.message
    a = t.p("Astrid")
    before = dict(a.hire)
    t.ok("CLAIM", "Astrid", location="tavern", space=2, card=1, mentor=three[:2])
    assert (a.hire["S"], a.hire["R"], a.hire["W"]) == (before["S"], before["R"] + 1, before["W"] + 2)


def test_eh_drg_1_a_dragon_joins_only_a_hero_or_a_preserve() -> None:
    """EH-DRG-1: a Dragon is attached to a Hero or a Preserve, never to another card of the same colour."""
    from test_eh_cards import cards_table

    t = cards_table()
    give(t, "Astrid", "D-R2", "captive", colour="red", glory=2)  # same colour: only the kind refuses it
    f = t.refused("EH-DRG-1", "ATTACH_DRAGON", "Astrid", dragon="D-R", target="D-R2")
    assert "attached to a Hero or a Preserve, not to D-R2" in f.message
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D-R", target="H-R")


def test_eh_mtn_20_no_mountain_order_while_no_tie_waits() -> None:
    """EH-MTN-20: the Survivalist orders tied Mountain Parties only when a tie waits (the Reward phase at the
    Mountain); in the Action phase even the Survivalist's order is refused, saying that nothing waits."""
    t = Table()
    t.fill_offers()
    holder = t.state.first  # nobody holds the Survivalist: the first player breaks ties (EH-AIDE-9)
    f = t.refused("EH-MTN-20", "MTN_ORDER", holder, order=[])
    assert "no tied Mountain Parties are waiting to be ordered now" in f.message
