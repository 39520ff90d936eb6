"""The ``scorekeeper eh …`` commands through the real CLI (CliRunner on ``scorekeeper.cli.main``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.core.engine import replay
from scorekeeper.games.emberheart import GAME

from tests.conftest import Cli

ROOT = Path(__file__).resolve().parents[3]


def load_maker():
    """The sample generator's table player (``tools/emberheart/bot.py``)."""
    from tools.emberheart import bot

    return bot


@pytest.fixture
def game(cli: Cli) -> Cli:
    result = cli("new", "emberheart", "--players", "Astrid,Brandon,Helga", "--session", str(cli.session))
    assert result.exit_code == 0, result.output
    return cli


def fill(cli: Cli) -> None:
    for args in (["guild", "1", "bard"], ["guild", "2", "master-scout"], ["guild", "3", "prie"],
                 ["tavern", "1", "2G1S", "--flame", "-1"], ["tavern", "2", "3G"], ["tavern", "3", "1S1W", "--flame", "1"],
                 ["camp", "1", "exotic", "2", "--name", "X1"], ["camp", "2", "red", "3"], ["camp", "3", "green", "1"],
                 ["mountain", "b1", "green", "3", "--wardens", "1"], ["mountain", "b2", "red", "3", "--flame", "2"],
                 ["mountain", "b3", "blue", "2"], ["mountain", "m1", "blue", "5"], ["mountain", "m2", "green", "4"],
                 ["mountain", "t", "red", "8", "--flame", "1"], ["preserve", "1", "red"], ["preserve", "2", "blue"],
                 ["preserve", "3", "green"], ["garrison", "red", "3", "1red", "speed"],
                 ["garrison", "blue", "3", "1blue+1hero", "senses"], ["garrison", "green", "3", "2green", "strength"]):
        result = cli("eh", "reveal", *args)
        assert result.exit_code == 0, result.output
    assert cli("eh", "raidcard", "1", "G", "hero").exit_code == 0
    assert cli("eh", "raidcard", "2", "E", "scouts").exit_code == 0


def test_new_game_with_first_game_defaults(game: Cli) -> None:
    """`new emberheart --players A,B,C` alone works: side A, first listed player starts, Strength step."""
    status = game.json("status")
    assert status["active_player"] == "Astrid"
    assert [p["str/sen/spd"] for p in status["players"]] == ["1/0/0"] * 3


def test_one_player_game_is_refused(cli: Cli) -> None:
    """EH-SETUP-1 through the CLI: refused with the reason, nothing created."""
    result = cli("new", "emberheart", "--players", "Solo", "--session", str(cli.session))
    assert result.exit_code == 1 and "2 to 4 players" in result.output
    assert not cli.session.exists()


def test_side_b_needs_skills(cli: Cli) -> None:
    """EH-SETUP-3 through the CLI."""
    result = cli("new", "emberheart", "--players", "A,B", "--set", "side=B", "--session", str(cli.session))
    assert result.exit_code == 1 and "skills=1,2" in result.output
    ok = cli("new", "eh", "--players", "A,B", "--set", "side=B", "--set", "skills=2,4", "--session",
             str(cli.session))
    assert ok.exit_code == 0, ok.output


def test_record_place_with_prefixes_and_companion(game: Cli) -> None:
    """Unique prefixes for commands and locations; the compact hireling notation; the verdict line."""
    fill(game)
    result = game("eh", "pl", "tav", "3", "2G", "-c")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("#24 recorded: Astrid: Party 2G + Companion → tavern space 3")
    assert "next: Brandon's turn" in result.output


def test_refused_play_says_rule_and_writes_nothing(game: Cli) -> None:
    """A refused play: exit 1, rule ID, plain words, what would be legal; --force records it flagged."""
    fill(game)
    before = game.session.read_bytes()
    result = game("eh", "place", "tavern", "4", "3G")
    assert result.exit_code == 1
    assert "refused: EH-ACT-4: space 4 needs exactly 4 Hirelings, not 3" in result.output
    assert game.session.read_bytes() == before
    forced = game("eh", "place", "tavern", "4", "3G", "--force")
    assert forced.exit_code == 0 and "FLAGGED EH-ACT-4" in forced.output
    check = game("check")
    assert check.exit_code == 1 and check.output.startswith("#24 EH-ACT-4")


def test_bad_arguments_exit_2(game: Cli) -> None:
    fill(game)
    assert game("eh", "place", "volcano", "3", "2G").exit_code == 2
    assert game("eh", "place", "tavern", "3", "2X").exit_code == 2
    assert game("eh", "aide", "leader", "--recall", "tavern").exit_code == 2


