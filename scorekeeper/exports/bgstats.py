"""BG Stats: a finished session as a play file the app imports (``.bgsplay``) and as its "push a play" link.

BG Stats publishes no schema; the fields written here are the ones public readers and writers of its files
use (listed, with those sources, in ``docs/bgstats.md``; ``FIELDS`` below is that list, and the tests read
the file back against it). Pure: data in, data out; no file, clock or network.

Identity: every ``uuid`` is a name-based UUID (``uuid5``) in Scorekeeper's own namespace, so exporting the
same session again gives the same file and BG Stats updates the play instead of adding a second one:

* the play, and each player's score in it, from the session's metadata hash (an import or a copy of the
  session has the same one; another session never does);
* each player from their name alone, and the game from its name, so Ann is one player in BG Stats across all
  the sessions she played.

BoardGameGeek ids: none is built in (``BGG_IDS`` is empty), because none could be checked against
BoardGameGeek from here; the user gives it (``--bgg-id``), and BG Stats otherwise matches the game by name.
"""

from __future__ import annotations

import datetime as _dt
import json
from pathlib import PurePath
from typing import Any, Mapping, Sequence
from urllib.parse import quote

from scorekeeper.app.bgstats_ids import NAMESPACE, exported_play_uuid, uid  # noqa: F401 (NAMESPACE: callers')
from scorekeeper.app.standings import Result, local_time, minutes_between


#: BoardGameGeek ids known to be right, by registry name: none verified yet (see the module docstring)
BGG_IDS: Mapping[str, int] = {}

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Scorekeeper"
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"

#: the fields written, per object (docs/bgstats.md lists where each comes from); a test reads them back
FIELDS: Mapping[str, tuple[str, ...]] = {
    "file": ("about", "tags", "groups", "players", "locations", "games", "plays", "challenges", "deletedObjects",
             "userInfo"),
    "userInfo": ("meRefId", "appVersion"),
    "players": ("id", "uuid", "name", "isAnonymous", "modificationDate", "bggUsername", "metaData", "tags"),
    "games": ("id", "uuid", "name", "modificationDate", "cooperative", "highestWins", "noPoints", "usesTeams",
              "urlThumb", "urlImage", "bggName", "bggYear", "bggId", "designers", "isBaseGame", "isExpansion",
              "rating", "minPlayerCount", "maxPlayerCount", "minPlayTime", "maxPlayTime", "minAge",
              "previouslyPlayedAmount", "copies", "metaData"),
    "plays": ("uuid", "modificationDate", "entryDate", "playDate", "durationMin", "usesTeams", "ignored",
              "manualWinner", "rounds", "bggId", "importPlayId", "locationRefId", "gameRefId", "board", "comments",
              "rating", "scoringSetting", "playImages", "metaData", "expansionPlays", "playerScores", "scoresheet"),
    "playerScores": ("score", "winner", "newPlayer", "startPlayer", "playerRefId", "role", "rank", "seatOrder",
                     "metaData"),
    "scoresheet": ("bggId", "version", "langCode", "scoreType", "groups"),
    "scoresheet.groups": ("templateId", "maxRepeat", "repetition", "hasSubTotal", "hideSingleGroupLabel",
                          "isExtra", "rows"),
    "scoresheet.rows": ("templateId", "label", "repetition", "repeatable", "negative", "isExtra", "scores"),
    "locations": ("id", "uuid", "name", "modificationDate", "tags"),
    "link": ("sourceName", "sourcePlayId", "playDate", "durationMin", "board", "comments", "location", "game",
             "players"),
    "link.game": ("bggId", "name", "highestWins", "noPoints", "sourceGameId"),
    "link.players": ("name", "sourcePlayerId", "score", "rank", "role", "startPlayer", "winner"),
}


def play_uuid(result: Result) -> str:
    """The play's uuid: the one BG Stats gave it, for a result imported from there (so that exporting it back
    updates that play), else the session's own (``exported_play_uuid``)."""
    return result.origin if result.origin.count("-") == 4 else exported_play_uuid(result.key)


