"""``ADJUST``: a mid-game start or a manual correction, never judged as a play (ED-ADJ-1 checks its keys).

A table that starts recording in round 3 writes what the board shows, as absolute values::

    {"players": {"Rhed": {"gold": 7, "lair": "S-Rhed=S/WOOOWW@0,0 M1-Rhed=SM/WWWWOW/market:b@1,-1 T1=E1/OWWWWW/b,1@1,0r5",
                          "chests": "sinistra"}},
     "game": {"round": 3, "next": "Greenyra", "bonfires": "E1", "stacks": "E1:4,G2:6", "supply": "E:8"}}

Player keys: ``gold``; ``lair``, every tile of the Lair as ``NAME=SPEC@Q,R[rN|/EDGES]`` (the Starting Tile on
0,0), separated by spaces; ``chests``, the Treasure Chests held, by kingdom (``sinistra,dextra``). Game keys:
``round`` and ``next`` (who flies next), ``bonfires`` (the stacks whose Bonfire is revealed), ``stacks`` (tiles
left per Lair stack), ``supply`` (villagers left per Folk), ``villages`` (villagers per village space),
``trolls`` (each Troll's place on its path, 0 = end A), ``shrines`` (Gold per kingdom), ``chest_stacks`` and
``merchant_stacks`` (tokens and tiles left per kingdom), ``reason``. Counts are written ``KEY:N,KEY:N`` (or as
JSON). The pieces on the board are set with ``ed positions``. An unknown or misspelled key is refused with the
known keys and the closest one; so is a value the game cannot hold.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Mapping

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Findings
from scorekeeper.core.keys import unknown_key

from .board import parse_kingdom
from .context import PayloadError, commit_names, new_tiles
from .hexgrid import parse_cell
from .lair import Lair
from .notation import NotationError, parse_placement
from .rules_lair import turns
from .state import Chest, EDState
from .tiles import FOLKS, START

#: the keys of one player's changes
PLAYER_KEYS = ("gold", "lair", "chests")
#: the keys about the whole game
GAME_KEYS = ("round", "next", "bonfires", "stacks", "supply", "villages", "trolls", "shrines", "chest_stacks",
             "merchant_stacks", "reason")


class AdjustError(ValueError):
    """A key or value of an adjustment that the game cannot take (refused under ED-ADJ-1)."""


def play_adjust(state: EDState, event: Event, found: Findings) -> EDState:
    """ADJUST{players, game} (ED-ADJ-1: only the declared keys, with values the game can hold)."""
    try:
        players = dict(event.get("players") or {})
        game = dict(event.get("game") or {})
        check_keys(players, game)
        for name, changes in players.items():
            if name not in state.players:
                raise AdjustError(f"no player {name!r} ({', '.join(state.players)})")
            for key, value in dict(changes).items():
                PLAYER_SETTERS[key](state, name, value)
        for key in GAME_KEYS:  # in this order: the round before who flies next
            if key in game:
                GAME_SETTERS[key](state, game[key])
    except (AdjustError, PayloadError, ValueError) as exc:  # ValueError: an unreadable kingdom or cell
        found.stop("ED-ADJ-1", str(exc))  # ED-ADJ-1
    return state


def check_keys(players: dict[str, Any], game: dict[str, Any]) -> None:
    """ED-ADJ-1: every key is declared; a misspelled one is named with the known keys and the closest one."""
    problem = unknown_key(game, GAME_KEYS, "")
    for name, changes in players.items():
        if not isinstance(changes, dict):
            raise AdjustError(f"{name}'s changes must be KEY=VALUE pairs (keys: {', '.join(PLAYER_KEYS)})")
        wrong = unknown_key(changes, PLAYER_KEYS, f" for {name}")
        import difflib  # only to suggest a key

        close = difflib.get_close_matches(next((str(k) for k in changes if k not in PLAYER_KEYS), ""), GAME_KEYS, n=1)
        if wrong and close and "did you mean" not in wrong:
            wrong += f"; did you mean the game key {close[0]!r}?"
        problem = problem or wrong
    if problem:
        raise AdjustError(problem)


def adjustment_words(payload: Mapping[str, Any]) -> str:
    """The log's line: each change as typed (a Lair by its number of tiles)."""
    def said(key: str, value: Any) -> str:
        return f"lair of {len(value.split() if isinstance(value, str) else value)} tiles" if key == "lair" \
            else f"{key}={value}"

    parts = [f"{name} " + ", ".join(said(k, v) for k, v in dict(changes).items())
             for name, changes in dict(payload.get("players") or {}).items() if isinstance(changes, dict)]
    parts += [said(k, v) for k, v in dict(payload.get("game") or {}).items()]
    return "adjusted: " + ("; ".join(parts) or "nothing")


