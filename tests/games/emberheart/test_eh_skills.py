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
