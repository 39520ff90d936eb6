"""Properties over whole recorded games: checks never mutate, never crash on odd payloads, replays agree."""

from __future__ import annotations

import pickle
import random
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.table import judge
from scorekeeper.core.engine import replay
from scorekeeper.core.events import Event
from scorekeeper.games.emberheart import GAME

from test_eh_cli import load_maker

SEEDS = (2, 7)


@cache
def recorded(seed: int) -> Any:
    """A whole game the sample generator's bot plays with ``seed``: recorded once, by the first test that needs it
    (not when the module is imported: collecting the suite records nothing)."""
    return load_maker().make_game(f"memory:emberheart-prop{seed}", seed, "Astrid,Brandon,Helga")

ODD_VALUES = [None, 0, -1, 7, 99, "", "x", "tavern", "mountain", [], {}, {"G": -1}, {"Q": 1}, True, [["a"]]]


def mutate(event: Event, rng: random.Random) -> Event:
    payload = dict(event.payload)
    keys = list(payload) + ["space", "card", "location", "hire", "level", "order", "discard", "exotic"]
    for _ in range(rng.randint(1, 3)):
        payload[rng.choice(keys)] = rng.choice(ODD_VALUES)
    player = rng.choice([event.player, "Astrid", "Brandon", "Helga", None])
    kind = event.type if rng.random() < 0.6 else rng.choice(list(GAME.event_types))
    return Event(event.seq, kind, player, payload)


@settings(max_examples=40, deadline=None)
@given(seed=st.sampled_from(SEEDS), cut=st.integers(min_value=0, max_value=400),
       noise=st.integers(min_value=0, max_value=10**6))
def test_check_never_mutates_and_never_crashes(seed: int, cut: int, noise: int) -> None:
    """`check` on any state, with odd payloads, returns findings (no CORE-INTERNAL) and leaves the state alone.

    A payload that does not fit its declaration (``events.EVENTS``) is the engine's CORE-PAYLOAD; one that fits
    must be judged by the rules themselves (with ``strict``, a field they read without checking would raise)."""
    rec = recorded(seed)
    events = [e for e in rec.session().events if e.type != "set"]
    cut = min(cut, len(events) - 1)
    state = replay(rec.session().events[: cut + 1], GAME, rec.session().config).state
    before = pickle.dumps(state)
    rng = random.Random(noise)
    GAME.strict = True  # a payload field the rules do not validate would raise here
    try:
        for _ in range(5):
            event = mutate(events[cut], rng)
            findings = judge(GAME, state, event)
            assert all(f.rule != "CORE-INTERNAL" for f in findings)
            if not GAME.payload_findings(event):
                assert all(f.rule != "CORE-PAYLOAD" for f in findings)
    finally:
        GAME.strict = False
    assert pickle.dumps(state) == before


def test_replay_is_deterministic_and_matches_the_recording() -> None:
    """Two replays of the same journal give the same state and the same score."""
    rec = recorded(2)
    first = replay(rec.session().events, GAME, rec.session().config)
    second = replay(rec.session().events, GAME, rec.session().config)
    assert pickle.dumps(first.state) == pickle.dumps(second.state) == pickle.dumps(rec.state())
    assert GAME.score(first.state).to_json() == GAME.score(second.state).to_json()
