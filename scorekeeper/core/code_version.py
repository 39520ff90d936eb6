"""Which code replays a session: a fingerprint of the engine's and the game's source files, for caches.

A cached replay is valid only for the code that made it. The package's version alone would trust a cache
across an edit made in place (a developer's checkout, a patched install), so the fingerprint also covers the
size and modification time of every source file of the package's root, ``core``, ``app`` and ``games`` rooms
and of the game's package.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from typing import Any

import scorekeeper
from scorekeeper.core.sha256 import sha256


def fingerprint(game: Any) -> str:
    """The fingerprint of the core's code and of the package that holds ``game``, taken once per process (it
    describes the code this process runs, which was read when it started)."""
    module = sys.modules.get(type(game).__module__)
    file = getattr(module, "__file__", None)
    return _of(os.path.dirname(str(file)) if file else None)


def fingerprint_of_package(package: str) -> str:
    """``fingerprint`` of the game whose package is ``package`` (a registry entry's), without importing it: a
    command that needs no rules (a ``note``) still finds the replay cache's entry the game's commands made."""
    spec = importlib.util.find_spec(package)
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    if locations:
        return _of(locations[0])
    return _of(os.path.dirname(spec.origin) if spec is not None and spec.origin else None)


_TAKEN: dict[str, str] = {}


def _of(folder: str | None) -> str:
    name = str(folder)
    if name not in _TAKEN:
        _TAKEN[name] = _taken(folder)
    return _TAKEN[name]


def _taken(game_folder: str | None) -> str:
    root = os.path.dirname(scorekeeper.__file__)
    folders = [root, os.path.join(root, "core"), os.path.join(root, "app"), os.path.join(root, "games")]
    if game_folder is not None:
        folders.append(game_folder)
    parts = [scorekeeper.__version__]
    for folder in dict.fromkeys(folders):
        with os.scandir(folder) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if entry.name.endswith(".py"):
                    info = entry.stat()
                    parts.append(f"{os.path.basename(folder)}/{entry.name}:{info.st_size}:{info.st_mtime_ns}")
    return sha256("\n".join(parts).encode("utf-8")).hexdigest()[:24]
