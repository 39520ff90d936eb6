"""Session command that explains the rules: rules."""

from __future__ import annotations

import click

from scorekeeper.cli.common import complete_games, emit_json
from scorekeeper.errors import BadInput, Refused
from scorekeeper.cli.session import command
from scorekeeper.cli.output import page, say


@command("rules")
@click.argument("what", metavar="GAME|RULE-ID", shell_complete=complete_games)
@click.argument("words", nargs=-1, metavar="[WORDS]...")
@click.option("--json", "as_json", is_flag=True, help="Print a list of {id, summary, section} objects.")
def rules(what: str, words: tuple[str, ...], as_json: bool) -> None:
    """Every rule of a game with a one-line summary and its rulebook section, one rule by its ID, or the rules
    of a game that mention some words, best match first.

    Example: scorekeeper rules flamecraft coin
    """
    from scorekeeper.games import UnknownGameError
    from scorekeeper.render.report import rule_lines
    from scorekeeper.app.rule_summaries import game_rules, lookup, search

    title = ""
    try:
        if words:
            found, every = search(what, list(words))
            if not found:
                raise Refused(f"no rule of {what} mentions {' '.join(words)}; every rule: scorekeeper rules {what}")
            if not every:
                title = f"no rule mentions all of: {' '.join(words)}; the rules that mention some of them:"
        else:
            found = game_rules(what)
    except UnknownGameError:
        if words:
            raise BadInput(f"{what}: a rule ID takes no words; to look for words, name the game first "
                           f"(scorekeeper rules GAME {' '.join(words)})") from None
        found = [lookup(what)]
    if as_json:
        emit_json([r.to_json() for r in found])
    else:
        page("\n".join(([title] if title else []) + rule_lines(found)), say)  # long: paged on a terminal
