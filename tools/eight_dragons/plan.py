"""Plan the 8 Dragons sample sessions: a seeded table that plays legal moves, written as ``ed`` commands.

``make.py`` records every planned command through the real ``scorekeeper`` CLI (``tools/recorder.py``), so
the sample sessions are real journals; this module only decides the plays. It checks each play with the
rules engine before planning it, so the legal games contain no illegal play, and the disputed game contains
exactly the plays it marks ``--force``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from scorekeeper.core.engine import step
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import SessionConfig
from scorekeeper.games.eight_dragons import GAME
from scorekeeper.games.eight_dragons.board import KINGDOMS
from scorekeeper.games.eight_dragons.context import beneficiary_of
from scorekeeper.games.eight_dragons.flight import FlightError, simulate
from scorekeeper.games.eight_dragons.hexgrid import format_cell, rotate_edges
from scorekeeper.games.eight_dragons.pieces import AUREA, VALLEY
from scorekeeper.games.eight_dragons.rules_locations import summon_eligible
from scorekeeper.games.eight_dragons.rules_turn import predicted_bonfires
from scorekeeper.games.eight_dragons.notation import parse_tile
from scorekeeper.games.eight_dragons.tiles import FOLK_ARTIFACT, FOLKS
from scorekeeper.core.settings import resolve

ROOT = Path(__file__).resolve().parents[2]
#: the invented example board, the input of the board games
BOARD_FILE = ROOT / "sample_sessions" / "inputs" / "eight-dragons-board.json"
BOARD = json.loads(BOARD_FILE.read_text())


class Planner:
    def __init__(self, players: list[str], sets: list[str], board: bool, seed: int) -> None:
        values, _ = resolve(GAME.settings, sets)
        catalog = BOARD if board else None
        self.config = SessionConfig("eight-dragons", tuple(players), values, catalog)
        self.state = GAME.setup(self.config)
        self.rng = random.Random(seed)
        self.seq = 0
        self.lines: list[str] = []
        self.names = 0

    # -- recording ---------------------------------------------------------------------------------

    def emit(self, type_: str, player: str | None, payload: dict[str, Any], cli: str, force: bool = False) -> bool:
        event = Event(self.seq + 1, type_, player, payload, forced=force)
        state, findings = step(GAME, self.state, event)  # a rejected play gives back a copy of the state before
        errors = [f for f in findings if f.is_error]
        if errors and not force:
            raise RuntimeError(f"planned an illegal play: {cli}: {errors}")
        if force and not errors:
            raise RuntimeError(f"a disputed play turned out legal: {cli}")
        self.seq += 1
        self.lines.append(cli + (" --force" if force else ""))
        self.state = state
        return not errors

    def name(self) -> str:
        self.names += 1
        return f"T{self.names}"

    # -- tile faces ------------------------------------------------------------------------------------

    def edges(self, opens: int) -> str:
        slots = [0, 1, 2, 3, 4, 5]
        self.rng.shuffle(slots)
        return "".join("O" if i in slots[:opens] else "W" for i in range(6))

    def lair_face(self, stack: str) -> str:
        folk, level = stack[0], stack[1]
        opens = self.rng.choice([2, 3, 3, 4, 4, 5])
        items = []
        if self.rng.random() < 0.7:
            items.append(FOLK_ARTIFACT[folk] if level == "1" else f"2{FOLK_ARTIFACT[folk]}")
        gold = self.rng.choice([0, 0, 1] if level == "1" else [1, 2, 2])
        if gold:
            items.append(str(gold))
        return f"{stack}/{self.edges(opens)}" + (f"/{','.join(items)}" if items else "")

    def merchant_face(self) -> str:
        colour = self.rng.choice(["J", "N", "E", "G", "O", "F"])
        arts = "bgoc"
        mission = self.rng.choice([
            f"craft:{self.rng.choice(arts)}{self.rng.choice(arts)}",
            f"alch:{''.join(self.rng.sample(arts, 3))}",
            f"spec:{self.rng.choice(FOLKS)}", "tours", "chests", f"market:{self.rng.choice(arts)}", None,
        ])
        items = [mission] if mission else [self.rng.choice(["3b", "2g,2", "2o,1", "2c,2"])]
        return f"M{colour if colour != 'N' else ''}/{self.edges(self.rng.choice([3, 4, 5]))}/{','.join(items)}"

    # -- setup -------------------------------------------------------------------------------------------

    def start(self) -> None:
        n = self.state.n
        for name in self.state.order:
            tile = f"S/{self.edges(4)}"
            missions = []
            placed: list[tuple[str, str]] = []
            from scorekeeper.games.eight_dragons.lair import Lair

            lair = Lair()
            lair.place(parse_tile(tile, "S"), (0, 0), 0)
            for index in range(2 if n == 2 else 1):
                art = self.rng.choice("bgoc")
                for _ in range(200):
                    spec = f"SM/{self.edges(self.rng.choice([3, 4]))}/market:{art}"
                    options = [(c, r) for c, _ in lair.open_places() for r in lair.legal_rotations(parse_tile(spec, "x"), c)
                               if index > 0 or c in [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]]
                    if options:
                        cell, rot = self.rng.choice(options)
                        lair.place(parse_tile(spec, f"M{index}"), cell, rot)
                        missions.append({"tile": spec, "at": format_cell(cell), "rot": rot})
                        placed.append((spec, f"{spec}@{format_cell(cell)}r{rot}"))
                        break
            cli = f"ed start {name} {tile} " + " ".join(p for _, p in placed)
            self.emit("START", name, {"tile": tile, "rot": 0, "missions": missions}, cli)

    # -- a turn ---------------------------------------------------------------------------------------------

    def fly(self, active: str) -> None:
        s = self.state
        if s.board is None:
            spaces = self.rng.randint(1, 5)
            payload: dict[str, Any] = {"spaces": spaces}
            cli = f"ed fly -n {spaces} -p {active}"
            if s.pieces.rock and self.rng.random() < 0.5:
                payload["joins"] = [active]
                cli += f" --join {active}"
            self.emit("FLY", active, payload, cli)
            return
        board = s.board
        options = []
        here = s.pieces.pos[active]
        for way in KINGDOMS:
            cur, path = here, []
            for _ in range(9):
                cur = board.exits[way] if cur == VALLEY else board.succ[cur]
                if cur != VALLEY:
                    path.append(cur)
            for dest in path:
                pushes = {d: self.rng.choice(KINGDOMS) for d in s.pieces.swarms if d != active}
                for attempt in range(2):
                    try:
                        result = simulate(board, s.pieces, active, dest, valley=None, pushes=pushes)
                    except FlightError as exc:
                        if exc.rule == "ED-2P-6" and attempt == 0:
                            pushes[AUREA] = KINGDOMS[1] if pushes[AUREA] == KINGDOMS[0] else KINGDOMS[0]
                            continue
                        break
                    used = {d: pushes[d] for d, _ in result.valley if d != active}
                    options.append((dest, used, result))
                    break
        uniq = {(d, json.dumps(u, sort_keys=True)): (d, u, r) for d, u, r in options}
        ranked = sorted(uniq.values(), key=lambda x: (x[0], json.dumps(x[1])))
        # a table likes to shop when it can pay, and to push the other Swarms (Aurea too)
        shop = [o for o in ranked if s.players[active].gold >= 5 and board.location(o[0]).type == "merchant"]
        pushy = [o for o in ranked if len(o[2].moved) > 1]
        pool = shop or (pushy if pushy and self.rng.random() < 0.5 else ranked)
        dest, used, _ = self.rng.choice(pool)
        cli = f"ed fly {dest} -p {active}" + "".join(f" --push {d}={k}" for d, k in sorted(used.items()))
        payload = {"to": dest}
        if used:
            payload["pushes"] = used
        self.emit("FLY", active, payload, cli)

    def bonfires(self) -> None:
        for stack in predicted_bonfires(self.state):
            self.emit("BONFIRE", None, {"stack": stack}, f"ed bonfire {stack}")

    def take_tiles(self, who: str, stacks: list[str]) -> list[str]:
        items = []
        for stack in stacks:
            items.append(f"{self.name()}={self.lair_face(stack)}")
        return items

    def available(self, stack: str) -> int:
        s = self.state
        return s.stack_size[stack] - s.draws[stack]

    def village_bundle(self, folk: str, n: int) -> list[str]:
        options = []
        own1, own2 = f"{folk}1", f"{folk}2"
        others1 = [f"{f}1" for f in FOLKS if f != folk]
        others2 = [f"{f}2" for f in FOLKS if f != folk]
        if n == 1:
            options = [[own1]]
        elif n == 2:
            options = [[own1, own1], [own2]] + [[o] for o in others1]
        elif n == 3:
            options = [[own1] * 3, [own2, own1]] + [[o, own1] for o in others1]
        elif n == 4:
            options = [[own2, own2], [own2, own1, own1], [own1] * 4] + [[o] for o in others2] + [[o, own2] for o in others1]
        self.rng.shuffle(options)
        for bundle in options:
            need: dict[str, int] = {}
            for st in bundle:
                need[st] = need.get(st, 0) + 1
            if all(self.available(st) >= k for st, k in need.items()):
                return bundle
        # no exact bundle left: the fullest available bundle costing at most n
        bundle, budget = [], n
        for stack in [own2, own1] + others2 + others1:
            cost = 1 if stack == own1 else 2 if stack in [own2] + others1 else 4
            while cost <= budget and self.available(stack) - bundle.count(stack) > 0:
                bundle.append(stack)
                budget -= cost
        return bundle

    def activate_board(self) -> None:
        s = self.state
        while s.queue:
            piece = s.queue[0]
            who = str(beneficiary_of(s, piece))
            space = s.pieces.pos[piece]
            assert s.board is not None
            loc = s.board.location(space)
            if loc.type == "village":
                folk, n = s.villages[space]
                bundle = self.village_bundle(folk, n) if n else []
                if bundle:
                    items = self.take_tiles(who, bundle)
                    self.emit("VILLAGE", who, {"tiles": items}, f"ed village {' '.join(items)} -p {who}")
                else:
                    self.emit("NONE", who, {"reason": "the village gives nothing"}, f"ed none the village gives nothing -p {who}")
            elif loc.type == "grow":
                targets = [(sp, f) for sp, (f, c) in s.villages.items() if c < 4 and s.supply[f] > 0]
                if targets:
                    sp, f = self.rng.choice(sorted(targets))
                    self.emit("GROW", who, {"folk": f, "village": sp}, f"ed grow {f} {sp} -p {who}")
                else:
                    self.emit("NONE", who, {"reason": "no village can grow"}, f"ed none no village can grow -p {who}")
            elif loc.type == "gather":
                stacks = [f"{f}1" for f in FOLKS if self.available(f"{f}1") > 0]
                if stacks:
                    item = self.take_tiles(who, [self.rng.choice(stacks)])[0]
                    self.emit("GATHER", who, {"tile": item}, f"ed gather {item} -p {who}")
                else:
                    self.emit("NONE", who, {"reason": "all Level-1 stacks are empty"}, f"ed none all Level-1 stacks are empty -p {who}")
            elif loc.type == "summon":
                eligible = summon_eligible(s, piece)
                if eligible:
                    target = self.rng.choice(sorted(eligible))
                    self.emit("SUMMON", who, {"wyrmling": target}, f"ed summon {target} -p {who}")
                else:
                    self.emit("NONE", who, {"reason": "no Wyrmling may be summoned"}, f"ed none no Wyrmling may be summoned -p {who}")
            elif loc.type in ("troll", "shrine", "chest"):
                self.emit(loc.type.upper(), who, {}, f"ed {loc.type} -p {who}")
            elif loc.type == "merchant":
                self.merchant(who, {})
            self.bonfires()

    def merchant(self, who: str, payload: dict[str, Any], kingdom: str | None = None) -> None:
        s = self.state
        cli = f"ed merchant -p {who}" + (f" -k {kingdom}" if kingdom else "")
        player = s.players[who]
        assert kingdom or s.board is not None
        k = kingdom or s.board.kingdom[s.pieces.pos[s.queue[0]]]  # type: ignore[union-attr]
        if player.gold >= 5 and s.merchant_slots[k] > 0 and self.rng.random() < 0.8:
            face = self.merchant_face()
            if "/" in face and any(m in face for m in ("craft", "alch", "spec", "tours", "chests", "market")) \
                    and len(player.missions) + sum(1 for t in player.pending if t.mission) >= 5:
                face = f"M/{self.edges(4)}/3b"
            name = self.name()
            payload = dict(payload, buy=f"{name}={face}")
            cli += f" --buy {name}={face}"
        self.emit("MERCHANT", who, payload, cli)

    def place_all(self) -> None:
        s = self.state
        for name in s.order:
            player = s.players[name]
            while player.pending:
                tile = player.pending[0]
                lair = player.lair
                options = [(c, r) for c, _ in lair.open_places() for r in lair.legal_rotations(tile, c)]
                if options:
                    cell, rot = self.rng.choice(options)
                    item = {"tile": tile.name, "at": format_cell(cell), "rot": rot}
                    self.emit("PLACE", name, {"tiles": [item]}, f"ed place {tile.name}@{format_cell(cell)}r{rot} -p {name}")
                else:
                    self.emit("DISCARD", name, {"tile": tile.name}, f"ed discard {tile.name} -p {name}")

    def activate_free(self, active: str) -> None:
        """Without a board: each moved piece activates a Location the table names."""
        s = self.state
        for piece in list(s.moved):
            who = str(beneficiary_of(s, piece))
            kind = self.rng.choice(["village", "village", "gather", "troll", "shrine", "chest", "merchant"])
            kingdom = self.rng.choice(KINGDOMS)
            if kind == "village":
                folk, n = self.rng.choice(FOLKS), self.rng.randint(1, 4)
                bundle = self.village_bundle(folk, n)
                if not bundle:
                    continue
                items = self.take_tiles(who, bundle)
                self.emit("VILLAGE", who, {"tiles": items, "villagers": n, "folk": folk, "piece": piece},
                          f"ed village {' '.join(items)} --folk {folk} --villagers {n} --piece {piece} -p {who}")
            elif kind == "gather":
                item = self.take_tiles(who, [self.rng.choice([f"{f}1" for f in FOLKS if self.available(f'{f}1')])])[0]
                self.emit("GATHER", who, {"tile": item, "piece": piece}, f"ed gather {item} --piece {piece} -p {who}")
            elif kind == "troll":
                gold = self.rng.randint(0, 4)
                self.emit("TROLL", who, {"gold": gold, "piece": piece}, f"ed troll --gold {gold} --piece {piece} -p {who}")
            elif kind in ("shrine", "chest"):
                self.emit(kind.upper(), who, {"kingdom": kingdom, "piece": piece},
                          f"ed {kind} -k {kingdom} --piece {piece} -p {who}")
            else:
                self.merchant(who, {"kingdom": kingdom, "piece": piece}, kingdom)
                self.lines[-1] += f" --piece {piece}"
            self.bonfires()

    def turn(self) -> None:
        s = self.state
        active = s.next_player
        self.fly(active)
        if s.board is not None:
            self.activate_board()
        else:
            self.activate_free(active)
        self.place_all()

    def finish(self) -> None:
        s = self.state
        if not s.over:
            self.emit("DONE", s.active, {}, f"ed done -p {s.active}")
        for name in s.order:
            player = s.players[name]
            if not player.chests:
                continue
            tiles = [p.tile.name for p in player.lair.cells.values()]
            self.rng.shuffle(tiles)
            items: list[dict[str, Any]] = []
            words: list[str] = []
            for chest in player.chests:
                art = self.rng.choice("bgoc")
                if tiles and self.rng.random() < 0.8:
                    on = tiles.pop()
                    items.append({"id": chest.id, "artifacts": art, "on": on})
                    words.append(f"{chest.id}={art}@{on}")
                else:
                    items.append({"id": chest.id, "artifacts": art, "on": None})
                    words.append(f"{chest.id}={art}")
            self.emit("CHESTS", name, {"chests": items}, f"ed chests {name} {' '.join(words)}")
        table = GAME.score(s)
        if len(table.winners) > 1:
            winner = self.rng.choice(table.winners)
            self.emit("FLICK", winner, {}, f"ed flick {winner}")

    def play(self, max_turns: int = 80) -> None:
        self.start()
        for _ in range(max_turns):
            if self.state.over or (self.state.last_turn is not None and self.state.turn >= self.state.last_turn):
                break
            self.turn()
        self.finish()


def disputes(p: Planner) -> None:
    """The disputed game: a few plays the table insisted on, recorded with --force; the game carries each out
    (the table did it) and the plan goes on from there."""
    # turn 1 is normal; turn 2: the wrong player flies first (ED-FLY-1)
    p.turn()
    wrong = p.state.order[2]
    p.emit("FLY", wrong, {"spaces": 2}, f"ed fly -n 2 -p {wrong}", force=True)
    active = p.state.next_player
    p.emit("FLY", active, {"spaces": 3}, f"ed fly -n 3 -p {active}")
    # a village bundle over budget (ED-LOC-VILLAGE-1)
    items = [f"{p.name()}={p.lair_face('E2')}", f"{p.name()}={p.lair_face('O1')}"]
    p.emit("VILLAGE", active, {"tiles": items, "villagers": 3, "folk": "E", "piece": active},
           f"ed village {' '.join(items)} --folk E --villagers 3 --piece {active} -p {active}", force=True)
    # the table went on from the forced bundle: its tiles are the ones placed next
    # a placement with no open edge against an open edge (ED-LAIR-3)
    player = p.state.players[active]
    tile = player.pending[0]
    bad = None
    for cell in player.lair.frontier():
        for rot in range(6):
            problem = player.lair.placement_problem(cell, rotate_edges(str(tile.edges), rot))
            if problem and "no open edge" in problem:
                bad = (cell, rot)
                break
        if bad:
            break
    if bad:
        placed = {"tile": tile.name, "at": format_cell(bad[0]), "rot": bad[1]}
        p.emit("PLACE", active, {"tiles": [placed]}, f"ed place {tile.name}@{format_cell(bad[0])}r{bad[1]} -p {active}", force=True)
    p.place_all()
    # a purchase without 5 Gold (ED-LOC-MERCHANT-1)
    nxt = p.state.next_player
    p.emit("FLY", nxt, {"spaces": 1}, f"ed fly -n 1 -p {nxt}")
    if p.state.players[nxt].gold < 5:
        name = p.name()
        p.emit("MERCHANT", nxt, {"kingdom": "Sinistra", "piece": nxt, "buy": f"{name}=MJ/OOWOWW/craft:bg"},
               f"ed merchant -k Sinistra --buy {name}=MJ/OOWOWW/craft:bg --piece {nxt} -p {nxt}", force=True)
    p.place_all()


def plan(which: str) -> list[str]:
    """The commands of sample ``which`` (three, four, two or disputed), without the ``scorekeeper`` word."""
    if which == "three":
        p = Planner(["Rhed", "Greenyra", "Blakkar"], ["royal=smallest:6:3,artifacts:5:2,gold:8:4,wall:7:3"], True, 8)
        p.play()
    elif which == "four":
        p = Planner(["Greenyra", "Whytera", "Rhed", "Blakkar"], ["bonfires=5", "first=Whytera"], True, 4)
        p.play()
    elif which == "two":
        p = Planner(["Whytera", "Blakkar"], ["first=Blakkar", "colours=white,black"], True, 2)
        p.play()
    elif which == "disputed":
        p = Planner(["Rhed", "Greenyra", "Blakkar"], ["bonfires=3"], False, 5)
        p.start()
        disputes(p)
        for _ in range(80):
            if p.state.over or (p.state.last_turn is not None and p.state.turn >= p.state.last_turn):
                break
            p.turn()
        p.finish()
    else:
        raise ValueError(f"no sample plan {which!r}: three, four, two or disputed")
    return p.lines
