"""A cache that cannot change an answer (issue 24, item 1): whatever is put in place of a replay cache entry —
one edited number, an entry sealed with another user's key, a FIFO, a link to /dev/zero, a count of 1e999,
deep nesting, a folder — every command answers from the session file (the same output as with no cache), in
a fresh process bounded by a timeout (no hang), and ``report`` never reads an entry at all."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Callable

import pytest

from scorekeeper.app import replay_cache
from scorekeeper.app.session import Session
from scorekeeper.core.engine import replay
from scorekeeper.core.state_codec import encode
from tests.core.test_kept_replay import SAMPLES

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = next(p for p in SAMPLES if p.parent.name == "emberheart" and p.stem == "four-players")
READS = (["score"], ["check"])


class Table:
    """A copy of a long sample, a private home (where the key lives) and a private cache folder."""

    def __init__(self, tmp_path: Path) -> None:
        self.session = tmp_path / "s.json"
        shutil.copy(SAMPLE, self.session)
        self.home, self.cache = tmp_path / "home", tmp_path / "cache"

    def run(self, *args: str, cache: bool = True) -> str:
        env = {**os.environ, "SCOREKEEPER_HOME": str(self.home), "SCOREKEEPER_CACHE_DIR": str(self.cache),
               "SCOREKEEPER_NO_CACHE": "" if cache else "1", "PYTHONPATH": str(ROOT)}
        env.pop("SCOREKEEPER_SESSION", None)
        result = subprocess.run([sys.executable, "-m", "scorekeeper", *args, "--session", str(self.session)],
                                cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False)
        return f"{result.returncode}\n{result.stdout}\n{result.stderr}"

    @property
    def entry(self) -> Path:
        return self.cache / os.path.basename(replay_cache.entry_path(os.path.realpath(self.session)))

    @property
    def key(self) -> bytes:
        return (self.home / replay_cache.SECRET).read_bytes()

    def body(self) -> dict:
        return json.loads(self.entry.read_bytes().partition(b"\n")[2])


def forged_state(table: Table) -> dict:
    """The entry with the state of ten plays earlier: another score, another count of violations."""
    body = table.body()
    s = Session.open(table.session)
    body["state"] = encode(replay(s.events[:body["count"] - 10], s.game, s.config).state)
    return body


def one_number_edited(table: Table) -> None:
    stored = table.entry.read_bytes()
    at = stored.index(b'"state"')
    digit = re.compile(rb"[0-9]").search(stored, at)
    assert digit is not None
    i = digit.start()
    table.entry.write_bytes(stored[:i] + (b"7" if stored[i:i + 1] != b"7" else b"3") + stored[i + 1:])


def earlier_state_old_seal(table: Table) -> None:
    seal = table.entry.read_bytes().partition(b"\n")[0]
    table.entry.write_bytes(seal + b"\n" + json.dumps(forged_state(table)).encode())


def another_users_key(table: Table) -> None:
    table.entry.write_bytes(replay_cache.sealed(json.dumps(forged_state(table)).encode(), os.urandom(32)))


def unsealed_plain_json(table: Table) -> None:
    table.entry.write_text(json.dumps(forged_state(table)), encoding="utf-8")


def fifo(table: Table) -> None:
    table.entry.unlink()
    os.mkfifo(table.entry)


def link_to_dev_zero(table: Table) -> None:
    table.entry.unlink()
    table.entry.symlink_to("/dev/zero")


def count_1e999(table: Table) -> None:
    """Sealed with the user's own key: even a trusted entry that cannot be read is a miss, not an error."""
    text = json.dumps(table.body()).replace('"count": ', '"count": 1e999, "was": ', 1)
    table.entry.write_bytes(replay_cache.sealed(text.encode(), table.key))


def deep_nesting(table: Table) -> None:
    body = json.dumps(table.body())
    deep = body.replace('"state": ', '"state": ' + "[" * 100_000 + "]" * 100_000 + ', "was": ', 1)
    table.entry.write_bytes(replay_cache.sealed(deep.encode(), table.key))


def a_folder(table: Table) -> None:
    table.entry.unlink()
    (table.entry / "inside").mkdir(parents=True)


DAMAGES: list[Callable[[Table], None]] = [one_number_edited, earlier_state_old_seal, another_users_key,
                                          unsealed_plain_json, fifo, link_to_dev_zero, count_1e999,
                                          deep_nesting, a_folder]


@pytest.fixture(scope="module")
def truth(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """What the reads answer with no cache at all (the same for every copy of the sample: no path is printed)."""
    table = Table(tmp_path_factory.mktemp("truth"))
    return [table.run(*args, cache=False) for args in READS]


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda d: d.__name__)
def test_a_damaged_or_forged_entry_is_answered_from_the_file(damage: Callable[[Table], None], truth: list[str],
                                                             tmp_path: Path) -> None:
    table = Table(tmp_path)
    assert [table.run(*args) for args in READS] == truth  # this run keeps the entry
    assert table.entry.is_file()
    damage(table)
    assert [table.run(*args) for args in READS] == truth
    if damage is not a_folder:  # the entry was replaced by a good one (a folder stays: it is no entry)
        assert stat.S_ISREG(table.entry.lstat().st_mode) and table.body()["count"] == len(Session.open(table.session).events)


def test_the_forgery_would_have_changed_the_answer(tmp_path: Path) -> None:
    """The forged state is a real forgery: sealed with the user's key it would be believed (which is why only
    the user's own key, kept private, can seal an entry)."""
    table = Table(tmp_path)
    truth = table.run("score")
    table.entry.write_bytes(replay_cache.sealed(json.dumps(forged_state(table)).encode(), table.key))
    assert table.run("score") != truth


def test_report_replays_the_file_itself(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.run("report", "-o", str(tmp_path / "truth.html"), cache=False)
    table.run("score")
    table.entry.write_bytes(replay_cache.sealed(json.dumps(forged_state(table)).encode(), table.key))
    table.run("report", "-o", str(tmp_path / "cached.html"))
    assert (tmp_path / "cached.html").read_bytes() == (tmp_path / "truth.html").read_bytes()
    assert replay_cache.vouched_count(Session.open(table.session, cached=False).journal) is None


@pytest.mark.parametrize("mode", [0o644, 0o400])
def test_a_key_file_not_private_means_no_cache(mode: int, tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.home.mkdir()
    key = table.home / replay_cache.SECRET
    key.write_bytes(os.urandom(replay_cache.SECRET_BYTES))
    key.chmod(mode)
    truth = table.run("score", cache=False)
    assert table.run("score") == truth
    assert not table.entry.exists()


def test_a_key_file_of_the_wrong_size_or_a_link_means_no_cache(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.home.mkdir()
    key = table.home / replay_cache.SECRET
    key.write_bytes(b"short")
    key.chmod(0o600)
    truth = table.run("score", cache=False)
    assert table.run("score") == truth and not table.entry.exists()
    key.unlink()
    (tmp_path / "elsewhere").write_bytes(os.urandom(replay_cache.SECRET_BYTES))
    (tmp_path / "elsewhere").chmod(0o600)
    key.symlink_to(tmp_path / "elsewhere")
    assert table.run("score") == truth and not table.entry.exists()


def test_the_key_is_made_once_private(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.run("score")
    key = table.home / replay_cache.SECRET
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and len(key.read_bytes()) == replay_cache.SECRET_BYTES
    first = key.read_bytes()
    table.run("score")
    assert key.read_bytes() == first
    assert [p.name for p in table.home.iterdir() if p.name.startswith(".key-")] == []
