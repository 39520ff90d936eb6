"""Session commands that read the game: status, log, check, score, state, audit, verify, settings."""

from __future__ import annotations

from typing import Any

import click

from scorekeeper.cli.common import (
    BadInput,
    check_format,
    describe,
    emit_json,
    json_option,
    open_session,
    reading_options,
    session_option,
    show_verdict,
)
from scorekeeper.cli.session import command



@command("status")
@reading_options
def status(session: str | None, as_json: bool, fmt: str) -> None:
    """Where the game stands: round, phase, whose turn, what is expected next, every player's holdings.

    Example: scorekeeper status
    """
    from scorekeeper.report import render_status

    s = open_session(session)
    current = s.status()
    errors = s.replay().errors
    if as_json:
        data = current.to_json()
        data["violations"] = len(errors)
        emit_json(data)
        return
    click.echo(render_status(current, check_format(fmt)))
    if errors:
        click.echo(f"\n{len(errors)} recorded play(s) break a rule: see 'scorekeeper check'")


@command("log")
@reading_options
def log(session: str | None, as_json: bool, fmt: str) -> None:
    """The journal, one line per event, with what replay made of it (applied, rejected, voided…).

    Example: scorekeeper log --format github
    """
    from scorekeeper.report import table

    rows = open_session(session).log()
    if as_json:
        emit_json(rows)
        return
    shown = [{"#": r["seq"], "event": _clip(r["description"], LOG_TEXT_WIDTH), "status": r["status"],
              "notes": ", ".join(filter(None, [r["flags"], " ".join(r["rules"])]))} for r in rows]
    click.echo(table(shown, check_format(fmt)) if shown else "the journal is empty")


LOG_TEXT_WIDTH = 72  # a long note must not widen every line of the log; the whole text is in --json and audit


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


@command("check")
@session_option
@json_option
def check(session: str | None, as_json: bool) -> None:
    """Replay the journal and list every play that breaks a rule; exit 1 when there is one.

    Example: scorekeeper check
    """
    from scorekeeper.report import violations_json

    s = open_session(session)
    replayed = s.replay()
    if as_json:
        emit_json(violations_json(replayed.violations))
    elif replayed.violations:
        for v in replayed.violations:
            click.echo(v.render())
    else:
        click.echo(f"no violations in {len(s.events)} events")
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
    from scorekeeper.report import render_score
    from scorekeeper.timeline import score_at, timeline as over_time

    s = open_session(session)
    if timeline:
        if at is not None or explain:
            raise BadInput("--timeline shows the whole game: leave out --at and --explain (try 'score --at N')")
        from scorekeeper.chart import table as timeline_table

        steps = over_time(s)
        if as_json:
            emit_json(steps.to_json())
        else:
            click.echo(timeline_table(steps, check_format(fmt)))
        return
    table = score_at(s, at)
    if as_json:
        data = {"at": at, **table.to_json()} if at is not None else table.to_json()
        if explain:
            data["explanations"] = table.explain_json()
        emit_json(data)
        return
    if at is not None and fmt != "csv":
        click.echo(f"The score just before event #{at}:\n")
    click.echo(render_score(table, check_format(fmt), explain=explain, title=s.game.title))
    errors = s.replay(at).errors
    if errors:
        click.echo(f"\nWarning: {len(errors)} recorded play(s) break a rule and were not counted: see 'scorekeeper check'")


@command("state")
@reading_options
@click.option("--at", "at", type=int, help="Show the board as it stood just before event N.")
def state(session: str | None, as_json: bool, fmt: str, at: int | None) -> None:
    """The whole state of the game, now or (with --at N) just before event N.

    Example: scorekeeper state --at 12
    """
    from scorekeeper.report import render_status

    s = open_session(session)
    if as_json:
        emit_json({"at": at, "state": s.snapshot(at)})
        return
    current = s.status(at)
    if at is not None:
        click.echo(f"The board just before event #{at}:\n")
    click.echo(render_status(current, check_format(fmt)))


