"""Helpers for the 8 Dragons tests: sessions built from events, the checklist's test board FX (section 7.0)."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.engine import Replay, replay
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Finding, SessionConfig
from scorekeeper.games.eight_dragons import GAME
from tests.table import Table as SharedTable
from scorekeeper.core.settings import resolve

SIN = [f"S{i}" for i in range(1, 10)] + [f"N{i}" for i in range(1, 7)]
DEX = [f"D{i}" for i in range(1, 10)] + [f"E{i}" for i in range(1, 7)]


def fx_board(locations: dict[str, str] | None = None, trolls: dict[str, list[int]] | None = None) -> dict[str, Any]:
    """Board FX: Sinistra S1…S9 (South) → N1…N6 (North) → V; Dextra D1…D9 → E1…E6 → V."""
    return {
        "note": "test board FX of the checklist (section 7.0), not the real board",
        "kingdoms": {
            "Sinistra": {"route": SIN, "north": SIN[9:]},
            "Dextra": {"route": DEX, "north": DEX[9:]},
        },
        "locations": locations or {},
        "trolls": trolls or {},
        "start": "N6",
        "aurea": "E6",
    }


def make_config(players: tuple[str, ...] = ("A", "B", "C"), board: dict[str, Any] | None = None,
                **settings: Any) -> SessionConfig:
    values, _ = resolve(GAME.settings, [])
    values.update({k.replace("__", "."): v for k, v in settings.items()})
    catalog = {"board": board} if board is not None else None
    return SessionConfig("eight-dragons", players, values, catalog)


class Table(SharedTable):
    """An 8 Dragons game played event by event, like the CLI's ``record`` (an illegal play is not applied)."""

    def __init__(self, config: SessionConfig) -> None:
        super().__init__(GAME, config)

    def check(self, type_: str, player: str | None = None, **payload: Any) -> list[Finding]:
        return self.judge(type_, player, **payload)

    def play(self, type_: str, player: str | None = None, *, force: bool = False, **payload: Any) -> list[Finding]:
        """Check and (when legal) apply; an illegal play raises unless ``force``."""
        if not force:
            errors = [f for f in self.judge(type_, player, **payload) if f.is_error]
            if errors:
                raise AssertionError(f"refused {type_} {payload}: {errors}")
        return super().play(type_, player, force=force, **payload)

    def errors(self, type_: str, player: str | None = None, **payload: Any) -> list[str]:
        """The rule IDs of the errors this play would get (nothing is applied)."""
        return [f.rule for f in self.check(type_, player, **payload) if f.is_error]


def cell(q: int, r: int) -> str:
    return f"{q},{r}"


def start_all(table: Table, tile: str = "S/OOOOOO", mission: str = "SM/OOOOOO/market:b") -> None:
    """Record a plain Starting Tile and Mission(s) for every player (Mission at 0,-1)."""
    n = len(table.config.players)
    for name in table.config.players:
        missions = [{"tile": mission, "at": "0,-1", "rot": 0}]
        if n == 2:
            missions.append({"tile": mission, "at": "1,-1", "rot": 0})
        table.play("START", name, tile=tile, missions=missions)


def big_swarm(table: Table, player: str) -> None:
    """Put every Wyrmling in ``player``'s Swarm (a table correction), so that one flight moves many pieces."""
    wyrms = table.state.pieces.all_wyrmlings()
    table.play("POSITIONS", swarms={player: {"members": wyrms}}, rock=[],
               lairs={name: [] for name in table.config.players})


def tied_table() -> Table:
    """A finished game where all three hold 10 Gold; A and C have 2-tile Lairs, B a 3-tile one (the tiebreak)."""
    from scorekeeper.games.eight_dragons.notation import parse_tile

    t = Table(make_config(("A", "B", "C")))
    for name, cells in (("A", 2), ("B", 3), ("C", 2)):
        p = t.state.players[name]
        p.gold = 10
        for i in range(cells):
            p.lair.place(parse_tile("E1/OOOOOO", f"{name}{i}"), (i, 0), 0)
    t.state.over = True
    return t
