"""Every refusal the rules make, one row each: the board it needs, the play, and the rule it is refused under.

Each row is a check that no other test reached (issue 13: every error site reached, every rule with an error
site proven by a refusal citing it). ``Table.refused`` asserts that the play's first error cites the rule and
that nothing is recorded; the state is set up by real plays where the rules allow it, else straight from the
board (``give``), as a table that starts mid-game would have it.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

from eh_helpers import Table, attach_now, finish_action_phase, give, mountain_tie

Board = Callable[[], Table]


def fresh() -> Table:
    return Table()


def filled() -> Table:
    t = Table()
    t.fill_offers()
    return t


def two_players() -> Table:
    return Table(players=("Astrid", "Brandon"))


def two_players_filled() -> Table:
    t = two_players()
    t.fill_offers()
    return t


def two_players_after_a_turn() -> Table:
    t = two_players_filled()
    t.ok("TAKE_AIDE", "Astrid", aide="survivalist")
    return t


def two_player_deck_used_up() -> Table:
    t = two_players()
    t.state.counters["deck:2p"] = 12  # the twelve Two player mode cards were revealed in earlier rounds
    return t


def named_card() -> Table:
    t = Table()
    t.ok("CARD_REVEAL", location="camp", slot=1, colour="red", glory=3, name="X")
    return t


def half_colour_map() -> Table:
    """colour_tracks names red only (a table that set it by hand); Astrid holds a blue Dragon and Preserve."""
    t = Table(colour_tracks={"red": "strength"})
    give(t, "Astrid", "CB", "captive", colour="blue", glory=2)
    give(t, "Astrid", "PB", "preserve", colour="blue")
    return t


def cards_in_hand() -> Table:
    """Astrid holds a red Dragon, a red Preserve, an unattached exotic and an attached one (Action phase)."""
    t = filled()
    give(t, "Astrid", "CR", "captive", colour="red", glory=2)
    give(t, "Astrid", "PR", "preserve", colour="red")
    give(t, "Astrid", "X1", "captive", colour="exotic", glory=2)
    give(t, "Astrid", "GR", "garrison", colour="red", glory=3, reqs=[{"item": "red", "count": 1}], track="speed")
    return t


def raid_phase() -> Table:
    t = cards_in_hand()
    finish_action_phase(t)
    assert t.state.phase == "raid"
    return t


def no_crest_with_aides_left() -> Table:
    t = filled()
    t.arrange(players={"Astrid": {"crests": 0}})
    return t


def rewarded_at(location: str) -> Board:
    """Astrid's Party on space 1 of ``location``, the Reward phase resolving it."""

    def made() -> Table:
        t = filled()
        t.ok("PLACE_PARTY", "Astrid", location=location, space=1, hire={"G": 1})
        finish_action_phase(t)
        assert t.state.location == location
        return t

    made.__name__ = f"rewarded_at_{location}"
    return made


def two_player_camp_crest_next() -> Table:
    """2 players: the non-player Crest on Camp space 4 acts first at the Camp."""
    t = two_players_filled()
    t.state.blocked = [("camp", 4)]
    finish_action_phase(t)
    assert t.state.location == "camp"
    return t


def side_b(skills: tuple[int, int, int] = (1, 2, 3)) -> Table:
    """Side B: Astrid, Brandon and Helga show ``skills``; Astrid holds a red Dragon and a red Preserve."""
    t = Table(side="B", skills=list(skills))
    t.fill_offers()
    give(t, "Astrid", "CR", "captive", colour="red", glory=2)
    give(t, "Astrid", "PR", "preserve", colour="red")
    return t


def skill_4() -> Table:
    return side_b((4, 2, 3))


def at_end_game(t: Table, gear: int) -> Table:
    """``t`` moved to End Game Scoring after round 5, Astrid holding ``gear`` Gear."""
    t.state.phase, t.state.round = "end", 5
    t.p("Astrid").gear = gear
    return t


def skill_1_after_the_last_reward() -> Table:
    return at_end_game(side_b(), 2)


def answers_waiting() -> Table:
    """Brandon (skill 2) has a Flame increase to answer; Helga (skill 3, no Gear) a strength step."""
    t = side_b()
    t.p("Brandon").pending_flame = 1
    helga = t.p("Helga")
    helga.pending_track, helga.pending_tracks, helga.gear = "strength", ["strength"], 0
    return t


