"""The rulebook's worked examples, as the checklist's acceptance scenarios EH-TEST-01..06, with exact outcomes.

Values marked [fill] in the checklist are used as given there. A scenario's starting state is built with
events where the rules allow it, and set directly where the checklist states it (attributes, Flame, Gear).
"""

from __future__ import annotations

import pytest

from scorekeeper.core.protocol import MissingValueError
from scorekeeper.games.emberheart import GAME
from scorekeeper.games.emberheart.scoring import attribute_glory
from scorekeeper.games.emberheart.state import END

from eh_helpers import Table, attach_now, finish_action_phase, give


# -- EH-TEST-01: Astrid's Companion at the Tavern ----------------------------------------------------------


def astrid_table(first: str = "Astrid") -> Table:
    t = Table(first_player=first)
    a = t.p("Astrid")
    a.attrs.update(strength=1, senses=3, speed=4)
    a.flame = 5
    return t


def test_eh_test_01_companion_at_the_tavern() -> None:
    """EH-TEST-01 (EH-ACT-1..6, EH-CMP-1, EH-CMP-5, EH-CMP-7, EH-CMP-8, EH-CMP-9, EH-ATTR-4)."""
    t = astrid_table()
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=3, hire={"G": 2}, companion=True)
    a = t.p("Astrid")
    assert a.hire["G"] == 8 and a.crests == 4 and a.companion_used
    assert a.gear == 4  # Senses step 3 → +2 Gear (EH-CMP-7)
    assert a.flame == 3  # Speed step 4 → step-3 effect, Flame -2 (EH-CMP-8)
    assert sum(attribute_glory(a.attrs[k]) for k in a.attrs) == 7  # 0 + 2 + 5 (EH-ATTR-4)
    row = next(r for r in GAME.score(t.state).rows if r.player == "Astrid")
    assert row.categories["Attributes"] == 7


def test_eh_test_01a_space_4_needs_three_hirelings_with_strength_1() -> None:
    """EH-TEST-01 1a: EH-ACT-4 / EH-CMP-5."""
    t = astrid_table()
    t.refused("EH-CMP-5", "PLACE_PARTY", "Astrid", location="tavern", space=4, hire={"G": 2}, companion=True)


def test_eh_test_01b_two_grunts_on_space_3_without_the_companion() -> None:
    """EH-TEST-01 1b: EH-ACT-4."""
    t = astrid_table()
    f = t.refused("EH-ACT-4", "PLACE_PARTY", "Astrid", location="tavern", space=3, hire={"G": 2})
    assert "with the Companion" in f.message  # what would be legal instead


def test_eh_test_01c_another_party_at_the_tavern_blocks_speed_only() -> None:
    """EH-TEST-01 1c: EH-CMP-8 (another Party present) while EH-CMP-7 still applies."""
    t = astrid_table(first="Helga")
    t.ok("PLACE_PARTY", "Helga", location="tavern", space=1, hire={"G": 1})
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=3, hire={"G": 2}, companion=True)
    assert t.p("Astrid").gear == 4 and t.p("Astrid").flame == 5


def test_eh_test_01d_second_companion_in_a_round() -> None:
    """EH-TEST-01 1d: EH-CMP-1."""
    t = astrid_table()
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=3, hire={"G": 2}, companion=True)
    t.ok("TAKE_AIDE", "Brandon", aide="healer")
    t.ok("TAKE_AIDE", "Helga", aide="survivalist")
    t.refused("EH-CMP-1", "PLACE_PARTY", "Astrid", location="camp", space=2, hire={"G": 1}, companion=True)


def test_eh_test_01e_companion_never_goes_to_a_special_location() -> None:
    """EH-TEST-01 1e: EH-CMP-2."""
    t = astrid_table()
    t.refused("EH-CMP-2", "USE_SPECIAL", "Astrid", site="warehouse", companion=True)


# -- EH-TEST-02: claiming at the Poachers' Camp --------------------------------------------------------------


