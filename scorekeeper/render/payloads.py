"""The JSON that the reading commands print with ``--json``, built in one place for every front door.

``scorekeeper status --json`` and the web companion's ``GET /api/status`` (``scorekeeper.web``) return exactly
the same data because both call these functions. (``check``: ``report.violations_json``; ``log``:
``app.log_filter.filter_log``; ``score --timeline``: ``Timeline.to_json``: already shared.)
"""

from __future__ import annotations

from typing import Any, Sequence

from scorekeeper.core.protocol import ScoreTable, Status


def status_payload(status: Status, errors: Sequence[Any], played: dict[str, Any] | None = None) -> dict[str, Any]:
    """``status --json``: where the game stands, how many recorded plays break a rule, and when and where it is
    played (``played_data``)."""
    data = status.to_json()
    data["violations"] = len(errors)
    if played is not None:
        data["played"] = played
    return data


def score_payload(table: ScoreTable, at: int | None = None, explain: bool = False) -> dict[str, Any]:
    """``score --json`` (``--at N``: the table just before event N; ``--explain``: where each point came from)."""
    data = {"at": at, **table.to_json()} if at is not None else table.to_json()
    if explain:
        data["explanations"] = table.explain_json()
    return data


def played_data(session: Any) -> dict[str, Any]:
    """When and where a session is played, what ``status`` and ``score`` say in a line: the first and the last
    recorded event's times as recorded (ISO, UTC), the whole minutes between them, and the place ``set location``
    gave ('' when none)."""
    from scorekeeper.app.played import event_times, minutes_between

    started, ended = event_times(session)
    return {"started": started, "ended": ended, "minutes": minutes_between(started, ended),
            "location": session.location()}


def state_payload(at: int | None, snapshot: Any) -> dict[str, Any]:
    """``state --json``: the whole state, now (``at`` None) or just before event ``at``."""
    return {"at": at, "state": snapshot}
