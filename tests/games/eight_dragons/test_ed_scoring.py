"""Final scoring: chests replacing symbols, tile Gold, every Mission type, Royal Challenges, the tiebreak
(ED-SCORE-*, ED-ROYAL-*), and scenario M1 (38 Gold)."""

from __future__ import annotations

import pytest

from scorekeeper.games.eight_dragons import GAME
from scorekeeper.games.eight_dragons.lair import Lair
from scorekeeper.games.eight_dragons.scoring import (LairView, gold_chain, longest_wall, royal_places, lair_size)
from scorekeeper.games.eight_dragons.state import Chest
from scorekeeper.games.eight_dragons.notation import parse_tile

from ed_support import Table, make_config, tied_table

M1_TILES = [
    ("L01", "S/OOOOOO"), ("L02", "SM/OOOOOO/market:b"), ("L03", "E1/OOOOOO/b"), ("L04", "E1/OOOOOO/b,1"),
    ("L05", "E2/OOOOOO/b,2"), ("L06", "G1/OOOOOO/g"), ("L07", "G2/OOOOOO/g,2"), ("L08", "M/OOOOOO/craft:bg"),
    ("L09", "M/OOOOOO/alch:bgc"), ("L10", "O1/OOOOOO/1"),
]


def m1_table(chest_on: str | None = "L10") -> Table:
    """Rhed's Lair of scenario M1 (cells do not matter: no Chamber Missions), at the end of the game."""
    t = Table(make_config(("Rhed", "Blakkar", "Greenyra")))
    rhed = t.state.players["Rhed"]
    for index, (name, spec) in enumerate(M1_TILES):
        rhed.lair.place(parse_tile(spec, name), (index, 0), 0)
    rhed.gold = 12
    rhed.chests = [Chest("C1", "Sinistra"), Chest("C2", "Dextra")]
    t.state.over = True
    chests = [{"id": "C1", "artifacts": "c", "on": chest_on}, {"id": "C2", "artifacts": "o", "on": None}]
    t.play("CHESTS", "Rhed", chests=chests)
    return t


def rhed_row(t: Table):
    table = GAME.score(t.state)
    return next(r for r in table.rows if r.player == "Rhed"), table


def test_m1_artifact_missions_with_a_chest_replacing_symbols():
    """Scenario M1 (ED-SCORE-1, ED-SCORE-2, ED-SCORE-3, ED-SCORE-4, ED-SCORE-5, ED-SCORE-6, ED-SCORE-7, ED-SCORE-8, ED-SCORE-9, ED-SCORE-13): 12 + 5 + 6 + 8 + 7 = 38."""
    row, table = rhed_row(m1_table("L10"))
    assert row.categories["Gold held"] == 12
    assert row.categories["Tile Gold"] == 5
    assert row.categories["Market Stalls"] == 6
    assert row.categories["Craftsmen"] == 8
    assert row.categories["Alchemists"] == 7
    assert row.total == 38
    sources = [e.source for e in table.explanations if e.player == "Rhed"]
    assert any("chest C1 (Crystal) covers L10" in s for s in sources)
    assert any(s.startswith("L09 Alchemists") and "7 × 1 set(s)" in s for s in sources)


@pytest.mark.parametrize("chest_on,total", [(None, 32), ("L04", 36)])
def test_m1_cross_checks(chest_on, total):
    """M1 cross-checks (ED-SCORE-2, ED-SCORE-3): no chest placed → 32; C1 on L04 (blanks a Book and 1 Gold) → 36."""
    row, _ = rhed_row(m1_table(chest_on))
    assert row.total == total


