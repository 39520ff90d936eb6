"""A seeded fuzz of the whole command line: every session command and every game command, with bad arguments.

The commands are enumerated from the Click groups themselves (``scorekeeper.cli.main`` and
``game_commands(entry)`` for each registry entry), so a new command is fuzzed without touching this file.
Each case runs on a fresh copy of a bundled sample session of its game, in a folder of its own, with arguments
drawn from a pool of hostile values: empty, huge, Unicode digits and control characters, bytes that are not
UTF-8 (as ``surrogateescape`` hands them over), unknown names, ambiguous prefixes, malformed notations and JSON,
NaN, huge and negative numbers, event numbers that do not exist, and options in odd orders.

For each case: no traceback and no "internal error", an exit code of 0, 1 or 2, and when the exit code is not 0
every file in the session's folder and in the home folder is byte for byte what it was; no error spans Click's
four usage lines or echoes a huge argument whole, and no control character (ESC, BEL, CSI) is printed raw.
"""

from __future__ import annotations

import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from tests.registry import games as registered, sample_folder

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_sessions"
SEED = 20261201
CASES = 320

#: the smallest bundled session of each game (the fuzz replays it once per case)
SESSIONS = {g.name: min((e["file"] for e in json.loads((sample_folder(g) / "manifest.json").read_text())["sessions"]
                        if e["kind"] == "legal"), key=lambda file: (sample_folder(g) / file).stat().st_size)
            for g in registered()}

HOSTILE = [
    "", " ", "x" * 20_000, "²", "٣", "½", "tavern:²", "\x1b[31mred\x1b[0m", "\x07\x08\r", "\u202eevil", "\udcff",
    "caf\udce9", "Zed", "a", "b", "c", "m", "2G1S", "E1/OWWWWW/b,1", "NAME=FACE", "=", "x=", "=1", "{", '{"a":',
    "[" * 5000, '{"a": ' + "[" * 3000, "NaN", "-NaN", "Infinity", "-Infinity", "1e309", "9" * 5000, "-1", "-0", "0",
    "-99999999999", "99999", "999999999999999999999", "1.5", "0x10", "null", "true", "[]", "{}", '"quoted"',
    "x=NaN", "x=1e309", "rep=-1", "rep=" + "9" * 5000, "garbage=1", "--", "-", "--json", "-p", "--force", "--at",
    "../", "nowhere/x.json", "/nonexistent/folder/x.json", "a" * 300 + ".json", "\x1b]0;title\x07", "·", "🐉", "\t", "a|b", "<script>", "'; DROP", "%s%n", "\\", "A,A", ",", ",,,",
]


def session_commands() -> dict[str, click.Command]:
    from scorekeeper.cli import SESSION_COMMANDS
    from scorekeeper.cli import session as session_module

    loaded = session_module.load()
    return {name: loaded[name] for name in SESSION_COMMANDS if name != "serve"}  # serve runs until Ctrl-C (tests/web)


def game_groups() -> dict[str, tuple[click.Group, dict[str, click.Command]]]:
    from scorekeeper.cli import game_commands
    from scorekeeper.games import REGISTRY

    groups = {}
    for entry in REGISTRY:
        if entry.name not in SESSIONS:
            continue  # a game registered by another test (the fake game) has no sample session
        group = game_commands(entry)
        assert isinstance(group, click.Group)
        ctx = click.Context(group)
        commands = {name: group.get_command(ctx, name) for name in group.list_commands(ctx)}
        groups[entry.name] = (group, {n: c for n, c in commands.items() if c is not None})
    return groups


def value(rng: random.Random, players: list[str]) -> str:
    """One hostile value, or often a plausible one (a player, a word the game's own journal uses, a small
    number) so that a case gets past the first check and into the rules."""
    roll = rng.random()
    if roll < 0.15 and players:
        name = rng.choice(players)
        return rng.choice([name, name[:1], name.lower(), name + "x"])
    if roll < 0.25:
        return str(rng.choice([1, 2, 3, 5, 12, 40]))
    if roll < 0.5 and _words:
        return rng.choice(_words)
    return rng.choice(HOSTILE)


_words: list[str] = []


def journal_words(path: Path) -> list[str]:
    """Every short text and number in the payloads of a sample session: the game's own vocabulary."""
    found: set[str] = set()

    def walk(item: Any) -> None:
        if isinstance(item, dict):
            for key, inner in item.items():
                found.add(str(key))
                walk(inner)
        elif isinstance(item, list):
            for inner in item:
                walk(inner)
        elif isinstance(item, (str, int)) and not isinstance(item, bool) and len(str(item)) <= 24:
            found.add(str(item))

    for doc in json.loads(path.read_text())["events"].values():
        walk(doc.get("payload"))
    return sorted(found)


def arguments(rng: random.Random, command: click.Command, players: list[str]) -> list[str]:
    """Arguments for ``command``: its positionals filled with hostile values, some of its options, in any order."""
    words: list[str] = []
    options: list[list[str]] = []
    for param in command.params:
        if isinstance(param, click.Argument):
            count = rng.randint(0, 3) if param.nargs == -1 else param.nargs
            if rng.random() < 0.1:
                count = max(0, count - 1)  # a missing argument
            words += [value(rng, players) for _ in range(count)]
        elif isinstance(param, click.Option) and rng.random() < 0.35:
            name = rng.choice(param.opts)
            if name in ("--session", "-h", "--help"):
                continue
            if param.is_flag or param.count:
                options.append([name])
            else:
                options.append([name, value(rng, players)])
    if rng.random() < 0.15:
        options.append([rng.choice(["--json", "--format", "--bogus", "-x"])] +
                       ([rng.choice(["html", "csv", "github", "nope", "\x1b"])] if rng.random() < 0.5 else []))
    if rng.random() < 0.2:
        words.append(value(rng, players))  # one argument too many
    mixed = words + [w for option in options for w in option]
    if rng.random() < 0.3:
        rng.shuffle(mixed)  # odd option orders, values torn from their options
    else:
        rng.shuffle(options)
        mixed = words + [w for option in options for w in option]
    return mixed


