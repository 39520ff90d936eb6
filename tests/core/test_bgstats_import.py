"""``import --from bgstats``: a club's BG Stats history as results-only sessions (issue 37).

The round trip of every finished bundled sample (exported for BG Stats, imported back: the same players, totals,
ranks and winners, and no standing changed beside the samples), no duplicate on a second import nor for a play
exported from here, a club's export of 1,000 plays of our games and 200 of others against totals counted here
independently, every bad input refused in one line naming the play and the field (nothing written), and the
results-only session itself: score, check (each CORE-RESULT/SHEET/RANK/WINNER check), verify, and no event
after it. Local time is UTC while a test runs (BG Stats dates are local times).
"""

from __future__ import annotations

import copy
import json
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.standings import Result, read_result
from scorekeeper.core.result import result_findings
from tests.bgstats_files import GAMES_FILE, NAMES, club_export
from tests.bgstats_files import utc  # noqa: F401  (autouse: local time is UTC in this module)
from tests.conftest import Cli

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_sessions"




def finished_samples() -> list[Path]:
    found = [p for p in sorted(SAMPLES.glob("*/*.json")) if p.name != "manifest.json" and p.parent.name != "inputs"]
    return [p for p in found if isinstance(r := read_result(str(p)), Result) and r.final]


def ok(cli: Cli, *args: str) -> str:
    result = cli(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def standings_json(cli: Cli, tmp_path: Path, *paths: str, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    result = cli("standings", *paths, *extra, "--index", str(tmp_path / "league.sqlite"), "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


# -- the round trip ---------------------------------------------------------------------------------------------


def test_every_finished_sample_comes_back_from_bg_stats_as_it_was(cli: Cli, tmp_path: Path) -> None:
    samples = finished_samples()
    assert len(samples) >= 8
    for n, sample in enumerate(samples):
        play = tmp_path / f"{n}.bgsplay"
        ok(cli, "export", "--session", str(sample), "--to", "bgstats", "-o", str(play))
        said = ok(cli, "import", "--from", "bgstats", str(play), "--into", str(tmp_path / "club"))
        assert said.startswith("imported 1 play(s) from BG Stats"), said
    imported = sorted((tmp_path / "club").glob("*.json"))
    assert len(imported) == len(samples)
    original = [r for r in (read_result(str(p)) for p in samples) if isinstance(r, Result)]
    for path in imported:
        back = read_result(str(path))
        assert isinstance(back, Result) and back.final and back.imported, back
        was = next(r for r in original if r.game == back.game and r.players == back.players
                   and r.totals == back.totals)
        assert back.table.winners == was.table.winners
        assert sorted((row.player, row.total, row.rank) for row in back.table.rows) == \
            sorted((row.player, row.total, row.rank) for row in was.table.rows)
        assert back.started[:16] == was.started[:16]
        assert cli("check", "--session", str(path)).exit_code == 0


def test_importing_the_samples_exports_beside_the_samples_changes_no_standing(cli: Cli, tmp_path: Path) -> None:
    club = tmp_path / "club"
    shutil.copytree(SAMPLES, club, ignore=shutil.ignore_patterns("inputs"))
    before = standings_json(cli, tmp_path, str(club))
    for n, sample in enumerate(finished_samples()):
        ok(cli, "export", "--session", str(sample), "--to", "bgstats", "-o", str(tmp_path / f"{n}.bgsplay"))
        said = ok(cli, "import", "--from", "bgstats", str(tmp_path / f"{n}.bgsplay"), "--into", str(club))
        assert said.startswith("imported 0 play(s)") and "already here: 1 play(s)" in said, said
    assert files(club) == files(tmp_path / "club")  # nothing new
    # imported elsewhere and read beside the samples: the same standings (the play is known as the sample's)
    for n in range(len(finished_samples())):
        ok(cli, "import", "--from", "bgstats", str(tmp_path / f"{n}.bgsplay"), "--into", str(tmp_path / "elsewhere"))
    after = standings_json(cli, tmp_path, str(club), str(tmp_path / "elsewhere"))
    assert after["games"] == before["games"]
    assert after["imported"] == 0 and sum("imported from BG Stats" in s["reason"] for s in after["skipped"]) \
        == len(finished_samples())


def test_the_same_file_twice_creates_nothing_new(cli: Cli, tmp_path: Path) -> None:
    export = write_json(tmp_path / "BGStatsExport.json", club_export(30, 5))
    games = tmp_path / "games.txt"
    games.write_text(GAMES_FILE, encoding="utf-8")
    first = ok(cli, "import", "--from", "bgstats", str(export), "--into", str(tmp_path / "club"), "--games", str(games))
    assert first.startswith("imported 30 play(s)") and "passed over: 5 play(s) of other games" in first
    held = files(tmp_path / "club")
    second = ok(cli, "import", "--from", "bgstats", str(export), "--into", str(tmp_path / "club"), "--games", str(games))
    assert second.startswith("imported 0 play(s)") and "already here: 30 play(s)" in second
    assert files(tmp_path / "club") == held
    said = cli.json("import", "--from", "bgstats", str(export), "--into", str(tmp_path / "club"), "--games", str(games))
    assert said["sessions"] == [] and len(said["already_here"]) == 30 and said["other_games"] == 5
    assert files(tmp_path / "club") == held


# -- a club's history -----------------------------------------------------------------------------------------


def expected_standings(data: dict[str, Any]) -> dict[str, dict[str, tuple[int, int, int]]]:
    """Per game title, per player: (games, wins, sum of scores), counted from the file alone."""
    titles = {1: "Flamecraft", 2: "Emberheart", 3: "8 Dragons"}
    names = {p["id"]: p["name"] for p in data["players"]}
    found: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    for play in data["plays"]:
        if play["gameRefId"] not in titles:
            continue
        for line in play["playerScores"]:
            mine = found[titles[play["gameRefId"]]][names[line["playerRefId"]]]
            mine[0] += 1
            mine[1] += int(line["winner"])
            mine[2] += int(line["score"])
    return {game: {p: (g, w, s) for p, (g, w, s) in lines.items()} for game, lines in found.items()}


def test_a_club_export_of_1200_plays_gives_the_standings_counted_from_the_file(cli: Cli, tmp_path: Path) -> None:
    data = club_export(1000, 200)
    export = write_json(tmp_path / "BGStatsExport.json", data)
    games = tmp_path / "games.txt"
    games.write_text(GAMES_FILE, encoding="utf-8")
    said = ok(cli, "import", "--from", "bgstats", str(export), "--into", str(tmp_path / "club"), "--games", str(games))
    assert said.startswith("imported 1000 play(s)") and "passed over: 200 play(s) of other games" in said
    league = standings_json(cli, tmp_path, str(tmp_path / "club"))
    assert not league["skipped"] and league["imported"] == 1000
    got = {g["title"]: {p["player"]: (p["games"], p["wins"], round(p["average"] * p["games"]))
                        for p in g["players"]} for g in league["games"]}
    assert got == expected_standings(data)
    assert sum(g["sessions"] for g in league["games"]) == 1000
    text = ok(cli, "standings", str(tmp_path / "club"), "--index", str(tmp_path / "league.sqlite"))
    assert "of them imported from BG Stats: 1000 (--recorded-only leaves them out)" in text
    recorded = standings_json(cli, tmp_path, str(tmp_path / "club"), extra=("--recorded-only",))
    assert recorded["games"] == [] and recorded["imported_left_out"] == 1000


def test_without_the_games_file_a_game_known_only_by_its_id_is_passed_over(cli: Cli, tmp_path: Path) -> None:
    export = write_json(tmp_path / "BGStatsExport.json", club_export(40, 0))
    said = ok(cli, "import", "--from", "bgstats", str(export), "--into", str(tmp_path / "club"))
    emberheart = sum(1 for p in club_export(40, 0)["plays"] if p["gameRefId"] == 2)
    assert f"passed over: {emberheart} play(s) of other games" in said


def test_me_and_aliases_name_the_players(cli: Cli, tmp_path: Path) -> None:
    data = club_export(10, 0)
    for play in data["plays"]:
        play["gameRefId"] = 1
        play["scoresheet"] = ""
    (tmp_path / "aliases.txt").write_text("Bertram = Bo\n", encoding="utf-8")
    export = write_json(tmp_path / "BGStatsExport.json", data)
    ok(cli, "import", "--from", "bgstats", str(export), "--into", str(tmp_path / "club"), "--me", "Annabel",
       "--aliases", str(tmp_path / "aliases.txt"))
    players = set()
    for path in (tmp_path / "club").glob("*.json"):
        result = read_result(str(path))
        assert isinstance(result, Result)
        players |= set(result.players)
    assert "Ann" not in players and "Bo" not in players
    assert {"Annabel", "Bertram"} & players and players <= set(NAMES) | {"Annabel", "Bertram"}


# -- bad input ----------------------------------------------------------------------------------------------


def one_play() -> dict[str, Any]:
    data = club_export(3, 0)
    for play in data["plays"]:
        play["gameRefId"] = 1
    return data


def broken(kind: str) -> tuple[dict[str, Any], str]:
    """An export whose second play is bad in one way, and the field the refusal names."""
    data = one_play()
    play = data["plays"][1]
    if kind == "score":
        play["playerScores"][0]["score"] = "twelve"
        return data, "playerScores[0].score"
    if kind == "player":
        play["playerScores"][1]["playerRefId"] = 999
        return data, "playerScores[1].playerRefId"
    if kind == "game":
        play["gameRefId"] = 999
        return data, "gameRefId"
    play["playDate"] = "last Tuesday"
    return data, "playDate"


@pytest.mark.parametrize("kind", ["score", "player", "game", "date"])
def test_a_bad_play_refuses_the_file_naming_the_play_and_the_field(cli: Cli, tmp_path: Path, kind: str) -> None:
    data, field = broken(kind)
    export = write_json(tmp_path / "BGStatsExport.json", data)
    result = cli("import", "--from", "bgstats", str(export), "--into", str(tmp_path / "club"))
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and data["plays"][1]["uuid"] in lines[0] and field in lines[0], lines
    assert "Traceback" not in result.output and not (tmp_path / "club").exists()
    skipped = cli("import", "--from", "bgstats", str(export), "--into", str(tmp_path / "club"), "--skip-bad")
    assert skipped.exit_code == 0, skipped.output
    assert "imported 2 play(s)" in skipped.stdout and f"play {data['plays'][1]['uuid']}: {field}" in skipped.stdout
    assert len(list((tmp_path / "club").glob("*.json"))) == 2


@pytest.mark.parametrize("content", ["not json at all", "[]", '{"plays": []}', '{"plays": {}, "games": [], "players": []}'])
def test_a_file_that_is_not_a_bg_stats_export_is_refused(cli: Cli, tmp_path: Path, content: str) -> None:
    (tmp_path / "x.json").write_text(content, encoding="utf-8")
    result = cli("import", "--from", "bgstats", str(tmp_path / "x.json"), "--into", str(tmp_path / "club"))
    assert result.exit_code == 2 and "not a BG Stats export" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not (tmp_path / "club").exists()


def test_the_jsonl_import_keeps_its_form_and_refuses_bgstats_options(cli: Cli, tmp_path: Path) -> None:
    result = cli("import", str(tmp_path / "x.jsonl"), "--into", str(tmp_path))
    assert result.exit_code == 2 and "--from bgstats" in result.stderr
    result = cli("import", "--from", "bgstats", str(tmp_path / "x.json"))
    assert result.exit_code == 2 and "--into FOLDER" in result.stderr


# -- the results-only session -------------------------------------------------------------------------------


@pytest.fixture
def imported(cli: Cli, tmp_path: Path) -> Path:
    ok(cli, "export", "--session", str(SAMPLES / "flamecraft" / "3p-complete.json"), "--to", "bgstats",
       "-o", str(tmp_path / "t.bgsplay"))
    ok(cli, "import", "--from", "bgstats", str(tmp_path / "t.bgsplay"), "--into", str(tmp_path / "club"))
    (path,) = (tmp_path / "club").glob("*.json")
    return path


def test_a_results_only_session_scores_checks_verifies_and_exports(cli: Cli, imported: Path, tmp_path: Path) -> None:
    score = ok(cli, "score", "--session", str(imported))
    assert "final score" in score and "Winner: Bram" in score and "imported from BG Stats" in score
    assert "Reputation track" in score  # the sheet's categories
    assert ok(cli, "check", "--session", str(imported)).startswith("no violations in 1 events")
    status = ok(cli, "status", "--session", str(imported))
    assert status.startswith("Next: nothing: the game is over") and "Bram  score 33 · rank 1 · winner yes" in status
    assert "intact: 1 events" in ok(cli, "verify", "--session", str(imported))
    assert "Bram | 33 | winner" in ok(cli, "export", "--session", str(imported), "--to", "markdown")
    ok(cli, "report", "--session", str(imported), "-o", str(tmp_path / "r.html"))
    ok(cli, "export", "--session", str(imported), "--to", "bgstats", "-o", str(tmp_path / "back.bgsplay"))
    back, sent = (json.loads((tmp_path / n).read_text(encoding="utf-8"))["plays"][0] for n in ("back.bgsplay", "t.bgsplay"))
    assert back["uuid"] == sent["uuid"] and back["playDate"] == sent["playDate"]  # BG Stats updates its own play
    assert [(s["score"], s["rank"], s["winner"]) for s in back["playerScores"]] == \
        [(s["score"], s["rank"], s["winner"]) for s in sent["playerScores"]]
    log = ok(cli, "log", "--session", str(imported))
    assert "result imported from BG Stats: Ada 33, Bram 33" in log


@pytest.mark.parametrize("args", [("note", "hello"), ("set", "location", "the pub"), ("fc", "setup")])
def test_nothing_can_be_recorded_after_a_typed_result(cli: Cli, imported: Path, args: tuple[str, ...]) -> None:
    before = imported.read_bytes()
    result = cli(*args, "--session", str(imported))
    assert result.exit_code == 1, result.output
    assert "nothing can be recorded after it" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert imported.read_bytes() == before


def payload() -> dict[str, Any]:
    return {"source": "BG Stats", "uuid": "X", "highest_wins": True, "manual_winner": False,
            "categories": ["A", "B"],
            "players": [{"name": "Ann", "score": 30, "rank": 1, "winner": True, "categories": {"A": 20, "B": 10}},
                        {"name": "Bo", "score": 20, "rank": 2, "winner": False, "categories": {"A": 5, "B": 15}}]}


def rules(changed: dict[str, Any]) -> list[str]:
    return [f.rule for f in result_findings(changed, ["Ann", "Bo"])]


def test_a_typed_result_is_checked_for_what_can_be_checked() -> None:
    assert rules(payload()) == []
    wrong = copy.deepcopy(payload())
    wrong["players"].reverse()
    assert rules(wrong) == ["CORE-RESULT"]  # not the session's players in seat order
    wrong = copy.deepcopy(payload())
    wrong["players"][0]["score"] = "30"
    assert rules(wrong) == ["CORE-RESULT"]
    wrong = copy.deepcopy(payload())
    wrong["players"][0]["categories"]["A"] = 21
    assert rules(wrong) == ["CORE-SHEET"]  # the sheet adds up to 31, not 30
    wrong = copy.deepcopy(payload())
    wrong["players"][0]["rank"], wrong["players"][1]["rank"] = 2, 1
    assert rules(wrong) == ["CORE-RANK"]
    wrong = copy.deepcopy(payload())
    wrong["players"][0]["winner"], wrong["players"][1]["winner"] = False, True
    assert rules(wrong) == ["CORE-WINNER"]
    wrong["manual_winner"] = True  # the table chose the winner by hand
    assert rules(wrong) == []
    lowest = copy.deepcopy(payload())
    lowest["highest_wins"] = False
    assert set(rules(lowest)) == {"CORE-RANK", "CORE-WINNER"}


def test_check_reports_a_typed_result_that_does_not_add_up(cli: Cli, tmp_path: Path) -> None:
    data = one_play()
    play = data["plays"][0]
    play.pop("scoresheet", None)
    for n, line in enumerate(play["playerScores"]):
        line["score"], line["winner"], line["rank"] = str(50 if n == 0 else 10 - n), n == 1, 0
    export = write_json(tmp_path / "BGStatsExport.json", {**data, "plays": [play]})
    ok(cli, "import", "--from", "bgstats", str(export), "--into", str(tmp_path / "club"))
    (path,) = (tmp_path / "club").glob("*.json")
    result = cli("check", "--session", str(path))
    assert result.exit_code == 1 and "CORE-WINNER" in result.output


def test_every_league_view_counts_imported_results_and_marks_them(cli: Cli, tmp_path: Path) -> None:
    club = tmp_path / "club"
    ok(cli, "import", "--from", "bgstats", str(SAMPLES / "inputs" / "bgstats-club.json"), "--into", str(club))
    index = ("--index", str(tmp_path / "league.sqlite"))
    vs = ok(cli, "standings", str(club), "--vs", "ada,ben", *index)
    assert "Flamecraft" in vs and "8 Dragons" in vs and "of them imported from BG Stats: 3" in vs
    streaks = ok(cli, "standings", str(club), "--streaks", "--game", "fc", *index)
    assert "Ben             2          1          1  2026-10-27" in streaks
    bests = ok(cli, "standings", str(club), "--bests", "--format", "csv", *index)
    assert "Flamecraft,Ada,Reputation,1,27,27.0" in bests
    assert cli.json("standings", str(club), "--last", "1", *index)["imported"] == 3
    assert "(BG Stats)" in ok(cli, "standings", str(club), "--last", "1", *index)
    recorded = ok(cli, "standings", str(club), "--vs", "ada,ben", "--recorded-only", *index)
    assert "have played no finished session together" in recorded
    assert "left out by --recorded-only: 3 result(s) imported from BG Stats" in recorded
    ok(cli, "use", str(club / "flamecraft-2026-10-06-c0ffee00.json"))
    assert "Flamecraft (BG Stats)" in ok(cli, "sessions")
