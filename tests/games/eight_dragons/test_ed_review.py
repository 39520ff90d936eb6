"""Review pass: rules re-checked against the rulebook and friction found at the table, each pinned by a test
(the rule IDs are cited in every docstring)."""

from __future__ import annotations

from scorekeeper.games.eight_dragons import GAME

from pathlib import Path

from ed_support import Table, fx_board, make_config, tied_table

BOARD = Path(__file__).parents[3] / "sample_sessions" / "inputs" / "eight-dragons-board.json"


def test_gap_closing_brings_a_wyrmling_from_a_space_without_location_onto_one_it_activates():
    """ED-LOC-SUMMON-5: C.w1 stood on S1 (no Location) and was not queued; B.w1 is summoned from S2, C.w1 advances
    onto the Gathering at S2 and, having not activated yet, activates there."""
    board = fx_board({"S3": "summon", "S2": "gather"})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("POSITIONS", swarms={"A": {"at": "N6", "members": ["B.w1", "C.w1"], "trail": ["N5", "N4"]}}, rock=[],
           lairs={"A": ["A.w1", "A.w2"], "B": ["B.w2"], "C": ["C.w2", "Aureus"]})
    t.play("FLY", "A", to="S3", valley="Sinistra")
    assert t.state.queue == ["A", "B.w1"]  # C.w1 on S1: no Location
    t.play("SUMMON", "A", wyrmling="B.w1")
    assert t.state.pieces.pos["C.w1"] == "S2"
    assert t.state.queue == ["C.w1"]
    t.play("GATHER", "C", tile="F1")
    assert [x.name for x in t.state.players["C"].pending] == ["T1"]


def aurea_table() -> Table:
    board = fx_board({"S1": "gather", "D1": "gather"})
    t = Table(make_config(("A", "B"), board))
    t.play("POSITIONS", swarms={"A": {"at": "N4", "members": []}, "Aurea": {"at": "N6", "members": []},
                                "B": {"at": "E3", "members": []}},
           rock=[], lairs={"A": ["A.w1", "A.w2", "A.w3"], "B": ["B.w1", "B.w2", "B.w3", "Aureus"]})
    return t


def test_aurea_followed_through_the_valley_takes_the_other_kingdom_without_being_told():
    """ED-2P-6 (A-42): "she always chooses the other kingdom than the one following her" — the engine derives
    her way when a Dragon follows her through the Valley, so the table need not type --push Aurea=…"""
    t = aurea_table()
    t.play("FLY", "A", to="S1")
    assert t.state.pieces.pos["Aurea"] == "D1"
    assert t.state.flight["valley"] == [["Aurea", "Dextra"], ["A", "Sinistra"]]


def test_aurea_pushed_by_a_dragon_that_stays_north_is_steered_by_the_other_player():
    """ED-2P-6: when no Dragon follows Aurea through the Valley, the other player (not the active one) chooses
    her way; the refusal names that player and the option to type, under ED-2P-6 (field report ED-V5: it cited
    ED-PUSH-4, whose summary says "you choose")."""
    t = aurea_table()
    findings = t.check("FLY", "A", to="N6")
    assert [f.rule for f in findings] == ["ED-2P-6"]
    assert "B chooses" in findings[0].message and "--push Aurea=" in findings[0].message
    assert findings[0].asks  # B's choice is asked for, not refused (UX-12)
    t.play("FLY", "A", to="N6", pushes={"Aurea": "Sinistra"})
    assert t.state.pieces.pos["Aurea"] == "S1"


# -- at the table, through the real CLI -----------------------------------------------------------------------


def new_game(cli, *extra: str) -> None:
    result = cli("new", "eight-dragons", "--players", "Ann,Bob,Cleo", "--session", str(cli.session), *extra)
    assert result.exit_code == 0, result.output


def started(cli) -> None:
    new_game(cli)
    for name, tile, mission in (("Ann", "S/WOOOWW", "SM/WWWWOW/market:b@1,-1"), ("Bob", "S/OOOOOO", "SM/OOOOOW/market:g@0,-1"),
                                ("Cleo", "S/OOOWWO", "SM/OWOOOO/market:c@0,-1")):
        assert cli("ed", "start", name, tile, mission).exit_code == 0


