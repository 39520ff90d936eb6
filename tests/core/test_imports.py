"""``scorekeeper --help`` imports no game package, no tabulate and no tinydb; ``verify``, ``export`` and ``settings
--game`` import a game's settings, not its rules (issue 9: instant at the table)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.registry import names

SAMPLE = Path(__file__).resolve().parents[2] / "sample_sessions" / "flamecraft" / "5p-gold.json"

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
    assert "scorekeeper.app.session" not in loaded


def _game_modules(loaded: set[str]) -> set[str]:
    from scorekeeper.games import REGISTRY

    return {m for m in loaded for g in REGISTRY if m == g.package or m.startswith(g.package + ".")}


def _rules(loaded: set[str]) -> set[str]:
    """The game modules loaded beyond a package itself and its settings declarations (with the notation
    they name their defaults in)."""
    return {m for m in _game_modules(loaded)
            if m.count(".") > 2 and m.rsplit(".", 1)[-1] not in ("settings", "notation")}


def test_commands_that_read_only_the_journal_import_no_rules_and_no_tabulate(tmp_path: Path) -> None:
    """``verify`` and ``export`` need no game state: no game rules (only the settings they check the file's
    settings against), no tabulate, no tinydb (issue 9)."""
    session = tmp_path / "s.json"
    shutil.copy(SAMPLE, session)
    for args in (["verify"], ["export"], ["export", "--to", "jsonl"]):
        loaded = modules_after(*args, "--session", str(session))
        assert "scorekeeper.app.session" in loaded  # the command ran
        heavy = {m for m in loaded if m.split(".")[0] in ("tabulate", "tinydb")}
        assert not heavy and not _rules(loaded), (args, sorted(heavy | _rules(loaded)))
        assert "scorekeeper.games.flamecraft.game" not in loaded


def test_settings_of_a_game_import_its_settings_not_its_rules() -> None:
    for game in names():
        loaded = modules_after("settings", "--game", game)
        assert any(m.endswith(".settings") for m in _game_modules(loaded))
        assert not _rules(loaded) and "tabulate" not in loaded, (game, sorted(_rules(loaded)))


def test_a_note_with_the_caches_word_imports_no_rules_no_tabulate_no_tinydb(tmp_path: Path) -> None:
    """Issue 9: a note needs no game state. Once a command has kept the replay cache's entry, ``note`` loads
    the game's settings (to find the entry), not its rules, and neither tabulate nor tinydb."""
    session = tmp_path / "s.json"
    shutil.copy(SAMPLE, session)
    env = {**os.environ, "SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_CACHE_DIR": str(tmp_path / "cache")}
    (tmp_path / "home").mkdir()
    subprocess.run([sys.executable, "-m", "scorekeeper", "score", "--session", str(session)], env=env,
                   check=True, capture_output=True)
    done = subprocess.run([sys.executable, "-c", PROBE, "note", "a ruling", "--session", str(session)], env=env,
                          capture_output=True, text=True, check=True)
    loaded = set(json.loads(done.stderr.strip().splitlines()[-1]))
    assert "recorded: note: a ruling" in done.stdout
    heavy = {m for m in loaded if m.split(".")[0] in ("tabulate", "tinydb")}
    assert not heavy and not _rules(loaded), sorted(heavy | _rules(loaded))
    assert "scorekeeper.games.flamecraft.game" not in loaded


#: what a command that only reads a session never needs: the recording commands' factory, the table, the web
#: companion, the league's index and statistics, the tally walk, tabulate (the screens draw their own tables);
#: nor pathlib (with urllib.parse and ipaddress, 7% of ``import click``: paths are texts on this way, ``os.path``)
NOT_FOR_A_READ = ("scorekeeper.cli.recording", "scorekeeper.cli.shell", "scorekeeper.cli.play", "scorekeeper.web",
                  "scorekeeper.app.league_index", "scorekeeper.app.league_stats", "scorekeeper.app.tally_walk",
                  "scorekeeper.cli.tally_walk", "prompt_toolkit", "starlette", "uvicorn", "tabulate", "tinydb",
                  "pathlib")


