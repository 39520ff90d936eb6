"""Writers that copy a history refuse one ``verify`` rejects (field report 2026-12-06, TRUST-8): ``branch`` and
``export --to tally`` (so ``tally --from`` and ``new --from``) of a session whose edit only this machine's witness
sees (an event changed, the chain recomputed) are refused, writing nothing, unless the table recorded its
acceptance (``verify --accept-broken-chain``); then the copy carries that acceptance along, so the edit is never
laundered into a history that verifies as new."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Cli
from tests.core.test_trust_witness import load, rechain, save


@pytest.fixture
def edited(cli: Cli) -> Cli:
    """A session this machine wrote, then edited by hand with its chain recomputed: the chain verifies, the
    witness does not."""
    assert cli("new", "flamecraft", "--players", "Ann,Bob,Cy", "--session", str(cli.session)).exit_code == 0
    for text in ("one", "two"):
        assert cli("note", text).exit_code == 0
    data = load(cli)
    data["events"]["1"]["payload"]["text"] = "ONE"
    rechain(data)
    save(cli, data)
    assert cli("verify").exit_code == 1
    return cli


def test_branch_and_export_to_tally_refuse_an_edited_history(edited: Cli, tmp_path: Path) -> None:
    for args, made in ((["branch", str(tmp_path / "b.json")], tmp_path / "b.json"),
                       (["export", "--to", "tally", "-o", str(tmp_path / "t.json")], tmp_path / "t.json")):
        result = edited(*args)
        assert result.exit_code == 1, (args, result.output)
        assert "history was edited (#1: #1 differs from what this machine wrote)" in result.stderr, result.stderr
        assert "--accept-broken-chain" in result.stderr and "Traceback" not in result.output
        assert not made.exists(), args


def test_an_accepted_edit_is_carried_into_branches_tallies_and_joins(edited: Cli, tmp_path: Path) -> None:
    assert edited("verify", "--accept-broken-chain").exit_code == 0
    branch, tally = tmp_path / "b.json", tmp_path / "t.json"
    assert edited("branch", str(branch)).exit_code == 0
    notes = [e["payload"].get("text", "") for e in edited.json("log", "--session", str(branch))]
    assert any("whose history verify rejects as recorded: #3 accepted the history as it stands: #1 differs" in n
               for n in notes), notes
    second = tmp_path / "b2.json"
    assert edited("branch", str(second), "--session", str(branch)).exit_code == 0  # a branch of the branch
    assert sum("verify rejects" in e["payload"].get("text", "")
               for e in edited.json("log", "--session", str(second))) >= 1
    assert edited("export", "--to", "tally", "-o", str(tally)).exit_code == 0
    reason = json.loads(tally.read_text())["reason"]
    assert "whose history verify rejects as recorded: #3 accepted the history as it stands" in reason
    tallied, joined = tmp_path / "t2.json", tmp_path / "j.json"
    assert edited("tally", "--from", str(tally), "--session", str(tallied)).exit_code == 0
    assert reason in json.dumps(edited.json("log", "--session", str(tallied)))
    assert edited("new", "flamecraft", "--players", "Ann,Bob,Cy", "--from", str(tally),
                  "--session", str(joined)).exit_code == 0
    assert reason in json.dumps(edited.json("log", "--session", str(joined)))


def test_an_intact_history_is_copied_without_a_word(cli: Cli, tmp_path: Path) -> None:
    assert cli("new", "flamecraft", "--players", "Ann,Bob,Cy", "--session", str(cli.session)).exit_code == 0
    assert cli("note", "one").exit_code == 0
    assert cli("branch", str(tmp_path / "b.json")).exit_code == 0
    assert len(cli.json("log", "--session", str(tmp_path / "b.json"))) == 1
    assert cli("export", "--to", "tally", "-o", str(tmp_path / "t.json")).exit_code == 0
    assert "reason" not in json.loads((tmp_path / "t.json").read_text())
