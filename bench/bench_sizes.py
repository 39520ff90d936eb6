"""One-shot commands on every game at every length, as ratios to ``python -c pass`` measured in the same run.

For each game, a journal of each size is made from a bundled sample game's real plays: below the sample's
length, its first events (a game in progress: 100 events); above it, every event but the last play, then notes
up to the size (1,000, 5,000 and 50,000 events), then the last play, so that the journal ends as the real game
does. Each command is then started as a fresh process (``python -m scorekeeper …``) ``--runs`` times,
each run right after a ``python -c pass``, on a fresh copy of the file; the figure is the median ratio of the
pairs, and the peak memory (RSS) of the slowest-growing process is read from the operating system
(``os.wait4``). Before each timed run an untimed ``score`` reads the fresh copy, as the command before it
at a table would: it leaves the replay cache's entry (``--no-cache`` times every command without the cache).
The commands: ``status``, ``score``, ``check``, a recorded play (the journal's last play, as the table typed
it, on the file without it), a refused play (that play again, on the file with it) and a note.

Also printed: the in-process replay rate (events per second) of each long journal, and, for recording one
note at each size, where its time goes (opening the file, the note as the command records it, and, measured
alone, hashing, writing and parsing the whole file).

    python bench/bench_sizes.py [--runs 7] [--sizes 100,sample,5000,50000] [--games emberheart,…] [--no-cache] [--json]

The package is run as installed; run ``python -m compileall scorekeeper`` first when the environment sets
PYTHONDONTWRITEBYTECODE (an installed package has its modules compiled, an editable checkout may not).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: per game: its longest sample, and how to read that sample's commands (the last one is the play timed)
SAMPLES = {
    "emberheart": ("emberheart/four-players.json", "tools/emberheart/four-players.commands.sh"),
    "flamecraft": ("flamecraft/5p-gold.json", "tools/flamecraft/plans/5p-gold.txt"),
    "eight-dragons": ("eight-dragons/4p-long.json", None),
}


def commands(game: str) -> list[list[str]]:
    """The words (after ``scorekeeper``) of the commands that recorded the sample, one per journal event."""
    _, source = SAMPLES[game]
    if source is None:
        from tools.eight_dragons.plan import plan

        lines = plan("four")
    else:
        lines = [line for line in (ROOT / source).read_text(encoding="utf-8").splitlines()
                 if line.strip() and not line.startswith("#")]
    said = [shlex.split(line) for line in lines]
    said = [words[1:] if words[0] == "scorekeeper" else words for words in said]
    return [words for words in said if words[0] not in ("new", "export") and words != ["set", "-e"]]


def build(game: str, size: int | None, folder: Path) -> tuple[Path, Path, list[str]]:
    """Two files and a play: the journal of ``size`` events without its last play, the same with it, and the
    words of that play. Shorter than the sample: its first ``size`` events; longer: padded with notes."""
    from scorekeeper.core.events import NOTE, Event
    from scorekeeper.core.journal import Journal

    sample = Journal(ROOT / "sample_sessions" / SAMPLES[game][0])
    events, said = sample.events(), commands(game)
    if len(said) != len(events):
        raise SystemExit(f"{game}: {len(said)} commands for {len(events)} events; the sample's plan changed")
    cut = len(events) if size is None else min(size, len(events))
    head, last, play = events[:cut - 1], events[cut - 1], said[cut - 1]
    pads = [] if size is None else [Event(0, NOTE, None, {"text": f"table talk {n}"}, last.recorded_at)
                                    for n in range(max(0, size - len(events)))]
    without = folder / f"{game}-{size or 'sample'}-before.json"
    with_it = folder / f"{game}-{size or 'sample'}.json"
    Journal.create(without, sample.meta, [*head, *pads])
    Journal.create(with_it, sample.meta, [*head, *pads, last])
    return without, with_it, play


def timed(argv: list[str], env: dict[str, str], expect: int | tuple[int, ...]) -> tuple[float, int]:
    """Wall seconds and peak RSS (KiB) of one run of ``argv``; the run must exit with ``expect``.

    The peak is the child's own: Linux carries a process's peak across ``exec``, so this process stays small
    (the journals are built, and replayed in-process, by children of their own)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in ((expect,) if isinstance(expect, int) else expect):
        raise SystemExit(f"{' '.join(argv)}: exit {code}, expected {expect}: "
                         f"{process.stderr.read().decode() if process.stderr else ''}")
    return seconds, usage.ru_maxrss


def measure(label: str, argv: list[str], source: Path, work: Path, runs: int, env: dict[str, str],
            expect: int | tuple[int, ...] = 0) -> dict[str, Any]:
    """The median ratio to ``python -c pass`` of ``runs`` runs, each on a fresh copy of ``source``."""
    ratios, seconds, peaks = [], [], []
    for n in range(runs + 1):  # the first run warms the file system
        shutil.copyfile(source, work)
        # a fresh copy is a new session to this machine: the witness of the last run's writes would refuse it
        shutil.rmtree(Path(env["SCOREKEEPER_HOME"]) / "witness", ignore_errors=True)
        if "SCOREKEEPER_NO_CACHE" not in env:  # the command before it at the table left the cache's entry
            timed([sys.executable, "-m", "scorekeeper", "score", "--session", str(work)], env, (0, 1))
        base, _ = timed([sys.executable, "-c", "pass"], env, 0)
        took, peak = timed(argv, env, expect)
        if n:
            ratios.append(took / base)
            seconds.append(took)
            peaks.append(peak)
    return {"command": label, "ratio": round(statistics.median(ratios), 2),
            "ms": round(statistics.median(seconds) * 1000, 1), "peak_mib": round(max(peaks) / 1024, 1)}


