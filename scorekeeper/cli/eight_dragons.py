"""``scorekeeper eight-dragons`` (aliases ``ed``, ``8d``): one short command per kind of 8 Dragons play.

Each command parses its arguments into an event type, a player and a JSON payload and hands them to the
core's ``record`` (which checks the play and writes it). Commands accept unique prefixes (``ed v`` is
``ed village``, ``ed pl`` is ``ed place``); players accept unique prefixes of their names. Tiles use the
compact notation of ``docs/eight-dragons.md`` (``E1/OWWWWW/b,1``) and are named ``NAME=SPEC`` or get an
automatic name (T1, T2…). ``ed lair PLAYER`` draws a Lair as a hex map.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

import click

from scorekeeper.cli.common import (BadInput, Refused, Session, emit_json, game_group, json_option, open_session,
                                    record, recording_options, session_option)

GAME = "eight-dragons"


#: one-letter shortcuts for the most frequent plays (other commands: any unique prefix)
SHORTCUTS = {"f": "fly", "v": "village", "p": "place", "d": "done", "b": "bonfire"}


@game_group("eight-dragons", SHORTCUTS)
def group() -> None:
    """Record 8 Dragons plays: flights, Location effects, tiles placed, Bonfires, chests; draw a Lair.

    Commands and players accept unique prefixes; shortcuts: f fly, v village, p place, d done, b bonfire.
    Tiles: FACE/EDGES/SYMBOLS, e.g. E1/OWWWWW/b,1.

    Example: scorekeeper ed fly S3 --valley sinistra
    """


# -- argument helpers ---------------------------------------------------------------------------------


def _session(path: str | None) -> Session:
    return open_session(path, GAME)


def _folk(text: str) -> str:
    """A Folk letter (E, G, O, F) or a unique prefix of its name; a usage error otherwise."""
    from scorekeeper.games.eight_dragons.tiles import FOLK_NAMES, FOLKS

    wanted = text.strip().lower()
    found = [f for f in FOLKS if wanted == f.lower()] or \
        [f for f in FOLKS if wanted and FOLK_NAMES[f].lower().startswith(wanted)]
    if len(found) != 1:
        raise BadInput(f"{text!r} is not a Folk: say E (Elves), G (Gnomes), O (gOblins) or F (Fairies)")
    return found[0]


def _kingdom(text: str | None) -> str | None:
    if not text:
        return None
    from scorekeeper.games.eight_dragons.board import parse_kingdom

    try:
        return parse_kingdom(text)
    except ValueError as exc:
        raise BadInput(str(exc)) from None


def _player(s: Session, text: str | None) -> str:
    return s.player(text) if text else s.active_player()


def _beneficiary(s: Session, text: str | None, piece: str | None) -> str:
    """The player an activation benefits: -p, else the owner of the next piece to activate, else the active player."""
    if text:
        return s.player(text)
    state = s.state
    from scorekeeper.games.eight_dragons.common import beneficiary_of

    candidate = piece or (state.queue[0] if getattr(state, "queue", None) else None)
    if candidate:
        who = beneficiary_of(state, candidate)
        if who:
            return who
    return s.active_player()


def _activation(s: Session, player: str | None, piece: str | None) -> tuple[str, str | None]:
    """(beneficiary, piece) of an activation. The piece defaults to the next one to activate, so that the log
    shows it and the activation is credited to its owner; without a board description, -p picks that player's
    next moved piece (with one, the order is the engine's and -p only names who benefits)."""
    who_piece = _piece(s, piece)
    state = s.state
    if who_piece is None:
        from scorekeeper.games.eight_dragons.common import beneficiary_of, still_to_activate

        todo = still_to_activate(state)
        if player and state.board is None:
            wanted = s.player(player)
            who_piece = next((p for p in todo if beneficiary_of(state, p) == wanted), None)
        elif todo:
            who_piece = todo[0]
    return _beneficiary(s, player, who_piece), who_piece


def _piece(s: Session, text: str | None) -> str | None:
    """A piece name, case-insensitively (``rhed.w1``, ``aureus``, ``au``)."""
    if not text:
        return None
    state = s.state
    names = list(state.pieces.swarms) + state.pieces.all_wyrmlings()
    exact = [n for n in names if n.lower() == text.lower()]
    if exact:
        return exact[0]
    matches = [n for n in names if n.lower().startswith(text.lower())]
    if len(matches) == 1:
        return matches[0]
    raise BadInput(f"no single piece {text!r}; pieces are {', '.join(names)}")


def _placement(text: str) -> dict[str, Any]:
    """``T3@1,-1r2`` or ``T3=E1/OWWWWW/b@1,-1r2`` → {"tile", "at", "rot"[, "face"]}."""
    name_part, sep, where = text.rpartition("@")
    if not sep or not name_part:
        raise BadInput(f"{text!r}: write TILE@Q,R (optionally rN for N turns), e.g. T3@1,-1r2")
    rot = 0
    lowered = where.lower()
    if "r" in lowered:
        where, _, rot_text = lowered.partition("r")
        if not rot_text.isdigit() or int(rot_text) > 5:
            raise BadInput(f"{text!r}: the rotation is r0 … r5 (clockwise turns of 60°)")
        rot = int(rot_text)
    try:
        from scorekeeper.games.eight_dragons.hexgrid import format_cell, parse_cell

        cell = format_cell(parse_cell(where))
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    item: dict[str, Any] = {"rot": rot, "at": cell}
    name, eq, face = name_part.partition("=")
    item["tile"] = name
    if eq:
        item["face"] = face
    return item


def _check_specs(items: Sequence[str]) -> list[str]:
    """Parse tile specs early, so a typo is a usage error (exit 2) rather than a refusal."""
    from scorekeeper.games.eight_dragons.common import split_item
    from scorekeeper.games.eight_dragons.tiles import TileSpecError, parse_tile

    for item in items:
        name, spec = split_item(item)
        try:
            parse_tile(spec, name or "tile")
        except TileSpecError as exc:
            raise BadInput(str(exc)) from None
    return list(items)


def _named(s: Session, items: Sequence[str]) -> list[str]:
    """Give unnamed tiles their automatic names now (T5=E1), so the recorded line shows them."""
    from scorekeeper.games.eight_dragons.common import PayloadError, new_tiles, split_item

    try:
        tiles = new_tiles(s.state, items)
    except PayloadError as exc:
        raise BadInput(str(exc)) from None
    return [item if split_item(item)[0] is not None else f"{tile.name}={item}" for item, tile in zip(items, tiles)]


def _with_piece(payload: dict[str, Any], piece: str | None) -> dict[str, Any]:
    if piece:
        payload["piece"] = piece
    return payload


piece_option = click.option("--piece", help="the piece that activates (default: the next in order), e.g. Rhed.w1")
player_option = click.option("-p", "--player", help="who benefits / plays (default: derived from the turn)")


# -- setup ------------------------------------------------------------------------------------------------


@group.command("start")
@click.argument("player")
@click.argument("tile")
@click.argument("missions", nargs=-1, required=True)
@click.option("-r", "--rot", type=click.IntRange(0, 5), default=0, help="rotation of the Starting Tile")
@recording_options
def start(player: str, tile: str, missions: tuple[str, ...], rot: int, session: str | None, force: bool,
          as_json: bool) -> None:
    """Record a player's Starting Tile (at 0,0) and Starting Mission(s) with their cells.

    MISSIONS are SPEC@Q,R[rN]; 2 players place two. Names default to S-PLAYER, M1-PLAYER.

    Example: scorekeeper ed start Rhed SG/WOOOWW SM/WWWWOW/market:b@1,-1
    """
    s = _session(session)
    items = []
    for text in missions:
        place = _placement(text)
        spec = place["tile"] + ("=" + place["face"] if "face" in place else "")
        items.append({"tile": spec, "at": place["at"], "rot": place["rot"]})
    _check_specs([tile] + [i["tile"] for i in items])
    record(s, "START", s.player(player), {"tile": tile, "rot": rot, "missions": items}, force=force, as_json=as_json)


# -- flight -------------------------------------------------------------------------------------------------


@group.command("fly")
@click.argument("to", required=False)
@click.option("-n", "--spaces", type=int, help="spaces flown (instead of a destination)")
@click.option("-v", "--valley", help="way taken through the Valley of the Winds: Sinistra/left or Dextra/right")
@click.option("--push", "pushes", multiple=True, help="a pushed Dragon's Valley way: NAME=KINGDOM (repeatable)")
@click.option("--pushed", multiple=True, help="without a board: a Dragon pushed this flight (repeatable)")
@click.option("--join", "joins", multiple=True,
              help="a Dragon that took the Rock's Wyrmling, in order: NAME or NAME=WYRMLING (a cross-check on a board)")
@click.option("--at", "seen", multiple=True, help="a piece's final space as seen on the table: PIECE=SPACE (cross-check)")
@player_option
@recording_options
def fly(to: str | None, spaces: int | None, valley: str | None, pushes: tuple[str, ...], pushed: tuple[str, ...],
        joins: tuple[str, ...], seen: tuple[str, ...], player: str | None, session: str | None, force: bool,
        as_json: bool) -> None:
    """Fly the active Dragon to a space (or a number of spaces), with Valley choices and pushes.

    Example: scorekeeper ed fly N4 --push Rhed=dextra --push Blakkar=sinistra
    """
    s = _session(session)
    if to is None and spaces is None:
        raise BadInput("say where the Dragon lands (a space) or how far (-n SPACES)")
    payload: dict[str, Any] = {}
    if to:
        payload["to"] = to.upper()
    if spaces is not None:
        payload["spaces"] = spaces
    if valley:
        payload["valley"] = _kingdom(valley)
    if pushes:
        table: dict[str, str] = {}
        for item in pushes:
            name, sep, way = item.partition("=")
            if not sep:
                raise BadInput(f"--push {item!r}: write NAME=KINGDOM, e.g. --push Rhed=dextra")
            who = "Aurea" if name.lower().startswith("aurea") else s.player(name)
            table[who] = str(_kingdom(way))
        payload["pushes"] = table
    if pushed:
        payload["pushed"] = ["Aurea" if n.lower() == "aurea" else s.player(n) for n in pushed]
    if joins:
        items = []
        for item in joins:
            name, sep, wyrm = item.partition("=")
            who = "Aurea" if name.lower() == "aurea" else s.player(name)
            items.append(f"{who}={_piece(s, wyrm)}" if sep else who)
        payload["joins"] = items
    if seen:
        table_seen: dict[str, str] = {}
        for item in seen:
            name, sep, space = item.partition("=")
            if not sep:
                raise BadInput(f"--at {item!r}: write PIECE=SPACE, e.g. --at Rhed.w1=S4")
            table_seen[str(_piece(s, name))] = space.upper()
        payload["seen"] = table_seen
    who = s.player(player) if player else s.state.next_player  # a flight always starts the next player's turn
    record(s, "FLY", who, payload, force=force, as_json=as_json)


@group.command("done")
@player_option
@recording_options
def done(player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """End the current turn (every activation and placement done).

    Example: scorekeeper ed done
    """
    s = _session(session)
    if s.state.over and not player:
        raise Refused(f"refused: ED-END-4: the game is over, no turn to end; next: {s.status().expected}")
    record(s, "DONE", _player(s, player), {}, force=force, as_json=as_json)


@group.command("positions")
@click.argument("table_json")
@recording_options
def positions(table_json: str, session: str | None, force: bool, as_json: bool) -> None:
    """Set piece positions as the table shows them (a flagged correction): JSON with swarms, rock, lairs.

    Example: scorekeeper ed positions '{"swarms": {"Rhed": {"at": "S3", "members": ["Rhed.w1"], "trail": ["S2"]}}}'
    """
    s = _session(session)
    try:
        payload = json.loads(table_json)
    except ValueError as exc:
        raise BadInput(f"not JSON: {exc}") from None
    if not isinstance(payload, dict):
        raise BadInput("give a JSON object with swarms / rock / lairs")
    record(s, "POSITIONS", None, payload, force=force, as_json=as_json)


# -- Location effects -----------------------------------------------------------------------------------------


@group.command("village")
@click.argument("tiles", nargs=-1)
@click.option("--villagers", type=click.IntRange(0, 4), help="without a board: the village's villager count")
@click.option("--folk", help="without a board: the village's Folk (E, G, O, F)")
@piece_option
@player_option
@recording_options
def village(tiles: tuple[str, ...], villagers: int | None, folk: str | None, piece: str | None, player: str | None,
            session: str | None, force: bool, as_json: bool) -> None:
    """Take Lair Tiles at a village: each TILE is a stack (E1, G2…) or NAME=SPEC with its face.

    Example: scorekeeper ed village E2 T7=E1/OWWOWW/b,1
    """
    s = _session(session)
    who, who_piece = _activation(s, player, piece)
    payload: dict[str, Any] = {"tiles": _named(s, _check_specs(tiles))}
    if villagers is not None:
        payload["villagers"] = villagers
    if folk:
        payload["folk"] = _folk(folk)
    record(s, "VILLAGE", who, _with_piece(payload, who_piece), force=force, as_json=as_json)


@group.command("grow")
@click.argument("folk")
@click.argument("village", required=False)
@click.option("--villagers", type=click.IntRange(0, 4), help="without a board: the villagers the village holds now")
@piece_option
@player_option
@recording_options
def grow(folk: str, village: str | None, villagers: int | None, piece: str | None, player: str | None,
         session: str | None, force: bool, as_json: bool) -> None:
    """A village grows: add 1 villager of FOLK (E, G, O, F) to the village on space VILLAGE.

    Example: scorekeeper ed grow E S4
    """
    s = _session(session)
    who, who_piece = _activation(s, player, piece)
    payload: dict[str, Any] = {"folk": _folk(folk)}
    if village:
        payload["village"] = village.upper()
    if villagers is not None:
        payload["villagers"] = villagers
    record(s, "GROW", who, _with_piece(payload, who_piece), force=force, as_json=as_json)


@group.command("gather")
@click.argument("tile")
@piece_option
@player_option
@recording_options
def gather(tile: str, piece: str | None, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Gathering: take 1 Level-1 Lair Tile from any stack (E1, G1, O1, F1, or NAME=SPEC).

    Example: scorekeeper ed gather G1
    """
    s = _session(session)
    who, who_piece = _activation(s, player, piece)
    named = _named(s, _check_specs([tile]))[0]
    record(s, "GATHER", who, _with_piece({"tile": named}, who_piece), force=force,
           as_json=as_json)


@group.command("summon")
@click.argument("wyrmling")
@piece_option
@player_option
@recording_options
def summon(wyrmling: str, piece: str | None, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Summon a Wyrmling (NAME.wN or Aureus) from a Lair or a Swarm to the rear of the Dragon Rock.

    Example: scorekeeper ed summon Rhed.w1
    """
    s = _session(session)
    who, who_piece = _activation(s, player, piece)
    target = _piece(s, wyrmling)
    if target is None:
        raise BadInput("say which Wyrmling is summoned (NAME.wN or Aureus)")
    record(s, "SUMMON", who, _with_piece({"wyrmling": target}, who_piece), force=force,
           as_json=as_json)


@group.command("troll")
@click.option("--gold", type=click.IntRange(0), help="Gold taken (computed on a described board; required without one)")
@piece_option
@player_option
@recording_options
def troll(gold: int | None, piece: str | None, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Troll the Troll: take the Gold up to him, move him one space towards you.

    Example: scorekeeper ed troll --gold 3
    """
    s = _session(session)
    who, who_piece = _activation(s, player, piece)
    payload: dict[str, Any] = {} if gold is None else {"gold": gold}
    record(s, "TROLL", who, _with_piece(payload, who_piece), force=force, as_json=as_json)


def _kingdom_payload(kingdom: str | None) -> dict[str, Any]:
    k = _kingdom(kingdom)
    return {"kingdom": k} if k else {}


kingdom_option = click.option("-k", "--kingdom", help="without a board: the Location's kingdom (Sinistra / Dextra)")


@group.command("shrine")
@kingdom_option
@piece_option
@player_option
@recording_options
def shrine(kingdom: str | None, piece: str | None, player: str | None, session: str | None, force: bool,
           as_json: bool) -> None:
    """Dragon Shrine: take all its Gold; 3 Gold go to the other kingdom's Shrine.

    Example: scorekeeper ed shrine -k sinistra
    """
    s = _session(session)
    who, who_piece = _activation(s, player, piece)
    record(s, "SHRINE", who, _with_piece(_kingdom_payload(kingdom), who_piece),
           force=force, as_json=as_json)


@group.command("chest")
@kingdom_option
@piece_option
@player_option
@recording_options
def chest(kingdom: str | None, piece: str | None, player: str | None, session: str | None, force: bool,
          as_json: bool) -> None:
    """Treasure Chest: take the top chest (or 3 Gold when the stack is empty).

    Example: scorekeeper ed chest -k dextra
    """
    s = _session(session)
    who, who_piece = _activation(s, player, piece)
    record(s, "CHEST", who, _with_piece(_kingdom_payload(kingdom), who_piece),
           force=force, as_json=as_json)


@group.command("merchant")
@click.option("--buy", help="the Merchant Tile bought for 5 Gold: [NAME=]M…/EDGES/SYMBOLS, or the name of a known face-up tile")
@click.option("--discard", help="the face-up tile put under the other kingdom's stack when both its slots were full")
@click.option("--reveal", help="the tile revealed in the other kingdom: NAME=SPEC, or the name of a tile known to be under the stack")
@kingdom_option
@piece_option
@player_option
@recording_options
def merchant(buy: str | None, discard: str | None, reveal: str | None, kingdom: str | None, piece: str | None,
             player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Lighthouse or Castle: buy 1 Merchant Tile (optional); the other kingdom's Merchant is refreshed.

    Example: scorekeeper ed merchant --buy M1=MJ/OOWOWW/craft:bg -k sinistra
    """
    s = _session(session)
    who, who_piece = _activation(s, player, piece)
    payload = _kingdom_payload(kingdom)
    if buy:
        payload["buy"] = buy if ("/" not in buy and "=" not in buy) else _named(s, _check_specs([buy]))[0]
    if discard:
        payload["discard"] = discard
    if reveal:
        payload["reveal"] = reveal if ("/" not in reveal and "=" not in reveal) else _check_specs([reveal])[0]
    record(s, "MERCHANT", who, _with_piece(payload, who_piece), force=force,
           as_json=as_json)


@group.command("none")
@click.argument("reason", nargs=-1, required=True)
@click.option("--location", help="without a board: the Location it was (village, gather, summon, troll…), so it is checked")
@click.option("--villagers", type=click.IntRange(0, 4), help="without a board: the village's villager count")
@click.option("--folk", help="without a board: the village's Folk (E, G, O, F)")
@piece_option
@player_option
@recording_options
def none(reason: tuple[str, ...], location: str | None, villagers: int | None, folk: str | None, piece: str | None,
         player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """An activation that yields nothing because the effect is impossible (say why).

    Example: scorekeeper ed none every village is full
    """
    s = _session(session)
    who, who_piece = _activation(s, player, piece)
    payload: dict[str, Any] = {"reason": " ".join(reason)}
    if location:
        payload["location"] = location.lower()
    if villagers is not None:
        payload["villagers"] = villagers
    if folk:
        payload["folk"] = _folk(folk)
    record(s, "NONE", who, _with_piece(payload, who_piece), force=force, as_json=as_json)


@group.command("market")
@click.argument("kingdom")
@click.argument("tiles", nargs=-1, required=True)
@recording_options
def market(kingdom: str, tiles: tuple[str, ...], session: str | None, force: bool, as_json: bool) -> None:
    """Name the face-up Merchant Tiles of a kingdom (optional), to follow purchases and refreshes by name.

    Example: scorekeeper ed market sinistra L1=MJ/OOWOWW/craft:bg L2=M/OOOWWO/3b
    """
    s = _session(session)
    record(s, "MARKET", None, {"kingdom": _kingdom(kingdom), "tiles": _check_specs(tiles)}, force=force, as_json=as_json)


# -- Expand Lair ------------------------------------------------------------------------------------------------


def _tile_name(s: Session, text: str) -> str:
    """A tile name as the table typed it, matched case-insensitively to a waiting or placed tile (t3 → T3)."""
    state = s.state
    known = {t.name for p in state.players.values() for t in p.pending}
    known |= {pl.tile.name for p in state.players.values() for pl in p.lair.cells.values()}
    exact = [n for n in known if n == text] or [n for n in known if n.lower() == text.lower()]
    return exact[0] if len(exact) == 1 else text


def _owner_of_pending(s: Session, names: Sequence[str]) -> str:
    """The player waiting to place the tiles ``names``; a usage error naming the waiting tiles when nobody is."""
    state = s.state
    owners = {p.name for p in state.players.values() for t in p.pending if t.name in names}
    if len(owners) == 1:
        return owners.pop()
    if not owners:
        waiting = " · ".join(f"{p.name}: {', '.join(t.name for t in p.pending)}"
                             for p in state.players.values() if p.pending) or "none"
        raise BadInput(f"nobody is waiting to place {', '.join(names)}; tiles waiting: {waiting}")
    raise BadInput(f"{', '.join(names)} are waiting in different Lairs ({' and '.join(sorted(owners))}): "
                   "record each player's tiles with a separate command")


@group.command("place")
@click.argument("placements", nargs=-1, required=True)
@player_option
@recording_options
def place(placements: tuple[str, ...], player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Place gained tiles: TILE@Q,R[rN] (N clockwise turns); give a face with TILE=SPEC@Q,R.

    Example: scorekeeper ed place T3@1,0r5 T4=G1/WWOOOO@0,1r2
    """
    s = _session(session)
    items = [_placement(text) for text in placements]
    for item in items:
        item["tile"] = _tile_name(s, item["tile"])
        if "face" in item:
            _check_specs([item["face"]])
    who = s.player(player) if player else _owner_of_pending(s, [i["tile"] for i in items])
    record(s, "PLACE", who, {"tiles": items}, force=force, as_json=as_json)


@group.command("replace")
@click.argument("old")
@click.argument("new")
@click.option("-r", "--rot", type=click.IntRange(0, 5), default=0, help="rotation of the new Mission tile")
@click.option("--under", required=True, help="the Merchant stack the old Mission goes under (Sinistra / Dextra)")
@click.option("--face", help="the new tile's face if not given yet")
@player_option
@recording_options
def replace(old: str, new: str, rot: int, under: str, face: str | None, player: str | None, session: str | None,
            force: bool, as_json: bool) -> None:
    """Replace Mission tile OLD by the gained Mission tile NEW in the same cell (the 5-Mission limit).

    Example: scorekeeper ed replace M1-Rhed T9 -r 2 --under dextra
    """
    s = _session(session)
    old, new = _tile_name(s, old), _tile_name(s, new)
    payload: dict[str, Any] = {"remove": old, "tile": new, "rot": rot, "under": _kingdom(under)}
    if face:
        payload["face"] = _check_specs([face])[0]
    who = s.player(player) if player else _owner_of_pending(s, [new])
    record(s, "REPLACE", who, payload, force=force, as_json=as_json)


@group.command("discard")
@click.argument("tile")
@click.option("--face", help="the tile's face if not given yet")
@player_option
@recording_options
def discard(tile: str, face: str | None, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Set aside a gained tile that fits nowhere in the Lair.

    Example: scorekeeper ed discard T9 --face F1/WWWWWO
    """
    s = _session(session)
    tile = _tile_name(s, tile)
    payload: dict[str, Any] = {"tile": tile}
    if face:
        payload["face"] = _check_specs([face])[0]
    who = s.player(player) if player else _owner_of_pending(s, [tile])
    record(s, "DISCARD", who, payload, force=force, as_json=as_json)


# -- Bonfires and the end ------------------------------------------------------------------------------------------


@group.command("bonfire")
@click.argument("stack")
@recording_options
def bonfire(stack: str, session: str | None, force: bool, as_json: bool) -> None:
    """A Bonfire Tile was revealed from a Lair stack (E1, E2, G1 … F2).

    Example: scorekeeper ed bonfire G1
    """
    s = _session(session)
    stacks = list(s.state.stack_size)
    if stack.upper() not in stacks:
        raise BadInput(f"{stack!r} is not a Lair stack; the stacks are {', '.join(stacks)}")
    record(s, "BONFIRE", None, {"stack": stack.upper()}, force=force, as_json=as_json)


@group.command("chests")
@click.argument("player")
@click.argument("chests", nargs=-1)
@recording_options
def chests(player: str, chests: tuple[str, ...], session: str | None, force: bool, as_json: bool) -> None:
    """End of game: each chest as ID=ARTIFACTS@TILE (placed) or ID=ARTIFACTS (kept).

    Example: scorekeeper ed chests Rhed C1=c@L10 C2=o
    """
    s = _session(session)
    items = []
    for text in chests:
        cid, sep, rest = text.partition("=")
        if not sep:
            raise BadInput(f"{text!r}: write ID=ARTIFACTS@TILE or ID=ARTIFACTS, e.g. C1=c@T12")
        letters, at, tile = rest.partition("@")
        items.append({"id": cid.upper(), "artifacts": letters.lower(), "on": _tile_name(s, tile) if at else None})
    record(s, "CHESTS", s.player(player), {"chests": items}, force=force, as_json=as_json)


@group.command("flick")
@click.argument("winner")
@recording_options
def flick(winner: str, session: str | None, force: bool, as_json: bool) -> None:
    """The tie-break coin flick: the tied player whose coin landed closest to the Dragon Egg.

    Example: scorekeeper ed flick Greenyra
    """
    s = _session(session)
    record(s, "FLICK", s.player(winner), {}, force=force, as_json=as_json)


@group.command("gold")
@click.argument("player")
@click.argument("amount", type=int)
@click.argument("reason", nargs=-1)
@recording_options
def gold(player: str, amount: int, reason: tuple[str, ...], session: str | None, force: bool, as_json: bool) -> None:
    """Correct a player's Gold by hand (always flagged), with the reason.

    Example: scorekeeper ed gold Rhed -- -1 paid twice at the Merchant
    """
    s = _session(session)
    record(s, "GOLD", s.player(player), {"amount": amount, "reason": " ".join(reason)}, force=force, as_json=as_json)


# -- the Lair map --------------------------------------------------------------------------------------------------


@group.command("lair")
@click.argument("player", required=False)
@click.option("--at", "until", type=int, help="the Lair as it stood before event N")
@session_option
@json_option
def lair(player: str | None, until: int | None, session: str | None, as_json: bool) -> None:
    """Draw a player's Lair (default: the player whose turn it is) as a hex map, with its Chambers and the open
    places for new tiles.

    Example: scorekeeper ed lair Rhed
    """
    from scorekeeper.games.eight_dragons.render import render_lair

    s = _session(session)
    name = s.player(player) if player else s.active_player()
    if until is not None and until < 1:
        raise BadInput("--at N shows the Lair before event N: N is 1 or more")
    state = s.replay(until).state if until is not None else s.state
    p = state.players[name]
    if as_json:
        from scorekeeper.games.eight_dragons.hexgrid import format_cell

        emit_json({
            "player": name,
            "tiles": [{"cell": format_cell(c), "name": pl.tile.name, "tile": pl.tile.notation(), "rot": pl.rotation,
                       "edges": pl.edges} for c, pl in sorted(p.lair.cells.items())],
            "chambers": [[t.name for t in p.lair.chamber_tiles(v)] for v in sorted(p.lair.chambers, key=sorted)],
            "open_places": [{"cell": format_cell(c), "open": doors} for c, doors in p.lair.open_places()],
            "waiting": [t.name for t in p.pending],
        })
        return
    title = f"{name}'s Lair ({p.colour}): {len(p.lair)} tiles, {len(p.lair.chambers)} Chambers"
    click.echo(render_lair(p.lair, title))
    if p.pending:
        click.echo("Waiting to be placed: " + ", ".join(t.label() for t in p.pending))
