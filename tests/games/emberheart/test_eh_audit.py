"""Independent rules audit of Emberheart: each test pins a rule that the first implementation got wrong
(or let slip), against the rulebook (``../shared/rulebooks/emberheart.txt``). Every test cites its rule ID."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.emberheart.cards import HEROES

from eh_helpers import Table, attach_now, finish_action_phase, give, mountain_tie


def with_hero(t: Table, hero: str, owner: str = "Astrid") -> None:
    """``owner`` holds ``hero`` with a Dragon of its colour attached (no event)."""
    give(t, owner, f"H-{hero}", "hero", hero=hero)
    give(t, owner, f"HD-{hero}", "captive", colour=HEROES[hero], glory=1)
    attach_now(t, f"HD-{hero}", f"H-{hero}")


def climb_to_top(t: Table, name: str = "Astrid", **top: Any) -> None:
    """``name`` sends 3 Wardens to Mountain space 3 and claims card 1 at the bottom, the middle and the top."""
    t.p(name).hire["W"] = 3
    t.ok("PLACE_PARTY", name, location="mountain", space=3, hire={"W": 3})
    finish_action_phase(t)
    while t.state.location != "mountain":
        t.ok("NP_DISCARD")
    t.ok("MTN_CLAIM", name, level="bottom", space=3, card=1)
    if len(t.state.seats) == 2:
        t.ok("NP_DISCARD")  # the non-player Crest on Mountain space 1 (bottom level only)
    t.ok("MTN_CLAIM", name, level="middle", space=3, card=1)
    t.ok("MTN_CLAIM", name, level="top", space=3, card=1, **top)


# -- the Mountain top claim and an immediate Preserve attachment ------------------------------------------


def test_eh_drg_5_top_claim_track_does_not_steer_the_preserve_attachment() -> None:
    """EH-DRG-5, EH-MTN-15, EH-ATTR-6: claiming the top Dragon with ``track: speed`` and attaching it at once to a
    same-colour Preserve gives Speed +1 (the top level) and the Preserve's colour track +2 (red → Strength),
    not Speed +3."""
    t = Table()
    t.fill_offers()  # the top card is red
    give(t, "Astrid", "PR", "preserve", colour="red")
    climb_to_top(t, track="speed", attach="PR")
    assert t.state.cards["PR"].holds is not None
    assert t.p("Astrid").attrs == {"strength": 3, "senses": 0, "speed": 1}


# -- the Leader's re-placement and the Companion -----------------------------------------------------------


def test_eh_aide_6_leader_replacement_may_take_a_companion_not_used_this_round() -> None:
    """EH-AIDE-6, EH-CMP-3 (rulebook: only the Companion *recalled* by the Leader cannot be placed again this
    round; an unused Companion may join the new Party; see the conflicts in docs/emberheart.md)."""
    t = Table()
    t.fill_offers()
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=2, hire={"G": 2})
    t.ok("USE_SPECIAL", "Brandon", site="warehouse")
    t.ok("USE_SPECIAL", "Helga", site="warehouse")
    t.ok("TAKE_AIDE", "Astrid", aide="leader", recall={"location": "tavern", "space": 2},
         place={"location": "camp", "space": 3, "hire": {"G": 2}, "companion": True})  # Strength 1: 1 fewer
    a = t.p("Astrid")
    assert a.companion_used and t.state.party("camp", 3).companion and a.hire["G"] == 8


def test_eh_aide_6_leader_replacement_cannot_reuse_a_companion_already_on_the_board() -> None:
    """EH-AIDE-6, EH-CMP-1: the Companion already placed with another Party this round cannot join the new one."""
    t = Table()
    t.fill_offers()
    t.ok("PLACE_PARTY", "Astrid", location="camp", space=2, hire={"G": 1}, companion=True)
    t.ok("USE_SPECIAL", "Brandon", site="warehouse")
    t.ok("USE_SPECIAL", "Helga", site="warehouse")
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=1, hire={"G": 1})
    t.ok("USE_SPECIAL", "Brandon", site="warehouse")
    t.ok("USE_SPECIAL", "Helga", site="warehouse")
    t.refused("EH-CMP-1", "TAKE_AIDE", "Astrid", aide="leader", recall={"location": "tavern", "space": 1},
              place={"location": "preserve", "space": 2, "hire": {"G": 1}, "companion": True})


# -- B-side skills: one answer per event, and only right after it ---------------------------------------


def side_b(skills: list[int]) -> Table:
    t = Table(players=("Astrid", "Brandon"), side="B", skills=skills)
    t.fill_offers()
    return t


def test_eh_skill_3a_top_claim_and_peakwalker_are_two_advancements() -> None:
    """EH-SKILL-3A, EH-SKILL-3B, EH-HERO-PEAKWALKER-A (AMB-17: the Mountain top step and the Peakwalker step are
    two advancement events, so skill 3 may add one step to each; a third extra step is refused)."""
    t = side_b([3, 1])
    with_hero(t, "peakwalker")
    climb_to_top(t, track="speed", peakwalker="senses")
    a = t.p("Astrid")
    a.gear = 5
    assert (a.attrs["speed"], a.attrs["senses"]) == (1, 1)
    t.ok("ATTR_EXTRA_STEP", "Astrid")
    t.ok("ATTR_EXTRA_STEP", "Astrid")
    assert (a.attrs["speed"], a.attrs["senses"], a.gear) == (2, 2, 3)
    t.refused("EH-SKILL-3B", "ATTR_EXTRA_STEP", "Astrid")


def test_eh_skill_3b_the_extra_step_follows_its_advancement_not_a_later_play() -> None:
    """EH-SKILL-3B, EH-SKILL-3A: the extra step answers the advancement just made; once the player has made
    another play, the chance is gone (it cannot be saved for a later round)."""
    t = side_b([3, 1])
    give(t, "Astrid", "D", "captive", colour="green", glory=2)
    give(t, "Astrid", "P", "preserve", colour="green")
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D", target="P")  # Speed +2: an advancement
    t.ok("USE_SPECIAL", "Astrid", site="warehouse")  # Astrid's next play
    t.refused("EH-SKILL-3B", "ATTR_EXTRA_STEP", "Astrid")


def test_eh_flame_3_the_skill_2_answer_comes_before_the_players_next_play() -> None:
    """EH-FLAME-3, EH-SKILL-2A: a Flame increase is answered right away; after the player's next play the
    increase stands (default "normal") and a late FLAME_RESPONSE is refused. Another player's play in between
    does not close the answer."""
    t = side_b([2, 1])
    t.ok("USE_SPECIAL", "Astrid", site="firestation")  # Flame +1
    t.ok("USE_SPECIAL", "Brandon", site="warehouse")
    t.ok("FLAME_RESPONSE", "Astrid", option="grunts")  # still in time: Brandon's play does not close it
    t.ok("USE_SPECIAL", "Astrid", site="firestation")  # Flame +1 again
    t.ok("USE_SPECIAL", "Brandon", site="warehouse")
    t.ok("USE_SPECIAL", "Astrid", site="warehouse")  # Astrid plays on without answering
    t.refused("EH-FLAME-3", "FLAME_RESPONSE", "Astrid", option="grunts")
    assert t.p("Astrid").flame == 2


# -- Hero abilities in the order the rulebook gives ---------------------------------------------------------


def camp_claim_table(hero: str, **face: Any) -> Table:
    """Astrid holds an active ``hero`` and her Party on Camp space 1 is about to claim card 1 (with ``face``)."""
    t = Table()
    t.fill_offers()
    with_hero(t, hero)
    card = t.state.cards[t.state.offers["camp"][0]]
    for key, value in face.items():
        setattr(card, key, value)
    t.ok("PLACE_PARTY", "Astrid", location="camp", space=1, hire={"G": 1})
    finish_action_phase(t)
    return t


def test_eh_hero_dragonspeaker_a_comes_after_the_claimed_cards_flame() -> None:
    """EH-HERO-DRAGONSPEAKER-A (AMB-30): a Captive card with Flame +1 claimed at Flame 0 with the Dragonspeaker's
    Flame -1 ends at Flame 0 (the claim, then the ability triggered by it); the floor must not eat the -1."""
    t = camp_claim_table("dragonspeaker", flame=1)
    assert t.p("Astrid").flame == 0
    t.ok("CLAIM", "Astrid", location="camp", space=1, card=1, dragonspeaker=True)
    assert t.p("Astrid").flame == 0


# -- rules that no earlier test would have caught if broken (found by mutating the code) ------------------


def test_eh_hero_wrangler_a_on_a_7_glory_dragon() -> None:
    """EH-HERO-WRANGLER-A: a claimed Dragon of Glory 7 (not only 5) gives +1 Gear (the default choice)."""
    t = camp_claim_table("wrangler", glory=7)
    gear = t.p("Astrid").gear
    t.ok("CLAIM", "Astrid", location="camp", space=1, card=1)
    assert t.p("Astrid").gear == gear + 1


def test_eh_hero_recruiter_a_one_grunt_per_second_red_dragon() -> None:
    """EH-HERO-RECRUITER-A: 4 red Dragons (the Hero's own included) give ⌊4 ÷ 2⌋ = 2 Grunts after the Raid."""
    t = Table()
    t.fill_offers()
    with_hero(t, "recruiter")
    for i in range(3):
        give(t, "Astrid", f"R{i}", "captive", colour="red", glory=1)
    for slot in (0, 1):
        t.state.cards[t.state.raids[slot]].basis = "scout"  # nobody discards anything
    finish_action_phase(t)
    for name in ("Astrid", "Brandon", "Helga"):
        t.ok("RAID_DISCARD", name)
    g = t.p("Astrid").hire["G"]
    t.ok("HERO_ABILITY", "Astrid", hero="recruiter")
    assert t.p("Astrid").hire["G"] == g + 2


def test_eh_2p_5_the_non_player_never_discards_the_bards_reserved_card() -> None:
    """EH-2P-5, EH-HERO-BARD-A1, EH-HERO-BARD-A2 (AMB-27): with the three usual Hero cards claimed, the non-player
    Crest finds nothing to discard; the Bard's reserved fourth card stays for its owner."""
    t = Table(players=("Astrid", "Brandon"))
    t.ok("TWO_P_REVEAL", spaces=[["guild", 1]])
    t.fill_offers()
    with_hero(t, "bard")
    t.ok("HERO_ABILITY", "Astrid", hero="bard", keep="squire", discard="priestess")
    t.ok("PLACE_PARTY", "Astrid", location="guild", space=3, hire={"G": 3})
    t.ok("PLACE_PARTY", "Brandon", location="guild", space=5, hire={"G": 5})
    t.ok("TAKE_AIDE", "Astrid", aide="healer")
    t.ok("PLACE_PARTY", "Brandon", location="guild", space=4, hire={"G": 4})
    finish_action_phase(t)
    t.ok("CLAIM", "Brandon", location="guild", space=5, card=1)
    t.ok("CLAIM", "Brandon", location="guild", space=4, card=2)
    t.ok("CLAIM", "Astrid", location="guild", space=3, card=3)
    t.refused("EH-2P-9", "NP_DISCARD", card="squire")
    t.ok("NP_DISCARD")
    assert not t.state.cards["squire"].discarded and t.state.cards["squire"].owner is None


def test_eh_hero_gen_1_a_skill_1_attachment_activates_only_if_it_counts_as_a_match() -> None:
    """EH-HERO-GEN-1, EH-SKILL-1B (AMB-15 with skill1_counts_as_match=no): a red Dragon put on a blue Hero with
    skill 1 does not activate it, and a mismatched Preserve gives no +2."""
    t = Table(players=("Astrid", "Brandon"), side="B", skills=[1, 2], skill1_counts_as_match=False)
    t.fill_offers()
    give(t, "Astrid", "FM", "hero", hero="fire marshall")
    give(t, "Astrid", "D", "captive", colour="red", glory=2)
    give(t, "Astrid", "D2", "captive", colour="red", glory=2)
    give(t, "Astrid", "PB", "preserve", colour="blue")
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D", target="FM", skill1=True)
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D2", target="PB", skill1=True)
    assert t.p("Astrid").attrs["senses"] == 0
    t.refused("EH-HERO-GEN-1", "USE_SPECIAL", "Astrid", site="firestation", crests=2)


def test_eh_setup_7_a_reveal_after_the_first_turn_is_flagged() -> None:
    """EH-SETUP-7, EH-SETUP-9, EH-SETUP-10: offers, Garrison and Raid cards are filled at setup, before the first
    turn; a reveal after it is applied (the table may have forgotten it) but flagged with a warning citing the
    setup, not EH-REW-7 on taken cards (field report EH-V7)."""
    t = Table()
    assert t.ok("CARD_REVEAL", location="camp", slot=1, colour="red", glory=2) == []
    t.ok("RAID_REVEAL", slot=1, item="G", basis="hero")
    t.ok("USE_SPECIAL", "Astrid", site="warehouse")
    late = t.ok("CARD_REVEAL", location="camp", slot=2, colour="blue", glory=2)
    assert [f.rule for f in late] == ["EH-SETUP-7"] and t.state.offers["camp"][1] is not None
    assert "filled at setup" in late[0].message
    assert [f.rule for f in t.ok("RAID_REVEAL", slot=2, item="G", basis="hero")] == ["EH-SETUP-10"]
    garrison = t.ok("CARD_REVEAL", location="garrison", slot="red", colour="red", glory=3, reqs="1red", track="speed")
    assert [f.rule for f in garrison] == ["EH-SETUP-9"]


def test_eh_reset_3_a_reveal_after_the_first_turn_of_a_later_round_is_flagged() -> None:
    """EH-RESET-3, EH-RESET-4, EH-RESET-7: from round II the offers are filled at Reset; a late reveal cites it."""
    t = Table()
    t.state.round = 2
    t.ok("USE_SPECIAL", "Astrid", site="warehouse")
    late = t.ok("CARD_REVEAL", location="camp", slot=1, colour="blue", glory=2)
    assert [f.rule for f in late] == ["EH-RESET-3"] and "filled at Reset" in late[0].message
    assert [f.rule for f in t.ok("RAID_REVEAL", slot=2, item="G", basis="hero")] == ["EH-RESET-7"]
    garrison = t.ok("CARD_REVEAL", location="garrison", slot="red", colour="red", glory=3, reqs="1red", track="speed")
    assert [f.rule for f in garrison] == ["EH-RESET-4"]


def test_eh_mtn_20_the_survivalist_orders_exactly_the_tied_parties() -> None:
    """EH-MTN-20, EH-MTN-8: an order naming only one of two tied Parties, or an untied Party with a tied one, is
    refused; the whole tied group is accepted."""
    t = mountain_tie()
    holder = t.state.aides["survivalist"]
    t.refused("EH-MTN-20", "MTN_ORDER", holder, order=[3])
    t.refused("EH-MTN-20", "MTN_ORDER", holder, order=[3, 2])
    t.ok("MTN_ORDER", holder, order=[3, 4])
    assert t.state.mountain.order == [3, 4, 2]


def test_eh_reset_2_unclaimed_offer_cards_are_discarded_but_the_garrison_stays() -> None:
    """EH-RESET-2, EH-GAR-7, EH-RESET-4: at Reset the unclaimed cards of the Common Locations are discarded and the
    offers emptied for the refill; the unclaimed Garrison cards stay in their slots."""
    t = Table()
    t.fill_offers()
    camp = list(t.state.offers["camp"])
    garrison = dict(t.state.garrison)
    finish_action_phase(t)
    for name in ("Astrid", "Brandon", "Helga"):
        t.ok("RAID_DISCARD", name)
    st = t.state
    assert st.round == 2 and st.offers["camp"] == [None] * 3
    assert all(st.cards[c].discarded for c in camp)
    assert st.garrison == garrison and not any(st.cards[c].discarded for c in garrison.values())


def test_eh_end_11_gear_spent_in_end_game_before_step_5_does_not_count_for_heroes() -> None:
    """EH-END-11 (AMB-25), EH-SKILL-3A, EH-HERO-FIREMARSHALL-S: Hero conditions ignore only the step-5 Gear
    conversion; a Gear paid for a skill-3 step during End Game Scoring is gone (Fire Marshall: 4 Gear → 3)."""
    from scorekeeper.games.emberheart.scoring import hero_points
    from scorekeeper.games.emberheart.state import END

    t = Table(players=("Astrid", "Brandon"), side="B", skills=[3, 1])
    with_hero(t, "fire marshall")
    give(t, "Astrid", "GAR", "garrison", colour="blue", glory=3, reqs=[{"item": "blue", "count": 1}],
         track="speed")
    a = t.p("Astrid")
    t.state.phase, a.gear, a.end_gear, a.flame = END, 4, 4, 2
    t.ok("GARRISON_COMPLETE", "Astrid", card="GAR")
    t.ok("ATTR_EXTRA_STEP", "Astrid")
    assert a.attrs["speed"] == 2 and a.gear == 3
    assert hero_points(t.state, "Astrid", "fire marshall")[0] == 3
    t.ok("END_GEAR_CONVERT", "Astrid", gear=3)
    assert hero_points(t.state, "Astrid", "fire marshall")[0] == 3  # the conversion itself is not counted


def test_eh_end_7_the_gear_conversion_never_passes_the_flame_floor() -> None:
    """EH-END-7, EH-END-8, EH-FLAME-2: at Flame 1, converting 6 Gear (Flame -2) is refused; 3 Gear is fine."""
    from scorekeeper.games.emberheart.state import END

    t = Table()
    a = t.p("Astrid")
    t.state.phase, a.gear, a.flame, a.end_gear = END, 6, 1, 6
    t.refused("EH-END-7", "END_GEAR_CONVERT", "Astrid", gear=6)
    t.ok("END_GEAR_CONVERT", "Astrid", gear=3)
    assert (a.flame, a.gear) == (0, 3)


def test_eh_hero_recruiter_s_counts_full_scout_ranger_warden_sets() -> None:
    """EH-HERO-RECRUITER-S: 3 Scouts, 3 Rangers and 1 Warden make one full set (+2), not three."""
    from scorekeeper.games.emberheart.scoring import hero_points

    t = Table()
    with_hero(t, "recruiter")
    t.p("Astrid").hire.update(S=3, R=3, W=1)
    assert hero_points(t.state, "Astrid", "recruiter")[0] == 2


def test_eh_hero_gen_7_after_raid_abilities_go_in_player_order() -> None:
    """EH-HERO-GEN-7, EH-RAID-9 (AMB-33): the "after the Raid" abilities go in player order from the First player;
    once Brandon has used his Recruiter, Astrid's Priestess (earlier in order) comes too late."""
    t = Table()
    t.fill_offers()
    with_hero(t, "priestess", owner="Astrid")
    with_hero(t, "recruiter", owner="Brandon")
    for slot in (0, 1):
        t.state.cards[t.state.raids[slot]].basis = "scout"
    finish_action_phase(t)
    for name in ("Astrid", "Brandon", "Helga"):
        t.ok("RAID_DISCARD", name)
    assert t.state.order()[:2] == ["Astrid", "Brandon"]
    t.ok("HERO_ABILITY", "Brandon", hero="recruiter")
    t.refused("EH-HERO-GEN-7", "HERO_ABILITY", "Astrid", hero="priestess")


def test_eh_end_2_no_garrison_completion_after_the_step_5_conversion() -> None:
    """EH-END-2, EH-GAR-5 (AMB-19: completions up to scoring step 4): once a player has converted Gear in step 5,
    a Garrison completion comes too late (like an attachment, EH-DRG-4)."""
    from scorekeeper.games.emberheart.state import END

    t = Table()
    give(t, "Astrid", "GAR", "garrison", colour="red", glory=3, reqs=[{"item": "grunt", "count": 1}],
         track="speed")
    a = t.p("Astrid")
    t.state.phase, a.gear, a.flame, a.end_gear = END, 3, 2, 3
    t.p("Brandon").gear, t.p("Brandon").flame = 3, 2
    t.ok("END_GEAR_CONVERT", "Brandon", gear=3)
    t.refused("EH-END-2", "GARRISON_COMPLETE", "Astrid", card="GAR")


# -- findings handed over by the table-experience review (.requests/emberheart.md) ------------------------


def test_eh_drg_1_only_a_claimed_dragon_can_be_attached_at_once() -> None:
    """EH-DRG-1, EH-REW-10, EH-REW-12: an ``attach`` on a Garrison (or Hero, Preserve, Tavern) claim is refused,
    not silently dropped; a Camp claim may attach its Dragon at once."""
    t = Table()
    t.fill_offers()
    give(t, "Astrid", "PR", "preserve", colour="red")
    t.ok("PLACE_PARTY", "Astrid", location="garrison", space=1, hire={"G": 1})
    t.ok("PLACE_PARTY", "Brandon", location="camp", space=1, hire={"G": 1})
    finish_action_phase(t)
    t.ok("CLAIM", "Brandon", location="camp", space=1, card=1)
    t.refused("EH-DRG-1", "CLAIM", "Astrid", location="garrison", space=1, card="red", attach="PR")
    t.ok("CLAIM", "Astrid", location="garrison", space=1, card="red")


def test_eh_act_5_hirelings_may_be_written_compactly_in_a_payload() -> None:
    """EH-ACT-5, EH-RAID-5: ``hire``/``discard`` fields accept the table's ``2G1S`` notation as well as counts
    (what ``amend N hire=2G1S`` produces); an unreadable one is refused with the rule, never a crash."""
    t = Table()
    t.fill_offers()
    t.p("Astrid").hire["S"] = 1
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=3, hire="2G1S")
    assert t.state.party("tavern", 3).hire == {"G": 2, "S": 1, "R": 0, "W": 0}
    t.refused("EH-ACT-5", "PLACE_PARTY", "Brandon", location="camp", space=2, hire="2Q")
    from scorekeeper.games.emberheart.context import Ctx, read_counts
    from scorekeeper.core.events import Event

    assert read_counts("1S1R", Ctx(Event(1, "RAID_DISCARD", "Astrid", {})), "EH-RAID-5") == {"S": 1, "R": 1}


