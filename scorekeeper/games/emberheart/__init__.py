"""Emberheart: rules engine, table companion and scoring. ``game.GAME`` is what the registry loads."""

from typing import Any

__all__ = ["GAME", "Emberheart"]


def __getattr__(name: str) -> Any:
    """``GAME`` and its class, imported with the rules only when asked for: a command that reads only the
    game's settings (``settings --game``) imports ``settings`` alone."""
    if name in __all__:
        from . import game

        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
