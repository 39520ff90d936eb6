"""``standings``: the league over folders of sessions (exact outputs), what is skipped and why, shared wins;
and ``sessions``, which says how many older sessions it does not show.

A club folder is made of copies of ``sample_sessions/flamecraft/`` and ``sample_sessions/eight-dragons/`` (eight
finished sessions and their manifests), a copy of one session in a subfolder, a broken file and an unfinished
session; the tests run from its parent folder, so paths print as typed.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.render import league as render_league
from scorekeeper.core.protocol import ScoreRow, ScoreTable
from scorekeeper.app.standings import Result, Standings
from tests.conftest import Cli

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"

EIGHT_DRAGONS = """\
8 Dragons: 4 finished sessions

player      games    wins    shared    win %    average    best
--------  -------  ------  --------  -------  ---------  ------
Whytera         2       2         0      100       71.5      72
Rhed            3       1         0       33       31        43
Blakkar         4       1         0       25       46.2      64
Greenyra        3       0         0        0       20.3      28
"""

FLAMECRAFT = """\
Flamecraft: 4 finished sessions

player      games    wins    shared    win %    average    best
--------  -------  ------  --------  -------  ---------  ------
Dana            1       1         0      100         48      48
Gus             1       1         0      100         35      35
Bram            1       1         0      100         33      33
Ivo             1       1         0      100         29      29
Emil            1       0         0        0         37      37
Fern            1       0         0        0         34      34
Ada             1       0         0        0         33      33
Hana            1       0         0        0         32      32
Cleo            1       0         0        0         29      29
Juno            1       0         0        0         20      20
Milo            1       0         0        0         20      20
Kit             1       0         0        0         14      14
Lea             1       0         0        0         12      12
"""

SKIPPED = """\
skipped:
  club/broken.json: not a readable session (JSON error at line 1, column 1: Expecting value)
  club/unfinished.json: not finished (the score is provisional)
  club/old/copy.json: the same session as club/eight-dragons/3p-board.json (a copy or an import)
"""


class Twice(Cli):
    """Runs every command twice on the same league index: the first run fills it, the second reads it; both
    must print exactly the same (the index never changes an output)."""

    def __call__(self, *args: str, input: str | None = None, session: bool = True) -> Any:
        first = super().__call__(*args, input=input, session=session)
        second = super().__call__(*args, input=input, session=session)
        assert (second.exit_code, second.stdout, second.stderr) == (first.exit_code, first.stdout, first.stderr)
        return second


@pytest.fixture(params=["without the index", "with the index"])
def club(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Cli:
    """The club folder; every test that uses it runs without the league index, and with it (each command
    twice: once filling the index, once reading it)."""
    folder = tmp_path / "club"
    folder.mkdir()
    for game in ("flamecraft", "eight-dragons"):
        shutil.copytree(SAMPLES / game, folder / game)
    (folder / "old").mkdir()
    shutil.copy(folder / "eight-dragons" / "3p-board.json", folder / "old" / "copy.json")
    (folder / "broken.json").write_text("not JSON", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    ok(cli, "new", "flamecraft", "--players", "Ann,Bo", "--session", "club/unfinished.json")
    if request.param == "without the index":
        monkeypatch.setenv("SCOREKEEPER_NO_CACHE", "1")
        return cli
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(tmp_path / "cache"))
    return Twice(cli.home, cli.session)


def ok(cli: Cli, *args: str) -> str:
    result = cli(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_standings_of_a_club_folder(club: Cli) -> None:
    assert ok(club, "standings", "club") == EIGHT_DRAGONS + "\n" + FLAMECRAFT + "\n" + SKIPPED


def test_one_game_and_a_date(club: Cli) -> None:
    assert ok(club, "standings", "club/eight-dragons", "club/flamecraft/5p-gold.json", "--game", "ed",
              "--since", "2026-11-30") == EIGHT_DRAGONS + """
