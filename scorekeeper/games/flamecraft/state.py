"""The replayed state of a Flamecraft game (checklist section 1.2): players, town, decks and turn flow.

Plain mutable dataclasses: ``play`` mutates them in place (the engine puts a rejected play back).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

PARK_SIZE = 5
ROW_SIZE = 5
HAND_LIMIT = 6
GOODS_LIMIT = 7
MAX_ENCHANTMENTS = 3


@dataclass
class PlayerState:
    """One player's holdings and standing."""

    name: str
    seat: int  # 1-based, in turn order from the start player
    rep: int = 0
    goods: dict[str, int] = field(default_factory=dict)
    coins: int = 0
    hand: list[str] = field(default_factory=list)
    fancies: list[str] = field(default_factory=list)
    sun_scored: list[str] = field(default_factory=list)
    reserved: str | None = None
    companion: str | None = None
    companion_used: bool = False
    token: str | None = None  # a shop ID, or None when off-town
    recent_shops: list[str] = field(default_factory=list)  # shops of the last visits, newest last
    dealt: bool = False
    turns: int = 0
    placed: int = 0  # dragons this player placed in town (for structured goals, A-31)
    enchanted: int = 0  # enchantments this player cast
    #: where every reputation point came from: {"points", "source"} (for ``score --explain``)
    rep_log: list[dict[str, Any]] = field(default_factory=list)

    def goods_total(self) -> int:
        return sum(self.goods.values())

    def items_total(self) -> int:
        """Goods plus coins: what can be paid to visit (FC-TURN-7) or gifted."""
        return self.goods_total() + self.coins


@dataclass
class ShopState:
    """A shop in town. A face-down shop has a provisional ID (``NEW-1``…) and no slots until flipped."""

    id: str
    face_up: bool = True
    slots: list[str | None] = field(default_factory=list)
    enchantments: list[str] = field(default_factory=list)

    def is_full(self) -> bool:
        return bool(self.slots) and all(s is not None for s in self.slots)


@dataclass
class TurnState:
    """The turn in progress: its player and how far it has gone (FC-TURN-2, FC-GATHER-1, FC-ENCH-1)."""

    player: str
    number: int
    phase: str = "start"  # start → visited → gather | enchant
    shop: str | None = None
    gather_step: int = 0  # 1 gained, 2 placed, 3 fired up, 4 shop ability (FC-GATHER-1)
    fired: list[str] = field(default_factory=list)  # dragons fired up this turn (FC-FIRE-4)
    gather_fire_used: bool = False  # the single gather fire-up (FC-FIRE-2)
    followup: str | None = None  # the dragon a SWAP just brought here (FC-FIRE-7)
    new_shops: list[str] = field(default_factory=list)  # face-down shops drawn this turn (FC-PLACE-6)
    final: bool = False  # this is the player's final turn (FC-END-4)


@dataclass
class FlameState:
    """The whole game."""

    settings: dict[str, Any]
    goods: tuple[str, ...]
    order: list[str]  # turn order, start player first (FC-SETUP-10)
    players: dict[str, PlayerState]
    faces: dict[str, dict[str, dict[str, Any]]]  # kind → card ID → face
    catalog_starters: dict[str, list[str]] = field(default_factory=dict)
    shops: dict[str, ShopState] = field(default_factory=dict)  # the town, in the order shops arrived
    town_spaces: int = 14
    artisan_deck: int = 0
    park: list[str] = field(default_factory=list)
    ench_deck: int = 0
    row: list[str] = field(default_factory=list)
    fancy_deck: int | None = None  # None: not tracked
    #: the fancy dragons put back at setup, top one first: they lie under the unseen rest (FC-SETUP-13, FC-REW-2)
    fancy_bottom: list[str] = field(default_factory=list)
    shop_deck: int = 10
    removed: dict[str, int] = field(default_factory=dict)  # artisan dragons removed at setup, per type
    discarded: list[str] = field(default_factory=list)  # dragons discarded for the hand limit
    setup_done: bool = False
    turn: TurnState | None = None
    turn_count: int = 0
    end_trigger: dict[str, Any] | None = None  # {"turn", "player", "deck", "seq"} (FC-END-1)
    final_queue: list[str] | None = None  # players still owed their final turn (FC-END-4)
    finished: bool = False
    moon: dict[str, bool] | None = None  # the final_scoring declaration (FC-SCORE-3)
    auto: int = 0  # counter for provisional card names
    shops_drawn: int = 0  # counter for the face-down shops' placeholders (NEW-1, NEW-2 …)
    #: the provisional names in play (a card revealed without its name); its real name is taken later
    provisional: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any]) -> FlameState:
        """A private copy, as ``copy.deepcopy`` makes it, except for the card faces themselves: a face is never
        changed once read (``Ctx.learn`` puts a new one in its place), so the copy has its own dict per kind and
        shares the faces in it. (Copying every face was most of the cost of trying one play.)"""
        new = type(self).__new__(type(self))
        memo[id(self)] = new
        for name, value in vars(self).items():
            if name == "faces":
                value = {kind: dict(cards) for kind, cards in value.items()}
            else:
                value = copy.deepcopy(value, memo)
            vars(new)[name] = value
        return new

    @property
    def started(self) -> bool:
        return self.setup_done and all(p.dealt for p in self.players.values())

    def face(self, kind: str, card: str) -> dict[str, Any] | None:
        faces = self.faces.get(kind)
        return None if faces is None else faces.get(card)

    def next_auto(self, prefix: str) -> str:
        self.auto += 1
        name = f"{prefix}{self.auto}"
        self.provisional.append(name)
        return name

    def dragon_location(self, dragon: str) -> tuple[str, int] | None:
        """(shop, slot index) of a dragon in town, or None."""
        for shop in self.shops.values():
            if dragon in shop.slots:
                return shop.id, shop.slots.index(dragon)
        return None


def goal_held(state: FlameState, who: PlayerState, card: str) -> str:
    """What ``who`` holds toward a fancy dragon's structured goal, in words for a refusal (field report FC-V9:
    ``Raf holds 4 kinds: bread, plant, crystal, potion``); '' for a goal kept as text."""
    check = (state.face("fancy", card) or {}).get("check")
    if not check:
        return ""
    kind = check["kind"]
    if kind == "hold":
        held = ", ".join(f"{who.goods.get(g, 0)} {g}" for g in check["items"])
        return f"{who.name} holds {held}"
    if kind == "distinct":
        kinds = [g for g, n in who.goods.items() if n > 0]
        return f"{who.name} holds {len(kinds)} kind{'' if len(kinds) == 1 else 's'}{': ' if kinds else ''}{', '.join(kinds)}"
    count = {"placed": who.placed, "enchanted": who.enchanted, "coins": who.coins}[kind]
    return f"{who.name} has {count} {'coins' if kind == 'coins' else kind}"


def goal_met(state: FlameState, who: PlayerState, card: str) -> bool | None:
    """Whether a fancy dragon's structured goal (A-31) is met by ``who`` now (the rules and the state check read it);
    None for a goal kept as text."""
    check = (state.face("fancy", card) or {}).get("check")
    if not check:
        return None
    kind = check["kind"]
    if kind == "hold":
        return all(who.goods.get(g, 0) >= n for g, n in check["items"].items())
    value = {
        "distinct": len([g for g, n in who.goods.items() if n > 0]),
        "placed": who.placed,
        "enchanted": who.enchanted,
        "coins": who.coins,
    }[kind]
    return bool(value >= int(check["count"]))
