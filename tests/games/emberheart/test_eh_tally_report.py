"""The Emberheart items of the 2026-12-06 table trials' ``tally`` report (TALLY-1 to 5, 10, 13, 19), each with the
reproduction the report gives: the typed table, as a file (``tally --from``) or in the guided walk (``tally
emberheart --players …``), and what it must now give."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorekeeper.app.session import Session
from scorekeeper.app.tally import parse_tally, tally_session
from scorekeeper.cli import main
from scorekeeper.core.protocol import Draft
from scorekeeper.errors import BadInput
from scorekeeper.games.emberheart.tally import WALK, read_card, read_hire
from scorekeeper.render.payloads import score_payload

PLAYERS = ["Maren", "Tobi"]


def tally(state: dict[str, Any], *, force: bool = False, players: list[str] = PLAYERS) -> Session:
    data = {"game": "emberheart", "players": players, "settings": {"flame_glory": {"4": 5, "1": 1, "2": 2}},
            "state": state}
    return tally_session(parse_tally(data, "typed"), None, "typed", force=force)


def categories(session: Session) -> dict[str, dict[str, int]]:
    score = score_payload(session.score(), None, False)
    return {row["name"]: row["categories"] for row in score["players"]}


def walked_cards(*lines: str, name: str = "Maren") -> dict[str, Any]:
    """The tally state the walk builds from ``lines`` typed as ``name``'s cards."""
    state: dict[str, Any] = WALK.build(PLAYERS, {}, {name: {"cards": [read_card(line) for line in lines]}})["state"]
    return state


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    return {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": ""}


def walk(tmp_path: Path, home: dict[str, str], maren: list[str], tobi: list[str]) -> Any:
    """Maren and Tobi's table typed in the walk (piped): Flame table 4=5, side A, the book's readings, then each
    player's board (Flame, Gear, tracks on one line), Hirelings (Enter) and ``cards``."""
    typed = ["4=5,1=1,2=2", "", "", "3 2 4 2 0", "", *maren, "", "5 1 1 6 2", "", *tobi, "", "yes"]
    return CliRunner(env=home).invoke(main, ["tally", "emberheart", "--players", ",".join(PLAYERS), "--session",
                                             str(tmp_path / "walked.json")], input="\n".join(typed) + "\n")


# -- TALLY-1: an attached exotic Dragon adopts its holder's colour ---------------------------------------------


def fire_sage_table(exotic_colour: str) -> dict[str, Any]:
    """Maren: a red Preserve holding an exotic Dragon, and two red Dragons (3 red); Tobi: the Fire Sage with a red
    Dragon, and one red Dragon more (2 red)."""
    cards = {
        "P1": {"id": "P1", "kind": "preserve", "colour": "red", "owner": "Maren", "holds": "D1"},
        "D1": {"id": "D1", "kind": "captive", "colour": exotic_colour, "exotic": True, "glory": 3, "owner": "Maren",
               "attached_to": "P1"},
        "D2": {"id": "D2", "kind": "mountain", "colour": "red", "glory": 4, "owner": "Maren"},
        "D3": {"id": "D3", "kind": "captive", "colour": "red", "glory": 2, "owner": "Maren"},
        "H1": {"id": "H1", "kind": "hero", "colour": "red", "hero": "fire sage", "owner": "Tobi", "holds": "D4"},
        "D4": {"id": "D4", "kind": "captive", "colour": "red", "glory": 2, "owner": "Tobi", "attached_to": "H1"},
        "D5": {"id": "D5", "kind": "mountain", "colour": "red", "glory": 5, "owner": "Tobi"},
    }
    return {"phase": "end", "round": 5, "cards": cards,
            "players": [{"cards": ["P1", "D1", "D2", "D3"]}, {"cards": ["H1", "D4", "D5"]}]}


@pytest.mark.parametrize("typed", ["", "exotic"])
def test_tally_1_an_attached_exotic_dragon_counts_as_its_holders_colour(typed: str) -> None:
    """TALLY-1, EH-DRG-7: "Once attached, it permanently adopts the color of the Preserve or Hero card it is attached
    to." Maren has 3 red Dragons (one of them the exotic on her red Preserve), so Tobi's Fire Sage ("Add +7 to your
    Final Glory if no other player has more Red Dragons than you", 2) is not met."""
    session = tally(fire_sage_table(typed))
    assert session.replay().state.cards["D1"].colour == "red"
    assert categories(session)["Tobi"]["Heroes"] == 0
    assert session.game.check_state(session.replay().state) == []


def test_tally_1_the_walk_gives_an_exotic_put_on_a_preserve_its_colour() -> None:
    """TALLY-1: the walk's ``captive exotic 3 on preserve`` is the red Preserve's colour."""
    state = walked_cards("preserve red", "captive exotic 3 on preserve")
    assert state["cards"]["D1"]["colour"] == "red" and state["cards"]["D1"]["attached_to"] == "P1"


# -- TALLY-2 and TALLY-3: a Dragon put "on" the right card, or refused naming what was typed ------------------


def test_tally_2_on_preserve_is_the_first_free_preserve_of_the_dragons_colour() -> None:
    """TALLY-2: "You may attach a Dragon card of the same color to it anytime ... Only one Dragon can be attached to
    a Preserve." Two red Preserves each take one Dragon; a blue Dragon goes on the blue Preserve, not the green
    one typed first; ``on preserve green`` names the colour."""
    state = walked_cards("preserve red", "captive exotic 3 on preserve", "preserve red", "captive red 3 on preserve")
    assert [(d, state["cards"][d]["attached_to"]) for d in ("D1", "D2")] == [("D1", "P1"), ("D2", "P2")]
    state = walked_cards("preserve green", "preserve blue", "mountain blue 9 on preserve",
                         "mountain green 2 on preserve green")
    assert state["cards"]["D1"]["attached_to"] == "P2" and state["cards"]["P2"]["holds"] == "D1"
    assert state["cards"]["D2"]["attached_to"] == "P1" and state["cards"]["P1"]["holds"] == "D2"
    state = walked_cards("preserve red", "preserve red", "captive red 3 on p2")  # a card's id names it
    assert state["cards"]["D1"]["attached_to"] == "P2"


@pytest.mark.parametrize("line,words", [
    ("captive exotic 3 on preserve red", "'preserve red'"),  # no Preserve typed yet
    ("captive red 2 on fire-sage", "'fire-sage'"),  # no Fire Sage typed
    ("captive blue 2 on paragon", "free blue Hero or Preserve"),  # the Paragon is red
])
def test_tally_3_an_on_that_matches_nothing_is_refused_naming_it(line: str, words: str) -> None:
    """TALLY-3: an ``on`` that names no free Hero or Preserve of the player's is refused in one line naming what
    was typed (exit 2 from a file: EH-TALLY-1), never dropped silently."""
    state = walked_cards("hero paragon", line)
    with pytest.raises(BadInput) as refused:
        tally(state)
    message = str(refused.value)
    assert words in message and "Maren's D1 is put on" in message and "\n" not in message


def test_tally_3_an_on_that_names_nothing_at_all_is_refused_as_typed() -> None:
    with pytest.raises(BadInput, match="'on' names the Hero or Preserve it joins"):
        read_card("captive red 5 on")


def test_tally_3_the_walk_says_so_and_asks_the_line_again(tmp_path: Path, home: dict[str, str]) -> None:
    """TALLY-3 in the walk: the line is refused, said in one line, and asked again; nothing else is lost."""
    result = walk(tmp_path, home, ["hero fire-sage", "captive red 2 on bard", "captive red 2 on fire-sage"], [])
    said = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "error: cards: Maren's D1 is put on 'bard': no free red Hero or Preserve of Maren's" in said
    assert said.count("Maren · cards >") == 4  # hero, the refused line, again, the empty line
    session = Session.open(tmp_path / "walked.json")
    assert session.replay().state.cards["D1"].attached_to == "H1"


# -- TALLY-4: the hyphenated Hero name the rest of the CLI prints ---------------------------------------------


def test_tally_4_a_hero_is_read_with_the_hyphen_the_cli_prints() -> None:
    """TALLY-4: ``eh reveal``, ``eh claim`` and the offers print ``fire-sage``; the walk takes it, and ``on
    fire-sage``; a file takes ``fire-sage`` too."""
    assert read_card("hero fire-sage")["hero"] == read_card("hero Fire Sage")["hero"] == "fire sage"
    state = walked_cards("hero fire-sage", "captive red 2 on fire-sage")
    assert state["cards"]["D1"]["attached_to"] == "H1"
    typed = {"phase": "end", "round": 5, "players": [{"cards": ["H1"]}, {}],
             "cards": {"H1": {"id": "H1", "kind": "hero", "hero": "Fire-Sage", "owner": "Maren"}}}
    hero = tally(typed).replay().state.cards["H1"]
    assert (hero.hero, hero.colour) == ("fire sage", "red")  # the colour is the Hero's when left out


# -- TALLY-5: the Gear held before the end-game discards -----------------------------------------------------


def test_tally_5_the_gear_typed_is_the_gear_before_the_step_5_discards() -> None:
    """TALLY-5, EH-END-11 (AMB-25): "You may decrease your Flame this way only during step 5 of the End Game
    Scoring." The Heroes are step 3: a table typed before step 5, then ``eh convert 6``, scores the Fire Marshall
    ("Add +1 to your Final Glory for each Gear you have") on the 9 Gear held before the discards."""
    typed = {"phase": "end", "players": [{"gear": 9, "flame": 4, "cards": ["H1", "D1"]}, {"flame": 0}],
             "cards": {"H1": {"id": "H1", "kind": "hero", "colour": "blue", "hero": "fire marshall", "owner": "Maren",
                              "holds": "D1"},
                       "D1": {"id": "D1", "kind": "captive", "colour": "blue", "glory": 2, "owner": "Maren",
                              "attached_to": "H1"}}}
    session = tally(typed)
    state = session.replay().state
    assert (state.round, state.player("Maren").end_gear) == (5, 9)  # the end comes after round V
    verdict = session.record(Draft("END_GEAR_CONVERT", "Maren", {"gear": 6}))
    assert verdict.recorded and not verdict.errors
    assert session.replay().state.player("Maren").gear == 3
    assert categories(session)["Maren"]["Heroes"] == 9


# -- TALLY-10: impossible end states ------------------------------------------------------------------------


@pytest.mark.parametrize("change,rule,words", [
    (lambda s: s["players"][0].update(attrs={"strength": 9, "senses": 1, "speed": 0}), "EH-STATE-7",
     "Maren's Strength marker is on step 9"),
    (lambda s: (s["cards"].update(H2={"id": "H2", "kind": "hero", "colour": "red", "hero": "paragon",
                                      "owner": "Maren"}), s["players"][0]["cards"].append("H2")),
     "EH-STATE-9", "Maren holds 2 Heroes of kind Paragon (H1, H2)"),
    (lambda s: (s["cards"]["D2"].update(attached_to="H1", colour="red")), "EH-STATE-12",
     "Maren's H1 holds 2 Dragons (D1, D2)"),
    (lambda s: (s["cards"]["D2"].update(attached_to="P1"), s["cards"]["P1"].update(holds="D2")), "EH-STATE-13",
     "Maren's D2, a blue Dragon, is attached to P1, a green Preserve"),
])
def test_tally_10_impossible_end_states_are_found(change: Any, rule: str, words: str) -> None:
    """TALLY-10: "27 Hero cards", "Only one Dragon can be attached to a Hero.", "You may attach a Dragon card of the
    same color to it anytime" and a marker beyond its track's last step: the state's check (EH-STATE-7, 9, 12, 13),
    which every door that takes a whole state runs, names the player and the card."""
    cards = {"H1": {"id": "H1", "kind": "hero", "colour": "red", "hero": "paragon", "owner": "Maren", "holds": "D1"},
             "D1": {"id": "D1", "kind": "captive", "colour": "red", "glory": 5, "owner": "Maren", "attached_to": "H1"},
             "D2": {"id": "D2", "kind": "mountain", "colour": "blue", "glory": 8, "owner": "Maren"},
             "P1": {"id": "P1", "kind": "preserve", "colour": "green", "owner": "Maren"}}
    state = {"phase": "end", "round": 5, "cards": cards, "players": [{"cards": ["H1", "D1", "D2", "P1"]}, {}]}
    legal = tally(json.loads(json.dumps(state)))
    assert legal.game.check_state(legal.replay().state) == []
    change(state)
    session = tally(state, force=True)
    found = session.game.check_state(session.replay().state)
    assert any(f.rule == rule and words in f.message for f in found), found


# -- TALLY-13: a misspelled card kind, colour or Hero ----------------------------------------------------------


@pytest.mark.parametrize("field,value,said", [
    ("kind", "mountian", "state.cards.D1.kind: no card kind 'mountian' (did you mean mountain?)"),
    ("colour", "bleu", "state.cards.D1.colour: no colour 'bleu' (did you mean blue?)"),
    ("hero", "paragn", "state.cards.H1.hero: no Hero 'paragn' (did you mean paragon?)"),
    ("track", "strenght", "state.cards.G1.track: no Attribute track 'strenght' (did you mean strength?)"),
    ("cards", "D9", "state.players[0].cards: 'D9' is not a card of state.cards (Maren's)"),
    ("id", "D2", "state.cards.D1.id: 'D2'; a card's id is its name in state.cards, 'D1'"),
    ("holds", "Z9", "state.cards.H1.holds: 'Z9' is not a card of state.cards"),
    ("attached_to", "Z9", "Maren's D1 is put on 'Z9': no free blue Hero or Preserve of Maren's"),
])
def test_tally_13_a_misspelled_word_is_one_line_exit_2_nothing_written(cli: Any, tmp_path: Path, field: str,
                                                                      value: str, said: str) -> None:
    """TALLY-13 (and TALLY-14, TALLY-15: Emberheart): a card kind, colour, Hero or track that does not exist, or a
    card id that names nothing, is one line naming the field and the closest word, exit 2, nothing written."""
    cards = {"D1": {"id": "D1", "kind": "mountain", "colour": "blue", "glory": 8, "owner": "Maren"},
             "H1": {"id": "H1", "kind": "hero", "colour": "red", "hero": "paragon", "owner": "Maren"},
             "G1": {"id": "G1", "kind": "garrison", "colour": "red", "glory": 3, "track": "speed", "owner": "Maren"}}
    hand = ["D1", "H1", "G1"]
    if field == "cards":
        hand.append(value)
    else:
        cards[{"hero": "H1", "holds": "H1", "track": "G1"}.get(field, "D1")][field] = value
    source = tmp_path / "typo.json"
    source.write_text(json.dumps({"game": "emberheart", "players": PLAYERS, "state": {
        "phase": "end", "round": 5, "cards": cards, "players": [{"cards": hand}, {}]}}), encoding="utf-8")
    result = cli("tally", "--from", source, "--session", tmp_path / "out.json")
    assert result.exit_code == 2, result.output
    assert said in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out.json").exists()


def test_tally_13_the_walk_suggests_the_closest_colour() -> None:
    """TALLY-13 in the walk: a misspelled colour is refused with the closest one (the kind and the Hero already
    were)."""
    with pytest.raises(BadInput, match=r"did you mean blue\?"):
        read_card("mountain bleu 8")


# -- TALLY-19: a partial Hirelings answer -----------------------------------------------------------------------


def test_tally_19_the_hirelings_not_typed_are_none() -> None:
    """TALLY-19: "Hirelings: all of them, supply and board": ``S=1`` is 1 Scout and nothing else (the setup's 10
    Grunts are kept only by Enter)."""
    state = WALK.build(PLAYERS, {}, {"Maren": {"hire": read_hire("S=1")}, "Tobi": {"hire": read_hire("")}})["state"]
    assert state["players"][0]["hire"] == {"G": 0, "S": 1, "R": 0, "W": 0}
    assert "hire" not in state["players"][1]
