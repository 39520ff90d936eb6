"""Setup, turn flow, Parties, the Companion, Gear, Special Locations, Aides and the end of the Action phase."""

from __future__ import annotations

import pytest

from scorekeeper.core.protocol import GameSetupError
from scorekeeper.games.emberheart import GAME

from eh_helpers import Table, config, finish_action_phase


# -- setup (EH-SETUP) --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [("Solo",), ("A", "B", "C", "D", "E")])
def test_setup_player_count(players: tuple[str, ...]) -> None:
    """EH-SETUP-1: 2–4 players; a one-player game is refused with the reason."""
    with pytest.raises(GameSetupError, match="2 to 4 players"):
        GAME.setup(config(players))


def test_setup_colours_must_differ() -> None:
    """EH-SETUP-1: each player in a distinct colour."""
    with pytest.raises(GameSetupError, match="different colour"):
        GAME.setup(config(("A", "B"), colours=["red", "red"]))


def test_setup_side_b_needs_distinct_skills_and_side_a_none() -> None:
    """EH-SETUP-2, EH-SETUP-3."""
    with pytest.raises(GameSetupError, match="side B"):
        GAME.setup(config(("A", "B"), side="B"))
    with pytest.raises(GameSetupError, match="all different"):
        GAME.setup(config(("A", "B"), side="B", skills=[2, 2]))
    with pytest.raises(GameSetupError, match="only on side B"):
        GAME.setup(config(("A", "B"), skills=[1, 2]))
    st = GAME.setup(config(("A", "B"), side="B", skills=[3, 1]))
    assert [p.skill for p in st.players] == [3, 1]


def test_setup_defaults_first_game() -> None:
    """EH-SETUP-4, EH-SETUP-5 (Strength default), EH-SETUP-6, EH-SETUP-11, EH-SETUP-12 (first listed)."""
    st = GAME.setup(config())
    for p in st.players:
        assert (p.crests, p.hire, p.gear, p.flame, p.cards, p.aides) == (
            5, {"G": 10, "S": 0, "R": 0, "W": 0}, 2, 0, [], [])
        assert p.attrs == {"strength": 1, "senses": 0, "speed": 0}
    assert st.first == "Astrid" and st.round == 1 and st.phase == "action"
    assert all(holder is None for holder in st.aides.values())


def test_setup_start_tracks_and_first_player() -> None:
    """EH-SETUP-5, EH-SETUP-6 (one step per player), EH-SETUP-12."""
    st = GAME.setup(config(start_tracks=["senses", "speed", "str"], first_player="hel"))
    assert [p.attrs for p in st.players] == [
        {"strength": 0, "senses": 1, "speed": 0}, {"strength": 0, "senses": 0, "speed": 1},
        {"strength": 1, "senses": 0, "speed": 0}]
    assert st.first == "Helga" and st.active() == "Helga"
    with pytest.raises(GameSetupError, match="start_tracks"):
        GAME.setup(config(start_tracks=["senses", "speed"]))
    with pytest.raises(GameSetupError, match="first_player"):
        GAME.setup(config(first_player="Zed"))


def test_initial_offers_and_reveal_errors() -> None:
    """EH-SETUP-7, EH-SETUP-8, EH-SETUP-10, EH-RESET-11, EH-SETUP-13, EH-DRG-10, EH-HERO-GEN-8."""
    t = Table()
    t.fill_offers()
    st = t.state
    assert all(st.offers[k] for k in ("guild", "tavern", "camp", "preserve"))
    assert [len(st.offers[f"mountain-{lvl}"]) for lvl in ("bottom", "middle", "top")] == [3, 2, 1]
    assert all(st.garrison.values()) and all(st.raids)
    assert st.cards["bard"].colour == "red" and st.cards["apprentice"].kind == "hero"
    t.refused("EH-RESET-11", "CARD_REVEAL", location="camp", slot=1, colour="red", glory=2)
    t.refused("EH-RESET-11", "RAID_REVEAL", slot=1, item="G", basis="hero")
    t.refused("EH-DRG-10", "CARD_REVEAL", location="mountain", level="top", slot=1, colour="exotic", glory=3)
    t.refused("EH-HERO-GEN-8", "CARD_REVEAL", location="guild", slot=1, hero="Gandalf")


