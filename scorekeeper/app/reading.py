"""A session's read views: where the game stands (now or at any point), the score, the players, each event
described, the log, the audit of one event, and the settings with where each came from. Nothing here writes."""

from __future__ import annotations

from typing import Any

from scorekeeper.app.consequences import ruling_effects
from scorekeeper.app.session_core import SessionCore
from scorekeeper.app.verdicts import Audit, describe
from scorekeeper.core.engine import replay
from scorekeeper.core.events import AMEND, CORE_TYPES, NOTE, SET, VOID, Event
from scorekeeper.errors import BadInput, Refused
from scorekeeper.core.game_info import GameInfo
from scorekeeper.core.protocol import Expectation, Game, ScoreTable, Status, resolve_player


class Reading(SessionCore):
    """The read views of a session (see the module's docstring)."""

    def status(self, at: int | None = None) -> Status:
        """Where the game stands now, or just before event ``at`` (a results-only session's: the result typed)."""
        from scorekeeper.app.results_only import typed_status

        typed = typed_status(self) if at is None else None
        return typed if typed is not None else self.game.status(self.state_at(at))

    def observe(self, player: str | None, key: str, at: int | None = None) -> Any:
        """A value the game shows about ``player`` (or the game), now or just before event ``at``."""
        return self.game.observe(self.state_at(at), player, key)

    def snapshot(self, at: int | None = None) -> Any:
        """The whole state as JSON-ready data, now or just before event ``at``."""
        return self.game.snapshot(self.state_at(at))

    def expect(self) -> Expectation:
        return self.game.expect(self.state)

    def score(self, until: int | None = None) -> ScoreTable:
        from scorekeeper.app.results_only import typed_table

        typed = typed_table(self) if until is None or until > self.journal.count else None
        if typed is not None:  # a results-only session: the result as typed
            return typed
        state = self.state if until is None else self.replay(until).state
        return self.game.score(state)

    def score_at(self, at: int | None) -> ScoreTable:
        """The scoring table now, or (provisional, most often) just before event ``at`` (``BadInput`` when there
        is no such point); a results-only session's is the result typed."""
        return self.score() if at is None else self.game.score(self.state_at(at))

    def player(self, text: str) -> str:
        """The player named by a unique, case-insensitive prefix of their name."""
        return resolve_player(self.players, text)

    def active_player(self, naming: str = "with -p/--player") -> str:
        """Whose turn it is; refused when the game expects nobody in particular, saying what it expects and how
        to name the player (``naming``: the command's own way)."""
        expectation = self.expect()
        if not expectation.player:
            raise Refused(f"it is nobody's turn now (next: {expectation.text}); name the player {naming}")
        return expectation.player

    def describe(self, event: Event) -> str:
        """One human line for an event (a void also says what it voided, found in ``events_by_seq``)."""
        return describe(self.game, event, self.events_by_seq() if event.type in (VOID, AMEND) else None)

    _by_seq: tuple[str, int, dict[int, Event]] | None = None

    def events_by_seq(self) -> dict[int, Event]:
        """The journal's events by seq, built once per head (a report describes every correction with it)."""
        head, count = self.journal.head_hash, self.journal.count
        if self._by_seq is None or self._by_seq[:2] != (head, count):
            self._by_seq = (head, count, {e.seq: e for e in self.events})
        return self._by_seq[2]

    def event(self, seq: int) -> Event:
        """Event ``seq`` as recorded; ``BadInput`` when there is none."""
        events = self.events
        if not 1 <= seq <= len(events):
            span = f"events 1 to {len(events)}" if events else "no events yet"
            raise BadInput(f"there is no event #{seq}; the journal has {span}")
        return events[seq - 1]

    def state_at(self, at: int | None) -> Any:
        """The state now, or just before event ``at`` (``BadInput`` when there is no such point)."""
        if at is None:
            return self.state
        count = self.journal.count
        if not 1 <= at <= count + 1:
            raise BadInput(f"--at {at}: the journal has events 1 to {count}")
        return self.replay(until=at).state

    def log(self) -> list[dict[str, Any]]:
        """Every event with what replay made of it: status, flags (forced, amended, voided), rules broken."""
        outcomes = {o.seq: o for o in self.replay().timeline}
        events = self.events
        journal = {e.seq: e for e in events}
        game = self.game
        rows: list[dict[str, Any]] = []
        for event in events:
            outcome = outcomes.get(event.seq)
            flags = ["forced"] if event.forced else []
            if outcome and outcome.amended_by:
                flags.append("amended by " + ", ".join(f"#{a}" for a in outcome.amended_by))
            if outcome and outcome.voided_by:
                flags.append(f"voided by #{outcome.voided_by}")
            rows.append({
                "seq": event.seq, "type": event.type, "player": event.player, "payload": dict(event.payload),
                "recorded_at": event.recorded_at, "status": outcome.status if outcome else "?", "forced": event.forced,
                "description": describe(game, outcome.event if outcome else event, journal),
                "flags": ", ".join(flags),
                "rules": [v.rule for v in outcome.violations] if outcome and outcome.violations else [],
            })
        return rows

    def audit(self, seq: int) -> Audit:
        """Everything about event ``seq``: as recorded, its corrections, its verdict, the notes after it, the board
        before it."""
        recorded = self.event(seq)
        outcome = self.replay().outcome(seq)
        notes = []
        for event in self.events[seq:]:  # the notes after it and before the next game event: a ruling about it
            if event.type not in CORE_TYPES:
                break
            if event.type == NOTE:
                notes.append(event)
        before = self.replay(until=seq).state
        effects = None
        rulings = {seq} if recorded.type in (VOID, AMEND) else set(outcome.amended_by if outcome else ())
        if rulings:  # a ruling, or a play amended: what the ruling(s) did to the plays after it
            without = replay([e for e in self.events if e.seq not in rulings], self.game, self.config)
            effects = ruling_effects(without, self.replay(), max(rulings))
        return Audit(recorded, self.journal.records[seq - 1], outcome, notes, before, self.game.status(before),
                     effects, self.describe(recorded))

    def settings_now(self) -> tuple[dict[str, Any], dict[str, str]]:
        """Every setting's value now and where it came from (the session's creation, or a ``set`` event)."""
        values = dict(self.config.settings)
        sources = {key: self.journal.meta.setting_sources.get(key, "default (setting added after the session was made)")
                   for key in values}
        replayed = self.replay()
        sets: dict[str, list[str]] = {}
        for outcome in replayed.timeline:
            if outcome.event.type == SET and outcome.status == "applied" and not outcome.violations:
                values[outcome.event.get("key")] = outcome.event.get("value")
                sets.setdefault(outcome.event.get("key"), []).append(f"#{outcome.seq}")
        for key, given in values.items():  # the value the game plays by: a merged table is all its sets
            values[key], besides = self.game.setting_in_force(replayed.state, key, given)
            if key in sets:
                sources[key] = f"set at {', '.join(sets[key]) if values[key] != given else sets[key][-1]}"
            if besides:
                sources[key] += f"; {besides}"
        return values, sources

    def settings_rows(self) -> tuple[GameInfo, list[dict[str, Any]]]:
        """The session's settings as table rows: value now, where it came from, what it means."""
        from scorekeeper.games import settings_rows

        values, sources = self.settings_now()
        return settings_rows(self.game.name, values, sources)
