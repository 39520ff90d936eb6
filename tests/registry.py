"""The games the tests cover, read from the registry (``scorekeeper.games.REGISTRY``), never listed by hand.

A game's rules package is ``scorekeeper/games/<package>/``, its tests ``tests/games/<package>/`` and its
sample sessions ``sample_sessions/<name>/``: all three follow from its :class:`GameInfo`, so a fourth game
registered in ``scorekeeper/games/__init__.py`` is in every per-game test at once.
"""

from __future__ import annotations

from pathlib import Path

from scorekeeper.games import REGISTRY, GameInfo

ROOT = Path(__file__).resolve().parents[1]
GAMES_PACKAGE = "scorekeeper.games."


def games() -> tuple[GameInfo, ...]:
    """The registered games whose rules live in ``scorekeeper/games/`` (a test's fake game is not one)."""
    return tuple(g for g in REGISTRY if g.package.startswith(GAMES_PACKAGE))


def package_of(game: GameInfo) -> str:
    """The game's package folder name: ``eight_dragons`` for 8 Dragons."""
    return game.package.removeprefix(GAMES_PACKAGE)


def code_folder(game: GameInfo) -> Path:
    return ROOT / "scorekeeper" / "games" / package_of(game)


def test_folder(game: GameInfo) -> Path:
    return ROOT / "tests" / "games" / package_of(game)


def sample_folder(game: GameInfo) -> Path:
    return ROOT / "sample_sessions" / game.name


def names() -> list[str]:
    """The games' names, in the registry's order."""
    return [g.name for g in games()]


def rule_prefixes() -> list[str]:
    """The prefixes of the games' rule IDs (``EH``, ``FC``, ``ED``), in the registry's order."""
    return [g.rule_prefix for g in games()]
