"""How screens meet the terminal: its width (``COLUMNS``, else the terminal's, else 80), colour (never with
``NO_COLOR`` or off a terminal) and the pager (only on a terminal)."""

from __future__ import annotations

import os
import shutil
import sys
from typing import Any

import click

from scorekeeper.render.report import VisibleText, visible, wrap

#: the colour of a verdict line, by the word it starts with
STYLES = {"recorded": "green", "refused": "red", "error": "red", "flagged": "red", "disagrees": "red",
          "warning": "yellow", "not applied": "yellow"}


def width() -> int:
    """The terminal's width in columns: ``COLUMNS`` when set, the terminal's own, 80 when unknown."""
    return shutil.get_terminal_size((80, 24)).columns or 80


def _raw(err: bool) -> Any:
    """The terminal's own stream, past every ``report.VisibleText`` (the table runs each line's command inside its
    own, so there are two): the text is made visible here, and only the colour codes added here reach it."""
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


def echo(output: str, err: bool = False, fg: str | None = None, plain: bool = False, fit: bool = False) -> None:
    """Print ``output``, each line in the colour of ``fg`` or of its verdict word, on a terminal only; ``fit``:
    wrapped to the screen (a 'next:' line stays whole: its command is copied from it);
    ``plain``: as it is (machine formats such as CSV)."""
    if plain:
        click.echo(output, err=err)
        return
    on = colour(err)
    lines = [visible(line) for line in (wrap(output, width(), ("next:",)) if fit else output).split("\n")]
    if on:
        lines = [_styled(line, fg or style_of(line)) for line in lines]
    click.echo("\n".join(lines), file=_raw(err), color=on)


def error(message: str) -> None:
    """A refusal or an error, on stderr: on a terminal, in red and wrapped to its width at spaces (continuation
    lines indented); elsewhere the one line as it is, for the scripts and logs that read it."""
    echo(message, err=True, fg="red", fit=_raw(True).isatty())


def _styled(line: str, fg: str | None) -> str:
    return click.style(line, fg=fg, bold=fg == "red") if fg else line


def page(output: str) -> None:
    """Print ``output`` through the pager on a terminal (when it is longer than the screen), plainly otherwise.

    The pager opens at the end, where the newest lines are (``log``): ``less +G``, unless the user chose a
    pager (``PAGER``) or less's options (``LESS``)."""
    stream, output = _raw(False), wrap(output, width())
    if stream.isatty() and output.count("\n") + 2 > shutil.get_terminal_size((80, 24)).lines:
        at_end = not {"PAGER", "LESS"} & os.environ.keys()
        if at_end:
            os.environ["LESS"] = "-R +G"
        try:
            click.echo_via_pager(visible(output) + "\n")
        finally:
            if at_end:
                del os.environ["LESS"]
    else:
        click.echo(visible(output), file=stream)
