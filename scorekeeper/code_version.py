"""Which code replays a session: a fingerprint of the engine's and the game's source files, for caches.

A cached replay is valid only for the code that made it. The package's version alone would trust a cache
across an edit made in place (a developer's checkout, a patched install), so the fingerprint also covers the
size and modification time of every source file of the core package and of the game's package.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Any

import scorekeeper


def fingerprint(game: Any) -> str:
    """The fingerprint of the core's code and of the package that holds ``game``, taken once per process (it
    describes the code this process runs, which was read when it started)."""
    name = type(game).__module__
    if name not in _TAKEN:
        _TAKEN[name] = _taken(name)
    return _TAKEN[name]


_TAKEN: dict[str, str] = {}


def _taken(module_name: str) -> str:
    folders = [Path(scorekeeper.__file__).parent, Path(scorekeeper.__file__).parent / "games"]
    module = sys.modules.get(module_name)
    if module is not None and getattr(module, "__file__", None):
        folders.append(Path(str(module.__file__)).parent)
    parts = [scorekeeper.__version__]
    for folder in dict.fromkeys(folders):
        with os.scandir(folder) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if entry.name.endswith(".py"):
                    info = entry.stat()
                    parts.append(f"{folder.name}/{entry.name}:{info.st_size}:{info.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:24]
