"""Tampering: every edit of the recorded history is caught by ``scorekeeper verify``, which names the event.

A session is recorded through the CLI (plays, a note, a void, an amendment), then its file is edited by hand the
way a sore loser might: a field changed, an event deleted, two events swapped, the metadata changed. ``verify``
must exit 1 and name the first event whose chain is broken; on the intact journal it exits 0 and prints the head
hash. The last tests pin the documented limit: dropping the *last* events, or editing the metadata of a session
with no events, leaves a chain that is intact but ends in a different head hash, so it is detectable only
against a head hash noted elsewhere.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from scorekeeper.core.journal import canonical, event_hash

TAMPERED = re.compile(r"^TAMPERED at #(\d+): ")


def record_session(cli) -> dict[str, Any]:
    """Eight events recorded through the CLI; returns the file's JSON."""
    assert cli("new", "fake", "--players", "Astrid,Bjorn", "--session", str(cli.session)).exit_code == 0
    steps = [
        ("fake", "add", "1"),  # 1
        ("fake", "add", "2"),  # 2
        ("note", "Bjorn disputes nothing yet"),  # 3
        ("fake", "add", "2"),  # 4
        ("fake", "add", "1"),  # 5
        ("void", "5", "--reason", "recorded twice"),  # 6
        ("amend", "4", "n=3"),  # 7
        ("fake", "add", "1"),  # 8
    ]
    for step in steps:
        result = cli(*step)
        assert result.exit_code == 0, (step, result.output)
    return load(cli.session)


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def save(path: Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data), encoding="utf-8")


def verify(cli) -> tuple[int, str, int | None]:
    result = cli("verify")
    match = TAMPERED.match(result.stdout)
    return result.exit_code, result.stdout, int(match.group(1)) if match else None


def head_hash(cli) -> str:
    data = cli.json("verify")
    assert data["intact"] is True, data
    return data["head"]


def test_an_intact_journal_verifies_and_prints_its_head_hash(cli) -> None:
    data = record_session(cli)
    code, out, _ = verify(cli)
    last = data["events"]["8"]
    assert code == 0
    assert out == (f"intact: 8 events, head hash {last['hash']}\n"
                   "witness: the file holds the 8 event(s) this machine wrote, unchanged\n")
    # the head hash is the SHA-256 of the last event's canonical JSON (its prev_hash in, its own hash out)
    body = {k: v for k, v in last.items() if k != "hash"}
    assert last["hash"] == hashlib.sha256(canonical(body)).hexdigest()
    report = cli.json("verify")
    assert report.pop("witness")["ok"] is True
    assert report == {"intact": True, "events": 8, "head": last["hash"], "first_bad_seq": None, "problem": None}


def _edit_payload(data: dict[str, Any]) -> None:
    data["events"]["4"]["payload"]["n"] = 1


def _edit_player(data: dict[str, Any]) -> None:
    assert data["events"]["4"]["player"] == "Astrid"
    data["events"]["4"]["player"] = "Bjorn"


def _edit_note_text(data: dict[str, Any]) -> None:
    data["events"]["3"]["payload"]["text"] = "Bjorn concedes"


def _edit_time(data: dict[str, Any]) -> None:
    data["events"]["4"]["recorded_at"] = "1999-01-01T00:00:00+00:00"


def _edit_forced(data: dict[str, Any]) -> None:
    data["events"]["4"]["forced"] = True


def _edit_void_target(data: dict[str, Any]) -> None:
    data["events"]["6"]["payload"]["target"] = 4


def _add_field(data: dict[str, Any]) -> None:
    data["events"]["4"]["payload"]["bonus"] = 5


def _edit_hash_only(data: dict[str, Any]) -> None:
    data["events"]["4"]["hash"] = "f" * 64


@pytest.mark.parametrize("edit", [_edit_payload, _edit_player, _edit_note_text, _edit_time, _edit_forced,
                                  _edit_void_target, _add_field, _edit_hash_only])
def test_editing_a_field_is_caught_naming_the_event(cli, edit: Callable[[dict[str, Any]], None]) -> None:
    data = record_session(cli)
    edit(data)
    save(cli.session, data)
    target = 6 if edit is _edit_void_target else 3 if edit is _edit_note_text else 4
    code, out, seq = verify(cli)
    assert (code, seq) == (1, target), out
    assert "edited" in out


def test_editing_a_field_and_rehashing_that_event_is_caught_at_the_next_event(cli) -> None:
    data = record_session(cli)
    event = data["events"]["4"]
    event["payload"]["n"] = 1
    event["hash"] = event_hash(event, event["prev_hash"])  # the tamperer recomputes the edited event's own hash
    save(cli.session, data)
    code, out, seq = verify(cli)
    assert (code, seq) == (1, 5), out
    assert "the event before it was edited, removed or reordered" in out


