"""The tally-file fuzz (issue 33, part 4): 1,200 files made from the bundled tally inputs by dropping, retyping,
misspelling and dangling fields (``tests/fuzz/tally_files.py``), each given to ``tally --from`` in process.

Whatever the file: no internal error and no traceback, an exit code of 0, 1 or 2, one line on a usage error (exit 2; a refusal, exit 1, may quote the rules it breaks), and a
refused file writes nothing (no session file, no current session). A file taken (exit 0) must make a session every
reader can read: ``score``, ``check`` and ``status`` end with 0 or 1, never an internal error (TRUST-9: a session
written, then every reader crashing on it).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.fuzz.tally_files import cases

SEED = 20261206
COUNT = int(os.environ.get("SCOREKEEPER_TALLY_FUZZ_CASES", "1200"))
#: what a crash says: a traceback, the CLI's last resort, or a game's code failing on the play (``CORE-INTERNAL``)
CRASHES = ("Traceback", "internal error", "CORE-INTERNAL")
#: each batch runs in its own test (the suite spreads them over the cores)
BATCHES = 6


def _run(runner: CliRunner, home: Path, *args: str) -> tuple[int, str]:
    from scorekeeper.cli import main

    env = {"SCOREKEEPER_HOME": str(home), "SCOREKEEPER_SESSION": "", "SCOREKEEPER_NO_CACHE": "1"}
    result = runner.invoke(main, list(args), env=env, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        text = "".join(traceback.format_exception(result.exception))
        return 99, f"{result.output}\nTraceback (raised in process):\n{text}"
    return result.exit_code, result.output


def judge(runner: CliRunner, folder: Path, text: str) -> list[str]:
    """What is wrong with how ``tally --from`` took the file ``text`` (empty: nothing)."""
    home = folder / "home"
    home.mkdir(parents=True, exist_ok=True)
    source = folder / "table.json"
    source.write_text(text, encoding="utf-8")
    out = folder / "out.json"
    before = sorted(p.name for p in home.iterdir())
    code, output = _run(runner, home, "tally", "--from", str(source), "--session", str(out))
    wrong = []
    if code not in (0, 1, 2) or any(sign in output for sign in CRASHES):
        wrong.append(f"exit {code}: {output.strip()[-600:]}")
    elif code:
        if out.exists():
            wrong.append(f"refused (exit {code}) but wrote {out.name}")
        if sorted(p.name for p in home.iterdir()) != before:
            wrong.append(f"refused (exit {code}) but changed the home: {sorted(p.name for p in home.iterdir())}")
        lines = output.strip().splitlines()
        if code == 2 and len(lines) != 1 or code == 1 and not lines[0].startswith("refused: "):
            wrong.append(f"refused (exit {code}) in {len(lines)} lines: {output.strip()[:300]}")
    else:
        for reader in ("score", "check", "status"):
            got, said = _run(runner, home, reader, "--session", str(out))
            if got not in (0, 1) or any(sign in said for sign in CRASHES):
                wrong.append(f"written, then {reader} ends {got}: {said.strip()[-600:]}")
        out.unlink()
    return wrong


@pytest.mark.parametrize("batch", range(BATCHES))
def test_no_tally_file_crashes_or_writes_when_refused(tmp_path: Path, batch: int) -> None:
    runner = CliRunner()
    failures = []
    for case in cases(SEED, COUNT):
        if case.number % BATCHES != batch:
            continue
        wrong = judge(runner, tmp_path / str(case.number), case.text)
        if wrong:
            failures.append(f"#{case.number} ({case.how}): {wrong[0]}")
    assert not failures, f"{len(failures)} of the cases failed:\n" + "\n".join(failures[:25])