def camp_table() -> Table:
    t = Table()
    t.ok("CARD_REVEAL", location="camp", slot=1, colour="green", glory=2, name="CD-G")
    t.ok("CARD_REVEAL", location="camp", slot=2, colour="red", glory=3, name="CD-R")
    t.ok("CARD_REVEAL", location="camp", slot=3, colour="blue", glory=2, name="CD-B")
    t.ok("RAID_REVEAL", slot=1, item="G", basis="hero")
    t.ok("RAID_REVEAL", slot=2, item="G", basis="preserve")
    t.p("Astrid").hire.update(G=10, S=5)
    t.ok("PLACE_PARTY", "Astrid", location="camp", space=5, hire={"G": 3, "S": 2})
    t.ok("PLACE_PARTY", "Brandon", location="camp", space=1, hire={"G": 1})
    t.ok("PLACE_PARTY", "Helga", location="camp", space=4, hire={"G": 4})
    t.ok("PLACE_PARTY", "Astrid", location="camp", space=3, hire={"S": 3})
    finish_action_phase(t)
    assert t.state.phase == "reward" and t.state.location == "camp"
    for p in t.state.players:
        p.gear = 0
    return t


def test_eh_test_02_claims_at_the_poachers_camp() -> None:
    """EH-TEST-02 (EH-REW-2, EH-REW-3, EH-REW-5, EH-REW-6, EH-REW-7, EH-REW-10)."""
    t = camp_table()
    grunts_before = {n: t.p(n).hire["G"] for n in ("Astrid", "Brandon", "Helga")}
    t.ok("CLAIM", "Astrid", location="camp", space=5, card="CD-G")
    t.ok("CLAIM", "Helga", location="camp", space=4, card="CD-R")
    t.ok("CLAIM", "Astrid", location="camp", space=3, card="CD-B")
    t.ok("RECALL", "Brandon", location="camp", space=1)
    st = t.state
    assert [c.id for c in st.owned("Astrid", "dragon")] == ["CD-G", "CD-B"]
    assert [c.id for c in st.owned("Helga", "dragon")] == ["CD-R"]
    assert st.owned("Brandon", "dragon") == []
    assert t.p("Brandon").gear == 2 and t.p("Brandon").hire["G"] == grunts_before["Brandon"] + 1
    assert t.p("Astrid").hire["G"] == grunts_before["Astrid"]  # her 3 Grunts were discarded
    assert t.p("Helga").hire["G"] == grunts_before["Helga"]  # her 4 Grunts were discarded
    assert t.p("Astrid").hire["S"] == 5  # Experts return
    assert all(p.crests == 5 - st.specials["warehouse"].count(p.name) for p in st.players)  # Crests home
    assert st.parties == [] and st.offers["camp"] == [None, None, None]  # EH-REW-7: not refilled
    t.refused("EH-REW-7", "CARD_REVEAL", location="camp", slot=1, colour="red", glory=1)


def test_eh_test_02a_card_no_longer_on_offer() -> None:
    """EH-TEST-02 2a: EH-REW-3."""
    t = camp_table()
    t.ok("CLAIM", "Astrid", location="camp", space=5, card="CD-G")
    t.refused("EH-REW-3", "CLAIM", "Helga", location="camp", space=4, card="CD-G")


def test_eh_test_02b_claim_out_of_order() -> None:
    """EH-TEST-02 2b: EH-REW-2."""
    t = camp_table()
    t.ok("CLAIM", "Astrid", location="camp", space=5, card="CD-G")
    t.refused("EH-REW-2", "CLAIM", "Astrid", location="camp", space=3, card="CD-B")


def test_eh_test_02c_nothing_left_only_recall() -> None:
    """EH-TEST-02 2c: EH-REW-3."""
    t = camp_table()
    t.ok("CLAIM", "Astrid", location="camp", space=5, card="CD-G")
    t.ok("CLAIM", "Helga", location="camp", space=4, card="CD-R")
    t.ok("CLAIM", "Astrid", location="camp", space=3, card="CD-B")
    f = t.refused("EH-REW-3", "CLAIM", "Brandon", location="camp", space=1, card=1)
    assert "recall" in f.message


