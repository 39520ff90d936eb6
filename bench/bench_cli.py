"""Benchmark the ``scorekeeper`` command line, as ratios to ``python -c pass`` measured in the same run.

Every figure is the median wall-clock time of several runs of a fresh subprocess (one warm-up run first, not
counted), divided by the median of ``python -c pass``, which is run just before every timed run (so the
baseline sees the same machine load as the commands). What is measured:

* ``--help``: through the real entry point (``python -m scorekeeper --help`` and the installed ``scorekeeper``
  console script when it is on the virtual environment's ``bin``), and through the fake-game launcher;
* recording one event (``scorekeeper fake add 1``: read the journal under the lock, replay, check, atomic write
  with two fsyncs) and ``score``, on sessions of 100, 1,000 and 5,000 events.

The sessions use the tiny fake game of the tests (``tests/fake_game.py``) so that the figures measure the core
(journal, replay, CLI) and not a game's rules; the launcher is ``python -c`` code that imports ``tests.fake_game``
(which registers the game) and calls ``scorekeeper.cli.main``. The sessions are built in one write with
``Journal.create`` (plays by two players in turn, one note in ten).

Usage: python bench/bench_cli.py [--runs 9] [--sizes 100,1000,5000] [--samples] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LAUNCHER = (
    f"import sys; sys.path.insert(0, {str(ROOT)!r}); import tests.fake_game; "
    "from scorekeeper.cli import main; main(prog_name='scorekeeper')"
)

TARGETS = {"help": 5.0, "record@1000": 10.0, "score@1000": 10.0}


def build_session(path: Path, size: int) -> None:
    """A fake-game session of ``size`` events, written in one go."""
    from scorekeeper.core.events import Event
    from scorekeeper.core.journal import Journal, SessionMeta, now_iso

    players = ("Astrid", "Bjorn")
    meta = SessionMeta("fake", players, {"target": 10**9, "bonus": 0}, {"target": "bench", "bonus": "default"},
                       None, now_iso())
    events, turn = [], 0
    for seq in range(1, size + 1):
        if seq % 10 == 0:
            events.append(Event(seq, "note", None, {"text": f"note {seq}"}, now_iso()))
        else:
            events.append(Event(seq, "ADD", players[turn % 2], {"n": 1 + seq % 2}, now_iso()))
            turn += 1
    Journal.create(path, meta, events)


def run_once(argv: list[str], env: dict[str, str]) -> float:
    """Wall-clock seconds of one fresh process, which must exit 0."""
    start = time.perf_counter()
    result = subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            check=False)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(argv[:4])}… failed ({result.returncode}): {result.stderr.decode()[-400:]}")
    return elapsed


def timed(argv: list[str], env: dict[str, str], runs: int, baseline: list[float]) -> list[float]:
    """``runs`` timings of ``argv`` after one warm-up run, each right after a ``python -c pass`` run whose
    time is added to ``baseline``: interleaving keeps the ratio honest when the machine's load drifts."""
    run_once(argv, env)
    times = []
    for _ in range(runs):
        baseline.append(run_once([sys.executable, "-c", "pass"], env))
        times.append(run_once(argv, env))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="timed runs per command (median taken); default 9")
    parser.add_argument("--sizes", default="100,1000,5000", help="session sizes in events; default 100,1000,5000")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--samples", action="store_true",
                        help="also time `score` and `status` on the bundled sample sessions (the real games)")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    py = sys.executable

    work = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    env = {**os.environ, "SCOREKEEPER_HOME": str(work / "home"), "PYTHONPATH": str(ROOT)}
    env.pop("SCOREKEEPER_SESSION", None)
    rows: list[dict[str, object]] = []
    baseline: list[float] = []

    def measure(name: str, argv: list[str]) -> None:
        times = timed(argv, env, args.runs, baseline)
        rows.append({"name": name, "median_s": statistics.median(times), "min_s": min(times), "max_s": max(times)})
        print(f"  {name:<38} {statistics.median(times) * 1000:8.1f} ms", file=sys.stderr)

    try:
        print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
              f"{args.runs} runs each", file=sys.stderr)
        measure("python -m scorekeeper --help", [py, "-m", "scorekeeper", "--help"])
        script = Path(py).with_name("scorekeeper")
        if script.exists():
            measure("scorekeeper --help (console script)", [str(script), "--help"])
        measure("launcher --help (fake game)", [py, "-c", LAUNCHER, "--help"])
        for size in sizes:
            session = work / f"s{size}.json"
            build_session(session, size)
            measure(f"score @{size}", [py, "-c", LAUNCHER, "score", "--session", str(session)])
            measure(f"record one event @{size}", [py, "-c", LAUNCHER, "fake", "add", "1", "--session", str(session)])
        if args.samples:
            for sample in sorted((ROOT / "sample_sessions").glob("*/*.json")):
                if sample.name == "manifest.json" or sample.parent.name == "inputs":
                    continue
                events = len(json.loads(sample.read_text(encoding="utf-8")).get("events", {}))
                for command in ("score", "status"):
                    measure(f"{command} {sample.stem} ({events} events)",
                            [py, "-m", "scorekeeper", command, "--session", str(sample)])
    finally:
        shutil.rmtree(work, ignore_errors=True)

    base = statistics.median(baseline)
    rows.insert(0, {"name": "python -c pass", "median_s": base, "min_s": min(baseline), "max_s": max(baseline)})
    for row in rows:
        row["ratio"] = row["median_s"] / base  # type: ignore[operator]
    ratio = {str(r["name"]): float(r["ratio"]) for r in rows}  # type: ignore[arg-type]
    verdicts = {
        "help (python -m scorekeeper) <= 5x": ratio["python -m scorekeeper --help"] <= TARGETS["help"],
        "record @1000 <= 10x": ratio["record one event @1000"] <= TARGETS["record@1000"],
        "score @1000 <= 10x": ratio["score @1000"] <= TARGETS["score@1000"],
    } if 1000 in sizes else {}
    if args.json:
        print(json.dumps({"baseline_s": base, "rows": rows, "targets_met": verdicts}, indent=2))
        return
    print(f"baseline `python -c pass`: {base * 1000:.1f} ms (median of {len(baseline)} runs)\n")
    print("| command | median | ratio to `python -c pass` |")
    print("| --- | ---: | ---: |")
    for row in rows:
        print(f"| {row['name']} | {row['median_s'] * 1000:.0f} ms | {row['ratio']:.1f}× |")  # type: ignore[operator]
    if verdicts:
        print()
        for name, met in verdicts.items():
            print(f"- {name}: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
