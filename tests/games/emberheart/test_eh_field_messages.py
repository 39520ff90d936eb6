"""The verdict, message and friction items of the 2026-12-03 table trials (Emberheart): each test names its item
and fails without its fix."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scorekeeper.core.events import Event
from scorekeeper.errors import BadInput, NotationError
from scorekeeper.core.protocol import Draft, ScoreTable
from scorekeeper.games.emberheart import GAME, notation
from scorekeeper.games.emberheart.state import REWARD
from scorekeeper.render.report import winner_line

from eh_helpers import Table
from test_eh_cards import cards_table
from test_eh_skills import side_b
from test_eh_playtests import end_game, missing_steps
from tests.conftest import Cli

SAMPLES = Path(__file__).resolve().parents[3] / "sample_sessions" / "emberheart"


def test_eh_2p_1_a_space_named_twice_is_refused() -> None:
    """EH-V3 (EH-2P-1): ``eh block tav:1 tav:1`` was recorded and ``status`` listed two non-player Parties on
    Tavern space 1. Now refused, naming the space."""
    t = Table(players=("Astrid", "Brandon"))
    found = t.refused("EH-2P-1", "TWO_P_REVEAL", spaces=[["tavern", 1], ["tavern", 1]])
    assert "tavern:1 is named twice" in found.message
    t.ok("TWO_P_REVEAL", spaces=[["tavern", 1], ["mountain", 1]])


@pytest.mark.parametrize("space,hire,hint", [
    ("five", "3G2W", "eh place mountain 5 3G2W"),
    ("two", "2G", "eh place mountain 2 2G"),
    ("2G", "2", "eh place mountain 2 2G"),
    ("x", "zz", "eh place mountain HIRE (the space is worked out from the Party's size)"),
])
def test_the_place_hint_suggests_the_space_that_fits(space: str, hire: str, hint: str) -> None:
    """EH-V5 (field report): the usage hint always suggested space 3 (``eh place mountain 3 3G2W`` for a Party of
    5); it now names the Party's own size, or the number typed after the Hirelings."""
    with pytest.raises(NotationError) as raised:
        notation.party("mountain", space, hire, {})
    assert hint in str(raised.value) and " 3 " not in str(raised.value)


def test_standings_says_the_final_score_waits_for_a_flame_value(cli: Cli) -> None:
    """EH-V1 (field report): ``standings`` called a finished game missing a Flame value unreplayable, showed the
    exception's class and asked for a bug report. It now says what to set."""
    end_game(cli)
    result = cli("standings", str(cli.session.parent))
    line = next(line for line in result.output.splitlines() if cli.session.name in line)
    assert line.strip().endswith(f"{cli.session.name}: final score incomplete: set flame_glory " + ",".join(
        f"{d}=N" for d in missing_steps(cli)))
    assert "Error" not in result.output and "report it" not in result.output


def test_settings_shows_the_flame_table_the_score_uses(cli: Cli) -> None:
    """EH-V2 (field report): ``settings`` showed only the last ``set flame_glory`` (``2 2``), although the earlier
    sets and the rulebook's 3 → 3 and 6 → 8 are in force too. It now shows the merged table, the sets it came
    from and the rulebook's part."""
    assert cli("new", "emberheart", "--players", "Ann,Bob").exit_code == 0
    assert cli("set", "flame_glory", "4=5").exit_code == 0
    assert cli("set", "flame_glory", "2=2").exit_code == 0
    row = next(r for r in cli.json("settings") if r["key"] == "flame_glory")
    assert row["value"] == {"2": 2, "3": 3, "4": 5, "6": 8}
    assert row["source"] == "set at #1, #2; 3 → 3 and 6 → 8: the rulebook's"


def assumed_maps(cli: Cli) -> list[str]:
    """The EH-ATTR-6 warnings on an assumed colour→track map that ``check`` lists."""
    return [v["message"].split(" is ")[0] for v in cli.json("check")["violations"] if v["rule"] == "EH-ATTR-6"]


def test_check_drops_the_assumed_colour_map_warnings_once_confirmed(cli: Cli) -> None:
    """EH-V6 (EH-ATTR-6): after ``set colour_tracks_confirmed=yes`` ``check`` still listed the earlier warnings
    that asked for that very confirmation. They are settled now; one on a colour the map no longer maps so stays."""
    shutil.copy(SAMPLES / "two-players-side-b.json", cli.session)
    warned = assumed_maps(cli)
    assert "green → speed" in warned and "red → strength" in warned
    assert cli("set", "colour_tracks", '{"green": "senses"}').exit_code == 0
    assert cli("set", "colour_tracks_confirmed=yes").exit_code == 0
    assert set(assumed_maps(cli)) == {"green → speed"}


def test_the_readme_says_a_forced_play_is_carried_out() -> None:
    """EH-V8 (field report): the README said ``--force`` records a play "flagged and not applied", while Emberheart
    (``test_eh_forced.py``), ``docs/emberheart.md`` and ``docs/journal.md`` carry it out as the table played it."""
    readme = " ".join((SAMPLES.parents[1] / "README.md").read_text(encoding="utf-8").split())
    sentence = readme[readme.index("`--force` records a play"):][:200]
    assert "carried out as the table played it" in sentence and "not applied" not in sentence


def test_attach_resolves_a_colour_among_the_players_own_cards() -> None:
    """EH-V9 (field report): during the Garrison's Reward ``eh attach C6 green`` took ``green`` for the Garrison
    card on offer (``Ann has no card green3``); a colour now names the one fitting card of the player's, as
    ``claim`` resolves colour words, and says so when none or several fit."""
    t = cards_table()
    t.state.phase, t.state.location = REWARD, "garrison"
    draft = GAME.complete(t.state, Draft("ATTACH_DRAGON", "Astrid", {"dragon": "green", "target": "green"}))
    assert (draft.payload["dragon"], draft.payload["target"]) == ("D-G", "P-G")
    with pytest.raises(BadInput, match="no green card fits here; the cards that fit: P-B"):
        GAME.complete(t.state, Draft("ATTACH_DRAGON", "Brandon", {"dragon": "D-G", "target": "green"}))


