"""How long a play tapped on one phone takes to show on another phone's page: ``scorekeeper serve`` on a game in
progress, two phones paired by the token's cookie (issue 35's target: under 200 ms).

The game: a bundled sample cut at event ``--at`` (``scorekeeper branch``, so the journal is as long as a real game
in progress); the plays: the sample's next ``--plays`` recorded plays, each sent as a phone's form sends it (the
cookie, the page's form token, ``Origin``), then undone one by one (also taps), and again, until ``--runs`` plays.

Phone A has the table page open (its form token read from it, as a phone's page holds one) and taps *Record*:
a ``POST /play``. Phone B has the table page open and listens on ``/events``; when it hears ``change`` it fetches
its page again, as the page's script does (``X-Live: 1``, its cookie: the recording page, forms and all). From A's
POST sent, medians over the runs (and the 90th percentile):

- ``write``: until A's answer (the play judged, written and fsynced under the lock; the 303 to the table);
- ``heard``: until B hears ``change``;
- ``shown``: until B has its page again: **a play on one phone to another phone's page** (the target).

Then ``--clients`` scripts posting notes at once (Bearer token): throughput and median latency each.

    .venv/bin/python bench/bench_serve.py                       # 40 plays on flamecraft/3p-complete cut at #100
    .venv/bin/python bench/bench_serve.py --runs 60 --sample eight-dragons/4p-long.json --at 150 --json
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.plays import typed  # noqa: E402
from tests.web.running import Stream, post, serving  # noqa: E402

FORM_TOKEN = re.compile(r'name="form_token" value="([^"]+)"')


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def game_in_progress(sample: str, at: int, plays: int, folder: Path) -> tuple[Path, list[dict[str, str]]]:
    """The sample cut before event ``at`` (a branch of it), and its next ``plays`` plays as a phone's forms."""
    from scorekeeper.app.session import Session

    source = folder / "sample.json"
    shutil.copyfile(ROOT / "sample_sessions" / sample, source)
    path = folder / "table.json"
    made = subprocess.run([sys.executable, "-m", "scorekeeper", "branch", str(path), "--at", str(at), "--session",
                           str(source)], capture_output=True, text=True, env={"SCOREKEEPER_HOME": str(folder),
                                                                              "PATH": ""}, cwd=ROOT)
    assert made.returncode == 0, made.stderr
    opened = Session.open(source)
    forms = []
    for event in opened.events:
        declared = opened.game.declaration(event.type)
        if event.seq < at or declared is None or event.type in ("note", "undo"):
            continue
        kinds = {f.name: f.kind for f in declared.fields}
        forms.append({"type": event.type, "player": event.player or "",
                      **{k: typed(kinds.get(k, "any"), v) for k, v in event.payload.items()}})
        if len(forms) == plays:
            break
    return path, forms


