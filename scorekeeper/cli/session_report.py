"""Session command that writes the referee's report: report."""

from __future__ import annotations

from pathlib import Path

import click

from scorekeeper.cli.common import BadInput, open_session, session_option
from scorekeeper.cli.session import command


@command("report")
@session_option
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), metavar="FILE.html",
              help="The page to write (an existing page is replaced).")
def report(session: str | None, output: str) -> None:
    """Write the referee's report: one self-contained HTML page (score, chart, violations, corrections, proof).

    Example: scorekeeper report -o referee.html
    """
    from scorekeeper.html_report import gather, render
    from scorekeeper.journal import atomic_write

    target = Path(output)
    if target.suffix.lower() not in (".html", ".htm"):
        raise BadInput(f"{output}: the report is an HTML page; name it FILE.html")
    s = open_session(session)
    if s.path is not None and target.resolve() == Path(s.path).resolve():
        raise BadInput(f"{output} is the session itself; write the report to another file")
    page = gather(s, source=Path(s.path).name if s.path is not None else None)
    atomic_write(target, render(page))
    click.echo(f"wrote {output}")
    click.echo("\n".join(page.summary_lines()))
