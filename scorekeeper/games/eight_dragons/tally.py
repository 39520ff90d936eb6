"""``TALLY``: an 8 Dragons table typed as it stands (ED-TALLY-1 its shape, ED-TALLY-2 the Lairs and the box).

The table types each Dragon's Gold, Lair (tiles on cells with their rotation), chests and the Royal
Challenges; ``docs/tally.md`` shows the fields and an example. A Lair typed without its ``chambers`` has them
worked out from its tiles; each Lair is checked as a Lair must be built (ED-LAIR-2 to 4: every tile touches the
others and meets an open edge with an open edge) and its Chambers against its tiles.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.events import Event
from scorekeeper.games.eight_dragons.state import EDState
from scorekeeper.games.findings import Findings
from scorekeeper.games.tallying import laid_over


def play_tally(state: EDState, event: Event, found: Findings) -> EDState:
    """TALLY{state, reason}: the state laid over (ED-TALLY-1), then the Lairs and counts checked (ED-TALLY-2)."""
    problem = laid_over(state, event.payload)
    if problem:
        found.stop("ED-TALLY-1", problem)
    typed: dict[str, Any] = dict((event.payload.get("state") or {}).get("players") or {})
    for name, p in state.players.items():
        if "chambers" not in dict(dict(typed.get(name) or {}).get("lair") or {}):
            p.lair.rebuild_chambers()
    for problem in limits(state):
        found.error("ED-TALLY-2", problem)
    return state


def limits(st: EDState) -> list[str]:
    """Each Lair as the rules build one, its Chambers as its tiles make them, and no negative Gold."""
    problems = []
    for name, p in st.players.items():
        if p.gold < 0:
            problems.append(f"{name}'s Gold is {p.gold}; it cannot be below 0")
        lair = p.lair
        if len(lair.cells) > 1:
            for cell, placed in lair.cells.items():
                alone = lair.copy()
                alone.remove(cell)
                wrong = alone.placement_problem(cell, placed.edges)
                if wrong:
                    problems.append(f"{name}'s Lair: {placed.tile.name} at {cell[0]},{cell[1]}: {wrong}")
        rebuilt = lair.copy()
        rebuilt.rebuild_chambers()
        if rebuilt.chambers != lair.chambers:
            problems.append(f"{name}'s Lair: the Chambers typed are not the ones its tiles make "
                            f"({len(rebuilt.chambers)}; leave chambers out to have them worked out)")
    return problems