def test_chest_rules_one_per_tile_in_own_lair_after_the_end():
    """ED-SCORE-1, ED-SCORE-16: chests are placed at the end, one per tile, on the player's own tiles."""
    t = Table(make_config(("A", "B", "C")))
    t.state.players["A"].chests = [Chest("C1", "Sinistra"), Chest("C2", "Sinistra")]
    assert t.errors("CHESTS", "A", chests=[]) == ["ED-SCORE-16"]
    t.state.over = True
    t.state.players["A"].lair.place(parse_tile("S/OOOOOO", "S-A"), (0, 0), 0)
    both = [{"id": "C1", "artifacts": "b", "on": "S-A"}, {"id": "C2", "artifacts": "g", "on": "S-A"}]
    assert t.errors("CHESTS", "A", chests=both) == ["ED-SCORE-1"]
    assert t.errors("CHESTS", "A", chests=[{"id": "C9", "artifacts": "b", "on": "S-A"}]) == ["ED-SCORE-1"]
    assert t.errors("CHESTS", "A", chests=[{"id": "C1", "artifacts": "b", "on": "nope"}]) == ["ED-SCORE-1"]


def chamber_lair(colours: str, mission: str) -> Table:
    """A Lair with one Chamber of three tiles of ``colours`` and a Mission tile elsewhere."""
    t = Table(make_config(("A", "B", "C")))
    a = t.state.players["A"]
    for (q, r), colour, name in zip([(0, 0), (0, -1), (1, -1)], colours, "XYZ"):
        face = "MJ" if colour == "J" else f"{colour}1"  # Jokers are Merchant Tiles with a special background
        a.lair.place(parse_tile(f"{face}/OOOOOO", name), (q, r), 0)
    a.lair.place(parse_tile(f"M/WWWWOW/{mission}", "M"), (-1, 1), 0)
    a.chests = [Chest("C1", "Sinistra")]
    t.state.over = True
    return t


@pytest.mark.parametrize("colours,mission,category,gold", [
    ("EEE", "spec:E", "Specialists", 3),
    ("JEE", "spec:E", "Specialists", 3),
    ("EEG", "spec:E", "Specialists", 0),
    ("EEE", "tours", "Lair Tours", 2),
    ("EGO", "tours", "Lair Tours", 0),
    ("EEE", "chests", "Chest Collectors", 2),
    ("EEE", "market:gb", "Market Stalls", 0),
])
def test_chamber_and_chest_missions(colours, mission, category, gold):
    """ED-SCORE-10, ED-SCORE-11, ED-SCORE-12 (A-37), ED-CHAMBER-6: Specialists 3 per Chamber of the colour; Lair Tours 2 per
    single-colour Chamber; Chest Collectors 2 per chest, even unplaced."""
    t = chamber_lair(colours, mission)
    row = next(r for r in GAME.score(t.state).rows if r.player == "A")
    assert row.categories[category] == gold


def test_specialists_any_one_setting():
    """A-37 alternative (score.specialists = any_one)."""
    t = chamber_lair("EEG", "spec:G")
    t.state.settings["score.specialists"] = "any_one"
    row = next(r for r in GAME.score(t.state).rows if r.player == "A")
    assert row.categories["Specialists"] == 3


def test_each_artifact_counts_once_per_mission():
    """ED-SCORE-5: two Market Stalls on Books both count the same 2 Books; a multiset Craftsmen (Book+Book) needs 2 per set (A-38)."""
    t = Table(make_config(("A", "B", "C")))
    a = t.state.players["A"]
    for i, spec in enumerate(["S/OOOOOO", "SM/OOOOOO/market:b", "M/OOOOOO/market:b", "E1/OOOOOO/2b", "M/OOOOOO/craft:bb"]):
        a.lair.place(parse_tile(spec, f"T{i}"), (i, 0), 0)
    row = next(r for r in GAME.score(t.state).rows if r.player == "A")
    assert row.categories["Market Stalls"] == 8 and row.categories["Craftsmen"] == 4


