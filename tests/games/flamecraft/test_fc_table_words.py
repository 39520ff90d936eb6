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


def _play(t, type: str, player: str | None = None, **payload):
    """Play on the table; what the play said (its infos) and its effects line, as a verdict shows them."""
    return t.said(type, player, **payload)


def test_a_swap_says_where_the_two_dragons_went() -> None:
    """Field report FC-V5: ``Raf fires up BR-5 swapping with S-LEAF`` did not say where the two cards went. The
    verdict now gives both new places, and that no slot reward comes with them."""
    t = at_shop("JEWELER")
    t.ok("GATHER", "P1")
    infos, _ = _play(t, "FIRE_UP", "P1", dragon="SD-CRYSTAL", swap="SD-BREAD")
    assert "SD-CRYSTAL → BAKERY:1, SD-BREAD → JEWELER:1 (no slot rewards)" in infos


def test_the_moon_refusal_says_what_the_player_holds() -> None:
    """Field report FC-V9: ``final --moon FY-2`` was refused with "its goal (distinct 5) is not met" and no word on
    what Raf holds; it now says so, as FC-TURN-6 lists holdings."""
    from fc_helpers import fresh

    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, decks={"ench": 1}, row=["EN-1", "EN-2", "EN-3", "EN-4"],
         players={"P1": {"fancies": ["MG-3=moon:5rep:goal=distinct 5"]}, "P2": {"fancies": []}})
    for player, shop in (("P1", "BAKERY"), ("P2", "BUTCHER"), ("P1", "SMITHY")):
        t.ok("VISIT", player, shop=shop)
        t.ok("GATHER", player)
        t.ok("END_TURN", player, **({"row": ["EN-10"]} if shop == "BAKERY" else {}))
    [found] = [f for f in t.bad("FINAL_SCORING", None, "FC-FANCY-7", moon={"MG-3": True}) if f.is_error]
    assert found.message == ("P1's MG-3 is declared fulfilled, but its goal (distinct 5) is not met: "
                             "P1 holds 2 kinds: bread, iron")


def test_a_mistyped_name_gets_a_suggestion_and_a_shop_in_the_deck_is_named() -> None:
    """Field report FC-V8: ``visit hatch`` (HATCHERY still in the deck) was refused as "there is no shop HATCH in
    town"; a Tab slip ``--companion CP-1CP-1`` was refused as an unknown face with ``--force`` offered. The shop
    is named as not in town yet, and a slip gets "did you mean", as a block (no ``--force``)."""
    from fc_helpers import PARK, ROW, Table, fresh
    from test_fc_scenarios import ARTISANS_BY_TYPE

    t = fresh(("P1", "P2"))
    [found] = t.bad("VISIT", "P1", "FC-GEN-5", shop="CAF")
    assert found.message.startswith("there is no shop CAF: CAFE is not in town yet (still in the shop deck); ")
    c = Table(("P1", "P2"), companions=True)
    c.ok("SETUP", None, park=PARK, row=ROW, removed=ARTISANS_BY_TYPE)
    [slip] = [f for f in c.bad("SETUP_PLAYER", "P1", "FC-COMP-3", hand=["AD-1", "AD-2", "AD-3"], drew=["FD-A", "FD-B"],
                               keep=["FD-A"], companion="C-1C-1") if f.rule == "FC-COMP-3"]
    assert slip.blocks and slip.message.endswith("; did you mean C-1?")


def test_a_reward_of_coins_or_dragons_names_its_source() -> None:
    """Field report FC-V6: ``Tess +2 coins, -1 dragon`` had no "(slot 2 reward at CLANKWORKS)", and a coin gained
    and paid in one play vanished from the net line. Each reward that is not reputation alone is now said with its
    source under the play's line (reputation already names its own on the effects line)."""
    t = at_shop("BAKERY", players={"P1": {"hand": ["AD-1", "AD-2"]}})
    t.ok("GATHER", "P1")
    infos, effects = _play(t, "PLACE", "P1", dragon="AD-1", slot=2)
    assert "P1 gets 1 coin (slot 2 reward at BAKERY)" in infos
    assert "+1 coin" in effects


def test_an_adjust_that_puts_a_card_in_two_hands_is_flagged() -> None:
    """Field report FC-F2: two ``adjust … hand=…`` left the same cards in two hands at once without a word. The
    whole-state check names the card and both hands (FC-STATE-1)."""
    from fc_helpers import fresh

    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"hand": ["AD-1"]}})
    [found] = t.play("ADJUST", None, players={"P2": {"hand": ["AD-1"]}})
    assert found.rule == "FC-STATE-1" and "AD-1 is in P1's hand and P2's hand at once" in found.message


def test_tab_names_what_each_slot_gives() -> None:
    """Field report EH-F8 (in Flamecraft): ``place PL-2 `` + Tab offered ``2`` and ``3`` with no reward, which
    decides the choice. Each slot now carries the words of its reward."""
    from scorekeeper.games.flamecraft import GAME

    t = at_shop("BAKERY", players={"P1": {"hand": ["AD-1"]}})
    t.ok("GATHER", "P1")
    words = {k: v for c in GAME.expect(t.state).choices if c.event == "PLACE" for k, v in c.words.items()}
    assert words["2"] == "1 coin" and words["3"] == "2 reputation"
