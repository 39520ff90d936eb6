"""``ADJUST``'s keys, declared and checked before the correction is applied (FC-ADJ-1).

A mid-game start or a manual correction names only keys of this list; a misspelled one (``coin`` for
``coins``) is refused with the known keys and the closest one, instead of being recorded and ignored.
"""

from __future__ import annotations

from scorekeeper.core.keys import unknown_key

from typing import Any, Mapping

from scorekeeper.core.protocol import Finding

from . import rules_final
from .context import Ctx
from .state_check import check_state

#: the keys of one player's changes (absolute values)
PLAYER_KEYS = ("rep", "coins", "goods", "hand", "fancies", "reserved", "token", "sun_scored", "companion_used")
#: the keys of the whole correction
GAME_KEYS = ("players", "add_shops", "slots", "enchantments", "park", "row", "decks", "reason", "faces")
#: the keys of ``decks``
DECK_KEYS = ("artisan", "ench", "shop", "fancy")


def resolve_adjust(ctx: Ctx) -> None:
    """``ADJUST`` (FC-ADJ-1): refuse an unknown key, else apply the correction as given."""
    payload = ctx.payload
    problems = [unknown_key(payload, GAME_KEYS, ""), unknown_key(dict(payload.get("decks") or {}), DECK_KEYS, " in decks")]
    for name, changes in dict(payload.get("players") or {}).items():
        problems.append(unknown_key(dict(changes or {}), PLAYER_KEYS, f" for {name}"))
        problems.append(_not_a_list(dict(changes or {}), f" for {name}"))
    problems.append(_not_a_list(payload, ""))
    problem = next((p for p in problems if p), None)
    if problem:
        ctx.block("FC-ADJ-1", problem)
        return
    before = _in_two_places(ctx)
    rules_final.resolve_adjust(ctx)
    for finding in _in_two_places(ctx):  # field report FC-F2: a card put in a second place is refused
        if finding not in before:
            ctx.error(finding.rule, f"{finding.message} (to move it, give its old place too in the same adjust)")


#: the whole-state rules an adjustment is held to: a card in one place (FC-STATE-1 to 3). The others (a deck
#: count, the end's trigger) an adjustment may leave to a later one: a mid-game start types a table in parts.
ONE_PLACE = ("FC-STATE-1", "FC-STATE-2", "FC-STATE-3")


def _in_two_places(ctx: Ctx) -> list[Finding]:
    return [f for f in check_state(ctx.state) if f.rule in ONE_PLACE]


#: the keys whose value is a list of cards
LIST_KEYS = ("hand", "fancies", "park", "row")


def _not_a_list(changes: Mapping[str, Any], where: str) -> str | None:
    """FC-ADJ-1: a card-list key given anything but a list of card names (text would be read letter by letter)."""
    for key in LIST_KEYS:
        value = changes.get(key)
        if value is not None and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
            return f"{key}{where} must be a list of cards (e.g. {key}=IR-4,BR-3), not {value!r}"
    return None
