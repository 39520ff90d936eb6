"""The interactive table (``scorekeeper play``): one session, commands typed without ``scorekeeper GAME``.

Each line is dispatched to the very Click command a one-shot ``scorekeeper …`` runs, so verdicts, refusals and
errors are the same; a refusal or a usage error prints its one line and the table goes on. On a terminal the
line is read through prompt_toolkit (imported here only), with Tab completion of the commands, their options
and the values legal now (``scorekeeper.app.completion``); from a pipe or a file each command is echoed with its
verdict, blank lines and ``#`` comments are skipped.
"""

from __future__ import annotations

import difflib
import os
import shlex
from pathlib import Path
from typing import Any, Iterable, Iterator

import click

from scorekeeper.app.completion import MENU_META, commands_now, described, escape_keys, menu, meta_width, starting_with
from scorekeeper.app import table_line
from scorekeeper.app.session import Session
from scorekeeper.cli import output

#: where the history of typed lines is kept (overridable, for tests)
HISTORY_ENV = "SCOREKEEPER_HISTORY"
#: session commands that make no sense inside the table
OUTSIDE = ("play", "new", "use", "serve")  # serve runs until Ctrl-C: it would hold the table
#: commands whose one argument is free text: the rest of the line, quoted or not
FREE_TEXT = ("note",)
#: the prompt's widest, " › " included: at 80 columns, half the line is left for the command typed
PROMPT_WIDTH = 40


def history_path() -> Path:
    """``$SCOREKEEPER_HISTORY``, else ``$XDG_DATA_HOME/scorekeeper/history`` (``~/.local/share`` by default)."""
    if os.environ.get(HISTORY_ENV):
        return Path(os.environ[HISTORY_ENV])
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "scorekeeper" / "history"


