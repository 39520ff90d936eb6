"""Trust (issue 12): the journal's and the correction commands' defects, each with a test that failed before its fix.

``undo --count K`` is all or nothing; NaN and Infinity never reach the file, which is strict JSON; a read-only
session, a FIFO, a dangling symbolic link and a lone surrogate are refused in one line; a held lock exits 1
everywhere; ``assert`` refuses keys and players the game cannot read; a journal that fails ``verify`` is
warned about by every reading command and refused by every writing one until the break is accepted.
"""

from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path
from typing import Any

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from tests.conftest import Cli

WRITERS: list[tuple[str, ...]] = [
    ("note", "hello"), ("undo",), ("void", "1"), ("amend", "1", "n=1"), ("assert", "Ann", "counters=2"),
    ("set", "bonus=1"), ("fake", "add", "1"), ("verify", "--accept-broken-chain"),
]


@pytest.fixture
def game(cli: Cli) -> Cli:
    assert cli("new", "fake", "--players", "Ann,Bob", "--session", str(cli.session)).exit_code == 0
    assert cli("fake", "add", "2").exit_code == 0
    return cli


def events(cli: Cli) -> list[dict[str, Any]]:
    data = json.loads(cli.session.read_text(encoding="utf-8"))
    return [data["events"][k] for k in sorted(data["events"], key=int)]


# -- 4. undo --count K: all or nothing, under one lock ---------------------------------------------


def test_undo_count_more_than_there_is_records_nothing(game: Cli) -> None:
    assert game("fake", "add", "1").exit_code == 0
    before = game.session.read_bytes()
    result = game("undo", "--count", "3")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == "nothing undone: only 2 event(s) still count, not 3; undo --count 2 voids them all\n"
    assert game.session.read_bytes() == before