@command("audit")
@click.argument("seq", type=int)
@reading_options
def audit(seq: int, session: str | None, as_json: bool, fmt: str) -> None:
    """Everything about event SEQ: as recorded, its corrections, the verdict, and the board before it.

    Example: scorekeeper audit 12
    """
    from scorekeeper.report import render_status

    s = open_session(session)
    audited = s.audit(seq)
    if as_json:
        emit_json(audited.to_json(s.game))
        return
    recorded, outcome = audited.recorded, audited.outcome
    lines = [f"Event #{seq}: {describe(s.game, recorded)}",
             f"  recorded at {recorded.recorded_at}{' with --force' if recorded.forced else ''}",
             f"  hash {audited.record.get('hash', '')[:16]}…"]
    if outcome and outcome.amended_by:
        lines.append(f"  amended by {', '.join('#%d' % a for a in outcome.amended_by)}: now {describe(s.game, outcome.event)}")
    if outcome and outcome.voided_by:
        lines.append(f"  voided by #{outcome.voided_by}")
    lines.append(f"Verdict: {outcome.status if outcome else 'unknown'}")
    lines += [f"  {v.render()}" for v in (outcome.violations if outcome else [])]
    if audited.notes_after:
        lines += ["Notes recorded after it:"] + [f"  #{e.seq} {e.get('text')}" for e in audited.notes_after]
    lines += ["", f"The board just before #{seq}:", render_status(audited.status_before, check_format(fmt))]
    click.echo("\n".join(lines))


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
    from scorekeeper.journal import verify_chain
    from scorekeeper.whatif import shared_history
    from scorekeeper.witness import check

    s = open_session(session)
    if accept:
        show_verdict(s.accept_broken_chain(), as_json)
        return
    problem = verify_chain(s.journal.meta, s.journal.records)
    shared = shared_history(s)  # None unless the session is a branch
    seen = check(home(), s.path, s.journal.meta, s.journal.records, head)  # this machine's witness, --head
    if as_json:
        emit_json({"intact": problem is None, "events": len(s.journal.records),
                   "head": s.journal.head_hash if problem is None else None,
                   "first_bad_seq": problem.seq if problem else None,
                   "problem": problem.message if problem else None,
                   **({"parent": shared.to_json()} if shared else {}), "witness": seen.to_json()})
    elif problem is None:
        click.echo(f"intact: {len(s.journal.records)} events, head hash {s.journal.head_hash}")
    else:
        click.echo(f"TAMPERED at #{problem.seq}: {problem.message}")
    if shared is not None and not as_json:
        click.echo("\n".join(shared.lines()))
    if not as_json:
        click.echo("\n".join(seen.lines))
    if problem is not None or (shared is not None and not shared.ok) or not seen.ok:
        raise click.exceptions.Exit(1)


@command("settings")
@reading_options
@click.option("--game", "game_name", help="List a game's settings and their defaults, without a session.")
def settings_cmd(session: str | None, as_json: bool, fmt: str, game_name: str | None) -> None:
    """The session's settings (the rulebook's open questions): value, where it came from, what it means.

    Example: scorekeeper settings --game flamecraft
    """
    from scorekeeper import games
    from scorekeeper.report import table
    from scorekeeper.settings import describe as describe_settings

    if game_name:
        game = games.load(games.entry(game_name).name)
        values: dict[str, Any] = {}
        sources: dict[str, str] = {}
    else:
        s = open_session(session)
        game = s.game
        values, sources = s.settings_now()
    rows = describe_settings(game.settings, values, sources)
    for row in rows:
        row["mid-game"] = next(st.mutable for st in game.settings if st.key == row["key"])
    if as_json:
        emit_json(rows)
    else:
        click.echo(table(rows, check_format(fmt)) if rows else f"{game.title} has no settings")