class Table:
    """The session at the table and the commands it understands."""

    def __init__(self, path: Path | str) -> None:
        from scorekeeper.cli import SESSION_COMMANDS, game_commands, main
        from scorekeeper import games
        from scorekeeper.cli.common import witness_hook
        from scorekeeper.app.session import WORKSPACE

        self.path, self.main = Path(path), main
        self.session = Session.open(path, on_write=witness_hook())
        self.identity = self.session.identity  # another session moved over the file later is refused (_run)
        WORKSPACE.keep(self.path, self.session)  # the commands the table runs use this very session
        entry = games.entry(self.session.game.name)
        self.alias = entry.aliases[0] if entry.aliases else entry.name
        group: Any = game_commands(entry)
        self.group = group
        self.session_commands = [c for c in SESSION_COMMANDS if c not in OUTSIDE]
        self.game_words: list[str] = group.list_commands(click.Context(group))
        #: ``scorekeeper GAME `` / ``scorekeeper `` / ``GAME `` before a command, as the one-shot CLI writes it
        self._one_shot = table_line.one_shot_prefix([entry.name, *entry.aliases],
                                                    [*self.game_words, *getattr(group, "shortcuts", {})])

    def as_typed(self, text: str) -> str:
        """``text`` with the commands it names written as typed at the table: ``scorekeeper fc visit SHOP`` and
        ``fc visit SHOP`` → ``visit SHOP``, ``scorekeeper status`` → ``status``."""
        return self._one_shot.sub("", text)

    def refresh(self) -> Session:
        """The session as the file holds it now: read again when another terminal wrote it (a play of ours
        leaves the journal as it wrote it); its replay is kept while the journal's head stays where it was."""
        from scorekeeper.core.journal import Journal

        if isinstance(self.session.journal, Journal):
            self.session.journal.reload()
        return self.session

    def close(self) -> None:
        """Leave the table: the session is no longer kept."""
        from scorekeeper.app.session import WORKSPACE

        WORKSPACE.release(self.path)

    def prompt(self) -> str:
        """``fc · Turn 7 · Ada at GRISTLEGATE › ``: the game and the game's own words for where it stands and
        who acts (``Status.prompt``), cut to ``PROMPT_WIDTH`` columns so that a typed command has room."""
        try:
            status = self.refresh().status()
            text = f"{self.alias} · {status.prompt or status.headline[0]}"
        except Exception:  # a prompt must never stop the table
            text = self.alias
        return (text if len(text) <= PROMPT_WIDTH - 3 else text[:PROMPT_WIDTH - 4] + "…") + " › "

    def words_for(self, words: list[str]) -> list[str]:
        """The words a one-shot command would take: a session command as typed, else the game's."""
        if words and words[0] == "scorekeeper":
            words = words[1:]
        if not words:
            return words
        first = words[0]
        if first in OUTSIDE:
            raise click.UsageError(f"'{first}' is not typed at the table; leave it (Ctrl-D) first")
        if first in self.session_commands or first in (self.session.game.name, *self.session.game.aliases):
            return words
        shortcuts = getattr(self.group, "shortcuts", {})
        if first in self.game_words or first in shortcuts:
            return [self.alias, *words]
        matches = [c for c in [*self.session_commands, *self.game_words] if c.startswith(first.lower())]
        if len(matches) > 1:
            raise click.UsageError(f"{first!r} could be {', '.join(matches)}; type more of it")
        if matches and matches[0] in self.session_commands:
            return [matches[0], *words[1:]]
        if not matches:
            near = difflib.get_close_matches(first.lower(), self.commands(), n=1)
            raise click.UsageError(f"no such command {first!r}" + (f"; did you mean {near[0]}?" if near else "")
                                   + " ('help' lists them)")
        return [self.alias, *words]

    def commands(self) -> list[str]:
        """Every command typed at the table: the plays legal now first, then the game's, then the session's."""
        now = self.legal_now()
        return [*now, *(w for w in [*self.game_words, *self.session_commands, "help"] if w not in now)]

    def legal_now(self) -> list[str]:
        """The commands of the plays the game accepts now (those its hints name), in its order."""
        known = {*self.game_words, *self.session_commands}
        return [w for w in commands_now(self.refresh()) if w in known]

    def describe(self, name: str, limit: int = MENU_META) -> str:
        """A command's description in a few words (its help's first sentence, cut to ``limit``)."""
        if name == "help":
            return "the commands, or help COMMAND, help rules WORDS"
        group = self.group if name in self.game_words else None
        command = self._command(group, name)
        return command.get_short_help_str(limit) if command is not None else ""

    def help_text(self) -> str:
        """``help`` at the table: the plays legal now, the game's commands and the session's, each described."""
        now = self.legal_now()
        pad = max(len(w) for w in [*self.game_words, *self.session_commands])
        width = output.width()

        def lines(names: list[str]) -> list[str]:
            return [f"  {w.ljust(pad)}  {self.describe(w, width - pad - 4)}" for w in names]

        shown = [f"legal now: {', '.join(now) or 'see status'}", "the game's commands:"]
        shown += lines(self.game_words)
        shown += ["the session's commands: " + ", ".join(self.session_commands),
                  "help COMMAND says more about one; help rules WORDS finds the rules that mention them"]
        return "\n".join(shown)

    def help_words(self, words: list[str]) -> list[str]:
        """The one-shot words of ``help COMMAND …`` (its --help) or ``help rules WORDS…`` (the game's rules)."""
        if words[0] == "rules":
            return ["rules", self.alias, *words[1:]]
        return [*self.words_for(words[:1]), "--help"]

    def free_text(self, words: list[str]) -> list[str]:
        """A free-text command's words (``note Bo disputes the toast``): the rest of the line its one argument."""
        command = self._command(None, words[0]) if words and words[0] in FREE_TEXT else None
        if command is None:
            return words
        options = [p for p in command.params if isinstance(p, click.Option)]
        return table_line.free_text(words, {o for p in options if p.is_flag for o in p.opts},
                                    {o for p in options if not p.is_flag for o in p.opts})

    def run_line(self, line: str) -> int:
        """Run one typed line as its one-shot command would, its texts naming commands as typed here; ``help``
        (and ``help COMMAND``, ``help rules WORDS``); its exit code (0 for a blank line)."""
        with output.spoken(self.as_typed):
            try:
                typed = table_line.split(line)
                if typed[:1] == ["help"]:
                    if len(typed) == 1:
                        output.echo(self.help_text(), fit=True)
                        return 0
                    words = self.help_words(typed[1:])
                else:
                    words = self.free_text(self.words_for(typed))
            except ValueError as exc:  # an unclosed quote, a line too long
                output.say(f"error: {exc}", err=True)
                return 2
            except click.UsageError as exc:
                output.say(f"error: {exc.message}", err=True)
                return 2
            if not words:
                return 0
            return self._run(words)

    def _run(self, words: list[str]) -> int:
        from scorekeeper.cli.common import Chosen

        if (gone := self.refresh().replaced_since(self.identity, "nothing was done (leave with Ctrl-D)")):
            output.say(f"refused: {gone}", err=True)
            return 1
        try:  # the table's session is every command's (``ctx.obj``), unless the line names another
            code = self.main.main(words, prog_name="scorekeeper", standalone_mode=False, obj=Chosen(str(self.path)))
        except click.ClickException as exc:
            exc.show()
            code = exc.exit_code
        except click.exceptions.Abort:
            code = 1
        return code if isinstance(code, int) else 0

    # -- completion ----------------------------------------------------------------------------------

    def complete(self, before: str) -> list[str]:
        """The candidates for the word being typed at the end of ``before`` (the line up to the cursor)."""
        return [value for value, _ in self.described(before)]

    def described(self, before: str) -> list[tuple[str, str]]:
        """``complete``'s candidates, each with a few words (a command's help, an event, a rule's summary)."""
        try:
            words = shlex.split(before)
        except ValueError:
            return []
        incomplete = words.pop() if before and not before[-1].isspace() and words else ""
        if not words:
            names = starting_with(self.commands() if incomplete else menu(self.legal_now(), self.game_words,
                                                                          [*self.session_commands, "help"]), incomplete)
            return [(w, self.describe(w, meta_width(names, output.width()))) for w in names]
        try:
            full = self.words_for(list(words))
        except click.UsageError:
            return []
        group = self.group if full[0] == self.alias else None
        name = full[1] if group is not None and len(full) > 1 else full[0]
        command = self._command(group, name)
        if command is None:
            return []
        typed = full[2:] if group is not None else full[1:]
        return self._candidates(command, typed, incomplete)

    def _command(self, group: Any, name: str) -> click.Command | None:
        if group is None:
            return self.main.get_command(click.Context(self.main), name)
        try:
            return group.get_command(click.Context(group), name)  # type: ignore[no-any-return]
        except click.UsageError:
            return None

    def _candidates(self, command: click.Command, typed: list[str], incomplete: str) -> list[tuple[str, str]]:
        """The values for the parameter the word at the cursor fills: an option's value after the option, else
        the first argument still open, read from the words typed as Click reads them for bash (no callback)."""
        from click.core import ParameterSource

        from scorekeeper.cli.common import Chosen, given_words

        options = {opt: p for p in command.params if isinstance(p, click.Option) for opt in p.opts}
        if incomplete.startswith("-"):
            return [(o, "") for o in starting_with([*(o for o in options if o not in typed), "--help"], incomplete)]
        try:
            ctx = command.make_context(command.name, list(typed), resilient_parsing=True, obj=Chosen(str(self.path)))
        except (click.ClickException, click.exceptions.Exit):  # Tab never stops the table
            return []
        param = options[typed[-1]] if typed and typed[-1] in options and not options[typed[-1]].is_flag else next(
            (p for p in command.params if isinstance(p, click.Argument) and (
                p.nargs == -1 or ctx.get_parameter_source(p.name or "") is not ParameterSource.COMMANDLINE)), None)
        if param is None:
            return []
        found = [(v, w) for v, w in described(self.refresh(), command.name or "", param.name or "", incomplete,
                                              given_words(ctx, param)) if v not in typed]
        if not found:  # the command's own completion: the formats, the export targets, the games, the rule IDs
            found = [(item.value, item.help or "") for item in param.shell_complete(ctx, incomplete)]
        return found


