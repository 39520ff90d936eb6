"""Session commands that read the game: status, log, check, score, state, audit, verify, settings."""

from __future__ import annotations

import click

from scorekeeper.cli.common import (
    check_format, complete_now, emit_json, json_option, open_session, reading_options, session_option, show_verdict,
)
from scorekeeper.errors import BadInput
from scorekeeper.cli.output import echo, page, say, width
from scorekeeper.render.payloads import played_data, score_payload, state_payload, status_payload
from scorekeeper.render.played import played_line
from scorekeeper.render.report import DEFAULT_FORMAT, on_screen
from scorekeeper.render.status_screen import PARTS
from scorekeeper.cli.session import command


@command("status")
@reading_options
@click.argument("parts", nargs=-1, type=click.Choice(PARTS), metavar="[players|board|notes]…")
@click.option("--full", is_flag=True, help="The whole board: every player, every table, every note.")
def status(session: str | None, as_json: bool, fmt: str, parts: tuple[str, ...], full: bool) -> None:
    """Where the game stands, on one screen: what is expected next, whose turn, each player on a line, the
    board in short; --full shows it all, a PART (players, board, notes) shows that part whole. --json and
    --format csv are always complete.

    Example: scorekeeper status board
    """
    from scorekeeper.render.status_screen import render_short, render_status

    s = open_session(session)
    current = s.status()
    errors = s.replay().errors
    if as_json:
        emit_json(status_payload(current, errors, played_data(s)))
        return
    fmt, played = check_format(fmt), played_line(s)
    if fmt == DEFAULT_FORMAT and not (full or parts):
        echo(render_short(current, width(), played), fit=True)
    else:
        echo(render_status(current, fmt, width(), parts or PARTS, played), plain=not on_screen(fmt), fit=True)
    if errors:  # with csv, on stderr: stdout is one table
        echo(f"\n{len(errors)} recorded play(s) break a rule: see 'scorekeeper check'", fg="yellow", fit=True,
             err=fmt == "csv")


@command("log")
@reading_options
@click.option("--last", type=int, metavar="N", help="Only the last N lines (after the other filters).")
@click.option("--player", metavar="P", help="Only the plays of player P (a unique prefix will do).")
@click.option("--type", "kind", metavar="T", help="Only events of type T (place, visit, note, amend…).")
@click.option("--rejected", is_flag=True, help="Only the plays that break a rule (rejected, or forced by the table).")
def log(session: str | None, as_json: bool, fmt: str, last: int | None, player: str | None, kind: str | None,
        rejected: bool) -> None:
    """The journal, one line per event, with what replay made of it (applied, rejected, voided…); paged on a
    terminal. The filters also apply to --json.

    Example: scorekeeper log --last 10 --player Ann
    """
    from scorekeeper.app.log_filter import LogFilterError, filter_log
    from scorekeeper.render.report import render_log

    try:
        rows = filter_log(open_session(session).log(), last=last, player=player, type=kind, rejected=rejected)
    except LogFilterError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        emit_json(rows)
        return
    fmt = check_format(fmt)
    if fmt == "csv":
        echo(render_log(rows, fmt), plain=True)
    else:
        page(render_log(rows, fmt, width()), at_end=True)


@command("check")
@session_option
@json_option
def check(session: str | None, as_json: bool) -> None:
    """Replay the journal and list every play that breaks a rule; exit 1 when there is one.

    Example: scorekeeper check
    """
    from scorekeeper.render.report import violation_lines, violations_json

    s = open_session(session)
    replayed = s.replay()
    if as_json:
        emit_json(violations_json(replayed.violations))
    elif replayed.violations:
        page("\n".join(line for v in replayed.violations for line in violation_lines(v)), lambda t: echo(t, fg="red", fit=True))
    else:
        say(f"no violations in {s.journal.count} events")
    if replayed.errors:
        raise click.exceptions.Exit(1)


