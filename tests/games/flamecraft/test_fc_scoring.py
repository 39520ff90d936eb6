"""Final scoring and tiebreaks (FC-SCORE-1, FC-SCORE-2, FC-SCORE-3, FC-SCORE-4, FC-SCORE-5, FC-SCORE-6, FC-SCORE-7, FC-SCORE-8, FC-SCORE-9, FC-SCORE-10), through the game's ``score`` hook."""

from __future__ import annotations

from typing import Any

import pytest

from fc_helpers import Table, fresh
from scorekeeper.core.protocol import MissingValueError
from scorekeeper.games.flamecraft import GAME


def finished(players: dict[str, dict[str, Any]]) -> Table:
    """A 2-player game brought to its end (the enchantment deck runs out on P1's first turn), then seeded."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, decks={"ench": 1}, row=["EN-1", "EN-2", "EN-3", "EN-4"])
    for player, shop in (("P1", "BAKERY"), ("P2", "BUTCHER"), ("P1", "SMITHY")):
        t.ok("VISIT", player, shop=shop)
        t.ok("GATHER", player)
        t.ok("END_TURN", player, **({"row": ["EN-10"]} if player == "P1" and shop == "BAKERY" else {}))
    assert t.state.finished
    t.ok("ADJUST", None, players=players)
    return t


def row(table: Any, name: str) -> Any:
    return next(r for r in table.rows if r.player == name)


def test_fc_score_1_2_3_5_6_final_table_with_coins_and_moon_dragons() -> None:
    """FC-SCORE-1 (after every final turn, once), FC-SCORE-2 (+1 per coin), FC-SCORE-3 (fulfilled moon
    dragons; one not judged is asked for, each of them: UX-12), FC-SCORE-5 (the total), FC-SCORE-6 (the highest
    wins)."""
    t = finished({"P1": {"rep": 10, "coins": 3, "fancies": ["FM-1", "FM-2"]}, "P2": {"rep": 14, "coins": 1, "fancies": ["FM-3"]}})
    with pytest.raises(MissingValueError, match="moon"):
        GAME.score(t.state)
    asked = t.bad("FINAL_SCORING", None, "FC-SCORE-3", moon={"FM-1": True})
    assert [(f.rule, f.asks) for f in asked] == [("FC-SCORE-3", True)]  # one ask naming both (FM-2, FM-3)
    assert "FM-2" in asked[0].message and "FM-3" in asked[0].message
    t.ok("FINAL_SCORING", None, moon={"FM-1": True, "FM-2": False, "FM-3": False})
    t.bad("FINAL_SCORING", None, "FC-SCORE-1", moon={"FM-1": True, "FM-2": False, "FM-3": False})
    table = GAME.score(t.state)
    assert table.final and table.categories == ["Reputation track", "Coins", "Moon dragons"]
    assert row(table, "P1").categories == {"Reputation track": 10, "Coins": 3, "Moon dragons": 4}
    assert (row(table, "P1").total, row(table, "P2").total) == (17, 15)
    assert table.winners == ["P1"] and table.tiebreak is None
    sources = [e.source for e in table.explanations if e.player == "P1"]
    assert "moon dragon FM-1 fulfilled" in sources and any("coin" in s for s in sources)


def test_fc_score_3_a_forced_final_scoring_of_an_older_journal_is_still_carried_out() -> None:
    """FC-SCORE-3: a moon dragon not judged is asked for now, and an ask is never recorded; a journal from before
    asks may hold a final scoring forced without it, which replays as it did then: carried out, the dragon
    unjudged scoring 0 (a breach, not a block), so the old game's score does not change."""
    t = finished({"P1": {"rep": 10, "coins": 3, "fancies": ["FM-1", "FM-2"]}, "P2": {"rep": 14, "coins": 1, "fancies": ["FM-3"]}})
    found = t.play("FINAL_SCORING", None, force=True, moon={"FM-1": True})
    assert [(f.rule, f.asks, f.blocks) for f in found if f.is_error] == [("FC-SCORE-3", False, False)]
    table = GAME.score(t.state)
    assert table.final and row(table, "P1").categories["Moon dragons"] == 4 and row(table, "P2").total == 15


