"""The hex Lair: placement legality (ED-LAIR-2, ED-LAIR-3, ED-LAIR-4), Chambers (ED-CHAMBER-*), scenarios G1 and G2."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.games.eight_dragons.lair import Lair, chamber_pays, chamber_single_colour
from scorekeeper.games.eight_dragons.notation import parse_tile
from scorekeeper.games.eight_dragons.tiles import Tile
from scorekeeper.games.eight_dragons.hexgrid import rotate_edges
from scorekeeper.games.eight_dragons.render import render_lair

from ed_support import Table, make_config


def g1_lair() -> Lair:
    lair = Lair()
    lair.place(parse_tile("SG/WOOOWW", "ST"), (0, 0), 0)
    lair.place(parse_tile("SM/WWWWOW/market:b", "SM"), (1, -1), 0)
    return lair


def test_g1_legal_placement_with_a_tolerated_wall_wall_contact():
    """Scenario G1 (ED-LAIR-2, ED-LAIR-3, ED-LAIR-4): X at (1,0) turned 5 is legal, no Chamber, only turn 5 fits."""
    lair = g1_lair()
    x = parse_tile("E1/OWWWWW", "X")
    eff = rotate_edges("OWWWWW", 5)
    assert eff == "WWWWWO"
    contacts = {name: (mine, theirs) for _, name, mine, theirs in lair.contacts((1, 0), eff)}
    assert contacts == {"ST": ("O", "O"), "SM": ("W", "W")}
    assert lair.placement_problem((1, 0), eff) is None
    assert lair.chambers_formed((1, 0), eff) == []
    assert lair.legal_rotations(x, (1, 0)) == [5]


def test_g1_n_open_against_wall_only_is_illegal():
    """Scenario G1-N (ED-LAIR-3, ED-LAIR-4): contacts only O–W / W–O are refused, naming the edges."""
    problem = g1_lair().placement_problem((1, 0), "OWWWWW")
    assert problem is not None
    assert "NW edge: wall against an open edge of ST" in problem
    assert "N edge: open edge against a wall of SM" in problem


def test_g2_wall_to_wall_is_refused_and_the_legal_rotations_are_offered():
    """Scenario G2 (ED-LAIR-3, ED-LAIR-4): Y at (0,1) turned 0 is illegal; turns 1–4 are legal; turn 2 closes no Chamber."""
    lair = g1_lair()
    lair.place(parse_tile("E1/OWWWWW", "X"), (1, 0), 5)
    y = parse_tile("G1/WWOOOO", "Y")
    problem = lair.placement_problem((0, 1), "WWOOOO")
    assert problem is not None and "N edge: wall against an open edge of ST" in problem
    assert "NE edge: wall against wall of X" in problem
    assert lair.legal_rotations(y, (0, 1)) == [1, 2, 3, 4]
    assert rotate_edges("WWOOOO", 2) == "OOWWOO"
    assert lair.chambers_formed((0, 1), "OOWWOO") == []


def test_g2_b_dead_cell_takes_no_tile_at_all():
    """Scenario G2-b (ED-LAIR-3): cell (2,-1) faces only walls; even an all-open tile cannot go there."""
    lair = g1_lair()
    lair.place(parse_tile("E1/OWWWWW", "X"), (1, 0), 5)
    assert (2, -1) in lair.dead_cells()
    assert lair.legal_rotations(parse_tile("E1/OOOOOO", "Z"), (2, -1)) == []


def test_placement_needs_an_empty_cell_touching_the_lair():
    """ED-LAIR-2: occupied cells and cells away from the Lair are refused."""
    lair = g1_lair()
    assert "already holds ST" in lair.placement_problem((0, 0), "OOOOOO")
    assert "does not touch" in lair.placement_problem((5, 5), "OOOOOO")


def _triangle(colours: str, last_edges: str = "OOOOOO") -> tuple[Lair, list]:
    lair = Lair()
    lair.place(Tile("A", "L1", colours[0], "OOOOOO"), (0, 0), 0)
    lair.place(Tile("B", "L1", colours[1], "OOOOOO"), (0, -1), 0)
    formed = lair.place(Tile("C", "L1", colours[2], last_edges), (1, -1), 0)
    return lair, formed


def test_chamber_forms_where_three_tiles_meet_with_all_edges_open():
    """ED-CHAMBER-1, ED-CHAMBER-2: the third tile at a vertex closes the Chamber."""
    lair, formed = _triangle("EEE")
    assert formed == [frozenset({(0, 0), (0, -1), (1, -1)})]
    assert lair.chambers == set(formed)


def test_a_wall_on_either_side_of_a_shared_edge_means_no_chamber():
    """ED-CHAMBER-5 (A-03): C's SW edge (facing A) is a wall: no Chamber."""
    lair, formed = _triangle("EEE", "OOOOWO")
    assert formed == []


