"""``expect`` and ``complete``: who acts and what is legal now (agreeing with ``status``), and the plays as typed
completed from the board (the space of a Party, the acting Party, card names, slots), never refused there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.core.engine import Fold
from scorekeeper.errors import BadInput
from scorekeeper.core.events import CORE_TYPES, Event
from scorekeeper.core.protocol import Draft
from scorekeeper.games.emberheart import GAME
from scorekeeper.app.session import Session

from eh_helpers import Table, finish_action_phase

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = sorted((ROOT / "sample_sessions" / "emberheart").glob("*.json"))
SAMPLES = [p for p in SAMPLES if p.name != "manifest.json"]


def test_the_three_samples_are_found() -> None:
    assert len(SAMPLES) == 3


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_expect_agrees_with_status_and_complete_keeps_every_recorded_play(path: Path) -> None:
    """At every step of a sample: expect's text and player are status's; completing a recorded play (as the
    journal holds it) gives the same play back."""
    session = Session.open(path, "emberheart")
    fold = Fold(GAME, session.config)
    for event in session.events:
        if event.type in CORE_TYPES:
            if event.type == "set":
                fold.change_setting(event)
            continue
        expectation, status = GAME.expect(fold.state), GAME.status(fold.state)
        assert (expectation.text, expectation.player, expectation.finished) == (
            status.expected, status.active_player, status.finished)
        done = GAME.complete(fold.state, Draft(event.type, event.player, dict(event.payload)))
        assert (done.type, done.player, dict(done.payload)) == (event.type, event.player, dict(event.payload)), event
        fold.play(event)


def test_expect_lists_the_legal_plays_with_their_values() -> None:
    table = Table()
    expectation = GAME.expect(table.state)
    choices = {c.event: c for c in expectation.choices}
    assert expectation.accepts("location")[:6] == ["guild", "tavern", "camp", "preserve", "mountain", "garrison"]
    assert choices["RAID_REVEAL"].values["slot"] == ["1", "2"]
    aides = [c for c in expectation.choices if c.event == "TAKE_AIDE"]  # one per Aide, with its own words
    assert {c.player for c in aides} == {"Astrid"} and [c.values["aide"] for c in aides] == [
        ["leader"], ["defender"], ["survivalist"], ["healer"]]
    assert expectation.accepts("aide") == ["leader", "defender", "survivalist", "healer"]
    assert [c.values["space"] for c in expectation.choices if c.event == "PLACE_PARTY"] == [["1", "2", "3", "4", "5"]] * 6
    table.fill_offers()
    finish_action_phase(table)
    expectation = GAME.expect(table.state)
    assert expectation.player == "Astrid" and expectation.text.startswith("Raid phase")
    assert [c.player for c in expectation.choices if c.event == "RAID_DISCARD"] == ["Astrid", "Brandon", "Helga"]


def draft(table: Table, type: str, player: str | None = None, **payload: object) -> Draft:
    return GAME.complete(table.state, Draft(type, player, payload))


def test_complete_places_a_party_on_the_space_of_its_size() -> None:
    table = Table()
    assert draft(table, "PLACE_PARTY", "Astrid", location="tavern", hire={"G": 2}).payload == {
        "location": "tavern", "space": 2, "hire": {"G": 2}}
    with_companion = draft(table, "PLACE_PARTY", "Astrid", location="tavern", hire={"G": 2}, companion=True)
    assert with_companion.payload["space"] == 3  # Strength 1: one fewer Hireling
    with pytest.raises(BadInput, match="fits no space"):
        draft(table, "PLACE_PARTY", "Astrid", location="tavern", hire={"G": 6})


def test_complete_never_refuses_on_the_rules() -> None:
    """A claim in the Action phase, a Raid nobody waits for, an answer nobody owes: completed, for play to judge."""
    table = Table()
    table.fill_offers()
    claim = draft(table, "CLAIM", "Astrid", card="appr")
    assert claim.payload == {"card": "apprentice"}
    assert claim.type == "CLAIM" and claim.player == "Astrid"
    assert table.refused("EH-FLOW-2", claim.type, claim.player, **claim.payload)
    raid = draft(table, "RAID_DISCARD")
    assert raid.player == "Astrid" and table.refused("EH-FLOW-2", raid.type, raid.player, **raid.payload)
    extra = draft(table, "ATTR_EXTRA_STEP")
    assert extra.player == "Astrid" and table.refused("EH-SKILL-GEN-1", extra.type, extra.player, **extra.payload)


def test_complete_fills_reveal_slots_left_to_right_and_says_when_they_run_out() -> None:
    table = Table()
    first = draft(table, "CARD_REVEAL", location="camp", colour="red", glory=3, batch=3)
    assert first.payload == {"location": "camp", "slot": 1, "colour": "red", "glory": 3}
    mountain = draft(table, "CARD_REVEAL", location="mountain", level="middle", colour="red", glory=5)
    assert mountain.payload == {"location": "mountain", "level": "middle", "slot": 1, "colour": "red", "glory": 5}
    with pytest.raises(BadInput, match="4 cards but only 3 empty slot"):
        draft(table, "CARD_REVEAL", location="camp", colour="red", glory=3, batch=4)
    assert draft(table, "RAID_REVEAL", item="G", basis="hero").payload == {"slot": 1, "item": "G", "basis": "hero"}


def test_the_game_says_what_a_raid_cost_and_what_a_reveal_left_on_offer() -> None:
    """``Findings.info``: the verdict's words, from the play itself (never from a state read afterwards)."""
    from scorekeeper.core.engine import step
    from scorekeeper.core.protocol import Findings

    table = Table()
    found = Findings()
    step(GAME, table.state, Event(1, "CARD_REVEAL", None, {"location": "camp", "slot": 1, "colour": "red",
                                                           "glory": 3}), found=found)
    assert found.infos == ["camp offer: C1 (red 3) | — | —"]
    assert json.dumps(found.infos)