@pytest.mark.parametrize("gone", [1, 4, 7])
def test_deleting_an_event_is_caught(cli, gone: int) -> None:
    data = record_session(cli)
    del data["events"][str(gone)]
    save(cli.session, data)
    code, out, seq = verify(cli)
    assert (code, seq) == (1, gone + 1), out  # the event now standing where the deleted one was
    assert f"event at position {gone} has seq {gone + 1}: an event was removed or reordered" in out


def test_deleting_an_event_and_renumbering_the_rest_is_caught(cli) -> None:
    data = record_session(cli)
    events = [data["events"][str(n)] for n in range(1, 9) if n != 3]
    for position, event in enumerate(events, start=1):
        event["seq"] = position
    data["events"] = {str(n): e for n, e in enumerate(events, start=1)}
    save(cli.session, data)
    code, out, seq = verify(cli)
    assert (code, seq) == (1, 3), out


def test_swapping_two_events_is_caught(cli) -> None:
    data = record_session(cli)
    events = data["events"]
    events["2"], events["4"] = events["4"], events["2"]
    save(cli.session, data)
    code, out, seq = verify(cli)
    assert (code, seq) == (1, 4), out  # position 2 now holds #4
    assert "removed or reordered" in out


def test_swapping_two_events_and_their_seq_numbers_is_caught(cli) -> None:
    data = record_session(cli)
    events = data["events"]
    events["2"], events["4"] = events["4"], events["2"]
    events["2"]["seq"], events["4"]["seq"] = 2, 4
    save(cli.session, data)
    code, out, seq = verify(cli)
    assert (code, seq) == (1, 2), out


def test_swapping_the_document_ids_is_caught(cli) -> None:
    record_session(cli)
    text = cli.session.read_text(encoding="utf-8")
    # rename the documents "7" and "8" in the file itself, leaving their contents where they are
    swapped = text.replace('"7":{', '"@@":{').replace('"8":{', '"7":{').replace('"@@":{', '"8":{')
    assert swapped != text
    cli.session.write_text(swapped, encoding="utf-8")
    code, out, seq = verify(cli)
    assert code == 1 and seq in (7, 8), out


@pytest.mark.parametrize("change", [
    lambda meta: meta.update(players=["Bjorn", "Astrid"]),  # seat order decides who starts
    lambda meta: meta["settings"].update(target=12),
    lambda meta: meta.update(game="fk"),
    lambda meta: meta.update(created="2020-01-01T00:00:00+00:00"),
])
def test_editing_the_metadata_is_caught_at_the_first_event(cli, change: Callable[[dict[str, Any]], None]) -> None:
    data = record_session(cli)
    change(data["meta"]["1"])
    save(cli.session, data)
    code, out, seq = verify(cli)
    assert (code, seq) == (1, 1), out
    assert "the metadata was edited" in out


def test_verify_json_names_the_first_bad_seq(cli) -> None:
    data = record_session(cli)
    _edit_payload(data)
    save(cli.session, data)
    result = cli("verify", "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["intact"] is False and report["first_bad_seq"] == 4 and report["head"] is None
    assert "#4" in report["problem"]


# -- the documented limits: the file alone cannot tell; this machine's witness and a noted head can ------


def elsewhere(cli, *args: str) -> Any:
    """``verify`` run with another home: a machine that never wrote this session (no witness)."""
    other = cli.home.parent / "other-home"
    other.mkdir(exist_ok=True)
    from tests.conftest import Cli

    return Cli(other, cli.session)("verify", *args)


def test_dropping_the_last_events_keeps_a_valid_chain_but_changes_the_head_hash(cli) -> None:
    data = record_session(cli)
    noted = head_hash(cli)
    del data["events"]["8"], data["events"]["7"]
    save(cli.session, data)
    alone = elsewhere(cli)
    assert alone.exit_code == 0 and alone.stdout.startswith("intact: 6 events")  # the chain alone cannot tell
    code, out, _ = verify(cli)  # the machine that wrote it can
    assert code == 1 and "WITNESS: #7 to #8 missing: this machine wrote 8 event(s) into this session" in out
    noted_elsewhere = elsewhere(cli, "--head", noted)  # and so can a head hash noted elsewhere
    assert noted_elsewhere.exit_code == 1 and "HEAD NOT FOUND" in noted_elsewhere.stdout


def test_editing_the_metadata_of_an_empty_session_changes_only_the_head_hash(cli) -> None:
    assert cli("new", "fake", "--players", "Astrid,Bjorn", "--session", str(cli.session)).exit_code == 0
    noted = head_hash(cli)
    data = load(cli.session)
    data["meta"]["1"]["players"] = ["Bjorn", "Astrid"]
    save(cli.session, data)
    alone = elsewhere(cli)
    assert alone.exit_code == 0 and alone.stdout.startswith("intact: 0 events")
    code, out, _ = verify(cli)
    assert code == 1 and "WITNESS: the metadata differs from what this machine wrote" in out
    assert elsewhere(cli, "--head", noted).exit_code == 1
