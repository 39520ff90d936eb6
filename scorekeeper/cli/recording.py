"""The one way a recording command is made, for every game: its words → its plays → one write → its verdicts.

A game's module makes a ``Recorder`` for its group and declares each command with it: decorating a function of
the words (its docstring is the help), or called on an example (``command(NAME, TYPE, …, text=HELP)(EXAMPLE)``).
The words give the payload of one play, by the player ``-p`` (or a ``who`` argument) names, or ``Plays``: a
function of the session, called under the lock, giving several labelled plays. Either way a command's plays are
recorded in one write (``Session.record_many``): all or none, and a refused play among several is named.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

import click

from scorekeeper.app.session import Session, Verdict
from scorekeeper.cli.common import domain_error, emit_json, json_refusals, open_session, recording_options, show_verdict
from scorekeeper.core.engine import Replay
from scorekeeper.errors import BadInput, ScorekeeperError
from scorekeeper.core.protocol import Draft
from scorekeeper.cli import output

#: how a command names its player: from the session and the name typed (None when none was)
Resolver = Callable[[Session, "str | None"], "str | None"]
#: a command's several plays, made under the lock, each with the label that names it in a refusal (``card 2 (bard)``)
Plays = Callable[[Session], list[tuple[str, Draft]]]
Param = Callable[[Any], Any]


def whose_turn(s: Session, name: str | None) -> str | None:
    """The named player (a unique prefix of their name), else whose turn it is."""
    return s.player(name) if name else s.active_player()


def named(s: Session, name: str | None) -> str | None:
    """The named player (a unique prefix of their name), else None: the game says who."""
    return s.player(name) if name else None


def as_typed(s: Session, name: str | None) -> str | None:
    """The player as typed: the game completes the prefix."""
    return name


# -- how the verdicts are shown: each game's commands keep the outputs they have ---------------------------


@dataclass(frozen=True)
class Voice:
    """How a game's recording commands print their verdicts: as text, as JSON (one play: an object, several: a
    list), and whether a refusal with ``--json`` is JSON on stdout (else its one line on stderr)."""

    text: Callable[[list[Verdict]], None]
    json: Callable[[Verdict], Any] = Verdict.to_json
    json_refusals: bool = True


def _fitted(verdicts: list[Verdict]) -> None:
    for verdict in verdicts:
        show_verdict(verdict, False, verdict is verdicts[-1])


def _each(verdicts: list[Verdict]) -> None:
    from scorekeeper.render.verdicts import verdict_lines

    for verdict in verdicts:
        output.say("\n".join(verdict_lines(verdict, show_next=False)))
    if verdicts[-1].expected:
        output.say(f"next: {verdicts[-1].expected}")


def _with_infos(verdicts: list[Verdict]) -> None:
    from scorekeeper.render.verdicts import verdict_lines

    for verdict in verdicts:  # what the play did (Gold gained, chests taken, pushes…) under its line
        lines = verdict_lines(verdict, verdict is verdicts[-1])
        output.say("\n".join(lines[:1] + [f"  {info}" for info in verdict.infos] + lines[1:]))


#: each verdict fitted to the terminal, coloured on it; "next:" at the end
FITTED = Voice(_fitted)
#: each verdict as it is, "next:" once at the end
EACH = Voice(_each)
#: each verdict fitted to the terminal with what the play did under its line (a shop filled, a deck run out…)
FITTED_INFOS = Voice(_with_infos)
#: each verdict with what the play did; the JSON too; a refusal is one line on stderr
WITH_INFOS = Voice(_with_infos, lambda v: {**v.to_json(), "infos": v.infos}, json_refusals=False)


# -- the factory -------------------------------------------------------------------------------------------


def as_typed_payload(**typed: Any) -> dict[str, Any]:
    """The words as typed: several words as a list, an empty word as none."""
    return {k: list(v) if isinstance(v, tuple) else None if v == "" else v for k, v in typed.items()}


@dataclass(frozen=True)
class Recorder:
    """Makes a game's recording commands in its ``group``: ``recorder(NAME, TYPE, PARAMS…, …)``.

    ``alias`` starts the examples (``scorekeeper eh …``); ``voice`` prints the verdicts; ``player_option``
    (``-p``) is added to each command that takes a player; ``player`` is how a command names its player by
    default; ``tidy`` is the last word on a payload (such as leaving out the words not typed).
    """

    group: click.Group
    game: str
    alias: str
    voice: Voice = FITTED
    player_option: Param | None = None
    player: Resolver = whose_turn
    tidy: Callable[[dict[str, Any]], dict[str, Any]] = field(default=dict)

    def __call__(self, name: str, kind: str, *params: Param, player: Resolver | None | bool = True, text: str = "",
                 build: Callable[..., Any] | None = None,
                 say: Callable[[list[str]], str] | None = None) -> Callable[[Callable[..., Any] | str], click.Command]:
        """A recording command NAME of TYPE plays. Decorating a function of its words: its docstring is the help.
        Called on an EXAMPLE: ``text`` and the example are the help, ``build`` (default: the words as typed)
        makes the payload. ``player``: how ``-p`` names the player (True: the recorder's default; None: no
        ``-p``, a ``who`` argument may name one); ``say`` words what the plays carried out reported."""
        resolver = self.player if player is True else player or None

        def decorate(words: Callable[..., Any] | str) -> click.Command:
            if isinstance(words, str):
                help_text = f"{text}\n\nExample: scorekeeper {self.alias} {words}"
                words = build or as_typed_payload
            else:
                help_text = words.__doc__ or ""

            @functools.wraps(words)
            def record_(session: str | None, force: bool, as_json: bool, **typed: Any) -> None:
                s = open_session(session, self.game, writing=True)
                typed = {p.name: typed[p.name] for p in command.params if p.name in typed}  # as declared
                who, typed_player = typed.pop("who", None), typed.pop("player", None) if resolver else None
                built = words(**typed)
                if callable(built):
                    plays: Plays = built
                else:
                    payload = self.tidy(built)

                    def plays(s: Session) -> list[tuple[str, Draft]]:
                        chosen = named(s, who) if who else resolver(s, typed_player) if resolver else None
                        return [("", Draft(kind, chosen, payload))]

                verdicts, several = record_plays(s, plays, force, as_json and self.voice.json_refusals)
                if as_json:
                    emit_json([self.voice.json(v) for v in verdicts] if several else self.voice.json(verdicts[0]))
                    return
                self.voice.text(verdicts)
                infos = [info for v in verdicts if v.applied for info in v.infos]
                if say and infos:
                    output.say(f"  {say(infos)}")

            decorated: Any = recording_options(record_)
            with_player = (*params, self.player_option) if resolver and self.player_option else params
            for param in reversed(with_player):
                decorated = param(decorated)
            command = self.group.command(name, help=help_text)(decorated)
            return command

        return decorate


# -- recording: every play of a command in one write ---------------------------------------------------------


def record_plays(s: Session, plays: Plays, force: bool, as_json: bool) -> tuple[list[Verdict], bool]:
    """Record the command's plays in one write under the lock (``Session.record_many``): all, or none. The
    verdicts, and whether the plays were several (a list of them, or one labelled play).

    Each play is judged on the board the plays before it left. A refused play among several is named by its
    label (the session refuses them as a whole; ``refused_play`` tells which). ``as_json``: the refusal of a
    single play is printed as JSON (``json_refusals``)."""
    from scorekeeper.cli.placeholders import placeholder_in

    made: list[tuple[str, Draft]] = []
    stage, at = "lock", None  # where a refusal came from: the lock, making the plays, judging them (play ``at``)

    def drafts(current: Replay) -> list[Draft]:
        nonlocal stage, at
        stage = "plays"
        made[:] = plays(s)
        stage = "judging"
        for n, (_, draft) in enumerate(made):
            word = placeholder_in(s.game.name, [draft.player or "", dict(draft.payload)])
            if word:
                at = n
                raise BadInput(f"{word!r} is a placeholder from a hint: type the real value instead")
        return [draft for _, draft in made]

    error: ScorekeeperError | None = None
    try:
        verdicts = s.record_many(drafts, force=force)
    except Exception as exc:
        error = domain_error(exc)
        if error is None:
            raise
    several = len(made) > 1 or bool(made and made[0][0])
    if error is None:
        return verdicts, several
    if stage == "judging" and several:
        at = at if at is not None else refused_play(s, [draft for _, draft in made], force)
        if at is not None:
            before = "" if at == 0 else f"; the {at} before it {'was' if at == 1 else 'were'} not recorded either"
            legal = refused_play(s, [d for n, (_, d) in enumerate(made) if n != at], force) is None  # the rest
            before += f"; the rest is legal: type it again without {made[at][0]}" if legal else ""
            from scorekeeper.render.verdicts import labelled  # each broken rule with its summary

            raise labelled(error, made[at][0], before)
    with json_refusals(as_json and stage != "plays" and not several, s):
        raise error


def refused_play(s: Session, drafts: list[Draft], force: bool) -> int | None:
    """Which of ``drafts`` the session refused as a whole: the first one refused when they are recorded one by one
    into a copy of the journal in memory (None when none is: the refusal was not a play's)."""
    from scorekeeper.core.journal import MemoryJournal

    twin = Session(MemoryJournal(s.journal.meta, s.events), s.game)
    for n, draft in enumerate(drafts):
        try:
            twin.record(draft, force=force)
        except Exception as exc:
            if domain_error(exc) is None:
                raise
            return n
    return None

