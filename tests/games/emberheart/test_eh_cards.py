"""Dragons and attachments, Garrison completion, Attribute tracks (EH-DRG, EH-GAR, EH-ATTR)."""

from __future__ import annotations

from scorekeeper.games.emberheart import GAME
from scorekeeper.games.emberheart.scoring import attribute_glory

from eh_helpers import Table, attach_now, give


def cards_table() -> Table:
    t = Table()
    give(t, "Astrid", "H-R", "hero", hero="fire sage")
    give(t, "Astrid", "H-B", "hero", hero="merchant")
    give(t, "Astrid", "P-G", "preserve", colour="green")
    give(t, "Astrid", "D-R", "captive", colour="red", glory=3)
    give(t, "Astrid", "D-G", "mountain", colour="green", glory=5)
    give(t, "Astrid", "X", "captive", colour="exotic", glory=2)
    give(t, "Brandon", "P-B", "preserve", colour="blue")
    return t


def test_attach_same_colour_only() -> None:
    """EH-DRG-1, EH-DRG-2, EH-HERO-GEN-1 (the Hero becomes active)."""
    t = cards_table()
    t.refused("EH-DRG-1", "ATTACH_DRAGON", "Astrid", dragon="D-R", target="H-B")
    t.refused("EH-DRG-1", "ATTACH_DRAGON", "Astrid", dragon="D-R", target="P-B")  # not hers
    from scorekeeper.games.emberheart.context import hero_active

    assert not hero_active(t.state, "Astrid", "fire sage")
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D-R", target="H-R")
    assert hero_active(t.state, "Astrid", "fire sage")
    t.refused("EH-DRG-2", "ATTACH_DRAGON", "Astrid", dragon="X", target="H-R")
    t.refused("EH-DRG-3", "ATTACH_DRAGON", "Astrid", dragon="D-R", target="P-G")


def test_preserve_attach_moves_the_mapped_track_two_steps() -> None:
    """EH-DRG-5, EH-ATTR-5, EH-ATTR-6 (AMB-07 map, with its warning until confirmed)."""
    t = cards_table()
    findings = t.ok("ATTACH_DRAGON", "Astrid", dragon="D-G", target="P-G")
    assert t.p("Astrid").attrs["speed"] == 2
    assert [f.rule for f in findings] == ["EH-ATTR-6"] and "AMB-07" in findings[0].message
    t2 = cards_table()
    t2.state.settings["colour_tracks"] = {"red": "speed", "blue": "strength", "green": "senses"}
    t2.state.settings["colour_tracks_confirmed"] = True
    assert t2.ok("ATTACH_DRAGON", "Astrid", dragon="D-G", target="P-G") == []
    assert t2.p("Astrid").attrs["senses"] == 2


def test_exotic_takes_the_colour_of_its_card() -> None:
    """EH-DRG-7, EH-DRG-6."""
    t = cards_table()
    t.ok("ATTACH_DRAGON", "Astrid", dragon="X", target="H-B")
    assert t.state.cards["X"].colour == "blue"
    from scorekeeper.games.emberheart.context import hero_active

    assert hero_active(t.state, "Astrid", "merchant")


def test_dragons_you_have_include_attached_and_not_discarded() -> None:
    """EH-DRG-8, EH-DRG-9: counts and Glory include attached Dragons; a discarded one is gone."""
    t = cards_table()
    attach_now(t, "D-R", "H-R")
    assert GAME.observe(t.state, "Astrid", "dragons") == 3
    t.state.cards["D-G"].discarded = True
    assert GAME.observe(t.state, "Astrid", "dragons") == 2
    row = next(r for r in GAME.score(t.state).rows if r.player == "Astrid")
    assert row.categories["Dragons"] == 3 + 2


def test_attach_window_ends_at_scoring() -> None:
    """EH-DRG-4 (AMB-28): attachments are allowed any time until End Game Scoring has begun."""
    t = cards_table()
    t.state.phase = "end"
    t.p("Astrid").gear = 3
    t.p("Astrid").flame = 2
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D-R", target="H-R")
    t.ok("END_GEAR_CONVERT", "Astrid", gear=3)
    t.refused("EH-DRG-4", "ATTACH_DRAGON", "Astrid", dragon="D-G", target="P-G")


