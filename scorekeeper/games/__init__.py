"""The registry of games: one declaration per game (name, title, aliases, summary, package), read by all.

A game's package holds its ``Game`` object as ``GAME``; it is imported only when a session of that game is
used, so ``scorekeeper --help`` stays fast. The game object reads its name, title
and aliases from here (``Game.info``): they are declared once. A fourth game is one more line below (or
one ``register`` call from a plug-in or a test).

The room holds the registry and one package per game. May import: ``core/`` (the protocol the games implement) and
``scorekeeper.errors``; a game's package imports only those, the registry and itself (``tests/core/test_layers.py``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from scorekeeper.core.game_info import GameInfo
from scorekeeper.errors import BadInput

if TYPE_CHECKING:
    from scorekeeper.core.protocol import Game
    from scorekeeper.core.settings import Setting

__all__ = ["GameInfo", "REGISTRY", "register", "entry", "load", "later", "declared_settings", "settings_rows"]


REGISTRY: tuple[GameInfo, ...] = (
    GameInfo("emberheart", "Emberheart", ("eh",), "scorekeeper.games.emberheart",
             "Record and check an Emberheart game (alias: eh).", "EH"),
    GameInfo("flamecraft", "Flamecraft", ("fc",), "scorekeeper.games.flamecraft",
             "Record and check a Flamecraft game (alias: fc).", "FC"),
    GameInfo("eight-dragons", "8 Dragons", ("ed", "8d"), "scorekeeper.games.eight_dragons",
             "Record and check an 8 Dragons game (aliases: ed, 8d).", "ED"),
)


def register(game: GameInfo) -> None:
    """Add a game to the registry (a plug-in, or a test's fake game); a name already there is replaced."""
    global REGISTRY
    REGISTRY = tuple(g for g in REGISTRY if g.name != game.name) + (game,)


class UnknownGameError(BadInput, LookupError):
    """A game name or alias the registry does not know."""


def entry(name: str) -> GameInfo:
    """The registry entry for a game name or alias (case-insensitive)."""
    wanted = name.strip().lower()
    for game in REGISTRY:
        if wanted == game.name or wanted in game.aliases:
            return game
    known = ", ".join(f"{g.name} ({'/'.join(g.aliases)})" for g in REGISTRY)
    raise UnknownGameError(f"unknown game {name!r}; choose one of: {known}")


def load(name: str) -> "Game":
    """The game object for a name or alias; imports the game's package."""
    module = importlib.import_module(entry(name).package)
    game: Game = module.GAME
    return game


def later(module: str, name: str) -> Callable[..., Any]:
    """The function ``name`` of ``module``, imported when it is first called: a game's rules that a read with the
    replay cache warm never runs stay unimported (issue 32)."""
    def called(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return called


def declared_settings(game: GameInfo) -> Sequence["Setting"]:
    """The settings the game of registry entry ``game`` declares; a game package declares them in its module
    ``settings``, so its rules are not imported for them."""
    try:
        return tuple(importlib.import_module(f"{game.package}.settings").SETTINGS)
    except (ImportError, AttributeError):
        return tuple(load(game.name).settings)


def settings_rows(game_name: str, values: Mapping[str, Any] | None = None,
                  sources: Mapping[str, str] | None = None) -> tuple[GameInfo, list[dict[str, Any]]]:
    """A game's settings as table rows (``key``, value, source, meaning, ``mid-game``): its defaults, or ``values``."""
    from scorekeeper.core.settings import describe

    game = entry(game_name)
    declared = declared_settings(game)
    rows = describe(declared, dict(values or {}), dict(sources or {}))
    for row in rows:
        row["mid-game"] = next(st.mutable for st in declared if st.key == row["key"])
    return game, rows
