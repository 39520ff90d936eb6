"""The command line, a front door: the ``scorekeeper`` command, its session commands (``session`` registers them
by name, one module each: ``session_*``), one lazily loaded group per game (``declared`` makes a game's commands
from its event declarations, ``emberheart``, ``flamecraft``, ``eight_dragons`` add the words of their own), the one
factory of recording commands (``recording``), the ``play`` table (``shell``, ``play``), the tally walk at the
terminal (``tally_walk``), the placeholders hints show (``placeholders``), the user's folder with the current
session (``home``), and how output reaches the terminal (``output``, ``common``).

Declarations only: no rule and no game state. May import every room below it; a command imports what it uses when
it runs, so ``--help`` loads no game and a read command no writer (``tests/core/test_imports.py``).
"""

from __future__ import annotations

import os
from typing import Any

import click

import scorekeeper.games
from scorekeeper import __version__

#: the session commands, in the order ``--help`` lists them, with their short help (so ``--help`` imports
#: none of them; tests/core/test_command_prefixes.py checks it against each command's own help)
SESSION_COMMANDS: dict[str, str] = {
    'new': 'Create a session for GAME and make it the current one.',
    'status': 'Where the game stands, on one screen: what is expected next, whose turn, each player on a line, '
              'the board in short; --full shows it all, a PART (players, board, notes) shows that part whole. '
              '--json and --format csv are always complete.',
    'log': 'The journal, one line per event, with what replay made of it (applied, rejected, voided…); '
           'paged on a terminal.',
    'undo': 'Void the last event that still counts (undo is itself an event: nothing is deleted).',
    'void': 'Void event SEQ: it stays in the journal but no longer counts.',
    'amend': 'Correct fields of event SEQ (the original stays in the journal; the amendment is a new event).',
    'note': 'Record a free-text note in the journal: a ruling, a dispute, a reminder.',
    'assert': 'Record what the table really shows; replay reports the first event where journal and table disagree.',
    'set': 'Change a mid-game setting (for example a printed value read off the board); recorded as an event.',
    'check': 'Replay the journal and list every play that breaks a rule; exit 1 when there is one.',
    'score': 'The scoring table by category, the winner and the tiebreak; provisional mid-game (--at '
             "N: as it stood just before event N; --timeline: each player's total after every turn or round).",
    'chart': "The score over time: each player's total after every turn or round, drawn in the "
             'terminal or to a file.',
    'state': 'The whole state of the game, now or (with --at N) just before event N.',
    'audit': 'Everything about event SEQ: as recorded, its corrections, the verdict, and the board before it.',
    'verify': "Prove that nobody edited the history: check every event's hash chain; exit 1 naming the "
              'first bad event.',
    'report': "Write the referee's report: one self-contained HTML page (score, chart, violations, "
              'corrections, proof).',
    'branch': 'A what-if copy of the session in NEW, to try another ruling in; the current session stays current.',
    'compare': 'Compare the session (A) with OTHER (B): scores and differences, winners, where '
               'journals and verdicts part.',
    'settings': "The session's settings (the rulebook's open questions): value, where it came from, what it means.",
    'export': 'Export the session: its journal as JSON lines (a header, then one event per line), or a '
              "finished game's result for BG Stats or a club's records.",
    'import': 'Create a new session from an export; every line is validated, bad lines reported with their numbers.',
    'standings': 'Standings over every finished session under PATHS (files or folders, searched recursively).',
    'sessions': 'List the sessions used most recently (the current one marked with *); --all lists every one.',
    'use': 'Make the session file PATH the current session.',
    'play': "Open the table: type plays and session commands without 'scorekeeper GAME'.",
    'serve': 'A live table on the web that every phone at the table reads and records on; Ctrl-C stops it.',
    'tally': 'Score the table as it stands: a session whose one play is the end state, from a file (--from) or '
             'typed player by player in a guided walk (GAME --players A,B).',
    'rules': 'Every rule of a game with a one-line summary and its rulebook section, one rule by its ID, or the '
             'rules of a game that mention some words, best match first.',
}

