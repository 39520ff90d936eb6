"""The BG Stats import benchmark (issue 37): ``import --from bgstats`` of a club's export, in plays per second.

    python bench/bench_bgstats_import.py                       # 1,000 plays of our games + 200 others, 5 runs
    python bench/bench_bgstats_import.py --plays 5000 --others 1000 --runs 3 --json

In a temporary folder (never the repository): ``tests/bgstats_files.club_export`` builds the export (the shapes
the public readers use: scores as text, ``metaData`` and ``scoresheet`` as JSON in strings, a sheet on a third
of the plays); then each run is a fresh process, ``python -m scorekeeper import --from bgstats EXPORT --into
FOLDER --games GAMES`` into an empty folder (every play read, checked and written as one session, with this
machine's witness), and a second run into the same folder (every play found already there: nothing written).

Every timed run is preceded by a ``python -c pass`` run; the reference is their median (the interpreter's start,
which a run pays once whatever the file holds). Plays per second = plays imported / (the run's wall seconds −
that reference), medians quoted. Target: ≥ 500 plays per second.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET = 500


CPU: list[float] = []  # the CPU seconds (user + system) of each import run, in order


def timed(argv: list[str], env: dict[str, str]) -> float:
    """Wall seconds of one run (its CPU seconds appended to ``CPU``); it must exit 0 (``bench_league.timed``)."""
    from bench.bench_league import timed as measured

    seconds, cpu, _ = measured(argv, env)
    CPU.append(cpu)
    return seconds


def run(plays: int, others: int, runs: int) -> dict[str, Any]:
    from tests.bgstats_files import GAMES_FILE, club_export

    work = Path(tempfile.mkdtemp(prefix="bench-bgstats-"))
    try:
        export, games = work / "BGStatsExport.json", work / "games.txt"
        export.write_text(json.dumps(club_export(plays, others)), encoding="utf-8")
        games.write_text(GAMES_FILE, encoding="utf-8")
        env = {**os.environ, "SCOREKEEPER_CACHE_DIR": str(work / "cache"), "SCOREKEEPER_HOME": str(work / "home"),
               "PYTHONPATH": str(ROOT)}
        env.pop("SCOREKEEPER_NO_CACHE", None)
        base, fresh, again, cpu = [], [], [], []  # type: ignore[var-annotated]
        for n in range(runs):
            folder = work / f"club-{n}"
            command = [sys.executable, "-m", "scorekeeper", "import", "--from", "bgstats", str(export),
                       "--into", str(folder), "--games", str(games)]
            base.append(timed([sys.executable, "-c", "pass"], env))
            fresh.append(timed(command, env))
            cpu.append(CPU[-1])
            base.append(timed([sys.executable, "-c", "pass"], env))
            again.append(timed(command, env))
            written = len(list(folder.glob("*.json")))
            if written != plays:
                raise SystemExit(f"run {n}: {written} sessions written, not {plays}")
            shutil.rmtree(folder)
        reference = statistics.median(base)
        first, second = statistics.median(fresh), statistics.median(again)
        rate = plays / max(first - reference, 1e-9)
        return {"plays": plays, "other_plays": others, "runs": runs, "python_start_s": round(reference, 3),
                "import_s": round(first, 3), "again_s": round(second, 3), "plays_per_s": round(rate),
                "plays_per_s_with_start": round(plays / first), "again_plays_per_s": round(plays / max(second - reference, 1e-9)),
                "import_cpu_s": round(statistics.median(cpu), 3),
                "plays_per_cpu_s": round(plays / statistics.median(cpu)), "load_average": round(os.getloadavg()[0], 1),
                "target": TARGET, "met": rate >= TARGET}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plays", type=int, default=1000, help="plays of our three games (default 1000)")
    parser.add_argument("--others", type=int, default=200, help="plays of other games (default 200)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    found = run(args.plays, args.others, args.runs)
    if args.json:
        print(json.dumps(found, indent=2))
        return
    print("| plays (+ others) | python start | import (wall) | plays/s | plays/s, start included | import (CPU) "
          "| plays per CPU second | again (nothing new) | load average |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    print(f"| {found['plays']:,} (+ {found['other_plays']:,}) | {found['python_start_s']} s | {found['import_s']} s | "
          f"**{found['plays_per_s']:,}** | {found['plays_per_s_with_start']:,} | {found['import_cpu_s']} s | "
          f"{found['plays_per_cpu_s']:,} | {found['again_s']} s | {found['load_average']} |")
    print(f"\ntarget ≥ {TARGET} plays/s: {'met' if found['met'] else 'NOT met'}")


if __name__ == "__main__":
    main()