def test_a_hero_discarded_at_reset_is_said_to_have_been_revealed() -> None:
    """EH-V10 (EH-SETUP-13): a Hero revealed, then discarded at the Reset, was called "already in play" when
    revealed again. The refusal stands; it now says the card was already revealed this game."""
    t = Table()
    t.fill_offers()
    mentor = next(c for c in t.state.cards.values() if c.kind == "hero" and not c.owner)
    mentor.discarded = True  # as the Reset leaves an untaken Hero
    t.state.offers["guild"] = [None if cid == mentor.id else cid for cid in t.state.offers["guild"]]
    found = t.refused("EH-SETUP-13", "CARD_REVEAL", location="guild", hero=mentor.hero)
    assert f"the {mentor.hero.title()} card was already revealed this game" in found.message
    taken = t.refused("EH-SETUP-13", "CARD_REVEAL", location="guild", hero=t.state.cards[t.state.offers["guild"][1]].hero)
    assert "is already in play (on offer)" in taken.message


@pytest.mark.parametrize("type,player,payload,line", [
    ("ADJUST", None, {"players": {"Astrid": {"G": 3, "W": 3}}}, "adjust Astrid: G 3, W 3"),
    ("RAID_DISCARD", "Bea", {"fire_sage": True}, "Bea: Raid discards as required (with the Fire Sage)"),
    ("HERO_ABILITY", "Astrid", {"hero": "apprentice", "card": "squire"}, "Astrid: uses the Apprentice: Squire"),
])
def test_acknowledgements_speak_plain_words(type: str, player: str | None, payload: dict[str, object],
                                            line: str) -> None:
    """EH-V12 (field report): ``ADJUST {'players': …}`` (a Python repr), ``Raid discards as required fire_sage``
    and ``uses the Apprentice card=squire`` are said in plain words."""
    assert GAME.describe(Event(1, type, player, payload)) == line


def test_small_wording_slips() -> None:
    """EH-V13 (field report): "it is Brandon turn", "Shared victory: Ann and Bea and Cid", "1 cards but only 0
    empty slot(s)"."""
    t = Table()
    t.fill_offers()
    swap = t.refused("EH-GEAR-1", "GEAR_SWAP", "Brandon", **{"from": "G", "to": "S"})
    assert "(it is Astrid's turn)" in swap.message
    three = ScoreTable("emberheart", True, [], [], ["Ann", "Bea", "Cid"])
    assert winner_line(three) == "Shared victory: Ann, Bea and Cid"
    assert winner_line(ScoreTable("emberheart", True, [], [], ["Ann", "Bea"])) == "Shared victory: Ann and Bea"
    with pytest.raises(BadInput, match="^1 card but no empty slot at the tavern;"):
        GAME.complete(t.state, Draft("CARD_REVEAL", None, {"location": "tavern", "hire": {"G": 1}}))


def test_an_incomplete_final_table_ranks_nobody(cli: Cli) -> None:
    """EH-V13 (field report): the final table waiting for a Flame value ("there is no winner until it is set")
    still printed ``rank 1 2 3``."""
    end_game(cli)
    result = cli("score")
    assert result.exit_code == 1 and "Flame (incomplete)" in result.stdout
    assert not [line for line in result.stdout.splitlines() if line.startswith("rank")]


def test_a_cascade_refusal_on_a_branch_does_not_suggest_a_branch(cli: Cli) -> None:
    """EH-V13 (field report): a correction refused for the later plays it breaks ended "or try it first on a branch
    ('scorekeeper branch')" even when the session already was a branch."""
    end_game(cli)
    assert cli("void", "5").exit_code == 1 and "try it first on a branch" in cli("void", "5").output
    branch = cli.session.parent / "what-if.json"
    assert cli("branch", str(branch)).exit_code == 0
    refused = cli("void", "5", "--session", str(branch))
    assert refused.exit_code == 1 and "use --force to record it all the same" in refused.output
    assert "branch" not in refused.output.splitlines()[-1]


def test_next_names_an_open_answer_before_the_next_turn() -> None:
    """EH-F2 (field report): after the Firestation on a skill-2 board, ``next:`` was "Brandon's turn: …" and only
    ``status`` Notes said Astrid may answer the Flame +1, an answer that lapses at her next play. ``next:`` now
    names it first; once answered, it is gone."""
    t = side_b([2, 1])
    t.ok("USE_SPECIAL", "Astrid", site="firestation")
    text = GAME.expect(t.state).text
    assert text.startswith("Astrid may answer the Flame +1 (eh respond grunts|experts -p Astrid) — then Brandon's turn")
    t.ok("FLAME_RESPONSE", "Astrid", option="grunts")
    assert GAME.expect(t.state).text.startswith("Brandon's turn")


def test_the_supply_warning_is_given_once_as_the_box_is_exceeded() -> None:
    """EH-F5 (EH-SETUP-14): the warning "the players now hold 42 gear tokens; the box has 35" came again on every
    later gain; it is given when the box's count is first passed, and again only after falling back within it."""
    t = Table()
    t.fill_offers()
    for p in t.state.players:
        p.hire["G"] = 16
    assert [f.rule for f in t.ok("USE_SPECIAL", "Astrid", site="firestation")] == ["EH-SETUP-14"]
    assert t.ok("USE_SPECIAL", "Brandon", site="firestation") == []
