"""Flamecraft: the rules engine (check · apply), the table companion (status) and the scoring.

The package exposes ``GAME``, the registry's game object. Modules: ``faces`` (card data and its short
forms), ``state`` (the replayed state), ``options`` (settings), ``context`` (the shared resolver), one
``rules_*`` module per part of the rules, ``scoring``, ``view`` (status and event descriptions), ``game``.
"""

from .game import GAME, Flamecraft

__all__ = ["GAME", "Flamecraft"]
