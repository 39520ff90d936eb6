"""Flamecraft's whole-state check (``Game.check_state``, ``state_check.py``): each FC-STATE invariant found when a
state breaks it, named with its player and thing; and nothing found in any state legal plays reach (every event of
every sample and generated game, the tallies and joins of them), so no invariant is stricter than the rulebook."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from fc_helpers import fresh
from scorekeeper.app.session import Session
from scorekeeper.app.tally import parse_tally, tally_data, tally_session
from scorekeeper.core.engine import replay
from scorekeeper.games.flamecraft import GAME
from scorekeeper.games.flamecraft.state import FlameState, TurnState

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = sorted(p for p in (ROOT / "sample_sessions" / "flamecraft").glob("*.json") if p.name != "manifest.json")


def found(state: FlameState) -> dict[str, list[str]]:
    """Rule → the messages ``check_state`` gives for ``state``."""
    out: dict[str, list[str]] = {}
    for finding in GAME.check_state(state):
        assert finding.is_error
        out.setdefault(finding.rule, []).append(finding.message)
    return out


def only(state: FlameState, rule: str) -> str:
    """The one message of ``rule``, the only rule found."""
    got = found(state)
    assert list(got) == [rule], got
    assert len(got[rule]) == 1, got
    return got[rule][0]


def started() -> FlameState:
    """A legal game just dealt (3 players, fixture 5.0), P1 to play: nothing found."""
    state = fresh().state
    assert found(state) == {}
    return copy.deepcopy(state)


def ended(**trigger: Any) -> FlameState:
    """A legal end: P1's turn with the end triggered by P1, all three final turns played."""
    t = fresh(("P1", "P2", "P3"))
    t.arrange(None, decks={"artisan": 0})
    state = copy.deepcopy(t.state)
    state.end_trigger = {"deck": "artisan", "seq": 2, "player": "P1", "turn": 1, **trigger}
    state.final_queue, state.finished, state.turn, state.turn_count = [], True, None, 4
    assert found(state) == {}
    return state


# -- one test per invariant: a state that breaks it is found, with its rule ID ---------------------------------


def test_fc_state_1_an_artisan_dragon_in_two_hands() -> None:
    """FC-STATE-1, rulebook: "Dragons are added to your hand." A card is in one place: two hands at once
    (field report FC-F2), or a hand and the park, is impossible."""
    state = started()
    card = state.players["P1"].hand[0]
    state.players["P2"].hand.append(card)
    message = only(state, "FC-STATE-1")
    assert card in message and "P1's hand and P2's hand" in message
    state = started()
    state.players["P1"].hand.append(state.park[0])
    assert "the park" in only(state, "FC-STATE-1")


def test_fc_state_2_an_enchantment_in_the_row_and_a_reserve() -> None:
    """FC-STATE-2, rulebook: "Choose an enchantment from the faceup row, or 1 you have reserved … tuck it behind
    the shop." An enchantment is in the row, a reserve or behind a shop, one of them."""
    state = started()
    state.players["P2"].reserved = state.row[0]
    message = only(state, "FC-STATE-2")
    assert state.row[0] in message and "the row and P2's reserve" in message


def test_fc_state_3_a_fancy_dragon_held_by_two_players() -> None:
    """FC-STATE-3, rulebook: "Take 2 Fancy dragons: Choose 1 to keep and return the other"; "randomly deal 1
    companion to each player." A card is held once, by one player."""
    state = started()
    card = state.players["P1"].fancies[0]
    state.players["P3"].fancies.append(card)
    message = only(state, "FC-STATE-3")
    assert card in message and "P1's fancy dragons and P3's fancy dragons" in message


