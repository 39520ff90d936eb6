"""Session commands for what-if rulings: branch, compare (the logic is in ``scorekeeper.app.whatif``)."""

from __future__ import annotations

import click

from scorekeeper.cli.common import emit_json, json_option, open_session, session_option, session_path
from scorekeeper.cli.session import command
from scorekeeper.cli.output import say


@command("branch")
@click.argument("new", type=click.Path(dir_okay=False))
@click.option("--at", "at", type=int, metavar="N", help="Copy only the events before event N (default: all of them).")
@session_option
@json_option
def branch(new: str, at: int | None, session: str | None, as_json: bool) -> None:
    """A what-if copy of the session in NEW, to try another ruling in; the current session stays current.

    Example: scorekeeper branch what-if.json --at 48
    """
    from scorekeeper.app.whatif import branch as make_branch

    made = make_branch(open_session(session), new, at)
    if as_json:
        emit_json(made.to_json())
    else:
        from scorekeeper.render.whatif_text import branch_lines

        say("\n".join(branch_lines(made)))


@command("compare")
@click.argument("other", type=click.Path(dir_okay=False))
@session_option
@json_option
def compare(other: str, session: str | None, as_json: bool) -> None:
    """Compare the session (A) with OTHER (B): scores and differences, winners, where journals and verdicts part.

    Example: scorekeeper compare what-if.json
    """
    from scorekeeper.app.whatif import compare as make_comparison

    mine = session_path(session)
    result = make_comparison(open_session(str(mine)), open_session(other), str(mine), other)
    if as_json:
        emit_json(result.to_json())
    else:
        from scorekeeper.render.whatif_text import comparison_text

        click.echo(comparison_text(result))
