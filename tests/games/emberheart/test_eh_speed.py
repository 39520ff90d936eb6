"""What the fast replay path relies on (docs/emberheart.md, "Replay speed"), held on every sample session.

- EH-SETUP-14 counts the tokens once before and once after a play, in one pass (``Emberheart._supply``); the
  count is the players' supply plus their Hirelings on the board, which ``total_hire`` gives player by player.
- The reveals (``NO_TOKENS``) give nobody a token, so the count is skipped for them.
- ``copy.deepcopy`` copies the state as a tree (``copying``): an equal state that shares no mutable object with
  the original. It copies each dataclass by its fields' declared types (an atom is shared, a ``list[str]`` copied
  in one call), so every field of every sample state holds what its annotation says.
"""

from __future__ import annotations

import copy
import functools
import types
import typing
from dataclasses import asdict, fields, is_dataclass
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core.engine import Outcome, replay
from scorekeeper.core.protocol import SessionConfig
from scorekeeper.games.emberheart import GAME
from scorekeeper.games.emberheart.context import total_hire
from scorekeeper.games.emberheart.copying import ATOMS, TREES
from scorekeeper.games.emberheart.game import NO_TOKENS, TOKENS
from scorekeeper.games.emberheart.state import State
from scorekeeper.core.journal import Journal
from scorekeeper.core.settings import completed

from tests.games.emberheart.eh_helpers import Table

FOLDER = Path(__file__).resolve().parents[3] / "sample_sessions" / "emberheart"
SAMPLES = sorted(p for p in FOLDER.glob("*.json") if p.name != "manifest.json")


def states_of(path: Path) -> list[tuple[Outcome, list[int], list[int], State]]:
    """Each event of a sample with the token count after it (``_supply``, then ``by_player``) and a copy of the
    state after it."""
    journal = Journal(path)
    meta = journal.meta
    config = SessionConfig(meta.game, tuple(meta.players), completed(GAME.settings, meta.settings), meta.catalog)
    seen: list[tuple[Outcome, list[int], list[int], State]] = []
    replay(journal.events(), GAME, config, watch=lambda outcome, state: seen.append(
        (outcome, GAME._supply(state), by_player(state), copy.deepcopy(state))))
    return seen


def by_player(state: State) -> list[int]:
    """EH-SETUP-14's count the long way: each player's ``total_hire`` and Gear, added up."""
    totals = dict.fromkeys(TOKENS, 0)
    for p in state.players:
        for t, n in total_hire(state, p.name).items():
            totals[t] += n
        totals["gear"] += p.gear
    return [totals[t] for t in TOKENS]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_the_token_count_is_every_players_supply_and_board(path: Path) -> None:
    seen = states_of(path)
    for outcome, count, long_way, _ in seen:
        assert count == long_way, f"#{outcome.seq}"
    assert any(state.parties for *_, state in seen)  # with Parties on the board


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_reveals_give_nobody_a_token(path: Path) -> None:
    seen = states_of(path)
    reveals = 0
    for (_, before, *_), (outcome, after, *_) in zip(seen, seen[1:]):
        if outcome.event.type in NO_TOKENS:
            reveals += 1
            assert after == before, f"#{outcome.seq} {outcome.event.type}"
    assert reveals > 50


def test_eh_setup_14_warns_only_when_a_play_adds_tokens_above_the_box() -> None:
    """EH-SETUP-14 (AMB-31): the warning counts the Parties on the board; a reveal there adds nothing."""
    t = Table()
    t.fill_offers()
    for p in t.state.players:
        p.hire["G"] = 16
    assert t.ok("PLACE_PARTY", "Astrid", location="guild", space=2, hire={"G": 2}) == []
    findings = t.ok("USE_SPECIAL", "Brandon", site="firestation")  # 14 + 2 on the board + 20 + 16
    assert [(f.rule, f.message.split(";")[0]) for f in findings] == [
        ("EH-SETUP-14", "the players now hold 52 G tokens")]
    t.state.offers["guild"][0] = None
    findings = t.ok("CARD_REVEAL", location="guild", slot=1, hero="squire")  # above the box, no token added
    assert "EH-SETUP-14" not in [f.rule for f in findings]


