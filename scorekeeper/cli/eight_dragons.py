"""``scorekeeper eight-dragons`` (aliases ``ed``, ``8d``): one short command per kind of 8 Dragons play.

Each command turns its words into a play (an event type, a player, a payload) and hands it to the core's
``record``; the game completes it (the piece that activates next and the player it benefits, tile names…)
and judges it. Commands accept unique prefixes (``ed v`` is ``ed village``, ``ed pl`` is ``ed place``);
players accept unique prefixes of their names. Tiles use the compact notation of ``docs/eight-dragons.md``
(``E1/OWWWWW/b,1``) and are named ``NAME=SPEC`` or get an automatic name (T1, T2…). ``ed lair PLAYER``
draws a Lair as a hex map.
"""

from __future__ import annotations

import json
from typing import Any

import click

from scorekeeper.cli.common import (BadInput, emit_json, game_group, json_option, open_session, record,
                                    recording_options, session_option)
from scorekeeper.games.eight_dragons.notation import check_specs, parse_chest, parse_pair, parse_placement

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


def _play(session: str | None, type_: str, player: str | None, payload: dict[str, Any], force: bool,
          as_json: bool) -> None:
    """Record a play: the player by a prefix of their name (or None: the game says who), the payload's words."""
    s = open_session(session, GAME)
    words = {k: v for k, v in payload.items() if v is not None and v != () and v != {}}
    record(s, type_, s.player(player) if player else None, words, force=force, as_json=as_json)


def _pairs(items: tuple[str, ...], option: str, example: str) -> dict[str, str] | None:
    return dict(parse_pair(item, option, example) for item in items) if items else None


piece_option = click.option("--piece", help="the piece that activates (default: the next in order), e.g. Rhed.w1")
player_option = click.option("-p", "--player", help="who benefits / plays (default: derived from the turn)")
kingdom_option = click.option("-k", "--kingdom", help="without a board: the Location's kingdom (Sinistra / Dextra)")
villagers_option = click.option("--villagers", type=click.IntRange(0, 4),
                                help="without a board: the village's villager count")
folk_option = click.option("--folk", help="without a board: the village's Folk (E, G, O, F)")


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
    items = []
    for text in missions:
        place = parse_placement(text)
        spec = place["tile"] + ("=" + place["face"] if "face" in place else "")
        items.append({"tile": spec, "at": place["at"], "rot": place["rot"]})
    check_specs([tile] + [i["tile"] for i in items])
    _play(session, "START", player, {"tile": tile, "rot": rot, "missions": items}, force, as_json)


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
    if to is None and spaces is None:
        raise BadInput("say where the Dragon lands (a space) or how far (-n SPACES)")
    payload = {"to": to, "spaces": spaces, "valley": valley or None,
               "pushes": _pairs(pushes, "--push", "NAME=KINGDOM, e.g. --push Rhed=dextra"),
               "pushed": list(pushed) or None, "joins": list(joins) or None,
               "seen": _pairs(seen, "--at", "PIECE=SPACE, e.g. --at Rhed.w1=S4")}
    _play(session, "FLY", player, payload, force, as_json)


