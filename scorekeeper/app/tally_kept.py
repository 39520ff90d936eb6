"""The answers a guided tally walk keeps as they are typed (TALLY-18): leaving the walk, or a tally refused at the
end, loses none; ``tally --resume`` types them again. One small JSON file in the Scorekeeper home: the game, the
players and the lines taken, as typed."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Sequence

from scorekeeper.errors import BadInput

if TYPE_CHECKING:
    from scorekeeper.app.session import Session, WriteHook
    from scorekeeper.app.tally import Tally
    from scorekeeper.app.tally_walk import Walker

#: the file, in the Scorekeeper home
KEPT = "tally-walk.json"


@dataclass(frozen=True)
class Kept:
    """A walk's answers: its game, its players, the lines taken."""

    game: str
    players: tuple[str, ...]
    lines: tuple[str, ...]


def keep(folder: str, kept: Kept) -> None:
    """Keep the lines taken so far (best effort: a walk goes on when the home cannot be written)."""
    from scorekeeper.core.journal import atomic_write

    try:
        os.makedirs(folder, exist_ok=True)
        data = {"game": kept.game, "players": list(kept.players), "lines": list(kept.lines)}
        atomic_write(os.path.join(folder, KEPT), json.dumps(data), durable=False)
    except OSError:
        pass


def kept(folder: str) -> Kept | None:
    """The answers an earlier walk kept, or None (none, or a file that does not read as such)."""
    from scorekeeper.core.journal_storage import read_bounded

    try:
        raw = read_bounded(os.path.join(folder, KEPT), 1 << 20)
        data = json.loads(raw.decode("utf-8")) if raw is not None else None
    except (OSError, ValueError, RecursionError):
        return None
    texts = lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v)  # noqa: E731
    if not (isinstance(data, dict) and isinstance(data.get("game"), str) and texts(data.get("players"))
            and texts(data.get("lines"))):
        return None
    return Kept(data["game"], tuple(data["players"]), tuple(data["lines"]))


def forget(folder: str) -> None:
    """The walk's tally is written: nothing to go on with."""
    try:
        os.unlink(os.path.join(folder, KEPT))
    except OSError:
        pass


def walked(folder: str, resume: bool, game: str | None, players: str | None,
           ask: Callable[[str, list[str], Sequence[str]], "Tally | None"], path: str | None, *, force: bool,
           on_write: "WriteHook | None") -> "tuple[Session, str] | None":
    """``tally GAME --players …`` (a new walk) or ``tally --resume`` (the kept one, alone; ``BadInput`` otherwise):
    the table asked (``ask``: the game, the players, the lines to type again) and its tally recorded, then the
    kept answers forgotten; None when the table left (the answers kept). A tally refused at the end keeps them."""
    from scorekeeper.app.tally import record_tally

    if resume:
        found = kept(folder)
        if found is None or game or players:
            raise BadInput("--resume goes on with the answers a walk kept, alone: "
                           + ("none are kept" if found is None else "leave out GAME and --players"))
        game, names, lines = found.game, list(found.players), found.lines
    else:
        names, lines = [p.strip() for p in (players or "").split(",") if p.strip()], ()
        if not game or not names:
            raise BadInput("give --from FILE, or GAME --players A,B to type the table in a guided walk")
    typed = ask(game, names, lines)
    if typed is None:
        return None
    made = record_tally(typed, path, "tally", force=force, on_write=on_write)
    forget(folder)
    return made


def walker_for(folder: str, game: str, players: Sequence[str],
               resume: Sequence[str]) -> "tuple[Walker, str | None, Callable[[Sequence[str]], None]]":
    """A walk of ``game``'s tally for ``players``: the lines ``resume`` typed again first; what to say before the
    first question (those lines, or an earlier walk's answers still kept); and what keeps the lines taken."""
    from scorekeeper.app.tally_walk import Walker

    walker = Walker(game, players)
    note = earlier_note(folder) if not resume else \
        f"going on from {walker.resume(resume)} answers kept ('back' takes them back one by one)"
    return walker, note, lambda lines: keep(folder, Kept(walker.game, tuple(players), tuple(lines)))


def earlier_note(folder: str) -> str | None:
    """What to say when a new walk starts while an earlier one's answers are kept."""
    found = kept(folder)
    if found is None or not found.lines:
        return None
    return (f"note: an earlier walk ({found.game}: {', '.join(found.players)}) left {len(found.lines)} answers; "
            "'scorekeeper tally --resume' goes on with them (this walk, once answered, keeps its own instead)")
