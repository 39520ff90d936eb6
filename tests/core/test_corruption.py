"""Corruption: an unreadable session file gives a one-line error naming the file, exit 2, and is never written.

Each of 45 kinds of damaged file (truncated, not JSON, empty, wrong schema, newer schema, wrong types in the
metadata or an event, nested too deeply, a number too long, NaN, another encoding…) is given to reading commands
(``status``, ``score``, ``check``, ``log``, ``verify``) and writing ones (``note``, ``undo``, ``fake add``). Every time: exit code 2,
nothing on stdout, exactly one line on stderr that names the file and says what is wrong, no traceback, the
file byte-for-byte unchanged and no temporary file left beside it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)

ROOT = Path(__file__).resolve().parents[2]

READING = [("status",), ("score",), ("check",), ("log",), ("verify",)]
WRITING = [("note", "a ruling"), ("undo",), ("fake", "add", "1")]


def good_session(cli) -> bytes:
    """A healthy session with a few events, as bytes."""
    assert cli("new", "fake", "--players", "Astrid,Bjorn", "--session", str(cli.session)).exit_code == 0
    for step in (("fake", "add", "2"), ("note", "fine so far"), ("fake", "add", "1")):
        assert cli(*step).exit_code == 0
    return cli.session.read_bytes()


def edited(change: Callable[[dict[str, Any]], None]) -> Callable[[bytes], bytes]:
    def damage(good: bytes) -> bytes:
        data = json.loads(good)
        change(data)
        return json.dumps(data).encode()

    return damage


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Set ``data[a][b]…`` for ``path`` 'a/b/…' (a missing value deletes the key)."""

    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split("/")
        for key in parents:
            data = data[key]
        if value is _DELETE:
            del data[last]
        else:
            data[last] = value

    return change


_DELETE = object()

