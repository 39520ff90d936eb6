"""``python -m scorekeeper`` and the ``scorekeeper`` command: ``run``, the command line with Ctrl-C included.

Ctrl-C (SIGINT) while a command runs is Click's: ``Aborted!`` and exit 1, after the journal's atomic write
cleaned up its temporary file (a write is whole or absent). ``run`` answers a Ctrl-C that comes before Click
has the command (Python still importing the package) or after it finished, in one line (``interrupted``) and
exit 130, never a traceback.

A one-shot command runs without the cyclic garbage collector: its passes over the 150-odd modules a command
imports free nothing (reference counting frees what a command drops, and the rest goes at exit), and cost
about 4% of a read (issue 32, ``docs/performance.md``). The long-lived doors, ``play`` and ``serve``, turn it
back on. When the command is done, what it holds is frozen (``gc.freeze``), so the interpreter's last collection
at exit does not walk every object of every module once more (another 6%): the files a command writes are
closed and on disk before it answers, and nothing of it waits on that collection.
"""

from __future__ import annotations

import gc
import sys

INTERRUPTED = 130  # what a shell reports for a process ended by SIGINT (128 + 2)


def run() -> None:
    """The ``scorekeeper`` command (see the module's docstring)."""
    gc.disable()
    try:
        from scorekeeper.cli import main

        main()
    except (KeyboardInterrupt, RuntimeError) as exc:
        from scorekeeper.errors import interrupted

        if not interrupted(exc):
            raise
        import signal

        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C does not interrupt the goodbye
        sys.stderr.write("interrupted (Ctrl-C)\n")
        sys.stderr.flush()
        sys.exit(INTERRUPTED)
    finally:
        gc.freeze()


if __name__ == "__main__":
    run()
