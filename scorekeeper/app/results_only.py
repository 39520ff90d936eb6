"""A results-only session read by the application: its one ``result`` event, the table it declares, when it
was played, and the refusal to record anything after it (``scorekeeper.core.result`` holds the event itself).

A session is results-only when its journal is that one event: nothing was played in Scorekeeper, so nothing
can be played after it (the plays that led to the result are not known), and its score is the result as typed.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from scorekeeper.core.events import RESULT, Event
from scorekeeper.core.protocol import ScoreTable, Status
from scorekeeper.errors import Refused


def typed_result(journal: Any) -> Event | None:
    """The ``result`` event of a results-only journal, or None (any other journal: read without parsing it)."""
    if journal.count != 1:
        return None
    event: Event = journal.events()[0]
    return event if event.type == RESULT else None


def typed_table(session: Any) -> ScoreTable | None:
    """The final table a results-only session declares, or None for a session whose games were played."""
    from scorekeeper.core.result import result_table

    event = typed_result(session.journal)
    if event is None:
        return None
    return result_table(event.payload, session.journal.meta.game, session.journal.meta.players)


def typed_times(event: Event) -> tuple[str, str]:
    """When the typed result's game was played: its start, and its end (the start and its duration)."""
    started = str(event.get("played_at") or event.recorded_at)
    minutes = event.get("duration_min")
    try:
        ended = (_dt.datetime.fromisoformat(started) + _dt.timedelta(minutes=int(minutes or 0))).isoformat()
    except (TypeError, ValueError, OverflowError):
        ended = started
    return started, ended


def refuse_after_result(journal: Any) -> None:
    """``Refused`` when the journal is a typed result: nothing can be recorded after it."""
    event = typed_result(journal)
    if event is not None:
        source = str(event.get("source") or "another app")
        raise Refused(f"this session is a result imported from {source}, without its plays: nothing can be "
                      "recorded after it (start a new session with 'scorekeeper new')")


def typed_status(session: Any) -> Status | None:
    """Where a results-only session stands: over, with the result as typed (no board: nothing was played here)."""
    table = typed_table(session)
    if table is None:
        return None
    source = str(session.events[0].get("source") or "another app")
    rows = [{"player": r.player, "score": r.total, "rank": r.rank or "", "winner": "yes" if r.player in table.winners
             else ""} for r in table.rows]
    return Status([f"Imported from {source}: the result, without its plays"], "nothing: the game is over",
                  players=rows, finished=True, notes=["nothing can be recorded after an imported result"],
                  prompt="Imported")