class Phone:
    """A phone paired with the table: its own keep-alive connection and the token's cookie."""

    def __init__(self, base: str, token: str) -> None:
        parts = urlsplit(base)
        self.base = base
        self.connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
        status, headers, _ = self.request("GET", f"/?t={token}")
        assert status == 200, status
        self.cookie = headers["set-cookie"].split(";")[0]

    def request(self, method: str, path: str, body: str | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        self.connection.request(method, path, body=body, headers=headers or {})
        answer = self.connection.getresponse()
        text = answer.read().decode("utf-8")
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, text

    def page(self) -> str:
        """The table page as its live script fetches it again."""
        status, _, text = self.request("GET", "/", headers={"Cookie": self.cookie, "X-Live": "1"})
        assert status == 200, status
        return text

    def tap(self, path: str, fields: dict[str, str], form_token: str) -> int:
        """A form sent as the browser sends it (no redirect followed: the answer is what is timed)."""
        status, _, text = self.request("POST", path, urlencode({**fields, "form_token": form_token}), {
            "Cookie": self.cookie, "Origin": self.base, "Content-Type": "application/x-www-form-urlencoded"})
        assert status == 303, (status, text[:300])
        return status

    def close(self) -> None:
        self.connection.close()


def timed_taps(base: str, token: str, forms: list[dict[str, str]], runs: int) -> dict[str, dict[str, list[float]]]:
    """``runs`` plays tapped on phone A (each cycle of ``forms`` then undone tap by tap), each timed to phone B's page."""
    a, b = Phone(base, token), Phone(base, token)
    listener = Stream(base)
    assert listener.next_event() == "ready"
    figures: dict[str, dict[str, list[float]]] = {kind: {"write": [], "heard": [], "shown": []}
                                                 for kind in ("play", "undo")}
    taps = [("play", form) for form in forms] + [("undo", {})] * len(forms)
    done, n = 0, 0
    while done < runs:
        kind, fields = taps[n % len(taps)]
        n += 1
        form_token = FORM_TOKEN.findall(a.page())[0]  # the page A has open holds a fresh form token
        seen: list[float] = []

        def b_listens() -> None:
            assert listener.next_event() == "change"
            seen.append(time.perf_counter())
            b.page()
            seen.append(time.perf_counter())

        waiting = threading.Thread(target=b_listens)
        waiting.start()
        started = time.perf_counter()
        a.tap("/play" if kind == "play" else "/undo", fields, form_token)
        written = time.perf_counter()
        waiting.join(timeout=30)
        assert len(seen) == 2, "phone B heard nothing"
        if n > 3:  # three to warm up
            for name, at in (("write", written), ("heard", seen[0]), ("shown", seen[1])):
                figures[kind][name].append(at - started)
            done += kind == "play"
    listener.close()
    a.close()
    b.close()
    return figures


def concurrent(base: str, token: str, clients: int, each: int) -> tuple[list[float], float]:
    together: list[float] = []
    lock = threading.Lock()

    def client(n: int) -> None:
        for r in range(each):
            began = time.perf_counter()
            status, _ = post(base, token, "/note", {"text": f"client {n} run {r}"})
            assert status == 200
            with lock:
                together.append(time.perf_counter() - began)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return together, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--runs", type=int, default=40, help="plays timed (undos between cycles are timed apart)")
    parser.add_argument("--plays", type=int, default=10, help="the sample's plays recorded in a cycle")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--sample", default="flamecraft/3p-complete.json")
    parser.add_argument("--at", type=int, default=100, help="the sample cut before this event")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path, forms = game_in_progress(args.sample, args.at, args.plays, Path(folder))
        with serving("--session", str(path), home=Path(folder)) as server:
            figures = timed_taps(server.base, server.token, forms, args.runs)
            together, elapsed = concurrent(server.base, server.token, args.clients, args.runs // 4 or 1)
    result: dict[str, Any] = {"sample": args.sample, "at": args.at, "plays": args.runs,
                              "undos": len(figures["undo"]["shown"])}
    for kind, named in figures.items():
        prefix = "" if kind == "play" else "undo_"
        result.update({f"{prefix}{name}_median_ms": round(statistics.median(v) * 1000, 1) for name, v in named.items()})
        result.update({f"{prefix}{name}_p90_ms": round(percentile(v, 0.9) * 1000, 1) for name, v in named.items()})
    result.update({"clients": args.clients, "concurrent_writes": len(together),
                   "concurrent_writes_per_s": round(len(together) / elapsed, 1),
                   "concurrent_write_median_ms": round(statistics.median(together) * 1000, 1)})
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{args.sample} cut at #{args.at}: {args.runs} plays tapped on phone A, shown on phone B "
          "(medians, 90th percentile in brackets)")
    for prefix, what in (("", "play"), ("undo_", "undo")):
        print(f"  {what}: " + ", ".join(f"{name} {result[f'{prefix}{name}_median_ms']:.1f} ms "
                                         f"({result[f'{prefix}{name}_p90_ms']:.1f})"
                                         for name in ("write", "heard", "shown")))
    print(f"  {args.clients} clients at once: {len(together)} notes, {result['concurrent_writes_per_s']} writes/s, "
          f"median {result['concurrent_write_median_ms']} ms each")
    print("target (a play on one phone on another phone's page within 200 ms, median):",
          "met" if result["shown_median_ms"] < 200 else "NOT met")


if __name__ == "__main__":
    main()
