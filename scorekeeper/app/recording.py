"""Recording: every write a session makes goes through ``transact``, one transaction under the session's lock.

A play is a ``Draft`` (what the table typed); ``Game.complete`` turns it into the event to record, and
``engine.step`` judges it. ``try_play`` returns the verdict without writing; ``record_many`` judges several
plays in turn and writes them all in one atomic write, or none; ``record`` is one play, and every note,
correction, assertion and setting change is recorded through it. ``note_without_rules`` records a note
without loading the game when the replay cache vouches for the journal, through the same ``transact``.
"""

from __future__ import annotations

import copy
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence, Union

from scorekeeper.app import replay_cache
from scorekeeper.app.consequences import Effects, ruling_effects
from scorekeeper.app.ending import end_lines
from scorekeeper.app.session_core import WriteHook, config_of
from scorekeeper.app.trust import Trust
from scorekeeper.app.verdicts import PlayRefused, Verdict, core_description, describe
from scorekeeper.core.engine import Replay, carried_out, extended, replay, step
from scorekeeper.core.events import AMEND, ASSERT, CORE_TYPES, NOTE, VOID, Event
from scorekeeper.core.journal import Journal, MemoryJournal, Transaction
from scorekeeper.errors import BadInput
from scorekeeper.core.protocol import Draft, Effect, Expectation, Finding, Findings, Game, asking

#: a play, or a function of the replay under the lock that gives it (``undo`` picks its target there)
DraftOrFunction = Union[Draft, Callable[[Replay], Draft]]


def transact(journal: Journal | MemoryJournal, on_write: WriteHook | None,
             plan: Callable[[Transaction], Sequence[Event] | None]) -> tuple[list[Event], str] | None:
    """The one write path: hold the lock, re-read the journal, let ``plan`` say what to append (judged on the
    journal as re-read), append it in one atomic write, and call the write hook under the lock. Returns the
    events as written and the new head hash; None, nothing written, when ``plan`` declines (returns None).
    An exception from ``plan`` writes nothing."""
    from scorekeeper.app.results_only import refuse_after_result

    with journal.transaction() as tx:
        refuse_after_result(journal)  # a typed result is the session's last event
        wanted = plan(tx)
        if wanted is None:
            return None
        written = tx.append_many(wanted)
        head = journal.head_hash
        if on_write is not None and journal.path is not None:
            count = journal.count
            on_write(journal.path, count, head,
                     [str(r.get("hash", "")) for r in journal.records_after(count - len(written))], False)
    return written, head


