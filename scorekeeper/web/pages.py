"""The companion's HTML: plain string templates, every text from the table escaped (``html.escape``).

Phone first: one column, every table laid out as cards below 700 px (each cell labelled), nothing wider than
the screen; from 1000 px (or ``/screen``, for the screen everyone watches) two columns in large type. The pages
carry no inline script: ``SCRIPT`` is served as ``/static/live.js`` (the Content-Security-Policy allows only
scripts of this server). It listens to ``/events`` and, at each change, fetches its own page again and swaps
every element marked ``data-live`` (a form someone is filling in is left alone); it also takes the token out of
the address bar once the cookie holds it.
"""

from __future__ import annotations

from html import escape as e
from typing import Any, Iterable, Mapping, Sequence

from scorekeeper.app.trust_verdict import INTACT, TrustVerdict
from scorekeeper.core.protocol import Expectation, Finding, ScoreTable, Status
from scorekeeper.render.html_report import _text as text  # a cell's text, as the report's and the terminal's tables show it

CSS = """
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fafaf7;margin:0;
padding:.6em .8em 3em;max-width:1400px;margin:0 auto;overflow-wrap:anywhere}
header h1{font-size:1.25em;margin:.2em 0}
nav{display:flex;flex-wrap:wrap;gap:.3em .9em;margin:.3em 0 .6em}nav a{color:#1f4e8c}nav a.here{font-weight:700;color:#1d1d1f}
h2{font-size:1.1em;border-bottom:2px solid #c9a227;padding-bottom:.15em;margin:1.1em 0 .5em}
section{margin-bottom:1em}
.turn{font-size:1.5em;font-weight:700;margin:.2em 0}
.next{background:#fff4c7;border-left:5px solid #c9a227;padding:.4em .6em}
.meta{color:#555;font-size:.92em}.ok{color:#14642a;font-weight:600}.bad{color:#a1121b;font-weight:600}
.flash{background:#e3f4e3;border:1px solid #9bc89b;padding:.5em .7em;margin:.5em 0}
.flash.refused{background:#fbe0e0;border-color:#d99}
table{border-collapse:collapse;background:#fff;margin:.4em 0;max-width:100%}
th,td{border:1px solid #d5d5cf;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#efeee6}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.winner td{background:#fff4c7;font-weight:600}
.tag{display:inline-block;border-radius:3px;padding:0 .35em;font-size:.85em;font-weight:600;background:#eee}
.tag.rejected,.tag.error{background:#fbe0e0;color:#8b0d15}.tag.forced,.tag.warning{background:#fdf0cf;color:#7a5200}
.tag.voided{background:#e6e6e6;color:#555;text-decoration:line-through}.tag.applied{background:#e3f4e3;color:#14642a}
.ruling{border:1px solid #ddd;border-left:5px solid #c0392b;background:#fff;padding:.4em .8em;margin:.6em 0}
.summary{font-style:italic}
ol.plays{list-style:none;padding:0;margin:0}ol.plays li{background:#fff;border:1px solid #e2e2dc;padding:.35em .5em;margin:.3em 0}
ol.plays li.recorded{border:2px solid #2e7d32}
.choices{display:flex;flex-wrap:wrap;gap:.4em}
a.button,button{display:inline-block;font:inherit;font-weight:600;padding:.55em .9em;border-radius:6px;border:1px solid #1f4e8c;
background:#1f4e8c;color:#fff;text-decoration:none;cursor:pointer;min-height:44px}
a.button.light{background:#fff;color:#1f4e8c}button.danger{background:#a1121b;border-color:#a1121b}
form.stack label{display:block;margin:.6em 0 .15em;font-weight:600}
input,select,textarea{font:inherit;width:100%;max-width:32em;padding:.45em;border:1px solid #aaa;border-radius:5px;background:#fff;min-height:44px}
input[type=checkbox]{width:auto;min-height:0;margin-right:.5em}
.inline{display:flex;gap:.4em;flex-wrap:wrap;align-items:center;margin:.4em 0}.inline input,.inline select{flex:1 1 12em}
.hint{color:#666;font-size:.85em;font-weight:400}
svg{max-width:100%;height:auto}.lairs{display:flex;flex-wrap:wrap;gap:1em}.lair{background:#fff;border:1px solid #ddd;padding:.3em}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em}
@media (max-width:700px){
table.cards,table.cards tbody,table.cards tr,table.cards td{display:block;width:100%}
table.cards thead{display:none}table.cards{border:0;background:none}
table.cards tr{background:#fff;border:1px solid #d5d5cf;border-radius:6px;margin:.4em 0;padding:.2em 0}
table.cards td{border:0;border-bottom:1px solid #eee;display:flex;justify-content:space-between;gap:1em;text-align:right}
table.cards td:last-child{border-bottom:0}
table.cards td::before{content:attr(data-label);font-weight:600;text-align:left;color:#444}
}
@media (min-width:1000px){
main.live{display:grid;grid-template-columns:1fr 1fr;gap:0 2em;grid-auto-flow:dense}main.live>section.wide{grid-column:1/3}
}
body.screen{font-size:24px;max-width:none}body.screen .turn{font-size:2em}
body.screen main.live{display:grid;grid-template-columns:1fr 1fr 1fr;gap:0 1.5em}
"""

