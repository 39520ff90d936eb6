"""Benchmark the one-shot commands as ratios to ``python -c "import click"``, measured pair by pair in the same run.

The floor is what any Click program pays before its first line: the interpreter starting and Click imported. Each
timed run of a command follows a run of the floor, and the figure is the median of the ratios of those pairs, so a
change in the machine's load moves both sides of each ratio alike (medians of the times are printed too).

What is measured, each through the installed ``scorekeeper`` console script (a regular, non-editable install, as the
README installs it; ``--install`` makes one in a temporary virtual environment):

* ``--help``;
* ``score``, ``status``, ``check`` and ``log`` of the largest bundled sample of each game (the replay cache warm, as
  at the table: the warm-up run fills it);
* ``tally --from`` of each bundled tally input (``sample_sessions/inputs/*-tally*``, JSON or TOML), into a new session
  each run (at a path this machine has no witness of, as a new file at a table).

Targets (issue 32): the read commands and ``tally --from`` at most 2.0×, ``--help`` at most 1.25×.

Usage: python bench/bench_cli.py [--runs 11] [--install] [--json]
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
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_sessions"
READS = ("score", "status", "check", "log")
TARGETS = {"help": 1.25, "read": 2.0, "tally": 2.0}


def largest_samples() -> dict[str, Path]:
    """The bundled sample with the most events, per game folder."""
    largest: dict[str, tuple[int, Path]] = {}
    for sample in sorted(SAMPLES.glob("*/*.json")):
        if sample.name == "manifest.json" or sample.parent.name == "inputs":
            continue
        events = len(json.loads(sample.read_text(encoding="utf-8")).get("events", {}))
        if events > largest.get(sample.parent.name, (-1, sample))[0]:
            largest[sample.parent.name] = (events, sample)
    return {game: path for game, (_, path) in sorted(largest.items())}


def tally_inputs() -> list[Path]:
    return sorted(p for p in (SAMPLES / "inputs").glob("*-tally*") if p.suffix in (".json", ".toml"))


def regular_install(python: str) -> bool:
    """Whether ``python``'s environment holds scorekeeper as a regular (not editable) install."""
    probe = ("import importlib.metadata as m, json, sys\n"
             "try:\n    d = m.distribution('scorekeeper')\nexcept m.PackageNotFoundError:\n    sys.exit(1)\n"
             "url = d.read_text('direct_url.json')\n"
             "sys.exit(2 if url and json.loads(url).get('dir_info', {}).get('editable') else 0)")
    return subprocess.run([python, "-c", probe], check=False).returncode == 0


def make_install(work: Path) -> str:
    """A temporary virtual environment with ``pip install ROOT`` (regular); its python."""
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(ROOT)], check=True)
    return python


def run_once(argv: list[str], env: dict[str, str], cwd: Path) -> float:
    """Wall-clock seconds of one fresh process, which must exit 0 (1 for ``check`` finding a breach)."""
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1) or (done.returncode == 1 and argv[1:2] != ["check"]):
        raise SystemExit(f"{' '.join(argv[:4])}… failed ({done.returncode}): {done.stderr.decode()[-400:]}")
    return elapsed


def paired(argv: list[str], floor: list[str], env: dict[str, str], cwd: Path, runs: int,
           prepare: Callable[[], None] = lambda: None) -> dict[str, float]:
    """``runs`` pairs (floor, command) after one warm-up of each; the median ratio and the median times.
    ``prepare`` runs, untimed, before each run of the command."""
    run_once(floor, env, cwd)
    prepare()
    run_once(argv, env, cwd)
    floors, times = [], []
    for _ in range(runs):
        floors.append(run_once(floor, env, cwd))
        prepare()
        times.append(run_once(argv, env, cwd))
    return {"ratio": statistics.median(t / f for t, f in zip(times, floors)),
            "median_s": statistics.median(times), "floor_s": statistics.median(floors),
            "min_ratio": min(t / f for t, f in zip(times, floors)), "max_ratio": max(t / f for t, f in zip(times, floors))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="timed pairs per command (median taken); default 11")
    parser.add_argument("--install", action="store_true",
                        help="make a regular install in a temporary virtual environment and time that")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    try:
        python = make_install(work) if args.install else sys.executable
        if not regular_install(python):
            raise SystemExit("scorekeeper is not a regular install here (absent or editable): "
                             "run with --install, or 'pip install .' first")
        script = str(Path(python).with_name("scorekeeper"))
        # as on a machine that keeps Python's bytecode (pip compiled the install's; the warm-up run keeps the
        # methods dataclasses writes beside it: scorekeeper.core.dataclass_methods)
        env = {k: v for k, v in os.environ.items()
               if k not in ("PYTHONPATH", "SCOREKEEPER_SESSION", "PYTHONDONTWRITEBYTECODE")}
        env |= {"SCOREKEEPER_HOME": str(work / "home"), "SCOREKEEPER_CACHE_DIR": str(work / "cache"),
                "COLUMNS": "80", "PAGER": "cat"}
        (work / "home").mkdir()
        floor = [python, "-c", "import click"]
        rows: list[dict[str, object]] = []

        def measure(name: str, kind: str, argv: list[str], prepare: Callable[[], None] = lambda: None) -> None:
            row: dict[str, object] = {"name": name, "kind": kind,
                                      **paired(argv, floor, env, work, args.runs, prepare)}
            row["target"] = TARGETS[kind]
            row["met"] = float(row["ratio"]) <= TARGETS[kind]  # type: ignore[arg-type]
            rows.append(row)
            print(f"  {name:<44} {row['ratio']:.2f}×", file=sys.stderr)

        print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
              f"{args.runs} pairs each; floor: python -c 'import click'", file=sys.stderr)
        measure("--help", "help", [script, "--help"])
        for game, sample in largest_samples().items():
            copy = work / f"{game}.json"
            shutil.copy(sample, copy)
            for command in READS:
                measure(f"{command} {game}/{sample.name}", "read", [script, command, "--session", str(copy)])
        tallied = work / "tallied.json"

        def new_path() -> None:  # a new session at a path of its own, as at a table: nothing there, no witness of it
            tallied.unlink(missing_ok=True)
            shutil.rmtree(work / "home" / "witness", ignore_errors=True)

        for tally in tally_inputs():  # untimed before each run: the session made by the one before goes
            measure(f"tally --from inputs/{tally.name}", "tally",
                    [script, "tally", "--from", str(tally), "--session", str(tallied)], new_path)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    if args.json:
        print(json.dumps({"rows": rows}, indent=2))
        return
    print("| command | median | ratio to `import click` (min–max) | target |")
    print("| --- | ---: | ---: | ---: |")
    for row in rows:
        print(f"| `{row['name']}` | {float(row['median_s']) * 1000:.0f} ms "  # type: ignore[arg-type]
              f"| {row['ratio']:.2f}× ({row['min_ratio']:.2f}–{row['max_ratio']:.2f}) "
              f"| ≤ {row['target']}× {'met' if row['met'] else 'NOT met'} |")
    print(f"\nfloor `python -c 'import click'`: {statistics.median(float(r['floor_s']) for r in rows) * 1000:.0f} ms "  # type: ignore[arg-type]
          "(median of the pairs' medians)")


if __name__ == "__main__":
    main()
