"""The user's Scorekeeper folder: the current-session pointer and the list of recent sessions.

The folder is ``click.get_app_dir("scorekeeper")``, or ``$SCOREKEEPER_HOME`` when set (tests set it).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click

CURRENT_FILE = "current"
RECENT_FILE = "recent.json"
RECENT_SHOWN = 20  # ``sessions`` shows this many, says how many more there are, and ``--all`` shows them all


def home() -> Path:
    override = os.environ.get("SCOREKEEPER_HOME")
    return Path(override) if override else Path(click.get_app_dir("scorekeeper"))


def current_session() -> Path | None:
    try:
        text = (home() / CURRENT_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return Path(text) if text else None


def remember(path: Path, game: str, players: list[str]) -> None:
    """Make ``path`` the current session and put it first in the recent list (best effort)."""
    from scorekeeper.core.journal import atomic_write, now_iso

    folder = home()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write(folder / CURRENT_FILE, str(path.resolve()) + "\n")
        recent = [r for r in recent_sessions() if r.get("path") != str(path.resolve())]
        recent.insert(0, {"path": str(path.resolve()), "game": game, "players": players, "used": now_iso()})
        atomic_write(folder / RECENT_FILE, json.dumps(recent, indent=1))
    except OSError as exc:
        click.echo(f"warning: could not remember the current session in {folder} ({exc.strerror})", err=True)


def recent_sessions() -> list[dict[str, Any]]:
    try:
        data = json.loads((home() / RECENT_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [r for r in data if isinstance(r, dict) and "path" in r] if isinstance(data, list) else []


# -- the sessions list ---------------------------------------------------------------------------------

#: the ``sessions`` list fits this many columns: a longer path keeps its end, after an ellipsis
SESSIONS_WIDTH = 80


def listed(entries: list[dict[str, Any]], current: Path | None) -> tuple[list[dict[str, Any]], list[str]]:
    """The ``sessions`` list's rows for the remembered ``entries`` — each with its winner and scores (from the
    league's index, which replays a session only when it changed) — and what the index had to say."""
    from scorekeeper.app.league_index import open_index
    from scorekeeper.app.standings import Result, read_result

    index = open_index()
    rows = []
    for entry in entries:
        path = str(entry["path"])
        outcome: Result | str = "no such file" if not os.path.isfile(path) else (
            index.read(path, str(Path(path).resolve()), read_result) if index is not None else read_result(path))
        result = outcome if isinstance(outcome, Result) else None
        rows.append({"current": bool(current and str(current) == path), "game": entry.get("game"),
                     "players": entry.get("players"), "path": path, "last_used": entry.get("used"),
                     "finished": bool(result and result.final),
                     "winners": list(result.table.winners) if result and result.final else [],
                     "totals": result.totals if result else {},
                     "problem": outcome if isinstance(outcome, str) else None})
    return rows, index.close() if index is not None else []


def sessions_table(rows: list[dict[str, Any]]) -> str:
    """The rows of ``listed`` as text that fits ``SESSIONS_WIDTH`` columns: the game, the path (its end, when it
    is long), the winner, the scores from the highest (``so far`` while the game is on), when it was last used
    (local time, to the minute). The path gives up what the rest needs."""
    from scorekeeper import games
    from scorekeeper.app.standings import local_time
    from scorekeeper.render.report import table, widest

    def title(name: Any) -> str:
        try:
            return games.entry(str(name)).title
        except games.UnknownGameError:
            return str(name or "")

    def scores(row: dict[str, Any]) -> str:
        if row["problem"]:
            return clip(str(row["problem"]), SCORES_SHOWN)
        shown = " ".join(str(t) for t in sorted(row["totals"].values(), reverse=True))
        return shown if row["finished"] else f"so far: {shown}"

    def shown(path_width: int) -> str:
        return table([{"": "*" if r["current"] else "", "game": title(r["game"]), "path": clip(r["path"], path_width, True),
                       "winner": clip(", ".join(r["winners"]), WINNER_SHOWN), "scores": scores(r),
                       "last used": local_time(str(r["last_used"])).strftime("%Y-%m-%d %H:%M") if r["last_used"] else ""}
                      for r in rows])

    path_width = max(len(r["path"]) for r in rows)
    drawn = shown(path_width)
    while widest(drawn) > SESSIONS_WIDTH and path_width > PATH_SHOWN_MIN:
        path_width = max(PATH_SHOWN_MIN, path_width - (widest(drawn) - SESSIONS_WIDTH))
        drawn = shown(path_width)
    return drawn


#: the narrowest a path is cut to, the widest a winner's or a problem's text is shown
PATH_SHOWN_MIN, WINNER_SHOWN, SCORES_SHOWN = 12, 12, 24


def clip(text: str, width: int, keep_end: bool = False) -> str:
    """``text`` cut to ``width`` characters with an ellipsis: its end kept (a path's file name), or its start."""
    if len(text) <= width:
        return text
    return "…" + text[-(width - 1):] if keep_end else text[: width - 1] + "…"