def test_without_a_board_each_activation_defaults_to_the_next_moved_piece_and_its_owner(cli):
    """ED-ACT-5, ED-ACT-4: without a board the moved pieces are known (the Dragon, then its Wyrmlings, the joiner
    last): an activation typed without --piece / -p is the next one's and benefits its owner — Cleo's Wyrmling
    that joined Ann's Swarm works for Cleo, not for the active player; status says who is still to activate."""
    started(cli)
    assert cli("ed", "fly", "-n", "3", "--join", "Ann").exit_code == 0
    expected = cli.json("status")["expected"]
    assert "Ann (for Ann)" in expected and "Cleo.w2 (for Cleo)" in expected
    assert "Phase I" in cli.json("status")["headline"][0]
    first = cli("ed", "village", "G1", "--folk", "G", "--villagers", "1")
    assert first.exit_code == 0 and "Ann takes T1=G1 at a village [Ann]" in first.output
    second = cli("ed", "village", "E1", "--folk", "E", "--villagers", "1")
    assert second.exit_code == 0, second.output
    assert "Cleo takes T2=E1 at a village [Cleo.w2]" in second.output
    assert "next: Ann places T1 · Cleo places T2 ('ed place')" in second.output  # nobody left to activate


def test_without_a_board_naming_the_player_picks_that_players_moved_piece(cli):
    """ED-ACT-5: `-p Cleo` alone records the activation of Cleo's moved piece (Cleo.w2), whatever the order."""
    started(cli)
    cli("ed", "fly", "-n", "3", "--join", "Ann")
    result = cli("ed", "gather", "F1", "-p", "Cleo")
    assert result.exit_code == 0 and "[Cleo.w2]" in result.output
    assert cli("ed", "gather", "F1").output.count("[Ann]") == 1


def test_refused_starting_mission_says_which_edge_is_wrong_and_what_fits(cli):
    """ED-SETUP-14: a refused Starting Mission names the contact with the Starting Tile (which edge, wall or open)
    and the turns that would fit there, like any refused placement."""
    new_game(cli)
    result = cli("ed", "start", "Cleo", "S/OOOWWO", "SM/OWWWWW/market:c@0,-1")
    assert result.exit_code == 1
    assert "refused: ED-SETUP-14" in result.output
    assert "S edge: wall against an open edge of S-Cleo" in result.output
    assert "legal turns there: 3" in result.output


def test_a_tile_without_its_face_is_refused_with_the_syntax_of_the_command_used(cli):
    """ED-LAIR-5 (A-32): 'ed place' has no --face option; the refusal shows how to type the face with the placement."""
    started(cli)
    cli("ed", "fly", "-n", "3")
    cli("ed", "village", "G1", "--folk", "G", "--villagers", "1")
    result = cli("ed", "place", "T1@0,1")
    assert result.exit_code == 1
    assert "T1=G1/" in result.output and "@0,1" in result.output and "--face" not in result.output


def test_unfinished_activation_points_at_the_real_none_syntax(cli):
    """ED-ACT-1: the refusal of a flight before the last activation shows 'ed none REASON' (there is no --reason)."""
    new_game(cli, "--catalog", str(BOARD))
    cli("ed", "fly", "S2")
    result = cli("ed", "fly", "D3")
    assert result.exit_code == 1 and "ED-ACT-1" in result.output
    assert "--reason" not in result.output and "'ed none REASON'" in result.output


def test_set_aside_or_unknown_tile_names_who_holds_what(cli):
    """ED-LAIR-6: discarding or placing a tile nobody is waiting to place is a usage error (exit 2) that lists
    the tiles waiting, instead of blaming the active player."""
    started(cli)
    cli("ed", "fly", "-n", "3", "--join", "Ann")
    cli("ed", "village", "G1", "--folk", "G", "--villagers", "1")
    cli("ed", "gather", "F1")  # Cleo.w2 joined Ann's Swarm: T2 is Cleo's
    for args in (("discard", "T9"), ("place", "T9@0,1")):
        result = cli("ed", *args)
        assert result.exit_code == 2, result.output
        assert "nobody is waiting to place T9" in result.output and "Ann: T1" in result.output
    mixed = cli("ed", "place", "T1@0,1", "T2@1,0")
    assert mixed.exit_code == 2 and "different Lairs (Ann and Cleo)" in mixed.output


