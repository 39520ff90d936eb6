"""The field report of 2026-12-03 (issue 23, item 8), 8 Dragons items: each test names its item."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.app.session import Session
from scorekeeper.core.engine import step
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Draft, Findings
from scorekeeper.games.eight_dragons import GAME
from scorekeeper.games.eight_dragons.view import lair_map
from tests.conftest import Cli
from tests.games.eight_dragons.ed_support import Table, fx_board, make_config
from tests.games.eight_dragons.test_ed_flight import t2_table


def test_a_batch_laid_in_another_order_is_said_not_flagged() -> None:
    """ED-V7 (field report; ED-LAIR-7, A-27): the tiles go down together, so a batch legal only in another order
    is no warning (``check`` listed it for ever); the verdict says the order in which it was laid."""
    s = Session.in_memory("eight-dragons", ["A", "B", "C"])
    s.record(Draft("START", "A", {"tile": "S/OOOOOO", "missions": [{"tile": "SM/WWWOWW/market:b", "at": "0,-1"}]}))
    s.record(Draft("FLY", None, {"spaces": 1}))
    s.record(Draft("VILLAGE", "A", {"folk": "E", "villagers": 2, "tiles": ["P=E1/OOOOOO", "Q=E1/OWWWWW"]}))
    placed = s.record(Draft("PLACE", "A", {"tiles": [{"tile": "Q", "at": "2,0", "rot": 5}, {"tile": "P", "at": "1,0", "rot": 0}]}))
    assert not placed.findings and "the tiles go down together (ED-LAIR-7); laid in the order P, Q" in placed.infos


def test_a_lair_with_one_chamber_and_the_bonfires_past_the_end() -> None:
    """ED-V10 (field report; ED-END-1): "1 Chamber", not "1 Chambers"; five Bonfires of four read "5 revealed
    (end at 4)", not "5/4"."""
    t = Table(make_config(("A", "B", "C"), bonfires=3))
    t.play("START", "A", tile="SE/OOOOOO", missions=[{"tile": "SME/OOOOOO/market:b", "at": "0,-1", "rot": 0}])
    t.ok("FLY", "A", spaces=1)
    t.ok("VILLAGE", "A", folk="E", villagers=1, tiles=["E1=E1/OOOOOO"])
    t.ok("PLACE", "A", tiles=[{"tile": "E1", "at": "1,-1", "rot": 0}])
    assert lair_map(t.state, "A").startswith("A's Lair (") and ": 3 tiles, 1 Chamber\n" in lair_map(t.state, "A")
    for stack in ("E1", "G1", "O2", "F2"):
        t.play("BONFIRE", stack=stack, force=True)
    assert GAME.status(t.state).headline[1].startswith("Bonfires 4 revealed (end at 3) · END TRIGGERED")


def test_ed_lair_with_nobody_to_play_says_how_to_name_the_player(cli: Cli) -> None:
    """ED-V9 (field report): with nobody to play, ``ed lair`` advised "-p/--player", which it does not take."""
    finished = Path(__file__).resolve().parents[3] / "sample_sessions" / "eight-dragons" / "3p-board.json"
    result = cli("ed", "lair", "--session", str(finished))
    assert result.exit_code == 1 and "name the player after the command: scorekeeper ed lair NAME" in result.output
    assert "-p/--player" not in result.output


def test_fly_help_says_the_valley_is_not_counted(cli: Cli) -> None:
    """ED-F2 (field report; ED-FLY-1): ``ed fly --help`` says that ``-n`` counts marked spaces, not the Valley
    of the Winds (the reading chosen, as the engine counts; docs/eight-dragons.md says it too)."""
    shown = " ".join(cli("ed", "fly", "--help").output.split())
    assert "marked spaces flown, the Valley of the Winds not counted" in shown


def test_the_merchant_column_counts_face_up_tiles_and_says_so() -> None:
    """ED-F6 (field report): the kingdoms' Merchant column is "merchant face-up" (a 0 read as "no free slot")."""
    s = Session.in_memory("eight-dragons", ["A", "B"])
    rows = [row for section in s.status().sections for row in section.rows if "merchant face-up" in row]
    assert rows and not any("merchant slots" in row for section in s.status().sections for row in section.rows)


def test_a_summon_says_which_pieces_of_the_swarm_advance() -> None:
    """ED-V3 (field report; ED-LOC-SUMMON-5): summoning B.w1 out of a moved Swarm moves C.w1 up into its space;
    the verdict says so, since the table moves that piece by hand (it was silent)."""
    board = fx_board({"S3": "summon", "S2": "gather", "S1": "troll:T:A"}, {"T": [5, 5, 5]})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("POSITIONS", swarms={"A": {"at": "N6", "members": ["B.w1", "C.w1"], "trail": ["N5", "N4"]}}, rock=[],
           lairs={"A": ["A.w1", "A.w2"], "B": ["B.w2"], "C": ["C.w2", "Aureus"]})
    t.play("FLY", "A", to="S3", valley="Sinistra")
    found = Findings()
    t.state, _ = step(GAME, t.state, t.event("SUMMON", "A", {"wyrmling": "B.w1"}), found=found)
    assert "the Swarm closes the gap: C.w1 to S2 (ED-LOC-SUMMON-5)" in found.infos


def test_the_chest_verdict_does_not_say_a_chest_was_taken() -> None:
    """ED-V8 (field report; ED-LOC-CHEST-2): the event line no longer says "takes a Treasure Chest" (an empty
    stack gives 3 Gold instead); the line under it says which."""
    line = GAME.describe(Event(14, "CHEST", "Blakkar", {"kingdom": "Sinistra", "piece": "Blakkar"}))
    assert line.startswith("Blakkar at the Treasure Chests in Sinistra") and "takes" not in line


