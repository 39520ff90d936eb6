"""Every bundled sample session is intact; the legal ones pass `check`, the disputed ones do not.

The per-game tests compare each sample's score table with its golden file.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Cli

SAMPLES = Path(__file__).resolve().parents[1] / "sample_sessions"
SESSIONS = sorted(p for p in SAMPLES.glob("*.json") if '"meta"' in p.read_text(encoding="utf-8")[:20])


def test_every_game_has_a_legal_and_a_disputed_sample() -> None:
    for game in ("emberheart", "flamecraft", "eight-dragons"):
        names = [p.name for p in SESSIONS if p.name.startswith(game)]
        assert any("disputed" in n for n in names), game
        assert len([n for n in names if "disputed" not in n]) >= 2, game


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.name)
def test_sample_session_is_intact_and_checks_as_its_name_says(cli: Cli, path: Path) -> None:
    before = path.read_bytes()
    assert cli("verify", "--session", str(path)).exit_code == 0
    check = cli("check", "--session", str(path))
    if "disputed" in path.name:
        assert check.exit_code == 1, check.output
        assert check.output.startswith("#")
    else:
        assert check.exit_code == 0, check.output
    score = cli("score", "--session", str(path))
    assert score.exit_code == 0, score.output
    assert path.read_bytes() == before  # reading never writes
