"""``export --to bgstats|bgstats-link|csv|markdown``: the BG Stats play file read back against the field list
written down in ``docs/bgstats.md``, stable UUIDs, the push-a-play link, and a club's CSV and Markdown records.

The sample ``flamecraft/3p-complete.json`` (Bram wins a tie on 33 against Ada) is copied to a temporary folder
and made the default session; the tests run from that folder in UTC, so paths and times print as shown.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from scorekeeper.exports import bgstats, club_csv, club_markdown

from scorekeeper.core.protocol import ScoreRow, ScoreTable
from scorekeeper.app.session import Session
from scorekeeper.app.standings import Result, result_of
from tests.bgstats_files import utc  # noqa: F401  (autouse: local time is UTC in this module)
from tests.conftest import Cli

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_sessions"
DOC = ROOT / "docs" / "bgstats.md"
UTC = dt.timezone.utc

PLAY_UUID = "567E6278-4738-5172-A85F-1B3F3ED6DB76"  # uuid5 of the sample's metadata hash
PLAYER_UUIDS = {"Ada": "2335C485-D76A-505A-BF84-DF1901733AD6", "Bram": "A10C2209-C40B-5AA5-9A67-E8B3658315E5",
                "Cleo": "5F8DF79A-895E-56FD-BE92-4EA76C283162"}
GAME_UUID = "22A9E8BC-6758-5949-BA67-720D2BF97DA1"




@pytest.fixture
def table(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    shutil.copytree(SAMPLES / "flamecraft", tmp_path / "flamecraft")
    shutil.copy(tmp_path / "flamecraft" / "3p-complete.json", cli.session)
    monkeypatch.chdir(tmp_path)
    return cli


def ok(cli: Cli, *args: str) -> str:
    result = cli(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def exported(cli: Cli, name: str = "play.bgsplay", *extra: str) -> dict[str, Any]:
    assert ok(cli, "export", "--to", "bgstats", "-o", name, *extra) == f"exported the play for BG Stats to {name}\n"
    data: dict[str, Any] = json.loads(Path(name).read_text(encoding="utf-8"))
    return data


def documented_fields() -> dict[str, list[str]]:
    """The field list of docs/bgstats.md: rows ``| object | `a`, `b`, … | source |`` of its field table."""
    fields: dict[str, list[str]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].strip("`") in bgstats.FIELDS:
            fields[cells[0].strip("`")] = re.findall(r"`([^`]+)`", cells[1])
    return fields


# -- the play file, read back ------------------------------------------------------------------------


def test_the_docs_list_exactly_the_fields_written() -> None:
    assert documented_fields() == {k: list(v) for k, v in bgstats.FIELDS.items()}


def test_the_play_file_has_the_documented_fields_and_nothing_else(table: Cli) -> None:
    data = exported(table)
    fields = documented_fields()
    assert list(data) == fields["file"]
    assert list(data["userInfo"]) == fields["userInfo"]
    for kind in ("players", "games", "plays"):
        assert data[kind] and all(list(item) == fields[kind] for item in data[kind]), kind
    play = data["plays"][0]
    assert all(list(score) == fields["playerScores"] for score in play["playerScores"])
    sheet = json.loads(play["scoresheet"])  # BG Stats nests it as a JSON string, like metaData
    assert list(sheet) == fields["scoresheet"]
    assert all(list(group) == fields["scoresheet.groups"] for group in sheet["groups"])
    assert all(list(row) == fields["scoresheet.rows"] for group in sheet["groups"] for row in group["rows"])


def test_the_play_reads_back_as_the_final_table(table: Cli) -> None:
    data = exported(table)
    players = {p["id"]: p for p in data["players"]}
    assert [p["name"] for p in data["players"]] == ["Ada", "Bram", "Cleo"]
    assert {p["name"]: p["uuid"] for p in data["players"]} == PLAYER_UUIDS
    game = data["games"][0]
    assert (game["name"], game["uuid"], game["bggId"], game["highestWins"]) == ("Flamecraft", GAME_UUID, 0, True)
    assert (game["minPlayerCount"], game["maxPlayerCount"]) == (2, 5)
    play = data["plays"][0]
    assert play["uuid"] == PLAY_UUID and play["gameRefId"] == game["id"]
    assert (play["playDate"], play["entryDate"], play["durationMin"]) == ("2026-11-30 08:15:59", "2026-11-30 08:16:29", 0)
    assert play["comments"] == ("Scored by Scorekeeper from session.json (Flamecraft). Tiebreak: Ada and Bram tied on "
                                "33; Ada and Bram have 1 artisan dragon in hand each; Bram has the most leftover "
                                "goods (19, against Ada's 16) (FC-SCORE-8)")
    shown = [(players[s["playerRefId"]]["name"], s["score"], s["winner"], s["startPlayer"], s["rank"], s["seatOrder"])
             for s in play["playerScores"]]
    assert shown == [("Ada", "33", False, True, 2, 1), ("Bram", "33", True, False, 1, 2),
                     ("Cleo", "29", False, False, 3, 3)]
    assert all(isinstance(s["score"], str) for s in play["playerScores"])  # BG Stats keeps a score as text
    by_score_uuid = {json.loads(s["metaData"])["scoreUuid"]: players[s["playerRefId"]]["name"]
                     for s in play["playerScores"]}
    sheet = json.loads(play["scoresheet"])
    assert (sheet["bggId"], sheet["scoreType"]) == (0, "bestTotalWins")
    rows = {row["label"]: {by_score_uuid[k]: v for k, v in row["scores"].items()} for row in sheet["groups"][0]["rows"]}
    assert rows == {"Reputation track": {"Ada": "33", "Bram": "28", "Cleo": "25"},
                    "Coins": {"Ada": "0", "Bram": "0", "Cleo": "1"},
                    "Moon dragons": {"Ada": "0", "Bram": "5", "Cleo": "3"}}
    for s in play["playerScores"]:  # the sheet adds up to each score
        name = players[s["playerRefId"]]["name"]
        assert sum(int(r[name]) for r in rows.values()) == int(s["score"])


def test_re_exporting_gives_the_same_file_and_a_copy_the_same_play(table: Cli, tmp_path: Path) -> None:
    first = Path("first.bgsplay")
    exported(table, str(first))
    exported(table, "again.bgsplay")
    assert Path("again.bgsplay").read_bytes() == first.read_bytes()
    # an export then import (a copy of the session) is the same play: BG Stats updates it, adds nothing
    ok(table, "export", "-o", "journal.jsonl")
    ok(table, "import", "journal.jsonl", "--session", "copy.json")
    copy = exported(table, "copy.bgsplay", "--session", "copy.json")
    assert copy["plays"][0]["uuid"] == PLAY_UUID
    # another session: another play; its players keep the uuid their name gives them in every session
    other = exported(table, "other.bgsplay", "--session", "flamecraft/2p-companions.json")
    assert other["plays"][0]["uuid"] != PLAY_UUID
    assert {p["name"]: p["uuid"] for p in other["players"]} == {n: bgstats.player_uuid(n) for n in ("Dana", "Emil")}


def test_the_bgg_id_is_the_one_given(table: Cli) -> None:
    assert bgstats.BGG_IDS == {}  # none is built in: none could be verified (docs/bgstats.md)
    data = exported(table, "play.bgsplay", "--bgg-id", "123")
    assert data["games"][0]["bggId"] == 123 and json.loads(data["plays"][0]["scoresheet"])["bggId"] == 123
    link = ok(table, "export", "--to", "bgstats-link", "--bgg-id", "123")
    assert link_json(link)["game"]["bggId"] == 123
    bad = table("export", "--to", "bgstats", "--bgg-id", "0")
    assert bad.exit_code == 2 and "--bgg-id" in bad.stderr


def test_an_unfinished_game_is_refused_and_nothing_written(cli: Cli, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    ok(cli, "new", "flamecraft", "--players", "Ann,Bo")
    for target in ("bgstats", "bgstats-link", "csv", "markdown"):
        result = cli("export", "--to", target, "-o", "out.txt")
        assert result.exit_code == 1
        assert result.stderr == (f"the game is not over, so it has no result to export --to {target} (see "
                                 "'scorekeeper status'; 'scorekeeper score' shows the provisional table)\n")
        assert not Path("out.txt").exists()


def test_an_existing_file_is_not_overwritten(table: Cli) -> None:
    Path("play.bgsplay").write_text("mine", encoding="utf-8")
    result = table("export", "--to", "bgstats", "-o", "play.bgsplay")
    assert result.exit_code == 1
    assert result.stderr == "play.bgsplay: already exists; choose another file, or replace it with --force\n"
    assert Path("play.bgsplay").read_text(encoding="utf-8") == "mine"
    assert exported(table, "play.bgsplay", "--force")["plays"][0]["uuid"] == PLAY_UUID  # --force replaces it


def test_me_is_a_player_of_the_file_the_first_by_default(table: Cli) -> None:
    data = exported(table)
    ids = {p["id"]: p["name"] for p in data["players"]}
    assert ids[data["userInfo"]["meRefId"]] == "Ada"  # never 0: readers look the player up by this id
    data = exported(table, "mine.bgsplay", "--me", "bra")
    assert {p["id"]: p["name"] for p in data["players"]}[data["userInfo"]["meRefId"]] == "Bram"
    bad = table("export", "--to", "bgstats", "--me", "Zed", "-o", "zed.bgsplay")
    assert bad.exit_code == 2 and bad.stderr == "error: no player 'Zed' in this game; the players are Ada, Bram, Cleo\n"
    assert not Path("zed.bgsplay").exists()


def test_a_location_is_one_place_in_the_file_and_in_the_link(table: Cli) -> None:
    data = exported(table, "play.bgsplay", "--location", "Café Ludo")
    place = (1, "Café Ludo", bgstats.uid("location", "café ludo"))
    assert [(p["id"], p["name"], p["uuid"]) for p in data["locations"]] == [place]
    assert list(data["locations"][0]) == list(bgstats.FIELDS["locations"]) and data["plays"][0]["locationRefId"] == 1
    assert exported(table, "none.bgsplay")["plays"][0]["locationRefId"] == 0
    assert link_json(ok(table, "export", "--to", "bgstats-link", "--location", "Café Ludo"))["location"] == "Café Ludo"


def test_a_bgg_id_given_once_is_remembered_for_the_game(table: Cli) -> None:
    assert exported(table, "first.bgsplay", "--bgg-id", "321")["games"][0]["bggId"] == 321
    assert exported(table, "later.bgsplay")["games"][0]["bggId"] == 321  # no --bgg-id: the one remembered
    assert link_json(ok(table, "export", "--to", "bgstats-link"))["game"]["bggId"] == 321
    other = exported(table, "other.bgsplay", "--session", "flamecraft/2p-companions.json")
    assert other["games"][0]["bggId"] == 321  # the same game, another session
    assert exported(table, "again.bgsplay", "--bgg-id", "322")["games"][0]["bggId"] == 322  # a new one replaces it


# -- the push-a-play link ----------------------------------------------------------------------------


def link_json(text: str) -> Any:
    url = urlparse(text.strip())
    assert (url.scheme, url.netloc, url.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    return json.loads(parse_qs(url.query)["data"][0])


def test_the_link_carries_the_play(table: Cli) -> None:
    text = ok(table, "export", "--to", "bgstats-link")
    assert text.startswith(bgstats.LINK) and text.endswith("\n") and text.count("\n") == 1
    data = link_json(text)
    assert list(data) == [f for f in bgstats.FIELDS["link"] if f != "location"]  # a location only when given
    assert list(data["game"]) == list(bgstats.FIELDS["link.game"])
    assert all(list(p) == list(bgstats.FIELDS["link.players"]) for p in data["players"])
    assert data == {
        "sourceName": "Scorekeeper", "sourcePlayId": PLAY_UUID, "playDate": "2026-11-30 08:15:59", "durationMin": 0,
        "board": "", "comments": "Scored by Scorekeeper from session.json (Flamecraft).",
        "game": {"bggId": 0, "name": "Flamecraft", "highestWins": True, "noPoints": False, "sourceGameId": GAME_UUID},
        "players": [
            {"name": "Ada", "sourcePlayerId": PLAYER_UUIDS["Ada"], "score": 33, "rank": 2, "role": "",
             "startPlayer": True, "winner": False},
            {"name": "Bram", "sourcePlayerId": PLAYER_UUIDS["Bram"], "score": 33, "rank": 1, "role": "",
             "startPlayer": False, "winner": True},
            {"name": "Cleo", "sourcePlayerId": PLAYER_UUIDS["Cleo"], "score": 29, "rank": 3, "role": "",
             "startPlayer": False, "winner": False},
        ],
    }
    assert ok(table, "export", "--to", "bgstats-link", "-o", "link.txt") == "exported the BG Stats link to link.txt\n"
    assert Path("link.txt").read_text(encoding="utf-8") == text


def test_the_start_player_comes_from_the_game_setting(table: Cli) -> None:
    session = Session.open("flamecraft/3p-complete.json")
    assert result_of(session).start_player == "Ada"  # start_player is "": the first listed player
    session.journal.meta.settings["start_player"] = "cle"  # a unique prefix names a player
    assert result_of(session).start_player == "Cleo"


# -- a club's records ------------------------------------------------------------------------------


CSV = """\
date,game,rank,player,winner,Reputation track,Coins,Moon dragons,total
2026-11-30 08:15,Flamecraft,1,Bram,yes,28,0,5,33
2026-11-30 08:15,Flamecraft,2,Ada,,33,0,0,33
2026-11-30 08:15,Flamecraft,3,Cleo,,25,1,3,29
"""

MARKDOWN = """\
## Flamecraft, 2026-11-30 08:15

