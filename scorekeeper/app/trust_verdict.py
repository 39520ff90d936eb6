"""One trust verdict of a session, what ``verify`` would say of it, read by every front door: the league
(``standings``, ``sessions``), the report's proof section, every ``serve`` page (a banner) and every ``/api/…``
payload (a ``trust`` field).

It is not a second verifier: it words what ``Trust.known_edit`` finds (the first break in the hash chain not
accepted by a recorded note, else this machine's witness finding an event missing or changed, else an accepted
break), and adds how many forced plays the game carried out (they count in the table, flagged in ``check``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from scorekeeper.app.trust import Trust

#: the three verdicts: nothing found; an edit a recorded note accepted; an edit no note accepted
INTACT, ACCEPTED, TAMPERED = "intact", "accepted", "tampered"


@dataclass(frozen=True)
class TrustVerdict:
    """What ``verify`` says of a session: ``status`` (``INTACT``, ``ACCEPTED``, ``TAMPERED``), its finding and
    the first event it concerns, the note that accepted it, and the forced plays counted in the table."""

    status: str = INTACT
    message: str = ""
    seq: int | None = None
    accepted_at: int | None = None
    forced: int = 0

    @property
    def ok(self) -> bool:
        """Whether ``verify`` passes the history as it stands (an accepted edit passes: the table accepted it)."""
        return self.status != TAMPERED

    def line(self) -> str:
        """The verdict in one line (the same words as the reading commands' warning)."""
        if self.status == TAMPERED:
            return f"this session fails verify: {self.message} (see 'scorekeeper verify')"
        if self.status == ACCEPTED:
            return f"this session's history was edited: {self.message} (accepted at #{self.accepted_at})"
        return "verify: intact"

    def reason(self) -> str:
        """What ``verify`` found, and the note that accepted it (beside a path in a list of sessions)."""
        return self.message + (f" (accepted at #{self.accepted_at})" if self.status == ACCEPTED else "")

    def forced_line(self) -> str:
        """How many forced plays count in the table, or "" when none do."""
        return (f"{self.forced} forced play(s) carried out as the table played them count in the table "
                "(see 'scorekeeper check')") if self.forced else ""

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "ok": self.ok, "message": self.message or None, "first_bad_seq": self.seq,
                "accepted_at": self.accepted_at, "forced": self.forced}

    @classmethod
    def from_json(cls, data: Any) -> "TrustVerdict":
        """The verdict ``to_json`` wrote (``ValueError`` or ``KeyError`` or ``TypeError`` for anything else)."""
        status = str(data["status"])
        if status not in (INTACT, ACCEPTED, TAMPERED):
            raise ValueError(f"unknown trust status {status!r}")
        seq, accepted = data["first_bad_seq"], data["accepted_at"]
        return cls(status, str(data["message"] or ""), None if seq is None else int(seq),
                   None if accepted is None else int(accepted), int(data["forced"]))


def verdict_of(session: "Trust", forced: int = 0) -> TrustVerdict:
    """The verdict of an opened session (``forced``: the forced plays its replay counted)."""
    edit = session.known_edit()
    if edit is None:
        return TrustVerdict(forced=forced)
    return TrustVerdict(ACCEPTED if edit.accepted_at is not None else TAMPERED, edit.message, edit.seq,
                        edit.accepted_at, forced)


def with_trust(payload: Any, verdict: TrustVerdict) -> Any:
    """A JSON payload with the verdict beside it: a ``trust`` field in an object; a list stays as the CLI's
    ``--json`` prints it (the verdict then travels in a header: ``TRUST_HEADER``)."""
    return {**payload, "trust": verdict.to_json()} if isinstance(payload, dict) else payload


#: the response header of every ``/api/…`` answer of ``serve``: the verdict's status
TRUST_HEADER = "X-Scorekeeper-Trust"
