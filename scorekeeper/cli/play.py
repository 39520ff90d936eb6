"""``scorekeeper play``: the interactive table (the shell itself is ``scorekeeper.cli.shell``)."""

from __future__ import annotations

import sys

import click

from scorekeeper.cli.common import session_option, session_path
from scorekeeper.cli.session import command


@command("play")
@click.option("--keep-going", is_flag=True, help="From a pipe or a file: go on after a refused play (exit 1 at the end).")
@session_option
def play(keep_going: bool, session: str | None) -> None:
    """Open the table: type plays and session commands without 'scorekeeper GAME'.

    The prompt shows the game, the round, the phase and whose turn it is; Tab completes commands, options and
    the values legal now; Ctrl-C cancels a line, Ctrl-D leaves. From a pipe or a file, each command is echoed
    with its verdict, and the first refused play stops it with exit 1 (unless --keep-going).

    Example: scorekeeper play < tuesday.txt
    """
    from scorekeeper.cli import shell
    import gc

    gc.enable()  # a long evening collects its cycles (``scorekeeper.__main__`` turned it off)

    table = shell.Table(session_path(session))
    try:
        if sys.stdin.isatty() and sys.stdout.isatty():
            code = shell.interactive(table)
        else:
            code = shell.scripted(table, shell.piped(sys.stdin), keep_going)
    finally:
        table.close()
    raise click.exceptions.Exit(code)
