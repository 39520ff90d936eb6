"""The league command: standings over many sessions (the logic is in ``scorekeeper.app.standings``)."""

from __future__ import annotations

import click

from scorekeeper.cli.common import check_format, emit_json, format_option, json_option
from scorekeeper.cli.session import command


@command("standings")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--game", help="Only this game (a name or alias).")
@click.option("--since", type=click.DateTime(["%Y-%m-%d"]), metavar="DATE",
              help="Only sessions played on DATE (YYYY-MM-DD) or later.")
@json_option
@format_option
def standings(paths: tuple[str, ...], game: str | None, since: object, as_json: bool, fmt: str) -> None:
    """Standings over every finished session under PATHS (files or folders, searched recursively).

    Per game and player: games, wins (a shared win counts), win rate, average and best score. Files that
    cannot be read and unfinished sessions are listed as skipped, with the reason.

    Example: scorekeeper standings club/2026 --since 2026-09-01
    """
    import datetime as dt

    from scorekeeper.render.report import render_standings
    from scorekeeper.app.standings import standings as league_of

    day = since.date() if isinstance(since, dt.datetime) else None
    league = league_of(list(paths), game, day)
    if as_json:
        emit_json(league.to_json())
    else:
        click.echo(render_standings(league, check_format(fmt)))
