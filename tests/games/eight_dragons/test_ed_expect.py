"""expect() and complete(): who acts, the plays legal now with their values, and a typed play completed from the
state (the piece that activates next, the player it benefits, tile names); refusals come from the rules only."""

from __future__ import annotations

from scorekeeper.core.protocol import Draft
from scorekeeper.games.eight_dragons import GAME
from scorekeeper.app.session import Session

from ed_support import Table, fx_board, make_config, start_all


def board_table() -> Table:
    t = Table(make_config(("A", "B", "C"), fx_board({"S2": "gather", "S3": "village:G:1"})))
    start_all(t)
    return t


def test_expect_lists_the_starting_tiles_then_the_legal_flights():
    """ED-SETUP-12, ED-FLY-1: before play every player records a Starting Tile; then the first player flies, to the
    spaces a simulated flight reaches; status says the same as expect."""
    t = Table(make_config(("A", "B", "C"), fx_board({"S2": "gather"})))
    first = GAME.expect(t.state)
    assert [(c.event, c.player) for c in first.choices] == [("START", "A"), ("START", "B"), ("START", "C")]
    start_all(t)
    expectation = GAME.expect(t.state)
    assert expectation.player == "A" and {(c.event, c.player) for c in expectation.choices} == {("FLY", "A")}
    spaces = expectation.accepts("to")
    assert "S2" in spaces and "N6" not in spaces  # N6 is where A stands
    status = GAME.status(t.state)
    assert (status.expected, status.active_player) == (expectation.text, expectation.player)


def test_expect_names_the_activation_due_and_its_values():
    """ED-ACT-1, ED-ACT-5, ED-LOC-GATHER-1: after a flight the next piece's Location is the play expected, for its
    owner, with the stacks Gathering may take (for the shell: the face drawn is a typed word); NONE is offered too."""
    t = board_table()
    t.play("FLY", "A", to="S2", valley="Sinistra")
    expectation = GAME.expect(t.state)
    gather = expectation.choices[0]
    assert (gather.event, gather.player, list(gather.values["piece"])) == ("GATHER", "A", ["A"])
    assert set(GAME.legal_values(t.state, gather, "tile")) == {"E1", "G1", "O1", "F1"}
    assert "tile" not in gather.values  # no stack's contents are known: the face drawn is typed
    assert expectation.choices[1].event == "NONE"


def test_complete_fills_the_piece_the_beneficiary_and_the_tile_names():
    """ED-ACT-4, ED-ACT-5: a typed activation gets the next piece and its owner; an unnamed tile its automatic
    name; a flight typed without a player is the next player's."""
    t = board_table()
    assert GAME.complete(t.state, Draft("FLY", None, {"to": "s2", "valley": "sin"})) == \
        Draft("FLY", "A", {"to": "S2", "valley": "Sinistra"})
    t.play("FLY", "A", to="S2", valley="Sinistra")
    done = GAME.complete(t.state, Draft("GATHER", None, {"tile": "G1"}))
    assert done == Draft("GATHER", "A", {"tile": "T1=G1", "piece": "A"})


def test_a_tile_name_already_taken_is_refused_by_the_rules_not_by_complete():
    """ED-LOC-VILLAGE-1: complete never refuses; a tile name already used is the rules' refusal (so --force can
    record it), not a usage error."""
    s = Session.in_memory("eight-dragons", ["Ann", "Bob", "Cleo"])
    s.record(Draft("START", "Ann", {"tile": "S/OOOOOO", "missions": [{"tile": "SM/OOOOOO/market:b", "at": "0,-1"}]}))
    s.record(Draft("FLY", None, {"spaces": 2}))
    verdict = s.try_play(Draft("VILLAGE", None, {"tiles": ["X=E1", "X=E1"], "folk": "E", "villagers": 2}))
    assert [f.rule for f in verdict.errors] == ["ED-LOC-VILLAGE-1"]
    assert "already used" in verdict.errors[0].message


def test_done_after_the_game_is_over_is_a_rule_refusal_that_can_be_forced(cli):
    """ED-END-4: 'ed done' once the game is over is refused by the rules (exit 1, what comes next), and --force
    records it flagged."""
    cli("new", "eight-dragons", "--players", "Ann,Bob,Cleo", "--set", "bonfires=3")
    for name in ("Ann", "Bob", "Cleo"):
        cli("ed", "start", name, "S/OOOOOO", "SM/OOOOOO/market:b@0,-1")
    cli("ed", "fly", "-n", "1")
    for stack in ("E1", "E2", "G1"):
        cli("ed", "bonfire", stack, "--force")  # early: ED-BONFIRE-3
    for _ in range(5):
        cli("ed", "fly", "-n", "1")
    cli("ed", "done")
    refused = cli("ed", "done")
    assert refused.exit_code == 1 and "refused: ED-END-4" in refused.output
    forced = cli("ed", "done", "--force")
    assert forced.exit_code == 0 and "FLAGGED ED-END-4" in forced.output
