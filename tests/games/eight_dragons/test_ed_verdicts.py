"""Issue 14 §3 for 8 Dragons: what the verdict says a play did (Gold gained, chests taken, pushes and joiners)."""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.core.engine import step
from scorekeeper.core.protocol import Findings
from scorekeeper.games.eight_dragons import GAME

from scorekeeper.games.eight_dragons.notation import parse_tile

from ed_support import Table, fx_board, make_config
from test_ed_review import new_game


def said(t: Table, type_: str, player: str | None = None, **payload: Any) -> list[str]:
    """Record a legal play and return what it said it did (the verdict's infos)."""
    found = Findings()
    event = t.event(type_, player, payload)
    t.events.append(event)
    t.state, findings = step(GAME, t.state, event, found=found)
    assert not [f for f in findings if f.is_error], findings
    return found.infos


def test_troll_shrine_and_chest_say_what_they_gave():
    """ED-LOC-TROLL-1, ED-LOC-SHRINE-1, ED-LOC-CHEST-1: the verdict says the Gold gained (and the Gold now) once, on
    the effects line (field report ED-V5: it was said twice), where the Troll stands and the Gold a Shrine sends to
    the other kingdom's (field report ED-V4), and the chest's ID, which 'ed chests' needs at the end of the game."""
    board = fx_board({"S1": "chest:Sinistra", "S2": "shrine:Sinistra", "S3": "troll:T:A"}, {"T": [1, 3, 5]})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("POSITIONS", swarms={"A": {"at": "N6", "members": ["B.w1", "C.w1"], "trail": ["N5", "N4"]}}, rock=[],
           lairs={"A": ["A.w1", "A.w2"], "B": ["B.w2"], "C": ["C.w2", "Aureus"]})
    t.play("FLY", "A", to="S3", valley="Sinistra")
    import copy

    from scorekeeper.render.effects import effects_text

    before = copy.deepcopy(t.state)
    troll = said(t, "TROLL", "A")
    gold = t.state.players["A"].gold
    assert gold > 0 and troll == ["the Troll of path T moves to space 1 of 3"]
    assert effects_text(GAME.effects(before, t.state, t.events[-1])) == f"A +{gold} gold (Troll path; {gold} Gold now)"
    before = copy.deepcopy(t.state)
    shrine = said(t, "SHRINE", "B")
    assert shrine == ["3 Gold laid on the Dextra Shrine (3 → 6)"]
    assert effects_text(GAME.effects(before, t.state, t.events[-1])) == "B +3 gold (Sinistra Shrine; 3 Gold now)"
    chest = said(t, "CHEST", "C")
    held = t.state.players["C"].chests
    assert len(held) == 1 and chest == [f"C takes Treasure Chest {held[0].id} (Sinistra); at the end: ed chests C "
                                        f"{held[0].id}=ARTIFACTS@TILE"]


def test_a_flight_says_pushes_joiners_and_final_spaces():
    """ED-PUSH-1, ED-SWARM-2, ED-FLY-8: the flight's verdict names the Swarms pushed, the Wyrmling that joined from
    the Rock and where every moved piece stands."""
    t = Table(make_config(("A", "B", "C"), fx_board({})))
    t.play("POSITIONS", swarms={"A": {"at": "N6", "members": []}, "B": {"at": "S2", "members": []},
                                "C": {"at": "S5", "members": []}},
           rock=["A.w1"], lairs={"A": ["A.w2"], "B": ["B.w1", "B.w2"], "C": ["C.w1", "C.w2", "Aureus"]})
    words = said(t, "FLY", "A", to="S2", valley="Sinistra")
    pos = t.state.pieces.pos
    assert "pushed: B" in words and "A.w1 joins A" in words
    assert f"A's Swarm now: A {pos['A']}, A.w1 {pos['A.w1']}" in words and f"B's Swarm now: B {pos['B']}" in words


