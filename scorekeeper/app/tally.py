"""A tally file read and made into a session: the table as it stands, scored like any recorded game.

The file (JSON, or TOML read by ``tomllib``) names its game, its players and the state the table shows::

    {"game": "emberheart", "players": ["Astrid", "Bjorn"], "settings": {...}, "state": {...}}

``state`` holds the fields of the game's state, as plain JSON (``core.plain_state``); a field left out keeps
its value from the game's setup. The session made of it is a journal whose one play is a ``TALLY`` event:
``score --explain``, ``check``, ``verify`` and the exports read it as they read any session. The same file, with
whose turn it is and the board's offers, starts a game joined in progress (``new GAME --from FILE``).

Nothing is written until all of it is right: a file that does not read, or a field that does not fit, is
``BadInput`` (exit 2) naming the field; a state the game's checks refuse is ``Refused`` (exit 1) with the rule,
unless forced.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from scorekeeper.core.input_file import read_input
from scorekeeper.errors import BadInput, Refused, ScorekeeperError
from scorekeeper.core.protocol import Draft
from scorekeeper.app.session import Session, WriteHook

if TYPE_CHECKING:
    from _typeshed import StrPath

    from scorekeeper.core.settings import Setting

KEYS = ("game", "players", "settings", "catalog", "state", "reason")


@dataclass(frozen=True)
class Tally:
    """A tally file as read: its game, players, settings (values as typed), catalog and state."""

    game: str
    players: tuple[str, ...]
    settings: Mapping[str, Any]
    catalog: Mapping[str, Any] | None
    state: Mapping[str, Any]
    reason: str


def read_tally(path: StrPath) -> Tally:
    """The tally in ``path`` (``.toml`` read as TOML, anything else as JSON); ``BadInput`` naming the field."""
    path = os.fspath(path)
    toml = path.lower().endswith(".toml")
    text = read_input(path, "the tally")
    try:
        if toml:
            import tomllib  # only for a TOML file

            data = tomllib.loads(text)
        else:
            data = json.loads(text)
    except ValueError as exc:  # TOMLDecodeError is one
        kind = "TOML" if toml else "JSON"
        raise BadInput(f"{path}: the tally is not valid {kind} ({exc})") from None
    return parse_tally(data, path)


def parse_tally(data: Any, name: str) -> Tally:
    """A tally from its parsed data; ``BadInput`` naming the first field that is missing or of the wrong kind."""
    if not isinstance(data, dict):
        raise BadInput(f"{name}: a tally is an object with the fields {', '.join(KEYS)}")
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise BadInput(f"{name}: {unknown[0]}: no such field (known: {', '.join(KEYS)})")
    game, players = data.get("game"), data.get("players")
    if not isinstance(game, str) or not game:
        raise BadInput(f"{name}: game: expects the game's name (emberheart, flamecraft, eight-dragons)")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p for p in players):
        raise BadInput(f"{name}: players: expects the players' names in seat order, a list of text")
    for key in ("settings", "state"):
        if not isinstance(data.get(key, {}), dict):
            raise BadInput(f"{name}: {key}: expects an object, not {data[key]!r}")
    catalog = data.get("catalog")
    if catalog is not None and not isinstance(catalog, dict):
        raise BadInput(f"{name}: catalog: expects an object, not {catalog!r}")
    reason = data.get("reason", "tally")
    if not isinstance(reason, str):
        raise BadInput(f"{name}: reason: expects text, not {reason!r}")
    return Tally(game, tuple(players), dict(data.get("settings") or {}), catalog, dict(data.get("state") or {}),
                 reason)


def tally_session(tally: Tally, path: StrPath | None, name: str, *, force: bool = False,
                  on_write: WriteHook | None = None, readers: bool = True) -> Session:
    """A new session at ``path`` (in memory when None) whose one play is the tally, judged before anything is
    written: ``BadInput`` for a field that does not fit, or a state the game cannot read (a reference to a card,
    a tile or a player that is not there); ``Refused`` for a state the game's checks refuse (recorded and
    flagged when ``force``). The session is read in memory as every reader will read it (the score, the
    status, the checks) before it is written: a file that is taken is never one that crashes a reader (the walk's
    running total, in memory only and scored at once, leaves that out: ``readers=False``)."""
    from scorekeeper.app.verdicts import PlayRefused
    from scorekeeper.core.events import Event
    from scorekeeper.core.journal import now_iso

    trial = _trial(tally, name)
    draft = Draft("TALLY", None, {"state": dict(tally.state), "reason": tally.reason})
    try:
        verdict = trial.try_play(draft)  # judged on the setup, nothing written
    except ScorekeeperError:
        raise
    except Exception as exc:  # the game could not even judge it: a field that names nothing
        raise BadInput(f"{name}: {unreadable(tally, exc)}") from None
    errors = verdict.errors
    shape = [f for f in errors if f.rule.endswith("-TALLY-1") or f.rule in UNREADABLE]  # does not fit: exit 2
    if shape:
        raise BadInput(f"{name}: {shape[0].message}")
    if errors and not force:
        raise PlayRefused(errors)
    event = Event(1, "TALLY", None, draft.payload, now_iso(), forced=bool(errors))
    same = not errors and (verdict.event.type, verdict.event.payload) == (event.type, event.payload)
    judged = verdict.replayed if same else None  # the very play just judged: the new session's replay
    made = Session.from_meta(None, trial.journal.meta, [event], replayed=judged)
    if readers or path is not None:
        read_as_readers_do(made, tally, name)
    if path is None:
        return made
    return Session.from_meta(path, trial.journal.meta, [event], on_write=on_write,
                             replayed=made.replay())  # strict JSON checked there


#: what the engine says of a state it cannot read or play: for a tally, a file that does not fit (exit 2)
UNREADABLE = ("CORE-PAYLOAD", "CORE-INTERNAL", "CORE-TYPE")


def _trial(tally: Tally, name: str) -> Session:
    """The session the tally starts from, in memory: its game, players, settings and catalog checked."""
    from scorekeeper import games
    from scorekeeper.core.protocol import GameSetupError

    try:
        entry = games.entry(tally.game)
        settings = typed_settings(games.declared_settings(entry), tally.settings, entry.name)
        return Session.create(None, entry.name, tally.players, settings,
                              {k: "tally" for k in settings}, tally.catalog)
    except (GameSetupError, BadInput) as exc:
        raise BadInput(f"{name}: {exc}") from None
    except Refused as exc:  # too many or too few players: the file's players
        raise BadInput(f"{name}: players: {exc}") from None


def typed_settings(declared: Sequence[Setting], values: Mapping[str, Any], game: str) -> dict[str, Any]:
    """A tally's settings, each checked against the game's declarations: an unknown key gets the closest one, and a
    value written as text in the form ``new --set`` takes (``royal = "smallest:6:3,gold:8:4"``, ``side = "B"``) is
    read as ``--set`` reads it; ``BadInput`` naming ``settings.KEY`` and what it expects."""
    from scorekeeper.core.settings import SettingError
    from scorekeeper.core.tallying import suggest

    known = {s.key: s for s in declared}
    out: dict[str, Any] = {}
    for key, value in values.items():
        setting = known.get(key)
        if setting is None:
            raise BadInput(f"settings.{key}: no such setting{suggest(key, list(known))} ('scorekeeper settings "
                           f"--game {game}' lists them)")
        if isinstance(value, str) and setting.kind not in ("str", "json"):
            try:
                value = setting.parse(value)
            except SettingError as exc:
                raise BadInput(f"settings.{key}: {exc}{suggest(value, [str(c) for c in setting.choices])}"
                               f" (e.g. {_example(setting.default)})") from None
        wrong = setting.problem(value)
        if wrong:
            raise BadInput(f"settings.{key}: {wrong}{suggest(str(value), [str(c) for c in setting.choices])}"
                           f" (e.g. {_example(setting.default)}; or text as 'new --set' takes it)")
        out[key] = value
    return out


def _example(default: Any) -> str:
    return json.dumps(default) if default not in ([], {}, "", None) else "as 'scorekeeper settings' shows"


def read_as_readers_do(made: Session, tally: Tally, name: str) -> None:
    """Read the session as ``score``, ``status``, ``check`` and ``log`` will (in memory): ``BadInput`` naming what
    the state refers to and lacks when one of them cannot (a value the score still needs is not a fault)."""
    from scorekeeper.core.protocol import MissingValueError

    try:
        replayed = made.replay()
        made.status()
        made.expect()
        for event in made.events:
            made.game.describe(event)
        made.game.snapshot(replayed.state)
        try:
            made.score()
        except MissingValueError:
            pass
    except ScorekeeperError:
        raise
    except Exception as exc:
        raise BadInput(f"{name}: {unreadable(tally, exc)}") from None


def unreadable(tally: Tally, exc: BaseException) -> str:
    """A state the game cannot read, in one line: the field that names something missing when it can be found."""
    if isinstance(exc, KeyError) and exc.args and isinstance(exc.args[0], (str, int)):
        missing = exc.args[0]
        where = _named_at({"players": list(tally.players), "state": dict(tally.state)}, missing)
        if where:
            return f"{where}: {missing!r} names nothing in the state (a card, tile or player left out or misspelt?)"
        return f"state: {missing!r} is missing: the game needs it (see 'scorekeeper state --json' for the fields)"
    detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    return (f"state: the table does not read as a {tally.game} state ({detail}); check the fields against "
            "'scorekeeper state --json' of a game of it")


def _named_at(data: Any, value: Any, path: str = "") -> str | None:
    """The path of the first place in ``data`` where ``value`` is written (as a value), or None."""
    if isinstance(data, dict):
        for key, item in data.items():
            found = _named_at(item, value, f"{path}.{key}" if path else str(key))
            if found:
                return found
    elif isinstance(data, list):
        for i, item in enumerate(data):
            found = _named_at(item, value, f"{path}[{i}]")
            if found:
                return found
    elif data == value and type(data) is type(value) and path:
        return path
    return None


def tally_data(s: Session, at: int | None = None) -> dict[str, Any]:
    """The session's state now (or just before event ``at``) as a tally: what ``tally --from`` or
    ``new GAME --from`` reads back to the very same state (the fields that differ from the setup's)."""
    from scorekeeper.core.plain_state import changed_fields

    meta = s.journal.meta
    data: dict[str, Any] = {"game": s.game.name, "players": list(s.players), "settings": dict(meta.settings)}
    if meta.catalog is not None:
        data["catalog"] = meta.catalog
    data["state"] = _cited_before(changed_fields(s.state_at(at), s.game.setup(s.config)))
    return data


#: a text of the state that cites an event of the journal it came from (``#28 slot 3 reward at CLANKWORKS``)
CITED = r"^#\d+\b\s*"


def _cited_before(value: Any) -> Any:
    """``value`` with every text that cites an event of this journal by number said to be from before (FC-V2): the
    session made of the tally numbers its own events, from #1, and an earlier #28 is not its #28. A ledger line
    (``seq`` and ``source``, 8 Dragons' Gold) gets seq 0, which the game cites as before the session."""
    if isinstance(value, str):
        return re.sub(CITED, "before this session: ", value, count=1) if re.match(CITED, value) else value
    if isinstance(value, dict):
        if isinstance(value.get("seq"), int) and value["seq"] > 0 and isinstance(value.get("source"), str):
            value = {**value, "seq": 0, "source": f"before this session: {value['source']}"}  # a ledger line
        return {k: _cited_before(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_cited_before(v) for v in value]
    return value


def in_progress(path: StrPath | None, made: StrPath | None = None) -> bool:
    """Whether the session at ``path`` is a game still being played (one that does not open is not, nor the
    session just ``made``: a tally is no game being played)."""
    if path is None or not os.path.isfile(path) or (made is not None
                                                   and os.path.realpath(path) == os.path.realpath(made)):
        return False
    try:
        return not Session.open(path).status().finished
    except Exception:  # an unreadable current session is no game to keep
        return False


def join_in_progress(game: str, players: str, source: str, path: str | None, force: bool = False,
                     on_write: WriteHook | None = None) -> tuple[Session, str]:
    """``new GAME --players … --from FILE``: a session that starts from the mid-game state in the tally file
    (whose turn it is, the round and phase, the offers), after which plays are recorded and judged as usual;
    and its path (``path``, or the default name). The file's game and players must be the ones named
    (``BadInput`` otherwise); a state the game's checks refuse is ``Refused``, or joined flagged with ``force``."""
    from scorekeeper import games

    read = read_tally(source)
    names = [p.strip() for p in players.split(",") if p.strip()]
    if games.entry(game).name != games.entry(read.game).name:
        raise BadInput(f"{source}: game: the file is a {read.game} table, not {game}")
    if names != list(read.players):
        raise BadInput(f"{source}: players: the file's are {', '.join(read.players)}, in that seat order")
    carried = f" ({read.reason})" if read.reason != "tally" else ""  # an export's accepted edit goes along
    joined = Tally(read.game, read.players, read.settings, read.catalog, read.state,
                   f"a game joined in progress{carried}")
    target = new_path(path, read.game)
    return tally_session(joined, target, source, force=force, on_write=on_write), target


def tally_file(source: str, path: str | None, *, force: bool = False,
               on_write: WriteHook | None = None) -> tuple[Session, str]:
    """``tally --from FILE``: the session made of the file, and its path (``path``, or the default name)."""
    return record_tally(read_tally(source), path, source, force=force, on_write=on_write)


def record_tally(read: Tally, path: str | None, name: str, *, force: bool = False,
                 on_write: WriteHook | None = None) -> tuple[Session, str]:
    """A tally (read from a file, or typed in the guided walk) made into a new session at ``path`` (or the
    default name): the one way a tally is written. ``name`` is where it came from, for the messages."""
    target = new_path(path, read.game)
    return tally_session(read, target, name, force=force, on_write=on_write), target


def new_path(path: str | None, game: str) -> str:
    """Where a new session goes: ``path``, which must not exist yet, or ``GAME-DATE-TIME.json`` here."""
    from scorekeeper.errors import Refused

    if path is None:
        from scorekeeper import games
        from scorekeeper.app.creation import default_path

        return default_path(games.entry(game).name)
    if os.path.exists(path):
        raise Refused(f"{path} already exists; choose another file with --session")
    return path
