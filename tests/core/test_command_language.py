"""One command language: hint placeholders are refused, no lock file is left behind, shell completion of
domain values works through click's environment-variable protocol."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from scorekeeper.cli.placeholders import placeholder_in
from tests.conftest import Cli
from tests.games.flamecraft.test_fc_cli import new, ready

ROOT = Path(__file__).resolve().parents[2]


def test_a_hint_placeholder_is_refused_and_nothing_is_written(cli: Cli) -> None:
    new(cli)
    assert cli("fc", "setup", "--park", "BR-1,MT-1,PL-1,IR-1,CR-1", "--row", "PU-1,PU-2,PU-3,PU-4,PU-5").exit_code == 0
    before = cli.session.read_bytes()
    result = cli("fc", "deal", "Ann", "--hand", "BR-2,MT-2,PL-2", "--keep", "FANCY")
    assert result.exit_code == 2
    assert result.output.strip() == "error: 'FANCY' is a placeholder from a hint: type the real value instead"
    assert cli("fc", "deal", "Ann", "--hand", "D1,D2,D3", "--keep", "FY-2").exit_code == 2
    assert cli.session.read_bytes() == before


def test_placeholders_are_per_game() -> None:
    assert placeholder_in("flamecraft", {"hand": ["D1", "AD-2"]}) == "D1"
    assert placeholder_in("eight-dragons", {"to": "D1"}) is None  # a real space of an 8 Dragons board
    assert placeholder_in("emberheart", {"spaces": ["LOCATION:SPACE"]}) == "LOCATION"
    assert placeholder_in("flamecraft", {"keep": ["FY-2"], "hand": ["BR-2", "MT-2"]}) is None


def test_no_lock_file_is_left_beside_the_session(cli: Cli) -> None:
    ready(cli)
    assert cli("fc", "visit", "bakery").exit_code in (0, 1)
    assert [p.name for p in cli.session.parent.iterdir() if p.name.endswith(".lock")] == []


def complete(words: str, cword: int, home: Path, session: Path) -> list[str]:
    env = {**os.environ, "COMP_WORDS": words, "COMP_CWORD": str(cword), "_SCOREKEEPER_COMPLETE": "bash_complete",
           "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_SESSION": str(session), "PYTHONPATH": str(ROOT)}
    out = subprocess.run([str(Path(sys.executable).with_name("scorekeeper"))], env=env, capture_output=True, text=True, check=True)
    return [line.split(",", 1)[1] for line in out.stdout.splitlines()]


def test_bash_completion_offers_players_and_the_locations_legal_now(tmp_path: Path) -> None:
    events = json.loads((ROOT / "sample_sessions" / "emberheart" / "disputed.json").read_text())
    events["events"] = {k: v for k, v in events["events"].items() if int(k) <= 8}
    session = tmp_path / "eh.json"
    session.write_text(json.dumps(events))
    players = events["meta"]["1"]["players"]
    assert complete("scorekeeper eh place -p ", 4, tmp_path, session) == players
    locations = complete("scorekeeper eh place ", 3, tmp_path, session)
    assert "tavern" in locations and "camp" in locations
    assert complete("scorekeeper eh place ta", 3, tmp_path, session) == ["tavern"]
    assert complete("scorekeeper fc vi", 2, tmp_path, session) == ["visit"]


def test_json_on_a_refused_play_prints_a_json_refusal_on_stdout(cli: Cli) -> None:
    ready(cli)
    result = cli("fc", "adjust", '{"players":{"Bo":{"coin":5}}}', "--json")
    assert result.exit_code == 1
    refusal = json.loads(result.stdout)
    assert refusal["refused"] is True
    assert [v["rule"] for v in refusal["violations"]] == ["FC-ADJ-1"]
    assert refusal["expected"]["player"] == "Ann" and refusal["expected"]["choices"]


def test_json_on_a_refused_correction_prints_a_json_refusal(cli: Cli) -> None:
    ready(cli)
    result = cli("amend", "2", "hand=[]", "--json")
    assert result.exit_code == 1
    refusal = json.loads(result.stdout)
    assert refusal["refused"] is True and refusal["violations"] and "expected" in refusal


def test_sessions_json_has_no_empty_keys(cli: Cli) -> None:
    new(cli)
    rows = json.loads(cli("sessions", "--json").stdout)
    assert rows and all(key and " " not in key for row in rows for key in row)
    assert rows[0]["current"] is True and rows[0]["game"] == "flamecraft"


def test_one_prefix_matcher_serves_players_log_filters_and_game_words() -> None:
    """Players, log filters and Emberheart's words all resolve through ``unique_prefix``: exact first (any
    case), else the one name the text begins, else nothing (with the names it could be)."""
    import pytest as _pytest

    from scorekeeper.errors import BadInput, NotationError
    from scorekeeper.core.protocol import resolve_player, unique_prefix
    from scorekeeper.games.emberheart.notation import track
    from scorekeeper.app.log_filter import LogFilterError, pick

    assert unique_prefix(" bo ", ["Bo", "Bob"]) == ("Bo", ["Bo"])
    assert unique_prefix("b", ["Bo", "Bob", "Cy"]) == (None, ["Bo", "Bob"])
    assert unique_prefix("", ["Bo"]) == (None, [])
    assert resolve_player(["Astrid", "Bjorn"], "bj") == "Bjorn"
    assert pick("BJ", ["Astrid", "Bjorn"], "player") == "Bjorn"
    assert track("SE") == "senses"
    with _pytest.raises(BadInput, match="could be Bo or Bob"):
        resolve_player(["Bo", "Bob", "Cy"], "b")
    with _pytest.raises(LogFilterError):
        pick("b", ["Bo", "Bob"], "player")
    with _pytest.raises(NotationError, match="could be"):
        track("s")