@command("score")
@reading_options
@click.option("--explain", is_flag=True, help="Also show, per category, which cards and events produced each point.")
@click.option("--at", "at", type=int, metavar="N", help="The table as it stood just before event N (provisional, most often).")
@click.option("--timeline", is_flag=True, help="Each player's total after every turn or round, instead of the table.")
def score(session: str | None, as_json: bool, fmt: str, explain: bool, at: int | None, timeline: bool) -> None:
    """The scoring table by category, the winner and the tiebreak; provisional mid-game (--at N: as it stood
    just before event N; --timeline: each player's total after every turn or round).

    Example: scorekeeper score --explain
    """
    from scorekeeper.render.verdicts import broken_note
    from scorekeeper.core.protocol import MissingValueError
    from scorekeeper.render.report import render_score

    s = open_session(session)
    if timeline:
        if at is not None or explain:
            raise BadInput("--timeline shows the whole game: leave out --at and --explain (try 'score --at N')")
        from scorekeeper.app.timeline import timeline as over_time
        from scorekeeper.render.chart import table as timeline_table

        steps = over_time(s)
        if as_json:
            emit_json(steps.to_json())
        else:
            click.echo(timeline_table(steps, check_format(fmt)))
        return
    try:
        table = s.score_at(at)
    except MissingValueError as exc:  # the table without the missing value, then what to set (exit 1)
        if exc.table is not None and not as_json:
            echo(render_score(exc.table, check_format(fmt), explain=explain, title=s.game.title, width=width()),
                 plain=fmt == "csv", fit=True)
        raise
    if as_json:
        emit_json(score_payload(table, at, explain))
        return
    if at is not None and fmt != "csv":
        say(f"The score just before event #{at}:\n")
    fmt = check_format(fmt)
    shown = render_score(table, fmt, explain=explain, title=s.game.title, width=width())
    said = played_line(s) if at is None and fmt == DEFAULT_FORMAT else ""  # when and where, known
    (page if explain and on_screen(fmt) else lambda text: echo(text, plain=not on_screen(fmt), fit=True))(
        shown + (f"\n{said}" if said else ""))
    replayed = s.replay(at)
    if replayed.errors:
        echo(f"\nWarning: {broken_note(len(replayed.errors), replayed.counted_errors)}: see 'scorekeeper check'",
             fit=True, err=fmt == "csv")


@command("state")
@reading_options
@click.option("--at", "at", type=int, help="Show the board as it stood just before event N.")
def state(session: str | None, as_json: bool, fmt: str, at: int | None) -> None:
    """The whole state of the game, now or (with --at N) just before event N.

    Example: scorekeeper state --at 12
    """
    from scorekeeper.render.status_screen import render_status

    s = open_session(session)
    if as_json:
        emit_json(state_payload(at, s.snapshot(at)))
        return
    current = s.status(at)
    fmt = check_format(fmt)
    if at is not None and fmt != "csv":
        say(f"The board just before event #{at}:\n")
    echo(render_status(current, fmt, width()), plain=not on_screen(fmt), fit=True)


@command("audit")
@click.argument("seq", type=int, shell_complete=complete_now)
@reading_options
def audit(seq: int, session: str | None, as_json: bool, fmt: str) -> None:
    """Everything about event SEQ: as recorded, its corrections, the verdict, and the board before it.

    Example: scorekeeper audit 12
    """
    from scorekeeper.render.report import text
    from scorekeeper.render.verdicts import audit_lines
    from scorekeeper.render.status_screen import render_status, status_csv

    s = open_session(session)
    audited = s.audit(seq)
    if as_json:
        emit_json(audited.to_json(s.game))
        return
    lines = audit_lines(audited, s.game)
    if check_format(fmt) == "csv":  # one table: the event's lines first, as section 'event'
        echo(status_csv(audited.status_before, lines), plain=True)
        return
    lines += ["", f"The board just before #{seq}:"]
    shown = [text(line, fmt) for line in lines] + [render_status(audited.status_before, fmt, width())]
    (page if on_screen(fmt) else lambda text: echo(text, plain=True, fit=True))("\n".join(shown))


@command("verify")
@session_option
@json_option
@click.option("--head", help="Also check against a head hash noted elsewhere (16 to 64 hexadecimal digits).")
@click.option("--accept-broken-chain", "accept", is_flag=True,
              help="Record a note that accepts the broken chain as it stands, so that recording can go on.")
def verify(session: str | None, as_json: bool, head: str | None, accept: bool) -> None:
    """Prove that nobody edited the history: check every event's hash chain; exit 1 naming the first bad event.

    It also compares the file with what this machine wrote into it (its witness), naming the first event
    missing or changed, and with --head, with a head hash noted elsewhere.

    On a what-if branch, also prove the history it shares with its parent, when the parent file is at hand.

    Example: scorekeeper verify
    """
    from scorekeeper.cli.home import home
    from scorekeeper.app.proof import prove

    s = open_session(session, lazy=True, cached=False)
    if accept:
        show_verdict(s.accept_broken_chain(), as_json)
        return
    proof = prove(s, home(), head)
    if as_json:
        emit_json(proof.to_json())
    else:
        from scorekeeper.render.verdicts import proof_lines

        say("\n".join(proof_lines(proof)))
    if not proof.ok:
        raise click.exceptions.Exit(1)


@command("settings")
@reading_options
@click.option("--game", "game_name", help="List a game's settings and their defaults, without a session.")
def settings_cmd(session: str | None, as_json: bool, fmt: str, game_name: str | None) -> None:
    """The session's settings (the rulebook's open questions): value, where it came from, what it means.

    Example: scorekeeper settings --game flamecraft
    """
    from scorekeeper.render.fitting import fitted
    from scorekeeper.games import settings_rows

    game, rows = settings_rows(game_name) if game_name else open_session(session).settings_rows()
    if as_json:
        emit_json(rows)
    else:
        fmt = check_format(fmt)
        shown = "\n".join(fitted(rows, fmt, width())) if rows or fmt == "csv" else f"{game.title} has no settings"
        echo(shown, plain=not on_screen(fmt), fit=True)
