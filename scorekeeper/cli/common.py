"""What every command shares: the session it reads (``ctx.obj``, ``open_session``), the common options, errors.

The domain errors (``scorekeeper.errors``) are raised as they are; ``scorekeeper.cli.main`` shows each as one
line with its exit code (``Shown``). A game's recording commands are made in ``scorekeeper.cli.recording``.
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping

import click

from scorekeeper.app.session import Session, Verdict
from scorekeeper.errors import REFUSED, BadInput, Refused, ScorekeeperError, clip_message
from scorekeeper.cli.output import say

SESSION_ENV = "SCOREKEEPER_SESSION"


# -- errors: one line, the right exit code, never a traceback ----------------------------------------


class Shown(click.ClickException):
    """A domain error (``scorekeeper.errors``) as the CLI shows it: its one line on stderr (``error: …`` for bad
    input), its exit code (1 refused, 2 bad usage or unreadable input); a word that echoes a huge argument
    is clipped."""

    def __init__(self, exc: ScorekeeperError) -> None:
        from scorekeeper.render.verdicts import refusal_text  # a refused play: each broken rule with its summary

        super().__init__(clip_message(refusal_text(exc)))
        self.exit_code = exc.exit_code  # type: ignore[misc]  # Click reads it from the exception
        self.plain = exc.exit_code == REFUSED or isinstance(exc, Refused) and exc.asks  # a refusal, or a prompt

    def show(self, file: Any = None) -> None:
        from scorekeeper.cli.output import error

        error(self.message if self.plain else f"error: {self.message}")


def domain_error(exc: BaseException) -> ScorekeeperError | None:
    """``exc`` as the domain error it means: the errors' own; a game's setup or a missing printed value (refused);
    a setting's value (bad input). None for anything else."""
    from scorekeeper.core.settings import SettingError
    from scorekeeper.core.protocol import GameSetupError, MissingValueError

    if isinstance(exc, ScorekeeperError):
        return exc
    if isinstance(exc, SettingError):
        return BadInput(str(exc))
    if isinstance(exc, (GameSetupError, MissingValueError)):
        return Refused(str(exc))
    return None


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


# -- domain values ---------------------------------------------------------------------------------


class Domain(click.ParamType):
    """A domain value (``player``, or a field of the game's plays: shop, location, card, space…).

    Typed as the game accepts it (a unique prefix; the game completes and judges it); the shell completes it
    as the table does (``complete_now``: the values legal now, with their words; players: the session's).
    """

    def __init__(self, field: str) -> None:
        self.field = self.name = field

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        if self.field != "player":  # the values legal now, each with its words, as the table offers them
            return complete_now(ctx, param, incomplete)
        try:
            players = list(completing(ctx).players)
        except Exception:  # noqa: BLE001 (a completion never fails the shell)
            return []
        return items((v, "") for v in players if v.lower().startswith(incomplete.lower()))


def completing(ctx: click.Context) -> Session:
    """The session a completion reads: ``--session``/``-s`` as typed so far (completion runs no callback), else
    the table's (``ctx.obj``), else ``$SCOREKEEPER_SESSION`` or the current one."""
    root: click.Context | None = ctx
    while root is not None and not root.params.get("session"):
        root = root.parent
    chosen = ctx.find_object(Chosen)
    return Session.open(session_path(root.params["session"] if root else chosen.session if chosen else None))


def items(found: Iterable[tuple[str, str]]) -> list[Any]:
    """Completion candidates with their words (shown by zsh, fish and the table)."""
    from click.shell_completion import CompletionItem

    return [CompletionItem(value, help=words or None) for value, words in found]


def given_words(ctx: click.Context, param: click.Parameter) -> dict[str, str]:
    """The words typed for the other parameters; with those Click left unread before an option's value."""
    unset = [p.name for p in ctx.command.params if isinstance(p, click.Argument) and not ctx.params.get(p.name)]
    return {k: str(v) for k, v in [*ctx.params.items(), *zip(unset, ctx.args)] if type(v) in (str, int) and k != param.name}


