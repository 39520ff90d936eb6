"""Re-record the Flamecraft sample sessions through the real CLI (``tools.recorder.Recorder``).

Each game is a plan: ``tools/flamecraft/plans/NAME.txt`` holds the commands the table typed, one per line
(``fc visit CRUMBHALL``, ``fc gather 2bread``…; the session is implied, ``{catalog}`` is the sample catalog
``sample_sessions/inputs/flamecraft-catalog.json``). The plans were played by a simple deterministic table
bot; they are kept as data so that a change of the CLI that records a different play shows up here.

    python -m tools.flamecraft.make            # rewrite sample_sessions/flamecraft/*.json, the manifest, the golden scores
    python -m tools.flamecraft.make --check    # record in memory only; exit 1 if a score or a verdict would change
    python -m tools.flamecraft.make --keep     # only the manifest and the golden scores of the sessions on disk

``--check`` compares what ``score --json`` and ``check --json`` say of the session recorded now and of the one
on disk, and lists the plays recorded differently (the bundled sessions predate the recording of the default
payment of an enchantment and of a sun dragon's spend, which ``fc enchant`` and ``fc sun`` now add).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from tools.recorder import Recorder

ROOT = Path(__file__).resolve().parents[2]
PLANS = Path(__file__).resolve().parent / "plans"
CATALOG = ROOT / "sample_sessions" / "inputs" / "flamecraft-catalog.json"
SAMPLES = ROOT / "sample_sessions" / "flamecraft"
GOLDEN = ROOT / "tests" / "games" / "flamecraft" / "golden"
#: the games, in the order of the manifest
GAMES = ("3p-complete", "2p-companions", "5p-gold", "3p-disputed")


def commands(name: str) -> list[list[str]]:
    """The plan's commands as words."""
    lines = (PLANS / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    return [shlex.split(line.replace("{catalog}", shlex.quote(str(CATALOG)))) for line in lines if line.strip() and not line.startswith("#")]


def record(name: str, path: str | Path) -> Recorder:
    """Play the plan ``name`` into the session at ``path`` (a file, or ``memory:NAME``)."""
    recorder = Recorder(path)
    for words in commands(name):
        recorder.run(*words)
    return recorder


def plays(path: str | Path) -> list[tuple[Any, ...]]:
    """What a session records, without times and hashes."""
    from scorekeeper.app.session import Session

    return [(e.type, e.player, json.dumps(e.payload, sort_keys=True), e.forced) for e in Session.open(path).events]


def outcome(recorder: Recorder, file: str) -> tuple[dict[str, Any], str]:
    """The manifest entry of a recorded session (winners from ``score --json``, the plays flagged as errors
    from ``check --json``) and its ``score --json`` text."""
    score = recorder.run("score", "--json")
    check = json.loads(recorder.run("check", "--json", ok=(0, 1)))
    flagged = sorted({v["seq"] for v in check["violations"] if v["severity"] == "error"})
    entry = {"file": file, "kind": "disputed" if flagged else "legal",
             "winners": json.loads(score)["winners"], "flagged": flagged}
    return entry, score


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="record in memory and compare with the sessions on disk")
    parser.add_argument("--keep", action="store_true", help="re-record nothing: the manifest and golden scores of the sessions on disk")
    args = parser.parse_args(argv)
    changed = []
    entries = []
    for name in GAMES:
        target = SAMPLES / f"{name}.json"
        if args.check:
            fresh, kept = record(name, f"memory:flamecraft-{name}"), Recorder(target, fresh=False)
            if outcome(fresh, target.name) != outcome(kept, target.name):
                changed.append(name)
            drift = [n for n, (a, b) in enumerate(zip(plays(fresh.path), plays(target)), start=1) if a != b]
            print(f"{name}: {'same' if name not in changed else 'DIFFERENT'} scores and verdicts; "
                  f"{len(drift)} play(s) recorded differently{': #' + ', #'.join(map(str, drift)) if drift else ''}")
            continue
        SAMPLES.mkdir(parents=True, exist_ok=True)
        recorder = Recorder(target, fresh=False) if args.keep else record(name, target)
        entry, score = outcome(recorder, target.name)
        entries.append(entry)
        (GOLDEN / f"{name}.score.json").write_text(score, encoding="utf-8")
        print(f"{target.relative_to(ROOT)}: {entry['kind']}, winners {', '.join(entry['winners'])}")
    if args.check:
        return 1 if changed else 0
    manifest = {"game": "flamecraft", "sessions": entries}
    (SAMPLES / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
