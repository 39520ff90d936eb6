"""Properties over random plays (hypothesis): ``check`` never mutates, holdings never go negative
(FC-GEN-3), every artisan dragon is in one zone only (FC-GEN-5), replay equals the step-by-step fold."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fc_helpers import fresh
from tests.table import judge
from scorekeeper.core.events import Event
from scorekeeper.games.flamecraft import GAME

SHOPS = ["BAKERY", "BUTCHER", "GREENHOUSE", "SMITHY", "JEWELER", "APOTHECARY", "MILL", "NOPE"]
GOODS = ["bread", "meat", "plant", "iron", "crystal", "potion", "coin"]

play = st.one_of(
    st.tuples(st.just("VISIT"), st.fixed_dictionaries({"shop": st.sampled_from(SHOPS)})),
    st.tuples(st.just("VISIT"), st.fixed_dictionaries({"shop": st.sampled_from(SHOPS), "pay": st.dictionaries(st.sampled_from(["P1", "P2", "P3"]), st.sampled_from(GOODS), max_size=2)})),
    st.tuples(st.just("GATHER"), st.just({})),
    st.tuples(st.just("GATHER"), st.fixed_dictionaries({"gain": st.dictionaries(st.sampled_from(GOODS), st.integers(0, 3), max_size=2)})),
    st.tuples(st.just("PLACE"), st.fixed_dictionaries({"dragon": st.sampled_from(["AD-1", "AD-2", "AD-3", "AD-4", "AD-5", "AD-6"]), "slot": st.integers(0, 4)})),
    st.tuples(st.just("FIRE_UP"), st.fixed_dictionaries({"dragon": st.sampled_from(["SD-BREAD", "SD-MEAT", "SD-PLANT", "SD-IRON", "AD-1"]), "good": st.sampled_from(GOODS)})),
    st.tuples(st.just("FIRE_UP"), st.fixed_dictionaries({"dragon": st.sampled_from(["SD-IRON", "AD-1", "SD-PLANT"]), "gift": st.fixed_dictionaries({"to": st.sampled_from(["P1", "P2", "P3"]), "item": st.sampled_from(GOODS)}), "goods": st.lists(st.sampled_from(GOODS), max_size=3)})),
    st.tuples(st.just("ENCHANT"), st.fixed_dictionaries({"card": st.sampled_from(["EN-1", "EN-2", "EN-3", "EN-4", "EN-5"]), "sets": st.integers(0, 3)})),
    st.tuples(st.just("RESERVE"), st.fixed_dictionaries({"card": st.sampled_from(["EN-1", "EN-2", "EN-7", "EN-40"]), "source": st.sampled_from(["row", "deck"]), "by": st.just("an effect")})),
    st.tuples(st.just("END_TURN"), st.just({})),
    st.tuples(st.just("END_TURN"), st.fixed_dictionaries({"discard": st.fixed_dictionaries({"goods": st.dictionaries(st.sampled_from(GOODS[:6]), st.integers(0, 2), max_size=1)})})),
    st.tuples(st.just("BOGUS"), st.just({})),
)


def ench_zones(state: Any) -> Counter[str]:
    zones: Counter[str] = Counter(state.row)
    zones.update(p.reserved for p in state.players.values() if p.reserved)
    for shop in state.shops.values():
        zones.update(shop.enchantments)
    return zones


def dragon_zones(state: Any) -> Counter[str]:
    zones: Counter[str] = Counter()
    for p in state.players.values():
        zones.update(p.hand)
    zones.update(state.park)
    zones.update(state.discarded)
    for shop in state.shops.values():
        zones.update(d for d in shop.slots if d)
    return zones


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(play, st.sampled_from(["P1", "P2", "P3"])), min_size=1, max_size=30))
def test_random_plays_keep_the_invariants(plays: list[tuple[tuple[str, dict[str, Any]], str]]) -> None:
    """FC-GEN-3, FC-GEN-5: whatever is thrown at it, the state stays consistent (every artisan dragon and every
    enchantment in one zone) and check is pure."""
    t = fresh(("P1", "P2", "P3"), hands={"P1": ["AD-1", "AD-2", "AD-3"], "P2": ["AD-4", "AD-5", "AD-6"], "P3": ["AD-20", "AD-21", "AD-31"]})
    for (kind, payload), player in plays:
        active = t.state.turn.player if t.state.turn else player
        who = active if player == "P1" else player  # mostly the active player, sometimes not
        before = copy.deepcopy(GAME.snapshot(t.state))
        judge(GAME, t.state, Event(999, kind, who, payload))
        assert GAME.snapshot(t.state) == before  # check never mutates
        t.play(kind, who, **payload)
        for p in t.state.players.values():
            assert p.coins >= 0 and all(n >= 0 for n in p.goods.values())
        assert max(dragon_zones(t.state).values(), default=1) == 1
        assert max(ench_zones(t.state).values(), default=1) == 1  # FC-GEN-5 for enchantments too
        assert t.state.artisan_deck >= 0 and t.state.ench_deck >= 0
    replayed = t.replay()
    assert GAME.snapshot(replayed.state) == GAME.snapshot(t.state)