# -- EH-TEST-03: exotic Dragons --------------------------------------------------------------------------


def exotic_table(raid_basis: str = "scout", two_blue: bool = False) -> Table:
    t = Table()
    give(t, "Astrid", "QM", "hero", hero="quartermaster")
    give(t, "Astrid", "D-B1", "captive", colour="blue", glory=3)
    attach_now(t, "D-B1", "QM")
    give(t, "Astrid", "P-G", "preserve", colour="green")
    give(t, "Astrid", "X1", "captive", colour="exotic", glory=2)
    attach_now(t, "X1", "P-G")
    give(t, "Astrid", "X2", "captive", colour="exotic", glory=2)
    if two_blue:
        give(t, "Astrid", "D-B2", "captive", colour="blue", glory=2)
    give(t, "Astrid", "P-R", "preserve", colour="red")
    t.ok("RAID_REVEAL", slot=1, item="G", basis=raid_basis)
    t.ok("RAID_REVEAL", slot=2, item="G", basis="hero")
    finish_action_phase(t)  # nobody placed a Party: Reward is empty, Raid follows
    assert t.state.phase == "raid"
    t.state.raid_discarded = 2  # the Defender discarded slot 2
    t.p("Astrid").gear = 0
    return t


def raid_all(t: Table, **astrid: object) -> None:
    t.ok("RAID_DISCARD", "Astrid", **astrid)
    t.ok("RAID_DISCARD", "Brandon")
    t.ok("RAID_DISCARD", "Helga")


def test_eh_test_03_exotic_counts_as_blue_for_the_quartermaster() -> None:
    """EH-TEST-03 (EH-DRG-6, EH-DRG-7, EH-HERO-GEN-1, EH-HERO-QUARTERMASTER-A): blue = D-B1 + X2 → +1 Gear."""
    t = exotic_table()
    raid_all(t)
    assert t.p("Astrid").gear == 1


def test_eh_test_03_attached_exotic_cannot_be_declared_another_colour() -> None:
    """EH-TEST-03: X1 counts only as green; declaring it blue → EH-DRG-7."""
    t = exotic_table()
    t.refused("EH-DRG-7", "RAID_DISCARD", "Astrid", exotic={"X1": "blue"})


def test_eh_test_03a_two_blue_dragons() -> None:
    """EH-TEST-03 3a: with two blue Dragons the requirement is met whatever X2 is."""
    t = exotic_table(two_blue=True)
    raid_all(t, exotic={"X2": "red"})
    assert t.p("Astrid").gear == 1


def test_eh_test_03b_per_evaluation_choice() -> None:
    """EH-TEST-03 3b (AMB-12): X2 declared red for a green Raid, still blue for the Quartermaster."""
    t = exotic_table(raid_basis="green")
    grunts = t.p("Astrid").hire["G"]
    raid_all(t, exotic={"X2": "red"})
    assert t.p("Astrid").hire["G"] == grunts - 1  # green count 1 (X1)
    assert t.p("Astrid").gear == 1


def test_eh_test_03c_attached_exotic_takes_the_preserve_colour() -> None:
    """EH-TEST-03 3c (EH-DRG-5, EH-DRG-7): X2 → red Preserve is red for good; red track +2; no more blue pair."""
    t = exotic_table()
    t.ok("ATTACH_DRAGON", "Astrid", dragon="X2", target="P-R")
    assert t.state.cards["X2"].colour == "red"
    assert t.p("Astrid").attrs["strength"] == 3  # 1 (setup) + 2; red → Strength by the default map
    raid_all(t)
    assert t.p("Astrid").gear == 0


def test_eh_test_03d_hero_already_holds_a_dragon() -> None:
    """EH-TEST-03 3d: EH-DRG-2."""
    t = exotic_table()
    t.refused("EH-DRG-2", "ATTACH_DRAGON", "Astrid", dragon="X2", target="QM")


