"""Trust (issue 12, defect 11): what ``verify`` cannot see from the file alone, this machine's witness can.

Each writing command notes the head hash and event count in the user's folder (``scorekeeper.core.witness``);
``verify`` names the first event missing or different. Before the fix a truncated tail, a recomputed chain and
a forged event chained on the end all verified "intact".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from scorekeeper.core.journal import event_hash, meta_hash, SessionMeta
from scorekeeper.core.witness import Witness, compare, log_path
from tests.conftest import Cli


@pytest.fixture
def game(cli: Cli) -> Cli:
    assert cli("new", "fake", "--players", "Ann,Bob", "--session", str(cli.session)).exit_code == 0
    for step in (("fake", "add", "1"), ("fake", "add", "2"), ("note", "n"), ("fake", "add", "1")):
        assert cli(*step).exit_code == 0
    return cli


def load(cli: Cli) -> dict[str, Any]:
    return json.loads(cli.session.read_text(encoding="utf-8"))


def rechain(data: dict[str, Any]) -> None:
    """Recompute every hash after an edit: the chain verifies again (the forger's move)."""
    meta = SessionMeta.from_record(data["meta"]["1"])
    prev = meta_hash(meta)
    for key in sorted(data["events"], key=int):
        record = data["events"][key]
        record["prev_hash"] = prev
        record["hash"] = prev = event_hash(record, prev)


def save(cli: Cli, data: dict[str, Any]) -> None:
    cli.session.write_text(json.dumps(data), encoding="utf-8")


def test_an_untouched_session_agrees_with_its_witness(game: Cli) -> None:
    result = game("verify")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1] == "witness: the file holds the 4 event(s) this machine wrote, unchanged"
    report = game.json("verify")["witness"]
    assert report["ok"] and report["witnessed"] == 4 and report["first_bad_seq"] is None


def test_a_truncated_tail_names_the_first_missing_event(game: Cli) -> None:
    data = load(game)
    del data["events"]["4"], data["events"]["3"]
    save(game, data)
    result = game("verify")
    assert result.exit_code == 1 and result.stdout.startswith("intact: 2 events")
    assert "WITNESS: #3 to #4 missing: this machine wrote 4 event(s) into this session, the file holds 2" in result.stdout


def test_a_recomputed_chain_names_the_first_changed_event(game: Cli) -> None:
    data = load(game)
    data["events"]["2"]["payload"]["n"] = 3
    rechain(data)
    save(game, data)
    result = game("verify")
    assert result.exit_code == 1 and result.stdout.startswith("intact: 4 events")  # the chain alone says intact
    assert "WITNESS: #2 differs from what this machine wrote" in result.stdout
    assert game.json("verify")["witness"]["first_bad_seq"] == 2


def test_an_edit_of_the_last_event_with_its_own_hash_recomputed(game: Cli) -> None:
    """The chain cannot see it (no event follows to disagree); the witness can."""
    data = load(game)
    last = data["events"]["4"]
    last["payload"]["n"] = 3
    last["hash"] = event_hash(last, last["prev_hash"])
    save(game, data)
    result = game("verify")
    assert result.stdout.startswith("intact: 4 events") and "WITNESS: #4 differs" in result.stdout
    assert result.exit_code == 1


def test_a_forged_event_chained_on_the_end_is_not_this_machines(game: Cli) -> None:
    data = load(game)
    forged = {"seq": 5, "type": "ADD", "player": "Bob", "payload": {"n": 3}, "recorded_at": "", "forced": False}
    data["events"]["5"] = forged
    rechain(data)
    save(game, data)
    result = game("verify")
    assert result.stdout.startswith("intact: 5 events")
    assert ("witness: the file holds the 4 event(s) this machine wrote, unchanged; #5 to #5 were not written on "
            "this machine") in result.stdout


def test_verify_head_checks_against_a_head_noted_elsewhere(game: Cli) -> None:
    noted = game.json("verify")["head"]
    assert game("note", "later").exit_code == 0
    found = game("verify", "--head", noted[:16])
    assert found.exit_code == 0
    assert f"head {noted[:16]}… is #4: the history up to it is as it was noted, 1 event(s) recorded after it" \
        in found.stdout
    data = load(game)
    data["events"]["2"]["payload"]["n"] = 3
    rechain(data)
    save(game, data)
    lost = game("verify", "--head", noted)
    assert lost.exit_code == 1 and "HEAD NOT FOUND" in lost.stdout
    bad = game("verify", "--head", "xyz")
    assert bad.exit_code == 2 and "16 to 64 hexadecimal digits" in bad.stderr


def test_a_new_session_at_the_same_path_starts_a_new_witness(game: Cli) -> None:
    game.session.unlink()
    assert game("new", "fake", "--players", "Cy,Di", "--session", str(game.session)).exit_code == 0
    assert game("verify").exit_code == 0


def test_the_witness_takes_its_folder_as_an_argument(tmp_path: Path) -> None:
    session = tmp_path / "s.json"
    records = [{"seq": 1, "hash": "a" * 64}, {"seq": 2, "hash": "b" * 64}]
    witness = Witness(tmp_path / "home")
    witness(session, 0, "m" * 64, [], True)
    witness(session, 2, "b" * 64, ["a" * 64, "b" * 64], False)
    assert Path(log_path(tmp_path / "home", session)).read_text(encoding="utf-8").count("\n") == 2
    assert compare(tmp_path / "home", session, "m" * 64, records).ok
    assert compare(tmp_path / "home", session, "x" * 64, records).first_bad == 0
    assert compare(tmp_path / "other", session, "m" * 64, records).witnessed == -1


def test_an_unwritable_witness_warns_and_the_write_still_counts(game: Cli) -> None:
    folder = game.home / "witness"
    for child in folder.iterdir():
        child.unlink()
    folder.rmdir()
    folder.write_text("not a folder", encoding="utf-8")
    result = game("note", "still recorded")
    assert result.exit_code == 0 and result.stdout.startswith("#5 recorded")
    assert result.stderr.startswith("warning: could not keep the witness of")