SCRIPT = """(function(){
var u=new URL(location.href);
if(u.searchParams.has('t')){u.searchParams.delete('t');history.replaceState(null,'',u.pathname+u.search+u.hash);}
document.addEventListener('input',function(ev){var f=ev.target&&ev.target.form;if(f){f.setAttribute('data-dirty','1');}},true);
if(!document.querySelector('[data-live]')||!window.EventSource){return;}
var busy=false,again=false,root=document.documentElement;
function keep(el){return el.querySelector('form[data-dirty]')||(el.contains(document.activeElement)&&document.activeElement!==document.body);}
function refresh(){
if(busy){again=true;return;}busy=true;
fetch(location.pathname+location.search,{credentials:'same-origin',headers:{'X-Live':'1'}}).then(function(r){return r.text();})
.then(function(text){var doc=new DOMParser().parseFromString(text,'text/html');
document.querySelectorAll('[data-live]').forEach(function(el){var fresh=doc.getElementById(el.id);
if(fresh&&!keep(el)){el.replaceWith(document.importNode(fresh,true));}});
root.setAttribute('data-version',String(Number(root.getAttribute('data-version')||'0')+1));})
.catch(function(err){root.setAttribute('data-live-error',String(err));})
.then(function(){busy=false;if(again){again=false;refresh();}});}
var source=new EventSource('/events');
source.addEventListener('change',function(){refresh();});
source.addEventListener('ready',function(){root.setAttribute('data-live-ready','yes');});
})();
"""

#: the pages' policy: scripts, styles and fetches of this server only; no frame, no other site's form target
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
          "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")


def layout(title: str, body: str, *, here: str = "", writer: bool = False, game: str = "", lairs: bool = False,
           league: bool = False, screen: bool = False, flash: str = "", trust: TrustVerdict | None = None) -> str:
    """A whole page: the header with the navigation (and what ``verify`` says of the session when it is not
    intact: ``trust_banner``), then ``body`` (already escaped HTML)."""
    if league:
        links = [("/", "Standings")]
    else:
        links = [("/", "Table"), ("/screen", "Big screen"), ("/score", "Score"), ("/chart", "Chart")]
        links += [("/lairs", "Lairs")] if lairs else []
        links += [("/log", "Log"), ("/check", "Check"), ("/state", "Board"), ("/report", "Report")]
    nav = "".join(f'<a href="{href}"{" class=here" if href == here else ""}>{e(text)}</a>' for href, text in links)
    role = ('<span class="tag applied">you can record</span>' if writer
            else '<span class="tag">read only</span>') if not league else '<span class="tag">read only</span>'
    return f"""<!DOCTYPE html>
<html lang="en" data-writer="{'yes' if writer else 'no'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/site.css">
<script src="/static/live.js" defer></script>
</head>
<body class="{'screen' if screen else 'phone'}">
<header><h1>{e(title)}</h1><p class="meta">{e(game)} {role}</p><nav>{nav}</nav></header>{trust_banner(trust)}
{flash}
{body}
</body>
</html>
"""


