"""A command's help said in one line of ``--help`` (the session commands, listed by task)."""

from __future__ import annotations

import re


def one_liner(text: str, limit: int) -> str:
    """A command's help in at most ``limit`` characters, never cut inside a word nor ended with ``...``: its first
    sentence without what it says in brackets; when longer, what comes before its first ``:`` or ``;``; else
    up to its last ``,`` (or ``and``) that fits."""
    first = re.sub(r" \([^()]*\)", "", text.split(". ")[0]).rstrip(".")
    if len(first) <= limit:
        return first
    clause = re.split(r"[:;] ", first, maxsplit=1)[0]
    if clause != first:
        return one_liner(clause, limit)
    head = first[:limit + 1]
    cut = max(head.rfind(", "), head.rfind(" and "))
    return head[:cut] if cut > 0 else head[:head.rfind(" ")]