def player_uuid(name: str) -> str:
    return uid("player", name.casefold())


def game_uuid(result: Result) -> str:
    return uid("game", result.game)


def score_uuid(result: Result, name: str) -> str:
    return uid("score", result.key, name)


def bgg_id(result: Result, given: int | None = None) -> int:
    """The game's BoardGameGeek id: the one given, else a verified one, else 0 (BG Stats' "none")."""
    return given or BGG_IDS.get(result.game, 0)


def _date(iso: str, tz: _dt.tzinfo | None) -> str:
    return local_time(iso, tz).strftime(DATE_FORMAT)


def _duration(result: Result) -> int:
    return minutes_between(result.started, result.ended)


def _comments(result: Result, tiebreak: bool = True) -> str:
    name = PurePath(result.path).name or "a session"  # the file's name only: a folder may say who the user is
    text = f"Scored by Scorekeeper from {name} ({result.title})."
    if result.violations:
        from scorekeeper.render.verdicts import broken_note

        text += f" {broken_note(result.violations, result.counted)}."
    if tiebreak and result.table.tiebreak:
        text += f" Tiebreak: {result.table.tiebreak}"
    return text


def _compact(data: Any) -> str:
    """JSON as BG Stats nests it inside a field (``metaData``, ``scoresheet``, ``playImages``): a string."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def play_file(result: Result, given_bgg_id: int | None = None, tz: _dt.tzinfo | None = None,
              min_players: int = 0, max_players: int = 0, version: str = "", me: str | None = None,
              location: str = "", board: str = "", new_players: Sequence[str] = ()) -> dict[str, Any]:
    """The ``.bgsplay`` content for one finished session: its players, its game and the one play. ``me`` is the
    player who exports (BG Stats' ``userInfo.meRefId`` must name a player of the file: readers look it up), the
    first player when not given; ``location`` where the game was played (none when empty); ``board`` the side
    or variant played (``Game.board``); ``new_players`` those who played the game for the first time."""
    if not result.final:
        raise ValueError("only a finished session is a play for BG Stats")
    changed = _date(result.ended, tz)
    bgg = bgg_id(result, given_bgg_id)
    ref = {name: n for n, name in enumerate(result.players, start=1)}
    players = [
        {"id": ref[name], "uuid": player_uuid(name), "name": name, "isAnonymous": False, "modificationDate": changed,
         "bggUsername": "", "metaData": _compact({"isNpc": 0}), "tags": []}
        for name in result.players
    ]
    game = {
        "id": 1, "uuid": game_uuid(result), "name": result.title, "modificationDate": changed,
        "cooperative": False, "highestWins": True, "noPoints": False, "usesTeams": False, "urlThumb": "",
        "urlImage": "", "bggName": "", "bggYear": 0, "bggId": bgg, "designers": "", "isBaseGame": 1,
        "isExpansion": 0, "rating": 0, "minPlayerCount": min_players, "maxPlayerCount": max_players,
        "minPlayTime": 0, "maxPlayTime": 0, "minAge": 0, "previouslyPlayedAmount": 0, "copies": [],
        "metaData": _compact({}),
    }
    winners = set(result.table.winners)
    rows = {row.player: row for row in result.table.rows}
    scores = [
        {"score": str(rows[name].total), "winner": name in winners, "newPlayer": name in new_players,
         "startPlayer": name == result.start_player, "playerRefId": ref[name], "role": "",
         "rank": rows[name].rank, "seatOrder": seat, "metaData": _compact({"scoreUuid": score_uuid(result, name)})}
        for seat, name in enumerate(result.players, start=1)
    ]
    places = [{"id": 1, "uuid": uid("location", location.casefold()), "name": location, "modificationDate": changed,
               "tags": []}] if location else []
    play = {
        "uuid": play_uuid(result), "modificationDate": changed, "entryDate": changed,
        "playDate": _date(result.started, tz), "durationMin": _duration(result), "usesTeams": False,
        "ignored": False, "manualWinner": False, "rounds": 0, "bggId": 0, "importPlayId": 0,
        "locationRefId": 1 if places else 0, "gameRefId": 1,
        "board": board, "comments": _comments(result), "rating": 0, "scoringSetting": 0, "playImages": _compact([]),
        "metaData": _compact({}), "expansionPlays": [], "playerScores": scores,
        "scoresheet": _compact(scoresheet(result, bgg)),
    }
    return {
        "about": "A play exported by Scorekeeper for BG Stats (https://www.bgstatsapp.com/).",
        "tags": [], "groups": [], "players": players, "locations": places, "games": [game], "plays": [play],
        "challenges": [], "deletedObjects": [],
        "userInfo": {"meRefId": ref[me if me in ref else result.players[0]],
                     "appVersion": f"Scorekeeper {version}".strip()},
    }


def scoresheet(result: Result, bgg: int = 0) -> dict[str, Any]:
    """The per-category sheet: one group, one row per scoring category, each player's points by scoreUuid."""
    rows = []
    for n, category in enumerate(result.table.categories, start=1):
        points = {score_uuid(result, row.player): str(row.categories.get(category, 0)) for row in result.table.rows}
        rows.append({"templateId": f"row{n}", "label": category, "repetition": 1, "repeatable": False,
                     "negative": False, "isExtra": False, "scores": points})
    group = {"templateId": "1", "maxRepeat": 1, "repetition": 1, "hasSubTotal": False,
             "hideSingleGroupLabel": True, "isExtra": False, "rows": rows}
    return {"bggId": bgg, "version": 0, "langCode": "en", "scoreType": "bestTotalWins", "groups": [group]}


def play_file_text(result: Result, given_bgg_id: int | None = None, tz: _dt.tzinfo | None = None,
                   **game: Any) -> str:
    """The ``.bgsplay`` file's text (indented JSON, UTF-8, ending in a newline)."""
    return json.dumps(play_file(result, given_bgg_id, tz, **game), indent=2, ensure_ascii=False) + "\n"


def link_data(result: Result, given_bgg_id: int | None = None, tz: _dt.tzinfo | None = None,
              location: str = "", board: str = "") -> dict[str, Any]:
    """The JSON the "push a play" link carries: BG Stats matches the game by BGG id and name, players by name
    (and the location by name, when one is given); ``board`` as in ``play_file``."""
    if not result.final:
        raise ValueError("only a finished session is a play for BG Stats")
    winners = set(result.table.winners)
    return {
        "sourceName": SOURCE_NAME, "sourcePlayId": play_uuid(result), "playDate": _date(result.started, tz),
        "durationMin": _duration(result), "board": board, "comments": _comments(result, tiebreak=False),
        **({"location": location} if location else {}),
        "game": {"bggId": bgg_id(result, given_bgg_id), "name": result.title, "highestWins": True,
                 "noPoints": False, "sourceGameId": game_uuid(result)},
        "players": [
            {"name": row.player, "sourcePlayerId": player_uuid(row.player), "score": row.total, "rank": row.rank,
             "role": "", "startPlayer": row.player == result.start_player, "winner": row.player in winners}
            for row in result.table.rows
        ],
    }


#: the characters a link for a QR code leaves as they are: the JSON's own punctuation, which a query string
#: may carry (``URLSearchParams`` and ``parse_qs`` read it back alike); ``+``, ``&``, ``#``, ``%`` and spaces
#: stay escaped. A third shorter, so the code is smaller and easier to scan.
QR_SAFE = ':,{}[]"@'


def link(result: Result, given_bgg_id: int | None = None, tz: _dt.tzinfo | None = None, location: str = "",
         for_qr: bool = False, board: str = "") -> str:
    """``https://app.bgstatsapp.com/createPlay.html?data=<the URL-encoded JSON>``; ``for_qr``: the JSON's
    punctuation left unescaped (see :data:`QR_SAFE`)."""
    return LINK + quote(_compact(link_data(result, given_bgg_id, tz, location, board)), safe=QR_SAFE if for_qr else "")
