"""All 27 Heroes: abilities (EH-HERO-<NAME>-A…) and scoring conditions (EH-HERO-<NAME>-S), and the general
Hero rules (EH-HERO-GEN-*)."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from scorekeeper.games.emberheart.cards import HEROES
from scorekeeper.games.emberheart.scoring import hero_points

from eh_helpers import Table, attach_now, finish_action_phase, give


def hero_table(hero: str, *, dragon: bool = True, owner: str = "Astrid", fill: bool = True, **settings: Any) -> Table:
    """``owner`` holds ``hero`` with a Dragon of its colour attached (Glory 1), unless ``dragon`` is False."""
    t = Table(**settings)
    if fill:
        t.fill_offers()
    give(t, owner, "HERO", "hero", hero=hero)
    if dragon:
        give(t, owner, "HD", "captive", colour=HEROES[hero], glory=1)
        attach_now(t, "HD", "HERO")
    return t


def points(t: Table, hero: str, owner: str = "Astrid") -> int:
    return hero_points(t.state, owner, hero)[0]


def dragons(t: Table, who: str, colour: str, n: int, glory: int = 1) -> None:
    for i in range(n):
        give(t, who, f"{who}-{colour}-{i}-{len(t.state.cards)}", "captive", colour=colour, glory=glory)


# -- scoring conditions ------------------------------------------------------------------------------------

Setup = Callable[[Table], None]


def _garrisons(t: Table, who: str, n: int) -> None:
    for i in range(n):
        give(t, who, f"{who}-gar{i}", "garrison", colour="red", glory=3, reqs=[{"item": "red", "count": 9}],
             track="speed")


def _set(who: str, **values: Any) -> Setup:
    def apply(t: Table) -> None:
        p = t.p(who)
        for key, value in values.items():
            if key in ("G", "S", "R", "W"):
                p.hire[key] = value
            elif key in ("strength", "senses", "speed"):
                p.attrs[key] = value
            else:
                setattr(p, key, value)
    return apply


SCORING: list[tuple[str, str, Setup, int]] = [
    ("EH-HERO-APPRENTICE-S", "apprentice", lambda t: None, 4),
    ("EH-HERO-BARD-S", "bard", lambda t: (_garrisons(t, "Astrid", 1), _garrisons(t, "Brandon", 1)), 7),
    ("EH-HERO-BARD-S", "bard", lambda t: _garrisons(t, "Brandon", 1), 0),
    ("EH-HERO-FIRESAGE-S", "fire sage", lambda t: dragons(t, "Brandon", "red", 1), 7),
    ("EH-HERO-FIRESAGE-S", "fire sage", lambda t: dragons(t, "Brandon", "red", 2), 0),
    ("EH-HERO-OUTFITTER-S", "outfitter", lambda t: give(t, "Brandon", "PB", "preserve", colour="red"), 0),
    ("EH-HERO-OUTFITTER-S", "outfitter", lambda t: None, 7),
    ("EH-HERO-PARAGON-S", "paragon", lambda t: dragons(t, "Brandon", "blue", 1), 5),
    ("EH-HERO-PARAGON-S", "paragon", lambda t: dragons(t, "Brandon", "blue", 2), 0),
    ("EH-HERO-PEAKWALKER-S", "peakwalker", lambda t: (_set("Astrid", gear=0, end_gear=3)(t),
                                                      _set("Brandon", gear=3, end_gear=3)(t)), 7),
    ("EH-HERO-PEAKWALKER-S", "peakwalker", _set("Brandon", gear=5), 0),
    ("EH-HERO-RECRUITER-S", "recruiter", _set("Astrid", S=2, R=3, W=2), 4),
    ("EH-HERO-RECRUITER-S", "recruiter", _set("Astrid", S=6, R=6, W=7), 10),
    ("EH-HERO-TAVERNKEEPER-S", "tavernkeeper", _set("Astrid", strength=3, senses=3, speed=4), 7),
    ("EH-HERO-TAVERNKEEPER-S", "tavernkeeper", _set("Astrid", strength=3, senses=3, speed=2), 0),
    ("EH-HERO-WRANGLER-S", "wrangler", lambda t: _garrisons(t, "Astrid", 2), 4),
    ("EH-HERO-WRANGLER-S", "wrangler", lambda t: _garrisons(t, "Astrid", 6), 10),
    ("EH-HERO-BLAZEBINDER-S", "blazebinder", lambda t: None, 7),
    ("EH-HERO-BLAZEBINDER-S", "blazebinder", _set("Brandon", G=11), 0),
    ("EH-HERO-DRAGONKNIGHT-S", "dragon knight", lambda t: dragons(t, "Brandon", "blue", 1), 7),
    ("EH-HERO-DRAGONKNIGHT-S", "dragon knight", lambda t: dragons(t, "Brandon", "blue", 2), 0),
    ("EH-HERO-FIREMARSHALL-S", "fire marshall", _set("Astrid", gear=4), 4),
    ("EH-HERO-FIREMARSHALL-S", "fire marshall", _set("Astrid", gear=12), 10),
    ("EH-HERO-INFILTRATOR-S", "infiltrator", lambda t: give(t, "Brandon", "HB", "hero", hero="squire"), 7),
    ("EH-HERO-INFILTRATOR-S", "infiltrator", lambda t: (give(t, "Brandon", "HB", "hero", hero="squire"),
                                                        give(t, "Brandon", "HB2", "hero", hero="bard")), 0),
    ("EH-HERO-MASTERSCOUT-S", "master scout", lambda t: None, 4),
    ("EH-HERO-MENTOR-S", "mentor", lambda t: (dragons(t, "Astrid", "red", 1), dragons(t, "Astrid", "green", 1)), 3),
    ("EH-HERO-MENTOR-S", "mentor", lambda t: (dragons(t, "Astrid", "red", 1),
                                              dragons(t, "Astrid", "exotic", 1)), 3),
    ("EH-HERO-MENTOR-S", "mentor", lambda t: [dragons(t, "Astrid", c, 4) for c in ("red", "blue", "green")], 9),
    ("EH-HERO-MERCHANT-S", "merchant", lambda t: give(t, "Astrid", "H2", "hero", hero="squire"), 4),
    ("EH-HERO-MERCHANT-S", "merchant", lambda t: [give(t, "Astrid", h, "hero", hero=h) for h in
                                                  ("squire", "bard", "paragon", "mentor", "priestess")], 10),
    ("EH-HERO-MESSENGER-S", "messenger", _set("Astrid", G=10), 7),
    ("EH-HERO-MESSENGER-S", "messenger", _set("Astrid", G=2), 0),
    ("EH-HERO-MESSENGER-S", "messenger", _set("Astrid", G=20), 10),
    ("EH-HERO-QUARTERMASTER-S", "quartermaster", _set("Astrid", strength=2, senses=3, speed=4), 4),
    ("EH-HERO-QUARTERMASTER-S", "quartermaster", _set("Astrid", strength=6, senses=6, speed=7), 10),
    ("EH-HERO-CARETAKER-S", "caretaker", lambda t: dragons(t, "Brandon", "green", 1), 7),
    ("EH-HERO-CARETAKER-S", "caretaker", lambda t: dragons(t, "Brandon", "green", 2), 0),
    ("EH-HERO-CUSTODIAN-S", "custodian", lambda t: (_set("Astrid", speed=3)(t), _set("Brandon", strength=4)(t)), 5),
    ("EH-HERO-CUSTODIAN-S", "custodian", lambda t: [_set(n, strength=2, senses=2, speed=2)(t)
                                                    for n in ("Brandon", "Helga")], 0),
    ("EH-HERO-DRAGONTRAINER-S", "dragon trainer", _set("Astrid", R=2), 7),
    ("EH-HERO-DRAGONTRAINER-S", "dragon trainer", _set("Brandon", R=1), 0),
    ("EH-HERO-DRAGONSPEAKER-S", "dragonspeaker", lambda t: None, 7),
    ("EH-HERO-DRAGONSPEAKER-S", "dragonspeaker", _set("Helga", S=1), 0),
    ("EH-HERO-MASTERRANGER-S", "master ranger", lambda t: None, 4),
    ("EH-HERO-OVERSEER-S", "overseer", lambda t: (dragons(t, "Astrid", "red", 2, glory=3),
                                                  dragons(t, "Astrid", "red", 1, glory=5)), 6),
    ("EH-HERO-PRIESTESS-S", "priestess", lambda t: give(t, "Astrid", "PA", "preserve", colour="red"), 2),
    ("EH-HERO-PRIESTESS-S", "priestess", lambda t: [give(t, "Astrid", f"P{i}", "preserve", colour="red")
                                                    for i in range(6)], 10),
    ("EH-HERO-SQUIRE-S", "squire", lambda t: None, 7),
    ("EH-HERO-SQUIRE-S", "squire", _set("Brandon", S=1), 0),
    ("EH-HERO-TACTICIAN-S", "tactician", _set("Astrid", W=1), 7),
    ("EH-HERO-TACTICIAN-S", "tactician", _set("Helga", W=2), 0),
]


@pytest.mark.parametrize("rule,hero,setup,expected", SCORING,
                         ids=[f"{r}-{e}" for r, _, _, e in SCORING])
def test_hero_scoring_conditions(rule: str, hero: str, setup: Setup, expected: int) -> None:
    """Every Hero scoring condition, with EH-HERO-GEN-3 (ties meet "no other player has more") and EH-HERO-GEN-4 (caps):
    EH-HERO-APPRENTICE-S, EH-HERO-BARD-S, EH-HERO-FIRESAGE-S, EH-HERO-OUTFITTER-S
    EH-HERO-PARAGON-S, EH-HERO-PEAKWALKER-S, EH-HERO-RECRUITER-S, EH-HERO-TAVERNKEEPER-S
    EH-HERO-WRANGLER-S, EH-HERO-BLAZEBINDER-S, EH-HERO-DRAGONKNIGHT-S, EH-HERO-FIREMARSHALL-S
    EH-HERO-INFILTRATOR-S, EH-HERO-MASTERSCOUT-S, EH-HERO-MENTOR-S, EH-HERO-MERCHANT-S
    EH-HERO-MESSENGER-S, EH-HERO-QUARTERMASTER-S, EH-HERO-CARETAKER-S, EH-HERO-CUSTODIAN-S
    EH-HERO-DRAGONTRAINER-S, EH-HERO-DRAGONSPEAKER-S, EH-HERO-MASTERRANGER-S, EH-HERO-OVERSEER-S
    EH-HERO-PRIESTESS-S, EH-HERO-SQUIRE-S, EH-HERO-TACTICIAN-S.
    """
    t = hero_table(hero, fill=False)
    setup(t)
    assert points(t, hero) == expected, hero_points(t.state, "Astrid", hero)


def test_heroes_score_only_with_a_matching_dragon() -> None:
    """EH-HERO-GEN-2 (AMB-14: the flat +4 Heroes too), EH-END-5."""
    from scorekeeper.games.emberheart import GAME

    t = hero_table("apprentice", dragon=False, fill=False)
    give(t, "Astrid", "BLUE", "captive", colour="blue", glory=1)
    row = next(r for r in GAME.score(t.state).rows if r.player == "Astrid")
    assert row.categories["Heroes"] == 0
    t2 = hero_table("apprentice", dragon=False, fill=False, flat_heroes_need_dragon=False)
    assert next(r for r in GAME.score(t2.state).rows if r.player == "Astrid").categories["Heroes"] == 4


def test_opponents_exotics_do_not_count_in_comparisons() -> None:
    """AMB-12 default: an opponent's unattached exotic is not counted as red against Astrid's Fire Sage."""
    t = hero_table("fire sage", fill=False)
    dragons(t, "Brandon", "red", 1)
    dragons(t, "Brandon", "exotic", 1)
    assert points(t, "fire sage") == 7
    t.state.settings["opponent_exotics_in_comparisons"] = "adversarial"
    assert points(t, "fire sage") == 0


def test_hero_colour_comes_from_its_name() -> None:
    """EH-HERO-GEN-8."""
    assert [HEROES[h] for h in ("wrangler", "quartermaster", "tactician")] == ["red", "blue", "green"]
    assert sum(1 for c in HEROES.values() if c == "red") == 9 == sum(1 for c in HEROES.values() if c == "green")


# -- abilities ---------------------------------------------------------------------------------------------


def test_ability_needs_the_attached_dragon() -> None:
    """EH-HERO-GEN-1: no Dragon, no ability (Master Scout swap refused)."""
    t = hero_table("master scout", dragon=False)
    t.refused("EH-HERO-GEN-1", "PLACE_PARTY", "Astrid", location="camp", space=4, hire={"G": 4}, master_scout=2)


def test_triggered_abilities_are_not_separate_events() -> None:
    """EH-HERO-GEN-5: "you gain" abilities apply on their trigger; a HERO_ABILITY for them is refused."""
    t = hero_table("tavernkeeper")
    t.refused("EH-HERO-GEN-5", "HERO_ABILITY", "Astrid", hero="tavernkeeper")


def test_apprentice() -> None:
    """EH-HERO-APPRENTICE-A1, EH-HERO-APPRENTICE-A2, EH-HERO-GEN-7."""
    t = hero_table("apprentice")
    hero = t.state.offers["guild"][1]
    t.ok("HERO_ABILITY", "Astrid", hero="apprentice", card=2)
    assert t.state.cards[hero].owner == "Astrid" and t.state.offers["guild"][1] is None
    t.ok("CARD_REVEAL", location="guild", slot=2, hero="squire")
    t.refused("EH-HERO-APPRENTICE-A1", "HERO_ABILITY", "Astrid", hero="apprentice", card=1)
    t2 = hero_table("apprentice")
    t2.ok("USE_SPECIAL", "Astrid", site="warehouse")
    t2.refused("EH-HERO-GEN-7", "HERO_ABILITY", "Astrid", hero="apprentice", card=1)


def test_bard_reserved_card() -> None:
    """EH-HERO-BARD-A1, EH-HERO-BARD-A2 (AMB-27: slot 4, only the Bard's owner). The 2 cards drawn not named
    are asked for (UX-12: an ask, not a refusal)."""
    t = hero_table("bard")
    assert t.refused("EH-HERO-BARD-A1", "HERO_ABILITY", "Astrid", hero="bard", keep="squire").asks
    t.ok("HERO_ABILITY", "Astrid", hero="bard", keep="squire", discard="priestess")
    st = t.state
    assert st.offers["guild"][3] == "squire" and st.cards["squire"].reserved_for == "Astrid"
    assert st.cards["priestess"].discarded
    t.refused("EH-HERO-BARD-A1", "HERO_ABILITY", "Astrid", hero="bard", keep="mentor", discard="overseer")
    t.ok("PLACE_PARTY", "Astrid", location="guild", space=1, hire={"G": 1})
    t.ok("PLACE_PARTY", "Brandon", location="guild", space=2, hire={"G": 2})
    finish_action_phase(t)
    t.refused("EH-HERO-BARD-A2", "CLAIM", "Brandon", location="guild", space=2, card="squire")
    t.ok("CLAIM", "Brandon", location="guild", space=2, card=1)
    t.ok("CLAIM", "Astrid", location="guild", space=1, card="squire")


def test_fire_sage_and_custodian_reduce_raid_discards() -> None:
    """EH-HERO-FIRESAGE-A, EH-HERO-CUSTODIAN-A, EH-RAID-8 (before the shortfall, never below 0)."""
    t = hero_table("fire sage")
    give(t, "Astrid", "CU", "hero", hero="custodian")
    give(t, "Astrid", "CD", "captive", colour="green", glory=1)
    attach_now(t, "CD", "CU")
    raid = t.state.cards[t.state.raids[0]]
    raid.amount = 2  # 2 Grunts per Hero: Astrid has 2 Heroes → 4
    finish_action_phase(t)
    t.state.raid_discarded = 2
    a = t.p("Astrid")
    g, flame = a.hire["G"], a.flame
    t.ok("RAID_DISCARD", "Astrid", fire_sage=True, custodian=True)
    assert a.hire["G"] == g - 1 and a.flame == flame + 1


def test_outfitter_fire_marshall_squire_at_the_firestation() -> None:
    """EH-HERO-OUTFITTER-A, EH-HERO-FIREMARSHALL-A1, EH-HERO-FIREMARSHALL-A2, EH-HERO-SQUIRE-A, EH-HERO-GEN-6."""
    t = hero_table("outfitter")
    a = t.p("Astrid")
    t.ok("USE_SPECIAL", "Astrid", site="firestation", outfit=2)
    assert (a.hire["G"], a.gear, a.flame) == (12, 4, 1)
    t2 = hero_table("fire marshall")
    a = t2.p("Astrid")
    t2.ok("USE_SPECIAL", "Astrid", site="firestation", crests=2)
    assert (a.hire["G"], a.flame, a.crests) == (18, 1, 3)
    t3 = hero_table("squire", owner="Brandon")
    t3.ok("USE_SPECIAL", "Astrid", site="firestation")
    b = t3.p("Brandon")
    t3.ok("USE_SPECIAL", "Brandon", site="firestation")
    assert (b.hire["G"], b.flame) == (15, 0)


def test_paragon() -> None:
    """EH-HERO-PARAGON-A1, EH-HERO-PARAGON-A2."""
    t = hero_table("paragon")
    t.refused("EH-HERO-PARAGON-A2", "HERO_ABILITY", "Astrid", hero="paragon", gain="SW")
    t.ok("HERO_ABILITY", "Astrid", hero="paragon", gain="SR")
    a = t.p("Astrid")
    assert (a.hire["G"], a.hire["S"], a.hire["R"], a.flame) == (8, 1, 1, 1)
    t.refused("EH-HERO-PARAGON-A1", "HERO_ABILITY", "Astrid", hero="paragon", gain="SS")
    t2 = hero_table("paragon")
    t2.p("Astrid").hire["G"] = 1
    t2.refused("EH-HERO-PARAGON-A1", "HERO_ABILITY", "Astrid", hero="paragon", gain="RR")


def test_peakwalker_gets_a_second_advancement() -> None:
    """EH-HERO-PEAKWALKER-A."""
    t = hero_table("peakwalker")
    t.p("Astrid").hire["W"] = 3
    t.ok("PLACE_PARTY", "Astrid", location="mountain", space=3, hire={"W": 3})
    finish_action_phase(t)
    t.ok("MTN_CLAIM", "Astrid", level="bottom", space=3, card=1)
    t.ok("MTN_CLAIM", "Astrid", level="middle", space=3, card=1)
    t.refused("EH-HERO-PEAKWALKER-A", "MTN_CLAIM", "Astrid", level="top", space=3, card=1, track="speed")
    t.ok("MTN_CLAIM", "Astrid", level="top", space=3, card=1, track="speed", peakwalker="senses")
    assert t.p("Astrid").attrs == {"strength": 1, "senses": 1, "speed": 1}


def after_raid(t: Table) -> None:
    finish_action_phase(t)
    for name in ("Astrid", "Brandon", "Helga"):
        t.ok("RAID_DISCARD", name)
    assert t.state.round == 2


def test_recruiter_and_priestess_after_the_raid() -> None:
    """EH-HERO-RECRUITER-A, EH-HERO-PRIESTESS-A, EH-RAID-9."""
    t = hero_table("recruiter")
    dragons(t, "Astrid", "red", 2)  # 3 red Dragons → 1 Grunt
    t.state.cards[t.state.raids[0]].basis = "scout"
    t.state.cards[t.state.raids[1]].basis = "scout"
    t.refused("EH-HERO-RECRUITER-A", "HERO_ABILITY", "Astrid", hero="recruiter")
    after_raid(t)
    g = t.p("Astrid").hire["G"]
    t.ok("HERO_ABILITY", "Astrid", hero="recruiter")
    assert t.p("Astrid").hire["G"] == g + 1
    t.refused("EH-HERO-RECRUITER-A", "HERO_ABILITY", "Astrid", hero="recruiter")
    t2 = hero_table("priestess")
    dragons(t2, "Astrid", "green", 3)  # 4 green → Flame -2
    t2.state.cards[t2.state.raids[0]].basis = "scout"
    t2.state.cards[t2.state.raids[1]].basis = "scout"
    after_raid(t2)
    t2.p("Astrid").flame = 3
    t2.ok("HERO_ABILITY", "Astrid", hero="priestess")
    assert t2.p("Astrid").flame == 1


def test_tavernkeeper_infiltrator_caretaker_on_placement() -> None:
    """EH-HERO-TAVERNKEEPER-A, EH-HERO-INFILTRATOR-A, EH-HERO-CARETAKER-A (also on the Leader's re-placement)."""
    for hero, location, key, gain in (("tavernkeeper", "tavern", "gear", 1), ("infiltrator", "camp", "G", 1),
                                      ("caretaker", "preserve", "G", 1)):
        t = hero_table(hero)
        a = t.p("Astrid")
        before = a.gear if key == "gear" else a.hire["G"]
        t.ok("PLACE_PARTY", "Astrid", location=location, space=1, hire={"G": 1})
        after = a.gear if key == "gear" else a.hire["G"]
        assert after == before - (1 if key == "G" else 0) + gain, hero
        t.ok("USE_SPECIAL", "Brandon", site="warehouse")
        t.ok("USE_SPECIAL", "Helga", site="warehouse")
        before = a.gear if key == "gear" else a.hire["G"]
        t.ok("TAKE_AIDE", "Astrid", aide="leader", recall={"location": location, "space": 1},
             place={"location": location, "space": 2, "hire": {"G": 2}})
        after = a.gear if key == "gear" else a.hire["G"]
        assert after == before + (1 - 2 if key == "G" else 0) + (1 if key == "G" else gain), hero


def wrangler_ready_to_claim() -> Table:
    """Astrid holds the Wrangler and may claim the Glory-5 Dragon at the Camp (space 2), Brandon beside her."""
    t = hero_table("wrangler")
    st = t.state
    st.cards[st.offers["camp"][0]].glory = 5
    t.ok("PLACE_PARTY", "Astrid", location="camp", space=2, hire={"G": 2})
    t.ok("PLACE_PARTY", "Brandon", location="camp", space=1, hire={"G": 1})
    finish_action_phase(t)
    return t


def test_wrangler_on_glory_5_or_7() -> None:
    """EH-HERO-WRANGLER-A."""
    t = wrangler_ready_to_claim()
    gear, g = t.p("Astrid").gear, t.p("Astrid").hire["G"]
    t.ok("CLAIM", "Astrid", location="camp", space=2, card=1, wrangler="grunt")
    assert t.p("Astrid").hire["G"] == g + 1 and t.p("Astrid").gear == gear


def test_blazebinder_and_dragonspeaker_flame() -> None:
    """EH-HERO-BLAZEBINDER-A, EH-HERO-DRAGONSPEAKER-A."""
    for hero, location, flag in (("blazebinder", "preserve", "blazebinder"),
                                 ("dragonspeaker", "camp", "dragonspeaker")):
        t = hero_table(hero)
        t.p("Astrid").flame = 2
        t.ok("PLACE_PARTY", "Astrid", location=location, space=1, hire={"G": 1})
        finish_action_phase(t)
        t.ok("CLAIM", "Astrid", location=location, space=1, card=1, **{flag: True})
        assert t.p("Astrid").flame == 1, hero


def test_dragon_knight_and_tactician_on_garrison_completion() -> None:
    """EH-HERO-DRAGONKNIGHT-A, EH-HERO-TACTICIAN-A (AMB-20)."""
    t = hero_table("dragon knight", fill=False)
    give(t, "Astrid", "GAR", "garrison", colour="blue", glory=3, reqs=[{"item": "blue", "count": 1}], track="speed")
    t.ok("GARRISON_COMPLETE", "Astrid", card="GAR", track="senses")
    assert t.p("Astrid").attrs["senses"] == 1 and t.p("Astrid").attrs["speed"] == 0
    t2 = hero_table("tactician", fill=False)
    give(t2, "Astrid", "GAR", "garrison", colour="green", glory=4,
         reqs=[{"item": "green", "count": 2}, {"item": "hero", "count": 1}], track="speed")
    t2.refused("EH-GAR-1", "GARRISON_COMPLETE", "Astrid", card="GAR")
    t2.ok("GARRISON_COMPLETE", "Astrid", card="GAR", tactician=1)
    t3 = hero_table("squire", fill=False)
    give(t3, "Astrid", "GAR", "garrison", colour="green", glory=3, reqs=[{"item": "green", "count": 1}],
         track="speed")
    t3.refused("EH-HERO-DRAGONKNIGHT-A", "GARRISON_COMPLETE", "Astrid", card="GAR", track="senses")
    t3.refused("EH-HERO-TACTICIAN-A", "GARRISON_COMPLETE", "Astrid", card="GAR", tactician=1)


def test_master_scout_and_master_ranger_swaps() -> None:
    """EH-HERO-MASTERSCOUT-A, EH-HERO-MASTERRANGER-A (AMB-37: supply only, one direction, up to 2)."""
    t = hero_table("master scout")
    t.refused("EH-HERO-MASTERSCOUT-A", "PLACE_PARTY", "Astrid", location="camp", space=3, hire={"G": 3},
              master_scout=2)
    t.ok("PLACE_PARTY", "Astrid", location="camp", space=4, hire={"G": 4}, master_scout=2)
    assert (t.p("Astrid").hire["G"], t.p("Astrid").hire["S"]) == (4, 2)
    t2 = hero_table("master ranger")
    t2.p("Astrid").hire["R"] = 2
    t2.ok("PLACE_PARTY", "Astrid", location="preserve", space=5, hire={"G": 5}, master_ranger=-2)
    assert (t2.p("Astrid").hire["G"], t2.p("Astrid").hire["R"]) == (7, 0)
    t3 = hero_table("master ranger")
    t3.refused("EH-HERO-MASTERRANGER-A", "PLACE_PARTY", "Astrid", location="preserve", space=5, hire={"G": 5},
               master_ranger=3)


def test_mentor_exchanges_claimed_experts() -> None:
    """EH-HERO-MENTOR-A."""
    t = hero_table("mentor")
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=1, hire={"G": 1})
    finish_action_phase(t)
    s = t.p("Astrid").hire["S"]
    t.refused("EH-HERO-MENTOR-A", "CLAIM", "Astrid", location="tavern", space=1, card=1, mentor=[["R", "W"]])
    t.ok("CLAIM", "Astrid", location="tavern", space=1, card=1, mentor=[["S", "W"]])  # the card gives 2G1S
    assert t.p("Astrid").hire["S"] == s and t.p("Astrid").hire["W"] == 1


def test_merchant_and_overseer_at_the_warehouse() -> None:
    """EH-HERO-MERCHANT-A (AMB-26: any Crest already there), EH-HERO-OVERSEER-A."""
    t = hero_table("merchant")
    give(t, "Astrid", "OV", "hero", hero="overseer")
    give(t, "Astrid", "OVD", "captive", colour="green", glory=1)
    attach_now(t, "OVD", "OV")
    a = t.p("Astrid")
    t.ok("USE_SPECIAL", "Astrid", site="warehouse")
    assert (a.gear, a.hire["G"]) == (4, 11)  # alone: no Merchant bonus; Overseer +1 Grunt
    t.ok("USE_SPECIAL", "Brandon", site="warehouse")
    t.ok("USE_SPECIAL", "Helga", site="warehouse")
    t.ok("USE_SPECIAL", "Astrid", site="warehouse")
    assert (a.gear, a.hire["G"]) == (8, 12)


def test_messenger_may_use_the_discarded_raid_card() -> None:
    """EH-HERO-MESSENGER-A, EH-RAID-2."""
    t = hero_table("messenger")
    st = t.state
    st.cards[st.raids[0]].basis = "scout"
    finish_action_phase(t)
    st.raid_discarded = 1  # the Defender discarded slot 1; slot 2 (per Hero) is in force
    g = t.p("Astrid").hire["G"]
    t.ok("RAID_DISCARD", "Astrid", card=1)
    assert t.p("Astrid").hire["G"] == g
    t.refused("EH-RAID-2", "RAID_DISCARD", "Brandon", card=1)


def test_dragon_trainer() -> None:
    """EH-HERO-DRAGONTRAINER-A1, EH-HERO-DRAGONTRAINER-A2, EH-DRG-8 (AMB-23)."""
    t = hero_table("dragon trainer")
    dragons(t, "Astrid", "blue", 1)
    blue = [c.id for c in t.state.owned("Astrid", "dragon") if c.colour == "blue"][0]
    t.refused("EH-HERO-DRAGONTRAINER-A1", "HERO_ABILITY", "Astrid", hero="dragon trainer", dragon=blue)
    finish_action_phase(t)
    t.refused("EH-HERO-DRAGONTRAINER-A1", "HERO_ABILITY", "Astrid", hero="dragon trainer", dragon="HD")
    t.ok("HERO_ABILITY", "Astrid", hero="dragon trainer", dragon=blue)
    assert t.p("Astrid").attrs["senses"] == 1 and t.state.cards[blue].discarded
    assert len(t.state.owned("Astrid", "dragon")) == 1
    t.refused("EH-HERO-DRAGONTRAINER-A1", "HERO_ABILITY", "Astrid", hero="dragon trainer", dragon="HD")


def test_simultaneous_abilities_go_in_player_order() -> None:
    """EH-HERO-GEN-7 (AMB-33): before the first turn, abilities go in player order from the First player."""
    t = hero_table("paragon", owner="Brandon")
    give(t, "Astrid", "AP", "hero", hero="apprentice")
    give(t, "Astrid", "APD", "captive", colour="red", glory=1)
    attach_now(t, "APD", "AP")
    t.ok("HERO_ABILITY", "Brandon", hero="paragon", gain="SS")
    t.refused("EH-HERO-GEN-7", "HERO_ABILITY", "Astrid", hero="apprentice", card=1)
    t2 = hero_table("paragon", owner="Brandon")
    give(t2, "Astrid", "AP", "hero", hero="apprentice")
    give(t2, "Astrid", "APD", "captive", colour="red", glory=1)
    attach_now(t2, "APD", "AP")
    t2.ok("HERO_ABILITY", "Astrid", hero="apprentice", card=1)
    t2.ok("HERO_ABILITY", "Brandon", hero="paragon", gain="SS")


def test_custodian_any_track_comparison() -> None:
    """EH-HERO-CUSTODIAN-S with custodian_compare=any_track (AMB-24)."""
    t = hero_table("custodian", fill=False, custodian_compare="any_track")
    t.p("Astrid").attrs.update(speed=3)
    t.p("Brandon").attrs.update(strength=2)
    assert points(t, "custodian") == 5
    t.p("Brandon").attrs.update(senses=4)
    assert points(t, "custodian") == 0
