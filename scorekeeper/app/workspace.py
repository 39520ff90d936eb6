"""What a process holds open: the sessions kept in memory by name (``memory:NAME``) and the sessions a
long-lived process keeps between commands (the interactive table, ``scorekeeper.cli.shell``).

A ``Workspace`` is an object its owner passes on; ``WORKSPACE`` is the one default instance that the CLI, the tools
and the tests share when they name no other (``scorekeeper.app.session`` re-exports it), so that a session made as
``memory:NAME`` by a tool is the one the commands it runs open. The sessions kept are whatever object the opener
keeps (``Opening.open`` returns one only when it is of the class asked for): this module knows no session type.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.core.journal import MemoryJournal
from scorekeeper.errors import BadInput

#: a session path ``memory:NAME`` names a session kept in this process only (tests, the sample generators):
#: the real commands run on it, without a file and without patching anything
MEMORY_PREFIX = "memory:"


def is_memory(path: object) -> bool:
    """Whether ``path`` names a session kept in memory (``memory:NAME``)."""
    return str(path).startswith(MEMORY_PREFIX)


@dataclass
class Workspace:
    """The memory journals by ``memory:NAME``, and the sessions kept open by path."""

    memory: dict[str, MemoryJournal] = field(default_factory=dict)
    kept: dict[str, object] = field(default_factory=dict)

    def memory_journal(self, path: object) -> MemoryJournal:
        """The journal kept as ``path`` (``memory:NAME``); ``BadInput`` when there is none."""
        journal = self.memory.get(str(path))
        if journal is None:
            raise BadInput(f"there is no session {path} in this process")
        return journal

    def name_of(self, journal: object) -> str | None:
        """The ``memory:NAME`` a journal kept in memory was registered under, if any."""
        return next((name for name, kept in self.memory.items() if kept is journal), None)

    def keep(self, path: object, session: object) -> None:
        """Keep ``session`` open for ``path``: opening that path returns it while it is kept."""
        self.kept[str(path)] = session

    def release(self, path: object) -> None:
        self.kept.pop(str(path), None)


#: the default workspace, made here once: ``memory:NAME`` sessions and the sessions kept open by the table
WORKSPACE = Workspace()


def workspace_or_default(workspace: Workspace | None) -> Workspace:
    """``workspace``, or the default one (``WORKSPACE``) when None."""
    return WORKSPACE if workspace is None else workspace
