"""Every door that takes a whole state judges it with ``Game.check_state`` (issue 33, part 1), as a play is judged.

The fake game (``tests/fake_game.py``) has one invariant, FAKE-STATE-1 (no player holds fewer than 0 counters), so
these tests hold whatever the real games declare: ``tally --from``, ``new --from``, ``adjust`` and ``import`` refuse
a state that breaks it (exit 1, nothing written, the rule and its message), ``--force`` records it flagged, and
``check``, ``log``, ``audit`` and ``report`` flag it with no further work. The real games' own invariants are
tried at the end (skipped while a game declares none).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from scorekeeper.app.session import Session
from scorekeeper.core.engine import FORCED, REJECTED, replay, step
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Draft, SessionConfig
from scorekeeper.errors import Refused
from tests.conftest import Cli

IMPOSSIBLE = {"game": "fake", "players": ["Ann", "Bo"], "state": {"counters": {"Ann": 4, "Bo": -2}}}
POSSIBLE = {"game": "fake", "players": ["Ann", "Bo"], "state": {"counters": {"Ann": 4, "Bo": 2}}}
FINDING = "FAKE-STATE-1: Bo holds -2 counters; a player holds 0 or more"


def _file(tmp_path: Path, data: dict[str, Any], name: str = "table.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_engine_judges_a_whole_state_event_by_check_state() -> None:
    game = tests.fake_game.GAME
    config = SessionConfig("fake", ("Ann", "Bo"), {"target": 10, "bonus": 0})
    tally = Event(1, "TALLY", None, {"state": IMPOSSIBLE["state"]})
    state, findings = step(game, game.setup(config), tally)
    assert [(f.rule, f.blocks) for f in findings] == [("FAKE-STATE-1", False)]  # a breach: forceable
    assert state.counters == {"Ann": 0, "Bo": 0}  # refused: the state before it
    forced = Event(1, "TALLY", None, {"state": IMPOSSIBLE["state"]}, forced=True)
    state, findings = step(game, game.setup(config), forced)
    assert state.counters == {"Ann": 4, "Bo": -2} and [f.rule for f in findings] == ["FAKE-STATE-1"]
    assert replay([forced], game, config).timeline[0].status == FORCED
    assert replay([tally], game, config).timeline[0].status == REJECTED
    assert step(game, game.setup(config), Event(1, "TALLY", None, {"state": POSSIBLE["state"]}))[1] == []


def test_a_play_is_not_judged_as_a_whole_state() -> None:
    """Only the events that set a state are (``EventType.sets_state``: TALLY and ADJUST by name)."""
    game = tests.fake_game.GAME
    assert game.declaration("TALLY").sets_state and game.declaration("ADJUST").sets_state  # type: ignore[union-attr]
    assert not game.declaration("ADD").sets_state  # type: ignore[union-attr]


def test_tally_from_refuses_an_impossible_state_exit_1_nothing_written(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    refused = cli("tally", "--from", _file(tmp_path, IMPOSSIBLE), "--session", out)
    assert refused.exit_code == 1 and refused.stderr.startswith(f"refused: {FINDING}")
    assert "--force" in refused.stderr and not out.exists()
    assert not (cli.home / "current").exists() or str(out) not in (cli.home / "current").read_text()


def test_tally_from_with_force_is_recorded_flagged_and_every_reader_flags_it(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    made = cli("tally", "--from", _file(tmp_path, IMPOSSIBLE), "--session", out, "--force")
    assert made.exit_code == 0 and "flagged" in made.stdout
    check = cli("check", "--session", out)
    assert check.exit_code == 1 and check.stdout.splitlines()[0] == f"#1 {FINDING}"
    assert "forced" in cli("log", "--session", out).stdout
    assert "FAKE-STATE-1" in cli("audit", "1", "--session", out).stdout
    assert cli("report", "-o", tmp_path / "r.html", "--session", out).exit_code == 0
    assert "FAKE-STATE-1" in (tmp_path / "r.html").read_text(encoding="utf-8")
    assert cli("verify", "--session", out).exit_code == 0  # the history is intact: the flag is the rule's, not the chain's


def test_new_from_refuses_an_impossible_state(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "joined.json"
    refused = cli("new", "fake", "--players", "Ann,Bo", "--from", _file(tmp_path, IMPOSSIBLE), "--session", out)
    assert refused.exit_code == 1 and refused.stderr.startswith(f"refused: {FINDING}") and not out.exists()
    made = cli("new", "fake", "--players", "Ann,Bo", "--from", _file(tmp_path, POSSIBLE), "--session", out)
    assert made.exit_code == 0, made.output


def test_adjust_is_judged_by_what_it_makes_impossible(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    assert cli("new", "fake", "--players", "Ann,Bo", "--session", out).exit_code == 0
    assert cli("fake", "adjust", "-p", "Bo", "--n", "2", "--session", out).exit_code == 0
    before = out.read_bytes()
    refused = cli("fake", "adjust", "-p", "Bo", "--n", "-5", "--session", out)
    assert refused.exit_code == 1 and "FAKE-STATE-1: Bo holds -3 counters" in refused.stderr
    assert out.read_bytes() == before
    assert cli("fake", "adjust", "-p", "Bo", "--n", "-5", "--force", "--session", out).exit_code == 0
    assert "#2 FAKE-STATE-1: Bo holds -3 counters" in cli("check", "--session", out).stdout
    # a later adjustment is not blamed for what was impossible before it
    again = cli("fake", "adjust", "-p", "Ann", "--n", "1", "--session", out)
    assert again.exit_code == 0, again.output


def test_import_replays_a_forced_tally_flagged(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    assert cli("tally", "--from", _file(tmp_path, IMPOSSIBLE), "--session", out, "--force").exit_code == 0
    exported = tmp_path / "out.jsonl"
    assert cli("export", "--to", "jsonl", "-o", exported, "--session", out).exit_code == 0
    imported = cli("import", exported, "--session", tmp_path / "copy.json")
    assert imported.exit_code == 0 and "1 recorded play(s) break a rule" in imported.stdout
    assert f"#1 {FINDING}" in cli("check", "--session", tmp_path / "copy.json").stdout


def test_a_session_api_tally_is_refused_unless_forced() -> None:
    s = Session.in_memory("fake", ["Ann", "Bo"])
    with pytest.raises(Refused) as refused:
        s.record(Draft("TALLY", None, {"state": IMPOSSIBLE["state"]}))
    assert "FAKE-STATE-1" in str(refused.value) and s.events == []
    assert s.record(Draft("TALLY", None, {"state": IMPOSSIBLE["state"]}), force=True).recorded


# -- the real games: each refuses, at ``tally --from``, a bundled tally made to break one simple invariant -----------

INPUTS = Path(__file__).resolve().parents[2] / "sample_sessions" / "inputs"


def _read(name: str) -> dict[str, Any]:
    import tomllib

    text = (INPUTS / name).read_text(encoding="utf-8")
    return tomllib.loads(text) if name.endswith(".toml") else json.loads(text)


def _two_paragons() -> dict[str, Any]:
    """Emberheart: two Heroes of one kind (the box has one of each, "27 Hero cards")."""
    data = _read("emberheart-tally.toml")
    data["state"]["cards"]["H2"] = {"id": "H2", "kind": "hero", "colour": "blue", "hero": "paragon", "owner": "Bjorn"}
    data["state"]["players"][1]["cards"].append("H2")
    return data


def _eight_bread() -> dict[str, Any]:
    """Flamecraft: 8 of one good at the end (the limit is 7 of each type)."""
    data = _read("flamecraft-tally.toml")
    data["state"]["players"]["Ada"]["goods"] = {"bread": 8}
    return data


def _two_chests_on_a_tile() -> dict[str, Any]:
    """8 Dragons: two chests on one tile ("one per tile")."""
    data = _read("eight-dragons-tally.json")
    chests = data["state"]["players"]["Whytera"]["chests"]
    chests.append({**chests[0], "id": "C6"})
    return data


@pytest.mark.parametrize("make", [_two_paragons, _eight_bread, _two_chests_on_a_tile], ids=lambda f: f.__name__)
def test_each_game_refuses_a_state_breaking_an_invariant_at_tally_from(cli: Cli, tmp_path: Path, make: Any) -> None:
    """Skipped while the game's ``check_state`` finds nothing in it (its invariants come with its own branch)."""
    from scorekeeper.app.tally import parse_tally, tally_session

    data = make()
    trial = tally_session(parse_tally(data, "table"), None, "table", force=True)
    found = trial.game.check_state(trial.state)
    if not found:
        pytest.skip(f"{trial.game.name}'s check_state finds nothing in this state yet")
    out = tmp_path / "out.json"
    refused = cli("tally", "--from", _file(tmp_path, data), "--session", out)
    assert refused.exit_code == 1 and refused.stderr.startswith("refused: "), refused.output
    assert not out.exists()
    forced = cli("tally", "--from", _file(tmp_path, data), "--session", out, "--force")
    assert forced.exit_code == 0, forced.output
    assert found[0].rule in cli("check", "--session", out).stdout


def test_new_from_with_force_joins_flagged(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "joined.json"
    made = cli("new", "fake", "--players", "Ann,Bo", "--from", _file(tmp_path, IMPOSSIBLE), "--session", out, "--force")
    assert made.exit_code == 0, made.output
    assert f"#1 {FINDING}" in cli("check", "--session", out).stdout
    alone = cli("new", "fake", "--players", "Ann,Bo", "--force", "--session", tmp_path / "other.json")
    assert alone.exit_code == 2 and "use it with --from FILE" in alone.stderr