#: ``--help`` lists the session commands grouped by task, in this order (every command of SESSION_COMMANDS once)
TASKS: dict[str, tuple[str, ...]] = {
    "Start and choose a session": ("new", "play", "sessions", "use", "import", "tally", "serve"),
    "Record and correct": ("note", "undo", "void", "amend", "assert", "set"),
    "Read the game": ("status", "score", "log", "state", "chart", "check", "audit", "settings", "rules"),
    "Settle and share": ("verify", "report", "export", "branch", "compare", "standings"),
}


class MainGroup(click.Group):
    """Session commands first, then the game groups, each imported only when it is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from scorekeeper.games import REGISTRY

        return list(SESSION_COMMANDS) + [g.name for g in REGISTRY]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """A session command or a game, named exactly (or by an alias), or by a unique prefix of its name."""
        from scorekeeper import games

        if cmd_name == "help":
            return help_command
        if cmd_name not in SESSION_COMMANDS:
            try:
                return game_commands(games.entry(cmd_name))
            except games.UnknownGameError:
                pass
            names = self.list_commands(ctx)
            matches = [name for name in names if name.startswith(cmd_name.lower())]
            if len(matches) != 1 and ctx.resilient_parsing:  # shell completion: no error, no command
                return None
            if len(matches) > 1:
                ctx.fail(f"{cmd_name!r} could be {', '.join(sorted(matches))}; type more of it")
            if not matches:
                import difflib

                near = difflib.get_close_matches(cmd_name.lower(), names, n=1)
                ctx.fail(f"no such command {cmd_name!r}" + (f"; did you mean {near[0]}?" if near else ""))
            return self.get_command(ctx, matches[0])
        from scorekeeper.cli import session

        return session.load_one(cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        """Prefixes resolve to the command's full name."""
        _, command, rest = super().resolve_command(ctx, args)
        return (command.name if command else None), command, rest

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """List the session commands by task, then the game groups from the registry, without importing them."""
        from scorekeeper.games import REGISTRY
        from scorekeeper.render.help_text import one_liner

        for task, names in TASKS.items():
            limit = formatter.width - 6 - max(len(n) for n in names)
            with formatter.section(task):
                formatter.write_dl([(name, one_liner(SESSION_COMMANDS[name], limit)) for name in names])
        with formatter.section("Games (record plays: scorekeeper GAME COMMAND …)"):
            formatter.write_dl([(g.name, g.summary) for g in REGISTRY])

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Everything printed goes through ``visible.visible``: a control character in a name or a note is shown,
        never sent raw to the terminal; ``NO_COLOR`` is as it was afterwards (``--no-color`` sets it)."""
        import sys

        from scorekeeper.render.visible import VisibleText

        saved, no_color, no_pager = (sys.stdout, sys.stderr), os.environ.get("NO_COLOR"), os.environ.get("SCOREKEEPER_NO_PAGER")
        sys.stdout, sys.stderr = VisibleText(sys.stdout), VisibleText(sys.stderr)  # type: ignore[assignment]
        try:
            return super().main(*args, **kwargs)
        finally:
            sys.stdout, sys.stderr = saved
            for key, was in (("NO_COLOR", no_color), ("SCOREKEEPER_NO_PAGER", no_pager)):  # as they were
                os.environ.pop(key, None)
                os.environ.update({} if was is None else {key: was})

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
        """Run the command; a domain error (``scorekeeper.errors``) or a known failure of the system becomes its one
        line with its exit code (``common.Shown``), a bug one line that says so."""
        from scorekeeper.cli.common import Shown, domain_error
        from scorekeeper.errors import Refused, clip, clip_message, failure, interrupted

        try:
            return super().invoke(ctx)
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
            if interrupted(exc):  # a Ctrl-C while a module imported, wrapped by Python
                raise click.Abort() from None
            known = domain_error(exc) or failure(exc)  # a refusal, a missing folder, a full disk, JSON nested too deeply…
            if known is not None:
                raise Shown(known) from None
            if os.environ.get("SCOREKEEPER_DEBUG"):
                raise
            raise Shown(Refused(
                f"internal error: {clip(repr(exc))} (see 'scorekeeper log' for what was recorded; "
                "rerun with SCOREKEEPER_DEBUG=1 and report it)"
            )) from None


class UsageLine(click.UsageError):
    """A usage error on one line, ``error: …`` and where the help is (exit code 2), as every other error."""

    def show(self, file: Any = None) -> None:
        from scorekeeper.cli.output import error

        hint = f" (see '{self.ctx.command_path} --help')" if self.ctx is not None else ""
        error(f"error: {self.message}{hint}")


def one_line(exc: click.UsageError) -> click.UsageError:
    """Click's four-line usage error as a ``UsageLine`` (the help shown for a bare group stays as it is)."""
    from scorekeeper.errors import clip_message

    if isinstance(exc, (UsageLine, click.exceptions.NoArgsIsHelpError)):
        return exc
    message, legal = exc.format_message(), legal_now(exc)
    return UsageLine(clip_message(f"{message.rstrip('.')}; {legal}" if legal else message), exc.ctx)


