"""A whole 8 Dragons game by taps: every play of a bundled sample made of words picked among the legal values the
game offers at that moment (``tests/web/by_choices.walk`` with ``tests/web/taps_eight_dragons.words_of``), and
the offers themselves: a placement offers only the cells and turns that fit (ED-LAIR-2), a Grow only the villages
of the villager's Folk (field report ED-F2), an uncovered Bonfire alone (ED-BONFIRE-1), an ask names its word."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from scorekeeper.app.session import Session
from scorekeeper.core.protocol import Choice, Draft, GameSetupError
from scorekeeper.games.eight_dragons import GAME
from scorekeeper.games.eight_dragons.words import read_words
from tests.samples import sample_until
from tests.web.by_choices import SAMPLES, walk
from tests.web.taps_eight_dragons import words_of


def table(tmp_path: Path, count: int, sample: str = "2p-aurea.json") -> Session:
    """The bundled game as it stood after its first ``count`` events."""
    return Session.open(sample_until(tmp_path, "eight-dragons", sample, count), cached=False)


def offered(session: Session, type: str) -> list[Choice]:
    return [c for c in session.expect().choices if c.event == type]


@pytest.mark.parametrize("sample", ["2p-aurea.json", "3p-board.json"])
def test_a_whole_game_is_played_by_picking_the_words_the_game_offers(sample: str) -> None:
    """Each play's words are offered at that moment, and the play they make is the sample's, as the game completes
    it today; only the faces of tiles drawn (and of the Starting Tiles and Missions) are typed, since no stack's
    contents are known."""
    found = walk(f"eight-dragons/{sample}", words_of)
    assert found.problems == []
    assert found.plays > 150 and found.picks > 100 and 0 < found.typed < found.picks


def test_the_words_are_the_commands_payload_keys_and_each_play_has_a_label() -> None:
    """A word is a key of the draft's payload, the one the ``ed`` command passes (a declared field)."""
    for declared in GAME.events:
        assert {w.name for w in declared.draft_words} <= declared.field_names, declared.name
        assert declared.said and "--" not in declared.said and "scorekeeper" not in declared.said


def test_a_placement_offers_only_the_cells_and_turns_that_fit(tmp_path: Path) -> None:
    """ED-LAIR-2, ED-LAIR-3: every placement offered is accepted as it stands; a turn not offered on a cell
    offered is refused."""
    session = table(tmp_path, 10)  # Blakkar waits with T1 and T2
    [place] = offered(session, "PLACE")
    tiles = list(place.values["tiles"])
    assert tiles and {t.partition("@")[0] for t in tiles} == {"T1", "T2"}
    for item in tiles[::5]:
        verdict = session.try_play(Draft("PLACE", "Blakkar", {"tiles": [item]}))
        assert verdict.errors == [], item
    turns = {t.rpartition("r")[2] for t in tiles if t.startswith("T1@0,1r")}
    wrong = next(str(n) for n in range(6) if str(n) not in turns)
    refused = session.try_play(Draft("PLACE", "Blakkar", {"tiles": [f"T1@0,1r{wrong}"]}))
    assert [f.rule for f in refused.errors][:1] and all(f.rule.startswith("ED-LAIR") for f in refused.errors)


def test_a_grow_offers_only_the_villages_of_the_villagers_folk(tmp_path: Path) -> None:
    """ED-LOC-GROW-1 (field report ED-F2): one choice per Folk, each with that Folk's villages only; a village of
    another Folk is refused."""
    session = table(tmp_path, 21)  # Blakkar's Dragon stands on S7, a Village grows
    grows = offered(session, "GROW")
    villages = session.state.villages
    assert sorted(f for c in grows for f in c.values["folk"]) == ["E", "F", "G", "O"]
    for choice in grows:
        [folk] = choice.values["folk"]
        assert choice.values["village"] and all(villages[v][0] == folk for v in choice.values["village"])
    gnomes = next(v for v, (folk, _) in villages.items() if folk == "G")
    refused = session.try_play(Draft("GROW", None, {"folk": "E", "village": gnomes}))
    assert [f.rule for f in refused.errors] == ["ED-LOC-GROW-1"]


def test_an_uncovered_bonfire_is_offered_alone_and_asked_for_first(tmp_path: Path) -> None:
    """ED-BONFIRE-1 (field report ED-R1): the draw of #134 uncovered O2's Bonfire: the game offers that record
    only, and any other play asks for it first."""
    session = table(tmp_path, 134)
    expected = session.expect()
    assert [(c.event, dict(c.values)) for c in expected.choices] == [("BONFIRE", {"stack": ["O2"]})]
    asked = session.try_play(Draft("PLACE", "Blakkar", {"tiles": ["T44@-2,0r3"]}))
    assert [(f.rule, f.asks) for f in asked.errors] == [("ED-BONFIRE-1", True)]