def test_garrison_reveal_order_and_colour() -> None:
    """EH-SETUP-8, EH-SETUP-9, EH-GAR-7."""
    t = Table()
    t.refused("EH-SETUP-9", "CARD_REVEAL", location="garrison", slot="red", colour="blue", glory=3, reqs="1blue",
              track="speed")
    t.refused("EH-SETUP-9", "CARD_REVEAL", location="garrison", slot="red", colour="red", glory=4, reqs="1red",
              track="speed")
    t.ok("CARD_REVEAL", location="garrison", slot="red", colour="red", glory=3, reqs="1red", track="speed")
    assert t.state.garrison["red"] == "red3"
    t.refused("EH-RESET-11", "CARD_REVEAL", location="garrison", slot="red", colour="red", glory=4, reqs="2red",
              track="speed")
    warn = t.play("CARD_REVEAL", location="garrison", slot="blue", colour="blue", glory=3, reqs="2hero",
                  track="senses")
    assert [f.rule for f in warn] == ["EH-GAR-1"]  # a Garrison normally requires Dragons of its colour


def test_deck_sizes_are_enforced() -> None:
    """EH-SETUP-13: at most 10 Raid cards are ever revealed."""
    t = Table()
    t.state.counters["deck:raid"] = 10
    t.refused("EH-SETUP-13", "RAID_REVEAL", slot=1, item="G", basis="hero")
    t.state.counters["deck:camp"] = 15
    t.refused("EH-SETUP-13", "CARD_REVEAL", location="camp", slot=1, colour="red", glory=2)


def test_supply_warning_above_component_counts() -> None:
    """EH-SETUP-14 (AMB-31): unlimited supply, with a warning above the box's 50 Grunts."""
    t = Table()
    t.fill_offers()
    for p in t.state.players:
        p.hire["G"] = 16
    findings = t.ok("USE_SPECIAL", "Astrid", site="firestation")
    assert [f.rule for f in findings] == ["EH-SETUP-14"]


# -- turn flow (EH-FLOW, EH-EOA) ----------------------------------------------------------------------------


def test_turn_order_wraps_from_the_first_player() -> None:
    """EH-FLOW-3, EH-FLOW-4 (one main action per turn), EH-FLOW-5."""
    t = Table(first_player="Brandon")
    t.fill_offers()
    assert t.state.active() == "Brandon"
    t.refused("EH-FLOW-5", "PLACE_PARTY", "Astrid", location="tavern", space=1, hire={"G": 1})
    t.ok("USE_SPECIAL", "Brandon", site="warehouse")
    t.ok("USE_SPECIAL", "Helga", site="warehouse")
    assert t.state.active() == "Astrid"
    t.ok("USE_SPECIAL", "Astrid", site="warehouse")
    assert t.state.active() == "Brandon"


def test_out_of_phase_events() -> None:
    """EH-FLOW-2: no claim in the Action phase, no placement in the Reward phase."""
    t = Table()
    t.fill_offers()
    t.refused("EH-FLOW-2", "CLAIM", "Astrid", location="guild", space=1, card=1)
    t.refused("EH-FLOW-2", "RAID_DISCARD", "Astrid")
    t.ok("PLACE_PARTY", "Astrid", location="guild", space=1, hire={"G": 1})
    finish_action_phase(t)
    assert t.state.phase == "reward"
    t.refused("EH-FLOW-2", "PLACE_PARTY", "Astrid", location="guild", space=2, hire={"G": 2})


