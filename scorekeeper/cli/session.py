"""The session commands, the same for every game, registered by name.

They live in modules of one concept each: ``session_create`` (new, sessions, use), ``session_read`` (status,
log, check, score, state, audit, verify, settings), ``session_correct`` (note, void, undo, amend, assert, set),
``session_transfer`` (export, import) and ``session_whatif`` (branch, compare). ``load()`` imports them, which
registers every command.
"""

from __future__ import annotations

from typing import Any

import click


COMMANDS: dict[str, click.Command] = {}


def command(name: str) -> Any:
    """Register a session command under ``name``."""

    def register(func: Any) -> click.Command:
        cmd = click.command(name)(func)
        COMMANDS[name] = cmd
        return cmd

    return register


def load() -> dict[str, click.Command]:
    """Every session command by name (importing the modules registers them)."""
    from scorekeeper.cli import session_correct, session_create, session_read, session_transfer, session_whatif  # noqa: F401
    from scorekeeper.cli import session_league  # noqa: F401  (standings)
    from scorekeeper.cli import session_chart  # noqa: F401  (chart)
    from scorekeeper.cli import session_report  # noqa: F401  (report)
    from scorekeeper.cli import play  # noqa: F401  (play: the interactive table)
    from scorekeeper.cli import session_rules  # noqa: F401  (rules)
    from scorekeeper.cli import session_serve  # noqa: F401  (serve: the web companion)
    from scorekeeper.cli import session_tally  # noqa: F401  (tally: the table as it stands)

    return COMMANDS