| rank | player | total | result |
| ---: | --- | ---: | --- |
| 1 | Bram | 33 | winner |
| 2 | Ada | 33 |  |
| 3 | Cleo | 29 |  |

Tiebreak: Ada and Bram tied on 33; Ada and Bram have 1 artisan dragon in hand each; Bram has the most leftover \
goods (19, against Ada's 16) (FC-SCORE-8)

| category | Ada | Bram | Cleo |
| --- | ---: | ---: | ---: |
| Reputation track | 33 | 28 | 25 |
| Coins | 0 | 0 | 1 |
| Moon dragons | 0 | 5 | 3 |
| **total** | **33** | **33** | **29** |
"""


def test_csv_and_markdown_records(table: Cli) -> None:
    assert ok(table, "export", "--to", "csv") == CSV
    assert ok(table, "export", "--to", "markdown") == MARKDOWN
    assert ok(table, "export", "--to", "csv", "-o", "club.csv") == "exported the final table (CSV) to club.csv\n"
    assert Path("club.csv").read_text(encoding="utf-8") == CSV


def made_up(names: list[str], totals: list[int], winners: list[str], categories: dict[str, list[int]]) -> Result:
    rows = [ScoreRow(n, {c: v[i] for c, v in categories.items()}, t, rank=1 if n in winners else 3)
            for i, (n, t) in enumerate(zip(names, totals))]
    score = ScoreTable("Test", True, list(categories), rows, winners)
    return Result("x.json", "test", "Test", "k" * 64, tuple(names), score, "2026-12-01T19:30:00+00:00",
                  "2026-12-01T20:45:00+00:00", names[0], 0)


def test_csv_cells_that_a_spreadsheet_would_run_get_an_apostrophe() -> None:
    names = ["=HYPERLINK(1)", "+Bo", "-Cy", "@Di", "Ed"]
    result = made_up(names, [3, 2, -1, 0, 3], ["=HYPERLINK(1)", "Ed"], {"=SUM(A1)": [3, 2, -1, 0, 3]})
    assert club_csv.club_csv(result, UTC) == """\
date,game,rank,player,winner,'=SUM(A1),total
2026-12-01 19:30,Test,1,'=HYPERLINK(1),yes,3,3
2026-12-01 19:30,Test,1,Ed,yes,3,3
2026-12-01 19:30,Test,3,'+Bo,,2,2
2026-12-01 19:30,Test,3,'-Cy,,-1,-1
2026-12-01 19:30,Test,3,'@Di,,0,0
"""  # a negative number is a number, not a formula: it stays as it is


def test_markdown_cells_escape_the_pipe() -> None:
    result = made_up(["A|B", "C\\|D", "<b>E</b>"], [1, 2, 3], ["<b>E</b>"], {"x|y": [1, 2, 3]})
    text = club_markdown.club_markdown(result, UTC)
    assert "| 1 | &lt;b&gt;E&lt;/b&gt; | 3 | winner |" in text
    assert "| category | A\\|B | C\\\\\\|D | &lt;b&gt;E&lt;/b&gt; |" in text
    assert "| x\\|y | 1 | 2 | 3 |" in text
    for line in text.splitlines():  # every table line has as many cells as its header
        if line.startswith("|"):
            assert len(re.findall(r"(?<!\\)\|", line.replace("\\\\", ""))) == 5, line


def test_a_shared_win_is_a_winner_for_each_in_the_play_file() -> None:
    result = made_up(["Ann", "Bo", "Cy"], [5, 5, 2], ["Ann", "Bo"], {"points": [5, 5, 2]})
    data = bgstats.play_file(result, tz=UTC)
    assert [s["winner"] for s in data["plays"][0]["playerScores"]] == [True, True, False]
    assert data["plays"][0]["durationMin"] == 75


def test_the_jsonl_export_stays_the_default(table: Cli) -> None:
    text = ok(table, "export")
    assert json.loads(text.splitlines()[0])["scorekeeper"] == "session"
    assert ok(table, "export", "--to", "jsonl") == text


def test_the_board_is_the_side_or_variant_played_and_new_players_are_marked(table: Cli) -> None:
    """UX-23 (field report): ``board`` was "" even for Emberheart side B and ``newPlayer`` always false. The board
    is now the game's side or variant (``Game.board``), in the file and the link; ``--new-player NAME``
    (repeatable, a unique prefix will do) marks who played the game for the first time."""
    side_b = str(SAMPLES / "emberheart" / "two-players-side-b.json")
    data = exported(table, "b.bgsplay", "--session", side_b, "--new-player", "br")
    play = data["plays"][0]
    assert play["board"] == "Side B"
    names = {p["id"]: p["name"] for p in data["players"]}
    assert {names[s["playerRefId"]]: s["newPlayer"] for s in play["playerScores"]} == {"Astrid": False,
                                                                                        "Brandon": True}
    assert link_json(ok(table, "export", "--to", "bgstats-link", "--session", side_b))["board"] == "Side B"
    assert exported(table, "a.bgsplay", "--session", str(SAMPLES / "emberheart" / "four-players.json")
                    )["plays"][0]["board"] == "Side A"
    assert exported(table, "fc.bgsplay")["plays"][0]["board"] == ""  # Flamecraft's first-game deck, no Companions
    assert exported(table, "fc2.bgsplay", "--session", "flamecraft/2p-companions.json")["plays"][0]["board"] == \
        "Purple enchantments, Companions"
    bad = table("export", "--to", "bgstats", "--new-player", "Zed", "-o", "zed.bgsplay")
    assert bad.exit_code == 2 and bad.stderr == "error: no player 'Zed' in this game; the players are Ada, Bram, Cleo\n"
    assert not Path("zed.bgsplay").exists()


@pytest.mark.parametrize(("bonfires", "board"), [(3, "Short game (3 Bonfires)"), (4, ""), (5, "Long game (5 Bonfires)")])
def test_an_eight_dragons_game_of_3_or_5_bonfires_is_its_variant(bonfires: int, board: str) -> None:
    """UX-23 (field report): the rulebook's shorter and longer games ("trigger the end game after revealing 3 Bonfire
    Tiles for a shorter game, or 5 for a longer one") are the board BG Stats records."""
    from scorekeeper import games

    assert games.load("eight-dragons").board({"bonfires": bonfires}) == board
