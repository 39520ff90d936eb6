"""Flamecraft: the rules engine (one ``play`` pass per event), the table companion (status, expect) and the scoring.

The package exposes ``GAME``, the registry's game object. Modules: ``events`` (the event types and their
payload fields), ``notation`` (card faces, goods and rewards in their short forms), ``state`` (the replayed
state), ``settings``, ``context`` (the shared resolver, a ``Findings``), one ``rules_*`` module per part of
the rules, ``scoring``, ``view`` (status and event descriptions),
``choices`` (expect: the plays legal now, with the legal values of their words), ``complete`` (a play as typed → the
event to record), ``game``, ``rule_summaries`` (every rule ID explained, with its rulebook section).
"""


from typing import Any

__all__ = ["GAME", "Flamecraft"]


def __getattr__(name: str) -> Any:
    """``GAME`` and its class, imported with the rules only when asked for: a command that reads only the
    game's settings (``settings --game``) imports ``settings`` alone."""
    if name in __all__:
        from . import game

        return getattr(game, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