def test_fc_state_4_reputation_and_counts_below_0() -> None:
    """FC-STATE-4, rulebook: "Place all reputation markers near the start of the reputation track." The track
    starts at 0 and is only gained on; coins and goods are never below 0."""
    state = started()
    state.players["P2"].rep = -3
    assert "P2's reputation is -3" in only(state, "FC-STATE-4")
    state = started()
    state.players["P1"].goods["iron"] = -1
    assert "P1 holds -1 iron" in only(state, "FC-STATE-4")


def test_fc_state_5_more_than_6_dragons_at_the_end() -> None:
    """FC-STATE-5, rulebook: "2. Discard goods/dragons down to your limits. • You have a limit of 6 Artisan
    dragons." The player who played the last turn (here P1, who triggered the end) discarded down."""
    state = ended()
    state.players["P1"].hand = [f"X-{i}" for i in range(7)]
    message = only(state, "FC-STATE-5")
    assert message.startswith("P1 holds 7 artisan dragons at the end; the limit is 6")
    state.players["P1"].hand = state.players["P1"].hand[:6]
    state.players["P2"].hand = [f"Y-{i}" for i in range(8)]  # paid or given since P2's own final turn: legal
    assert found(state) == {}


def test_fc_state_6_more_than_7_goods_at_the_end() -> None:
    """FC-STATE-6, rulebook: "You have a limit of 7 goods of each type." The last player to play discarded down;
    a tally that does not say who played last still cannot have everyone over a limit."""
    state = ended()
    state.players["P1"].goods = {"bread": 8}
    assert only(state, "FC-STATE-6").startswith("P1 holds 8 bread at the end; the limit is 7")
    state = ended()
    state.end_trigger, state.final_queue = None, None  # a tally that does not say who played last
    for p in state.players.values():
        p.goods = {"meat": 9}
    state.artisan_deck = 1  # (a deck not empty: the end's trigger is not what is judged here)
    message = only(state, "FC-STATE-6")
    assert "P1, P2 and P3" in message and "whoever played last" in message


def test_fc_state_7_a_moon_dragon_declared_met_whose_goal_the_table_contradicts() -> None:
    """FC-STATE-7, rulebook: "☾ (moon) Dragons: These are only scored at the game end if their goals were
    fulfilled." A goal in checkable form (distinct 5) that the goods typed do not meet (field report TALLY-6)."""
    state = ended()
    state.faces["fancy"]["FY-2"] = {"kind": "moon", "reward": {"rep": 4}, "goal": "distinct 5",
                                    "check": {"kind": "distinct", "count": 5}}
    raf = state.players["P2"]
    raf.fancies.append("FY-2")
    raf.goods = {"bread": 1, "plant": 1, "crystal": 1, "potion": 1}
    state.moon = {card: False for p in state.players.values() for card in p.fancies} | {"FY-2": True}
    message = only(state, "FC-STATE-7")
    assert "P2's moon dragon FY-2 is declared fulfilled, but its goal (distinct 5) is not met" in message
    assert "P2 holds 1 bread, 1 plant, 1 crystal, 1 potion" in message


def test_fc_state_8_a_moon_dragon_left_out_of_the_moon_answer() -> None:
    """FC-STATE-8, rulebook: "Score any points on Fancy dragons with a ☾ symbol." Once judged, every Moon dragon
    held is judged, and only cards a player holds (field report TALLY-7: FY-51 typed for FY-15)."""
    state = ended()
    judged = {card: True for p in state.players.values() for card in p.fancies}
    left = state.players["P3"].fancies[0]
    state.moon = {card: met for card, met in judged.items() if card != left}
    message = only(state, "FC-STATE-8")
    assert f"P3's moon dragon(s) {left} are not judged" in message
    state.moon = {**judged, "FK-P4": True}
    assert "judges FK-P4, which no player holds (did you mean" in only(state, "FC-STATE-8")


