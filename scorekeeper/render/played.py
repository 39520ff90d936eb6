"""When and where a session was played, in words: ``played 2026-11-30 08:30 to 09:41 (1 h 11 min)`` and the line
``status``, ``score`` and the report say it in (``Played … at Ann's kitchen``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.app.session import Session


def played_text(session: "Session") -> str:
    """``played 2026-11-30 08:30 to 09:41 (1 h 11 min)`` (or only the first when under a minute): the first recorded
    event, local time, to the nearest minute, and the end that many minutes later as the game took (so that the
    times agree with the duration: 08:29:03 to 08:29:57 is ``08:29 to 08:30 (1 min)``)."""
    import datetime as dt

    from scorekeeper.app.played import event_times, local_time, minutes_between

    started, ended = event_times(session)
    first, minutes = local_time(started), minutes_between(started, ended)
    start = first.replace(second=0, microsecond=0) + dt.timedelta(minutes=first.second >= 30)
    end = start + dt.timedelta(minutes=minutes)
    if not minutes:
        return f"played {start:%Y-%m-%d %H:%M}"
    until = end.strftime("%H:%M" if end.date() == start.date() else "%Y-%m-%d %H:%M")
    took = f"{minutes // 60} h {minutes % 60} min" if minutes >= 60 else f"{minutes} min"
    return f"played {start:%Y-%m-%d %H:%M} to {until} ({took})"


def played_line(session: "Session") -> str:
    """What ``status`` and ``score`` say of when and where: ``Played 2026-11-30 08:30 to 09:41 (1 h 11 min) at
    Ann's kitchen``; only what is known: the time when the game took a minute or more, the place when one was
    set; '' when neither."""
    when = played_text(session)
    place = session.location()
    if " to " not in when and not place:
        return ""
    return ("P" + when[1:] if " to " in when else "Played") + (f" at {place}" if place else "")
