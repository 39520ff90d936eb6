"""Side B player skills (EH-SKILL-*) and the Skill 2 Flame response (EH-FLAME-3)."""

from __future__ import annotations

from scorekeeper.games.emberheart import GAME

from eh_helpers import Table, give


def side_b(skills: list[int]) -> Table:
    t = Table(players=("Astrid", "Brandon"), side="B", skills=skills)
    t.fill_offers()
    return t


def test_skill_belongs_to_its_board_and_side_b() -> None:
    """EH-SKILL-GEN-1."""
    t = side_b([2, 3])
    t.refused("EH-SKILL-GEN-1", "ATTR_EXTRA_STEP", "Astrid")
    a = Table()
    a.refused("EH-SKILL-GEN-1", "FLAME_RESPONSE", "Astrid", option="grunts")


def test_skill_1_gear_on_dragon_attach() -> None:
    """EH-SKILL-1A, EH-SKILL-1B (AMB-15: a colour match, the Gear leaves the supply), EH-SKILL-1C."""
    t = side_b([1, 2])
    give(t, "Astrid", "D", "captive", colour="red", glory=2)
    give(t, "Astrid", "P", "preserve", colour="blue")
    t.refused("EH-DRG-1", "ATTACH_DRAGON", "Astrid", dragon="D", target="P")
    gear = t.p("Astrid").gear
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D", target="P", skill1=True)
    a = t.p("Astrid")
    assert a.gear == gear - 1 and t.state.cards["D"].gear_on and t.state.cards["D"].colour == "red"
    assert a.attrs["senses"] == 2  # the blue Preserve's track (blue → Senses by the default map)
    row = next(r for r in GAME.score(t.state).rows if r.player == "Astrid")
    assert row.categories["Dragons"] == 3  # 2 Glory + 1 for the Gear
    t.state.round, t.state.phase = 5, "raid"
    give(t, "Astrid", "D2", "captive", colour="green", glory=1)
    give(t, "Astrid", "P2", "preserve", colour="red")
    t.refused("EH-SKILL-1A", "ATTACH_DRAGON", "Astrid", dragon="D2", target="P2", skill1=True)


def test_skill_2_flame_responses() -> None:
    """EH-SKILL-2A (grunts / cancel with Experts), EH-SKILL-2B, EH-FLAME-3."""
    t = side_b([2, 1])
    t.refused("EH-FLAME-3", "FLAME_RESPONSE", "Astrid", option="grunts")
    t.ok("USE_SPECIAL", "Astrid", site="firestation")
    a = t.p("Astrid")
    assert a.flame == 1 and a.pending_flame == 1
    t.refused("EH-SKILL-2B", "FLAME_RESPONSE", "Astrid", option="experts")
    t.ok("FLAME_RESPONSE", "Astrid", option="grunts")
    assert a.hire["G"] == 15 and a.flame == 1
    t.ok("USE_SPECIAL", "Brandon", site="warehouse")
    a.hire["S"] = 1
    t.ok("USE_SPECIAL", "Astrid", site="firestation")
    t.ok("FLAME_RESPONSE", "Astrid", option="experts")
    assert a.flame == 1 and a.hire["S"] == 0


def test_skill_3_extra_step() -> None:
    """EH-SKILL-3A, EH-SKILL-3B (once per advancement, costs 1 Gear, not at setup)."""
    t = side_b([3, 4])
    t.refused("EH-SKILL-3B", "ATTR_EXTRA_STEP", "Astrid")  # the setup step does not qualify (AMB-17)
    give(t, "Astrid", "D", "captive", colour="green", glory=2)
    give(t, "Astrid", "P", "preserve", colour="green")
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D", target="P")
    gear = t.p("Astrid").gear
    t.ok("ATTR_EXTRA_STEP", "Astrid")
    assert t.p("Astrid").attrs["speed"] == 3 and t.p("Astrid").gear == gear - 1
    t.refused("EH-SKILL-3B", "ATTR_EXTRA_STEP", "Astrid")


def test_skill_4_attach_bonus() -> None:
    """EH-SKILL-4A, EH-SKILL-4B."""
    t = side_b([4, 3])
    give(t, "Astrid", "D", "captive", colour="green", glory=2)
    give(t, "Astrid", "H", "hero", hero="squire")
    give(t, "Astrid", "D2", "captive", colour="red", glory=2)
    give(t, "Astrid", "P", "preserve", colour="red")
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D", target="H", skill4="W")
    assert (t.p("Astrid").hire["G"], t.p("Astrid").hire["W"]) == (9, 1)
    t.p("Astrid").hire["G"] = 0
    t.refused("EH-SKILL-4B", "ATTACH_DRAGON", "Astrid", dragon="D2", target="P", skill4="S")
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D2", target="P", skill4="G")
    assert t.p("Astrid").hire["G"] == 1


def test_skill_2_answers_the_whole_increase_of_one_event() -> None:
    """EH-SKILL-2A (AMB-16): a Mountain middle claim's card Flame and board Flame are one increase."""
    t = side_b([2, 1])
    a = t.p("Astrid")
    a.hire["W"] = 1
    st = t.state
    st.cards[st.offers["mountain-middle"][0]].wardens = 1  # Flame +1 on the card, 1 Warden: the last one
    t.ok("PLACE_PARTY", "Astrid", location="mountain", space=2, hire={"W": 1, "G": 1})
    from eh_helpers import finish_action_phase

    finish_action_phase(t)
    if st.location == "tavern":
        t.ok("NP_DISCARD")
    t.ok("MTN_CLAIM", "Astrid", level="bottom", space=2, card=1)
    t.ok("NP_DISCARD")  # the non-player Crest on Mountain space 1
    flame = a.flame
    t.ok("MTN_CLAIM", "Astrid", level="middle", space=2, card=1)
    assert a.flame == flame + 2 and a.pending_flame == 2  # card +1, no Warden left for the board: +1
    a.hire["S"], a.hire["R"] = 1, 1
    t.ok("FLAME_RESPONSE", "Astrid", option="experts", discard={"S": 1, "R": 1})
    assert a.flame == flame


def test_skill_3_at_setup_setting() -> None:
    """EH-SKILL-3B with skill3_at_setup=yes (AMB-17): the setup step may take the extra step."""
    t = Table(players=("Astrid", "Brandon"), side="B", skills=[3, 1], skill3_at_setup=True)
    t.ok("ATTR_EXTRA_STEP", "Astrid")
    assert t.p("Astrid").attrs["strength"] == 2 and t.p("Astrid").gear == 1


def test_gear_swaps_at_any_time_setting() -> None:
    """EH-GEAR-1 with gear_swap_window=anytime (AMB-29)."""
    t = Table(gear_swap_window="anytime")
    t.ok("GEAR_SWAP", "Brandon", **{"from": "G", "to": "R"})
    assert t.p("Brandon").hire["R"] == 1