def replay_rate(path: Path) -> float:
    from scorekeeper import games
    from scorekeeper.core.engine import replay
    from scorekeeper.core.journal import Journal
    from scorekeeper.app.session import config_of

    journal = Journal(path)
    game = games.load(journal.meta.game)
    config, events = config_of(journal.meta, game), journal.events()
    replay(events, game, config)
    rates = []
    for _ in range(3):
        start = time.perf_counter()
        replay(events, game, config)
        rates.append(len(events) / (time.perf_counter() - start))
    return statistics.median(rates)


def phases(path: Path, folder: Path) -> dict[str, float]:
    """Milliseconds of recording one note on a copy of ``path``, in-process, the cache warm, as the command does
    it (no game loaded), and of its parts measured alone: reading, hashing and writing the whole file."""
    from scorekeeper.core.journal import Journal, atomic_write
    from scorekeeper.app.session import Session

    work = folder / "phases.json"
    shutil.copyfile(path, work)
    Session.open(work).replay()  # keeps the cache's entry, as the command before would have
    out: dict[str, float] = {}
    start = time.perf_counter()
    session = Session.open(work, lazy=True)
    out["open (read the file, decode its metadata)"] = time.perf_counter() - start
    journal = session.journal
    assert isinstance(journal, Journal)
    start = time.perf_counter()
    journal.digest_of_start(len(journal.raw) - 2)
    out["hash it whole (SHA-256)"] = time.perf_counter() - start
    start = time.perf_counter()
    atomic_write(folder / "copy.json", journal.raw)
    out["write it whole and fsync"] = time.perf_counter() - start
    start = time.perf_counter()
    if session.note_without_rules("bench") is None:
        raise SystemExit(f"{path}: the note did not take the replay cache's word")
    out["the note (vouch, lock, write, keep the cache)"] = time.perf_counter() - start
    start = time.perf_counter()
    Journal(work)
    out["parse the whole file (what the cache spares)"] = time.perf_counter() - start
    return {k: round(v * 1000, 1) for k, v in out.items()}


def in_child(*args: str) -> Any:
    """Run this script's ``--child`` mode in a fresh interpreter and return the JSON it prints."""
    done = subprocess.run([sys.executable, __file__, "--child", *args], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def child(args: list[str]) -> None:
    """``--child build GAME SIZE FOLDER`` or ``--child inprocess FILE FOLDER``: the work that holds a whole
    journal in memory, done away from the process that measures peaks."""
    if args[0] == "build":
        size = None if args[2] == "sample" else int(args[2])
        without, with_it, play = build(args[1], size, Path(args[3]))
        events = len(json.loads(with_it.read_text(encoding="utf-8"))["events"])
        print(json.dumps([str(without), str(with_it), events, play]))
    else:
        print(json.dumps({"rate": replay_rate(Path(args[1])), "phases": phases(Path(args[1]), Path(args[2]))}))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sizes", default="sample,5000,50000")
    parser.add_argument("--games", default=",".join(SAMPLES))
    parser.add_argument("--no-cache", action="store_true", help="time with SCOREKEEPER_NO_CACHE=1")
    parser.add_argument("--commands", default="", help="only these commands, by label (status,score,check)")
    parser.add_argument("--no-phases", action="store_true", help="skip the in-process replay rate and note phases")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    sizes = [None if s == "sample" else int(s) for s in args.sizes.split(",")]
    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        env = {**os.environ, "SCOREKEEPER_HOME": str(folder / "home"), "SCOREKEEPER_CACHE_DIR": str(folder / "cache"),
               "COLUMNS": "80"}
        env.pop("SCOREKEEPER_SESSION", None)
        if args.no_cache:
            env["SCOREKEEPER_NO_CACHE"] = "1"
        os.environ.update({k: env[k] for k in ("SCOREKEEPER_HOME", "SCOREKEEPER_CACHE_DIR")})
        (folder / "home").mkdir()
        for game in args.games.split(","):
            for size in sizes:
                built = in_child("build", game, str(size or "sample"), str(folder))
                without, with_it, events, play = Path(built[0]), Path(built[1]), int(built[2]), list(built[3])
                work = folder / "work.json"
                run = [sys.executable, "-m", "scorekeeper"]
                s = ["--session", str(work)]
                rows = [
                    measure("status", [*run, "status", *s], with_it, work, args.runs, env),
                    measure("score", [*run, "score", *s], with_it, work, args.runs, env),
                    measure("check", [*run, "check", *s], with_it, work, args.runs, env),
                    measure("a recorded play", [*run, *play, *s], without, work, args.runs, env),
                    measure("a refused play", [*run, *play, *s], with_it, work, args.runs, env, expect=1),
                    measure("a note", [*run, "note", "a ruling", *s], with_it, work, args.runs, env),
                ] if not args.commands else [
                    measure(label, [*run, label, *s], with_it, work, args.runs, env, expect=(0, 1))
                    for label in args.commands.split(",")
                ]
                measured = ({"rate": 0, "phases": {}} if args.no_phases
                            else in_child("inprocess", str(with_it), str(folder)))
                entry = {"game": game, "size": size or "sample", "events": events, "commands": rows,
                         "replay_events_per_s": round(measured["rate"]), "note_phases_ms": measured["phases"]}
                results.append(entry)
                if not args.json:
                    print(f"\n{game}, {entry['size']} ({events} events): in-process replay "
                          f"{entry['replay_events_per_s']:,} events/s")
                    for row in rows:
                        print(f"  {row['command']:18} {row['ms']:8.1f} ms  {row['ratio']:5.2f}x  peak {row['peak_mib']:6.1f} MiB")
                    print("  a note, in-process: " + ", ".join(f"{k} {v} ms" for k, v in entry["note_phases_ms"].items()))
    if args.json:
        print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