# -- reading the values ----------------------------------------------------------------------------------


def number(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (AdjustError otherwise)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"{low} or more"
        raise AdjustError(f"{what} must be a whole number of {span}, not {value!r}")
    return value


def words(value: Any, what: str) -> list[str]:
    """A list, or text of items separated by commas."""
    if isinstance(value, str):
        return [w.strip() for w in value.split(",") if w.strip()]
    if isinstance(value, list):
        return [str(v) for v in value]
    raise AdjustError(f"{what}: write the items separated by commas, not {value!r}")


def counts(value: Any, what: str) -> dict[str, Any]:
    """``KEY:N,KEY:N`` (or a JSON object) → {KEY: N}."""
    if isinstance(value, dict):
        return value
    pairs = [w.partition(":") for w in words(value, what)]
    if not pairs or any(not sep for _, sep, _ in pairs):
        raise AdjustError(f"{what}: write KEY:N pairs separated by commas, e.g. {what}=E1:4,G2:6")
    try:
        return {key.strip(): json.loads(n) for key, _, n in pairs}
    except ValueError:
        raise AdjustError(f"{what}: each count is a whole number ({value!r})") from None


def keyed(value: Any, what: str, known: list[str], read: Callable[[str], str] = str.upper) -> dict[str, Any]:
    """A counts value whose keys must be among ``known`` (read through ``read``)."""
    result = {}
    for key, n in counts(value, what).items():
        try:
            name = read(str(key))
        except ValueError as exc:
            raise AdjustError(f"{what}: {exc}") from None
        if name not in known:
            raise AdjustError(f"{what}: {key!r} is not one of {', '.join(known) or 'none (no board description)'}")
        result[name] = n
    return result


# -- the player keys --------------------------------------------------------------------------------------


def set_gold(state: EDState, name: str, value: Any) -> None:
    state.players[name].gold = number(value, f"{name}'s gold")


def set_lair(state: EDState, name: str, value: Any) -> None:
    """The Lair becomes exactly these tiles (the Starting Tile on 0,0); its Chambers are formed, no Gold paid."""
    player = state.players[name]
    items = value.split() if isinstance(value, str) else words(value, f"{name}'s lair")
    old = {placed.tile.name for placed in player.lair.cells.values()}
    state.names -= old
    lair = Lair()
    for text in items:
        try:
            item = parse_placement(text)
        except NotationError as exc:
            raise AdjustError(f"{name}'s lair: {exc}") from None
        spec = item.get("face") or ""
        if not spec:
            raise AdjustError(f"{name}'s lair: give each tile's face, NAME=SPEC@Q,R (got {text!r})")
        tile = new_tiles(state, [f"{item['tile']}={spec}"])[0]
        cell = parse_cell(item["at"])
        if tile.edges is None or cell in lair.cells:
            raise AdjustError(f"{name}'s lair: {tile.name} needs its edges and a cell of its own ({text!r})")
        lair.place(tile, cell, turns(tile, item))
        commit_names(state, [tile])
    start = lair.cells.get((0, 0))
    if start is None or start.tile.kind != START:
        raise AdjustError(f"{name}'s lair: the Starting Tile goes on 0,0 (e.g. S-{name}=S/WOOOWW@0,0)")
    player.lair, player.started = lair, True


def set_chests(state: EDState, name: str, value: Any) -> None:
    """The Treasure Chests held, each by the kingdom it came from; new IDs continue the count."""
    kingdoms = [parse_kingdom(k) for k in words(value, f"{name}'s chests")]
    chests = []
    for kingdom in kingdoms:
        state.chest_counter += 1
        chests.append(Chest(f"C{state.chest_counter}", kingdom))
    state.players[name].chests = chests


PLAYER_SETTERS: dict[str, Callable[[EDState, str, Any], None]] = {
    "gold": set_gold, "lair": set_lair, "chests": set_chests}


# -- the game keys -----------------------------------------------------------------------------------------


def set_round(state: EDState, value: Any) -> None:
    """The round now; the round's first Dragon flies next (unless ``next`` says who)."""
    turn = (number(value, "round", 1) - 1) * state.n
    state.turn, state.closed = turn - 1, True
    state.queue, state.moved, state.activated, state.flight = [], [], [], {}


def set_next(state: EDState, value: Any) -> None:
    """Who flies next, in the current round."""
    if value not in state.order:
        raise AdjustError(f"next: no player {value!r} ({', '.join(state.order)})")
    first = max(state.turn + 1, 0) // state.n * state.n
    state.turn, state.closed = first + state.order.index(str(value)) - 1, True
    state.queue, state.moved, state.activated, state.flight = [], [], [], {}


def set_bonfires(state: EDState, value: Any) -> None:
    """The stacks whose Bonfire is revealed; once as many as the setting, the end is triggered now."""
    stacks = [s.upper() for s in words(value, "bonfires")]
    unknown = [s for s in stacks if s not in state.stack_size]
    if unknown or len(set(stacks)) != len(stacks):
        raise AdjustError(f"bonfires: each Lair stack once ({', '.join(state.stack_size)}), not {value!r}")
    state.bonfires = stacks
    reached = len(stacks) >= int(state.settings.get("bonfires", 4))
    state.end_trigger_turn = (state.end_trigger_turn if state.end_trigger_turn is not None else max(state.turn, 0)) \
        if reached else None


def set_stacks(state: EDState, value: Any) -> None:
    """Tiles left in each Lair stack named."""
    for stack, left in keyed(value, "stacks", list(state.stack_size)).items():
        state.draws[stack] = state.stack_size[stack] - number(left, f"stack {stack}", 0, state.stack_size[stack])


def set_supply(state: EDState, value: Any) -> None:
    for folk, n in keyed(value, "supply", list(FOLKS)).items():
        state.supply[folk] = number(n, f"the {folk} supply", 0, 12)


def set_villages(state: EDState, value: Any) -> None:
    for space, n in keyed(value, "villages", list(state.villages)).items():
        state.villages[space][1] = number(n, f"the village on {space}", 0, 4)


def set_trolls(state: EDState, value: Any) -> None:
    paths = state.board.trolls if state.board is not None else {}
    for path, n in keyed(value, "trolls", list(state.trolls), str).items():
        state.trolls[path] = number(n, f"the Troll of path {path}", 0, len(paths[path]) - 1)


def kingdom_counts(field_name: str, high: int | None) -> Callable[[EDState, Any], None]:
    """A setter of a per-kingdom count of the state (Shrine Gold, chests or Merchant Tiles left)."""

    def setter(state: EDState, value: Any) -> None:
        table: dict[str, int] = getattr(state, field_name)
        for kingdom, n in keyed(value, field_name, list(table), parse_kingdom).items():
            table[kingdom] = number(n, f"{field_name} of {kingdom}", 0, high)

    return setter


GAME_SETTERS: dict[str, Callable[[EDState, Any], None]] = {
    "round": set_round, "next": set_next, "bonfires": set_bonfires, "stacks": set_stacks, "supply": set_supply,
    "villages": set_villages, "trolls": set_trolls, "shrines": kingdom_counts("shrines", None),
    "chest_stacks": kingdom_counts("chest_stacks", 6), "merchant_stacks": kingdom_counts("merchant_stacks", None),
    "reason": lambda state, value: None}
