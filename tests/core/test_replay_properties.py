"""Replay properties (hypothesis): random journals of fake-game plays and corrections replay deterministically.

A journal is drawn step by step, the way a table would record it: plays (legal or not, in turn or not), notes,
table assertions, setting changes, and corrections: ``void`` of any earlier event (so also void of a void, which
restores), ``amend`` of a play, ``undo`` (the CLI's rule: void the last event that still counts) and the odd
correction pointing nowhere (``CORE-TARGET``). For every journal:

* replaying twice gives the same state, the same violations and the same timeline, and leaves the events as they
  were (the replay is pure);
* the journal written to a session file and read back replays the same;
* ``replay(until=N)`` (``state --at N``) sees the same corrected history as the full replay, up to N;
* an ``undo`` voids exactly the event it chose, and voiding that void brings it back;
* after ``export`` and ``import`` through the CLI, ``score --json``, ``check --json`` and the head hash are equal.

Hypothesis found that an export whose text held U+0085, U+2028 or U+2029 could not be imported (the reader split
lines at them); the last test pins the fix, and the random notes may hold those characters.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tests.fake_game  # noqa: F401  (registers the fake game)
from scorekeeper.core.engine import VOIDED, replay
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import SessionConfig
from scorekeeper.core.journal import Journal, SessionMeta
from tests.fake_game import GAME

PLAYERS = ("Astrid", "Bjorn", "Cara")
STAMP = "2026-11-30T20:00:00+00:00"
#: Characters that JSON leaves unescaped but Python's str.splitlines() treats as line ends. An export holding one
#: cannot be imported today (see test_an_export_with_unicode_line_separators_in_a_note_imports, a known core bug):
#: they are kept out of the random notes until that is fixed, so that this property stays about replay.
UNICODE_LINE_ENDS = "\x85\u2028\u2029"
NOTE_CHARACTERS = st.characters(exclude_categories=["Cs"])


def undo_target(events: list[Event], config: SessionConfig) -> int | None:
    """What ``scorekeeper undo`` voids: the last event that still counts and is not itself a void."""
    timeline = replay(events, GAME, config).timeline
    return next((o.seq for o in reversed(timeline) if o.status != VOIDED and o.event.type != "void"), None)


@st.composite
def journals(draw: st.DrawFn, max_steps: int = 30) -> tuple[SessionConfig, list[Event]]:
    target = draw(st.integers(3, 14))
    config = SessionConfig("fake", PLAYERS, {"target": target, "bonus": draw(st.integers(0, 3))})
    events: list[Event] = []

    def add(type: str, player: str | None, payload: dict[str, Any], forced: bool = False) -> None:
        events.append(Event(len(events) + 1, type, player, payload, STAMP, forced))

    for _ in range(draw(st.integers(0, max_steps))):
        kind = draw(st.sampled_from(["play", "play", "play", "play", "note", "assert", "set", "void", "void",
                                     "amend", "undo", "undo", "bad-correction"]))
        seqs = [e.seq for e in events]
        if kind == "play":
            add("ADD", draw(st.sampled_from(PLAYERS)), {"n": draw(st.integers(0, 4))}, draw(st.booleans()))
        elif kind == "note":
            add("note", None, {"text": draw(st.text(NOTE_CHARACTERS, max_size=12))})
        elif kind == "assert":
            facts = draw(st.sampled_from([{"counters": draw(st.integers(0, 6))}, {"total": draw(st.integers(0, 9))},
                                          {"colour": "red"}]))
            add("assert", draw(st.sampled_from(PLAYERS)), {"facts": facts})
        elif kind == "set":
            add("set", None, draw(st.sampled_from([{"key": "bonus", "value": draw(st.integers(0, 5))},
                                                   {"key": "target", "value": 99}, {"key": "nope", "value": 1}])))
        elif kind == "void" and seqs:
            add("void", None, {"target": draw(st.sampled_from(seqs)), "reason": "disputed"})
        elif kind == "amend":
            plays = [e.seq for e in events if e.type == "ADD"]
            if plays:
                payload: dict[str, Any] = {"target": draw(st.sampled_from(plays)),
                                           "changes": {"n": draw(st.integers(0, 4))}}
                if draw(st.booleans()):
                    payload["player"] = draw(st.sampled_from(PLAYERS))
                add("amend", None, payload)
        elif kind == "undo":
            chosen = undo_target(events, config)
            if chosen is not None:
                add("void", None, {"target": chosen, "reason": "undo"})
        elif kind == "bad-correction":
            add(draw(st.sampled_from(["void", "amend"])), None,
                {"target": draw(st.sampled_from([0, len(events) + 1, -3])), "changes": {"n": 1}})
    return config, events


def same_replay(a: Any, b: Any) -> None:
    assert a.state == b.state
    assert a.violations == b.violations
    assert a.timeline == b.timeline


@settings(max_examples=300, deadline=None)
@given(journals())
def test_replaying_twice_gives_the_same_state_violations_and_timeline(journal: Any) -> None:
    config, events = journal
    untouched = copy.deepcopy(events)
    first = replay(events, GAME, config)
    second = replay(events, GAME, config)
    same_replay(first, second)
    same_replay(first, replay(copy.deepcopy(untouched), GAME, config))  # equal events, fresh objects
    assert events == untouched  # replay changed none of the events it was given
    assert [o.seq for o in first.timeline] == [e.seq for e in events]  # every event has exactly one outcome


@settings(max_examples=150, deadline=None)
@given(journals(), st.data())
def test_the_board_at_n_is_the_corrected_history_up_to_n(journal: Any, data: st.DataObject) -> None:
    config, events = journal
    full = replay(events, GAME, config)
    until = data.draw(st.integers(1, len(events) + 1))
    partial = replay(events, GAME, config, until=until)
    assert partial.timeline == full.timeline[: until - 1]
    assert [v for v in partial.violations] == [v for o in partial.timeline for v in o.violations]
    assert replay(events, GAME, config, until=until) == partial  # deterministic too


@settings(max_examples=150, deadline=None)
@given(journals())
def test_undo_voids_its_target_and_voiding_the_undo_restores_it(journal: Any) -> None:
    config, events = journal
    chosen = undo_target(events, config)
    if chosen is None:
        assert all(o.status == VOIDED or o.event.type == "void" for o in replay(events, GAME, config).timeline)
        return
    before = replay(events, GAME, config).outcome(chosen)
    undone = [*events, Event(len(events) + 1, "void", None, {"target": chosen, "reason": "undo"}, STAMP)]
    after = replay(undone, GAME, config).outcome(chosen)
    assert before is not None and after is not None
    assert after.status == VOIDED and after.voided_by == len(undone)
    redone = [*undone, Event(len(undone) + 1, "void", None, {"target": len(undone), "reason": "redo"}, STAMP)]
    restored = replay(redone, GAME, config)
    again = restored.outcome(chosen)
    assert again is not None
    assert again.status == before.status
    assert again.event == before.event
    assert restored.state == replay(events, GAME, config).state  # as if the undo had never been


@settings(max_examples=60, deadline=None)
@given(journals())
def test_a_session_file_round_trip_replays_the_same(journal: Any) -> None:
    config, events = journal
    with tempfile.TemporaryDirectory() as folder:
        meta = SessionMeta("fake", PLAYERS, dict(config.settings), {}, None, STAMP)
        stored = Journal.create(Path(folder) / "s.json", meta, events)
        reread = Journal(stored.path).events()
    assert reread == events
    same_replay(replay(events, GAME, config), replay(reread, GAME, config))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(journals(max_steps=25))
def test_export_then_import_through_the_cli_gives_an_equal_score(journal: Any) -> None:
    from scorekeeper.cli import main

    config, events = journal
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        runner = CliRunner(env={"SCOREKEEPER_HOME": str(folder / "home"), "SCOREKEEPER_SESSION": ""})

        def run(*args: str) -> Any:
            result = runner.invoke(main, list(args), catch_exceptions=False)
            assert result.exit_code in (0, 1), (args, result.output)
            return result

        meta = SessionMeta("fake", PLAYERS, dict(config.settings), {}, None, STAMP)
        original = Journal.create(folder / "original.json", meta, events)
        export = folder / "export.jsonl"
        run("export", "--session", str(original.path), "-o", str(export))
        assert export.read_text(encoding="utf-8").count("\n") == len(events) + 1  # a header, one line per event
        run("import", str(export), "--session", str(folder / "copy.json"))

        def outputs(session: Path) -> tuple[Any, Any, Any]:
            score = json.loads(run("score", "--json", "--session", str(session)).stdout)
            check = json.loads(run("check", "--json", "--session", str(session)).stdout)
            verified = json.loads(run("verify", "--json", "--session", str(session)).stdout)
            verified.pop("witness")  # what this machine wrote differs: the copy was written here, the original not
            return score, check, verified

        score, check, verified = outputs(original.path)
        score2, check2, verified2 = outputs(folder / "copy.json")
    assert score2 == score
    assert check2 == check
    assert verified["intact"] and verified2 == verified  # same events, same chain, same head hash
    expected = replay(events, GAME, config)
    assert [v["seq"] for v in check["violations"]] == [v.seq for v in expected.violations]
    table = GAME.score(expected.state)
    assert {row["name"]: row["total"] for row in score["players"]} == {row.player: row.total for row in table.rows}


@pytest.mark.parametrize("text", ["a\u2028b", "c\x85d", "e\u2029f"])
def test_an_export_with_unicode_line_separators_in_a_note_imports(text: str) -> None:
    from scorekeeper.cli import main

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        runner = CliRunner(env={"SCOREKEEPER_HOME": str(folder / "home"), "SCOREKEEPER_SESSION": ""})
        meta = SessionMeta("fake", PLAYERS, {"target": 10, "bonus": 0}, {}, None, STAMP)
        original = Journal.create(folder / "original.json", meta, [Event(1, "note", None, {"text": text}, STAMP)])
        export = folder / "export.jsonl"
        assert runner.invoke(main, ["export", "--session", str(original.path), "-o", str(export)]).exit_code == 0
        result = runner.invoke(main, ["import", str(export), "--session", str(folder / "copy.json")])
        assert result.exit_code == 0, result.output
        assert Journal(folder / "copy.json").events() == original.events()
