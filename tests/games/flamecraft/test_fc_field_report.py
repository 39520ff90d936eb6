"""The field report of 2026-12-03 (issue 23, item 8), Flamecraft items: each test names its item."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorekeeper.app.session import Session
from scorekeeper.app.timeline import timeline as over_time
from scorekeeper.core.protocol import Draft, MissingValueError
from scorekeeper.games.flamecraft import GAME
from scorekeeper.games.flamecraft.scoring import score
from scorekeeper.render.chart import svg, table as chart_table
from scorekeeper.games.flamecraft.view import describe, expected
from tests.conftest import Cli
from tests.games.flamecraft.fc_helpers import Table
from tests.games.flamecraft.test_fc_cli import ready
from tests.games.flamecraft.test_fc_gather_fire import at_shop

SAMPLES = Path(__file__).resolve().parents[3] / "sample_sessions" / "flamecraft"
CATALOG = json.loads((SAMPLES.parent / "inputs" / "flamecraft-catalog.json").read_text())
from tests.games.flamecraft.test_fc_enchant_end import enchanting


def test_fc_rew_2_a_fancy_dragon_put_back_at_setup_is_not_the_top_card() -> None:
    """FC-R2 (field report; FC-REW-2, FC-SETUP-13): a fancy dragon returned to the bottom of the deck at setup,
    drawn while unseen cards still lie above it, is warned about with the count; once the cards above it are
    gone, drawing it is plain."""
    t = Table(("P1", "P2"), fancy_deck_size=6)
    t.setup()
    t.ok("SETUP_PLAYER", "P1", hand=["AD-3", "AD-4", "AD-5"], keep=["FM-1"], drew=["FM-1", "FM-2"])
    t.ok("SETUP_PLAYER", "P2", hand=["AD-1", "AD-2", "AD-6"], keep=["FM-3"], drew=["FM-3", "FS-3"])
    assert t.state.fancy_deck == 4 and t.state.fancy_bottom == ["FM-2", "FS-3"]
    t.ok("VISIT", "P1", shop="BUTCHER")
    t.ok("GATHER", "P1")
    found = t.ok("PLACE", "P1", dragon="AD-3", slot=2, fancies=["FS-3"])
    [warning] = [f for f in found if f.rule == "FC-REW-2"]
    assert "FS-3 went to the bottom of the fancy deck at setup; 3 card(s) lie above it" in warning.message
    assert t.state.fancy_bottom == ["FM-2"] and t.state.players["P1"].fancies[-1] == "FS-3"


def test_fc_ench_6_a_no_coin_card_says_so_in_the_cost() -> None:
    """FC-V3 (field report; FC-ENCH-6): the wrong payment for a no-coin card no longer says "a coin may stand for
    any good"; an ordinary card still does."""
    t = enchanting("BUTCHER", {"crystal": 1, "meat": 1})
    [wrong] = t.bad("ENCHANT", "P1", "FC-ENCH-6", card="EN-2", pay={"crystal": 1, "meat": 1})
    assert wrong.message == "EN-2 costs exactly 2crystal (no coins on this card), not 1crystal+1meat"
    t = enchanting("BAKERY", {"bread": 2, "potion": 1})
    [wrong] = t.bad("ENCHANT", "P1", "FC-ENCH-6", card="EN-1", pay={"bread": 2, "potion": 1})
    assert "(a coin may stand for any good)" in wrong.message


def test_the_enchant_hint_offers_only_what_can_be_cast_now() -> None:
    """FC-V5 (field report; FC-ENCH-2, FC-ENCH-5, FC-GEN-3): no enchant offer at a full shop or for a card the
    player cannot pay; FC-ENCH-2 names the cards that fit this shop, not the whole row."""
    full = enchanting("SMITHY", {"iron": 5}, enchantments={"SMITHY": ["EN-7", "EN-8", "EN-9"]}, row=["EN-4"])
    assert "enchant" not in expected(full.state)
    poor = enchanting("BAKERY", {})
    assert "enchant" not in expected(poor.state)
    rich = enchanting("BAKERY", {"bread": 2, "meat": 1})
    assert expected(rich.state).endswith("or enchants it (fc enchant CARD: EN-1 fits)")
    [wrong] = rich.bad("ENCHANT", "P1", "FC-ENCH-2", card="EN-9")
    assert wrong.message == "EN-9 is not in the enchantment row (EN-1, EN-2, EN-3, EN-4, EN-5); EN-1 fits here"


