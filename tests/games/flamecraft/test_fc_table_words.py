"""The verdict items of the 2026-12-06 table trials (Flamecraft): each test names its item and fails without its
fix."""

from __future__ import annotations

from test_fc_gather_fire import at_shop


def test_the_choice_alone_at_a_wild_shop_is_asked_for_whole() -> None:
    """Field report FC-V4: at a wild shop with other symbols, ``gather plant`` was refused under FC-GATHER-3 with
    ``--force`` offered, hiding the form that works. It is now an ask (no ``--force``) naming the whole command."""
    t = at_shop("FAIR", add_shops=["FAIR"], slots={"FAIR": {"1": "AD-1"}})
    [asked] = t.bad("GATHER", "P1", "FC-GATHER-3", gain={"plant": 1})
    assert asked.asks and asked.word == "gain"
    assert asked.message == ("FAIR yields 1bread besides the 1plant of your choice: write the whole gain "
                             "(fc gather 1bread+1plant)")
    t.ok("GATHER", "P1", gain={"bread": 1, "plant": 1})


def test_the_hint_at_a_wild_shop_writes_the_whole_gain() -> None:
    """Field report FC-V4: the hint ``gather GOODS: 3crystal+2iron+1potion + 1 good(s) of your choice`` invited
    ``gather plant``; it now writes the gain whole, the choice as GOOD."""
    from scorekeeper.games.flamecraft import GAME

    t = at_shop("FAIR", add_shops=["FAIR"], slots={"FAIR": {"1": "AD-1"}})
    assert "(fc gather 1bread+GOOD: " in GAME.status(t.state).expected
