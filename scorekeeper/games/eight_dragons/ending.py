"""The end of the game in words (field reports FC-V1, ED-V1): each Bonfire's count, the end triggered and the
final round that follows, and each remaining turn of the final round, for the verdict, ``next:``, the prompt
and ``status``."""

from __future__ import annotations

from .context import still_to_activate
from .state import EDState


def names(players: list[str]) -> str:
    """``Mara``, ``Mara and Jonas``, ``Mara, Jonas and Pia``."""
    return players[0] if len(players) == 1 else f"{', '.join(players[:-1])} and {players[-1]}"


def in_final_round(state: EDState, turn: int) -> bool:
    """Whether turn index ``turn`` is a turn of the final round (ED-END-3)."""
    last = state.last_turn
    return last is not None and last - state.n < turn <= last


def coming_turn(state: EDState) -> int:
    """The turn in progress, or between turns (and once a turn has nothing left to do but the next flight) the
    one the next flight begins."""
    if state.turn < 0 or state.closed:
        return state.turn + 1
    done = not still_to_activate(state) and not any(p.pending for p in state.players.values())
    last = state.last_turn
    return state.turn + 1 if done and (last is None or state.turn < last) else state.turn


def final_turns_left(state: EDState) -> list[str]:
    """Who still plays in the final round, the turn in progress (or the next flight's) first; empty outside it."""
    turn, last = coming_turn(state), state.last_turn
    if state.over or last is None or not in_final_round(state, turn):
        return []
    return [state.order[t % state.n] for t in range(turn, last + 1)]


def final_round_words(state: EDState) -> str:
    """``final round: Mara's final turn, then Jonas and Pia`` / ``final round: Pia's turn, the last``; '' outside
    the final round."""
    left = final_turns_left(state)
    if not left:
        return ""
    then = f", then {names(left[1:])}" if left[1:] else ", the last of the game"
    return f"final round: {left[0]}'s final turn{then}"


def end_words(before: EDState, after: EDState) -> list[str]:
    """ED-END-1, ED-END-3: what a play did to the end: a Bonfire revealed, with the count (the one that triggers
    the end says what follows); the first flight of the final round, and each one after it, says whose final turn
    it is and who follows."""
    said = []
    threshold = int(after.settings.get("bonfires", 4))
    count = len(after.bonfires)
    if count > len(before.bonfires):
        if before.end_trigger_turn is None and after.end_trigger_turn is not None:
            last = after.order[-1]
            said.append(f"Bonfire {count}/{threshold}: the end of the game is triggered; this round ends with "
                        f"{last}'s turn, then the final round: {names(list(after.order))} fly once more")
        elif count < threshold:
            said.append(f"Bonfire {count}/{threshold}: the {_nth(threshold)} Bonfire triggers the end")
        else:
            said.append(f"Bonfire {count}: the end was already triggered; later Bonfires change nothing")
    if after.turn != before.turn and in_final_round(after, after.turn) and not after.over:
        words = final_round_words(after)
        said.append(words[:1].upper() + words[1:])
    return said


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
