"""How screens meet the terminal: its width, colour (never with ``NO_COLOR`` or off a terminal) and the pager
(only on a terminal).

Two widths. A screen (a table, ``status``) is laid out, and its lines still too long wrapped, for ``COLUMNS``
when it is set, else the terminal's width, else 80. A player's text (a verdict, a hint, a refusal, a warning) is wrapped at spaces only where a
person reads it: at ``COLUMNS`` when it is set, else at the terminal's width when the stream is a terminal (80
when the terminal does not say); piped with no ``COLUMNS``, each message stays one logical line, whole, for
the scripts, ``grep`` and logs that read it."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import click

from scorekeeper.render.report import wrap
from scorekeeper.render.visible import VisibleText, visible

#: the colour of a verdict line, by the word it starts with
STYLES = {"recorded": "green", "refused": "red", "error": "red", "flagged": "red", "disagrees": "red",
          "warning": "yellow", "not applied": "yellow"}


#: how the commands named in a text are written where it is printed (inside the table: without
#: ``scorekeeper GAME``); none outside it
_SPOKEN: list[Callable[[str], str]] = []


@contextmanager
def spoken(rewrite: Callable[[str], str]) -> Iterator[None]:
    """While it lasts, every text printed for a player (not the machine formats) goes through ``rewrite``."""
    _SPOKEN.append(rewrite)
    try:
        yield
    finally:
        _SPOKEN.remove(rewrite)


def width() -> int:
    """The width a screen is laid out for: ``COLUMNS`` when set, the terminal's own, 80 when unknown."""
    return wrap_width() or 80


def wrap_width(err: bool = False) -> int | None:
    """The width a player's text is wrapped at: ``COLUMNS`` when set, else the terminal's when the stream is a
    terminal (80 when it does not say); None (not wrapped) for a pipe or a file."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    stream = _raw(err)
    if not stream.isatty():
        return None
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (OSError, ValueError, AttributeError):
        return 80


def _raw(err: bool) -> Any:
    """The terminal's own stream, past every ``VisibleText`` (the table nests two): only colours added here reach it."""
    stream = sys.stderr if err else sys.stdout
    while isinstance(stream, VisibleText):
        stream = stream.stream
    return stream


def colour(err: bool = False) -> bool:
    """Whether to colour: not when ``NO_COLOR`` is set (any value), the terminal says it has no colour
    (``TERM=dumb``) or the output is not a terminal."""
    from click.utils import should_strip_ansi

    if "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb":
        return False
    return not should_strip_ansi(_raw(err))


def style_of(line: str) -> str | None:
    """The colour for a line of a verdict or a refusal, from its first words; None for plain."""
    words = line.strip().lower()
    if words.startswith("#"):  # "#12 recorded: …"
        words = words.partition(" ")[2]
    return next((fg for start, fg in STYLES.items() if words.startswith(start)), None)


def echo(output: str, err: bool = False, fg: str | None = None, plain: bool = False, fit: bool = False,
         at: int | None = None) -> None:
    """Print ``output``, each line in the colour of ``fg`` or of its verdict word, on a terminal only; ``fit``:
    a screen, its lines too long for ``width()`` wrapped at spaces, continuations indented; ``at``: wrapped at
    that width instead; ``plain``: as it is (machine formats such as CSV, JSON)."""
    if plain:
        click.echo(output, err=err)
        return
    on = colour(err)
    for rewrite in _SPOKEN:
        output = rewrite(output)
    at = at or (width() if fit else None)
    lines = [visible(line) for line in (wrap(output, at) if at else output).split("\n")]
    if on:
        lines = [_styled(line, fg or style_of(line)) for line in lines]
    click.echo("\n".join(lines), file=_raw(err), color=on)


def error(message: str) -> None:
    """A refusal or an error, on stderr: in red on a terminal, wrapped at spaces at ``wrap_width`` (one line
    when piped), continuation lines indented."""
    echo(message, err=True, fg="red", at=wrap_width(True))


def say(message: str, err: bool = False) -> None:
    """A message a player reads (an acknowledgement, a hint, a warning): wrapped at ``wrap_width``."""
    echo(message, err=err, at=wrap_width(err))


def _styled(line: str, fg: str | None) -> str:
    return click.style(line, fg=fg, bold=fg == "red") if fg else line


def page(output: str, show: Callable[[str], None] | None = None, at_end: bool = False) -> None:
    """A long read-out (log, audit, score --explain, rules, check) through $PAGER, else less -FRX (+G ``at_end``)
    as git does: on a terminal, when longer than the screen, unless --no-pager; otherwise ``show`` prints it."""
    stream, wrapped = _raw(False), wrap(output, width())
    if not stream.isatty() or os.environ.get("SCOREKEEPER_NO_PAGER"):
        return (show or (lambda text: echo(text, fit=True)))(output)
    import shutil  # only to page, on a terminal (it imports zlib, bz2 and lzma)
    if wrapped.count("\n") + 2 <= shutil.get_terminal_size((80, 24)).lines:
        return (show or (lambda text: echo(text, fit=True)))(output)
    chosen = {"PAGER", "LESS"} & os.environ.keys()
    if not chosen:
        os.environ["LESS"] = "-FRX" + (" +G" if at_end else "")
    try:
        click.echo_via_pager(visible(wrapped) + "\n")
    finally:
        if not chosen:
            del os.environ["LESS"]
