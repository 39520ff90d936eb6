"""A sealed league index (issue 34, field report TRUST-2): every row of ``league.sqlite`` is sealed with the
user's key (the replay cache's, ``replay_cache.seal``); a row edited, swapped from another path or digest, or
deleted is read again from the file, and a shared ``--index`` is checked against the files' bytes. Whatever is
done to the index, every league view prints byte for byte what it prints with no index at all.

Before the fix ``UPDATE results SET outcome=…`` changed the winner and totals of every view.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.conftest import Cli

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
VIEWS = [(), ("--last", "5"), ("--bests",), ("--streaks",), ("--vs", "Rhed,Blakkar"), ("--json",),
         ("--last", "5", "--json")]


@pytest.fixture
def club(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    folder = tmp_path / "club"
    folder.mkdir()
    for game in ("flamecraft", "eight-dragons"):
        shutil.copytree(SAMPLES / game, folder / game)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    return cli


def outputs(cli: Cli, *index: str) -> list[tuple[int, str, str]]:
    runs = [cli("standings", "club", *view, *index) for view in VIEWS]
    return [(r.exit_code, r.stdout, r.stderr) for r in runs]


def no_index(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, str]]:
    with monkeypatch.context() as m:
        m.setenv("SCOREKEEPER_NO_CACHE", "1")
        return outputs(cli)


def forge_outcome(db: sqlite3.Connection) -> None:
    """Every result's winner and totals rewritten: the first player wins with 999."""
    for digest, code, outcome in db.execute("SELECT digest, code, outcome FROM results").fetchall():
        data = json.loads(outcome)
        if "table" not in data:
            continue
        rows = data["table"]["rows"]
        rows[0][2], rows[0][3] = 999, 1
        data["table"]["winners"] = [rows[0][0]]
        db.execute("UPDATE results SET outcome = ? WHERE digest = ? AND code = ?", (json.dumps(data), digest, code))


def swap_digests(db: sqlite3.Connection) -> None:
    """Each path mapped to another file's digest (its seal left as it was)."""
    rows = db.execute("SELECT path, digest FROM files ORDER BY path").fetchall()
    for (path, _), (_, other) in zip(rows, rows[1:] + rows[:1]):
        db.execute("UPDATE files SET digest = ? WHERE path = ?", (other, path))


def swap_seals(db: sqlite3.Connection) -> None:
    """Each path mapped to another file's digest, with that file's row's seal too."""
    rows = db.execute("SELECT path, digest, seal FROM files ORDER BY path").fetchall()
    for (path, _, _), (_, other, seal) in zip(rows, rows[1:] + rows[:1]):
        db.execute("UPDATE files SET digest = ?, seal = ? WHERE path = ?", (other, seal, path))


def swap_outcomes(db: sqlite3.Connection) -> None:
    """Each digest's outcome (and seal) given to another digest."""
    rows = db.execute("SELECT digest, outcome, seal FROM results ORDER BY digest").fetchall()
    for (digest, _, _), (_, outcome, seal) in zip(rows, rows[1:] + rows[:1]):
        db.execute("UPDATE results SET outcome = ?, seal = ? WHERE digest = ?", (outcome, seal, digest))


def delete_rows(db: sqlite3.Connection) -> None:
    db.execute("DELETE FROM results WHERE digest IN (SELECT digest FROM results ORDER BY digest LIMIT 3)")
    db.execute("DELETE FROM files WHERE path IN (SELECT path FROM files ORDER BY path LIMIT 2)")


EDITS: list[Callable[[sqlite3.Connection], None]] = [forge_outcome, swap_digests, swap_seals, swap_outcomes,
                                                     delete_rows]


def edit(index: Path, change: Callable[[sqlite3.Connection], None]) -> None:
    db = sqlite3.connect(index, isolation_level=None)
    try:
        change(db)
    finally:
        db.close()


@pytest.mark.parametrize("change", EDITS, ids=lambda c: c.__name__)
def test_an_edited_default_index_changes_no_output(club: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  change: Callable[[sqlite3.Connection], None]) -> None:
    expected = no_index(club, monkeypatch)
    assert outputs(club) == expected  # fills the index
    edit(tmp_path / "cache" / "league.sqlite", change)
    assert outputs(club) == expected


@pytest.mark.parametrize("change", EDITS, ids=lambda c: c.__name__)
def test_an_edited_shared_index_changes_no_output(club: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 change: Callable[[sqlite3.Connection], None]) -> None:
    shared = tmp_path / "archive.sqlite"
    expected = no_index(club, monkeypatch)
    assert outputs(club, "--index", str(shared)) == expected
    edit(shared, change)
    assert outputs(club, "--index", str(shared)) == expected


def test_a_shared_index_sealed_under_another_key_is_a_hint_only(club: Cli, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Another member's index (their key), its results forged and sealed under their key: read from the files."""
    from scorekeeper.app import replay_cache

    shared = tmp_path / "archive.sqlite"
    expected = no_index(club, monkeypatch)
    other = tmp_path / "other-home"
    other.mkdir()
    with monkeypatch.context() as m:
        m.setenv("SCOREKEEPER_HOME", str(other))
        m.setattr(replay_cache, "_keys", {})
        Cli(other, club.session)("standings", "club", "--index", str(shared))
        secret = replay_cache.user_key()
        assert secret is not None

        def forge_and_reseal(db: sqlite3.Connection) -> None:
            from scorekeeper.app.league_index import result_row

            forge_outcome(db)
            for digest, code, outcome in db.execute("SELECT digest, code, outcome FROM results").fetchall():
                db.execute("UPDATE results SET seal = ? WHERE digest = ? AND code = ?",
                           (replay_cache.seal(result_row(digest, code, outcome), secret), digest, code))

        edit(shared, forge_and_reseal)
    monkeypatch.setattr(replay_cache, "_keys", {})
    assert outputs(club, "--index", str(shared)) == expected


def test_sessions_reads_an_edited_index_row_again(club: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for path in sorted((tmp_path / "club" / "eight-dragons").glob("*.json"))[:3]:
        assert club("use", str(path)).exit_code == 0
    expected = club("sessions").stdout
    edit(tmp_path / "cache" / "league.sqlite", forge_outcome)
    assert club("sessions").stdout == expected and "999" not in expected
