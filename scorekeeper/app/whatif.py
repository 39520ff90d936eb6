"""What-if rulings: a branch of a session to try another ruling in, the proof of what it shares with its
parent, and the comparison of two sessions.

A *branch* is a new session file holding a copy of another session's journal (all of it, or the events
before N), chained afresh from its own metadata. Its metadata records its parent (``SessionMeta.parent``):

* ``path`` — the parent's file, relative to the branch's folder (absolute when that cannot be; a session
  kept in memory is ``memory:NAME``);
* ``head`` — the parent's chain hash after the last shared event (its metadata hash when none is shared);
* ``events`` — how many events the branch shares with the parent (K: events 1 to K);
* ``at`` — the ``--at N`` asked for, or None for the whole journal.

Because the branch is chained from its own metadata, its chain hashes differ from the parent's. The shared
history is proved in two steps (``shared_history``): the parent's chain is intact up to event K and ends
in the recorded ``head`` (so the parent is the history the branch was made from, unedited since), and the
branch's first K event documents (seq, type, player, payload, time, ``--force``) equal the parent's, as do
the game, players, settings and catalog of the two metadata. The branch's own chain covers its ``parent``
field, so the link itself cannot be edited unnoticed either.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from scorekeeper.errors import BadInput, Refused
from scorekeeper.core.events import NOTE, Event
from scorekeeper.core.protocol import ScoreTable
from scorekeeper.core.journal import Journal, JournalError, MemoryJournal, SessionMeta, meta_hash, now_iso, verify_chain
from scorekeeper.app.session import Session
from scorekeeper.app.workspace import Workspace, is_memory

#: the metadata fields a branch must share with its parent (everything that decides a replay)
SHARED_META = ("schema", "game", "players", "settings", "setting_sources", "catalog")
#: the fields of an event document that are not its content (the chain, which differs in a branch)
CHAIN_FIELDS = ("hash", "prev_hash")


def display(path: str | Path | None) -> str:
    """A path as shown to a person: relative to the working folder when it lies below it, else as it is."""
    if path is None:
        return "(memory)"
    text = str(path)
    if is_memory(text) or not os.path.isabs(text):
        return text
    try:
        relative = os.path.relpath(text)
    except ValueError:  # another drive
        return text
    return text if relative.startswith("..") else relative


# -- the parent link ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ParentLink:
    """A branch's parent, as its metadata records it (see the module's docstring)."""

    path: str
    head: str
    events: int
    at: int | None = None

    def to_record(self) -> dict[str, Any]:
        return {"path": self.path, "head": self.head, "events": self.events, "at": self.at}

    @classmethod
    def of(cls, meta: SessionMeta) -> "ParentLink | None":
        """The link in ``meta``, or None when the session is not a branch (or the link is unreadable)."""
        record = meta.parent
        if record is None:
            return None
        try:
            at = record.get("at")
            return cls(str(record["path"]), str(record["head"]), int(record["events"]), None if at is None else int(at))
        except (KeyError, TypeError, ValueError):
            return cls(str(record.get("path", "")), "", -1)

    def forked(self) -> str:
        """Where the branch left the parent, in words."""
        return f"forked after #{self.events}" if self.events > 0 else "forked before #1"

    def resolve(self, branch_path: str | None) -> str:
        """The parent's path: a relative one is taken from the branch's folder."""
        if is_memory(self.path) or os.path.isabs(self.path) or branch_path is None:
            return self.path
        return os.path.normpath(os.path.join(os.path.dirname(branch_path), self.path))


def memory_name(session: Session) -> str | None:
    """The ``memory:NAME`` a session kept in memory was registered under, if any."""
    return session.workspace.name_of(session.journal)


def _link_path(parent: Session, target: str | Path) -> str:
    """How the branch at ``target`` records where its parent is."""
    if parent.path is None:
        name = memory_name(parent)
        if name is None:
            raise BadInput("this session lives in memory without a name; it cannot be a branch's parent")
        return name
    if is_memory(target):
        return str(parent.path)
    folder = Path(os.path.realpath(target)).parent
    try:
        return os.path.relpath(parent.path, folder)
    except ValueError:  # another drive
        return str(parent.path)


# -- branching ---------------------------------------------------------------------------------------


@dataclass
class Branch:
    """A branch just written: the new session, its link, and the parent's event count."""

    session: Session
    link: ParentLink
    parent_path: str
    parent_events: int
    target: str

    def to_json(self) -> dict[str, Any]:
        return {"session": str(self.target), "parent": self.link.to_record(), "parent_events": self.parent_events,
                "events": self.link.events, "hash": self.session.journal.head_hash}


