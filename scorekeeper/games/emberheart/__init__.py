"""Emberheart: rules engine, table companion and scoring. ``game.GAME`` is what the registry loads."""

from scorekeeper.games.emberheart.game import GAME, Emberheart

__all__ = ["GAME", "Emberheart"]
