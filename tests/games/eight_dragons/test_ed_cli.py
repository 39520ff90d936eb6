"""The ``ed`` commands through the real CLI (CliRunner): recording, refusals, prefixes, the Lair map."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent
BOARD = HERE.parents[2] / "sample_sessions" / "inputs" / "eight-dragons-board.json"


def new_game(cli, *extra: str) -> None:
    result = cli("new", "eight-dragons", "--players", "Rhed,Greenyra,Blakkar", "--session", str(cli.session), *extra)
    assert result.exit_code == 0, result.output


def test_new_with_players_alone_works_and_defaults(cli):
    """ED-SETUP-1, ED-SETUP-2, ED-SETUP-20: colours in seat order, the first listed player starts, 4 Bonfires, no Royal Challenges."""
    new_game(cli)
    status = cli.json("status")
    assert status["active_player"] == "Rhed"
    assert [p["colour"] for p in status["players"]] == ["red", "green", "black"]
    assert "Bonfires 0/4" in status["headline"]
    assert any("no board description" in n for n in status["notes"])
    settings = cli("settings")
    assert "bonfires" in settings.output and "A-12" in settings.output


@pytest.mark.parametrize("alias", ["ed", "8d", "eight-dragons"])
def test_aliases_and_command_prefixes(cli, alias):
    """The group answers to ed / 8d; commands accept unique prefixes (ed st → start; shortcut ed f → fly)."""
    new_game(cli)
    assert cli(alias, "st", "Rhed", "SG/WOOOWW", "SM/WWWWOW/market:b@1,-1").exit_code == 0
    result = cli(alias, "f", "-n", "2")
    assert result.exit_code == 0, result.output
    assert "#2 recorded: Rhed flies 2 space(s)" in result.output


def test_refused_placement_says_which_edge_and_writes_nothing(cli):
    """ED-LAIR-3 through the CLI: exit 1, the rule ID, the wrong edges and the legal turns; nothing written."""
    new_game(cli)
    cli("ed", "start", "Rhed", "SG/WOOOWW", "SM/WWWWOW/market:b@1,-1")
    cli("ed", "fly", "-n", "3")
    assert cli("ed", "village", "X=E1/OWWWWW/b,1", "--folk", "E", "--villagers", "1").exit_code == 0
    before = cli.session.read_bytes()
    result = cli("ed", "place", "X@1,0")
    assert result.exit_code == 1
    assert "refused: ED-LAIR-3" in result.output and "NW edge: wall against an open edge of S-Rhed" in result.output
    assert "legal turns there: 5" in result.output
    assert cli.session.read_bytes() == before
    ok = cli("ed", "place", "X@1,0r5")
    assert ok.exit_code == 0 and "Rhed places X at 1,0 turned 5" in ok.output


def test_forced_play_is_recorded_and_flagged(cli):
    """--force records an illegal play; check lists it with its rule ID (ED-FLY-1)."""
    new_game(cli)
    result = cli("ed", "fly", "-n", "2", "-p", "Gr", "--force")
    assert result.exit_code == 0 and "FLAGGED ED-FLY-1" in result.output
    check = cli("check")
    assert check.exit_code == 1 and "#1 ED-FLY-1" in check.output


def test_bad_tile_notation_is_a_usage_error(cli):
    """A typo in a tile is exit 2 with the notation explained."""
    new_game(cli)
    cli("ed", "fly", "-n", "2")
    result = cli("ed", "village", "E1/OWW", "--folk", "E", "--villagers", "1")
    assert result.exit_code == 2 and "six letters O (open) or W (wall)" in result.output


def test_lair_map_golden(cli):
    """The hex map of a small Lair with a Chamber (golden text), and its JSON."""
    new_game(cli)
    cli("ed", "start", "Rhed", "SE/OOOOOO", "SME/OWOOOO/market:b@0,-1")
    cli("ed", "fly", "-n", "2")
    cli("ed", "village", "P=E1/OOWWOO/b,1", "Q=E1/OWWWWW", "--folk", "E", "--villagers", "2")
    result = cli("ed", "place", "P@1,-1", "Q@0,1")
    assert result.exit_code == 0, result.output
    lair = cli("ed", "lair", "Rh")
    assert lair.exit_code == 0
    golden = (HERE / "golden" / "lair_rhed.txt").read_text()
    assert lair.output == golden
    data = cli.json("ed", "lair", "Rhed")
    assert data["chambers"] == [["S-Rhed", "M1-Rhed", "P"]] or len(data["chambers"]) == 1
    assert {"cell": "0,1", "name": "Q", "tile": "E1/OWWWWW", "rot": 0, "edges": "OWWWWW"} in data["tiles"]
    status = cli.json("status")
    rhed = status["players"][0]
    assert rhed["gold"] == 1 and rhed["chambers"] == 1


def test_assert_observes_the_table_values(cli):
    """observe(): gold, wyrmlings, lair, missions, bonfires agree or disagree with what the table shows."""
    new_game(cli)
    cli("ed", "fly", "-n", "2", "--join", "Rhed")
    assert cli("assert", "Rhed", "gold=0", "wyrmlings=0", "missions=0").exit_code == 0
    assert cli("assert", "Blakkar", "wyrmlings=1").exit_code == 0
    assert cli("check").exit_code == 0
    cli("assert", "Rhed", "gold=3")
    check = cli("check")
    assert check.exit_code == 1 and "CORE-ASSERT" in check.output


def test_board_session_derives_the_activation_player(cli):
    """With a board description: a flight is simulated, and each activation's beneficiary is derived."""
    new_game(cli, "--catalog", str(BOARD))
    status = cli.json("status")
    assert not any("no board description" in n for n in status["notes"])
    result = cli("ed", "fly", "S2")
    assert result.exit_code == 0, result.output
    assert "Blakkar.w2 at S1" in result.output or "activates" in result.output
    status = cli.json("status")
    assert status["expected"].startswith("Rhed at S2 (Gathering) activates for Rhed")
    assert cli("ed", "gather", "G1").exit_code == 0
    nxt = cli.json("status")["expected"]
    assert nxt.startswith("Blakkar.w2 at S1 (Elves village: 2 villagers) activates for Blakkar")
    assert cli("ed", "v", "E1", "E1").exit_code == 0  # recorded for Blakkar without -p


