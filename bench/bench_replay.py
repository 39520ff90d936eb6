"""In-process replay throughput per game: events per second over each bundled sample session.

Each sample session (found by content under ``sample_sessions/``) is read once; its journal is then replayed
through ``scorekeeper.core.engine.replay`` ``--repeat`` times in a row, and the best and median rates are printed
per session and per game (events replayed ÷ seconds, ``time.perf_counter``). No process start, no file I/O,
no rendering: this is the rules engines' speed.

Usage: python bench/bench_replay.py [--repeat 20] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def sessions() -> list[Path]:
    found = []
    for path in sorted((ROOT / "sample_sessions").rglob("*.json")):
        head = path.read_text(encoding="utf-8")[:20]
        if '"meta"' in head:
            found.append(path)
    return found


def measure(path: Path, repeat: int) -> dict[str, object]:
    from scorekeeper import games
    from scorekeeper.core.engine import replay
    from scorekeeper.core.protocol import SessionConfig
    from scorekeeper.core.journal import Journal
    from scorekeeper.core.settings import completed

    journal = Journal(path)
    game = games.load(journal.meta.game)
    meta = journal.meta
    config = SessionConfig(meta.game, tuple(meta.players), completed(game.settings, meta.settings), meta.catalog)
    events = journal.events()
    rates = []
    replay(events, game, config)  # warm-up
    for _ in range(repeat):
        start = time.perf_counter()
        replay(events, game, config)
        rates.append(len(events) / (time.perf_counter() - start))
    return {"session": path.stem, "game": game.name, "events": len(events),
            "best": round(max(rates)), "median": round(statistics.median(rates))}


def engine_only(repeat: int, count: int = 30_000) -> float:
    """Events per second of CPU time for ``count`` legal plays of the tests' fake game (a play adds to a
    counter): what the engine and the payload check cost an event, nearly without a game's rules."""
    import tests.fake_game  # noqa: F401 (registers the game "fake")
    from scorekeeper import games
    from scorekeeper.core.engine import replay
    from scorekeeper.core.events import Event
    from scorekeeper.core.protocol import SessionConfig
    from scorekeeper.core.settings import completed

    game = games.load("fake")
    players = ("Astrid", "Bjorn", "Cara")
    config = SessionConfig("fake", players, completed(game.settings, {"target": 10**9}), None)
    events = [Event(n + 1, "ADD", players[n % 3], {"n": 1}, "2026-01-01T00:00:00+00:00") for n in range(count)]
    times = []
    for _ in range(repeat):
        start = time.process_time()
        replay(events, game, config)
        times.append(time.process_time() - start)
    return count / statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--engine", action="store_true", help="time the engine alone, on the tests' fake game")
    args = parser.parse_args()
    if args.engine:
        print(f"engine and payload check alone: {engine_only(max(3, args.repeat // 3)):,.0f} events/s of CPU time")
        return
    rows = [measure(path, args.repeat) for path in sessions()]
    per_game: dict[str, list[int]] = {}
    for row in rows:
        per_game.setdefault(str(row["game"]), []).append(int(row["median"]))  # type: ignore[arg-type]
    if args.json:
        print(json.dumps({"sessions": rows, "games": {g: min(v) for g, v in per_game.items()}}, indent=2))
        return
    print("| session | events | median events/s | best events/s |")
    print("| --- | ---: | ---: | ---: |")
    for row in rows:
        print(f"| {row['session']} | {row['events']} | {row['median']:,} | {row['best']:,} |")
    print()
    for name, medians in per_game.items():
        print(f"{name}: slowest sample at {min(medians):,} events/s (median of {args.repeat} replays)")


if __name__ == "__main__":
    main()
