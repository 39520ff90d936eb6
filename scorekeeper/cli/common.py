"""What every command shares: opening the session, recording an event, the common options, errors.

Game command modules use three things from here: ``recording_options`` (``--session``, ``--force``,
``--json``), ``open_session(path, game)`` and ``record(session, type, player, payload, …)``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import click

from scorekeeper.events import ASSERT, CORE_TYPES, Event
from scorekeeper.games.base import ERROR, Finding, SessionConfig

SESSION_ENV = "SCOREKEEPER_SESSION"


# -- errors: one line, the right exit code, never a traceback ----------------------------------------


class Refused(click.ClickException):
    """The command was understood but refused (a rule, a lock, a missing value): exit code 1."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        click.echo(self.format_message(), err=True)


class BadInput(click.ClickException):
    """Unreadable input or a wrong argument value: exit code 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"error: {self.format_message()}", err=True)


# -- game command groups ---------------------------------------------------------------------------


class PrefixGroup(click.Group):
    """A group whose commands may be typed as any unique prefix (``fc vi`` → ``fc visit``) or a shortcut.

    ``shortcuts`` maps extra names to command names (``{"v": "village"}``); a shortcut wins over a prefix.
    """

    shortcuts: Mapping[str, str] = {}

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command named exactly, by a shortcut, or by a unique prefix."""
        cmd_name = self.shortcuts.get(cmd_name.lower(), cmd_name)
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        matches = [name for name in self.list_commands(ctx) if name.startswith(cmd_name.lower())]
        if len(matches) == 1:
            return super().get_command(ctx, matches[0])
        if len(matches) > 1:
            ctx.fail(f"{cmd_name!r} could be {', '.join(sorted(matches))}; type more of it")
        return None

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        """Resolve prefixes to the command's full name."""
        _, command, rest = super().resolve_command(ctx, args)
        return (command.name if command else None), command, rest


def game_group(name: str, shortcuts: Mapping[str, str] | None = None) -> Callable[[Callable[..., Any]], PrefixGroup]:
    """``@game_group("flamecraft")``: a game's command group, with unique prefixes and optional shortcuts."""

    def decorate(func: Callable[..., Any]) -> PrefixGroup:
        group = click.group(name, cls=PrefixGroup)(func)
        group.shortcuts = dict(shortcuts or {})
        return group

    return decorate


# -- options ---------------------------------------------------------------------------------------


def session_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--session",
        "session",
        type=click.Path(dir_okay=False),
        envvar=SESSION_ENV,
        help=f"The session file (default: the current session; or ${SESSION_ENV}).",
    )(func)


def json_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")(func)


def format_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--format",
        "fmt",
        default="simple",
        show_default=True,
        metavar="FORMAT",
        help="Table format: any tabulate format (simple, github, grid, rounded_outline, html…) or csv.",
    )(func)


def reading_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--session``, ``--json`` and ``--format`` for a command that prints a table."""
    return session_option(json_option(format_option(func)))


def recording_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--session``, ``--force`` and ``--json`` for a command that records an event."""
    func = click.option(
        "--force", is_flag=True, help="Record the play even if it breaks a rule (it is flagged, not applied)."
    )(func)
    return session_option(json_option(func))


def check_format(fmt: str) -> str:
    from scorekeeper.report import known_formats

    if fmt not in known_formats():
        raise BadInput(f"unknown --format {fmt!r}; try simple, github, grid, rounded_outline, html or csv")
    return fmt


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


# -- the session -----------------------------------------------------------------------------------


def session_path(explicit: str | None) -> Path:
    """``--session`` / ``$SCOREKEEPER_SESSION``, else the current session; exit 2 when there is none."""
    if explicit:
        return Path(explicit)
    from scorekeeper.cli.home import current_session

    current = current_session()
    if current is None:
        raise BadInput("no current session: create one with 'scorekeeper new GAME --players A,B' or pass --session PATH")
    return current


@dataclass
class Session:
    """A session as read from disk (no lock held): its journal, game, config and replay."""

    path: Path
    journal: Any
    game: Any
    config: SessionConfig
    _replay: Any = field(default=None, repr=False)

    @property
    def events(self) -> list[Event]:
        return self.journal.events()

    def replay(self, until: int | None = None) -> Any:
        from scorekeeper.engine import replay

        if until is not None:
            return replay(self.events, self.game, self.config, until=until)
        if self._replay is None:
            self._replay = replay(self.events, self.game, self.config)
        return self._replay

    @property
    def state(self) -> Any:
        return self.replay().state

    def status(self) -> Any:
        return self.game.status(self.state)

    def player(self, text: str) -> str:
        """The player named by a unique, case-insensitive prefix of their name."""
        return resolve_player(self.config.players, text)

    def active_player(self) -> str:
        """Whose turn it is; refused (exit 1) when the game expects nobody in particular, saying what it expects."""
        status = self.status()
        if not status.active_player:
            raise Refused(f"it is nobody's turn now (next: {status.expected}); name the player with -p/--player")
        return status.active_player