def test_lair_map_shows_jokers_and_the_coordinates_of_open_places(cli):
    """ED-CHAMBER-6: the map marks a Joker tile (it counts as every colour, so players must see it) and the Chamber
    list says Joker; each open place shows its q,r so a player can read the placement off the map."""
    started(cli)
    cli("ed", "fly", "-n", "3")
    cli("ed", "village", "J=E2/OOOOOO/joker", "--folk", "E", "--villagers", "2", "-p", "Bob")
    assert cli("ed", "place", "J@1,-1").exit_code == 0
    out = cli("ed", "lair", "Bob").output
    assert "E2 J" in out
    assert "J (Joker)" in out.split("Legend")[1]
    assert "Tiles: M1-Bob 0,-1; S-Bob 0,0; J 1,-1" in out  # names in full, as 'ed chests' needs them
    drawing = out.split("Legend")[0]
    assert "0,1" in drawing and "-1,0" in drawing and "+" not in drawing
    assert cli("ed", "lair", "Bob", "--at", "0").exit_code == 2
    assert cli("ed", "lair").output.startswith("Ann's Lair")  # default: the player whose turn it is


def test_tiebreak_line_keeps_the_smallest_lair_step_after_the_flick():
    """ED-SCORE-14, ED-SCORE-15: after the coin flick the tiebreak line still says who tied and the Lair sizes,
    then who won the flick."""
    t = tied_table()
    t.play("FLICK", "C")
    table = GAME.score(t.state)
    assert table.winners == ["C"]
    assert "A, B, C tie on 30 Gold" not in table.tiebreak
    assert "tie on 10 Gold" in table.tiebreak and "A 2 tiles" in table.tiebreak and "C won the coin flick" in table.tiebreak


def test_setting_aside_or_replacing_waits_for_every_activation():
    """ED-ACT-8, ED-LAIR-6, ED-MISSION-3: with a board, Phase II (placing, replacing, setting aside) begins only after
    every moved piece has activated — a set-aside is a Phase II play like a placement."""
    board = fx_board({"S1": "village:G:1", "S2": "village:E:1"})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("START", "A", tile="S/OWWWWW", missions=[{"tile": "SM/WWWOWW/market:b", "at": "0,-1", "rot": 0}])
    t.play("FLY", "A", to="S2", valley="Sinistra")
    t.play("VILLAGE", "A", tiles=["X=E1/WWWWWW"])
    assert t.state.queue == ["C.w2"]
    assert t.errors("DISCARD", "A", tile="X") == ["ED-ACT-8"]
    assert t.errors("REPLACE", "A", remove="M1-A", tile="X", under="Dextra")[0] == "ED-ACT-8"  # then X's own faults
    t.play("VILLAGE", "C", tiles=["G1"])
    assert [(f.rule, f.severity) for f in t.play("DISCARD", "A", tile="X")] == [("ED-LAIR-6", "warning")]


def test_a_flight_through_the_valley_without_a_way_says_how_to_give_it(cli):
    """ED-FLY-6: counting spaces through the Valley needs the way; the prompt shows the option to type (an ask:
    exit 2, one line, UX-12)."""
    new_game(cli, "--catalog", str(BOARD))
    result = cli("ed", "fly", "-n", "3")
    assert result.exit_code == 2 and result.output.startswith("incomplete: ED-FLY-6: ") and "-v sinistra" in result.output
    assert len(result.output.splitlines()) == 1
    assert cli("ed", "fly", "-n", "3", "-v", "sinistra").exit_code == 0


# -- coverage honesty: rules marked done whose tests did not exercise them -----------------------------------


def test_a_pushed_swarm_may_cross_the_snow_line_twice():
    """ED-FLY-5, ED-PUSH-3: only the active Dragon's own path is limited to one Snow Line crossing. A flies from
    N5 to S9 (one crossing, at the Valley) and pushes B ahead of it from N6 through the Valley and over the Snow
    Line again (S9 → N1): legal, and B makes no flight of its own."""
    t = Table(make_config(("A", "B", "C"), fx_board({})))
    t.play("POSITIONS", swarms={"A": {"at": "N5", "members": []}, "B": {"at": "N6", "members": []},
                                "C": {"at": "D5", "members": []}},
           rock=[], lairs={"A": ["A.w1", "A.w2"], "B": ["B.w1", "B.w2"], "C": ["C.w1", "C.w2", "Aureus"]})
    t.play("FLY", "A", to="S9", pushes={"B": "Sinistra"})
    assert t.state.pieces.pos["A"] == "S9" and t.state.pieces.pos["B"] == "N1"
    assert t.errors("FLY", "B", to="N2") == []  # B's own next flight is judged from N1 as usual


