"""The replay engine: corrections, rejection without state change, assertions, settings, `until`."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.engine import (APPLIED, CHECKPOINT_BEFORE_FORCED, CORRECTION, FORCED, REJECTED, VOIDED, replay,
                                resolve_corrections)
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Finding, Findings, SessionConfig, block
from tests.fake_game import GAME

CONFIG = SessionConfig("fake", ("Ann", "Bob"), {"target": 10, "bonus": 0})


def ev(seq: int, type: str, player: str | None = None, **payload: object) -> Event:
    return Event(seq, type, player, payload)


def test_legal_events_are_applied_in_order() -> None:
    result = replay([ev(1, "ADD", "Ann", n=2), ev(2, "ADD", "Bob", n=1)], GAME, CONFIG)
    assert result.state.counters == {"Ann": 2, "Bob": 1}
    assert result.violations == []
    assert [o.status for o in result.timeline] == [APPLIED, APPLIED]


def test_rejected_event_leaves_state_unchanged_and_replay_goes_on() -> None:
    events = [ev(1, "ADD", "Ann", n=2), ev(2, "ADD", "Ann", n=1), ev(3, "ADD", "Bob", n=3)]
    result = replay(events, GAME, CONFIG)
    assert result.state.counters == {"Ann": 2, "Bob": 3}
    assert [(v.seq, v.rule) for v in result.errors] == [(2, "FAKE-TURN")]
    assert result.timeline[1].status == REJECTED
    # the warning on #3 is reported but the play is applied
    assert [(v.seq, v.rule, v.severity) for v in result.violations if v.severity == "warning"] == [
        (3, "FAKE-GREEDY", "warning")
    ]


def test_a_forced_play_is_carried_out_flagged_and_the_game_goes_on_from_it() -> None:
    """The table is the reality: a forced play over the limit counts, and the next player's real play is legal."""
    forced = Event(1, "ADD", "Ann", {"n": 7}, forced=True)
    result = replay([forced, ev(2, "ADD", "Bob", n=1)], GAME, CONFIG)
    assert [o.status for o in result.timeline] == [FORCED, APPLIED]
    assert [(v.seq, v.rule) for v in result.errors] == [(1, "FAKE-RANGE")]
    assert result.state.counters == {"Ann": 7, "Bob": 1}


def test_a_forced_play_that_cannot_be_carried_out_is_left_unapplied_with_what_to_record() -> None:
    """A play the game cannot carry out at all (its fields cannot be read) stays unapplied, and says so."""
    forced = Event(1, "ADD", "Ann", {"n": "lots"}, forced=True)
    result = replay([forced, ev(2, "ADD", "Ann", n=1)], GAME, CONFIG)
    assert [o.status for o in result.timeline] == [REJECTED, APPLIED]
    unapplied = [v for v in result.violations if v.rule == "CORE-UNAPPLIED"]
    assert len(unapplied) == 1 and unapplied[0].severity == "warning" and "void 1" in unapplied[0].message
    assert result.state.counters == {"Ann": 1, "Bob": 0}


def test_a_rejection_after_a_forced_play_refolds_it() -> None:
    """The Fold's re-fold after a rejection carries the forced play out again (it is part of the state)."""
    events = [Event(1, "ADD", "Ann", {"n": 7}, forced=True), ev(2, "ADD", "Ann", n=1), ev(3, "ADD", "Bob", n=3)]
    result = replay(events, GAME, CONFIG)
    assert [o.status for o in result.timeline] == [FORCED, REJECTED, APPLIED]
    assert result.state.counters == {"Ann": 7, "Bob": 3}


class HoardGame(type(GAME)):  # type: ignore[misc]
    """The fake game with one more rule: more than 9 counters at once cannot be carried out (a block)."""

    def check(self, state: Any, event: Event) -> list[Finding]:
        found = super().check(state, event)
        n = event.get("n")
        return found + [block("FAKE-HOARD", "the box holds 9 counters")] if isinstance(n, int) and n > 9 else found


def test_the_engine_decides_a_forced_play_from_its_findings_a_breach_is_carried_out_a_block_kept_inert() -> None:
    """The one forced-play vocabulary: a forced play whose errors are breaches (FAKE-RANGE) is carried out; one
    with a block (FAKE-HOARD) is kept inert, flagged with both rules and CORE-UNAPPLIED; the game only reported."""
    events = [Event(1, "ADD", "Ann", {"n": 7}, forced=True), Event(2, "ADD", "Bob", {"n": 12}, forced=True),
              ev(3, "ADD", "Bob", n=1)]
    result = replay(events, HoardGame(), CONFIG)
    assert [o.status for o in result.timeline] == [FORCED, REJECTED, APPLIED]
    assert [(v.seq, v.rule) for v in result.violations] == [
        (1, "FAKE-RANGE"), (2, "FAKE-RANGE"), (2, "FAKE-HOARD"), (2, "CORE-UNAPPLIED")]
    assert result.state.counters == {"Ann": 7, "Bob": 1}


class CountingGame(type(GAME)):  # type: ignore[misc]
    """The fake game, counting the plays it is asked to carry out (replays and re-folds alike)."""

    plays = 0

    def play(self, state: Any, event: Event, found: Findings) -> Any:
        self.plays += 1
        return super().play(state, event, found)


