"""``report`` on a long journal with many corrections against the same length without them (issue 24).

For each size N, two journals are made from the longest Emberheart sample (``sample_sessions/emberheart/
four-players.json``): its events, then padding up to N events — notes only ("without"), or a note and a
``void`` of that note in turn ("with": N/2 corrections, each described in the report) — then the sample's last
play. ``report`` (the referee's HTML report, which reads the session file itself, never the replay cache) is
run as a fresh process (``python -m scorekeeper report``) ``--runs`` times on each, each run right after a
``python -c pass``; the figures are the medians of the seconds and of the ratios to that baseline, and the
ratio of "with" to "without" (the target: at most 3 at 100,000 events; linear: the same across sizes).

    python bench/bench_report.py [--sizes 10000,30000] [--runs 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SAMPLE = ROOT / "sample_sessions" / "emberheart" / "four-players.json"


def build(size: int, corrections: bool, target: Path) -> None:
    """A journal of ``size`` events: the sample's plays, padding (with voids when ``corrections``), its last play."""
    from scorekeeper.core.events import NOTE, VOID, Event
    from scorekeeper.core.journal import Journal

    sample = Journal(SAMPLE)
    events = sample.events()
    head, last = events[:-1], events[-1]
    pads: list[Event] = []
    seq = len(head)
    while len(head) + len(pads) < size - 1:
        seq += 1
        pads.append(Event(seq, NOTE, None, {"text": f"table talk {seq}"}, last.recorded_at))
        if corrections and len(head) + len(pads) < size - 1:
            seq += 1
            pads.append(Event(seq, VOID, None, {"target": seq - 1, "reason": "a slip"}, last.recorded_at))
    Journal.create(target, sample.meta, [*head, *pads, last])


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(session: Path, out: Path, runs: int, env: dict[str, str]) -> dict[str, float]:
    """Median seconds of ``report`` and median ratio to ``python -c pass`` (the first run is untimed)."""
    seconds, ratios = [], []
    for n in range(runs + 1):
        base = timed([sys.executable, "-c", "pass"], env)
        took = timed([sys.executable, "-m", "scorekeeper", "report", "-o", str(out), "--session", str(session)], env)
        if n:
            seconds.append(took)
            ratios.append(took / base)
    return {"s": round(statistics.median(seconds), 2), "ratio": round(statistics.median(ratios), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,30000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        env = {**os.environ, "SCOREKEEPER_HOME": str(work / "home"), "SCOREKEEPER_CACHE_DIR": str(work / "cache"),
               "PYTHONPATH": str(ROOT)}
        env.pop("SCOREKEEPER_SESSION", None)
        for size in (int(s) for s in args.sizes.split(",")):
            row: dict[str, Any] = {"events": size}
            for label, corrections in (("without", False), ("with", True)):
                session = work / f"{label}-{size}.json"
                build(size, corrections, session)
                row[label] = measure(session, work / "report.html", args.runs, env)
            row["with/without"] = round(row["with"]["s"] / row["without"]["s"], 2)
            rows.append(row)
            if not args.json:
                print(f"{size:>7} events: without corrections {row['without']['s']} s ({row['without']['ratio']}×), "
                      f"with {size // 2:,} corrections {row['with']['s']} s ({row['with']['ratio']}×): "
                      f"{row['with/without']}× the time", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
