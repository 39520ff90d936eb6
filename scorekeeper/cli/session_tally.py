"""``scorekeeper tally``: score a game nobody recorded, from the table as it stands (``app.tally``): from a file,
or typed in the guided walk (``cli.tally_walk``), which builds the very same data."""

from __future__ import annotations

from typing import Any

import click

from scorekeeper.cli.common import chosen_path, emit_json, json_option, json_refusals, witness_hook
from scorekeeper.cli.output import echo, width
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
    from scorekeeper.app.tally import record_tally, tally_file, tally_session
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.render.payloads import score_payload

    if source is not None and not (game or players or resume):
        with json_refusals(as_json, None):  # --json: a refusal as JSON too (TALLY-15)
            made, path = tally_file(source, chosen_path(session), force=force, on_write=witness_hook())
    elif source is None and (resume or game and players):
        from scorekeeper.cli.tally_walk import forget_walk, kept_walk, walk

        lines: list[str] = []
        if resume:
            if (kept := kept_walk()) is None or game or players:
                raise click.UsageError("--resume goes on with the answers a walk kept, alone: "
                                       + ("none are kept" if kept is None else "leave out GAME and --players"))
            game, names, lines = kept["game"], kept["players"], kept["lines"]
        else:
            names = [p.strip() for p in (players or "").split(",") if p.strip()]
        if not game or not names:
            raise click.UsageError("give --from FILE, or GAME --players A,B to type the table in a guided walk")
        if (typed := walk(game, names, lambda t: _score(tally_session(t, None, "tally", force=True), flag=False),
                          lines)) is None:
            raise click.exceptions.Exit(1)  # left: nothing written, the answers kept
        try:
            made, path = record_tally(typed, chosen_path(session), "tally", force=force, on_write=witness_hook())
        except ScorekeeperError:  # refused: the answers stay kept for --resume (then 'back', or --force)
            click.echo("nothing written; the answers are kept: 'scorekeeper tally --resume' goes on", err=True)
            raise
        forget_walk()
    else:
        raise click.UsageError("give --from FILE, or GAME --players A,B to type the table in a guided walk")
    current = _take_over(path, made)
    if as_json:
        from scorekeeper.core.protocol import MissingValueError

        try:
            emit_json(score_payload(made.score(), None, False))
        except MissingValueError as exc:  # written: the score waits for one value
            emit_json({"session": str(path), "missing": str(exc), "remedy": exc.remedy})
        return
    echo(f"tallied {made.game.title} session {path} for {', '.join(made.players)} ({current})",
         fit=True)
    _score(made)


def _take_over(path: Any, made: Any) -> str:
    """TALLY-30: a tally becomes the current session unless the current one is a game still being played (a tally
    typed beside it is a side check: the game stays current). What became of the current session, in words."""
    from scorekeeper.cli.home import current_session, remember

    if not _in_progress(current_session()):
        remember(path, made.game.name, list(made.players))
        return "now the current session"
    return f"the game in progress stays the current session; 'scorekeeper use {path}' switches"


def _in_progress(current: Any) -> Any:
    """The current session when it is a game still being played, else None."""
    if current is None or not current.is_file():
        return None
    try:
        from scorekeeper.app.session import Session

        return None if Session.open(current).status().finished else current
    except Exception:  # an unreadable current session is not a game to keep
        return None


def _score(made: Any, flag: bool = True) -> None:
    """The score the tally makes (the walk's summary before writing, and what is written), flagged if forced; a
    value the score still needs is said, with the table without it (the tally stands: 'set' gives the value)."""
    from scorekeeper.core.protocol import MissingValueError
    from scorekeeper.render.report import render_score

    try:
        echo(render_score(made.score(), title=made.game.title, width=width()), fit=True)
    except MissingValueError as exc:
        if exc.table is not None:
            echo(render_score(exc.table, title=made.game.title, width=width()), fit=True)
        echo(f"not scored yet: {exc}", fit=True)
    if flag and made.replay().errors:
        click.echo("flagged: the table breaks the game's checks (recorded with --force); see 'scorekeeper check'")
