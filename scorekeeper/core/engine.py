"""The replay engine: ``step`` plays one event; ``replay`` resolves corrections and folds ``step``.

Pure: no I/O, no clock. A play that breaks a rule is kept, reported as a ``Violation``, not applied. A *forced* play
(``--force``: the table made it all the same) is decided here, for every game, from what the game found
(``scorekeeper.core.findings``): with breaches only it is carried out as far as the game got, flagged; with a block
it is kept inert, with a ``CORE-UNAPPLIED`` warning saying what to record, and it ends the acting player's turn all
the same (``Game.move_on``: the table has moved on). A rejected or inert play leaves the state as it was before it,
for every game: a ``Fold`` puts it back (see there).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, Sequence

from scorekeeper.core.events import AMEND, ANNOTATIONS, ASSERT, CORRECTIONS, NOTE, RESULT, SET, VOID, Event
from scorekeeper.core.events import malformed, payload_problem
from scorekeeper.core.whole_state import PAYLOAD_ERRORS, judging  # noqa: F401  (PAYLOAD_ERRORS re-exported)
from scorekeeper.core.protocol import (
    ERROR, WARNING, Finding, Findings, Game, ObservationError, SessionConfig, Stop, Violation, block, blocked,
)
from scorekeeper.core.result import result_findings

APPLIED = "applied"
FORCED = "forced"  # applied although it breaks a rule: the table made the play all the same
REJECTED = "rejected"
VOIDED = "voided"
CORRECTION = "correction"
ANNOTATION = "annotation"


@dataclass
class Outcome:
    """What replay did with one journal event."""

    event: Event  # the effective event (amendments merged in)
    status: str  # applied / forced / rejected / voided / correction / annotation
    violations: list[Violation] = field(default_factory=list)
    amended_by: list[int] = field(default_factory=list)
    voided_by: int | None = None

    @property
    def seq(self) -> int:
        return self.event.seq


def step(
    game: Game, state: Any, event: Event, *, restore: Callable[[], Any] | None = None,
    found: Findings | None = None,
) -> tuple[Any, list[Finding]]:
    """Play one game event: ``(state after, findings)``; when a finding is an error, the state before.

    The payload is checked against the event type's declaration first (``CORE-TYPE``, ``CORE-PAYLOAD``).
    ``restore`` rebuilds the state before the event when the play is rejected (a ``Fold`` passes its
    re-fold); without it, ``step`` keeps a copy of ``state`` first: one copy for one step. Pass ``found``
    to read what the play said it did (``found.infos``). A forced event (``event.forced``) keeps the state
    the game carried it out to, errors and all, unless one of them blocks it (see ``carried_out``). A play the
    game cannot read (``PAYLOAD_ERRORS``) or could not play (a bug) is blocked here.
    """
    return _step(game, state, event, restore, found)[:2]


def _step(game: Game, state: Any, event: Event, restore: Callable[[], Any] | None,
          found: Findings | None) -> tuple[Any, list[Finding], bool]:
    """``step``, and whether a forced play kept inert moved the turn on (a ``Fold`` re-folds that)."""
    problems = game.payload_findings(event)
    if problems:
        return _inert(game, state, event, problems)
    if restore is None:
        kept = copy.deepcopy(state)
        restore = lambda: kept  # noqa: E731
    found = Findings(forced=event.forced) if found is None else found
    found.forced = event.forced
    judge = judging(game, state, event)  # a whole state set (a tally, an adjustment) is judged as one (whole_state)
    try:
        after = game.play(state, event, found)
    except Stop:  # the game evaluated no further; what it found decides, below
        after = state
    except PAYLOAD_ERRORS as exc:
        if getattr(game, "strict", False):  # tests use it to find fields a game reads without checking
            raise
        found.add(block("CORE-PAYLOAD", f"the fields of this {event.type} cannot be read ({type(exc).__name__}: {exc})"))
        after = state
    except Exception as exc:  # a bug in a game must not hide the rest of the journal
        found.add(block("CORE-INTERNAL", f"could not play this {event.type}: {exc!r}"))
        after = state
    found.extend(judge(after, found))
    items = found.items
    if not items or not found.broken:  # (most plays find nothing)
        return after, items, False
    if carried_out(event, items):
        return after, items, False
    return _inert(game, restore(), event, items)


def _inert(game: Game, state: Any, event: Event, findings: list[Finding]) -> tuple[Any, list[Finding], bool]:
    """A play put back (``state``: the state before it). A forced one is kept inert, with the warning that says so
    and what to record instead; the table has moved on all the same, so the acting player's turn ends
    (``Game.move_on``, in ``state``), and the warning says so. The last item: whether the turn moved on."""
    if not event.forced or not any(f.is_error for f in findings):
        return state, findings, False
    moved = game.move_on(state, event)
    turn = f"; the turn passes on as the table's turn order says ({moved})" if moved else ""
    return state, findings + [Finding("CORE-UNAPPLIED", f"the game cannot carry #{event.seq} out, so it is not "
                                      f"applied{turn}: record what the table did with 'adjust', or remove it with "
                                      f"'void {event.seq}'", WARNING)], moved is not None


def carried_out(event: Event, findings: Sequence[Finding]) -> bool:
    """The one forced-play decision: whether the play is carried out. A play without an error is; one with an
    error is only when forced (the table made it all the same) and no error blocks it; then it stands as far as
    the game carried it out, which may be part of it. Otherwise it is refused, or, forced, kept inert."""
    if not findings or not any(f.is_error for f in findings):
        return True
    return event.forced and not blocked(findings)


@dataclass
class Resume:
    """Where a replay may start instead of the setup: the state after the journal's first ``count`` events
    (a replay cache's, vouched for by its caller), what replay made of those events that it did not simply
    apply (``{seq: (status, violations)}``), and ``origin``, which builds that state afresh."""

    count: int
    state: Any
    outcomes: dict[int, tuple[str, list[Violation]]]
    origin: Callable[[], Any]


@dataclass(frozen=True)
class MovedOn:
    """A forced play kept inert that ended its player's turn: a ``Fold`` re-folds it as ``Game.move_on``."""

    event: Event


#: a forced play after this many plays since the checkpoint takes a new one (a copy of the state) first, so that
#: putting it back re-folds no more than that; a copy costs a few plays, and most forced plays stand
CHECKPOINT_BEFORE_FORCED = 128


class Fold:
    """A replay in progress: the state, and what puts it back when a play is rejected (no event copies the state).

    The checkpoint is the setup (rebuilt from the config), or the state a replay resumed from (``origin``),
    until the first rejection, then a private copy taken at each rejection (or before a forced play, when
    ``CHECKPOINT_BEFORE_FORCED`` plays came since); ``since`` holds what changed the state after it."""

    def __init__(self, game: Game, config: SessionConfig, resume: Resume | None = None) -> None:
        self.game = game
        self.config = config
        self.state: Any = game.setup(config) if resume is None else resume.state
        self._origin: Callable[[], Any] = (lambda: game.setup(config)) if resume is None else resume.origin
        self._checkpoint: Any = None
        self._since: list[Event | MovedOn] = []

    def play(self, event: Event) -> list[Finding]:
        """Play a game event; a rejected one leaves ``state`` as it was."""
        if event.forced and len(self._since) >= CHECKPOINT_BEFORE_FORCED:
            # the plays a journal's replay puts back are mostly forced ones: one copy here bounds that re-fold
            self._checkpoint, self._since = copy.deepcopy(self.state), []
        self.state, findings, moved = _step(self.game, self.state, event, self._restore, None)
        if moved or carried_out(event, findings):  # an inert play that moved the turn on is re-folded as that
            self._since.append(MovedOn(event) if moved else event)
        return findings

    def change_setting(self, event: Event) -> None:
        """Apply a (checked) mid-game ``set`` event."""
        self.state = self.game.change_setting(self.state, event.get("key"), event.get("value"))
        self._since.append(event)

    def _restore(self) -> Any:
        # the checkpoint is private and is replaced below, so it is re-folded in place rather than copied first
        state = self._origin() if self._checkpoint is None else self._checkpoint
        for event in self._since:
            if isinstance(event, MovedOn):
                self.game.move_on(state, event.event)
            elif event.type == SET:
                state = self.game.change_setting(state, event.get("key"), event.get("value"))
            else:
                state = self.game.play(state, event, Findings(forced=event.forced))
        self._checkpoint = copy.deepcopy(state)
        self._since = []
        return state


class Replay:
    """A journal replayed: the state after it, every violation in journal order (the game's end-of-journal
    findings last, ``ending`` of them), and each event's ``Outcome``.

    A replay resumed from a cache (``replay_after``) holds the outcomes of the events the cache vouched for
    as ``earlier`` until ``timeline`` is first read; ``unusual`` and ``counted_errors`` never need them.
    """

    def __init__(self, state: Any, violations: list[Violation], timeline: list[Outcome], ending: int = 0,
                 earlier: "Earlier | None" = None) -> None:
        self.state = state
        self.violations = violations
        self._timeline = timeline
        self.ending = ending
        self._earlier = earlier

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Replay):
            return NotImplemented
        return ((self.state, self.violations, self.timeline, self.ending)
                == (other.state, other.violations, other.timeline, other.ending))

    __hash__ = None  # type: ignore[assignment]

    @property
    def timeline(self) -> list[Outcome]:
        if self._earlier is not None:
            self._timeline = self._earlier.outcomes() + self._timeline
            self._earlier = None
        return self._timeline

    @property
    def errors(self) -> list[Violation]:
        return [v for v in self.violations if v.severity == ERROR]

    def unusual(self) -> dict[int, tuple[str, list[Violation]]]:
        """``{seq: (status, violations)}`` of every event whose status is not its type's usual one
        (``usual_status``) or that has findings: all a cache must keep to rebuild the outcomes."""
        found = dict(self._earlier.unusual) if self._earlier is not None else {}
        for o in self._timeline:
            if o.violations or o.status != usual_status(o.event.type):
                found[o.seq] = (o.status, o.violations)
        return found

    @property
    def counted_errors(self) -> int:
        """How many of ``errors`` belong to forced plays the game carried out (they count, flagged)."""
        forced = {seq for seq, (status, _) in self.unusual().items() if status == FORCED}
        return sum(1 for v in self.errors if v.seq in forced)

    def latest(self, count: int) -> list[Outcome]:
        """The outcomes of the last ``count`` events (fewer when the journal has fewer)."""
        timeline = self._timeline if len(self._timeline) >= count else self.timeline
        return timeline[len(timeline) - count:] if count else []

    def outcome(self, seq: int) -> Outcome | None:
        for outcome in self.timeline:
            if outcome.seq == seq:
                return outcome
        return None

    def with_outcome(self, outcome: Outcome, state: Any, ends: list[Violation]) -> "Replay":
        """This replay with one more event at its end (``outcome``), the state after it and the game's new
        end-of-journal findings; earlier outcomes not yet built stay so."""
        kept = self.violations[:len(self.violations) - self.ending]
        return Replay(state, [*kept, *outcome.violations, *ends], [*self._timeline, outcome], len(ends),
                      self._earlier)