def test_fc_state_9_a_moon_dragon_scored_as_a_sun_dragon() -> None:
    """FC-STATE-9, rulebook: "☀ (sun) Dragons: These dragons are scored during the game when their goal has been
    fulfilled." ; "☾ (moon) Dragons: These are only scored at the game end"."""
    state = started()
    card = state.players["P1"].fancies[0]  # a moon dragon
    state.players["P1"].sun_scored.append(card)
    assert "P1's " + card + " is a moon dragon" in only(state, "FC-STATE-9")
    state = started()
    state.players["P2"].sun_scored.append("FD-1")
    assert "P2's sun dragon FD-1 is scored but P2 does not hold it" in only(state, "FC-STATE-9")


def test_fc_state_10_the_turn_is_not_the_seat_it_comes_to() -> None:
    """FC-STATE-10, rulebook: "Randomly choose a start player." Turns then go round in seat order, and "Each
    player … gets 1 final turn": turn 1 is the start player's, no turn once the game is over."""
    state = started()
    assert state.turn is not None
    state.turn = TurnState("P2", 1)
    assert "it is P2's turn, but turn 1 comes to P1" in only(state, "FC-STATE-10")
    state = ended()
    state.turn = TurnState("P2", 5)
    assert "the game is over" in only(state, "FC-STATE-10")


def test_fc_state_11_a_deck_ran_out_and_the_end_is_not_triggered() -> None:
    """FC-STATE-11, rulebook: "When the last card of the Artisan or Enchantment deck is drawn/revealed, the game
    end is triggered." Triggered by a deck that still holds cards, or not triggered by one that ran out."""
    state = started()
    state.ench_deck = 0
    assert "the enchantment deck is empty, but the game end is not triggered" in only(state, "FC-STATE-11")
    state = started()
    state.end_trigger = {"deck": "artisan", "seq": 5, "player": "P1", "turn": 1}
    assert "still holds" in " ".join(found(state)["FC-STATE-11"])


def test_fc_state_12_a_shop_with_4_enchantments() -> None:
    """FC-STATE-12, rulebook: "A shop cannot have more than 3 enchantments."; "Shops with a or icon cannot be
    enchanted." """
    state = started()
    state.shops["BAKERY"].enchantments = ["EN-6", "EN-7", "EN-8", "EN-9"]
    assert "BAKERY has 4 enchantments" in only(state, "FC-STATE-12")


def test_fc_state_13_a_park_of_6() -> None:
    """FC-STATE-13, rulebook: "Reveal the top 5 cards and place them in the Park next to the deck." The park
    (and the row) show at most 5 cards."""
    state = started()
    state.park.append("PK-6")
    assert "the park shows 6 cards" in only(state, "FC-STATE-13")


def test_fc_state_14_a_companion_in_a_game_without_companions() -> None:
    """FC-STATE-14, rulebook: "If playing with Companions, randomly deal 1 companion to each player."; "1st,
    move your player token onto the shop you wish to visit." (a shop in town)."""
    state = started()
    state.players["P1"].companion = "C-1"
    assert "P1 has companion C-1, but this game is played without companions" in only(state, "FC-STATE-14")
    state = started()
    state.players["P3"].token = "MILL"  # still in the shop deck
    assert "P3's token stands on MILL, which is not a shop in town" in only(state, "FC-STATE-14")


def test_fc_state_15_more_artisan_dragons_than_the_box() -> None:
    """FC-STATE-15, rulebook: "If playing with 3 players, remove 6 dragons -- 1 of each goods type." The box's
    artisan dragons (``artisan_deck_size`` and the 6 starters) bound those in sight and set aside."""
    state = started()
    state.players["P2"].hand += [f"EXTRA-{i}" for i in range(40)]
    message = only(state, "FC-STATE-15")
    assert "artisan dragons are in hands" in message and "the box holds 42" in message


# -- not over-strict: nothing found in a state legal plays reach -----------------------------------------------