def test_a_dragon_shop_is_not_offered_for_enchanting_nor_fire_up_without_dragons() -> None:
    """FC-V6 and FC-V7 (field report; FC-ENCH-3, FC-GATHER-5): at a dragon shop with no dragons the hint offers
    no enchanting and no empty fire-up; the verdict says the dragon gathered."""
    t = at_shop("ROOST", add_shops=["ROOST=dragon,bread>1rep,meat>1rep"])
    assert expected(t.state) == "P1 gathers at ROOST (fc gather --draw park:NAME|deck: 1 artisan dragon(s))"
    t.ok("GATHER", "P1", gain={}, draws=[{"from": "park", "card": "PK-2"}])  # as `fc gather` records it
    assert "fire up" not in expected(t.state)
    assert describe(t.events[-1]) == "P1 gathers PK-2 from the park"


def test_the_face_down_shop_is_new_1_and_its_placeholder_is_not_a_name_to_flip() -> None:
    """FC-F4 and FC-V9 (field report; FC-PLACE-6, FC-END-TURN-2): the first face-down shop is NEW-1 even after
    other provisional names (the park's A1 … A5), the hint names it, and ``--flip NEW-1`` is refused as the
    placeholder (it was "shop NEW-1 is already in town")."""
    t = Table(("P1", "P2"))
    t.setup(park=None)
    assert t.state.park == ["A1", "A2", "A3", "A4", "A5"]
    t.deal("P1", ["AD-5", "AD-3", "AD-4"])
    t.deal("P2", ["AD-1", "AD-2", "AD-6"])
    t.ok("ADJUST", None, slots={"APOTHECARY": {"2": "AD-7=potion/gift"}})
    t.ok("VISIT", "P1", shop="APOTHECARY")
    t.ok("GATHER", "P1", gain={"potion": 3})
    t.ok("PLACE", "P1", dragon="AD-5", slot=3)
    assert t.state.turn.new_shops == ["NEW-1"]
    assert expected(t.state).endswith("fc end --flip SHOP (the shop revealed for NEW-1)")
    [wrong] = t.bad("END_TURN", "P1", "FC-END-TURN-2", flips=["NEW-1"])
    assert wrong.message == "NEW-1 is the face-down placeholder: name the shop revealed (--flip NAME)"
    t.ok("END_TURN", "P1", flips=["MILL"])


def test_a_card_named_twice_at_setup_is_said_so_and_a_dealt_card_says_where_it_is() -> None:
    """FC-V8 (field report; FC-SETUP-7, FC-GEN-5): "MT-1 named twice", not "5 different cards; got 5"; a dealt
    dragon already in the park says so."""
    t = Table(("P1", "P2"))
    [twice] = t.bad("SETUP", None, "FC-SETUP-7", park=["PK-1", "PK-2", "PK-3", "PK-4", "PK-1"], row=["EN-1", "EN-2", "EN-3", "EN-4", "EN-5"])
    assert twice.message == "the park starts with 5 different face-up cards; PK-1 named twice"
    t.setup()
    [there] = t.bad("SETUP_PLAYER", "P1", "FC-GEN-5", hand=["AD-1", "PK-2", "AD-3"], keep=["FM-1"])
    assert there.message == "dragon PK-2 is already in play (in the park)"


def _sample(tmp_path: Path, name: str = "3p-disputed.json") -> Session:
    copy = tmp_path / name
    shutil.copy(SAMPLES / name, copy)
    return Session.open(copy)