def with_hero(board: Board, hero: str, colour: str) -> Board:
    """``board`` where Astrid holds ``hero``, active (a Dragon of its colour attached)."""

    def made() -> Table:
        t = board()
        give(t, "Astrid", "H", "hero", hero=hero)
        give(t, "Astrid", "HD", "captive", colour=colour, glory=1)
        attach_now(t, "HD", "H")
        return t

    made.__name__ = f"{board.__name__}_with_{hero.replace(' ', '_')}"
    return made


def reserved_guild_card() -> Table:
    """Before the first turn: the Bard's fourth Guild card is Brandon's; Astrid's Apprentice wants it."""
    t = with_hero(filled, "apprentice", "red")()
    t.state.cards[t.state.offers["guild"][0]].reserved_for = "Brandon"
    return t


def end_game() -> Table:
    return at_end_game(cards_in_hand(), 3)


def no_gear_skill_1() -> Table:
    """Side B: Astrid (skill 1) holds a red Dragon and a red Preserve, and no Gear."""
    t = side_b()
    t.p("Astrid").gear = 0
    return t


def experts_raid() -> Table:
    """The Raid phase; the card in force (slot 2, the Defender discarded slot 1) takes Experts, one per Preserve:
    Astrid (one Preserve, 1 Scout and 1 Ranger, no Warden) must discard 1 Expert."""
    t = Table()
    t.ok("RAID_REVEAL", slot=2, item="E", basis="preserve")
    t.fill_offers()
    give(t, "Astrid", "PR", "preserve", colour="red")
    finish_action_phase(t)
    assert t.state.phase == "raid" and t.state.raid_discarded == 1
    t.p("Astrid").hire.update({"S": 1, "R": 1, "W": 0})
    return t


GARRISON = {"location": "garrison", "slot": "red", "colour": "red", "glory": 3, "reqs": "1red", "track": "speed"}