@pytest.mark.parametrize("colours,pays", [
    ("EEE", True), ("EGO", True), ("EEG", False), ("JEG", True), ("JEE", True), ("JJE", True), ("NEE", False),
    ("NJJ", False),
])
def test_chamber_gold_one_colour_or_three_colours_jokers_count_as_all(colours, pays):
    """ED-CHAMBER-3, ED-CHAMBER-4, ED-CHAMBER-6, ED-CHAMBER-7: same or all-different colours pay; exactly two colours do not; Jokers are every colour;
    colourless tiles match nothing (A-04)."""
    tiles = [Tile(str(i), "L1", c, "OOOOOO") for i, c in enumerate(colours)]
    assert chamber_pays(tiles) is pays


def test_colourless_tiles_can_count_as_jokers_by_setting():
    """A-04 alternative (colour.none = joker)."""
    tiles = [Tile(str(i), "L1", c, "OOOOOO") for i, c in enumerate("NEE")]
    assert chamber_pays(tiles, "joker")


@pytest.mark.parametrize("folks,none,pays", [
    ("GO", "no_match", False), ("GO", "player", True), ("GG", "player", False), ("GG", "joker", True),
])
def test_ed_chamber_3_a_starting_tile_can_show_its_players_colour(folks, none, pays):
    """Field report ED-R1 (ED-CHAMBER-3, A-04): with ``colour.none=player`` a Starting Tile shows its player's own
    colour, so S + Gnomes + Goblins is three different colours and pays; S + Gnomes + Gnomes is two and does not.
    Before, no setting could say so (``no_match`` never pays, ``joker`` pays for both)."""
    start = Tile("S-Rhed", "START", "N", "OOOOOO")
    tiles = [start, *(Tile(str(i), "L1", c, "OOOOOO") for i, c in enumerate(folks))]
    assert chamber_pays(tiles, none) is pays
    assert not chamber_single_colour([start, start, start], None, "player") or none != "player"


def test_single_colour_test_for_tours_and_specialists():
    """ED-SCORE-10, ED-SCORE-11, ED-CHAMBER-6: one colour, Jokers included."""
    tiles = [Tile(str(i), "L1", c, "OOOOOO") for i, c in enumerate("JEE")]
    assert chamber_single_colour(tiles) and chamber_single_colour(tiles, "E") and not chamber_single_colour(tiles, "G")


def test_one_tile_closes_several_chambers_and_each_pays():
    """ED-CHAMBER-2, ED-CHAMBER-3: a tile in a ring's gap closes two Chambers at once; the placer gains 1 Gold each."""
    t = Table(make_config(("A", "B", "C")))
    t.play("START", "A", tile="SE/OOOOOO", missions=[{"tile": "SME/OOOOOO/market:b", "at": "0,-1", "rot": 0}])
    t.play("FLY", "A", spaces=2)
    t.play("VILLAGE", "A", folk="E", villagers=2, tiles=["P=E1/OOOOOO", "Q=E1/OOOOOO"])
    t.play("PLACE", "A", tiles=[{"tile": "P", "at": "1,-1", "rot": 0}])
    assert t.state.players["A"].gold == 1  # P closes the Chamber {ST, SM, P}: all Elves
    t.play("PLACE", "A", tiles=[{"tile": "Q", "at": "-1,0", "rot": 0}])
    assert t.state.players["A"].gold == 2
    assert len(t.state.players["A"].lair.chambers) == 2


def test_refused_placement_names_the_wrong_edge_and_what_would_fit():
    """ED-LAIR-3: the message says which edge is wrong and the legal turns there."""
    t = Table(make_config(("A", "B", "C")))
    t.play("START", "A", tile="SG/WOOOWW", missions=[{"tile": "SM/WWWWOW/market:b", "at": "1,-1", "rot": 0}])
    t.play("FLY", "A", spaces=1)
    t.play("VILLAGE", "A", folk="E", villagers=1, tiles=["X=E1/OWWWWW"])
    findings = t.check("PLACE", "A", tiles=[{"tile": "X", "at": "1,0", "rot": 0}])
    assert [f.rule for f in findings] == ["ED-LAIR-3"]
    assert "legal turns there: 5" in findings[0].message
    t.play("PLACE", "A", tiles=[{"tile": "X", "at": "1,0", "rot": 5}])


