"""What ``import --from bgstats`` says it did: the sessions written per game, the plays passed over and why."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.app.bgstats_import import Outcome


def import_summary(done: "Outcome", into: str) -> str:
    """A line for what was imported (per game), one for each kind of play passed over, then each bad play skipped."""
    from scorekeeper.games import entry

    counts = sorted(done.per_game().items(), key=lambda item: entry(item[0]).title)
    made = ", ".join(f"{entry(game).title} {n}" for game, n in counts)
    lines = [f"imported {len(done.written)} play(s) from BG Stats into {into}" + (f" ({made})" if made else "")]
    if done.already:
        lines.append(f"already here: {len(done.already)} play(s) (imported before, or recorded here and exported)")
    if done.others:
        lines.append(f"passed over: {done.others} play(s) of other games")
    if done.ignored:
        lines.append(f"passed over: {done.ignored} play(s) BG Stats marks as ignored")
    if done.skipped:
        lines += [f"skipped {len(done.skipped)} bad play(s):"] + [f"  {bad.line()}" for bad in done.skipped]
    return "\n".join(lines)
