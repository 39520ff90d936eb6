"""Crash safety: a process appending events is SIGKILLed at random moments; nothing acknowledged is ever lost.

A child process (``tests/core/cli_child.py``) runs ``scorekeeper note`` in a loop through the real CLI on one
session; the CLI prints ``#SEQ recorded: note: TEXT`` only after the atomic write returned. The child is killed
with SIGKILL after a random delay, 60 times on the same session file. After every kill:

* the session file is whole JSON and a valid session (``Journal`` opens it);
* ``scorekeeper verify`` exits 0 (the hash chain is intact);
* ``seq`` runs 1…N with no gap or duplicate;
* every acknowledged note is in the journal, at the acknowledged ``seq``, with its text;
* the run's notes are a gap-free prefix of what the child tried to write, at most one longer than what was
  acknowledged (the one write that completed just before the kill, never acknowledged).
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
from scorekeeper.journal import Journal, verify_chain

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
        child = subprocess.Popen(
            [sys.executable, "-u", str(CHILD), str(session), f"r{run}", "100000"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        time.sleep(rng.uniform(0.08, 0.3))
        child.send_signal(signal.SIGKILL)
        stdout, stderr = child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL, (child.returncode, stderr)
        assert "EXIT" not in stdout and "Traceback" not in stderr, (stderr[:500], stdout[:200])
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

    assert mid_run_kills >= KILLS // 2, f"only {mid_run_kills} kills struck while events were being written"
    # the next command cleans up the temporary file a kill left behind, and appends normally
    after = cli("note", "after the storm")
    assert after.exit_code == 0, after.output
    assert not [p for p in session.parent.iterdir() if p.name.endswith(".tmp")]
    assert cli("verify").exit_code == 0
