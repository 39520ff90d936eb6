"""``TALLY``: an Emberheart table typed as it stands (EH-TALLY-1 its shape, EH-TALLY-2 what the box holds).

The table types each player's cards (Heroes, Dragons with colour and Glory, Preserves, Garrison cards, in
``cards`` with their owner), Attribute tracks, Flame, Gear and Hirelings, and the Flame table in use
(``settings.flame_glory``); ``docs/tally.md`` shows the fields and an example. Scoring then reads it as it
reads a recorded game.
"""

from __future__ import annotations

import difflib

from scorekeeper.games.emberheart.cards import COMPONENT_COUNTS, HEROES, HIRELINGS
from scorekeeper.games.emberheart.context import Ctx
from scorekeeper.games.emberheart.state import State
from scorekeeper.games.tallying import laid_over

CREST_COUNT = 5


def tally(st: State, ctx: Ctx) -> None:
    """TALLY{state, reason}: the state laid over (EH-TALLY-1), then checked against the box (EH-TALLY-2)."""
    problem = laid_over(st, ctx.event.payload)
    if problem:
        ctx.stop("EH-TALLY-1", problem)
    for problem in limits(st):
        ctx.error("EH-TALLY-2", problem)


def limits(st: State) -> list[str]:
    """What the typed table holds beyond the box or the tracks: tokens, Crests, Heroes, negative counts."""
    problems = []
    held = {key: sum(p.hire.get(key, 0) for p in st.players) + sum(party.hire.get(key, 0) for party in st.parties)
            for key in HIRELINGS}
    held["gear"] = sum(p.gear for p in st.players)
    problems += [f"the players hold {held[key]} {key} tokens; the box has {cap}"
                 for key, cap in COMPONENT_COUNTS.items() if held[key] > cap]
    for p in st.players:
        values = {"flame": p.flame, "gear": p.gear, "crests": p.crests, **p.attrs, **p.hire}
        problems += [f"{p.name}'s {key} is {value}; it cannot be below 0" for key, value in values.items() if value < 0]
        if p.crests > CREST_COUNT:
            problems.append(f"{p.name} holds {p.crests} Crests; each player has {CREST_COUNT}")
    for card in st.cards.values():
        if card.kind == "hero" and card.hero and card.hero not in HEROES:
            close = difflib.get_close_matches(card.hero, list(HEROES), n=1)
            problems.append(f"{card.id}: no Hero {card.hero!r}" + (f" (did you mean {close[0]}?)" if close else ""))
        if card.owner is not None and not st.has_player(card.owner):
            problems.append(f"{card.id}: its owner {card.owner!r} is not a player ({', '.join(st.seats)})")
    return problems
