"""A play's effects as the one short line under its acknowledgement: what each player gained or paid.

The games compute the effects (``Game.effects``: holdings compared before and after the play, with the sources
the game knows); this module only words them: ``Ann +2 gold (Chamber T12+T13+T5), +1 gear · Bo -1 coin``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from scorekeeper.core.protocol import Effect


def effects_text(effects: Sequence["Effect"]) -> str:
    """One line for every player the play changed, in the order given; empty when it changed nothing."""
    by_player: dict[str, list[str]] = {}
    for effect in effects:
        by_player.setdefault(effect.player, []).append(effect.text)
    return " · ".join(f"{player} {', '.join(changes)}" for player, changes in by_player.items())
