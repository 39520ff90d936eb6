"""The board description a table writes once: the figure-8 route, the Snow Line, the Locations.

The real board's layout is not in the rulebook (USER DATA), so it comes in the session's catalog::

    {"board": {
        "note": "INVENTED example board",
        "kingdoms": {
            "Sinistra": {"route": ["S1", …, "N6"], "north": ["N1", …, "N6"]},
            "Dextra":   {"route": ["D1", …, "E6"], "north": ["E1", …, "E6"]}},
        "locations": {"S1": "gather", "S2": "village:E:2", "S5": "troll:TS:A", "N2": "shrine", …},
        "trolls": {"TS": [1, 2, 3, 2, 1]},
        "start": "N6",
        "aurea": "E6"}}

Each kingdom's ``route`` lists its marked spaces in flying order, from the space right after the Valley of
the Winds to the last space before it; the first space is that kingdom's Valley exit. ``north`` lists the
spaces above the Snow Line (the others are south). Location codes: ``village:FOLK:COUNT``, ``grow``,
``gather``, ``summon`` (Dragon Tower or Dragon Rock), ``troll:PATH:END`` (END = A for the path's first
value, B for its last), ``shrine``, ``chest``, ``merchant`` (the Lighthouse or Castle of that kingdom),
``none``. ``trolls`` gives each Troll path's printed Gold from end A to end B (the Troll starts in the
middle). ``start`` is the space left of the Dragon Rock, ``aurea`` the one right of it. The optional
``designated`` lists each kingdom's 5 Location Tile spaces (checked: 5 per kingdom, each with an effect).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

from scorekeeper.core.protocol import is_whole

from .pieces import VALLEY
from .tiles import FOLK_NAMES, FOLKS

KINGDOMS: tuple[str, str] = ("Sinistra", "Dextra")
LOCATION_TYPES = ("village", "grow", "gather", "summon", "troll", "shrine", "chest", "merchant", "none")
LOCATION_NAMES = {
    "village": "Village", "grow": "Village grows", "gather": "Gathering", "summon": "Dragon Tower / Rock",
    "troll": "Troll", "shrine": "Dragon Shrine", "chest": "Treasure Chest", "merchant": "Lighthouse / Castle",
    "none": "no Location",
}


class BoardError(ValueError):
    """A board description that cannot be used; the message says what to fix."""


def other_kingdom(kingdom: str) -> str:
    """Sinistra ↔ Dextra."""
    return KINGDOMS[1] if kingdom == KINGDOMS[0] else KINGDOMS[0]


def parse_kingdom(text: str) -> str:
    """A kingdom from a unique prefix (``s``/``sin`` → Sinistra, ``d`` → Dextra; also ``left``/``right``)."""
    wanted = text.strip().lower()
    if wanted in ("l", "left"):
        return "Sinistra"
    if wanted in ("r", "right"):
        return "Dextra"
    for kingdom in KINGDOMS:
        if wanted and kingdom.lower().startswith(wanted):
            return kingdom
    raise ValueError(f"{text!r} is not a kingdom: say Sinistra (left) or Dextra (right)")


@dataclass(frozen=True)
class Location:
    """A Location on a marked space, with its parameters from the board description."""
    type: str
    folk: str = ""
    villagers: int = 0
    troll: str = ""
    end: str = ""

    def label(self) -> str:
        """Human words for the Location."""
        if self.type == "village":
            return f"{FOLK_NAMES[self.folk]} village"
        if self.type == "troll":
            return f"Troll ({self.troll} end {self.end})"
        return LOCATION_NAMES[self.type]


#: the Location of a space the description does not list (frozen: one for every such space)
NO_LOCATION = Location("none")


@dataclass
class Board:
    """The route graph, hemispheres, kingdoms and Locations of a board description."""

    routes: dict[str, list[str]]
    north: set[str]
    locations: dict[str, Location]
    trolls: dict[str, list[int]]
    start: str
    aurea: str
    note: str = ""
    succ: dict[str, str] = field(default_factory=dict)
    kingdom: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for kingdom, route in self.routes.items():
            for index, space in enumerate(route):
                self.kingdom[space] = kingdom
                self.succ[space] = route[index + 1] if index + 1 < len(route) else VALLEY

    @cached_property
    def exits(self) -> dict[str, str]:
        """Each kingdom's Valley exit (the first space of its route); worked out once (a board is never changed
        once read, and this is not a field), so read it without changing it."""
        return {kingdom: route[0] for kingdom, route in self.routes.items()}

    @cached_property
    def space_count(self) -> int:
        """How many marked spaces the board has (``len(spaces())``, worked out once)."""
        return len(self.spaces())

    def hemisphere(self, space: str) -> str:
        """North or South of the Snow Line."""
        return "North" if space in self.north else "South"

    def location(self, space: str) -> Location:
        """The Location on ``space`` (``none`` when unlisted)."""
        return self.locations.get(space, NO_LOCATION)

    def spaces(self) -> list[str]:
        """Every marked space, Sinistra's route first."""
        return [s for k in KINGDOMS for s in self.routes[k]]

    def distances_from(self, start: str) -> dict[str, int]:
        """Steps along the route (both Valley exits) from ``start`` to every space (worked out once per start; the
        answer is shared, so read it without changing it)."""
        known = self._distances.get(start)
        if known is None:
            known = self._distances[start] = self._distances_from(start)
        return known

    @cached_property
    def _distances(self) -> dict[str, dict[str, int]]:
        """``distances_from`` answers already worked out, by start: a board is never changed once read, and this
        is not a field (it takes no part in comparing, showing or caching a board; a board read back from the
        replay cache starts it afresh)."""
        return {}

    def _distances_from(self, start: str) -> dict[str, int]:
        """The breadth-first distances, walked: every space has one way on but the Valley, which leads to both
        exits, so a space is reached first along the one way to the Valley, or else from its kingdom's exit."""
        seen = {start: 0}
        here, steps = start, 0
        while here != VALLEY:
            here = self.succ[here]
            steps += 1
            seen.setdefault(here, steps)
        for route in self.routes.values():
            for index, space in enumerate(route):
                seen.setdefault(space, steps + 1 + index)
        return seen

    def villages(self) -> dict[str, Location]:
        """The village spaces and their Locations."""
        return {s: loc for s, loc in self.locations.items() if loc.type == "village"}

    def spaces_of(self, type_: str, kingdom: str | None = None) -> list[str]:
        """The spaces with a Location of ``type_`` (in ``kingdom``)."""
        return [s for s, loc in self.locations.items()
                if loc.type == type_ and (kingdom is None or self.kingdom[s] == kingdom)]

    def to_json(self) -> dict[str, Any]:
        """The board for ``state --json``."""
        return {"routes": self.routes, "start": self.start, "aurea": self.aurea, "note": self.note}


