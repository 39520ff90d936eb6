"""``scorekeeper eight-dragons`` (aliases ``ed``, ``8d``): one short command per kind of 8 Dragons play.

Each command turns its words into a play (an event type, a player, a payload), made by the recorder
(``scorekeeper.cli.recording``); the game completes it (the piece that activates next and the player it benefits, tile names…)
and judges it. Commands accept unique prefixes (``ed v`` is ``ed village``, ``ed pl`` is ``ed place``);
players accept unique prefixes of their names. Tiles use the compact notation of ``docs/eight-dragons.md``
(``E1/OWWWWW/b,1``) and are named ``NAME=SPEC`` or get an automatic name (T1, T2…). ``ed lair PLAYER``
draws a Lair as a hex map.
"""

from __future__ import annotations

import json
from typing import Any

import click

from scorekeeper.cli.common import Domain, complete_now, emit_json, game_group, json_option, open_session, session_option
from scorekeeper.cli.recording import WITH_INFOS, Recorder, named
from scorekeeper.errors import BadInput
from scorekeeper.cli.output import say
from scorekeeper.games.eight_dragons.notation import (adjust_words, check_specs, parse_chest, parse_pair,
                                                       parse_placement)

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


player_option = click.option("-p", "--player", type=Domain("player"), help="who benefits / plays (default: derived from the turn)")
#: ``@play("fly", "FLY", OPTIONS…)`` on a function of the words giving the payload, or ``play(NAME, TYPE, OPTIONS…,
#: text=HELP)(EXAMPLE)`` whose payload is its words as typed (``build`` reshapes them); ``player=None``: no -p, a
#: PLAYER argument (``who``) may name the player (``scorekeeper.cli.recording``). What a play did (Gold gained,
#: chests taken, pushes…) is shown with its verdict.
play = Recorder(group, GAME, "ed", WITH_INFOS, player_option, player=named,
                tidy=lambda payload: {k: v for k, v in payload.items() if v is not None and v != () and v != {}})


def _pairs(items: tuple[str, ...], option: str, example: str) -> dict[str, str] | None:
    return dict(parse_pair(item, option, example) for item in items) if items else None


piece_option = click.option("--piece", help="the piece that activates (default: the next in order), e.g. Rhed.w1")
kingdom_option = click.option("-k", "--kingdom", help="without a board: the Location's kingdom (Sinistra / Dextra)")
villagers_option = click.option("--villagers", type=click.IntRange(0, 4),
                                help="without a board: the village's villager count")
folk_option = click.option("--folk", help="without a board: the village's Folk (E, G, O, F)")
who_argument = click.argument("who", metavar="PLAYER")


# -- setup and flight ------------------------------------------------------------------------------------


@play("start", "START", who_argument, click.argument("tile"), click.argument("missions", nargs=-1, required=True),
      click.option("-r", "--rot", type=click.IntRange(0, 5), default=0, help="rotation of the Starting Tile"),
      player=None)
def start(tile: str, missions: tuple[str, ...], rot: int) -> dict[str, Any]:
    """Record a player's Starting Tile (at 0,0) and Starting Mission(s) with their cells.

    MISSIONS are SPEC@Q,R[rN|/EDGES]; 2 players place two. Names default to S-PLAYER, M1-PLAYER.

    Example: scorekeeper ed start Rhed SG/WOOOWW SM/WWWWOW/market:b@1,-1
    """
    items = []
    for text in missions:
        place = parse_placement(text)
        face = place.pop("face", None)
        items.append({**place, "tile": place["tile"] + (f"={face}" if face else "")})
    check_specs([tile] + [i["tile"] for i in items])
    return {"tile": tile, "rot": rot, "missions": items}


@play("fly", "FLY", click.argument("to", required=False, type=Domain("to")),
      click.option("-n", "--spaces", type=int, help="marked spaces flown, the Valley of the Winds not counted (instead of a destination)"),
      click.option("-v", "--valley", shell_complete=complete_now, help="way taken through the Valley of the Winds: Sinistra/left or Dextra/right"),
      click.option("--push", "pushes", multiple=True, shell_complete=complete_now, help="a pushed Dragon's Valley way: NAME=KINGDOM (repeatable)"),
      click.option("--pushed", multiple=True, help="without a board: a Dragon pushed this flight (repeatable)"),
      click.option("--join", "joins", multiple=True, help="a Dragon that took the Rock's Wyrmling, in order: NAME or "
                   "NAME=WYRMLING (a cross-check on a board)"),
      click.option("--at", "seen", multiple=True,
                   help="a piece's final space as seen on the table: PIECE=SPACE (cross-check)"))
