"""A recorded play keeps the session's replay: the next command reads it without folding the journal again, and
what it reads is exactly what a fresh replay of the journal gives (every bundled sample, play by play)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core.engine import Replay, replay
from scorekeeper.core.protocol import Draft
from scorekeeper.app.session import Session

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "sample_sessions").glob("*/*.json"))
SAMPLES = [p for p in SAMPLES if p.name != "manifest.json" and p.parent.name != "inputs"]


def facts(session: Session, replayed: Replay, times: bool = True) -> Any:
    """What a command reads of a replay: the board, every violation, every event's outcome (and its time)."""
    return (session.game.snapshot(replayed.state),
            [(v.seq, v.rule, v.message, v.severity) for v in replayed.violations],
            [(o.seq, o.status, o.event.type, o.event.recorded_at if times else "", len(o.violations))
             for o in replayed.timeline])


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_replay_kept_after_each_play_is_the_journal_replayed(path: Path) -> None:
    sample = Session.open(path)
    session = Session.from_meta(None, sample.journal.meta)
    events = sample.events
    checkpoints = {len(events) * k // 6 for k in range(1, 7)}
    for n, event in enumerate(events, start=1):
        session.record(Draft(event.type, event.player, dict(event.payload)), force=True)
        kept = session._replay
        assert kept is not None, f"#{n} ({event.type}): the replay was dropped after the write"
        if n in checkpoints:
            fresh = replay(session.events, session.game, session.config)
            assert facts(session, session.replay()) == facts(session, fresh), f"after #{n}"
            assert session.replay() is kept  # read without a refold
    assert facts(session, session.replay(), False) == facts(sample, sample.replay(), False)  # the sample's game
