"""The session command that draws the score over time: chart (in the terminal, or as an SVG or PNG file)."""

from __future__ import annotations

from pathlib import Path

import click

from scorekeeper.cli.common import BadInput, open_session, session_option
from scorekeeper.cli.session import command


@command("chart")
@session_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the chart to FILE.svg or FILE.png instead.")
@click.option("--width", type=click.IntRange(40, 400), help="Columns of the terminal chart (default: the terminal's, or 80).")
def chart(session: str | None, output: str | None, width: int | None) -> None:
    """The score over time: each player's total after every turn or round, drawn in the terminal or to a file.

    Example: scorekeeper chart -o evening.svg
    """
    from scorekeeper import chart as draw
    from scorekeeper.timeline import timeline

    kind = Path(output).suffix.lower() if output else ""
    if output and kind not in (".svg", ".png"):
        raise BadInput(f"-o {output}: the chart is written as .svg or .png; name the file FILE.svg or FILE.png")
    steps = timeline(open_session(session))
    if not output:
        click.echo(draw.terminal(steps, width or draw.terminal_width()))
        return
    data = draw.svg(steps).encode("utf-8") if kind == ".svg" else draw.png(steps)
    try:
        Path(output).write_bytes(data)
    except OSError as exc:
        raise BadInput(f"-o {output}: cannot write it ({exc.strerror}); pick a folder you can write to") from None
    click.echo(f"wrote {output}: {steps.title}, {len(steps.points)} points ({steps.unit}s)")