def test_the_tiles_under_a_bonfire_stay_drawable_and_the_triggering_turn_finishes():
    """ED-BONFIRE-2, ED-END-2: a 3-player Level-1 stack (11 tiles) shows its Bonfire at the 8th draw; the 3 tiles
    beneath it are still taken, then the stack is empty; the Bonfire that triggers the end mid-turn does not stop
    the turn's remaining activations."""
    t = Table(make_config(("A", "B", "C"), bonfires=3))
    t.play("POSITIONS", swarms={"A": {"members": t.state.pieces.all_wyrmlings()}}, rock=[],
           lairs={name: [] for name in ("A", "B", "C")})
    t.play("FLY", "A", spaces=2)  # 9 moved pieces: A and 8 Wyrmlings (Aureus included)
    t.play("BONFIRE", stack="E2", force=True)
    t.play("BONFIRE", stack="G2", force=True)
    t.play("VILLAGE", "A", folk="E", villagers=4, tiles=["E1", "E1", "E1", "E1"])
    t.play("VILLAGE", "A", folk="E", villagers=4, tiles=["E1", "E1", "E1", "E1"])
    assert t.check("BONFIRE", stack="E1") == []  # the 8th draw revealed it
    t.play("BONFIRE", stack="E1")
    assert t.state.end_trigger_turn == 0 and not t.state.over
    t.play("VILLAGE", "A", folk="E", villagers=3, tiles=["E1", "E1", "E1"])  # the 3 beneath it
    assert t.state.draws["E1"] == 11
    assert t.errors("GATHER", "A", tile="E1") == ["ED-LOC-GATHER-1"]  # now empty
    t.play("GATHER", "A", tile="G1")


def test_fewest_artifacts_counts_placed_chests_not_kept_ones():
    """ED-ROYAL-7, ED-SCORE-2 (A-35): after chest placement a placed chest's Artifact counts and blanks the tile's
    own Artifacts; a kept chest counts nothing."""
    from scorekeeper.games.eight_dragons.scoring import royal_metric
    from scorekeeper.games.eight_dragons.state import Chest
    from scorekeeper.games.eight_dragons.notation import parse_tile

    t = Table(make_config(("A", "B"), royal=["smallest:6:3", "artifacts:5:2", "gold:8:4", "wall:7:3"]))
    a = t.state.players["A"]
    a.lair.place(parse_tile("S/OOOOOO", "S"), (0, 0), 0)
    a.lair.place(parse_tile("E1/OOOOOO/2b", "E"), (0, -1), 0)
    assert royal_metric("artifacts", a, t.state.settings) == 2
    a.chests = [Chest("C1", "Sinistra", "g", "E"), Chest("C2", "Dextra", "ccc", None)]
    assert royal_metric("artifacts", a, t.state.settings) == 1


def test_status_names_each_players_chests_so_they_can_be_placed_at_the_end():
    """ED-SCORE-1, ED-LOC-CHEST-1: chests are numbered across the table (C1, C2…); to type 'ed chests PLAYER
    C4=b@T9' at the end a player must see which chests are theirs — status lists them, and the end-of-game prompt
    names them."""
    t = Table(make_config(("A", "B", "C"), bonfires=3))
    t.play("POSITIONS", swarms={"A": {"members": ["B.w1"]}}, rock=[], lairs={"A": ["A.w1", "A.w2"],
           "B": ["B.w2"], "C": ["C.w1", "C.w2", "Aureus"]})
    t.play("FLY", "A", spaces=2)
    t.play("CHEST", "A", kingdom="Sinistra", piece="A")
    t.play("CHEST", "B", kingdom="Dextra", piece="B.w1")
    rows = {r["player"]: r for r in GAME.status(t.state).players}
    assert rows["A"]["chests"] == "C1" and rows["B"]["chests"] == "C2" and rows["C"]["chests"] == "-"
    t.state.over = True
    assert "A (C1), B (C2)" in GAME.status(t.state).expected