def legal_now(exc: click.UsageError, shown: int = 12) -> str:
    """For a missing argument or option value, what it may be now (``legal now: …``), from the parameter's
    own completion (the game's ``expect``, the journal's events, the games); "" when it offers nothing."""
    if not isinstance(exc, click.MissingParameter) or exc.param is None or exc.ctx is None:
        return ""
    try:
        values = [i.value for i in exc.param.shell_complete(exc.ctx, "") if i.type == "plain" and i.value]  # no file's
    except Exception:  # noqa: BLE001 (an error message never fails for want of a hint)
        return ""
    more = "…" if len(values) > shown else ""
    return f"legal now: {', '.join(map(str, values[:shown]))}{more}" if values else ""


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


@click.command("help")
@click.argument("words", nargs=-1, metavar="[COMMAND]...")
@click.pass_context
def help_command(ctx: click.Context, words: tuple[str, ...]) -> None:
    """The help of scorekeeper, or of a command: help score, help eh place (as scorekeeper eh place --help)."""
    shown = ctx.find_root()
    for word in words:
        command = shown.command.get_command(shown, word) if isinstance(shown.command, click.Group) else None
        if command is None:
            raise click.UsageError(f"{shown.command_path} has no command {word!r}", shown)
        shown = click.Context(command, info_name=command.name, parent=shown)
    click.echo(shown.get_help())


@click.group(cls=MainGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="scorekeeper")
@click.option("-s", "--session", "session", type=click.Path(dir_okay=False), help="The session file, for any "
              "command (as its own --session; default: the current session, or $SCOREKEEPER_SESSION).")
@click.option("--no-color", "no_color", is_flag=True, help="No colour, as with NO_COLOR set (the table too).")
@click.option("--no-pager", "no_pager", is_flag=True, help="Never page a long read-out on a terminal (the table too).")
@click.pass_context
def main(ctx: click.Context, session: str | None, no_color: bool, no_pager: bool) -> None:
    """Scorekeeper: record a dragon board game as you play it, check every play, and score it.

    Games: GAMES.

    Example: scorekeeper new emberheart --players Astrid,Bjorn,Cara
    """
    if no_color:  # as NO_COLOR, for the command and its error (the whole table: ``--no-color play``)
        os.environ["NO_COLOR"] = "1"  # ``MainGroup.main`` puts NO_COLOR back as it was
    os.environ.update({"SCOREKEEPER_NO_PAGER": "1"} if no_pager else {})  # as --no-color (``MainGroup.main``)
    if session:  # ``scorekeeper -s FILE COMMAND``: the command's session unless it names its own (``common.chosen_path``)
        from scorekeeper.cli.common import Chosen

        ctx.obj = Chosen(session)


main.help = (main.help or "").replace("GAMES.", ", ".join(  # the registry's: Emberheart (eh), Flamecraft (fc), …
    f"{g.title} ({', '.join(g.aliases)})" for g in scorekeeper.games.REGISTRY) + ".")
