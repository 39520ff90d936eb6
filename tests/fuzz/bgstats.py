"""Malformed BG Stats exports given to ``import --from bgstats`` (issue 37): a club's export as the public readers
shape it (``tests/bgstats_files.club_export``), then one to three edits drawn from what a damaged, hand-edited or
foreign file holds — the file's top level replaced (not JSON, a list, the lists missing or of the wrong kind,
nesting thousands deep), a play, a player's score line, a player, a game or a location replaced or given a
hostile field (a score that is no number, 1e999, NaN, a reference to nothing or of the wrong type, a date that
cannot be read, a score sheet that is not JSON or whose rows are not rows), ``userInfo`` damaged — and the import
runs into a folder, with or without ``--skip-bad``, ``--games`` and ``--me``. The oracle is the fuzz's own (no
internal error, one error line, nothing written on a refusal); an import that succeeds is followed by
``standings`` on the folder, which must count what was written without an internal error."""

from __future__ import annotations

import json
import random
from typing import Any, Callable

from tests.fuzz.case import Case
from tests.fuzz.sandbox import Place

#: placeholders written as JSON text that Python cannot produce
RAW = {
    "__DEEP__": "[" * 5000 + "]" * 5000,
    "__HUGE__": "9" * 5000,
    "__BIGFLOAT__": "1e999",
    "__NAN__": "NaN",
}
SHAPES: list[Any] = [
    *RAW, None, True, False, 0, -1, 2**63, 1.5, -0.0, "", " ", "12", "1e5", "-7", "twelve", "0x10", "１２",
    "x" * 100_000, "\x00\x1b[31m", "\ud800", [], {}, [[]], {"": None}, ["x"] * 2000, {"uuid": 1},
    "2026-02-30 10:00:00", "2026-13-01", "9999-12-31 23:59:59", "0001-01-01 00:00:00", "{not json", "[]", "{}",
]
PLAY_FIELDS = ("uuid", "playDate", "durationMin", "gameRefId", "locationRefId", "playerScores", "scoresheet",
               "manualWinner", "ignored", "metaData")
SCORE_FIELDS = ("score", "playerRefId", "rank", "seatOrder", "winner", "startPlayer", "metaData")
ROW_FIELDS = ("id", "name", "bggId", "highestWins")


def _pick(rng: random.Random, items: list[Any]) -> Any:
    return items[rng.randrange(len(items))] if items else None


def _edit(data: Any, rng: random.Random) -> tuple[Any, str]:
    """One edit of the export ``data`` (in place when it stays an object): the new data and what was done."""
    shape = rng.choice(SHAPES)
    where = rng.choice(["top", "list", "play", "play", "play-field", "play-field", "score", "score", "score",
                        "row", "sheet", "sheet", "user", "duplicate"])
    if not isinstance(data, dict) or where == "top" and rng.random() < 0.3:
        return shape, f"top={_name(shape)}"
    plays = data.get("plays") if isinstance(data.get("plays"), list) else []
    if where == "list":
        key = rng.choice(["plays", "games", "players", "locations", "userInfo"])
        if rng.random() < 0.4:
            data.pop(key, None)
            return data, f"{key} removed"
        data[key] = shape
        return data, f"{key}={_name(shape)}"
    if where in ("play", "play-field") and plays:
        n = rng.randrange(len(plays))
        if where == "play" or not isinstance(plays[n], dict):
            plays[n] = shape
            return data, f"plays[{n}]={_name(shape)}"
        field = rng.choice(PLAY_FIELDS)
        if rng.random() < 0.3:
            plays[n].pop(field, None)
            return data, f"plays[{n}].{field} removed"
        plays[n][field] = shape
        return data, f"plays[{n}].{field}={_name(shape)}"
    if where == "score" and plays:
        n = rng.randrange(len(plays))
        lines = plays[n].get("playerScores") if isinstance(plays[n], dict) else None
        if isinstance(lines, list) and lines:
            k = rng.randrange(len(lines))
            if not isinstance(lines[k], dict) or rng.random() < 0.15:
                lines[k] = shape
                return data, f"plays[{n}].playerScores[{k}]={_name(shape)}"
            field = rng.choice(SCORE_FIELDS)
            lines[k][field] = shape
            return data, f"plays[{n}].playerScores[{k}].{field}={_name(shape)}"
    if where == "row":
        key = rng.choice(["games", "players", "locations"])
        rows = data.get(key) if isinstance(data.get(key), list) else []
        if rows:
            k = rng.randrange(len(rows))
            if isinstance(rows[k], dict):
                field = rng.choice(ROW_FIELDS)
                rows[k][field] = shape
                return data, f"{key}[{k}].{field}={_name(shape)}"
            rows[k] = shape
            return data, f"{key}[{k}]={_name(shape)}"
    if where == "sheet" and plays:
        n = rng.randrange(len(plays))
        if isinstance(plays[n], dict):
            sheet: Any = {"groups": [{"rows": [{"label": shape, "scores": {"x": shape}}]}]}
            kind = rng.choice(["value", "groups", "rows", "object"])
            if kind == "groups":
                sheet = {"groups": shape}
            elif kind == "rows":
                sheet = {"groups": [{"rows": shape}]}
            elif kind == "object":
                sheet = shape
            keys = _score_keys(plays[n])
            if kind == "value" and keys:
                sheet["groups"][0]["rows"][0]["scores"] = {keys[0]: shape}
            plays[n]["scoresheet"] = json.dumps(sheet) if rng.random() < 0.6 and _dumpable(sheet) else sheet
            return data, f"plays[{n}].scoresheet {kind}={_name(shape)}"
    if where == "user":
        data["userInfo"] = {"meRefId": shape}
        return data, f"userInfo.meRefId={_name(shape)}"
    if where == "duplicate" and plays:
        plays.append(json.loads(json.dumps(_pick(rng, plays))))
        return data, "a play twice"
    return data, "unchanged"


