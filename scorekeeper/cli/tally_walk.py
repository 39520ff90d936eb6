"""The guided tally walk at the terminal (``app.tally_walk`` asks and takes the lines): read through prompt_toolkit,
with Tab completion of the question's words (card faces, tiles) and the running total in the bottom line as you
type (where the terminal reports its size); from a pipe, each line echoed after its prompt."""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, Sequence

from scorekeeper.app.tally import Tally
from scorekeeper.app.tally_walk import Walker
from scorekeeper.cli.output import echo, width


def walk(game: str, players: Sequence[str], show: Callable[[Tally], None],
         resume: Sequence[str] = ()) -> Tally | None:
    """Ask the table for its end state; the tally once confirmed, None when it left (nothing written). The lines
    taken are kept in the home folder as they are typed (``KEPT``), so that leaving, or a tally refused at the
    end, loses none: ``resume`` types them again (``tally --resume``)."""
    walker = Walker(game, players)
    if resume:
        echo(f"going on from {walker.resume(resume)} answers kept ('back' takes them back one by one)", fit=True)
    elif (earlier := kept_walk()) is not None and earlier["lines"]:
        echo(f"note: an earlier walk ({earlier['game']}: {', '.join(earlier['players'])}) left "
             f"{len(earlier['lines'])} answers; 'scorekeeper tally --resume' goes on with them (this walk, once "
             "answered, keeps its own instead)", fit=True)
    read = _terminal_reader(walker) if sys.stdin.isatty() else _pipe_reader
    return walker.run(read, lambda line: echo(line, fit=True), show,
                      keep=lambda lines: keep_walk(walker.game, list(players), lines))


#: the answers of the walk in progress, in the home folder: the game, the players and the lines taken
KEPT = "tally-walk.json"


def keep_walk(game: str, players: list[str], lines: Sequence[str]) -> None:
    """Keep the lines taken so far (best effort: a walk goes on when the home cannot be written)."""
    from scorekeeper.cli.home import home
    from scorekeeper.core.journal import atomic_write

    try:
        home().mkdir(parents=True, exist_ok=True)
        atomic_write(home() / KEPT, json.dumps({"game": game, "players": players, "lines": list(lines)}),
                     durable=False)
    except OSError:
        pass


def kept_walk() -> dict[str, Any] | None:
    """The answers an earlier walk kept (``game``, ``players``, ``lines``), or None."""
    from scorekeeper.cli.home import own_text

    try:
        data = json.loads(own_text(KEPT) or "null")
    except (ValueError, RecursionError):
        return None
    ok = (isinstance(data, dict) and isinstance(data.get("game"), str)
          and isinstance(data.get("players"), list) and all(isinstance(p, str) for p in data["players"])
          and isinstance(data.get("lines"), list) and all(isinstance(x, str) for x in data["lines"]))
    return data if ok else None


def forget_walk() -> None:
    """The walk's answers are written: nothing to go on with."""
    from scorekeeper.cli.home import home

    try:
        (home() / KEPT).unlink(missing_ok=True)
    except OSError:
        pass


def _pipe_reader(prompt: str) -> str:
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    echo(f"{prompt}{line.rstrip()}".rstrip(), plain=True)
    return line


def _terminal_reader(walker: Walker) -> Callable[[str], str]:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completion, Completer

    class Words(Completer):  # the words of the question asked now, given the line before the cursor
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            for word, size in walker.completions(document.text_before_cursor):
                yield Completion(word, start_position=-size)

    session: Any = PromptSession(completer=Words(), complete_while_typing=False)
    return lambda prompt: str(session.prompt(prompt, bottom_toolbar=lambda: walker.totals(
        session.default_buffer.text)[:width() - 1]))
