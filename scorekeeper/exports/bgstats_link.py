"""``export --to bgstats-link``: a finished game as BG Stats' push-a-play link (see ``bgstats.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.exports import bgstats

if TYPE_CHECKING:
    from scorekeeper.exports import Options
    from scorekeeper.app.session import Session
    from scorekeeper.app.standings import Result


def export(s: "Session", result: "Result | None", options: "Options") -> tuple[str, str]:
    """The link, on one line."""
    assert result is not None
    return (bgstats.link(result, options.bgg_id, location=options.location, for_qr=options.qr,
                         board=s.game.board(s.config.settings)) + "\n",
            "the BG Stats link")