def states_of(session: Session) -> list[tuple[int, Any]]:
    """(seq, what check_state found) after every event of the session, in one fold."""
    hits: list[tuple[int, Any]] = []

    def watch(outcome: Any, state: FlameState) -> None:
        for finding in session.game.check_state(state):
            hits.append((outcome.event.seq, f"{finding.rule}: {finding.message}"))

    replay(session.events, session.game, session.config, watch=watch)
    return hits


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_nothing_is_found_after_any_event_of_a_sample(path: Path) -> None:
    """FC-STATE-1 to 15 hold after every event of every bundled sample (the disputed one too)."""
    session = Session.open(path)
    assert states_of(session) == []


@pytest.mark.parametrize("name", ["3p-complete", "2p-companions", "5p-gold", "3p-disputed"])
def test_nothing_is_found_after_any_event_of_a_generated_game(name: str) -> None:
    """The games ``tools/flamecraft/make.py`` records from its plans, played again now: nothing found."""
    from tools.flamecraft.make import record

    recorder = record(name, f"memory:test-fc-state-{name}")
    session = recorder.session()
    assert len(session.events) > 100 and states_of(session) == []


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_nothing_is_found_in_the_tally_and_joins_of_a_sample(path: Path) -> None:
    """The sample's end as a tally, and the state just before every 7th event as a join (``new --from``):
    the tally is accepted unflagged and nothing is found."""
    sample = Session.open(path)
    for at in [*range(2, len(sample.events), 7), None]:
        typed = json.loads(json.dumps(tally_data(sample, at=at)))  # as a file holds it
        joined = tally_session(parse_tally(typed, "typed"), None, "typed")
        assert joined.game.check_state(joined.state) == [], at


@pytest.mark.parametrize("name", ["flamecraft-tally.toml", "flamecraft-tally-full.toml"])
def test_nothing_is_found_in_the_example_tallies(name: str) -> None:
    """The bundled tally examples are accepted, nothing found."""
    from scorekeeper.app.tally import read_tally

    tally = read_tally(ROOT / "sample_sessions" / "inputs" / name)
    session = tally_session(tally, None, name)
    assert session.game.check_state(session.state) == []


INVARIANT_TESTS = [test_fc_state_1_an_artisan_dragon_in_two_hands, test_fc_state_2_an_enchantment_in_the_row_and_a_reserve,
                   test_fc_state_3_a_fancy_dragon_held_by_two_players, test_fc_state_4_reputation_and_counts_below_0,
                   test_fc_state_5_more_than_6_dragons_at_the_end, test_fc_state_6_more_than_7_goods_at_the_end,
                   test_fc_state_7_a_moon_dragon_declared_met_whose_goal_the_table_contradicts,
                   test_fc_state_8_a_moon_dragon_left_out_of_the_moon_answer,
                   test_fc_state_9_a_moon_dragon_scored_as_a_sun_dragon,
                   test_fc_state_10_the_turn_is_not_the_seat_it_comes_to,
                   test_fc_state_11_a_deck_ran_out_and_the_end_is_not_triggered,
                   test_fc_state_12_a_shop_with_4_enchantments, test_fc_state_13_a_park_of_6,
                   test_fc_state_14_a_companion_in_a_game_without_companions,
                   test_fc_state_15_more_artisan_dragons_than_the_box]


@pytest.mark.parametrize("number", range(1, 16))
def test_each_invariant_test_fails_without_its_check(monkeypatch: pytest.MonkeyPatch, number: int) -> None:
    """The test of FC-STATE-n fails when the check of FC-STATE-n is taken out (so each test proves its check)."""
    from scorekeeper.games.flamecraft import state_check

    check = state_check.CHECKS[number - 1]
    assert f"FC-STATE-{number}:" in (check.__doc__ or "")
    monkeypatch.setattr(state_check, "CHECKS", tuple(c for c in state_check.CHECKS if c is not check))
    with pytest.raises(AssertionError):
        INVARIANT_TESTS[number - 1]()


# -- the field report's Flamecraft items (2026-12-06 table trials) -------------------------------------------


