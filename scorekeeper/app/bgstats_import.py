"""``import --from bgstats``: a club's BG Stats history as results-only sessions in a folder.

Each play of one of our games (matched by its BoardGameGeek id, then by name; ``--games FILE`` adds ids and
names) becomes one session whose one event is a ``result`` (``scorekeeper.core.result``): the players (their
names through the alias table; BG Stats' "me" renamed by ``--me``), when, how long, where, the scores, ranks and
winners as BG Stats holds them, and the score sheet's categories when the play has one. Plays of other games
are counted and passed over.

All or nothing per file: every play is read and checked (``bgstats_file``) and every session made in memory
before the first is written; one bad play refuses the file (``BadInput``, naming the play's uuid and the field)
unless ``skip_bad``. A play already in the folder is not imported again: its ``uuid`` is that of a session
imported before, or the one the BG Stats export gives a session recorded here (``bgstats_ids``).
"""

from __future__ import annotations

import os
import re
import stat
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Mapping

from scorekeeper.app import bgstats_file
from scorekeeper.app.bgstats_file import BadPlay, Play
from scorekeeper.core.events import RESULT, Event
from scorekeeper.core.journal import SessionMeta, now_iso
from scorekeeper.errors import BadInput, ScorekeeperError

if TYPE_CHECKING:
    from scorekeeper.app.league_stats import Aliases
    from scorekeeper.app.session_core import WriteHook

SOURCE = "BG Stats"


@dataclass
class Outcome:
    """What an import did: the sessions written (path per game), the plays passed over and why."""

    written: list[tuple[str, Path]] = field(default_factory=list)  # (game, path)
    others: int = 0  # plays of other games
    ignored: int = 0  # plays BG Stats marks as ignored (left out of its own statistics)
    already: list[tuple[str, str]] = field(default_factory=list)  # (uuid, where it already is)
    skipped: list[BadPlay] = field(default_factory=list)  # bad plays passed over (``skip_bad``)

    def per_game(self) -> Counter[str]:
        return Counter(game for game, _ in self.written)

    def to_json(self) -> dict[str, Any]:
        return {"sessions": [{"game": g, "path": str(p)} for g, p in self.written], "other_games": self.others,
                "ignored": self.ignored, "already_here": [{"uuid": u, "path": p} for u, p in self.already],
                "skipped": [{"uuid": b.uuid, "field": b.field, "problem": b.problem} for b in self.skipped]}


# -- which of our games a BG Stats game is --------------------------------------------------------------------


@dataclass(frozen=True)
class Matcher:
    """Our games by BoardGameGeek id and by name (each registry name, title and alias, and those given)."""

    ids: Mapping[int, str]
    names: Mapping[str, str]

    def __call__(self, game: bgstats_file.Game) -> str | None:
        if game.bgg_id and game.bgg_id in self.ids:
            return self.ids[game.bgg_id]
        return self.names.get(_name_key(game.name))


def _name_key(name: str) -> str:
    return " ".join(name.casefold().split())