def test_a_forced_play_put_back_late_in_a_long_game_refolds_nothing_before_it() -> None:
    """A forced play the game cannot carry out, after more than ``CHECKPOINT_BEFORE_FORCED`` plays: the Fold took
    a checkpoint right before it, so putting it back re-folds none of the earlier plays, and the game goes on
    from exactly the state before it."""
    game = CountingGame()
    config = SessionConfig("fake", ("Ann", "Bob"), {"target": 10**6, "bonus": 0})
    before = [ev(n + 1, "ADD", ("Ann", "Bob")[n % 2], n=1) for n in range(2 * CHECKPOINT_BEFORE_FORCED)]
    forced = Event(len(before) + 1, "ADD", "Zed", {"n": 1}, forced=True)  # judged, then fails half-way: put back
    after = [ev(len(before) + 2, "ADD", "Ann", n=2)]
    result = replay([*before, forced, *after], game, config)
    assert result.timeline[len(before)].status == REJECTED
    assert [v.rule for v in result.violations] == ["FAKE-TURN", "CORE-PAYLOAD", "CORE-UNAPPLIED"]
    assert result.state == replay([*before, *after], GAME, config).state
    assert game.plays == len(before) + 2  # each play once, the forced one included: no re-fold


def test_void_removes_an_event_and_a_void_of_a_void_restores_it() -> None:
    events = [ev(1, "ADD", "Ann", n=2), ev(2, "void", target=1)]
    assert replay(events, GAME, CONFIG).state.counters["Ann"] == 0
    events.append(ev(3, "void", target=2))
    result = replay(events, GAME, CONFIG)
    assert result.state.counters["Ann"] == 2
    assert [o.status for o in result.timeline] == [APPLIED, VOIDED, CORRECTION]


def test_amend_changes_the_event_in_place_of_the_original() -> None:
    events = [ev(1, "ADD", "Ann", n=5), ev(2, "ADD", "Bob", n=1), ev(3, "amend", target=1, changes={"n": 2})]
    result = replay(events, GAME, CONFIG)
    assert result.errors == []
    assert result.state.counters == {"Ann": 2, "Bob": 1}
    assert result.timeline[0].amended_by == [3]


def test_amend_can_change_the_player() -> None:
    events = [ev(1, "ADD", "Bob", n=1), Event(2, "amend", None, {"target": 1, "changes": {}, "player": "Ann"})]
    assert replay(events, GAME, CONFIG).state.counters == {"Ann": 1, "Bob": 0}


def test_corrections_must_point_backwards_at_a_real_event() -> None:
    events = [ev(1, "ADD", "Ann", n=1), ev(2, "void", target=7), ev(3, "amend", target=3, changes={})]
    result = replay(events, GAME, CONFIG)
    assert [(v.seq, v.rule) for v in result.errors] == [(2, "CORE-TARGET"), (3, "CORE-TARGET")]


def test_an_amend_of_a_correction_is_refused() -> None:
    corrections = resolve_corrections([ev(1, "ADD", "Ann", n=1), ev(2, "void", target=1), ev(3, "amend", target=2, changes={})])
    assert corrections.problems[3].rule == "CORE-TARGET"
    assert corrections.voided_by == {1: 2}


def test_until_shows_the_board_before_an_event_with_corrections_resolved() -> None:
    events = [ev(1, "ADD", "Ann", n=3), ev(2, "ADD", "Bob", n=2), ev(3, "amend", target=1, changes={"n": 1})]
    before_two = replay(events, GAME, CONFIG, until=2)
    assert before_two.state.counters == {"Ann": 1, "Bob": 0}
    assert len(before_two.timeline) == 1


def test_assertion_reports_disagreement_with_the_table() -> None:
    events = [ev(1, "ADD", "Ann", n=2), ev(2, "assert", "Ann", facts={"counters": 2}),
              ev(3, "assert", "Ann", facts={"counters": 3}), ev(4, "assert", None, facts={"total": 2})]
    result = replay(events, GAME, CONFIG)
    assert [(v.seq, v.rule) for v in result.errors] == [(3, "CORE-ASSERT")]
    assert "counters=3" in result.errors[0].message and "journal gives 2" in result.errors[0].message


def test_assertion_of_an_unknown_key_names_the_known_keys() -> None:
    result = replay([ev(1, "assert", "Ann", facts={"gold": 1})], GAME, CONFIG)
    assert result.errors[0].rule == "CORE-ASSERT"
    assert "counters, total" in result.errors[0].message


def test_mutable_setting_changes_mid_game_and_fixed_one_is_refused() -> None:
    events = [ev(1, "set", key="bonus", value=4), ev(2, "set", key="target", value=1), ev(3, "set", key="nope", value=1)]
    result = replay(events, GAME, CONFIG)
    assert result.state.settings["bonus"] == 4
    assert result.state.settings["target"] == 10
    assert [(v.seq, v.rule) for v in result.errors] == [(2, "CORE-SET"), (3, "CORE-SET")]


def test_unknown_event_type_is_a_violation_not_a_crash() -> None:
    result = replay([ev(1, "DANCE", "Ann")], GAME, CONFIG)
    assert [(v.seq, v.rule) for v in result.errors] == [(1, "CORE-TYPE")]


def test_a_game_bug_is_reported_as_an_internal_violation() -> None:
    # n is a list: the fake game's check compares it with ints and raises TypeError; replay must go on
    result = replay([ev(1, "ADD", "Ann", n=[1]), ev(2, "ADD", "Ann", n=1)], GAME, CONFIG)
    assert result.state.counters["Ann"] == 1
    assert result.errors[0].seq == 1


def test_replay_is_deterministic() -> None:
    events = [ev(1, "ADD", "Ann", n=2), ev(2, "ADD", "Ann", n=1), ev(3, "void", target=2), ev(4, "ADD", "Bob", n=3)]
    first, second = replay(events, GAME, CONFIG), replay(events, GAME, CONFIG)
    assert first.state == second.state
    assert first.violations == second.violations
