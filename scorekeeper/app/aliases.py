"""The alias table: names written differently that are one player in the league (``standings --aliases``).

Pure: no I/O but reading an alias file.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from scorekeeper.app.league_result import Result
from scorekeeper.core.input_file import read_input
from scorekeeper.errors import BadInput

#: the alias table read from the user's Scorekeeper folder when no other is given
ALIASES_FILE = "aliases.txt"


@dataclass(frozen=True)
class Aliases:
    """Names that are one player: each other name (case-insensitive) → the name shown.

    The file has one player a line, ``Name = other name, another``; blank lines and lines starting with ``#``
    are ignored.
    """

    names: dict[str, str] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str, source: str) -> "Aliases":
        names: dict[str, str] = {}
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            shown, equals, others = line.partition("=")
            shown = shown.strip()
            if not equals or not shown:
                raise BadInput(f"{source}, line {number}: expected 'Name = other name, another'")
            for other in [shown, *(o.strip() for o in others.split(","))]:
                if not other:
                    continue
                if names.get(other.casefold(), shown) != shown:
                    raise BadInput(f"{source}, line {number}: {other!r} is already {names[other.casefold()]!r}")
                names[other.casefold()] = shown
        return cls(names)

    @classmethod
    def read(cls, path: str | Path) -> "Aliases":
        return cls.parse(read_input(path, "the alias file"), str(path))

    @classmethod
    def of_user(cls, explicit: str | None, home: str | Path) -> "Aliases | None":
        """The alias file given, else ``ALIASES_FILE`` in the user's Scorekeeper folder ``home`` if there is one."""
        if explicit is not None:
            return cls.read(explicit)
        kept = Path(home) / ALIASES_FILE
        return cls.read(kept) if kept.is_file() else None

    def name(self, player: str) -> str:
        return self.names.get(player.casefold(), player)

    def applied(self, result: Result) -> Result:
        """``result`` with every player under the name shown; unchanged when two of its players would merge."""
        renamed = {p: self.name(p) for p in result.players}
        if all(p == n for p, n in renamed.items()) or len({n.casefold() for n in renamed.values()}) < len(renamed):
            return result
        table = dataclasses.replace(
            result.table, winners=[renamed.get(w, w) for w in result.table.winners],
            rows=[dataclasses.replace(r, player=renamed.get(r.player, r.player)) for r in result.table.rows])
        return dataclasses.replace(result, players=tuple(renamed.values()), table=table,
                                   start_player=renamed.get(result.start_player, result.start_player))
