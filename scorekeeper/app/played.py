"""When and where a session was played, as the replay cache can keep it: the recorded times of its first and last
events (a ``set location`` is not play) and the place the last ``set location`` gives.

``status`` and ``score`` say it on every call ("Played … at …"). Read from the events, that parses every one of
them, which the replay cache spares (field report TRUST-6); so the cache's entry keeps a ``Played`` of the
events it vouches for, and a warm command adds only the events after it (``then``). Events after the entry that
hold a correction (a ``void`` of a place note, an ``amend``) make the replay fold the whole journal again, and
with it this summary (``of``).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from scorekeeper.core.events import NOTE, VOID, Event

#: the payload key of a ``set location`` note (``scorekeeper.app.place.LOCATION``)
PLACE_KEY = "location"


def is_place_note(event: Event) -> bool:
    """Whether ``event`` is a ``set location`` (a note carrying a place)."""
    return event.type == NOTE and PLACE_KEY in event.payload


@dataclass(frozen=True)
class Played:
    """The recorded time of the first and the last event that is play (None: no such event; "": one without a
    time), the seqs of the place notes, and the place the last one that still counts gives (and its seq)."""

    first: str | None = None
    last: str | None = None
    places: tuple[int, ...] = ()
    place: str = ""
    place_seq: int | None = None

    @classmethod
    def of(cls, events: Sequence[Event], replayed: Any) -> "Played":
        """From every event of a journal and its replay (which says which place notes were voided)."""
        from scorekeeper.core.engine import VOIDED

        places = tuple(e.seq for e in events if is_place_note(e))
        play = [e for e in events if e.seq not in places and not (e.type == VOID and e.get("target") in places)]
        place, seq = "", None
        for outcome in reversed(replayed.timeline):
            if is_place_note(outcome.event) and outcome.status != VOIDED:
                place, seq = str(outcome.event.get(PLACE_KEY) or ""), outcome.seq
                break
        return cls(play[0].recorded_at if play else None, play[-1].recorded_at if play else None, places, place, seq)

    def then(self, later: Iterable[Event]) -> "Played":
        """This summary with the events ``later`` added (none of them a correction: see the module's docstring)."""
        first, last, places, place, seq = self.first, self.last, list(self.places), self.place, self.place_seq
        for event in later:
            if is_place_note(event):
                places.append(event.seq)
                place, seq = str(event.get(PLACE_KEY) or ""), event.seq
            elif not (event.type == VOID and event.get("target") in places):
                first = event.recorded_at if first is None else first
                last = event.recorded_at
        return Played(first, last, tuple(places), place, seq)

    def times(self, created: str) -> tuple[str, str]:
        """The ISO times of the first and last events (the session's creation ``created`` when it has none)."""
        started = self.first or created
        return started, self.last or started

    def to_json(self) -> dict[str, Any]:
        return {"first": self.first, "last": self.last, "places": list(self.places), "place": self.place,
                "place_seq": self.place_seq}

    @classmethod
    def from_json(cls, data: Any) -> "Played":
        """What ``to_json`` wrote (``KeyError``, ``TypeError`` or ``ValueError`` for anything else)."""
        first, last, seq = data["first"], data["last"], data["place_seq"]
        return cls(None if first is None else str(first), None if last is None else str(last),
                   tuple(int(s) for s in data["places"]), str(data["place"]), None if seq is None else int(seq))


def played_of(session: Any) -> Played:
    """When and where ``session`` (an opened ``Session``) was played: from its replay cache's entry and the
    events after it when it holds one (a warm ``status`` reads no more), else from every event."""
    replayed = session.replay()
    return session.cache.played(replayed)  # type: ignore[no-any-return]


def event_times(session: Any) -> tuple[str, str]:
    """When a session was played: the ISO times of its first and last events (its creation when it has none); a
    ``set location`` is not play (said after the game, it would stretch the game to that time). Read from the
    replay cache's entry and the events after it when it holds (``scorekeeper.app.played``)."""
    from scorekeeper.app.results_only import typed_result, typed_times

    typed = typed_result(session.journal)
    if typed is not None:  # a result typed in another app: when it was played there
        return typed_times(typed)
    return played_of(session).times(session.journal.meta.created)


def minutes_between(started: str, ended: str) -> int:
    """The whole minutes from one ISO time to another, to the nearest (0 when the second is not later): how long
    a game took, as ``status``, ``score``, the report and the BG Stats export say it."""
    utc = _dt.timezone.utc
    return max(0, round((local_time(ended, utc) - local_time(started, utc)).total_seconds() / 60))


def local_time(iso: str, tz: _dt.tzinfo | None = None) -> _dt.datetime:
    """An ISO timestamp as a naive local time (``tz``, or this machine's time zone)."""
    try:
        moment = _dt.datetime.fromisoformat(iso)
    except ValueError:
        moment = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=_dt.timezone.utc)
    return moment.astimezone(tz).replace(tzinfo=None)
