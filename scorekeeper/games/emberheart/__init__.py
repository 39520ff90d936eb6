"""Emberheart: rules engine, table companion and scoring (issue 3). ``GAME`` is what the registry loads."""

from scorekeeper.games.emberheart.game import Emberheart

GAME = Emberheart()

__all__ = ["GAME", "Emberheart"]
