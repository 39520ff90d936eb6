"""Creating a session as ``scorekeeper new`` does: the players and settings checked, the catalog read, the file
named, and nothing written until all of it is right."""

from __future__ import annotations

import json
import os
from datetime import datetime
from typing import Any, Sequence

from scorekeeper.core.input_file import read_input
from scorekeeper.errors import BadInput, Refused
from scorekeeper.app.session import Session, WriteHook


def new_session(game_name: str, players: str, overrides: Sequence[str], catalog: str | None, path: str | None,
                on_write: WriteHook | None = None) -> tuple[Session, str]:
    """A new session of ``game_name`` for the comma-separated ``players``, with ``--set`` ``overrides``, and its
    path as given (or the default name)."""
    from scorekeeper import games
    from scorekeeper.core import settings

    entry = games.entry(game_name)
    game = games.load(entry.name)
    names = [p.strip() for p in players.split(",") if p.strip()]
    if len(set(n.lower() for n in names)) != len(names):
        raise BadInput("two players have the same name; give each player a distinct name")
    if not game.min_players <= len(names) <= game.max_players:
        raise Refused(f"{entry.title} is played by {game.min_players} to {game.max_players} players, "
                      f"not {len(names)}; list them with --players A,B,C")
    values, sources = settings.resolve(game.settings, overrides)
    catalog_data = read_catalog(catalog) if catalog else None
    target = path if path else default_path(entry.name)
    created = Session.create(target, entry.name, names, values, sources, catalog_data,  # the setup is checked first
                             on_write=on_write)
    return created, target


def default_path(game: str) -> str:
    """``GAME-DATE-TIME.json`` in the current folder (``-2``, ``-3``… when taken)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = f"{game}-{stamp}.json"
    counter = 2
    while os.path.exists(path):
        path = f"{game}-{stamp}-{counter}.json"
        counter += 1
    return path


def read_catalog(path: str) -> dict[str, Any]:
    """The card faces or board description of ``--catalog``: a JSON object."""
    text = read_input(path, "the catalog")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise BadInput(f"{path}: the catalog is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise BadInput(f"{path}: the catalog must be a JSON object")
    return data
