"""The session commands, the same for every game, registered by name.

They live in modules of one concept each: ``session_create`` (new, sessions, use), ``session_read`` (status,
log, check, score, state, audit, verify, settings), ``session_correct`` (note, void, undo, amend, assert, set),
``session_transfer`` (export, import) and ``session_whatif`` (branch, compare), and one module for each other
command (``MODULES``). ``load_one(name)`` imports the one module a command needs, ``load()`` all of them.
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


#: the module that declares each session command: a command imports its own module only
MODULES: dict[str, str] = {name: module for module, names in (
    ("session_create", "new sessions use"), ("session_read", "status log check score state audit verify settings"),
    ("session_correct", "note void undo amend assert set"), ("session_transfer", "export import"),
    ("session_whatif", "branch compare"), ("session_league", "standings"), ("session_chart", "chart"),
    ("session_report", "report"), ("play", "play"), ("session_rules", "rules"), ("session_serve", "serve"),
    ("session_tally", "tally")) for name in names.split()}


def load_one(name: str) -> click.Command:
    """The session command ``name`` (importing its module registers it)."""
    __import__(f"scorekeeper.cli.{MODULES[name]}")
    return COMMANDS[name]


def load() -> dict[str, click.Command]:
    """Every session command by name (all imported: one missing from ``MODULES`` shows here too)."""
    for name in MODULES:
        load_one(name)
    return COMMANDS