def test_action_phase_ends_after_the_last_player_in_order() -> None:
    """EH-EOA-1, EH-EOA-3, EH-EOA-6: after the last Aide, turns go on to the player before the First player."""
    t = Table()
    t.fill_offers()
    t.ok("TAKE_AIDE", "Astrid", aide="leader")
    t.ok("TAKE_AIDE", "Brandon", aide="healer")
    t.ok("TAKE_AIDE", "Helga", aide="survivalist")
    t.ok("TAKE_AIDE", "Astrid", aide="defender", raid=1)  # the last Aide, by the first seat
    assert t.state.phase == "action" and t.state.active() == "Brandon"
    t.ok("USE_SPECIAL", "Brandon", site="warehouse")
    t.ok("USE_SPECIAL", "Helga", site="warehouse")
    assert t.state.phase == "raid"  # unused Crests are fine; no Party, so no Reward to resolve


def test_last_aide_by_the_last_player_ends_at_once() -> None:
    """EH-EOA-4."""
    t = Table()
    t.fill_offers()
    t.ok("USE_SPECIAL", "Astrid", site="warehouse")
    t.ok("TAKE_AIDE", "Brandon", aide="leader")
    t.ok("TAKE_AIDE", "Helga", aide="healer")
    t.ok("TAKE_AIDE", "Astrid", aide="survivalist")
    t.ok("USE_SPECIAL", "Brandon", site="warehouse")
    t.ok("TAKE_AIDE", "Helga", aide="defender", raid=2)
    assert t.state.phase == "raid"


def test_without_crests_you_must_take_an_aide_and_closing_turns_skip() -> None:
    """EH-EOA-2, EH-EOA-5, EH-ACT-1."""
    t = Table()
    t.fill_offers()
    t.p("Astrid").crests = 0
    t.refused("EH-ACT-1", "PLACE_PARTY", "Astrid", location="guild", space=1, hire={"G": 1})
    t.refused("EH-EOA-2", "SKIP_TURN", "Astrid")
    t.ok("TAKE_AIDE", "Astrid", aide="leader")
    t.refused("EH-EOA-5", "SKIP_TURN", "Brandon")
    t.ok("TAKE_AIDE", "Brandon", aide="healer")
    t.ok("TAKE_AIDE", "Helga", aide="survivalist")
    t.ok("TAKE_AIDE", "Astrid", aide="defender", raid=1)
    # Astrid's later turns would be skipped automatically; Brandon and Helga close the round
    t.ok("USE_SPECIAL", "Brandon", site="warehouse")
    t.ok("USE_SPECIAL", "Helga", site="warehouse")
    assert t.state.phase == "raid"


# -- Parties (EH-ACT) and the Companion (EH-CMP) -------------------------------------------------------------


@pytest.fixture
def table() -> Table:
    t = Table()
    t.fill_offers()
    return t


def test_party_targets_and_spaces(table: Table) -> None:
    """EH-ACT-2, EH-ACT-3, EH-ACT-8."""
    table.refused("EH-ACT-2", "PLACE_PARTY", "Astrid", location="warehouse", space=1, hire={"G": 1})
    table.refused("EH-ACT-2", "PLACE_PARTY", "Astrid", location="tavern", space=6, hire={"G": 5})
    table.ok("PLACE_PARTY", "Astrid", location="tavern", space=2, hire={"G": 2})
    assert table.p("Astrid").crests == 4 and table.p("Astrid").hire["G"] == 8
    assert table.state.offers["tavern"][0] is not None  # placing claims nothing
    f = table.refused("EH-ACT-3", "PLACE_PARTY", "Brandon", location="tavern", space=2, hire={"G": 2})
    assert "free spaces: 1, 3, 4, 5" in f.message


