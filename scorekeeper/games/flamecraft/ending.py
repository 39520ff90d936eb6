"""The end of the game in words (field reports FC-V1, FC-F1): the end triggered and the final turns that follow,
each final turn begun, and the round, for the verdict, ``next:`` and ``status``."""

from __future__ import annotations

from .state import FlameState


def round_of(state: FlameState, number: int) -> int:
    """The round that player turn ``number`` (1-based, counted across players) belongs to (field report FC-F1)."""
    return (number - 1) // max(len(state.order), 1) + 1


def final_turns(state: FlameState) -> list[str]:
    """Who still plays a final turn, the turn in progress first (FC-END-3, FC-END-4); empty before the end is
    triggered and once the game is over. During the triggering turn: the final turns that will follow it."""
    if state.finished or state.end_trigger is None:
        return []
    if state.final_queue is not None:
        return list(state.final_queue)
    turn = state.turn
    if turn is None:
        return list(state.order)
    index = state.order.index(turn.player)
    rotated = state.order[index + 1:] + state.order[:index + 1]
    return rotated[:-1] if state.settings.get("final_round") == "finish_round" else rotated


def final_words(state: FlameState) -> str:
    """``(final turn; then Mia, Raf)``, ``(final turn, the last of the game)``; '' outside a final turn."""
    turn = state.turn
    if turn is None or not turn.final:
        return ""
    rest = [n for n in final_turns(state) if n != turn.player]
    return f" (final turn; then {', '.join(rest)})" if rest else " (final turn, the last of the game)"


def end_words(before: FlameState, after: FlameState) -> list[str]:
    """FC-END-1, FC-END-3, FC-END-4: the play that triggers the end says so and who plays a final turn after this
    one; the end of the triggering turn, and of each final turn, says whose final turn comes and who follows."""
    said = []
    if before.end_trigger is None and after.end_trigger is not None:
        who = after.end_trigger.get("player")
        left = final_turns(after)
        going_on = after.turn is not None and after.turn.player == who and not after.turn.final
        then = f"{who} finishes this turn, then " if going_on else ""
        said.append(f"the end of the game is triggered (FC-END-1): {then}final turns for "
                    f"{', '.join(left)} ({left[-1]} last)" if left else
                    "the end of the game is triggered (FC-END-1): no final turns follow")
    turn, was = after.turn, before.turn
    if turn is not None and turn.final and (was is None or was.number != turn.number):
        said.append(f"{turn.player}'s final turn" + final_words(after).removeprefix(" (final turn").rstrip(")"))
    return said
