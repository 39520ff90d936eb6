"""Short games for the web tests: the opening plays of a bundled sample of each game, as a phone's form sends
them (every field as the text a phone types: words as they are, numbers as digits, lists and objects as JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scorekeeper.app.session import Session
from scorekeeper.core.protocol import Game

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
#: one legal sample of each game, and how many of its opening plays make the short game
SHORT_GAMES = {"flamecraft": ("flamecraft/3p-complete.json", 12), "emberheart": ("emberheart/four-players.json", 12),
               "eight-dragons": ("eight-dragons/2p-aurea.json", 12)}


def typed(kind: str, value: Any) -> str:
    """``value`` as a phone types it in a field of ``kind``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if kind == "str" or (isinstance(value, str) and kind != "any"):
        return str(value)
    return json.dumps(value)


def short_game(game_name: str) -> tuple[list[str], dict[str, Any], list[dict[str, str]]]:
    """A sample's players, settings and its opening plays as forms (``type``, ``player``, one entry per field)."""
    path, count = SHORT_GAMES[game_name]
    sample = Session.open(SAMPLES / path)
    game: Game = sample.game
    forms = []
    for event in [e for e in sample.events if game.declaration(e.type) is not None][:count]:
        declared = game.declaration(event.type)
        assert declared is not None
        kinds = {f.name: f.kind for f in declared.fields}
        form = {"type": event.type, "player": event.player or ""}
        form.update({k: typed(kinds.get(k, "any"), v) for k, v in event.payload.items()})
        forms.append(form)
    meta = sample.journal.meta
    return list(meta.players), dict(meta.settings), forms
