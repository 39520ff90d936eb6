"""Ctrl-C (SIGINT) sent to a running ``scorekeeper`` process at a random moment (a real process: the interpreter
starting, the package importing, a command reading, replaying, writing, a ``play`` shell between lines).

It ends with at most one line of error, exit 130 or 1 (or 0 when the command had finished first), no traceback,
and nothing half-written: the session file still verifies and no temporary file is left.

A signal that lands while Python itself is still starting — before any code of the product runs (its site
packages, ``runpy`` finding the module): a traceback with no frame in the package — is Python's to answer, not
the product's: it is counted apart (``STARTUP``), not as a failure."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.fuzz.arguments import SESSIONS, build_cases, session_text, shown
from tests.fuzz.case import Case
from tests.fuzz.journal_check import half_written
from tests.fuzz.sandbox import TIMEOUT, Outcome, Place

ROOT = Path(__file__).resolve().parents[2]
#: commands that write, or read a whole journal: each worth interrupting half-way
LONG = [["note", "interrupted?"], ["undo"], ["report", "-o", "r.html"], ["export", "--to", "jsonl", "-o", "e.jsonl"],
        ["check"], ["score", "--timeline"], ["verify"], ["void", "3"], ["log"], ["branch", "b.json"],
        ["export", "--to", "jsonl", "-o", "e.jsonl", "--session", "session.json"]]
#: the latest moment a signal is sent, in seconds after the process started
LATEST = 1.2
#: the mark of a case interrupted in the interpreter's own start (see the module's docstring)
STARTUP = "startup: interrupted before any code of the product ran"
PACKAGE = "/scorekeeper/"


def cases(seed: int, count: int) -> list[Case]:
    rng = random.Random(f"{seed}-interrupt")
    drawn = build_cases(seed + 3, max(count, 8))
    made = []
    for number in range(count):
        game = rng.choice(sorted(SESSIONS))
        roll = rng.random()
        stdin = b""
        if roll < 0.5:
            argv = rng.choice(LONG)
        elif roll < 0.7:
            argv = ["play", "--keep-going"]
            stdin = b"\n".join(f"note line {i}".encode() for i in range(40)) + b"\n"
        else:
            game, argv, _ = rng.choice(drawn)
        delay = rng.uniform(0.0, LATEST)
        made.append(Case("interrupt", number, f"{game} SIGINT at {delay:.3f} s: {shown(argv)}",
                         _runner(game, argv, stdin, delay)))
    return made


def interrupted(place: Place, argv: list[str], stdin: bytes, delay: float) -> Outcome:
    """``python -m scorekeeper ARGV`` in ``place``, sent SIGINT ``delay`` seconds after it started."""
    paths = [p for p in (os.environ.get("PYTHONPATH"), str(ROOT)) if p]  # a package given first is the one run
    env = {**os.environ, **place.env(), "PYTHONPATH": os.pathsep.join(paths)}
    child = subprocess.Popen([sys.executable, "-m", "scorekeeper", *argv], cwd=place.table, env=env,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdin is not None
    child.stdin.write(stdin)  # a few short lines: the pipe holds them all
    child.stdin.close()
    child.stdin = None  # communicate() reads only
    time.sleep(delay)
    if child.poll() is None:
        child.send_signal(signal.SIGINT)
    try:
        stdout, stderr = child.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()
        return Outcome(-1, "", "", hung=True)
    code = 130 if child.returncode == -signal.SIGINT else child.returncode
    return Outcome(code, stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace"))


def _runner(game: str, argv: list[str], stdin: bytes, delay: float):  # type: ignore[no-untyped-def]
    def run(place: Place) -> list[str]:
        from tests.fuzz.oracle import problems, snapshot

        place.fresh(session_text(game, 1.0))
        before, raw = snapshot(place), place.session.read_bytes()
        outcome = interrupted(place, argv, stdin, delay)
        if "Traceback" in outcome.stderr and PACKAGE not in outcome.stderr:
            return [STARTUP]
        found = problems(outcome, before, snapshot(place), may_write=True) + half_written(place, raw)
        said = outcome.stderr.count("Aborted!") + outcome.stderr.count("interrupted")
        if said > 1:
            found.append(f"an interrupted command said so {said} times")
        return found

    return run