def test_undo_count_is_one_write(game: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper.core import journal_storage as journal  # where the atomic write and the lock live

    assert game("fake", "add", "1").exit_code == 0
    writes: list[int] = []
    real = journal.atomic_write
    monkeypatch.setattr(journal, "atomic_write", lambda path, text: (writes.append(1), real(path, text))[1])
    result = game("undo", "--count", "2")
    assert result.exit_code == 0 and result.stdout.splitlines()[:2] == [
        "#3 recorded: void #2 (undo): Bob adds 1", "#4 recorded: void #1 (undo): Ann adds 2"]
    assert len(writes) == 1 and [e["seq"] for e in events(game)] == [1, 2, 3, 4]
    assert game("verify").exit_code == 0


def test_undo_many_in_the_session_layer(game: Cli) -> None:
    from scorekeeper.app.session import Session

    session = Session.open(game.session)
    verdicts = session.undo_many(1, "typo")
    assert [v.event.payload["target"] for v in verdicts] == [1] and verdicts[0].recorded


# -- 5. NaN and Infinity are refused at input; the file is strict JSON ------------------------------


@pytest.mark.parametrize("command", [("amend", "1", "n=NaN"), ("assert", "Ann", "counters=Infinity"),
                                     ("assert", "Ann", "counters=1e309"), ("amend", "1", "n=-Infinity"),
                                     ("amend", "1", "n=[1e999]")])
def test_non_finite_numbers_are_refused_at_input(game: Cli, command: tuple[str, ...]) -> None:
    before = game.session.read_bytes()
    result = game(*command)
    assert result.exit_code == 2 and "JSON can hold" in result.stderr or "too large" in result.stderr
    assert game.session.read_bytes() == before


def test_the_journal_never_writes_nan(game: Cli) -> None:
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.core.protocol import Draft
    from scorekeeper.app.session import Session

    with pytest.raises(ScorekeeperError, match="NaN|nan"):
        Session.open(game.session).record(Draft("note", None, {"text": "x", "n": float("nan")}))
    json.loads(game.session.read_text(encoding="utf-8"), parse_constant=lambda name: 1 / 0)  # strict


def test_a_session_file_holding_nan_is_refused_on_reading(game: Cli) -> None:
    text = game.session.read_text(encoding="utf-8").replace('"n":2', '"n":NaN')
    game.session.write_text(text, encoding="utf-8")
    result = game("status")
    assert result.exit_code == 2 and "NaN is not a number JSON can hold" in result.stderr
    assert game.session.read_text(encoding="utf-8") == text


# -- 8. a read-only session is refused by every writing command --------------------------------------


@pytest.mark.parametrize("command", WRITERS[:-1], ids=lambda c: c[-1] if c[0] == "fake" else c[0])
def test_a_read_only_session_is_refused_and_left_alone(game: Cli, command: tuple[str, ...]) -> None:
    os.chmod(game.session, 0o444)
    try:
        before = game.session.read_bytes()
        result = game(*command)
        assert result.exit_code == 1, result.output
        assert result.stderr == (f"{game.session}: the session file is read-only, so nothing was recorded "
                                 "(make it writable, e.g. chmod u+w, to record in it)\n")
        assert game.session.read_bytes() == before
        assert stat.S_IMODE(os.stat(game.session).st_mode) == 0o444
    finally:
        os.chmod(game.session, 0o644)


# -- 9. smaller ones -------------------------------------------------------------------------------


def test_record_many_is_one_write_all_or_nothing(game: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch of plays (what multi-play commands record through ``Session.record_many``): one atomic write
    for all of them, or none at all when one of them is refused."""
    from scorekeeper.app.session import PlayRefused, Session
    from scorekeeper.core import journal_storage
    from scorekeeper.core.protocol import Draft

    writes: list[int] = []
    real = journal_storage.atomic_write
    monkeypatch.setattr(journal_storage, "atomic_write", lambda path, text: (writes.append(1), real(path, text))[1])
    verdicts = Session.open(game.session).record_many(
        lambda current: [Draft("ADD", "Bob", {"n": 1}), Draft("ADD", "Ann", {"n": 3})])
    assert [(v.event.seq, v.recorded) for v in verdicts] == [(2, True), (3, True)] and writes == [1]
    before = game.session.read_bytes()
    with pytest.raises(PlayRefused):  # the second is not Bob's turn
        Session.open(game.session).record_many(
            lambda current: [Draft("ADD", "Bob", {"n": 1}), Draft("ADD", "Bob", {"n": 1})])
    assert game.session.read_bytes() == before and writes == [1]


@pytest.mark.parametrize("command", [*WRITERS[:-1], ("import", "EXPORT")], ids=lambda c: c[-1] if c[0] == "fake" else c[0])
def test_a_held_lock_exits_1_everywhere(game: Cli, command: tuple[str, ...], monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    from filelock import FileLock

    from scorekeeper.core import journal_storage as journal  # where the atomic write and the lock live

    monkeypatch.setattr(journal, "LOCK_TIMEOUT_SECONDS", 0.1)
    target = game.session
    if command[0] == "import":
        export = tmp_path / "e.jsonl"
        assert game("export", "-o", str(export)).exit_code == 0
        target = tmp_path / "copy.json"
        command = ("import", str(export), "--session", str(target))
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with FileLock(str(target) + ".lock"):
            held.set()
            release.wait(10)

    holder = threading.Thread(target=hold)
    holder.start()
    held.wait(5)
    try:
        result = game(*command)
    finally:
        release.set()
        holder.join()
    assert result.exit_code == 1, result.output
    assert result.stderr.endswith("another command is writing this session; try again\n")


def test_assert_refuses_unknown_keys_listing_the_known_ones(game: Cli) -> None:
    before = game.session.read_bytes()
    result = game("assert", "Ann", "garbage=1")
    assert result.exit_code == 2
    assert result.stderr == "error: assert garbage: unknown key 'garbage'; known keys: counters, total\n"
    assert game.session.read_bytes() == before
    assert game("assert", "total=2").exit_code == 0 and game("check").exit_code == 0


def test_assert_refuses_a_value_its_key_can_never_take_and_a_disagreement_exits_1(game: Cli) -> None:
    """UX-13 (field report): `assert Astrid gear=abc` was recorded as a permanent disagreement, exit 0. A count
    takes a whole number (bad usage, exit 2, nothing written); a real disagreement is recorded and exits 1."""
    game("fake", "add", "2")
    before = game.session.read_bytes()
    for words in (["Ann", "counters=abc"], ["Ann", "counters=true"], ["total=2.5"]):
        result = game("assert", *words)
        assert (result.exit_code, result.stderr) == (2, f"error: assert {words[-1]}: it is a whole number\n")
    assert game.session.read_bytes() == before
    disagree = game("assert", "Ann", "counters=3")
    assert disagree.exit_code == 1 and "DISAGREES CORE-ASSERT" in disagree.output
    assert game("assert", "Ann", "counters=2").exit_code == 0


def test_assert_refuses_an_unknown_player(game: Cli) -> None:
    result = game("assert", "Zed", "counters=1")
    assert result.exit_code == 2 and "no player 'Zed' in this game" in result.stderr


def test_an_imported_assert_about_nobody_does_not_break_replay(cli: Cli, tmp_path: Path) -> None:
    """An assertion the game cannot read (an edited journal) is a CORE-ASSERT violation, not a crash."""
    from scorekeeper.core.engine import replay
    from scorekeeper.core.events import Event
    from scorekeeper.games.emberheart.game import GAME
    from scorekeeper.app.session import config_of
    from scorekeeper.core.journal import SessionMeta

    meta = SessionMeta("emberheart", ("Ann", "Bob"), {}, {}, None, "")
    replayed = replay([Event(1, "assert", "Zed", {"facts": {"flame": 1}})], GAME, config_of(meta, GAME))
    assert [v.rule for v in replayed.violations] == ["CORE-ASSERT"]


def test_a_fifo_at_the_session_path_is_refused_without_hanging(cli: Cli, tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for command in (("status",), ("note", "x"), ("verify",)):
        result = cli(*command, "--session", str(fifo))
        assert result.exit_code == 2 and result.stderr == (
            f"error: {fifo}: not a regular file, so not a session file; it was left untouched\n")
    assert cli("import", str(fifo)).exit_code == 2


def test_new_through_a_dangling_symlink_is_refused(cli: Cli, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = tmp_path / "link.json"
    link.symlink_to(elsewhere / "real.json")
    result = cli("new", "fake", "--players", "Ann", "--session", str(link))
    assert result.exit_code == 2
    assert result.stderr == (f"error: {link}: a symbolic link to {elsewhere / 'real.json'}, which does not exist; "
                             "give another --session path, or remove the link\n")
    assert not (elsewhere / "real.json").exists()


def test_a_lone_surrogate_in_the_file_is_refused_on_reading(game: Cli) -> None:
    text = game.session.read_text(encoding="utf-8").replace('"Ann"', '"\\ud800"', 1)
    game.session.write_text(text, encoding="utf-8")
    for command in (("status",), ("note", "x"), ("export",)):
        result = game(*command)
        assert result.exit_code == 2 and "lone surrogate" in result.stderr, result.output
        assert len(result.stderr.splitlines()) == 1
    assert game.session.read_text(encoding="utf-8") == text


def test_a_lone_surrogate_never_reaches_the_file(game: Cli) -> None:
    from scorekeeper.errors import BadInput
    from scorekeeper.app.session import Session

    before = game.session.read_bytes()
    with pytest.raises(BadInput, match="lone surrogate"):
        Session.open(game.session).note("bad \udcff byte")
    assert game.session.read_bytes() == before and game("note", "fine").exit_code == 0


def test_a_failed_write_is_one_line_and_changes_nothing(game: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    from scorekeeper.core import journal_storage as journal  # where the atomic write and the lock live

    def full(path: Path, text: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    before = game.session.read_bytes()
    monkeypatch.setattr(journal, "atomic_write", full)
    result = game("note", "x")
    assert result.exit_code == 1
    assert result.stderr == (f"{game.session}: cannot write the session (No space left on device); "
                             "nothing was written\n")
    assert game.session.read_bytes() == before


# -- 10. a journal that fails verify: warned about when read, refused when written, until accepted -------


def tamper(cli: Cli) -> None:
    data = json.loads(cli.session.read_text(encoding="utf-8"))
    data["events"]["1"]["payload"]["n"] = 3
    cli.session.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("command", [("status",), ("score",), ("check",), ("log",), ("state",), ("audit", "1"),
                                     ("settings",), ("export",)])
def test_every_reading_command_warns_about_a_broken_chain(game: Cli, command: tuple[str, ...]) -> None:
    tamper(game)
    result = game(*command)
    assert result.exit_code in (0, 1)
    assert ("warning: this journal fails verify: #1 was edited after it was recorded (its hash does not match) "
            "(see 'scorekeeper verify')\n") in result.stderr


@pytest.mark.parametrize("command", WRITERS[:-1], ids=lambda c: c[-1] if c[0] == "fake" else c[0])
def test_every_writing_command_refuses_a_broken_chain(game: Cli, command: tuple[str, ...]) -> None:
    tamper(game)
    before = game.session.read_bytes()
    result = game(*command)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        "refused: this journal fails verify (#1 was edited after it was recorded (its hash does not match)), so "
        "nothing was recorded; see 'scorekeeper verify', then 'scorekeeper verify --accept-broken-chain' to record on")
    assert game.session.read_bytes() == before


def test_an_accepted_break_lets_recording_go_on_and_a_new_break_stops_it(game: Cli) -> None:
    tamper(game)
    assert game("verify", "--accept-broken-chain", "--session", str(game.session)).stdout.startswith(
        "#2 recorded: note: accepted the broken hash chain: #1 was edited")
    assert game("note", "go on").exit_code == 0
    assert "(accepted at #2)" in game("status").stderr
    verified = game("verify")
    assert verified.exit_code == 1 and verified.stdout.startswith("TAMPERED at #1")  # verify still tells
    data = json.loads(game.session.read_text(encoding="utf-8"))
    data["events"]["3"]["payload"]["text"] = "edited after the acceptance"
    game.session.write_text(json.dumps(data), encoding="utf-8")
    assert game("note", "again").exit_code == 1


def test_accepting_an_intact_chain_is_refused(game: Cli) -> None:
    result = game("verify", "--accept-broken-chain")
    assert result.exit_code == 1 and result.stderr == "the hash chain is intact: there is no break to accept\n"
