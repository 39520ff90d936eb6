"""Reading a BG Stats export (``BGStatsExport.json``) or one shared play (``.bgsplay``): every play checked.

The shapes are those the public readers use (``docs/bgstats.md``, ``/formats``): ``players``, ``games``,
``locations`` and ``plays`` arrays linked by integer ``*RefId`` fields; each play's ``playerScores[]`` with
``score`` as text (or a number), ``rank``, ``winner``, ``seatOrder`` and ``metaData.scoreUuid``; its optional
``scoresheet`` of ``groups`` of ``rows``, each row's ``scores`` keyed by ``scoreUuid``. ``metaData`` and
``scoresheet`` are JSON held in a string in the app's own files, or plain objects in others': both are read.

Pure: text in, data out. A play that cannot be read is a ``BadPlay`` naming its uuid and the field.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from scorekeeper.core import strictjson
from scorekeeper.errors import BadInput


class NotBGStats(BadInput):
    """The file is no BG Stats export."""


@dataclass(frozen=True)
class BadPlay:
    """A play that cannot be imported: its uuid (or its place in the file), the field, and what is wrong."""

    uuid: str
    field: str
    problem: str

    def line(self) -> str:
        return f"play {self.uuid}: {self.field}: {self.problem}"


@dataclass(frozen=True)
class Game:
    """A row of ``games[]``: what matches it to one of ours, and how its winner is chosen."""

    name: str
    bgg_id: int
    highest_wins: bool


@dataclass(frozen=True)
class Score:
    """One player's line in a play."""

    name: str
    score: int | float
    rank: int
    winner: bool
    start: bool
    me: bool
    categories: dict[str, int | float]


@dataclass(frozen=True)
class Play:
    """One play, read and checked: its identity, its game, when and where, and each player's line in seat order."""

    uuid: str
    game: Game
    played_at: str  # ISO, this machine's local time zone (BG Stats keeps local times)
    duration_min: int
    location: str
    manual_winner: bool
    ignored: bool
    categories: list[str]
    scores: list[Score]


@dataclass
class Contents:
    """What a file holds: the plays read, and those that could not be (with why)."""

    plays: list[Play] = field(default_factory=list)
    bad: list[BadPlay] = field(default_factory=list)
    others: int = 0  # plays of games not wanted (counted, passed over)


def loads(text: str, source: str) -> dict[str, Any]:
    """The file's top-level object; ``NotBGStats`` when it is no BG Stats export."""
    try:
        data = strictjson.loads(text)
    except ValueError as exc:
        raise NotBGStats(f"{source}: not a BG Stats export (not JSON: {exc})") from None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), list) for k in ("plays", "games", "players")):
        raise NotBGStats(f"{source}: not a BG Stats export (it needs the lists 'plays', 'games' and 'players'; "
                         "export it from BG Stats: Settings, Export data, or share a play)")
    return data


def read(data: Mapping[str, Any], wanted: Callable[[Game], bool], me_name: str | None = None) -> Contents:
    """Every play of ``data`` whose game is ``wanted``, checked; the others counted. ``me_name`` renames the
    player ``userInfo.meRefId`` names (BG Stats' "me")."""
    players = _rows(data.get("players"))
    games = _rows(data.get("games"))
    places = _rows(data.get("locations"))
    info = data.get("userInfo")
    me = info.get("meRefId") if isinstance(info, dict) else None
    contents = Contents()
    for n, play in enumerate(data.get("plays") or [], start=1):
        where = f"#{n} of the file"
        if not isinstance(play, dict):
            contents.bad.append(BadPlay(where, "plays", "not an object"))
            continue
        ident = play.get("uuid")
        label = ident if isinstance(ident, str) and ident.strip() else where
        try:
            game = _game(games.get(_ref(play.get("gameRefId"), "gameRefId")), play)
            if not wanted(game):
                contents.others += 1
                continue
            if not isinstance(ident, str) or not ident.strip():
                raise BadField("uuid", "missing: every play of BG Stats has one")
            contents.plays.append(_play(ident.strip(), game, play, players, places, me, me_name))
        except BadField as bad:
            contents.bad.append(BadPlay(label, bad.field, bad.problem))
    return contents


