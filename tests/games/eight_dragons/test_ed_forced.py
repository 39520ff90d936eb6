"""Forced plays in 8 Dragons (issue 14 §1): a play the table insisted on is carried out as the table played it
and stays flagged; only a play the game cannot carry out is recorded unapplied (CORE-UNAPPLIED)."""

from __future__ import annotations

from scorekeeper.core.engine import FORCED, REJECTED
from scorekeeper.core.events import Event

from ed_support import Table, fx_board, make_config, start_all


def started(board: dict | None = None) -> Table:
    t = Table(make_config(("A", "B", "C"), board))
    start_all(t)
    return t


def test_ed_fly_1_a_forced_out_of_turn_flight_is_carried_out_and_the_next_real_play_is_accepted():
    """ED-FLY-1: C flies in B's turn (forced): C's Swarm moves and the turn is C's; then A, the next after C,
    flies normally, accepted; the replay flags only the forced flight."""
    t = started()
    t.ok("FLY", "A", spaces=1)
    forced = t.play("FLY", "C", spaces=2, force=True)
    assert [f.rule for f in forced if f.is_error] == ["ED-FLY-1"]
    assert t.state.active == "C" and t.state.moved == ["C"] and t.state.next_player == "A"
    t.ok("FLY", "A", spaces=1)
    replayed = t.replay()
    assert [o.status for o in replayed.timeline][-2:] == [FORCED, "applied"]
    assert [(v.seq, v.rule) for v in replayed.errors] == [(5, "ED-FLY-1")]


def test_ed_fly_1_a_forced_flight_out_of_turn_on_a_board_moves_the_pieces_as_simulated():
    """ED-FLY-1 on a described board: the out-of-turn Dragon's flight is simulated and carried out."""
    t = started(fx_board({"S2": "gather", "S3": "gather"}))
    t.play("POSITIONS", swarms={"A": {"at": "S1", "members": []}, "B": {"at": "S5", "members": []},
                                "C": {"at": "D1", "members": []}},
           rock=[], lairs={"A": ["A.w1", "A.w2"], "B": ["B.w1", "B.w2"], "C": ["C.w1", "C.w2", "Aureus"]})
    forced = t.play("FLY", "B", to="S7", force=True)
    assert [f.rule for f in forced if f.is_error] == ["ED-FLY-1"]
    assert t.state.pieces.pos["B"] == "S7" and t.state.active == "B"


def test_ed_loc_merchant_1_a_forced_purchase_without_the_gold_counts():
    """ED-LOC-MERCHANT-1: a tile bought without 5 Gold (forced) joins the buyer's waiting tiles and the Gold is
    paid all the same (the table's reality; check keeps the flag)."""
    t = started()
    t.ok("FLY", "A", spaces=1)
    t.play("MERCHANT", "A", kingdom="Sinistra", buy="L1=M/OOOOOO", force=True)
    assert t.state.players["A"].gold == -5 and [x.name for x in t.state.players["A"].pending] == ["L1"]


def test_ed_push_1_a_forced_impossible_play_is_recorded_unapplied():
    """ED-PUSH-1, ED-LOC-GATHER-1: a flight pushing a Dragon that is not in the game, or a gathered tile that is
    no tile, cannot be carried out: recorded unapplied with CORE-UNAPPLIED saying what to record instead."""
    t = started()
    before = t.state.turn
    pushed = t.play("FLY", "A", spaces=1, pushed=["Zed"], force=True)
    assert [f.rule for f in pushed] == ["ED-PUSH-1", "CORE-UNAPPLIED"] and t.state.turn == before
    t.ok("FLY", "A", spaces=1)
    gathered = t.play("GATHER", "A", tile="Q9", force=True)
    assert "CORE-UNAPPLIED" in [f.rule for f in gathered] and t.state.players["A"].pending == []
    assert [o.status for o in t.replay().timeline][-3:] == [REJECTED, "applied", REJECTED]


def test_ed_fly_1_an_activation_forced_and_kept_inert_still_ends_the_turn():
    """ED-FLY-1, ED-ACT-1, ED-LOC-GATHER-1: A gathers a tile that is no tile (forced): the game cannot carry it out,
    so it is kept inert, but the table has moved on: A's turn ends there (flagged, naming B and 'adjust'), and B's
    flight, refused before as A's activation was still owed, is accepted, in the replay too (a later rejected
    play makes it re-fold the journal)."""
    t = started(fx_board({"S2": "gather", "S3": "gather"}))
    t.play("POSITIONS", swarms={"A": {"at": "S1", "members": []}, "B": {"at": "S5", "members": []},
                                "C": {"at": "D1", "members": []}},
           rock=[], lairs={"A": ["A.w1", "A.w2"], "B": ["B.w1", "B.w2"], "C": ["C.w1", "C.w2", "Aureus"]})
    t.ok("FLY", "A", to="S2")
    assert t.errors("FLY", "B", to="S7") == ["ED-ACT-1"]  # A's Gathering is owed first
    gathered = t.play("GATHER", "A", tile="Q9", force=True)
    assert [f.rule for f in gathered] == ["ED-LOC-GATHER-1", "CORE-UNAPPLIED"]
    assert "passes on as the table's turn order says (B)" in gathered[-1].message
    assert t.state.closed and t.state.players["A"].pending == []
    t.ok("FLY", "B", to="S7")
    assert t.state.active == "B" and t.state.pieces.pos["B"] == "S7"
    t.events.append(Event(len(t.events) + 1, "FLY", "A", {"spaces": 1}))  # rejected: not A's turn
    replayed = t.replay()
    assert replayed.state.active == "B" and replayed.state.pieces.pos["B"] == "S7"
    assert [o.status for o in replayed.timeline][-3:] == [REJECTED, "applied", REJECTED]
