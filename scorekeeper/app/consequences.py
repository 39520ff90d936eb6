"""What a ruling does to the rest of the game: the later plays a ``void`` or an ``amend`` makes illegal, and the
ones it makes legal again.

A correction changes the past, so every play after it is judged again. ``ruling_effects`` compares the replay
without the correction with the replay with it; the verdict of the correction, its refusal and ``audit`` of it
show the result in the same words (``#30 now breaks FC-TURN-2: …``: ``scorekeeper.render.verdicts``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.core.protocol import ERROR, Violation


@dataclass
class Effects:
    """The later plays a ruling breaks (their first new error each) and the ones it makes legal again."""

    broken: list[Violation] = field(default_factory=list)
    settled: list[int] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.broken or self.settled)

    def to_json(self) -> dict[str, Any]:
        return {"broken": [v.to_json() for v in self.broken], "settled": list(self.settled)}


def ruling_effects(without: Any, with_: Any, ruling: int) -> Effects:
    """Compare two replays (``engine.Replay``) of the same journal, without and with the correction ``ruling``."""
    def errors_by_seq(replayed: Any) -> dict[int, list[Violation]]:
        found: dict[int, list[Violation]] = {}
        for outcome in replayed.timeline:
            if outcome.seq == ruling or outcome.status == "voided":
                continue
            errors = [v for v in outcome.violations if v.severity == ERROR]
            if errors:
                found[outcome.seq] = errors
        return found

    voided_now = {o.seq for o in with_.timeline if o.status == "voided"}
    before, after = errors_by_seq(without), errors_by_seq(with_)
    broken = [errors[0] for seq, errors in after.items() if seq not in before]  # legal before, illegal now
    settled = [seq for seq in before if seq not in after and seq not in voided_now]
    return Effects(sorted(broken, key=lambda v: v.seq), sorted(settled))

