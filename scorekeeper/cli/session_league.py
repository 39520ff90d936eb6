"""The league command: standings, or another view of many sessions (the logic and views: ``app/league_*``)."""

from __future__ import annotations

import click

from scorekeeper.cli.common import check_format, emit_json, format_option, json_option
from scorekeeper.cli.session import command
from scorekeeper.cli.output import say


@command("standings")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--game", help="Only this game (a name or alias).")
@click.option("--since", type=click.DateTime(["%Y-%m-%d"]), metavar="DATE",
              help="Only sessions played on DATE (YYYY-MM-DD) or later.")
@click.option("--vs", metavar="A,B", help="Head-to-head: two players' games together, wins each, shared wins.")
@click.option("--streaks", is_flag=True, help="Each player's winning streaks: the current one and the longest.")
@click.option("--bests", is_flag=True, help="Each player's best and average score per scoring category.")
@click.option("--last", type=click.IntRange(min=1), metavar="N", help="The last N games: date, players, winner, scores.")
@click.option("--aliases", metavar="FILE", help="Names that are one player: lines 'Name = other name, another'.")
@click.option("--include-branches", is_flag=True, help="Count what-if branches too (not games that were played).")
@click.option("--include-tampered", is_flag=True, help="Count sessions that fail 'scorekeeper verify' too.")
@click.option("--recorded-only", is_flag=True, help="Leave out the results imported from BG Stats.")
@click.option("--index", "index_path", metavar="FILE", help="The league's index (default: in your cache folder).")
@json_option
@format_option
def standings(paths: tuple[str, ...], game: str | None, since: object, vs: str | None, streaks: bool, bests: bool,
              last: int | None, aliases: str | None, include_branches: bool, include_tampered: bool,
              recorded_only: bool,
              index_path: str | None, as_json: bool, fmt: str) -> None:
    """Standings over every finished session under PATHS (files or folders, searched recursively).

    Per game and player: games, wins (a shared win counts), win rate, average and best score. Unreadable,
    unfinished and edited sessions (failing 'scorekeeper verify': see --include-tampered) are listed with
    the reason. --vs, --streaks, --bests and --last show another view of the same sessions (one at a time).

    Example: scorekeeper standings club/2026 --since 2026-09-01
    """
    import datetime as dt

    from scorekeeper.app.league_index import open_index
    from scorekeeper.app.league_stats import Aliases, View
    from scorekeeper.app.standings import standings as league_of
    from scorekeeper.games import entry
    from scorekeeper.cli.home import home
    from scorekeeper.render.league import distrust_warnings, render_view, view_json

    fmt, names = check_format(fmt), Aliases.of_user(aliases, home())
    view = View.chosen(vs, streaks, bests, last, names)
    day = since.date() if isinstance(since, dt.datetime) else None
    if game:  # an unknown game is refused before the index is opened: a refusal writes nothing
        entry(game)
    league = league_of(list(paths), game, day, index=open_index(index_path), aliases=names,
                       include_branches=include_branches, witness=home(), include_tampered=include_tampered,
                       recorded_only=recorded_only)
    for notice in league.notices + (distrust_warnings(league) if fmt == "csv" and not as_json else []):
        say(f"warning: {notice}", err=True)  # the index was rebuilt; a CSV table has no footer to name edits
    emit_json(view_json(league, view)) if as_json else click.echo(render_view(league, view, fmt))