def complete_now(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Completes a parameter with the values legal now (``app.completion.described``), given the words typed
    for the others: an 8 Dragons placement a piece at a time, an event number with its event."""
    from scorekeeper.app.completion import described

    try:
        return items(described(completing(ctx), ctx.command.name or "", param.name or "", incomplete,
                               given_words(ctx, param)))
    except Exception:  # noqa: BLE001 (a completion never fails the shell)
        return []


def complete_games(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Completes a game (``new``), or a game or a rule ID (``rules``), each with its title or summary."""
    from scorekeeper.app.completion import games, rule_ids

    return items([*games(incomplete), *(rule_ids(incomplete) if ctx.command.name == "rules" else [])])


def complete_format(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
    """Completes ``--format``: the table formats and csv."""
    from scorekeeper.render.report import known_formats

    return items((f, "") for f in known_formats() if f.startswith(incomplete))


# -- options# -- options ---------------------------------------------------------------------------------------


def session_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--session",
        "session",
        type=click.Path(dir_okay=False),
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
        shell_complete=complete_format,
        help="Table format: any tabulate format (simple, github, grid, rounded_outline, html…) or csv.",
    )(func)


def reading_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--session``, ``--json`` and ``--format`` for a command that prints a table."""
    return session_option(json_option(format_option(func)))


def recording_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--session``, ``--force`` and ``--json`` for a command that records an event."""
    func = click.option(
        "--force", is_flag=True, help="Record the play even if it breaks a rule: it is flagged and carried out as the table played it."
    )(func)
    return session_option(json_option(func))


def check_format(fmt: str) -> str:
    from scorekeeper.render.report import known_formats

    if fmt not in known_formats():
        raise BadInput(f"unknown --format {fmt!r}; try simple, github, grid, rounded_outline, html or csv")
    return fmt


def emit_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


# -- the session -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Chosen:
    """Click's context object (``ctx.obj``): the session chosen before the command, by ``scorekeeper -s PATH``
    or by the interactive table; every command of the invocation reads it (``chosen_path``)."""

    session: str


def chosen_path(explicit: str | None) -> str | None:
    """The session a command names: its own ``--session``, else the one chosen before it (``-s PATH``, the
    table's: ``ctx.obj``), else ``$SCOREKEEPER_SESSION``; None when none is named."""
    if explicit:
        return explicit
    ctx = click.get_current_context(silent=True)
    chosen = ctx.find_object(Chosen) if ctx is not None else None
    return chosen.session if chosen is not None else os.environ.get(SESSION_ENV) or None


def session_path(explicit: str | None) -> str:
    """The session named (``chosen_path``), else the current session; exit 2 when there is none."""
    explicit = chosen_path(explicit)
    if explicit:
        return explicit
    from scorekeeper.cli.home import current_session

    current = current_session()
    if current is None:
        raise BadInput("no current session: create one with 'scorekeeper new GAME --players A,B' or pass --session PATH")
    return current


def open_session(explicit: str | None, game_name: str | None = None, *, lazy: bool = False,
                 warn: bool = True, cached: bool = True, writing: bool = False) -> Session:
    """Read the session (no lock; another game's: exit 2); warn of a broken chain; writes keep the witness.

    ``lazy``: a command that reads the journal only loads the game only if it asks for it. ``warn=False``:
    the caller warns (``warn_of_broken_chain``) when it reads the whole chain (``writing``: ``chain_warning``).
    """
    s = Session.open(session_path(explicit), game_name, on_write=witness_hook(), lazy=lazy, cached=cached)
    if warn:
        warn_of_broken_chain(s, writing)
    return s


def warn_of_broken_chain(s: Session, writing: bool = False) -> None:
    """Print the warning of a journal that fails ``verify`` (on stderr), if it does."""
    warning = s.chain_warning(writing)
    if warning:
        say(f"warning: {warning}", err=True)


def witness_hook() -> Any:
    """The write hook that keeps this machine's witness of each session in the user's folder."""
    from scorekeeper.cli.home import home
    from scorekeeper.core.witness import Witness

    return Witness(home(), lambda message: say(f"warning: {message}", err=True))


# -- recording -------------------------------------------------------------------------------------


def show_verdict(verdict: Verdict, as_json: bool, show_next: bool = True) -> None:
    """Print a recorded play's verdict, as text or JSON."""
    if as_json:
        emit_json(verdict.to_json())
    else:
        from scorekeeper.render.verdicts import verdict_lines

        say("\n".join(verdict_lines(verdict, show_next)))


@contextmanager
def json_refusals(as_json: bool, session: Session | None) -> Iterator[None]:
    """With ``--json``, a refusal is printed on stdout as JSON (its kind, its rule findings, what is legal now);
    exit 1, or 2 for an incomplete play (``"kind": "ask"``)."""
    try:
        yield
    except Refused as exc:
        if not as_json:
            raise
        from scorekeeper.render.verdicts import refusal_json

        refusal = refusal_json(exc)
        if session is not None:
            refusal["expected"] = session.expect().to_json()
        emit_json(refusal)
        raise click.exceptions.Exit(exc.exit_code) from None
