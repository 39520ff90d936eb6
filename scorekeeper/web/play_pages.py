"""The phone's play pages: a play made by taps (the pick flow of ``forms.pick_flow``), a play the game asks more of,
and a play the rules refuse, each in the table's words (every text escaped, ``html.escape``).

A play is picked word by word: each word's legal values are buttons (links that reload the page with that word
picked), the picks so far are shown with a "change it" each, a ``many`` word gathers several picks, and "Record"
posts the draft. A play the game asks more of comes back with the asked word offered in place; a refused one comes
back with its picks kept, each rule broken in words, and a confirmed "The table agrees: record it anyway". The
game's messages are written for the command line: ``words.for_people`` says them in words.
"""

from __future__ import annotations

import json
from html import escape as e
from typing import Mapping, Sequence

from scorekeeper.core.protocol import Expectation, Finding, Game, Word
from scorekeeper.errors import Refused
from scorekeeper.web.forms import BY, CHOICES, Flow, Input, pick_flow, picks_of
from scorekeeper.web.pages import hidden_token
from scorekeeper.web.words import for_people


def field_input(item: Input) -> str:
    """One typed input of a play form (a name, a face no catalog holds): text, or a number as its kind says."""
    name = e(item.name)
    hint = f' <span class="hint">{e(item.hint)}</span>' if item.hint else ""
    required = " required" if item.required else ""
    head = f'<label for="f-{name}">{e(item.label)}{" *" if item.required else ""}{hint}</label>'
    kind = {"int": ' type="number" step="1" inputmode="numeric"', "num": ' type="number" step="any" inputmode="decimal"'}
    return (f'{head}<input id="f-{name}" name="{name}"{kind.get(item.kind, " type=text")}{required} maxlength="2000"'
            f' value="{e(item.default)}" autocomplete="off">')


def _href(query: str) -> str:
    return e(f"/play?{query}")


def _link(query: str, text: str) -> str:
    return f'<a href="{_href(query)}" class="button light">{e(text)}</a>'


def _picked(flow: Flow) -> str:
    """The picks so far, each with its "change it" (a ``many`` word's picks each with "remove")."""
    picks = flow.picks
    rows = []
    if picks.player:
        rows.append(f'<div class="pick"><dt>player</dt><dd><b>{e(picks.player)}</b> '
                    f'{_link(picks.query(player=None), "change it")}</dd></div>')
    for word, value in flow.picked:
        change = _link(picks.query(**{word.name: None}), "change it")
        if isinstance(value, list):
            items = "".join(f'<li><b>{e(v)}</b> {_link(picks.query(remove=(word.name, i)), "remove")}</li>'
                            for i, v in enumerate(value))
            shown = f"<ul>{items}</ul>{change}"
        else:
            shown = f"<b>{e(value)}</b> {change}"
        rows.append(f'<div class="pick" data-word="{e(word.name)}"><dt>{e(word.said)}</dt><dd>{shown}</dd></div>')
    return f'<dl class="picked" id="picked">{"".join(rows)}</dl>' if rows else ""


