"""A game as the registry declares it (name, title, aliases, package, summary, rule prefix), without its rules.

The registry (``scorekeeper.games``) lists one per game; a ``Game`` reads its name, title and aliases from its own.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    """A game as the registry knows it, without importing its rules."""

    name: str
    title: str
    aliases: tuple[str, ...]
    package: str  # the package (or module) that holds ``GAME``
    summary: str
    rule_prefix: str = ""  # the prefix of the game's rule IDs (``EH`` in ``EH-SETUP-1``)
