"""Session command that explains the rules: rules."""

from __future__ import annotations

import click

from scorekeeper.cli.common import emit_json
from scorekeeper.cli.session import command


@command("rules")
@click.argument("what", metavar="GAME|RULE-ID")
@click.option("--json", "as_json", is_flag=True, help="Print a list of {id, summary, section} objects.")
def rules(what: str, as_json: bool) -> None:
    """Every rule of a game with a one-line summary and its rulebook section, or one rule by its ID.

    Example: scorekeeper rules flamecraft
    """
    from scorekeeper.games import UnknownGameError
    from scorekeeper.render.report import rule_lines
    from scorekeeper.app.rule_summaries import game_rules, lookup

    try:
        found = game_rules(what)
    except UnknownGameError:
        found = [lookup(what)]
    if as_json:
        emit_json([r.to_json() for r in found])
    else:
        click.echo("\n".join(rule_lines(found)))
