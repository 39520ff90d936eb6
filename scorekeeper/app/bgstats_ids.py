"""The identities Scorekeeper gives its plays in BG Stats: name-based UUIDs (``uuid5``) in its own namespace.

The export writes them (``scorekeeper.exports.bgstats``) and the import reads them back: a play that this project
exported and that comes back from BG Stats carries the ``uuid`` of the session it came from, so it is known.
"""

from __future__ import annotations

import uuid

#: Scorekeeper's namespace for the name-based UUIDs it writes
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://scorekeeper.invalid/bgstats")


def uid(*parts: str) -> str:
    """The name-based UUID of ``parts`` in Scorekeeper's namespace, upper case as BG Stats writes its own."""
    return str(uuid.uuid5(NAMESPACE, "\x1f".join(parts))).upper()


def exported_play_uuid(key: str) -> str:
    """The ``uuid`` the BG Stats export gives the play of the session whose metadata hash is ``key``."""
    return uid("play", key)
