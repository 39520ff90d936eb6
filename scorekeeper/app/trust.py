"""Whether a session's history can be trusted: whatever ``verify`` would say of it — the first break in its
hash chain, or this machine's witness (``scorekeeper.core.witness``) finding an event missing or changed —
whether a recorded note accepted it, the one-line warning every reading command prints, and the refusal of
every writer until the table records its acceptance (``verify --accept-broken-chain``).

An acceptance covers exactly what it saw: the note records the hash of the event it follows and every break
in the chain before it (``journal.accepted_at``), and the witness is started again from the file as accepted
(``accept_known_edit``), so an edit made after it is caught again and never called accepted.
(``scorekeeper.app.proof`` adds a branch's shared history for ``verify``.)"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from scorekeeper.app.session_core import SessionCore
from scorekeeper.core import witness
from scorekeeper.core.journal import ChainProblem
from scorekeeper.errors import Refused

if TYPE_CHECKING:
    from _typeshed import StrPath


#: the key of a note that carries an accepted edit into a copy (a branch): a copy of the copy carries it on
CARRIED = "carried_edit"


@dataclass(frozen=True)
class KnownEdit:
    """What ``verify`` says is wrong with the history, and the seq of the note that accepted it (or None)."""

    message: str
    seq: int  # the first event it concerns
    accepted_at: int | None = None


class Trust(SessionCore):
    """The checks of a session's history (see the module's docstring)."""

    _witnessed: tuple[str, int, witness.Comparison | None] | None = None

    @property
    def chain_problem(self) -> ChainProblem | None:
        """The first break in the journal's hash chain (``verify``), or None; checked once per head."""
        return self.journal.chain_problem()

    def chain_accepted_at(self) -> int | None:
        """The seq of the note that accepted the chain's breaks, when one accepted exactly these."""
        from scorekeeper.core.journal import accepted_at

        return accepted_at(self.journal.meta, self.journal.records) if self.chain_problem else None

    @property
    def witness_folder(self) -> StrPath | None:
        """Where this machine's witness is kept: the folder of the session's write hook, when it keeps one."""
        return self.on_write.folder if isinstance(self.on_write, witness.Witness) else None

    def witness_finding(self) -> witness.Comparison | None:
        """The witness's finding when it names an event missing or changed, else None (checked once per head;
        at once when the file ends with the very head this machine last wrote and its chain is intact)."""
        folder, path = self.witness_folder, self.path
        if folder is None or path is None:
            return None
        head, count = self.journal.head_hash, self.journal.count
        if self._witnessed is None or self._witnessed[:2] != (head, count):
            found: witness.Comparison | None = None
            if witness.last_write(folder, path) != (count, head) or self.chain_problem is not None:
                from scorekeeper.core.journal import meta_hash

                compared = witness.compare(folder, path, meta_hash(self.journal.meta), self.journal.records)
                found = None if compared.ok else compared
            self._witnessed = (head, count, found)
        return self._witnessed[2]

    def known_edit(self) -> KnownEdit | None:
        """What ``verify`` finds wrong and no acceptance covers; else an accepted break; else None."""
        problem = self.chain_problem
        accepted = self.chain_accepted_at() if problem else None
        if problem is not None and accepted is None:
            return KnownEdit(problem.message, problem.seq)
        seen = self.witness_finding()
        if seen is not None:
            return KnownEdit(seen.message, seen.first_bad or 0)
        return KnownEdit(problem.message, problem.seq, accepted) if problem is not None else None

    def chain_warning(self, writing: bool = False) -> str | None:
        """One line for reading commands when ``verify`` finds the history edited (accepted or not), else None;
        for a ``writing`` command only an accepted edit (one not accepted refuses the write, in one line)."""
        edit = self.known_edit()
        if edit is None or (writing and edit.accepted_at is None):
            return None
        tail = f"accepted at #{edit.accepted_at}" if edit.accepted_at else "see 'scorekeeper verify'"
        return f"this journal fails verify: {edit.message} ({tail})"

    def refuse_broken_chain(self) -> None:
        """``Refused`` when ``verify`` finds the history edited and no recorded note accepted it."""
        edit = self.known_edit()
        if edit is not None and edit.accepted_at is None:
            raise Refused(f"refused: this journal fails verify ({edit.message}), so nothing was recorded; "
                          "see 'scorekeeper verify', then 'scorekeeper verify --accept-broken-chain' to record on")

    @property
    def identity(self) -> str:
        """Which session this is, whatever it holds later: its metadata's hash (a new session has another)."""
        from scorekeeper.core.journal import meta_hash

        return meta_hash(self.journal.meta)

    def replaced_since(self, identity: str, doing: str = "nothing was done") -> str | None:
        """When the file, read again, holds another session than the one of ``identity`` (another game copied or
        moved over it): the line saying so, else None. A front door holding a session open (``serve``, ``play``)
        refuses everything then, and never writes into the other game."""
        held = self.journal.meta
        if self.identity == identity:
            return None
        name = os.path.basename(self.path) if self.path is not None else "the file"
        return (f"{name} now holds another session ({held.game}, players {', '.join(held.players)}), not the "
                f"one opened here: {doing}; open the file again")

    def carried_edit(self, copy: str) -> str | None:
        """Before a copy of this history is written elsewhere (``copy``: "a what-if", "a tally export"): ``Refused``
        when ``verify`` finds the history edited and no recorded note accepted it (a copy would launder the edit:
        its own chain and witness are new); when notes accepted edits (``verify --accept-broken-chain``), the line
        the copy carries along, naming them; else None."""
        from scorekeeper.core.events import NOTE
        from scorekeeper.core.journal import ACCEPTS_BREAK

        edit = self.known_edit()
        if edit is not None and edit.accepted_at is None:
            raise Refused(f"the session's history was edited (#{edit.seq}: {edit.message}); {copy} must start from "
                          "an intact one: see 'scorekeeper verify' (or accept the history as it stands with "
                          "'scorekeeper verify --accept-broken-chain', and the copy says so)")
        # an acceptance is a note of the history (its witness then starts again): every one recorded goes along
        accepted = [f"#{e.seq} {e.get('text')}" for e in self.journal.events()
                    if e.type == NOTE and (ACCEPTS_BREAK in e.payload or CARRIED in e.payload)]
        if not accepted:
            return None
        name = os.path.basename(self.path) if self.path is not None else "the session"
        return f"copied from {name}, whose history verify rejects as recorded: " + "; ".join(accepted)

    def acceptance(self) -> dict[str, Any] | None:
        """The payload that accepts exactly what ``verify`` finds now (see the module's docstring), or None."""
        from scorekeeper.core.journal import (
            ACCEPTED_BREAKS, ACCEPTED_HEAD, ACCEPTS_BREAK, chain_breaks, meta_hash,
        )

        edit = self.known_edit()
        if edit is None:
            return None
        records = self.journal.records
        head = str(records[-1].get("hash", "")) if records else meta_hash(self.journal.meta)
        breaks = chain_breaks(self.journal.meta, records)
        what = "the broken hash chain" if breaks else "the history as it stands"
        return {"text": f"accepted {what}: {edit.message}", ACCEPTS_BREAK: edit.seq, ACCEPTED_HEAD: head,
                ACCEPTED_BREAKS: breaks}

    def witness_from_here(self) -> None:
        """Start this machine's witness again from the file as it now is (after a recorded acceptance)."""
        from scorekeeper.core.journal import meta_hash

        if self.on_write is not None and self.path is not None:
            hashes = [meta_hash(self.journal.meta), *(str(r.get("hash", "")) for r in self.journal.records)]
            self.on_write(self.path, self.journal.count, self.journal.head_hash, hashes, True)
