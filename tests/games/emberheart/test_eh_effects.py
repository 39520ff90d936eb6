"""Issue 23 item 6 (field report EH-F1, EH-V4): a verdict says what the play gave or cost, from the holdings
before and after it (``Game.effects``)."""

from __future__ import annotations

import copy

from scorekeeper.core.protocol import Effect
from scorekeeper.games.emberheart import GAME

from eh_helpers import Table
from test_eh_heroes import wrangler_ready_to_claim


def effects(t: Table, type: str, player: str | None = None, **payload: object) -> list[Effect]:
    """The effects of one legal play on the table."""
    before = copy.deepcopy(t.state)
    t.ok(type, player, **payload)
    return GAME.effects(before, t.state, t.events[-1])


def said(found: list[Effect]) -> list[tuple[str, str, int]]:
    return [(e.player, e.what, e.change) for e in found]


def test_special_locations_and_aides_say_their_gains() -> None:
    """EH-F1: the Warehouse's +2 Gear, the Firestation's +4 Grunts and Flame +1, the Survivalist's +1 Gear; a
    Party sent costs nothing (its Hirelings are still the player's, on the board)."""
    t = Table()
    t.fill_offers()
    assert said(effects(t, "USE_SPECIAL", "Astrid", site="warehouse")) == [("Astrid", "gear", 2)]
    assert said(effects(t, "USE_SPECIAL", "Brandon", site="firestation")) == [("Brandon", "grunts", 4),
                                                                               ("Brandon", "flame", 1)]
    assert said(effects(t, "TAKE_AIDE", "Helga", aide="survivalist")) == [("Helga", "gear", 1), ("Helga", "aides", 1)]
    assert effects(t, "PLACE_PARTY", "Astrid", location="tavern", space=3, hire={"G": 3}) == []


def test_the_wranglers_default_gear_is_said_with_the_option_that_changes_it() -> None:
    """EH-V4 (EH-HERO-WRANGLER-A): ``eh claim`` without ``--wrangler`` gave +1 Gear silently; the effect now says it
    was the default and how to take a Grunt instead. A claim that names the choice says no default."""
    for choice in (None, "grunt"):
        t = wrangler_ready_to_claim()
        found = effects(t, "CLAIM", "Astrid", location="camp", space=2, card=1,
                        **({"wrangler": choice} if choice else {}))
        if choice is None:
            assert Effect("Astrid", "gear", 1, "Wrangler's default; --wrangler grunt for a Grunt") in found
        else:
            assert ("Astrid", "grunts", 1) in said(found) and not any(e.why for e in found)
        assert ("Astrid", "dragons", 1) in said(found)


def test_one_of_a_counted_kind_is_said_in_the_singular() -> None:
    """An effect line reads as a person would say it: ``-1 dragon``, ``+1 fancy dragon``, ``+3 dragons``; a mass
    word stays as it is (``+1 gold``, ``+1 gear``)."""
    said = [Effect("Ann", what, change).text for what, change in
            (("dragons", -1), ("fancy dragons", 1), ("dragons", 3), ("gold", 1), ("gear", 1), ("grunts", -2))]
    assert said == ["-1 dragon", "+1 fancy dragon", "+3 dragons", "+1 gold", "+1 gear", "-2 grunts"]