def matcher(remembered: Mapping[str, int], games_text: str | None = None, source: str = "--games") -> Matcher:
    """The matcher from the ids remembered for ``export --bgg-id`` and a ``--games`` file: lines ``GAME = name,
    other name, 12345`` (GAME a game's name or alias; a number is a BoardGameGeek id; ``#`` starts a comment)."""
    from scorekeeper import games

    names: dict[str, str] = {}
    for entry in games.REGISTRY:
        for name in (entry.name, entry.title, *entry.aliases):
            names[_name_key(name)] = entry.name
    ids = {bgg: game for game, bgg in remembered.items() if isinstance(bgg, int)}
    for number, raw in enumerate((games_text or "").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        game, sep, others = line.partition("=")
        try:
            ours = games.entry(game.strip()).name if sep else None
        except games.UnknownGameError:
            ours = None
        if ours is None:
            raise BadInput(f"{source}, line {number}: write 'GAME = a name in BG Stats, its BoardGameGeek id' "
                           f"with GAME one of {', '.join(e.title for e in games.REGISTRY)}")
        for other in (o.strip() for o in others.split(",")):
            if other.isdigit():
                ids[int(other)] = ours
            elif other:
                names[_name_key(other)] = ours
    return Matcher(ids, names)


# -- what the folder already holds ------------------------------------------------------------------------------


def known_plays(folder: Path) -> dict[str, str]:
    """Every BG Stats play uuid the sessions under ``folder`` stand for (upper case) → the session's path: an
    imported session's play, and the play the export makes of a recorded one."""
    from scorekeeper.app.bgstats_ids import exported_play_uuid
    from scorekeeper.app.results_only import typed_result
    from scorekeeper.core.journal import Journal, meta_hash

    known: dict[str, str] = {}
    if not folder.is_dir():
        return known
    for root, _, files in os.walk(folder):
        for name in sorted(files):
            if not name.endswith(".json"):
                continue
            path = os.path.join(root, name)
            try:
                if not stat.S_ISREG(os.stat(path).st_mode):
                    continue  # a FIFO, a device (or a link to one): no session
                journal = Journal(path, parse=False)
                typed = typed_result(journal)
                if typed is not None and isinstance(typed.get("uuid"), str):
                    known.setdefault(typed.get("uuid").upper(), path)
                else:
                    known.setdefault(exported_play_uuid(meta_hash(journal.meta)), path)
            except (ScorekeeperError, OSError, ValueError, KeyError, TypeError):
                continue  # not a session: nothing it stands for
    return known


# -- the import ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Planned:
    """One session to write: where, its metadata and its one event."""

    game: str
    path: Path
    meta: SessionMeta
    event: Event


def import_from_options(source: str, file: str, into: str | None, games_file: str | None, aliases: str | None,
                        me: str | None, skip_bad: bool, jsonl_options: bool, home: str | Path,
                        remembered: Mapping[str, int], on_write: "WriteHook | None") -> Outcome:
    """``import --from bgstats`` as the command line gives it (``BadInput`` for options that do not fit), the
    alias table and the BoardGameGeek ids remembered in the user's ``home``."""
    from scorekeeper.app.league_stats import Aliases
    from scorekeeper.core.input_file import read_input

    if source != "bgstats":
        raise BadInput("--into, --games, --aliases, --me and --skip-bad are for --from bgstats")
    if jsonl_options:
        raise BadInput("--from bgstats writes one session per play in --into FOLDER: leave out --session and "
                       "--allow-edited")
    if not into:
        raise BadInput("--from bgstats needs --into FOLDER, where the sessions are written")
    name = " ".join((me or "").split())
    if me is not None and not name:
        raise BadInput("--me needs a name")
    match = matcher(remembered, read_input(games_file, "a games file") if games_file else None, games_file or "")
    return import_file(Path(file), Path(into), match=match, aliases=Aliases.of_user(aliases, home), me=name or None,
                       skip_bad=skip_bad, on_write=on_write)


def import_file(source: Path, folder: Path, *, match: Matcher, aliases: "Aliases | None" = None,
                me: str | None = None, skip_bad: bool = False, on_write: "WriteHook | None" = None) -> Outcome:
    """Import the BG Stats file ``source`` into ``folder`` (see the module's docstring); ``BadInput`` naming the
    first bad play (nothing written) unless ``skip_bad``."""
    from scorekeeper.core.input_file import read_input

    if os.path.lexists(folder) and not folder.is_dir():
        raise BadInput(f"{folder}: not a folder; --into names the folder the sessions are written in")
    data = bgstats_file.loads(read_input(source, "a BG Stats export"), str(source))
    contents = bgstats_file.read(data, lambda g: match(g) is not None, me)
    outcome = Outcome(others=contents.others)
    known = known_plays(folder)
    planned: list[Planned] = []
    taken: set[str] = set()
    bad = list(contents.bad)
    for play in contents.plays:
        ident = play.uuid.upper()
        if ident in known:
            outcome.already.append((play.uuid, known[ident]))
            continue
        if play.ignored:
            outcome.ignored += 1
            continue
        try:
            made = plan(play, str(match(play.game)), folder, aliases, taken)
        except bgstats_file.BadField as wrong:
            bad.append(BadPlay(play.uuid, wrong.field, wrong.problem))
            continue
        known[ident] = str(made.path)
        planned.append(made)
    if bad and not skip_bad:
        first = bad[0]
        more = f" (and {len(bad) - 1} more bad play(s))" if len(bad) > 1 else ""
        raise BadInput(f"{source}: {first.line()}{more}; nothing imported: fix it in BG Stats, or import the other "
                       "plays with --skip-bad")
    outcome.skipped = bad
    if planned:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BadInput(f"{folder}: cannot make the folder ({exc.strerror or exc}); nothing imported") from None
    from scorekeeper.core.journal_storage import synced_together

    with synced_together():  # a thousand new files: made durable together, not two fsyncs each
        for made in planned:
            write(made, on_write)
            outcome.written.append((made.game, made.path))
    return outcome


def plan(play: Play, game_name: str, folder: Path, aliases: "Aliases | None", taken: set[str]) -> Planned:
    """The session ``play`` becomes (checked, not written)."""
    from scorekeeper import games
    from scorekeeper.app.opening import check_meta
    from scorekeeper.core.result import result_findings
    from scorekeeper.core.settings import completed

    game = _loaded(game_name)
    names = [aliases.name(s.name) if aliases is not None else s.name for s in play.scores]
    if len({n.casefold() for n in names}) < len(names):  # two names the aliases merge sat at one table
        names = [s.name for s in play.scores]
    settings = completed(game.settings, {})
    meta = SessionMeta(game=game.name, players=tuple(names), settings=settings,
                       setting_sources={k: "default" for k in settings}, catalog=None, created=created(play))
    try:
        check_meta(game, meta)
    except ScorekeeperError as exc:
        raise bgstats_file.BadField("playerScores", f"{exc} ({games.entry(game_name).title})") from None
    payload: dict[str, Any] = {
        "source": SOURCE, "uuid": play.uuid, "played_at": play.played_at, "duration_min": play.duration_min,
        "location": play.location, "highest_wins": play.game.highest_wins, "manual_winner": play.manual_winner,
        "categories": list(play.categories),
        "players": [{"name": name, "score": s.score, "rank": s.rank, "winner": s.winner,
                     "categories": dict(s.categories)} for name, s in zip(names, play.scores)],
    }
    start = next((name for name, s in zip(names, play.scores) if s.start), None)
    if start is not None:
        payload["start_player"] = start
    mine = next((name for name, s in zip(names, play.scores) if s.me), None)
    if mine is not None:
        payload["me"] = mine
    shape = [f for f in result_findings(payload, names) if f.rule == "CORE-RESULT"]
    if shape:
        raise bgstats_file.BadField("playerScores", shape[0].message)
    return Planned(game.name, _path(folder, game.name, play, taken), meta, Event(1, RESULT, None, payload, now_iso()))


def created(play: Play) -> str:
    """The session's creation: when the play was played, its microseconds drawn from the play's uuid. Two plays
    of the same players begun in the same second stay two sessions (the metadata hash, which tells sessions
    apart, covers it), and the same play imported into two folders is the same session (counted once)."""
    import datetime as dt
    import hashlib

    micro = int(hashlib.sha256(play.uuid.upper().encode("utf-8")).hexdigest()[:8], 16) % 1_000_000
    return dt.datetime.fromisoformat(play.played_at).replace(microsecond=micro).isoformat()


_GAMES: dict[str, Any] = {}


def _loaded(name: str) -> Any:
    from scorekeeper import games

    if name not in _GAMES:
        _GAMES[name] = games.load(name)
    return _GAMES[name]


def _path(folder: Path, game: str, play: Play, taken: set[str]) -> Path:
    """``FOLDER/GAME-YYYY-MM-DD-<uuid's start>.json``: a new file, named after the play."""
    tag = re.sub(r"[^0-9a-z]", "", play.uuid.casefold())[:8] or "play"
    stem = f"{game}-{play.played_at[:10]}-{tag}"
    name, n = f"{stem}.json", 1
    while name in taken or (folder / name).exists():
        n += 1
        name = f"{stem}-{n}.json"
    taken.add(name)
    return folder / name


def write(made: Planned, on_write: "WriteHook | None") -> None:
    """Write one planned session (its file created, chained, witnessed by ``on_write``)."""
    from scorekeeper.core.journal import Journal

    journal = Journal.create(made.path, made.meta, [made.event])
    if on_write is not None:
        on_write(journal.path, len(journal.records), journal.head_hash, [journal.head_hash], True)
