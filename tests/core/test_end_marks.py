"""The final round marked wherever the table looks (issue 36; field reports ED-V1, FC-F1, EH-F5, FC-V1): the
prompt, ``next:`` and ``status`` of the bundled whole games, read just before chosen plays."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.app.session import Session
from scorekeeper.render.status_screen import render_short

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"


def test_eight_dragons_marks_the_end_triggered_and_each_final_turn() -> None:
    s = Session.open(str(SAMPLES / "eight-dragons" / "3p-board.json"))  # the 4th Bonfire is #120
    assert s.status(121).headline[1] == "Bonfires 4/4 · END TRIGGERED · final round starts with Rhed in round 7"
    first = s.status(140)  # Rhed's final turn
    assert first.prompt == "Final round · Rhed"
    assert first.headline[1] == "Bonfires 4/4 · END TRIGGERED · FINAL ROUND: Rhed, Greenyra and Blakkar to play"
    assert first.expected.startswith("final round: Rhed's final turn, then Greenyra and Blakkar — ")
    last = s.status(165)
    assert last.prompt == "Final round · final turn done"
    assert last.expected.startswith("final round: Blakkar's final turn, the last of the game — ")
    assert s.status().prompt == "Game over"


def test_flamecraft_gives_the_round_and_marks_each_final_turn() -> None:
    s = Session.open(str(SAMPLES / "flamecraft" / "3p-complete.json"))  # the end is triggered by #148
    assert s.status(148).headline == ["Round 10 · Turn 29 · Bram's turn · at GLINTNOOK"]  # FC-F1: the round
    cleo = s.status(149)
    assert cleo.prompt == "Final turn · Cleo"
    assert cleo.headline[0] == "Round 10 · Turn 30 · Cleo's turn (final turn; then Ada, Bram)"
    assert cleo.expected.startswith("Cleo (final turn; then Ada, Bram) visits a shop")
    assert s.status(160).expected.startswith("Bram (final turn, the last of the game) visits a shop")


def test_emberheart_marks_the_last_round() -> None:
    s = Session.open(str(SAMPLES / "emberheart" / "four-players.json"))  # round V begins after #266
    assert s.status(266).prompt == "Round IV · Raid · Sigrun"
    assert s.status(300).prompt == "Last round · Action · Brandon"
    assert s.status(300).headline[0] == "Round V (the last) · Action phase"


def test_the_short_status_wraps_the_end_announcement_instead_of_cutting_it() -> None:
    """EH-F5: at 80 columns the Turn line ran on past column 80 and was cut at "END TRIGGE…"."""
    s = Session.open(str(SAMPLES / "flamecraft" / "3p-complete.json"))
    shown = render_short(s.status(150), 80)
    turn = shown[shown.index("Turn:"):shown.index("\nPlayers:")]
    assert "final turns still to play: Cleo, Ada, Bram" in turn and "…" not in turn


def test_a_flamecraft_play_that_fills_a_shop_says_so_with_the_shop_it_brings(tmp_path: Path) -> None:
    """FC-PLACE-6 (field report FC-V3): the play that fills a shop says, in its verdict, that a new shop is drawn
    face down, under the name ``next:`` then uses (NEW-1), and to flip it at the end of the turn."""
    import shlex

    from click.testing import CliRunner

    from scorekeeper.cli import main
    from tests.core.test_table_games import flamecraft

    new, plays = flamecraft()
    env = {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": str(tmp_path / "game.json")}
    assert CliRunner().invoke(main, ["new", *new], env=env).exit_code == 0
    for play in plays[:34]:  # up to Cleo's place CR-3 3, which fills GLINTNOOK (#35)
        assert CliRunner().invoke(main, shlex.split(play), env=env).exit_code == 0, play
    filled = CliRunner().invoke(main, shlex.split(plays[34]), env={**env, "COLUMNS": "200"})
    lines = filled.output.splitlines()  # (the slot's reward is said first, with its source: field report FC-V6)
    assert lines[:3] == [
        "#35 recorded: Cleo places CR-3 in slot 3 (draws fancy FY-12)",
        "  Cleo gets 1 fancy dragon (slot 3 reward at GLINTNOOK)",
        "  GLINTNOOK is full: draw a new shop face down (NEW-1) and flip it at the end of the turn "
        "(fc end --flip SHOP) (FC-PLACE-6)"]
