"""``export --to bgstats``: a finished game as a play file BG Stats imports (``.bgsplay``; see ``bgstats.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper import __version__
from scorekeeper.exports import bgstats

if TYPE_CHECKING:
    from scorekeeper.exports import Options
    from scorekeeper.app.session import Session
    from scorekeeper.app.standings import Result


def export(s: "Session", result: "Result | None", options: "Options") -> tuple[str, str]:
    """The play file's text."""
    assert result is not None
    return (bgstats.play_file_text(result, options.bgg_id, me=options.me, location=options.location,
                                   min_players=s.game.min_players, max_players=s.game.max_players,
                                   version=__version__, board=s.game.board(s.config.settings),
                                   new_players=options.new_players), "the play for BG Stats")
