"""The rule bugs of the 2026-12-03 table trials (Emberheart): each test fails without its fix."""

from __future__ import annotations

import pytest

from scorekeeper.games.emberheart import GAME

from eh_helpers import Table
from tests.conftest import Cli


@pytest.fixture
def ember(cli: Cli) -> Cli:
    assert cli("new", "emberheart", "--players", "Ann,Bob", "--session", str(cli.session)).exit_code == 0
    return cli


@pytest.mark.parametrize("table,phrase", [
    ("0=4", "the rightmost Flame marker gains no Glory"),
    ("3=5", "the rulebook gives 3 steps +3"),
    ("6=1", "the rulebook gives 6 steps +8"),
    ("4=2", "no more than 3 steps' 3"),
    ("1=2,2=2", "no more than 1 steps' 2"),
    ("7=8", "no more than 6 steps' 8"),
])
def test_eh_end_9_set_flame_glory_refuses_a_table_the_board_cannot_print(ember: Cli, table: str, phrase: str) -> None:
    """EH-R2 (EH-END-9): ``set flame_glory 0=4`` gave the leader Glory and ``3=5,6=1`` overwrote the rulebook's
    3 → 3 and 6 → 8; both were recorded with exit 0. Now bad usage, nothing written."""
    before = ember.session.read_bytes()
    result = ember("set", "flame_glory", table)
    assert result.exit_code == 2, result.output
    assert phrase in result.stderr and "EH-END-9" in result.stderr
    assert ember.session.read_bytes() == before


def test_eh_end_9_an_increasing_table_is_still_recorded(ember: Cli) -> None:
    """EH-END-9: the board's own values (rising with the difference, 3 → 3 and 6 → 8 repeated) are accepted."""
    assert ember("set", "flame_glory", "1=1,2=2,3=3,4=5,5=6,6=8,7=10").exit_code == 0


def test_eh_end_9_a_table_merged_out_of_order_is_flagged() -> None:
    """EH-END-9: two sets each fine alone (4=5, then 5=4) merge into a table that falls: a warning."""
    t = Table()
    t.state.settings["flame_glory"] = {"4": 5, "5": 4}
    found = GAME.end_findings(t.state)
    assert [f.rule for f in found] == ["EH-END-9"] and "5 steps 4 Glory" in found[0].message


def test_eh_setup_7_a_play_before_the_setup_reveals_are_complete_is_flagged() -> None:
    """EH-R1 (EH-SETUP-7): the round's first Party went through silently with the Mountain, Garrison and Raid
    cards unrevealed, and ``next:`` stopped naming them. Now a warning names them, and ``next:`` keeps naming
    them until they are revealed."""
    t = Table()
    for slot in (1, 2, 3):
        t.ok("CARD_REVEAL", location="tavern", slot=slot, hire={"G": 2, "S": 1}, flame=-1)
    found = t.ok("PLACE_PARTY", "Astrid", location="tavern", space=3, hire={"G": 3})
    flagged = [f for f in found if f.rule == "EH-SETUP-7"]
    assert flagged and not flagged[0].is_error
    assert "mountain" in flagged[0].message and "garrison" in flagged[0].message and "raid card" in flagged[0].message
    assert "not revealed yet: " in GAME.expect(t.state).text and "mountain" in GAME.expect(t.state).text
    later = t.ok("PLACE_PARTY", "Brandon", location="tavern", space=2, hire={"G": 2})
    assert not [f for f in later if f.rule == "EH-SETUP-7"]  # the round's first play only


def test_eh_setup_7_a_complete_setup_is_silent() -> None:
    """EH-SETUP-7: with every slot revealed the first play carries no setup warning and ``next:`` no reminder."""
    t = Table()
    t.fill_offers()
    found = t.ok("PLACE_PARTY", "Astrid", location="tavern", space=3, hire={"G": 3})
    assert not [f for f in found if f.rule in ("EH-SETUP-7", "EH-RESET-3")]
    assert "not revealed" not in GAME.expect(t.state).text