def test_a_read_command_imports_what_it_uses(tmp_path: Path) -> None:
    """Issue 32: ``score``, ``status``, ``check`` and ``log`` of each game's sample load no writer's factory, no
    table, no web room, no league index, no tally walk, no tabulate, no pathlib and no other game's package."""
    from scorekeeper.games import REGISTRY

    samples = {"emberheart": "four-players.json", "flamecraft": "5p-gold.json", "eight-dragons": "4p-long.json"}
    env = {**os.environ, "SCOREKEEPER_HOME": str(tmp_path / "home"), "COLUMNS": "80"}
    (tmp_path / "home").mkdir()
    for game in (g for g in REGISTRY if g.name in samples):  # a test's fake game may be registered too
        session = tmp_path / f"{game.name}.json"
        shutil.copy(SAMPLE.parents[1] / game.name / samples[game.name], session)
        for command in ("score", "status", "check", "log"):
            done = subprocess.run([sys.executable, "-c", PROBE, command, "--session", str(session)], env=env,
                                  capture_output=True, text=True, check=False)
            loaded = set(json.loads(done.stderr.strip().splitlines()[-1]))
            assert "scorekeeper.app.session" in loaded, (command, done.stderr[-300:])  # the command ran
            unneeded = {m for m in loaded for no in NOT_FOR_A_READ if m == no or m.startswith(no + ".")}
            others = {m for m in loaded for g in REGISTRY if g is not game
                      and (m == g.package or m.startswith(g.package + "."))}
            assert not unneeded and not others, (game.name, command, sorted(unneeded | others))


def test_a_tally_from_a_file_imports_no_tinydb_no_walk_and_no_other_game(tmp_path: Path) -> None:
    """Issue 32: ``tally --from`` writes the new session's file itself (laid out as TinyDB lays it out:
    ``tests/core/test_journal_layout.py``), so it imports no TinyDB; nor the guided walk, nor another game, nor
    pathlib; nor ``textwrap`` when every line of its output fits the width."""
    from scorekeeper.games import REGISTRY

    inputs = SAMPLE.parents[1] / "inputs"
    for game, tally in (("eight-dragons", "eight-dragons-tally.json"), ("emberheart", "emberheart-tally.toml"),
                        ("flamecraft", "flamecraft-tally.toml")):  # each in a home of its own: no current session
        env = {**os.environ, "SCOREKEEPER_HOME": str(tmp_path / f"home-{game}"), "COLUMNS": "200"}
        session = tmp_path / f"{game}.json"
        done = subprocess.run([sys.executable, "-c", PROBE, "tally", "--from", str(inputs / tally), "--session",
                               str(session)], env=env, capture_output=True, text=True, check=False)
        loaded = set(json.loads(done.stderr.strip().splitlines()[-1]))
        assert session.exists(), done.stderr[-300:]
        others = {m for m in loaded for g in REGISTRY if g.name != game
                  and (m == g.package or m.startswith(g.package + "."))}
        unneeded = {m for m in loaded if m.split(".")[0] in ("tinydb", "textwrap", "tabulate", "pathlib")
                    or m.startswith(("scorekeeper.app.tally_walk", "scorekeeper.web"))}
        assert not unneeded and not others, (game, sorted(unneeded | others))


GC_PROBE = """
import atexit, gc, sys
atexit.register(lambda: print("collector", "on" if gc.isenabled() else "off", file=sys.stderr))
from scorekeeper.__main__ import run
sys.argv[0] = "scorekeeper"
run()
"""


def test_a_one_shot_command_runs_without_the_cycle_collector_and_play_with_it(tmp_path: Path) -> None:
    """``scorekeeper.__main__.run`` turns the collector off for a one-shot command; the table turns it back on."""
    session = tmp_path / "s.json"
    shutil.copy(SAMPLE, session)

    def collector(*args: str) -> str:
        done = subprocess.run([sys.executable, "-c", GC_PROBE, *args], capture_output=True, text=True, input="",
                              env={**os.environ, "SCOREKEEPER_HOME": str(tmp_path)}, check=False)
        return done.stderr.strip().splitlines()[-1]

    assert collector("score", "--session", str(session)) == "collector off"
    assert collector("play", "--session", str(session)) == "collector on"
