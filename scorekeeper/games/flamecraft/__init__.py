"""Flamecraft: the rules engine (one ``play`` pass per event), the table companion (status, expect) and the scoring.

The package exposes ``GAME``, the registry's game object. Modules: ``events`` (the event types and their
payload fields), ``notation`` (card faces, goods and rewards in their short forms), ``state`` (the replayed
state), ``settings``, ``context`` (the shared resolver, a ``Findings``), one ``rules_*`` module per part of
the rules, ``scoring``, ``view`` (status, expect and event descriptions), ``complete`` (a play as typed → the
event to record), ``game``, ``rule_summaries`` (every rule ID explained, with its rulebook section).
"""

from .game import GAME, Flamecraft

__all__ = ["GAME", "Flamecraft"]
