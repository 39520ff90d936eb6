"""``eh adjust``: a mid-game start or a correction with declared keys (EH-ADJ-1 refuses any other)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.app.session import Session
from tests.conftest import Cli

SAMPLE = Path(__file__).resolve().parents[3] / "sample_sessions" / "emberheart" / "disputed.json"


@pytest.fixture
def early(cli: Cli) -> Cli:
    """The sample game after its first 8 events."""
    data = json.loads(SAMPLE.read_text())
    data["events"] = {k: v for k, v in data["events"].items() if int(k) <= 8}
    cli.session.write_text(json.dumps(data))
    return cli


def test_eh_adj_1_a_misspelled_key_is_refused_with_the_known_keys(early: Cli) -> None:
    before = early.session.read_bytes()
    result = early("eh", "adjust", "Astrid", "gaer=4")
    assert result.exit_code == 1
    assert "EH-ADJ-1" in result.output and "did you mean 'gear'?" in result.output
    assert "known: gear, flame, crests" in result.output
    assert early.session.read_bytes() == before


def test_eh_adj_1_a_negative_value_or_a_bad_round_is_refused(early: Cli) -> None:
    assert "EH-ADJ-1" in early("eh", "adjust", "Astrid", "gear=-1").output
    assert "EH-ADJ-1" in early("eh", "adjust", "round=9").output


def test_adjust_sets_holdings_tracks_and_the_round(early: Cli) -> None:
    result = early("eh", "adjust", "Astrid", "gear=7", "strength=3", "G=4", "round=3")
    assert result.exit_code == 0, result.output
    s = Session.open(early.session)
    assert s.observe("Astrid", "gear") == 7
    assert "Round III" in s.expect().text


def test_a_key_before_any_player_is_a_usage_error(early: Cli) -> None:
    result = early("eh", "adjust", "gear=4")
    assert result.exit_code == 2 and "name the player first" in result.output
