"""The session commands, the same for every game: new, status, log, undo, void, amend, note, assert, set,
check, score, state, audit, verify, settings, export, import, sessions, use."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from scorekeeper.cli.common import (
    SESSION_ENV,
    BadInput,
    Refused,
    check_format,
    config_of,
    describe,
    emit_json,
    reading_options,
    json_option,
    open_session,
    parse_assignments,
    record,
    recording_options,
    session_option,
)

COMMANDS: dict[str, click.Command] = {}


def command(name: str) -> Any:
    """Register a session command under ``name``."""

    def register(func: Any) -> click.Command:
        cmd = click.command(name)(func)
        COMMANDS[name] = cmd
        return cmd

    return register


# -- creating and choosing sessions ----------------------------------------------------------------


@command("new")
@click.argument("game")
@click.option("--players", required=True, help="Player names in seat order, comma-separated.")
@click.option("--set", "overrides", multiple=True, metavar="KEY=VALUE", help="Override a setting (repeatable).")
@click.option("--catalog", type=click.Path(dir_okay=False), help="A JSON file of card faces or a board description.")
@click.option("--session", type=click.Path(dir_okay=False), envvar=SESSION_ENV,
              help="Where to create the session file (default: GAME-DATE-TIME.json here; or $SCOREKEEPER_SESSION).")
@json_option
def new(game: str, players: str, overrides: tuple[str, ...], catalog: str | None, session: str | None,
        as_json: bool) -> None:
    """Create a session for GAME and make it the current one.

    GAME is emberheart (eh), flamecraft (fc) or eight-dragons (ed, 8d). Settings the rulebook leaves open
    have defaults; list them with 'scorekeeper settings' and override them with --set.

    Example: scorekeeper new emberheart --players Astrid,Bjorn,Cara --set side=B
    """
    from scorekeeper import games, settings
    from scorekeeper.cli.home import remember
    from scorekeeper.journal import Journal, SessionMeta, now_iso

    entry = games.entry(game)
    game_obj = games.load(entry.name)
    names = [p.strip() for p in players.split(",") if p.strip()]
    if len(set(n.lower() for n in names)) != len(names):
        raise BadInput("two players have the same name; give each player a distinct name")
    if not game_obj.min_players <= len(names) <= game_obj.max_players:
        raise Refused(
            f"{entry.title} is played by {game_obj.min_players} to {game_obj.max_players} players, "
            f"not {len(names)}; list them with --players A,B,C"
        )
    values, sources = settings.resolve(game_obj.settings, overrides)
    catalog_data = _read_catalog(catalog) if catalog else None
    meta = SessionMeta(entry.name, tuple(names), values, sources, catalog_data, now_iso())
    game_obj.setup(config_of(meta, game_obj))  # raises GameSetupError (refused) for an illegal setup
    path = Path(session) if session else _default_path(entry.name)
    journal = Journal.create(path, meta)
    remember(path, entry.name, names)
    status = game_obj.status(game_obj.setup(config_of(meta, game_obj)))
    if as_json:
        emit_json({"session": str(path), "game": entry.name, "players": names, "settings": values,
                   "expected": status.expected, "hash": journal.head_hash})
        return
    click.echo(f"created {entry.title} session {path} for {', '.join(names)} (now the current session)")
    click.echo(f"next: {status.expected}")


def _default_path(game: str) -> Path:
    from datetime import datetime

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(f"{game}-{stamp}.json")
    counter = 2
    while path.exists():
        path = Path(f"{game}-{stamp}-{counter}.json")
        counter += 1
    return path


def _read_catalog(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise BadInput(f"{path}: cannot read the catalog ({exc.strerror})") from None
    except ValueError as exc:
        raise BadInput(f"{path}: the catalog is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise BadInput(f"{path}: the catalog must be a JSON object")
    return data


@command("sessions")
@json_option
def sessions(as_json: bool) -> None:
    """List the recent sessions, the current one marked with *.

    Example: scorekeeper sessions
    """
    from scorekeeper.cli.home import current_session, recent_sessions
    from scorekeeper.report import table

    current = current_session()
    rows = [
        {"": "*" if current and str(current) == r["path"] else "", "game": r.get("game"),
         "players": r.get("players"), "path": r["path"], "last used": r.get("used")}
        for r in recent_sessions()
    ]
    if as_json:
        emit_json(rows)
    else:
        click.echo(table(rows) if rows else "no sessions yet: scorekeeper new GAME --players A,B")


@command("use")
@click.argument("path", type=click.Path(dir_okay=False))
def use(path: str) -> None:
    """Make the session file PATH the current session.

    Example: scorekeeper use games/tuesday.json
    """
    from scorekeeper.cli.home import remember

    s = open_session(path)
    remember(s.path, s.config.game, list(s.config.players))
    click.echo(f"current session: {s.path} ({s.config.game}: {', '.join(s.config.players)})")


# -- reading the game ------------------------------------------------------------------------------


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

    s = open_session(session)
    outcomes = {o.seq: o for o in s.replay().timeline}
    journal = {e.seq: e for e in s.events}
    rows: list[dict[str, Any]] = []
    for event in s.events:
        outcome = outcomes.get(event.seq)
        status_text = outcome.status if outcome else "?"
        flags = []
        if event.forced:
            flags.append("forced")
        if outcome and outcome.amended_by:
            flags.append("amended by " + ", ".join(f"#{a}" for a in outcome.amended_by))
        if outcome and outcome.voided_by:
            flags.append(f"voided by #{outcome.voided_by}")
        rows.append({
            "seq": event.seq, "type": event.type, "player": event.player, "payload": dict(event.payload),
            "recorded_at": event.recorded_at, "status": status_text, "forced": event.forced,
            "description": describe(s.game, outcome.event if outcome else event, journal),
            "flags": ", ".join(flags),
            "rules": [v.rule for v in outcome.violations] if outcome else [],
        })
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
def score(session: str | None, as_json: bool, fmt: str, explain: bool) -> None:
    """The scoring table by category, the winner and the tiebreak; provisional mid-game.

    Example: scorekeeper score --explain
    """
    from scorekeeper.report import render_score

    s = open_session(session)
    table = s.game.score(s.state)
    if as_json:
        data = table.to_json()
        if explain:
            data["explanations"] = table.explain_json()
        emit_json(data)
        return
    click.echo(render_score(table, check_format(fmt), explain=explain, title=s.game.title))
    errors = s.replay().errors
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
    if at is not None and not 1 <= at <= len(s.events) + 1:
        raise BadInput(f"--at {at}: the journal has events 1 to {len(s.events)}")
    replayed = s.replay(until=at) if at is not None else s.replay()
    if as_json:
        emit_json({"at": at, "state": s.game.snapshot(replayed.state)})
        return
    if at is not None:
        click.echo(f"The board just before event #{at}:\n")
    click.echo(render_status(s.game.status(replayed.state), check_format(fmt)))


@command("audit")
@click.argument("seq", type=int)
@reading_options
def audit(seq: int, session: str | None, as_json: bool, fmt: str) -> None:
    """Everything about event SEQ: as recorded, its corrections, the verdict, and the board before it.

    Example: scorekeeper audit 12
    """
    from scorekeeper.report import render_status

    s = open_session(session)
    records = {r["seq"]: r for r in s.journal.records}
    if seq not in records:
        raise BadInput(f"there is no event #{seq}; the journal has events 1 to {len(records)}")
    outcome = s.replay().outcome(seq)
    before = s.replay(until=seq).state
    status_before = s.game.status(before)
    recorded = s.journal.events()[seq - 1]
    data = {
        "seq": seq,
        "recorded": records[seq],
        "effective": outcome.event.to_record() if outcome else None,
        "status": outcome.status if outcome else None,
        "amended_by": outcome.amended_by if outcome else [],
        "voided_by": outcome.voided_by if outcome else None,
        "violations": [v.to_json() for v in outcome.violations] if outcome else [],
        "notes_after": [{"seq": e.seq, "text": e.get("text")} for e in _notes_after(s, seq)],
        "state_before": s.game.snapshot(before),
    }
    if as_json:
        emit_json(data)
        return
    lines = [f"Event #{seq}: {describe(s.game, recorded)}",
             f"  recorded at {recorded.recorded_at}{' with --force' if recorded.forced else ''}",
             f"  hash {records[seq].get('hash', '')[:16]}…"]
    if outcome and outcome.amended_by:
        lines.append(f"  amended by {', '.join('#%d' % a for a in outcome.amended_by)}: now {describe(s.game, outcome.event)}")
    if outcome and outcome.voided_by:
        lines.append(f"  voided by #{outcome.voided_by}")
    lines.append(f"Verdict: {outcome.status if outcome else 'unknown'}")
    lines += [f"  {v.render()}" for v in (outcome.violations if outcome else [])]
    notes = _notes_after(s, seq)
    if notes:
        lines += ["Notes recorded after it:"] + [f"  #{e.seq} {e.get('text')}" for e in notes]
    lines += ["", f"The board just before #{seq}:", render_status(status_before, check_format(fmt))]
    click.echo("\n".join(lines))


def _notes_after(s: Any, seq: int) -> list[Any]:
    """The notes recorded after event ``seq`` and before the next game event (a ruling, a dispute about it)."""
    from scorekeeper.events import CORE_TYPES, NOTE

    notes = []
    for event in s.events[seq:]:
        if event.type not in CORE_TYPES:
            break
        if event.type == NOTE:
            notes.append(event)
    return notes


@command("verify")
@session_option
@json_option
def verify(session: str | None, as_json: bool) -> None:
    """Prove that nobody edited the history: check every event's hash chain; exit 1 naming the first bad event.

    Example: scorekeeper verify
    """
    from scorekeeper.journal import verify_chain

    s = open_session(session)
    problem = verify_chain(s.journal.meta, s.journal.records)
    if as_json:
        emit_json({"intact": problem is None, "events": len(s.journal.records),
                   "head": s.journal.head_hash if problem is None else None,
                   "first_bad_seq": problem.seq if problem else None,
                   "problem": problem.message if problem else None})
    elif problem is None:
        click.echo(f"intact: {len(s.journal.records)} events, head hash {s.journal.head_hash}")
    else:
        click.echo(f"TAMPERED at #{problem.seq}: {problem.message}")
    if problem is not None:
        raise click.exceptions.Exit(1)


@command("settings")
@reading_options
@click.option("--game", "game_name", help="List a game's settings and their defaults, without a session.")
def settings_cmd(session: str | None, as_json: bool, fmt: str, game_name: str | None) -> None:
    """The session's settings (the rulebook's open questions): value, where it came from, what it means.

    Example: scorekeeper settings --game flamecraft
    """
    from scorekeeper import games
    from scorekeeper.events import SET
    from scorekeeper.report import table
    from scorekeeper.settings import describe as describe_settings

    if game_name:
        game = games.load(games.entry(game_name).name)
        values: dict[str, Any] = {}
        sources: dict[str, str] = {}
    else:
        s = open_session(session)
        game = s.game
        values = dict(s.config.settings)
        sources = {key: s.journal.meta.setting_sources.get(key, "default (setting added after the session was made)")
                   for key in values}
        for outcome in s.replay().timeline:
            if outcome.event.type == SET and outcome.status == "applied" and not outcome.violations:
                values[outcome.event.get("key")] = outcome.event.get("value")
                sources[outcome.event.get("key")] = f"set at #{outcome.seq}"
    rows = describe_settings(game.settings, values, sources)
    for row in rows:
        row["mid-game"] = next(st.mutable for st in game.settings if st.key == row["key"])
    if as_json:
        emit_json(rows)
    else:
        click.echo(table(rows, check_format(fmt)) if rows else f"{game.title} has no settings")


# -- recording core events -------------------------------------------------------------------------


@command("note")
@click.argument("text")
@recording_options
def note(text: str, session: str | None, force: bool, as_json: bool) -> None:
    """Record a free-text note in the journal: a ruling, a dispute, a reminder.

    Example: scorekeeper note "Bjorn disputes the Tavern claim; we let it stand"
    """
    if not text.strip():
        raise BadInput("the note is empty; write its text in quotes")
    record(open_session(session), "note", None, {"text": text}, force=force, as_json=as_json)


@command("void")
@click.argument("seq", type=int)
@click.option("--reason", default="", help="Why the event is void (kept in the journal).")
@recording_options
def void(seq: int, reason: str, session: str | None, force: bool, as_json: bool) -> None:
    """Void event SEQ: it stays in the journal but no longer counts. Void a void to restore its event.

    Example: scorekeeper void 12 --reason "recorded twice"
    """
    s = open_session(session)
    _require_event(s, seq)
    record(s, "void", None, {"target": seq, "reason": reason}, force=force, as_json=as_json)


@command("undo")
@click.option("--reason", default="undo", help="Why (kept in the journal).")
@click.option("-n", "--count", default=1, show_default=True, type=click.IntRange(1, 50),
              help="Undo this many events, newest first (a command that recorded several).")
@recording_options
def undo(reason: str, count: int, session: str | None, force: bool, as_json: bool) -> None:
    """Void the last event that still counts (undo is itself an event: nothing is deleted).

    Example: scorekeeper undo --count 3
    """
    def last_effective(replayed: Any) -> dict[str, Any]:
        target = next(
            (o.seq for o in reversed(replayed.timeline)
             if o.status != "voided" and o.event.type != "void" and o.seq not in undone),
            None,
        )
        if target is None:
            raise Refused("nothing to undo: no event in the journal still counts")
        undone.add(target)
        return {"target": target, "reason": reason}

    undone: set[int] = set()
    for n in range(count):
        record(open_session(session), "void", None, last_effective, force=force, as_json=as_json,
               show_next=n == count - 1)


@command("amend")
@click.argument("seq", type=int)
@click.argument("changes", nargs=-1, required=True, metavar="KEY=VALUE...")
@click.option("-p", "--player", help="Correct the player of the event.")
@recording_options
def amend(seq: int, changes: tuple[str, ...], player: str | None, session: str | None, force: bool,
          as_json: bool) -> None:
    """Correct fields of event SEQ (the original stays in the journal; the amendment is a new event).

    A value is read as JSON when it parses (3, true, [1,2], {"G":2}), else as text; KEY=null removes a field.
    Use 'scorekeeper log --json' to see an event's fields.

    Example: scorekeeper amend 12 space=4
    """
    s = open_session(session)
    _require_event(s, seq)
    payload: dict[str, Any] = {"target": seq, "changes": parse_assignments(changes, "space=4")}
    if player:
        payload["player"] = s.player(player)
    record(s, "amend", None, payload, force=force, as_json=as_json)


@command("assert")
@click.argument("words", nargs=-1, required=True, metavar="[PLAYER] KEY=VALUE...")
@recording_options
def assert_cmd(words: tuple[str, ...], session: str | None, force: bool, as_json: bool) -> None:
    """Record what the table really shows; replay reports the first event where journal and table disagree.

    Like a ledger's balance assertion. Without PLAYER the values are about the whole game.

    Example: scorekeeper assert Astrid flame=3 gear=2
    """
    s = open_session(session)
    player = None
    if words and "=" not in words[0]:
        player, words = s.player(words[0]), words[1:]
    if not words:
        keys = ", ".join(s.game.observable_keys()) or "none"
        raise BadInput(f"say what the table shows as KEY=VALUE; known keys: {keys}")
    facts = parse_assignments(words, "flame=3")
    record(s, "assert", player, {"facts": facts}, force=force, as_json=as_json)


@command("set")
@click.argument("assignment", metavar="KEY=VALUE")
@recording_options
def set_cmd(assignment: str, session: str | None, force: bool, as_json: bool) -> None:
    """Change a mid-game setting (for example a printed value read off the board); recorded as an event.

    Example: scorekeeper set flame_glory=0,1,2,3,5,6,8
    """
    from scorekeeper.settings import find, parse_assignment

    s = open_session(session)
    key, raw = parse_assignment(assignment)
    setting = find(s.game.settings, key)
    if not setting.mutable:
        raise Refused(f"setting {key} is fixed when the session is created (scorekeeper new … --set {key}=…)")
    record(s, "set", None, {"key": key, "value": setting.parse(raw)}, force=force, as_json=as_json)


def _require_event(s: Any, seq: int) -> None:
    if not 1 <= seq <= len(s.events):
        raise BadInput(f"there is no event #{seq}; the journal has events 1 to {len(s.events)}")


# -- export and import -----------------------------------------------------------------------------


@command("export")
@session_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file instead of standard output.")
def export(session: str | None, output: str | None) -> None:
    """Export the session as JSON lines: a header line, then one event per line (hashes included).

    Example: scorekeeper export -o tuesday.jsonl
    """
    from scorekeeper.journal import atomic_write

    s = open_session(session)
    header = {"scorekeeper": "session", **s.journal.meta.to_record()}
    lines = [_json_line(header)] + [_json_line(r) for r in s.journal.records]
    text = "\n".join(lines) + "\n"
    if output:
        if Path(output).exists():
            raise Refused(f"{output}: already exists; choose another file")
        atomic_write(Path(output), text)
        click.echo(f"exported {len(s.journal.records)} events to {output}")
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
    from dataclasses import replace

    from scorekeeper import games
    from scorekeeper.cli.home import remember
    from scorekeeper.engine import replay
    from scorekeeper.events import NOTE, Event
    from scorekeeper.journal import Journal, now_iso
    from scorekeeper.transfer import read_export

    export = read_export(Path(file))
    events = list(export.events)
    if export.chain_problem is not None:
        if not allow_edited:
            raise Refused(
                f"{file}: the exported history was edited ({export.chain_problem.message}); "
                "import it anyway with --allow-edited"
            )
        text = f"imported from {file}, whose hash chain was broken: {export.chain_problem.message}"
        events.append(replace(Event(len(events) + 1, NOTE, None, {"text": text}), recorded_at=now_iso()))
    path = Path(session) if session else _default_path(export.meta.game)
    journal = Journal.create(path, export.meta, events)
    remember(path, export.meta.game, list(export.meta.players))
    game = games.load(export.meta.game)
    replayed = replay(journal.events(), game, config_of(export.meta, game))
    if as_json:
        emit_json({"session": str(path), "events": len(events), "hashed": export.hashed,
                   "violations": [v.to_json() for v in replayed.violations]})
        return
    click.echo(f"imported {len(events)} events into {path} (now the current session)")
    if not export.hashed:
        click.echo("note: the export carries no hashes, so nothing proves its history was not edited")
    if replayed.errors:
        click.echo(f"{len(replayed.errors)} recorded play(s) break a rule: see 'scorekeeper check'")
