"""A session kept in memory (``memory:NAME``) remembers its replay between commands, as a file's cache entry does:
each command of a generated game folds only its own plays, and what it reads is what a fresh replay gives —
after plays, after corrections (a void or an amendment changes how earlier events read), and for every sample."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.app.replay_cache import MemoryEntry
from scorekeeper.app.session import WORKSPACE, Session
from scorekeeper.core.engine import replay
from scorekeeper.core.protocol import Draft
from tests.core.test_kept_replay import SAMPLES, facts


def in_memory(name: str, sample: Path) -> Session:
    """A ``memory:NAME`` session with the sample's settings and players and none of its events."""
    path = f"memory:{name}"
    WORKSPACE.memory.pop(path, None)
    return Session.from_meta(path, Session.open(sample).journal.meta)


#: the longest sample of each game (every sample goes through the file cache's test, tests/core/test_kept_replay.py)
LONGEST = [max((p for p in SAMPLES if p.parent.name == game), key=lambda p: p.stat().st_size)
           for game in sorted({p.parent.name for p in SAMPLES})]


@pytest.mark.parametrize("path", LONGEST, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_command_reads_what_a_fresh_replay_gives(path: Path) -> None:
    """The longest sample of each game, event by event, each through a session opened afresh (as each command
    opens it): the remembered replay is read, and it is the journal replayed."""
    name = f"memory-replay-{path.parent.name}-{path.stem}"
    in_memory(name, path)
    events = Session.open(path).events
    checkpoints = {len(events) * k // 5 for k in range(1, 6)}
    for n, event in enumerate(events, start=1):
        Session.open(f"memory:{name}").record(Draft(event.type, event.player, dict(event.payload)), force=True)
        if n in checkpoints:
            session = Session.open(f"memory:{name}")
            entry = session.journal.remembered
            assert isinstance(entry, MemoryEntry) and entry.count == n  # kept by the write, for the next command
            fresh = replay(session.events, session.game, session.config)
            assert facts(session, session.replay()) == facts(session, fresh), f"after #{n}"
    WORKSPACE.memory.pop(f"memory:{name}", None)


def test_a_correction_after_the_entry_replays_the_whole_journal() -> None:
    """A void recorded after the remembered count makes the next read fold everything again: the voided play's
    effect is gone, exactly as a fresh replay says."""
    sample = next(p for p in SAMPLES if p.parent.name == "flamecraft")
    name = "memory-replay-void"
    session = in_memory(name, sample)
    for event in Session.open(sample).events[:40]:
        session.record(Draft(event.type, event.player, dict(event.payload)), force=True)
    target = next(e for e in reversed(session.events[:30]) if e.type not in ("note", "set"))
    Session.open(f"memory:{name}").void(target.seq, reason="test", force=True)
    reopened = Session.open(f"memory:{name}")
    fresh = replay(reopened.events, reopened.game, reopened.config)
    assert facts(reopened, reopened.replay()) == facts(reopened, fresh)
    assert [o.status for o in reopened.replay().timeline if o.seq == target.seq] != ["applied"]
    WORKSPACE.memory.pop(f"memory:{name}", None)


def test_an_entry_whose_event_is_no_longer_there_is_not_used() -> None:
    """An entry made for another journal's history (its hash at that count differs: here, with the setup's state
    in it) is ignored: read, it would give the board before any play."""
    sample = next(p for p in SAMPLES if p.parent.name == "emberheart")
    session = in_memory("memory-replay-other", sample)
    for event in Session.open(sample).events[:10]:
        session.record(Draft(event.type, event.player, dict(event.payload)), force=True)
    journal = Session.open("memory:memory-replay-other").journal
    entry = journal.remembered
    assert isinstance(entry, MemoryEntry) and entry.holds(journal)
    setup = session.game.setup(session.config)
    journal.remembered = MemoryEntry(entry.count, "0" * 64, setup, {})
    assert not journal.remembered.holds(journal)
    reopened = Session.open("memory:memory-replay-other")
    assert facts(reopened, reopened.replay()) == facts(reopened, replay(reopened.events, reopened.game,
                                                                         reopened.config))
    WORKSPACE.memory.pop("memory:memory-replay-other", None)
