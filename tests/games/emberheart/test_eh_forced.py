"""Forced plays (issue 14 §1): a play the table made against a rule is carried out and stays flagged, so the
game goes on from it; only a play the game cannot carry out at all is left unapplied (CORE-UNAPPLIED)."""

from __future__ import annotations

from scorekeeper.core.events import Event

from eh_helpers import Table


def forced(t: Table, rule: str, type: str, player: str | None = None, **payload: object) -> list[str]:
    """Play ``type`` with --force: it must break ``rule`` first; returns the rules of every finding."""
    findings = t.play(type, player, force=True, **payload)
    errors = [f.rule for f in findings if f.is_error]
    assert errors and errors[0] == rule, findings
    return [f.rule for f in findings]


def test_eh_flow_5_a_forced_out_of_turn_play_is_carried_out_and_the_next_players_play_is_accepted() -> None:
    """EH-FLOW-5: Brandon takes the Healer in Astrid's turn; the table went on from there, so it is his turn
    that was played and Helga's real play is accepted next (the game no longer freezes on Astrid)."""
    t = Table()
    t.fill_offers()
    t.p("Brandon").flame = 3
    rules = forced(t, "EH-FLOW-5", "TAKE_AIDE", "Brandon", aide="healer")
    assert "CORE-UNAPPLIED" not in rules
    assert t.state.aides["healer"] == "Brandon" and t.p("Brandon").flame == 1  # carried out
    assert t.state.active() == "Helga"
    t.ok("TAKE_AIDE", "Helga", aide="survivalist")
    assert t.state.active() == "Astrid"
    replayed = t.replay()
    assert [v.rule for v in replayed.errors] == ["EH-FLOW-5"] and replayed.state.aides["survivalist"] == "Helga"


def test_eh_act_4_a_forced_party_of_the_wrong_size_is_placed() -> None:
    """EH-ACT-4, EH-ACT-6: a Party of 3 on space 4, then a Warden at the Tavern: both placed, flagged, and play
    goes on to the next player."""
    t = Table()
    t.fill_offers()
    forced(t, "EH-ACT-4", "PLACE_PARTY", "Astrid", location="tavern", space=4, hire={"G": 3})
    party = t.state.party("tavern", 4)
    assert party is not None and party.hire["G"] == 3 and t.p("Astrid").hire["G"] == 7
    assert t.state.active() == "Brandon"
    t.p("Brandon").hire["W"] = 1
    forced(t, "EH-ACT-6", "PLACE_PARTY", "Brandon", location="tavern", space=1, hire={"W": 1})
    assert t.state.party("tavern", 1) is not None and t.state.active() == "Helga"


def test_eh_end_7_a_forced_conversion_that_is_not_a_multiple_of_3_discards_the_gear() -> None:
    """EH-END-7: 4 Gear discarded at the end: the Gear goes, Flame −1 for the whole 3."""
    t = Table()
    t.state.phase, t.state.round = "end", 5
    p = t.p("Helga")
    p.gear, p.flame = 4, 2
    forced(t, "EH-END-7", "END_GEAR_CONVERT", "Helga", gear=4)
    assert (p.gear, p.flame) == (0, 1)


def test_a_forced_play_that_cannot_be_carried_out_is_recorded_unapplied() -> None:
    """EH-ACT-3: a Party on a space another Party holds cannot be put there; forced, it is kept, flagged
    with CORE-UNAPPLIED, and changes nothing but the turn, which passes to Helga (EH-FLOW-3)."""
    t = Table()
    t.fill_offers()
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=1, hire={"G": 1})
    rules = forced(t, "EH-ACT-3", "PLACE_PARTY", "Brandon", location="tavern", space=1, hire={"G": 1})
    assert "CORE-UNAPPLIED" in rules
    assert t.p("Brandon").hire["G"] == 10 and t.state.party("tavern", 1).owner == "Astrid"
    assert t.state.active() == "Helga"
    t.ok("PLACE_PARTY", "Helga", location="tavern", space=2, hire={"G": 2})


def test_eh_flow_3_a_claim_forced_in_the_action_phase_still_ends_the_turn() -> None:
    """EH-FLOW-2, EH-FLOW-3: Astrid claims a card in the Action phase (forced): the game cannot carry a claim out
    there, so it is kept inert, but the table has moved on: Astrid's turn is over (flagged, naming Brandon and
    'adjust'), Brandon's Party is accepted, and the replay agrees, also when a later rejected play makes it
    re-fold the journal."""
    t = Table()
    t.fill_offers()
    found = t.play("CLAIM", "Astrid", force=True, location="camp", space=1, card=1)
    assert [f.rule for f in found] == ["EH-FLOW-2", "CORE-UNAPPLIED"]
    assert "passes on as the table's turn order says (Brandon)" in found[-1].message and "'adjust'" in found[-1].message
    assert t.state.active() == "Brandon" and t.p("Astrid").crests == 5
    t.ok("PLACE_PARTY", "Brandon", location="tavern", space=1, hire={"G": 1})
    assert t.state.active() == "Helga"
    t.events.append(Event(len(t.events) + 1, "PLACE_PARTY", "Astrid", {"location": "tavern", "space": 1,
                                                                       "hire": {"G": 1}}))  # rejected
    replayed = t.replay()
    assert replayed.state.active() == "Helga" and replayed.state.party("tavern", 1).owner == "Brandon"
    assert [v.rule for v in replayed.errors][:1] == ["EH-FLOW-2"]


def test_unforced_plays_are_still_refused_with_their_first_rule_only() -> None:
    """EH-ACT-4: without --force the play stops at the first broken rule, as before."""
    t = Table()
    t.fill_offers()
    f = t.refused("EH-ACT-4", "PLACE_PARTY", "Astrid", location="tavern", space=4, hire={"W": 3})
    assert len([x for x in t.judge("PLACE_PARTY", "Astrid", location="tavern", space=4, hire={"W": 3})
                if x.is_error]) == 1 and "4 Hirelings" in f.message
