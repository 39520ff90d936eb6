"""Where a session is played: ``scorekeeper set location PLACE``.

A place is no rule of the game, so it is a setting of the session, not of the game: ``set location`` records
it as a note (``{"text": "played at PLACE", "location": PLACE}``), which keeps the journal append-only and
needs no game to replay it. A later one replaces it, an empty one clears it, and a void or an undo of the note
gives back the place before. The report's header, ``status``, ``score`` and the BG Stats export (its default
``--location``) read it back with ``location_of``.
"""

from __future__ import annotations

from typing import Any, Sequence

from scorekeeper.app.corrections import Corrections
from scorekeeper.app.verdicts import Verdict
from scorekeeper.core.engine import VOIDED, Replay
from scorekeeper.core.events import NOTE, RESULT, VOID, Event
from scorekeeper.core.settings import Setting, find
from scorekeeper.core.protocol import Draft

#: the session's own setting, beside the game's (``set location PLACE``; never passed to the game)
LOCATION = Setting("location", "", "Where the game is played: the report, status, score and the BG Stats export "
                   "say it", mutable=True)


def is_place_note(event: Event) -> bool:
    """Whether ``event`` is a ``set location`` (a note carrying a place)."""
    return event.type == NOTE and LOCATION.key in event.payload


def without_places(events: Sequence[Event]) -> list[Event]:
    """``events`` less every ``set location`` and every void or undo of one: what the game's time is read from."""
    places = {e.seq for e in events if is_place_note(e)}
    return [e for e in events if e.seq not in places and not (e.type == VOID and e.get("target") in places)]


def location_of(replayed: Replay) -> str:
    """The place the journal's last ``set location`` that still counts gives ('' when none, or cleared)."""
    return _last_place(replayed)[0]


def _last_place(replayed: Replay) -> tuple[str, int | None]:
    """The place the last ``set location`` that still counts gives, and its event (None when never said)."""
    for outcome in reversed(replayed.timeline):
        if is_place_note(outcome.event) and outcome.status != VOIDED:
            return str(outcome.event.get(LOCATION.key) or ""), outcome.seq
        if outcome.event.type == RESULT:  # a typed result says where it was played
            return str(outcome.event.get(LOCATION.key) or ""), outcome.seq
    return "", None


class Placing(Corrections):
    """The corrections, with the session's place among the settings ``set`` changes."""

    def set_setting(self, key: str, raw: str, *, force: bool = False) -> Verdict:
        """``set location PLACE`` records the place (a note); any other key is the game's setting."""
        if find((*self.game.settings, LOCATION), key) is not LOCATION:  # an unknown key's message names location too
            return super().set_setting(key, raw, force=force)
        place = " ".join(raw.split())
        text = f"played at {place}" if place else "the location is cleared"
        return self.record(Draft(NOTE, None, {"text": text, LOCATION.key: place}), force=force)

    def location(self) -> str:
        """Where the game is played, as ``set location`` last said ('' when never said): kept by the replay
        cache's entry (``scorekeeper.app.played``), so that a warm ``status`` reads no more than the cache; a
        result typed in another app says where it was played."""
        from scorekeeper.app.played import played_of
        from scorekeeper.app.results_only import typed_result

        typed = typed_result(self.journal)
        return str(typed.get(LOCATION.key) or "") if typed is not None else played_of(self).place

    def settings_rows(self) -> tuple[Any, list[dict[str, Any]]]:
        """The game's settings, then the session's place (``set location``), as ``scorekeeper settings`` lists them."""
        entry, rows = super().settings_rows()
        place, seq = _last_place(self.replay())
        rows.append({"key": LOCATION.key, "value": place, "source": f"set at #{seq}" if seq else "default",
                     "ref": LOCATION.ref, "help": LOCATION.help, "mid-game": LOCATION.mutable})
        return entry, rows
