"""``ed adjust``: a mid-game start or a correction with declared keys (ED-ADJ-1 refuses any other, and any value
the game cannot hold)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.app.session import Session

from ed_support import Table, fx_board, make_config

BOARD = Path(__file__).parents[3] / "sample_sessions" / "inputs" / "eight-dragons-board.json"
RHED = "S-Rhed=S/WOOOWW@0,0 M1-Rhed=SM/WWWWOW/market:b@1,-1 X=E1/OWWWWW/b,1@1,0/WWWWWO Y=E1/OOOOOO/2@0,1"


def new_game(cli, *extra: str) -> None:
    result = cli("new", "eight-dragons", "--players", "Rhed,Greenyra,Blakkar", *extra)
    assert result.exit_code == 0, result.output


def test_ed_adj_1_a_misspelled_key_is_refused_with_the_known_keys_and_the_closest(cli):
    """ED-ADJ-1: a misspelled player key or game key is refused (exit 1, nothing written) with the known keys and
    the closest one, instead of being recorded and ignored."""
    new_game(cli)
    before = cli.session.read_bytes()
    player_key = cli("ed", "adjust", "Rh", "gld=7")
    assert player_key.exit_code == 1 and "refused: ED-ADJ-1: unknown key 'gld' for Rhed" in player_key.output
    assert "(known: gold, lair, chests); did you mean 'gold'?" in player_key.output
    game_key = cli("ed", "adjust", "roud=3")
    assert game_key.exit_code == 1 and "unknown key 'roud' (known: round, next, bonfires" in game_key.output
    assert "did you mean 'round'?" in game_key.output
    after_a_player = cli("ed", "adjust", "Rhed", "nxt=Blakkar")
    assert "did you mean the game key 'next'?" in after_a_player.output
    assert cli.session.read_bytes() == before


@pytest.mark.parametrize("players,game,says", [
    ({"Rhed": {"gold": -1}}, {}, "Rhed's gold must be a whole number of 0 or more, not -1"),
    ({"Zed": {"gold": 1}}, {}, "no player 'Zed'"),
    ({"Rhed": {"chests": "north"}}, {}, "'north' is not a kingdom"),
    ({"Rhed": {"lair": "X=E1/OOOOOO@1,0"}}, {}, "the Starting Tile goes on 0,0"),
    ({"Rhed": {"lair": "S/OOOOOO@0,0"}}, {}, "give each tile's face, NAME=SPEC@Q,R"),
    ({"Rhed": {"lair": "S-R=S/OOOOOO@0,0 X=E1/OOOOOO@0,0"}}, {}, "X needs its edges and a cell of its own"),
    ({"Rhed": {"lair": "S-R=S/OOOOOO@0,0 X=E1/OOOOOO@1,0/WWWWWW"}}, {}, "no turn of it shows WWWWWW"),
    ({"Rhed": {"lair": "S-R=S/OOOOOO@0,0 X=E1/OOOOOO@one"}}, {}, "Rhed's lair: 'one' is not a cell"),
    ({"Rhed": "gold"}, {}, "Rhed's changes must be KEY=VALUE pairs"),
    ({}, {"round": 0}, "round must be a whole number of 1 or more"),
    ({}, {"next": "Zed"}, "next: no player 'Zed'"),
    ({}, {"bonfires": "E1,Q9"}, "bonfires: each Lair stack once"),
    ({}, {"bonfires": 3}, "bonfires: write the items separated by commas"),
    ({}, {"stacks": "E1:12"}, "stack E1 must be a whole number of 0 to 11"),
    ({}, {"stacks": "E1"}, "stacks: write KEY:N pairs"),
    ({}, {"stacks": "E1:x"}, "stacks: each count is a whole number"),
    ({}, {"supply": "Z:3"}, "supply: 'Z' is not one of E, G, O, F"),
    ({}, {"villages": "S1:2"}, "villages: 'S1' is not one of none (no board description)"),
    ({}, {"shrines": "up:2"}, "shrines: 'up' is not a kingdom"),
    ({}, {"chest_stacks": "sinistra:7"}, "chest_stacks of Sinistra must be a whole number of 0 to 6"),
])
def test_ed_adj_1_a_value_the_game_cannot_hold_is_refused(players, game, says):
    """ED-ADJ-1: each key's value is read and checked (whole numbers in range, players, kingdoms, stacks, a Lair
    with its Starting Tile on 0,0 and every tile's face on a cell of its own); a wrong one is refused."""
    t = Table(make_config(("Rhed", "Greenyra", "Blakkar")))
    refused = t.refused("ED-ADJ-1", "ADJUST", players=players, game=game)
    assert says in refused.message