# -- reading the commands --------------------------------------------------------------------------


def piped(stream: Any) -> Iterator[str]:
    """The lines of a pipe or a file as text; bytes that are not UTF-8 kept as lone surrogates
    (``surrogateescape``), so that such a line is refused as such an argument is, not the whole input."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        yield from stream
        return
    for raw in buffer:
        yield raw.decode("utf-8", "surrogateescape")


def scripted(table: Table, lines: Iterable[str], keep_going: bool) -> int:
    """Commands from a pipe or a file: each echoed (clipped) with its verdict; exit 1 at the first refused one
    (unless ``keep_going``: then 1 at the end when any was refused); ``exit`` or ``quit`` ends it (TRUST-9)."""
    refused = 0
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line in ("exit", "quit"):
            break
        shown = line.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        click.echo(f"{table.prompt()}{table_line.clipped(shown)}")
        code = table.run_line(line)
        refused += bool(code)
        if code and not keep_going:
            return 1
    return 1 if refused else 0


def interactive(table: Table) -> int:
    """The shell on a terminal: Ctrl-C cancels the line, Ctrl-D leaves; history kept across runs."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.history import FileHistory

    class TableCompleter(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Iterator[Completion]:
            word = document.get_word_before_cursor(WORD=True)
            for candidate, meta in table.described(document.text_before_cursor):  # an option, then a space
                yield Completion(candidate + " " * candidate.startswith("-"), -len(word), candidate, display_meta=meta)

    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    prompt: Any = PromptSession(history=FileHistory(str(path)), completer=TableCompleter(),
                                complete_while_typing=False, key_bindings=escape_keys())
    shown, room = str(table.path), output.width() - 2
    shown = shown if len(shown) <= room else "…" + shown[-(room - 1):]  # its end names it: a path has no spaces
    output.say(f"at the table: {shown}\nTab completes, help lists the commands, Ctrl-C cancels a line, Ctrl-D leaves")
    while True:
        try:
            line = prompt.prompt(table.prompt())
        except KeyboardInterrupt:
            continue
        except EOFError:
            return 0
        if line.strip() in ("exit", "quit"):
            return 0
        table.run_line(line)