@dataclass
class Earlier:
    """The outcomes of the events a replay cache vouched for: what is unusual about them, and how to build
    them all (from the events, read only then)."""

    unusual: dict[int, tuple[str, list[Violation]]]
    outcomes: Callable[[], list[Outcome]]


@dataclass
class Corrections:
    """The journal's corrections resolved: which events are voided, which amended, and bad corrections."""

    voided_by: dict[int, int]
    amendments: dict[int, list[Event]]
    problems: dict[int, Finding]

    def effective(self, event: Event) -> Event:
        """The event as amended; an amendment recorded with ``--force`` makes it a forced play (carried out)."""
        for amend in self.amendments.get(event.seq, ()):
            event = replace(event.amended(amend.get("changes", {}), amend.get("player")), forced=event.forced or amend.forced)
        return event


def resolve_corrections(events: Sequence[Event]) -> Corrections:
    """Resolve ``void`` and ``amend`` events. A void can itself be voided, which restores its target."""
    by_seq = {e.seq: e for e in events}
    problems: dict[int, Finding] = malformed(events)  # core events of the wrong shape: never applied
    voids_of: dict[int, list[int]] = {}
    for event in events:
        if event.type not in CORRECTIONS or event.seq in problems:
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

    voided_by = {e.seq: v for e in events if e.seq in voids_of and (v := voider(e.seq)) is not None}
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
    watch: Callable[[Outcome, Any], None] | None = None,
) -> Replay:
    """Fold ``events`` through ``game``. With ``until``, stop before event ``until`` (the board as it stood).

    Corrections are resolved over the whole journal first, so ``until`` shows the corrected history.
    ``watch(outcome, state)`` is called after each event with the state as it then stands (it must not
    change it): a view of the game over time reads it there, in this one fold.
    """
    corrections = resolve_corrections(events)
    fold = Fold(game, config)
    violations: list[Violation] = []
    timeline: list[Outcome] = []
    settings_by_key = {s.key: s for s in game.settings}
    for raw in events:
        if until is not None and raw.seq >= until:
            break
        outcome = _fold_event(fold, raw, corrections, settings_by_key)
        timeline.append(outcome)
        violations.extend(outcome.violations)
        if watch is not None:
            watch(outcome, fold.state)
    violations = _unsettled(game, fold.state, violations)
    ending = 0
    if until is None:
        ends = _end_violations(game, fold.state, events[-1].seq if events else 0)
        violations.extend(ends)
        ending = len(ends)
    return Replay(fold.state, violations, timeline, ending)


