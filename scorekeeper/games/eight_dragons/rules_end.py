"""The end of the game: chest placement (ED-SCORE-1, ED-SCORE-2), the coin flick (ED-SCORE-15), Gold corrections (ED-GOLD-1)."""

from __future__ import annotations

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Finding, block, error, warning

from .rules_turn import close_problems, close_turn
from .state import EDState
from .tiles import ARTIFACTS


def _game_over_or_closable(state: EDState) -> list[Finding]:
    if state.over:
        return []
    last = state.last_turn
    if last is None or state.turn < last:
        return [error("ED-SCORE-16", "chests are placed and the winner decided only after the final round")]
    return close_problems(state)


def check_chests(state: EDState, event: Event) -> list[Finding]:
    """ED-SCORE-1, ED-SCORE-16: chests are placed after the final round, one per tile of the owner's Lair."""
    found = _game_over_or_closable(state)
    if found:
        return found
    player = state.players.get(str(event.player))
    if player is None:
        return [block("ED-SCORE-1", "say whose chests these are (-p PLAYER)")]
    if player.chests_placed:
        return [error("ED-SCORE-1", f"{player.name}'s chests are already recorded; amend or void that event")]
    held = {c.id: c for c in player.chests}
    seen_tiles: set[str] = set()
    seen_ids: set[str] = set()
    for item in list(event.get("chests", [])):
        cid = str(item.get("id", ""))
        if cid not in held:
            return [block("ED-SCORE-1", f"{player.name} holds no chest {cid!r} (held: {', '.join(held) or 'none'})")]
        if cid in seen_ids:
            return [error("ED-SCORE-1", f"chest {cid} is listed twice")]
        seen_ids.add(cid)
        letters = str(item.get("artifacts", "")).lower()
        if set(letters) - set(ARTIFACTS):
            return [block("ED-SCORE-1", f"chest {cid}: Artifacts are b, g, o, c (Book, Gear, Ore, Crystal)")]
        on = item.get("on")
        if on:
            if player.lair.cell_of(str(on)) is None:
                return [block("ED-SCORE-1", f"{on} is not a tile of {player.name}'s Lair")]
            if on in seen_tiles:  # ED-SCORE-1: one chest per tile
                return [error("ED-SCORE-1", f"only one chest per tile: {on} already gets one")]
            seen_tiles.add(str(on))
            if not letters:
                return [error("ED-SCORE-1", f"chest {cid} is placed: say its Artifact (e.g. {cid}=c@{on})")]
    return []


def apply_chests(state: EDState, event: Event) -> EDState:
    """Record each chest's Artifact and the tile it covers (ED-SCORE-2, ED-SCORE-3)."""
    if not state.over:
        close_turn(state)
    player = state.players[str(event.player)]
    held = {c.id: c for c in player.chests}
    for item in list(event.get("chests", [])):
        chest = held[str(item["id"])]
        chest.artifacts = str(item.get("artifacts", "")).lower()
        chest.on = str(item["on"]) if item.get("on") else None  # ED-SCORE-2, ED-SCORE-3
    player.chests_placed = True
    return state


def check_flick(state: EDState, event: Event) -> list[Finding]:
    """ED-SCORE-15: only players still tied after the smallest-Lair tiebreak flick."""
    found = _game_over_or_closable(state)
    if found:
        return found
    from .scoring import score_table, tied_after_lair, lair_size

    table = score_table(state, "eight-dragons")
    sizes = {name: lair_size(state.players[name].lair, str(state.settings.get("score.lair_size", "all_tiles")))
             for name in state.order}
    tied = tied_after_lair(table.rows, sizes)
    if len(tied) < 2:  # ED-SCORE-15
        return [error("ED-SCORE-15", f"no coin flick is needed: {tied[0]} wins outright")]
    if event.player not in tied:
        return [error("ED-SCORE-15", f"only the tied players flick: {', '.join(tied)}")]
    if state.flick_winner:
        return [error("ED-SCORE-15", f"the flick was already recorded ({state.flick_winner} won)")]
    return []


def apply_flick(state: EDState, event: Event) -> EDState:
    """Record the flick's winner."""
    if not state.over:
        close_turn(state)
    state.flick_winner = event.player
    return state


def check_gold(state: EDState, event: Event) -> list[Finding]:
    """ED-GOLD-1: a manual correction is flagged and may not make Gold negative."""
    player = state.players.get(str(event.player))
    if player is None:
        return [block("ED-GOLD-1", "say whose Gold is corrected (-p PLAYER)")]
    amount = event.get("amount")
    if not isinstance(amount, int) or amount == 0:
        return [block("ED-GOLD-1", "give a non-zero whole amount, e.g. +2 or -1")]
    if player.gold + amount < 0:  # ED-GOLD-1: never negative
        return [error("ED-GOLD-1", f"{player.name} holds {player.gold} Gold; Gold can never go negative")]
    return [warning("ED-GOLD-1", f"manual Gold correction {amount:+d} for {player.name}: {event.get('reason') or 'no reason given'}")]


def apply_gold(state: EDState, event: Event) -> EDState:
    """Apply the correction."""
    state.gain(str(event.player), int(event.get("amount")), f"correction: {event.get('reason') or 'no reason'}", event.seq)
    return state