def test_a_short_round_through_the_cli(game: Cli) -> None:
    """Placements, Aides (Defender's discard), claims by slot with the acting Party filled in, raids, status."""
    fill(game)
    for args in (["place", "camp", "2", "2G"], ["place", "preserve", "1", "1G"], ["aide", "defender", "--raid", "2"],
                 ["aide", "leader"], ["aide", "healer"], ["aide", "survivalist"]):
        result = game("eh", *args)
        assert result.exit_code == 0, result.output
    status = game.json("status")
    assert status["expected"] == "Reward phase · Poachers' Camp · Astrid (space 2) claims or recalls"
    assert game("eh", "claim", "X1").exit_code == 0
    result = game("eh", "claim", "3", "--attach", "P-missing")
    assert result.exit_code == 2
    assert game("eh", "claim", "1").exit_code == 0  # Brandon's Preserve party takes slot 1 (red)
    status = game.json("status")
    assert status["expected"].startswith("Raid phase")
    for name in ("Astrid", "Brandon", "Helga"):
        result = game("eh", "raid", "-p", name)
        assert result.exit_code == 0, result.output
    assert game.json("status")["headline"][0] == "Round II · Action phase"
    assert game.json("status")["active_player"] == "Astrid"  # she took the Leader: she starts round II
    score = game.json("score")
    assert score["final"] is False and score["categories"] == ["Dragons", "Attributes", "Heroes", "Garrison", "Flame"]
    explain = game("score", "--explain")
    assert explain.exit_code == 0 and "X1" in explain.output


def test_mountain_order_by_name(game: Cli) -> None:
    """`eh order` turns player names into the tied Parties' spaces; only the Survivalist may order."""
    fill(game)
    from scorekeeper.cli.common import open_session

    for args in (["swap", "G", "W", "2"], ["place", "mountain", "2", "2W"], ["swap", "G", "W", "2", "-p", "Brandon"],
                 ["place", "mountain", "3", "1G2W", "-p", "Brandon"], ["aide", "survivalist", "-p", "Helga"],
                 ["aide", "leader"], ["aide", "healer"], ["aide", "defender", "--raid", "1"]):
        result = game("eh", *args)
        assert result.exit_code == 0, result.output
    assert game("eh", "claim", "2").exit_code == 0  # Brandon (space 3) takes the red 3 (Flame +2)
    assert game("eh", "claim", "3").exit_code == 0  # Astrid (space 2) takes the blue 2: 2 Wardens each, a tie
    refused = game("eh", "order", "Astrid", "Brandon", "-p", "Astrid")
    assert refused.exit_code == 1 and "EH-MTN-20" in refused.output
    result = game("eh", "order", "ast", "bra")
    assert result.exit_code == 0, result.output
    state = open_session(str(game.session), "emberheart").state
    assert state.mountain.order == [2, 3]


def test_commands_have_examples() -> None:
    """Every eh command's help has a summary line and an Example: line."""
    from scorekeeper.cli.emberheart import group

    for name, command in group.commands.items():
        assert command.help and "Example: scorekeeper eh" in command.help, name


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_whole_games_recorded_with_the_commands_are_legal(seed: int) -> None:
    """Seeded whole games (the sample-session player) through the eh commands: five rounds, no violation."""
    maker = load_maker()
    for players, settings in (("Astrid,Brandon,Helga,Sigrun", ()), ("Astrid,Brandon", ("side=B", "skills=1,2"))):
        rec = maker.make_game(f"memory:emberheart-test{seed}-{len(players)}", seed, players, *settings)
        result = replay(rec.session().events, GAME, rec.session().config)
        assert [v for v in result.violations if v.severity == "error"] == []
        assert result.state.phase == "end" and result.state.round == 5
        table = GAME.score(result.state)
        assert table.final and table.winners


def test_skills_blocks_and_end_game_commands_through_the_cli(cli: Cli) -> None:
    """respond (skill 2), block, np through the real commands; convert and declare only at the end (EH-END-7)."""
    assert cli("new", "eh", "--players", "Astrid,Brandon", "--set", "side=B", "--set", "skills=2,1",
               "--session", str(cli.session)).exit_code == 0
    fill(cli)
    assert cli("eh", "block", "tavern:1", "camp:5").exit_code == 0
    result = cli("eh", "special", "fire")
    assert result.exit_code == 0, result.output
    refused = cli("eh", "respond", "experts", "-p", "Astrid")
    assert refused.exit_code == 1 and "EH-SKILL-2B" in refused.output
    assert cli("eh", "respond", "grunts", "-p", "Astrid").exit_code == 0
    assert cli.json("assert", "Astrid", "grunts=15", "flame=1")["recorded"]
    for args in (["aide", "leader"], ["aide", "healer"], ["aide", "defender", "--raid", "1"],
                 ["aide", "survivalist"], ["special", "warehouse"]):  # Brandon, last in order, closes the phase
        result = cli("eh", *args)
        assert result.exit_code == 0, result.output
    result = cli("eh", "np")
    assert result.exit_code == 0 and "non-player discards T1" in result.output
    assert cli("eh", "np").exit_code == 0  # the Camp's non-player Crest
    assert cli("check").exit_code == 0
    refused = cli("eh", "convert", "3", "-p", "Astrid")
    assert refused.exit_code == 1 and "EH-END-7" in refused.output
    refused = cli("eh", "declare", "--custodian", "speed", "-p", "Brandon")
    assert refused.exit_code == 1 and "EH-FLOW-2" in refused.output


