"""A child process for the crash-safety and concurrency tests (not a test module).

Usage: python tests/core/cli_child.py SESSION PREFIX COUNT

Runs ``scorekeeper note PREFIX-0`` … ``scorekeeper note PREFIX-(COUNT-1)`` through the real CLI entry point
(``scorekeeper.cli.main``, standalone mode, so exit codes and error handling are the user's), one command after
the other in this process, each command opening the journal afresh. The CLI itself prints
``#SEQ recorded: note: TEXT`` only after the atomic write returned: that line is the acknowledgement the tests
read. Run it with ``python -u`` so every acknowledgement reaches the pipe before the next command starts. A command
that does not exit 0 adds a line ``EXIT CODE TEXT``.

Crash injection: with ``SCOREKEEPER_CRASH_AT=FUNC:N`` (FUNC ``fsync`` or ``replace``) the process SIGKILLs itself
just before its N-th call of ``os.FUNC``: a crash at an exact point of the journal's atomic write.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root, so tests.fake_game imports

import tests.fake_game  # noqa: F401  (registers the game "fake")
from scorekeeper.cli import main


def inject_crash(spec: str) -> None:
    import os
    import signal

    name, _, nth = spec.partition(":")
    original, calls = getattr(os, name), [0]

    def crashing(*args, **kwargs):
        calls[0] += 1
        if calls[0] == int(nth):
            os.kill(os.getpid(), signal.SIGKILL)
        return original(*args, **kwargs)

    setattr(os, name, crashing)


def run(session: str, prefix: str, count: int) -> None:
    for i in range(count):
        text = f"{prefix}-{i}"
        try:
            main(["note", text, "--session", session], prog_name="scorekeeper")
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if code:
            print(f"EXIT {code} {text}", flush=True)
        sys.stdout.flush()


if __name__ == "__main__":
    import os

    if os.environ.get("SCOREKEEPER_CRASH_AT"):
        inject_crash(os.environ["SCOREKEEPER_CRASH_AT"])
    run(sys.argv[1], sys.argv[2], int(sys.argv[3]))