def test_eh_test_03e_attachment_is_permanent() -> None:
    """EH-TEST-03 3e: EH-DRG-3."""
    t = exotic_table()
    t.refused("EH-DRG-3", "ATTACH_DRAGON", "Astrid", dragon="X1", target="P-R")


# -- EH-TEST-04: Mountain Example 1 ----------------------------------------------------------------------


def mountain_table(survivalist: str, cards: dict[str, list[dict]], parties: list[tuple], supply: dict) -> Table:
    t = Table(start_tracks=["strength", "senses", "strength"])
    for level, faces in cards.items():
        for i, face in enumerate(faces):
            t.ok("CARD_REVEAL", location="mountain", level=level, slot=i + 1, **face)
    t.ok("RAID_REVEAL", slot=1, item="G", basis="hero")
    t.ok("RAID_REVEAL", slot=2, item="G", basis="preserve")
    for name, hire in supply.items():
        t.p(name).hire.update(hire)
    for name, space, hire, companion in parties:
        assert t.state.active() == name
        t.ok("PLACE_PARTY", name, location="mountain", space=space, hire=hire, companion=companion,
             strength=False)
    order = ["leader", "defender", "survivalist", "healer"]
    order.remove("survivalist")
    while t.state.phase == "action":
        who = t.state.active()
        if who == survivalist and t.state.aides["survivalist"] is None:
            t.ok("TAKE_AIDE", who, aide="survivalist")
        elif order:
            aide = order.pop(0)
            t.ok("TAKE_AIDE", who, aide=aide, **({"raid": 1} if aide == "defender" else {}))
        elif t.state.aides["survivalist"] is None:
            t.ok("USE_SPECIAL", who, site="warehouse")
        else:
            t.ok("USE_SPECIAL", who, site="warehouse")
    assert t.state.phase == "reward" and t.state.location == "mountain"
    assert t.state.aides["survivalist"] == survivalist
    for p in t.state.players:
        p.gear, p.flame = 0, 4
    return t


def example1() -> Table:
    return mountain_table(
        "Astrid",
        {"bottom": [dict(colour="green", glory=3, wardens=1, name="MB-G"),
                    dict(colour="red", glory=3, flame=2, name="MB-R"),
                    dict(colour="blue", glory=2, flame=1, name="MB-3")],
         "middle": [dict(colour="blue", glory=5, wardens=1, flame=1, name="MM-B"),
                    dict(colour="green", glory=4, name="MM-2")],
         "top": [dict(colour="red", glory=8, flame=1, name="MT")]},
        [("Astrid", 5, {"G": 2, "W": 3}, False), ("Brandon", 3, {"W": 3}, True),
         ("Helga", 2, {"W": 1, "G": 1}, False), ("Astrid", 1, {"G": 1}, False)],
        {"Astrid": {"W": 3}, "Brandon": {"W": 3}, "Helga": {"W": 1}},
    )