def replay_after(resume: Resume, later: Sequence[Event], game: Game, config: SessionConfig,
                 earlier: Callable[[], Sequence[Event]]) -> Replay | None:
    """The replay of a whole journal whose first ``resume.count`` events a replay cache vouches for: only
    ``later``, the events after them, is folded, from the cache's state. ``earlier()`` gives the vouched
    events, read only when the outcomes are. None when a correction is among ``later`` (it changes how the
    events before it read: replay the whole journal)."""
    if any(e.type in CORRECTIONS or payload_problem(e.type, e.payload) for e in later):
        return None
    fold = Fold(game, config, resume)
    settings_by_key = {s.key: s for s in game.settings}
    nothing = Corrections({}, {}, {})
    timeline = [_fold_event(fold, raw, nothing, settings_by_key) for raw in later]
    violations = [v for seq in sorted(resume.outcomes) for v in resume.outcomes[seq][1]]
    violations += [v for outcome in timeline for v in outcome.violations]
    ends = _end_violations(game, fold.state, later[-1].seq if later else resume.count)
    return Replay(fold.state, _unsettled(game, fold.state, violations) + ends, timeline, len(ends),
                  Earlier(dict(resume.outcomes), lambda: rebuilt_outcomes(earlier(), resume.outcomes)))


