"""8 Dragons: the rules engine (hexagonal Lairs, the figure-8 route, Locations, Missions, Royal Challenges).

Pure Python: imports nothing from the CLI, the journal, the reports, click or tabulate. ``game.GAME`` is
what the registry loads.
"""


from typing import Any

__all__ = ["GAME", "EightDragons"]


def __getattr__(name: str) -> Any:
    """``GAME`` and its class, imported with the rules only when asked for: a command that reads only the
    game's settings (``settings --game``) imports ``settings`` alone."""
    if name in __all__:
        from . import game

        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
