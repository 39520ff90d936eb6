"""End Game Scoring: order, categories, tiebreak, explanations, provisional tables; status and assert values."""

from __future__ import annotations

import pytest

from tests.table import judge
from scorekeeper.core.protocol import ObservationError
from scorekeeper.games.emberheart import GAME
from scorekeeper.games.emberheart.scoring import CATEGORIES

from eh_helpers import Table, attach_now, give


def end_table() -> Table:
    t = Table()
    t.state.phase = "end"
    for p in t.state.players:
        p.end_gear = p.gear
    return t


def test_categories_in_rulebook_order() -> None:
    """EH-END-2: Dragons, Attributes, Heroes, Garrison, Flame."""
    assert CATEGORIES == ["Dragons", "Attributes", "Heroes", "Garrison", "Flame"]


def test_each_category() -> None:
    """EH-END-3, EH-END-4, EH-END-5, EH-END-6, EH-END-9 with explanations for score --explain."""
    t = end_table()
    give(t, "Astrid", "D1", "captive", colour="red", glory=3)
    give(t, "Astrid", "D2", "mountain", colour="blue", glory=7)
    give(t, "Astrid", "H", "hero", hero="fire sage")
    attach_now(t, "D1", "H")
    give(t, "Astrid", "G1", "garrison", colour="red", glory=5, reqs=[{"item": "red", "count": 1}], track="speed",
         completed=True)
    give(t, "Astrid", "G2", "garrison", colour="blue", glory=6, reqs=[{"item": "blue", "count": 3}], track="speed")
    t.p("Astrid").attrs.update(strength=4, senses=2, speed=7)
    t.p("Astrid").flame, t.p("Brandon").flame, t.p("Helga").flame = 3, 6, 6
    table = GAME.score(t.state)
    row = next(r for r in table.rows if r.player == "Astrid")
    assert row.categories == {"Dragons": 10, "Attributes": 5 + 2 + 12, "Heroes": 7, "Garrison": 5, "Flame": 3}
    assert row.total == 44 and table.final and table.winners == ["Astrid"] and table.tiebreak is None
    sources = [e.source for e in table.explanations if e.player == "Astrid"]
    assert any("G2: not completed" in s for s in sources) and any("Fire Sage" in s for s in sources)


def test_tiebreak_most_dragons_then_shared() -> None:
    """EH-END-10."""
    t = end_table()
    give(t, "Astrid", "A1", "captive", colour="red", glory=4)
    give(t, "Brandon", "B1", "captive", colour="red", glory=2)
    give(t, "Brandon", "B2", "captive", colour="red", glory=2)
    table = GAME.score(t.state)
    assert table.winners == ["Brandon"] and "most Dragon cards" in table.tiebreak
    assert [r.rank for r in table.rows] == [2, 1, 3]
    give(t, "Astrid", "A2", "captive", colour="red", glory=0)
    table = GAME.score(t.state)
    assert table.winners == ["Astrid", "Brandon"] and "shared" in table.tiebreak


def test_equal_totals_below_first_say_their_tiebreak() -> None:
    """EH-END-10 (field report EH-V3): Brandon and Helga tie on 2 below Astrid; Brandon has more Dragon cards, and
    the tiebreak line says so, as it does for first place."""
    t = end_table()
    give(t, "Astrid", "A1", "captive", colour="red", glory=5)
    give(t, "Brandon", "B1", "captive", colour="red", glory=1)
    give(t, "Brandon", "B2", "captive", colour="red", glory=1)
    give(t, "Helga", "H1", "captive", colour="red", glory=2)
    table = GAME.score(t.state)
    totals = {r.player: r.total for r in table.rows}
    assert totals["Brandon"] == totals["Helga"] < totals["Astrid"] and table.winners == ["Astrid"]
    assert table.tiebreak == (f"Brandon and Helga tied on {totals['Helga']}: more Dragon cards ranks higher "
                              "(Brandon 2, Helga 1)")