def test_eh_test_04_mountain_example_1() -> None:
    """EH-TEST-04 (EH-MTN-2..15, EH-MTN-17, EH-MTN-19, EH-MTN-20, EH-AIDE-9, EH-CMP-4)."""
    t = example1()
    st = t.state
    a_g = t.p("Astrid").hire["G"]
    h_g = t.p("Helga").hire["G"]
    t.ok("MTN_CLAIM", "Astrid", level="bottom", space=5, card="MB-G")
    assert st.party("mountain", 5).hire == {"G": 2, "S": 0, "R": 0, "W": 2}
    t.ok("MTN_CLAIM", "Brandon", level="bottom", space=3, card="MB-R")
    assert t.p("Brandon").flame == 6
    t.ok("MTN_CLAIM", "Helga", level="bottom", space=2, card="MB-3")
    assert t.p("Helga").flame == 5
    t.ok("RECALL", "Astrid", location="mountain", space=1)
    st = t.state
    assert t.p("Astrid").gear == 2 and t.p("Astrid").hire["G"] == a_g + 1
    # step 5 (engine): Grunts discarded, Brandon's Companion back, Warden spaces 3W / 2W / 1W, no tie
    assert st.mountain.stage == "middle" and st.mountain.order == [3, 5, 2]
    assert st.party("mountain", 3).companion is False
    assert t.p("Helga").hire["G"] == h_g
    t.ok("MTN_CLAIM", "Brandon", level="middle", space=3, card="MM-B")
    assert st.party("mountain", 3).hire["W"] == 1 and t.p("Brandon").flame == 7
    t.ok("MTN_CLAIM", "Astrid", level="middle", space=5, card="MM-2")
    assert st.party("mountain", 5).hire["W"] == 1
    t.refused("EH-REW-3", "MTN_CLAIM", "Helga", level="middle", space=2, card=1)  # 4c
    t.ok("MTN_RETRIEVE", "Helga", location="mountain", space=2)
    assert t.p("Helga").gear == 0 and t.p("Helga").hire["W"] == 1  # EH-MTN-17: no Gear
    assert st.mountain.stage == "order-top"
    t.refused("EH-MTN-20", "MTN_ORDER", "Brandon", order=[5, 3])  # 4a
    t.ok("MTN_ORDER", "Astrid", order=[5, 3])
    t.refused("EH-MTN-19", "MTN_CLAIM", "Brandon", level="top", space=3, card="MT", track="speed")  # 4b
    t.ok("MTN_CLAIM", "Astrid", level="top", space=5, card="MT", track="speed")
    t.ok("MTN_RETRIEVE", "Brandon", location="mountain", space=3)
    a, b, h = t.p("Astrid"), t.p("Brandon"), t.p("Helga")
    assert [c.id for c in t.state.owned("Astrid", "dragon")] == ["MB-G", "MM-2", "MT"]
    assert [c.id for c in t.state.owned("Brandon", "dragon")] == ["MB-R", "MM-B"]
    assert [c.id for c in t.state.owned("Helga", "dragon")] == ["MB-3"]
    assert a.hire["W"] == 0 and b.hire["W"] == 1 and h.hire["W"] == 1  # Wardens lost 3 / 2 / 0
    assert a.hire["G"] == a_g + 1 and h.hire["G"] == h_g  # 2 Grunts (A1) lost, the A2 Grunt kept; Helga lost 1
    assert (a.gear, b.gear, h.gear) == (2, 0, 0)
    assert (a.flame, b.flame, h.flame) == (6, 7, 5)
    assert a.attrs["speed"] == 1
    assert a.crests == 5 - t.state.specials["warehouse"].count("Astrid")  # both Mountain Crests back
    assert t.state.offers["mountain-bottom"] == [None] * 3 and t.state.offers["mountain-middle"] == [None] * 2
    assert t.state.offers["mountain-top"] == [None]
    assert t.state.phase == "raid"  # nothing else to resolve


# -- EH-TEST-05: Mountain Example 2 ----------------------------------------------------------------------


def example2() -> Table:
    return mountain_table(
        "Brandon",
        {"bottom": [dict(colour="blue", glory=3, flame=2, name="MB-B"),
                    dict(colour="green", glory=3, wardens=1, name="MB-G"),
                    dict(colour="red", glory=2, name="MB-R")],
         "middle": [dict(colour="red", glory=4, flame=1, wardens=1, name="MM-R"),
                    dict(colour="blue", glory=5, name="MM-2")],
         "top": [dict(colour="green", glory=8, flame=1, name="MT")]},
        [("Astrid", 2, {"W": 2}, False), ("Brandon", 3, {"G": 3}, False), ("Helga", 4, {"G": 3, "W": 1}, False)],
        {"Astrid": {"W": 2}, "Helga": {"W": 1}},
    )