def build_cases() -> list[tuple[str, list[str], float]]:
    rng = random.Random(SEED)
    session = session_commands()
    games = game_groups()
    names = {game: _players(SAMPLES / game / file) for game, file in SESSIONS.items()}
    vocabulary = {game: journal_words(SAMPLES / game / file) for game, file in SESSIONS.items()}
    aliases = {g.name: [g.name, *g.aliases] for g in registered()}
    plan: list[tuple[str, str, click.Command, str | None]] = []  # (game, command name, command, group alias)
    for game in SESSIONS:
        plan += [(game, name, command, None) for name, command in session.items()]
        plan += [(game, name, command, "group") for name, command in games[game][1].items()]
    cases: list[tuple[str, list[str], float]] = []
    for _ in range(CASES):
        game, name, command, in_group = rng.choice(plan)
        _words[:] = vocabulary[game]
        args = arguments(rng, command, names[game])
        typed = name if rng.random() < 0.7 else name[: rng.randint(1, len(name))]  # prefixes, some ambiguous
        if in_group:
            argv = [rng.choice(aliases[game]), typed, *args]
        else:
            argv = [name, *args]
        cases.append((game, argv, rng.choice(CUTS)))
    # every command at least once, with no argument at all
    for game, name, command, in_group in plan:
        cases.append((game, [rng.choice(aliases[game]), name] if in_group else [name], rng.choice(CUTS)))
    return cases


def _players(path: Path) -> list[str]:
    return list(json.loads(path.read_text())["meta"]["1"]["players"])


def snapshot(*folders: Path) -> dict[str, bytes]:
    """Every file the table's commands could change; not the replay cache's key, which the first command on a
    machine makes (a secret of the user's, not something the table recorded)."""
    from scorekeeper.app.replay_cache import SECRET

    files = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and not path.name.endswith(".lock") and path.name != SECRET:
                files[str(path)] = path.read_bytes()
    return files


_texts: dict[tuple[str, float], str] = {}


def session_text(game: str, cut: float) -> str:
    """The game's sample session cut after the first ``cut`` of its events: a game in progress (a prefix of a
    hash chain is a valid chain)."""
    data = json.loads((SAMPLES / game / SESSIONS[game]).read_text())
    events = data["events"]
    keep = max(1, round(len(events) * cut))
    data["events"] = {key: doc for key, doc in events.items() if doc["seq"] <= keep}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


CUTS = (0.05, 0.2, 0.4, 0.7, 1.0)


def run_case(tmp: Path, game: str, argv: list[str], cut: float = 1.0) -> tuple[int, str, bool, str]:
    from scorekeeper.cli import main

    folder, home = tmp / "table", tmp / "home"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(home, ignore_errors=True)
    folder.mkdir()
    home.mkdir()
    session = folder / "session.json"
    session.write_text(_texts.setdefault((game, cut), session_text(game, cut)), encoding="utf-8")
    before = snapshot(folder, home)
    env = {"SCOREKEEPER_HOME": str(home), "SCOREKEEPER_SESSION": str(session), "SCOREKEEPER_DEBUG": ""}
    cwd = os.getcwd()
    os.chdir(folder)  # a relative path in a hostile value lands in the case's own folder
    try:
        result = CliRunner().invoke(main, argv, env=env, catch_exceptions=True)
    finally:
        os.chdir(cwd)
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        output += "".join(traceback.format_exception(result.exception))
    unchanged = snapshot(folder, home) == before
    return result.exit_code, output, unchanged, result.stderr


def test_the_cli_survives_hostile_arguments(tmp_path: Path) -> None:
    failures = []
    cases = build_cases()
    for number, (game, argv, cut) in enumerate(cases):
        code, output, unchanged, stderr = run_case(tmp_path, game, argv, cut)
        problems = []
        if code not in (0, 1, 2):
            problems.append(f"exit {code}")
        if "Traceback" in output or "internal error" in output:
            problems.append("traceback or internal error")
        if code != 0 and not unchanged:
            problems.append("a refused command changed a file")
        if "Usage:" in stderr or any(len(line) > 2500 for line in stderr.splitlines()):
            problems.append("an error longer than one clipped line")
        if any(ch in output for ch in "\x1b\x07\x9b"):
            problems.append("a control character printed raw")
        if problems:
            shown = [a if len(a) < 40 else a[:20] + f"…({len(a)})" for a in argv]
            failures.append(f"case {number} ({game}, cut {cut}) {shown}: {', '.join(problems)}: {output[-600:]}")
    assert len(cases) >= 300
    assert not failures, f"{len(failures)} of {len(cases)} cases failed:\n" + "\n\n".join(failures[:15])


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_every_game_command_is_enumerated(game: str) -> None:
    """The fuzz reaches every command of every game group and every session command."""
    session = session_commands()
    assert {"new", "status", "note", "undo", "void", "amend", "assert", "export", "import"} <= set(session)
    assert len(game_groups()[game][1]) >= 5