def test_a_flight_offers_the_ways_of_the_dragons_it_pushes_and_its_ask_names_the_word(tmp_path: Path) -> None:
    """ED-PUSH-4: one choice per destination; a flight to N5 pushes Whytera through the Valley, so it offers her two
    ways, and without them the game asks for the word ``pushes``."""
    session = table(tmp_path, 55)
    flights = {c.values["to"][0]: c for c in offered(session, "FLY")}
    assert list(flights["N5"].values["pushes"]) == ["Whytera=Sinistra", "Whytera=Dextra"]
    assert "pushes" not in flights["S5"].values  # nobody passes the Valley on the way
    asked = session.try_play(Draft("FLY", "Blakkar", {"to": "N5"}))
    assert [(f.rule, f.asks, f.word) for f in asked.errors] == [("ED-PUSH-4", True, "pushes")]
    assert "pushes" in {w.name for w in GAME.declaration("FLY").draft_words}  # type: ignore[union-attr]


def test_a_flight_that_needs_two_different_ways_is_offered(tmp_path: Path) -> None:
    """ED-2P-6: at #101 Whytera's flight to E3 pushes Aurea and Blakkar through the Valley; only different ways
    make it legal (she takes the other kingdom than the Dragon that follows her), and the game offers it."""
    session = table(tmp_path, 100)
    flights = {c.values["to"][0]: c for c in offered(session, "FLY")}
    assert {"Aurea=Sinistra", "Blakkar=Dextra"} <= set(flights["E3"].values["pushes"])
    assert session.try_play(Draft("FLY", "Whytera", {"to": "E3", "pushes": ["Aurea=Sinistra", "Blakkar=Dextra"]})).errors == []


def test_the_chests_offered_are_the_players_own(tmp_path: Path) -> None:
    """ED-SCORE-1 (field report ED-F2): at the end each player is offered their own chests only, kept or on a tile
    of their Lair."""
    session = table(tmp_path, 155)
    chests = {c.player: c for c in offered(session, "CHESTS")}
    assert set(chests) == {"Blakkar", "Whytera"}
    mine = {v.partition("=")[0] for v in chests["Whytera"].values["chests"]}
    assert mine == {c.id for c in session.state.players["Whytera"].chests} == {"C5"}
    assert {"C5=c@T8", "C5=c"} <= set(chests["Whytera"].values["chests"])


def test_the_words_sent_as_text_read_as_the_commands_give_them() -> None:
    """What a phone sends (strings) becomes what ``ed`` commands record."""
    assert read_words("START", {"tile": "S/WOOOOW", "rot": "0", "missions": ["SM/OWOOWO/market:o@1,0r2"]}) == \
        {"tile": "S/WOOOOW", "rot": 0, "missions": [{"rot": 2, "at": "1,0", "tile": "SM/OWOOWO/market:o"}]}
    assert read_words("FLY", {"to": "N3", "pushes": ["Aurea=Dextra"], "spaces": "3"}) == \
        {"to": "N3", "pushes": {"Aurea": "Dextra"}, "spaces": 3}
    assert read_words("PLACE", {"tiles": ["T4=G1/WWOOOO@0,1r2"]}) == \
        {"tiles": [{"rot": 2, "at": "0,1", "tile": "T4", "face": "G1/WWOOOO"}]}
    assert read_words("CHESTS", {"chests": ["C1=o@T23", "C2=g"]}) == \
        {"chests": [{"id": "C1", "artifacts": "o", "on": "T23"}, {"id": "C2", "artifacts": "g", "on": None}]}
    assert read_words("GOLD", {"amount": "-1"}) == {"amount": -1}


def test_a_sixth_mission_is_offered_as_a_replacement_not_a_placement() -> None:
    """ED-MISSION-1, ED-MISSION-2: with 5 Missions in the Lair a gained Mission tile is not offered a cell of its
    own (placing it is refused) but offered in place of each Mission, in the turns that fit there; a replacement
    offered is accepted."""
    from test_ed_more import five_missions

    t = five_missions()
    t.play("MERCHANT", "A", kingdom="Sinistra", buy="M5=MJ/OOOOOO/tours")
    choices = GAME.expect(t.state).choices
    assert not any(v.startswith("M5@") for c in choices if c.event == "PLACE" for v in c.values["tiles"])
    assert t.errors("PLACE", "A", tiles=[{"tile": "M5", "at": "-1,0", "rot": 0}]) == ["ED-MISSION-1"]
    replacing = [c for c in choices if c.event == "REPLACE"]
    missions = {m.name for m in t.state.players["A"].missions}
    assert {c.values["remove"][0] for c in replacing} == missions and all(c.player == "A" for c in replacing)
    first = replacing[0]
    draft = Draft("REPLACE", "A", {"remove": first.values["remove"][0], "tile": "M5", "rot": first.values["rot"][0],
                                   "under": first.values["under"][0]})
    made = GAME.complete(t.state, draft)
    assert t.errors("REPLACE", "A", **made.payload) == []


