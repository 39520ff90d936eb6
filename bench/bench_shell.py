"""The interactive table's cost per command, against ``python -c pass`` measured in the same run.

Runs N commands (or short sequences of them) through the table's in-process dispatcher (``scorekeeper.cli.shell.Table.run_line``, what a line
typed at ``scorekeeper play`` runs) on a copy of each game's longest sample session, and prints each kind's
mean time per command and its ratio to one ``python -c pass``.

    python bench/bench_shell.py [N] [--pad P]

``--pad P`` first appends P notes to each copy (in one write), to see the cost at a longer journal: a note
is a real event that every command reads, replays and rewrites with the file.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ["flamecraft/3p-complete.json", "emberheart/four-players.json", "eight-dragons/4p-long.json"]
#: what a table types, as a sequence of lines timed together: a write followed by a read shows whether the
#: write kept the replay (the read refolds the whole journal when it did not)
COMMANDS = {"status": ["status"], "note (a write)": ["note bench"], "note + status": ["note bench", "status"],
            "check": ["check"]}


def python_pass(runs: int = 10) -> float:
    start = time.perf_counter()
    for _ in range(runs):
        subprocess.run([sys.executable, "-c", "pass"], check=True)
    return (time.perf_counter() - start) / runs


def pad(path: Path, count: int) -> None:
    """Append ``count`` notes to the session at ``path``, in one locked write."""
    from scorekeeper.core.events import NOTE
    from scorekeeper.core.protocol import Draft
    from scorekeeper.app.session import Session

    Session.open(path).record_many(lambda current: [Draft(NOTE, None, {"text": f"pad {i}"}) for i in range(count)])


def main() -> None:
    args = sys.argv[1:]
    padding = int(args[args.index("--pad") + 1]) if "--pad" in args else 0
    if "--pad" in args:
        del args[args.index("--pad"):args.index("--pad") + 2]
    n = int(args[0]) if args else 20
    sys.path.insert(0, str(ROOT))
    from scorekeeper.cli.shell import Table

    baseline = python_pass()
    print(f"python -c pass: {baseline * 1000:.1f} ms")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["SCOREKEEPER_HOME"] = folder
        for sample in SAMPLES:
            path = Path(folder) / Path(sample).name
            shutil.copy(ROOT / "sample_sessions" / sample, path)
            if padding:
                pad(path, padding)
            table = Table(path)
            for label, lines in COMMANDS.items():
                with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                    for line in lines:
                        table.run_line(line)  # warm: the modules are imported once per table
                    start = time.perf_counter()
                    for _ in range(n):
                        for line in lines:
                            table.run_line(line)
                    each = (time.perf_counter() - start) / n
                events = len(table.refresh().events)
                print(f"{sample:32} {label:15} {events:5} events  {each * 1000:6.1f} ms  {each / baseline:4.2f}x")


if __name__ == "__main__":
    main()
