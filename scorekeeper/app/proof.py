"""What ``verify`` proves about a session: its hash chain, the history a what-if branch shares with its parent,
and what this machine's witness (or a head hash noted elsewhere) says of it."""

from __future__ import annotations

from dataclasses import dataclass
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

    @property
    def ok(self) -> bool:
        return self.problem is None and (self.shared is None or self.shared.ok) and self.seen.ok

    def to_json(self) -> dict[str, Any]:
        journal, problem = self.session.journal, self.problem
        return {"intact": problem is None, "events": len(journal.records),
                "head": journal.head_hash if problem is None else None,
                "first_bad_seq": problem.seq if problem else None,
                "problem": problem.message if problem else None,
                **({"parent": self.shared.to_json()} if self.shared else {}), "witness": self.seen.to_json()}


def prove(s: Session, home: Path, head: str | None = None) -> Proof:
    """Check ``s``'s chain, its shared history when it is a branch, and the witness kept in ``home``."""
    from scorekeeper.app.whatif import shared_history
    from scorekeeper.core.witness import check

    problem = verify_chain(s.journal.meta, s.journal.records)
    return Proof(s, problem, shared_history(s), check(home, s.path, s.journal.meta, s.journal.records, head))
