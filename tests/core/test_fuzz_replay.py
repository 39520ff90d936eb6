"""A replay fuzz per game (hypothesis): random journals of the game's declared event types replay and score.

A journal is a prefix of one of the game's bundled sample sessions (to reach the middle and the end of a real
game) followed by random events: each of a type the game declares (``game.events``), with a payload built from
the declaration's fields (values of the declared kind drawn from the game's own vocabulary, or of another kind)
plus junk keys, by a player, by nobody or by a stranger; some are real events of the sample with one field
changed; and some of the session's settings are changed to other values a session may hold. For every journal, ``engine.replay``, ``game.score``, ``game.status`` and ``game.expect`` let no
exception escape (a ``MissingValueError`` from ``score`` is allowed: a printed value nobody stated yet).
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core.engine import replay
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Field, GameSetupError, MissingValueError, SessionConfig
from tests.fuzz.arguments import short_words
from tests.registry import games, sample_folder
from tests.slow_checks import slow_check

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_sessions"
#: each game's first legal sample (its manifest's order)
GAMES = {g.name: next(e["file"] for e in json.loads((sample_folder(g) / "manifest.json").read_text(encoding="utf-8"))
                      ["sessions"] if e["kind"] == "legal") for g in games()}
EXAMPLES = 60


@lru_cache(maxsize=None)
def sample(game: str) -> Any:
    from scorekeeper.app.session import Session

    return Session.open(SAMPLES / game / GAMES[game])


@lru_cache(maxsize=None)
def vocabulary(game: str) -> tuple[str, ...]:
    """Every short text in the sample's payloads: locations, cards, goods… the words a real payload holds."""
    return tuple(short_words(dict(event.payload) for event in sample(game).events))


def values(game: str, depth: int = 2) -> st.SearchStrategy[Any]:
    words = st.sampled_from(vocabulary(game)) | st.text(max_size=6)
    scalars = st.none() | st.booleans() | st.integers(-3, 60) | st.integers() | words | \
        st.floats(allow_nan=False, allow_infinity=False, width=32)
    if depth == 0:
        return scalars
    inner = values(game, depth - 1)
    return scalars | st.lists(inner, max_size=5) | st.dictionaries(words, inner, max_size=4)


def of_kind(game: str, field: Field) -> st.SearchStrategy[Any]:
    words = st.sampled_from(vocabulary(game))
    small = st.integers(-2, 40)
    by_kind: dict[str, st.SearchStrategy[Any]] = {
        "int": small, "num": small | st.floats(-5, 50, allow_nan=False), "str": words, "bool": st.booleans(),
        "list": st.lists(words | small, max_size=6), "dict": st.dictionaries(words, words | small, max_size=4),
    }
    right = by_kind.get(field.kind, values(game))
    return st.one_of(right, right, right, values(game))  # mostly the declared kind, now and then anything


@st.composite
def random_event(draw: st.DrawFn, game: str, seq: int) -> Event:
    s = sample(game)
    players = list(s.config.players)
    if draw(st.integers(0, 3)) == 0:  # a real event of the sample, one field changed
        real = draw(st.sampled_from(s.events))
        payload = dict(real.payload)
        key = draw(st.sampled_from(sorted(payload) or ["x"]))
        payload[key] = draw(values(game))
        return Event(seq, real.type, real.player, payload)
    declared = draw(st.sampled_from(list(s.game.events)))
    payload = {}
    for field in declared.fields:
        if field.required or draw(st.booleans()):
            payload[field.name] = draw(of_kind(game, field))
    if draw(st.integers(0, 4)) == 0:
        payload[draw(st.sampled_from(vocabulary(game)) | st.text(max_size=5))] = draw(values(game))
    player = draw(st.sampled_from(players) | st.none() | st.just("Stranger"))
    return Event(seq, declared.name, player, payload, forced=draw(st.booleans()))


def setting_values(setting: Any) -> st.SearchStrategy[Any]:
    """Values a session may hold for ``setting`` (``new`` and ``set`` refuse the others, and so does reading)."""
    if setting.choices:
        drawn: st.SearchStrategy[Any] = st.sampled_from(list(setting.choices))
    elif setting.kind == "int":
        drawn = st.integers(-3 if setting.min is None else setting.min, 60 if setting.max is None else setting.max)
    elif setting.kind == "bool":
        drawn = st.booleans()
    else:
        drawn = st.just(setting.default)
    return drawn.filter(lambda value: setting.problem(value) is None)


@st.composite
def configs(draw: st.DrawFn, game: str) -> SessionConfig:
    """The sample's configuration, with some settings changed to other values a session may hold."""
    config = sample(game).config
    changed = {}
    for setting in sample(game).game.settings:
        if draw(st.integers(0, 3)) == 0:
            changed[setting.key] = draw(setting_values(setting))
    return replace(config, settings={**config.settings, **changed})


@st.composite
def journals(draw: st.DrawFn, game: str) -> list[Event]:
    events = list(sample(game).events)
    keep = draw(st.integers(0, len(events)))
    journal = events[:keep]
    for _ in range(draw(st.integers(1, 8))):
        journal.append(draw(random_event(game, len(journal) + 1)))
    return journal


def play_through(game_name: str, events: list[Event], config: SessionConfig | None = None) -> None:
    s = sample(game_name)
    game, config = s.game, config or s.config
    try:
        game.setup(config)
    except GameSetupError:
        return  # settings that 'new' refuses (side B without its skills…): no session holds them
    replayed = replay(events, game, config)
    game.status(replayed.state)
    game.expect(replayed.state)
    try:
        game.score(replayed.state)
    except MissingValueError:
        pass


@slow_check()
@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_journals_replay_and_score_without_an_exception(game: str) -> None:
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(journals(game), configs(game))
    def check(events: list[Event], config: SessionConfig) -> None:
        play_through(game, events, config)

    check()


def test_the_samples_replay_as_they_are() -> None:
    for game in GAMES:
        play_through(game, list(sample(game).events))
        assert json.dumps([e.to_record() for e in sample(game).events])  # the journals are plain JSON