def test_gold_chain_counts_the_longest_path_not_branches():
    """ED-ROYAL-5 (A-33): a Y of Gold tiles (centre + three arms) is a chain of 3; coins by setting."""
    lair = Lair()
    lair.place(parse_tile("S/OOOOOO/1", "C"), (0, 0), 0)
    for i, cell in enumerate([(0, -1), (1, 0), (-1, 1)]):
        lair.place(parse_tile(f"E1/OOOOOO/{i + 1}", f"A{i}"), cell, 0)
    lair.place(parse_tile("E1/OOOOOO", "NoGold"), (1, -1), 0)
    view = LairView(lair)
    assert gold_chain(view) == 3
    assert gold_chain(view, length="coins") == 1 + 2 + 3
    assert gold_chain(LairView(lair, {"C": ""})) == 1  # a chest blanks the centre's Gold


def test_longest_wall_rings_and_shared_edges():
    """ED-ROYAL-6 (A-34): one walled tile is a ring of 6; two walled neighbours a ring of 10; open tiles none."""
    one = Lair()
    one.place(parse_tile("S/WWWWWW", "A"), (0, 0), 0)
    assert longest_wall(one) == 6
    one.place(parse_tile("E1/WWWWWW", "B"), (1, 0), 0)
    assert longest_wall(one) == 10
    open_lair = Lair()
    open_lair.place(parse_tile("S/OOOOOO", "A"), (0, 0), 0)
    assert longest_wall(open_lair) == 0
    mixed = Lair()
    mixed.place(parse_tile("S/OWWWWW", "A"), (0, 0), 0)
    mixed.place(parse_tile("E1/OOOOOO", "B"), (0, -1), 0)
    assert longest_wall(mixed) == 5  # the open N edge meets an open edge: no segment there
    assert longest_wall(mixed, "both_sides") == 5


def test_royal_places_with_ties():
    """ED-ROYAL-3, ED-ROYAL-4 (A-36): tied 1st places share; 2nd is the next distinct value; all tied → no 2nd."""
    assert royal_places({"A": 3, "B": 3, "C": 2, "D": 1}, lower_is_better=False) == (["A", "B"], ["C"])
    assert royal_places({"A": 3, "B": 4, "C": 4}, lower_is_better=True) == (["A"], ["B", "C"])
    assert royal_places({"A": 2, "B": 2}, lower_is_better=True) == (["A", "B"], [])


def test_royal_challenges_in_the_score_table():
    """ED-ROYAL-1, ED-ROYAL-2, ED-ROYAL-7, ED-SCORE-13: the four cards scored card by card; smallest Lair and fewest Artifacts
    count chests placed."""
    t = Table(make_config(("A", "B"), royal=["smallest:6:3", "artifacts:5:2", "gold:8:4", "wall:7:3"]))
    a, b = t.state.players["A"], t.state.players["B"]
    a.lair.place(parse_tile("S/WWWWWW", "SA"), (0, 0), 0)
    b.lair.place(parse_tile("S/OOOOOO/1", "SB"), (0, 0), 0)
    b.lair.place(parse_tile("E1/OOOOOO/b,1", "EB"), (0, 1), 0)
    table = GAME.score(t.state)
    rows = {r.player: r for r in table.rows}
    # A: smallest (6), fewest Artifacts (5), Wall 6 (7), no Gold chain; B: Gold chain 2 (8), 2nd smallest and 2nd
    # fewest, no Wall (see the next test)
    assert rows["A"].categories["Royal Challenges"] == 6 + 5 + 7
    assert rows["B"].categories["Royal Challenges"] == 3 + 2 + 8