def _offer(flow: Flow) -> str:
    """The next thing to pick: the player, or the current word's legal values, each a button."""
    picks = flow.picks
    if flow.players:
        who = "".join(f'<a class="button" data-pick="player" data-value="{e(p)}" '
                      f'href="{_href(picks.query(player=p))}">{e(p)}</a>' for p in flow.players)
        return (f'<fieldset id="offer" data-word="player"><legend>Who plays?</legend>'
                f'<div class="choices">{who}</div></fieldset>')
    word = flow.current
    if word is None:
        return ""
    buttons = []
    for value in flow.values:
        query = picks.query(add=(word.name, value)) if word.many else picks.query(**{word.name: value})
        note = f' <span class="hint">{e(flow.notes[value])}</span>' if value in flow.notes else ""
        buttons.append(f'<a class="button" data-pick="{e(word.name)}" data-value="{e(value)}" href="{_href(query)}">'
                       f'{e(value)}{note}</a>')
    held = picks.words.get(word.name)
    if word.many and held:
        buttons.append(f'<a class="button light" data-pick="{e(word.name)}" data-done="yes" '
                       f'href="{_href(picks.query(finish=word.name))}">done</a>')
    elif not word.required:
        buttons.append(f'<a class="button light" data-pick="{e(word.name)}" data-done="yes" '
                       f'href="{_href(picks.query(finish=word.name))}">none</a>')
    ask = word.said[:1].upper() + word.said[1:] + (" (one at a time)" if word.many else "")
    helped = f'<p class="hint">{e(for_people(word.help))}</p>' if word.help else ""
    other = _other_value(flow, word, open=not flow.values)
    return (f'<fieldset id="offer" data-word="{e(word.name)}"><legend>{e(ask)}</legend>{helped}'
            f'<div class="choices">{"".join(buttons)}</div>{other}</fieldset>')


def _other_value(flow: Flow, word: Word, open: bool = False) -> str:
    """A value the game does not list now, typed (``open``: the word's only control, a face no catalog holds; else
    folded away, field report WEB-12: a play really made at the table, which the rules may refuse, then recorded
    only when the table confirms it)."""
    kept = "".join(f'<input type="hidden" name="{e(k)}" value="{e(v)}">' for k, v in _pairs(flow.picks.query()))
    form = (f'<form method="get" action="/play" class="inline">{kept}'
            f'<input name="{e(word.name)}" maxlength="200" aria-label="{e(word.said)}" autocomplete="off"'
            f'{" required" if open else ""}><button type="submit">{"Add" if word.many else "Use it"}</button></form>')
    return form if open else f'<details><summary>The table played something not listed here</summary>{form}</details>'


