"""Session commands that move a session in and out: export, import."""

from __future__ import annotations

from pathlib import Path

import click

from scorekeeper.cli.common import emit_json, json_option, open_session, session_option
from scorekeeper.errors import BadInput, Refused
from scorekeeper.cli.session import command
from scorekeeper.app.creation import default_path
from scorekeeper.exports import TARGETS
from scorekeeper.cli.output import say


@command("export")
@session_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file instead of standard output.")
@click.option("--to", "target", type=click.Choice(TARGETS), default="jsonl", show_default=True,
              help="jsonl: the journal; bgstats: a BG Stats play file (.bgsplay); bgstats-link: BG Stats' "
                   "push-a-play link; csv, markdown: the final table and score sheet for a club's records; "
                   "tally: the state as a tally file (for 'tally --from' or 'new GAME --from').")
@click.option("--bgg-id", type=click.IntRange(min=1),
              help="The game's BoardGameGeek id, for BG Stats; remembered for the game's later exports.")
@click.option("--me", metavar="PLAYER", help="For BG Stats: the player who exports (default: the first player).")
@click.option("--location", default="", metavar="PLACE", help="For BG Stats: where the game was played.")
@click.option("--new-player", "new_players", multiple=True, metavar="PLAYER",
              help="For BG Stats: a player who played the game for the first time (repeat for each).")
@click.option("--qr", is_flag=True, help="With --to bgstats-link: the link as a QR code, in the terminal or "
              "(-o FILE.svg|FILE.png) as an image, for the phone where BG Stats is installed.")
@click.option("--at", "at", type=int, metavar="N", help="With --to tally: the table as it stood just before event N.")
@click.option("--force", is_flag=True, help="Replace the -o file when it exists.")
def export(session: str | None, output: str | None, target: str, bgg_id: int | None, me: str | None,
           location: str, new_players: tuple[str, ...], qr: bool, at: int | None, force: bool) -> None:
    """Export the session: its journal as JSON lines (a header, then one event per line), or a finished game's
    result for BG Stats or a club's records.

    Example: scorekeeper export --to bgstats --me Ann -o tuesday.bgsplay
    """
    from scorekeeper.cli.home import remember_bgg_id, remembered_bgg_ids
    from scorekeeper.core.journal import atomic_write
    from scorekeeper.exports import Options, export_text

    if qr and (target != "bgstats-link" or (output and Path(output).suffix.lower() not in (".svg", ".png"))):
        raise BadInput("--qr draws the BG Stats link: use it with --to bgstats-link, and -o FILE.svg or FILE.png")
    if output and Path(output).exists() and not force:
        raise Refused(f"{output}: already exists; choose another file, or replace it with --force")
    opened = open_session(session, lazy=True, cached=False)
    game = opened.journal.meta.game
    options = Options(bgg_id or remembered_bgg_ids().get(game), opened.player(me) if me is not None else None,
                      location.strip(), qr, tuple(opened.player(name) for name in new_players), at)
    text, what = export_text(opened, target, options)
    if qr:
        show_qr(text.strip(), output)
    elif output:
        atomic_write(Path(output), text)
        say(f"exported {what} to {output}")
    else:
        click.echo(text, nl=False)
    if bgg_id is not None and target.startswith("bgstats"):
        remember_bgg_id(game, bgg_id)


def show_qr(link: str, output: str | None) -> None:
    """The link's QR code written to ``output`` (SVG or PNG, atomically), or drawn in the terminal when it fits
    (a BG Stats link rarely fits 80×24: then one line points to ``serve``'s ``/bgstats`` page and ``-o``)."""
    from scorekeeper.cli.output import width
    from scorekeeper.core.journal import atomic_write
    from scorekeeper.render.qr import qr_image, qr_lines

    if output:
        atomic_write(Path(output), qr_image(link, "png" if output.lower().endswith(".png") else "svg"))
        click.echo(f"wrote the BG Stats link's QR code to {output}")
        return
    import shutil
    import sys

    lines = qr_lines(link, "halves", error="l")  # square modules, two a row; the lowest error correction
    rows = shutil.get_terminal_size((80, 24)).lines if sys.stdout.isatty() else len(lines) + 1  # piped: any height
    if len(lines[0]) > width() or len(lines) + 1 > rows:  # one line: where the phone can get it instead
        raise Refused(f"the QR code ({len(lines[0])}×{len(lines) + 1}) won't fit {width()}×{rows}: "
                      "use serve's /bgstats or -o play.svg")
    click.echo("\n".join(lines + ["scan it with the phone where BG Stats is installed"]))


@command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--session", type=click.Path(dir_okay=False), help="Where to create the new session file.")
@click.option("--allow-edited", is_flag=True,
              help="Import even when the export's hash chain shows an edited history (a note records it).")
@click.option("--from", "source", type=click.Choice(("jsonl", "bgstats")), default="jsonl", show_default=True,
              help="bgstats: a BG Stats export or .bgsplay, each play of our games a session in --into FOLDER.")
@click.option("--into", type=click.Path(file_okay=False), metavar="FOLDER", help="bgstats: where the sessions go.")
@click.option("--games", "games_file", type=click.Path(dir_okay=False), metavar="FILE",
              help="bgstats: lines 'GAME = its name in BG Stats, its BoardGameGeek id'.")
@click.option("--aliases", metavar="FILE", help="bgstats: names that are one player (as in standings).")
@click.option("--me", metavar="NAME", help="bgstats: the name of BG Stats' own player ('me').")
@click.option("--skip-bad", is_flag=True, help="bgstats: import the good plays, list the bad ones.")
@json_option
def import_cmd(file: str, session: str | None, allow_edited: bool, source: str, into: str | None,
               games_file: str | None, aliases: str | None, me: str | None, skip_bad: bool, as_json: bool) -> None:
    """Create a new session from an export; every line is validated, bad lines reported with their numbers.

    An export whose hash chain shows that its history was edited is refused unless --allow-edited.
    --from bgstats: each play of our games in a BG Stats export becomes a results-only session in --into FOLDER.

    Example: scorekeeper import tuesday.jsonl --session tuesday-copy.json
    """
    if source == "bgstats" or into or games_file or aliases or me or skip_bad:
        from scorekeeper.app.bgstats_import import import_from_options
        from scorekeeper.cli import common, home
        from scorekeeper.render.imported import import_summary

        done = import_from_options(source, file, into, games_file, aliases, me, skip_bad, bool(session or allow_edited),
                                   home.home(), home.remembered_bgg_ids(), common.witness_hook())
        emit_json(done.to_json()) if as_json else say(import_summary(done, str(into)))
        return
    from scorekeeper.cli.common import witness_hook
    from scorekeeper.cli.home import remember
    from scorekeeper.app.session import Session
    from scorekeeper.app.transfer import read_export

    export = read_export(Path(file))  # every line validated; then the header, the replay; only then a write
    path = Path(session) if session else default_path(export.meta.game)
    imported = Session.import_export(export, file, path, allow_edited=allow_edited, on_write=witness_hook())
    events = imported.events
    remember(path, export.meta.game, list(export.meta.players))
    replayed = imported.replay()
    if as_json:
        emit_json({"session": str(path), "events": len(events), "hashed": export.hashed,
                   "violations": [v.to_json() for v in replayed.violations]})
        return
    say(f"imported {len(events)} events into {path} (now the current session)")
    if not export.hashed:
        say("note: the export carries no hashes, so nothing proves its history was not edited")
    if replayed.errors:
        say(f"{len(replayed.errors)} recorded play(s) break a rule: see 'scorekeeper check'")
