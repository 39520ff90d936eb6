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