def test_ed_troll_json_carries_the_gold_gained(cli):
    """ED-LOC-TROLL-1: 'ed troll --json' gives what the play did (the Gold), not only the piece."""
    new_game(cli)
    for name, tile, mission in (("Ann", "S/WOOOWW", "SM/WWWWOW/market:b@1,-1"),
                                ("Bob", "S/OOOOOO", "SM/OOOOOW/market:g@0,-1"),
                                ("Cleo", "S/OOOWWO", "SM/OWOOOO/market:c@0,-1")):
        assert cli("ed", "start", name, tile, mission).exit_code == 0
    assert cli("ed", "fly", "-n", "3", "--join", "Ann").exit_code == 0
    result = cli("ed", "troll", "--gold", "3", "--json")
    assert result.exit_code == 0 and [e["text"] for e in json.loads(result.output)["effects"]] == [
        "Ann +3 gold (Troll path; 3 Gold now)"]
    text = cli("ed", "shrine", "-k", "sin", "-p", "Cleo").output
    assert "  Cleo +3 gold (Sinistra Shrine; 3 Gold now)" in text.splitlines()  # one line, not two (ED-V5)
    assert not [line for line in text.splitlines() if "gains 3 Gold" in line]


def test_a_name_taken_by_a_set_aside_tile_says_so():
    """ED-LOC-VILLAGE-1, ED-LAIR-6: a new tile may not reuse the name of a tile set aside; the refusal says the
    name belongs to the set-aside tile (not a vague "already used") and offers a free name."""
    board = fx_board({"S1": "village:G:1", "S2": "village:E:1"})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("START", "A", tile="S/OWWWWW", missions=[{"tile": "SM/WWWOWW/market:b", "at": "0,-1", "rot": 0}])
    t.play("FLY", "A", to="S2", valley="Sinistra")
    t.play("VILLAGE", "A", tiles=["X=E1/WWWWWW"])
    t.play("VILLAGE", "C", tiles=["Y=G1/WWWWWW"])
    t.play("DISCARD", "A", tile="X")
    t.play("DISCARD", "C", tile="Y")
    t.play("DONE", "A")
    t.play("FLY", "B", to="S3", valley="Sinistra")
    refusal = t.refused("ED-LOC-VILLAGE-1", "VILLAGE", "A", tiles=["X=E1/OOOOOO"])  # A.w2 on the Elf village
    assert "the tile A set aside" in refusal.message and "e.g. T1=E1/OOOOOO" in refusal.message


def test_an_impossible_flight_is_refused_before_a_push_choice_is_asked():
    """ED-FLY-4, ED-PUSH-4: a flight that no Valley way of the pushed Dragon can make legal is refused for what
    makes it impossible (here: crossing the Snow Line twice), not for the missing --push; a possible flight still
    asks the pushed Dragon's way."""
    t = Table(make_config(("A", "B", "C"), fx_board({})))
    t.play("POSITIONS", swarms={"A": {"at": "S9", "members": []}, "B": {"at": "N3", "members": []},
                                "C": {"at": "S1", "members": []}},
           rock=[], lairs={"A": ["A.w1", "A.w2"], "B": ["B.w1", "B.w2"], "C": ["C.w1", "C.w2", "Aureus"]})
    t.refused("ED-FLY-4", "FLY", "A", to="D2", valley="Dextra")
    t.refused("ED-PUSH-4", "FLY", "A", to="N6")
    t.ok("FLY", "A", to="N6", pushes={"B": "Dextra"})


def one_edge_lair(gained: str) -> Table:
    """A gains ``gained`` at a village; A's Lair is one Starting Tile with one open edge (set up directly)."""
    board = fx_board({"S1": "village:G:1", "S2": "village:E:1"})
    t = Table(make_config(("A", "B", "C"), board))
    t.play("FLY", "A", to="S2", valley="Sinistra")
    t.play("VILLAGE", "A", tiles=[gained])
    t.play("VILLAGE", "C", tiles=["G1"])
    t.state.players["A"].lair.place(parse_tile("S/OWWWWW", "SA"), (0, 0), 0)
    t.state.players["A"].started = True
    return t


def test_a_lair_with_no_open_place_is_flagged_and_its_tiles_set_aside_without_a_face():
    """ED-LAIR-6: once a Lair has no open place left, a tile gained without its face is set aside without
    typing a face (a tile that fits nowhere needs no proof); with open places the face is still asked."""
    t = one_edge_lair("E1")
    lair = t.state.players["A"].lair
    t.refused("ED-LAIR-6", "DISCARD", "A", tile="T1")  # an open place: give the face
    cell, _ = lair.open_places()[0]
    closer = parse_tile("E1/OWWWWW", "Z")
    lair.place(closer, cell, lair.legal_rotations(closer, cell)[0])
    assert lair.open_places() == []
    assert [(f.rule, f.severity) for f in t.play("DISCARD", "A", tile="T1")] == [("ED-LAIR-6", "warning")]