def test_ed_adj_1_board_values_are_checked_against_the_board():
    """ED-ADJ-1: villages and Trolls are the board description's: a village holds 0 to 4 villagers, a Troll
    stands on its path."""
    t = Table(make_config(("A", "B", "C"), fx_board({"S1": "village:E:2", "S3": "troll:T:A"}, {"T": [1, 2, 3]})))
    assert "the village on S1 must be a whole number of 0 to 4" in t.refused(
        "ED-ADJ-1", "ADJUST", game={"villages": "S1:5"}).message
    assert "the Troll of path T must be a whole number of 0 to 2" in t.refused(
        "ED-ADJ-1", "ADJUST", game={"trolls": "T:3"}).message
    t.ok("ADJUST", game={"villages": {"S1": 4}, "supply": "E:8", "trolls": "T:0", "bonfires": ["E1", "g2"],
                         "stacks": "E1:3,G2:3"})
    assert t.state.villages["S1"][1] == 4 and t.state.trolls["T"] == 0 and t.state.bonfires == ["E1", "G2"]
    assert t.game.check_state(t.state) == []  # ED-STATE-13, ED-STATE-18: the Bonfires under 3 tiles, 12 Elves


def test_a_table_that_starts_recording_in_round_3_sets_what_it_needs(cli):
    """A mid-game start: each player's Gold, Lair (its Chambers formed, no Gold paid for them) and chests, the
    round and who flies next, the Bonfires, the stacks, supplies and board counts; play then goes on from there
    and the score counts what was set."""
    new_game(cli, "--catalog", str(BOARD))
    result = cli("ed", "adjust", "Rh", "gold=7", "chests=sin,dex", f"lair={RHED}", "Gr", "gold=3",
                 "lair=S-Gr=S/OOOOOO@0,0 M1-Gr=SM/OOOOOW/market:g@0,-1", "Bl", "gold=1",
                 "lair=S-Bl=S/OOOWWO@0,0 M1-Bl=SM/OWOOOO/market:c@0,-1",
                 "round=3", "next=Gr", "bonfires=E1", "stacks=E1:3,G2:6", "supply=E:8", "shrines=s:6",
                 "chest_stacks=s:4,d:5", "merchant_stacks=d:8", "reason=we started late")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("#1 recorded: adjusted: Rhed gold=7, chests=sin,dex, lair of 4 tiles; Greenyra")
    assert "next: Greenyra flies" in result.output
    s = Session.open(cli.session)
    assert s.observe("Rhed", "gold") == 7 and s.observe("Rhed", "lair") == 4 and s.observe("Rhed", "chests") == 2
    assert s.observe(None, "round") == 3 and s.observe(None, "bonfires") == 1
    state = s.state
    assert state.draws["E1"] == 8 and state.supply["E"] == 8 and state.shrines["Sinistra"] == 6
    assert s.game.check_state(state) == []  # ED-STATE-13, ED-STATE-19: a Bonfire under 3 tiles, a Shrine in threes
    assert state.chest_stacks == {"Sinistra": 4, "Dextra": 5} and state.merchant_stacks["Dextra"] == 8
    assert [c.id for c in state.players["Rhed"].chests] == ["C1", "C2"]
    assert state.players["Rhed"].lair.cells[(1, 0)].rotation == 5
    score = cli.json("score")
    rhed = next(row for row in score["players"] if row["name"] == "Rhed")
    assert rhed["categories"]["Gold held"] == 7 and rhed["categories"]["Tile Gold"] == 3  # X's 1 and Y's 2
    assert cli("ed", "start", "Rhed", "S/OOOOOO", "SM/OOOOOO/market:b@0,-1").exit_code == 1  # already started
    fly = cli("ed", "fly", "S2", "-v", "sinistra")
    assert fly.exit_code == 0 and "Greenyra flies" in fly.output, fly.output
