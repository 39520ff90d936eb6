"""The smaller items of the hostile review (field report TRUST-9): replay-cache temporaries a killed command left
behind are swept; a hard-linked session is noticed by ``verify``; the witness counts what this machine wrote; a
scripted ``play`` takes ``exit`` and ``quit``."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from scorekeeper.app import replay_cache
from scorekeeper.app.session import Session
from tests.conftest import Cli

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"


def test_temporaries_left_by_a_killed_command_are_swept(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(cache))
    monkeypatch.setattr(replay_cache, "_swept", set())
    stale, live = cache / ".entry-0badf00d.tmp", cache / ".entry-0000beef.tmp"
    for leftover in (stale, live):
        leftover.write_bytes(b"half an entry")
    old = time.time() - replay_cache.STALE_SECONDS - 5
    os.utime(stale, (old, old))
    session = tmp_path / "long.json"
    shutil.copyfile(SAMPLES / "emberheart" / "four-players.json", session)
    assert cli("check", "--session", str(session)).exit_code in (0, 1)  # a long journal: an entry is kept
    assert not stale.exists() and live.exists()  # a concurrent write's own temporary is left alone
    assert [p.name for p in cache.glob("*.json")]  # the entry itself was written


def test_verify_notices_a_hard_linked_session(cli: Cli, tmp_path: Path) -> None:
    session = tmp_path / "s.json"
    shutil.copyfile(SAMPLES / "flamecraft" / "3p-disputed.json", session)
    assert "hard link" not in cli("verify", "--session", str(session)).stdout
    os.link(session, tmp_path / "other-name.json")
    result = cli("verify", "--session", str(session))
    assert "links: this file has 2 names (hard links)" in result.stdout, result.stdout


def test_the_witness_counts_the_events_this_machine_wrote(cli: Cli, tmp_path: Path) -> None:
    """TRUST-9: after one note on a session of 335 events written elsewhere (or a file swapped for it), verify
    said "the file holds the 336 event(s) this machine wrote"."""
    session = tmp_path / "s.json"
    shutil.copyfile(SAMPLES / "emberheart" / "four-players.json", session)
    assert cli("note", "hello", "--session", str(session)).exit_code == 0
    lines = cli("verify", "--session", str(session)).stdout.splitlines()
    assert lines[1] == ("witness: this machine wrote 1 of the file's 336 event(s) (#336), and the file holds them "
                        "unchanged; the others were not written on this machine"), lines


@pytest.mark.parametrize("word", ["exit", "quit"])
def test_a_scripted_play_accepts_exit_and_quit(cli: Cli, word: str) -> None:
    """TRUST-9: a scripted ``play`` refused ``exit`` and ``quit`` (exit 2) though the shell on a terminal takes them."""
    import tests.fake_game  # noqa: F401  (registers the fake game)

    assert cli("new", "fake", "--players", "Ann,Bob", "--session", str(cli.session)).exit_code == 0
    result = cli("play", input=f"note one\n{word}\nnote never reached\n")
    assert result.exit_code == 0, result.output
    assert "never reached" not in result.stdout
    assert [e.get("text") for e in Session.open(cli.session).events] == ["one"]
