"""BG Stats exports made for the tests, the benchmark and the fuzz: the shapes the public readers use.

``club_export`` builds a club's history (``BGStatsExport.json``): ``players``, ``games``, ``locations`` and
``plays`` linked by integer ``*RefId``; each play's ``playerScores[]`` with ``score`` as text, ``rank`` (0 when
not recorded, as the app writes), ``winner``, ``seatOrder``, ``metaData`` as JSON held in a string with the
``scoreUuid``; a ``scoresheet`` (a string too) on some plays; ``userInfo.meRefId``. Seeded: the same file on
every run.
"""

from __future__ import annotations

import json
import random
import time
import uuid
from typing import Any, Iterator

import pytest

#: our three games as a club's BG Stats names them; Emberheart is matched by its BoardGameGeek id only (the
#: ``--games`` file the tests give: ``GAMES_FILE``), under a name of its own
OURS = (("Flamecraft", 0), ("Emberheart: Collector's Edition", 990001), ("8 Dragons", 0))
OTHERS = (("Catan", 13), ("Azul", 230802), ("Wingspan", 266192))
GAMES_FILE = "emberheart = 990001\n"
NAMES = ("Ann", "Bo", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jin", "Kit", "Lea")
CATEGORIES = ("Reputation", "Coins", "Dragons")


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()


def club_export(ours: int = 1000, others: int = 200, seed: int = 37) -> dict[str, Any]:
    """A BG Stats export with ``ours`` plays of our three games and ``others`` of other games, interleaved."""
    rng = random.Random(seed)
    players = [{"id": n, "uuid": _uuid(rng), "name": name, "isAnonymous": False,
                "modificationDate": "2026-01-01 10:00:00", "bggUsername": "", "metaData": _compact({"isNpc": 0}),
                "tags": []} for n, name in enumerate(NAMES, start=1)]
    games = [{"id": n, "uuid": _uuid(rng), "name": name, "modificationDate": "2026-01-01 10:00:00",
              "cooperative": False, "highestWins": True, "noPoints": False, "usesTeams": False, "bggName": name,
              "bggYear": 2022, "bggId": bgg, "isBaseGame": 1, "isExpansion": 0, "minPlayerCount": 2,
              "maxPlayerCount": 4, "metaData": _compact({})} for n, (name, bgg) in enumerate(OURS + OTHERS, start=1)]
    locations = [{"id": 1, "uuid": _uuid(rng), "name": "The Dragon's Den", "modificationDate": "2026-01-01 10:00:00",
                  "tags": []}]
    kinds = [True] * ours + [False] * others
    rng.shuffle(kinds)
    plays = []
    for n, mine in enumerate(kinds):
        game = rng.randrange(3) + 1 if mine else rng.randrange(3) + 4
        seated = rng.sample(range(1, len(NAMES) + 1), rng.randint(2, 4))
        scores = {ref: rng.randint(5, 60) for ref in seated}
        best = max(scores.values())
        ordered = sorted(scores.values(), reverse=True)
        sheet = mine and n % 3 == 0
        keys = {ref: _uuid(rng) for ref in seated}
        lines = [{"score": str(scores[ref]), "winner": scores[ref] == best, "newPlayer": False,
                  "startPlayer": seat == 1, "playerRefId": ref, "role": "",
                  "rank": ordered.index(scores[ref]) + 1 if n % 2 else 0, "seatOrder": seat if n % 4 else 0,
                  "team": "", "metaData": _compact({"scoreUuid": keys[ref]})}
                 for seat, ref in enumerate(seated, start=1)]
        day = 1 + n % 28
        play: dict[str, Any] = {
            "uuid": _uuid(rng), "modificationDate": "2026-02-01 10:00:00", "entryDate": "2026-02-01 10:00:00",
            "playDate": f"2025-{1 + n % 12:02d}-{day:02d} {18 + n % 4}:{n % 60:02d}:00",
            "durationMin": rng.randint(20, 120), "usesTeams": False, "ignored": False, "manualWinner": False,
            "rounds": 0, "bggId": 0, "bggLastSync": "", "importPlayId": 0, "nemestatsId": 0,
            "locationRefId": 1 if n % 5 == 0 else 0, "gameRefId": game, "board": "", "rating": 0,
            "scoringSetting": 0, "playImages": "[]", "metaData": _compact({"playUsedGameCopy": 0}),
            "expansionPlays": [], "playerScores": lines,
        }
        if sheet:
            split = {ref: _split(scores[ref], rng) for ref in seated}
            rows = [{"templateId": f"row{c + 1}", "label": label, "repetition": 1, "repeatable": False,
                     "negative": False, "isExtra": False, "scores": {keys[ref]: str(split[ref][c]) for ref in seated}}
                    for c, label in enumerate(CATEGORIES)]
            play["scoresheet"] = _compact({"bggId": 0, "version": 1, "langCode": "en", "scoreType": "bestTotalWins",
                                           "groups": [{"templateId": "1", "maxRepeat": 1, "repetition": 1,
                                                       "hasSubTotal": False, "hideSingleGroupLabel": True,
                                                       "isExtra": False, "rows": rows}]})
        plays.append(play)
    return {"about": "BG Stats export", "tags": [], "groups": [], "players": players, "locations": locations,
            "games": games, "plays": plays, "challenges": [], "deletedObjects": [],
            "userInfo": {"meRefId": 1, "bggUsername": "", "exportDate": "2026-02-01 10:00:00",
                         "appVersion": "7.2.1", "systemVersion": "17.1", "device": "iPhone"}}


def _split(total: int, rng: random.Random) -> list[int]:
    first = rng.randint(0, total)
    second = rng.randint(0, total - first)
    return [first, second, total - first - second]


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is UTC while a test runs (BG Stats dates are local times); autouse in each module importing it."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
