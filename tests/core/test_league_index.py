"""The league's index (``scorekeeper.app.league_index``): a file is replayed once, a changed one again, a removed
one drops out, a code change re-reads everything, a damaged index is rebuilt with one line, concurrent commands
share it; what-if branches count only when asked; the ``sessions`` list shows winners and scores in 80 columns.

That the index never changes an output is ``tests/core/test_standings.py``: each of its league tests runs with
and without it.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app import league_index, league_result, standings as league
from scorekeeper.app.league_index import Index
from tests.conftest import Cli

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
ROOT = SAMPLES.parent


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    club = tmp_path / "club"
    shutil.copytree(SAMPLES / "eight-dragons", club)
    return club


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files actually replayed (not taken from the index)."""
    read: list[str] = []
    real = league_result.read_result

    def counting(path: str, *args: Any) -> Any:
        read.append(Path(path).name)
        return real(path, *args)

    monkeypatch.setattr(league_result, "read_result", counting)
    return read


def run(folder: Path, index: Path) -> dict[str, Any]:
    data: dict[str, Any] = league.standings([str(folder)], index=Index(index)).to_json()
    return data


def test_a_file_is_replayed_once_and_again_when_it_changed(folder: Path, tmp_path: Path, replays: list[str]) -> None:
    index = tmp_path / "league.sqlite"
    first = run(folder, index)
    assert sorted(replays) == ["2p-aurea.json", "3p-board.json", "4p-long.json", "disputed.json", "manifest.json"]
    replays.clear()
    assert run(folder, index) == first and replays == []
    os.utime(folder / "2p-aurea.json", ns=(1, 1))  # another stat, the same bytes: hashed again, not replayed
    assert run(folder, index) == first and replays == []
    shutil.copy(SAMPLES / "flamecraft" / "5p-gold.json", folder / "2p-aurea.json")  # the same name, another game
    changed = run(folder, index)
    assert replays == ["2p-aurea.json"]
    assert [g["game"] for g in changed["games"]] == ["eight-dragons", "flamecraft"]
    assert changed == league.standings([str(folder)]).to_json()  # what the files say, without any index


