"""``scorekeeper tally``: score a game nobody recorded, from the table as it stands (``app.tally``)."""

from __future__ import annotations

import click

from scorekeeper.cli.common import chosen_path, emit_json, json_option, witness_hook
from scorekeeper.cli.output import echo, width
from scorekeeper.cli.session import command


@command("tally")
@click.option("--from", "source", required=True, type=click.Path(dir_okay=False),
              help="The tally file: its game, players and the state the table shows (JSON, or TOML by its .toml).")
@click.option("--session", type=click.Path(dir_okay=False),
              help="Where to create the session file (default: GAME-DATE-TIME.json here).")
@click.option("--force", is_flag=True, help="Record a table the game's checks refuse, flagged.")
@json_option
def tally(source: str, session: str | None, force: bool, as_json: bool) -> None:
    """Score the table as it stands: a session whose one play is the end state in the file, scored as any game.

    Example: scorekeeper tally --from emberheart-tally.toml --session tuesday.json
    """
    from scorekeeper.app.tally import tally_file
    from scorekeeper.cli.home import remember
    from scorekeeper.render.payloads import score_payload
    from scorekeeper.render.report import render_score

    made, path = tally_file(source, chosen_path(session), force=force, on_write=witness_hook())
    remember(path, made.game.name, list(made.players))
    table = made.score()
    if as_json:
        emit_json(score_payload(table, None, False))
        return
    click.echo(f"tallied {made.game.title} session {path} for {', '.join(made.players)} (now the current session)")
    echo(render_score(table, title=made.game.title, width=width()), fit=True)
    if made.replay().errors:
        click.echo("flagged: the table breaks the game's checks (recorded with --force); see 'scorekeeper check'")
