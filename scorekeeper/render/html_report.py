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
from html import escape
from typing import Any, Mapping, Sequence

from scorekeeper.core.protocol import Status
from scorekeeper.render.lair_map import HEX, _lairs_section, lair_svg  # noqa: F401 (HEX: the page's scale)
from scorekeeper.render.report import winner_line
from scorekeeper.render.report_data import (  # noqa: F401 (the report's data, where the CLI and tests import it)
    Entry, Lair, Proof, Report, gather, rule_summaries, target_for,
)

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
margin:0 auto;max-width:1100px;padding:1.2em 1.5em 3em;overflow-wrap:break-word}
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
.scroll{overflow-x:auto;max-width:100%}.chart svg,.lair svg{max-width:100%;height:auto}.narrow{display:none}
.turned td:first-child,.turned th:first-child{position:sticky;left:0;background:#efeee6}.caption{color:#555}
.turned tr:first-child td{color:#555}
ul.legend{list-style:none;padding:0;margin:.3em 0;flex-wrap:wrap;gap:.2em 1em}ul.legend.narrow{display:none}
.swatch{display:inline-block;width:1em;height:1em;margin-right:.35em;vertical-align:-.1em;border-radius:2px}.turned tr:last-child td{font-weight:700}
@media (max-width:700px){body{padding:.8em .7em 2em;font-size:16px}.wide{display:none}.narrow{display:block}ul.legend.narrow{display:flex}.turned table{font-size:.88em}.turned th,.turned td{padding:.2em .35em}
.chart{overflow-x:auto}.chart svg{min-width:560px}.chart svg text[dominant-baseline]{font-size:14px}}
"""

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
<p class="meta">Session <code>{e(report.source)}</code> · {e(report.played)}{e(" at " + report.location) if report.location else ""} · {report.events} events · players {e(", ".join(report.players))}</p>
<nav>{nav}</nav>{_distrust_banner(report)}
</header>
{body}
<footer><p class="meta">Made by Scorekeeper from the session's journal; every view is rebuilt by replay.</p></footer>
</body>
</html>
"""


def _distrust_banner(report: Report) -> str:
    """Under the title, when ``verify`` rejects the session: one line saying so (the table below is the file's
    as it now reads, which is not the history written); nothing otherwise."""
    if report.proof.verified:
        return ""
    found = [line for line in report.proof.lines if line.split(":")[0].isupper()] or report.proof.lines or [""]
    return ('\n<p class="bad" id="fails-verify">This session fails <code>scorekeeper verify</code>: '
            f'{escape(found[0])} (see <a href="#verify">Verify</a>)</p>')


def _score_section(report: Report) -> str:
    e = escape
    score = report.score
    if score is None:
        return f'<p class="bad">The score cannot be computed yet: {e(report.score_problem or "")}</p>'
    state = "Final score" if score.final else "PROVISIONAL score (the game is not over)"
    head = "".join(f"<th>{e(h)}</th>" for h in ["rank", "player", *score.categories, "total"])
    ranked = sorted(score.rows, key=lambda r: (r.rank, score.rows.index(r)))
    rows = []
    for row in ranked:
        cells = [f'<td class="num">{row.rank}</td>', f"<td>{e(row.player)}</td>"]
        cells += [f'<td class="num">{e(_text(row.categories.get(c, 0)))}</td>' for c in score.categories]
        cells.append(f'<td class="num"><b>{e(_text(row.total))}</b></td>')
        winner = ' class="winner"' if row.player in score.winners else ""
        rows.append(f"<tr{winner}>{''.join(cells)}</tr>")
    # a phone gets the terminal's turned table (categories down, players across, the rank on top): 9 columns do
    # not fit it; with many players it scrolls in its own box, the categories pinned (field report REPORT-4)
    turned = [{"": "rank", **{r.player: str(r.rank) for r in ranked}}]
    turned += [{"": c, **{r.player: _text(r.categories.get(c, 0)) for r in ranked}} for c in score.categories]
    turned.append({"": "total", **{r.player: _text(r.total) for r in ranked}})
    parts = [f"<p><b>{e(state)}</b></p>", f'<div class="scroll wide" tabindex="0" role="region" aria-label="the score">'
             f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>",
             _table(turned, "narrow turned")]
    if score.winners:  # said as the terminal says it: Winner: Gus / Shared victory: … / Leading: …
        label, names = winner_line(score).split(": ", 1)
        parts.append(f"<p>{e(label)}: <b>{e(names)}</b></p>")
    if score.tiebreak:
        parts.append(f"<p>Tiebreak: {e(score.tiebreak)}</p>")
    parts += [f"<p>Note: {e(n)}</p>" for n in score.notes]
    if report.errors:
        from scorekeeper.core.engine import FORCED
        from scorekeeper.render.verdicts import broken_note

        counted = sum(r.severity == "error" and r.status == FORCED for r in report.rulings)
        parts.append(f"<p class=\"meta\">{e(broken_note(report.errors, counted))} "
                     '(see <a href="#violations">Violations</a>).</p>')
    return "\n".join(parts)


def _chart_section(report: Report) -> str:
    """The chart, in a box of its own that scrolls on a phone (where it is drawn wider, its text larger), with
    its caption in full under it: the chart's last line is cut to fit it (field report REPORT-2)."""
    if report.chart_svg is None:
        return f'<p class="empty">The score chart is not available: {escape(report.chart_problem or "")}.</p>'
    caption = chart_caption(report.chart_svg)
    said = f'<p class="caption">{caption}</p>' if caption else ""
    return (f'<div class="chart" tabindex="0" role="region" aria-label="the score chart">{report.chart_svg}</div>'
            f'{chart_legend(report.chart_svg, "narrow")}{said}')


def chart_legend(svg: str, kind: str = "") -> str:
    """The chart's legend (each player's colour and last total) as HTML, for a phone, where the chart scrolls
    and its own legend, at its right edge, is out of sight; '' when the chart has none."""
    import re

    found = re.findall(r'<rect x="[^"]*" y="[^"]*" width="12" height="12" fill="(#[0-9A-Fa-f]{6})"/>\n<text [^>]*>([^<]*)</text>',
                       svg)
    items = "".join(f'<li><span class="swatch" style="background:{colour}"></span>{name}</li>' for colour, name in found)
    return f'<ul class="{f"legend {kind}".strip()}" aria-label="the chart\'s players">{items}</ul>' if items else ""


def chart_caption(svg: str) -> str:
    """The chart's caption in full (escaped, as the chart holds it): the title of its last line, '' if none."""
    import re

    found = re.search(r'<text [^>]*fill="#555555"><title>([^<]*)</title>', svg)
    return found.group(1) if found else ""


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
    box = 'class="scroll" tabindex="0" role="region" aria-label="a table"'
    return f'<div {box}><table><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table></div>'


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


def _table(rows: Sequence[Mapping[str, Any]], kind: str = "") -> str:
    """Rows as a table in a box of its own that scrolls sideways when the table is wider than the page;
    ``kind``: a further class of the box (``narrow``: shown on a phone only)."""
    if not rows:
        return '<p class="empty">(none)</p>'
    keys: list[str] = []
    for row in rows:
        keys += [k for k in row if k not in keys]
    head = "".join(f"<th>{escape(str(k))}</th>" for k in keys)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(_text(row.get(k, '')))}</td>" for k in keys) + "</tr>" for row in rows
    )
    box = f'class="{f"scroll {kind}".strip()}" tabindex="0" role="region" aria-label="a table"'
    return f'<div {box}><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


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
    """What ``verify`` says: "Intact" only when it passes the session as a whole (chain, shared history, this
    machine's witness); else each line it prints (a witness-only catch included: field report TRUST-1)."""
    e = escape
    accepted = f'<p class="bad">{e(proof.accepted)}</p>' if proof.accepted else ""
    if proof.verified:
        return (f'<p class="ok">Intact: {proof.events} events, every one chained to the one before it.</p>'
                f'<p>Head hash: <span class="hash">{e(proof.head)}</span></p>'
                '<p class="meta">Compare it with <code>scorekeeper verify</code> on the session file: the same '
                "hash proves the same history, event for event.</p>" + accepted)
    said = "".join(f"<li>{e(line)}</li>" for line in proof.lines)
    where = (f"from #{proof.first_bad_seq} on, its history cannot be trusted" if proof.first_bad_seq is not None
             else "its history is not the one written, so the table above cannot be trusted")
    return (f'<p class="bad">FAILS VERIFY: this page shows a history that <code>scorekeeper verify</code> '
            f"rejects.</p><ul>{said}</ul><p>The journal holds {proof.events} events; {where}.</p>" + accepted)
