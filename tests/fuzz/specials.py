"""Special files as every path the product reads or writes: a FIFO, /dev/null, /dev/full, /dev/zero, a link to a
missing file, a link to a file in a folder standing for another user's (``Place.elsewhere``), a link to a
folder, a folder.

The paths: every ``click.Path`` parameter of every session command (derived from the commands: the session,
``--catalog``, ``--from``, ``-o``, ``import FILE``, ``branch NEW``, ``compare OTHER``, ``use PATH``,
``standings PATHS``…), and the files the product keeps on its own: the session's lock file, its replay cache
entry, and the home's ``recent.json``, ``current``, ``bgg-ids.json`` and the cache's key. Besides the oracle,
nothing may ever change in ``elsewhere`` (a link is never written through), and a link to a missing file stays
dangling (nothing is created where it points)."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Callable

import click

from tests.fuzz.arguments import SESSIONS, _players, SAMPLES, session_commands, session_text, shown
from tests.fuzz.case import Case
from tests.fuzz.sandbox import Place

SPECIALS = ("fifo", "/dev/null", "/dev/full", "/dev/zero", "link-missing", "link-elsewhere", "link-folder", "folder")
#: the files the product keeps itself (where each is, in a case's ``Place``) and commands that read or write them
OWN: dict[str, tuple[Callable[[Place], Path], list[list[str]]]] = {
    "lock": (lambda place: place.table / "session.json.lock", [["note", "x"], ["undo"], ["status"]]),
    "cache-entry": (lambda place: _entry(place), [["status"], ["score"], ["note", "x"], ["check"]]),
    "recent": (lambda place: place.home / "recent.json",
               [["sessions"], ["use", "session.json"], ["new", "GAME", "--players", "PLAYERS", "--session", "n.json"]]),
    "current": (lambda place: place.home / "current", [["status"], ["use", "session.json"], ["sessions"]]),
    "bgg-ids": (lambda place: place.home / "bgg-ids.json",
                [["export", "--to", "bgstats-play"], ["export", "--to", "bgstats-link"]]),
    "cache-key": (lambda place: place.home / "replay-cache.key", [["status"], ["note", "x"]]),
    "witness": (lambda place: _witness(place), [["note", "x"], ["verify"], ["compare", "session.json"]]),
    "league-index": (lambda place: place.cache / "league.sqlite", [["standings", "."], ["sessions"]]),
}
#: values for the other required parameters of a command, by parameter name
FILLERS = {"game": "GAME", "players": "PLAYERS", "to": "jsonl", "output": "out.svg", "paths": "."}


def path_parameters() -> list[tuple[str, click.Parameter]]:
    """Every (command, parameter) of the session commands whose value is a path."""
    found = []
    for name, command in session_commands().items():
        if name == "play":
            continue  # the shell's session is the fuzz's own kind (tests/fuzz/shell.py)
        for param in command.params:
            if isinstance(param.type, (click.Path, click.File)):
                found.append((name, param))
    return found


def argv_for(name: str, target: click.Parameter, special: str) -> list[str]:
    """``name``'s command line with ``special`` as ``target``'s value and fillers for its other required ones."""
    command = session_commands()[name]
    argv = [name]
    for param in command.params:
        given = special if param is target else None
        if given is None and not param.required:
            continue
        given = given or FILLERS.get(param.name or "", "x")
        if isinstance(param, click.Argument):
            argv.append(given)
        else:
            argv += [param.opts[0], given]
    return argv


def cases(seed: int, count: int) -> list[Case]:
    rng = random.Random(f"{seed}-specials")
    targets: list[tuple[str, object]] = [("param", p) for p in path_parameters()] + [("own", k) for k in OWN]
    made = []
    for number in range(count):
        game = rng.choice(sorted(SESSIONS))
        pairs = len(targets) * len(SPECIALS)  # every target with every special first, then drawn at random
        special = SPECIALS[number % len(SPECIALS)] if number < pairs else rng.choice(SPECIALS)
        kind, target = targets[number // len(SPECIALS)] if number < pairs else rng.choice(targets)
        if kind == "param":
            name, param = target  # type: ignore[misc]
            argv = argv_for(name, param, "SPECIAL")
            where = f"{name} {param.name}"
        else:
            argv = rng.choice(OWN[str(target)][1])
            where = str(target)
        players = ",".join(_players(SAMPLES / game / SESSIONS[game]))
        argv = [{"GAME": game, "PLAYERS": players}.get(a, a) for a in argv]
        if kind == "param" and argv[0] in ("new",) and "--players" not in argv and "--from" not in argv:
            argv += ["--players", players]
        if kind == "param" and argv[0] == "new" and "GAME" not in argv and game not in argv:
            argv.insert(1, game)
        made.append(Case("specials", number, f"{game} {special} as {where}: {shown(argv)}",
                         _runner(game, special, kind, target, argv, number % 2 == 0)))
    return made


def _entry(place: Place) -> Path:
    """The session's replay cache entry (its name depends on the cache folder, read from the environment)."""
    from scorekeeper.app.replay_cache import entry_path

    saved = os.environ.get("SCOREKEEPER_CACHE_DIR")
    os.environ["SCOREKEEPER_CACHE_DIR"] = str(place.cache)
    try:
        return Path(entry_path(place.session))
    finally:
        if saved is None:
            del os.environ["SCOREKEEPER_CACHE_DIR"]
        else:
            os.environ["SCOREKEEPER_CACHE_DIR"] = saved


def _witness(place: Place) -> Path:
    from scorekeeper.core.witness import log_path

    return Path(log_path(place.home, place.session))


def make_special(path: Path, special: str, place: Place) -> str:
    """Put ``special`` at ``path``; the word to pass on the command line for it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink() or path.is_file():
        path.unlink()
    if special == "fifo":
        os.mkfifo(path)
    elif special.startswith("/dev/"):
        path.symlink_to(special)
    elif special == "link-missing":
        path.symlink_to(place.elsewhere / "missing.json")
    elif special == "link-elsewhere":
        other = place.elsewhere / "theirs.json"
        other.write_text('{"belongs": "to another user"}')
        path.symlink_to(other)
    elif special == "link-folder":
        path.symlink_to(place.elsewhere)
    else:
        path.mkdir()
    return str(path)


def _runner(game: str, special: str, kind: str, target: object, argv: list[str],
            direct: bool):  # type: ignore[no-untyped-def]
    def run(place: Place) -> list[str]:
        from tests.fuzz.oracle import problems, snapshot
        from tests.fuzz.sandbox import run_cli

        place.fresh(session_text(game, 1.0))
        words = list(argv)
        if kind == "param":
            if special.startswith("/dev/") and direct:  # a device named as itself, or through a link
                words[words.index("SPECIAL")] = special
            else:
                words[words.index("SPECIAL")] = make_special(place.table / "special.json", special, place)
        else:
            make_special(OWN[str(target)][0](place), special, place)
        before = snapshot(place)
        outcome = run_cli(place, words)
        found = problems(outcome, before, snapshot(place))
        if {k: v for k, v in snapshot(place).items() if k.startswith(str(place.elsewhere))} != \
                {k: v for k, v in before.items() if k.startswith(str(place.elsewhere))}:
            found.append("a file in another user's folder changed")
        if (place.elsewhere / "missing.json").exists():
            found.append("a link to a missing file was followed and created it")
        return found

    return run