def test_a_removed_file_drops_out_and_a_code_change_reads_again(folder: Path, tmp_path: Path, replays: list[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    index = tmp_path / "league.sqlite"
    run(folder, index)
    (folder / "4p-long.json").unlink()
    assert run(folder, index)["games"][0]["sessions"] == 3
    with sqlite3.connect(index) as db:
        paths = [Path(p).name for (p,) in db.execute("SELECT path FROM files ORDER BY path")]
        results = db.execute("SELECT count(*) FROM results").fetchone()[0]
    assert paths == ["2p-aurea.json", "3p-board.json", "disputed.json", "manifest.json"] and results == 4
    replays.clear()
    monkeypatch.setattr(league_index, "code_key", lambda: "another version of the code")
    run(folder, index)
    assert len(replays) == 4


def test_a_damaged_index_is_rebuilt_with_one_line(cli: Cli, folder: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    index = tmp_path / "cache" / "league.sqlite"
    good = cli("standings", str(folder))
    assert index.exists() and good.stderr == ""
    index.write_bytes(b"this is not a database" * 100)
    for suffix in ("-wal", "-shm"):
        Path(str(index) + suffix).unlink(missing_ok=True)
    rebuilt = cli("standings", str(folder))
    assert rebuilt.exit_code == 0 and rebuilt.stdout == good.stdout
    assert rebuilt.stderr.count("\n") == 1
    assert rebuilt.stderr.startswith(f"warning: the league index {index} was damaged") and "rebuilt it" in rebuilt.stderr
    again = cli("standings", str(folder))
    assert again.stdout == good.stdout and again.stderr == ""


def test_a_file_given_as_index_that_is_not_one_is_left_alone(cli: Cli, folder: Path, tmp_path: Path) -> None:
    other = tmp_path / "accounts.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE files (name TEXT)")
    for given in (other, folder / "2p-aurea.json"):
        before = given.read_bytes()
        result = cli("standings", str(folder), "--index", str(given))
        assert result.exit_code == 2 and result.stderr.startswith(f"error: {given} is not a league index")
        assert given.read_bytes() == before
    fresh = tmp_path / "new.sqlite"
    assert cli("standings", str(folder), "--index", str(fresh)).exit_code == 0
    assert cli("standings", str(folder), "--index", str(fresh)).stderr == ""


def test_no_cache_means_no_index(cli: Cli, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("SCOREKEEPER_NO_CACHE", "1")
    assert cli("standings", str(folder)).exit_code == 0
    assert not (tmp_path / "cache" / "league.sqlite").exists()
    monkeypatch.delenv("SCOREKEEPER_NO_CACHE")
    assert cli("standings", str(folder)).exit_code == 0
    assert (tmp_path / "cache" / "league.sqlite").stat().st_mode & 0o077 == 0  # private to the user


def test_concurrent_commands_share_the_index(folder: Path, tmp_path: Path) -> None:
    index = tmp_path / "league.sqlite"
    command = [sys.executable, "-m", "scorekeeper", "standings", str(folder), "--index", str(index), "--json"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    children = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env) for _ in range(3)]
    outputs = [child.communicate(timeout=120) for child in children]
    assert all(child.returncode == 0 for child in children) and all(err == b"" for _, err in outputs)
    assert len({out for out, _ in outputs}) == 1
    assert json.loads(outputs[0][0]) == league.standings([str(folder)]).to_json()


def _open_at_once(path: str, barrier: Any, answers: Any) -> None:
    barrier.wait()
    try:
        Index(Path(path), explicit=True).close()
        answers.put("ok")
    except Exception as exc:  # noqa: BLE001 (what the command would have said)
        answers.put(f"{type(exc).__name__}: {exc}")


def test_commands_making_one_new_index_at_once_all_open_it(tmp_path: Path) -> None:
    """Six commands opening the same new index at once: each reads the index's mark and its tables in one snapshot,
    so none takes the tables another is making for another program's database (which refused 13 of 240 opens
    before)."""
    import multiprocessing

    context = multiprocessing.get_context("fork")
    said = []
    for round_ in range(20):
        barrier, answers = context.Barrier(6), context.Queue()
        workers = [context.Process(target=_open_at_once, args=(str(tmp_path / f"index-{round_}.sqlite"), barrier,
                                                                answers)) for _ in range(6)]
        for worker in workers:
            worker.start()
        said += [answers.get(timeout=60) for _ in workers]
        for worker in workers:
            worker.join(timeout=60)
    assert said == ["ok"] * len(said), sorted(set(said) - {"ok"})


def test_a_what_if_branch_counts_only_when_asked(cli: Cli, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder.parent)
    made = cli("branch", "club/what-if.json", "--session", "club/2p-aurea.json")
    assert made.exit_code == 0, made.output
    plain = cli("standings", "club")
    assert "8 Dragons: 4 finished sessions" in plain.stdout
    assert "left out as what-if branches: 1 (--include-branches counts them)" in plain.stdout
    assert cli.json("standings", "club")["branches_left_out"] == 1
    counted = cli("standings", "club", "--include-branches")
    assert "8 Dragons: 5 finished sessions" in counted.stdout and "what-if" not in counted.stdout
    assert "Whytera         3       3" in counted.stdout


def test_sessions_show_the_winner_and_scores_in_80_columns(cli: Cli, tmp_path: Path) -> None:
    deep = tmp_path / "a folder with a rather long name" / "and another one inside it"
    deep.mkdir(parents=True)
    for name in ("eight-dragons/4p-long.json", "flamecraft/5p-gold.json"):
        shutil.copy(SAMPLES / name, deep / Path(name).name)
        assert cli("use", str(deep / Path(name).name)).exit_code == 0
    assert cli("new", "flamecraft", "--players", "Ann,Bo", "--session", str(deep / "tonight.json")).exit_code == 0
    out = cli("sessions").stdout
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0].split() == ["game", "path", "winner", "scores", "last", "used"]
    assert lines[2].startswith("*   Flamecraft  …") and "tonight.json" in lines[2] and "so far: 0 0" in lines[2]
    assert "…" in lines[3] and "/5p-gold.json" in lines[3] and "Ivo       29 20 20 14 12" in lines[3]
    assert "/4p-long.json" in lines[4] and "Whytera   72 37 20 14" in lines[4]
    rows = cli.json("sessions")
    assert rows[1]["winners"] == ["Ivo"] and rows[1]["finished"] and rows[1]["totals"]["Juno"] == 20
    assert rows[0]["finished"] is False and rows[0]["winners"] == []


def test_many_files_are_read_in_parallel_with_the_same_outcome(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    club = tmp_path / "club"
    for n in range(4):  # 4 × 9 files: finished sessions, their copies (skipped as such), manifests
        shutil.copytree(SAMPLES / "eight-dragons", club / f"year{n}" / "eight-dragons")
        shutil.copytree(SAMPLES / "flamecraft", club / f"year{n}" / "flamecraft")
    assert len(list(club.rglob("*.json"))) >= league.PARALLEL_FROM
    parallel = league.standings([str(club)], index=Index(tmp_path / "league.sqlite")).to_json()
    monkeypatch.setattr(league, "PARALLEL_FROM", 10**9)
    assert league.standings([str(club)]).to_json() == parallel
    assert league.standings([str(club)], index=Index(tmp_path / "league.sqlite")).to_json() == parallel
    assert len(parallel["skipped"]) == 3 * 8  # the copies (the manifests beside them are passed over)
