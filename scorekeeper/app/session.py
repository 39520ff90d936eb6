"""The application layer: a session opened, replayed once, its plays tried and recorded, its read views.

No Click here: the CLI and the interactive table both stand on this module, and so do the tests and the
sample generators (``Session.in_memory`` records without a file). Domain errors come from
``scorekeeper.errors``.

A play is a ``Draft`` (what the table typed); ``Game.complete`` turns it into the event to record, and
``engine.step`` judges it. ``try_play`` returns the verdict without writing; ``record`` does the same under
the session's lock and appends the event when it is legal (or forced), acknowledging it only once it is on
disk.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, Union

from scorekeeper.app import replay_cache
from scorekeeper.app.consequences import Effects, ruling_effects, ruling_refusal
from scorekeeper.core.engine import Outcome, Replay, carried_out, extended, replay, replay_after, step
from scorekeeper.errors import BadInput, Refused
from scorekeeper.core.events import AMEND, ASSERT, CORE_TYPES, NOTE, SET, VOID, Event
from scorekeeper.games.base import (
    Draft, Expectation, Finding, Findings, Game, GameSetupError, ScoreTable, SessionConfig, Status, resolve_player,
)
from scorekeeper.core.journal import ChainProblem, Journal, JournalError, MemoryJournal, SessionMeta, now_iso
from scorekeeper.app.replay_cache import Prefix

#: called under the lock after each write: (session file, events now in it, head hash, hashes just written,
#: whether the file is new). The CLI passes one that keeps this machine's witness (``scorekeeper.core.witness``).
WriteHook = Callable[[Path, int, str, Sequence[str], bool], None]

#: a play, or a function of the replay under the lock that gives it (``undo`` picks its target there)
DraftOrFunction = Union[Draft, Callable[[Replay], Draft]]

#: a session path ``memory:NAME`` names a session kept in this process only (tests, the sample generators):
#: the real commands run on it, without a file and without patching anything
MEMORY_PREFIX = "memory:"
_MEMORY: dict[str, MemoryJournal] = {}
#: sessions a long-lived process keeps open by path (``scorekeeper.cli.shell``): ``Session.open`` returns them, so
#: their replay is reused while the journal's head stays where it was
KEPT: dict[str, "Session"] = {}


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

    def lines(self, show_next: bool = True) -> list[str]:
        """The verdict as text: the recorded line, each finding, and what is expected next."""
        event = self.event
        out = [f"#{event.seq} recorded: {self.description}"]
        for finding in self.findings:
            label = "DISAGREES" if event.type == ASSERT else "FLAGGED" if finding.is_error else "warning"
            out.append(f"  {label} {finding.rule}: {finding.message}")
        if self.effects:
            out += self.effects.lines()
        if event.forced and event.type not in CORE_TYPES and self.applied:  # else CORE-UNAPPLIED says why
            out.append(f"  applied as the table played it; it stays flagged in check, log and audit "
                       f"('scorekeeper void {event.seq}' takes it back)")
        if self.expected and show_next:
            out.append(f"next: {self.expected}")
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "recorded": self.event.to_record(),
            "description": self.description,
            "warnings": [{"rule": f.rule, "severity": f.severity, "message": f.message} for f in self.findings],
            **({"later_plays": self.effects.to_json()} if self.effects is not None else {}),
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

    def lines(self, game: Game) -> list[str]:
        """The event as recorded, its corrections, its verdict and the notes after it, as text."""
        recorded, outcome, seq = self.recorded, self.outcome, self.recorded.seq
        lines = [f"Event #{seq}: {describe(game, recorded)}",
                 f"  recorded at {recorded.recorded_at}{' with --force' if recorded.forced else ''}",
                 f"  hash {self.record.get('hash', '')[:16]}…"]
        if outcome and outcome.amended_by:
            lines.append(f"  amended by {', '.join('#%d' % a for a in outcome.amended_by)}: "
                         f"now {describe(game, outcome.event)}")
        if outcome and outcome.voided_by:
            lines.append(f"  voided by #{outcome.voided_by}")
        lines.append(f"Verdict: {outcome.status if outcome else 'unknown'}")
        from scorekeeper.render.report import violation_lines

        lines += [line for v in (outcome.violations if outcome else []) for line in violation_lines(v, "  ")]
        if self.effects is not None:
            lines.append("What this ruling did to the plays after it:" if self.effects else
                         "This ruling made no later play illegal or legal.")
            lines += self.effects.lines()
        if self.notes_after:
            lines += ["Notes recorded after it:"] + [f"  #{e.seq} {e.get('text')}" for e in self.notes_after]
        return lines

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


class Session:
    """A session: its journal (a file, or memory), its game and config, and its replay (done once)."""

    def __init__(self, journal: Journal | MemoryJournal, game: Game | None, on_write: WriteHook | None = None,
                 entry: Any = None) -> None:
        self.journal = journal
        self._game = game
        self._entry = entry  # the registry's entry of a game not loaded yet (``Session.open(..., lazy=True)``)
        self.on_write = on_write
        self._replay: Replay | None = None
        self._replay_head = ""
        self._chain: tuple[str, ChainProblem | None] | None = None
        #: the replay cache's entry for this file, once looked up (``scorekeeper.app.replay_cache``)
        self._prefix: Prefix | None = None

    # -- opening -------------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | Path, game_name: str | None = None, *, on_write: WriteHook | None = None,
             lazy: bool = False) -> "Session":
        """Read the session at ``path`` (no lock). With ``game_name``, refuse a session of another game.

        A setting of the wrong type or range (an old or edited file) is refused here, naming the setting.
        ``lazy``: for a command that reads the journal only (``verify``, ``export``), the game is loaded (and
        those checks made) only if the command asks for it.
        """
        from scorekeeper import games

        kept = KEPT.get(str(path))  # the interactive table's session, kept in memory between commands
        if kept is not None and (game_name is None or games.entry(game_name).name == kept.game.name):
            return kept
        journal: Journal | MemoryJournal
        if str(path).startswith(MEMORY_PREFIX):
            if str(path) not in _MEMORY:
                raise BadInput(f"there is no session {path} in this process")
            journal = _MEMORY[str(path)]
        else:
            journal = Journal(path, parse=False)  # the events are read below: all, or those after the cache's
        try:
            entry = games.entry(journal.meta.game)
        except games.UnknownGameError:
            raise BadInput(f"{path}: unknown game {journal.meta.game!r} in the session") from None
        if game_name is not None and games.entry(game_name).name != entry.name:
            alias = entry.aliases[0] if entry.aliases else entry.name
            raise BadInput(f"{path} is a {entry.title} session; record its plays with 'scorekeeper {alias} …'")
        session = cls(journal, None, on_write, entry)
        if lazy:
            _check_without_rules(entry, journal, session.path)
        else:
            session.game  # noqa: B018 (loaded and checked now)
        return session

    @property
    def game(self) -> Game:
        """The session's game, loaded (and the session's settings and players checked against it) once."""
        if self._game is None:
            self._game = _checked_game(self._entry, self.journal, self.path)
            self._adopt_cache()
        return self._game

    @classmethod
    def create(
        cls,
        path: str | Path | None,
        game_name: str,
        players: Sequence[str],
        settings: Mapping[str, Any] | None = None,
        sources: Mapping[str, str] | None = None,
        catalog: Mapping[str, Any] | None = None,
        events: Sequence[Event] = (),
        *,
        on_write: WriteHook | None = None,
    ) -> "Session":
        """A new session (a file at ``path``, or in memory when ``path`` is None), checked before it is written.

        ``settings`` are already-parsed values (defaults fill the rest); the game's setup must accept them.
        """
        from scorekeeper import games
        from scorekeeper.core.settings import completed

        game = games.load(game_name)
        values = completed(game.settings, dict(settings or {}))
        meta = SessionMeta(
            game=game.name, players=tuple(players), settings=values,
            setting_sources={k: (sources or {}).get(k, "default") for k in values},
            catalog=dict(catalog) if catalog is not None else None, created=now_iso(),
        )
        return cls.from_meta(path, meta, events, on_write=on_write)

    @classmethod
    def from_meta(cls, path: str | Path | None, meta: SessionMeta, events: Sequence[Event] = (), *,
                  on_write: WriteHook | None = None) -> "Session":
        """A new session with this metadata (an import's), checked before anything is written.

        The players (distinct, as many as the game takes), every setting's type and range, the catalog (an
        object), every event's values (strict JSON) and the game's setup are checked; then the events are
        replayed in memory (a game that cannot replay them refuses the session); only then is the file written.
        """
        from scorekeeper import games

        game = games.load(meta.game)
        check_meta(game, meta)
        game.setup(config_of(meta, game))  # GameSetupError before anything is written
        if events:
            replay(list(MemoryJournal(meta, events).events()), game, config_of(meta, game))
        journal: Journal | MemoryJournal
        if path is None or str(path).startswith(MEMORY_PREFIX):
            journal = MemoryJournal(meta, events)
            if path is not None:
                _MEMORY[str(path)] = journal
        else:
            journal = Journal.create(path, meta, events)
            if on_write is not None:
                on_write(journal.path, len(journal.records), journal.head_hash, [journal.head_hash], True)
        return cls(journal, game, on_write)

    @classmethod
    def import_export(cls, export: Any, source: str | Path, path: str | Path, *, allow_edited: bool = False,
                      on_write: WriteHook | None = None) -> "Session":
        """A new session at ``path`` from ``export`` (``transfer.read_export(source)``: every line validated).

        The header is checked as for a new session, then the events are replayed in memory, and only then is
        the file written. A partly hashed export, or one whose chain is broken, is an edited one: ``Refused``
        unless ``allow_edited`` (then a note records the break).
        """
        events = list(export.events)
        if export.chain_problem is not None:
            if not allow_edited:
                raise Refused(f"{source}: the exported history was edited ({export.chain_problem.message}); "
                              "import it anyway with --allow-edited")
            text = f"imported from {source}, whose hash chain was broken: {export.chain_problem.message}"
            events.append(Event(len(events) + 1, NOTE, None, {"text": text}, now_iso()))
        try:
            return cls.from_meta(path, export.meta, events, on_write=on_write)
        except (BadInput, Refused) as exc:
            if isinstance(exc, JournalError):
                raise
            raise type(exc)(f"{source}: nothing imported: {exc}") from None
        except GameSetupError as exc:
            raise Refused(f"{source}: nothing imported: {exc}") from None

    @classmethod
    def in_memory(cls, game_name: str, players: Sequence[str], settings: Mapping[str, Any] | None = None,
                  catalog: Mapping[str, Any] | None = None) -> "Session":
        """A session that lives in memory only (tests, generators): the same checks, no file."""
        return cls.create(None, game_name, players, settings, catalog=catalog)

    # -- reading -------------------------------------------------------------------------------------

    @property
    def path(self) -> Path | None:
        return self.journal.path

    @property
    def config(self) -> SessionConfig:
        return config_of(self.journal.meta, self.game)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self.journal.meta.players)

    @property
    def events(self) -> list[Event]:
        return self.journal.events()

    def replay(self, until: int | None = None) -> Replay:
        """The journal replayed (once per head: a command replays at most once); ``until`` stops before it."""
        if until is not None:
            return replay(self.events, self.game, self.config, until=until)
        head = self.journal.head_hash
        if self._replay is None or self._replay_head != head:
            prefix = self._vouched()
            later = self.journal.events_after(prefix.count) if prefix is not None else []
            resumed = None if prefix is None else replay_after(
                prefix.resume, later, self.game, self.config, lambda: self.events[:prefix.count])
            self._replay = resumed if resumed is not None else replay(self.events, self.game, self.config)
            self._replay_head = head
            if resumed is None or later:  # the cache's entry is behind the journal
                self._save_cache()
        return self._replay

    def _adopt_cache(self) -> None:
        """Look the replay cache up; without a valid entry, read every event now (a damaged file is refused
        here, as it always was on opening)."""
        if isinstance(self.journal, Journal):
            self._prefix = replay_cache.load(self.journal, self.game, self.config)
            if self._prefix is None:
                self.journal.parse()

    def _vouched(self) -> Prefix | None:
        """The replay cache's entry, while the journal (as last read) still bears it out."""
        prefix = self._prefix
        if prefix is None or not isinstance(self.journal, Journal) or self.journal.vouched != prefix.vouched:
            return None
        return prefix

    def _save_cache(self) -> None:
        """Keep the replay of the journal as it now reads for the next command, when its chain is intact."""
        if isinstance(self.journal, Journal) and self._replay is not None and self.chain_problem is None:
            replay_cache.save(self.journal, self.game, self.config, self._replay)

    @property
    def state(self) -> Any:
        return self.replay().state

    def status(self, at: int | None = None) -> Status:
        """Where the game stands now, or just before event ``at``."""
        return self.game.status(self.state_at(at))

    def observe(self, player: str | None, key: str, at: int | None = None) -> Any:
        """A value the game shows about ``player`` (or the game), now or just before event ``at``."""
        return self.game.observe(self.state_at(at), player, key)

    def snapshot(self, at: int | None = None) -> Any:
        """The whole state as JSON-ready data, now or just before event ``at``."""
        return self.game.snapshot(self.state_at(at))

    def expect(self) -> Expectation:
        return self.game.expect(self.state)

    def score(self, until: int | None = None) -> ScoreTable:
        state = self.state if until is None else self.replay(until).state
        return self.game.score(state)

    def player(self, text: str) -> str:
        """The player named by a unique, case-insensitive prefix of their name."""
        return resolve_player(self.players, text)

    def active_player(self) -> str:
        """Whose turn it is; refused when the game expects nobody in particular, saying what it expects."""
        expectation = self.expect()
        if not expectation.player:
            raise Refused(f"it is nobody's turn now (next: {expectation.text}); name the player with -p/--player")
        return expectation.player

    def describe(self, event: Event) -> str:
        """One human line for an event (a void also says what it voided)."""
        return describe(self.game, event, {e.seq: e for e in self.events})

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
        rows: list[dict[str, Any]] = []
        for event in events:
            outcome = outcomes.get(event.seq)
            flags = []
            if event.forced:
                flags.append("forced")
            if outcome and outcome.amended_by:
                flags.append("amended by " + ", ".join(f"#{a}" for a in outcome.amended_by))
            if outcome and outcome.voided_by:
                flags.append(f"voided by #{outcome.voided_by}")
            rows.append({
                "seq": event.seq, "type": event.type, "player": event.player, "payload": dict(event.payload),
                "recorded_at": event.recorded_at, "status": outcome.status if outcome else "?", "forced": event.forced,
                "description": describe(self.game, outcome.event if outcome else event, journal),
                "flags": ", ".join(flags),
                "rules": [v.rule for v in outcome.violations] if outcome else [],
            })
        return rows

    def audit(self, seq: int) -> "Audit":
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
        if recorded.type in (VOID, AMEND):
            without = replay([e for e in self.events if e.seq != seq], self.game, self.config)
            effects = ruling_effects(without, self.replay(), seq)
        return Audit(recorded, self.journal.records[seq - 1], outcome, notes, before, self.game.status(before),
                     effects)

    def settings_now(self) -> tuple[dict[str, Any], dict[str, str]]:
        """Every setting's value now and where it came from (the session's creation, or a ``set`` event)."""
        values = dict(self.config.settings)
        sources = {key: self.journal.meta.setting_sources.get(key, "default (setting added after the session was made)")
                   for key in values}
        for outcome in self.replay().timeline:
            if outcome.event.type == SET and outcome.status == "applied" and not outcome.violations:
                values[outcome.event.get("key")] = outcome.event.get("value")
                sources[outcome.event.get("key")] = f"set at #{outcome.seq}"
        return values, sources

    def settings_rows(self) -> tuple[Game, list[dict[str, Any]]]:
        """The session's settings as table rows: value now, where it came from, what it means."""
        from scorekeeper.core.settings import rows_of

        values, sources = self.settings_now()
        return rows_of(self.game.name, values, sources)

    # -- plays ---------------------------------------------------------------------------------------

    def try_play(self, draft: Draft) -> Verdict:
        """Judge a play on the board as it stands, without writing anything."""
        current = self.replay()
        return self._judge(current, lambda: self.events, draft, self.journal.next_seq)

    def record(self, draft: DraftOrFunction, *, force: bool = False) -> Verdict:
        """Judge and record one play under the session's lock; ``Refused`` (nothing written) when illegal.

        With ``force`` an illegal play is recorded all the same, flagged. An assertion records what the
        table shows, agreeing or not. The verdict is returned only once the event is on disk.
        """
        return self.record_many(lambda current: [draft(current) if callable(draft) else draft], force=force)[0]

    def record_many(self, drafts: Callable[[Replay], Sequence[Draft]], *, force: bool = False,
                    accept_broken_chain: bool = False) -> list[Verdict]:
        """Judge several plays in turn and record them all in one atomic write under one lock, or none.

        ``drafts`` is given the replay under the lock and returns the plays. Each is judged after the ones
        before it; the first refused one refuses them all (nothing written). A journal whose hash chain is
        broken is refused (``Refused``) unless a recorded note accepted the break (``accept_broken_chain``),
        or these plays are that acceptance (``accept_broken_chain=True``). The write hook, if any, is called
        under the lock after the write.
        """
        with self.journal.transaction() as tx:
            before: list[Event] = []  # the plays judged so far in this call, not yet written

            def events() -> list[Event]:
                return [*tx.events(), *before]

            self._chain = None  # the file as re-read under the lock is the one checked
            if not accept_broken_chain:
                self._refuse_broken_chain()
            current = self.replay()  # re-read under the lock: refolds only when another writer moved the head
            wanted = list(drafts(current))
            verdicts, candidates, seq = [], [], tx.next_seq
            for n, draft in enumerate(wanted):
                _check_values(draft)
                verdict = self._judge(current, events, draft, seq)
                errors = verdict.errors
                if errors and not force and draft.type != ASSERT:
                    target = draft.payload.get("target")
                    if verdict.effects and any(v.seq != target for v in verdict.effects.broken) and not verdict.findings:
                        raise Refused(ruling_refusal(draft.type, target, verdict.effects), errors)
                    raise Refused(refusal_message(errors), errors)
                if errors and draft.type != ASSERT:  # forced: judged again as the table made it
                    verdict = self._judge(current, events, draft, seq, forced=True)
                candidate = verdict.event
                verdicts.append(verdict)
                candidates.append(candidate)
                if n < len(wanted) - 1:  # the next play is judged after this one
                    before.append(candidate)
                    seq += 1
                    current = verdict.replayed or replay(events(), self.game, self.config)
            written = tx.append_many(candidates)
            head = self.journal.head_hash
            if self.on_write is not None and self.journal.path is not None:
                count = self.journal.count
                self.on_write(self.journal.path, count, head,
                              [str(r.get("hash", "")) for r in self.journal.records_after(count - len(written))], False)
        journal = {e.seq: e for e in self.events} if any(e.type == VOID for e in written) else {}
        for verdict, event in zip(verdicts, written):
            verdict.event, verdict.recorded, verdict.head_hash = event, True, head
            verdict.description = describe(self.game, event, journal)
        self._keep(verdicts[-1].replayed if verdicts else None, written, head)
        if self._replay is not None:
            self._save_cache()
        return verdicts

    def _keep(self, replayed: Replay | None, written: Sequence[Event], head: str) -> None:
        """Keep the replay of the journal as just written, so that the next read does not fold it again (the
        journal is the truth: a replay kept for another head is never read, see ``replay``)."""
        latest = replayed.latest(len(written)) if replayed is not None and written else []
        if replayed is None or len(latest) < len(written):
            self._replay = None
            return
        for outcome, event in zip(latest, written):
            if outcome.seq != event.seq:  # not the journal as written: fold it again at the next read
                self._replay = None
                return
            outcome.event = event  # as written, with its time
        self._replay, self._replay_head = replayed, head

    # -- the hash chain ------------------------------------------------------------------------------

    @property
    def chain_problem(self) -> ChainProblem | None:
        """The first break in the journal's hash chain (``verify``), or None; checked once per head."""
        from scorekeeper.core.journal import verify_chain

        head = self.journal.head_hash
        if self._chain is None or self._chain[0] != head:
            prefix = self._vouched()  # the events it vouches for were verified when it was made
            self._chain = (head, verify_chain(self.journal.meta, self.journal.records_after(prefix.count),
                                              prefix.count, prefix.vouched.head) if prefix is not None
                           else verify_chain(self.journal.meta, self.journal.records))
        return self._chain[1]

    def chain_accepted_at(self) -> int | None:
        """The seq of the note that accepted the chain's break, when one does (the chain after it intact)."""
        from scorekeeper.core.journal import accepted_at

        problem = self.chain_problem
        return accepted_at(self.journal.records, problem) if problem else None

    def chain_warning(self) -> str | None:
        """One line for reading commands when the chain is broken (accepted or not), else None."""
        problem = self.chain_problem
        if problem is None:
            return None
        accepted = self.chain_accepted_at()
        tail = f"accepted at #{accepted}" if accepted else "see 'scorekeeper verify'"
        return f"this journal fails verify: {problem.message} ({tail})"

    def _refuse_broken_chain(self) -> None:
        problem = self.chain_problem
        if problem is not None and self.chain_accepted_at() is None:
            raise Refused(f"refused: this journal fails verify ({problem.message}), so nothing was recorded; "
                          "see 'scorekeeper verify', then 'scorekeeper verify --accept-broken-chain' to record on")

    def accept_broken_chain(self, reason: str = "") -> Verdict:
        """Record a note that accepts the journal's broken hash chain as it stands, so that recording can go on.

        The note names the break; a later break (after the note) refuses writing again.
        """
        from scorekeeper.core.journal import ACCEPTS_BREAK

        problem = self.chain_problem
        if problem is None:
            raise Refused("the hash chain is intact: there is no break to accept")
        text = f"accepted the broken hash chain: {problem.message}" + (f" ({reason})" if reason else "")
        draft = Draft(NOTE, None, {"text": text, ACCEPTS_BREAK: problem.seq})
        return self.record_many(lambda current: [draft], accept_broken_chain=True)[0]

    def _judge(self, current: Replay, events: Callable[[], Sequence[Event]], draft: Draft, seq: int, *,
               forced: bool = False) -> Verdict:
        """The verdict of ``draft`` as event ``seq`` after ``events()`` (replayed as ``current``; read only for
        a correction, an assertion or a setting); ``forced``: as recorded with ``--force`` (carried out as far
        as the game can)."""
        effects: Effects | None = None
        if draft.type in CORE_TYPES:
            candidate = Event(seq, draft.type, draft.player, dict(draft.payload), forced=forced)
            if draft.type == NOTE:
                findings: list[Finding] = []
                after_state = current.state
                replayed = extended(current, candidate, after_state, findings, self.game)
            else:
                after = replayed = replay([*events(), candidate], self.game, self.config)
                own = after.timeline[-1].violations if after.timeline else []
                findings = [Finding(v.rule, v.message, v.severity) for v in own]
                effects = ruling_effects(current, after, seq) if draft.type in (VOID, AMEND) else None
                after_state = after.state
            infos: list[str] = []
        else:
            completed = self.game.complete(current.state, draft)
            candidate = Event(seq, completed.type, completed.player, dict(completed.payload), forced=forced)
            found = Findings(forced=forced)
            trial = copy.deepcopy(current.state)
            after_state, findings = step(self.game, trial, candidate, restore=lambda: current.state, found=found)
            infos = list(found.infos)
            replayed = extended(current, candidate, after_state, findings, self.game)
        try:
            expected = self.game.expect(after_state).text
        except Exception:  # a hint must never stop a command
            expected = ""
        journal = {e.seq: e for e in events()} if candidate.type == VOID else {}
        return Verdict(candidate, findings, current.state, after_state, expected,
                       describe(self.game, candidate, journal), infos, effects=effects, replayed=replayed)

    # -- corrections and annotations -----------------------------------------------------------------

    def note(self, text: str) -> Verdict:
        """Record a free-text note (a ruling, a dispute, a reminder)."""
        return self.record(_note_draft(text))

    def note_without_rules(self, text: str) -> Verdict | None:
        """Record a note without loading the game, when the session was opened lazily and the replay cache
        vouches for the whole journal (or for all of it but notes): a note changes neither the state nor what
        the game expects next, which the cache's entry holds. None, nothing written, when it cannot: ``note``
        then records it through the game, with the same verdict."""
        from scorekeeper.core.journal import verify_chain

        draft = _note_draft(text)
        if self._game is not None or not isinstance(self.journal, Journal):
            return None
        from scorekeeper.core.settings import declared_settings

        config = config_of(self.journal.meta, declared_settings(self._entry))
        start = replay_cache.note_start(self.journal, self._entry, config)
        if start is None:
            return None
        _check_values(draft)
        meta, count = self.journal.meta, start.vouched.count
        with self.journal.transaction() as tx:
            if self.journal.vouched != start.vouched:  # another terminal rewrote the file meanwhile
                return None
            later = self.journal.records_after(count)
            if any(r.get("type") != NOTE for r in later) or verify_chain(meta, later, count, start.vouched.head):
                return None  # a play since the entry (the game must replay it), or a broken chain (refused there)
            written = tx.append_many([Event(0, NOTE, None, dict(draft.payload), "")])
            head = self.journal.head_hash
            if self.on_write is not None and self.journal.path is not None:
                self.on_write(self.journal.path, self.journal.count, head, [head], False)
        replay_cache.save_after_note(self.journal, start)
        event = written[0]
        return Verdict(event, [], None, None, start.expected, core_description(event) or "", recorded=True,
                       head_hash=head)

    def void(self, seq: int, reason: str = "", *, force: bool = False) -> Verdict:
        """Void event ``seq``: it stays in the journal but no longer counts (a void of a void restores)."""
        self.event(seq)
        return self.record(Draft(VOID, None, {"target": seq, "reason": reason}), force=force)

    def undo(self, reason: str = "undo", *, force: bool = False) -> Verdict:
        """Void the newest event that still counts."""
        return self.undo_many(1, reason, force=force)[0]

    def undo_many(self, count: int, reason: str = "undo", *, force: bool = False) -> list[Verdict]:
        """Void the ``count`` newest events that still count, newest first: one atomic step under one lock.

        All ``count`` voids are recorded, or none (``Refused`` when fewer events still count).
        """
        if count < 1:
            raise BadInput(f"--count {count}: undo at least one event")

        def newest_effective(replayed: Replay) -> list[Draft]:
            targets = [o.seq for o in reversed(replayed.timeline)
                       if o.status != "voided" and o.event.type != VOID][:count]
            if not targets:
                raise Refused("nothing to undo: no event in the journal still counts")
            if len(targets) < count:
                raise Refused(f"nothing undone: only {len(targets)} event(s) still count, not {count}; "
                              f"undo --count {len(targets)} voids them all")
            return [Draft(VOID, None, {"target": t, "reason": reason}) for t in targets]

        return self.record_many(newest_effective, force=force)

    def amend(self, seq: int, changes: Mapping[str, Any], player: str | None = None, *,
              force: bool = False) -> Verdict:
        """Correct fields of event ``seq`` (the original stays; the amendment is a new event)."""
        self.event(seq)
        payload: dict[str, Any] = {"target": seq, "changes": dict(changes)}
        if player:
            payload["player"] = self.player(player)
        return self.record(Draft(AMEND, None, payload), force=force)

    def assert_facts(self, player: str | None, facts: Mapping[str, Any]) -> Verdict:
        """Record what the table shows; replay flags where journal and table disagree.

        A key the game cannot read (unknown, or a player's value without a player) is refused here
        (``BadInput``, listing the known keys), so that it never stands in the journal as a disagreement.
        """
        from scorekeeper.games.base import ObservationError

        who = self.player(player) if player else None
        if not facts:
            raise BadInput(f"say what the table shows as KEY=VALUE; known keys: {self._known_keys()}")
        state = self.state
        for key in facts:
            try:
                self.game.observe(state, who, key)
            except ObservationError as exc:
                known = "" if "known" in str(exc) else f" (known keys: {self._known_keys()})"
                raise BadInput(f"assert {key}: {exc}{known}") from None
            except (TypeError, ValueError, KeyError, AttributeError, IndexError):
                raise BadInput(f"assert {key}: this game cannot read {key!r}"
                               f"{' for ' + who if who else ' without a player'}; known keys: {self._known_keys()}") from None
        return self.record(Draft(ASSERT, who, {"facts": dict(facts)}))

    def _known_keys(self) -> str:
        return ", ".join(self.game.observable_keys()) or "none"

    def set_setting(self, key: str, raw: str, *, force: bool = False) -> Verdict:
        """Change a mutable setting mid-game (recorded as an event)."""
        from scorekeeper.core.settings import find

        setting = find(self.game.settings, key)
        if not setting.mutable:
            raise Refused(f"setting {key} is fixed when the session is created (scorekeeper new … --set {key}=…)")
        return self.record(Draft(SET, None, {"key": key, "value": setting.parse(raw)}), force=force)  # checked