def rebuilt_outcomes(events: Sequence[Event], unusual: Mapping[int, tuple[str, list[Violation]]]) -> list[Outcome]:
    """The outcomes of ``events`` as a replay made them, from what was unusual about them (``Replay.unusual``)."""
    corrections = resolve_corrections(events)
    outcomes = []
    for raw in events:
        outcome = _bare_outcome(raw, corrections)
        status, found = unusual.get(raw.seq, (usual_status(raw.type), []))
        outcome.status, outcome.violations = status, list(found)
        outcomes.append(outcome)
    return outcomes


def _bare_outcome(raw: Event, corrections: Corrections) -> Outcome:
    """The outcome of ``raw`` before it is played: its effective event, its amendments, the void on it."""
    amendments = corrections.amendments.get(raw.seq) if corrections.amendments else None
    event = corrections.effective(raw) if amendments else raw
    voided_by = corrections.voided_by.get(raw.seq) if corrections.voided_by else None
    return Outcome(event, APPLIED, [], [a.seq for a in amendments] if amendments else [], voided_by)


def _fold_event(fold: Fold, raw: Event, corrections: Corrections, settings_by_key: Mapping[str, Any]) -> Outcome:
    """Play one journal event into ``fold``: what replay made of it."""
    game = fold.game
    outcome = _bare_outcome(raw, corrections)
    event = outcome.event
    if outcome.voided_by is not None:
        outcome.status = VOIDED
        return outcome
    findings: list[Finding] = []
    if raw.type in CORRECTIONS or raw.seq in corrections.problems:  # a correction, or a core event misshapen
        outcome.status = CORRECTION if raw.type in CORRECTIONS else usual_status(raw.type)
        if raw.seq in corrections.problems:
            findings.append(corrections.problems[raw.seq])
    elif raw.type in (NOTE, RESULT):  # a result typed, not played (core.result): checked as it stands, no game sees it
        outcome.status = ANNOTATION
        findings.extend(result_findings(event.payload, fold.config.players) if raw.type == RESULT else ())
    elif raw.type == ASSERT:
        outcome.status = ANNOTATION
        findings.extend(_check_assertion(game, fold.state, event))
    elif raw.type == SET:
        findings.extend(_check_setting(settings_by_key, event))
        if not findings:
            fold.change_setting(event)
    else:
        findings = fold.play(event)
        if findings and any(f.is_error for f in findings):
            outcome.status = played_status(event, findings)
    if findings:
        outcome.violations.extend(Violation(raw.seq, f.rule, f.message, f.severity) for f in findings)
    return outcome


