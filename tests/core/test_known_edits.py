"""Known edits warn everywhere (issue 24, item 2): whatever ``verify`` would say — a break in the hash chain,
or this machine's witness finding a tail cut, the whole history deleted or the chain recomputed — every reading
command warns in one line and every writer refuses (exit 1, one line, nothing written) until the table records
its acceptance; an acceptance covers exactly what it saw, so a later edit is caught again and never "accepted".
"""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from tests.conftest import Cli
from tests.core.test_trust_witness import game, load, rechain, save  # noqa: F401  (the fixture)


def cut_tail(data: dict[str, Any]) -> None:
    del data["events"]["4"], data["events"]["3"]


def delete_history(data: dict[str, Any]) -> None:
    data["events"] = {}


def recompute_chain(data: dict[str, Any]) -> None:
    data["events"]["2"]["payload"]["n"] = 3
    rechain(data)


EDITS: list[Callable[[dict[str, Any]], None]] = [cut_tail, delete_history, recompute_chain]
READERS = [("status",), ("score",), ("check",), ("log",), ("state",), ("settings",), ("export",)]
WRITERS = [("note", "hello"), ("fake", "add", "1"), ("assert", "Ann", "counters=2"), ("set", "bonus=1"),
           ("undo",)]
REFUSAL = "refused: this journal fails verify ("


def edited(cli: Cli, edit: Callable[[dict[str, Any]], None]) -> None:
    data = load(cli)
    edit(data)
    save(cli, data)


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.__name__)
def test_an_edit_only_the_witness_sees_warns_every_reader(game: Cli, edit: Callable[[dict[str, Any]], None]) -> None:
    edited(game, edit)
    for command in READERS:
        result = game(*command)
        warnings = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
        assert warnings and warnings[0].startswith("warning: this journal fails verify: "), (command, result.stderr)
        assert warnings[0].endswith("(see 'scorekeeper verify')") and len(warnings) == 1, (command, result.stderr)


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.__name__)
def test_an_edit_only_the_witness_sees_refuses_every_writer(game: Cli, edit: Callable[[dict[str, Any]], None]) -> None:
    edited(game, edit)
    before = game.session.read_bytes()
    for command in WRITERS:
        result = game(*command)
        assert result.exit_code == 1, (command, result.stdout, result.stderr)
        assert result.stderr.count("\n") == 1 and result.stderr.startswith(REFUSAL), (command, result.stderr)
        assert game.session.read_bytes() == before, command


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.__name__)
def test_an_acceptance_lets_recording_go_on_and_a_later_edit_is_caught_again(
        game: Cli, edit: Callable[[dict[str, Any]], None]) -> None:
    edited(game, edit)
    accepted = game("verify", "--accept-broken-chain")
    assert accepted.exit_code == 0 and "accepted the history as it stands" in accepted.stdout
    note = json.loads(game.session.read_text(encoding="utf-8"))["events"]
    assert game("note", "go on").exit_code == 0
    assert game("status").stderr == "" and game("verify").exit_code == 0
    data = load(game)
    last = max(data["events"], key=int)
    del data["events"][last]  # the note just recorded, cut off
    save(game, data)
    assert game("status").stderr.startswith("warning: this journal fails verify: ")
    assert game("note", "again").stderr.startswith(REFUSAL)
    assert note  # the acceptance named what it accepted


def test_an_edit_before_the_acceptance_is_not_called_accepted(game: Cli) -> None:
    """The note accepted the break at #1; an edit of #3 afterwards (before the note, chain hashes left as they
    were) is a new break: readers no longer say "accepted", writers refuse again."""
    data = load(game)
    data["events"]["1"]["payload"]["n"] = 3
    save(game, data)
    assert game("verify", "--accept-broken-chain").exit_code == 0
    payload = load(game)["events"]["5"]["payload"]
    assert payload["accepted_breaks"] == [1] and payload["accepted_head"] == load(game)["events"]["4"]["hash"]
    assert "(accepted at #5)" in game("status").stderr and game("note", "fine").exit_code == 0
    data = load(game)
    data["events"]["3"]["payload"]["text"] = "edited after the acceptance"
    save(game, data)
    warned = game("status").stderr
    assert "accepted" not in warned and "(see 'scorekeeper verify')" in warned
    refused = game("note", "again")
    assert refused.exit_code == 1 and refused.stderr.startswith(REFUSAL)


def test_an_event_removed_before_the_acceptance_is_caught(game: Cli) -> None:
    data = load(game)
    data["events"]["1"]["payload"]["n"] = 3
    save(game, data)
    assert game("verify", "--accept-broken-chain").exit_code == 0
    data = load(game)
    del data["events"]["2"]
    save(game, data)
    assert "accepted" not in game("score").stderr
    assert game("fake", "add", "1").exit_code == 1
