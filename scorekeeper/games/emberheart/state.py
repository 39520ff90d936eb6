"""The state of an Emberheart game as the replay rebuilds it: players, board, offers, phase."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scorekeeper.games.emberheart.cards import (
    AIDES, COLOURS, DRAGON_KINDS, GARRISON, LOCATIONS, MOUNTAIN, MTN_SLOTS, OFFER_SLOTS, TRACKS, Card, empty_hire,
)
from scorekeeper.games.emberheart.copying import tree

ACTION, REWARD, RAID, END = "action", "reward", "raid", "end"


@tree
@dataclass
class Player:
    """One champion's holdings. ``hire`` is the personal supply (tokens on the board are in parties)."""

    name: str
    skill: int | None = None
    crests: int = 5
    crests_gone: int = 0  # Crests left on Special Locations for good (special_crests_return=never, AMB-03)
    hire: dict[str, int] = field(default_factory=lambda: {**empty_hire(), "G": 10})
    gear: int = 2
    flame: int = 0
    attrs: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TRACKS})
    companion_used: bool = False
    companion_recalled: bool = False
    cards: list[str] = field(default_factory=list)  # ids of Heroes, Dragons, Preserves, Garrisons owned
    aides: list[str] = field(default_factory=list)
    pending_flame: int = 0  # Skill 2: the last Flame increase not yet answered (EH-FLAME-3)
    pending_flame_seq: int = 0
    pending_track: str | None = None  # Skill 3: the last advancement's track (EH-SKILL-3A)
    pending_track_seq: int = 0
    pending_tracks: list[str] = field(default_factory=list)  # every advancement of that event (AMB-17)
    raided: bool = False
    trainer_used: bool = False
    end_gear: int | None = None  # Gear at the start of End Game Scoring (AMB-25)
    declared: dict[str, Any] = field(default_factory=dict)  # END_DECLARE: exotic colours, custodian track
    used: list[str] = field(default_factory=list)  # once-per-game / once-per-round ability marks


@tree
@dataclass
class Party:
    """One Crest on a numbered space, with its Hirelings and maybe the Companion."""

    owner: str
    location: str
    space: int
    hire: dict[str, int]
    companion: bool = False
    claimed: bool = False  # has claimed a card (Mountain: at any level)
    done: bool = False  # acted at the current level / location
    claimed_middle: bool = False


@tree
@dataclass
class MountainState:
    """Where the Mountain's resolution stands (EH-MTN-*)."""

    stage: str = "bottom"  # bottom, order-warden, middle, order-top, top, done
    order: list[int] = field(default_factory=list)  # spaces of the parties in level order
    tied: list[list[int]] = field(default_factory=list)  # groups of tied spaces awaiting MTN_ORDER


@tree
@dataclass
class State:
    """The whole Emberheart table: the players, the settings, the round and phase, whose turn, the aides and special
    buildings, the cards, the offers, the Garrison, the raids and the Mountain."""

    players: list[Player]
    settings: dict[str, Any]
    seats: list[str]
    round: int = 1
    phase: str = ACTION
    first: str = ""
    turn: int = 0  # index into the order starting at ``first``
    actions: int = 0  # main actions taken this Action phase
    last_aide_at: int | None = None
    aides: dict[str, str | None] = field(default_factory=lambda: {a: None for a in AIDES})
    specials: dict[str, list[str]] = field(default_factory=lambda: {"warehouse": [], "firestation": []})
    cards: dict[str, Card] = field(default_factory=dict)
    offers: dict[str, list[str | None]] = field(default_factory=dict)
    garrison: dict[str, str | None] = field(default_factory=lambda: {c: None for c in COLOURS})
    raids: list[str | None] = field(default_factory=lambda: [None, None])
    raid_discarded: int | None = None  # the slot the Defender discarded
    blocked: list[tuple[str, int]] = field(default_factory=list)  # 2P non-player Crests
    np_done: list[tuple[str, int]] = field(default_factory=list)
    two_p_revealed: bool = False
    parties: list[Party] = field(default_factory=list)
    location: str | None = None  # the Location being resolved in the Reward phase
    mountain: MountainState = field(default_factory=MountainState)
    counters: dict[str, int] = field(default_factory=dict)  # deck counts and id counters
    refill: list[str] = field(default_factory=list)  # slots that may be refilled out of the window (Apprentice)
    emptied: list[str] = field(default_factory=list)  # offer slots ("camp:2") a card left this round (EH-REW-7)
    after_raid_round: int = 0  # the round whose "after the Raid" window is open
    raid_done_round: int = 0
    attr_warned: bool = False
    log: list[str] = field(default_factory=list)  # recent automatic effects, for status notes
    skipped: list[str] = field(default_factory=list)  # turns the last play's end skipped itself, until the next play

    def player(self, name: str | None) -> Player:
        """The player called ``name``."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def has_player(self, name: str | None) -> bool:
        """Whether ``name`` plays in this game."""
        for p in self.players:
            if p.name == name:
                return True
        return False

    def order(self) -> list[str]:
        """Seat order starting with the first player (EH-FLOW-3)."""
        i = self.seats.index(self.first)
        return self.seats[i:] + self.seats[:i]

    def active(self) -> str | None:
        """Whose Action-phase turn it is (None outside the Action phase)."""
        if self.phase != ACTION:
            return None
        seats = self.seats  # order()[turn % n], without building the order
        return seats[(seats.index(self.first) + self.turn % len(seats)) % len(seats)]

    def owned(self, name: str, kind: str | None = None) -> list[Card]:
        """The cards ``name`` holds (not discarded); ``kind`` filters (``dragon`` for both Dragon kinds)."""
        cards = self.cards
        if kind == "dragon":
            return [card for c in self.player(name).cards
                    if (card := cards[c]).kind in DRAGON_KINDS and not card.discarded]
        if kind is None:
            return [card for c in self.player(name).cards if not (card := cards[c]).discarded]
        return [card for c in self.player(name).cards if (card := cards[c]).kind == kind and not card.discarded]

    def parties_at(self, location: str) -> list[Party]:
        """The Parties on a Location."""
        return [p for p in self.parties if p.location == location]

    def party(self, location: str, space: int) -> Party | None:
        """The Party on a Location's space, if any."""
        for p in self.parties:
            if p.location == location and p.space == space:
                return p
        return None

    def board_hire(self, name: str) -> dict[str, int]:
        """The Hirelings ``name`` has on the Main board."""
        total = empty_hire()
        for party in self.parties:
            if party.owner == name:
                for t, n in party.hire.items():
                    total[t] += n
        return total


def new_offers() -> dict[str, list[str | None]]:
    """Empty offers: 3 slots per Location, the Mountain 3/2/1 (the Garrison is separate)."""
    offers: dict[str, list[str | None]] = {loc: [None] * OFFER_SLOTS for loc in LOCATIONS if loc not in (MOUNTAIN, GARRISON)}
    for level, n in MTN_SLOTS.items():
        offers[f"mountain-{level}"] = [None] * n
    return offers
