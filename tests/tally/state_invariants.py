"""The section of ``docs/tally.md`` that lists each game's state invariants, made from the rule tables.

Each game's ``rule_summaries.py`` (``SUMMARIES``) holds its rule IDs; those of the form ``…-STATE-n`` are the
invariants ``Game.check_state`` judges at every door that takes a whole state. ``render`` makes the section (between
the markers), ``tests/tally/test_state_invariants.py`` checks that the page holds it, and
``python -m tests.tally.state_invariants`` writes it after a game's rules change.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "tally.md"
START, END = "<!-- state-invariants:start -->", "<!-- state-invariants:end -->"
STATE = re.compile(r"^[A-Z]+-STATE-\d+$")


def render() -> str:
    """The section: one table per registered game, its STATE rules in checklist order."""
    from scorekeeper.app.rule_summaries import game_rules
    from scorekeeper.games import REGISTRY

    parts = []
    for game in REGISTRY:
        if game.package.startswith("tests."):
            continue
        rules = [r for r in game_rules(game.name) if STATE.match(r.id)]
        parts.append(f"**{game.title}** (`{game.rule_prefix}-STATE-n`):\n")
        if rules:
            parts.append("| rule | what the state must hold |\n| --- | --- |")
            parts += [f"| {r.id} | {r.summary} |" for r in rules]
        else:
            parts.append("none declared yet: a tally is judged by its own checks only (`"
                         f"{game.rule_prefix}-TALLY-2`).")
        parts.append("")
    return "\n".join(parts).rstrip() + "\n"


def current() -> str:
    """The section as the page holds it now."""
    text = PAGE.read_text(encoding="utf-8")
    return text.split(START, 1)[1].split(END, 1)[0].strip("\n") + "\n"


def write() -> None:
    text = PAGE.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    tail = rest.split(END, 1)[1]
    PAGE.write_text(f"{head}{START}\n{render()}{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    write()
    sys.stdout.write(f"wrote the state invariants into {PAGE.name}\n")
