"""The guided tally walk at the terminal (``app.tally_walk`` asks and takes the lines): read through prompt_toolkit,
with Tab completion of the question's words (card faces, tiles) and the running total in the bottom line as you
type (where the terminal reports its size); from a pipe, each line echoed after its prompt."""

from __future__ import annotations

import sys
from typing import Any, Callable, Sequence

from scorekeeper.app.tally import Tally
from scorekeeper.app.tally_walk import Walker
from scorekeeper.cli.output import echo, width


def walk(game: str, players: Sequence[str], show: Callable[[Tally], None]) -> Tally | None:
    """Ask the table for its end state; the tally once confirmed, None when it left (nothing written)."""
    walker = Walker(game, players)
    read = _terminal_reader(walker) if sys.stdin.isatty() else _pipe_reader
    return walker.run(read, lambda line: echo(line, fit=True), show)


def _pipe_reader(prompt: str) -> str:
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    echo(f"{prompt}{line.rstrip()}".rstrip(), plain=True)
    return line


def _terminal_reader(walker: Walker) -> Callable[[str], str]:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter

    completer = WordCompleter(lambda: list(walker.words()), WORD=True)  # the words of the question asked now
    session: Any = PromptSession(completer=completer, complete_while_typing=False)
    return lambda prompt: str(session.prompt(prompt, bottom_toolbar=lambda: walker.totals(
        session.default_buffer.text)[:width() - 1]))