def fly(to: str | None, spaces: int | None, valley: str | None, pushes: tuple[str, ...], pushed: tuple[str, ...],
        joins: tuple[str, ...], seen: tuple[str, ...]) -> dict[str, Any]:
    """Fly the active Dragon to a space (or a number of spaces), with Valley choices and pushes.

    Example: scorekeeper ed fly N4 --push Rhed=dextra --push Blakkar=sinistra
    """
    if to is None and spaces is None:
        raise BadInput("say where the Dragon lands (a space) or how far (-n SPACES)")
    return {"to": to, "spaces": spaces, "valley": valley or None,
            "pushes": _pairs(pushes, "--push", "NAME=KINGDOM, e.g. --push Rhed=dextra"),
            "pushed": list(pushed) or None, "joins": list(joins) or None,
            "seen": _pairs(seen, "--at", "PIECE=SPACE, e.g. --at Rhed.w1=S4")}


play("done", "DONE", text="End the current turn (every activation and placement done).")("done")


@play("positions", "POSITIONS", click.argument("table_json"), player=None)
def positions(table_json: str) -> dict[str, Any]:
    """Set piece positions as the table shows them (a flagged correction): JSON with swarms, rock, lairs.

    Example: scorekeeper ed positions '{"swarms": {"Rhed": {"at": "S3", "members": ["Rhed.w1"], "trail": ["S2"]}}}'
    """
    try:
        payload = json.loads(table_json)
    except ValueError as exc:
        raise BadInput(f"not JSON: {exc}") from None
    if not isinstance(payload, dict):
        raise BadInput("give a JSON object with swarms / rock / lairs")
    return payload


# -- Location effects -----------------------------------------------------------------------------------------


play("village", "VILLAGE", click.argument("tiles", nargs=-1, shell_complete=complete_now), villagers_option, folk_option, piece_option,
     text="Take Lair Tiles at a village: each TILE is a stack (E1, G2…) or NAME=SPEC with its face.")(
    "village E2 T7=E1/OWWOWW/b,1")


play("grow", "GROW", click.argument("folk"), click.argument("village", required=False),
     click.option("--villagers", type=click.IntRange(0, 4), help="without a board: the villagers the village holds now"),
     piece_option, text="A village grows: add 1 villager of FOLK (E, G, O, F) to the village on space VILLAGE.")(
    "grow E S4")


play("gather", "GATHER", click.argument("tile"), piece_option,
     text="Gathering: take 1 Level-1 Lair Tile from any stack (E1, G1, O1, F1, or NAME=SPEC).")("gather G1")


play("summon", "SUMMON", click.argument("wyrmling"), piece_option,
     text="Summon a Wyrmling (NAME.wN or Aureus) from a Lair or a Swarm to the rear of the Dragon Rock.")(
    "summon Rhed.w1")


play("troll", "TROLL", click.option("--gold", type=click.IntRange(0), help="Gold taken (computed on a described "
                                                                        "board; required without one)"),
     piece_option, text="Troll the Troll: take the Gold up to him, move him one space towards you.")("troll --gold 3")


play("shrine", "SHRINE", kingdom_option, piece_option,
     text="Dragon Shrine: take all its Gold; 3 Gold go to the other kingdom's Shrine.")("shrine -k sinistra")


play("chest", "CHEST", kingdom_option, piece_option,
     text="Treasure Chest: take the top chest (or 3 Gold when the stack is empty).")("chest -k dextra")


play("merchant", "MERCHANT",
     click.option("--buy", help="the Merchant Tile bought for 5 Gold: [NAME=]M…/EDGES/SYMBOLS, or the name of a known "
                  "face-up tile"),
     click.option("--discard", help="the face-up tile put under the other kingdom's stack when both its slots were full"),
     click.option("--reveal", help="the tile revealed in the other kingdom: NAME=SPEC, or the name of a tile known to "
                  "be under the stack"),
     kingdom_option, piece_option, build=lambda kingdom, buy, discard, reveal, piece: {
         "kingdom": kingdom or None, "buy": buy or None, "discard": discard or None, "reveal": reveal or None,
         "piece": piece},
     text="Lighthouse or Castle: buy 1 Merchant Tile (optional); the other kingdom's Merchant is refreshed.")(
    "merchant --buy M1=MJ/OOWOWW/craft:bg -k sinistra")


