"""The companion's HTML: plain string templates, every text from the table escaped (``html.escape``).

Phone first: one column, every table laid out as cards below 700 px (each cell labelled), nothing wider than
the screen; from 1000 px (or ``/screen``, for the screen everyone watches) two columns in large type. The pages
carry no inline script: ``SCRIPT`` is served as ``/static/live.js`` (the Content-Security-Policy allows only
scripts of this server). It listens to ``/events`` and, at each change, fetches its own page again and swaps
every element marked ``data-live`` (a form someone is filling in is left alone); it also takes the token out of
the address bar once the cookie holds it.
"""

from __future__ import annotations

import re
from html import escape as e
from typing import Any, Iterable, Mapping, Sequence

from scorekeeper.app.trust_verdict import INTACT, TrustVerdict
from scorekeeper.core.protocol import Expectation, Finding, Game, ScoreTable, Status
from scorekeeper.render.html_report import _text as text  # a cell's text, as the report's and the terminal's tables show it
from scorekeeper.web.words import for_people, next_words, offers, other_plays

from scorekeeper.web.style import CSS  # noqa: E402,F401 (served as /static/site.css)

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
           league: bool = False, screen: bool = False, flash: str = "", trust: TrustVerdict | None = None,
           top: str = "top") -> str:
    """A whole page: the header with the navigation (and what ``verify`` says of the session when it is not
    intact: ``trust_banner``), then ``flash`` (the verdict of the play just recorded) and ``body`` (already
    escaped HTML). ``top``: the header's id, the anchor a redirect after a play lands on (the page's top)."""
    if league:
        links = [("/", "Standings")]
    else:
        links = [("/", "Table"), ("/screen", "Big screen"), ("/score", "Score"), ("/chart", "Chart")]
        links += [("/lairs", "Lairs")] if lairs else []
        links += [("/log", "Log"), ("/check", "Check"), ("/state", "Board"), ("/report", "Report")]
    nav = "".join(f'<a href="{href}"{" class=here aria-current=page" if href == here else ""}>{e(text)}</a>'
                  for href, text in links)
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
<header id="{e(top)}"><h1>{e(title)} {role}</h1><nav aria-label="pages">{nav}</nav></header>{trust_banner(trust)}
{flash}
{body}
<footer><p class="meta">{e(game)}</p></footer>
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
    return (f'\n<div id="trust" data-live data-trust="{e(trust.status)}"><p class="{kind}">{e(for_people(trust.line()))}</p>'
            "</div>")


#: a box that scrolls sideways inside the page: reachable by the keyboard too, and named
BOX = 'tabindex="0" role="region" aria-label="a table or drawing that scrolls sideways"'


# -- pieces --------------------------------------------------------------------------------------------


def table(rows: Sequence[Mapping[str, Any]], keys: Sequence[str] | None = None, *, highlight: Iterable[int] = (),
          game: Game | None = None, pinned: bool = False) -> str:
    """Rows as a table in a box of its own (it scrolls inside it, never the page), labelled cards on a phone
    when it has more than three columns; ``pinned``: never cards, one line a row, its first column pinned
    while the others scroll (a standings table). Each text said for people (``for_people``)."""
    if not rows:
        return '<p class="meta">(none)</p>'
    if keys is None:
        keys = []
        for row in rows:
            keys += [k for k in row if k not in keys]
    marked = set(highlight)
    head = "".join(f'<th scope="col">{e(str(k))}</th>' for k in keys)
    body = "".join(
        f"<tr{' class=winner' if i in marked else ''}>"
        + "".join(f'<td data-label="{e(str(k))}"><span>{e(for_people(text(row.get(k, "")), game))}</span></td>'
                  for k in keys) + "</tr>"
        for i, row in enumerate(rows))
    cards = ' class="pinned"' if pinned else ' class="cards"' if len(keys) > 3 else ""  # three columns fit a phone
    return f'<div class="scroll" {BOX}><table{cards}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def now_section(game: Game, status: Status, expected: Expectation, events: int, problems: int,
                buttons: str = "", winner: str = "") -> str:
    """Whose turn, the next step in words (``words.next_words``, never the CLI's command), the plays to tap
    (``buttons``), the headline; on a finished game, the winner instead of a next step."""
    who = expected.player or status.active_player
    over = expected.finished or status.finished
    turn = "The game is over" if over else f"{who} to play" if who else "Nobody in particular to play"
    head = " · ".join(e(for_people(line, game)) for line in status.headline)
    broken = (f'<p class="bad">{problems} recorded play(s) break a rule: see <a href="/check">Check</a></p>'
              if problems else "")
    step = (f'<p class="winner-line">{winner}</p>' if over and winner
            else f'<p class="next">Next: {nobreak(e(next_words(game, expected, bool(buttons))))}</p>')
    return (f'<section id="now" data-live><h2 class="turn">{e(turn)}</h2><p class="meta">{head}</p>{step}{buttons}'
            f'{broken}</section>')


