"""``scorekeeper tally``: score a game nobody recorded, from the table as it stands (``app.tally``): from a file,
or typed in the guided walk (``cli.tally_walk``), which builds the very same data."""

from __future__ import annotations

import click

from scorekeeper.cli.common import chosen_path, emit_json, json_option, json_refusals, witness_hook
from scorekeeper.cli.output import echo
from scorekeeper.cli.session import command


@command("tally")
@click.argument("game", required=False)
@click.option("--players", help="The players in seat order, comma-separated: the guided walk (no --from).")
@click.option("--from", "source", type=click.Path(dir_okay=False),
              help="The tally file: its game, players and the state the table shows (JSON, or TOML by its .toml).")
@click.option("--session", type=click.Path(dir_okay=False),
              help="Where to create the session file (default: GAME-DATE-TIME.json here).")
@click.option("--force", is_flag=True, help="Record a table the game's checks refuse, flagged.")
@click.option("--resume", is_flag=True, help="Go on with the answers a guided walk left (quit, Ctrl-D, a refusal).")
@json_option
def tally(game: str | None, players: str | None, source: str | None, session: str | None, force: bool,
          resume: bool, as_json: bool) -> None:
    """Score the table as it stands: a session whose one play is the end state, from a file (--from) or typed
    player by player in a guided walk (GAME --players A,B).

    Example: scorekeeper tally --from emberheart-tally.toml --session tuesday.json
    """
    from scorekeeper.app.tally import in_progress, tally_file
    from scorekeeper.cli.home import current_session, home, remember
    from scorekeeper.cli.tally_walk import show_score

    if source is not None and not (game or players or resume):
        with json_refusals(as_json, None):  # --json: a refusal as JSON too (TALLY-15)
            made, path = tally_file(source, chosen_path(session), force=force, on_write=witness_hook())
    elif source is None:
        from scorekeeper.app.tally_kept import walked
        from scorekeeper.cli.tally_walk import walk

        if (done := walked(home(), resume, game, players, walk, chosen_path(session), force=force,
                           on_write=witness_hook())) is None:
            raise click.exceptions.Exit(1)  # left: nothing written, the answers kept
        made, path = done
    else:
        raise click.UsageError("give --from FILE, or GAME --players A,B to type the table in a guided walk")
    if not (playing := in_progress(current_session(), path)):  # TALLY-30: a game being played stays current
        remember(path, made.game.name, list(made.players))
    if as_json:
        from scorekeeper.render.payloads import score_payload  # (only for --json)
        emit_json(score_payload(made.score(), None, False))
        return
    current = f"the game in progress stays the current session; 'scorekeeper use {path}' switches" if playing \
        else "now the current session"
    echo(f"tallied {made.game.title} session {path} for {', '.join(made.players)} ({current})", fit=True)
    show_score(made)