def parse_board(data: Mapping[str, Any]) -> Board:
    """Read the ``board`` object of a catalog; BoardError names the first problem."""
    try:
        kingdoms = data["kingdoms"]
        routes = {k: [str(s) for s in kingdoms[k]["route"]] for k in KINGDOMS}
        north = {str(s) for k in KINGDOMS for s in kingdoms[k].get("north", [])}
    except (KeyError, TypeError) as exc:
        raise BoardError(f"board: each of Sinistra and Dextra needs a 'route' list ({exc})") from None
    all_spaces = [s for k in KINGDOMS for s in routes[k]]
    if len(set(all_spaces)) != len(all_spaces) or VALLEY in all_spaces:
        raise BoardError("board: every space id must be unique and not 'V' (the Valley)")
    if any(not routes[k] for k in KINGDOMS):
        raise BoardError("board: a kingdom's route is empty")
    if north - set(all_spaces):
        raise BoardError(f"board: unknown north spaces {sorted(north - set(all_spaces))}")
    trolls = {str(k): [int(v) for v in values] for k, values in dict(data.get("trolls", {})).items()}
    locations: dict[str, Location] = {}
    for space, code in dict(data.get("locations", {})).items():
        if space not in all_spaces:
            raise BoardError(f"board: location for unknown space {space!r}")
        locations[str(space)] = _parse_location(str(code), space, trolls)
    designated = dict(data.get("designated", {}))
    for kingdom, spaces in designated.items():  # ED-SETUP-3: 5 Location Tiles per kingdom, on its own spaces
        if kingdom not in KINGDOMS:
            raise BoardError(f"board: designated: unknown kingdom {kingdom!r}")
        spaces = [str(s) for s in spaces]
        if len(spaces) != 5 or len(set(spaces)) != 5:
            raise BoardError(f"board: {kingdom} has 5 designated Location Tile spaces, not {len(set(spaces))}")
        for space in spaces:
            if space not in routes[kingdom]:
                raise BoardError(f"board: designated space {space} is not in {kingdom}")
            if space not in locations or locations[space].type == "none":
                raise BoardError(f"board: designated space {space} needs its Location Tile's effect")
    start = str(data.get("start", routes["Sinistra"][-1]))
    aurea = str(data.get("aurea", routes["Dextra"][-1]))
    for name, space in (("start", start), ("aurea", aurea)):
        if space not in all_spaces:
            raise BoardError(f"board: {name} space {space!r} is not on the route")
    return Board(routes, north, locations, trolls, start, aurea, str(data.get("note", "")))


def _parse_location(code: str, space: str, trolls: Mapping[str, list[int]]) -> Location:
    parts = code.strip().split(":")
    kind = parts[0].lower()
    if kind not in LOCATION_TYPES:
        raise BoardError(f"board: {space}: unknown location {code!r}; use one of {', '.join(LOCATION_TYPES)}")
    if kind == "village":
        if len(parts) != 3 or parts[1].upper() not in FOLKS or not is_whole(parts[2]) or int(parts[2]) > 4:
            raise BoardError(f"board: {space}: write a village as village:FOLK:COUNT, e.g. village:E:2 (at most 4)")
        return Location(kind, folk=parts[1].upper(), villagers=int(parts[2]))
    if kind == "troll":
        if len(parts) != 3 or parts[1] not in trolls or parts[2].upper() not in ("A", "B"):
            raise BoardError(f"board: {space}: write a Troll as troll:PATH:A|B with PATH listed under 'trolls'")
        return Location(kind, troll=parts[1], end=parts[2].upper())
    return Location(kind)
