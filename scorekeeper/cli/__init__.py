"""The ``scorekeeper`` command: the session commands, and one lazily loaded group per game."""

from __future__ import annotations

import os
from typing import Any

import click

from scorekeeper import __version__

#: the session commands, in the order ``--help`` lists them (see ``scorekeeper.cli.session``)
SESSION_COMMANDS = (
    "new", "status", "log", "undo", "void", "amend", "note", "assert", "set", "check", "score", "chart", "state",
    "audit", "verify", "report", "branch", "compare", "settings", "export", "import", "standings", "sessions", "use",
    "rules",
)

class MainGroup(click.Group):
    """Session commands first, then the game groups, each imported only when it is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from scorekeeper.games import REGISTRY

        return list(SESSION_COMMANDS) + [g.name for g in REGISTRY]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in SESSION_COMMANDS:
            from scorekeeper.cli import session

            return session.load()[cmd_name]
        from scorekeeper import games

        try:
            entry = games.entry(cmd_name)
        except games.UnknownGameError:
            return None
        return game_commands(entry)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the game groups from the registry, without importing them."""
        from scorekeeper.cli import session
        from scorekeeper.games import REGISTRY

        limit = formatter.width - 6 - max(len(n) for n in self.list_commands(ctx))
        commands = session.load()
        rows = [(name, commands[name].get_short_help_str(limit)) for name in SESSION_COMMANDS]
        with formatter.section("Session commands"):
            formatter.write_dl(rows)
        with formatter.section("Games (record plays: scorekeeper GAME COMMAND …)"):
            formatter.write_dl([(g.name, g.summary) for g in REGISTRY])

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Everything printed goes through ``report.visible``: a control character in a name or a note is shown,
        never sent raw to the terminal."""
        import sys

        from scorekeeper.report import VisibleText

        saved = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = VisibleText(sys.stdout), VisibleText(sys.stderr)  # type: ignore[assignment]
        try:
            return super().main(*args, **kwargs)
        finally:
            sys.stdout, sys.stderr = saved

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        from scorekeeper.errors import not_utf8

        problem = not_utf8(args)  # refused before anything reads it
        if problem:
            raise UsageLine(problem, ctx)
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            raise one_line(exc) from None

    def invoke(self, ctx: click.Context) -> Any:
        from scorekeeper.cli.common import BadInput, Refused, translate_errors
        from scorekeeper.errors import clip, clip_message, failure

        try:
            return translate_errors(lambda: super(MainGroup, self).invoke(ctx))
        except click.UsageError as exc:
            raise one_line(exc) from None
        except click.ClickException as exc:  # a message echoing a 100 kB argument is clipped
            setattr(exc, "message", clip_message(exc.message))
            raise
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except KeyboardInterrupt:
            raise click.Abort() from None
        except BrokenPipeError:  # the reader stopped early (``| head``): nothing to say, nothing went wrong
            import sys

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise click.exceptions.Exit(0) from None
        except Exception as exc:  # never a traceback for a user; SCOREKEEPER_DEBUG=1 shows it
            known = failure(exc)  # a missing folder, a full disk, JSON nested too deeply…: one line
            if known is not None:
                raise (Refused if known.exit_code == Refused.exit_code else BadInput)(str(known)) from None
            if os.environ.get("SCOREKEEPER_DEBUG"):
                raise
            raise Refused(
                f"internal error: {clip(repr(exc))} (see 'scorekeeper log' for what was recorded; "
                "rerun with SCOREKEEPER_DEBUG=1 and report it)"
            ) from None


class UsageLine(click.UsageError):
    """A usage error on one line, ``error: …`` and where the help is (exit code 2), as every other error."""

    def show(self, file: Any = None) -> None:
        hint = f" (see '{self.ctx.command_path} --help')" if self.ctx is not None else ""
        click.echo(f"error: {self.message}{hint}", err=True)


def one_line(exc: click.UsageError) -> click.UsageError:
    """Click's four-line usage error as a ``UsageLine`` (the help shown for a bare group stays as it is)."""
    from scorekeeper.errors import clip_message

    if isinstance(exc, (UsageLine, click.exceptions.NoArgsIsHelpError)):
        return exc
    return UsageLine(clip_message(exc.format_message()), exc.ctx)


def game_commands(entry: Any) -> click.Command:
    """A game's command group: ``scorekeeper.cli.<package>`` when the game has its own words, else the group
    made from its event declarations (``scorekeeper.cli.declared``)."""
    import importlib

    module_name = "scorekeeper.cli." + entry.package.rsplit(".", 1)[-1]
    try:
        group: click.Command = importlib.import_module(module_name).group
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        from scorekeeper.cli.declared import declared_group

        group = declared_group(entry)
    return group


@click.group(cls=MainGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="scorekeeper")
def main() -> None:
    """Scorekeeper: record a dragon board game as you play it, check every play, and score it.

    Games: Emberheart (eh), Flamecraft (fc), 8 Dragons (ed, 8d).

    Example: scorekeeper new emberheart --players Astrid,Bjorn,Cara
    """