def _check_without_rules(entry: Any, journal: Journal | MemoryJournal, path: Path | None) -> None:
    """``BadInput`` for a session whose settings do not fit the game's declarations, or whose players are
    missing or repeated: what can be told without loading the game's rules."""
    from scorekeeper.core.settings import declared_settings

    _check_session_meta(declared_settings(entry), journal.meta, path)


def _checked_game(entry: Any, journal: Journal | MemoryJournal, path: Path | None) -> Game:
    """The game of ``entry``, loaded; ``BadInput`` when the session's settings or players do not fit it."""
    from scorekeeper import games

    game = games.load(entry.name)
    _check_session_meta(game.settings, journal.meta, path, game)
    return game


def _check_session_meta(settings: Sequence[Any], meta: SessionMeta, path: Path | None, game: Game | None = None) -> None:
    """``BadInput`` when ``meta``'s settings do not fit ``settings``, or its players are missing, repeated or (with
    the ``game``) more or fewer than the game is played by."""
    from scorekeeper.core.settings import first_problem

    wrong = first_problem(settings, meta.settings)
    if wrong:
        raise BadInput(f"{path}: {wrong}; the file was left untouched")
    players = list(meta.players)
    low, high = (game.min_players, game.max_players) if game is not None else (1, max(1, len(players)))
    if not low <= len(players) <= high or len(set(players)) < len(players):
        played_by = f"; {game.title} is played by {low} to {high}" if game is not None else ""
        raise BadInput(f"{path}: the metadata is damaged ({len(players)} players, {len(set(players))} different"
                       f"{played_by}); the file was left untouched")


