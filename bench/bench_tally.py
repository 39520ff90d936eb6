"""Benchmark ``scorekeeper tally --from`` on a 4-player end state, as a ratio to ``python -c pass`` (issue 25).

The end states are the 4-player bundled samples' (Emberheart ``four-players``, 8 Dragons ``4p-long``), written
with ``export --to tally``; each timed run tallies into a new session file in a temporary folder (a fresh
process: read the file, lay it over the setup, judge the TALLY play, write the journal, score). Every timed run
is preceded by a ``python -c pass`` run, and the ratio divides the median of the one by the median of the other.
The target: at most 5x (wall clock). The processor time (user + system) of the same runs is shown too: on a shared
machine it moves less than the wall clock. So is the floor any click program starts from, ``python -c 'import
click'``, timed in the same runs: the command line library alone, before any of Scorekeeper's code.

Run it with the interpreter whose install is to be measured: an editable install (``pip install -e``) adds its
import hook to every start, ``python -c pass`` included, which a regular install (``pip install .``) does not.

Usage: python bench/bench_tally.py [--runs 9]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = {"emberheart": "emberheart/four-players.json", "eight-dragons": "eight-dragons/4p-long.json"}
TARGET = 5.0


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The wall-clock seconds of one run of ``argv`` (which must exit 0), and the processor seconds it used
    (user and system: what a loaded machine changes least)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    runs = parser.parse_args().runs
    scorekeeper = [sys.executable, "-m", "scorekeeper"]
    print("| game | end state | median | ratio to `python -c pass` | target | processor time: median, ratio "
          "| `import click` alone: ratio (wall, processor) |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as folder:
        env = {"SCOREKEEPER_HOME": folder, "SCOREKEEPER_SESSION": "", "PATH": "/usr/bin:/bin"}
        for game, sample in SAMPLES.items():
            state = Path(folder) / f"{game}.json"
            timed([*scorekeeper, "export", "--to", "tally", "-o", str(state), "--session",
                   str(ROOT / "sample_sessions" / sample)], env)
            base, tally, floor = [], [], []
            for n in range(runs + 1):
                pass_time = timed([sys.executable, "-c", "pass"], env)
                click_time = timed([sys.executable, "-c", "import click"], env)
                took = timed([*scorekeeper, "tally", "--from", str(state), "--session",
                              str(Path(folder) / f"{game}-{n}.json")], env)
                if n:  # the first is a warm-up
                    base.append(pass_time)
                    tally.append(took)
                    floor.append(click_time)
            wall, base_wall = statistics.median(t[0] for t in tally), statistics.median(b[0] for b in base)
            cpu, base_cpu = statistics.median(t[1] for t in tally), statistics.median(b[1] for b in base)
            ratio = wall / base_wall
            click_wall, click_cpu = statistics.median(f[0] for f in floor), statistics.median(f[1] for f in floor)
            print(f"| {game} | {state.stat().st_size // 1024} KB | {wall * 1000:.0f} ms "
                  f"| {ratio:.1f}x (`python -c pass` {base_wall * 1000:.0f} ms) "
                  f"| {'met' if ratio <= TARGET else 'NOT met'} (<= {TARGET:.0f}x) "
                  f"| {cpu * 1000:.0f} ms, {cpu / base_cpu:.1f}x (`python -c pass` {base_cpu * 1000:.0f} ms) "
                  f"| {click_wall / base_wall:.1f}x, {click_cpu / base_cpu:.1f}x |")

if __name__ == "__main__":
    main()