ROWS: list[tuple[str, Board, str, str | None, dict[str, Any]]] = [
    # reveals (rules_setup.py)
    ("EH-ACT-2", fresh, "CARD_REVEAL", None, {"location": "nowhere"}),
    ("EH-MTN-1", fresh, "CARD_REVEAL", None, {"location": "mountain", "level": "peak", "colour": "red", "glory": 3}),
    ("EH-SETUP-7", fresh, "CARD_REVEAL", None, {"location": "camp", "slot": 9, "colour": "red", "glory": 3}),
    ("EH-SETUP-13", named_card, "CARD_REVEAL", None, {"location": "tavern", "slot": 1, "hire": {"G": 2}, "name": "X"}),
    ("EH-MTN-3", fresh, "CARD_REVEAL", None, {"location": "camp", "slot": 1, "colour": "red", "glory": 2,
                                               "wardens": 1}),
    ("EH-REW-11", fresh, "CARD_REVEAL", None, {"location": "preserve", "slot": 1, "colour": "purple"}),
    ("EH-SETUP-9", fresh, "CARD_REVEAL", None, {**GARRISON, "slot": None, "colour": "purple"}),
    ("EH-GAR-1", fresh, "CARD_REVEAL", None, {**GARRISON, "reqs": "2purple"}),
    ("EH-GAR-1", fresh, "CARD_REVEAL", None, {**GARRISON, "reqs": []}),
    ("EH-GAR-4", fresh, "CARD_REVEAL", None, {**GARRISON, "track": "luck"}),
    ("EH-SETUP-10", fresh, "RAID_REVEAL", None, {"slot": 3, "item": "G", "basis": "hero"}),
    ("EH-RAID-5", fresh, "RAID_REVEAL", None, {"slot": 1, "item": "Q", "basis": "hero"}),
    ("EH-RAID-3", fresh, "RAID_REVEAL", None, {"slot": 1, "item": "G", "basis": "hero", "amount": 0}),
    ("EH-2P-8", two_players_after_a_turn, "TWO_P_REVEAL", None, {"spaces": [["camp", 2]]}),
    ("EH-SETUP-13", two_player_deck_used_up, "TWO_P_REVEAL", None, {"spaces": [["camp", 2]]}),
    ("EH-2P-1", two_players, "TWO_P_REVEAL", None, {"spaces": [["tavern"]]}),
    ("EH-2P-1", two_players, "TWO_P_REVEAL", None, {"spaces": [["nowhere", 3]]}),
    ("EH-2P-1", two_players, "TWO_P_REVEAL", None, {"spaces": []}),
    # the Action phase (rules_action.py)
    ("EH-ACT-2", filled, "PLACE_PARTY", "Astrid", {"location": "warehouse", "space": 1, "hire": {"G": 1}}),
    ("EH-ACT-2", filled, "PLACE_PARTY", "Astrid", {"location": "nowhere", "space": 1, "hire": {"G": 1}}),
    ("EH-AIDE-1", filled, "TAKE_AIDE", "Astrid", {"aide": "cook"}),
    ("EH-GEAR-2", filled, "GEAR_SWAP", "Astrid", {"from": "X", "to": "G", "count": 1}),
    ("EH-GEAR-3", filled, "GEAR_SWAP", "Astrid", {"from": "G", "to": "G", "count": 1}),
    ("EH-EOA-2", no_crest_with_aides_left, "SKIP_TURN", "Astrid", {}),
    ("EH-ACT-4", filled, "PLACE_PARTY", "Astrid", {"location": "camp", "space": 5, "hire": {"G": 6}}),
    ("EH-SPEC-1", filled, "USE_SPECIAL", "Astrid", {"site": "warehouse", "crests": 3}),
    ("EH-SPEC-1", no_crest_with_aides_left, "USE_SPECIAL", "Astrid", {"site": "warehouse"}),
    ("EH-GEAR-4", filled, "GEAR_SWAP", "Astrid", {"from": "G", "to": "S", "count": 0}),
    ("EH-AIDE-6", filled, "TAKE_AIDE", "Astrid", {"aide": "leader", "place": {"location": "camp", "space": 1,
                                                                                 "hire": {"G": 1}}}),
    ("EH-AIDE-7", fresh, "TAKE_AIDE", "Astrid", {"aide": "defender", "raid": 1}),
    ("EH-HERO-OUTFITTER-A", with_hero(filled, "outfitter", "red"), "USE_SPECIAL", "Astrid",
     {"site": "firestation", "outfit": 5}),
    # mid-game corrections (adjust.py)
    ("EH-ADJ-1", fresh, "ADJUST", None, {"players": {"Zed": {"gear": 1}}}),
    ("EH-ADJ-1", fresh, "ADJUST", None, {"first": "Zed"}),
    # the Reward phase (rules_reward.py)
    ("EH-ACT-2", rewarded_at("camp"), "CLAIM", "Astrid", {"location": "warehouse", "space": 1, "card": 1}),
    ("EH-REW-2", rewarded_at("camp"), "CLAIM", "Brandon", {"location": "camp", "space": 1, "card": 1}),
    ("EH-2P-5", two_player_camp_crest_next, "CLAIM", "Astrid", {"location": "camp", "space": 4, "card": 1}),
    # colours and attachments (context.py, rules_cards.py)
    ("EH-ATTR-6", half_colour_map, "ATTACH_DRAGON", "Astrid", {"dragon": "CB", "target": "PB"}),
    ("EH-DRG-1", cards_in_hand, "ATTACH_DRAGON", "Astrid", {"dragon": "PR", "target": "PR"}),
    ("EH-DRG-1", cards_in_hand, "ATTACH_DRAGON", "Astrid", {"dragon": "CR", "target": "X1"}),
    ("EH-DRG-6", raid_phase, "RAID_DISCARD", "Astrid", {"exotic": {"nothing": "red"}}),
    ("EH-DRG-6", raid_phase, "RAID_DISCARD", "Astrid", {"exotic": {"CR": "blue"}}),
    ("EH-DRG-6", raid_phase, "RAID_DISCARD", "Astrid", {"exotic": {"X1": "purple"}}),
    ("EH-GAR-6", cards_in_hand, "GARRISON_COMPLETE", "Astrid", {"card": "PR"}),
    ("EH-HERO-GEN-8", filled, "HERO_ABILITY", "Astrid", {"hero": "nobody"}),
    ("EH-GEAR-4", end_game, "END_GEAR_CONVERT", "Astrid", {"gear": 6}),
    ("EH-MTN-19", rewarded_at("mountain"), "MTN_CLAIM", "Astrid", {"level": "top", "space": 1, "card": 1}),
    ("EH-MTN-19", mountain_tie, "MTN_CLAIM", "Astrid", {"level": "middle", "space": 4, "card": 1}),
    ("EH-MTN-20", filled, "MTN_ORDER", "Astrid", {"order": [1, 2]}),
    # the Raid (rules_raid.py)
    ("EH-RAID-6", experts_raid, "RAID_DISCARD", "Astrid", {"discard": {"S": 1, "R": 1}}),
    ("EH-RAID-5", experts_raid, "RAID_DISCARD", "Astrid", {"discard": {"W": 1}}),
    ("EH-END-7", end_game, "END_GEAR_CONVERT", "Astrid", {"gear": 0}),
    # Heroes
    ("EH-HERO-TACTICIAN-A", with_hero(cards_in_hand, "tactician", "green"), "GARRISON_COMPLETE", "Astrid",
     {"card": "GR", "tactician": 9}),
    ("EH-HERO-BARD-A2", reserved_guild_card, "HERO_ABILITY", "Astrid", {"hero": "apprentice", "card": 1}),
    ("EH-DRG-6", with_hero(raid_phase, "dragon trainer", "green"), "HERO_ABILITY", "Astrid",
     {"hero": "dragon trainer", "dragon": "X1"}),
    # side B skills
    ("EH-SKILL-4A", skill_4, "ATTACH_DRAGON", "Astrid", {"dragon": "CR", "target": "PR", "skill4": "Q"}),
    ("EH-SKILL-1A", skill_1_after_the_last_reward, "ATTACH_DRAGON", "Astrid",
     {"dragon": "CR", "target": "PR", "skill1": True}),
    ("EH-SKILL-1A", no_gear_skill_1, "ATTACH_DRAGON", "Astrid", {"dragon": "CR", "target": "PR", "skill1": True}),
    ("EH-SKILL-2A", answers_waiting, "FLAME_RESPONSE", "Brandon", {"option": "maybe"}),
    ("EH-SKILL-3A", answers_waiting, "ATTR_EXTRA_STEP", "Helga", {"track": "speed"}),
    ("EH-SKILL-3B", answers_waiting, "ATTR_EXTRA_STEP", "Helga", {}),
]


