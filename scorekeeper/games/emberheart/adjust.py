"""``ADJUST``: a mid-game start or a manual correction, never judged as a play (EH-ADJ-1 checks its keys).

A table that starts recording in round 3 writes what the board shows, as absolute values::

    {"players": {"Astrid": {"gear": 4, "flame": 2, "strength": 3, "G": 6}}, "round": 3, "first": "Bjorn"}

Player keys: ``gear``, ``flame``, ``crests`` (in hand), the hirelings in supply ``G``, ``S``, ``R``, ``W``, and
the attribute tracks ``strength``, ``senses``, ``speed``. Game keys: ``players``, ``round`` (1 to 5), ``first``
(the first player of the round), ``reason``. An unknown or misspelled key is refused with the known keys.
"""

from __future__ import annotations

from scorekeeper.games.emberheart.cards import HIRELINGS, TRACKS
from scorekeeper.games.emberheart.context import Ctx
from scorekeeper.games.emberheart.state import State
from scorekeeper.core.keys import unknown_key

PLAYER_KEYS: tuple[str, ...] = ("gear", "flame", "crests", *HIRELINGS, *TRACKS)
GAME_KEYS: tuple[str, ...] = ("players", "round", "first", "reason")


def adjust(st: State, ctx: Ctx) -> None:
    """ADJUST{players, round, first, reason} (EH-ADJ-1: only the declared keys, whole non-negative numbers)."""
    players = dict(ctx.get("players") or {})
    problem = unknown_key(ctx.event.payload, GAME_KEYS, "") or next(
        (m for name, ch in players.items() if (m := unknown_key(dict(ch or {}), PLAYER_KEYS, f" for {name}"))), None)
    if problem:
        ctx.stop("EH-ADJ-1", problem)
    for name, changes in players.items():
        if not st.has_player(name):
            ctx.stop("EH-ADJ-1", f"no player {name!r} ({', '.join(st.seats)})")
        for key, value in dict(changes).items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                ctx.stop("EH-ADJ-1", f"{name}'s {key} must be a whole number of 0 or more, not {value!r}")
    round_ = ctx.get("round")
    if round_ is not None and (not isinstance(round_, int) or not 1 <= round_ <= 5):
        ctx.stop("EH-ADJ-1", f"round must be 1 to 5, not {round_!r}")
    first = ctx.get("first")
    if first is not None and not st.has_player(str(first)):
        ctx.stop("EH-ADJ-1", f"first: no player {first!r} ({', '.join(st.seats)})")
    for name, changes in players.items():
        p = st.player(name)
        for key, value in dict(changes).items():
            if key in HIRELINGS:
                p.hire[key] = value
            elif key in TRACKS:
                p.attrs[key] = value
            else:
                setattr(p, key, value)
    if round_ is not None:
        st.round = round_
    if first is not None:
        st.first, st.turn = str(first), 0