left out by --game or --since: 1 finished session(s)
"""
    assert ok(club, "standings", "club/eight-dragons/2p-aurea.json", "--since", "2026-12-01") == """\
no finished session found

left out by --game or --since: 1 finished session(s)
"""


def test_files_and_folders_named_twice_count_once_and_missing_ones_are_skipped(club: Cli) -> None:
    out = ok(club, "standings", "club/eight-dragons", "club/eight-dragons/4p-long.json", "nowhere.json")
    assert out == EIGHT_DRAGONS + """
skipped:
  nowhere.json: no such file or folder
"""


def test_csv_is_one_table_for_all_games(club: Cli) -> None:
    out = ok(club, "standings", "club/eight-dragons", "--format", "csv")
    assert out == """\
game,player,games,wins,shared,win %,average,best
8 Dragons,Whytera,2,2,0,100,71.5,72
8 Dragons,Rhed,3,1,0,33,31.0,43
8 Dragons,Blakkar,4,1,0,25,46.2,64
8 Dragons,Greenyra,3,0,0,0,20.3,28
"""


def test_json_is_complete(club: Cli) -> None:
    data = club.json("standings", "club")
    assert [g["game"] for g in data["games"]] == ["eight-dragons", "flamecraft"]
    assert data["games"][0]["players"][1] == {"player": "Rhed", "games": 3, "wins": 1, "shared_wins": 0,
                                              "win_rate": 0.3333, "average": 31.0, "best": 43}
    assert len(data["sessions"]) == 8
    assert data["sessions"][0] == {"path": "club/eight-dragons/2p-aurea.json", "game": "eight-dragons",
                                   "date": "2026-11-30T08:30:15+00:00", "winners": ["Whytera"],
                                   "totals": {"Whytera": 71, "Blakkar": 64},
                                   "trust": {"status": "intact", "ok": True, "message": None, "first_bad_seq": None,
                                             "accepted_at": None, "forced": 0}}
    assert [s["path"] for s in data["skipped"]] == ["club/broken.json", "club/unfinished.json", "club/old/copy.json"]
    assert data["left_out"] == 0 and data["fails_verify"] == []


def test_json_beside_the_sessions_is_passed_over_unless_named(club: Cli) -> None:
    """UX-15 (field report): the manifests, boards and catalogs in a folder of sessions were each listed under
    `skipped:` as "not a Scorekeeper session"; found in a folder they are passed over, named they are listed."""
    assert "manifest" not in ok(club, "standings", "club")
    assert ok(club, "standings", "club/flamecraft/manifest.json").endswith(
        "skipped:\n  club/flamecraft/manifest.json: not a Scorekeeper session (no metadata table)\n")


def test_an_unknown_game_is_bad_input(club: Cli) -> None:
    result = club("standings", "club", "--game", "chess")
    assert result.exit_code == 2 and result.stderr.startswith("error: unknown game 'chess'")
    assert club("standings").exit_code == 2  # at least one path


def result(names: list[str], totals: list[int], winners: list[str], key: str) -> Result:
    rows = [ScoreRow(n, {"points": t}, t) for n, t in zip(names, totals)]
    table = ScoreTable("Test", True, ["points"], rows, winners)
    return Result(f"{key}.json", "test", "Test", key, tuple(names), table, "2026-12-01T19:00:00+00:00",
                  "2026-12-01T20:00:00+00:00", names[0], 0)


def test_a_shared_win_counts_as_a_win_for_each_winner() -> None:
    league = Standings()
    league.add(result(["Ann", "Bo", "Cy"], [10, 10, 4], ["Ann", "Bo"], "a"))
    league.add(result(["ann", "Bo"], [7, 3], ["ann"], "b"))  # names are matched case-insensitively
    league.add(result(["Bo", "Cy"], [2, 9], ["Cy"], "c"))
    assert [l.to_json() for l in league.table("test")] == [
        {"player": "Ann", "games": 2, "wins": 2, "shared_wins": 1, "win_rate": 1.0, "average": 8.5, "best": 10},
        {"player": "Cy", "games": 2, "wins": 1, "shared_wins": 0, "win_rate": 0.5, "average": 6.5, "best": 9},
        {"player": "Bo", "games": 3, "wins": 1, "shared_wins": 1, "win_rate": 0.3333, "average": 5.0, "best": 10},
    ]
    assert render_league.render_standings(league) == """\