def test_fc_score_1_final_scoring_waits_for_the_last_final_turn() -> None:
    """FC-SCORE-1: a final scoring before the game is over is refused; the table is provisional."""
    t = fresh(("P1", "P2"))
    t.bad("FINAL_SCORING", None, "FC-SCORE-1", moon={})
    table = GAME.score(t.state)
    assert not table.final and "provisional" in table.notes[0]


def test_fc_score_4_10_sun_dragons_and_reserves_score_nothing_at_the_end() -> None:
    """FC-SCORE-4 (A-30: sun dragons never at the end), FC-SCORE-10 (a reserve, a companion score nothing)."""
    t = finished({"P1": {"rep": 5, "fancies": ["FS-3"], "reserved": "EN-9"}, "P2": {"rep": 5, "fancies": []}})
    t.bad("FINAL_SCORING", None, "FC-SCORE-4", moon={"FS-3": True})
    table = GAME.score(t.state)  # no moon dragon: no declaration needed
    assert row(table, "P1").total == 5
    assert any("lapse" in n for n in table.notes) and any("EN-9" in n for n in table.notes)


def test_fc_score_7_fancy_6_tiebreak_most_dragons_in_hand() -> None:
    """FC-SCORE-7, FC-FANCY-6: tied totals → most artisan dragons in hand wins; fancy dragons do not count."""
    t = finished({"P1": {"rep": 8, "coins": 0, "hand": ["AD-1", "AD-2"], "fancies": []},
                  "P2": {"rep": 8, "coins": 0, "hand": ["AD-3"], "fancies": ["FS-3", "FD-1"]}})
    table = GAME.score(t.state)
    assert table.winners == ["P1"] and "most artisan dragons" in table.tiebreak
    assert (row(table, "P1").rank, row(table, "P2").rank) == (1, 2)


def test_fc_score_8_tiebreak_most_leftover_goods_coins_excluded() -> None:
    """FC-SCORE-8 (A-03): still tied → most leftover goods (all types; coins already scored)."""
    t = finished({"P1": {"rep": 8, "coins": 2, "hand": ["AD-1"], "goods": {"bread": 1}, "fancies": []},
                  "P2": {"rep": 10, "coins": 0, "hand": ["AD-3"], "goods": {"meat": 1, "iron": 1}, "fancies": []}})
    table = GAME.score(t.state)
    assert row(table, "P1").total == row(table, "P2").total == 10
    assert table.winners == ["P2"] and "leftover goods" in table.tiebreak


def test_fc_score_9_shared_victory() -> None:
    """FC-SCORE-9: tied on every count → the players share the victory."""
    t = finished({"P1": {"rep": 8, "coins": 0, "hand": ["AD-1"], "goods": {"bread": 2}, "fancies": []},
                  "P2": {"rep": 8, "coins": 0, "hand": ["AD-3"], "goods": {"meat": 2}, "fancies": []}})
    table = GAME.score(t.state)
    assert table.winners == ["P1", "P2"] and "share" in table.tiebreak
    assert {r.rank for r in table.rows} == {1}


def test_fc_score_explain_lists_every_reputation_source() -> None:
    """score --explain: every point on the track has a source (slot rewards, gifts, enchantments…)."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"hand": ["AD-1"], "goods": {"bread": 2, "meat": 1}}})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    t.ok("PLACE", "P1", dragon="AD-1", slot=3)
    t.ok("FIRE_UP", "P1", dragon="AD-1", gift={"to": "P2", "item": "meat"})
    table = GAME.score(t.state)
    explained = [(e.points, e.source) for e in table.explanations if e.player == "P1"]
    assert sum(p for p, _ in explained) == t.p("P1").rep == 4
    assert any("slot 3 reward at BAKERY" in s for _, s in explained) and any("gift" in s for _, s in explained)


def test_fc_score_1_a_finished_game_without_final_scoring_is_flagged_at_the_end_of_the_journal() -> None:
    """FC-SCORE-1: replaying a finished game whose moon dragons were never judged ends with a warning."""
    t = finished({"P1": {"fancies": ["FM-1"]}, "P2": {"fancies": []}})
    assert [(v.rule, v.severity) for v in t.replay().violations] == [("FC-SCORE-1", "warning")]
    t.ok("FINAL_SCORING", None, moon={"FM-1": True})
    assert t.replay().violations == []