def trust_banner(trust: TrustVerdict | None) -> str:
    """Under the header of a session's page: one line when ``verify`` finds the session edited (accepted or
    not), kept live (an edit made while the page is open shows up); nothing on a page of no session."""
    if trust is None:
        return ""
    if trust.status == INTACT:
        return f'\n<div id="trust" data-live data-trust="{INTACT}"></div>'
    kind = "bad" if not trust.ok else "meta"
    return (f'\n<div id="trust" data-live data-trust="{e(trust.status)}"><p class="{kind}">{e(trust.line())}</p>'
            "</div>")


# -- pieces --------------------------------------------------------------------------------------------


def table(rows: Sequence[Mapping[str, Any]], keys: Sequence[str] | None = None, *, highlight: Iterable[int] = ()) -> str:
    """Rows as a table that becomes labelled cards on a phone."""
    if not rows:
        return '<p class="meta">(none)</p>'
    if keys is None:
        keys = []
        for row in rows:
            keys += [k for k in row if k not in keys]
    marked = set(highlight)
    head = "".join(f"<th>{e(str(k))}</th>" for k in keys)
    body = "".join(
        f"<tr{' class=winner' if i in marked else ''}>"
        + "".join(f'<td data-label="{e(str(k))}">{e(text(row.get(k, "")))}</td>' for k in keys) + "</tr>"
        for i, row in enumerate(rows))
    cards = ' class="cards"' if len(keys) > 3 else ""  # three columns fit a phone as they are
    return f'<table{cards}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def now_section(status: Status, expected: Expectation, events: int, problems: int) -> str:
    """Whose turn, the next step, the headline."""
    who = expected.player or status.active_player
    turn = ("The game is over" if expected.finished or status.finished
            else f"{who} to play" if who else "Nobody in particular to play")
    head = "<br>".join(e(line) for line in status.headline)
    broken = (f'<p class="bad">{problems} recorded play(s) break a rule: see <a href="/check">Check</a></p>'
              if problems else "")
    return (f'<section id="now" data-live><h2>Now</h2><p class="turn">{e(turn)}</p><p>{head}</p>'
            f'<p class="next">Next: {e(expected.text)}</p>{broken}<p class="meta">{events} events recorded</p></section>')


def score_rows(score: ScoreTable, explain: bool = False) -> str:
    """The scoring table (rank, player, each category, total), winners highlighted."""
    ordered = sorted(score.rows, key=lambda r: (r.rank, score.rows.index(r)))
    rows = [{"rank": r.rank, "player": r.player, **{c: r.categories.get(c, 0) for c in (score.categories if explain else [])},
             "total": r.total} for r in ordered]
    winners = [i for i, r in enumerate(ordered) if r.player in score.winners]
    state = "Final score" if score.final else "Provisional score (the game is not over)"
    lead = ""
    if score.winners:
        lead = (f"<p>Winner: <b>{e(' and '.join(score.winners))}</b></p>" if score.final
                else f"<p>Leading: {e(', '.join(score.winners))}</p>")
    notes = "".join(f'<p class="meta">Note: {e(n)}</p>' for n in score.notes)
    tiebreak = f"<p>Tiebreak: {e(score.tiebreak)}</p>" if score.tiebreak else ""
    return f"<p><b>{e(state)}</b></p>{table(rows, highlight=winners)}{lead}{tiebreak}{notes}"


def score_section(score: ScoreTable | None, problem: str | None) -> str:
    inner = score_rows(score) if score is not None else f'<p class="bad">{e(problem or "")}</p>'
    return f'<section id="score" data-live><h2>Score so far</h2>{inner}<p><a href="/score">The score sheet</a></p></section>'


def status_tag(status: str) -> str:
    return f'<span class="tag {e(status.split()[0] if status else "")}">{e(status)}</span>'