# name → (how to damage a good file, a phrase the error must contain)
DAMAGES: dict[str, tuple[Callable[[bytes], bytes], str]] = {
    "truncated-half": (lambda good: good[: len(good) // 2], "JSON error"),
    "truncated-last-byte": (lambda good: good[:-1], "JSON error"),
    "truncated-mid-event": (lambda good: good[: good.rfind(b'"hash"')], "JSON error"),
    "not-json-text": (lambda good: b"Astrid 12, Bjorn 9 (final)\n", "JSON error"),
    "not-json-binary": (lambda good: b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "not UTF-8"),
    "json-array": (lambda good: b"[1, 2, 3]", "expected a JSON object"),
    "empty": (lambda good: b"", "empty"),
    "whitespace-only": (lambda good: b"  \n\n", "empty"),
    "tinydb-default-table": (lambda good: b'{"_default": {"1": {"score": 3}}}', "no metadata table"),
    "no-schema-version": (edited(_set("meta/1/schema", _DELETE)), "no schema version"),
    "schema-as-text": (edited(_set("meta/1/schema", "1")), "no schema version"),
    "no-players": (edited(_set("meta/1/players", _DELETE)), "metadata is damaged"),
    "unknown-game": (edited(_set("meta/1/game", "chess")), "unknown game"),
    "events-table-a-list": (edited(_set("events", [])), "events table is damaged"),
    "event-without-seq": (edited(_set("events/2/seq", _DELETE)), "event document 2 is damaged"),
    "event-id-not-a-number": (edited(lambda d: d["events"].update(x=d["events"].pop("3"))), "non-numeric"),
    "event-payload-not-an-object": (edited(_set("events/2/payload", ["fine", "so", "far"])),
                                    "event document 2 is damaged"),
    "event-player-not-text": (edited(_set("events/1/player", {"name": "Astrid"})), "event document 1 is damaged"),
    "newer-schema": (edited(_set("meta/1/schema", 2)), "newer Scorekeeper (schema 2"),
    # issue 12: more kinds, each found by hand or by the fuzzers
    "schema-negative": (edited(_set("meta/1/schema", -1)), "no schema version"),
    "schema-fraction": (edited(_set("meta/1/schema", 1.5)), "no schema version"),
    "schema-true": (edited(_set("meta/1/schema", True)), "no schema version"),
    "meta-document-not-an-object": (edited(_set("meta/1", "x")), "metadata is damaged"),
    "meta-table-a-list": (edited(_set("meta", [1])), "no metadata table"),
    "meta-table-empty": (edited(_set("meta", {})), "no metadata table"),
    "players-not-a-list": (edited(_set("meta/1/players", "Astrid")), "metadata is damaged"),
    "players-empty": (edited(_set("meta/1/players", [])), "metadata is damaged"),
    "players-twice-the-same": (edited(_set("meta/1/players", ["Astrid", "Astrid"])), "metadata is damaged"),
    "game-not-text": (edited(_set("meta/1/game", 7)), "metadata is damaged"),
    "settings-not-an-object": (edited(_set("meta/1/settings", [1])), "metadata is damaged"),
    "setting-of-the-wrong-type": (edited(_set("meta/1/settings/target", "ten")), "setting target"),
    "event-document-not-an-object": (edited(_set("events/2", "junk")), "event document 2 is damaged"),
    "event-seq-as-text": (edited(_set("events/2/seq", "2")), "event document 2 is damaged"),
    "event-without-type": (edited(_set("events/1/type", _DELETE)), "event document 1 is damaged"),
    "event-type-not-text": (edited(_set("events/1/type", 5)), "event document 1 is damaged"),
    "event-forced-as-text": (edited(_set("events/1/forced", "false")), "event document 1 is damaged"),
    "event-time-not-text": (edited(_set("events/1/recorded_at", 5)), "event document 1 is damaged"),
    "nested-5000-deep": (lambda good: b"[" * 5000 + b"]" * 5000, "nested too deeply"),
    "nested-5000-deep-in-a-payload": (lambda good: good.replace(b'"payload":{', b'"payload":{"x":' + b"[" * 5000
                                                                + b"]" * 5000 + b",", 1), "nested too deeply"),
    "number-of-5000-digits": (lambda good: good.replace(b'"seq":1', b'"seq":' + b"1" * 5000, 1), "too long"),
    "nan-literal": (lambda good: good.replace(b'"seq":1', b'"seq":NaN', 1), "NaN"),
    "utf16-text": (lambda good: good.decode().encode("utf-16"), "not UTF-8"),
    "utf8-byte-order-mark": (lambda good: b"\xef\xbb\xbf" + good, "BOM"),
    "trailing-garbage": (lambda good: good + b"{}", "Extra data"),
    "nul-bytes": (lambda good: b"\x00" * 64, "JSON error"),
}

#: damage name → reason, for a case the core gets wrong today (marked xfail(strict=True) until it is fixed)
KNOWN_BUGS: dict[str, str] = {}


def cases() -> list[Any]:
    params = []
    for name in DAMAGES:
        for command in READING + WRITING:
            marks = [pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[name])] if name in KNOWN_BUGS else []
            params.append(pytest.param(name, command, id=f"{name}-{command[-1] if command[0] == 'fake' else command[0]}",
                                       marks=marks))
    return params


@pytest.mark.parametrize("name, command", cases())
def test_a_damaged_file_gives_one_line_exit_2_and_is_left_untouched(cli, name: str, command: tuple[str, ...]) -> None:
    damage, phrase = DAMAGES[name]
    damaged = damage(good_session(cli))
    cli.session.write_bytes(damaged)
    before = sorted(p.name for p in cli.session.parent.iterdir())

    result = cli(*command)

    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and result.stderr.endswith("\n"), result.stderr
    assert lines[0].startswith(f"error: {cli.session}"), lines[0]  # names the file first
    assert phrase in lines[0], lines[0]
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert cli.session.read_bytes() == damaged  # byte for byte
    after = sorted(p.name for p in cli.session.parent.iterdir())
    assert [n for n in after if n not in before and not n.endswith(".lock")] == []  # no temporary file left


@pytest.mark.parametrize("damage", ["truncated", "not-json"])
@pytest.mark.parametrize("command", [("status",), ("note", "a ruling")])
def test_the_real_entry_point_prints_one_line_and_no_traceback(tmp_path: Path, damage: str,
                                                               command: tuple[str, ...]) -> None:
    """Through ``python -m scorekeeper`` in a fresh process, exactly as a user would see it."""
    session = tmp_path / "tuesday.json"
    content = b'{"meta": {"1": {"schema": 1, "game": "emberheart", "players": ["A", "B"]}}, "events": {"1": {"se'
    if damage == "not-json":
        content = b"this is not a session\n"
    session.write_bytes(content)
    env = {**os.environ, "SCOREKEEPER_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    env.pop("SCOREKEEPER_SESSION", None)
    result = subprocess.run([sys.executable, "-m", "scorekeeper", *command, "--session", str(session)],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"error: {session}: "), result.stderr
    assert session.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tuesday.json"]  # not even a lock file or a home folder
