"""Game setup from the session config: seats, colours, pieces, supplies (ED-SETUP-*, ED-2P-1, ED-2P-2, ED-2P-4)."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.protocol import GameSetupError, SessionConfig, players_in_order, is_whole

from .board import KINGDOMS, BoardError, parse_board
from .box import BoxError, parse_box
from .settings import COLOURS, ROYAL_METRICS
from .pieces import AUREA, AUREUS, Pieces, wyrmling
from .state import L1_SIZE, L2_SIZE, EDState, PlayerState
from .tiles import FOLKS


def build_state(config: SessionConfig) -> EDState:
    """The state before any event; GameSetupError for an illegal game."""
    settings = dict(config.settings)
    players = list(config.players)
    n = len(players)
    if not 2 <= n <= 4:  # ED-SETUP-1 (A-45: only 4 Dragon colours exist)
        raise GameSetupError(f"8 Dragons is played by 2 to 4 players, not {n}")
    if len({p.lower() for p in players}) != n:
        raise GameSetupError("every player needs a different name")
    for name in players:
        if name in (AUREUS, AUREA) or ".w" in name or name == "V":
            raise GameSetupError(f"{name!r} cannot be a player's name (it names a piece)")
    colours = [str(c).lower() for c in settings.get("colours") or []] or list(COLOURS[:n])
    if len(colours) != n:
        raise GameSetupError(f"give one colour per player ({n}), in seat order, e.g. --set colours={','.join(COLOURS[:n])}")
    bad = [c for c in colours if c not in COLOURS]
    if bad:
        raise GameSetupError(f"unknown colour {bad[0]!r}: the Dragons are {', '.join(COLOURS)}")
    if len(set(colours)) != n:  # ED-SETUP-1
        raise GameSetupError("each player takes a different colour")
    first_text = str(settings.get("first") or players[0])
    matches = [p for p in players if p.lower() == first_text.lower()] or \
        [p for p in players if p.lower().startswith(first_text.lower())]
    if len(matches) != 1:
        raise GameSetupError(f"first={first_text!r} names no single player; the players are {', '.join(players)}")
    order = players_in_order(players, matches[0])  # ED-SETUP-2: clockwise from the starting Dragon
    if settings.get("bonfires", 4) not in (3, 4, 5):  # ED-SETUP-20
        raise GameSetupError(f"bonfires={settings.get('bonfires')}: the end is triggered by 3, 4 or 5 Bonfires")
    royal = _parse_royal(settings.get("royal") or [])
    catalog = dict(config.catalog or {})
    board = None
    if catalog.get("board") is not None:
        try:
            board = parse_board(catalog["board"])
        except BoardError as exc:
            raise GameSetupError(str(exc)) from None

    player_states = {
        name: PlayerState(name, colours[players.index(name)], order.index(name) + 1,
                          gold=int(settings.get("setup.start_gold", 0)))  # ED-SETUP-19
        for name in players
    }
    pieces = Pieces()
    per_player = 3 if n == 2 else 2  # ED-SETUP-11, ED-2P-1
    for name in order:
        pieces.swarms[name] = [name]
        in_lair = per_player - 1  # ED-SETUP-16: one of each player's Wyrmlings waits on the Rock
        pieces.lairs[name] = [wyrmling(name, i) for i in range(1, in_lair + 1)]
    # ED-SETUP-17: the Rock queue from the circle space: last seat, then seats 1…n-1; Aureus last
    for name in [order[-1], *order[:-1]]:
        pieces.rock.append(wyrmling(name, per_player))
    pieces.rock.append(AUREUS)
    if n == 2:  # ED-2P-4: Aurea joins the 2-player game
        pieces.swarms[AUREA] = [AUREA]
    if board is not None:
        pieces.start_stack = list(order)  # ED-SETUP-15: stacked in turn order, starting Dragon on top
        for name in order:
            pieces.pos[name] = board.start
        if n == 2:
            pieces.pos[AUREA] = board.aurea  # ED-SETUP-18

    removed = {2: 3, 3: 2, 4: 1}[n]  # ED-SETUP-7, ED-2P-2
    stack_size = {}
    for folk in FOLKS:
        stack_size[f"{folk}1"] = 13 - removed
        stack_size[f"{folk}2"] = 10 - removed
    # ED-SETUP-8: one Bonfire 4th from the bottom: revealed on draw (size − 3), see rules_turn.check_bonfire
    assert stack_size["E1"] == L1_SIZE[n] and stack_size["E2"] == L2_SIZE[n]
    box = None
    if catalog.get("tiles") is not None:  # the box's faces: a draw is then a pick (box.faces_left)
        try:
            box = parse_box(catalog["tiles"], stack_size)
        except BoxError as exc:
            raise GameSetupError(str(exc)) from None
    villages: dict[str, list[Any]] = {}
    trolls: dict[str, int] = {}
    on_board = {folk: 0 for folk in FOLKS}
    if board is not None:
        for space, loc in board.villages().items():
            villages[space] = [loc.folk, loc.villagers]
            on_board[loc.folk] += loc.villagers
        trolls = {path: len(values) // 2 for path, values in board.trolls.items()}  # ED-SETUP-6
    supply = {folk: 12 - on_board[folk] for folk in FOLKS}  # ED-SETUP-5
    return EDState(
        settings=settings,
        players=player_states,
        order=order,
        board=board,
        pieces=pieces,
        stack_size=stack_size,
        draws={stack: 0 for stack in stack_size},
        supply=supply,
        villages=villages,
        trolls=trolls,
        shrines={k: 3 for k in KINGDOMS},  # ED-SETUP-10
        chest_stacks={k: 6 for k in KINGDOMS},  # ED-SETUP-4
        merchant_slots={k: 2 for k in KINGDOMS},  # ED-SETUP-9
        merchant_stacks={k: 9 for k in KINGDOMS},
        royal=royal,
        box=box,
    )


def _parse_royal(items: list[Any]) -> list[tuple[str, int, int]]:
    """ED-SETUP-21: the four face-up Royal Challenge cards as (metric, upper Gold, lower Gold)."""
    cards = []
    for item in items:
        parts = str(item).split(":")
        if len(parts) != 3 or parts[0] not in ROYAL_METRICS or not is_whole(parts[1]) or not is_whole(parts[2]):
            raise GameSetupError(
                f"royal: {item!r} is not METRIC:UPPER:LOWER (METRIC = {', '.join(ROYAL_METRICS)}), "
                "e.g. --set royal=smallest:6:3,artifacts:5:2,gold:8:4,wall:7:3"
            )
        cards.append((parts[0], int(parts[1]), int(parts[2])))
    if cards and len(cards) != 4:
        raise GameSetupError(f"royal: 2 Sinistra and 2 Dextra Challenges are drawn, so give 4 cards, not {len(cards)}")
    return cards
