"""A ``play`` shell opened on a long journal without a replay cache entry (issue 24): the first line builds the
entry, every later line answers at the warm speed.

A journal of N events (the longest Emberheart sample padded with notes, as ``bench_report.py`` makes it) is
opened as the table (``scorekeeper.cli.shell.Table``, in-process, what ``scorekeeper play`` runs) with an empty
cache folder; the lines below are run in turn, each with its prompt (as the table shows it), and timed. Printed:
the first line, then the median of the reading lines and of the writing ones after it, in seconds and as ratios
to ``python -c pass`` measured in the same run (the target: a line after the first ≤ 0.1 s at 100,000 events).

    python bench/bench_shell_cold.py [--events 100000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

READS = ["status", "score", "check", "log --last 5"]
WRITES = ['note "a ruling"']


def python_pass(runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    from bench_report import build

    with tempfile.TemporaryDirectory() as folder:
        os.environ.update(SCOREKEEPER_HOME=str(Path(folder) / "home"), SCOREKEEPER_CACHE_DIR=str(Path(folder) / "cache"))
        os.environ.pop("SCOREKEEPER_NO_CACHE", None)
        path = Path(folder) / "long.json"
        build(args.events, False, path)
        from scorekeeper.cli.shell import Table

        start = time.perf_counter()
        table = Table(path)
        opened = time.perf_counter() - start

        def line(text: str) -> float:
            begin = time.perf_counter()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                table.prompt()
                code = table.run_line(text)
            if code:
                raise SystemExit(f"{text!r}: exit {code}")
            return time.perf_counter() - begin

        first = line("status")
        reads: list[float] = []
        writes: list[float] = []
        for _ in range(args.rounds):
            reads += [line(text) for text in READS]
            writes += [line(text) for text in WRITES]
            reads += [line(text) for text in READS]
        base = python_pass()
        table.close()
    for label, seconds in (("open", opened), ("first line (builds the entry)", first),
                           ("a reading line after it (median)", statistics.median(reads)),
                           ("a writing line after it (median)", statistics.median(writes))):
        print(f"{label:36} {seconds:7.3f} s  {seconds / base:6.1f}× python -c pass")
    print(f"python -c pass {base * 1000:.1f} ms; {args.events:,} events")


if __name__ == "__main__":
    main()