def test_batch_is_accepted_in_another_legal_order():
    """ED-LAIR-7 (A-27): Q only touches the Lair once P is placed; the batch [Q, P] is accepted, with no warning
    (field report ED-V7: the tiles go down together, so `check` must not list it; the verdict says the order)."""
    def table(**settings):
        t = Table(make_config(("A", "B", "C"), **settings))
        t.play("START", "A", tile="S/OOOOOO", missions=[{"tile": "SM/WWWOWW/market:b", "at": "0,-1", "rot": 0}])
        t.play("FLY", "A", spaces=1)
        t.play("VILLAGE", "A", folk="E", villagers=2, tiles=["P=E1/OOOOOO", "Q=E1/OWWWWW"])
        return t

    batch = [{"tile": "Q", "at": "2,0", "rot": 5}, {"tile": "P", "at": "1,0", "rot": 0}]
    t = table()
    findings = t.play("PLACE", "A", tiles=batch)
    assert findings == []
    assert len(t.state.players["A"].lair) == 4
    strict = table(**{"lair.batch_order": "strict_log_order"})
    assert strict.errors("PLACE", "A", tiles=batch) == ["ED-LAIR-2"]


def test_a_lair_tile_with_the_joker_background_counts_as_every_colour():
    """ED-CHAMBER-6: a Lair Tile printed with the special background (notation 'joker') is a Joker but still
    comes from its Folk's stack."""
    joker = parse_tile("E2/OOOOOO/b,joker", "J")
    assert joker.stack == "E2" and joker.joker and joker.notation() == "E2/OOOOOO/b,joker"
    tiles = [joker, Tile("G", "L1", "G", "OOOOOO"), Tile("O", "L1", "O", "OOOOOO")]
    assert chamber_pays(tiles) and chamber_single_colour([joker, tiles[1], tiles[1]], "G")


def two_tiles_to_place() -> Table:
    """A's Lair of scenario G1 (Starting Tile SG/WOOOWW, Mission at 1,-1) and two gained tiles X and Y, both E1/OWWWWW."""
    t = Table(make_config(("A", "B", "C")))
    t.play("START", "A", tile="SG/WOOOWW", missions=[{"tile": "SM/WWWWOW/market:b", "at": "1,-1", "rot": 0}])
    t.play("FLY", "A", spaces=1)
    t.play("VILLAGE", "A", folk="E", villagers=2, tiles=["X=E1/OWWWWW", "Y=E1/OWWWWW"])
    return t


def test_a_refused_batch_names_every_bad_tile_with_its_legal_turns():
    """ED-LAIR-3, ED-LAIR-2: each tile of a refused batch that cannot go where it was typed gets its own refusal,
    with the turns that fit there; a good tile of the batch is not named."""
    t = two_tiles_to_place()
    both_bad = [{"tile": "X", "at": "1,0", "rot": 0}, {"tile": "Y", "at": "0,1", "rot": 1}]
    errors = [f for f in t.check("PLACE", "A", tiles=both_bad) if f.is_error]
    assert [f.rule for f in errors] == ["ED-LAIR-3", "ED-LAIR-3"]
    assert errors[0].message.startswith("X on 1,0 turned 0: ") and "legal turns there: 5" in errors[0].message
    assert errors[1].message.startswith("Y on 0,1 turned 1: ") and "legal turns there: 0" in errors[1].message
    one_bad = [{"tile": "X", "at": "1,0", "rot": 5}, {"tile": "Y", "at": "5,5", "rot": 0}]
    errors = [f for f in t.check("PLACE", "A", tiles=one_bad) if f.is_error]
    assert [(f.rule, f.message.split(":")[0]) for f in errors] == [("ED-LAIR-2", "Y on 5,5 turned 0")]


def test_a_placement_may_give_the_edges_as_seen_instead_of_the_turns():
    """ED-LAIR-3, ED-LAIR-5: 'seen' is the tile's edges as they lie in the Lair (N NE SE S SW NW); the engine finds
    the turn. Edges that no turn of the printed face shows are refused, naming the turns' edges."""
    t = two_tiles_to_place()
    wrong = t.refused("ED-LAIR-5", "PLACE", "A", tiles=[{"tile": "X", "at": "1,0", "seen": "OOWWWW"}])
    assert "X is printed OWWWWW: no turn of it shows OOWWWW" in wrong.message
    refused = t.refused("ED-LAIR-3", "PLACE", "A", tiles=[{"tile": "X", "at": "1,0", "seen": "WOWWWW"}])
    assert "turned 1" in refused.message and "legal turns there: 5 (edges as seen: WWWWWO)" in refused.message
    t.ok("PLACE", "A", tiles=[{"tile": "X", "at": "1,0", "seen": "wwwwwo"}, {"tile": "Y", "at": "0,1", "seen": "OWWWWW"}])
    lair = t.state.players["A"].lair
    assert lair.cells[(1, 0)].rotation == 5 and lair.cells[(0, 1)].rotation == 0


