"""``scorekeeper --help`` imports no game package, no tabulate and no tinydb (issue 9: instant at the table)."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
from scorekeeper.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def modules_after(*args: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``scorekeeper ARGS``."""
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True)
    loaded: set[str] = set(json.loads(done.stderr.strip().splitlines()[-1]))
    return loaded


def test_help_imports_no_game_package_no_tabulate_no_tinydb() -> None:
    loaded = modules_after("--help")
    from scorekeeper.games import REGISTRY

    assert "scorekeeper.cli" in loaded  # the probe did run the command
    heavy = {m for m in loaded if m.split(".")[0] in ("tabulate", "tinydb")}
    games = {m for m in loaded for g in REGISTRY if m == g.package or m.startswith(g.package + ".")}
    assert not heavy and not games, sorted(heavy | games)


def test_help_imports_no_session_command_module() -> None:
    """The listing comes from the root group's table of short help, not from importing every command."""
    loaded = modules_after("--help")
    assert not {m for m in loaded if m.startswith("scorekeeper.cli.session_")}
    assert "scorekeeper.session" not in loaded