def test_the_timeline_of_a_finished_game_runs_to_the_final_totals(tmp_path: Path) -> None:
    """FC-V1 (field report; FC-SCORE-3): once ``fc final`` is recorded, the turn before it shows its totals (the
    moon dragons not yet judged) instead of ``?`` and the stale instruction, and the chart has no floating point."""
    line = over_time(_sample(tmp_path))
    assert not line.missing and line.final
    assert [p.totals for p in line.points[-2:]] == [{"Fern": 27, "Gus": 35, "Hana": 28},
                                                    {"Fern": 34, "Gus": 35, "Hana": 32}]
    assert "not scored" not in chart_table(line) and "not scored" not in svg(line)


def test_score_after_the_last_turn_shows_the_table_without_the_moon_dragons(tmp_path: Path) -> None:
    """FC-F1 (field report; FC-SCORE-3): between the last final turn and ``fc final``, ``score`` has the table
    (the moon dragons marked not judged, no winner) and then the instruction; the timeline still asks for it."""
    session = _sample(tmp_path)
    session.undo()
    with pytest.raises(MissingValueError, match="fc final --moon CARD") as raised:
        session.score()
    table = raised.value.table
    assert table is not None and table.winners == [] and "Moon (not judged)" in table.categories
    assert {r.player: r.total for r in table.rows} == {"Fern": 27, "Gus": 35, "Hana": 28}
    assert over_time(session).missing[-1].missing == str(raised.value)


def test_the_timeline_lists_the_players_in_seat_order() -> None:
    """FC-F6 (field report): with ``start_player=Bo`` the timeline's columns follow the seats (Bo first), as
    ``status`` does, not the ``--players`` order."""
    s = Session.in_memory("flamecraft", ["Ann", "Bo"], settings={"start_player": "Bo"}, catalog=CATALOG)
    s.record(Draft("SETUP", None, {"park": ["BR-1", "MT-1", "PL-1", "IR-1", "CR-1"], "row": ["PU-1", "PU-2", "PU-3", "PU-4", "PU-5"]}))
    s.record(Draft("SETUP_PLAYER", "Ann", {"hand": ["BR-2", "MT-2", "PL-2"], "keep": ["FY-2"]}))
    s.record(Draft("SETUP_PLAYER", "Bo", {"hand": ["BR-3", "MT-3", "PL-3"], "keep": ["FY-4"]}))
    for shop in ("CRUMBHALL", "GRISTLEGATE"):
        s.record(Draft("VISIT", None, {"shop": shop}))
        s.record(Draft("GATHER", None, {}))
        s.record(Draft("END_TURN", None, {}))
    line = over_time(s)
    assert line.players == ("Bo", "Ann") and list(line.points[0].totals or {}) == ["Bo", "Ann"]


def test_equal_totals_below_first_place_share_the_place() -> None:
    """FC-V2 (field report; FC-SCORE-6): the rulebook's tiebreaks decide the winner; equal totals below first
    place share it (2 and 2), where the tiebreak used to split them silently."""
    t = Table(("P1", "P2", "P3"))
    t.setup()
    for name, hand in (("P1", ["AD-1"]), ("P2", ["AD-2", "AD-3"]), ("P3", ["AD-4", "AD-5", "AD-6"])):
        t.deal(name, hand + [f"{name}-{i}=bread/gain2" for i in range(3 - len(hand))])
    t.ok("ADJUST", None, players={"P1": {"rep": 9, "hand": ["AD-1"]}, "P2": {"rep": 4, "hand": ["AD-2", "AD-3"]},
                                  "P3": {"rep": 4, "hand": ["AD-4"]}})
    ranks = {row.player: row.rank for row in score(t.state).rows}
    assert ranks == {"P1": 1, "P2": 2, "P3": 2}