def branch(parent: Session, target: str | Path, at: int | None = None) -> Branch:
    """Write a what-if copy of ``parent`` at ``target``: its events before ``at`` (all of them without it).

    Refused when the parent's own hash chain is broken (a what-if must start from a proved history);
    nothing is written on an error, and ``parent`` is left as it is.
    """
    if str(target) in parent.workspace.memory or not is_memory(target) and os.path.lexists(target):
        raise BadInput(f"{target}: a file already exists there; choose another name for the branch")
    records = parent.journal.records
    count = len(records)
    if at is not None and not 1 <= at <= count + 1:
        raise BadInput(f"--at {at}: the journal has events 1 to {count} (--at N keeps the events before N)")
    shared = count if at is None else at - 1
    from scorekeeper.app.trust import CARRIED

    carried = parent.carried_edit("a what-if")  # the chain and this machine's witness, as verify checks them
    head = str(records[shared - 1]["hash"]) if shared else meta_hash(parent.journal.meta)
    link = ParentLink(_link_path(parent, target), head, shared, at)
    meta = replace(parent.journal.meta, created=now_iso(), parent=link.to_record())
    events = parent.events[:shared]
    if carried is not None:  # an accepted edit: the branch says so, after the history it shares
        events.append(Event(shared + 1, NOTE, None, {"text": carried, CARRIED: True}, now_iso()))
    made = Session.from_meta(target, meta, events, workspace=parent.workspace)
    return Branch(made, link, str(parent.path) if parent.path else link.path, count, str(target))


# -- the shared history ------------------------------------------------------------------------------


@dataclass
class SharedHistory:
    """What ``verify`` proves about a branch's shared history: ``checked`` is False when the parent is not at
    hand; ``problem`` says what does not match (None when all of it does)."""

    link: ParentLink
    parent: str
    checked: bool
    problem: str | None = None
    reason: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    def to_json(self) -> dict[str, Any]:
        return {**self.link.to_record(), "resolved": self.parent, "checked": self.checked, "intact": self.ok,
                "problem": self.problem, "reason": self.reason}


def _content(record: Mapping[str, Any]) -> dict[str, Any]:
    """An event document without its chain, as the branch copied it (an ``Event``'s fields)."""
    try:
        return Event.from_record(record).to_record()
    except (KeyError, TypeError, ValueError):  # a damaged document: compared as it is
        return {k: v for k, v in record.items() if k not in CHAIN_FIELDS}


def _first_difference(own: Sequence[Mapping[str, Any]], theirs: Sequence[Mapping[str, Any]], count: int) -> int | None:
    return next((n for n in range(1, count + 1) if _content(own[n - 1]) != _content(theirs[n - 1])), None)


def _open_journal(path: str, workspace: Workspace) -> Journal | MemoryJournal | None:
    """The parent's journal, or None when it is not at hand (``JournalError`` when it is there but unreadable)."""
    if is_memory(path):
        return workspace.memory.get(path)
    if not os.path.exists(path):
        return None
    return Journal(path)


def shared_history(branch: Session) -> SharedHistory | None:
    """Prove a branch's shared history against its parent; None when the session is not a branch."""
    link = ParentLink.of(branch.journal.meta)
    if link is None:
        return None
    where = link.resolve(branch.path)
    if link.events < 0:
        return SharedHistory(link, where, False, "the branch's link to its parent is unreadable")
    try:
        parent = _open_journal(where, branch.workspace)
    except JournalError as exc:
        return SharedHistory(link, where, False, f"the parent cannot be read ({exc})")
    if parent is None:
        return SharedHistory(link, where, False, reason=f"the parent {display(where)} is not at hand")
    return SharedHistory(link, where, True, _mismatch(branch.journal.meta, branch.journal.records, parent, link))


def _mismatch(meta: SessionMeta, own: Sequence[Mapping[str, Any]], parent: Journal | MemoryJournal,
              link: ParentLink) -> str | None:
    """What does not match between the branch and its parent, or None."""
    shared, theirs = link.events, parent.records
    if len(own) < shared:
        return f"the branch has {len(own)} events but shares {shared} with its parent: events were removed"
    if len(theirs) < shared:
        return f"the parent has {len(theirs)} events but the branch shares {shared} with it: events were removed"
    problem = verify_chain(parent.meta, theirs[:shared])
    if problem is not None:
        return f"the parent was edited before the fork: {problem.message}"
    head = str(theirs[shared - 1].get("hash", "")) if shared else meta_hash(parent.meta)
    differs = _first_difference(own, theirs, shared)
    if head != link.head:
        where = f"; its #{differs} differs from the branch's" if differs else ""
        return f"the parent is not the history the branch was made from (its hash at the fork differs{where})"
    ours, its = meta.to_record(), parent.meta.to_record()
    changed = [key for key in SHARED_META if ours.get(key) != its.get(key)]
    if changed:
        return f"the branch's metadata ({', '.join(changed)}) is not its parent's"
    if differs is not None:
        return f"#{differs} differs from the parent's #{differs}"
    return None


# -- comparing two sessions --------------------------------------------------------------------------


