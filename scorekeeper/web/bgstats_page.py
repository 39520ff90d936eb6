"""BG Stats from the phone: a finished game's "Open in BG Stats" link and its QR code (field report UX-5).

The link is the one ``export --to bgstats-link`` writes (``exports.bgstats_link``, the same play): the button
carries it fully escaped, the QR code its shorter form (the JSON's punctuation left as it is, ``--qr``'s), which
BG Stats reads back as the same play. The code is an inline SVG (``segno``): no script, no image fetched,
nothing another site serves, so the site's Content-Security-Policy holds; every text is escaped.

- ``bgstats_links(session)``: the two links of a finished game (None while it is not over);
- ``bgstats_body(session)``: what ``/bgstats`` shows inside its section;
- ``bgstats_offer_html(session)``: a live section the table page embeds: the offer once the game is over, an
  empty placeholder with the same ``id`` before (so that the live refresh brings it in when the game ends).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from scorekeeper.app.session import Session

#: the id of the section the table page embeds (the live refresh swaps it by id)
OFFER_ID = "bgstats-offer"
#: the QR code's error correction: the lowest, the smallest code (a screen is scanned clean)
QR_ERROR = "l"


class Links(NamedTuple):
    """A finished game's BG Stats link: ``full`` (every character escaped, for a tap) and ``short`` (for a QR
    code: the same play, a third shorter)."""

    full: str
    short: str


def bgstats_links(s: "Session") -> Links | None:
    """The BG Stats links of the session's play (None while the game is not over, or over with a score still
    missing a value: a Flamecraft game whose moon dragons are not judged yet)."""
    from scorekeeper.app.standings import result_of
    from scorekeeper.core.protocol import MissingValueError
    from scorekeeper.exports import Options, bgstats_link

    try:
        result = result_of(s)
    except MissingValueError:
        return None
    if not result.final:
        return None
    full, _ = bgstats_link.export(s, result, Options(location=s.location()))
    short, _ = bgstats_link.export(s, result, Options(location=s.location(), qr=True))
    return Links(full.strip(), short.strip())


def qr_svg(data: str, label: str) -> str:
    """The QR code of ``data`` as an inline SVG (dark on white, its quiet zone included), scaled to its box."""
    import segno

    svg = segno.make(data, error=QR_ERROR).svg_inline(scale=1, border=4, omitsize=True, dark="#000", light="#fff",
                                                      title=label)
    return svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)


def offer(links: Links, players: int) -> str:
    """The link as a button and its QR code, with what they do in words."""
    label = "QR code of this game for BG Stats"
    return (f'<p>On the phone where BG Stats is installed, tap the button, or scan the code with its camera: '
            f'BG Stats opens with this game filled in ({players} players, every score).</p>'
            f'<p><a class="button" href="{escape(links.full)}" rel="noopener noreferrer">Open in BG Stats</a></p>'
            f'<figure class="qr" style="max-width:22rem;margin:0;background:#fff;padding:0.5rem">'
            f'{qr_svg(links.short, label)}<figcaption class="meta">Scan with the phone that has BG Stats.'
            f'</figcaption></figure>')


def bgstats_body(s: "Session") -> str:
    """What ``/bgstats`` shows: the offer, or, while the game goes on, when it will come."""
    links = bgstats_links(s)
    if links is None:
        return ('<p class="meta">The game is not over yet: when it ends, this page offers it to BG Stats '
                '(a button and a QR code).</p>')
    return offer(links, len(s.players))


def bgstats_offer_html(s: "Session", over: bool = True) -> str:
    """The table page's "Open in BG Stats" section once the game is over; before, an empty live placeholder.
    ``over`` False: the caller knows the game goes on (its score is provisional), so no link is worked out: the
    table page renders at every play on every phone."""
    links = bgstats_links(s) if over else None
    if links is None:
        return f'<section id="{OFFER_ID}" data-live hidden></section>'
    return f'<section id="{OFFER_ID}" data-live><h2>Open in BG Stats</h2>{offer(links, len(s.players))}</section>'
