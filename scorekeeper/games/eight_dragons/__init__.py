"""8 Dragons: the rules engine (hexagonal Lairs, the figure-8 route, Locations, Missions, Royal Challenges).

Pure Python: imports nothing from the CLI, the journal, the reports, click or tabulate. ``game.GAME`` is
what the registry loads.
"""

from .game import GAME, EightDragons

__all__ = ["GAME", "EightDragons"]
