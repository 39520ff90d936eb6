"""A tiny game used to test the core without any real game: players take turns adding 1 to 3 counters.

Rules: FAKE-TURN (players act in seat order), FAKE-RANGE (add 1 to 3), FAKE-END (the game ends at
``target`` counters in total). Score: counters held; tiebreak: fewer turns taken. A tally (``TALLY``, the state
laid over: FAKE-TALLY-1 when a field does not fit) and an ``ADJUST`` set a whole state, judged by its one
invariant, FAKE-STATE-1 (no player holds fewer than 0 counters).
Importing this module registers the game as ``fake``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.core.events import Event
from scorekeeper.games import GameInfo, entry, register
from scorekeeper.core.protocol import (
    PLAYER_REQUIRED, EventType, Explanation, Field, Finding, Game, GameSetupError, ObservationError, ScoreRow, ScoreTable, SessionConfig, Status,
    Findings, error, rank_rows, warning,
)
from scorekeeper.core.tally_event import TALLY_EVENT
from scorekeeper.core.tallying import laid_over
from scorekeeper.core.settings import Setting


@dataclass
class FakeState:
    players: list[str]
    settings: dict[str, Any]
    counters: dict[str, int] = field(default_factory=dict)
    turns: dict[str, int] = field(default_factory=dict)
    turn: int = 0

    @property
    def active(self) -> str:
        return self.players[self.turn % len(self.players)]

    @property
    def total(self) -> int:
        return sum(self.counters.values())


#: the one line that adds a game to the registry (the recipe in docs/architecture.md)
register(GameInfo("fake", "Fake", ("fk",), "tests.fake_game", "Record a fake game (alias: fk).", "FAKE"))


class FakeGame(Game):
    info = entry("fake")
    min_players = 1
    max_players = 4
    settings = (
        Setting("target", 10, "counters in total that end the game", kind="int"),
        Setting("bonus", 0, "points added to every score (a mid-game setting)", kind="int", mutable=True),
    )
    events = (
        EventType("ADD", "take 1 to 3 counters", (Field("n", "int", required=True, positional=True),),
                  player=PLAYER_REQUIRED),
        EventType("ADJUST", "a manual correction of a player's counters", (Field("n", "int", required=True),),
                  player=PLAYER_REQUIRED),
        TALLY_EVENT,
    )

    def setup(self, config: SessionConfig) -> FakeState:
        if config.settings["target"] < 1:
            raise GameSetupError("target must be at least 1")
        return FakeState(list(config.players), dict(config.settings),
                         {p: 0 for p in config.players}, {p: 0 for p in config.players})

    def play(self, state: FakeState, event: Event, found: Findings) -> FakeState:
        if event.type == "TALLY":
            problem = laid_over(state, event.payload)
            if problem:
                found.stop("FAKE-TALLY-1", problem)
            return state
        return super().play(state, event, found)

    def check_state(self, state: FakeState) -> list[Finding]:
        return [error("FAKE-STATE-1", f"{p} holds {n} counters; a player holds 0 or more")
                for p, n in state.counters.items() if n < 0]

    def check(self, state: FakeState, event: Event) -> list[Finding]:
        if event.type == "ADJUST":
            return [warning("FAKE-ADJUST", "a manual correction")]
        findings = []
        if event.player != state.active:
            findings.append(error("FAKE-TURN", f"it is {state.active}'s turn, not {event.player}'s"))
        n = event.get("n")
        if not isinstance(n, int) or not 1 <= n <= 3:
            findings.append(error("FAKE-RANGE", f"take 1 to 3 counters, not {n}"))
        if state.total >= state.settings["target"]:
            findings.append(error("FAKE-END", "the game is over"))
        if n == 3:
            findings.append(warning("FAKE-GREEDY", "three at once is greedy"))
        return findings

    def apply(self, state: FakeState, event: Event) -> FakeState:
        if event.type == "ADJUST":
            state.counters[event.player] += event.get("n")
            return state
        state.counters[event.player] += event.get("n")
        state.turns[event.player] += 1
        state.turn += 1
        return state

    def status(self, state: FakeState) -> Status:
        done = state.total >= state.settings["target"]
        return Status(
            headline=[f"Fake game · {state.total}/{state.settings['target']} counters"],
            expected="the game is over: scorekeeper score" if done else f"{state.active} adds 1 to 3 counters",
            active_player=None if done else state.active,
            players=[{"player": p, "counters": state.counters[p]} for p in state.players],
            finished=done,
        )

    def score(self, state: FakeState) -> ScoreTable:
        rows = [ScoreRow(p, {"counters": state.counters[p], "bonus": state.settings["bonus"]},
                         state.counters[p] + state.settings["bonus"]) for p in state.players]
        rank_rows(rows, {p: (-state.turns[p],) for p in state.players})
        best = [r.player for r in rows if r.rank == 1]
        tied = len({r.total for r in rows if r.total == max(x.total for x in rows)}) and \
            sum(r.total == max(x.total for x in rows) for r in rows) > 1
        return ScoreTable(
            game="Fake", final=state.total >= state.settings["target"], categories=["counters", "bonus"],
            rows=rows, winners=best, tiebreak="fewer turns taken" if tied else None,
            explanations=[Explanation(p, "counters", state.counters[p], "counters taken") for p in state.players],
        )

    def observe(self, state: FakeState, player: str | None, key: str) -> Any:
        if key == "counters" and player:
            return state.counters[player]
        if key == "total":
            return state.total
        raise ObservationError(f"unknown key {key!r}; known keys: counters, total")

    def observable_keys(self) -> list[str]:
        return ["counters", "total"]

    def describe(self, event: Event) -> str:
        return f"{event.player} adds {event.get('n')}"


GAME = FakeGame()