play("none", "NONE", click.argument("reason", nargs=-1, required=True),
     click.option("--location", help="without a board: the Location it was (village, gather, summon, troll…), so it "
                  "is checked"),
     villagers_option, folk_option, piece_option,
     build=lambda reason, **typed: {"reason": " ".join(reason), **{k: None if v == "" else v for k, v in typed.items()}},
     text="An activation that yields nothing because the effect is impossible (say why).")(
    "none every village is full")


play("market", "MARKET", click.argument("kingdom"), click.argument("tiles", nargs=-1, required=True), player=None,
     text="Name the face-up Merchant Tiles of a kingdom (optional), to follow purchases and refreshes by name.")(
    "market sinistra L1=MJ/OOWOWW/craft:bg L2=M/OOOWWO/3b")


# -- Expand Lair ------------------------------------------------------------------------------------------------


play("place", "PLACE", click.argument("placements", nargs=-1, required=True, shell_complete=complete_now),
     build=lambda placements: {"tiles": [parse_placement(text) for text in placements]},
     text="Place gained tiles: TILE@Q,R[rN] (N clockwise turns) or TILE@Q,R/EDGES (the edges as seen).\n\n"
          "EDGES are N NE SE S SW NW as the tile lies in the Lair; give a face with TILE=SPEC@Q,R.")(
    "place T3@1,0r5 T4=G1/WWOOOO@0,1r2")


play("replace", "REPLACE", click.argument("remove", metavar="OLD"), click.argument("tile", metavar="NEW"),
     click.option("-r", "--rot", type=click.IntRange(0, 5), default=0, help="rotation of the new Mission tile"),
     click.option("--under", required=True, help="the Merchant stack the old Mission goes under (Sinistra / Dextra)"),
     click.option("--face", help="the new tile's face if not given yet"),
     text="Replace Mission tile OLD by the gained Mission tile NEW in the same cell (the 5-Mission limit).")(
    "replace M1-Rhed T9 -r 2 --under dextra")


play("discard", "DISCARD", click.argument("tile"), click.option("--face", help="the tile's face if not given yet"),
     text="Set aside a gained tile that fits nowhere in the Lair.")("discard T9 --face F1/WWWWWO")


# -- Bonfires and the end ------------------------------------------------------------------------------------------


play("bonfire", "BONFIRE", click.argument("stack"), player=None,
     text="A Bonfire Tile was revealed from a Lair stack (E1, E2, G1 … F2).")("bonfire G1")


play("chests", "CHESTS", who_argument, click.argument("chests", nargs=-1), player=None,
     build=lambda chests: {"chests": [parse_chest(text) for text in chests]},
     text="End of game: each chest as ID=ARTIFACTS@TILE (placed) or ID=ARTIFACTS (kept).")("chests Rhed C1=c@L10 C2=o")


play("flick", "FLICK", click.argument("who", metavar="WINNER"), player=None,
     text="The tie-break coin flick: the tied player whose coin landed closest to the Dragon Egg.")("flick Greenyra")


play("gold", "GOLD", who_argument, click.argument("amount", type=int), click.argument("reason", nargs=-1),
     player=None, build=lambda amount, reason: {"amount": amount, "reason": " ".join(reason)},
     text="Correct a player's Gold by hand (always flagged), with the reason.")("gold Rhed -- -1 paid twice at the Merchant")


play("adjust", "ADJUST", click.argument("words", nargs=-1, required=True, metavar="[PLAYER] KEY=VALUE..."),
     player=None, build=lambda words: adjust_words(words),
     text="A mid-game start or a manual correction, as absolute values (keys: docs/eight-dragons.md, 'adjust').")(
    "adjust Rhed gold=7 chests=sinistra round=3 next=Greenyra stacks=E1:4,G2:6")


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
    name = s.player(player) if player else s.active_player("after the command: scorekeeper ed lair NAME")
    if until is not None and until < 1:
        raise BadInput("--at N shows the Lair before event N: N is 1 or more")
    if as_json:
        emit_json(s.observe(name, "lair_json", until))
    else:
        say(s.observe(name, "lair_map", until))
