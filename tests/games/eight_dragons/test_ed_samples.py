"""The sample sessions replay to their golden score tables; the legal ones have no illegal play, the
disputed one lists its forced plays with their rule IDs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SAMPLES = HERE.parents[2] / "sample_sessions" / "eight-dragons"
MANIFEST = json.loads((SAMPLES / "manifest.json").read_text())
GOLDEN = HERE / "golden"
NAMES = ["3p-board", "4p-long", "2p-aurea", "disputed"]


@pytest.mark.parametrize("name", NAMES)
def test_sample_session_score_matches_its_golden(cli, tmp_path, name):
    """ED-SCORE-13, ED-SCORE-14, ED-SCORE-16, ED-ROYAL-1: `score --json --explain` equals the golden table."""
    path = tmp_path / f"{name}.json"
    shutil.copy(SAMPLES / path.name, path)
    result = cli("score", "--json", "--explain", "--session", str(path))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads((GOLDEN / f"{name}.score.json").read_text())


@pytest.mark.parametrize("name", ["3p-board", "4p-long", "2p-aurea"])
def test_legal_samples_are_complete_games_without_violations(cli, tmp_path, name):
    """The legal samples end with the final round played (ED-END-3) and `check` finds no illegal play."""
    path = tmp_path / f"{name}.json"
    shutil.copy(SAMPLES / path.name, path)
    check = cli("check", "--session", str(path))
    assert check.exit_code == 0, check.output
    status = json.loads(cli("status", "--json", "--session", str(path)).stdout)
    assert status["finished"] is True
    data = json.loads(cli("score", "--json", "--session", str(path)).stdout)
    assert data["final"] is True and data["winners"]


def test_disputed_sample_lists_the_forced_plays_with_rule_ids(cli, tmp_path):
    """The disputed sample: the four plays recorded with --force are reported with their rule IDs."""
    path = tmp_path / "disputed.json"
    shutil.copy(SAMPLES / path.name, path)
    check = cli("check", "--json", "--session", str(path))
    assert check.exit_code == 1
    errors = [v["rule"] for v in json.loads(check.stdout)["violations"] if v["severity"] == "error"]
    assert errors == ["ED-FLY-1", "ED-LOC-VILLAGE-1", "ED-LAIR-3", "ED-LOC-MERCHANT-1"]


def test_two_player_sample_moves_aurea():
    """ED-2P-4, ED-2P-5, ED-2P-7: the 2-player sample pushes Aurea through the Valley at least once (her owner-less way is
    recorded as a push choice), and the replay moves her off her start space."""
    from scorekeeper.core.engine import replay
    from scorekeeper.core.events import Event
    from scorekeeper.core.protocol import SessionConfig
    from scorekeeper.games.eight_dragons import GAME

    data = json.loads((SAMPLES / "2p-aurea.json").read_text())
    meta = data["meta"]["1"]
    events = sorted((Event.from_record(r) for r in data["events"].values()), key=lambda e: e.seq)
    assert any("Aurea" in dict(e.payload.get("pushes", {})) for e in events if e.type == "FLY")
    config = SessionConfig("eight-dragons", tuple(meta["players"]), meta["settings"], meta["catalog"])
    state = replay(events, GAME, config).state
    assert state.pieces.pos["Aurea"] != config.catalog["board"]["aurea"]


@pytest.mark.parametrize("name", ["2p-aurea", "disputed"])
def test_a_rejected_play_leaves_the_state_untouched(name):
    """The engine's guarantee: a rejected play leaves the state as it was (a whole sample, event by event)."""
    from scorekeeper.core.engine import carried_out, step
    from scorekeeper.core.events import Event
    from scorekeeper.core.protocol import SessionConfig
    from scorekeeper.games.eight_dragons import GAME

    data = json.loads((SAMPLES / f"{name}.json").read_text())
    meta = data["meta"]["1"]
    config = SessionConfig("eight-dragons", tuple(meta["players"]), meta["settings"], meta["catalog"])
    state = GAME.setup(config)
    for record in sorted(data["events"].values(), key=lambda r: r["seq"]):
        event = Event.from_record(record)
        before = json.dumps(GAME.snapshot(state), sort_keys=True)
        state, findings = step(GAME, state, event)
        if not carried_out(event, findings):  # rejected (a forced play is carried out as the table played it)
            assert json.dumps(GAME.snapshot(state), sort_keys=True) == before, event


def test_the_manifest_lists_every_sample_with_its_winners_and_flagged_plays(cli, tmp_path):
    """sample_sessions/eight-dragons/manifest.json names every sample, its kind, its winners (score
    --json) and, for the disputed one, the plays flagged (check --json)."""
    files = sorted(p.name for p in SAMPLES.glob("*.json") if p.name != "manifest.json")
    assert MANIFEST["game"] == "eight-dragons" and sorted(e["file"] for e in MANIFEST["sessions"]) == files
    for entry in MANIFEST["sessions"]:
        path = tmp_path / entry["file"]
        shutil.copy(SAMPLES / entry["file"], path)
        assert json.loads(cli("score", "--json", "--session", str(path)).stdout)["winners"] == entry["winners"]
        check = json.loads(cli("check", "--json", "--session", str(path)).stdout)
        flagged = sorted({v["seq"] for v in check["violations"] if v["severity"] == "error"})
        assert flagged == entry["flagged"] and (entry["kind"] == "disputed") == bool(flagged)