class Recording(Trust):
    """Trying and recording plays (see the module's docstring)."""

    #: judge every play (and correction) as it would be recorded, refuse it as it would be, and write nothing:
    #: the verdicts come back unrecorded (``--dry-run`` of undo, void and amend; set only by ``previewing``)
    dry_run: bool = False

    @contextmanager
    def previewing(self, on: bool = True) -> Iterator[None]:
        """Within it, recording writes nothing (``dry_run``); a session kept open (the table) records again
        after it."""
        self.dry_run = on
        try:
            yield
        finally:
            self.dry_run = False

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
        verdicts: list[Verdict] = []

        def plan(tx: Transaction) -> list[Event]:
            before: list[Event] = []  # the plays judged so far in this call, not yet written

            def events() -> list[Event]:
                return [*tx.events(), *before]

            if not accept_broken_chain:
                self.refuse_broken_chain()  # the file as re-read under the lock is the one checked
            current = self.replay()  # re-read under the lock: refolds only when another writer moved the head
            wanted = list(drafts(current))
            seq = tx.next_seq
            for n, draft in enumerate(wanted):
                _check_values(draft)
                verdict = self._judge(current, events, draft, seq)
                errors = verdict.errors
                if errors and not force and draft.type != ASSERT:
                    target = draft.payload.get("target")
                    if draft.type == AMEND and not verdict.findings:  # what --force would do: the play as amended
                        verdict = self._judge(current, events, draft, seq, forced=True)
                        errors = verdict.errors
                    if verdict.effects and any(v.seq != target for v in verdict.effects.broken) and not verdict.findings:
                        raise PlayRefused(errors, draft.type, target, verdict.effects,
                                          branch=self.journal.meta.parent is not None)
                    raise PlayRefused(errors)
                if errors and draft.type != ASSERT:  # forced: judged again as the table made it
                    verdict = self._judge(current, events, draft, seq, forced=True)
                    asked = asking([*errors, *verdict.findings])
                    if asked:  # an incomplete play has nothing to carry out: a prompt, even forced (UX-12)
                        raise PlayRefused(list(dict.fromkeys(asked)))
                verdicts.append(verdict)
                if n < len(wanted) - 1:  # the next play is judged after this one
                    before.append(verdict.event)
                    seq += 1
                    current = verdict.replayed or replay(events(), self.game, self.config)
            return [verdict.event for verdict in verdicts]

        if self.dry_run:
            plan(Transaction(self.journal))  # the journal as read: no lock is taken, nothing is written
            return verdicts
        done = transact(self.journal, self.on_write, plan)
        assert done is not None  # this plan never declines
        written, head = done
        journal = {e.seq: e for e in self.events} if any(e.type in (VOID, AMEND) for e in written) else {}
        for verdict, event in zip(verdicts, written):
            verdict.event, verdict.recorded, verdict.head_hash = event, True, head
            verdict.description = describe(self.game, event, journal)
        self._adopt_written(verdicts[-1].replayed if verdicts else None, written, head)
        if self._replay is not None:
            self.cache.keep(self._replay)
        return verdicts

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
            gains: list[Effect] = []
            ending: list[str] | None = []
        else:
            completed = self.game.complete(current.state, draft)
            candidate = Event(seq, completed.type, completed.player, dict(completed.payload), forced=forced)
            found = Findings(forced=forced)
            trial = copy.deepcopy(current.state)
            # a forced play kept inert may move the turn on (Game.move_on): on a copy, never on the replay's state
            after_state, findings = step(self.game, trial, candidate,
                                         restore=lambda: copy.deepcopy(current.state), found=found)
            infos = list(found.infos)
            replayed = extended(current, candidate, after_state, findings, self.game)
            gains = play_effects(self.game, current.state, after_state, candidate, findings)
            ending = [] if not carried_out(candidate, findings) else None
        expectation: Expectation | None = None
        try:
            expectation = self.game.expect(after_state)
            expected = expectation.text
        except Exception:  # a hint must never stop a command
            expected = ""
        if ending is None:  # a game's play carried out: what it did to the end of the game (field report FC-V1)
            ending = end_lines(self.game, current.state, after_state, expectation)
        journal = {e.seq: e for e in events()} if candidate.type in (VOID, AMEND) else {}
        return Verdict(candidate, findings, current.state, after_state, expected,
                       describe(self.game, candidate, journal), infos, effects=effects, replayed=replayed,
                       gains=gains, ending=ending)

    # -- notes ---------------------------------------------------------------------------------------

    def note(self, text: str) -> Verdict:
        """Record a free-text note (a ruling, a dispute, a reminder)."""
        return self.record(note_draft(text))

    def note_without_rules(self, text: str) -> Verdict | None:
        """Record a note without loading the game, when the session was opened lazily and the replay cache
        vouches for the whole journal (or for all of it but notes): a note changes neither the state nor what
        the game expects next, which the cache's entry holds. None, nothing written, when it cannot: ``note``
        then records it through the game, with the same verdict."""
        from scorekeeper.games import declared_settings

        draft = note_draft(text)
        journal = self.journal
        if self._game is not None or not isinstance(journal, Journal):
            return None
        start = replay_cache.note_start(journal, self._entry, config_of(journal.meta, declared_settings(self._entry)))
        if start is None:
            return None
        _check_values(draft)
        note = Event(0, NOTE, None, dict(draft.payload), "")
        def plan(tx: Any) -> list[Event] | None:
            if not start.holds(journal):
                return None
            self.refuse_broken_chain()  # what the witness finds (the chain after the entry is intact)
            return [note]

        done = transact(journal, self.on_write, plan)
        if done is None:
            return None
        (event,), head = done
        replay_cache.keep_after_note(journal, start)
        return Verdict(event, [], None, None, start.expected, core_description(event) or "", recorded=True,
                       head_hash=head)


def play_effects(game: Game, before: object, after: object, event: Event, findings: Sequence[Finding]) -> list[Effect]:
    """What a carried-out play gave or cost each player (``Game.effects``); nothing for a play not carried out,
    and nothing rather than an error if the game cannot say (the verdict is never stopped by its effects line)."""
    if any(f.is_error for f in findings) and not event.forced:
        return []
    try:
        return game.effects(before, after, event)
    except Exception:  # an effects line must never stop a command
        return []


def note_draft(text: str) -> Draft:
    """A note of ``text``; ``BadInput`` when it is empty."""
    if not text.strip():
        raise BadInput("the note is empty; write its text in quotes")
    return Draft(NOTE, None, {"text": text})


def _check_values(draft: Draft) -> None:
    """``BadInput`` when a play holds a value strict JSON cannot (NaN, Infinity, a lone surrogate…)."""
    from scorekeeper.core import strictjson

    wrong = strictjson.problem({"player": draft.player, "payload": dict(draft.payload)})
    if wrong:
        raise BadInput(f"cannot record this {draft.type}: {wrong}")
