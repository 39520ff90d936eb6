"""What ``verify`` proves about a session: its hash chain, the history a what-if branch shares with its parent,
and what this machine's witness (or a head hash noted elsewhere) says of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.core.journal import ChainProblem, verify_chain
from scorekeeper.app.session import Session


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
                   if self.unreadable else {})}


def prove(s: Session, home: Path, head: str | None = None) -> Proof:
    """Check ``s``'s chain, its shared history when it is a branch, and the witness kept in ``home``."""
    from scorekeeper.app.whatif import shared_history
    from scorekeeper.core.witness import check

    problem = verify_chain(s.journal.meta, s.journal.records)
    return Proof(s, problem, shared_history(s), check(home, s.path, s.journal.meta, s.journal.records, head),
                 unreadable(s.journal.events()))


def unreadable(events: list[Any]) -> list[tuple[int, str]]:
    """The core events whose payload has the wrong shape (``events.payload_problem``) and no void in force."""
    from scorekeeper.core.engine import resolve_corrections
    from scorekeeper.core.events import payload_problem

    found = [(e.seq, shape) for e in events if (shape := payload_problem(e.type, e.payload))]
    if not found:
        return []
    voided = resolve_corrections(events).voided_by
    return [(seq, shape) for seq, shape in found if seq not in voided]
