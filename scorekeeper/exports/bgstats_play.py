"""``export --to bgstats``: a finished game as a play file BG Stats imports (``.bgsplay``; see ``bgstats.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper import __version__
from scorekeeper.exports import bgstats

if TYPE_CHECKING:
    from scorekeeper.app.session import Session
    from scorekeeper.app.standings import Result


def export(s: "Session", result: "Result | None", bgg_id: int | None) -> tuple[str, str]:
    """The play file's text."""
    assert result is not None
    return (bgstats.play_file_text(result, bgg_id, min_players=s.game.min_players, max_players=s.game.max_players,
                                   version=__version__), "the play for BG Stats")
