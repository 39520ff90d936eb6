"""``export --to bgstats-link``: a finished game as BG Stats' push-a-play link (see ``bgstats.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.exports import bgstats

if TYPE_CHECKING:
    from scorekeeper.app.session import Session
    from scorekeeper.app.standings import Result


def export(s: "Session", result: "Result | None", bgg_id: int | None) -> tuple[str, str]:
    """The link, on one line."""
    assert result is not None
    return bgstats.link(result, bgg_id) + "\n", "the BG Stats link"