def test_unreadable_stack_or_folk_is_a_usage_error(cli):
    """ED-BONFIRE-1, ED-LOC-GROW-1: a stack or Folk that does not exist is bad input (exit 2, nothing written), not
    a refused play; Folk names may be typed in full or as a prefix."""
    started(cli)
    cli("ed", "fly", "-n", "3")
    before = cli.session.read_bytes()
    for args in (("bonfire", "Q1"), ("grow", "Z"), ("village", "E1", "--folk", "X", "--villagers", "1"),
                 ("summon", "")):
        result = cli("ed", *args)
        assert result.exit_code == 2, (args, result.output)
    assert cli.session.read_bytes() == before
    assert cli("ed", "village", "G1", "--folk", "gnomes", "--villagers", "1").exit_code == 0


def test_without_a_board_pushed_swarms_are_offered_first():
    """ED-ACT-4 (A-19): pushed Swarms stood ahead of the active Dragon, so (in the same kingdom) they activate
    first; without a board the default order follows that, and -p/--piece still choose another."""
    from scorekeeper.games.eight_dragons.context import still_to_activate

    t = Table(make_config(("A", "B", "C")))
    t.play("POSITIONS", swarms={"A": {"members": ["C.w1"]}, "B": {"members": ["A.w1"]}}, rock=["C.w2", "A.w2", "B.w2"],
           lairs={"A": [], "B": ["B.w1"], "C": ["Aureus"]})
    t.play("FLY", "A", spaces=2, pushed=["B"])
    assert still_to_activate(t.state) == ["B", "A.w1", "A", "C.w1"]
    assert GAME.status(t.state).expected.startswith("to activate, in order: B (for B), A.w1 (for A), A (for A)")
    t.play("GATHER", "B", tile="E1", piece="B")
    assert still_to_activate(t.state) == ["A.w1", "A", "C.w1"]


def test_without_a_board_a_summoned_wyrmling_loses_its_activation_too():
    """ED-LOC-SUMMON-6 (A-21): also without a board, a moved Wyrmling summoned to the Rock before its activation
    loses it (it is no longer offered, and naming it is refused)."""
    from scorekeeper.games.eight_dragons.context import still_to_activate

    t = Table(make_config(("A", "B", "C")))
    t.play("POSITIONS", swarms={"A": {"members": ["B.w1", "C.w1"]}}, rock=["C.w2", "A.w2", "B.w2"],
           lairs={"A": ["A.w1"], "B": [], "C": ["Aureus"]})
    t.play("FLY", "A", spaces=2)
    t.play("SUMMON", "A", piece="A", wyrmling="B.w1")
    assert still_to_activate(t.state) == ["C.w1"]
    assert t.errors("GATHER", "B", piece="B.w1", tile="E1") == ["ED-LOC-SUMMON-6"]


