"""Whether a session's history can be trusted: the first break in its hash chain, whether a recorded note
accepted that break, the warning reading commands print, and the refusal to record on an unaccepted break.
(``scorekeeper.app.proof`` adds the witness and a branch's shared history for ``verify``.)"""

from __future__ import annotations

from scorekeeper.app.session_core import SessionCore
from scorekeeper.core.journal import ChainProblem
from scorekeeper.errors import Refused


class Trust(SessionCore):
    """The hash-chain checks of a session (see the module's docstring)."""

    @property
    def chain_problem(self) -> ChainProblem | None:
        """The first break in the journal's hash chain (``verify``), or None; checked once per head."""
        return self.journal.chain_problem()

    def chain_accepted_at(self) -> int | None:
        """The seq of the note that accepted the chain's break, when one does (the chain after it intact)."""
        from scorekeeper.core.journal import accepted_at

        problem = self.chain_problem
        return accepted_at(self.journal.records, problem) if problem else None

    def chain_warning(self) -> str | None:
        """One line for reading commands when the chain is broken (accepted or not), else None."""
        problem = self.chain_problem
        if problem is None:
            return None
        accepted = self.chain_accepted_at()
        tail = f"accepted at #{accepted}" if accepted else "see 'scorekeeper verify'"
        return f"this journal fails verify: {problem.message} ({tail})"

    def refuse_broken_chain(self) -> None:
        """``Refused`` when the chain is broken and no recorded note accepted the break."""
        problem = self.chain_problem
        if problem is not None and self.chain_accepted_at() is None:
            raise Refused(f"refused: this journal fails verify ({problem.message}), so nothing was recorded; "
                          "see 'scorekeeper verify', then 'scorekeeper verify --accept-broken-chain' to record on")
