"""The guided tally walk at the terminal (``app.tally_walk`` asks and takes the lines): read through prompt_toolkit,
with Tab completion of the question's words (card faces, tiles) and the running total in the bottom line as you
type (where the terminal reports its size); from a pipe, each line echoed after its prompt. ``show_score``: the score
a tally makes, as the walk's summary and ``tally`` print it."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Callable, Sequence

import click

from scorekeeper.cli.output import echo, width

if TYPE_CHECKING:  # ``tally --from`` prints ``show_score`` without the walk
    from scorekeeper.app.tally import Tally
    from scorekeeper.app.tally_walk import Walker


def walk(game: str, players: Sequence[str], resume: Sequence[str] = ()) -> Tally | None:
    """Ask the table for its end state (``resume``: the lines kept, typed again); the tally once confirmed."""
    from scorekeeper.app.tally_kept import walker_for
    from scorekeeper.cli.home import home

    walker, note, keep = walker_for(home(), game, players, resume)
    if note:
        echo(note, fit=True)
    read = _terminal_reader(walker) if sys.stdin.isatty() else _pipe_reader
    return walker.run(read, lambda line: echo(line, fit=True), lambda made: show_score(made, flag=False), keep=keep)


def _pipe_reader(prompt: str) -> str:
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    echo(f"{prompt}{line.rstrip()}".rstrip(), plain=True)
    return line


def _terminal_reader(walker: Walker) -> Callable[[str], str]:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completion, Completer

    from scorekeeper.app.completion import escape_keys

    class Words(Completer):  # the words of the question asked now, given the line before the cursor
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            for word, size in walker.completions(document.text_before_cursor):
                yield Completion(word, start_position=-size)

    session: Any = PromptSession(completer=Words(), complete_while_typing=False, key_bindings=escape_keys())
    return lambda prompt: str(session.prompt(prompt, bottom_toolbar=lambda: walker.totals(
        session.default_buffer.text)[:width() - 1]))


def show_score(made: Any, flag: bool = True) -> None:
    """The score the tally makes (the walk's summary, and what is written), flagged if forced, or what it waits for."""
    from scorekeeper.core.protocol import MissingValueError
    from scorekeeper.render.report import render_score

    try:
        echo(render_score(made.score(), title=made.game.title, width=width()), fit=True)
    except MissingValueError as exc:
        if exc.table is not None:
            echo(render_score(exc.table, title=made.game.title, width=width()), fit=True)
        echo(f"not scored yet: {exc}", fit=True)
    if flag and made.replay().errors:
        click.echo("flagged: the table breaks the game's checks (recorded with --force); see 'scorekeeper check'")