def table_file(tmp_path: Path, state: dict[str, Any], catalog: dict[str, Any] | None = None,
               name: str = "table.json") -> Path:
    """A Flamecraft tally file for Mia, Raf, Tess, Jon."""
    data: dict[str, Any] = {"game": "flamecraft", "players": ["Mia", "Raf", "Tess", "Jon"], "state": state}
    if catalog is not None:
        data["catalog"] = catalog
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def end_table(**players: dict[str, Any]) -> dict[str, Any]:
    rows = {name: {"rep": 20, "coins": 1, "goods": {"bread": 1}, "hand": [f"{name.upper()}-1"]}
            for name in ("Mia", "Raf", "Tess", "Jon")}
    for name, fields in players.items():
        rows.setdefault(name, {}).update(fields)
    return {"finished": True, "players": rows}


MOONS = {"fancy": {"FY-2": "moon:4rep:goal=distinct 5", "FY-5": "moon:5rep", "FY-15": "moon:3rep",
                   "FY-9": "sun:3rep"}}


def test_tally_6_a_moon_dragon_declared_met_against_the_typed_goods_is_refused(cli: Any, tmp_path: Path) -> None:
    """Field report TALLY-6 (FC-STATE-7): Raf holds 4 kinds of goods; FY-2's goal is ``distinct 5``; declared met,
    the tally is refused (exit 1, nothing written), and forced it is recorded and flagged by ``check``."""
    state = end_table(Raf={"goods": {"bread": 1, "plant": 1, "crystal": 1, "potion": 1}, "fancies": ["FY-2"]})
    state["moon"] = {"FY-2": True}
    source, out = table_file(tmp_path, state, MOONS), tmp_path / "out.json"
    refused = cli("tally", "--from", source, "--session", out)
    assert refused.exit_code == 1 and not out.exists()
    assert "FC-STATE-7: Raf's moon dragon FY-2 is declared fulfilled, but its goal (distinct 5) is not met" in refused.output
    assert "Raf holds 1 bread, 1 plant, 1 crystal, 1 potion" in refused.output
    assert cli("tally", "--from", source, "--session", out, "--force").exit_code == 0
    assert "FC-STATE-7" in cli("check", "--session", out).output


def test_tally_7_a_moon_dragon_left_out_and_a_misspelled_one_are_refused(cli: Any, tmp_path: Path) -> None:
    """Field report TALLY-7 (FC-STATE-8): FY-51 typed for Tess's FY-15: FY-15 is not judged (it would score 0
    unsaid and a winner be declared), and FY-51 is nobody's card."""
    state = end_table(Mia={"fancies": ["FY-5"]}, Raf={"fancies": ["FY-2"]}, Tess={"fancies": ["FY-15"]})
    state["moon"] = {"FY-5": True, "FY-51": True, "FY-2": False}
    refused = cli("tally", "--from", table_file(tmp_path, state, MOONS), "--session", tmp_path / "out.json")
    assert refused.exit_code == 1 and not (tmp_path / "out.json").exists()
    assert "Tess's moon dragon(s) FY-15 are not judged" in refused.output
    assert "judges FY-51, which no player holds (did you mean FY-15?)" in refused.output


def test_tally_11_more_than_the_limits_at_the_end_is_refused(cli: Any, tmp_path: Path) -> None:
    """Field report TALLY-11 (FC-STATE-5, FC-STATE-6): Jon triggered the end, so his final turn was the last one
    and he discarded down to 6 dragons and 7 of each good; a file where he holds more is refused, naming him."""
    state = end_table(Jon={"hand": [f"J-{i}" for i in range(7)], "goods": {"iron": 8}})
    state["end_trigger"] = {"deck": "artisan", "player": "Jon"}
    refused = cli("tally", "--from", table_file(tmp_path, state), "--session", tmp_path / "out.json")
    assert refused.exit_code == 1
    assert "FC-STATE-5: Jon holds 7 artisan dragons at the end; the limit is 6" in refused.output
    assert "FC-STATE-6: Jon holds 8 iron at the end; the limit is 7" in refused.output