def resolve_player(players: Sequence[str], text: str) -> str:
    wanted = text.strip().lower()
    exact = [p for p in players if p.lower() == wanted]
    if exact:
        return exact[0]
    matches = [p for p in players if p.lower().startswith(wanted)] if wanted else []
    if len(matches) == 1:
        return matches[0]
    names = ", ".join(players)
    if not matches:
        raise BadInput(f"no player {text!r} in this game; the players are {names}")
    raise BadInput(f"{text!r} could be {' or '.join(matches)}; type more of the name")


def config_of(meta: Any, game: Any) -> SessionConfig:
    """The session's config; a setting the game declared after the session was made takes its default."""
    from scorekeeper.settings import completed

    return SessionConfig(meta.game, tuple(meta.players), completed(game.settings, meta.settings), meta.catalog)


def open_session(explicit: str | None, game_name: str | None = None) -> Session:
    """Read the session (no lock). With ``game_name``, refuse a session of another game (exit 2)."""
    from scorekeeper import games
    from scorekeeper.journal import Journal, JournalError

    path = session_path(explicit)
    try:
        journal = Journal(path)
    except JournalError as exc:
        raise BadInput(str(exc)) from None
    try:
        entry = games.entry(journal.meta.game)
    except games.UnknownGameError:
        raise BadInput(f"{path}: unknown game {journal.meta.game!r} in the session") from None
    game = games.load(entry.name)
    if game_name is not None and games.entry(game_name).name != entry.name:
        alias = entry.aliases[0] if entry.aliases else entry.name
        raise BadInput(f"{path} is a {entry.title} session; record its plays with 'scorekeeper {alias} …'")
    return Session(path, journal, game, config_of(journal.meta, game))


# -- recording -------------------------------------------------------------------------------------


@dataclass
class Recorded:
    """What ``record`` wrote, and what it has to say about it."""

    event: Event
    findings: list[Finding]
    expected: str
    head_hash: str
    description: str

    @property
    def flagged(self) -> bool:
        """A forced play that breaks a rule (recorded, not applied)."""
        return self.event.forced

    def lines(self, show_next: bool = True) -> list[str]:
        """The verdict as text: the recorded line, each finding, and what is expected next."""
        out = [f"#{self.event.seq} recorded: {self.description}"]
        for finding in self.findings:
            label = "DISAGREES" if self.event.type == ASSERT else "FLAGGED" if finding.severity == ERROR else "warning"
            out.append(f"  {label} {finding.rule}: {finding.message}")
        if self.flagged:
            seq = self.event.seq
            out.append(f"  not applied: the game goes on as if #{seq} had not been played; make it legal with "
                       f"'scorekeeper amend {seq} …' or remove it with 'scorekeeper void {seq}'")
        if self.expected and show_next:
            out.append(f"next: {self.expected}")
        return out

    def to_json(self, game: Any = None) -> dict[str, Any]:
        return {
            "recorded": self.event.to_record(),
            "description": self.description,
            "warnings": [
                {"rule": f.rule, "severity": f.severity, "message": f.message} for f in self.findings
            ],
            "expected": self.expected,
            "hash": self.head_hash,
        }


def describe(game: Any, event: Event, journal: Mapping[int, Event] | None = None) -> str:
    """One human line for an event: the game's words for its own events, ours for core ones.

    With the ``journal`` (events by seq), a void also says what it voided.
    """
    if event.type == "void":
        reason = f" ({event.get('reason')})" if event.get("reason") else ""
        target = (journal or {}).get(event.get("target"))
        what = f": {describe(game, target)}" if target is not None and target.type != "void" else ""
        return f"void #{event.get('target')}{reason}{what}"
    if event.type == "amend":
        changes = " ".join(f"{k}={json.dumps(v)}" for k, v in dict(event.get("changes", {})).items())
        who = f" player={event.get('player')}" if event.get("player") else ""
        return f"amend #{event.get('target')}: {changes}{who}"
    if event.type == "note":
        return f"note: {event.get('text')}"
    if event.type == "assert":
        facts = " ".join(f"{k}={v}" for k, v in dict(event.get("facts", {})).items())
        return f"assert {event.player + ' ' if event.player else ''}{facts}"
    if event.type == "set":
        return f"set {event.get('key')}={json.dumps(event.get('value'))}"
    try:
        return game.describe(event)
    except Exception:  # a description must never stop a command
        return f"{event.type} {json.dumps(dict(event.payload))}"