def check_meta(game: Game, meta: SessionMeta) -> None:
    """Refuse the metadata of a new session: players repeated or too many or too few, a setting of the wrong
    type or range, a catalog that is not an object (``BadInput``, or ``Refused`` for the player count)."""
    from scorekeeper.core.journal import meta_problem
    from scorekeeper.core.settings import first_problem

    damage = meta_problem(meta.to_record())
    if damage:
        raise BadInput(damage)
    names = [p.strip().lower() for p in meta.players]
    if len(set(names)) != len(names) or not all(names):
        raise BadInput("two players have the same name (or one has none); give each player a distinct name")
    if not game.min_players <= len(names) <= game.max_players:
        raise Refused(f"{game.title} is played by {game.min_players} to {game.max_players} players, "
                      f"not {len(names)}")
    wrong = first_problem(game.settings, meta.settings)
    if wrong:
        raise BadInput(wrong)


def _check_values(draft: Draft) -> None:
    """``BadInput`` when a play holds a value strict JSON cannot (NaN, Infinity, a lone surrogate…)."""
    from scorekeeper.core import strictjson

    wrong = strictjson.problem({"player": draft.player, "payload": dict(draft.payload)})
    if wrong:
        raise BadInput(f"cannot record this {draft.type}: {wrong}")


