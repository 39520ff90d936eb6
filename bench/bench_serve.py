"""How long a play recorded on one phone takes to reach another phone: ``scorekeeper serve`` on a copy of a
sample session, one client recording, another listening to the server-sent events (issue 26's target: 200 ms).

For each run, client A posts a play (a note, then, for the page's part, the page fetched again as the script
does) and client B, already listening on ``/events``, waits for the ``change`` event. Three figures, medians
over the runs (and the 90th percentile):

- ``write``: A's POST until its answer (the play judged, written and fsynced under the lock);
- ``heard``: A's POST sent until B hears ``change`` (what the issue measures);
- ``shown``: until B has fetched its page again (what a person sees: the live parts swapped).

Also: 8 clients posting at once (``--clients``), each ``--runs`` notes, their throughput and median latency.

    .venv/bin/python bench/bench_serve.py                       # 40 runs on flamecraft/3p-complete
    .venv/bin/python bench/bench_serve.py --runs 100 --sample eight-dragons/4p-long.json --json
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.running import Stream, post, serving  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--sample", default="flamecraft/3p-complete.json")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "table.json"
        shutil.copyfile(ROOT / "sample_sessions" / args.sample, path)
        with serving("--session", str(path), home=Path(folder)) as server:
            figures = {"write": [], "heard": [], "shown": []}  # type: dict[str, list[float]]
            listener = Stream(server.base)
            assert listener.next_event() == "ready"
            for run in range(args.runs + 3):  # three to warm up
                heard: list[float] = []
                waiting = threading.Thread(target=lambda: (listener.next_event(), heard.append(time.perf_counter())))
                waiting.start()
                started = time.perf_counter()
                status, _ = post(server.base, server.token, "/note", {"text": f"bench {run}"})
                written = time.perf_counter()
                waiting.join(timeout=10)
                assert status == 200 and heard, (status, heard)
                with urllib.request.urlopen(server.base + "/", timeout=10) as page:
                    page.read()
                shown = time.perf_counter()
                if run >= 3:
                    figures["write"].append(written - started)
                    figures["heard"].append(heard[0] - started)
                    figures["shown"].append(shown - started)
            listener.close()
            together: list[float] = []
            lock = threading.Lock()

            def client(n: int) -> None:
                for r in range(args.runs // 4 or 1):
                    began = time.perf_counter()
                    status, _ = post(server.base, server.token, "/note", {"text": f"client {n} run {r}"})
                    assert status == 200
                    with lock:
                        together.append(time.perf_counter() - began)

            threads = [threading.Thread(target=client, args=(n,)) for n in range(args.clients)]
            began = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            elapsed = time.perf_counter() - began
    result = {
        "sample": args.sample, "runs": args.runs,
        **{f"{name}_median_ms": round(statistics.median(v) * 1000, 1) for name, v in figures.items()},
        **{f"{name}_p90_ms": round(percentile(v, 0.9) * 1000, 1) for name, v in figures.items()},
        "clients": args.clients, "concurrent_writes": len(together),
        "concurrent_writes_per_s": round(len(together) / elapsed, 1),
        "concurrent_write_median_ms": round(statistics.median(together) * 1000, 1),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.sample}, {args.runs} runs (medians, 90th percentile in brackets)")
    for name in figures:
        print(f"  {name:5}: {result[f'{name}_median_ms']:7.1f} ms  ({result[f'{name}_p90_ms']:.1f} ms)")
    print(f"  {args.clients} clients at once: {len(together)} writes, {result['concurrent_writes_per_s']} writes/s, "
          f"median {result['concurrent_write_median_ms']} ms each")
    print("target (a play on another client's page within 200 ms):",
          "met" if result["heard_median_ms"] <= 200 and result["shown_median_ms"] <= 200 else "NOT met")


if __name__ == "__main__":
    main()
