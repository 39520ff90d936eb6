"""The session command that draws the score over time: chart (in the terminal, or as an SVG or PNG file)."""

from __future__ import annotations

import click

from scorekeeper.cli.common import open_session, session_option
from scorekeeper.cli.session import command


@command("chart")
@session_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the chart to FILE.svg or FILE.png instead.")
@click.option("--width", type=click.IntRange(40, 400), help="Columns of the terminal chart (default: the terminal's, or 80).")
def chart(session: str | None, output: str | None, width: int | None) -> None:
    """The score over time: each player's total after every turn or round, drawn in the terminal or to a file.

    Example: scorekeeper chart -o evening.svg
    """
    from scorekeeper.render import chart as draw
    from scorekeeper.app.timeline import timeline

    steps = timeline(open_session(session))
    click.echo(draw.write(steps, output) if output else draw.terminal(steps, width or draw.terminal_width()))
