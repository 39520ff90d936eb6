"""The Emberheart sample sessions (``sample_sessions/emberheart/``): recorded through the real CLI by
``tools/emberheart/make.py``, replayed here, compared with golden files and with their manifest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.cli.common import open_session

from tests.conftest import Cli

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "sample_sessions" / "emberheart"
SAMPLES = sorted(p for p in FOLDER.glob("*.json") if p.name != "manifest.json")
GOLDEN = Path(__file__).resolve().parent / "golden"
TOOLS = ROOT / "tools" / "emberheart"


def test_the_three_samples_exist() -> None:
    names = {p.stem for p in SAMPLES}
    assert names == {"four-players", "two-players-side-b", "disputed"}
    for path in SAMPLES:
        assert (TOOLS / f"{path.stem}.commands.sh").exists()  # the transcript of the commands that made it


def test_the_manifest_lists_each_sample_with_its_winners_and_flagged_plays(cli: Cli) -> None:
    manifest = json.loads((FOLDER / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["game"] == "emberheart"
    assert sorted(s["file"] for s in manifest["sessions"]) == sorted(p.name for p in SAMPLES)
    for entry in manifest["sessions"]:
        path = FOLDER / entry["file"]
        assert entry["kind"] == ("disputed" if "disputed" in path.stem else "legal")
        assert entry["winners"] == cli.json("score", "--session", str(path))["winners"]
        check = json.loads(cli("check", "--json", "--session", str(path)).stdout)
        assert entry["flagged"] == sorted({v["seq"] for v in check["violations"] if v["severity"] == "error"})
        assert bool(entry["flagged"]) == (entry["kind"] == "disputed")


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_sample_score_and_check_match_their_goldens(cli: Cli, path: Path) -> None:
    """`score --json` and `check --json` of each sample equal the golden files (EH-END-2..10 end to end)."""
    score = cli("score", "--json", "--session", str(path))
    assert score.exit_code == 0, score.output
    assert json.loads(score.stdout) == json.loads((GOLDEN / f"{path.stem}.score.json").read_text())
    check = cli("check", "--json", "--session", str(path))
    assert json.loads(check.stdout) == json.loads((GOLDEN / f"{path.stem}.check.json").read_text())
    errors = [v for v in json.loads(check.stdout)["violations"] if v["severity"] == "error"]
    if "disputed" in path.stem:
        assert check.exit_code == 1 and {v["rule"] for v in errors} >= {"EH-ACT-4", "EH-ACT-6", "EH-FLOW-5"}
    else:
        assert check.exit_code == 0 and errors == []


def test_sample_games_are_complete_and_as_described() -> None:
    """Five rounds each; a 4-player side-A game; a 2-player side-B game with its 2-player cards."""
    four = open_session(str(FOLDER / "four-players.json"), "emberheart")
    assert len(four.config.players) == 4 and four.config.settings["side"] == "A"
    assert four.state.round == 5 and four.state.phase == "end"
    two = open_session(str(FOLDER / "two-players-side-b.json"), "emberheart")
    assert len(two.config.players) == 2 and two.config.settings["side"] == "B"
    assert two.state.round == 5 and two.state.phase == "end"
    assert sum(1 for e in two.events if e.type == "TWO_P_REVEAL") == 5
    assert any(e.type == "NP_DISCARD" for e in two.events)