def test_score_explain_json_lists_sources(cli):
    """score --explain: which chambers and events produced Gold."""
    new_game(cli)
    cli("ed", "start", "Rhed", "SE/OOOOOO", "SME/OOOOOO/market:b@0,-1")
    cli("ed", "fly", "-n", "2")
    cli("ed", "village", "P=E1/OOOOOO/b,2", "--folk", "E", "--villagers", "1")
    cli("ed", "place", "P@1,-1")
    data = cli.json("score", "--explain")
    sources = [e["source"] for e in data["explanations"] if e["player"] == "Rhed"]
    assert any("Chamber S-Rhed+M1-Rhed+P" in s or "Chamber" in s for s in sources)
    assert any(s == "P shows 2 Gold" for s in sources)
    assert data["final"] is False


def test_board_flight_cross_checks_what_the_table_saw(cli):
    """ED-FLY-8, ED-FLY-9, ED-PUSH-7, ED-SWARM-2: `ed fly … --at PIECE=SPACE --join NAME` compare the table with
    the simulated flight; `-n N` counts marked spaces (the Valley is not one)."""
    new_game(cli, "--catalog", str(BOARD))
    bad = cli("ed", "fly", "S2", "--at", "Rhed=S3")
    assert bad.exit_code == 1 and "ED-FLY-8: Rhed ends on S2, not S3" in bad.output
    assert "ED-PUSH-7" in cli("ed", "fly", "S2", "--at", "Greenyra=S1").output
    assert "ED-SWARM-2" in cli("ed", "fly", "S2", "--join", "Greenyra").output
    ok = cli("ed", "fly", "-n", "2", "-v", "sin", "--join", "Rhed=Blakkar.w2", "--at", "Blakkar.w2=S1")
    assert ok.exit_code == 0, ok.output
    assert cli.json("status")["players"][0]["wyrmlings"] == "0 in Swarms, 1 in Lair, 1 on Rock"


def test_merchant_and_mission_commands(cli):
    """ED-SETUP-9, ED-LOC-MERCHANT-3, ED-MISSION-1, ED-MISSION-2: ed market / merchant / replace through the CLI."""
    new_game(cli)
    cli("ed", "start", "Rhed", "SE/OOOOOO", "SME/OOOOOO/market:b@0,-1")
    assert cli("ed", "market", "dex", "C1=ME/OOOOWW/tours", "C2=M/OWOWOW/chests").exit_code == 0
    cli("ed", "fly", "-n", "2", "--join", "Rhed")
    cli("ed", "gold", "Rhed", "10", "a", "test")
    refused = cli("ed", "merchant", "-k", "sin", "--buy", "X=M/OOOOOO/3b")
    assert refused.exit_code == 1 and "ED-LOC-MERCHANT-3" in refused.output and "--discard" in refused.output
    ok = cli("ed", "merchant", "-k", "sin", "--buy", "X=M/OOOOOO/3b", "--discard", "C2", "--reveal", "C3=M/OOOOOO/2g")
    assert ok.exit_code == 0, ok.output
    assert "(C2 under the stack), revealing C3=M/OOOOOO/2g" in ok.output
    rows = {r["kingdom"]: r for r in cli.json("status")["sections"][0]["rows"]}
    assert rows["Dextra"]["face-up (known)"] == "C1, C3"
    assert cli("ed", "place", "X@1,-1").exit_code == 0
    missing = cli("ed", "replace", "M1-Rhed", "X", "--under", "dex")
    assert missing.exit_code == 2 and "nobody is waiting to place X" in missing.output  # X is placed already