@dataclass
class Side:
    """One of the two sessions compared: its name as shown, its score table and what replay made of each event."""

    name: str
    session: Session
    table: ScoreTable
    log: list[dict[str, Any]]

    @classmethod
    def of(cls, name: str, session: Session) -> "Side":
        return cls(name, session, session.score(), session.log())

    def verdict(self, seq: int) -> dict[str, Any] | None:
        if not 1 <= seq <= len(self.log):
            return None
        row = self.log[seq - 1]
        amended = "amended" in row["flags"]
        text = " ".join([row["status"], *row["rules"]]) + (" (amended)" if amended else "")
        return {"status": row["status"], "rules": list(row["rules"]), "amended": amended, "verdict": text,
                "description": row["description"]}

    def summary(self) -> dict[str, Any]:
        return {"path": self.name, "events": len(self.log), "head": self.session.journal.head_hash,
                "final": self.table.final, "winners": list(self.table.winners), "score": self.table.to_json()}


def _play(event: Any) -> tuple[Any, ...]:
    """What a play is, for comparing two journals: not when it was typed."""
    return (event.type, event.player, dict(event.payload), event.forced)


@dataclass
class Comparison:
    """Two sessions side by side: scores, results, where the journals part and the verdicts that differ."""

    a: Side
    b: Side
    relation: dict[str, Any] | None
    scores: list[dict[str, Any]] = field(default_factory=list)
    parting: dict[str, Any] | None = None
    verdicts: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a.summary(), "b": self.b.summary(), "relation": self.relation, "scores": self.scores,
                "parting": self.parting, "verdicts": self.verdicts}

def _relation(a: Session, b: Session) -> dict[str, Any] | None:
    """Which one is a branch of the other (its parent link points at it), and how many events they share."""
    for child, parent, names in ((b, a, ("b", "a")), (a, b, ("a", "b"))):
        link = ParentLink.of(child.journal.meta)
        if link is None or link.events < 0:
            continue
        where = link.resolve(child.path)
        target = memory_name(parent) if parent.path is None else str(parent.path)
        if target and (where == target or os.path.realpath(where) == os.path.realpath(target)):
            return {"branch": names[0], "of": names[1], "shared_events": link.events, "at": link.at,
                    "text": f"{names[0].upper()} is a branch of {names[1].upper()}, {link.forked()}"}
    return None


def compare(a: Session, b: Session, a_name: str, b_name: str) -> Comparison:
    """Compare session ``a`` with session ``b`` (of the same game)."""
    if a.game.name != b.game.name:
        raise BadInput(f"{b_name} records a game of {b.game.title} and {a_name} one of {a.game.title}; "
                       "compare two sessions of the same game")
    first, second = Side.of(a_name, a), Side.of(b_name, b)
    result = Comparison(first, second, _relation(a, b))
    result.scores = _score_rows(first.table, second.table)
    events_a, events_b = a.events, b.events
    longest = max(len(events_a), len(events_b))
    parting = next((n for n in range(1, longest + 1) if n > len(events_a) or n > len(events_b)
                    or _play(events_a[n - 1]) != _play(events_b[n - 1])), None)
    if parting is not None:
        result.parting = {"seq": parting,
                          "a": a.describe(events_a[parting - 1]) if parting <= len(events_a) else None,
                          "b": b.describe(events_b[parting - 1]) if parting <= len(events_b) else None}
    for seq in range(1, min(len(events_a), len(events_b)) + 1):
        va, vb = first.verdict(seq), second.verdict(seq)
        if va is None or vb is None or (va["status"], va["rules"], va["amended"]) == (vb["status"], vb["rules"], vb["amended"]):
            continue
        recorded_a, recorded_b = a.describe(events_a[seq - 1]), b.describe(events_b[seq - 1])
        event = recorded_a if recorded_a == recorded_b else f"{recorded_a} | {recorded_b}"
        result.verdicts.append({"seq": seq, "event": event, "a": {**va, "recorded": recorded_a},
                                "b": {**vb, "recorded": recorded_b}})
    return result


def _score_rows(a: ScoreTable, b: ScoreTable) -> list[dict[str, Any]]:
    """One row per player and category (and total): A's value, B's, and B minus A (None where one lacks it)."""
    players = [r.player for r in a.rows] + [r.player for r in b.rows if r.player not in {x.player for x in a.rows}]
    categories = list(a.categories) + [c for c in b.categories if c not in a.categories]
    rows_a, rows_b = {r.player: r for r in a.rows}, {r.player: r for r in b.rows}
    out = []
    for player in players:
        ra, rb = rows_a.get(player), rows_b.get(player)
        for category in [*categories, "total"]:
            va = None if ra is None else (ra.total if category == "total" else ra.categories.get(category, 0))
            vb = None if rb is None else (rb.total if category == "total" else rb.categories.get(category, 0))
            diff = None if va is None or vb is None else vb - va
            out.append({"player": player, "category": category, "a": va, "b": vb, "diff": diff})
    return out