def nobreak(escaped: str) -> str:
    """``escaped`` (HTML) with each code that holds a hyphen (FY-1, S-TOAST, Blakkar.w3) kept on one line."""
    return re.sub(r"(?<![\w-])([A-Za-z0-9.]+(?:-[A-Za-z0-9.]+)+)(?![\w-])", r'<span class="nb">\1</span>', escaped)


def winner_html(score: ScoreTable | None) -> str:
    """The winner said once, as ``score`` says it (``Winner: Ann``, ``Shared victory: …``), or ''."""
    from scorekeeper.render.report import winner_line

    if score is None or not score.winners:
        return ""
    said, names = winner_line(score).split(": ", 1)
    return f"{e(said)}: <b>{e(names)}</b>"


def score_rows(score: ScoreTable, explain: bool = False, played: str = "", said: bool = True) -> str:
    """The scoring table (rank, player, each category with ``explain``, total), winners highlighted; it fits a
    phone or scrolls inside its own box, the rank, the player and the total pinned. ``said``: with the line
    saying whether it is final and who won (the table page says both above it)."""
    ordered = sorted(score.rows, key=lambda r: (r.rank, score.rows.index(r)))
    categories = list(score.categories) if explain else []
    head = ('<th scope="col" class="rank num">rank</th><th scope="col" class="who">player</th>'
            + "".join(f'<th scope="col" class="num">{e(c)}</th>' for c in categories)
            + '<th scope="col" class="total num">total</th>')
    rows = "".join(
        f"<tr{' class=winner' if r.player in score.winners else ''}><td class=\"rank num\">{r.rank}</td>"
        f'<th scope="row" class="who">{e(r.player)}</th>'
        + "".join(f'<td class="num">{e(text(r.categories.get(c, 0)))}</td>' for c in categories)
        + f'<td class="total num">{e(text(r.total))}</td></tr>' for r in ordered)
    state = "Final score" if score.final else "Provisional score (the game is not over)"
    lead = f"<p>{winner_html(score)}</p>" if score.winners and (said or not score.final) else ""
    notes = "".join(f'<p class="meta">Note: {e(for_people(n))}</p>' for n in score.notes)
    tiebreak = f"<p>Tiebreak: {e(for_people(score.tiebreak))}</p>" if score.tiebreak else ""
    when = f'<p class="meta">{e(played)}</p>' if played else ""
    wide = f'<div class="scroll{" wide-only" if categories else ""}" {BOX}><table class="score"><thead><tr>{head}</tr></thead>'
    wide += f"<tbody>{rows}</tbody></table></div>"
    return ((f'<p><b>{e(state)}</b></p>' if said else "") + wide + (turned(score, ordered) if categories else "")
            + f"{lead}{tiebreak}{when}{notes}")


