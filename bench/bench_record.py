"""A recorded play on a short session, with the replay cache and without it (issue 22).

Each game's sample cut to its first ``--size`` events (``bench_sizes.build``): the file without its last play,
and that play as the table typed it. Each run copies the file afresh, runs ``score`` on it untimed (the command
before it at the table: it leaves the cache's entry), then times the play.

In-process: the real command through ``scorekeeper.cli.main`` in this process, with the cache on and with
``SCOREKEEPER_NO_CACHE=1`` alternating run by run (each in turn first); each figure is the median of ``--runs`` runs
(``time.perf_counter``). Whole-process: the same command as a fresh ``python -m scorekeeper``, each run right
after a ``python -c pass`` (the reference: the median of those).

    python bench/bench_record.py [--size 30] [--runs 101] [--process-runs 11] [--games flamecraft,…] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def in_process(argv: list[str], cache: bool) -> float:
    """Seconds of one command run through the CLI in this process (its output discarded; it must exit 0)."""
    from scorekeeper.cli import main

    os.environ["SCOREKEEPER_NO_CACHE"] = "" if cache else "1"
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            main(argv, prog_name="scorekeeper")
        except SystemExit as exc:
            if exc.code:
                raise RuntimeError(f"{' '.join(argv)}: exit {exc.code}") from None
    return time.perf_counter() - start


def whole_process(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def medians(runs: int, timers: dict[str, Callable[[], float]]) -> dict[str, float]:
    """Each timer run ``runs`` times, the timers alternating run by run, in turn first and last (one warm-up each
    first): medians."""
    for timer in timers.values():
        timer()
    times: dict[str, list[float]] = {name: [] for name in timers}
    for n in range(runs):
        for name, timer in (list(timers.items())[::-1] if n % 2 else list(timers.items())):
            times[name].append(timer())
    return {name: statistics.median(found) for name, found in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--size", type=int, default=30)
    parser.add_argument("--runs", type=int, default=101)
    parser.add_argument("--process-runs", type=int, default=11)
    parser.add_argument("--games", default="flamecraft,emberheart,eight-dragons")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from bench.bench_sizes import build

    results = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        (folder / "home").mkdir()
        os.environ.update({"SCOREKEEPER_HOME": str(folder / "home"), "SCOREKEEPER_CACHE_DIR": str(folder / "cache"),
                           "COLUMNS": "80"})
        os.environ.pop("SCOREKEEPER_SESSION", None)
        for game in args.games.split(","):
            without, _, play = build(game, args.size, folder)
            work = folder / f"{game}-work.json"

            def fresh(cache: bool) -> None:
                shutil.copyfile(without, work)
                in_process(["score", "--session", str(work)], cache)

            def inside(cache: bool) -> float:
                fresh(cache)
                return in_process([*play, "--session", str(work)], cache)

            def outside(cache: bool) -> float:
                fresh(cache)
                env = {**os.environ, "SCOREKEEPER_NO_CACHE": "" if cache else "1"}
                return whole_process([sys.executable, "-m", "scorekeeper", *play, "--session", str(work)], env)

            found = medians(args.runs, {"cache": lambda: inside(True), "no cache": lambda: inside(False)})
            spawned = medians(args.process_runs, {
                "python -c pass": lambda: whole_process([sys.executable, "-c", "pass"], dict(os.environ)),
                "cache": lambda: outside(True), "no cache": lambda: outside(False)})
            results.append({"game": game, "events": args.size, "play": " ".join(play),
                            "in_process_ms": {k: round(v * 1000, 2) for k, v in found.items()},
                            "process_ms": {k: round(v * 1000, 1) for k, v in spawned.items()}})
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"a recorded play at event {args.size} (medians; in-process {args.runs} runs, whole process "
          f"{args.process_runs} runs)")
    for row in results:
        inner, outer = row["in_process_ms"], row["process_ms"]
        base = outer["python -c pass"]
        print(f"  {row['game']:14} in-process: cache {inner['cache']:6.2f} ms, no cache {inner['no cache']:6.2f} ms; "
              f"whole process: cache {outer['cache'] / base:.2f}x, no cache {outer['no cache'] / base:.2f}x "
              f"(python -c pass {base} ms)")


if __name__ == "__main__":
    main()
