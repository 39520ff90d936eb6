"""One fuzz case: what it is (a line to reproduce it by), and how it runs and is judged in a ``Place``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from tests.fuzz.sandbox import Place


@dataclass(frozen=True)
class Case:
    """``run(place)`` sets the case up in a fresh ``place``, runs it and returns its problems (none: it passed)."""

    kind: str
    number: int
    described: str
    run: Callable[[Place], list[str]]
