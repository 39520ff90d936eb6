"""The table-driven test helper shared by the three games: a game played event by event, as replay does.

``Table.play`` records the event and plays it through ``engine.step`` (a rejected play leaves the state as
it was); ``Table.judge`` only tries it. ``ok`` asserts a play is legal, ``refused`` that it is refused under
the given rules and changes nothing. ``replay`` runs the real engine over the recorded events, as a
cross-check of the event-by-event state.
"""

from __future__ import annotations

import copy
from typing import Any

from scorekeeper.core.engine import Replay, replay, step
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Finding, Game, SessionConfig


class Table:
    """One game's state and journal, driven one event at a time."""

    def __init__(self, game: Game, config: SessionConfig) -> None:
        self.game = game
        self.config = config
        self.state: Any = game.setup(config)
        self.events: list[Event] = []
        self.rejected: list[int] = []

    def event(self, type: str, player: str | None, payload: dict[str, Any], forced: bool = False) -> Event:
        return Event(len(self.events) + 1, type, player, payload, forced=forced)

    def judge(self, type: str, player: str | None = None, **payload: Any) -> list[Finding]:
        """The findings of a play on the current state; nothing is recorded, the state is untouched."""
        _, findings = step(self.game, copy.deepcopy(self.state), self.event(type, player, payload))
        return findings

    def play(self, type: str, player: str | None = None, *, force: bool = False, **payload: Any) -> list[Finding]:
        """Record a play and carry it out when legal (a rejected one is kept, as ``--force`` keeps it)."""
        event = self.event(type, player, payload, force)
        self.events.append(event)
        self.state, findings = step(self.game, self.state, event)
        if any(f.is_error for f in findings):
            self.rejected.append(event.seq)
        return findings

    def ok(self, type: str, player: str | None = None, **payload: Any) -> list[Finding]:
        """Play an event that must be legal (no error finding)."""
        findings = self.play(type, player, **payload)
        errors = [f for f in findings if f.is_error]
        assert not errors, f"{type} {player} {payload}: {errors}"
        return findings

    def arrange(self, player: str | None = None, **payload: Any) -> list[Finding]:
        """Put the table in the position a test needs with a forced ``ADJUST``: a shortcut the table could not
        reach by plays alone (all Crests gone, a deck emptied without the end it triggers). Its whole-state findings
        (``…-STATE-n``, judged as at every door) are allowed, flagged as a forced adjustment is; any other error
        fails the test."""
        findings = self.play("ADJUST", player, force=True, **payload)
        errors = [f for f in findings if f.is_error and "-STATE-" not in f.rule]
        assert not errors, f"ADJUST {player} {payload}: {errors}"
        return findings

    def refused(self, rule: str, type: str, player: str | None = None, **payload: Any) -> Finding:
        """Assert that the play is refused, its first error citing ``rule``; nothing is recorded."""
        errors = [f for f in self.judge(type, player, **payload) if f.is_error]
        assert errors, f"{type} {player} {payload} was accepted"
        assert errors[0].rule == rule, f"expected {rule}, got {errors}"
        return errors[0]

    def said(self, type: str, player: str | None = None, **payload: Any) -> tuple[list[str], str]:
        """Play a legal event; what it said (its infos) and its effects line, as a verdict shows them."""
        from scorekeeper.core.protocol import Findings
        from scorekeeper.render.effects import effects_text

        before = copy.deepcopy(self.state)
        found = Findings()
        event = self.event(type, player, payload)
        self.events.append(event)
        self.state, findings = step(self.game, self.state, event, found=found)
        assert not [f for f in findings if f.is_error], findings
        return found.infos, effects_text(self.game.effects(before, self.state, event))

    def replay(self) -> Replay:
        return replay(self.events, self.game, self.config)


def judge(game: Game, state: Any, event: Event) -> list[Finding]:
    """The findings of ``event`` on ``state``, which stays untouched (the engine's own step, on a copy)."""
    return step(game, copy.deepcopy(state), event)[1]