def _pairs(query: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    return parse_qsl(query, keep_blank_values=True)


def _record_form(flow: Flow, form_token: str) -> str:
    """The form that records the play: the picks as they are, the typed words as text fields."""
    picks = flow.picks
    kept = [(BY, CHOICES), ("type", picks.type)] + ([("player", picks.player)] if picks.player else [])
    kept += [(k, json.dumps(v) if isinstance(v, list) else v) for k, v in picks.words.items()]
    hidden = "".join(f'<input type="hidden" name="{e(k)}" value="{e(v)}">' for k, v in kept)
    typed = "".join(field_input(Input(w.name, w.said, "str", w.required, hint=for_people(w.help))) for w in flow.typed)
    more = "".join(field_input(Input(w.name, w.said, "str", hint=for_people(w.help))) for w in flow.more)
    if not flow.ready and not typed:
        return ""
    more = f"<details><summary>More to say (typed)</summary>{more}</details>" if more else ""
    return (f'<form method="post" action="/play" class="stack" id="play-form">{hidden_token(form_token)}{hidden}'
            f'{typed}{more}<p><button type="submit">Record</button></p></form>')


def _findings(findings: Sequence[Finding]) -> str:
    """Each rule broken, in words: its ID, its summary, what the game says of this play."""
    from scorekeeper.app.rule_summaries import summary

    parts = []
    for f in findings:
        rule = summary(f.rule)
        parts.append(f'<div class="ruling"><p><code>{e(f.rule)}</code>' + (f" {e(rule)}" if rule else "") + "</p>"
                     f"<p>{e(for_people(f.message))}</p></div>")
    return "".join(parts)


def _anyway(flow: Flow, form_token: str) -> str:
    """Recording a refused play anyway: the table's confirmed choice, flagged for good."""
    picks = flow.picks
    kept = [(BY, CHOICES), ("type", picks.type), ("force", "yes")] + ([("player", picks.player)] if picks.player else [])
    kept += [(k, json.dumps(v) if isinstance(v, list) else v) for k, v in picks.words.items()]
    hidden = "".join(f'<input type="hidden" name="{e(k)}" value="{e(v)}">' for k, v in kept)
    return (f'<form method="post" action="/play" class="stack" id="force-form">{hidden_token(form_token)}{hidden}'
            f'<label><input type="checkbox" name="confirm" value="yes" required>The table agrees: this is what was '
            f'played (it stays flagged in the log, the check and the report)</label>'
            f'<p><button type="submit" class="danger">The table agrees: record it anyway</button></p></form>')


def play_page_body(flow: Flow, form_token: str, message: str = "", findings: Sequence[Finding] = ()) -> str:
    """A play by taps: what was picked, the next pick as buttons, Record; after an answer of the game, its message
    (an ask: the asked word offered in place; a refusal: the rules in words and the confirmed 'record it anyway')."""
    asks = bool(findings) and all(f.asks for f in findings)
    said = ""
    if asks:
        said = (f'<div class="flash ask" id="asked"><p><b>One more thing</b></p>'
                + "".join(f"<p>{e(for_people(f.message))}</p>" for f in findings) + "</div>")
    elif findings or message:
        said = (f'<div class="flash refused" id="refusal"><p><b>The rules refuse this play: nothing was recorded.</b> '
                f'Change what was picked, or record it as the table played it.</p>'
                + (_findings(findings) or f"<p>{e(for_people(message))}</p>") + "</div>")
    anyway = _anyway(flow, form_token) if findings and not asks else ""
    return (f'<main><section id="play" data-play="{e(flow.picks.type)}"><h2>{e(flow.said)}</h2>'
            f'<p class="meta">{e(for_people(flow.description))}</p>{said}{_picked(flow)}{_offer(flow)}'
            f'{_record_form(flow, form_token)}{anyway}'
            f'<p><a class="button light" href="/">Cancel</a></p></section></main>')


def pick_body(game: Game, players: Sequence[str], expected: Expectation, sent: Sequence[tuple[str, str]],
              form_token: str, refusal: Refused | None = None) -> str:
    """The play page of the picks ``sent`` (an address's query, or a post by choices the game answered with
    ``refusal``: the words its findings name are offered first)."""
    findings = refusal.findings if refusal is not None else []
    asked = [f.word for f in findings if f.word]
    flow = pick_flow(game, players, expected, picks_of(game, sent), asked)
    return play_page_body(flow, form_token, str(refusal) if refusal is not None else "", findings)


def refusal_body(message: str, findings: Sequence[Finding], action: str, sent: Mapping[str, str],
                 form_token: str | None) -> str:
    """A refused write sent field by field (an undo, a play a script typed): each rule broken in words; with the
    token, recording it anyway is the table's confirmed choice. A play that only leaves out a choice (every finding
    an ask) is incomplete: the page says what to add, and nothing can record it as it is (field report UX-12)."""
    anyway = ""
    incomplete = bool(findings) and all(f.asks for f in findings)
    if findings and form_token is not None and not incomplete:
        kept = "".join(f'<input type="hidden" name="{e(k)}" value="{e(v)}">' for k, v in sent.items()
                       if k not in ("form_token", "force", "confirm"))
        anyway = f"""<form method="post" action="{e(action)}" class="stack" id="force-form">{hidden_token(form_token)}{kept}
<input type="hidden" name="force" value="yes">
<label><input type="checkbox" name="confirm" value="yes" required>The table agrees: this is what was played
(it stays flagged in the log, the check and the report)</label>
<p><button type="submit" class="danger">The table agrees: record it anyway</button></p></form>"""
    first = for_people(message.split("\n")[0])
    title = "Incomplete: say what the play leaves out" if incomplete else "Refused: nothing was recorded"
    return (f'<main><section><h2>{title}</h2><p class="bad">{e(first)}</p>{_findings(findings)}{anyway}'
            f'<p><a class="button light" href="/">Back to the table</a></p></section></main>')

