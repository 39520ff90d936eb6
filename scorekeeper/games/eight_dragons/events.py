"""The 8 Dragons event types: each one's payload fields, their JSON kinds, and who makes it.

The engine checks every payload against these declarations (``CORE-PAYLOAD``) before the game plays it, so
the rule modules read fields of the declared kinds only. Tiles are written in the compact notation of
``notation.py`` (``E1/OWWWWW/b,1``, ``T3=E1/OWWWWW``); spaces (``S3``), cells (``1,-1``), kingdoms
(``Sinistra``) and pieces (``Rhed.w1``) are plain text.
"""

from __future__ import annotations

from scorekeeper.core.protocol import PLAYER_NONE, PLAYER_OPTIONAL, PLAYER_REQUIRED, EventType, Field, Word
from scorekeeper.core.tally_event import TALLY_EVENT

#: the piece that activates (default: the next one in order), on every activation
PIECE = Field("piece", "str", help="the piece that activates, e.g. Rhed.w1")
#: its word: the game offers the piece due; the table names it only without a board
PIECE_WORD = Word("piece", "the piece that activates", help="the next one in order when left out")

#: the words of plays by choices (``Word``): what the table picks, the legal values coming from ``expect``
#: (``expect.choices``) and ``legal_values``; a tile's face, when the game cannot know it (no stack's contents
#: are known), is typed
TILE_DRAWN = "a tile drawn: its face as typed, STACK/EDGES[/SYMBOLS], e.g. E1/OWWWWW/b,1 (or the stack alone)"
WITHOUT_BOARD = "without a board only"


def _activation(name: str, description: str, *fields: Field, label: str = "",
                words: tuple[Word, ...] = ()) -> EventType:
    """An activation event: it benefits a player (the piece's owner; ``ED-ACT-5`` says so when it is missing)."""
    return EventType(name, description, (*fields, PIECE), PLAYER_OPTIONAL, label=label, words=(*words, PIECE_WORD))


