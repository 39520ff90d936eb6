"""Session commands that record core events: note, void, undo, amend, assert, set."""

from __future__ import annotations

import click

from scorekeeper.cli.common import (complete_now, emit_json, json_refusals, open_session, recording_options, show_verdict,
                                    warn_of_broken_chain)
from scorekeeper.cli.session import command
from scorekeeper.errors import REFUSED

dry_run_option = click.option("--dry-run", is_flag=True, help="Show what it would record and change; write nothing.")


@command("note")
@click.argument("text")
@recording_options
def note(text: str, session: str | None, force: bool, as_json: bool) -> None:
    """Record a free-text note in the journal: a ruling, a dispute, a reminder.

    Example: scorekeeper note "Bjorn disputes the Tavern claim; we let it stand"
    """
    s = open_session(session, lazy=True, warn=False)
    verdict = s.note_without_rules(text)  # with the replay cache's word: no game, no replay
    if verdict is None:
        warn_of_broken_chain(s, writing=True)
        verdict = s.note(text)
    show_verdict(verdict, as_json)


@command("void")
@click.argument("seq", type=int, shell_complete=complete_now)
@click.option("--reason", default="", help="Why the event is void (kept in the journal).")
@dry_run_option
@recording_options
def void(seq: int, reason: str, dry_run: bool, session: str | None, force: bool, as_json: bool) -> None:
    """Void event SEQ: it stays in the journal but no longer counts. Void a void to restore its event.

    Example: scorekeeper void 12 --reason "recorded twice"
    """
    with json_refusals(as_json, s := open_session(session, writing=True)), s.previewing(dry_run):
        show_verdict(s.void(seq, reason, force=force), as_json, show_next=not dry_run)


@command("undo")
@click.option("--reason", default="undo", help="Why (kept in the journal).")
@click.option("-n", "--count", default=1, show_default=True, type=click.IntRange(1, 50),
              help="Undo this many events, newest first (a command that recorded several).")
@dry_run_option
@recording_options
def undo(reason: str, count: int, dry_run: bool, session: str | None, force: bool, as_json: bool) -> None:
    """Void the last event that still counts (undo is itself an event: nothing is deleted).

    Example: scorekeeper undo --count 3
    """
    with json_refusals(as_json, s := open_session(session, writing=True)), s.previewing(dry_run):
        verdicts = s.undo_many(count, reason, force=force)  # all of them, or none
    for n, verdict in enumerate(verdicts):
        show_verdict(verdict, as_json, show_next=n == len(verdicts) - 1 and not dry_run)


@command("amend")
@click.argument("seq", type=int, shell_complete=complete_now)
@click.argument("changes", nargs=-1, required=True, metavar="KEY=VALUE...")
@click.option("-p", "--player", help="Correct the player of the event.")
@dry_run_option
@recording_options
def amend(seq: int, changes: tuple[str, ...], player: str | None, dry_run: bool, session: str | None, force: bool,
          as_json: bool) -> None:
    """Correct fields of event SEQ (the original stays in the journal; the amendment is a new event).

    A value is read as JSON when it parses (3, true, [1,2], {"G":2}), else as text; KEY=null removes a field.
    Use 'scorekeeper log --json' to see an event's fields. A game may read its own shorthand: in 8 Dragons,
    TILE@Q,RrN moves or turns one tile of a placement and keeps the rest (amend 149 T45@0,2r1).

    Example: scorekeeper amend 12 space=4
    """
    with json_refusals(as_json, s := open_session(session, writing=True)), s.previewing(dry_run):
        verdict = s.amend_words(seq, changes, player, force=force)
    show_verdict(verdict, as_json, show_next=not dry_run)


@command("assert")
@click.argument("words", nargs=-1, required=True, metavar="[PLAYER] KEY=VALUE... [PLAYER KEY=VALUE...]...")
@recording_options
def assert_cmd(words: tuple[str, ...], session: str | None, force: bool, as_json: bool) -> None:
    """Record what the table really shows; replay reports the first event where journal and table disagree.

    Like a ledger's balance assertion. The values before any PLAYER are about the whole game; several players
    make one assertion each, recorded together or not at all. A disagreement is recorded all the same, and exits
    1 (as check does); a value no key can take is refused (exit 2).

    Example: scorekeeper assert Astrid flame=3 gear=2 Bjorn flame=1
    """
    verdicts = open_session(session, writing=True).assert_words(words)
    if as_json and len(verdicts) > 1:
        emit_json([v.to_json() for v in verdicts])
    else:
        for verdict in verdicts:
            show_verdict(verdict, as_json, show_next=verdict is verdicts[-1])
    raise click.exceptions.Exit(REFUSED if any(v.findings for v in verdicts) else 0)  # a disagreement: exit 1


@command("set")
@click.argument("assignment", metavar="KEY=VALUE | KEY VALUE")
@click.argument("value", required=False, metavar="")
@recording_options
def set_cmd(assignment: str, value: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Change a mid-game setting (for example a printed value read off the board); recorded as an event.

    Example: scorekeeper set flame_glory 4=5,7=9 (and where the game is played: set location "Ann's kitchen")
    """
    from scorekeeper.core.settings import parse_assignment

    key, raw = (assignment, value) if value is not None else parse_assignment(assignment)
    with json_refusals(as_json, s := open_session(session, writing=True)):
        show_verdict(s.set_setting(key, raw, force=force), as_json)
