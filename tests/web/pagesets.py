"""What the browser tests of the pages serve: a bundled sample of each game cut at a point of its game (a copy of
its first events, as ``branch --at`` makes it), and the pages a phone and the big screen read."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from scorekeeper.app.session import Session
from tests.web.plays import SAMPLES

#: a bundled sample of each game: (its file, a point in the middle of its game)
GAMES = {"flamecraft": ("flamecraft/3p-complete.json", 83), "emberheart": ("emberheart/four-players.json", 167),
         "eight-dragons": ("eight-dragons/4p-long.json", 125)}
#: every page of a session (the Lairs for 8 Dragons only)
PAGES = ["/", "/screen", "/score", "/chart", "/log", "/check", "/state", "/report", "/undo", "/assert"]


def cut_copy(folder: Path, sample: str, cut: int | None) -> Path:
    """A session file holding the sample's first ``cut`` events (all of them for None)."""
    recorded = Session.open(SAMPLES / sample, cached=False)
    events = recorded.events if cut is None else recorded.events[:cut]
    path = folder / f"{Path(sample).stem}-{cut or 'end'}.json"
    Session.from_meta(path, replace(recorded.journal.meta, parent=None), events)
    return path


def pages_of(game: str) -> list[str]:
    return PAGES + (["/lairs"] if game == "eight-dragons" else [])


def next_play_fields(sample: str, cut: int) -> dict[str, str]:
    """The sample's play after its first ``cut`` events as a form posts it (type, player, each field typed)."""
    from tests.web.plays import typed

    recorded = Session.open(SAMPLES / sample, cached=False)
    game = recorded.game
    event = next(e for e in recorded.events[cut:] if game.declaration(e.type) is not None)
    declared = game.declaration(event.type)
    assert declared is not None
    kinds = {f.name: f.kind for f in declared.fields}
    fields: dict[str, Any] = {"type": event.type, "player": event.player or ""}
    fields.update({k: typed(kinds.get(k, "any"), v) for k, v in event.payload.items()})
    if event.forced:
        fields.update(force="yes", confirm="yes")
    return fields
