"""The replayed state of an 8 Dragons game: players, pieces, board supplies, turn pointer, end game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .board import Board
from .lair import Lair
from .pieces import Pieces
from .tiles import Tile

#: Level-1 and Level-2 stack sizes after the setup removal (ED-SETUP-7), by player count
L1_SIZE = {2: 10, 3: 11, 4: 12}
L2_SIZE = {2: 7, 3: 8, 4: 9}


@dataclass
class Chest:
    """A Treasure Chest token held by a player; its face is entered at the end (ED-SCORE-1)."""

    id: str
    kingdom: str
    artifacts: str = ""  # letters b/g/o/c, entered at the end
    on: str | None = None  # the tile it is placed on, or None (kept)


@dataclass
class PlayerState:
    """One player's Gold, Lair, waiting tiles, chests and tiles set aside."""
    name: str
    colour: str
    seat: int  # 1 = starting Dragon
    gold: int = 0
    lair: Lair = field(default_factory=Lair)
    started: bool = False
    pending: list[Tile] = field(default_factory=list)  # gained, waiting for Phase II
    chests: list[Chest] = field(default_factory=list)
    chests_placed: bool = False
    set_aside: list[Tile] = field(default_factory=list)

    @property
    def missions(self) -> list[Tile]:
        """The Mission tiles in the Lair (ED-MISSION-1)."""
        return [p.tile for p in self.lair.cells.values() if p.tile.mission is not None]


@dataclass
class Ledger:
    """One Gold movement during play, for ``score --explain``."""

    player: str
    amount: int
    source: str
    seq: int


@dataclass
class EDState:
    """The whole game state derived by replay."""
    settings: dict[str, Any]
    players: dict[str, PlayerState]
    order: list[str]  # turn order, starting Dragon first
    board: Board | None
    pieces: Pieces
    stack_size: dict[str, int]  # "E1" → tiles in that stack after setup
    draws: dict[str, int]
    supply: dict[str, int]  # villager supply per Folk
    villages: dict[str, list[Any]]  # space → [folk, count] (board only)
    trolls: dict[str, int]  # path → Troll index (board only)
    shrines: dict[str, int]  # kingdom → Gold
    chest_stacks: dict[str, int]
    merchant_slots: dict[str, int]
    merchant_stacks: dict[str, int]
    royal: list[tuple[str, int, int]]
    merchant_offer: dict[str, list[Tile]] = field(default_factory=lambda: {"Sinistra": [], "Dextra": []})
    under_stack: dict[str, list[Tile]] = field(default_factory=lambda: {"Sinistra": [], "Dextra": []})
    turn: int = -1  # global turn index; the active Dragon is order[turn % n]
    closed: bool = True  # the current turn is over (Phase II done)
    queue: list[str] = field(default_factory=list)  # pieces still to activate, in order (board only)
    moved: list[str] = field(default_factory=list)
    activated: list[str] = field(default_factory=list)
    flight: dict[str, Any] = field(default_factory=dict)
    bonfires: list[str] = field(default_factory=list)
    uncovered: dict[str, int] = field(default_factory=dict)  # stack → seq of the draw that uncovered its Bonfire
    end_trigger_turn: int | None = None
    over: bool = False
    tile_counter: int = 0
    chest_counter: int = 0
    names: set[str] = field(default_factory=set)
    ledger: list[Ledger] = field(default_factory=list)
    flick_winner: str | None = None
    last_seq: int = 0
    box: dict[str, tuple[str, ...]] | None = None  # the catalog's tiles: part (E1…, merchants, start) → faces
    seen: dict[str, int] = field(default_factory=dict)  # each face (with edges) that entered play → how many

    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.order)

    @property
    def active(self) -> str | None:
        """The active Dragon's player (None before the first flight)."""
        return self.order[self.turn % self.n] if self.turn >= 0 else None

    @property
    def next_player(self) -> str:
        """Who flies next."""
        return self.order[(self.turn + 1) % self.n]

    @property
    def round(self) -> int:
        """The round number (1-based)."""
        return max(self.turn, 0) // self.n + 1

    @property
    def last_turn(self) -> int | None:
        """ED-END-3: the turn index of the very last turn, once the end is triggered."""
        if self.end_trigger_turn is None:
            return None
        return (self.end_trigger_turn // self.n + 2) * self.n - 1

    @property
    def final_round(self) -> bool:
        """Whether the final round is being played."""
        last = self.last_turn
        return last is not None and self.turn > last - self.n

    def gain(self, player: str, amount: int, source: str, seq: int) -> None:
        """ED-GOLD-1: Gold changes only through logged effects; ED-GOLD-3: the supply is unlimited (not tracked)."""
        self.players[player].gold += amount
        self.ledger.append(Ledger(player, amount, source, seq))
