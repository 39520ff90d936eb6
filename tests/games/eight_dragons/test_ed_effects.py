"""Issue 23 item 6, field report ED-V2: a placement's verdict says the Gold and the Chambers that paid it (the
play went through ``play_place``, so nothing was said and ``--json`` had no ``infos``)."""

from __future__ import annotations

from scorekeeper.app.session import Session
from scorekeeper.core.protocol import Draft
from scorekeeper.render.verdicts import verdict_lines


def test_a_placement_says_the_gold_and_the_chambers_that_paid_it() -> None:
    s = Session.in_memory("eight-dragons", ["A", "B", "C"])
    s.record(Draft("START", "A", {"tile": "SE/OOOOOO", "missions": [{"tile": "SME/OOOOOO/market:b", "at": "0,-1"}]}))
    s.record(Draft("FLY", None, {"spaces": 2}))
    gained = s.record(Draft("VILLAGE", "A", {"folk": "E", "villagers": 2, "tiles": ["P=E1/OOOOOO", "Q=E1/OOOOOO"]}))
    assert [(e.player, e.what, e.change) for e in gained.gains] == [("A", "tiles", 2)]
    placed = s.record(Draft("PLACE", "A", {"tiles": [{"tile": "P", "at": "1,-1", "rot": 0},
                                                     {"tile": "Q", "at": "-1,0", "rot": 0}]}))
    [gold] = placed.gains  # placing a gained tile costs nothing: only the Gold is said
    assert (gold.player, gold.what, gold.change) == ("A", "gold", 2)
    assert gold.why.count("Chamber ") == 2 and "P" in gold.why and "Q" in gold.why
    assert placed.to_json()["effects"][0]["text"].startswith("A +2 gold (Chamber ")
    assert verdict_lines(placed)[1].startswith("  A +2 gold (Chamber ")