def _score_keys(play: dict[str, Any]) -> list[str]:
    keys = []
    for line in play.get("playerScores") or []:
        try:
            keys.append(json.loads(line["metaData"])["scoreUuid"])
        except (TypeError, KeyError, ValueError):
            continue
    return keys


def _dumpable(value: Any) -> bool:
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):
        return False


def _name(shape: Any) -> str:
    text = repr(shape)
    return text if len(text) < 30 else text[:20] + f"…({len(text)})"


def text_of(data: Any) -> str:
    out = json.dumps(data, ensure_ascii=False)
    for placeholder, raw in RAW.items():
        out = out.replace(json.dumps(placeholder), raw)
    return out


def cases(seed: int, count: int) -> list[Case]:
    from tests.bgstats_files import GAMES_FILE, club_export

    rng = random.Random(f"{seed}-bgstats")
    made = []
    for number in range(count):
        data: Any = club_export(rng.randint(1, 6), rng.randint(0, 2), seed=rng.randrange(10**6))
        edits = []
        for _ in range(rng.randint(1, 3)):
            data, did = _edit(data, rng)
            edits.append(did)
        options = []
        if rng.random() < 0.4:
            options.append("--skip-bad")
        if rng.random() < 0.5:
            options += ["--games", "games.txt"]
        if rng.random() < 0.2:
            options += ["--me", rng.choice(["Me", "Ann", " ", "x" * 300])]
        text = text_of(data)
        described = f"{'; '.join(edits)}: import --from bgstats {' '.join(options)}"
        made.append(Case("bgstats", number, described, _runner(text, GAMES_FILE, options)))
    return made


def _runner(text: str, games: str, options: list[str]) -> Callable[[Place], list[str]]:
    def run(place: Place) -> list[str]:
        from tests.fuzz.oracle import problems, snapshot
        from tests.fuzz.sandbox import run_cli

        place.fresh(None)
        (place.table / "BGStatsExport.json").write_text(text, encoding="utf-8", errors="surrogatepass")
        (place.table / "games.txt").write_text(games, encoding="utf-8")
        before = snapshot(place)
        outcome = run_cli(place, ["import", "--from", "bgstats", "BGStatsExport.json", "--into", "club", *options])
        found = problems(outcome, before, snapshot(place))
        if outcome.code == 0 and not found and (place.table / "club").is_dir():
            league = run_cli(place, ["standings", "club", "--json"])
            found += [f"standings after the import: {p}" for p in problems(league, {}, {}, may_write=True)]
            if league.code != 0:
                found.append(f"standings after the import: exit {league.code}: {league.said()[:200]}")
        return found

    return run