def test_refusals_say_each_thing_once_and_suggest_nothing_the_next_rule_forbids() -> None:
    """FC-V10 (field report; FC-FIRE-4, FC-FIRE-2, FC-FANCY-1, FC-GEN-6, FC-TURN-7): a second fire-up of the same
    dragon when gathering suggests no other dragon (FC-FIRE-2 forbids them all); the out-of-turn reason is said
    once; "1 player is"."""
    t = at_shop("APOTHECARY", players={"P1": {"hand": ["AD-5"]}, "P2": {"fancies": ["FS-3"]}})
    t.ok("GATHER", "P1")
    t.ok("FIRE_UP", "P1", dragon="SD-POTION", place={"dragon": "AD-5", "shop": "APOTHECARY", "slot": 2})
    again = {f.rule: f.message for f in t.bad("FIRE_UP", "P1", "FC-FIRE-4", "FC-FIRE-2", dragon="SD-POTION", good="potion")}
    assert again["FC-FIRE-4"] == "SD-POTION was already fired up this turn"
    assert "and SD-POTION already was" in again["FC-FIRE-2"]
    turn = [f.message for f in t.bad("FANCY_SCORE", "P2", "FC-FANCY-1", "FC-GEN-6", card="FS-3")][:2]
    assert turn == ["it is P1's turn, not P2's", "only the active player acts"]
    t.ok("END_TURN", "P1")
    [full] = [f for f in t.bad("VISIT", "P2", "FC-TURN-7", shop="APOTHECARY") if f.rule == "FC-TURN-7"]
    assert "but 1 player is at APOTHECARY" in full.message


def test_assert_takes_several_players_gives_a_flamecraft_example_and_echoes_as_typed(cli: Cli) -> None:
    """FC-V11 (field report): ``assert Mara score=19 coins=5 hand=1 Jonas score=19`` was refused ("'Jonas' is not
    key=value (for example: flame=3)", an Emberheart key, then "one player at a time"); it is accepted as ``fc
    adjust`` accepts it: one assertion per player, written together in one atomic write or not at all, each
    judged, a disagreement exiting 1. A word without ``=`` after the key gives a Flamecraft example;
    ``finished=true`` is echoed as typed. Nothing is written on bad words."""
    ready(cli)
    before = cli.session.read_bytes()
    for words, says in ((["Ann", "rep=0", "Bo", "rep=x"], "error: assert rep=x: it is a whole number\n"),
                        (["Ann", "rep=0", "Bo"], "error: say what the table shows for Bo as KEY=VALUE; known keys: "),
                        (["Ann", "rep=0", "Zed", "rep=0"], "error: no player 'Zed' in this game"),
                        (["rep=0", "=3"], "error: '=3' is not key=value (for example: rep=3)\n")):
        bad = cli("assert", *words)
        assert bad.exit_code == 2 and bad.output.startswith(says), bad.output
    assert cli.session.read_bytes() == before  # the first player's values were not written either
    two = cli("assert", "Ann", "rep=0", "coins=0", "hand=3", "Bo", "rep=0")
    assert two.exit_code == 0 and two.output.startswith(  # each agreement says so (field report EH-V5)
        "#4 recorded: assert Ann rep=0 coins=0 hand=3\n  agrees: the journal gives the same\n"
        "#5 recorded: assert Bo rep=0\n  agrees: the journal gives the same\nnext: "), two.output
    wrong = cli("assert", "artisan_deck=13", "Ann", "rep=0", "Bo", "rep=4", "--json")
    assert wrong.exit_code == 1  # Bo disagrees
    assert [v["warnings"] for v in json.loads(wrong.stdout)] == [[], [], [
        {"rule": "CORE-ASSERT", "severity": "error", "message": "the table shows Bo's rep=4, but the journal gives 0"}]]
    said = cli("assert", "finished=false")
    assert said.exit_code == 0 and "assert finished=false" in said.output, said.output
    assert [e.seq for e in Session.open(cli.session).events if e.type == "assert"] == [4, 5, 6, 7, 8, 9]


def test_the_town_table_shows_a_shops_ability() -> None:
    """FC-F2 (field report; FC-GATHER-9): a shop's ability strip is in the town table of ``status``, not only in
    ``next:`` after gathering there."""
    t = at_shop("BAKERY", add_shops=["ARCHIVE"])
    town = {row["shop"]: row for row in GAME.status(t.state).sections[0].rows}
    assert town["ARCHIVE"]["symbols"] == "potion; ability: reserve" and "ability" not in town["BAKERY"]["symbols"]