def shared(a: Any, b: Any) -> list[str]:
    """The mutable objects reachable from both ``a`` and ``b`` (the same object, not an equal one)."""
    def walk(value: Any, into: dict[int, str], path: str) -> None:
        if isinstance(value, (str, int, float, bool, type(None))):
            return
        if type(value) is not tuple:  # a tuple is immutable: only what it holds may be shared
            into[id(value)] = path
        items = (vars(value).items() if is_dataclass(value) else value.items() if isinstance(value, dict)
                 else enumerate(value))
        for key, item in items:
            walk(item, into, f"{path}.{key}")

    left: dict[int, str] = {}
    right: dict[int, str] = {}
    walk(a, left, "state")
    walk(b, right, "state")
    return [left[i] for i in left.keys() & right.keys()]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_a_deep_copy_is_equal_and_shares_nothing(path: Path) -> None:
    seen = states_of(path)
    for index in (len(seen) // 3, len(seen) // 2, -1):
        state = seen[index][-1]
        copied = copy.deepcopy(state)
        assert asdict(copied) == asdict(state) and type(copied) is State
        assert shared(state, copied) == []
    copied.players[0].hire["G"] += 1
    copied.cards[next(iter(copied.cards))].discarded = not state.cards[next(iter(state.cards))].discarded
    assert asdict(copied) != asdict(state)


@functools.lru_cache(maxsize=None)
def _field_hints(cls: type) -> tuple[tuple[str, Any], ...]:
    """A dataclass's fields with their resolved annotations, worked out once per class (resolving them is
    most of a walk's cost)."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in fields(cls))


def misfits(value: Any, hint: Any, path: str) -> list[str]:
    """Where ``value`` does not hold what the annotation ``hint`` says (``Any`` holds anything)."""
    if hint is Any:
        return []
    if hint is None:
        hint = type(None)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return [] if any(not misfits(value, a, path) for a in args) else [f"{path}: {value!r} is not {hint}"]
    if origin is None:
        if type(value) is not hint:
            return [f"{path}: {type(value).__name__} is not {hint}"]
        if hint in TREES:
            return [m for name, field_hint in _field_hints(hint) for m in misfits(getattr(value, name), field_hint,
                                                                                  f"{path}.{name}")]
        assert hint in ATOMS, hint
        return []
    if type(value) is not origin:
        return [f"{path}: {type(value).__name__} is not {origin.__name__}"]
    if origin is list:
        return [m for i, v in enumerate(value) for m in misfits(v, args[0], f"{path}[{i}]")]
    if origin is dict:
        return [m for k, v in value.items() for m in misfits(k, args[0], path) + misfits(v, args[1], f"{path}[{k!r}]")]
    assert origin is tuple, hint
    items = args if Ellipsis not in args else (args[0],) * len(value)
    if len(items) != len(value):
        return [f"{path}: {value!r} is not {hint}"]
    return [m for i, (v, a) in enumerate(zip(value, items)) for m in misfits(v, a, f"{path}[{i}]")]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_field_holds_its_declared_type(path: Path) -> None:
    """What ``copying`` copies by the annotations (an atom shared, a ``list[str]`` copied in one call) holds."""
    seen = states_of(path)
    for outcome, *_, state in seen:
        assert misfits(state, State, "state") == [], f"#{outcome.seq}"


def test_misfits_finds_a_field_that_breaks_its_annotation() -> None:
    t = Table()
    assert misfits(t.state, State, "state") == []
    t.state.players[0].cards.append(["C1"])  # type: ignore[arg-type]
    t.state.round = "2"  # type: ignore[assignment]
    assert misfits(t.state, State, "state") == ["state.players[0].cards[0]: list is not <class 'str'>",
                                                "state.round: str is not <class 'int'>"]
