"""What ``scorekeeper export`` writes: one module per format, found through :data:`FORMATS`.

A new format is one module here with an ``export(session, result, options)`` function returning the text and
what it is in words, and one :class:`Format` line in :data:`FORMATS`. Each module is imported only when its
format is asked for, so the CLI's ``--to`` choices cost nothing to list.

May import: ``render/``, ``app/``, ``core/``, ``games/`` and ``scorekeeper.errors``; never ``cli/`` or ``web/``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from scorekeeper.errors import BadInput, Refused

if TYPE_CHECKING:
    from scorekeeper.app.session import Session


@dataclass(frozen=True)
class Format:
    """One ``--to`` target: its name, the module of this package that writes it, and whether it needs a
    finished game (the module is then handed the game's result)."""

    name: str
    module: str
    final: bool


@dataclass(frozen=True)
class Options:
    """What the table says about an export beyond the session: the game's BoardGameGeek id, who exports (BG Stats'
    "me"), where the game was played (by default the session's ``set location``), whether a link is for a QR code (shorter), who played the game for the
    first time (BG Stats' ``newPlayer``)."""

    bgg_id: int | None = None
    me: str | None = None
    location: str = ""
    qr: bool = False
    new_players: tuple[str, ...] = ()
    #: ``--to tally --at N``: the table as it stood just before event N (None: as it stands)
    at: int | None = None


#: the ``--to`` targets, the journal first (the default)
FORMATS: tuple[Format, ...] = (
    Format("jsonl", "jsonl", final=False),
    Format("bgstats", "bgstats_play", final=True),
    Format("bgstats-link", "bgstats_link", final=True),
    Format("csv", "club_csv", final=True),
    Format("markdown", "club_markdown", final=True),
    Format("tally", "tally", final=False),
)
TARGETS = tuple(f.name for f in FORMATS)


def export_text(s: "Session", target: str, options: Options = Options()) -> tuple[str, str]:
    """The text to write for ``target``, and what it is in words (``"12 events"``, ``"the BG Stats link"``)."""
    fmt = next(f for f in FORMATS if f.name == target)
    if options.at is not None and target != "tally":
        raise BadInput("--at N exports the table as it stood before event N: use it with --to tally")
    module = importlib.import_module(f"{__name__}.{fmt.module}")
    result = None
    if fmt.final:
        from scorekeeper.app.standings import result_of

        result = result_of(s)
        if not result.final:
            raise Refused(f"the game is not over, so it has no result to export --to {target} "
                          "(see 'scorekeeper status'; 'scorekeeper score' shows the provisional table)")
        options = options if options.location else replace(options, location=s.location())  # set location
    text, what = module.export(s, result, options)
    return text, what
