"""The replay engine: resolve corrections, then fold every effective event through the game.

``replay(events, game, config)`` is pure: no I/O, no clock. A play that breaks a rule is kept in the
journal, reported as a ``Violation`` and not applied; the replay goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from scorekeeper.events import AMEND, ASSERT, CORRECTIONS, NOTE, SET, VOID, Event
from scorekeeper.games.base import ERROR, Finding, Game, ObservationError, SessionConfig, Violation

APPLIED = "applied"
REJECTED = "rejected"
VOIDED = "voided"
CORRECTION = "correction"
ANNOTATION = "annotation"


@dataclass
class Outcome:
    """What replay did with one journal event."""

    event: Event  # the effective event (amendments merged in)
    status: str  # applied / rejected / voided / correction / annotation
    violations: list[Violation] = field(default_factory=list)
    amended_by: list[int] = field(default_factory=list)
    voided_by: int | None = None

    @property
    def seq(self) -> int:
        return self.event.seq


@dataclass
class Replay:
    state: Any
    violations: list[Violation]
    timeline: list[Outcome]

    @property
    def errors(self) -> list[Violation]:
        return [v for v in self.violations if v.severity == ERROR]

    def outcome(self, seq: int) -> Outcome | None:
        for outcome in self.timeline:
            if outcome.seq == seq:
                return outcome
        return None


@dataclass
class Corrections:
    """The journal's corrections resolved: which events are voided, which amended, and bad corrections."""

    voided_by: dict[int, int]
    amendments: dict[int, list[Event]]
    problems: dict[int, Finding]

    def effective(self, event: Event) -> Event:
        for amend in self.amendments.get(event.seq, ()):
            event = event.amended(amend.get("changes", {}), amend.get("player"))
        return event


def resolve_corrections(events: Sequence[Event]) -> Corrections:
    """Resolve ``void`` and ``amend`` events. A void can itself be voided, which restores its target."""
    by_seq = {e.seq: e for e in events}
    problems: dict[int, Finding] = {}
    voids_of: dict[int, list[int]] = {}
    for event in events:
        if event.type not in CORRECTIONS:
            continue
        target = event.get("target")
        if not isinstance(target, int) or target not in by_seq or target >= event.seq:
            problems[event.seq] = Finding("CORE-TARGET", f"{event.type} points at #{target}, which is not an earlier event")
        elif event.type == AMEND and by_seq[target].type in CORRECTIONS:
            problems[event.seq] = Finding("CORE-TARGET", f"amend cannot change #{target}, a correction; void it instead")
        elif event.type == VOID:
            voids_of.setdefault(target, []).append(event.seq)

    memo: dict[int, int | None] = {}

    def voider(seq: int) -> int | None:
        """The seq of the void in force on ``seq``, or None. Voids only point backwards: this terminates."""
        if seq not in memo:
            memo[seq] = next((v for v in voids_of.get(seq, ()) if voider(v) is None), None)
        return memo[seq]

    voided_by = {e.seq: v for e in events if (v := voider(e.seq)) is not None}
    amendments: dict[int, list[Event]] = {}
    for event in events:
        if event.type == AMEND and event.seq not in problems and event.seq not in voided_by:
            amendments.setdefault(event.get("target"), []).append(event)
    return Corrections(voided_by, amendments, problems)


def replay(
    events: Sequence[Event],
    game: Game,
    config: SessionConfig,
    *,
    until: int | None = None,
) -> Replay:
    """Fold ``events`` through ``game``. With ``until``, stop before event ``until`` (the board as it stood).

    Corrections are resolved over the whole journal first, so ``until`` shows the corrected history.
    """
    corrections = resolve_corrections(events)
    state = game.setup(config)
    violations: list[Violation] = []
    timeline: list[Outcome] = []
    settings_by_key = {s.key: s for s in game.settings}

    for raw in events:
        if until is not None and raw.seq >= until:
            break
        event = corrections.effective(raw)
        outcome = Outcome(event, APPLIED, amended_by=[a.seq for a in corrections.amendments.get(raw.seq, ())])
        timeline.append(outcome)
        if raw.seq in corrections.voided_by:
            outcome.status = VOIDED
            outcome.voided_by = corrections.voided_by[raw.seq]
            continue
        findings: list[Finding] = []
        if raw.type in CORRECTIONS:
            outcome.status = CORRECTION
            if raw.seq in corrections.problems:
                findings.append(corrections.problems[raw.seq])
        elif raw.type == NOTE:
            outcome.status = ANNOTATION
        elif raw.type == ASSERT:
            outcome.status = ANNOTATION
            findings.extend(_check_assertion(game, state, event))
        elif raw.type == SET:
            findings.extend(_check_setting(settings_by_key, event))
            if not findings:
                state = game.change_setting(state, event.get("key"), event.get("value"))
        else:
            try:
                findings.extend(game.check(state, event))
            except Exception as exc:  # a bug in a game must not hide the rest of the journal
                findings.append(Finding("CORE-INTERNAL", f"could not check this {event.type}: {exc!r}"))
            if any(f.is_error for f in findings):
                outcome.status = REJECTED
            else:
                try:
                    state = game.apply(state, event)
                except Exception as exc:
                    outcome.status = REJECTED
                    findings.append(Finding("CORE-INTERNAL", f"could not apply this {event.type}: {exc!r}"))
        located = [Violation(raw.seq, f.rule, f.message, f.severity) for f in findings]
        outcome.violations.extend(located)
        violations.extend(located)

    if until is None:
        last = events[-1].seq if events else 0
        violations.extend(Violation(last, f.rule, f.message, f.severity) for f in game.end_findings(state))
    return Replay(state, violations, timeline)


def _check_assertion(game: Game, state: Any, event: Event) -> list[Finding]:
    """A table-state assertion: every stated value must equal what the journal says."""
    findings = []
    for key, stated in dict(event.get("facts", {})).items():
        try:
            actual = game.observe(state, event.player, key)
        except ObservationError as exc:
            findings.append(Finding("CORE-ASSERT", str(exc)))
            continue
        if _normal(actual) != _normal(stated):
            who = f"{event.player}'s " if event.player else ""
            findings.append(
                Finding("CORE-ASSERT", f"the table shows {who}{key}={stated}, but the journal gives {actual}")
            )
    return findings


def _normal(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ",".join(_normal(v) for v in value)
    return str(value).strip().lower()


def _check_setting(settings_by_key: dict[str, Any], event: Event) -> list[Finding]:
    key = event.get("key")
    setting = settings_by_key.get(key)
    if setting is None:
        return [Finding("CORE-SET", f"there is no setting {key!r}")]
    if not setting.mutable:
        return [Finding("CORE-SET", f"setting {key} is fixed when the session is created")]
    return []
