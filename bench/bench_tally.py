"""Benchmark ``scorekeeper tally --from`` on a 4-player end state, as a ratio to ``python -c pass`` (issue 25).

The end states are the 4-player bundled samples' (Emberheart ``four-players``, 8 Dragons ``4p-long``), written
with ``export --to tally``; each timed run tallies into a new session file in a temporary folder (a fresh
process: read the file, lay it over the setup, judge the TALLY play, write the journal, score). Every timed run
is preceded by a ``python -c pass`` run, and the ratio divides the median of the one by the median of the other.
The target: at most 5x.

Usage: python bench/bench_tally.py [--runs 9]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = {"emberheart": "emberheart/four-players.json", "eight-dragons": "eight-dragons/4p-long.json"}
TARGET = 5.0


def timed(argv: list[str], env: dict[str, str]) -> float:
    """The wall-clock seconds of one run of ``argv`` (which must exit 0)."""
    start = time.perf_counter()
    subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    scorekeeper = [sys.executable, "-m", "scorekeeper"]
    print("| game | end state | median | ratio to `python -c pass` | target |")
    print("| --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as folder:
        env = {"SCOREKEEPER_HOME": folder, "SCOREKEEPER_SESSION": "", "PATH": "/usr/bin:/bin"}
        for game, sample in SAMPLES.items():
            state = Path(folder) / f"{game}.json"
            timed([*scorekeeper, "export", "--to", "tally", "-o", str(state), "--session",
                   str(ROOT / "sample_sessions" / sample)], env)
            base, tally = [], []
            for n in range(runs + 1):
                pass_time = timed([sys.executable, "-c", "pass"], env)
                took = timed([*scorekeeper, "tally", "--from", str(state), "--session",
                              str(Path(folder) / f"{game}-{n}.json")], env)
                if n:  # the first is a warm-up
                    base.append(pass_time)
                    tally.append(took)
            ratio = statistics.median(tally) / statistics.median(base)
            print(f"| {game} | {state.stat().st_size // 1024} KB | {statistics.median(tally) * 1000:.0f} ms "
                  f"| {ratio:.1f}x (`python -c pass` {statistics.median(base) * 1000:.0f} ms) "
                  f"| {'met' if ratio <= TARGET else 'NOT met'} (<= {TARGET:.0f}x) |")


if __name__ == "__main__":
    main()
