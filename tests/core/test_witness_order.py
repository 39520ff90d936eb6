"""The witness is never ahead of the file, and never another session's (field report 2026-12-06, TRUST-4).

A new session at a path an earlier session used (its file deleted, its witness log left behind) is created with
a crash at every ``os.replace`` and every ``os.unlink`` along the way in turn (simulated: the call raises, as a
SIGKILL at that point would stop the process), for ``new``, an import and a tally. After each crash the file at
the path is either absent, or the new session with no witness, or with its own: ``verify``'s witness never
says "#1 differs" (the old session's hashes), and a writer is never refused."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from scorekeeper.app.session import Session
from scorekeeper.core import witness
from scorekeeper.core.events import Event
from scorekeeper.core.journal import meta_hash
from scorekeeper.core.witness import Witness


class Crash(BaseException):
    """A process stopped at this point (not an Exception: nothing on the way catches it as an error)."""


@pytest.fixture
def crashing(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[int | None], list[str]]]:
    """``arm(n)``: the n-th ``os.replace`` or ``os.unlink`` from now raises ``Crash`` (None: none does); returns
    the list the calls are noted in."""
    real_replace, real_unlink = os.replace, os.unlink
    state: dict[str, Any] = {"left": None, "calls": []}

    def watched(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            state["calls"].append(f"{name} {Path(str(args[0])).name}")
            if state["left"] is not None:
                state["left"] -= 1
                if state["left"] == 0:
                    state["left"] = None
                    raise Crash(name)
            return real(*args, **kwargs)
        return call

    monkeypatch.setattr(os, "replace", watched("replace", real_replace))
    monkeypatch.setattr(os, "unlink", watched("unlink", real_unlink))

    def arm(n: int | None) -> list[str]:
        state["left"], state["calls"] = n, []
        return state["calls"]

    yield arm
    state["left"] = None


def old_session_left_its_witness(path: Path, home: Path) -> None:
    old = Session.create(path, "flamecraft", ["Ann", "Bob"], on_write=Witness(home))
    old.note("the old session")
    old.note("written twice")
    path.unlink()  # the file goes; its witness log stays behind
    assert witness.read_log(home, path)


def creators(tmp_path: Path) -> dict[str, Callable[[Path, Witness], Any]]:
    from scorekeeper.app.creation import new_session

    return {
        "new": lambda path, hook: new_session("emberheart", "Cy,Di,Ed", [], None, str(path), on_write=hook),
        "create with events": lambda path, hook: Session.from_meta(  # an import, a tally, new --from
            path, Session.create(None, "flamecraft", ["Cy", "Di"]).journal.meta,
            [Event(1, "note", None, {"text": "imported"}), Event(2, "note", None, {"text": "twice"})], on_write=hook),
    }


def witness_is_behind_or_right(path: Path, home: Path) -> str:
    """What the witness says of the file at ``path``: it must not be ahead nor another session's."""
    if not path.exists():
        return "no file"
    session = Session.open(path, on_write=Witness(home))
    compared = witness.compare(home, path, meta_hash(session.journal.meta), session.journal.records)
    assert compared.ok, compared.message
    assert session.known_edit() is None
    return compared.lines[0]


@pytest.mark.parametrize("kind", ["new", "create with events"])
def test_a_crash_at_every_replace_and_unlink_of_a_creation_leaves_the_witness_behind(
        kind: str, tmp_path: Path, crashing: Callable[[int | None], list[str]]) -> None:
    home, path = tmp_path / "home", tmp_path / "reused.json"
    create = creators(tmp_path)[kind]
    old_session_left_its_witness(path, home)
    calls = crashing(None)
    create(path, Witness(home))  # a first run, uninterrupted, counts the points
    points = list(calls)
    assert any(c.startswith("replace .reused.json") for c in points) and any("jsonl" in c for c in points), points
    seen = set()
    for n in range(1, len(points) + 1):
        path.unlink(missing_ok=True)
        for stray in tmp_path.glob(".reused.json*"):
            stray.unlink()
        old_session_left_its_witness(path, home)
        crashing(n)
        with pytest.raises(Crash):
            create(path, Witness(home))
        crashing(None)
        seen.add(witness_is_behind_or_right(path, home))
        Path(str(path) + ".lock").unlink(missing_ok=True)
    assert any(s.startswith("witness: none") for s in seen), seen  # a crash between the two writes was tried


def test_a_new_session_at_a_reused_path_is_witnessed_as_its_own(tmp_path: Path) -> None:
    home, path = tmp_path / "home", tmp_path / "reused.json"
    old_session_left_its_witness(path, home)
    Session.create(path, "flamecraft", ["Cy", "Di"], on_write=Witness(home))
    assert witness_is_behind_or_right(path, home).startswith("witness: the file holds the 0 event(s)")


KILLER = """
import os, signal, sys
left = int(sys.argv[1])
real_replace, real_unlink = os.replace, os.unlink
def counted(real):
    def call(*args, **kwargs):
        global left
        left -= 1
        if left == 0:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*args, **kwargs)
    return call
os.replace, os.unlink = counted(real_replace), counted(real_unlink)
from scorekeeper.cli import main
main(sys.argv[2:], prog_name="scorekeeper")
"""


def test_a_sigkill_at_every_replace_and_unlink_of_new_leaves_the_witness_behind(tmp_path: Path) -> None:
    """The same with a real SIGKILL of ``scorekeeper new`` at each point (nothing on the way runs after it)."""
    import signal
    import subprocess
    import sys

    home, path = tmp_path / "home", tmp_path / "reused.json"
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "SCOREKEEPER_NO_CACHE": "1"}
    argv = ["new", "flamecraft", "--players", "Cy,Di", "--session", str(path)]
    killed = []
    for n in range(1, 12):
        path.unlink(missing_ok=True)
        old_session_left_its_witness(path, home)
        done = subprocess.run([sys.executable, "-c", KILLER, str(n), *argv], env=env, capture_output=True, text=True,
                              timeout=60)
        if done.returncode != -signal.SIGKILL:
            assert done.returncode == 0, done.stderr
            break  # past the last point: the creation ran to its end
        killed.append(witness_is_behind_or_right(path, home))
        Path(str(path) + ".lock").unlink(missing_ok=True)
    assert len(killed) >= 4 and any(k.startswith("witness: none") for k in killed), killed
    assert witness_is_behind_or_right(path, home).startswith("witness: the file holds the 0 event(s)")
