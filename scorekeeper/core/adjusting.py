"""The table's syntax of ``adjust``: ``[PLAYER] KEY=VALUE… [PLAYER KEY=VALUE…]`` → an ``ADJUST`` payload.

``adjust Astrid gear=4 flame=2 Bjorn gear=1 round=3`` gives
``{"players": {"Astrid": {"gear": 4, "flame": 2}, "Bjorn": {"gear": 1}}, "round": 3}``: a word without ``=``
names the player whose keys follow; a game key (``round``, ``first``, ``reason``…) is about the whole game.
Values read as JSON when they parse (``3``, ``true``, ``[1,2]``), else as text. The game checks the keys.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from scorekeeper.errors import BadInput
from scorekeeper.core.strictjson import assignments


def adjust_payload(words: Sequence[str], game_keys: Sequence[str]) -> dict[str, Any]:
    """The ADJUST payload of the words typed (exit 2 on a key before any player that is not a game key)."""
    payload: dict[str, Any] = {}
    player: str | None = None
    for word in words:
        if "=" not in word:
            player = word
            payload.setdefault("players", {}).setdefault(player, {})
            continue
        ((key, value),) = assignments([word], "gear=4").items()
        if key in game_keys:
            payload[key] = value
        elif player is None:
            raise BadInput(f"{key}={value}: name the player first (adjust PLAYER {key}=…) or use a game key "
                           f"({', '.join(game_keys)})")
        else:
            payload["players"][player][key] = value
    return payload


def json_or_words(changes: Sequence[str], game_keys: Sequence[str]) -> str:
    """One JSON word as typed (the game reads it), or the words' payload as JSON."""
    if len(changes) == 1 and changes[0].lstrip()[:1] in ("{", "["):
        return changes[0]
    return json.dumps(adjust_payload(changes, game_keys))
