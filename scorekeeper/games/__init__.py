"""The registry of games: a plain table of names, aliases and the module holding each game's ``GAME``.

Game packages are imported only when a session of that game is used, so ``scorekeeper --help`` stays fast.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.games.base import Game


@dataclass(frozen=True)
class GameEntry:
    name: str
    title: str
    aliases: tuple[str, ...]
    module: str  # holds ``GAME``
    cli_module: str  # holds the click ``group`` (imported by the CLI only, never by game code)
    summary: str


REGISTRY: tuple[GameEntry, ...] = (
    GameEntry("emberheart", "Emberheart", ("eh",), "scorekeeper.games.emberheart", "scorekeeper.cli.emberheart",
              "Record and check an Emberheart game (alias: eh)."),
    GameEntry("flamecraft", "Flamecraft", ("fc",), "scorekeeper.games.flamecraft", "scorekeeper.cli.flamecraft",
              "Record and check a Flamecraft game (alias: fc)."),
    GameEntry("eight-dragons", "8 Dragons", ("ed", "8d", "8-dragons"), "scorekeeper.games.eight_dragons",
              "scorekeeper.cli.eight_dragons",
              "Record and check an 8 Dragons game (aliases: ed, 8d)."),
)


def register(game: GameEntry) -> None:
    """Add a game to the registry (a plug-in, or a test's fake game); a name already there is replaced."""
    global REGISTRY
    REGISTRY = tuple(g for g in REGISTRY if g.name != game.name) + (game,)


class UnknownGameError(LookupError):
    def __str__(self) -> str:
        return str(self.args[0])


def entry(name: str) -> GameEntry:
    """The registry entry for a game name or alias (case-insensitive)."""
    wanted = name.strip().lower()
    for game in REGISTRY:
        if wanted == game.name or wanted in game.aliases:
            return game
    known = ", ".join(f"{g.name} ({'/'.join(g.aliases)})" for g in REGISTRY)
    raise UnknownGameError(f"unknown game {name!r}; choose one of: {known}")


def load(name: str) -> "Game":
    """The game object for a name or alias; imports the game's package."""
    module = importlib.import_module(entry(name).module)
    return module.GAME