def garrison_table(reqs: str) -> Table:
    t = cards_table()
    t.ok("CARD_REVEAL", location="garrison", slot="red", colour="red", glory=3, reqs=reqs, track="senses")
    card = t.state.cards["red3"]
    card.owner = "Astrid"
    t.state.garrison["red"] = None
    t.p("Astrid").cards.append("red3")
    return t


def test_garrison_completion() -> None:
    """EH-GAR-1, EH-GAR-2 (exotic fills a colour; Hirelings include the board), EH-GAR-3, EH-GAR-4, EH-GAR-6."""
    t = garrison_table("2red+1hero")
    t.ok("GARRISON_COMPLETE", "Astrid", card="red3")  # D-R + exotic X (as red) + 2 Heroes
    a = t.p("Astrid")
    assert a.attrs["senses"] == 1 and t.state.cards["red3"].completed
    assert len(t.state.owned("Astrid", "dragon")) == 3  # nothing spent
    t.refused("EH-GAR-6", "GARRISON_COMPLETE", "Astrid", card="red3")
    t.refused("EH-GAR-6", "GARRISON_COMPLETE", "Brandon", card="red3")


def test_garrison_exotic_cannot_count_twice_and_declarations() -> None:
    """EH-GAR-1, EH-DRG-6: one exotic fills one gap; a declaration elsewhere leaves the gap open."""
    t = garrison_table("2red+2green")
    f = t.refused("EH-GAR-1", "GARRISON_COMPLETE", "Astrid", card="red3")
    assert "lacks" in f.message
    t2 = garrison_table("2red")
    t2.refused("EH-GAR-1", "GARRISON_COMPLETE", "Astrid", card="red3", exotic={"X": "blue"})
    t2.ok("GARRISON_COMPLETE", "Astrid", card="red3", exotic={"X": "red"})


def test_garrison_hirelings_on_the_board_count() -> None:
    """EH-GAR-2: Hirelings in supply and on the Main board count."""
    t = garrison_table("1red+11grunt")
    t.fill_offers()
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=2, hire={"G": 2})
    t.p("Astrid").hire["G"] += 3  # 8 + 3 in supply, 2 on the board
    t.ok("GARRISON_COMPLETE", "Astrid", card="red3")


def test_completable_but_never_completed_warns_at_the_end() -> None:
    """EH-GAR-5 (AMB-19)."""
    t = garrison_table("1red")
    t.state.phase = "end"
    assert [f.rule for f in GAME.end_findings(t.state)] == ["EH-GAR-5"]


def test_attribute_track_limits_and_glory() -> None:
    """EH-ATTR-1 (overflow lost, AMB-18), EH-ATTR-2 (never down), EH-ATTR-3, EH-ATTR-4."""
    t = cards_table()
    give(t, "Astrid", "P-G2", "preserve", colour="green")
    give(t, "Astrid", "D-G2", "captive", colour="green", glory=1)
    t.p("Astrid").attrs["speed"] = 6
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D-G", target="P-G")
    assert t.p("Astrid").attrs["speed"] == 7
    t.ok("ATTACH_DRAGON", "Astrid", dragon="D-G2", target="P-G2")
    assert t.p("Astrid").attrs["speed"] == 7
    assert [attribute_glory(s) for s in range(8)] == [0, 0, 2, 2, 5, 5, 8, 12]


def test_attach_and_complete_out_of_turn() -> None:
    """EH-FLOW-6: attachments and Garrison completions are logged whenever, not on a turn."""
    t = cards_table()
    t.fill_offers()
    assert t.state.active() == "Astrid"
    give(t, "Brandon", "BD", "captive", colour="blue", glory=1)
    t.ok("ATTACH_DRAGON", "Brandon", dragon="BD", target="P-B")
    assert t.state.active() == "Astrid"


def test_status_reminds_a_completable_garrison() -> None:
    """EH-GAR-5: status notes a claimed Garrison card that could be completed now."""
    t = garrison_table("1red")
    assert any("eh complete red3" in n for n in GAME.status(t.state).notes)
    t.ok("GARRISON_COMPLETE", "Astrid", card="red3")
    assert not any("eh complete red3" in n for n in GAME.status(t.state).notes)