@pytest.mark.parametrize("rule, board, type, player, payload", ROWS,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(ROWS)])
def test_each_check_refuses_with_its_rule(rule: str, board: Board, type: str, player: str | None,
                                          payload: dict[str, Any]) -> None:
    """The play is refused, first under ``rule`` (the row's rule ID), and nothing changes."""
    t = board()
    t.refused(rule, type, player, **{k: v for k, v in payload.items() if v is not None})


ASKS = [
    ("EH-AIDE-6", filled, "TAKE_AIDE", "Astrid", {"aide": "leader", "place": {"location": "camp", "space": 1,
                                                                                 "hire": {"G": 1}}}),
    ("EH-DRG-6", with_hero(raid_phase, "dragon trainer", "green"), "HERO_ABILITY", "Astrid",
     {"hero": "dragon trainer", "dragon": "X1"}),
]


@pytest.mark.parametrize("rule, board, type, player, payload", ASKS, ids=[r[0] for r in ASKS])
def test_a_missing_choice_is_asked_for_not_refused(rule: str, board: Board, type: str, player: str | None,
                                                   payload: dict[str, Any]) -> None:
    """UX-12 remainder (field report; EH-AIDE-6 "name the recalled Party too", EH-DRG-6 "say which colour"): a
    play that lacks a choice is an ask (a prompt: exit 2 at the command line), not a refusal."""
    found = board().refused(rule, type, player, **payload)
    assert found.asks and found.blocks


def test_an_attached_exotic_is_refused_under_eh_drg_7_not_eh_drg_6() -> None:
    """EH-DRG-7: an exotic Dragon attached is its Hero's colour for good; declaring another is refused."""
    t = raid_phase()
    give(t, "Astrid", "HR", "hero", hero="dragon knight")
    attach_now(t, "X1", "HR")
    t.refused("EH-DRG-7", "RAID_DISCARD", "Astrid", exotic={"X1": "blue"})
