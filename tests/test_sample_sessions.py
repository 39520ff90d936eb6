"""Every bundled sample session is intact and checks as its folder's manifest says.

``sample_sessions/<game>/manifest.json`` lists each session with its kind (``legal`` or ``disputed``), its
expected winners and, for a disputed one, the plays ``check`` flags. The per-game tests compare each sample's
score table with its golden file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Cli
from tests.registry import names

SAMPLES = Path(__file__).resolve().parents[1] / "sample_sessions"
GAMES = names()


def manifest(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SAMPLES / game / "manifest.json").read_text(encoding="utf-8"))
    return data


ENTRIES = [(game, entry) for game in GAMES for entry in manifest(game)["sessions"]]


def test_the_folders_hold_sessions_only_and_every_game_has_a_legal_and_a_disputed_sample() -> None:
    for game in GAMES:
        listed = {e["file"] for e in manifest(game)["sessions"]}
        on_disk = {p.name for p in (SAMPLES / game).iterdir()} - {"manifest.json"}
        assert on_disk == listed, game
        kinds = [e["kind"] for e in manifest(game)["sessions"]]
        assert "disputed" in kinds and kinds.count("legal") >= 2, game


@pytest.mark.parametrize("game,entry", ENTRIES, ids=lambda v: v if isinstance(v, str) else v["file"])
def test_sample_session_is_intact_and_checks_as_its_manifest_says(cli: Cli, game: str, entry: dict[str, Any]) -> None:
    path = SAMPLES / game / entry["file"]
    before = path.read_bytes()
    assert cli("verify", "--session", str(path)).exit_code == 0
    check = cli("check", "--json", "--session", str(path))
    flagged = sorted({v["seq"] for v in json.loads(check.stdout)["violations"] if v["severity"] == "error"})
    if entry["kind"] == "disputed":
        assert check.exit_code == 1 and flagged == sorted(entry["flagged"])
    else:
        assert check.exit_code == 0 and flagged == []
    score = json.loads(cli("score", "--json", "--session", str(path)).stdout)
    assert score["winners"] == entry["winners"]
    assert path.read_bytes() == before  # reading never writes
