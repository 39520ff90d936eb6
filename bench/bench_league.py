"""The league benchmark (issue 27): ``standings`` over a club's archive of N distinct finished sessions.

    python bench/bench_league.py                    # 10,000 sessions, 5 rounds, 100 changed files a round
    python bench/bench_league.py --count 1000 --rounds 3 --json
    python bench/make_league.py /tmp/archive && python bench/bench_league.py --archive /tmp/archive

In a temporary folder (never the repository): ``make_league.py`` makes the archive; then, each a fresh
process (``python -m scorekeeper standings ARCHIVE --include-branches --index INDEX``, output discarded):

1. *cold*: once, the index and the replay cache empty: every file read, replayed and kept;
2. *warm*: ``--rounds`` runs, nothing changed: every file's stat found in the index;
3. *changed*: ``--rounds`` rounds, each after ``--changed`` files were rewritten as other sessions (another
   creation time: new bytes, new metadata): their cost per file is (the round's time − the warm median) / K;
4. *no index*: once, the first folder (1,000 files) with ``SCOREKEEPER_NO_CACHE=1`` and no ``--index``.

Every timed run is preceded by a ``python -c pass`` run; the reference is their median. Times are wall
seconds (``time.perf_counter``), medians quoted; peak memory is each run's own maximum resident set
(``os.wait4``'s ``ru_maxrss``). Targets: warm ≤ 2 s, ≤ 25 ms per new or changed file, peak < 200 MiB.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MIB = 1024  # ru_maxrss is in KiB on Linux


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + system) and the run's own peak resident set (KiB); it must exit 0."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)}: exit {os.waitstatus_to_exitcode(status)}: "
                         f"{child.stderr.read().decode() if child.stderr else ''}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


class Bench:
    def __init__(self, work: Path, archive: Path) -> None:
        self.work, self.archive = work, archive
        self.index = work / "league.sqlite"
        self.env = {**os.environ, "SCOREKEEPER_CACHE_DIR": str(work / "cache"), "SCOREKEEPER_HOME": str(work / "home"),
                    "PYTHONPATH": str(ROOT)}
        self.env.pop("SCOREKEEPER_NO_CACHE", None)
        self.passes: list[float] = []
        self.peak = 0
        self.cpu: list[float] = []  # each run's CPU seconds

    def run(self, paths: list[Path], index: bool = True) -> float:
        """One timed ``standings`` run (after one ``python -c pass``); without ``index``, with no index at all."""
        self.passes.append(timed([sys.executable, "-c", "pass"], self.env)[0])
        argv = [sys.executable, "-m", "scorekeeper", "standings", *map(str, paths), "--include-branches"]
        argv += ["--index", str(self.index)] if index else []
        seconds, cpu, peak = timed(argv, {**self.env, "SCOREKEEPER_NO_CACHE": "0" if index else "1"})
        self.peak = max(self.peak, peak)
        self.cpu.append(cpu)
        return seconds

    def counted(self) -> int:
        out = subprocess.run([sys.executable, "-m", "scorekeeper", "standings", str(self.archive), "--include-branches",
                              "--index", str(self.index), "--json"], env=self.env, check=True, capture_output=True)
        return sum(g["sessions"] for g in json.loads(out.stdout)["games"])


def change(path: Path, round_: int) -> None:
    """Rewrite the session at ``path`` as another one: the same plays, created ``round_`` seconds later."""
    import datetime as dt

    from scorekeeper.core.journal import Journal

    journal = Journal(path)
    created = (dt.datetime.fromisoformat(journal.meta.created) + dt.timedelta(seconds=round_ + 1)).isoformat()
    fresh = path.with_suffix(".new")
    Journal.create(fresh, replace(journal.meta, created=created), journal.events())
    os.replace(fresh, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--changed", type=int, default=100)
    parser.add_argument("--archive", type=Path, help="an archive make_league.py made (of --count sessions), used "
                        "in place (the changed rounds rewrite some of its files); default: made afresh")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from bench.make_league import make

    work = Path(tempfile.mkdtemp(prefix="league-bench-"))
    try:
        archive = args.archive or work / "archive"
        started = time.perf_counter()
        if args.archive is None:
            archive.mkdir()
            make(archive, args.count)
        made = time.perf_counter() - started
        files = sorted(archive.rglob("*.json"))
        size = sum(f.stat().st_size for f in files)
        bench = Bench(work, archive)
        cold = bench.run([archive])
        cold_cpu = bench.cpu[-1]
        if bench.counted() != args.count:
            raise SystemExit(f"counted {bench.counted()} sessions, not {args.count}")
        warm = [bench.run([archive]) for _ in range(args.rounds)]
        warm_median, warm_cpu = statistics.median(warm), statistics.median(bench.cpu[-args.rounds:])
        per_changed = []
        for round_ in range(args.rounds):
            for path in files[round_ * args.changed:(round_ + 1) * args.changed]:
                change(path, round_)
            per_changed.append((bench.run([archive]) - warm_median) / args.changed)
        first = sorted(p for p in archive.iterdir())[0]
        without = bench.run([first], index=False)
        figures: dict[str, Any] = {
            "sessions": args.count, "megabytes": round(size / 1e6, 1), "made_s": round(made, 1),
            "python_c_pass_s": round(statistics.median(bench.passes), 3),
            "cold_s": round(cold, 2), "cold_per_file_ms": round(1000 * cold / args.count, 2),
            "cold_cpu_per_file_ms": round(1000 * cold_cpu / args.count, 2),
            "warm_s": [round(w, 3) for w in warm], "warm_median_s": round(warm_median, 3),
            "warm_cpu_median_s": round(warm_cpu, 3), "load_average": os.getloadavg()[0],
            "changed_per_file_ms": [round(1000 * c, 2) for c in per_changed],
            "changed_median_ms": round(1000 * statistics.median(per_changed), 2),
            "no_index_files": len(list(first.iterdir())), "no_index_s": round(without, 2), "peak_mib": round(bench.peak / MIB, 1),
            "index_mib": round(bench.index.stat().st_size / 2**20, 1),
        }
    finally:
        shutil.rmtree(work, ignore_errors=True)  # the index, the caches, and the archive when made here
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"| {figures['sessions']:,} sessions, {figures['megabytes']} MB | median | target |\n| --- | ---: | ---: |")
    print(f"| `python -c pass` | {figures['python_c_pass_s']} s | |")
    print(f"| warm (nothing changed), {args.rounds} runs | {figures['warm_median_s']} s "
          f"(CPU {figures['warm_cpu_median_s']} s) | ≤ 2 s |")
    print(f"| cold (empty index), per file | {figures['cold_per_file_ms']} ms (CPU {figures['cold_cpu_per_file_ms']} "
          f"ms; {figures['cold_s']} s in all) | ≤ 25 ms |")
    print(f"| {args.changed} changed files, per file, {args.rounds} rounds | {figures['changed_median_ms']} ms | ≤ 25 ms |")
    print(f"| no index, {figures['no_index_files']:,} files | {figures['no_index_s']} s | |")
    print(f"| peak memory of any run | {figures['peak_mib']} MiB | < 200 MiB |")
    print(f"\nwarm runs: {figures['warm_s']} s; changed, per file: {figures['changed_per_file_ms']} ms; "
          f"index {figures['index_mib']} MiB; archive made in {figures['made_s']} s; "
          f"load average at the end {figures['load_average']}")


if __name__ == "__main__":
    main()