def test_the_placement_that_closes_the_lair_says_so():
    """ED-LAIR-6: the verdict of the placement that leaves no open place says so (every later tile is set aside)."""
    t = one_edge_lair("Z=E1/OWWWWW")
    lair = t.state.players["A"].lair
    cell, _ = lair.open_places()[0]
    rot = lair.legal_rotations(parse_tile("E1/OWWWWW", "Z"), cell)[0]
    words = said(t, "PLACE", "A", tiles=[{"tile": "Z", "at": f"{cell[0]},{cell[1]}", "rot": rot}])
    assert any("A's Lair has no open place left" in w for w in words)


def bonfire_table() -> tuple[Table, int]:
    """A 2-player game without a board in which B's village takes the E1 tile that uncovers its Bonfire (the
    7th of 10); returns the table just after that draw and the draw's seq."""
    t = Table(make_config(("A", "B")))
    missions = [{"tile": "SM/OOOOOO/market:b", "at": "0,-1", "rot": 0}, {"tile": "SM/OOOOOO/market:b", "at": "1,-1", "rot": 0}]
    for name in ("A", "B"):
        t.play("START", name, tile="S/OOOOOO", missions=missions)
    for name in ("A", "B"):
        t.play("FLY", name, spaces=1)
        tiles = [f"{name}{i}=E1/OOOOOO" for i in range(4)]
        if name == "B":
            words = said(t, "VILLAGE", name, folk="E", villagers=4, tiles=tiles)
            draw = len(t.events)
        else:
            t.play("VILLAGE", name, folk="E", villagers=4, tiles=tiles)
            t.play("PLACE", name, tiles=[{"tile": f"{name}{i}", "at": at, "rot": 0} for i, at in enumerate(CELLS)])
    assert words == ["stack E1's Bonfire shows now (this draw uncovered it): record it with 'ed bonfire E1'"]
    return t, draw


#: where the four tiles of a village go in a plain Lair
CELLS = ["1,0", "0,1", "-1,1", "-1,0"]


def test_the_draw_that_uncovers_a_bonfire_says_so():
    """ED-BONFIRE-1: the village whose draw uncovers stack E1's Bonfire (under its 7th tile in a 2-player game)
    says in its verdict that the Bonfire shows and how to record it."""
    t, draw = bonfire_table()
    assert t.state.draws["E1"] == 8 and "E1" not in t.state.bonfires


def test_an_uncovered_bonfire_is_asked_for_before_the_next_play():
    """ED-BONFIRE-1 (field reports ED-R1, ED-F1): once the draws uncover a Bonfire, every other play is asked for
    its reveal first (an ask: forced or not, nothing is carried out), so the end cannot be missed; ``next:`` names
    it first and it is the only play legal; once recorded, the game goes on."""
    t, draw = bonfire_table()
    place = {"tiles": [{"tile": f"B{i}", "at": at, "rot": 0} for i, at in enumerate(CELLS)]}
    asked = [f for f in t.check("PLACE", "B", **place) if f.is_error]
    assert [(f.rule, f.asks) for f in asked] == [("ED-BONFIRE-1", True)]
    assert asked[0].message == (f"stack E1's Bonfire shows (the draw of #{draw} uncovered it): record it first "
                                "with 'ed bonfire E1'")
    expectation = GAME.expect(t.state)
    assert expectation.text == "stack E1's Bonfire shows: record it first ('ed bonfire E1') — then B places B0, " \
                               "B1, B2, B3 ('ed place')"
    assert [(c.event, c.values) for c in expectation.choices] == [("BONFIRE", {"stack": ["E1"]})]
    t.play("BONFIRE", stack="E1")
    assert t.state.bonfires == ["E1"] and t.errors("PLACE", "B", **place) == []
    assert "Bonfire" not in GAME.expect(t.state).text


def test_an_unrecorded_bonfire_is_flagged_at_the_draw_that_uncovered_it():
    """ED-BONFIRE-1: 'check' attaches the missing Bonfire reveal to the draw that uncovered it; once
    'ed bonfire E1' is recorded, nothing is flagged."""
    t, draw = bonfire_table()
    flagged = [(v.seq, v.rule, v.severity) for v in t.replay().violations]
    assert flagged == [(draw, "ED-BONFIRE-1", "warning")]
    t.play("BONFIRE", stack="E1")
    assert t.replay().violations == []