@pytest.mark.parametrize("state,catalog,said", [
    (end_table(Mia={"goods": {"bred": 2}}), None, "no good 'bred' (did you mean bread?)"),
    (end_table(Mia={"goods": "2bred"}), None, "'bred' is not a good (did you mean bread?)"),
    (end_table(Mia={"fancies": ["FY-2"]}), {"fancy": {"FY-2": "mon:4rep"}}, "not 'mon' (did you mean moon?)"),
    (end_table(Mia={"fancies": ["FY-2=mon:4rep"]}), None, "not 'mon' (did you mean moon?)"),
    ({**end_table(Mia={"fancies": ["FY-5"]}), "moon": {"FY-5": "yse"}}, MOONS, "expects yes or no, not 'yse'"),
    (end_table(Mai={"rep": 3}), None, "players.Mai: not a player of this game (did you mean Mia?)"),
], ids=["good", "goods-text", "fancy-kind", "fancy-typed", "moon-answer", "player"])
def test_tally_13_a_misspelled_name_is_bad_input_with_the_closest(cli: Any, tmp_path: Path, state: dict[str, Any],
                                                                  catalog: dict[str, Any] | None, said: str) -> None:
    """Field report TALLY-13 (Flamecraft part): a misspelled good, fancy kind, Moon answer or player is one line
    naming it with the closest name, exit 2, nothing written; never a refusal that ``--force`` records."""
    result = cli("tally", "--from", table_file(tmp_path, state, catalog), "--session", tmp_path / "out.json")
    assert result.exit_code == 2 and said in result.output and not (tmp_path / "out.json").exists(), result.output
    assert "Traceback" not in result.output


def test_tally_23_a_sun_dragon_in_a_tally_is_not_said_to_lapse(cli: Any, tmp_path: Path) -> None:
    """Field report TALLY-23: a tally types the track as the table shows it, a sun dragon's points on it; the
    score does not claim that a sun dragon never scored and lapses."""
    state = end_table(Mia={"fancies": ["FY-9"]})
    made = cli("tally", "--from", table_file(tmp_path, state, MOONS), "--session", tmp_path / "out.json")
    assert made.exit_code == 0, made.output
    assert "never scored" not in made.output and "FC-SCORE-4" not in made.output and "share" in made.output


def test_tally_24_fancy_dragons_without_faces_are_asked_for_once_each(cli: Any, tmp_path: Path) -> None:
    """Field report TALLY-24: a file naming fancy dragons without their faces ends neither in a score with every
    card unjudged nor in a dead end: one line (FC-TALLY-2) names each card once, with its owner and how to type
    it; and the walk asks again for a fancy dragon typed without its face."""
    from scorekeeper.errors import BadInput
    from scorekeeper.games.flamecraft.tally import read_fancies

    state = end_table(Mia={"fancies": ["FY-5", "FY-9"]}, Raf={"fancies": ["FY-11"]})
    refused = cli("tally", "--from", table_file(tmp_path, state), "--session", tmp_path / "out.json")
    assert refused.exit_code == 1 and "FC-TALLY-2" in refused.output
    assert "FY-5 (Mia), FY-9 (Mia), FY-11 (Raf) is not known" in refused.output
    assert refused.output.count("FY-9") == 1 and "fc final" not in refused.output
    with pytest.raises(BadInput, match="FY-1: give its face"):
        read_fancies("FY-2=moon:4rep FY-1")


