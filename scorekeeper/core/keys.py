"""Declared key sets (``adjust``'s): the message for a key that is not one of them."""

from __future__ import annotations

from typing import Any, Iterable


def unknown_key(given: Iterable[Any], known: tuple[str, ...], where: str) -> str | None:
    """A one-line message for the first key of ``given`` not in ``known`` (with the closest known key)."""
    for key in given:
        if key not in known:
            import difflib  # only to suggest a key

            close = difflib.get_close_matches(str(key), known, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            return f"unknown key {key!r}{where} (known: {', '.join(known)}){hint}"
    return None