def test_a_chamber_that_pays_no_gold_says_why():
    """ED-CHAMBER-4 (field report ED-V2): in the bundled 3-player game, Rhed's T35 (#123) closes the Chamber
    T33+T34+T35, whose tiles show exactly two colours: no Gold, and the verdict says so (Lair Tours and
    Specialists still count it)."""
    from pathlib import Path

    from scorekeeper.app.session import Session

    s = Session.open(str(Path(__file__).resolve().parents[3] / "sample_sessions" / "eight-dragons" / "3p-board.json"))
    before = s.replay(123).state
    event = next(e for e in s.events if e.seq == 123)
    found = Findings()
    step(GAME, before, event, found=found)
    assert "Rhed's Chamber T33+T34+T35 formed: its tiles show exactly two colours, no Gold" in found.infos


def test_a_summon_says_the_lost_activation_and_the_rock_order():
    """ED-LOC-SUMMON-6 (field report ED-V3): in the bundled 3-player game Rhed summons Greenyra.w2 (#32), which
    stood on N2 still to activate for Greenyra: the verdict says the activation is lost and the Rock's order;
    a summon that costs no activation (#35) still gives the Rock's order."""
    from pathlib import Path

    from scorekeeper.app.session import Session

    s = Session.open(str(Path(__file__).resolve().parents[3] / "sample_sessions" / "eight-dragons" / "3p-board.json"))
    infos = {}
    for seq in (32, 35):
        found = Findings()
        step(GAME, s.replay(seq).state, next(e for e in s.events if e.seq == seq), found=found)
        infos[seq] = found.infos
    assert ("Greenyra.w2 leaves N2: its activation there (for Greenyra) is lost; Dragon Rock now (front first): "
            "Aureus, Greenyra.w2") in infos[32]
    assert any(i.startswith("Dragon Rock now (front first): ") and "Blakkar.w1" in i for i in infos[35])


def test_a_grow_says_the_villages_new_count():
    """Field report ED-V4: ``Pia adds a villager of the Elves to D6`` did not give the village's new count."""
    from test_ed_census import board

    t = board({"S1": "grow", "S5": "village:E:2"})()
    assert "the Elves village at S5 now has 3 villagers" in said(t, "GROW", "A", folk="E", village="S5")


def test_score_explain_keeps_each_artifact_source_apart():
    """Field report ED-V6: ``score --explain`` ran a Market's sources together (``T41 chest on S-Pia chest on
    T23``); each source is now apart (``T41; chest on S-Pia; chest on T23``)."""
    import re
    from pathlib import Path

    from scorekeeper.app.session import Session

    s = Session.open(str(Path(__file__).resolve().parents[3] / "sample_sessions" / "eight-dragons" / "4p-long.json"))
    sources = [e.source for e in s.score().explanations]
    markets = [src for src in sources if "Market Stalls" in src]
    assert markets and any("; chest on " in src for src in markets)
    assert not [src for src in markets if re.search(r"\((?:[^)]*[0-9] )?(?:T\d+(?:×\d)? )+", src)]


def test_status_after_the_starts_agrees_with_the_prompt():
    """Field report ED-V7: after the three ``start``s, ``status`` said ``Setup · no turn yet`` while the prompt and
    ``next:`` said ``Round 1 · Mara flies``. Status now says the first flight too."""
    from test_ed_census import fresh, start_all

    t = fresh()
    assert GAME.status(t.state).headline[0] == "Setup · no turn yet"
    start_all(t)
    st = GAME.status(t.state)
    assert st.headline[0] == f"Round 1 · {t.state.next_player} flies first"
    assert st.prompt == f"Round 1 · {t.state.next_player} flies"


def test_ed_lair_shows_the_chests_placed_at_the_end(cli):
    """Field report ED-V8: a chest placed at the end (C6 on S-Blakkar in the bundled 3-player game) replaces that
    tile's symbols in scoring, yet ``ed lair`` did not show it. The map and its JSON now list each chest."""
    from pathlib import Path

    sample = Path(__file__).resolve().parents[3] / "sample_sessions" / "eight-dragons" / "3p-board.json"
    out = cli("ed", "lair", "Blakkar", "--session", str(sample)).output
    assert "Treasure Chests: C4 (Book) on T40; C6 (Crystal) on S-Blakkar" in out.replace("\n", " ")
    data = json.loads(cli("ed", "lair", "Blakkar", "--session", str(sample), "--json").output)
    assert {"id": "C6", "artifacts": "c", "on": "S-Blakkar"} in data["chests"]
