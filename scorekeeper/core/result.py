"""A results-only session: the ``result`` event, the table's result typed rather than played.

A game kept in another app (BG Stats) comes with its result and nothing of its plays. Such a session holds one
``RESULT`` event (``scorekeeper.core.events.RESULT``), the same for every game, which no game ever sees: the
engine folds it as an annotation and checks what can be checked without the plays (``result_findings``), and
the application scores the session from it (``result_table``) instead of from the game's state.

The payload (every field checked here, for any journal, imported or edited)::

    {"source": "BG Stats", "uuid": "<the play's uuid there>", "played_at": ISO time, "duration_min": int,
     "location": text, "highest_wins": bool, "manual_winner": bool, "categories": [label, ...],
     "players": [{"name": text, "score": number, "rank": int, "winner": bool,
                  "categories": {label: number}}, ...]}

``players`` lists the session's players in seat order. ``categories`` (may be empty) are the rows of the play's
score sheet; each player's ``categories`` then holds their points in each.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.core.findings import Finding
from scorekeeper.core.score_table import ScoreRow, ScoreTable

#: the fields a ``result`` payload needs, and their types
FIELDS: Mapping[str, tuple[Any, str]] = {
    "source": (str, "text"),
    "players": (list, "a list of players"),
}


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value \
        and value not in (float("inf"), float("-inf"))


def shape_problem(payload: Mapping[str, Any], players: Sequence[str]) -> str | None:
    """Why ``payload`` is not a result of a session of ``players`` (one line), or None."""
    rows = payload.get("players")
    if not isinstance(payload.get("source"), str) or not isinstance(rows, list):
        return "a result needs its source (text) and its players (a list)"
    names = [row.get("name") if isinstance(row, dict) else None for row in rows]
    if names != list(players):
        return (f"the result lists {len(rows)} player(s) ({', '.join(map(str, names))[:200]}), not the session's "
                f"{len(players)} ({', '.join(players)}) in seat order")
    categories = payload.get("categories", [])
    if not isinstance(categories, list) or not all(isinstance(c, str) for c in categories):
        return "the result's categories must be a list of labels"
    for row in rows:
        if not _number(row.get("score")):
            return f"{row['name']}'s score is not a number ({str(row.get('score'))[:40]})"
        rank = row.get("rank", 0)
        if not isinstance(rank, int) or isinstance(rank, bool) or rank < 0:
            return f"{row['name']}'s rank is not a whole number ({str(rank)[:40]})"
        if not isinstance(row.get("winner", False), bool):
            return f"{row['name']}'s winner flag is not true or false"
        points = row.get("categories", {})
        if not isinstance(points, dict) or not all(_number(v) for v in points.values()) \
                or not set(points) <= set(categories):
            return f"{row['name']}'s sheet must give a number for categories of the result only"
    for key in ("highest_wins", "manual_winner"):
        if not isinstance(payload.get(key, True), bool):
            return f"the result's {key} is not true or false"
    return None


def result_findings(payload: Mapping[str, Any], players: Sequence[str]) -> list[Finding]:
    """What can be checked of a typed result without its plays: its shape and players (``CORE-RESULT``), each
    score sheet's sum against the total (``CORE-SHEET``), the ranks against the scores (``CORE-RANK``), and the
    winners against the scores when the app chose them by the highest (or lowest) score (``CORE-WINNER``)."""
    wrong = shape_problem(payload, players)
    if wrong:
        return [Finding("CORE-RESULT", wrong)]
    rows: list[dict[str, Any]] = list(payload["players"])
    found = []
    categories = payload.get("categories") or []
    for row in rows:
        points = row.get("categories") or {}
        if categories and points and sum(points.values()) != row["score"]:
            added = _shown(sum(points.values()))
            found.append(Finding("CORE-SHEET", f"{row['name']}'s score sheet adds up to {added}, not the total "
                                               f"{_shown(row['score'])}"))
    higher = bool(payload.get("highest_wins", True))
    ranked = [r for r in rows if r.get("rank")]
    for a in ranked:
        for b in ranked:
            better = a["score"] > b["score"] if higher else a["score"] < b["score"]
            if better and a["rank"] > b["rank"]:
                found.append(Finding("CORE-RANK", f"{a['name']} scored {_shown(a['score'])} and {b['name']} "
                                                  f"{_shown(b['score'])}, yet {a['name']} ranks {a['rank']} and "
                                                  f"{b['name']} {b['rank']}"))
                break
    if not payload.get("manual_winner", False) and rows:
        best = (max if higher else min)(r["score"] for r in rows)
        winners = {r["name"] for r in rows if r.get("winner")}
        if winners and not all(r["score"] == best for r in rows if r["name"] in winners):
            found.append(Finding("CORE-WINNER", f"the winner ({', '.join(sorted(winners))}) did not have the "
                                                f"{'highest' if higher else 'lowest'} score ({_shown(best)}), and "
                                                "the winner was not chosen by hand"))
    return found


def _shown(value: int | float) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def result_table(payload: Mapping[str, Any], game: str, players: Sequence[str]) -> ScoreTable:
    """The final table a typed result declares: the sheet's categories, each player's total, rank and the
    winners as the table gave them (ranks not given are 0, winners not given are none). A result whose shape
    is wrong (``CORE-RESULT``) gives a table with no rows: nothing in it can be counted."""
    if shape_problem(payload, players) is not None:
        return ScoreTable(game, False, [], [], [], notes=["the typed result cannot be read (see 'check')"])
    categories = list(payload.get("categories") or [])
    rows = [ScoreRow(str(r["name"]), {c: (r.get("categories") or {}).get(c, 0) for c in categories},
                     _whole(r["score"]), int(r.get("rank", 0))) for r in payload["players"]]
    winners = [str(r["name"]) for r in payload["players"] if r.get("winner")]
    source = str(payload.get("source") or "another app")
    notes = [f"imported from {source}: a result as the table typed it there, without its plays"]
    return ScoreTable(game, True, categories, rows, winners, notes=notes)


def _whole(value: int | float) -> int | float:
    return int(value) if isinstance(value, float) and value.is_integer() else value
