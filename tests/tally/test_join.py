"""Join a game in progress (issue 25, item 5): ``new GAME --players … --from FILE`` starts from a typed state."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.session import Session
from scorekeeper.app.tally import parse_tally, tally_data, tally_session
from scorekeeper.core.engine import replay
from scorekeeper.core.protocol import Draft
from scorekeeper.render.payloads import score_payload
from tests.conftest import Cli
from tests.test_sample_sessions import ENTRIES, SAMPLES


@pytest.mark.parametrize("game,entry", ENTRIES, ids=lambda v: v if isinstance(v, str) else v["file"])
def test_a_sample_joined_at_event_n_ends_with_the_samples_score(game: str, entry: dict[str, Any]) -> None:
    """The state just before event N, as a tally, then the sample's events N to the end: the sample's final
    score (totals, categories, winners, tiebreak; the provenance lines name other event numbers)."""
    sample = Session.open(SAMPLES / game / entry["file"])
    events = sample.events
    want = score_payload(sample.score(), None, False)
    for n in (2, len(events) // 3, len(events) // 2, len(events) - 3):
        typed = json.loads(json.dumps(tally_data(sample, at=n)))  # as a file holds it
        joined = tally_session(parse_tally(typed, "typed"), None, "typed", force=True)
        rest = [dataclasses.replace(e, seq=e.seq - n + 2) for e in events[n - 1:]]
        after = replay([*joined.events, *rest], joined.game, joined.config)
        assert score_payload(joined.game.score(after.state), None, False) == want, n
        if entry["kind"] == "legal":
            assert after.errors == [], n


def test_new_from_a_file_then_plays_are_recorded_and_judged_as_usual(cli: Cli, tmp_path: Path) -> None:
    sample = Session.open(SAMPLES / "emberheart" / "four-players.json")
    n = 120
    source = tmp_path / "round3.json"
    source.write_text(json.dumps(tally_data(sample, at=n)), encoding="utf-8")
    path = tmp_path / "joined.json"
    made = cli("new", "eh", "--players", ",".join(sample.players), "--from", source, "--session", path)
    assert made.exit_code == 0, made.output
    joined = Session.open(path)
    assert joined.expect().text == sample.game.expect(sample.state_at(n)).text
    following = sample.events[n - 1]
    verdict = joined.record(Draft(following.type, following.player, dict(following.payload)))
    assert verdict.recorded and not verdict.errors
    wrong = cli("new", "eh", "--players", "A,B", "--from", source, "--session", tmp_path / "other.json")
    assert wrong.exit_code == 2 and "players: the file's are" in wrong.stderr
    assert not (tmp_path / "other.json").exists()