def play_items(rows: Sequence[Mapping[str, Any]], recorded: int | None = None) -> str:
    """Plays (``Session.log`` rows) as a list: number, what happened, the verdict, the rules broken."""
    from scorekeeper.app.rule_summaries import summary

    items = []
    for row in rows:
        rules = "".join(f'<br><span class="tag error">{e(r)}</span> <span class="summary">{e(summary(r) or "")}</span>'
                        for r in row["rules"])
        flags = f' <span class="meta">{e(row["flags"])}</span>' if row["flags"] else ""
        mark = ' class="recorded"' if row["seq"] == recorded else ""
        items.append(f'<li{mark} id="play-{row["seq"]}"><b>#{row["seq"]}</b> {e(row["description"])} '
                     f'{status_tag(row["status"])}{flags}{rules}</li>')
    return f'<ol class="plays" reversed>{"".join(items)}</ol>' if items else '<p class="meta">No plays yet.</p>'


def plays_section(rows: Sequence[Mapping[str, Any]], recorded: int | None) -> str:
    last = list(reversed(rows[-10:]))
    return (f'<section id="plays" data-live><h2>Last plays</h2>{play_items(last, recorded)}'
            f'<p><a href="/log">The whole log</a></p></section>')


def hidden_token(form_token: str) -> str:
    return f'<input type="hidden" name="form_token" value="{e(form_token)}">'


def label(type: str) -> str:
    return type.replace("_", " ").lower()


def record_section(types: Sequence[tuple[str, str]], expected: Expectation, form_token: str) -> str:
    """What a phone with the token can do: the plays the game expects now, any other play, note, undo, assert."""
    seen: dict[tuple[str, str | None], None] = {}
    buttons = []
    for choice in expected.choices:
        if (choice.event, choice.player) in seen:
            continue
        seen[(choice.event, choice.player)] = None
        query = f"type={e(choice.event)}" + (f"&amp;player={e(choice.player)}" if choice.player else "")
        who = f" · {choice.player}" if choice.player else ""
        buttons.append(f'<a class="button" href="/play?{query}">{e(label(choice.event) + who)}</a>')
    options = "".join(f'<option value="{e(name)}" title="{e(desc)}">{e(label(name))}</option>' for name, desc in types)
    token = hidden_token(form_token)
    return f"""<section id="record" class="wide" data-live><h2>Record</h2>
<div class="choices">{''.join(buttons) or '<span class="meta">the game lists no play now</span>'}</div>
<form method="get" action="/play" class="inline"><select name="type" aria-label="another play">{options}</select>
<button type="submit">Another play</button></form>
<form method="post" action="/note" class="inline">{token}<input name="text" required maxlength="2000" placeholder="a ruling, a dispute, a reminder" aria-label="note">
<button type="submit">Add a note</button></form>
<form method="post" action="/undo" class="inline">{token}<button type="submit" class="danger">Undo the last play</button>
<a class="button light" href="/assert">Assert what the table shows</a></form>
</section>"""


def read_only_note() -> str:
    return ('<section id="record" class="wide"><p class="meta">This address only reads. To record, open the '
            "table's address with its token (the first line <code>scorekeeper serve</code> printed, or its QR code)."
            "</p></section>")


def message_body(message: str, status: int) -> str:
    return (f'<main><section><h2>{"Not allowed" if status in (401, 403) else "Cannot do that"}</h2>'
            f'<p class="bad">{e(message)}</p><p><a class="button light" href="/">Back to the table</a></p></section></main>')


def assert_body(players: Sequence[str], keys: Sequence[str], form_token: str) -> str:
    options = '<option value="">(the whole game)</option>' + "".join(f'<option value="{e(p)}">{e(p)}</option>' for p in players)
    return f"""<main><section><h2>Assert what the table shows</h2>
<p>Like a ledger's balance assertion: replay flags where the journal and the table disagree.</p>
<form method="post" action="/assert" class="stack">{hidden_token(form_token)}
<label for="a-player">player</label><select id="a-player" name="player">{options}</select>
<label for="a-facts">facts <span class="hint">KEY=VALUE, one or more, for example {e((keys or ['flame'])[0])}=3</span></label>
<input id="a-facts" name="facts" required maxlength="2000" autocomplete="off">
<p class="meta">Known keys: {e(', '.join(keys) or 'none')}</p>
<p><button type="submit">Record the assertion</button></p></form></section></main>"""