def test_royal_no_gold_chain_or_no_wall_takes_no_place():
    """ED-ROYAL-3, ED-ROYAL-5, ED-ROYAL-6: the rulebook's Challenges are "the longest continuous Gold chain (not
    counting branches), and the longest continuous Wall (not counting branches)" and "During the game you try to
    fulfil the revealed Challenges": a Lair with no Gold tile has no Gold chain, one with no wall no Wall, so it has
    not fulfilled the Challenge and takes no place (not 2nd place with a chain of 0). --explain says every
    player's measured value, placed or not."""
    t = Table(make_config(("A", "B", "C"), royal=["smallest:6:3", "artifacts:5:2", "gold:8:4", "wall:7:3"]))
    lairs = {"A": "S/OOOOOO/1", "B": "S/WWWWWW", "C": "S/OOOOOO"}
    for name, face in lairs.items():
        t.state.players[name].lair.place(parse_tile(face, f"S{name}"), (0, 0), 0)
    table = GAME.score(t.state)
    said = {(e.player, e.source) for e in table.explanations if "Gold chain" in e.source or "Wall" in e.source}
    paid = {name: sum(e.points for e in table.explanations if e.player == name and (
        "Gold chain" in e.source or "Wall" in e.source)) for name in lairs}
    assert paid == {"A": 8, "B": 7, "C": 0}
    assert said == {("A", "1st longest Gold chain (1)"), ("B", "no place, longest Gold chain (0)"),
                    ("C", "no place, longest Gold chain (0)"), ("B", "1st longest Wall (6)"),
                    ("A", "no place, longest Wall (0)"), ("C", "no place, longest Wall (0)")}


def test_tiebreak_smallest_lair_then_coin_flick():
    """ED-SCORE-14, ED-SCORE-15 (A-41, A-43): equal Gold → the smaller Lair wins; still tied → the recorded flick
    decides, and until it is recorded nobody has won (field report TALLY-8: no shared victory before the flick)."""
    t = tied_table()
    table = GAME.score(t.state)
    assert t.state.over and [r.rank for r in table.rows] == [1, 3, 1] and table.winners == []
    assert "flick a coin" in table.tiebreak
    assert t.errors("FLICK", "B") == ["ED-SCORE-15"]
    t.play("FLICK", "C")
    table = GAME.score(t.state)
    rows = {r.player: r for r in table.rows}
    assert table.winners == ["C"] and rows["C"].total == 11 and rows["A"].total == 9
    assert t.errors("FLICK", "A") == ["ED-SCORE-15"]


def test_score_is_provisional_mid_game_and_final_after_the_last_turn():
    """ED-SCORE-16: final only when the game is over."""
    t = Table(make_config(("A", "B", "C")))
    assert GAME.score(t.state).final is False
    t.state.over = True
    assert GAME.score(t.state).final is True


def test_lair_size_rules():
    """A-43: every tile, or Lair Tiles only."""
    lair = Lair()
    lair.place(parse_tile("S/OOOOOO", "S"), (0, 0), 0)
    lair.place(parse_tile("E1/OOOOOO", "E"), (1, 0), 0)
    assert lair_size(lair) == 2 and lair_size(lair, "lair_tiles") == 1


def test_wall_search_is_exact_on_small_lairs_and_bounded_on_huge_walled_ones():
    """ED-ROYAL-6: a ring of walled tiles is measured exactly; a pathological all-wall Lair stops at the step budget
    and the score table says the value is the longest found."""
    from scorekeeper.games.eight_dragons.hexgrid import distance
    from scorekeeper.games.eight_dragons.lair import Placed
    from scorekeeper.games.eight_dragons.scoring import longest_wall_search

    cells = sorted([(q, r) for q in range(-4, 5) for r in range(-4, 5) if distance((q, r), (0, 0)) <= 2],
                   key=lambda c: (distance(c, (0, 0)), c))
    small = Lair()
    for i, c in enumerate(cells[:3]):
        small.cells[c] = Placed(parse_tile("E1/WWWWWW", f"T{i}"), 0)
    assert longest_wall_search(small) == (12, True)  # three hexes round a corner: their outer ring
    t = Table(make_config(("A", "B"), royal=["smallest:6:3", "artifacts:5:2", "gold:8:4", "wall:7:3"]))
    for i, c in enumerate(cells):
        t.state.players["A"].lair.cells[c] = Placed(parse_tile("E1/WWWWWW", f"T{i}"), 0)
    table = GAME.score(t.state)
    assert any("longest Wall search stopped early" in n for n in table.notes)
