"""The game's side of a play as typed: the event declarations (the engine's CORE-PAYLOAD), ``expect`` (who acts,
the plays legal now and their values) and ``complete`` (words → the event recorded); the CLI module is
Click declarations only."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core.engine import Fold
from scorekeeper.errors import BadInput, NotationError
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Draft
from scorekeeper.games.flamecraft import GAME
from scorekeeper.app.session import Session
from tests.games.flamecraft.fc_helpers import fresh

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = sorted(p for p in (ROOT / "sample_sessions" / "flamecraft").glob("*.json") if p.name != "manifest.json")
#: fields ``complete`` adds to plays recorded without them (the samples predate the recorded default payment)
DERIVED = {"ENCHANT": {"pay"}, "FANCY_SCORE": {"pay"}}


def test_every_event_type_is_declared_with_fields_and_none_is_open() -> None:
    names = {e.name for e in GAME.events}
    assert names == {"SETUP", "SETUP_PLAYER", "VISIT", "GATHER", "PLACE", "FIRE_UP", "SHOP_ABILITY", "ENCHANT", "RESERVE",
                     "GIFT", "FANCY_SCORE", "COMPANION_USE", "END_TURN", "FINAL_SCORING", "ADJUST", "TALLY"}
    assert all(e.fields and not e.open for e in GAME.events)


def test_a_malformed_payload_is_the_engines_core_payload_not_a_game_rule() -> None:
    """A field of the wrong kind (declared) and an inner shape the rules cannot read are both CORE-PAYLOAD."""
    t = fresh()
    first = t.state.order[0]
    assert [f.rule for f in t.judge("VISIT", first, shop=5)] == ["CORE-PAYLOAD"]
    assert [f.rule for f in t.judge("VISIT", first, shop="BAKERY", colour="red")] == ["CORE-PAYLOAD"]
    t.ok("VISIT", first, shop="BAKERY")
    t.ok("GATHER", first)
    findings = t.judge("END_TURN", first, discard={"dragons": 5})
    assert [f.rule for f in findings] == ["CORE-PAYLOAD"] and "cannot be read" in findings[0].message


def test_a_face_that_does_not_parse_stays_fc_gen_5() -> None:
    t = fresh()
    first = t.state.order[0]
    t.ok("VISIT", first, shop="BAKERY")
    findings = t.judge("GATHER", first, faces={"dragon": {"X-1": "bread/fly"}})
    assert [f.rule for f in findings if f.is_error] == ["FC-GEN-5"]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_expect_agrees_with_status_and_offers_the_play_that_came_next(path: Path) -> None:
    """At every step of a sample game: ``expect`` and ``status`` say the same, and the next play's type is
    among the choices (or a sun dragon, a companion, a forced play or a correction came)."""
    session = Session.open(path)
    fold = Fold(GAME, session.config)
    for event in session.events:
        expectation = GAME.expect(fold.state)
        status = GAME.status(fold.state)
        assert (expectation.text, expectation.player, expectation.finished) == (status.expected, status.active_player, status.finished)
        offered = {c.event for c in expectation.choices}
        if not event.forced and event.type not in ("ADJUST", "RESERVE", "GIFT"):
            assert event.type in offered, (event.seq, event.type, offered)
        if event.type == "VISIT" and not event.forced:
            assert event.payload["shop"] in expectation.accepts("shop")
        fold.play(event)
    assert GAME.expect(fold.state).finished


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_complete_leaves_a_recorded_play_as_it_is(path: Path) -> None:
    """``complete`` on each recorded event (on the state before it) gives the same event, at most with the
    derived fields the samples were recorded without; the state is not changed by it."""
    session = Session.open(path)
    fold = Fold(GAME, session.config)
    for event in session.events:
        before = json.dumps(GAME.snapshot(fold.state), sort_keys=True, default=str)
        done = GAME.complete(fold.state, Draft(event.type, event.player, event.payload))
        assert json.dumps(GAME.snapshot(fold.state), sort_keys=True, default=str) == before
        added = set(done.payload) - set(event.payload)
        assert added <= DERIVED.get(event.type, set()), (event.seq, added)
        assert done.player == event.player
        assert {k: v for k, v in done.payload.items() if k not in added} == dict(event.payload), event.seq
        fold.play(event)


def complete(t: Any, type: str, player: str | None = None, **payload: Any) -> dict[str, Any]:
    done = GAME.complete(t.state, Draft(type, player, payload))
    return {"player": done.player, **done.payload}


def test_complete_reads_the_words_as_typed() -> None:
    """Prefixes of players, shops and cards; NAME=FACE into faces; goods as 2bread+coin; --pay for everyone
    there; the default yield; the one slot that takes the dragon; --draw park:NAME."""
    t = fresh(("Ann", "Bo"))
    assert complete(t, "VISIT", "an", shop="bak") == {"player": "Ann", "shop": "BAKERY"}
    t.ok("VISIT", "Ann", shop="BAKERY")
    assert complete(t, "GATHER") == {"player": "Ann", "gain": {"bread": 2}}  # the symbol and SD-BREAD
    assert complete(t, "GATHER", gain=["2bread", "bread"], draws=["park:pk-2"]) == {
        "player": "Ann", "gain": {"bread": 3}, "draws": [{"from": "park", "card": "PK-2"}]}
    t.ok("GATHER", "Ann")
    hand = t.p("Ann").hand
    done = complete(t, "PLACE", dragon="NEW-9=potion/gift")
    assert done["dragon"] == "NEW-9" and done["faces"] == {"dragon": {"NEW-9": {"icon": "potion", "ability": "GIFT"}}}
    assert "slot" not in done  # no slot of BAKERY takes potion: the rules say so (FC-PLACE-3)
    assert complete(t, "PLACE", dragon=hand[0].lower()) == {"player": "Ann", "dragon": hand[0]}  # slots 2 and 3 take bread
    assert complete(t, "PLACE", dragon="M-1=meat/gift")["slot"] == 3  # only slot 3 (bread/meat) takes meat
    assert [f.rule for f in t.judge("PLACE", "Ann", dragon=hand[0])] == ["FC-PLACE-2"]
    assert [f.rule for f in t.judge("PLACE", "Ann", dragon="NEW-9", faces={"dragon": {"NEW-9": "potion/gift"}})] == ["FC-PLACE-1"]  # not in the hand: no slot asked
    t.ok("END_TURN", "Ann")
    t.ok("VISIT", "Bo", shop="BUTCHER")
    t.ok("GATHER", "Bo")
    t.ok("END_TURN", "Bo")
    assert complete(t, "VISIT", shop="butch", pay=["bread"]) == {"player": "Ann", "shop": "BUTCHER", "pay": {"Bo": "bread"}}
    assert complete(t, "VISIT", shop="smith", pay=["bread"]) == {"player": "Ann", "shop": "SMITHY", "pay": "bread"}
    assert [(f.rule, f.severity) for f in t.judge("VISIT", "Ann", shop="SMITHY", pay="bread")] == [("FC-TURN-6", "warning")]


def test_complete_raises_bad_input_only_for_words_that_name_nothing() -> None:
    t = fresh(("Ann", "Bo"))
    with pytest.raises(BadInput, match="no player 'Zed'"):
        complete(t, "VISIT", shop="BAKERY", pay=["Zed=bread"])
    with pytest.raises(BadInput, match="could be"):
        complete(t, "VISIT", shop="b")  # BAKERY or BUTCHER
    with pytest.raises(NotationError, match="names Bo twice"):  # 1 good or coin each: nothing silently dropped
        complete(t, "VISIT", shop="BAKERY", pay=["Bo=meat", "Bo=coin"])
    with pytest.raises(NotationError):
        complete(t, "GATHER", gain=["2bred"])
    with pytest.raises(NotationError, match="X-1"):
        complete(t, "PLACE", dragon="X-1=bread/fly")
    with pytest.raises(NotationError, match="park:NAME"):
        complete(t, "GATHER", draws=["pond:PK-1"])


def test_the_cli_module_declares_commands_only() -> None:
    """No game module, no game state, no rule ID in scorekeeper/cli/flamecraft.py; within its line budget."""
    path = ROOT / "scorekeeper" / "cli" / "flamecraft.py"
    text = path.read_text(encoding="utf-8")
    imported = {n.module for n in ast.walk(ast.parse(text)) if isinstance(n, ast.ImportFrom)}
    assert not any(m and m.startswith("scorekeeper.games") for m in imported)
    assert ".state" not in text and "FC-" not in text
    assert len(text.splitlines()) <= 280


def test_a_state_is_never_copied_by_the_game() -> None:
    """The engine copies a state, the game never does; ``FlameState.__deepcopy__`` only says how a copy is made."""
    package = ROOT / "scorekeeper" / "games" / "flamecraft"
    for path in package.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        if path.name == "state.py":  # the copy hook is the one place that names deepcopy
            hook = next(n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.FunctionDef) and n.name == "__deepcopy__")
            lines = text.splitlines()
            text = "\n".join(lines[: hook.lineno - 1] + lines[hook.end_lineno or hook.lineno :])
        assert "deepcopy" not in text and "copy_state" not in text, path.name


def test_a_copy_of_a_state_is_its_own_and_shares_only_the_faces() -> None:
    import copy

    state = Session.open(SAMPLES[0]).replay().state
    twin = copy.deepcopy(state)
    assert GAME.snapshot(twin) == GAME.snapshot(state)
    name = state.order[0]
    twin.players[name].goods["bread"] = 99
    twin.players[name].rep_log.append({"points": 1, "source": "test"})
    twin.park.append("X-1")
    next(iter(twin.shops.values())).slots[0] = "X-2"
    twin.faces["dragon"]["X-1"] = {"icon": "bread", "ability": "OTHER"}
    assert state.players[name].goods.get("bread") != 99 and {"points": 1, "source": "test"} not in state.players[name].rep_log
    assert "X-1" not in state.park and "X-1" not in state.faces["dragon"]
    assert next(iter(state.shops.values())).slots[0] != "X-2"
    card, face = next(iter(state.faces["shop"].items()))
    assert twin.faces["shop"][card] is face  # a face is never changed once read: shared, not copied


def test_event_payloads_of_every_sample_fit_their_declarations() -> None:
    for path in SAMPLES:
        for event in Session.open(path).events:
            assert GAME.payload_findings(Event(event.seq, event.type, event.player, event.payload)) == [], (path.name, event.seq)
