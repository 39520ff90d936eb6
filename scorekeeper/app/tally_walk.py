"""The guided tally walk's data: the game's questions, the tally its answers make, the running total.

The walk (``scorekeeper tally GAME --players …`` without ``--from``) asks what each game's ``tally`` module
declares (``WALK``: a ``games.tallying.Walk``); the answers build exactly the data of a tally file, which then
goes the way of ``--from`` (``app.tally.tally_session``). The running total is that same tally, judged in memory
and scored by the game's one scoring code: nothing is written until the table confirms.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from scorekeeper.app.tally import Tally
from scorekeeper.app.session import Session
from scorekeeper.errors import BadInput, ScorekeeperError
from scorekeeper.core.tallying import Answers, Question, Walk


def walk_for(game: str) -> tuple[str, Walk]:
    """The game's registered name and its walk (``BadInput`` for a game that has none, or an unknown game)."""
    from scorekeeper import games

    entry = games.entry(game)
    walk = getattr(importlib.import_module(f"{entry.package}.tally"), "WALK", None)
    if not isinstance(walk, Walk):
        raise BadInput(f"{entry.name} has no guided tally; use tally --from FILE")
    return entry.name, walk


def walked_tally(game: str, players: Sequence[str], table: Answers,
                 each: Mapping[str, Answers]) -> Tally:
    """The tally the answers so far make: the same data a tally file holds."""
    _, walk = walk_for(game)
    built = walk.build(players, table, each)
    settings = {**walk.settings(table), **dict(built.get("settings") or {})}
    return Tally(game, tuple(players), settings, built.get("catalog"), dict(built["state"]),
                 "tally typed at the table")


def running_totals(tally: Tally) -> dict[str, float] | None:
    """Each player's total for the tally so far, judged in memory (forced, so that a half-typed table still
    scores) by the game's own scoring; None while it cannot be scored yet (a value the score needs is missing)."""
    return judged(tally).totals


@dataclass
class Judged:
    """The tally so far, judged in memory as ``tally --from`` judges a file (forced, so that a half-typed table
    still scores): each player's total (None while it cannot be scored, ``why`` says what is missing), and what
    the game's checks find wrong with it (``Game.check_state`` and the tally's own), each as ``RULE: message``;
    ``own``: each total without ``apart``, the categories of the score that compare the players (``Walk.compared``)."""

    totals: dict[str, float] | None
    why: str = ""
    problems: tuple[str, ...] = ()
    own: dict[str, float] | None = None
    apart: tuple[str, ...] = ()


def judged(tally: Tally) -> Judged:
    """The tally so far, judged and scored in memory (see ``Judged``); ``own``: each total without the categories
    that compare the players (``Walk.compared``)."""
    from scorekeeper.app.tally import tally_session
    from scorekeeper.core.protocol import MissingValueError

    try:
        trial = tally_session(tally, None, "tally", force=True, readers=False)
    except ScorekeeperError as exc:
        return Judged(None, str(exc).removeprefix("tally: "))
    except Exception as exc:  # a half-typed table the game cannot read yet: said, never a crash of the walk
        return Judged(None, f"{type(exc).__name__}: {exc}")
    problems = tuple(f"{v.rule}: {v.message}" for v in trial.replay().errors)
    try:
        table = trial.score()
    except MissingValueError as exc:  # what the score waits for, in the walk's words (TALLY-29)
        waiting = walk_for(tally.game)[1].waiting
        return Judged(None, waiting(exc.remedy) if waiting else exc.remedy, problems)
    except Exception as exc:  # (a half-typed table the score cannot read yet)
        return Judged(None, str(exc) or type(exc).__name__, problems)
    compared = tuple(c for c in walk_for(tally.game)[1].compared if c in table.categories)
    own = {row.player: row.total - sum(row.categories.get(c, 0) for c in compared) for row in table.rows}
    return Judged({row.player: row.total for row in table.rows}, "", problems, own, compared)


BACK, QUIT, YES = "back", "quit", "yes"
#: one line taken: who it was for (None: the table), the question, its value
Taken = tuple[str | None, Question, Any]
#: a ``many`` question's end: the empty line that closed its list
END = object()