def test_ed_place_reads_the_edges_as_seen_after_the_cell(cli):
    """ED-LAIR-3 through the CLI: 'X@1,0/WWWWWO' places X with the turn that shows those edges; a refused batch
    names every bad tile."""
    from test_ed_review import new_game

    new_game(cli)
    cli("ed", "start", "Ann", "SG/WOOOWW", "SM/WWWWOW/market:b@1,-1")
    cli("ed", "fly", "-n", "3")
    assert cli("ed", "village", "X=E1/OWWWWW", "Y=E1/OWWWWW", "--folk", "E", "--villagers", "2").exit_code == 0
    refused = cli("ed", "place", "X@1,0", "Y@0,1r1")
    assert refused.exit_code == 1 and "X on 1,0 turned 0" in refused.output and "Y on 0,1 turned 1" in refused.output
    assert cli("ed", "place", "X@1,0/OWWWWWr2").exit_code == 2
    ok = cli("ed", "place", "X@1,0/WWWWWO", "Y@0,1")
    assert ok.exit_code == 0 and "Ann places X at 1,0 turned 5" in ok.output


def test_a_starting_mission_may_give_its_edges_as_seen():
    """ED-SETUP-14, ED-SETUP-12: a Starting Mission typed with its edges as seen is laid with the turn that shows
    them; edges that no turn of its face shows are refused."""
    t = Table(make_config(("A", "B", "C")))
    bad = [{"tile": "SM/OOOOOW/market:g", "at": "0,-1", "seen": "OOWOOW"}]
    assert "no turn of it shows OOWOOW" in t.refused("ED-SETUP-12", "START", "A", tile="S/OOOOOO", missions=bad).message
    t.ok("START", "A", tile="S/OOOOOO", missions=[{"tile": "SM/OOOOOW/market:g", "at": "0,-1", "seen": "OOWOOO"}])
    assert t.state.players["A"].lair.cells[(0, -1)].rotation == 3


SAMPLES = sorted((Path(__file__).parents[3] / "sample_sessions" / "eight-dragons").glob("*.json"))


def drawn_in_full(output: str, names: list[str]) -> list[str]:
    """The names that the map neither draws in full nor by a key that the tile list explains."""
    drawing, _, text = output.partition("Legend")
    tiles = " ".join(text.partition("Tiles: ")[2].partition("\nChambers")[0].split())
    missing = []
    for name in names:
        key = re.search(rf"(?<![\w-]){re.escape(name)} \((#\d+)\)", tiles)
        if not (re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", drawing) or (key and key.group(1) in drawing)):
            missing.append(name)
        assert name in tiles
    return missing


@pytest.mark.parametrize("sample", [s for s in SAMPLES if s.name != "manifest.json"], ids=lambda p: p.stem)
def test_the_lair_map_of_every_sample_fits_80_columns_with_every_name_whole(cli, sample):
    """Each player's Lair map in the sample sessions fits 80 columns and shows every tile's name whole: in the
    hex when it has at most 7 characters, else as a key (#1) that the tile list gives with the full name."""
    status = cli.json("status", "--session", str(sample))
    for player in [p["player"] for p in status["players"]]:
        out = cli("ed", "lair", player, "--session", str(sample)).output
        names = [t["name"] for t in cli.json("ed", "lair", player, "--session", str(sample))["tiles"]]
        assert [line for line in out.splitlines() if len(line) > 80] == []
        assert names and drawn_in_full(out, names) == []


def test_a_lair_wider_than_the_screen_is_drawn_in_bands_of_columns():
    """A Lair 16 cells wide (wider than an 80-column screen holds, about 11) is drawn in bands of q columns, one
    under the other, each within 80 columns; every tile is drawn whole or by its key."""
    lair = Lair()
    names = ["S-Wide" if i == 0 else f"Long-tile-{i}" for i in range(16)]
    for i, name in enumerate(names):
        lair.place(parse_tile(("S" if i == 0 else "E1") + "/OOOOOO/1", name), (i, 0), 0)
    out = render_lair(lair, "wide", width=80)
    assert [line for line in out.splitlines() if len(line) > 80] == []
    assert "q -1 to 8:" in out and "q 9 to 16:" in out
    assert drawn_in_full(out, names) == [] and "Long-tile-10 (#10)" in out
    wide = render_lair(lair, "wide", width=140)  # 18 columns of q: 7 × 17 + 11 = 130
    assert "q -1 to" not in wide and 120 < max(len(line) for line in wide.splitlines()) <= 140