def test_double_firestation_and_outfit_are_refused_without_the_heroes(game: Cli) -> None:
    """EH-HERO-FIREMARSHALL-A1, EH-HERO-OUTFITTER-A through the CLI."""
    fill(game)
    result = game("eh", "special", "firestation", "--double")
    assert result.exit_code == 1 and "EH-HERO-FIREMARSHALL-A1" in result.output
    result = game("eh", "special", "firestation", "--outfit", "2")
    assert result.exit_code == 1 and "EH-HERO-OUTFITTER-A" in result.output
    assert game("eh", "skip").exit_code == 1


def test_a_disputed_play_is_settled_by_amend_and_undo_restores_the_turn(game: Cli) -> None:
    """The dispute workflow on Emberheart events: --force, check, amend the fields, check passes; undo."""
    fill(game)
    assert game("eh", "place", "tavern", "4", "3G", "--force").exit_code == 0
    assert game("check").exit_code == 1
    settled = game("amend", "24", "space=3")
    assert settled.exit_code == 0, settled.output
    assert game("check").exit_code == 0
    assert game.json("status")["active_player"] == "Brandon"
    assert game("eh", "aide", "healer").exit_code == 0
    assert game.json("status")["active_player"] == "Helga"
    assert game("undo").exit_code == 0
    assert game.json("status")["active_player"] == "Brandon"


def round_to_the_raid(cli: Cli) -> None:
    """Round I with a Raid card that costs each player 2 Grunts (2 per step of the highest track: 1 at the start)."""
    for args in (["raidcard", "1", "G", "attribute", "--amount", "2"], ["raidcard", "2", "E", "scout"],
                 ["aide", "defender", "2"], ["aide", "leader"], ["aide", "healer"], ["aide", "survivalist"],
                 ["special", "warehouse"], ["special", "warehouse"]):
        result = cli("eh", *args)
        assert result.exit_code == 0, result.output
    assert cli.json("status")["expected"].startswith("Raid phase")


def test_the_raid_line_says_what_one_players_raid_cost(game: Cli) -> None:
    """`eh raid -p Brandon` said "Raid: Brandon nothing" although Brandon lost 2 Grunts (the line compared a state
    mutated in place); it is now the game's own account of the play (EH-RAID-3, EH-RAID-6)."""
    round_to_the_raid(game)
    result = game("eh", "raid", "-p", "Brandon")
    assert result.exit_code == 0, result.output
    assert "  Raid: Brandon -2G" in result.output.splitlines()[1:-1]  # before next: (field report EH-V6)
    assert game.json("assert", "Brandon", "grunts=8")["recorded"]
    result = game("eh", "raid", "--all")
    assert result.exit_code == 0, result.output
    assert {"  Raid: Astrid -2G", "  Raid: Helga -2G"} <= set(result.output.splitlines()[:-1])  # under each play
    assert "Raid:" not in game("eh", "raid", "--all", "--force", "--json").output  # JSON: the verdicts only


def test_refusals_the_cli_made_from_the_board_now_come_from_the_rules_and_can_be_forced(game: Cli) -> None:
    """`eh claim C1 -p Astrid --force` in the Action phase wrote nothing (the CLI refused it, EH-FLOW-2); the rules
    refuse it now, so --force records it, flagged, and check reports it."""
    fill(game)
    before = game.session.read_bytes()
    refused = game("eh", "claim", "C1", "-p", "Astrid")
    assert refused.exit_code == 1 and refused.output.startswith("refused: EH-FLOW-2: claims and recalls happen in "
                                                                "the Reward phase; it is now the Action phase")
    assert "next: Astrid's turn" in refused.output and game.session.read_bytes() == before
    forced = game("eh", "claim", "C1", "-p", "Astrid", "--force")
    assert forced.exit_code == 0 and "FLAGGED EH-FLOW-2" in forced.output
    assert game.json("log")[-1]["description"] == "Astrid: claims C1"
    check = game("check")
    assert check.exit_code == 1 and check.output.startswith("#24 EH-FLOW-2")
    forced = game("eh", "recall", "-p", "Astrid", "--force")
    assert forced.exit_code == 0 and "FLAGGED EH-FLOW-2" in forced.output


def test_assert_phase_takes_one_of_the_four_phases(game: Cli) -> None:
    """UX-13 (field report): `assert phase=banana` was recorded as a disagreement with exit 0."""
    before = game.session.read_bytes()
    result = game("assert", "phase=banana")
    assert (result.exit_code, result.stderr) == (2, "error: assert phase=banana: it is one of action, reward, raid, end\n")
    assert game.session.read_bytes() == before
    assert game("assert", "phase=action").exit_code == 0
    assert game("assert", "phase=raid").exit_code == 1  # a phase it can take, but not the one the journal gives
