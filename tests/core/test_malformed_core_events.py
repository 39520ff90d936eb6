"""A core event of the wrong shape, chained validly (field report 2026-12-06, TRUST-3): an ``amend`` whose
``changes`` is a list, an ``assert`` whose ``facts`` is a list, a ``void`` whose target is not a number… The
session reader checks every core event's payload as ``import`` does (``core.events.payload_problem``, one piece
of code): such an event is a ``CORE-PAYLOAD`` finding that ``verify`` and ``check`` report and that ``void``
takes back, never an internal error, in every command."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core.events import payload_problem
from scorekeeper.core.journal import Journal, event_hash
from tests.conftest import Cli

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"

MALFORMED: list[tuple[str, str | None, Any]] = [
    ("amend", None, {"target": 5, "changes": [1, 2]}),
    ("assert", "Mia", {"facts": [1, 2]}),
    ("amend", None, {"target": "5", "changes": {"shop": "X"}}),
    ("amend", None, {"target": 5, "changes": {"shop": "X"}, "player": 3}),
    ("void", None, {"target": [5]}),
    ("void", None, {"target": 5, "reason": {"x": 1}}),
    ("note", None, {"text": ["a"]}),
    ("set", None, {"key": 7, "value": 1}),
    ("assert", "Mia", {"facts": "coins=3"}),
]


def malformed_session(cli: Cli, kind: str, player: str | None, payload: Any) -> int:
    """A copy of a finished sample with one malformed core event appended, its hash chained validly."""
    shutil.copyfile(SAMPLES / "flamecraft/3p-disputed.json", cli.session)
    data = json.loads(cli.session.read_text())
    events = data["events"]
    last = events[max(events, key=int)]
    record = {"seq": last["seq"] + 1, "type": kind, "player": player, "payload": payload,
              "recorded_at": last["recorded_at"], "forced": False, "prev_hash": last["hash"]}
    record["hash"] = event_hash(record, last["hash"])
    events[str(max(int(k) for k in events) + 1)] = record
    cli.session.write_text(json.dumps(data))
    return Journal(cli.session).count


def no_internal_error(cli: Cli, *args: str) -> str:
    result = cli(*args)
    assert "internal error" not in result.output and "Traceback" not in result.output, (args, result.output)
    assert result.exit_code in (0, 1), (args, result.exit_code, result.output)
    return result.output


@pytest.mark.parametrize("kind,player,payload", MALFORMED, ids=[f"{k}-{n}" for n, (k, _, _) in enumerate(MALFORMED)])
def test_every_command_reads_a_malformed_core_event_as_a_finding(cli: Cli, tmp_path: Path, kind: str,
                                                                 player: str | None, payload: Any) -> None:
    seq = malformed_session(cli, kind, player, payload)
    verified = no_internal_error(cli, "verify")
    assert f"unreadable: #{seq}:" in verified and "intact" in verified
    assert any(u["seq"] == seq for u in cli.json("verify")["unreadable"])
    checked = no_internal_error(cli, "check")
    assert f"#{seq} CORE-PAYLOAD" in checked, checked
    for args in (["status"], ["score"], ["log"], ["audit", str(seq)], ["state"], ["report", "-o", str(tmp_path / "r.html")],
                 ["score", "--explain"], ["status", "--json"], ["log", "--json"], ["check", "--json"]):
        no_internal_error(cli, *args)
    assert "recorded" in no_internal_error(cli, "note", "after the edit")
    assert "recorded" in no_internal_error(cli, "undo")  # takes back the note
    voided = no_internal_error(cli, "void", str(seq))
    assert f"void #{seq}" in voided, voided
    assert f"#{seq} CORE-PAYLOAD" not in no_internal_error(cli, "check")
    assert "unreadable" not in no_internal_error(cli, "verify")


def test_the_serve_pages_show_a_malformed_core_event(cli: Cli, tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from scorekeeper.web.app import create_app
    from scorekeeper.web.served import ServedSession

    for kind, player, payload in MALFORMED[:2]:
        malformed_session(cli, kind, player, payload)
        with TestClient(create_app(ServedSession(cli.session), "a-token-123456"), base_url="http://127.0.0.1:8000") as c:
            for url in ("/", "/log", "/check", "/score", "/report", "/api/log", "/api/check", "/api/status"):
                assert c.get(url).status_code == 200, url
            assert "CORE-PAYLOAD" in c.get("/check").text


def test_import_and_the_reader_check_with_one_function() -> None:
    """``import`` refuses what the reader flags: both call ``payload_problem``."""
    import inspect

    from scorekeeper.app import transfer
    from scorekeeper.core import engine

    assert "payload_problem(" in inspect.getsource(transfer) and "payload_problem(" in inspect.getsource(engine)
    assert payload_problem("amend", {"target": 5, "changes": [1, 2]}) == "an amend needs changes, an object"
    assert payload_problem("assert", {"facts": [1]}) == "an assert needs facts, an object"
    assert payload_problem("void", {"target": True}) == "a void needs target, an event number"
    assert payload_problem("amend", {"target": 5, "changes": {}}) is None
    assert payload_problem("VISIT", [1]) is None  # a game's event: its declaration checks it


def test_import_refuses_a_malformed_correction(cli: Cli, tmp_path: Path) -> None:
    shutil.copyfile(SAMPLES / "flamecraft/3p-disputed.json", cli.session)
    exported = tmp_path / "x.jsonl"
    assert cli("export", "--to", "jsonl", "-o", str(exported)).exit_code == 0
    lines = exported.read_text().splitlines()
    last = json.loads(lines[-1])
    lines.append(json.dumps({"seq": last["seq"] + 1, "type": "amend", "player": None,
                             "payload": {"target": 5, "changes": [1, 2]}}))
    exported.write_text("\n".join(lines) + "\n")
    result = cli("import", str(exported), "--session", str(tmp_path / "imported.json"), session=False)
    assert result.exit_code in (1, 2) and "an amend needs changes, an object" in result.output, result.output


def test_the_fuzz_of_malformed_core_events_finds_no_internal_error(tmp_path: Path) -> None:
    """A few seeded cases of the fuzz's ``corrections`` kind (``python -m tests.fuzz --kind corrections``)."""
    import random

    from tests.core.test_fuzz_kinds import SEED, judge
    from tests.fuzz import corrections

    made = corrections.cases(SEED, 100)
    judge(random.Random(f"{SEED}-corrections").sample(made, 16), tmp_path)
