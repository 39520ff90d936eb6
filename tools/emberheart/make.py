"""Record the Emberheart sample sessions through the real scorekeeper CLI, with their golden score tables, their
command transcripts and the manifest of ``sample_sessions/emberheart/``.

    python -m tools.emberheart.make            record every sample again (into sample_sessions/emberheart/)
    python -m tools.emberheart.make NAME…      record only these (four-players, two-players-side-b, disputed)
    python -m tools.emberheart.make goldens    only refresh the golden files and the manifest from the sessions
    python -m tools.emberheart.make check      record every sample in memory and compare its scores and verdicts
                                               with the committed session (nothing is written)
    python -m tools.emberheart.make transcripts  record every sample in a temporary folder and write only the
                                               command transcripts (tools/emberheart/NAME.commands.sh)

The plays are decided by ``bot.py``, a seeded table player that plans legal plays from the replayed board (checked
against the rules first), except the disputed sample's forced ones:

    four-players.json         4 players, side A, five rounds, legal
    two-players-side-b.json   2 players, side B (skills 3 and 4), Two player mode cards, five rounds, legal
    disputed.json             3 players, with plays the table recorded with --force
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

from click.testing import CliRunner

from tools.emberheart.bot import Table, make_disputed, make_game

ROOT = Path(__file__).resolve().parents[2]
GAME = "emberheart"
SAMPLES = ROOT / "sample_sessions" / GAME
GOLDEN = ROOT / "tests" / "games" / "emberheart" / "golden"
HERE = Path(__file__).resolve().parent

#: sample name → (how it is played, into a path; its kind; its transcript's title)
SESSIONS: dict[str, tuple[Callable[[str | Path], Table], str, str]] = {
    "four-players": (lambda path: make_game(path, 11, "Astrid,Brandon,Helga,Sigrun"), "legal",
                     "Emberheart sample 'four-players', recorded by tools/emberheart/make.py (seed 11)."),
    "two-players-side-b": (lambda path: make_game(path, 23, "Astrid,Brandon", "side=B", "skills=3,4",
                                                  "start_tracks=senses,speed", "first_player=Brandon"), "legal",
                           "Emberheart sample 'two-players-side-b', recorded by tools/emberheart/make.py (seed 23)."),
    "disputed": (lambda path: make_disputed(path, 37), "disputed",
                 "Emberheart sample 'disputed', recorded by tools/emberheart/make.py (seed 37)."),
}


def outputs(session: str | Path) -> dict[str, Any]:
    """``score --json`` and ``check --json`` of a session (a file, or ``memory:NAME``)."""
    env = {"SCOREKEEPER_HOME": tempfile.mkdtemp(), "SCOREKEEPER_SESSION": ""}
    runner = CliRunner()
    from scorekeeper.cli import main

    results = {}
    for kind in ("score", "check"):
        result = runner.invoke(main, [kind, "--json", "--session", str(session)], env=env, catch_exceptions=False)
        results[kind] = json.loads(result.stdout)
    return results


def record(name: str, folder: Path = SAMPLES) -> None:
    """Record sample ``name`` into its file in ``folder``, and its transcript beside this script."""
    play, _, title = SESSIONS[name]
    path = folder / f"{name}.json"
    table = play(path)
    table.save_transcript(HERE / f"{name}.commands.sh", title)
    print(f"recorded {path} ({len(table.transcript)} commands)")


def goldens() -> None:
    """The golden ``score --json`` / ``check --json`` of each sample, and the manifest."""
    GOLDEN.mkdir(exist_ok=True)
    manifest: dict[str, Any] = {"game": GAME, "sessions": []}
    for name, (_, kind, _) in SESSIONS.items():
        data = outputs(SAMPLES / f"{name}.json")
        for what, value in data.items():
            (GOLDEN / f"{name}.{what}.json").write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n",
                                                        encoding="utf-8")
        manifest["sessions"].append({"file": f"{name}.json", "kind": kind, "winners": data["score"]["winners"],
                                     "flagged": flagged(data["check"])})
    (SAMPLES / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote the golden files and {(SAMPLES / 'manifest.json').relative_to(ROOT)}")


def flagged(check: dict[str, Any]) -> list[int]:
    """The seqs of the error violations ``check --json`` reports."""
    return sorted({v["seq"] for v in check["violations"] if v["severity"] == "error"})


def check() -> bool:
    """Record every sample in memory; its scores and verdicts must be the committed session's."""
    same = True
    for name, (play, _, _) in SESSIONS.items():
        play(f"memory:emberheart-check-{name}")
        fresh, committed = outputs(f"memory:emberheart-check-{name}"), outputs(SAMPLES / f"{name}.json")
        ok = fresh == committed
        same &= ok
        print(f"{name}: {'same scores and verdicts' if ok else 'DIFFERENT from the committed session'}")
    return same


def main(argv: list[str]) -> int:
    if argv == ["check"]:
        return 0 if check() else 1
    if argv == ["transcripts"]:
        folder = Path(tempfile.mkdtemp(prefix="emberheart-samples-"))
        for name in SESSIONS:
            record(name, folder)
        return 0
    if argv != ["goldens"]:
        for name in argv or list(SESSIONS):
            if name not in SESSIONS:
                raise SystemExit(f"no sample {name!r}; the samples are {', '.join(SESSIONS)}")
            record(name)
    goldens()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
