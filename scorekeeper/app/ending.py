"""The end of the game, said by the play that brings it (field report FC-V1): the game's own words for the end
triggered and the final round (``Game.end_words``), then, for every game, the game over and its winner."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.protocol import Expectation, Game, ScoreTable


def end_lines(game: Game, before: Any, after: Any, expectation: Expectation | None) -> list[str]:
    """The lines a carried-out play adds to its verdict about the end of the game (``expectation``: what the game
    expects after it): the game's ``end_words``; then, on the play that ends the game, that it is over and who
    wins (or leads, while plays remain that change the score: chests, Moon dragons); on the last of those plays,
    the final score's winner. Never an error: a verdict is never stopped by them."""
    try:
        said = list(game.end_words(before, after))
        if expectation is None or not expectation.finished:
            return said
        over = not game.expect(before).finished
        earlier = None if over else game.expect(before)
    except Exception:  # a verdict's end line must never stop a command
        return []
    try:
        table: ScoreTable | None = game.score(after)
    except Exception:  # a value the final score needs is still to be given: next: says which
        table = None
    pending = table is None or bool(expectation.choices) or not _final(table)
    if over:
        return [*said, "the game is over: " + (winner_words(table, pending) if table is not None else
                                               "the winner is named once the plays next: names are recorded")]
    if table is not None and not pending and earlier is not None and earlier.choices:
        return [*said, "final score: " + winner_words(table, pending)]
    return said


def _final(table: ScoreTable) -> bool:
    return table.final and table.missing is None


def winner_words(table: ScoreTable, pending: bool = False) -> str:
    """``Mara wins with 90 (Pia 63, Jonas 46)``; a shared win: ``Mara and Pia share the win with 63``; while plays
    that change the score remain (``pending``), who leads before them."""
    rows = sorted(table.rows, key=lambda r: (r.rank, -r.total))
    winners = [r for r in rows if r.player in table.winners] or rows[:1]
    others = ", ".join(f"{r.player} {r.total}" for r in rows if r not in winners)
    rest = f" ({others})" if others else ""
    names = " and ".join(r.player for r in winners)
    if pending:
        lead = "lead" if len(winners) > 1 else "leads"
        return f"{names} {lead} with {winners[0].total}{rest}, before the plays next: names"
    verb = "share the win" if len(winners) > 1 else "wins"
    tiebreak = f"; {table.tiebreak}" if table.tiebreak else ""
    return f"{names} {verb} with {winners[0].total}{rest}{tiebreak}"