def test_eh_test_05_mountain_example_2() -> None:
    """EH-TEST-05 (EH-MTN-3, EH-MTN-4, EH-MTN-6, EH-MTN-8, EH-MTN-11, EH-MTN-16, EH-MTN-18, EH-MTN-20, EH-AIDE-9)."""
    t = example2()
    g = {n: t.p(n).hire["G"] for n in ("Astrid", "Brandon", "Helga")}
    t.ok("MTN_CLAIM", "Helga", level="bottom", space=4, card="MB-B")
    assert t.p("Helga").flame == 6
    t.refused("EH-MTN-4", "MTN_CLAIM", "Brandon", level="bottom", space=3, card="MB-G")
    t.ok("MTN_CLAIM", "Brandon", level="bottom", space=3, card="MB-R")
    t.ok("MTN_CLAIM", "Astrid", level="bottom", space=2, card="MB-G")
    st = t.state
    assert st.party("mountain", 3) is None and t.p("Brandon").gear == 0  # retrieved, no Gear
    assert st.mountain.stage == "order-warden"
    t.refused("EH-MTN-20", "MTN_ORDER", "Helga", order=[4, 2])  # 5a
    t.ok("MTN_ORDER", "Brandon", order=[4, 2])
    assert st.mountain.order == [4, 2]
    t.ok("MTN_RETRIEVE", "Helga", location="mountain", space=4)
    t.refused("EH-REW-2", "MTN_CLAIM", "Helga", level="middle", space=4, card="MM-2")  # 5b
    t.ok("MTN_CLAIM", "Astrid", level="middle", space=2, card="MM-R")
    a, b, h = t.p("Astrid"), t.p("Brandon"), t.p("Helga")
    assert [c.id for c in t.state.owned("Helga", "dragon")] == ["MB-B"]
    assert [c.id for c in t.state.owned("Brandon", "dragon")] == ["MB-R"]
    assert [c.id for c in t.state.owned("Astrid", "dragon")] == ["MB-G", "MM-R"]
    assert (a.hire["W"], b.hire["W"], h.hire["W"]) == (0, 0, 1)
    assert (10 - h.hire["G"], 10 - b.hire["G"], 10 - a.hire["G"]) == (3, 3, 0)  # Grunts lost (all started with 10)
    assert g == {"Astrid": 10, "Brandon": 7, "Helga": 7}  # what was left in supply after placing
    assert (a.gear, b.gear, h.gear) == (0, 0, 0)
    assert (a.flame, b.flame, h.flame) == (6, 4, 6)
    assert t.state.offers["mountain-middle"] == [None, "MM-2"] and t.state.offers["mountain-top"] == ["MT"]
    assert t.state.phase == "raid"


# -- EH-TEST-06: Flame glory -----------------------------------------------------------------------------


def flame_table(flames: dict[str, int], **settings: object) -> Table:
    t = Table(**settings)
    t.state.phase = END
    for name, flame in flames.items():
        t.p(name).flame = flame
        t.p(name).end_gear = t.p(name).gear
    return t


def flame_points(t: Table) -> dict[str, int]:
    return {r.player: r.categories["Flame"] for r in GAME.score(t.state).rows}


def test_eh_test_06_flame_glory() -> None:
    """EH-TEST-06 (EH-END-9, AMB-01): 3 steps → +3, 6 steps → +8, rightmost +0."""
    t = flame_table({"Astrid": 9, "Helga": 6, "Brandon": 3})
    assert flame_points(t) == {"Astrid": 0, "Brandon": 8, "Helga": 3}
    assert GAME.score(t.state).final


def test_eh_test_06a_gear_conversion_then_flame_glory() -> None:
    """EH-TEST-06 6a (EH-END-7, EH-END-8)."""
    t = flame_table({"Astrid": 9, "Helga": 7, "Brandon": 3})
    t.p("Helga").gear = 4
    t.ok("END_GEAR_CONVERT", "Helga", gear=3)
    assert t.p("Helga").flame == 6 and t.p("Helga").gear == 1
    assert flame_points(t) == {"Astrid": 0, "Brandon": 8, "Helga": 3}