def test_hero_conditions_use_gear_before_conversion() -> None:
    """EH-END-11 (AMB-25)."""
    t = end_table()
    give(t, "Astrid", "H", "hero", hero="fire marshall")
    give(t, "Astrid", "D", "captive", colour="blue", glory=1)
    attach_now(t, "D", "H")
    t.p("Astrid").gear = t.p("Astrid").end_gear = 6
    t.p("Astrid").flame = 4
    t.p("Brandon").flame = t.p("Helga").flame = 2
    t.ok("END_GEAR_CONVERT", "Astrid", gear=6)
    assert t.p("Astrid").flame == 2
    row = next(r for r in GAME.score(t.state).rows if r.player == "Astrid")
    assert row.categories["Heroes"] == 6


def test_exotic_declaration_for_scoring() -> None:
    """EH-END-12: undeclared exotics take the best colour for each condition; a declaration fixes it."""
    t = end_table()
    give(t, "Astrid", "H", "hero", hero="caretaker")
    give(t, "Astrid", "D", "captive", colour="green", glory=1)
    attach_now(t, "D", "H")
    give(t, "Astrid", "X", "captive", colour="exotic", glory=1)
    give(t, "Brandon", "B1", "captive", colour="green", glory=1)
    give(t, "Brandon", "B2", "captive", colour="green", glory=1)
    assert next(r for r in GAME.score(t.state).rows if r.player == "Astrid").categories["Heroes"] == 7
    t.ok("END_DECLARE", "Astrid", exotic={"X": "red"})
    assert next(r for r in GAME.score(t.state).rows if r.player == "Astrid").categories["Heroes"] == 0


def test_mid_game_table_is_provisional() -> None:
    """A provisional table mid-game, marked so; unknown Flame differences are noted, not invented."""
    t = Table()
    t.p("Astrid").flame = 1
    table = GAME.score(t.state)
    assert not table.final and table.notes[0].startswith("provisional")
    assert any("flame_glory" in n for n in table.notes)


def test_status_tells_the_table_what_comes_next() -> None:
    """The table companion: round, phase, whose turn, holdings, Aides, and the expected play."""
    t = Table()
    t.fill_offers()
    status = GAME.status(t.state)
    assert status.headline[0] == "Round I · Action phase" and status.active_player == "Astrid"
    assert status.expected.startswith("Astrid's turn: send a Party (5 Crests)")
    assert {"crests", "hirelings", "gear", "flame", "str/sen/spd", "aides"} <= set(status.players[0])
    t.p("Astrid").hire["G"] = 4
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=4, hire={"G": 4})
    t.ok("PLACE_PARTY", "Brandon", location="tavern", space=1, hire={"G": 1})
    for who, aide in (("Helga", "leader"), ("Astrid", "defender"), ("Brandon", "healer"), ("Helga", "survivalist")):
        t.ok("TAKE_AIDE", who, aide=aide, **({"raid": 1} if aide == "defender" else {}))
    status = GAME.status(t.state)
    assert status.expected == "Reward phase · Tavern · Astrid (space 4) claims or recalls"
    assert GAME.snapshot(t.state)["round"] == 1


def test_observable_values_for_assert() -> None:
    """scorekeeper assert PLAYER key=value reads these values."""
    t = Table()
    assert GAME.observe(t.state, "Astrid", "grunts") == 10
    assert GAME.observe(t.state, "Astrid", "strength") == 1
    assert GAME.observe(t.state, None, "round") == 1
    assert "flame" in GAME.observable_keys()
    with pytest.raises(ObservationError):
        GAME.observe(t.state, "Astrid", "mana")


def test_unknown_event_type_and_unknown_player() -> None:
    """CORE-TYPE for an event the game does not know; an unknown player is refused."""
    from scorekeeper.core.events import Event

    t = Table()
    assert judge(GAME, t.state, Event(1, "FLY", "Astrid", {}))[0].rule == "CORE-TYPE"
    assert judge(GAME, t.state, Event(1, "SKIP_TURN", "Zed", {}))[0].rule == "EH-SETUP-1"


def test_glory_assertion_with_an_unknown_flame_entry_is_an_observation_error() -> None:
    """`assert NAME glory=…` never crashes a replay when the Flame table misses an entry."""
    t = end_table()
    t.p("Astrid").flame = 4
    with pytest.raises(ObservationError, match="flame_glory"):
        GAME.observe(t.state, "Brandon", "glory")