def usual_status(event_type: str) -> str:
    """The status replay gives an event of ``event_type`` that nothing voided and that broke no rule."""
    return CORRECTION if event_type in CORRECTIONS else ANNOTATION if event_type in ANNOTATIONS else APPLIED


def played_status(event: Event, findings: Sequence[Finding]) -> str:
    """The outcome of a game event that broke a rule: forced (carried out as the table played it) or rejected."""
    return FORCED if carried_out(event, findings) else REJECTED


def _unsettled(game: Game, state: Any, violations: list[Violation]) -> list[Violation]:
    """``violations`` less the warnings ``state`` settles (``Game.settles``); each outcome keeps what it found."""
    return [v for v in violations if v.severity == ERROR or not game.settles(state, v)]


def _end_violations(game: Game, state: Any, last: int) -> list[Violation]:
    """The game's end-of-journal findings, each at the event it names, or at the journal's last event."""
    return [Violation(f.seq or last, f.rule, f.message, f.severity) for f in game.end_findings(state)]


def extended(previous: Replay, event: Event, state: Any, findings: Sequence[Finding], game: Game) -> Replay:
    """The replay of a whole journal with one more event at its end — a game event or a note — from what
    ``step`` made of it (``state``, ``findings``): the same ``Replay`` that ``replay`` would fold, without
    folding the journal again. (A correction, an assertion or a setting changes how earlier events are
    read: replay the journal for those.)"""
    if event.type in CORRECTIONS or event.type in (ASSERT, SET):
        raise ValueError(f"a {event.type} is replayed with the whole journal, not appended to a replay")
    outcome = Outcome(event, ANNOTATION if event.type == NOTE else APPLIED)
    if event.type != NOTE and any(f.is_error for f in findings):
        outcome.status = played_status(event, findings)
    outcome.violations = [Violation(event.seq, f.rule, f.message, f.severity) for f in findings]
    return previous.with_outcome(outcome, state, _end_violations(game, state, event.seq))


def _check_assertion(game: Game, state: Any, event: Event) -> list[Finding]:
    """A table-state assertion: every stated value must equal what the journal says."""
    findings = []
    for key, stated in dict(event.get("facts", {})).items():
        try:
            actual = game.observe(state, event.player, key)
        except ObservationError as exc:
            findings.append(Finding("CORE-ASSERT", str(exc)))
            continue
        except PAYLOAD_ERRORS as exc:  # an edited or imported assertion about nobody the game knows
            findings.append(Finding("CORE-ASSERT", f"{key} cannot be read here ({type(exc).__name__}: {exc})"))
            continue
        if _normal(actual) != _normal(stated):
            who = f"{event.player}'s " if event.player else ""
            try:  # what the game counted (field report EH-V5)
                how = game.observed_as(state, event.player, key)
            except PAYLOAD_ERRORS:
                how = ""
            findings.append(Finding("CORE-ASSERT", f"the table shows {who}{key}={stated}, but the journal gives "
                                                   f"{actual}{f' ({how})' if how else ''}"))
    return findings


def _normal(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ",".join(_normal(v) for v in value)
    return str(value).strip().lower()


def _check_setting(settings_by_key: Mapping[str, Any], event: Event) -> list[Finding]:
    key = event.get("key")
    setting = settings_by_key.get(key) if isinstance(key, str) else None
    if setting is None:
        return [Finding("CORE-SET", f"there is no setting {key!r}")]
    if not setting.mutable:
        return [Finding("CORE-SET", f"setting {key} is fixed when the session is created")]
    wrong = setting.problem(event.get("value"))
    return [Finding("CORE-SET", f"setting {key}: {wrong}")] if wrong else []
