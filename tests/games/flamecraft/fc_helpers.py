"""Helpers for the Flamecraft tests: the checklist's shared fixture (5.0, invented faces) and a table driver.

``Table`` (a thin subclass of ``tests.table.Table``) feeds events one by one through ``engine.step``, exactly
as replay does, and remembers every verdict; ``Table.replay()`` runs the real engine over the same events.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.engine import replay
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Finding, SessionConfig
from scorekeeper.games.flamecraft import GAME
from tests.table import Table as SharedTable
from scorekeeper.games.flamecraft.settings import SETTINGS

#: checklist 5.0: invented card faces, NOT real Flamecraft cards
FIXTURE_CATALOG: dict[str, Any] = {
    "shops": {
        "BAKERY": "bread,bread,bread>1coin,bread/meat>2rep,starter",
        "BUTCHER": "meat,meat,meat>1fancy,meat>3rep,starter",
        "GREENHOUSE": "plant,plant,plant>1artisan,plant/iron>1rep,starter",
        "SMITHY": "iron,iron,iron>2coin,iron>2rep,starter",
        "JEWELER": "crystal,crystal,crystal>1rep,crystal>1fancy,starter",
        "APOTHECARY": "potion,potion,potion>1coin,potion>2rep,starter",
        "FAIR": "wild,bread/potion>1rep,crystal>1coin,iron>2rep",
        "CAFE": "coin,meat>1rep,plant>1rep,potion>2coin,noench",
        "ARCHIVE": "potion,potion>1rep,potion>1coin,meat>2rep,ability=reserve",
        "MILL": "bread,bread>1rep,bread>1coin,bread/plant>2rep",
    },
    "dragons": {
        "SD-BREAD": {"icon": "bread", "ability": "GAIN2", "starter": True},
        "SD-MEAT": {"icon": "meat", "ability": "DRAW", "starter": True},
        "SD-PLANT": {"icon": "plant", "ability": "GAIN3", "starter": True},
        "SD-IRON": {"icon": "iron", "ability": "GIFT", "starter": True},
        "SD-CRYSTAL": {"icon": "crystal", "ability": "SWAP", "starter": True},
        "SD-POTION": {"icon": "potion", "ability": "PLACE", "starter": True},
        "AD-1": "bread/gift",
        "AD-2": "bread/gain3",
        "AD-3": "meat/place",
        "AD-4": "iron/draw",
        "AD-5": "potion/gain2",
        "AD-6": "crystal/swap",
        "AD-20": "bread/place",
        "AD-21": "meat/gift",
        "AD-31": "bread/gift",
        "AD-32": "plant/gain2",
        "DK-LAST": "potion/gain3",
    },
    "enchantments": {
        "EN-1": "bread:2bread+meat>3rep",
        "EN-2": "meat:2crystal>4rep:nocoin",
        "EN-3": "bread:iron+potion>2rep:sets=3",
        "EN-4": "iron:3iron>2rep",
        "EN-5": "plant:plant+crystal>1fancy",
        "EN-6": "plant:2plant+potion>2coin",
        "EN-7": "iron:2iron>1rep",
        "EN-8": "iron:2iron>1rep",
        "EN-9": "iron:2iron>1rep",
    },
    "fancy": {
        "FD-1": "sun:4rep:spend=plant+iron+crystal",
        "FM-1": "moon:4rep",
        "FM-2": "moon:3rep",
        "FM-3": "moon:5rep",
        "FS-3": "sun:5rep",
        "FD-A": "moon:1rep",
        "FD-B": "moon:2rep",
        "FD-C": "sun:2rep",
        "FD-D": "moon:2rep",
    },
    "companions": {
        "C-1": {"start": "2coin", "ability": "gain 1 good of your choice"},
        "C-2": {"start": None, "ability": "gain 2 reputation"},
    },
}

PARK = ["PK-1", "PK-2", "PK-3", "PK-4", "PK-5"]
ROW = ["EN-1", "EN-2", "EN-3", "EN-4", "EN-5"]


def settings(**overrides: Any) -> dict[str, Any]:
    values = {s.key: s.default for s in SETTINGS}
    values.update(overrides)
    return values


class Table(SharedTable):
    """A Flamecraft game driven event by event (``tests.table.Table``); ``play`` records rejected plays too."""

    def __init__(self, players: tuple[str, ...] = ("P1", "P2", "P3"), *, catalog: Any = FIXTURE_CATALOG, **overrides: Any) -> None:
        super().__init__(GAME, SessionConfig("flamecraft", players, settings(**overrides), catalog))

    def bad(self, type: str, player: str | None = None, *rules: str, **payload: Any) -> list[Finding]:
        """Play an event that must be rejected, citing every rule in ``rules``."""
        findings = self.play(type, player, **payload)
        cited = {f.rule for f in findings if f.is_error}
        assert cited, f"{type} {player} {payload} was accepted"
        for rule in rules:
            assert rule in cited, f"{type} {player} {payload}: expected {rule}, got {findings}"
        return findings

    def p(self, name: str) -> Any:
        return self.state.players[name]

    # -- shortcuts ---------------------------------------------------------------------------------

    def setup(self, **payload: Any) -> None:
        payload.setdefault("park", PARK)
        payload.setdefault("row", ROW)
        self.ok("SETUP", None, **payload)

    def deal(self, player: str, hand: list[str], keep: str = "", **payload: Any) -> None:
        keep = keep or f"FK-{player}"
        faces = payload.pop("faces", {})
        if keep.startswith("FK-"):  # a provisional kept fancy dragon: a 1-point moon dragon
            faces.setdefault("fancy", {}).setdefault(keep, "moon:1rep")
        self.ok("SETUP_PLAYER", player, hand=hand, keep=[keep], faces=faces, **payload)

    def turn(self, player: str, shop: str, **gather: Any) -> None:
        """A plain turn: visit (no one to pay), gather the yield, end."""
        self.ok("VISIT", player, shop=shop)
        self.ok("GATHER", player, **gather)
        self.ok("END_TURN", player)


def fresh(players: tuple[str, ...] = ("P1", "P2", "P3"), hands: dict[str, list[str]] | None = None, **overrides: Any) -> Table:
    """A legal fresh setup with fixture 5.0 (hands default to provisional names)."""
    table = Table(players, **overrides)
    table.setup()
    for index, name in enumerate(table.state.order):
        hand = (hands or {}).get(name) or [f"H{index}-{i}=bread/gain2" for i in range(3)]
        extra: dict[str, Any] = {}
        if len(players) >= 4 and table.state.players[name].seat in (4, 5):
            extra["good"] = "bread"
        table.deal(name, hand, **extra)
    return table
