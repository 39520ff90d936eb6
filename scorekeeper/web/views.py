"""The bodies of the session's read pages, each built from a ``Session`` under the served session's lock: the live
table (in the order a player needs it after a play), the score sheet, the chart, the Lairs, the check.

``app`` routes a request to one of these and wraps the body in the page (``pages.layout``); ``pages`` holds the
HTML pieces they are made of.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.app.session import Session
from scorekeeper.core.protocol import Finding, MissingValueError
from scorekeeper.web import pages
from scorekeeper.web.words import for_people


def table(s: Session, *, writer: bool, screen: bool, recorded: int | None, form_token: str) -> tuple[str, str, str]:
    """The live table's body, its flash (the verdict of play ``recorded``) and the id its top carries (the
    anchor a redirect after a play lands on: ``play-N``). On a phone the first screen holds the verdict, whose
    turn it is, the next step and the plays to tap, then the score (the winner once the game is over) and, once
    it is over, "Open in BG Stats" (``bgstats_page``); what else can be recorded, the last plays and the undo
    follow (field report WEB-1, WEB-10, WEB-11)."""
    from scorekeeper.render.played import played_line
    from scorekeeper.web.bgstats_page import bgstats_offer_html

    status, expected, rows, game = s.status(), s.expect(), s.log(), s.game
    score, problem = score_of(s)
    over = expected.finished or status.finished
    buttons = pages.play_buttons(game, expected) if writer else ""
    parts = [pages.now_section(game, status, expected, len(rows), len(s.replay().errors), buttons,
                               pages.winner_html(score) if over else ""),
             pages.score_section(score, problem, played_line(s)),
             bgstats_offer_html(s, over=score is not None and score.final and problem is None)]
    if not screen:
        parts.append(pages.record_section(game, expected, form_token) if writer else pages.read_only_note())
    parts.append(pages.plays_section(rows, recorded, game))
    if writer:
        parts.append(pages.undo_section(last_play(rows)))
    row = next((r for r in rows if r["seq"] == recorded), None) if recorded is not None else None
    flash = (f'<p class="flash" id="flash" role="status">#{recorded} recorded: '
             f'{pages.nobreak(pages.e(for_people(row["description"], game)))}</p>') if row is not None else ""
    return f'<main class="live">{"".join(parts)}</main>', flash, f"play-{recorded}" if row is not None else "top"


def score_sheet(s: Session) -> str:
    """Every category (turned on a phone), the winner, the tiebreak, when it was played, and where each point
    came from."""
    from scorekeeper.render.played import played_line

    table, problem = score_of(s)
    if table is None:
        return f'<p class="bad">{pages.e(for_people(problem or ""))}</p>'
    return (pages.score_rows(table, explain=True, played=played_line(s)) + "<h2>Where each point came from</h2>"
            + pages.provenance(table, s.game))


def chart(s: Session) -> str:
    """The score over time, with its legend (on a phone) and its caption in full under it (REPORT-2)."""
    from scorekeeper.app.timeline import timeline
    from scorekeeper.render import chart as charts
    from scorekeeper.render.html_report import chart_caption, chart_legend

    try:
        drawn = charts.svg(timeline(s))
    except MissingValueError as exc:
        return f'<p class="bad">The chart is not available: {pages.e(for_people(str(exc)))}</p>'
    caption = chart_caption(drawn)
    return (f'<div class="chart" {pages.BOX}>{drawn}</div>{chart_legend(drawn, "phone-only")}'
            + (f'<p class="meta">{caption}</p>' if caption else ""))


def lairs(s: Session) -> str:
    from scorekeeper.render.lair_map import lair_svg
    from scorekeeper.render.report_data import lairs_of

    found = lairs_of(s.snapshot())
    if not found:
        return f'<p class="meta">{pages.e(s.game.title)} has no Lairs to draw.</p>'
    return pages.lairs_body([lair_svg(lair) for lair in found])


def check(s: Session) -> str:
    findings = [Finding(v.rule, f"#{v.seq} {for_people(v.message, s.game)}", v.severity) for v in s.replay().violations]
    return pages.rulings(findings) if findings else f'<p class="ok">No violations in {s.journal.count} events.</p>'


def last_play(rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The event an undo voids (``Session.undo``): the newest that still counts, a void excepted."""
    from scorekeeper.core.events import VOID

    return next((r for r in reversed(rows) if r["type"] != VOID and r["status"] != "voided"), None)


def score_of(s: Session) -> tuple[Any, str | None]:
    """The score table and, when the game cannot score everything yet, what is missing."""
    try:
        return s.score(), None
    except MissingValueError as exc:
        return exc.table, str(exc)
