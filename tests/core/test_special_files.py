"""What the fuzz (tests/fuzz) found, each fixed and held here: a FIFO, a device, a link or a folder in place of a
file the product reads or writes, a line that is not UTF-8 in a pipe, a recent list nested too deeply.

Each case runs in the fuzz's sandbox (a forked child with a time and memory limit), so that the old behaviour —
a hang, memory exhausted — fails the test instead of stopping the suite.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.fuzz.arguments import session_text
from tests.fuzz.oracle import problems, snapshot
from tests.fuzz.sandbox import Outcome, Place, run_cli

TIMEOUT = 10.0


@pytest.fixture
def place(tmp_path: Path) -> Place:
    return Place(tmp_path / "case").fresh(session_text("flamecraft", 1.0))


def judged(place: Place, argv: list[str], stdin: bytes | None = None) -> tuple[Outcome, list[str]]:
    before = snapshot(place)
    outcome = run_cli(place, argv, stdin=stdin, timeout=TIMEOUT)
    return outcome, problems(outcome, before, snapshot(place))


@pytest.mark.parametrize("special", ["fifo", "/dev/full", "/dev/zero", "/dev/null"])
def test_a_catalog_that_is_no_regular_file_is_refused_in_one_line(place: Place, special: str) -> None:
    catalog = place.table / "catalog.json"
    if special == "fifo":
        os.mkfifo(catalog)
    else:
        catalog.symlink_to(special)
    outcome, found = judged(place, ["new", "flamecraft", "--players", "Ann,Bo", "--catalog", str(catalog),
                                    "--session", "new.json"])
    assert (outcome.code, found) == (2, [])
    assert "not a regular file" in outcome.said and "the catalog" in outcome.said
    assert not (place.table / "new.json").exists()


@pytest.mark.parametrize("command", [["new", "flamecraft", "--players", "Ann,Bo", "--from", "/dev/full"],
                                     ["tally", "--from", "/dev/zero"],
                                     ["import", "/dev/zero"]])
def test_a_device_to_read_from_is_refused_before_a_byte_is_read(place: Place, command: list[str]) -> None:
    outcome, found = judged(place, command)
    assert (outcome.code, found) == (2, [])
    assert "not a regular file" in outcome.said


def test_standings_over_a_device_counts_nothing_and_hashes_nothing(place: Place) -> None:
    outcome, found = judged(place, ["standings", "/dev/zero", "session.json"])
    assert found == [] and outcome.code == 0, outcome


def test_the_home_files_are_read_only_as_regular_files(place: Place) -> None:
    (place.home / "recent.json").symlink_to("/dev/zero")
    (place.home / "current").symlink_to("/dev/zero")
    outcome, found = judged(place, ["use", "session.json"])
    assert (outcome.code, found) == (0, [])
    assert json.loads((place.home / "recent.json").read_text())[0]["path"] == str(place.session)


def test_a_recent_list_nested_too_deeply_is_no_list_and_new_succeeds(place: Place) -> None:
    (place.home / "recent.json").write_text("[" * 100_000 + "]" * 100_000)
    outcome, found = judged(place, ["new", "flamecraft", "--players", "Ann,Bo", "--session", "new.json"])
    assert (outcome.code, found) == (0, [])
    assert json.loads((place.home / "recent.json").read_text())[0]["path"].endswith("new.json")


@pytest.mark.parametrize("pointing", ["missing", "theirs"])
def test_a_lock_file_that_is_a_link_is_refused_and_never_followed(place: Place, pointing: str) -> None:
    target = place.elsewhere / f"{pointing}.json"
    if pointing == "theirs":
        target.write_text("theirs")
    (place.table / "session.json.lock").symlink_to(target)
    outcome, found = judged(place, ["note", "x"])
    assert (outcome.code, found) == (2, [])
    assert "the lock file is not a regular file" in outcome.said
    assert target.exists() == (pointing == "theirs") and (pointing == "missing" or target.read_text() == "theirs")


def test_the_witness_log_is_never_appended_through_a_link(place: Place) -> None:
    from scorekeeper.core.witness import log_path

    log = Path(log_path(place.home, place.session))
    log.parent.mkdir(parents=True)
    (place.elsewhere / "theirs.jsonl").write_text("theirs\n")
    log.symlink_to(place.elsewhere / "theirs.jsonl")
    outcome, found = judged(place, ["note", "x"])
    assert outcome.code == 0 and "could not keep the witness" in outcome.said
    assert (place.elsewhere / "theirs.jsonl").read_text() == "theirs\n"


def test_the_league_index_is_never_created_through_a_link(place: Place) -> None:
    (place.cache / "league.sqlite").symlink_to(place.elsewhere / "missing.sqlite")
    outcome, found = judged(place, ["standings", "."])
    assert outcome.code in (0, 1) and "Traceback" not in outcome.stderr
    assert not (place.elsewhere / "missing.sqlite").exists()


def test_a_piped_line_that_is_not_utf8_is_refused_alone(place: Place) -> None:
    outcome = run_cli(place, ["play", "--keep-going"], stdin=b"note nope\xe9\nnote fine\n", timeout=TIMEOUT)
    assert outcome.code == 1 and "internal error" not in outcome.stderr
    assert outcome.stderr.count("error:") == 1 and "is not UTF-8 text" in outcome.said
    assert "nope\\xe9" in outcome.stdout  # echoed as it came, escaped
    assert '"fine"' in place.session.read_text() and "nope" not in place.session.read_text()


def test_standings_of_an_unknown_game_is_refused_before_the_league_index_is_made(place: Place) -> None:
    outcome, found = judged(place, ["standings", ".", "--game", "sets"])
    assert (outcome.code, found) == (2, []) and "unknown game 'sets'" in outcome.said
    assert not (place.cache / "league.sqlite").exists()


def test_standings_skips_a_path_no_file_can_have_instead_of_failing(place: Place) -> None:
    outcome, found = judged(place, ["standings", "x" * 300, "session.json"])
    assert (outcome.code, found) == (0, []), outcome
    assert "cannot be read (File name too long)" in outcome.stdout
