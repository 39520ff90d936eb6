"""The referee's report, its data: ``gather(session)`` reads the session layer into a ``Report`` (no Click, no
file written, no HTML); ``scorekeeper.render.html_report`` turns it into the page.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping

from scorekeeper.render.played import played_text
from scorekeeper.errors import BadInput
from scorekeeper.core.events import AMEND, NOTE, VOID
from scorekeeper.core.protocol import MissingValueError, ScoreTable, Status

if TYPE_CHECKING:
    from scorekeeper.app.session import Session


# -- the data ----------------------------------------------------------------------------------------


@dataclass
class Proof:
    """The ``verify`` proof: whether the hash chain is intact, and its head hash (or the first bad event); whether
    ``verify`` passes the session as a whole (its chain, a branch's shared history, this machine's witness) and
    the lines it prints (``render.verdicts.proof_lines``): the report says exactly what ``verify`` says."""

    intact: bool
    events: int
    head: str
    first_bad_seq: int | None = None
    problem: str | None = None
    verified: bool = True
    lines: list[str] = field(default_factory=list)
    #: what a recorded note accepted (``verify --accept-broken-chain``), or ""
    accepted: str = ""


@dataclass
class Ruling:
    """One violation: the event, the rule it broke (with the rule's summary when the project has one), what
    replay made of the event, and the board just before it."""

    seq: int
    rule: str
    severity: str
    message: str
    summary: str | None
    event: str
    status: str
    forced: bool
    board: Status | None
    board_problem: str | None = None
    lair_before: "Lair | None" = None


@dataclass
class Entry:
    """A correction (``void``, ``amend``) or a note, as recorded, with what replay made of it."""

    seq: int
    kind: str
    text: str
    status: str
    problems: list[str] = field(default_factory=list)


@dataclass
class Lair:
    """One player's Lair: its tiles, each ``{"cell": [q, r], "tile": NOTATION, "name": NAME, "rot": N}``, its
    Chambers, and its open places (the empty cells facing an open edge, ``{"cell": [q, r], "edges": ["N", …]}``,
    as ``ed lair`` lists them)."""

    player: str
    colour: str
    tiles: list[Mapping[str, Any]]
    chambers: list[list[Any]] = field(default_factory=list)
    open: list[Mapping[str, Any]] = field(default_factory=list)


@dataclass
class Report:
    """Everything the page shows, gathered from the session layer."""

    game: str
    title: str
    source: str
    players: tuple[str, ...]
    events: int
    score: ScoreTable | None
    score_problem: str | None
    chart_svg: str | None
    chart_problem: str | None
    rulings: list[Ruling]
    corrections: list[Entry]
    notes: list[Entry]
    lairs: list[Lair]
    proof: Proof
    #: when it was played, in this machine's local time: the first and the last event, and how long it took
    played: str = ""
    #: where it was played (``set location``), '' when never said
    location: str = ""

    @property
    def errors(self) -> int:
        return sum(r.severity == "error" for r in self.rulings)

    @property
    def warnings(self) -> int:
        return len(self.rulings) - self.errors

    def summary_lines(self) -> list[str]:
        """What the CLI prints once the page is written (fits 80 columns)."""
        if self.score is None:
            scored = "no score"
        else:
            scored = "final score" if self.score.final else "provisional score"
        counts = [_count(self.errors, "violation"), _count(self.warnings, "warning"),
                  _count(len(self.corrections), "correction"), _count(len(self.notes), "note")]
        lines = [f"{self.title}, {scored}: {', '.join(counts)}"]
        if self.lairs:
            lines.append(f"lairs drawn: {', '.join(lair.player for lair in self.lairs)}")
        if self.chart_svg is None:
            lines.append(f"score chart: not available ({self.chart_problem})")
        if self.proof.verified:
            lines.append(f"verify: intact, {self.proof.events} events")
        else:
            lines += [f"verify: {line}" for line in self.proof.lines]
        if self.proof.accepted:
            lines.append(self.proof.accepted)
        return lines


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def gather(session: "Session", source: str | None = None) -> Report:
    """Read everything the report shows from ``session`` (``source``: how to name the session on the page)."""
    game = session.game
    events = session.events
    replayed = session.replay()
    by_seq = {e.seq: e for e in events}
    summaries = rule_summaries(game.info.package if getattr(game, "info", None) else "")

    score: ScoreTable | None = None
    score_problem = None
    try:
        score = session.score()
    except MissingValueError as exc:
        score_problem = str(exc)

    rulings = []
    boards: dict[int, tuple[Status | None, str | None, list[Lair]]] = {}
    for v in replayed.violations:
        outcome = replayed.outcome(v.seq)
        recorded = by_seq.get(v.seq)
        shown = outcome.event if outcome else recorded
        if v.seq not in boards:
            boards[v.seq] = _board_before(session, v.seq)
        board, board_problem, lairs_before = boards[v.seq]
        player = shown.player if shown is not None else None
        rulings.append(Ruling(
            v.seq, v.rule, v.severity, v.message, summaries.get(v.rule),
            session.describe(shown) if shown is not None else "(end of the journal)",
            outcome.status if outcome else "end of the journal",
            bool(recorded and recorded.forced), board, board_problem,
            next((lair for lair in lairs_before if lair.player == player), None),
        ))

    corrections, notes = [], []
    for outcome in replayed.timeline:
        event = by_seq.get(outcome.seq, outcome.event)
        if event.type not in (VOID, AMEND, NOTE):
            continue
        problems = [f"{v.rule}: {v.message}" for v in outcome.violations]
        status = f"voided by #{outcome.voided_by}" if outcome.voided_by else outcome.status
        if event.type == NOTE:
            notes.append(Entry(event.seq, "note", str(event.get("text", "")), status, problems))
        else:
            kind = "undo" if event.type == VOID and event.get("reason") == "undo" else event.type
            corrections.append(Entry(event.seq, kind, session.describe(event), status, problems))

    chart_svg, chart_problem = _chart(session)
    proof = proof_of(session)
    return Report(
        game.name, game.title, source if source is not None else (os.path.basename(session.path) if session.path else "(in memory)"),
        session.players, len(events), score, score_problem, chart_svg, chart_problem,
        rulings, corrections, notes, lairs_of(session.snapshot()), proof, played_text(session), session.location(),
    )


def proof_of(session: "Session") -> Proof:
    """What ``verify`` says of ``session`` (``app.proof.prove``, with the witness the session keeps, if any)."""
    from scorekeeper.app.proof import prove
    from scorekeeper.app.trust_verdict import ACCEPTED, verdict_of
    from scorekeeper.render.verdicts import proof_lines

    proved = prove(session, session.witness_folder)
    problem = proved.problem
    verdict = verdict_of(session)
    accepted = verdict.line() if verdict.status == ACCEPTED else ""
    return Proof(problem is None, len(session.journal.records), session.journal.head_hash,
                 problem.seq if problem else None, problem.message if problem else None, proved.ok,
                 proof_lines(proved), accepted)


def target_for(output: str, session: "Session") -> Path:
    """The file the page goes to: ``BadInput`` unless it is an ``.html``/``.htm`` file other than the session."""
    target = Path(output)
    if target.suffix.lower() not in (".html", ".htm"):
        raise BadInput(f"{output}: the report is an HTML page; name it FILE.html")
    if session.path is not None and target.resolve() == Path(session.path).resolve():
        raise BadInput(f"{output} is the session itself; write the report to another file")
    return target


def _board_before(session: "Session", seq: int) -> tuple[Status | None, str | None, list[Lair]]:
    """The board just before event ``seq`` (what ``state --at`` shows) and the Lairs then, or why not."""
    try:
        state = session.state_at(seq)
        return session.game.status(state), None, lairs_of(session.game.snapshot(state))
    except Exception as exc:  # a board that cannot be shown must not lose the violation
        return None, f"the board before #{seq} cannot be shown: {exc}", []


def _chart(session: "Session") -> tuple[str | None, str | None]:
    """The score chart as inline SVG (``scorekeeper.render.chart``), or None and why it is not available."""
    try:
        from scorekeeper.render import chart
        from scorekeeper.app import timeline
    except ImportError:
        return None, "this version of Scorekeeper draws no score chart"
    try:
        return chart.svg(timeline.timeline(session)), None
    except MissingValueError as exc:
        return None, str(exc)


def lairs_of(snapshot: Any) -> list[Lair]:
    """The Lairs in a game's state snapshot (8 Dragons: ``players[NAME]["lair"]``); none for other games."""
    players = snapshot.get("players") if isinstance(snapshot, Mapping) else None
    if not isinstance(players, Mapping):
        return []
    lairs = []
    for name, data in players.items():
        tiles = data.get("lair") if isinstance(data, Mapping) else None
        if isinstance(tiles, list) and all(isinstance(t, Mapping) and "cell" in t for t in tiles):
            chambers, places = data.get("chambers"), data.get("open")
            lairs.append(Lair(str(name), str(data.get("colour", "")), list(tiles),
                              list(chambers) if isinstance(chambers, list) else [],
                              [p for p in places if isinstance(p, Mapping) and "cell" in p]
                              if isinstance(places, list) else []))
    return lairs


def rule_summaries(package: str) -> dict[str, str]:
    """The project's one-line summary of each rule of a game (by rule ID) and of the engine's own rules.

    They come from the game's ``rule_summaries`` module (``scorekeeper rules GAME`` lists them); a game
    without one has the engine's rules only, and the page then shows each violation's own message.
    """
    from scorekeeper.games import REGISTRY
    from scorekeeper.app.rule_summaries import CORE, game_rules

    summaries = {rule: text for rule, (_, text) in CORE.items()}
    for game in REGISTRY:
        if game.package == package:
            summaries.update({r.id: r.summary for r in game_rules(game.name)})
    return summaries
