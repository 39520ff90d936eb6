"""Every command has help text: a one-line summary and an example (sqlite-utils' test_docs idea)."""

from __future__ import annotations

from typing import Iterator

import click
import pytest

import tests.fake_game  # noqa: F401
from scorekeeper.cli import SESSION_COMMANDS, game_commands, main
from scorekeeper.games import REGISTRY
from tests.registry import ROOT, code_folder, games, names


def all_commands() -> Iterator[tuple[str, click.Command]]:
    ctx = click.Context(main)
    for name in SESSION_COMMANDS:
        yield name, main.get_command(ctx, name)
    for entry in REGISTRY:
        group = game_commands(entry)
        yield entry.name, group
        assert isinstance(group, click.Group)
        for sub in group.commands.values():
            yield f"{entry.name} {sub.name}", sub


@pytest.mark.parametrize("name,command", list(all_commands()), ids=lambda v: v if isinstance(v, str) else "")
def test_every_command_has_a_summary_and_an_example(name: str, command: click.Command) -> None:
    assert command is not None, name
    assert command.help, f"{name} has no help"
    summary = command.help.strip().splitlines()[0]
    assert summary and len(summary) <= 120, f"{name}: summary line missing or too long"
    assert "Example:" in command.help, f"{name}: no 'Example:' line in its help"


def test_every_game_is_registered_with_its_cli() -> None:
    """Each rules package in ``scorekeeper/games/`` has its registry entry, and each entry its command group."""
    folders = {p.parent for p in (ROOT / "scorekeeper" / "games").glob("*/__init__.py")}
    assert folders == {code_folder(g) for g in games()}
    assert all(isinstance(game_commands(g), click.Group) for g in games())


def test_main_help_lists_session_commands_and_games_without_importing_them() -> None:
    import subprocess
    import sys

    # the game protocol (base.py and the two modules it is split into) may load; no game package may
    code = (
        "PROTOCOL = ('scorekeeper.core.protocol', 'scorekeeper.core.findings', 'scorekeeper.core.declarations');"
        "import sys; from click.testing import CliRunner; from scorekeeper.cli import main;"
        "r = CliRunner().invoke(main, ['--help']); print(r.output);"
        "print('LOADED', sorted(m for m in sys.modules if (m.startswith('scorekeeper.games.') and m not in PROTOCOL) or m in ('tabulate','tinydb','filelock')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "Record and correct:" in out and all(name in out for name in names())
    assert "LOADED []" in out
