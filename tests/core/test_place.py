"""Where and how long a game was played: ``set location PLACE`` (a note: the journal stays append-only) and the
first-to-last-event time, said by ``status``, ``score``, the report's header and the BG Stats export.

The sample ``eight-dragons/2p-aurea.json`` (played 08:30 to 08:31 on 2026-11-30, UTC) is copied into a temporary
folder and made the default session; the tests run in UTC, so times print as shown.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import Cli
from tests.core.test_bgstats import utc  # noqa: F401 (local time is UTC while a test runs)

SAMPLE = Path(__file__).resolve().parents[2] / "sample_sessions" / "eight-dragons" / "2p-aurea.json"
PLAYED = "Played 2026-11-30 08:30 to 08:31 (1 min)"


@pytest.fixture
def table(cli: Cli) -> Cli:
    shutil.copy(SAMPLE, cli.session)
    return cli


def test_status_and_score_say_how_long_the_game_took(table: Cli) -> None:
    """UX-18 (field report): `status`, `score` and the report showed no duration; status and score now say it
    on one line (the report already did), within status's one screen."""
    status = table("status").output.splitlines()
    assert under_turn(status) == PLAYED and len(status) <= 23  # under the turn; the 24th row is the prompt's
    score = table("score").output.splitlines()
    assert score[score.index("Winner: Whytera") + 1] == PLAYED
    assert PLAYED not in table("score", "--at", "20").output  # the table then is not the game's time


def test_a_location_set_once_is_said_everywhere_and_is_the_bg_stats_default(table: Cli, tmp_path: Path) -> None:
    """UX-18 (field report): the location when known, in the report's header, `status` and `score`, and as the
    BG Stats export's location (the session held none: only `export --location` took one)."""
    set_it = table("set", "location", "Ann's  kitchen")
    assert (set_it.exit_code, set_it.output.splitlines()[0]) == (0, "#158 recorded: note: played at Ann's kitchen")
    said = f"{PLAYED} at Ann's kitchen"  # the note, recorded now, does not stretch the game to today
    assert under_turn(table("status").output.splitlines()) == said
    assert said in table("score").output.splitlines()
    assert table("report", "-o", str(tmp_path / "r.html")).exit_code == 0
    assert "· played 2026-11-30 08:30 to 08:31 (1 min) at Ann&#x27;s kitchen ·" in (tmp_path / "r.html").read_text(
        encoding="utf-8")
    play = json.loads(table("export", "--to", "bgstats").stdout)
    assert [p["name"] for p in play["locations"]] == ["Ann's kitchen"] and play["plays"][0]["durationMin"] == 1
    given = json.loads(table("export", "--to", "bgstats", "--location", "Café Ludo").stdout)
    assert [p["name"] for p in given["locations"]] == ["Café Ludo"]  # --location still wins
    assert table("undo").exit_code == 0  # the place is a note: undone, the place before it (none) is back
    assert under_turn(table("status").output.splitlines()) == PLAYED
    assert json.loads(table("export", "--to", "bgstats").stdout)["locations"] == []


def test_a_new_place_replaces_the_last_and_an_empty_one_clears_it(table: Cli) -> None:
    """UX-18: the last place said counts; `set location ""` clears it; a mistyped key names location among the
    known settings and writes nothing (exit 2)."""
    for place in ("Ann's kitchen", "the club"):
        assert table("set", "location", place).exit_code == 0
    assert under_turn(table("status").output.splitlines()) == f"{PLAYED} at the club"
    assert table("set", "location=").output.startswith("#160 recorded: note: the location is cleared")
    assert under_turn(table("status").output.splitlines()) == PLAYED
    before = table.session.read_bytes()
    typo = table("set", "locaton", "x")
    assert typo.exit_code == 2 and typo.stderr.startswith("error: unknown setting 'locaton'; known settings: ")
    assert " location, " in typo.stderr and table.session.read_bytes() == before


def test_status_json_says_when_and_where_as_the_screen_does(table: Cli) -> None:
    """UX-18: what a machine reads is complete: `status --json` carries `played` (the first and the last event's
    times as recorded, the minutes between them, the place), what the screens' line says; `score --json` stays
    the score alone (the samples' goldens)."""
    assert table("set", "location", "the club").exit_code == 0
    played = {"started": "2026-11-30T08:30:15+00:00", "ended": "2026-11-30T08:31:01+00:00", "minutes": 1,
              "location": "the club"}  # the place, said now, does not stretch the game to today
    assert json.loads(table("status", "--json").stdout)["played"] == played
    assert "played" not in json.loads(table("score", "--json").stdout)


def test_the_times_are_said_to_the_nearest_minute_as_the_duration_is(cli: Cli) -> None:
    """UX-18: a game from 08:29:03 to 08:29:57 took 1 minute, and its times say so: `08:29 to 08:30`, not
    `08:29 to 08:29 (1 min)`."""
    shutil.copy(SAMPLE.parent.parent / "emberheart" / "four-players.json", cli.session)
    assert "Played 2026-11-30 08:29 to 08:30 (1 min)" in cli("status").output.splitlines()


def test_settings_lists_the_place_with_where_it_was_set(table: Cli) -> None:
    """UX-18: `scorekeeper settings` lists `location` beside the game's settings, its value and the event that
    set it (it was missing there, though `set location` takes it)."""
    listed = json.loads(table("settings", "--json").stdout)
    assert listed[-1]["key"] == "location" and (listed[-1]["value"], listed[-1]["source"]) == ("", "default")
    assert table("set", "location", "the club").exit_code == 0
    place = json.loads(table("settings", "--json").stdout)[-1]
    assert (place["key"], place["value"], place["source"]) == ("location", "the club", "set at #158")


def under_turn(status: list[str]) -> str:
    """The line under the status's ``Turn:`` line and its continuations (the turn wraps: field report EH-F5)."""
    at = next(n for n, line in enumerate(status) if line.startswith("Turn:")) + 1
    while status[at].startswith("  "):
        at += 1
    return status[at]
