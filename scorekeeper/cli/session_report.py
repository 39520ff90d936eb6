"""Session command that writes the referee's report: report."""

from __future__ import annotations

import click

from scorekeeper.cli.common import open_session, session_option
from scorekeeper.cli.session import command
from scorekeeper.cli.output import say


@command("report")
@session_option
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), metavar="FILE.html",
              help="The page to write (an existing page is replaced).")
def report(session: str | None, output: str) -> None:
    """Write the referee's report: one self-contained HTML page (score, chart, violations, corrections, proof).

    Example: scorekeeper report -o referee.html
    """
    from scorekeeper.render.html_report import gather, render, target_for
    from scorekeeper.core.journal import atomic_write

    s = open_session(session, cached=False)
    target = target_for(output, s)
    page = gather(s)
    atomic_write(target, render(page))
    say("\n".join([f"wrote {output}", *page.summary_lines()]))