def test_a_word_that_does_not_read_is_one_clear_line_in_words_for_people(tmp_path: Path) -> None:
    """A malformed word is bad input (one line, no traceback, nothing recorded); the words' labels and help, shown
    on the phone, name no command or option."""
    from scorekeeper.errors import BadInput

    session = table(tmp_path, 10)
    for type, payload in (("PLACE", {"tiles": ["T1"]}), ("FLY", {"to": "S5", "pushes": ["Whytera"]}),
                          ("CHESTS", {"chests": ["C1"]})):
        with pytest.raises(BadInput) as refused:
            GAME.complete(session.state, Draft(type, "Blakkar", payload))
        assert "\n" not in str(refused.value) and "--" not in str(refused.value)
    for declared in GAME.events:
        for word in declared.draft_words:
            assert "--" not in word.said + word.help and "scorekeeper" not in word.said + word.help, word


def test_the_shell_completes_the_same_offers(tmp_path: Path) -> None:
    """Field report ED-F2: ``grow E `` + Tab lists the Elves villages only, ``chests Whytera `` her chests only."""
    from scorekeeper.cli.shell import Table

    grow = Table(sample_until(tmp_path, "eight-dragons", "2p-aurea.json", 21))
    assert grow.complete("grow E ") == ["S1", "D6"] and grow.complete("grow G ") == ["S3", "E1"]
    chests = Table(sample_until(tmp_path, "eight-dragons", "2p-aurea.json", 155))
    assert chests.complete("chests Whytera ") == ["C5"]
    assert chests.complete("chests Blakkar ") == ["C1", "C2", "C3", "C4", "C6", "C7"]


BOX = json.loads((SAMPLES / "inputs" / "eight-dragons-box.json").read_text(encoding="utf-8"))


def test_with_the_box_in_the_catalog_every_tile_drawn_is_a_pick() -> None:
    """Issue 35: with the box's tiles in the catalog (``tiles``), the whole 2p-aurea game is played without a
    character typed: each face drawn (a village's, Gathering's, a Merchant's, the Starting Tile and Missions) is
    offered."""
    found = walk("eight-dragons/2p-aurea.json", words_of, catalog=BOX)
    assert found.problems == []
    assert found.typed == 0 and found.plays > 150


def test_a_face_already_drawn_is_not_offered_again() -> None:
    """A draw offers the box's faces not seen yet: after the first village draws O2/WOWWOO/2o,1 (held once), no
    later draw offers it, while a face the box holds twice is offered until it has been drawn twice."""
    recorded = Session.open(SAMPLES / "eight-dragons" / "2p-aurea.json", cached=False)
    config = recorded.config
    session = Session.in_memory(config.game, config.players, dict(config.settings), catalog=BOX)
    held = Counter(f for stack in BOX["tiles"]["stacks"].values() for f in stack)
    drawn: Counter[str] = Counter()
    checked = 0
    for event in [e for e in recorded.events if e.type != "note"]:
        for choice in session.expect().choices:
            faces = [*choice.values.get("tiles", []), *choice.values.get("tile", [])] if choice.event in (
                "VILLAGE", "GATHER") else []
            assert all(drawn[f] < held[f] for f in faces if "/" in f), choice
            if faces:
                checked += 1
                assert ("O2/WOWWOO/2o,1" in faces) == (drawn["O2/WOWWOO/2o,1"] == 0)
        session.record(Draft(event.type, event.player, dict(event.payload)), force=event.forced)
        if event.type in ("VILLAGE", "GATHER"):
            items = event.payload.get("tiles") or [event.payload.get("tile")]
            drawn.update(str(t).partition("=")[2] for t in items)
    assert checked > 20 and held["O2/WOWWOO/2o,1"] == 1 and drawn["O2/WOWWOO/2o,1"] == 1


@pytest.mark.parametrize("tiles, says", [
    ([], "tiles: give an object"),
    ({"stacks": {"X1": ["E1/OWWWWW"]}}, "'X1' is not a Lair stack"),
    ({"stacks": {"E1": ["G1/OWWWWW"]}}, "is not a tile of E1"),
    ({"stacks": {"E1": ["E1/OWW"]}}, "tiles.stacks.E1: 'E1/OWW': the edges must be six letters"),
    ({"stacks": {"E1": ["E1/OWWWWW"]}, "start": ["E1/OWWWWW"]}, "tiles.start: 'E1/OWWWWW' is not a Starting Tile"),
    ({"stacks": {"E1": ["E1/OWWWWW"]}, "chests": []}, "'chests' is not a part of the box"),
])
def test_a_box_that_cannot_be_used_is_refused_in_one_line(tiles: object, says: str) -> None:
    """The catalog's ``tiles`` is checked as the board is: the setup refuses it in one line naming what is
    wrong."""
    with pytest.raises(GameSetupError) as refused:
        Session.in_memory("eight-dragons", ["Ann", "Bob"], {"first": "Ann"}, catalog={"tiles": tiles})
    assert says in str(refused.value) and "\n" not in str(refused.value)
