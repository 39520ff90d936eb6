"""The one driver of the sample generators: the real commands, typed as words, recorded into a session.

``Recorder(path)`` creates nothing by itself; ``run("new", "flamecraft", …)`` and every later
``run("fc", "visit", "crumb")`` go through ``scorekeeper.cli.main`` in-process, exactly as a table types
them, into the session at ``path`` (a file, or ``memory:NAME`` for a session kept in this process only, as
the tests use). Every command is kept in ``transcript``, which ``save_transcript`` writes as a shell script
that replays the same game. ``session()`` opens the session through the session layer, to read the board.
"""

from __future__ import annotations

import os
import shlex
import tempfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from scorekeeper.app.session import Session


class CommandFailed(SystemExit):
    """A generator's command did not end as expected (its exit code and output are in the message)."""


class Recorder:
    """Records one sample game through the real command line."""

    def __init__(self, path: str | Path, *, fresh: bool = True) -> None:
        self.path = path
        self.home = tempfile.mkdtemp(prefix="scorekeeper-home-")
        self.runner = CliRunner()
        self.transcript: list[str] = []
        if fresh and isinstance(path, Path) and path.exists():
            path.unlink()

    def run(self, *words: Any, ok: tuple[int, ...] = (0,)) -> str:
        """Run ``scorekeeper WORDS…`` on the session; ``CommandFailed`` unless its exit code is in ``ok``."""
        from scorekeeper.cli import main

        argv = [str(w) for w in words]
        env = {"SCOREKEEPER_HOME": self.home, "SCOREKEEPER_SESSION": str(self.path)}
        result = self.runner.invoke(main, argv, env=env, catch_exceptions=False)
        if result.exit_code not in ok:
            raise CommandFailed(f"command failed ({result.exit_code}): scorekeeper {shlex.join(argv)}\n{result.output}")
        shown = ["$SCOREKEEPER_SESSION" if a == str(self.path) else a for a in argv]
        self.transcript.append("scorekeeper " + " ".join(a if a.startswith("$") else shlex.quote(a) for a in shown))
        return result.output

    def session(self, game: str | None = None) -> Session:
        """The session as it stands (replayed afresh)."""
        return Session.open(self.path, game)

    def save_transcript(self, target: Path, title: str) -> None:
        """Write the commands run so far as a shell script that replays the game."""
        name = Path(str(self.path)).name
        lines = ["#!/bin/sh", f"# {title}", "set -e", f'export SCOREKEEPER_SESSION="${{SCOREKEEPER_SESSION:-{name}}}"',
                 *self.transcript]
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")
        os.chmod(target, 0o755)