def test_status_agrees_with_next_about_who_flies() -> None:
    """ED-V4 (field report): after ``ed adjust round=3 next=C`` the headline said "B's turn · turn over" while
    ``next:`` said C flies; now it names C too. (The table's prompt is the shell's: see its own item.)"""
    s = Session.in_memory("eight-dragons", ["A", "B", "C"])
    for name in "ABC":
        s.record(Draft("START", name, {"tile": "S/OOOOOO", "missions": [{"tile": "SM/OOOOOO/market:b", "at": "0,-1"}]}))
    s.record(Draft("FLY", None, {"spaces": 1}))
    assert s.status().headline[0] == "Round 1 · A's turn · Phase I: activations"
    s.record(Draft("ADJUST", None, {"game": {"round": 3, "next": "C"}}))
    status = s.status()
    assert status.headline[0] == "Round 3 · B's turn · done · C flies next" and status.expected.startswith("C flies")


def test_two_dragons_pushed_into_the_valley_are_asked_for_in_one_refusal() -> None:
    """ED-F5 (field report; ED-PUSH-4): scenario T2 without the ways: both Rhed and Blakkar are named at once
    (the first refusal named Rhed only, the second Blakkar)."""
    t = t2_table()
    [asked] = [f for f in t.judge("FLY", "Greenyra", to="N4") if f.is_error]
    assert asked.rule == "ED-PUSH-4" and "--push Rhed=WAY" in asked.message and "--push Blakkar=WAY" in asked.message
    assert asked.asks  # a prompt for the ways, not a refusal (UX-12)
    t.ok("FLY", "Greenyra", to="N4", pushes={"Rhed": "Dextra", "Blakkar": "Sinistra"})


def test_one_tile_of_a_batch_is_amended_by_its_placement_alone(cli: Cli) -> None:
    """ED-F3 (field report): correcting one tile of a batch placement meant retyping the whole batch as JSON in
    ``amend``; ``amend N TILE@Q,RrN`` (the game's own notation, ``Game.amendment``) changes that tile's cell and/or
    turns and keeps the rest of the batch, the face kept unless given (``TILE=FACE@…``); ``--dry-run`` shows it,
    a tile the play does not place or a word that changes nothing is a usage error, and KEY=VALUE still works."""
    assert cli("new", "eight-dragons", "--players", "Ann,Bob,Cleo", "--session", str(cli.session)).exit_code == 0
    cli("ed", "start", "Ann", "SG/WOOOWW", "SM/WWWWOW/market:b@1,-1")
    cli("ed", "fly", "-n", "3")
    assert cli("ed", "village", "X=E1/OWWWWW", "Y=E1/OWWWWW", "--folk", "E", "--villagers", "2").exit_code == 0
    assert cli("ed", "place", "X@1,0/WWWWWO", "Y@0,1r1", "--force").exit_code == 0  # Y turned the wrong way
    x = {"rot": 5, "at": "1,0", "seen": "WWWWWO", "tile": "X"}
    before = cli.session.read_bytes()
    dry = cli("amend", "4", "y@r0", "--dry-run")
    assert dry.exit_code == 0 and dry.output.startswith(  # said in words, not as JSON (issue 36, FC-V7)
        "#5 would record: amend #4: now Ann places X at 1,0 turned 5, Y at 0,1 turned 0 (was: …Y at 0,1 turned 1)\n"
    ), dry.output
    for word, says in (("Z@0,1", "error: 'Z@0,1': Z is not placed in this play; it places X, Y\n"),
                       ("Y@", "error: 'Y@': say what changes: Y@Q,R (the cell), then rN (the turns) or /EDGES")):
        wrong = cli("amend", "4", word)
        assert wrong.exit_code == 2 and wrong.output.startswith(says), wrong.output
    assert cli.session.read_bytes() == before
    done = cli("amend", "4", "Y@0,1r0")
    assert done.exit_code == 0 and "now legal again: #4" in done.output, done.output
    assert cli.json("log")[3]["description"] == "Ann places X at 1,0 turned 5, Y at 0,1 turned 0"
    assert cli("check").exit_code == 0
    faced = cli("amend", "4", "Y=E1/OWWWWW@0,1", "--dry-run")  # the face given, the turns kept
    assert faced.exit_code == 0 and "Y at 0,1 turned 0" in faced.output and "{" not in faced.output
    whole = cli("amend", "4", "tiles=" + json.dumps([x]), "--dry-run")  # KEY=VALUE as before: Y left out
    assert whole.exit_code == 0 and whole.output.startswith("#6 would record: amend #4: now Ann places X at 1,0 turned 5 (was: ")


def test_an_amended_placement_replaces_only_what_it_gives() -> None:
    """ED-F3 (field report): ``amended_placement`` keeps what the shorthand leaves out; turns replace edges as
    seen and edges as seen replace turns; the other tiles of the batch are untouched."""
    from scorekeeper.games.eight_dragons.notation import amended_placement

    x, y = {"rot": 5, "at": "1,0", "seen": "WWWWWO", "tile": "X"}, {"rot": 1, "at": "0,1", "tile": "Y", "face": "E1/OWWWWW"}
    assert amended_placement([x, y], "X@r2") == [{"rot": 2, "at": "1,0", "tile": "X"}, y]
    assert amended_placement([x, y], "Y@2,-1") == [x, {**y, "at": "2,-1"}]
    assert amended_placement([x, y], "y@/OWWWWW") == [x, {**y, "rot": 0, "seen": "OWWWWW"}]
    assert amended_placement([x, y], "Y=E1/OOWWWW@") == [x, {**y, "face": "E1/OOWWWW"}]
