"""``python -m tests.fuzz --seed N --cases N``: the fuzz run by hand, every kind, with its figures.

``--cases`` is the number of cases of each kind (``--kind`` picks some kinds: arguments, shell, specials,
payloads, corrections, interrupt, bgstats); ``--only K`` reruns case K of a kind alone. Prints one line per failing case (its kind,
number and how to rebuild it) and a table: cases per kind, internal errors, hangs, writes on refusal, other
failures, and the Ctrl-C cases that interrupted Python's own start (tests/fuzz/interrupt.py); exit 1 when any
case failed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tests.fuzz.case import Case
from tests.fuzz.sandbox import Place

KINDS = ("arguments", "shell", "specials", "payloads", "corrections", "interrupt", "bgstats")


def build(kind: str, seed: int, count: int) -> list[Case]:
    import importlib

    return list(importlib.import_module(f"tests.fuzz.{kind}").cases(seed, count))  # type: ignore[attr-defined]


def tally(problems: list[str]) -> set[str]:
    """The headings a case's problems count under."""
    heads = set()
    for problem in problems:
        if problem.startswith("startup:"):
            heads.add("interrupted in Python's start")
        elif "traceback" in problem or "internal error" in problem or problem.startswith("exit "):
            heads.add("internal errors")
        elif problem == "a hang":
            heads.add("hangs")
        elif "wrote" in problem or "changed" in problem or "created" in problem:
            heads.add("writes on refusal")
        else:
            heads.add("other")
    return heads


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=20261203)
    parser.add_argument("--cases", type=int, default=100, help="cases of each kind")
    parser.add_argument("--kind", action="append", choices=KINDS)
    parser.add_argument("--only", type=int)
    args = parser.parse_args(argv)
    figures: dict[str, Counter[str]] = {}
    failed = 0
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        place = Place(Path(tmp) / "case")
        for kind in args.kind or KINDS:
            counts: Counter[str] = Counter()
            started = time.monotonic()
            for case in build(kind, args.seed, args.cases):
                if args.only is not None and case.number != args.only:
                    continue
                found = case.run(place)
                counts["cases"] += 1
                for head in tally(found):
                    counts[head] += 1
                failures = [f for f in found if not f.startswith("startup:")]
                if failures:
                    failed += 1
                    print(f"FAIL {kind} #{case.number} ({case.described[:300]}): {'; '.join(failures)[:400]}",
                          flush=True)
            counts["seconds"] = round(time.monotonic() - started)
            figures[kind] = counts
    heads = ["cases", "internal errors", "hangs", "writes on refusal", "other", "interrupted in Python's start",
             "seconds"]
    print(f"seed {args.seed}\n| kind | " + " | ".join(heads) + " |\n|" + " --- |" * (len(heads) + 1))
    for kind, counts in figures.items():
        print(f"| {kind} | " + " | ".join(f"{counts[h]:,}" for h in heads) + " |")
    total = Counter[str]()
    for counts in figures.values():
        total.update(counts)
    print("| all | " + " | ".join(f"{total[h]:,}" for h in heads) + " |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
