"""``python -m scorekeeper`` and the ``scorekeeper`` command: ``run``, the command line with Ctrl-C included.

Ctrl-C (SIGINT) while a command runs is Click's: ``Aborted!`` and exit 1, after the journal's atomic write
cleaned up its temporary file (a write is whole or absent). ``run`` answers a Ctrl-C that comes before Click
has the command (Python still importing the package) or after it finished, in one line (``interrupted``) and
exit 130, never a traceback.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130  # what a shell reports for a process ended by SIGINT (128 + 2)


def run() -> None:
    """The ``scorekeeper`` command (see the module's docstring)."""
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


if __name__ == "__main__":
    run()