def turned(score: ScoreTable, ordered: Sequence[Any]) -> str:
    """The score sheet on a phone, as the terminal turns it: the categories down, the players across (the rank on
    top, the total at the foot), the categories pinned while many players scroll in the box."""
    head = '<th scope="col">category</th>' + "".join(f'<th scope="col" class="num">{e(r.player)}</th>' for r in ordered)
    lines = [("rank", [str(r.rank) for r in ordered])]
    lines += [(c, [text(r.categories.get(c, 0)) for r in ordered]) for c in score.categories]
    lines.append(("total", [text(r.total) for r in ordered]))
    body = "".join(f'<tr{" class=sum" if name == "total" else ""}><th scope="row">{e(name)}</th>'
                   + "".join(f'<td class="num">{e(v)}</td>' for v in values) + "</tr>" for name, values in lines)
    return (f'<div class="scroll phone-only" {BOX}><table class="pinned turned"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def lairs_body(svgs: Sequence[str]) -> str:
    """The 8 Dragons Lairs (``lair_map.lair_svg``), each in a box that scrolls, drawn 1.4 times larger than the
    report draws them so that a cell's coordinates read on a phone (field report WEB-15), under a legend."""
    from scorekeeper.render.lair_map import TILE_FILL, TILE_KIND

    legend = "".join(f'<li style="background:{fill}">{e(TILE_KIND[kind])}</li>' for kind, fill in TILE_FILL.items())
    maps = []
    for svg in svgs:
        size = re.search(r'<svg[^>]*?width="([\d.]+)"[^>]*?height="([\d.]+)"', svg)
        if size:
            width, height = float(size.group(1)) * 1.4, float(size.group(2)) * 1.4
            svg = svg.replace("<svg ", f'<svg style="width:{width:.0f}px;height:{height:.0f}px" ', 1)
        maps.append(f'<div class="lair" {BOX}>{svg}</div>')
    return (f'<ul class="legend" aria-label="tile colours">{legend}</ul><p class="meta">Each hexagon is a tile: its '
            "name, its face, its artifacts and printed Gold ($N), its cell q,r. Thick dark sides are walls, thin dashed "
            "ones open edges; a gold dot is a Chamber; an empty dotted hexagon is an open place, with its cell and the "
            f'sides where the Lair is open to it.</p><div class="lairs">{"".join(maps)}</div>')


def provenance(table: ScoreTable, game: Game | None = None) -> str:
    """Where each point came from, one short line each, under each player (field report WEB-16: no tall card)."""
    by_player: dict[str, list[str]] = {}
    for x in table.explanations:
        points = text(x.points)
        signed = points if points.startswith("-") else f"+{points}"
        by_player.setdefault(x.player, []).append(
            f'<li><b class="num">{e(signed)}</b> {e(x.category)}: {e(for_people(text(x.source), game))}</li>')
    if not by_player:
        return '<p class="meta">(none)</p>'
    return "".join(f'<h3>{e(who)}</h3><ul class="sources">{"".join(lines)}</ul>' for who, lines in by_player.items())


def score_section(score: ScoreTable | None, problem: str | None, played: str = "") -> str:
    inner = score_rows(score, played=played, said=False) if score is not None else f'<p class="bad">{e(for_people(problem or ""))}</p>'
    heading = "Final score" if score is not None and score.final else "Score so far (provisional)"
    return (f'<section id="score" data-live><h2>{heading}</h2>{inner}<p><a href="/score">The score sheet</a></p>'
            "</section>")


def status_tag(status: str) -> str:
    return f'<span class="tag {e(status.split()[0] if status else "")}">{e(status)}</span>'


def play_items(rows: Sequence[Mapping[str, Any]], recorded: int | None = None, game: Game | None = None) -> str:
    """Plays (``Session.log`` rows) as a list: number, what happened, the verdict, the rules broken ("forced"
    said once: a forced play's status already says it)."""
    from scorekeeper.app.rule_summaries import summary

    items = []
    for row in rows:
        rules = "".join(f'<br><span class="tag error">{e(r)}</span> <span class="summary">{e(summary(r) or "")}</span>'
                        for r in row["rules"])
        said = [f for f in str(row["flags"]).split(", ") if f and f not in str(row["status"]).split()]
        flags = f' <span class="meta">{e(", ".join(said))}</span>' if said else ""
        mark = ' class="recorded"' if row["seq"] == recorded else ""
        items.append(f'<li{mark} id="play-{row["seq"]}"><b>#{row["seq"]}</b> {e(for_people(row["description"], game))} '
                     f'{status_tag(row["status"])}{flags}{rules}</li>')
    return f'<ol class="plays" reversed>{"".join(items)}</ol>' if items else '<p class="meta">No plays yet.</p>'


def plays_section(rows: Sequence[Mapping[str, Any]], recorded: int | None, game: Game | None = None) -> str:
    last = list(reversed(rows[-10:]))
    return (f'<section id="plays" data-live><h2>Last plays</h2>{play_items(last, recorded, game)}'
            f'<p><a href="/log">The whole log</a> <span class="meta">({len(rows)} events recorded)</span></p></section>')


def hidden_token(form_token: str) -> str:
    return f'<input type="hidden" name="form_token" value="{e(form_token)}">'


def label(type: str) -> str:
    return type.replace("_", " ").lower()


def play_buttons(game: Game, expected: Expectation) -> str:
    """One button per play the game offers now ("Ann: visit a shop"); none once the game is over."""
    buttons = [f'<a class="button" href="/play?{e(offer.query)}">{nobreak(e(offer.button))}</a>'
               for offer in offers(game, expected)]
    return f'<div class="choices" id="plays-now">{"".join(buttons)}</div>' if buttons else ""


def record_section(game: Game, expected: Expectation, form_token: str) -> str:
    """What else a phone with the token can do: a play the game offers now for someone the buttons do not name
    (only what is legal now), a note, what the table shows; no play once the game is over."""
    others = other_plays(game, expected)
    options = "".join(f'<option value="{e(name)}">{e(said)}</option>' for name, said in others)
    another = (f'<form method="get" action="/play"><label for="another">Another play</label><div class="row">'
               f'<select id="another" name="type">{options}</select><button type="submit">Open its form</button></div></form>'
               if others else "")
    token = hidden_token(form_token)
    return f"""<section id="record" class="wide" data-live><h2>{"Record" if others else "Add to the record"}</h2>
{another}<form method="post" action="/note"><label for="note-text">A note</label><div class="row">{token}<input id="note-text" name="text" required maxlength="2000" placeholder="a ruling, a dispute, a reminder">
<button type="submit">Add the note</button></div></form>
<p><a class="button light" href="/assert">Assert what the table shows</a></p>
</section>"""


def undo_section(last: Mapping[str, Any] | None) -> str:
    """At the foot of the table: a way to undo the last play, through a confirmation (``undo_body``)."""
    if last is None:
        return ""
    return (f'<section id="undo" class="wide" data-live><h2>A mistake?</h2><p>The last play: <b>#{last["seq"]}</b> '
            f'{e(for_people(last["description"]))}</p><p><a class="button danger light" href="/undo">Undo the last play…</a>'
            "</p></section>")


def undo_body(last: Mapping[str, Any] | None, form_token: str) -> str:
    """The confirmation of an undo: it names the play it voids; nothing happens without the box ticked."""
    if last is None:
        return '<main><section><h2>Undo</h2><p>Nothing to undo: no play yet.</p><p><a class="button light" href="/">Back to the table</a></p></section></main>'
    what = f'#{last["seq"]} {for_people(last["description"])}'
    return f"""<main><section><h2>Undo the last play?</h2><p>This voids <b>{e(what)}</b>. The play stays in the log, struck
through, and the board goes back to before it.</p>
<form method="post" action="/undo">{hidden_token(form_token)}<input type="hidden" name="seq" value="{last["seq"]}">
<label class="check"><input type="checkbox" name="confirm" value="yes" required>Yes, void {e(what)}</label>
<p class="row"><button type="submit" class="danger">Void #{last["seq"]}</button> <a class="button light" href="/">Keep it</a></p>
</form></section></main>"""


def read_only_note() -> str:
    return ('<section id="record" class="wide"><p class="meta">This address only reads. To record, open the '
            "table's address with its token: the address the host's terminal shows, or its QR code.</p></section>")


def message_body(message: str, status: int) -> str:
    return (f'<main><section><h2>{"Not allowed" if status in (401, 403) else "Cannot do that"}</h2>'
            f'<p class="bad">{e(for_people(message))}</p><p><a class="button light" href="/">Back to the table</a></p></section></main>')


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


def status_body(game: Game, status: Status, expected: Expectation) -> str:
    """The whole board (``state``): the headline, what is expected (in words: ``next_words``), the players,
    every section."""
    parts = [f"<p><b>{'<br>'.join(e(for_people(line, game)) for line in status.headline)}</b></p>",
             f'<p class="next">Next: {e(next_words(game, expected))}</p>']
    if status.players:
        parts.append(f"<h2>Players</h2>{table(status.players, game=game)}")
    parts += [f"<h2>{e(s.title)}</h2>{table(s.rows, game=game)}" for s in status.sections]
    parts += [f'<p class="meta">Note: {e(for_people(n, game))}</p>' for n in status.notes]
    return "".join(parts)


def rulings(findings: Sequence[Finding]) -> str:
    """Each rule broken: its ID, severity, the message, and the rule's one-line summary."""
    from scorekeeper.app.rule_summaries import summary

    return "".join(
        f'<div class="ruling"><p><code>{e(f.rule)}</code> <span class="tag {e(f.severity)}">{e(f.severity)}</span></p>'
        f'<p>{e(for_people(f.message))}</p>' + (f'<p class="summary">Rule: {e(s)}</p>' if (s := summary(f.rule)) else "") + "</div>"
        for f in findings)


#: the report on a phone: a wide table scrolls in its own box, the page itself never sideways; 16 px type
REPORT_ON_A_PHONE = ("body{font-size:16px}@media (max-width:700px){body{padding:.6em .8em 2em}"
                     ".lair svg{max-width:100%;height:auto}}")


def report_for_people(page: str) -> str:
    """The report's text (not its tags, script or style) with its command-line words said for people."""
    from html import unescape

    parts = re.split(r"(<script\b.*?</script>|<style\b.*?</style>|<[^>]+>)", page, flags=re.S)
    for i in range(0, len(parts), 2):
        raw = parts[i]
        if raw.strip() and ("scorekeeper" in raw or "--" in raw or re.search(r"\b(?:fc|eh|ed|8d)\s", raw)):
            said = for_people(unescape(raw))
            parts[i] = (" " if raw[:1].isspace() else "") + e(said, quote=False) + (" " if raw[-1:].isspace() else "")
    return "".join(parts)


def live_report(report: str) -> tuple[str, str]:
    """The referee's report page (``html_report.render``) served live: its policy also lets this server's
    script in, its body becomes one live part, and a link leads back to the table. Returns the page and the
    policy to send with it (the page's own, widened the same way)."""
    from scorekeeper.render.html_report import HOOK_HASH, POLICY as REPORT_POLICY

    own = f"script-src 'sha256-{HOOK_HASH}'"
    policy = REPORT_POLICY.replace(own, f"script-src 'self' 'sha256-{HOOK_HASH}'; connect-src 'self'")
    page = report_for_people(report).replace(REPORT_POLICY, policy, 1)
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
        parts.append(f"<h2>{e(game['title'])}: {game['sessions']} finished session(s)</h2>"
                     f"{table(rows, highlight=[0], pinned=True)}")
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
