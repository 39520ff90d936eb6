"""What a play came to, what an audit found, and why a play was refused: data, no text layout.

``scorekeeper.render.verdicts`` words them (``verdict_lines``, ``audit_lines``, ``refusal_text``); the JSON
forms are here, beside the data. ``describe`` gives one line for an event in the words the game and the core
use for it (the ``description`` of a verdict and of a log row, in text and in JSON alike).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from scorekeeper.app.consequences import Effects
from scorekeeper.core.engine import Outcome, Replay, carried_out
from scorekeeper.core.events import AMEND, ASSERT, NOTE, RESULT, SET, VOID, Event, payload_problem
from scorekeeper.errors import USAGE, Refused
from scorekeeper.core.protocol import Effect, Finding, Game, Status
from scorekeeper.core.tally_event import TALLY, describe_tally


@dataclass
class Verdict:
    """What a play came to: the event (recorded, or only tried), its findings, the states around it."""

    event: Event
    findings: list[Finding]
    before: Any
    after: Any
    expected: str
    description: str
    infos: list[str] = field(default_factory=list)
    recorded: bool = False
    head_hash: str = ""
    #: a correction's effects on the later plays (``None`` for a play)
    effects: "Effects | None" = None
    #: the whole journal replayed with this event at its end (what the next command reads, without a refold)
    replayed: Replay | None = None
    #: what the play gave or cost each player (``Game.effects``), empty when nothing countable changed
    gains: list[Effect] = field(default_factory=list)
    #: what the play did to the end of the game: the end triggered, the final round, the game over and its
    #: winner (``app.ending``; field report FC-V1)
    ending: list[str] = field(default_factory=list)

    @property
    def errors(self) -> list[Finding]:
        """The play's errors; for a correction, also each later play it makes illegal."""
        own = [f for f in self.findings if f.is_error]
        later = self.effects.broken if self.effects else []
        return own + [Finding(v.rule, f"#{v.seq} {v.message}", v.severity) for v in later]

    @property
    def applied(self) -> bool:
        """Whether the game carried the play out (a forced illegal play is, unless the game cannot)."""
        return self.event.type == ASSERT or carried_out(self.event, self.findings)

    def to_json(self) -> dict[str, Any]:
        return {
            "recorded": self.event.to_record(),
            "description": self.description,
            "effects": [e.to_json() for e in self.gains],
            "warnings": [{"rule": f.rule, "severity": f.severity, "message": f.message} for f in self.findings],
            **({"later_plays": self.effects.to_json()} if self.effects is not None else {}),
            **({"ending": list(self.ending)} if self.ending else {}),
            "expected": self.expected,
            "hash": self.head_hash,
        }


@dataclass
class Audit:
    """One event audited: as recorded, its stored record (hashes included), what replay made of it, the notes
    recorded after it, and the state just before it."""

    recorded: Event
    record: Mapping[str, Any]
    outcome: Outcome | None
    notes_after: list[Event]
    before: Any
    status_before: Status
    #: for a ``void`` or an ``amend``: what it did to the later plays
    effects: Effects | None = None
    #: the event in words, with the journal (a void names what it voided, an amendment what it changed)
    description: str = ""

    def to_json(self, game: Game) -> dict[str, Any]:
        outcome = self.outcome
        return {
            "seq": self.recorded.seq,
            "recorded": dict(self.record),
            "effective": outcome.event.to_record() if outcome else None,
            "status": outcome.status if outcome else None,
            "amended_by": outcome.amended_by if outcome else [],
            "voided_by": outcome.voided_by if outcome else None,
            "violations": [v.to_json() for v in outcome.violations] if outcome else [],
            "notes_after": [{"seq": e.seq, "text": e.get("text")} for e in self.notes_after],
            **({"later_plays": self.effects.to_json()} if self.effects is not None else {}),
            "state_before": game.snapshot(self.before),
        }


class PlayRefused(Refused):
    """A play the rules refuse (nothing written): its errors, and for a correction that makes later plays
    illegal, what it would do to them (``kind`` is ``void`` or ``amend``, ``target`` the event it names;
    ``branch``: the session is itself a branch).

    The message is its first line; ``scorekeeper.render.verdicts.refusal_text`` gives the whole text (whether
    ``--force`` can record it, each rule's summary, the later plays a ruling breaks), which the CLI prints.

    A play whose every error is an *ask* (``Finding.asks``: a choice the player must add) is not refused but
    incomplete: ``asks`` is True, its exit code is a usage error's (2) and its message is the prompt alone
    (``incomplete: FC-PLACE-2: say which slot …``)."""

    def __init__(self, errors: Sequence[Finding], kind: str = "", target: Any = None,
                 effects: Effects | None = None, branch: bool = False) -> None:
        first = next((v for v in effects.broken if v.seq != target), None) if effects is not None else None
        if effects is not None and kind == AMEND and first is not None:  # judged as --force would carry it out
            head = f"refused: amending #{target} makes #{first.seq} impossible: {first.rule}: {first.message}"
        elif effects is not None:
            head = (f"refused: {'voiding' if kind == 'void' else 'amending'} #{target} makes "
                    f"{len(effects.broken)} play(s) illegal:")
        else:
            head = f"refused: {'; '.join(f'{f.rule}: {f.message}' for f in errors)}"
        #: the play is incomplete, not refused: every error asks for a choice to add (field report UX-12)
        self.asks = effects is None and bool(errors) and all(f.asks for f in errors)
        if self.asks:
            head = f"incomplete: {'; '.join(f'{f.rule}: {f.message}' for f in errors)}"
            self.exit_code = USAGE
        super().__init__(head, errors)
        self.kind, self.target, self.effects = kind, target, effects
        self.branch = branch  # the session is a branch already (no need to suggest one)
        #: an amendment's first later play made impossible (the refusal names it, with its own rule)
        self.first = first if kind == AMEND else None