def test_party_size_types_and_supply(table: Table) -> None:
    """EH-ACT-4 (exact count, at most 5), EH-ACT-5 (supply), EH-ACT-6 (allowed types)."""
    table.refused("EH-ACT-4", "PLACE_PARTY", "Astrid", location="guild", space=3, hire={"G": 4})
    table.refused("EH-ACT-6", "PLACE_PARTY", "Astrid", location="mountain", space=1, hire={"S": 1})
    table.p("Astrid").hire.update(S=1, R=1, W=1)
    for location, kind in (("guild", "R"), ("tavern", "W"), ("camp", "R"), ("mountain", "R"),
                           ("preserve", "S"), ("garrison", "W")):
        table.refused("EH-ACT-6", "PLACE_PARTY", "Astrid", location=location, space=1, hire={kind: 1})
    table.refused("EH-ACT-5", "PLACE_PARTY", "Astrid", location="camp", space=2, hire={"S": 2})
    table.ok("PLACE_PARTY", "Astrid", location="garrison", space=2, hire={"G": 1, "R": 1})


def test_several_parties_at_one_location_are_fine(table: Table) -> None:
    """EH-ACT-7."""
    table.ok("PLACE_PARTY", "Astrid", location="camp", space=1, hire={"G": 1})
    table.ok("USE_SPECIAL", "Brandon", site="warehouse")
    table.ok("USE_SPECIAL", "Helga", site="warehouse")
    assert table.ok("PLACE_PARTY", "Astrid", location="camp", space=2, hire={"G": 2}) == []


def test_placed_hirelings_cannot_be_placed_or_swapped_again(table: Table) -> None:
    """EH-ACT-9, EH-GEAR-3."""
    table.p("Astrid").hire.update(G=5)
    table.ok("PLACE_PARTY", "Astrid", location="camp", space=5, hire={"G": 5})
    table.ok("USE_SPECIAL", "Brandon", site="warehouse")
    table.ok("USE_SPECIAL", "Helga", site="warehouse")
    table.refused("EH-ACT-9", "PLACE_PARTY", "Astrid", location="guild", space=1, hire={"G": 1})
    table.refused("EH-ACT-9", "GEAR_SWAP", "Astrid", **{"from": "G", "to": "S"})


def test_companion_strength_levels_and_empty_party(table: Table) -> None:
    """EH-CMP-5 (R = 1/2/3 at Strength 1/3/5, all-or-nothing AMB-08), EH-CMP-6, EH-ATTR-3."""
    a = table.p("Astrid")
    a.attrs["strength"] = 5
    table.refused("EH-CMP-5", "PLACE_PARTY", "Astrid", location="guild", space=5, hire={"G": 3}, companion=True)
    table.refused("EH-CMP-6", "PLACE_PARTY", "Astrid", location="guild", space=4, hire={}, companion=True)
    table.ok("PLACE_PARTY", "Astrid", location="guild", space=3, hire={}, companion=True)
    assert table.state.party("guild", 3).hire == {"G": 0, "S": 0, "R": 0, "W": 0}


def test_companion_strength_partial_setting() -> None:
    """EH-CMP-5 with strength_partial=yes (AMB-08 overridden)."""
    t = Table(strength_partial=True)
    t.fill_offers()
    t.p("Astrid").attrs["strength"] = 3
    t.ok("PLACE_PARTY", "Astrid", location="guild", space=3, hire={"G": 2}, companion=True)


def test_companion_effects_are_optional_and_do_not_stack(table: Table) -> None:
    """EH-CMP-7, EH-CMP-8, EH-CMP-9 (top effect only; each optional)."""
    a = table.p("Astrid")
    a.attrs.update(senses=5, speed=2)
    a.flame = 4
    table.ok("PLACE_PARTY", "Astrid", location="camp", space=3, hire={"G": 3}, companion=True, strength=False,
             speed=False)
    assert a.gear == 5 and a.flame == 4  # Senses step 5 → 3 Gear; Speed declined


