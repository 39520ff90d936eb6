"""The league command: standings over many sessions, and its other views (head-to-head, streaks, personal
bests, the last games). The logic is in ``scorekeeper.app.standings`` and ``scorekeeper.app.league_stats``,
the index in ``scorekeeper.app.league_index``, the rendering in ``scorekeeper.render``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from scorekeeper.cli.common import check_format, emit_json, format_option, json_option
from scorekeeper.cli.session import command
from scorekeeper.errors import BadInput

if TYPE_CHECKING:
    from scorekeeper.app.league_stats import Aliases

#: the alias table read from the user's Scorekeeper folder when ``--aliases`` is not given
ALIASES_FILE = "aliases.txt"


@command("standings")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--game", help="Only this game (a name or alias).")
@click.option("--since", type=click.DateTime(["%Y-%m-%d"]), metavar="DATE",
              help="Only sessions played on DATE (YYYY-MM-DD) or later.")
@click.option("--vs", metavar="A,B", help="Head-to-head: two players' games together, wins each, shared wins.")
@click.option("--streaks", is_flag=True, help="Each player's winning streaks: the current one and the longest.")
@click.option("--bests", is_flag=True, help="Each player's best and average score per scoring category.")
@click.option("--last", type=click.IntRange(min=1), metavar="N", help="The last N games: date, players, winner, scores.")
@click.option("--aliases", type=click.Path(dir_okay=False), metavar="FILE",
              help="Names that are one player, a line each: 'Name = other name, another' (default: aliases.txt "
                   "in your Scorekeeper folder, when there is one).")
@click.option("--include-branches", is_flag=True, help="Count what-if branches too (not games that were played).")
@click.option("--index", "index_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="The league's index (default: league.sqlite in your cache folder; it only saves time).")
@json_option
@format_option
def standings(paths: tuple[str, ...], game: str | None, since: object, vs: str | None, streaks: bool, bests: bool,
              last: int | None, aliases: str | None, include_branches: bool, index_path: str | None, as_json: bool,
              fmt: str) -> None:
    """Standings over every finished session under PATHS (files or folders, searched recursively).

    Per game and player: games, wins (a shared win counts), win rate, average and best score. Files that
    cannot be read and unfinished sessions are listed as skipped, with the reason. --vs, --streaks, --bests and
    --last show another view of the same sessions (one at a time).

    Example: scorekeeper standings club/2026 --since 2026-09-01
    """
    import datetime as dt

    from scorekeeper.app.league_index import open_index
    from scorekeeper.app.standings import standings as league_of

    fmt = check_format(fmt)
    if sum((vs is not None, streaks, bests, last is not None)) > 1:
        raise BadInput("choose one of --vs, --streaks, --bests and --last")
    pair = _pair(vs) if vs is not None else None
    names = _aliases(aliases)
    day = since.date() if isinstance(since, dt.datetime) else None
    league = league_of(list(paths), game, day, index=open_index(index_path), aliases=names,
                       include_branches=include_branches)
    for notice in league.notices:
        click.echo(f"warning: {notice}", err=True)
    if pair is not None:
        pair = (names.name(pair[0]), names.name(pair[1])) if names else pair
        _show_vs(league, pair, as_json, fmt)
    elif streaks or bests or last is not None:
        _show_player_view(league, streaks, bests, last, as_json, fmt)
    elif as_json:
        emit_json(league.to_json())
    else:
        from scorekeeper.render.report import render_standings

        click.echo(render_standings(league, fmt))


def _pair(text: str) -> tuple[str, str]:
    names = [n.strip() for n in text.split(",")]
    if len(names) != 2 or not all(names) or names[0].casefold() == names[1].casefold():
        raise BadInput(f"--vs takes two players' names, A,B (got {text!r})")
    return names[0], names[1]


def _aliases(explicit: str | None) -> "Aliases | None":
    from scorekeeper.app.league_stats import Aliases
    from scorekeeper.cli.home import home

    if explicit is not None:
        return Aliases.read(explicit)
    default = home() / ALIASES_FILE
    return Aliases.read(default) if default.is_file() else None


def _show_vs(league: Any, pair: tuple[str, str], as_json: bool, fmt: str) -> None:
    from scorekeeper.app.league_stats import head_to_head
    from scorekeeper.render.league import render_vs

    records = head_to_head(league, *pair)
    if as_json:
        emit_json({"players": list(records[0].players if records else pair), "games": [r.to_json() for r in records], **league.footer_json()})
    else:
        click.echo(render_vs(league, records, pair, fmt))


def _show_player_view(league: Any, streaks: bool, bests: bool, last: int | None, as_json: bool, fmt: str) -> None:
    from scorekeeper.app import league_stats
    from scorekeeper.render import league as views

    if last is not None:
        results = league_stats.last_games(league, last)
        if as_json:
            emit_json({"last": [{"path": r.path, "game": r.game, "date": r.started, "players": list(r.players),
                                 "winners": list(r.table.winners), "totals": r.totals} for r in results],
                       **league.footer_json()})
        else:
            click.echo(views.render_last(league, results, fmt))
        return
    found: dict[str, list[Any]] = league_stats.streaks(league) if streaks else league_stats.bests(league)
    if as_json:
        emit_json({"games": [{"game": g, "title": league.titles[g], "players": [x.to_json() for x in found[g]]}
                             for g in sorted(found, key=lambda g: league.titles[g].casefold())],
                   **league.footer_json()})
    else:
        click.echo(views.render_streaks(league, found, fmt) if streaks else views.render_bests(league, found, fmt))
