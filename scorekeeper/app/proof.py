"""What ``verify`` proves about a session: its hash chain, the history a what-if branch shares with its parent,
and what this machine's witness (or a head hash noted elsewhere) says of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scorekeeper.core.journal import ChainProblem, verify_chain
from scorekeeper.app.session import Session

if TYPE_CHECKING:
    from _typeshed import StrPath


@dataclass
class Proof:
    """The three checks of one session (as JSON here; as text: ``scorekeeper.render.verdicts.proof_lines``)."""

    session: Session
    problem: ChainProblem | None
    shared: Any  # whatif.SharedHistory, or None unless the session is a branch
    seen: Any  # witness.Seen
    #: core events (corrections, notes, assertions, settings) whose payload has the wrong shape, not voided:
    #: ``(seq, what is wrong)``; the chain may be intact, yet replay cannot read them (``check`` flags them)
    unreadable: list[tuple[int, str]] = field(default_factory=list)
    links: int = 1  # the names the file has (hard links): a write replaces it under one name only

    @property
    def notices(self) -> list[str]:
        """What ``verify`` adds that is no finding: a file of several names (field report TRUST-9)."""
        if self.links < 2:
            return []
        return [f"links: this file has {self.links} names (hard links); a write replaces it under the name used, "
                "and the other names keep the history as it was (copy the file instead of linking it)"]

    @property
    def ok(self) -> bool:
        return self.problem is None and (self.shared is None or self.shared.ok) and self.seen.ok

    def to_json(self) -> dict[str, Any]:
        journal, problem = self.session.journal, self.problem
        return {"intact": problem is None, "events": len(journal.records),
                "head": journal.head_hash if problem is None else None,
                "first_bad_seq": problem.seq if problem else None,
                "problem": problem.message if problem else None,
                **({"parent": self.shared.to_json()} if self.shared else {}), "witness": self.seen.to_json(),
                **({"unreadable": [{"seq": seq, "problem": what} for seq, what in self.unreadable]}
                   if self.unreadable else {}),
                **({"links": self.links} if self.links > 1 else {})}


def prove(s: Session, home: StrPath | None, head: str | None = None) -> Proof:
    """Check ``s``'s chain, its shared history when it is a branch, and the witness kept in ``home`` (None: a
    reader that keeps no witness; it says so)."""
    from scorekeeper.app.whatif import shared_history
    from scorekeeper.core.witness import Comparison, check

    records = s.journal.records
    problem = verify_chain(s.journal.meta, records)
    seen = (check(home, s.path, s.journal.meta, records, head) if home is not None
            else Comparison(-1, len(records), lines=["witness: not kept by this reader"]))
    if home is not None and s.path is not None:
        seen = _as_written(seen, home, s.path)
    return Proof(s, problem, shared_history(s), _beside_the_chain(seen, problem), unreadable(s.journal.events()),
                 _names(s.path))


def _as_written(seen: Any, home: StrPath, path: StrPath) -> Any:
    """The witness's "unchanged" counts the events this machine wrote, not the highest it wrote: a machine that
    added one note to a session of 335 events (or whose file was swapped for such a one) wrote 1, not 336
    (field report TRUST-9)."""
    from scorekeeper.core.witness import read_log

    if not seen.ok or seen.witnessed < 1:
        return seen
    written = sorted({seq for seq, _ in read_log(home, path) if seq > 0})
    if len(written) >= seen.witnessed:
        return seen
    span = f"#{written[0]}" + (f" to #{written[-1]}" if len(written) > 1 else "") if written else "none"
    seen.message = (f"this machine wrote {len(written)} of the file's {seen.held} event(s) ({span}), and the file "
                    "holds them unchanged; the others were not written on this machine")
    seen.lines = [f"witness: {seen.message}", *seen.lines[1:]]
    return seen


def _names(path: StrPath | None) -> int:
    """How many names (hard links) the file at ``path`` has (1 for a session in memory or a file gone)."""
    import os

    try:
        return os.stat(path).st_nlink if path is not None else 1
    except OSError:
        return 1


def _beside_the_chain(seen: Any, problem: ChainProblem | None) -> Any:
    """The witness's word as it reads after the chain's: the witness compares the hashes the file's events bear,
    so after a break in the chain at an event it wrote, "unchanged" would contradict the line above it (an
    event's content edited, its hash left as it was). It says what it saw instead (field report TRUST-9)."""
    if problem is None or not seen.ok or seen.witnessed < problem.seq:
        return seen
    seen.message = (f"the hashes of the {seen.witnessed} event(s) this machine wrote are in the file, but "
                    f"#{problem.seq} no longer matches its hash: its content was changed after it was written")
    seen.lines = [f"witness: {seen.message}", *seen.lines[1:]]  # the line of --head stays
    return seen


def unreadable(events: list[Any]) -> list[tuple[int, str]]:
    """The core events whose payload has the wrong shape (``events.payload_problem``) and no void in force."""
    from scorekeeper.core.engine import resolve_corrections
    from scorekeeper.core.events import payload_problem

    found = [(e.seq, shape) for e in events if (shape := payload_problem(e.type, e.payload))]
    if not found:
        return []
    voided = resolve_corrections(events).voided_by
    return [(seq, shape) for seq, shape in found if seq not in voided]