def test_own_party_blocks_speed(table: Table) -> None:
    """EH-CMP-8 with AMB-09 (own Parties block Speed by default)."""
    a = table.p("Astrid")
    a.attrs["speed"] = 1
    a.flame = 3
    table.ok("PLACE_PARTY", "Astrid", location="camp", space=1, hire={"G": 1})
    table.ok("USE_SPECIAL", "Brandon", site="warehouse")
    table.ok("USE_SPECIAL", "Helga", site="warehouse")
    table.ok("PLACE_PARTY", "Astrid", location="camp", space=2, hire={"G": 1}, companion=True)
    assert a.flame == 3


def test_claim_order_comes_from_the_space_number() -> None:
    """EH-CMP-10: a Companion Party of 1 Grunt on space 4 claims before 3 Grunts on space 3."""
    t = Table()
    t.fill_offers()
    t.p("Astrid").attrs["strength"] = 5
    t.ok("PLACE_PARTY", "Astrid", location="camp", space=4, hire={"G": 1}, companion=True)
    t.ok("PLACE_PARTY", "Brandon", location="camp", space=3, hire={"G": 3})
    finish_action_phase(t)
    assert t.state.location == "camp"
    t.refused("EH-REW-2", "CLAIM", "Brandon", location="camp", space=3, card=1)
    t.ok("CLAIM", "Astrid", location="camp", space=4, card=1)


def test_leader_recall_returns_companion_which_cannot_come_back(table: Table) -> None:
    """EH-AIDE-4, EH-AIDE-5, EH-AIDE-6, EH-CMP-3, EH-AIDE-3, EH-RESET-5."""
    table.ok("PLACE_PARTY", "Astrid", location="tavern", space=2, hire={"G": 1}, companion=True)
    table.ok("TAKE_AIDE", "Brandon", aide="healer")
    table.ok("TAKE_AIDE", "Helga", aide="survivalist")
    table.refused("EH-AIDE-6", "TAKE_AIDE", "Astrid", aide="leader", recall={"location": "tavern", "space": 2},
                  place={"location": "camp", "space": 2, "hire": {"G": 1}, "companion": True})
    table.refused("EH-AIDE-5", "TAKE_AIDE", "Astrid", aide="leader", recall={"location": "tavern", "space": 3})
    table.ok("TAKE_AIDE", "Astrid", aide="leader", recall={"location": "tavern", "space": 2},
             place={"location": "camp", "space": 3, "hire": {"G": 3}})
    a = table.p("Astrid")
    assert a.companion_recalled and table.state.party("tavern", 2) is None
    assert table.state.party("camp", 3).hire["G"] == 3 and a.crests == 4 and a.hire["G"] == 7
    assert a.gear == 2  # no Gear for the Leader's recall (AMB-10)
    assert table.state.aides["leader"] == "Astrid" and a.aides == ["leader"]


def test_companion_recalled_by_leader_cannot_be_placed_again(table: Table) -> None:
    """EH-CMP-3."""
    table.ok("PLACE_PARTY", "Astrid", location="tavern", space=2, hire={"G": 1}, companion=True)
    table.ok("USE_SPECIAL", "Brandon", site="warehouse")
    table.ok("USE_SPECIAL", "Helga", site="warehouse")
    table.ok("TAKE_AIDE", "Astrid", aide="leader", recall={"location": "tavern", "space": 2})
    table.ok("USE_SPECIAL", "Brandon", site="warehouse")
    table.ok("USE_SPECIAL", "Helga", site="warehouse")
    table.refused("EH-CMP-3", "PLACE_PARTY", "Astrid", location="camp", space=1, hire={}, companion=True)


