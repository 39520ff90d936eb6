"""Choosing lines of the journal's log (``Session.log`` rows): by player, by event type, rejected only, the last N."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.core.engine import FORCED, REJECTED
from scorekeeper.core.protocol import unique_prefix


class LogFilterError(ValueError):
    """A filter value that names nothing in this journal; the message lists the known values."""


def known(rows: Sequence[Mapping[str, Any]], key: str) -> list[str]:
    """The values of ``key`` that occur in the rows, sorted (players or event types)."""
    return sorted({str(r[key]) for r in rows if r.get(key)})


def pick(value: str, choices: Sequence[str], what: str) -> str:
    """``value`` as one of ``choices`` (case-insensitive, exact or unique prefix), or a LogFilterError naming them."""
    found, _ = unique_prefix(value, choices)
    if found is not None:
        return found
    listed = ", ".join(choices) or "none"
    raise LogFilterError(f"unknown {what} {value!r}: the log has {listed}")


def filter_log(rows: Sequence[Mapping[str, Any]], *, last: int | None = None, player: str | None = None,
               type: str | None = None, rejected: bool = False) -> list[Mapping[str, Any]]:
    """The rows that pass every filter given, in journal order; ``last`` keeps the final N of them."""
    if last is not None and last < 1:
        raise LogFilterError(f"--last must be 1 or more, not {last}")
    chosen = list(rows)
    if player is not None:
        name = pick(player, known(rows, "player"), "player")
        chosen = [r for r in chosen if r.get("player") == name]
    if type is not None:
        kind = pick(type, known(rows, "type"), "event type")
        chosen = [r for r in chosen if r.get("type") == kind]
    if rejected:
        chosen = [r for r in chosen if r.get("status") in (REJECTED, FORCED)]  # every play that breaks a rule
    return chosen[-last:] if last is not None else chosen
