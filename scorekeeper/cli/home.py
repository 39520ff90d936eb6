"""The user's Scorekeeper folder: the current-session pointer and the list of recent sessions.

The folder is ``click.get_app_dir("scorekeeper")``, or ``$SCOREKEEPER_HOME`` when set (tests set it). Its files
are read only as regular files of at most ``OWN_LIMIT`` bytes, not through a link (``own_text``): anything else
in their place (a FIFO, a link to ``/dev/zero``, a folder) reads as no file.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

import click
from scorekeeper.cli.output import say

if TYPE_CHECKING:
    from _typeshed import StrPath

CURRENT_FILE = "current"
RECENT_FILE = "recent.json"
RECENT_SHOWN = 20  # ``sessions`` shows this many, says how many more there are, and ``--all`` shows them all
OWN_LIMIT = 16 * 1024 * 1024


def home() -> str:
    """The user's Scorekeeper folder (see the module's docstring)."""
    override = os.environ.get("SCOREKEEPER_HOME")
    return override if override else click.get_app_dir("scorekeeper")


def own_text(name: str) -> str | None:
    """The text of the file ``name`` in the user's folder; None when it is missing, not a regular file (see the
    module's docstring), too long or not UTF-8."""
    from scorekeeper.core.journal_storage import read_bounded

    raw = read_bounded(os.path.join(home(), name), OWN_LIMIT)
    try:
        return None if raw is None else raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def current_session() -> str | None:
    """The current session's path, as ``remember`` kept it; None when there is none."""
    text = (own_text(CURRENT_FILE) or "").strip()
    return text if text and "\0" not in text else None


def remember(path: StrPath, game: str, players: list[str]) -> None:
    """Make ``path`` the current session and put it first in the recent list (best effort; not fsynced)."""
    from scorekeeper.core.journal import atomic_write, now_iso

    folder, real = home(), os.path.realpath(path)
    try:
        os.makedirs(folder, exist_ok=True)
        atomic_write(os.path.join(folder, CURRENT_FILE), real + "\n", durable=False)
        recent = [r for r in recent_sessions() if r.get("path") != real]
        recent.insert(0, {"path": real, "game": game, "players": players, "used": now_iso()})
        atomic_write(os.path.join(folder, RECENT_FILE), json.dumps(recent, indent=1), durable=False)
    except OSError as exc:
        say(f"warning: could not remember the current session in {folder} ({exc.strerror})", err=True)


def recent_sessions() -> list[dict[str, Any]]:
    try:
        data = json.loads(own_text(RECENT_FILE) or "[]")
    except (ValueError, RecursionError):
        return []
    return [r for r in data if isinstance(r, dict) and "path" in r] if isinstance(data, list) else []


BGG_IDS_FILE = "bgg-ids.json"


def remembered_bgg_ids() -> dict[str, int]:
    """The BoardGameGeek id the user gave for each game (registry name → id); none when unreadable."""
    try:
        data = json.loads(own_text(BGG_IDS_FILE) or "{}")
    except (ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, int) and v > 0}


def remember_bgg_id(game: str, bgg_id: int) -> None:
    """Keep ``bgg_id`` as ``game``'s BoardGameGeek id for later exports (best effort: a warning when it cannot)."""
    from scorekeeper.core.journal import atomic_write

    folder = home()
    ids = remembered_bgg_ids()
    if ids.get(game) == bgg_id:
        return
    ids[game] = bgg_id
    try:
        os.makedirs(folder, exist_ok=True)
        atomic_write(os.path.join(folder, BGG_IDS_FILE), json.dumps(ids, indent=1, sort_keys=True) + "\n")
    except OSError as exc:
        say(f"warning: could not remember the BoardGameGeek id in {folder} ({exc.strerror})", err=True)