def test_eh_test_06b_conversion_in_multiples_of_three() -> None:
    """EH-TEST-06 6b: EH-END-7."""
    t = flame_table({"Astrid": 9, "Helga": 7, "Brandon": 3})
    t.p("Helga").gear = 4
    t.refused("EH-END-7", "END_GEAR_CONVERT", "Helga", gear=2)


def test_eh_test_06c_conversion_only_at_the_end() -> None:
    """EH-TEST-06 6c: EH-END-7 during an Action phase."""
    t = Table()
    t.p("Astrid").gear, t.p("Astrid").flame = 6, 4
    t.refused("EH-END-7", "END_GEAR_CONVERT", "Astrid", gear=3)


def test_eh_test_06d_tied_rightmost_markers() -> None:
    """EH-TEST-06 6d."""
    t = flame_table({"Astrid": 9, "Helga": 9, "Brandon": 3})
    assert flame_points(t) == {"Astrid": 0, "Brandon": 8, "Helga": 0}


def test_eh_test_06e_unknown_flame_difference_asks_for_the_board_value() -> None:
    """EH-TEST-06 6e: the issue forbids inventing d=4 (the checklist's +5 WARN is a conflict, see docs)."""
    t = flame_table({"Astrid": 9, "Helga": 5, "Brandon": 3})
    with pytest.raises(MissingValueError) as exc:
        GAME.score(t.state)
    assert "4" in str(exc.value) and "scorekeeper set flame_glory 4=N" in str(exc.value)
    t.state = GAME.change_setting(t.state, "flame_glory", {"4": 5})
    assert flame_points(t) == {"Astrid": 0, "Brandon": 8, "Helga": 5}


def test_mountain_order_may_list_every_party_but_not_reorder_untied_ones() -> None:
    """EH-MTN-8, EH-MTN-20: the Survivalist may list the whole order; untied Parties keep their places."""
    t = mountain_table(
        "Helga",
        {"bottom": [dict(colour="green", glory=3), dict(colour="red", glory=3), dict(colour="blue", glory=2)],
         "middle": [dict(colour="blue", glory=5), dict(colour="green", glory=4)],
         "top": [dict(colour="red", glory=8, flame=1)]},
        [("Astrid", 4, {"G": 2, "W": 2}, False), ("Brandon", 3, {"G": 1, "W": 2}, False),
         ("Helga", 2, {"G": 1, "W": 1}, False)],
        {"Astrid": {"W": 2}, "Brandon": {"W": 2}, "Helga": {"W": 1}},
    )
    for name, space in (("Astrid", 4), ("Brandon", 3), ("Helga", 2)):
        t.ok("MTN_CLAIM", name, level="bottom", space=space, card=1 if space == 4 else 2 if space == 3 else 3)
    assert t.state.mountain.stage == "order-warden" and t.state.mountain.tied == [[4, 3]]
    t.refused("EH-MTN-8", "MTN_ORDER", "Helga", order=[2, 3, 4])
    t.ok("MTN_ORDER", "Helga", order=[3, 4, 2])
    assert t.state.mountain.order == [3, 4, 2]


def test_status_shows_the_mountain_order_and_who_decides() -> None:
    """EH-AIDE-9 at the table: status names the Survivalist and the tied Parties."""
    t = example2()
    t.ok("MTN_CLAIM", "Helga", level="bottom", space=4, card="MB-B")
    t.ok("MTN_CLAIM", "Brandon", level="bottom", space=3, card="MB-R")
    t.ok("MTN_CLAIM", "Astrid", level="bottom", space=2, card="MB-G")
    status = GAME.status(t.state)
    assert status.expected.endswith("Brandon (Survivalist) orders the tied Parties (eh order …)")
    mountain = next(s for s in status.sections if s.title.startswith("Mountain"))
    assert [(r["player"], r["wardens"], r["tied"]) for r in mountain.rows] == [("Helga", 1, "yes"), ("Astrid", 1, "yes")]
