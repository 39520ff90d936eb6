"""Record the 8 Dragons sample sessions through the real scorekeeper CLI, with their golden score tables and
the manifest of ``sample_sessions/eight-dragons/``.

    python -m tools.eight_dragons.make            record every sample again (a minute or two)
    python -m tools.eight_dragons.make goldens    only refresh the golden score tables and the manifest
    python -m tools.eight_dragons.make check      record every sample in memory and compare its scores and
                                                  verdicts with the committed session (nothing is written)

The samples (the plays are decided by ``plan.py``, a seeded table that only plans legal plays, checked
against the rules engine, except the disputed ones):

    3p-board.json   a complete, legal 3-player game on the INVENTED example board
                    (sample_sessions/inputs/eight-dragons-board.json) with Royal Challenges (invented values)
    4p-long.json    a complete, legal 4-player long game (5 Bonfires) on the same board
    2p-aurea.json   a complete, legal 2-player game on the same board (Aurea, 3 Wyrmlings each)
    disputed.json   a 3-player game without a board description (flights as stated), short game
                    (3 Bonfires), with four plays the table insisted on (--force)
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

from tools.eight_dragons.plan import BOARD_FILE, ROOT, plan
from tools.recorder import Recorder

GAME = "eight-dragons"
SAMPLES = ROOT / "sample_sessions" / GAME
GOLDEN = ROOT / "tests" / "games" / "eight_dragons" / "golden"

#: sample name → (plan, the words of 'scorekeeper new' after the game's name)
SESSIONS: dict[str, tuple[str, list[str]]] = {
    "3p-board": ("three", ["--players", "Rhed,Greenyra,Blakkar", "--catalog", str(BOARD_FILE),
                           "--set", "royal=smallest:6:3,artifacts:5:2,gold:8:4,wall:7:3"]),
    "4p-long": ("four", ["--players", "Greenyra,Whytera,Rhed,Blakkar", "--catalog", str(BOARD_FILE),
                         "--set", "bonfires=5", "--set", "first=Whytera"]),
    "2p-aurea": ("two", ["--players", "Whytera,Blakkar", "--catalog", str(BOARD_FILE),
                         "--set", "first=Blakkar", "--set", "colours=white,black"]),
    "disputed": ("disputed", ["--players", "Rhed,Greenyra,Blakkar", "--set", "bonfires=3"]),
}


def record(name: str, path: str | Path) -> Recorder:
    """Record sample ``name`` into ``path`` (a file, or ``memory:NAME``), every planned command through the CLI."""
    which, new = SESSIONS[name]
    recorder = Recorder(path)
    recorder.run("new", GAME, *new)
    for line in plan(which):
        recorder.run(*shlex.split(line))
    return recorder


def verdicts(recorder: Recorder) -> tuple[Any, Any]:
    """The sample's score table and its findings, as ``score --json`` and ``check --json`` give them."""
    score = json.loads(recorder.run("score", "--json"))
    check = json.loads(recorder.run("check", "--json", ok=(0, 1)))
    return score, [(v["seq"], v["rule"], v["severity"]) for v in check["violations"]]


def write_goldens() -> None:
    """The golden score tables of the tests, and the manifest (winners, flagged plays) of every sample."""
    entries = []
    for name in SESSIONS:
        recorder = Recorder(SAMPLES / f"{name}.json", fresh=False)
        (GOLDEN / f"{name}.score.json").write_text(recorder.run("score", "--json", "--explain"), encoding="utf-8")
        score, found = verdicts(recorder)
        flagged = sorted({seq for seq, _, severity in found if severity == "error"})
        entries.append({"file": f"{name}.json", "kind": "disputed" if flagged else "legal",
                        "winners": score["winners"], "flagged": flagged})
    manifest = {"game": GAME, "sessions": entries}
    (SAMPLES / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


def check() -> int:
    """Record every sample in memory; 1 when a score table or a verdict differs from the committed session's."""
    differences = 0
    for name in SESSIONS:
        fresh = verdicts(record(name, f"memory:ed-{name}"))
        kept = verdicts(Recorder(SAMPLES / f"{name}.json", fresh=False))
        same = fresh == kept
        differences += not same
        print(f"{name}: {'same scores and verdicts' if same else 'DIFFERS from the committed session'}")
    return 1 if differences else 0


def main(argv: list[str]) -> int:
    what = argv[0] if argv else "all"
    if what == "check":
        return check()
    if what == "all":
        SAMPLES.mkdir(parents=True, exist_ok=True)
        for name in SESSIONS:
            path = SAMPLES / f"{name}.json"
            record(name, path)
            print(f"recorded {path.relative_to(ROOT)}")
    elif what != "goldens":
        print(__doc__)
        return 2
    write_goldens()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