@group.command("done")
@player_option
@recording_options
def done(player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """End the current turn (every activation and placement done).

    Example: scorekeeper ed done
    """
    _play(session, "DONE", player, {}, force, as_json)


@group.command("positions")
@click.argument("table_json")
@recording_options
def positions(table_json: str, session: str | None, force: bool, as_json: bool) -> None:
    """Set piece positions as the table shows them (a flagged correction): JSON with swarms, rock, lairs.

    Example: scorekeeper ed positions '{"swarms": {"Rhed": {"at": "S3", "members": ["Rhed.w1"], "trail": ["S2"]}}}'
    """
    try:
        payload = json.loads(table_json)
    except ValueError as exc:
        raise BadInput(f"not JSON: {exc}") from None
    if not isinstance(payload, dict):
        raise BadInput("give a JSON object with swarms / rock / lairs")
    s = open_session(session, GAME)
    record(s, "POSITIONS", None, payload, force=force, as_json=as_json)


# -- Location effects -----------------------------------------------------------------------------------------


@group.command("village")
@click.argument("tiles", nargs=-1)
@villagers_option
@folk_option
@piece_option
@player_option
@recording_options
def village(tiles: tuple[str, ...], villagers: int | None, folk: str | None, piece: str | None, player: str | None,
            session: str | None, force: bool, as_json: bool) -> None:
    """Take Lair Tiles at a village: each TILE is a stack (E1, G2…) or NAME=SPEC with its face.

    Example: scorekeeper ed village E2 T7=E1/OWWOWW/b,1
    """
    _play(session, "VILLAGE", player, {"tiles": check_specs(tiles), "villagers": villagers, "folk": folk or None,
                                       "piece": piece}, force, as_json)


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
    _play(session, "GROW", player, {"folk": folk, "village": village or None, "villagers": villagers, "piece": piece},
          force, as_json)


@group.command("gather")
@click.argument("tile")
@piece_option
@player_option
@recording_options
def gather(tile: str, piece: str | None, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Gathering: take 1 Level-1 Lair Tile from any stack (E1, G1, O1, F1, or NAME=SPEC).

    Example: scorekeeper ed gather G1
    """
    _play(session, "GATHER", player, {"tile": check_specs([tile])[0], "piece": piece}, force, as_json)


@group.command("summon")
@click.argument("wyrmling")
@piece_option
@player_option
@recording_options
def summon(wyrmling: str, piece: str | None, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Summon a Wyrmling (NAME.wN or Aureus) from a Lair or a Swarm to the rear of the Dragon Rock.

    Example: scorekeeper ed summon Rhed.w1
    """
    _play(session, "SUMMON", player, {"wyrmling": wyrmling, "piece": piece}, force, as_json)


@group.command("troll")
@click.option("--gold", type=click.IntRange(0), help="Gold taken (computed on a described board; required without one)")
@piece_option
@player_option
@recording_options
def troll(gold: int | None, piece: str | None, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Troll the Troll: take the Gold up to him, move him one space towards you.

    Example: scorekeeper ed troll --gold 3
    """
    _play(session, "TROLL", player, {"gold": gold, "piece": piece}, force, as_json)


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
    _play(session, "SHRINE", player, {"kingdom": kingdom or None, "piece": piece}, force, as_json)


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
    _play(session, "CHEST", player, {"kingdom": kingdom or None, "piece": piece}, force, as_json)


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
    _play(session, "MERCHANT", player, {"kingdom": kingdom or None, "buy": buy or None, "discard": discard or None,
                                        "reveal": reveal or None, "piece": piece}, force, as_json)


@group.command("none")
@click.argument("reason", nargs=-1, required=True)
@click.option("--location", help="without a board: the Location it was (village, gather, summon, troll…), so it is checked")
@villagers_option
@folk_option
@piece_option
@player_option
@recording_options
def none(reason: tuple[str, ...], location: str | None, villagers: int | None, folk: str | None, piece: str | None,
         player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """An activation that yields nothing because the effect is impossible (say why).

    Example: scorekeeper ed none every village is full
    """
    _play(session, "NONE", player, {"reason": " ".join(reason), "location": location or None, "villagers": villagers,
                                    "folk": folk or None, "piece": piece}, force, as_json)


@group.command("market")
@click.argument("kingdom")
@click.argument("tiles", nargs=-1, required=True)
@recording_options
def market(kingdom: str, tiles: tuple[str, ...], session: str | None, force: bool, as_json: bool) -> None:
    """Name the face-up Merchant Tiles of a kingdom (optional), to follow purchases and refreshes by name.

    Example: scorekeeper ed market sinistra L1=MJ/OOWOWW/craft:bg L2=M/OOOWWO/3b
    """
    _play(session, "MARKET", None, {"kingdom": kingdom, "tiles": list(tiles)}, force, as_json)


# -- Expand Lair ------------------------------------------------------------------------------------------------


@group.command("place")
@click.argument("placements", nargs=-1, required=True)
@player_option
@recording_options
def place(placements: tuple[str, ...], player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Place gained tiles: TILE@Q,R[rN] (N clockwise turns); give a face with TILE=SPEC@Q,R.

    Example: scorekeeper ed place T3@1,0r5 T4=G1/WWOOOO@0,1r2
    """
    _play(session, "PLACE", player, {"tiles": [parse_placement(text) for text in placements]}, force, as_json)


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
    _play(session, "REPLACE", player, {"remove": old, "tile": new, "rot": rot, "under": under, "face": face or None},
          force, as_json)


@group.command("discard")
@click.argument("tile")
@click.option("--face", help="the tile's face if not given yet")
@player_option
@recording_options
def discard(tile: str, face: str | None, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Set aside a gained tile that fits nowhere in the Lair.

    Example: scorekeeper ed discard T9 --face F1/WWWWWO
    """
    _play(session, "DISCARD", player, {"tile": tile, "face": face or None}, force, as_json)


# -- Bonfires and the end ------------------------------------------------------------------------------------------


@group.command("bonfire")
@click.argument("stack")
@recording_options
def bonfire(stack: str, session: str | None, force: bool, as_json: bool) -> None:
    """A Bonfire Tile was revealed from a Lair stack (E1, E2, G1 … F2).

    Example: scorekeeper ed bonfire G1
    """
    _play(session, "BONFIRE", None, {"stack": stack}, force, as_json)


@group.command("chests")
@click.argument("player")
@click.argument("chests", nargs=-1)
@recording_options
def chests(player: str, chests: tuple[str, ...], session: str | None, force: bool, as_json: bool) -> None:
    """End of game: each chest as ID=ARTIFACTS@TILE (placed) or ID=ARTIFACTS (kept).

    Example: scorekeeper ed chests Rhed C1=c@L10 C2=o
    """
    _play(session, "CHESTS", player, {"chests": [parse_chest(text) for text in chests]}, force, as_json)


@group.command("flick")
@click.argument("winner")
@recording_options
def flick(winner: str, session: str | None, force: bool, as_json: bool) -> None:
    """The tie-break coin flick: the tied player whose coin landed closest to the Dragon Egg.

    Example: scorekeeper ed flick Greenyra
    """
    _play(session, "FLICK", winner, {}, force, as_json)


@group.command("gold")
@click.argument("player")
@click.argument("amount", type=int)
@click.argument("reason", nargs=-1)
@recording_options
def gold(player: str, amount: int, reason: tuple[str, ...], session: str | None, force: bool, as_json: bool) -> None:
    """Correct a player's Gold by hand (always flagged), with the reason.

    Example: scorekeeper ed gold Rhed -- -1 paid twice at the Merchant
    """
    _play(session, "GOLD", player, {"amount": amount, "reason": " ".join(reason)}, force, as_json)


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
    s = open_session(session, GAME)
    name = s.player(player) if player else s.active_player()
    if until is not None and until < 1:
        raise BadInput("--at N shows the Lair before event N: N is 1 or more")
    then = s.state_at(until)
    if as_json:
        emit_json(s.game.observe(then, name, "lair_json"))
    else:
        click.echo(s.game.observe(then, name, "lair_map"))
