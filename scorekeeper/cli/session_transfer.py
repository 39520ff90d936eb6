"""Session commands that move a session in and out: export, import."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from scorekeeper.cli.common import (
    Refused,
    emit_json,
    json_option,
    open_session,
    session_option,
)
from scorekeeper.cli.session import command
from scorekeeper.cli.session_create import default_path



EXPORT_TARGETS = ("jsonl", "bgstats", "bgstats-link", "csv", "markdown")


@command("export")
@session_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file instead of standard output.")
@click.option("--to", "target", type=click.Choice(EXPORT_TARGETS), default="jsonl", show_default=True,
              help="jsonl: the journal; bgstats: a BG Stats play file (.bgsplay); bgstats-link: BG Stats' "
                   "push-a-play link; csv, markdown: the final table and score sheet for a club's records.")
@click.option("--bgg-id", type=click.IntRange(min=1), help="The game's BoardGameGeek id, for BG Stats.")
def export(session: str | None, output: str | None, target: str, bgg_id: int | None) -> None:
    """Export the session: its journal as JSON lines (a header, then one event per line), or a finished game's
    result for BG Stats or a club's records.

    Example: scorekeeper export --to bgstats -o tuesday.bgsplay
    """
    from scorekeeper.journal import atomic_write

    s = open_session(session)
    if target == "jsonl":
        header = {"scorekeeper": "session", **s.journal.meta.to_record()}
        lines = [_json_line(header)] + [_json_line(r) for r in s.journal.records]
        text, what = "\n".join(lines) + "\n", f"{len(s.journal.records)} events"
    else:
        from scorekeeper import __version__, bgstats, report
        from scorekeeper.standings import result_of

        result = result_of(s)
        if not result.final:
            raise Refused(f"the game is not over, so it has no result to export --to {target} "
                          "(see 'scorekeeper status'; 'scorekeeper score' shows the provisional table)")
        text, what = {
            "bgstats": lambda: (bgstats.play_file_text(result, bgg_id, min_players=s.game.min_players,
                                                       max_players=s.game.max_players, version=__version__),
                                "the play for BG Stats"),
            "bgstats-link": lambda: (bgstats.link(result, bgg_id) + "\n", "the BG Stats link"),
            "csv": lambda: (report.club_csv(result), "the final table (CSV)"),
            "markdown": lambda: (report.club_markdown(result), "the final table and score sheet (Markdown)"),
        }[target]()
    if output:
        if Path(output).exists():
            raise Refused(f"{output}: already exists; choose another file")
        atomic_write(Path(output), text)
        click.echo(f"exported {what} to {output}")
    else:
        click.echo(text, nl=False)


def _json_line(data: Any) -> str:
    """One JSON line; the Unicode line separators are escaped so that no reader splits the line."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029").replace("\u0085", "\\u0085")


@command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--session", type=click.Path(dir_okay=False), help="Where to create the new session file.")
@click.option("--allow-edited", is_flag=True,
              help="Import even when the export's hash chain shows an edited history (a note records it).")
@json_option
def import_cmd(file: str, session: str | None, allow_edited: bool, as_json: bool) -> None:
    """Create a new session from an export; every line is validated, bad lines reported with their numbers.

    An export whose hash chain shows that its history was edited is refused unless --allow-edited.

    Example: scorekeeper import tuesday.jsonl --session tuesday-copy.json
    """
    from scorekeeper.cli.common import witness_hook
    from scorekeeper.cli.home import remember
    from scorekeeper.session import Session
    from scorekeeper.transfer import read_export

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
    click.echo(f"imported {len(events)} events into {path} (now the current session)")
    if not export.hashed:
        click.echo("note: the export carries no hashes, so nothing proves its history was not edited")
    if replayed.errors:
        click.echo(f"{len(replayed.errors)} recorded play(s) break a rule: see 'scorekeeper check'")