def status_body(status: Status) -> str:
    """The whole board (``state``): the headline, what is expected, the players, every section."""
    parts = [f"<p><b>{'<br>'.join(e(line) for line in status.headline)}</b></p>", f'<p class="next">Next: {e(status.expected)}</p>']
    if status.players:
        parts.append(f"<h2>Players</h2>{table(status.players)}")
    parts += [f"<h2>{e(s.title)}</h2>{table(s.rows)}" for s in status.sections]
    parts += [f'<p class="meta">Note: {e(n)}</p>' for n in status.notes]
    return "".join(parts)


def rulings(findings: Sequence[Finding]) -> str:
    """Each rule broken: its ID, severity, the message, and the rule's one-line summary."""
    from scorekeeper.app.rule_summaries import summary

    return "".join(
        f'<div class="ruling"><p><code>{e(f.rule)}</code> <span class="tag {e(f.severity)}">{e(f.severity)}</span></p>'
        f'<p>{e(f.message)}</p>' + (f'<p class="summary">Rule: {e(s)}</p>' if (s := summary(f.rule)) else "") + "</div>"
        for f in findings)


#: the report on a phone: a wide table scrolls in its own box, the page itself never sideways
REPORT_ON_A_PHONE = ("@media (max-width:700px){body{padding:.6em .8em 2em}table{display:block;overflow-x:auto;max-width:100%}"
                     "svg{max-width:100%;height:auto}}")


def live_report(report: str) -> tuple[str, str]:
    """The referee's report page (``html_report.render``) served live: its policy also lets this server's
    script in, its body becomes one live part, and a link leads back to the table. Returns the page and the
    policy to send with it (the page's own, widened the same way)."""
    from scorekeeper.render.html_report import HOOK_HASH, POLICY as REPORT_POLICY

    own = f"script-src 'sha256-{HOOK_HASH}'"
    policy = REPORT_POLICY.replace(own, f"script-src 'self' 'sha256-{HOOK_HASH}'; connect-src 'self'")
    page = report.replace(REPORT_POLICY, policy, 1)
    page = page.replace("<body>\n", '<body>\n<p><a href="/">Back to the table</a></p>\n<div id="report" data-live>\n', 1)
    page = page.replace("</head>", f"<style>{REPORT_ON_A_PHONE}</style>\n</head>", 1)
    page = page.replace("</body>", '</div>\n<script src="/static/live.js"></script>\n</body>', 1)
    return page, policy


def standings_body(league: Mapping[str, Any]) -> str:
    """The league's standings (``standings --json``): per game, each player's line; the sessions; what was skipped."""
    parts = []
    for game in league["games"]:
        rows = [{"player": p["player"], "games": p["games"], "wins": p["wins"], "win rate": f"{p['win_rate']:.0%}",
                 "average": p["average"], "best": p["best"]} for p in game["players"]]
        parts.append(f"<h2>{e(game['title'])}: {game['sessions']} finished session(s)</h2>{table(rows, highlight=[0])}")
    if not league["games"]:
        parts.append('<p class="meta">No finished session in this folder yet.</p>')
    sessions = [{"session": s["path"], "game": s["game"], "date": s["date"], "winners": s["winners"]}
                for s in league["sessions"]]
    parts.append(f"<h2>Sessions</h2>{table(sessions)}")
    distrusted = league.get("fails_verify") or []
    if distrusted:
        rows = [{"session": d["path"], "verify says": d["reason"], "counted": "yes" if d["counted"] else "no"}
                for d in distrusted]
        parts.append(f'<h2 class="bad">Sessions that fail verify</h2>{table(rows)}')
    if league["skipped"]:
        parts.append(f"<h2>Skipped</h2>{table([{'file': s['path'], 'why': s['reason']} for s in league['skipped']])}")
    return f'<main><section id="standings" data-live>{"".join(parts)}</section></main>'
