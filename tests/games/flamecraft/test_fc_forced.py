"""Forced plays (``--force``): the table made the play all the same, so the game carries it out as far as it can
and flags the rules it breaks; a play that cannot be carried out at all is recorded unapplied (CORE-UNAPPLIED)."""

from __future__ import annotations

from scorekeeper.core.events import Event

from fc_helpers import Table, fresh


def rules(findings: list) -> list[str]:
    return [f.rule for f in findings]


def test_fc_turn_1_a_forced_visit_out_of_turn_takes_the_turn_and_play_goes_on() -> None:
    """FC-TURN-1, FC-GEN-6: P2 visits while it is P1's turn and P1 has not acted: the visit is carried out, P2's
    turn goes on from it, and after P2's turn the next player's real play is accepted."""
    t = fresh(("P1", "P2", "P3"))
    found = t.play("VISIT", "P2", force=True, shop="BAKERY")
    assert "FC-TURN-1" in rules(found) and "CORE-UNAPPLIED" not in rules(found)
    assert t.p("P2").token == "BAKERY" and t.state.turn.player == "P2" and t.state.turn.phase == "visited"
    t.ok("GATHER", "P2")
    t.ok("END_TURN", "P2")
    assert t.state.turn.player == "P3"
    t.ok("VISIT", "P3", shop="SMITHY")
    assert t.replay().state.players["P2"].goods == {"bread": 2}


def test_fc_turn_2_3_a_forced_second_action_or_pass_is_carried_out() -> None:
    """FC-TURN-2 (a second gather), FC-TURN-3 (a turn ended without an action): carried out when forced."""
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    found = t.play("GATHER", "P1", force=True)
    assert "FC-TURN-2" in rules(found) and t.p("P1").goods == {"bread": 4}
    t.ok("END_TURN", "P1")
    t.ok("VISIT", "P2", shop="SMITHY")
    found = t.play("END_TURN", "P2", force=True)
    assert "FC-TURN-3" in rules(found) and t.state.turn.player == "P1"


def test_fc_place_3_gather_3_a_forced_placement_or_gain_the_rules_refuse_counts() -> None:
    """FC-PLACE-3 (a dragon in a slot of another icon, with the slot's reward), FC-GATHER-3 (a gain other than
    the yield): the table did it, so the state follows."""
    t = fresh(("P1", "P2"))
    t.ok("ADJUST", None, players={"P1": {"hand": ["AD-4"]}})  # an iron dragon
    t.ok("VISIT", "P1", shop="BAKERY")
    found = t.play("GATHER", "P1", force=True, gain={"bread": 3})
    assert "FC-GATHER-3" in rules(found) and t.p("P1").goods == {"bread": 3}
    found = t.play("PLACE", "P1", force=True, dragon="AD-4", slot=2)  # slot 2 takes bread/meat, pays 1 coin
    assert "FC-PLACE-3" in rules(found) and t.state.shops["BAKERY"].slots[1] == "AD-4" and t.p("P1").coins == 1


def test_a_forced_play_that_cannot_be_carried_out_is_recorded_unapplied() -> None:
    """FC-PLACE-1, FC-GEN-5, FC-ART-DRAW-3, FC-TURN-1: a dragon that is not in the hand, a shop that is not in
    town, a park card that is not there, a gather during another player's turn in progress: nothing to carry
    out, so the play is flagged and left unapplied (CORE-UNAPPLIED says what to record instead)."""
    t = fresh(("P1", "P2"))
    before = t.state.players["P1"].goods.copy()
    found = t.play("VISIT", "P1", force=True, shop="NOWHERE")
    assert "FC-GEN-5" in rules(found) and "CORE-UNAPPLIED" in rules(found) and t.state.turn.phase == "start"
    t.ok("VISIT", "P1", shop="BAKERY")
    found = t.play("GATHER", "P2", force=True)
    assert "FC-TURN-1" in rules(found) and "CORE-UNAPPLIED" in rules(found) and t.p("P2").goods == {}
    t.ok("GATHER", "P1")
    found = t.play("PLACE", "P1", force=True, dragon="AD-99", slot=2)
    assert "FC-PLACE-1" in rules(found) and "CORE-UNAPPLIED" in rules(found) and t.state.shops["BAKERY"].slots[1] is None
    found = t.play("FIRE_UP", "P1", force=True, dragon="SD-BREAD", good="gold")
    assert "FC-GEN-1" in rules(found) and "CORE-UNAPPLIED" in rules(found) and "gold" not in t.p("P1").goods
    assert t.p("P1").goods == {**before, "bread": 2}
    t.ok("FIRE_UP", "P1", dragon="SD-BREAD", good="bread")
    t.ok("END_TURN", "P1")
    assert t.replay().state.players["P1"].goods == {"bread": 4}


def test_fc_end_turn_3_a_forced_end_of_turn_within_the_limits_discards_what_the_table_discarded() -> None:
    """FC-END-TURN-4 (a discard within the limits) is carried out when forced, and the turn passes."""
    t = fresh(("P1", "P2"), hands={"P1": ["AD-1", "AD-2", "AD-3"], "P2": ["AD-4", "AD-5", "AD-6"]})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    found = t.play("END_TURN", "P1", force=True, discard={"goods": {"bread": 1}})
    assert "FC-END-TURN-4" in rules(found) and "CORE-UNAPPLIED" not in rules(found)
    assert t.p("P1").goods["bread"] == 1 and t.state.turn.player == "P2"