def test_tally_25_the_forms_a_table_writes_are_read(cli: Any, tmp_path: Path) -> None:
    """Field report TALLY-25: fancy dragons typed with their faces, a hand as a count, goods as ``2bread+1iron``,
    Moon answers as yes or no, as ``sample_sessions/inputs/flamecraft-tally-full.toml`` shows them."""
    made = cli("tally", "--from", ROOT / "sample_sessions" / "inputs" / "flamecraft-tally-full.toml",
               "--session", tmp_path / "full.json", "--json")
    assert made.exit_code == 0, made.output
    score = json.loads(made.stdout)
    moons = {row["name"]: row["categories"]["Moon dragons"] for row in score["players"]}
    assert moons == {"Ada": 4, "Ben": 0, "Cy": 3} and score["winners"] == ["Ada"]
    state = Session.open(tmp_path / "full.json").state
    assert len(state.players["Cy"].hand) == 3 and state.players["Ada"].goods == {"bread": 1, "iron": 2}


def test_fc_f2_adjust_refuses_a_card_put_in_a_second_hand() -> None:
    """Field report FC-F2 (FC-STATE-1): two ``adjust … hand=…`` left the same cards in Mia's and Raf's hands. An
    adjustment is not judged as a play, but a card put where it already is elsewhere is refused; the same card
    moved (taken from the first hand in the same adjustment) is accepted."""
    t = fresh(("Mia", "Raf"))
    card = t.p("Mia").hand[0]
    findings = t.bad("ADJUST", None, "FC-STATE-1", players={"Raf": {"hand": [card]}})
    assert any(card in f.message and "Mia's hand and Raf's hand" in f.message for f in findings)
    assert card not in t.p("Raf").hand
    t.ok("ADJUST", None, players={"Raf": {"hand": [card]}, "Mia": {"hand": t.p("Mia").hand[1:]}})
    assert card in t.p("Raf").hand and card not in t.p("Mia").hand


def test_a_game_joined_in_progress_learns_a_fancy_dragons_face_later() -> None:
    """FC-TALLY-2 asks for the fancy dragons' faces only at the end (TALLY-24): a game joined in progress learns
    a face when it is needed, as in play."""
    typed = {"game": "flamecraft", "players": ["A", "B"], "state": {"players": {"A": {"fancies": ["FX-1"]}, "B": {}}}}
    joined = tally_session(parse_tally(typed, "typed"), None, "typed")
    assert joined.state.players["A"].fancies == ["FX-1"]


def test_tally_24_a_tally_without_moon_answers_is_finished_by_fc_final(cli: Any, tmp_path: Path) -> None:
    """Field report TALLY-24, its way out: a tally with the faces but no Moon answers says to judge the Moon
    dragons (the Sun one is not among them), ``fc final`` records them, and what comes next is the score, not
    a setup to record."""
    state = end_table(Mia={"fancies": ["FY-5=moon:5rep", "FY-9=sun:3rep"]}, Raf={"fancies": ["FY-2=moon:4rep"]})
    out = tmp_path / "out.json"
    made = cli("tally", "--from", table_file(tmp_path, state), "--session", out)
    assert out.exists() and "not judged (Mia: FY-5, Raf: FY-2)" in " ".join(made.output.split()), made.output
    final = cli("fc", "final", "--moon", "FY-5", "--missed", "FY-2", "--session", out)
    assert final.exit_code == 0 and "next: the game is over: scorekeeper score" in final.output, final.output
    assert cli("score", "--json", "--session", out).exit_code == 0


def test_a_hand_typed_as_a_count_no_box_holds_is_refused_before_it_is_made(cli: Any, tmp_path: Path) -> None:
    """The tally-file fuzz (issue 33): ``hand = 10**30`` was made into a list of that many cards, and the machine ran
    out of memory; a count beyond any box is one line naming the field, exit 2, nothing written."""
    state = end_table(Mia={"hand": 10**30})
    out = tmp_path / "out.json"
    made = cli("tally", "--from", table_file(tmp_path, state), "--session", out)
    assert made.exit_code == 2 and "state.players.Mia.hand" in made.output and "more than any box holds" in made.output
    assert not out.exists()
