"""Crash safety: a process appending events is SIGKILLed at random moments; nothing acknowledged is ever lost.

A child process (``tests/core/cli_child.py``) runs ``scorekeeper note`` in a loop through the real CLI on one
session; the CLI prints ``#SEQ recorded: note: TEXT`` only after the atomic write returned. The child is killed
with SIGKILL after a random delay (three times in four counted from its first acknowledgement, otherwise from its
start), 60 times on the same session file. After every kill:

* the session file is whole JSON and a valid session (``Journal`` opens it);
* ``scorekeeper verify`` exits 0 (the hash chain is intact);
* ``seq`` runs 1…N with no gap or duplicate;
* every acknowledged note is in the journal, at the acknowledged ``seq``, with its text;
* the run's notes are a gap-free prefix of what the child tried to write, at most one longer than what was
  acknowledged (the one write that completed just before the kill, never acknowledged).

Random kills mostly strike while a command reads and replays; the second test therefore kills the child at each
exact step of the atomic write (before the temporary file's fsync, before ``os.replace``, after it but before the
folder's fsync) and checks the exact outcome: the old file or the new one, whole, and a temporary file left only
when the replace had not happened (the next command removes it). The last tests cover what surrounds the write:
a crash in the middle of an ``import``, a session reached through a symbolic link, the clean-up of stray
temporary files, and the file's permissions.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game in this process, for the in-process CLI)
from scorekeeper.core.journal import Journal, verify_chain
from tests.slow_checks import slow_check

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("cli_child.py")
KILLS = 60
ACK = re.compile(r"^#(\d+) recorded: note: (r\d+-\d+)$")

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


def acknowledgements(stdout: str) -> list[tuple[int, str]]:
    """The acknowledged (seq, text) pairs; a line cut off by the kill (no newline) does not count."""
    complete = stdout[: stdout.rfind("\n") + 1] if "\n" in stdout else ""
    acks = []
    for line in complete.splitlines():
        match = ACK.match(line)
        if match:
            acks.append((int(match.group(1)), match.group(2)))
    return acks


@slow_check()
def test_sigkill_at_random_moments_never_loses_an_acknowledged_event(cli, tmp_path: Path) -> None:
    rng = random.Random(os.environ.get("SCOREKEEPER_CRASH_SEED", "20261130"))
    result = cli("new", "fake", "--players", "A,B", "--session", str(cli.session))
    assert result.exit_code == 0, result.output
    session = cli.session
    env = {**os.environ, "SCOREKEEPER_HOME": str(cli.home), "PYTHONPATH": str(ROOT)}
    env.pop("SCOREKEEPER_SESSION", None)

    acknowledged: dict[int, str] = {}
    mid_run_kills = 0  # kills that struck after at least one acknowledgement of that run
    for run in range(KILLS):
        child = subprocess.Popen(  # unbuffered bytes: what is read before the kill is exactly what was printed
            [sys.executable, "-u", str(CHILD), str(session), f"r{run}", "100000"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,
        )
        first = b""
        if run % 4:  # mostly: once the child is appending (independent of how long start-up takes on a busy machine)
            assert child.stdout is not None
            while not first.endswith(b"\n"):  # byte by byte: a buffered read would take lines communicate() never sees
                byte = child.stdout.read(1)
                if not byte:
                    break
                first += byte
            time.sleep(rng.uniform(0.0, 0.12))
        else:  # every 4th run: any moment from start-up on (imports, opening the journal, waiting for the lock)
            time.sleep(rng.uniform(0.0, 0.3))
        child.send_signal(signal.SIGKILL)
        rest, errors = child.communicate(timeout=30)
        stdout, stderr = (first + rest).decode("utf-8", "replace"), errors.decode("utf-8", "replace")
        assert child.returncode == -signal.SIGKILL, (child.returncode, stderr)
        assert "EXIT" not in stdout and stderr == "", (stderr[:500], stdout[:200])
        acks = acknowledgements(stdout)
        mid_run_kills += bool(acks)

        # the file is whole JSON, a valid session, and its chain is intact
        json.loads(session.read_text(encoding="utf-8"))
        journal = Journal(session)
        assert verify_chain(journal.meta, journal.records) is None
        verified = cli("verify")
        assert verified.exit_code == 0, verified.output
        assert verified.stdout.startswith(f"intact: {len(journal.records)} events")

        events = journal.events()
        assert [e.seq for e in events] == list(range(1, len(events) + 1))
        by_seq = {e.seq: e.get("text") for e in events}
        for seq, text in acks:
            acknowledged[seq] = text
        for seq, text in acknowledged.items():  # every acknowledgement so far, not just this run's
            assert by_seq.get(seq) == text, f"run {run}: acknowledged #{seq} {text!r} is missing or changed"

        written = [e.get("text") for e in events if str(e.get("text")).startswith(f"r{run}-")]
        assert written == [f"r{run}-{i}" for i in range(len(written))], f"run {run}: gap or duplicate"
        assert len(acks) <= len(written) <= len(acks) + 1, (run, len(acks), len(written))
        leftovers = [p.name for p in session.parent.iterdir() if p.name.endswith(".tmp")]
        assert len(leftovers) <= 1, leftovers  # at most the one temporary file the kill interrupted

    assert mid_run_kills >= KILLS * 3 // 4, f"only {mid_run_kills} kills struck while events were being written"
    # the next command cleans up the temporary file a kill left behind, and appends normally
    after = cli("note", "after the storm")
    assert after.exit_code == 0, after.output
    assert not [p for p in session.parent.iterdir() if p.name.endswith(".tmp")]
    assert cli("verify").exit_code == 0


# -- crashes at exact points of the atomic write ----------------------------------------------------------------
#
# Random kills mostly land while a command reads and replays the journal; these kill the child at each step of
# the write itself (``atomic_write``: temporary file written → fsync → os.replace → folder fsync), on its Kth
# note, and check the exact outcome. Each note costs exactly two fsyncs (file, folder) and one os.replace.

CRASH_POINTS = {
    # name: (injection for the Kth note, notes of the run in the journal, temporary files left behind)
    "before-fsync-of-the-temporary-file": (lambda k: f"fsync:{2 * k - 1}", lambda k: k - 1, 1),
    "before-os-replace": (lambda k: f"replace:{k}", lambda k: k - 1, 1),
    "after-os-replace-before-folder-fsync": (lambda k: f"fsync:{2 * k}", lambda k: k, 0),
}


@pytest.mark.parametrize("k", [1, 4])
@pytest.mark.parametrize("point", list(CRASH_POINTS))
def test_a_crash_at_each_step_of_the_write_leaves_the_old_or_the_new_file_whole(cli, point: str, k: int) -> None:
    inject, expected_notes, expected_leftovers = CRASH_POINTS[point]
    assert cli("new", "fake", "--players", "A,B", "--session", str(cli.session)).exit_code == 0
    assert cli("note", "before").exit_code == 0
    env = {**os.environ, "SCOREKEEPER_HOME": str(cli.home), "PYTHONPATH": str(ROOT),
           "SCOREKEEPER_CRASH_AT": inject(k)}
    env.pop("SCOREKEEPER_SESSION", None)
    child = subprocess.run([sys.executable, "-u", str(CHILD), str(cli.session), "r0", "10"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=60, check=False)
    assert child.returncode == -signal.SIGKILL, child.stderr

    acks = acknowledgements(child.stdout)
    assert [text for _, text in acks] == [f"r0-{i}" for i in range(k - 1)]  # the Kth note was never acknowledged
    journal = Journal(cli.session)  # parses: a whole file
    assert verify_chain(journal.meta, journal.records) is None
    texts = [e.get("text") for e in journal.events()]
    assert texts == ["before"] + [f"r0-{i}" for i in range(expected_notes(k))]
    leftovers = [p for p in cli.session.parent.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) == expected_leftovers

    after = cli("note", "after")  # the next command cleans up and appends normally
    assert after.exit_code == 0, after.output
    assert after.stdout.startswith(f"#{len(texts) + 1} recorded: note: after")
    assert not [p for p in cli.session.parent.iterdir() if p.name.endswith(".tmp")]
    assert cli("verify").exit_code == 0


def test_a_crash_during_import_leaves_no_session_or_the_whole_one(cli, tmp_path: Path) -> None:
    assert cli("new", "fake", "--players", "A,B", "--session", str(cli.session)).exit_code == 0
    for n in range(5):
        assert cli("note", f"n{n}").exit_code == 0
    export = tmp_path / "export.jsonl"
    assert cli("export", "-o", str(export)).exit_code == 0
    copy = tmp_path / "copy.json"
    env = {**os.environ, "SCOREKEEPER_HOME": str(cli.home), "PYTHONPATH": str(ROOT)}
    env.pop("SCOREKEEPER_SESSION", None)
    launcher = ("from tests.core.cli_child import inject_crash; inject_crash('replace:2'); import tests.fake_game; "
                "from scorekeeper.cli import main; main(prog_name='scorekeeper')")
    # the 2nd os.replace of the import: after the session file's first write, before anything else is written
    child = subprocess.run([sys.executable, "-c", launcher, "import", str(export), "--session", str(copy)],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert child.returncode == -signal.SIGKILL, child.stderr
    # all or nothing: no session (the import can simply be run again), or the whole journal
    assert not copy.exists() or len(Journal(copy).events()) == 5, (
        f"{copy.name} holds {len(Journal(copy).events())} of 5 events")


# -- what surrounds the atomic write: the file it replaces, the temporary files it cleans up ----------------------


def test_recording_through_a_symlink_records_into_the_real_session(cli, tmp_path: Path) -> None:
    real = tmp_path / "games" / "tuesday.json"
    real.parent.mkdir()
    assert cli("new", "fake", "--players", "A,B", "--session", str(real)).exit_code == 0
    link = tmp_path / "tonight.json"
    link.symlink_to(real)
    result = cli("note", "recorded through the link", "--session", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink()  # the link is still a link…
    assert [e.get("text") for e in Journal(real).events()] == ["recorded through the link"]  # …to the real session


def test_stray_temporaries_are_removed_even_when_the_name_has_glob_characters(cli, tmp_path: Path) -> None:
    session = tmp_path / "night [2].json"
    assert cli("new", "fake", "--players", "A,B", "--session", str(session)).exit_code == 0
    stray = tmp_path / ".night [2].json.k3j9x0qa.tmp"  # what a crashed writer leaves (tempfile.mkstemp's shape)
    stray.write_text("{", encoding="utf-8")
    assert cli("note", "after a crash", "--session", str(session)).exit_code == 0
    assert not stray.exists()


def test_a_write_never_removes_another_sessions_temporary_file(cli, tmp_path: Path) -> None:
    assert cli("new", "fake", "--players", "A,B", "--session", str(cli.session)).exit_code == 0
    other = tmp_path / f"{cli.session.name}.old.json"
    assert cli("new", "fake", "--players", "A,B", "--session", str(other)).exit_code == 0
    in_flight = tmp_path / f".{other.name}.k3j9x0qa.tmp"  # the other session's writer is between write and replace
    in_flight.write_text("{", encoding="utf-8")
    assert cli("note", "meanwhile, in this session").exit_code == 0
    assert in_flight.exists()


def test_stray_temporaries_of_the_session_are_removed_by_the_next_write(cli, tmp_path: Path) -> None:
    assert cli("new", "fake", "--players", "A,B", "--session", str(cli.session)).exit_code == 0
    stray = cli.session.parent / f".{cli.session.name}.k3j9x0qa.tmp"
    stray.write_text("{", encoding="utf-8")
    assert cli("status").exit_code == 0 and stray.exists()  # a reading command does not touch the folder
    assert cli("note", "after a crash").exit_code == 0
    assert not stray.exists()


def test_a_write_keeps_the_session_files_permissions(cli) -> None:
    assert cli("new", "fake", "--players", "A,B", "--session", str(cli.session)).exit_code == 0
    cli.session.chmod(0o644)
    assert cli("note", "shared with the table").exit_code == 0
    assert oct(cli.session.stat().st_mode & 0o777) == oct(0o644)