@dataclass
class Progress:
    """Where the walk stands: every line taken so far (who it was for, the question, its value), in order.
    Taking a line back is dropping the last one; where the walk is comes from replaying the lines."""

    walk: Walk
    players: Sequence[str]
    taken: list[Taken] = field(default_factory=list)

    def schedule(self) -> list[tuple[str | None, Question]]:
        """Every question in the order asked: the table's (those its answers so far call for), then each
        player's (those the player's answers so far call for)."""
        table, each = self.answers()
        asked = self.walk.asked(table)
        return [(None, q) for q in asked] + [(p, q) for p in self.players for q in self.walk.asked_of(each.get(p, {}))]

    def current(self) -> tuple[str | None, Question] | None:
        """The question asked now, or None once all are answered."""
        at = 0
        order = self.schedule()
        for _, question, value in self.taken:
            if not question.many or value is END:
                at += 1
        return order[at] if at < len(order) else None

    def answers(self, extra: Taken | None = None) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """The table's answers and each player's, by question key (a ``many`` question's items as a list)."""
        table: dict[str, Any] = {}
        each: dict[str, dict[str, Any]] = {}
        for who, question, value in [*self.taken, *([extra] if extra else [])]:
            into = table if who is None else each.setdefault(who, {})
            if question.many:
                items = into.setdefault(question.key, [])
                if value is not END:
                    items.append(value)
            else:
                into[question.key] = value
        return table, each


