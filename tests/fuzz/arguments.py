"""Hostile arguments for every command: the commands enumerated from the Click groups themselves
(``scorekeeper.cli.main``'s session commands and ``game_commands(entry)`` for each registry entry), so a new
command is fuzzed without touching this file, and arguments drawn from a pool of hostile values: empty, huge,
Unicode digits and control characters, bytes that are not UTF-8 (as ``surrogateescape`` hands them over),
unknown names, ambiguous prefixes, malformed notations and JSON, NaN, huge and negative numbers, event numbers
that do not exist, and options in odd orders. Each case runs on a bundled sample session of its game, cut after
a share of its events (a game in progress).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

import click

from tests.registry import games as registered, sample_folder

if TYPE_CHECKING:
    from tests.fuzz.case import Case
    from tests.fuzz.sandbox import Place

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


def short_words(payloads: Iterable[Any], numbers: bool = False) -> list[str]:
    """Every key, and every text (with ``numbers``: and whole number) of at most 24 characters, in ``payloads``."""
    found: set[str] = set()

    def walk(item: Any) -> None:
        if isinstance(item, dict):
            for key, inner in item.items():
                found.add(str(key))
                walk(inner)
        elif isinstance(item, list):
            for inner in item:
                walk(inner)
        elif (isinstance(item, str) or (numbers and isinstance(item, int) and not isinstance(item, bool))) \
                and len(str(item)) <= 24:
            found.add(str(item))

    for payload in payloads:
        walk(payload)
    return sorted(found)


def journal_words(path: Path) -> list[str]:
    """Every short text and number in the payloads of a sample session: the game's own vocabulary."""
    return short_words((doc.get("payload") for doc in json.loads(path.read_text())["events"].values()), numbers=True)


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


def build_cases(seed: int = SEED, count: int = CASES) -> list[tuple[str, list[str], float]]:
    """``count`` cases drawn with ``seed`` (game, argv, how much of the sample session is kept), then every
    command once with no argument."""
    rng = random.Random(seed)
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
    for _ in range(count):
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


_texts: dict[tuple[str, float], str] = {}


def session_text(game: str, cut: float) -> str:
    """The game's sample session cut after the first ``cut`` of its events: a game in progress (a prefix of a
    hash chain is a valid chain)."""
    if (game, cut) not in _texts:
        _texts[game, cut] = _cut(game, cut)
    return _texts[game, cut]


def _cut(game: str, cut: float) -> str:
    data = json.loads((SAMPLES / game / SESSIONS[game]).read_text())
    events = data["events"]
    keep = max(1, round(len(events) * cut))
    data["events"] = {key: doc for key, doc in events.items() if doc["seq"] <= keep}
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


CUTS = (0.05, 0.2, 0.4, 0.7, 1.0)


def cases(seed: int, count: int) -> list["Case"]:
    """``count`` argument cases (then every command once with no argument), each judged by the oracle."""
    from tests.fuzz.case import Case

    drawn = build_cases(seed, count)
    return [Case("arguments", number, f"{game} cut {cut}: {shown(argv)}", _runner(game, argv, cut))
            for number, (game, argv, cut) in enumerate(drawn)]


def _runner(game: str, argv: list[str], cut: float) -> Callable[["Place"], list[str]]:
    def run(place: "Place") -> list[str]:
        from tests.fuzz.oracle import problems, snapshot
        from tests.fuzz.sandbox import run_cli

        place.fresh(session_text(game, cut))
        before = snapshot(place)
        outcome = run_cli(place, argv)
        return problems(outcome, before, snapshot(place))

    return run


def shown(argv: list[str]) -> str:
    """``argv`` as a short line: long words clipped, controls escaped."""
    return " ".join(repr(a if len(a) < 40 else a[:20] + f"…({len(a)})") for a in argv)
