"""The referee's report: one self-contained HTML page about a session, for the table and its referee.

The page holds the final (or provisional) scoring table, the score chart, every violation with its rule's
one-line summary and the board just before it, every correction (void, amend) and note, the Lairs drawn as
hex maps when the game has them (8 Dragons), and the ``verify`` proof (the head hash, intact or not).

It is self-contained: inline CSS and SVG, no link, no font, no image to fetch. A Content-Security-Policy
forbids every fetch and every script but one: a tiny hook (allowed by its hash) that marks the page as loaded
and writes any error or blocked fetch into the ``<html>`` element (``data-report-errors``), so that a browser
test reads what went wrong from the DOM. Every text that comes from the table (player names, notes,
messages, tile names) is HTML-escaped.

Two steps, data first: ``gather(session)`` reads the session layer into a ``Report`` (no Click, no file
written); ``render(report)`` turns it into the page. The CLI (``scorekeeper report``) writes the file.
"""

from __future__ import annotations

import base64
import hashlib
import math
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from scorekeeper.errors import BadInput
from scorekeeper.core.events import AMEND, NOTE, VOID
from scorekeeper.games.base import MissingValueError, ScoreTable, Status

if TYPE_CHECKING:
    from scorekeeper.app.session import Session


# -- the data ----------------------------------------------------------------------------------------


@dataclass
class Proof:
    """The ``verify`` proof: whether the hash chain is intact, and its head hash (or the first bad event)."""

    intact: bool
    events: int
    head: str
    first_bad_seq: int | None = None
    problem: str | None = None


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
    """One player's Lair: its tiles, each ``{"cell": [q, r], "tile": NOTATION, "name": NAME, "rot": N}``."""

    player: str
    colour: str
    tiles: list[Mapping[str, Any]]
    chambers: list[list[Any]] = field(default_factory=list)


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
        if self.proof.intact:
            lines.append(f"verify: intact, {self.proof.events} events")
        else:
            lines.append(f"verify: TAMPERED at #{self.proof.first_bad_seq}: {self.proof.problem}")
        return lines


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def gather(session: "Session", source: str | None = None) -> Report:
    """Read everything the report shows from ``session`` (``source``: how to name the session on the page)."""
    from scorekeeper.core.journal import verify_chain

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
    problem = verify_chain(session.journal.meta, session.journal.records)
    proof = Proof(problem is None, len(session.journal.records), session.journal.head_hash,
                  problem.seq if problem else None, problem.message if problem else None)
    return Report(
        game.name, game.title, source if source is not None else (session.path.name if session.path else "(in memory)"),
        session.players, len(events), score, score_problem, chart_svg, chart_problem,
        rulings, corrections, notes, lairs_of(session.snapshot()), proof,
    )


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
            chambers = data.get("chambers")
            lairs.append(Lair(str(name), str(data.get("colour", "")), list(tiles),
                              list(chambers) if isinstance(chambers, list) else []))
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


# -- the page ----------------------------------------------------------------------------------------

#: the page's only script: it marks the page as loaded and records errors and blocked fetches in the DOM
HOOK = (
    "(function(){var d=document.documentElement,n=0;"
    "function report(m){n+=1;d.setAttribute('data-report-errors',String(n));"
    "d.setAttribute('data-report-error-'+n,String(m).slice(0,300));}"
    "window.addEventListener('error',function(e){report('error: '+(e.message||"
    "(e.target&&e.target.tagName)||'?'));},true);"
    "window.addEventListener('unhandledrejection',function(e){report('rejection: '+e.reason);});"
    "document.addEventListener('securitypolicyviolation',function(e){"
    "report('blocked: '+e.violatedDirective+' '+e.blockedURI);});"
    "window.addEventListener('load',function(){d.setAttribute('data-report-loaded','yes');});})();"
)
HOOK_HASH = base64.b64encode(hashlib.sha256(HOOK.encode("utf-8")).digest()).decode("ascii")
#: nothing may be fetched; inline styles and the one script above (by its hash) are allowed
POLICY = f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{HOOK_HASH}'"

CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fafaf7;
margin:0 auto;max-width:1100px;padding:1.2em 1.5em 3em}
h1{font-size:1.7em;margin:.2em 0}h2{border-bottom:2px solid #c9a227;padding-bottom:.2em;margin-top:1.8em}
h3{margin:1.2em 0 .3em}nav a{margin-right:1em}
table{border-collapse:collapse;margin:.5em 0;background:#fff}
th,td{border:1px solid #d5d5cf;padding:.25em .6em;text-align:left;vertical-align:top}
th{background:#efeee6}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.winner td{background:#fff4c7;font-weight:600}
.meta{color:#555}.ok{color:#14642a;font-weight:600}.bad{color:#a1121b;font-weight:600}
.tag{display:inline-block;border-radius:3px;padding:0 .4em;font-size:.85em;font-weight:600}
.error{background:#fbe0e0;color:#8b0d15}.warning{background:#fdf0cf;color:#7a5200}
.ruling{border:1px solid #ddd;border-left:5px solid #c0392b;background:#fff;padding:.4em .9em;margin:.8em 0}
.ruling.warn{border-left-color:#d4a017}.summary{font-style:italic}
details{margin:.4em 0}summary{cursor:pointer;color:#334}
code,.hash{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em;word-break:break-all}
.lairs{display:flex;flex-wrap:wrap;gap:1em}.lair{background:#fff;border:1px solid #ddd;padding:.4em}
.empty{color:#666;font-style:italic}
"""

#: hex fill per tile kind (the first letter of its notation); S = Starting Tile, SM = Starting Mission
TILE_FILL = {"E": "#cfe8c4", "G": "#c9dcf2", "O": "#f4d0b5", "F": "#e3d0f0", "S": "#f2e6b8", "SM": "#f6f1dc",
             "M": "#e9e4d8"}
TILE_KIND = {"E": "Elves", "G": "Gnomes", "O": "Goblins", "F": "Fairies", "S": "Starting Tile",
             "SM": "Starting Mission", "M": "Merchant Tile"}


def render(report: Report) -> str:
    """The whole page as one HTML string."""
    e = escape
    title = f"Referee's report — {report.title}"
    sections = [
        ("score", "Score", _score_section(report)),
        ("chart", "Score over time", _chart_section(report)),
        ("violations", f"Violations ({len(report.rulings)})", _rulings_section(report)),
        ("corrections", f"Corrections ({len(report.corrections)})", _entries(report.corrections, "no corrections")),
        ("notes", f"Notes ({len(report.notes)})", _entries(report.notes, "no notes")),
    ]
    if report.lairs:
        sections.append(("lairs", "Lairs", _lairs_section(report.lairs)))
    sections.append(("verify", "Verify: the hash chain", _proof_section(report.proof)))
    nav = " ".join(f'<a href="#{key}">{e(heading.split(" (")[0])}</a>' for key, heading, _ in sections)
    body = "\n".join(f'<section id="{key}">\n<h2>{e(heading)}</h2>\n{html}\n</section>' for key, heading, html in sections)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{POLICY}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script>{HOOK}</script>
<title>{e(title)}</title>
<style>{CSS}</style>
</head>
<body>
<header>
<h1>{e(title)}</h1>
<p class="meta">Session <code>{e(report.source)}</code> · {report.events} events · players {e(", ".join(report.players))}</p>
<nav>{nav}</nav>
</header>
{body}
<footer><p class="meta">Made by Scorekeeper from the session's journal; every view is rebuilt by replay.</p></footer>
</body>
</html>
"""


def _score_section(report: Report) -> str:
    e = escape
    score = report.score
    if score is None:
        return f'<p class="bad">The score cannot be computed yet: {e(report.score_problem or "")}</p>'
    state = "Final score" if score.final else "PROVISIONAL score (the game is not over)"
    head = "".join(f"<th>{e(h)}</th>" for h in ["rank", "player", *score.categories, "total"])
    rows = []
    for row in sorted(score.rows, key=lambda r: (r.rank, score.rows.index(r))):
        cells = [f'<td class="num">{row.rank}</td>', f"<td>{e(row.player)}</td>"]
        cells += [f'<td class="num">{e(_text(row.categories.get(c, 0)))}</td>' for c in score.categories]
        cells.append(f'<td class="num"><b>{e(_text(row.total))}</b></td>')
        winner = ' class="winner"' if row.player in score.winners else ""
        rows.append(f"<tr{winner}>{''.join(cells)}</tr>")
    parts = [f"<p><b>{e(state)}</b></p>", f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"]
    if score.winners:
        if score.final:
            verb = "wins" if len(score.winners) == 1 else "share the victory"
            parts.append(f"<p>Winner: <b>{e(' and '.join(score.winners))}</b> {verb}</p>")
        else:
            parts.append(f"<p>Leading: {e(', '.join(score.winners))}</p>")
    if score.tiebreak:
        parts.append(f"<p>Tiebreak: {e(score.tiebreak)}</p>")
    parts += [f"<p>Note: {e(n)}</p>" for n in score.notes]
    if report.errors:
        from scorekeeper.core.engine import FORCED, broken_note

        counted = sum(r.severity == "error" and r.status == FORCED for r in report.rulings)
        parts.append(f"<p class=\"meta\">{e(broken_note(report.errors, counted))} "
                     '(see <a href="#violations">Violations</a>).</p>')
    return "\n".join(parts)


def _chart_section(report: Report) -> str:
    if report.chart_svg is None:
        return f'<p class="empty">The score chart is not available: {escape(report.chart_problem or "")}.</p>'
    return f'<div class="chart">{report.chart_svg}</div>'


def _rulings_section(report: Report) -> str:
    e = escape
    if not report.rulings:
        return f'<p class="ok">No violations in {report.events} events.</p>'
    parts = []
    for i, r in enumerate(report.rulings, start=1):
        label = "violation" if r.severity == "error" else r.severity
        forced = " · recorded with --force" if r.forced else ""
        summary = f'<p class="summary">Rule: {e(r.summary)}</p>' if r.summary else ""
        if r.board is not None:
            lair = (f'<p><b>{e(r.lair_before.player)}\'s Lair just before #{r.seq}</b></p>'
                    f'<div class="lair">{lair_svg(r.lair_before)}</div>') if r.lair_before else ""
            board = (f"<details><summary>The board just before #{r.seq}</summary>\n"
                     f"{_status_html(r.board)}\n{lair}</details>")
        else:
            board = f'<p class="empty">{e(r.board_problem or "")}</p>'
        parts.append(
            f'<div class="ruling{"" if r.severity == "error" else " warn"}" id="ruling-{i}">'
            f'<h3>#{r.seq} <code>{e(r.rule)}</code> <span class="tag {e(r.severity)}">{e(label)}</span></h3>'
            f"{summary}<p>{e(r.message)}</p>"
            f'<p class="meta">Event #{r.seq}: {e(r.event)} · {e(r.status)}{forced}</p>\n{board}</div>'
        )
    return "\n".join(parts)


def _entries(entries: Sequence[Entry], empty: str) -> str:
    e = escape
    if not entries:
        return f'<p class="empty">{e(empty)}</p>'
    rows = []
    for entry in entries:
        problems = "".join(f"<br><span class=\"tag error\">{e(p)}</span>" for p in entry.problems)
        rows.append(f'<tr><td class="num">#{entry.seq}</td><td>{e(entry.kind)}</td><td>{e(entry.text)}{problems}</td>'
                    f"<td>{e(entry.status)}</td></tr>")
    head = "<tr><th>#</th><th>kind</th><th>what</th><th>status</th></tr>"
    return f"<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>"


def _status_html(status: Status) -> str:
    """A ``Status`` (what ``state --at N`` prints) as HTML: headline, what was expected, the tables."""
    e = escape
    parts = [f"<p><b>{'<br>'.join(e(line) for line in status.headline)}</b></p>",
             f"<p>Next: {e(status.expected)}</p>"]
    if status.players:
        parts.append(_table(status.players))
    for section in status.sections:
        parts.append(f"<p><b>{e(section.title)}</b></p>{_table(section.rows)}")
    parts += [f'<p class="meta">Note: {e(n)}</p>' for n in status.notes]
    return "\n".join(parts)


def _table(rows: Sequence[Mapping[str, Any]]) -> str:
    if not rows:
        return '<p class="empty">(none)</p>'
    keys: list[str] = []
    for row in rows:
        keys += [k for k in row if k not in keys]
    head = "".join(f"<th>{escape(str(k))}</th>" for k in keys)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(_text(row.get(k, '')))}</td>" for k in keys) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _text(value: Any) -> str:
    """A cell's text, as the terminal tables show it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(_text(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_text(v)}" for k, v in value.items())
    return str(value)


def _proof_section(proof: Proof) -> str:
    e = escape
    if proof.intact:
        return (f'<p class="ok">Intact: {proof.events} events, every one chained to the one before it.</p>'
                f'<p>Head hash: <span class="hash">{e(proof.head)}</span></p>'
                '<p class="meta">Compare it with <code>scorekeeper verify</code> on the session file: the same '
                "hash proves the same history, event for event.</p>")
    return (f'<p class="bad">TAMPERED at #{proof.first_bad_seq}: {e(proof.problem or "")}</p>'
            f"<p>The journal holds {proof.events} events; from #{proof.first_bad_seq} on, its history cannot "
            "be trusted.</p>")


# -- the Lairs, as hex maps ----------------------------------------------------------------------------

HEX = 34  # the hexagon's radius in pixels
SQRT3 = math.sqrt(3)


def _lairs_section(lairs: Iterable[Lair]) -> str:
    legend = " ".join(
        f'<span class="tag" style="background:{fill}">{escape(TILE_KIND[k])}</span>' for k, fill in TILE_FILL.items()
    )
    maps = "\n".join(f'<div class="lair">{lair_svg(lair)}</div>' for lair in lairs)
    return (f"<p>Each hexagon is a tile (its name, its face, its cell q,r); thick dark sides are walls, thin "
            f"dashed ones open edges; a gold dot is a Chamber. {legend}</p>\n<div class=\"lairs\">\n{maps}\n</div>")


def lair_svg(lair: Lair) -> str:
    """One Lair as an inline SVG of flat-top hexagons on axial cells (q, r), north up.

    Edges are numbered clockwise from the top (0 = N … 5 = NW) and a tile turned ``rot`` × 60° clockwise
    shows on board edge ``d`` the printed edge ``(d - rot) % 6`` (the 8 Dragons convention, checklist 1.2).
    """
    e = escape
    placed = []
    for tile in lair.tiles:
        cell = tile.get("cell")
        if not (isinstance(cell, (list, tuple)) and len(cell) == 2):
            continue
        q, r = int(cell[0]), int(cell[1])
        placed.append((q, r, tile, HEX * 1.5 * q, HEX * SQRT3 * (r + q / 2)))
    title = (f"{lair.player}'s Lair" + (f" ({lair.colour})" if lair.colour else "") + f": {_count(len(placed), 'tile')}"
             + (f", {_count(len(lair.chambers), 'Chamber')}" if lair.chambers else ""))
    if not placed:
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="240" height="40" role="img"><title>{e(title)}</title>' \
               f'<text x="8" y="24">{e(title)}</text></svg>'
    pad = HEX + 6
    xs, ys = [p[3] for p in placed], [p[4] for p in placed]
    left, top = min(xs) - pad, min(ys) - pad - 22
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad + 22
    width = max(width, 8 * len(title) + 12)  # room for the title above a small Lair
    shapes = [f'<text x="{left + 6:.1f}" y="{top + 16:.1f}" font-size="14" font-weight="600">{e(title)}</text>']
    for q, r, tile, x, y in placed:
        notation = str(tile.get("tile", ""))
        parts = notation.split("/")
        face = parts[0].upper()
        kind = "SM" if face.startswith("SM") else face[:1]
        corners = [(x + HEX * math.cos(math.radians(60 * k)), y + HEX * math.sin(math.radians(60 * k))) for k in range(6)]
        points = " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in corners)
        shapes.append(f'<g><title>{e(str(tile.get("name", "")))} {e(notation)} at {q},{r} turned {e(str(tile.get("rot", 0)))}'
                      f'</title><polygon points="{points}" fill="{TILE_FILL.get(kind, "#eeeeee")}" stroke="none"/>')
        edges = parts[1].upper() if len(parts) > 1 and len(parts[1]) == 6 else None
        rot = int(tile.get("rot", 0) or 0)
        for d in range(6):
            # board edge d (0 = N) lies between the corners at 240° + 60°·d and 300° + 60°·d (y grows down)
            (x1, y1), (x2, y2) = corners[(4 + d) % 6], corners[(5 + d) % 6]
            side = edges[(d - rot) % 6] if edges else "?"
            style = ('stroke="#3b2f2f" stroke-width="4" stroke-linecap="round"' if side == "W"
                     else 'stroke="#8a8a80" stroke-width="1" stroke-dasharray="3 3"')
            shapes.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>')
        shapes.append(f'<text x="{x:.1f}" y="{y - 5:.1f}" text-anchor="middle" font-size="11" font-weight="600">'
                      f'{e(_clip(str(tile.get("name", "")), 9))}</text>')
        shapes.append(f'<text x="{x:.1f}" y="{y + 8:.1f}" text-anchor="middle" font-size="10">{e(_clip(face, 8))}</text>')
        shapes.append(f'<text x="{x:.1f}" y="{y + 20:.1f}" text-anchor="middle" font-size="8" fill="#666">{q},{r}</text></g>')
    centres = {(q, r): (x, y) for q, r, _, x, y in placed}
    for chamber in lair.chambers:
        cells = [(int(c[0]), int(c[1])) for c in chamber if isinstance(c, (list, tuple)) and len(c) == 2]
        if cells and all(c in centres for c in cells):  # three cells meet at a corner: their centroid is it
            cx = sum(centres[c][0] for c in cells) / len(cells)
            cy = sum(centres[c][1] for c in cells) / len(cells)
            where = "; ".join(f"{q},{r}" for q, r in cells)
            shapes.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="7" fill="#c9a227" stroke="#3b2f2f" '
                          f'stroke-width="1.5"><title>a Chamber: {where}</title></circle>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
            f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif" role="img" aria-label="{e(title)}">'
            + "".join(shapes) + "</svg>")


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
