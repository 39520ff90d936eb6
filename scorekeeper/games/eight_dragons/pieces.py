"""Where the Dragons and Wyrmlings are: Swarms, the Dragon Rock queue, the Lairs, and board positions.

Piece names: a player's Dragon is the player's name; a player's Wyrmlings are ``NAME.w1``, ``NAME.w2``…;
the Golden Wyrmling is ``Aureus`` and the Golden Dragon (2 players) is ``Aurea``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from scorekeeper.core.protocol import is_whole

AUREUS = "Aureus"
AUREA = "Aurea"
VALLEY = "V"


def wyrmling(player: str, number: int) -> str:
    """The name of ``player``'s Wyrmling number ``number``."""
    return f"{player}.w{number}"


@lru_cache(maxsize=1024)
def owner(piece: str) -> str | None:
    """The player owning ``piece`` (None for Aureus and Aurea); a pure function of the name, so its answers are
    kept."""
    if piece in (AUREUS, AUREA):
        return None
    if ".w" in piece:
        return piece.rsplit(".w", 1)[0]
    return piece


def is_wyrmling(piece: str) -> bool:
    """ED-AUREUS-1: Aureus is a Wyrmling for queueing, joining, pushing, gap closing and summoning."""
    return piece == AUREUS or (".w" in piece and is_whole(piece.rsplit(".w", 1)[1]))


@dataclass
class Pieces:
    """ED-SWARM-1, ED-SWARM-6: Swarms (Dragon → its members, Dragon first; only Swarm members ever move or activate), the Rock queue (front first), Wyrmlings in Lairs,
    board positions (only when a board description is known) and the untouched start stack (top first)."""

    swarms: dict[str, list[str]] = field(default_factory=dict)
    rock: list[str] = field(default_factory=list)
    lairs: dict[str, list[str]] = field(default_factory=dict)
    pos: dict[str, str] = field(default_factory=dict)
    start_stack: list[str] = field(default_factory=list)

    def copy(self) -> "Pieces":
        """A deep copy (for a simulated flight): every list and dict anew; the names in them are strings."""
        return Pieces({dragon: list(members) for dragon, members in self.swarms.items()}, list(self.rock),
                      {player: list(wyrms) for player, wyrms in self.lairs.items()}, dict(self.pos),
                      list(self.start_stack))

    def swarm_of(self, piece: str) -> str | None:
        """The Dragon whose Swarm holds ``piece`` (None in a Lair or on the Rock)."""
        for dragon, members in self.swarms.items():
            if piece in members:
                return dragon
        return None

    def where(self, piece: str) -> str:
        """Human words for where a Wyrmling is: 'Rock', 'Lair', 'Swarm of Rhed'."""
        if piece in self.rock:
            return "Rock"
        for player, wyrms in self.lairs.items():
            if piece in wyrms:
                return f"{player}'s Lair"
        dragon = self.swarm_of(piece)
        if dragon is not None:
            return f"{dragon}'s Swarm"
        return "out of play"

    def all_wyrmlings(self) -> list[str]:
        """Every Wyrmling in play, wherever it is."""
        found = list(self.rock)
        for wyrms in self.lairs.values():
            found.extend(wyrms)
        for members in self.swarms.values():
            found.extend(members[1:])
        return found

    def in_swarms(self, player: str) -> int:
        """How many of ``player``'s Wyrmlings fly in Swarms (any Swarm, Aurea's included)."""
        return sum(1 for members in self.swarms.values() for m in members[1:] if owner(m) == player)

    def occupant(self, space: str, start_space: str | None) -> str | None:
        """The piece on ``space`` (the top of the start stack when it is still there)."""
        if start_space is not None and space == start_space and self.start_stack:
            return self.start_stack[0]
        if space not in self.pos.values():  # the usual case: an empty space
            return None
        for piece, where in self.pos.items():
            if where == space and piece not in self.start_stack:
                return piece
        return None

    def remove_wyrmling(self, piece: str) -> tuple[str, list[tuple[str, str]]]:
        """Take a Wyrmling out of its Swarm or Lair. Returns where it came from and, for a Swarm, the
        gap-closing moves ``(piece, new space)`` of the Wyrmlings behind it (ED-LOC-SUMMON-5)."""
        for player, wyrms in self.lairs.items():
            if piece in wyrms:
                wyrms.remove(piece)
                return "lair", []
        dragon = self.swarm_of(piece)
        if dragon is None:
            raise KeyError(piece)
        members = self.swarms[dragon]
        index = members.index(piece)
        moves: list[tuple[str, str]] = []
        if piece in self.pos:
            previous = self.pos.pop(piece)
            for follower in members[index + 1:]:
                here = self.pos.get(follower)
                if here is None:
                    break
                self.pos[follower] = previous
                moves.append((follower, previous))
                previous = here
        members.remove(piece)
        return "swarm", moves
