"""Warm reads stay partial (issue 34, field report TRUST-6): the "Played … at …" line of ``status`` and ``score``
comes from what the replay cache's entry keeps (the first and last event times, the last place note) and the
events after it, not from parsing every event; and it says exactly what it says with the cache off."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core.journal import Journal
from tests.conftest import Cli

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"


@pytest.fixture
def long(cli: Cli, tmp_path: Path) -> Cli:
    """A copy of a sample of 335 events, its entry kept by a first ``score``, then a place and a note after it."""
    shutil.copyfile(SAMPLES / "emberheart" / "four-players.json", cli.session)
    for step in (("score",), ("set", "location", "Ann's kitchen"), ("note", "after the entry")):
        assert cli(*step).exit_code in (0, 1), step
    return cli


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each whole parse of a session file (what the cache's entry spares)."""
    seen: list[str] = []
    real = Journal._parse

    def counting(self: Journal) -> None:
        seen.append(str(self.path))
        real(self)

    monkeypatch.setattr(Journal, "_parse", counting)
    return seen


@pytest.mark.parametrize("command", ["status", "score"])
def test_a_warm_read_parses_no_event_before_the_entry(long: Cli, parses: list[str], command: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    long(command)  # the entry now vouches for the place and the note too
    parses.clear()
    warm = long(command)
    assert warm.exit_code in (0, 1)
    assert parses == [], f"{command} parsed the whole file"
    assert "at Ann's kitchen" in warm.stdout
    monkeypatch.setenv("SCOREKEEPER_NO_CACHE", "1")
    cold = long(command)
    assert (cold.exit_code, cold.stdout) == (warm.exit_code, warm.stdout)


def test_events_after_the_entry_move_the_times_and_the_place(long: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The entry's word plus the events after it says what every event says: a later place, a later note."""
    outputs: list[Any] = []
    for step in (("set", "location", "the club"), ("note", "later")):
        assert long(*step).exit_code == 0
        warm = long("status").stdout
        with monkeypatch.context() as m:
            m.setenv("SCOREKEEPER_NO_CACHE", "1")
            assert long("status").stdout == warm
        outputs.append(warm)
    assert "at the club" in outputs[-1]
    assert long("undo").exit_code == 0 and long("undo").exit_code == 0  # voids of the note and the place
    warm = long("status").stdout
    monkeypatch.setenv("SCOREKEEPER_NO_CACHE", "1")
    assert long("status").stdout == warm and "at Ann's kitchen" in warm
