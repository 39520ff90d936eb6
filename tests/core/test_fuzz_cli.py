"""A seeded fuzz of the whole command line: every session command and every game command, with bad arguments.

The cases are tests/fuzz/arguments.py's (every command enumerated from the Click groups, hostile values), run
here in this process, each on a fresh copy of a bundled sample session of its game in a folder of its own; the
other kinds of the fuzz (the shell, special files, payloads, Ctrl-C) are tests/core/test_fuzz_kinds.py.

For each case: no traceback and no "internal error", an exit code of 0, 1 or 2, and when the exit code is not 0
every file in the session's folder and in the home folder is byte for byte what it was; no error spans Click's
four usage lines or echoes a huge argument whole, and no control character (ESC, BEL, CSI) is printed raw.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.fuzz.arguments import SESSIONS, build_cases, game_groups, session_commands, session_text


def snapshot(*folders: Path) -> dict[str, bytes]:
    """Every file the table's commands could change; not the replay cache's key, which the first command on a
    machine makes (a secret of the user's, not something the table recorded)."""
    from scorekeeper.app.replay_cache import SECRET

    files = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file() and not path.name.endswith(".lock") and path.name != SECRET:
                files[str(path)] = path.read_bytes()
    return files


def run_case(tmp: Path, game: str, argv: list[str], cut: float = 1.0) -> tuple[int, str, bool, str]:
    from scorekeeper.cli import main

    folder, home = tmp / "table", tmp / "home"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(home, ignore_errors=True)
    folder.mkdir()
    home.mkdir()
    session = folder / "session.json"
    session.write_text(session_text(game, cut), encoding="utf-8")
    before = snapshot(folder, home)
    env = {"SCOREKEEPER_HOME": str(home), "SCOREKEEPER_SESSION": str(session), "SCOREKEEPER_DEBUG": ""}
    cwd = os.getcwd()
    os.chdir(folder)  # a relative path in a hostile value lands in the case's own folder
    try:
        result = CliRunner().invoke(main, argv, env=env, catch_exceptions=True)
    finally:
        os.chdir(cwd)
    output = result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        output += "".join(traceback.format_exception(result.exception))
    unchanged = snapshot(folder, home) == before
    return result.exit_code, output, unchanged, result.stderr


def test_the_cli_survives_hostile_arguments(tmp_path: Path) -> None:
    failures = []
    cases = build_cases()
    for number, (game, argv, cut) in enumerate(cases):
        code, output, unchanged, stderr = run_case(tmp_path, game, argv, cut)
        problems = []
        if code not in (0, 1, 2):
            problems.append(f"exit {code}")
        if "Traceback" in output or "internal error" in output:
            problems.append("traceback or internal error")
        if code != 0 and not unchanged:
            problems.append("a refused command changed a file")
        if "Usage:" in stderr or any(len(line) > 2500 for line in stderr.splitlines()):
            problems.append("an error longer than one clipped line")
        if any(ch in output for ch in "\x1b\x07\x9b"):
            problems.append("a control character printed raw")
        if problems:
            shown = [a if len(a) < 40 else a[:20] + f"…({len(a)})" for a in argv]
            failures.append(f"case {number} ({game}, cut {cut}) {shown}: {', '.join(problems)}: {output[-600:]}")
    assert len(cases) >= 300
    assert not failures, f"{len(failures)} of {len(cases)} cases failed:\n" + "\n\n".join(failures[:15])


@pytest.mark.parametrize("game", sorted(SESSIONS))
def test_every_game_command_is_enumerated(game: str) -> None:
    """The fuzz reaches every command of every game group and every session command."""
    session = session_commands()
    assert {"new", "status", "note", "undo", "void", "amend", "assert", "export", "import"} <= set(session)
    assert len(game_groups()[game][1]) >= 5