class Walker:
    """One walk: the game's questions, the lines taken, the tally they make and its running total.

    ``lines`` are the lines taken as typed (a ``back`` drops the last): the answers kept when the table leaves
    (Ctrl-D, ``quit``, a refusal at the end), which ``resume`` types again in a later walk (``tally --resume``)."""

    def __init__(self, game: str, players: Sequence[str]) -> None:
        """``BadInput`` at once for a game or players the game's setup refuses, before anything is asked."""
        from scorekeeper.app.tally import tally_session

        self.game, walk = walk_for(game)
        self.progress = Progress(walk, list(players))
        self.lines: list[str] = []
        tally_session(self.tally(), None, f"{self.game} --players {','.join(players)}", force=True)
        self._problems: tuple[str, ...] = ()

    def tally(self, extra: Taken | None = None) -> Tally:
        table, each = self.progress.answers(extra)
        return walked_tally(self.game, self.progress.players, table, each)

    def resume(self, lines: Sequence[str]) -> int:
        """Type ``lines`` again (a walk left earlier): how many were taken (a line that no longer reads stops it)."""
        for line in lines:
            if self.take(line) is not None:
                break
        self._problems = judged(self.tally()).problems
        return len(self.lines)

    def totals(self, typed: str = "") -> str:
        """The running total, with the line being typed counted when it reads; while it cannot be scored, what
        is still missing."""
        extra = None
        now = self.progress.current()
        if now is not None and typed.strip():
            try:
                extra = (now[0], now[1], now[1].read(typed))
            except (BadInput, ValueError):
                extra = None
        return self._said(judged(self.tally(extra)))

    def _said(self, got: Judged) -> str:
        """The running total in words: while a player is still to be typed, each player's own points, without the
        categories that compare them (TALLY-27: typing one player moves no other's total); what it waits for."""
        if got.totals is None:
            return f"total: not yet ({got.why})" if got.why else "total: not yet (the table so far cannot be scored)"
        walk = self.progress.walk
        if got.apart and got.own is not None and self.progress.current() is not None:
            left = " and ".join(got.apart)
            return f"total without {left} (added once {walk.typed_when}): " + \
                " · ".join(f"{name} {points:g}" for name, points in got.own.items())
        return "total: " + " · ".join(f"{name} {points:g}" for name, points in got.totals.items())

    def after_line(self) -> list[str]:
        """What to say after a line is taken: the running total, and what the line made impossible (each finding of
        the game's checks the tally did not have before it), with how to take it back."""
        got = judged(self.tally())
        new = [p for p in got.problems if p not in self._problems]
        self._problems = got.problems
        return [f"  {self._said(got)}"] + [f"  breaks {p} ('back' takes the line back)" for p in new]

    def problems(self) -> tuple[str, ...]:
        """What the game's checks find wrong with the whole tally (said before 'write it?')."""
        return judged(self.tally()).problems

    def prompt(self) -> str:
        now = self.progress.current()
        if now is None:
            return "write it? (yes, back, quit) > "
        who, question = now
        return f"{who or 'table'} · {question.label} > "

    def take(self, line: str) -> str | None:
        """One line typed: taken, taken back, or refused (the one-line reason); ``QUIT`` or ``YES`` to end."""
        text = line.strip()
        if text.lower() in (QUIT, "exit"):
            return QUIT
        if text.lower() == BACK:
            if self.progress.taken:
                self.progress.taken.pop()
                self.lines.pop()
            return None
        now = self.progress.current()
        if now is None:
            return YES if text.lower() in ("y", YES) else "type yes to write the tally, back or quit"
        who, question = now
        if not text and question.many:
            self.progress.taken.append((who, question, END))
            self.lines.append("")
            return None
        try:
            taken = (who, question, self._read(who, question, text))
            if question.settings is not None:  # a setting the game's setup refuses is said now, not at the end
                from scorekeeper.app.tally import tally_session

                tally_session(self.tally(taken), None, question.label, force=True)
        except BadInput as exc:
            return f"error: {exc} ({question.example})"
        self.progress.taken.append(taken)
        self.lines.append(text)
        return None

    def _read(self, who: str | None, question: Question, text: str) -> Any:
        """A line read as ``question`` reads it, then checked against the players (``of_players``) and the answers
        so far (``within``); ``BadInput`` saying what does not fit."""
        from scorekeeper.core.tallying import suggest

        value = question.read(text)
        if question.of_players and value:  # a name, or a mapping whose "player" is one
            typed = str(value["player"] if isinstance(value, dict) else value)
            found = next((p for p in self.progress.players if p.lower() == typed.lower()), None)
            if found is None:
                raise BadInput(f"{typed!r} is not a player{suggest(typed, list(self.progress.players))} "
                               f"({', '.join(self.progress.players)})")
            value = {**value, "player": found} if isinstance(value, dict) else found
        if question.within is not None:
            table, each = self.progress.answers()
            question.within(value, table if who is None else each.get(who, {}))
        return value

    def words(self, before: str = "") -> tuple[str, ...]:
        """The words Tab offers for the question asked now, given the line typed before the cursor."""
        now = self.progress.current()
        if now is None:
            return (YES, BACK, QUIT)
        who, question = now
        if question.of_players:
            return (*self.progress.players, *question.words)
        if question.complete is None:
            return question.words
        table, each = self.progress.answers()
        return tuple(question.complete(before, table if who is None else each.get(who, {})))

    def completions(self, before: str) -> list[tuple[str, int]]:
        """What Tab completes at the end of ``before``: each word that the end of the line begins (ignoring case),
        with how many characters it replaces; a word with spaces in it (``fire sage``) is matched against as many
        words of the line, so it completes whole."""
        found: list[tuple[str, int]] = []
        for word in dict.fromkeys(self.words(before)):
            size = len(word.split()) or 1
            parts = before.split(" ")
            for n in range(min(size, len(parts)), 0, -1):
                tail = " ".join(parts[-n:])
                if word.lower().startswith(tail.lower()):
                    found.append((word, len(tail)))
                    break
        return found

    def run(self, read: Callable[[str], str], say: Callable[[str], None],
            show: Callable[[Session], None], keep: Callable[[Sequence[str]], None] | None = None) -> Tally | None:
        """The walk: each question's example said once, each line ``read`` after its prompt and taken, the
        running total said after it (and what the line makes impossible), the summary shown (``show``: the tally
        as a session in memory, forced) with the
        game's findings before the question to write it; the tally once confirmed, None when the table left
        (``quit`` or the end of input: nothing written). Ctrl-C clears the line being typed, as in ``play``.
        ``keep`` is given the lines taken after each change, so that leaving keeps them (``tally --resume``)."""
        say(f"Tally of {self.game}: one answer a line, Tab completes;")
        say("'back' takes the last line back; 'quit' leaves, keeping your answers.")
        from scorekeeper.app.tally import tally_session

        asked: Question | None = None
        kept = list(self.lines)
        while True:
            if keep is not None and self.lines != kept:
                kept = list(self.lines)
                keep(kept)
            now = self.progress.current()
            if now is None and asked is not None:
                try:
                    show(tally_session(self.tally(), None, "tally", force=True))
                except ScorekeeperError as exc:  # the summary cannot be made: said, and the walk goes on
                    say(f"error: {exc}")
                for problem in self.problems():
                    say(f"breaks {problem} (write it with --force to record it flagged, or 'back'; refused, "
                        "the answers stay kept for 'tally --resume')")
            if now is not None and now[1] is not asked:
                say(f"{now[1].label}: {now[1].example}")
            asked = now[1] if now is not None else None
            try:
                line = read(self.prompt())
            except KeyboardInterrupt:
                say("(Ctrl-C: line cleared; 'quit' leaves)")
                continue
            except EOFError:
                line = QUIT
            said = self.take(line)
            if line.strip().lower() == BACK:
                asked = None  # the question taken back to is shown again
            if said == QUIT:
                more = f"; your {len(self.lines)} answers are kept: 'scorekeeper tally --resume' goes on" \
                    if self.lines and keep is not None else ""
                say(f"tally left: nothing written{more}")
                return None
            if said == YES:
                return self.tally()
            if said:
                say(said)
            else:
                for part in self.after_line():
                    say(part)