EVENTS: tuple[EventType, ...] = (
    EventType("START", "a player's Starting Tile and Starting Mission(s) placed at setup", (
        Field("tile", "str", True, "the Starting Tile, e.g. SG/WOOOWW", positional=True),
        Field("rot", "int", help="rotation of the Starting Tile (0-5)"),
        Field("missions", "list", True, "each Starting Mission: {tile, at, rot[, seen]}"),
    ), PLAYER_REQUIRED, label="place a Starting Tile", words=(
        Word("tile", "Starting Tile", required=True, typed=True, help="its face, e.g. S/WOOOWW"),
        Word("rot", "turns of the Starting Tile", help="clockwise turns, 0-5"),
        Word("missions", "Starting Missions", many=True, required=True, typed=True,
             help="each SPEC@Q,R then rN (turns) or /EDGES (as seen), e.g. SM/WWWWOW/market:b@1,-1r0"),
    )),
    EventType("FLY", "the active Dragon's flight (destination, Valley choices, pushes, joins)", (
        Field("to", "str", help="the space the Dragon lands on", positional=True),
        Field("spaces", "int", help="marked spaces flown (the Valley of the Winds is not one), instead of a destination"),
        Field("valley", "str", help="the way taken through the Valley of the Winds"),
        Field("pushes", "dict", help="a pushed Dragon's Valley way: {DRAGON: KINGDOM}"),
        Field("pushed", "list", help="without a board: the Dragons pushed"),
        Field("joins", "list", help="the Dragons that took the Rock's Wyrmling: NAME or NAME=WYRMLING"),
        Field("seen", "dict", help="the pieces' final spaces as seen on the table: {PIECE: SPACE}"),
    ), PLAYER_REQUIRED, label="fly", words=(
        Word("to", "where the Dragon lands"),
        Word("valley", "the way through the Valley of the Winds"),
        Word("pushes", "each pushed Dragon's way through the Valley", many=True, help="DRAGON=KINGDOM"),
        Word("spaces", "spaces flown", typed=True, help=f"{WITHOUT_BOARD}: the marked spaces flown"),
        Word("pushed", "the Dragons pushed", many=True, help=WITHOUT_BOARD),
        Word("joins", "the Dragons that took the Rock's Wyrmling", many=True, typed=True,
             help="a cross-check: NAME or NAME=WYRMLING, in order"),
        Word("seen", "the pieces' spaces as seen", many=True, typed=True, help="a cross-check: PIECE=SPACE"),
    )),
    EventType("DONE", "the end of the current turn (all activations and placements done)", (), PLAYER_OPTIONAL,
              label="end the turn", words=()),
    EventType("POSITIONS", "piece positions as the table shows them (a flagged correction)", (
        Field("swarms", "dict", help="{DRAGON: {at, members, trail}}"),
        Field("rock", "list", help="the Wyrmlings on the Dragon Rock, front first"),
        Field("lairs", "dict", help="{PLAYER: [WYRMLING…]}"),
    ), PLAYER_NONE, label="set the pieces' positions"),
    EventType("BONFIRE", "a Bonfire Tile revealed from a Lair stack", (
        Field("stack", "str", True, "the Lair stack (E1, E2, G1 … F2)", positional=True),
    ), PLAYER_NONE, label="record a Bonfire", words=(Word("stack", "the stack it showed in", required=True),)),
    _activation("VILLAGE", "a village's Lair Tiles taken",
                Field("tiles", "list", help="each tile: a stack (E1) or NAME=SPEC"),
                Field("villagers", "int", help="without a board: the village's villager count"),
                Field("folk", "str", help="without a board: the village's Folk (E, G, O, F)"),
                label="take the village's tiles", words=(
                    Word("tiles", "the tiles drawn", many=True, typed=True, help=TILE_DRAWN),
                    Word("villagers", "the village's villagers", typed=True, help=WITHOUT_BOARD),
                    Word("folk", "the village's Folk", help=WITHOUT_BOARD),
                )),
    _activation("GROW", "a village grows by 1 villager",
                Field("folk", "str", True, "the Folk of the villager added (E, G, O, F)", positional=True),
                Field("village", "str", help="the space of the village that grows"),
                Field("villagers", "int", help="without a board: the villagers the village holds now"),
                label="grow a village", words=(
                    Word("folk", "the villager's Folk", required=True),
                    Word("village", "the village that grows"),
                    Word("villagers", "its villagers now", typed=True, help=WITHOUT_BOARD),
                )),
    _activation("GATHER", "Gathering: 1 Level-1 Lair Tile taken",
                Field("tile", "str", True, "a Level-1 stack (E1) or NAME=SPEC", positional=True),
                label="gather", words=(Word("tile", "the tile drawn", required=True, typed=True, help=TILE_DRAWN),)),
    _activation("SUMMON", "a Wyrmling summoned to the Dragon Rock",
                Field("wyrmling", "str", True, "the Wyrmling summoned (NAME.wN or Aureus)", positional=True),
                label="summon a Wyrmling", words=(Word("wyrmling", "the Wyrmling summoned", required=True),)),
    _activation("TROLL", "Gold taken along the Troll path, the Troll moved",
                Field("gold", "int", help="the Gold taken (required without a board)"),
                label="troll the Troll", words=(Word("gold", "the Gold taken", typed=True, help=WITHOUT_BOARD),)),
    _activation("SHRINE", "the Dragon Shrine's Gold taken, 3 Gold to the other kingdom",
                Field("kingdom", "str", help="without a board: the Shrine's kingdom"),
                Field("gold", "int", help="the Gold the table counted (a cross-check)"),
                label="take the Shrine's Gold", words=(
                    Word("kingdom", "the Shrine's kingdom", help=WITHOUT_BOARD),
                    Word("gold", "the Gold counted", typed=True, help="a cross-check"),
                )),
    _activation("CHEST", "a Treasure Chest taken (or 3 Gold when the stack is empty)",
                Field("kingdom", "str", help="without a board: the Location's kingdom"),
                label="take a Treasure Chest", words=(Word("kingdom", "the chest's kingdom", help=WITHOUT_BOARD),)),
    _activation("MERCHANT", "a Merchant Tile bought (optional) and the other kingdom refreshed",
                Field("buy", "str", help="the Merchant Tile bought: NAME=SPEC or a known face-up tile's name"),
                Field("discard", "str", help="the face-up tile put under the other kingdom's stack"),
                Field("reveal", "str", help="the tile revealed in the other kingdom: NAME=SPEC or a known name"),
                Field("kingdom", "str", help="without a board: the Merchant's kingdom"),
                label="visit the Merchant", words=(
                    Word("buy", "the Merchant Tile bought", typed=True,
                         help="a face-up tile, or its face as typed, e.g. MJ/OOWOWW/craft:bg; none: nothing bought"),
                    Word("discard", "the face-up tile put under the other stack", typed=True),
                    Word("reveal", "the tile revealed in the other kingdom", typed=True, help="its face as typed"),
                    Word("kingdom", "the Merchant's kingdom", help=WITHOUT_BOARD),
                )),
    EventType("MARKET", "the face-up Merchant Tiles of a kingdom, named (optional tracking)", (
        Field("kingdom", "str", True, "Sinistra or Dextra", positional=True),
        Field("tiles", "list", True, "the face-up tiles: NAME=SPEC"),
    ), PLAYER_NONE, label="name the Merchant Tiles", words=(
        Word("kingdom", "the kingdom", required=True),
        Word("tiles", "the face-up tiles", many=True, required=True, typed=True, help="each NAME=SPEC"),
    )),
    _activation("NONE", "an activation that yields nothing (with the reason)",
                Field("reason", "str", help="why the effect is impossible"),
                Field("location", "str", help="without a board: the Location it was (village, gather…)"),
                Field("villagers", "int", help="without a board: the village's villager count"),
                Field("folk", "str", help="without a board: the village's Folk"),
                label="nothing to gain", words=(
                    Word("reason", "why", typed=True),
                    Word("location", "the Location", help=WITHOUT_BOARD),
                    Word("villagers", "the village's villagers", typed=True, help=WITHOUT_BOARD),
                    Word("folk", "the village's Folk", help=WITHOUT_BOARD),
                )),
    EventType("PLACE", "gained tiles placed in a Lair (cell and rotation)", (
        Field("tiles", "list", True, "each placement: {tile, at, rot[, seen][, face]}"),
    ), PLAYER_REQUIRED, label="place tiles", words=(
        Word("tiles", "the tiles placed", many=True, required=True, typed=True,
             help="each TILE@Q,R then rN (turns): only the placements that fit are offered; a tile whose face is "
                  "not known yet is typed with it, TILE=SPEC@Q,RrN"),
    )),
    EventType("REPLACE", "a Mission tile replaced by a new one (the Mission limit)", (
        Field("remove", "str", True, "the Mission tile replaced", positional=True),
        Field("tile", "str", True, "the gained Mission tile put in its cell", positional=True),
        Field("rot", "int", help="rotation of the new tile (0-5)"),
        Field("under", "str", True, "the Merchant stack the old Mission goes under"),
        Field("face", "str", help="the new tile's face, if not given yet"),
    ), PLAYER_REQUIRED, label="replace a Mission", words=(
        Word("remove", "the Mission replaced", required=True),
        Word("tile", "the new Mission tile", required=True),
        Word("rot", "its turns"),
        Word("under", "the Merchant stack the old one goes under", required=True),
        Word("face", "the new tile's face", typed=True, help="if not given yet"),
    )),
    EventType("DISCARD", "a gained tile that fits nowhere, set aside", (
        Field("tile", "str", True, "the gained tile", positional=True),
        Field("face", "str", help="the tile's face, if not given yet"),
    ), PLAYER_REQUIRED, label="set a tile aside", words=(
        Word("tile", "the tile that fits nowhere", required=True),
        Word("face", "its face", typed=True, help="if not given yet"),
    )),
    EventType("CHESTS", "the end-game chest placements", (
        Field("chests", "list", True, "each chest: {id, artifacts, on}"),
    ), PLAYER_REQUIRED, label="place the chests", words=(
        Word("chests", "each chest", many=True, required=True,
             help="ID=ARTIFACT@TILE (placed on a tile of the Lair) or ID=ARTIFACT (kept)"),
    )),
    EventType("FLICK", "the tie-break coin flick's winner", (), PLAYER_REQUIRED, label="win the coin flick", words=()),
    EventType("ADJUST", "a mid-game start or a manual correction, never judged as a play (adjust.py)", (
        Field("players", "dict", help="{PLAYER: {gold, lair, chests}}"),
        Field("game", "dict", help="{round, next, bonfires, stacks, supply, villages, trolls, shrines, chest_stacks, "
                                   "merchant_stacks, reason}"),
    ), PLAYER_NONE, label="adjust the game"),
    EventType("GOLD", "a manual Gold correction (always flagged)", (
        Field("amount", "int", True, "the Gold added (negative: taken)", positional=True),
        Field("reason", "str", help="why"),
    ), PLAYER_REQUIRED, label="correct Gold", words=(
        Word("amount", "the Gold added (negative: taken)", required=True, typed=True),
        Word("reason", "why", typed=True),
    )),
    TALLY_EVENT,
)