# -- helpers ---------------------------------------------------------------------------------------


def config_of(meta: SessionMeta, game: Game | Sequence[Any]) -> SessionConfig:
    """The session's config, from the ``game`` or its settings' declarations alone (``declared_settings``: no
    rules loaded); a setting declared after the session was made takes its default."""
    from scorekeeper.core.settings import completed

    declared = game.settings if isinstance(game, Game) else game
    return SessionConfig(meta.game, tuple(meta.players), completed(declared, meta.settings), meta.catalog)


def describe(game: Game, event: Event, journal: Mapping[int, Event] | None = None) -> str:
    """One human line for an event: the game's words for its own events, ours for core ones.

    With the ``journal`` (events by seq), a void also says what it voided.
    """
    if event.type == VOID:
        reason = f" ({event.get('reason')})" if event.get("reason") else ""
        target = (journal or {}).get(event.get("target"))
        what = f": {describe(game, target)}" if target is not None and target.type != VOID else ""
        return f"void #{event.get('target')}{reason}{what}"
    if event.type == AMEND:
        changes = " ".join(f"{k}={json.dumps(v)}" for k, v in dict(event.get("changes", {})).items())
        who = f" player={event.get('player')}" if event.get("player") else ""
        return f"amend #{event.get('target')}: {changes}{who}"
    own = core_description(event)
    if own is not None:
        return own
    try:
        return game.describe(event)
    except Exception:  # a description must never stop a command
        return f"{event.type} {json.dumps(dict(event.payload))}"


def core_description(event: Event) -> str | None:
    """One human line for a note, an assertion or a setting change (no game needed); None for any other."""
    if event.type == NOTE:
        return f"note: {event.get('text')}"
    if event.type == ASSERT:
        facts = " ".join(f"{k}={v}" for k, v in dict(event.get("facts", {})).items())
        return f"assert {event.player + ' ' if event.player else ''}{facts}"
    if event.type == SET:
        return f"set {event.get('key')}={json.dumps(event.get('value'))}"
    return None


def _note_draft(text: str) -> Draft:
    if not text.strip():
        raise BadInput("the note is empty; write its text in quotes")
    return Draft(NOTE, None, {"text": text})


def refusal_message(errors: Sequence[Finding]) -> str:
    """The line that refuses a play (each broken rule and why), then each rule's summary indented below it."""
    from scorekeeper.render.report import rule_summary_lines

    reasons = "; ".join(f"{f.rule}: {f.message}" for f in errors)
    explained = [line for rule in dict.fromkeys(f.rule for f in errors) for line in rule_summary_lines(rule, "  ")]
    return "\n".join([f"refused: {reasons} (use --force to record it anyway)", *explained])


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
