"""The ``play`` shell fed from a pipe: lines drawn from the argument fuzz (a game's commands without the game's
name, session commands) mixed with hostile lines — very long, NULs, unbalanced quotes, control characters,
bytes that are not UTF-8, no final newline. A shell may record line after line before a refused one, so the
oracle asks here that the session file still verifies and no temporary file is left, not that nothing changed."""

from __future__ import annotations

import random
import shlex

from tests.fuzz.arguments import build_cases, session_text, shown
from tests.fuzz.case import Case
from tests.fuzz.journal_check import half_written
from tests.fuzz.sandbox import Place

HOSTILE_LINES = [
    b"note " + b"x" * 70_000, b"x" * 200_000, b"note \x00 nul", b"\x00" * 64, b'note "unclosed', b"note 'unclosed",
    b"note \\", b"\x1b[2J\x1b[31mred", b"\x03\x04\x1a", b"note \x07\x08\r", b"\r", b"\xff\xfe bad utf-8",
    b"note caf\xe9", b"# a comment", b"   ", b"quit", b"exit", b"help", b"?", b"--help", b"play", b"new", b"serve",
    b"undo", b"note \"a\\\"b\"", b"note " + b"'" * 999, b"note " + b'"' * 1001, b"\t\t", b"status --json",
    b"note \xe2\x80\xae evil", b"note \xf0\x9f\x90\x89", b"\\", b";", b"|", b"note a; rm -rf /",
]


def cases(seed: int, count: int) -> list[Case]:
    rng = random.Random(f"{seed}-shell")
    drawn = build_cases(seed + 1, max(count * 4, 8))
    made = []
    for number in range(count):
        game, _, cut = rng.choice(drawn)
        lines = []
        for _ in range(rng.randint(1, 6)):
            if rng.random() < 0.45:
                lines.append(rng.choice(HOSTILE_LINES))
            else:
                _, argv, _ = rng.choice([d for d in drawn if d[0] == game])
                if argv and not argv[0].startswith(("-",)) and argv[0] not in ("new", "play", "serve"):
                    argv = argv[1:] if argv[0] in _aliases(game) else argv
                text = " ".join(shlex.quote(a) for a in argv)
                lines.append(text.encode("utf-8", "surrogateescape"))
        stdin = b"\n".join(lines) + (b"\n" if rng.random() < 0.8 else b"")
        flags = ["--keep-going"] if rng.random() < 0.4 else []
        typed = " | ".join(shown([line.decode("utf-8", "replace")]) for line in lines)
        described = f"{game} cut {cut} {flags}: {typed}"
        made.append(Case("shell", number, described, _runner(game, cut, stdin, flags)))
    return made


def _aliases(game: str) -> set[str]:
    from scorekeeper.games import entry

    info = entry(game)
    return {info.name, *info.aliases}


def _runner(game: str, cut: float, stdin: bytes, flags: list[str]):  # type: ignore[no-untyped-def]
    def run(place: Place) -> list[str]:
        from tests.fuzz.oracle import problems, snapshot
        from tests.fuzz.sandbox import run_cli

        place.fresh(session_text(game, cut))
        before, raw = snapshot(place), place.session.read_bytes()
        outcome = run_cli(place, ["play", *flags], stdin=stdin)
        return problems(outcome, before, snapshot(place), may_write=True) + half_written(place, raw)

    return run