def test_eh_rew_7_a_forgotten_reveal_is_caught_up_until_its_location_resolves() -> None:
    """EH-REW-7: a card the table revealed at setup but nobody recorded can be caught up in the Reward phase, with a
    warning, into a slot that no claim emptied this round and at a Location not yet resolved; a slot a claim
    emptied, or a Location already resolved, stays refused (offers are not refilled during the round)."""
    t = Table()
    t.ok("CARD_REVEAL", location="camp", slot=1, colour="green", glory=2, name="CD-G")
    t.ok("CARD_REVEAL", location="camp", slot=2, colour="red", glory=3, name="CD-R")  # slot 3 forgotten
    t.ok("RAID_REVEAL", slot=1, item="G", basis="hero")
    t.ok("RAID_REVEAL", slot=2, item="G", basis="preserve")
    t.ok("PLACE_PARTY", "Astrid", location="camp", space=3, hire={"G": 3})
    t.ok("PLACE_PARTY", "Brandon", location="camp", space=2, hire={"G": 2})
    t.ok("PLACE_PARTY", "Helga", location="camp", space=1, hire={"G": 1})
    finish_action_phase(t)
    assert t.state.phase == "reward" and t.state.location == "camp"
    t.ok("CLAIM", "Astrid", location="camp", space=3, card="CD-G")
    t.refused("EH-REW-7", "CARD_REVEAL", location="camp", slot=1, colour="blue", glory=1)  # a claim emptied it
    late = t.ok("CARD_REVEAL", location="camp", slot=3, colour="blue", glory=2, name="CD-B")
    assert [f.rule for f in late] == ["EH-REW-7"] and t.state.offers["camp"][2] == "CD-B"
    t.ok("CLAIM", "Brandon", location="camp", space=2, card="CD-B")
    assert [c.id for c in t.state.owned("Brandon", "dragon")] == ["CD-B"]
    t.ok("CLAIM", "Helga", location="camp", space=1, card="CD-R")
    assert t.state.location != "camp"
    t.refused("EH-REW-7", "CARD_REVEAL", location="guild", slot=1, hero="bard")  # the Guild resolved before the Camp
