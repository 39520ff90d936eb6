"""The registry of games: one declaration per game (name, title, aliases, summary, package), read by all.

A game's package holds its ``Game`` object as ``GAME``; it is imported only when a session of that game is
used, so ``scorekeeper --help`` stays fast. The game object reads its name, title
and aliases from here (``Game.info``): they are declared once. A fourth game is one more line below (or
one ``register`` call from a plug-in or a test).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scorekeeper.errors import BadInput

if TYPE_CHECKING:
    from scorekeeper.games.base import Game


@dataclass(frozen=True)
class GameInfo:
    """A game as the registry knows it, without importing its rules."""

    name: str
    title: str
    aliases: tuple[str, ...]
    package: str  # the package (or module) that holds ``GAME``
    summary: str
    rule_prefix: str = ""  # the prefix of the game's rule IDs (``EH`` in ``EH-SETUP-1``)


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
