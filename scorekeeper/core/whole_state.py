"""A whole state set at once, judged as a whole: the one check behind every door that takes a state.

A tally, a game joined in progress and an adjustment do not play a move: they set the state as the table shows
it (``EventType.sets_state``: ``TALLY`` and ``ADJUST``). The engine's ``step`` judges such an event, after the game
carried it out, by ``Game.check_state`` on the state it leaves, as a play is judged by its rules: what the game
finds impossible there, and did not find before the event, is a breach of that event. So ``tally --from``, the
walk, ``new --from``, ``adjust`` and ``import`` refuse it (exit 1, nothing written) or record it flagged with
``--force``, and ``check``, ``log``, ``audit`` and ``report`` flag it from the replay, with no further work.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Finding, Findings, Game, block

#: the exceptions a game's ``play`` raises when a payload's inner shape is wrong (a list of the wrong items…)
PAYLOAD_ERRORS = (TypeError, ValueError, KeyError, AttributeError, IndexError)


def judging(game: Game, state: Any, event: Event) -> Callable[[Any, Findings], list[Finding]]:
    """What judges the state ``event`` leaves (given it, and what the play found: a refused or blocked play leaves
    nothing to judge, and what the game's own play already said is not said twice): when ``event`` sets a whole
    state, what is impossible there and was not already in ``state``, before it; for any other event (a play,
    judged by its rules only), nothing."""
    declared = game.declaration(event.type)
    if declared is None or not declared.sets_state:
        return lambda after, found: []
    before = judged(game, state, event)

    def judge(after: Any, found: Findings) -> list[Finding]:
        said = {(f.rule, f.message) for f in found.items}
        return [] if found.halted else [f for f in judged(game, after, event)
                                        if f not in before and (f.rule, f.message) not in said]

    return judge


def judged(game: Game, state: Any, event: Event) -> list[Finding]:
    """What ``Game.check_state`` finds impossible about ``state``, each an error of ``event`` the table may force
    (a breach: the state is recorded as typed, flagged), warnings as they are. A state the game cannot even judge
    (its fields do not read as the game's state) is a ``CORE-PAYLOAD`` block, as a payload that cannot be read."""
    try:
        found = game.check_state(state)
    except PAYLOAD_ERRORS as exc:
        if getattr(game, "strict", False):
            raise
        return [block("CORE-PAYLOAD", f"the state this {event.type} sets cannot be judged "
                                      f"({type(exc).__name__}: {exc})")]
    return [replace(f, blocks=False, asks=False, seq=None) if f.is_error else f for f in found]
