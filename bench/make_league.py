"""Make a club's archive for the league benchmark: N distinct finished sessions built from the samples.

Each session is a copy of one of the eleven finished sample sessions, re-seated: its players renamed from a
club of 24 (every name in the metadata, the settings and the events' payloads), played a day later than the
copy before it (its creation and every event's time shifted), so that each has its own metadata and is counted
as a session of its own; every fifth one is instead a what-if branch of the copy before it (all its events, its
metadata recording the parent as ``scorekeeper branch`` does). Folders of 1,000 files (``000/``, ``001/``…),
so that a part of the archive can be read alone.

    python bench/make_league.py FOLDER [--count 10000]

FOLDER must be new or empty; make it outside the repository (the benchmark uses a temporary folder).
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CLUB = ("Ada", "Bram", "Cleo", "Dana", "Emil", "Fern", "Gus", "Hana", "Ivo", "Juno", "Kit", "Lea", "Milo", "Nora",
        "Otto", "Pia", "Quinn", "Rosa", "Sami", "Tove", "Ulla", "Vic", "Wim", "Xena")
PER_FOLDER = 1000
BRANCH_EVERY = 5


def samples() -> list[Path]:
    """The finished sample sessions (every sample but the manifests and the inputs)."""
    return sorted(p for p in (ROOT / "sample_sessions").glob("*/*.json")
                  if p.name != "manifest.json" and p.parent.name != "inputs")


def renamed(value: Any, names: dict[str, str]) -> Any:
    """``value`` with every string that is a player's name, or starts with one and a dot, renamed (anywhere)."""
    if isinstance(value, str):
        head, dot, tail = value.partition(".")  # 8 Dragons names a player's pieces NAME.w1
        return names.get(value, names.get(head, head) + dot + tail if dot else value)
    if isinstance(value, dict):
        return {renamed(k, names): renamed(v, names) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(renamed(v, names) for v in value)
    return value


def shifted(iso: str, by: dt.timedelta) -> str:
    try:
        return (dt.datetime.fromisoformat(iso) + by).isoformat()
    except ValueError:
        return iso


def make(folder: Path, count: int) -> None:
    from scorekeeper.app.whatif import ParentLink
    from scorekeeper.core.journal import Journal

    sources = [Journal(p) for p in samples()]
    parent: tuple[Path, Journal] | None = None
    for n in range(count):
        target = folder / f"{n // PER_FOLDER:03d}" / f"s{n:05d}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        if n % BRANCH_EVERY == BRANCH_EVERY - 1 and parent is not None:
            path, journal = parent
            events = journal.events()
            link = ParentLink(path.name, journal.head_hash, len(events), None)
            meta = replace(journal.meta, created=shifted(journal.meta.created, dt.timedelta(minutes=5)),
                           parent=link.to_record())
            Journal.create(target, meta, events)
            continue
        source = sources[n % len(sources)]
        seats = list(source.meta.players)
        start = (n * 7) % len(CLUB)
        names = dict(zip(seats, itertools.islice(itertools.cycle(CLUB), start + n // len(CLUB) % 3, None)))
        by = dt.timedelta(days=n // len(sources), minutes=n % 60)
        meta = replace(source.meta, players=tuple(names[p] for p in seats), settings=renamed(source.meta.settings, names),
                       created=shifted(source.meta.created, by))
        events = [replace(e, player=names.get(e.player, e.player) if e.player else e.player,
                          payload=renamed(dict(e.payload), names), recorded_at=shifted(e.recorded_at, by))
                  for e in source.events()]
        parent = (target, Journal.create(target, meta, events))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--count", type=int, default=10_000)
    args = parser.parse_args()
    if args.folder.exists() and any(args.folder.iterdir()):
        raise SystemExit(f"{args.folder}: not empty")
    args.folder.mkdir(parents=True, exist_ok=True)
    make(args.folder, args.count)


if __name__ == "__main__":
    main()
