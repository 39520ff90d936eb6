"""What a game finds wrong with a play, and the one vocabulary of forced plays.

A game reports each rule problem of a play as a ``Finding``: an *error* (the play breaks a rule) or a *warning*
(the play stands, but is suspicious or rests on an assumption). The table may record a play with ``--force``
although a rule refuses it: a *forced* play. Each error says whether the table can force it:

* a **breach** (``Finding.blocks`` False; ``error``, ``Findings.error``, ``Findings.breach``): the play breaks
  the rule, but the game can still carry it out. A forced play is carried out past it, flagged with the rule.
* a **block** (``Finding.blocks`` True; ``block``, ``Findings.block``, ``Findings.stop``): the play cannot be
  carried out at all (a card that is not there, a player who is not in the game, a choice not named). Even
  forced, the play is kept inert: recorded, flagged, changing nothing, with ``CORE-UNAPPLIED`` saying what to
  record instead.
* an **ask** (``Finding.asks`` True, a block too; ``ask``, ``Findings.ask``): the play is incomplete, a choice
  the player must add is missing (which slot, where a dragon came from, how many sets). It is not a refusal but a
  prompt: the table is told what to add (exit 2, as for a usage error), nothing is written, and ``--force``
  cannot record it (a play the table has not finished saying has nothing to carry out). Replayed from an older
  journal where it was forced, it is a block (a check that was a breach before it asked stays one when forced,
  so that an older journal scores as it did: Flamecraft's FC-SCORE-3).

The game only reports; the engine alone decides (``scorekeeper.core.engine``): a play with an error that is not
forced is refused; a forced play with a block is kept inert; a forced play with breaches only is carried out as
far as the game got (partly, when the rule it breaks leaves part of it undone).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, NoReturn

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Finding:
    """One rule problem found in a play: the engine adds the event's ``seq``.

    ``severity`` is ``"error"`` (the play breaks the rule) or ``"warning"`` (the play is applied, but is
    suspicious or rests on an assumption). ``blocks``: an error that leaves the play impossible to carry out,
    even forced (a *block*); otherwise an error is a *breach*, which a forced play is carried out past. ``asks``:
    a block because the play is incomplete, a choice the player must add (an *ask*: a prompt, never recorded).
    """

    rule: str
    message: str
    severity: str = ERROR
    #: an end finding (``Game.end_findings``) may name the event it belongs to; otherwise the journal's last
    seq: int | None = None
    blocks: bool = False
    asks: bool = False
    #: the draft word (``EventType.draft_words``) the play leaves out or gets wrong, so that a door can offer that
    #: word's control in place (the phone's form): an ask's, or an error's whose fix is one word (a visit that pays
    #: nobody: ``pay``); None when the finding names no single word
    word: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR


def error(rule: str, message: str) -> Finding:
    """A breach: the play breaks ``rule`` (the spec's rule ID; ``message`` says why in plain words), and a forced
    play is carried out all the same."""
    return Finding(rule, message, ERROR)


def block(rule: str, message: str) -> Finding:
    """A block: the play breaks ``rule`` and cannot be carried out, even forced."""
    return Finding(rule, message, ERROR, blocks=True)


def ask(rule: str, message: str, word: str | None = None) -> Finding:
    """An ask: the play cannot be carried out until the player adds a choice; ``message`` says which, as an
    instruction (``say which slot BR-2 goes to: slots 2, 3 take it``); ``word``, the draft word that gives it."""
    return Finding(rule, message, ERROR, blocks=True, asks=True, word=word)


def warning(rule: str, message: str) -> Finding:
    """A suspicious play that is still applied."""
    return Finding(rule, message, WARNING)


class Stop(Exception):
    """Raised by ``Findings.stop``, ``breach`` and ``block``: the rest of the event is not evaluated (the engine
    catches it)."""


class Findings:
    """What ``Game.play`` reports about one event: the one findings contract of every game.

    Errors, by whether the table can force them and whether the evaluation goes on:

    * ``error``: a breach; the evaluation goes on (to report several problems at once);
    * ``breach``: a breach; a play not forced is evaluated no further (a forced one goes on);
    * ``block``: a block; a forced play is evaluated no further (nothing more to carry out), a play not forced
      goes on to report its other problems;
    * ``stop``: a block; the play is evaluated no further;
    * ``ask``: an ask (the play is incomplete: a choice to add); the play is evaluated no further.

    ``warn`` records a play that is legal but suspicious; ``info`` says in plain words what the play did (for
    the verdict). A game may subclass it to carry its own context (the event, the state being played on).
    """

    def __init__(self, forced: bool = False) -> None:
        self.items: list[Finding] = []
        self.infos: list[str] = []
        self.forced = forced

    def add(self, finding: Finding) -> None:
        """Record a finding made elsewhere."""
        self.items.append(finding)

    def extend(self, findings: Iterable[Finding]) -> None:
        """Record several findings."""
        self.items.extend(findings)

    def error(self, rule: str, message: str) -> None:
        """The play breaches ``rule``; keep evaluating."""
        self.items.append(error(rule, message))

    def breach(self, rule: str, message: str) -> None:
        """The play breaches ``rule``: a forced play goes on from here (the table made it all the same), any other
        is evaluated no further."""
        self.items.append(error(rule, message))
        if not self.forced:
            raise Stop

    def block(self, rule: str, message: str) -> None:
        """The play breaks ``rule`` and cannot be carried out: a forced play is evaluated no further; a play not
        forced goes on to report its other problems."""
        self.items.append(block(rule, message))
        if self.forced:
            raise Stop

    def stop(self, rule: str, message: str) -> NoReturn:
        """The play breaks ``rule`` and cannot be carried out; evaluate no further."""
        self.items.append(block(rule, message))
        raise Stop

    def ask(self, rule: str, message: str, word: str | None = None) -> NoReturn:
        """The play lacks a choice the player must add (``message`` says which; ``word``, the draft word that
        gives it): a block that prompts for it; evaluate no further (nothing to judge until the choice is made)."""
        self.items.append(ask(rule, message, word))
        raise Stop

    def warn(self, rule: str, message: str) -> None:
        """The play is applied, but the table should look at it."""
        self.items.append(warning(rule, message))

    def info(self, text: str) -> None:
        """What the play did, in words (``Brandon discards 2 Grunts``)."""
        self.infos.append(text)

    @property
    def failed(self) -> bool:
        """Whether the play is refused, so the game carries it out no further: an error, and not forced."""
        return not self.forced and self.broken

    @property
    def broken(self) -> bool:
        """Whether an error was recorded (forced or not)."""
        return any(f.is_error for f in self.items)

    @property
    def blocked(self) -> bool:
        """Whether a block was recorded: the play cannot be carried out, even forced."""
        return blocked(self.items)

    @property
    def halted(self) -> bool:
        """Whether the game carries the play out no further: refused (``failed``), or ``blocked`` even forced."""
        return self.failed or self.blocked


def asking(findings: Iterable[Finding]) -> list[Finding]:
    """The asks among ``findings`` (the choices the player must still add)."""
    return [f for f in findings if f.asks]


def blocked(findings: Iterable[Finding]) -> bool:
    """Whether one of ``findings`` is a block (an error that leaves the play impossible to carry out)."""
    return any(f.blocks for f in findings)


@dataclass(frozen=True)
class Violation:
    """A finding located in the journal: event ``seq`` broke ``rule``."""

    seq: int
    rule: str
    message: str
    severity: str = ERROR

    def render(self) -> str:
        flag = "" if self.severity == ERROR else " (warning)"
        return f"#{self.seq} {self.rule}{flag}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "rule": self.rule, "severity": self.severity, "message": self.message}
