"""Session commands that create and choose sessions: new, sessions, use."""

from __future__ import annotations

import click

import scorekeeper.games
from scorekeeper.cli.common import chosen_path, complete_games, emit_json, json_option, open_session, witness_hook
from scorekeeper.errors import BadInput
from scorekeeper.cli.session import command
from scorekeeper.cli.output import say

@command("new")
@click.argument("game", shell_complete=complete_games)
@click.option("--players", required=True, help="Player names in seat order, comma-separated.")
@click.option("--set", "overrides", multiple=True, metavar="KEY=VALUE", help="Override a setting (repeatable).")
@click.option("--catalog", type=click.Path(dir_okay=False), help="A JSON file of card faces or a board description.")
@click.option("--session", type=click.Path(dir_okay=False),
              help="Where to create the session file (default: GAME-DATE-TIME.json here; or $SCOREKEEPER_SESSION).")
@click.option("--from", "source", type=click.Path(dir_okay=False),
              help="Join a game in progress: the state the table shows, in a tally file (see 'tally').")
@click.option("--force", is_flag=True, help="With --from: join a state the game's checks refuse, flagged.")
@json_option
def new(game: str, players: str, overrides: tuple[str, ...], catalog: str | None, session: str | None,
        source: str | None, force: bool, as_json: bool) -> None:
    """Create a session for GAME and make it the current one.

    GAME is GAMES. Settings the rulebook leaves open
    have defaults; list them with 'scorekeeper settings' and override them with --set.

    Example: scorekeeper new emberheart --players Astrid,Bjorn,Cara --set side=B
    """
    from scorekeeper.cli.home import remember
    from scorekeeper.app.creation import new_session

    if source is None and not force:
        created, path = new_session(game, players, overrides, catalog, chosen_path(session), on_write=witness_hook())
    elif source is None or overrides or catalog:
        raise BadInput("--force joins a state the game refuses: use it with --from FILE" if source is None else
                       "--from: put the settings and the catalog in the file, not in --set or --catalog")
    else:
        from scorekeeper.app.tally import join_in_progress

        created, path = join_in_progress(game, players, source, chosen_path(session), force, witness_hook())
    entry, names = created.game.info, list(created.players)
    remember(path, entry.name, names)
    expected = created.expect().text
    if as_json:
        emit_json({"session": str(path), "game": entry.name, "players": names, "expected": expected,
                   "settings": dict(created.config.settings), "hash": created.journal.head_hash})
        return
    say(f"created {entry.title} session {path} for {', '.join(names)} (now the current session)")
    say(f"next: {expected}")


_NAMED = [f"{g.name} ({', '.join(g.aliases)})" for g in scorekeeper.games.REGISTRY]  # for the help: the registry's
new.help = (new.help or "").replace("GAMES.", ", ".join(_NAMED[:-1]) + f" or {_NAMED[-1]}.")


@command("sessions")
@click.option("--all", "show_all", is_flag=True, help="List every session remembered, not only the 20 most recent.")
@json_option
def sessions(show_all: bool, as_json: bool) -> None:
    """List the sessions used most recently (the current one marked with *); --all lists every one.

    Each with its winner and scores.

    Example: scorekeeper sessions --all
    """
    from scorekeeper.app.league_index import listed
    from scorekeeper.cli.home import RECENT_SHOWN, current_session, home, recent_sessions
    from scorekeeper.render.league import render_sessions

    remembered = recent_sessions()
    rows, notices = listed(remembered if show_all or as_json else remembered[:RECENT_SHOWN], current_session(), home())
    for notice in notices:  # the index was damaged and rebuilt: one line
        say(f"warning: {notice}", err=True)
    if as_json:  # JSON keys are names: "current" (true/false), "last_used"
        emit_json(rows)
        return
    click.echo(render_sessions(rows) if rows else "no sessions yet: scorekeeper new GAME --players A,B")
    if len(remembered) > len(rows):
        say(f"... and {len(remembered) - len(rows)} older; see them all with 'scorekeeper sessions --all'")


@command("use")
@click.argument("path", type=click.Path(dir_okay=False))
def use(path: str) -> None:
    """Make the session file PATH the current session.

    Example: scorekeeper use games/tuesday.json
    """
    from scorekeeper.cli.home import remember

    s = open_session(path)
    if s.path is None:
        raise BadInput(f"{path} lives in memory only; there is no file to make current")
    remember(s.path, s.config.game, list(s.config.players))
    say(f"current session: {s.path} ({s.config.game}: {', '.join(s.config.players)})")