class BadField(Exception):
    """What is wrong with one field of a play (``field``: its path in the play, ``problem``: in words)."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(problem)
        self.field = field
        self.problem = problem


def _rows(items: Any) -> dict[int, dict[str, Any]]:
    """The rows of a list by their integer ``id`` (rows that are not objects with one are left out)."""
    found: dict[int, dict[str, Any]] = {}
    for row in items if isinstance(items, list) else []:
        if isinstance(row, dict) and isinstance(row.get("id"), int) and not isinstance(row.get("id"), bool):
            found.setdefault(row["id"], row)
    return found


def _ref(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadField(name, f"not a reference ({_shown(value)})")
    return value


def _shown(value: Any) -> str:
    import json

    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _game(row: dict[str, Any] | None, play: Mapping[str, Any]) -> Game:
    if row is None:
        raise BadField("gameRefId", f"names no game of the file ({_shown(play.get('gameRefId'))})")
    name = row.get("name")
    bgg = row.get("bggId")
    return Game(name.strip() if isinstance(name, str) else "",
                bgg if isinstance(bgg, int) and not isinstance(bgg, bool) else 0,
                row.get("highestWins") is not False)


def _nested(value: Any, name: str) -> Any:
    """A ``metaData`` or ``scoresheet``: JSON held in a string (the app's files), or the object itself."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            return strictjson.loads(value)
        except ValueError:
            raise BadField(name, "not JSON") from None
    return value


def _number(value: Any, name: str, blank: int | None = None) -> int | float:
    """A score: a number, or text holding one (BG Stats writes ``"12"``)."""
    if isinstance(value, bool):
        raise BadField(name, f"not a number ({_shown(value)})")
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        text = value.strip()
        if not text and blank is not None:
            return blank
        try:
            number = float(text) if any(c in text for c in ".eE") else int(text)
        except ValueError:
            raise BadField(name, f"not a number ({_shown(value)})") from None
        if number != number or number in (float("inf"), float("-inf")):
            raise BadField(name, f"not a number ({_shown(value)})")
        return int(number) if isinstance(number, float) and number.is_integer() and abs(number) < 2 ** 53 else number
    raise BadField(name, f"not a number ({_shown(value)})")


def _whole(value: Any, name: str) -> int:
    if value is None or value == "":
        return 0
    number = _number(value, name)
    if not isinstance(number, int) or number < 0:
        raise BadField(name, f"not a whole number ({_shown(value)})")
    return number


def _date(value: Any) -> str:
    """``playDate`` (``YYYY-MM-DD HH:MM:SS``, local) as an ISO time in this machine's time zone."""
    if isinstance(value, str):
        for pattern in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d"):
            try:
                moment = _dt.datetime.strptime(value.strip(), pattern)
            except ValueError:
                continue
            try:
                return moment.astimezone().isoformat()
            except (OverflowError, ValueError, OSError):
                break
    raise BadField("playDate", f"not a date BG Stats writes, YYYY-MM-DD HH:MM:SS ({_shown(value)})")


def _play(ident: str, game: Game, play: Mapping[str, Any], players: Mapping[int, dict[str, Any]],
          places: Mapping[int, dict[str, Any]], me: Any, me_name: str | None) -> Play:
    played_at = _date(play.get("playDate"))
    duration = _whole(play.get("durationMin"), "durationMin")
    location = ""
    ref = play.get("locationRefId")
    if ref not in (None, 0, ""):
        place = places.get(_ref(ref, "locationRefId"))
        if place is None:
            raise BadField("locationRefId", f"names no location of the file ({_shown(ref)})")
        location = " ".join(str(place.get("name") or "").split())
    lines = play.get("playerScores")
    if not isinstance(lines, list) or not lines:
        raise BadField("playerScores", "no players")
    read: list[tuple[int, int, str, Score, str]] = []
    for n, line in enumerate(lines):
        at = f"playerScores[{n}]"
        if not isinstance(line, dict):
            raise BadField(at, "not an object")
        person = players.get(_ref(line.get("playerRefId"), f"{at}.playerRefId"))
        if person is None:
            raise BadField(f"{at}.playerRefId", f"names no player of the file ({_shown(line.get('playerRefId'))})")
        name = " ".join(str(person.get("name") or "").split())
        is_me = me is not None and person.get("id") == me
        if is_me and me_name:
            name = me_name
        if not name:
            raise BadField(f"{at}.playerRefId", "the player has no name")
        if line.get("score") is None or line.get("score") == "":
            raise BadField(f"{at}.score", "no score: only plays with scores can be counted")
        score = _number(line.get("score"), f"{at}.score")
        winner = line.get("winner")
        if winner not in (None, True, False, 0, 1):
            raise BadField(f"{at}.winner", f"not true or false ({_shown(winner)})")
        meta = _nested(line.get("metaData"), f"{at}.metaData")
        key = meta.get("scoreUuid") if isinstance(meta, dict) else None
        rank = _whole(line.get("rank"), f"{at}.rank")
        entry = Score(name, score, rank, bool(winner), line.get("startPlayer") is True, is_me, {})
        read.append((_whole(line.get("seatOrder"), f"{at}.seatOrder"), n, name, entry, str(key or "")))
    seats = [seat for seat, *_ in read]
    if all(seats) and len(set(seats)) == len(seats):  # seat order recorded (0: not recorded)
        read.sort(key=lambda r: r[0])
    names = [r[2].casefold() for r in read]
    if len(set(names)) != len(names):
        raise BadField("playerScores", "a player is listed twice")
    categories, sheets = _sheet(play.get("scoresheet"), [r[4] for r in read])
    scores = [Score(s.name, s.score, s.rank, s.winner, s.start, s.me, sheets.get(key, {}) if key else {})
              for _, _, _, s, key in read]
    return Play(ident, game, played_at, duration, location, play.get("manualWinner") is True,
                play.get("ignored") is True, categories, scores)


def _sheet(value: Any, keys: list[str]) -> tuple[list[str], dict[str, dict[str, int | float]]]:
    """The score sheet's categories (row labels, in order; a repeated label is one category, added up) and each
    ``scoreUuid``'s points in them; nothing when the play has no sheet."""
    sheet = _nested(value, "scoresheet")
    if sheet is None:
        return [], {}
    if not isinstance(sheet, dict) or not isinstance(sheet.get("groups", []), list):
        raise BadField("scoresheet", "not a score sheet (an object with a list of groups)")
    categories: list[str] = []
    points: dict[str, dict[str, int | float]] = {key: {} for key in keys if key}
    for g, group in enumerate(sheet.get("groups") or []):
        rows = group.get("rows") if isinstance(group, dict) else None
        if not isinstance(rows, list):
            raise BadField(f"scoresheet.groups[{g}]", "no list of rows")
        for r, row in enumerate(rows):
            at = f"scoresheet.groups[{g}].rows[{r}]"
            if not isinstance(row, dict) or not isinstance(row.get("scores", {}), dict):
                raise BadField(at, "not a row with its scores")
            label = " ".join(str(row.get("label") or f"row {r + 1}").split())
            if label not in categories:
                categories.append(label)
            for key, text in (row.get("scores") or {}).items():
                if key in points:
                    number = _number(text, f"{at}.scores", blank=0)
                    number = -abs(number) if row.get("negative") is True else number  # a row of penalties
                    points[key][label] = points[key].get(label, 0) + number
    if not categories:
        return [], {}
    return categories, points