def test_fc_end_turn_10_an_end_of_turn_forced_and_kept_inert_still_passes_the_turn() -> None:
    """FC-END-TURN-10, FC-GEN-3: P1 ends the turn discarding a dragon not in the hand (forced): the game cannot
    carry it out, so nothing is discarded or refilled, but the table has moved on: the turn passes to P2
    (flagged, saying so and to record what else changed with 'adjust'), and P2's visit is accepted, in the
    replay too (a later rejected play re-folds the turn's passing)."""
    t = fresh(("P1", "P2"), hands={"P1": ["AD-1", "AD-2", "AD-3"], "P2": ["AD-4", "AD-5", "AD-6"]})
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    found = t.play("END_TURN", "P1", force=True, discard={"dragons": ["AD-4"]})
    assert rules(found) == ["FC-GEN-3", "CORE-UNAPPLIED"]
    assert "passes on as the table's turn order says (P2)" in found[-1].message and "'adjust'" in found[-1].message
    assert t.p("P1").hand == ["AD-1", "AD-2", "AD-3"] and t.p("P2").hand == ["AD-4", "AD-5", "AD-6"]
    assert t.state.turn.player == "P2" and t.state.turn.phase == "start"
    t.ok("VISIT", "P2", shop="SMITHY")
    t.events.append(Event(len(t.events) + 1, "GATHER", "P1", {}))  # a rejected play: the replay puts it back
    replayed = t.replay()
    assert replayed.state.turn.player == "P2" and replayed.state.players["P2"].token == "SMITHY"
    assert [v.rule for v in replayed.errors] == ["FC-GEN-3", "FC-TURN-1", "FC-GEN-6"]


def test_fc_res_1_gift_6_forced_effects_without_their_cause_still_happen() -> None:
    """FC-RES-1, FC-GIFT-6: a reservation or a gift with no effect named is carried out when forced; a sun dragon
    scored by its owner out of turn counts for its owner (FC-FANCY-1)."""
    t = Table(("P1", "P2"))
    t.setup()
    t.deal("P1", ["AD-1", "AD-2", "AD-3"], keep="FS-3")
    t.deal("P2", ["AD-4", "AD-5", "AD-6"])
    t.ok("ADJUST", None, players={"P1": {"goods": {"meat": 1}}})
    t.ok("VISIT", "P1", shop="BAKERY")
    found = t.play("RESERVE", "P1", force=True, card="EN-1")
    assert "FC-RES-1" in rules(found) and t.p("P1").reserved == "EN-1"
    found = t.play("GIFT", "P1", force=True, to="P2", item="meat")
    assert "FC-GIFT-6" in rules(found) and t.p("P2").goods == {"meat": 1}
    t.ok("GATHER", "P1")
    t.ok("END_TURN", "P1", row=["EN-6"])
    found = t.play("FANCY_SCORE", "P1", force=True, card="FS-3")
    assert "FC-FANCY-1" in rules(found) and t.p("P1").rep == 5 and t.state.turn.player == "P2"


def test_fc_fire_1_a_dragon_at_another_shop_is_refused_and_fired_when_forced() -> None:
    """FC-FIRE-1: only a dragon at the visited shop fires up; a forced fire-up of one at another shop of the town
    is carried out, one that is in no slot at all cannot be."""
    t = fresh(("P1", "P2"))
    t.ok("VISIT", "P1", shop="BAKERY")
    t.ok("GATHER", "P1")
    found = t.refused("FC-FIRE-1", "FIRE_UP", "P1", dragon="SD-PLANT", goods=["meat", "iron", "potion"])
    assert "it is at GREENHOUSE" in found.message
    found = t.play("FIRE_UP", "P1", force=True, dragon="SD-PLANT", goods=["meat", "iron", "potion"])
    assert rules(found) == ["FC-FIRE-1"] and t.p("P1").goods == {"bread": 2, "meat": 1, "iron": 1, "potion": 1}
    found = t.play("FIRE_UP", "P1", force=True, dragon="AD-1", good="bread")
    assert "FC-FIRE-1" in rules(found) and "CORE-UNAPPLIED" in rules(found)


def test_fc_gather_1_a_shop_ability_before_any_visit_has_no_shop_to_use_even_forced() -> None:
    """FC-GATHER-1: the shop ability is step 4 of gathering; before the player visited a shop it is refused, and
    forced it is a block (no shop to use the ability of): recorded unapplied (CORE-UNAPPLIED), the turn as it was."""
    t = fresh(("P1", "P2"))
    t.bad("SHOP_ABILITY", "P1", "FC-GATHER-1")
    found = t.play("SHOP_ABILITY", "P1", force=True)
    assert "FC-GATHER-1" in rules(found) and "CORE-UNAPPLIED" in rules(found)
    assert t.state.turn.phase == "start" and t.state.turn.shop is None
    t.ok("VISIT", "P1", shop="BAKERY")