def describe(game: Game, event: Event, journal: Mapping[int, Event] | None = None) -> str:
    """One human line for an event: the game's words for its own events, ours for core ones.

    With the ``journal`` (events by seq), a void also says what it voided.
    """
    shape = payload_problem(event.type, event.payload)
    if shape:  # an edited or hand-made core event: shown as stored, never read further
        return f"{event.type} (not readable: {shape}) {json.dumps(dict(event.payload), default=str)[:120]}"
    if event.type == VOID:
        reason = f" ({event.get('reason')})" if event.get("reason") else ""
        target = (journal or {}).get(event.get("target"))
        what = f": {describe(game, target)}" if target is not None and target.type != VOID else ""
        return f"void #{event.get('target')}{reason}{what}"
    if event.type == AMEND:
        return _amendment(game, event, journal)
    own = core_description(event)
    if own is not None:
        return own
    if event.type == TALLY:  # the same event type in every game
        return describe_tally(event)
    try:
        return game.describe(event)
    except Exception:  # a description must never stop a command
        return f"{event.type} {_typed_fields(event.payload)}".rstrip()


def _amendment(game: Game, event: Event, journal: Mapping[int, Event] | None) -> str:
    """An amendment in words: with the ``journal``, the event as it now reads and as it read before (``amend #106:
    now Milo fires up PL-4 taking 2 meat (was: taking 2 iron)``, the words both share said once); without it, the
    fields it changed as typed (``amend #106: good=meat``)."""
    changes, player = event.get("changes", {}), event.get("player")
    target = (journal or {}).get(event.get("target"))
    if isinstance(changes, Mapping) and target is not None and target.type not in (VOID, AMEND, NOTE):
        before = target
        for seq in sorted(journal or {}):
            earlier = (journal or {})[seq]
            if seq < event.seq and earlier.type == AMEND and earlier.get("target") == target.seq \
                    and isinstance(earlier.get("changes"), Mapping):
                before = before.amended(earlier.get("changes"), earlier.get("player"))
        now, was = describe(game, before.amended(changes, player)), describe(game, before)
        if now == was:
            return f"amend #{target.seq}: {now} (unchanged)"
        shared = _shared_start(now, was)
        return f"amend #{target.seq}: now {now} (was: {'…' if shared else ''}{was[shared:]})"
    who = f" player={player}" if player else ""
    return f"amend #{event.get('target')}: {_typed_fields(changes)}{who}"


def _shared_start(now: str, was: str) -> int:
    """Where ``was`` is worth showing from: the start of the clause where ``now`` and ``was`` part (``…Y at 0,1
    turned 1``, after the last ``, ``), else the word before the one where they part (``…slot 2``); 0 when they
    part in the first few words."""
    common = 0
    for a, b in zip(now, was):
        if a != b:
            break
        common += 1
    clause = was.rfind(", ", 0, common) + 2
    parting = was.rfind(" ", 0, common + 1)
    cut = clause if clause >= 12 else was.rfind(" ", 0, max(parting, 0)) + 1
    return cut if cut >= 12 else 0


def _typed_fields(fields: object) -> str:
    """Fields as KEY=VALUE words, each value as typed on the command line (a list as a, b; a record as k:v), never
    as JSON (issue 36)."""
    if not isinstance(fields, Mapping):
        return str(fields)
    return " ".join(f"{k}={_words(v)}" for k, v in fields.items())


def _words(value: object) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_words(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_words(v) for v in value) + "]"
    return _typed(value)


def core_description(event: Event) -> str | None:
    """One human line for a note, an assertion or a setting change (no game needed); None for any other."""
    if event.type == NOTE:
        return f"note: {event.get('text')}"
    if event.type == ASSERT:
        facts = " ".join(f"{k}={_typed(v)}" for k, v in dict(event.get("facts", {})).items())
        return f"assert {event.player + ' ' if event.player else ''}{facts}"
    if event.type == SET:
        return f"set {event.get('key')} to {_said(event.get('value'))}"
    if event.type == RESULT:
        rows = event.get("players") if isinstance(event.get("players"), list) else []
        said = ", ".join(f"{r.get('name')} {r.get('score')}{' (winner)' if r.get('winner') else ''}"
                         for r in rows if isinstance(r, dict))
        return f"result imported from {event.get('source') or 'another app'}: {said}"
    return None


def new_findings(before: Replay, after: Replay) -> list[Finding]:
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


def _said(value: object) -> str:
    """A setting's value in words, never as JSON: a list as its items, a mapping as ``key → value`` pairs."""
    if isinstance(value, dict):
        return ", ".join(f"{k} → {_said(v)}" for k, v in value.items()) or "nothing"
    if isinstance(value, (list, tuple)):
        return ", ".join(_said(v) for v in value) or "nothing"
    return _typed(value)


def _typed(value: object) -> str:
    """A value as it is typed on the command line (``true``, ``[1, 2]``), not as Python prints it (FC-V11)."""
    import json

    return value if isinstance(value, str) else json.dumps(value)
