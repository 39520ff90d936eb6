"""The domain errors every layer may raise, and the exit code each one means.

The session layer and the games raise these; the CLI turns each into one line on stderr with its exit
code (``1`` refused, ``2`` bad usage or unreadable input). Nothing here imports Click.
"""

from __future__ import annotations

from typing import Sequence

REFUSED = 1
USAGE = 2


class ScorekeeperError(Exception):
    """Base of the domain errors: a message for the user and the exit code it means."""

    exit_code = USAGE

    def __str__(self) -> str:  # a KeyError/LookupError subclass would quote its message
        return str(self.args[0]) if self.args else ""


class BadInput(ScorekeeperError):
    """Unreadable input or an argument that names nothing: exit code 2."""

    exit_code = USAGE


class NotationError(BadInput):
    """A game notation that does not parse (``2G1S``, ``E1/OWWWWW/b,1``, ``NAME=FACE``…)."""


class Refused(ScorekeeperError):
    """Understood but refused (a rule, a lock held elsewhere, a missing value): exit code 1.

    ``findings`` holds the rule findings behind a refused play (empty for other refusals).
    """

    exit_code = REFUSED

    def __init__(self, message: str, findings: Sequence[object] = ()) -> None:
        super().__init__(message)
        self.findings = list(findings)