def record(
    session: Session,
    type: str,
    player: str | None,
    payload: Mapping[str, Any] | Callable[[Any], Mapping[str, Any]],
    *,
    force: bool = False,
    as_json: bool = False,
    show_next: bool = True,
    echo: bool = True,
) -> Recorded:
    """Check and record one event under the session lock; print the verdict. Refuse (exit 1) illegal plays.

    ``payload`` may be a function of the replay as it stands under the lock (``undo`` uses that, so that two
    terminals undoing at once undo two different events). The event is acknowledged ("recorded") only after
    the atomic write has returned. ``show_next=False`` leaves out the "next:" line; ``echo=False`` prints nothing
    and leaves the returned ``Recorded`` to the caller (a command that records several events).
    """
    from scorekeeper.engine import replay
    from scorekeeper.journal import JournalError

    game = session.game
    head_before = session.journal.head_hash  # the replay done before the lock is reused if nobody wrote since
    try:
        with session.journal.transaction() as tx:
            config = config_of(tx.meta, game)
            events = tx.events()
            unchanged = session._replay is not None and session.journal.head_hash == head_before
            before = session._replay if unchanged else replay(events, game, config)
            if callable(payload):
                payload = payload(before)
            candidate = Event(tx.next_seq, type, player, dict(payload), "", force)
            if type in CORE_TYPES:
                after = replay([*events, candidate], game, config)
                findings = new_findings(before, after)
                state_after = after.state
            else:
                try:
                    findings = list(game.check(before.state, candidate))
                except Exception as exc:
                    findings = [Finding("CORE-INTERNAL", f"could not check this {type}: {exc!r}")]
                state_after = before.state
            errors = [f for f in findings if f.severity == ERROR]
            if errors and not force and type != ASSERT:  # an assertion records what the table shows, agreeing or not
                raise Refused(refusal_message(errors))
            event = tx.append(type, player, payload, forced=force and bool(errors) and type != ASSERT)
            head = session.journal.head_hash
    except JournalError as exc:
        raise BadInput(str(exc)) from None
    # The event is on disk: nothing below may fail the command.
    try:
        if type not in CORE_TYPES and not errors:
            state_after = game.apply(state_after, event)
        expected = game.status(state_after).expected
    except Exception:
        expected = ""
    result = Recorded(event, findings, expected, head, describe(game, event, {e.seq: e for e in events}))
    if not echo:
        return result
    if as_json:
        emit_json(result.to_json())
    else:
        click.echo("\n".join(result.lines(show_next)))
    return result


def refusal_message(errors: Sequence[Finding]) -> str:
    reasons = "; ".join(f"{f.rule}: {f.message}" for f in errors)
    return f"refused: {reasons} (use --force to record it anyway)"


def new_findings(before: Any, after: Any) -> list[Finding]:
    """Findings in ``after``'s timeline that ``before``'s did not have (a multiset difference)."""
    seen: dict[tuple[int, str, str, str], int] = {}
    for outcome in before.timeline:
        for v in outcome.violations:
            key = (v.seq, v.rule, v.message, v.severity)
            seen[key] = seen.get(key, 0) + 1
    fresh = []
    for outcome in after.timeline:
        for v in outcome.violations:
            key = (v.seq, v.rule, v.message, v.severity)
            if seen.get(key):
                seen[key] -= 1
            else:
                where = "" if outcome is after.timeline[-1] else f"#{v.seq} "
                fresh.append(Finding(v.rule, f"{where}{v.message}".strip(), v.severity))
    return fresh


def parse_value(text: str) -> Any:
    """A command-line value: JSON when it parses (numbers, lists, objects, true/false), else the text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_assignments(pairs: Sequence[str], what: str) -> dict[str, Any]:
    """``key=value`` words → a dict; exit 2 on a word without ``=``."""
    result: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise BadInput(f"{pair!r} is not key=value (for example: {what})")
        result[key.strip()] = parse_value(value.strip())
    return result


def translate_errors(func: Callable[[], Any]) -> Any:
    """Run ``func``; turn the domain errors it meets into one-line messages with the right exit code."""
    from scorekeeper.games import UnknownGameError
    from scorekeeper.games.base import GameSetupError, MissingValueError
    from scorekeeper.journal import JournalBusyError, JournalError
    from scorekeeper.settings import SettingError

    try:
        return func()
    except JournalBusyError as exc:
        raise Refused(str(exc)) from None
    except (JournalError, SettingError, UnknownGameError) as exc:
        raise BadInput(str(exc)) from None
    except (GameSetupError, MissingValueError) as exc:
        raise Refused(str(exc)) from None