Test: 3 finished sessions

player      games    wins    shared    win %    average    best
--------  -------  ------  --------  -------  ---------  ------
Ann             2       2         1      100        8.5      10
Cy              2       1         0       50        6.5       9
Bo              3       1         1       33        5        10"""


# -- sessions: no silent cap ---------------------------------------------------------------------------


def remembered(cli: Cli, count: int) -> None:
    entries: list[dict[str, Any]] = [
        {"path": f"/games/s{n:02d}.json", "game": "flamecraft", "players": ["Ann", "Bo"],
         "used": (dt.datetime(2026, 12, 1, 12, 0) - dt.timedelta(minutes=n)).isoformat()}
        for n in range(count)
    ]
    (cli.home / "recent.json").write_text(json.dumps(entries), encoding="utf-8")


def test_sessions_says_how_many_more_there_are(cli: Cli) -> None:
    remembered(cli, 23)
    out = ok(cli, "sessions")
    assert "/games/s19.json" in out and "/games/s20.json" not in out
    assert out.endswith("... and 3 older; see them all with 'scorekeeper sessions --all'\n")
    everything = ok(cli, "sessions", "--all")
    assert "/games/s22.json" in everything and "older" not in everything
    assert len(cli.json("sessions")) == 23


def test_every_session_is_remembered(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    remembered(cli, 25)
    ok(cli, "new", "flamecraft", "--players", "Ann,Bo", "--session", "new.json")
    data = json.loads((cli.home / "recent.json").read_text(encoding="utf-8"))
    assert len(data) == 26 and data[0]["path"] == str((tmp_path / "new.json").resolve())


# -- the other views: head to head, streaks, bests, the last games (with and without the index) ----------------

@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Any:
    import time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_head_to_head(club: Cli) -> None:
    assert ok(club, "standings", "club/eight-dragons", "club/flamecraft", "--vs", "whytera,Blakkar") == """\
Whytera vs Blakkar

game         together    Whytera wins    Blakkar wins    shared
---------  ----------  --------------  --------------  --------
8 Dragons           2               2               0         0
"""
    data = club.json("standings", "club/eight-dragons", "--vs", "Rhed,Blakkar")
    assert data["players"] == ["Rhed", "Blakkar"]
    assert data["games"] == [{"game": "eight-dragons", "title": "8 Dragons", "games": 3,
                              "wins": {"Rhed": 1, "Blakkar": 1}, "shared_wins": 0}]
    assert ok(club, "standings", "club/eight-dragons", "--vs", "Rhed,Blakkar", "--format", "csv") == """\
game,together,Rhed wins,Blakkar wins,shared
8 Dragons,3,1,1,0
"""
    assert "Ada and Rhed have played no finished session together" in ok(club, "standings", "club", "--vs", "Ada,Rhed")
    for wrong in ("Ada", "Ada,ada", "Ada,Bo,Cy"):
        result = club("standings", "club", "--vs", wrong)
        assert result.exit_code == 2 and "--vs takes two players' names" in result.stderr


def test_streaks(club: Cli, utc: Any) -> None:
    assert ok(club, "standings", "club/eight-dragons", "--streaks") == """\
8 Dragons: winning streaks