def test_the_quick_start_of_the_docs_runs_literally(cli, tmp_path, monkeypatch):
    """ED-SETUP-1, ED-FLY-6, ED-LAIR-3: every command of docs/eight-dragons.md's quick start, typed as written (no
    --session: the current session), succeeds, and the comments' claims hold; it creates one session (field
    report ED-F9: it had two `new` lines and left two files)."""
    import re
    import shlex

    doc = (Path(__file__).parents[3] / "docs" / "eight-dragons.md").read_text()
    block = re.search(r"## Quick start\n\n```sh\n(.*?)```", doc, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    outputs = []
    for line in block.splitlines():
        command = line.split("  #")[0].strip()
        if not command.startswith("scorekeeper "):
            continue
        args = shlex.split(command.replace("sample_sessions/", str(BOARD.parents[1]) + "/"))[1:]
        result = cli(*args, session=False)
        assert result.exit_code == 0, (command, result.output)
        outputs.append(result.output)
    joined = "\n".join(outputs)
    assert joined.count("created ") == 1, joined
    assert "Rhed at S3 (Gnomes village: 1 villager) activates for Rhed" in joined
    assert "Blakkar gathers T2=F1 [Blakkar.w2]" in joined and "Greenyra flies to D4" in joined


def test_done_after_the_game_is_over_says_what_comes_next(cli):
    """ED-END-4, ED-SCORE-16: once the final round is over 'ed done' is refused (exit 1) with what the table does
    next (the chests, then the score), not a usage error about whose turn it is."""
    new_game(cli, "--set", "bonfires=3")
    for name, tile in (("Ann", "S/OOOOOO"), ("Bob", "S/OOOOOO"), ("Cleo", "S/OOOOOO")):
        cli("ed", "start", name, tile, "SM/OOOOOO/market:b@0,-1")
    cli("ed", "fly", "-n", "1")
    for stack in ("E1", "E2", "G1"):
        cli("ed", "bonfire", stack, "--force")  # early: ED-BONFIRE-3
    for _ in range(5):
        assert cli("ed", "fly", "-n", "1").exit_code == 0
    assert cli("ed", "done").exit_code == 0
    result = cli("ed", "done")
    assert result.exit_code == 1 and "the game is over" in result.output and "scorekeeper score" in result.output


def test_two_player_starting_missions_may_be_listed_in_either_order():
    """ED-SETUP-14, ED-2P-3 (A-05): one Mission meets the Starting Tile, the other any placed tile; the table need
    not list the Mission touching the Starting Tile first. A Mission touching neither is still refused."""
    t = Table(make_config(("A", "B")))
    far = {"tile": "SM/OOOOOO/market:g", "at": "0,-2", "rot": 0}  # touches only the Mission at 0,-1
    near = {"tile": "SM/OOOOOO/market:b", "at": "0,-1", "rot": 0}
    assert t.errors("START", "A", tile="S/OOOOOO", missions=[far, near]) == []
    lost = {"tile": "SM/OOOOOO/market:g", "at": "3,3", "rot": 0}
    assert t.errors("START", "A", tile="S/OOOOOO", missions=[lost, near]) == ["ED-SETUP-14"]
    t.play("START", "A", tile="S/OOOOOO", missions=[far, near])
    assert len(t.state.players["A"].lair) == 3


def test_explain_says_what_a_chest_blanked():
    """ED-SCORE-2: 'score --explain' shows, for each placed chest, the symbols of the tile it covers that no
    longer count (scenario M1 with C1 on L04: a Book and 1 Gold)."""
    from scorekeeper.games.eight_dragons.state import Chest
    from scorekeeper.games.eight_dragons.notation import parse_tile

    t = Table(make_config(("Rhed", "Blakkar", "Greenyra")))
    rhed = t.state.players["Rhed"]
    for index, (name, spec) in enumerate([("L01", "S/OOOOOO"), ("L04", "E1/OOOOOO/b,1"), ("L08", "M/OOOOOO/craft:bg")]):
        rhed.lair.place(parse_tile(spec, name), (index, 0), 0)
    rhed.chests = [Chest("C1", "Sinistra"), Chest("C2", "Dextra")]
    t.state.over = True
    t.play("CHESTS", "Rhed", chests=[{"id": "C1", "artifacts": "c", "on": "L04"}, {"id": "C2", "artifacts": "g", "on": "L08"}])
    sources = [e.source for e in GAME.score(t.state).explanations if e.player == "Rhed"]
    assert "chest C1 (Crystal) covers L04: its 1 Book, 1 Gold no longer count" in sources
    assert "chest C2 (Gear) covers L08: its Mission Craftsmen (Book+Gear) no longer counts" in sources


def test_tile_names_are_typed_in_any_case(cli):
    """ED-LAIR-1: tile names are matched case-insensitively ('t1' names T1), as players and commands are."""
    started(cli)
    cli("ed", "fly", "-n", "3")
    cli("ed", "village", "G1", "--folk", "G", "--villagers", "1")
    result = cli("ed", "place", "t1=G1/OOOOOO@0,1")
    assert result.exit_code == 0 and "Ann places T1 at 0,1" in result.output


def test_without_a_board_a_full_village_stated_by_the_table_cannot_grow(cli):
    """ED-LOC-GROW-1: at most 4 villagers per village — without a board the table may state the village's count
    (--villagers), and a 5th villager is refused."""
    started(cli)
    cli("ed", "fly", "-n", "3")
    full = cli("ed", "grow", "E", "--villagers", "4")
    assert full.exit_code == 1 and "ED-LOC-GROW-1" in full.output and "4 villagers" in full.output
    assert cli("ed", "grow", "E", "--villagers", "3").exit_code == 0