def test_aides_once_per_round_and_their_effects(table: Table) -> None:
    """EH-AIDE-1, EH-AIDE-2, EH-AIDE-7, EH-AIDE-8, EH-AIDE-10, EH-FLAME-2."""
    table.p("Astrid").flame = 3
    table.ok("TAKE_AIDE", "Astrid", aide="healer")
    assert table.p("Astrid").flame == 1 and table.p("Astrid").crests == 5  # no Crest needed
    table.refused("EH-AIDE-2", "TAKE_AIDE", "Brandon", aide="healer")
    table.refused("EH-AIDE-7", "TAKE_AIDE", "Brandon", aide="defender", raid=3)
    table.ok("TAKE_AIDE", "Brandon", aide="defender", raid=2)
    assert table.state.raid_discarded == 2
    table.ok("TAKE_AIDE", "Helga", aide="survivalist")
    assert table.p("Helga").gear == 3
    table.p("Astrid").flame = 1
    table.ok("TAKE_AIDE", "Astrid", aide="leader")
    # Healer below the floor: the rest is lost (checked directly)
    from scorekeeper.games.emberheart.context import flame_down

    flame_down(table.state, table.p("Astrid"), 2)
    assert table.p("Astrid").flame == 0


# -- Gear and Special Locations (EH-GEAR, EH-SPEC) -------------------------------------------------------


def test_gear_swaps(table: Table) -> None:
    """EH-GEAR-1..4."""
    table.refused("EH-GEAR-1", "GEAR_SWAP", "Brandon", **{"from": "G", "to": "S"})
    table.refused("EH-GEAR-3", "GEAR_SWAP", "Astrid", **{"from": "G", "to": "G"})
    table.refused("EH-GEAR-3", "GEAR_SWAP", "Astrid", **{"from": "W", "to": "S"})
    table.refused("EH-GEAR-4", "GEAR_SWAP", "Astrid", **{"from": "G", "to": "S"}, count=3)
    table.ok("GEAR_SWAP", "Astrid", **{"from": "G", "to": "W"}, count=2)
    a = table.p("Astrid")
    assert (a.gear, a.hire["G"], a.hire["W"]) == (0, 8, 2)
    assert table.state.active() == "Astrid"  # swaps are not the turn's action
    table.refused("EH-GEAR-4", "GEAR_SWAP", "Astrid", **{"from": "W", "to": "G"})


def test_special_locations(table: Table) -> None:
    """EH-SPEC-1, EH-SPEC-2, EH-SPEC-3, EH-SPEC-4 (Crests back at Reset)."""
    table.ok("USE_SPECIAL", "Astrid", site="warehouse")
    table.ok("USE_SPECIAL", "Brandon", site="firestation")
    table.ok("USE_SPECIAL", "Helga", site="firestation")
    assert table.p("Astrid").gear == 4 and table.p("Astrid").crests == 4
    assert table.p("Brandon").hire["G"] == 14 and table.p("Brandon").flame == 1
    table.ok("USE_SPECIAL", "Astrid", site="warehouse")  # repeat use is allowed
    assert table.state.specials["warehouse"] == ["Astrid", "Astrid"]
    table.refused("EH-SPEC-1", "USE_SPECIAL", "Brandon", site="tavern")
    table.refused("EH-HERO-FIREMARSHALL-A1", "USE_SPECIAL", "Brandon", site="firestation", crests=2)


def test_offers_fill_from_left_to_right() -> None:
    """EH-RESET-3, EH-SETUP-7: a reveal fills the leftmost empty slot first (the Mountain level by level)."""
    t = Table()
    t.refused("EH-RESET-3", "CARD_REVEAL", location="camp", slot=2, colour="red", glory=2)
    t.ok("CARD_REVEAL", location="camp", colour="red", glory=2)  # no slot: the leftmost empty one
    t.ok("CARD_REVEAL", location="camp", slot=2, colour="blue", glory=2)
    assert t.state.offers["camp"][:2] == ["C1", "C2"]
    t.ok("CARD_REVEAL", location="mountain", level="middle", slot=1, colour="red", glory=5)
    t.refused("EH-RESET-3", "CARD_REVEAL", location="mountain", level="bottom", slot=3, colour="red", glory=3)