player      games    current    longest  last played
--------  -------  ---------  ---------  -------------
Whytera         2          2          2  2026-11-30
Rhed            3          1          1  2026-12-02
Blakkar         4          0          1  2026-12-02
Greenyra        3          0          0  2026-12-02
"""
    data = club.json("standings", "club", "--streaks", "--game", "ed")
    assert data["games"][0]["players"][0] == {"player": "Whytera", "games": 2, "current": 2, "longest": 2,
                                              "last_played": "2026-11-30T08:30:15+00:00"}
    assert data["left_out"] == 4


def test_personal_bests_per_category(club: Cli) -> None:
    out = ok(club, "standings", "club/eight-dragons", "--bests", "--format", "csv")
    lines = out.splitlines()
    assert lines[:3] == ["game,player,category,games,best,average", "8 Dragons,Whytera,Gold held,2,31,23.0",
                         "8 Dragons,Whytera,Tile Gold,2,13,10.5"]
    assert "8 Dragons,Whytera,total,2,72,71.5" in lines and "8 Dragons,Blakkar,total,4,64,46.2" in lines
    data = club.json("standings", "club/eight-dragons", "--bests")
    assert data["games"][0]["players"][0] == {"player": "Whytera", "category": "Gold held", "games": 2, "best": 31,
                                              "average": 23.0}
    assert ok(club, "standings", "club/flamecraft", "--bests").startswith("Flamecraft: personal bests and averages\n")


def test_the_last_games(club: Cli, utc: Any) -> None:
    assert ok(club, "standings", "club", "--last", "3") == """\
the last 3 games

date              game        players                  winner    scores
----------------  ----------  -----------------------  --------  ----------
2026-12-02 02:17  8 Dragons   Rhed, Greenyra, Blakkar  Rhed      43, 19, 20
2026-12-02 01:13  Flamecraft  Fern, Gus, Hana          Gus       34, 35, 32
2026-11-30 08:30  8 Dragons   Whytera, Blakkar         Whytera   71, 64

""" + SKIPPED
    data = club.json("standings", "club", "--last", "1")
    assert data["last"] == [{"path": "club/eight-dragons/disputed.json", "game": "eight-dragons",
                             "date": "2026-12-02T02:17:28+00:00", "players": ["Rhed", "Greenyra", "Blakkar"],
                             "winners": ["Rhed"], "totals": {"Rhed": 43, "Greenyra": 19, "Blakkar": 20}}]
    assert ok(club, "standings", "club/flamecraft/5p-gold.json", "--last", "5", "--format", "csv") == """\
date,game,players,winner,scores
2026-11-30 08:16,Flamecraft,"Ivo, Juno, Kit, Lea, Milo",Ivo,"29, 20, 14, 12, 20"
"""
    result = club("standings", "club", "--last", "2", "--streaks")
    assert result.exit_code == 2 and "choose one of --vs, --streaks, --bests and --last" in result.stderr


def test_aliases_merge_names(club: Cli, tmp_path: Path) -> None:
    aliases = tmp_path / "aliases.txt"
    aliases.write_text("# the same people\nWhytera = Rhed, GREENYRA\n", encoding="utf-8")
    out = ok(club, "standings", "club/eight-dragons/2p-aurea.json", "club/eight-dragons/4p-long.json",
             "--aliases", str(aliases))
    assert out.splitlines()[:5] == ["8 Dragons: 2 finished sessions", "",
                                    "player      games    wins    shared    win %    average    best",
                                    "--------  -------  ------  --------  -------  ---------  ------",
                                    "Whytera         2       2         0      100       71.5      72"]
    # a session where two of the names sit at the same table is left as it is (they are not one person there)
    assert "Greenyra" in ok(club, "standings", "club/eight-dragons/4p-long.json", "--aliases", str(aliases))
    (club.home / "aliases.txt").write_text("Big B = Blakkar\n", encoding="utf-8")  # the default alias file
    assert "Big B vs Whytera" in ok(club, "standings", "club/eight-dragons", "--vs", "blakkar,Whytera")
    aliases.write_text("Whytera\n", encoding="utf-8")
    result = club("standings", "club", "--aliases", str(aliases))
    assert result.exit_code == 2 and "line 1: expected 'Name = other name, another'" in result.stderr
