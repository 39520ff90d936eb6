"""``scorekeeper tally`` and ``export --to tally`` (issue 25): the table as it stands, scored like a recorded game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.session import Session
from scorekeeper.app.tally import tally_data
from scorekeeper.errors import Refused
from scorekeeper.core.protocol import Draft
from tests.conftest import Cli
from tests.test_sample_sessions import ENTRIES, SAMPLES

INPUTS = SAMPLES / "inputs"


@pytest.mark.parametrize("game,entry", ENTRIES, ids=lambda v: v if isinstance(v, str) else v["file"])
def test_the_tally_of_every_sample_scores_as_the_sample(cli: Cli, tmp_path: Path, game: str,
                                                        entry: dict[str, Any]) -> None:
    """Round trip: ``export --to tally`` then ``tally --from`` gives exactly the sample's ``score --json``."""
    sample = SAMPLES / game / entry["file"]
    exported = tmp_path / "table.json"
    assert cli("export", "--to", "tally", "-o", exported, "--session", sample).exit_code == 0
    tallied = cli("tally", "--from", exported, "--session", tmp_path / "tallied.json", "--json")
    assert tallied.exit_code == 0, tallied.output
    assert json.loads(tallied.stdout) == json.loads(cli("score", "--json", "--session", sample).stdout)
    again = cli("score", "--json", "--session", tmp_path / "tallied.json")  # the session as written, read anew
    assert json.loads(again.stdout)["winners"] == entry["winners"]


def test_a_tally_is_a_session_like_any_other(cli: Cli, tmp_path: Path) -> None:
    """The TOML example: one TALLY play, and score --explain, check, verify and the exports read it unchanged."""
    path = tmp_path / "tuesday.json"
    made = cli("tally", "--from", INPUTS / "emberheart-tally.toml", "--session", path)
    assert made.exit_code == 0, made.output
    assert "Winner: Astrid" in made.stdout and "total             30       25" in made.stdout
    explain = cli("score", "--explain", "--session", path).stdout
    assert "Paragon: most Dragon cards (2 vs Bjorn 1)" in explain and "D3: green Dragon, 9 Glory" in explain
    assert cli("check", "--session", path).exit_code == 0
    assert cli("verify", "--session", path).exit_code == 0
    assert "Astrid" in cli("export", "--to", "csv", "--session", path).stdout
    assert [e.type for e in Session.open(path).events] == ["TALLY"]
    assert cli("report", "-o", tmp_path / "r.html", "--session", path).exit_code == 0
    assert "30 ┤A" in cli("chart", "--session", path).stdout  # a single point
    assert cli("export", "--to", "bgstats", "-o", tmp_path / "t.bgsplay", "--session", path).exit_code == 0
    standings = cli("standings", tmp_path).stdout
    assert "Emberheart: 1 finished session" in standings and "Astrid          1       1" in standings


@pytest.mark.parametrize("text,field", [
    ("{not json", "not valid JSON"),
    ('{"game": "emberheart"}', "players: expects"),
    ('{"game": "emberheart", "players": ["A", "B"], "state": {"players": [{"gear": "four"}]}}',
     "state.players[0].gear: expects a whole number, not 'four'"),
    ('{"game": "emberheart", "players": ["A", "B"], "state": {"players": [{"gaer": 4}]}}',
     "state.players[0].gaer: no such field (did you mean gear?)"),
    ('{"game": "flamecraft", "players": ["A", "B"], "state": {"players": {"A": {"coins": true}}}}',
     "state.players.A.coins: expects a whole number"),
])
def test_bad_input_is_one_line_naming_the_field_exit_2_nothing_written(cli: Cli, tmp_path: Path, text: str,
                                                                       field: str) -> None:
    source = tmp_path / "bad.json"
    source.write_text(text, encoding="utf-8")
    result = cli("tally", "--from", source, "--session", tmp_path / "out.json")
    assert result.exit_code == 2 and field in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out.json").exists()


def _tally(game: str, players: list[str], state: dict[str, Any], force: bool = False) -> Session:
    s = Session.in_memory(game, players)
    s.record(Draft("TALLY", None, {"state": state}), force=force)
    return s


def _refused(game: str, players: list[str], state: dict[str, Any]) -> str:
    with pytest.raises(Refused) as refused:
        _tally(game, players, state)
    return str(refused.value)


def test_eh_tally_1_a_field_that_does_not_fit_is_refused_and_nothing_changes() -> None:
    assert "EH-TALLY-1" in _refused("emberheart", ["A", "B"], {"round": "five"})


def test_eh_tally_2_more_than_the_box_holds_is_refused_or_forced_and_flagged(cli: Cli, tmp_path: Path) -> None:
    message = _refused("emberheart", ["A", "B"], {"players": [{"crests": 9, "hire": {"G": 40, "S": 0, "R": 0, "W": 0}},
                                                              {"hire": {"G": 20, "S": 0, "R": 0, "W": 0}}]})
    assert "EH-TALLY-2" in message and "A holds 9 Crests" in message and "60 G tokens; the box has 50" in message
    assert "did you mean paragon?" in _refused("emberheart", ["A", "B"], {"cards": {"H1": {
        "id": "H1", "kind": "hero", "hero": "paragn", "owner": "A"}}})
    source = tmp_path / "crests.json"
    source.write_text(json.dumps({"game": "emberheart", "players": ["A", "B"], "state": {"players": [{"crests": 9}]}}))
    refused = cli("tally", "--from", source, "--session", tmp_path / "out.json")
    assert refused.exit_code == 1 and "EH-TALLY-2" in refused.output and not (tmp_path / "out.json").exists()
    forced = cli("tally", "--from", source, "--session", tmp_path / "out.json", "--force")
    assert forced.exit_code == 0 and "flagged" in forced.stdout
    assert "EH-TALLY-2" in cli("check", "--session", tmp_path / "out.json").stdout


def test_fc_tally_1_and_fc_tally_2() -> None:
    """FC-TALLY-1: a misspelled good is a field that does not fit (did you mean…?); FC-STATE-4: a count below 0;
    FC-TALLY-2: a fancy dragon whose face nobody typed (field report TALLY-24)."""
    assert "FC-TALLY-1" in _refused("flamecraft", ["A", "B"], {"finished": 3})
    message = _refused("flamecraft", ["A", "B"], {"players": {"A": {"coins": -2, "goods": {"bred": 1}}}})
    assert "FC-TALLY-1" in message and "did you mean bread?" in message
    assert "FC-STATE-4: A holds -2 coins" in message
    message = _refused("flamecraft", ["A", "B"], {"finished": True, "players": {"A": {"fancies": ["FY-5"]}}})
    assert "FC-TALLY-2" in message and "FY-5 (A)" in message and message.count("FY-5") == 1


def test_ed_tally_1_and_ed_tally_2_a_lair_that_no_rule_builds() -> None:
    assert "ED-TALLY-1" in _refused("eight-dragons", ["A", "B"], {"over": "yes"})
    sample = Session.open(SAMPLES / "eight-dragons" / "2p-aurea.json")
    state = tally_data(sample)["state"]
    name = next(iter(state["players"]))
    cells = state["players"][name]["lair"]["cells"]
    cells[-1][0] = [40, 40]  # a tile far from the others
    message = _refused("eight-dragons", list(sample.players), state)
    assert "ED-TALLY-2" in message and "does not touch the Lair" in message


def test_the_flamecraft_example_scores_its_tiebreak(cli: Cli, tmp_path: Path) -> None:
    """FC-SCORE-6..8: all three tie on 27; the most artisan dragons in hand, then the most goods, break it."""
    made = cli("tally", "--from", INPUTS / "flamecraft-tally.toml", "--session", tmp_path / "fc.json", "--json")
    score = json.loads(made.stdout)
    assert [p["total"] for p in score["players"]] == [27, 27, 27] and score["winners"] == ["Cy"]
    assert "Cy has the most leftover goods (3, against Ben's 1)" in score["tiebreak"]
    explain = cli("score", "--explain", "--session", tmp_path / "fc.json").stdout
    assert "the track as the table showed it" in explain


def test_the_eight_dragons_example_is_the_2p_samples_end(cli: Cli, tmp_path: Path) -> None:
    """Gold held, and each Lair as its tiles on cells with rotation (Chambers worked out): the sample's score."""
    made = cli("tally", "--from", INPUTS / "eight-dragons-tally.json", "--session", tmp_path / "ed.json", "--json")
    sample = cli("score", "--json", "--session", SAMPLES / "eight-dragons" / "2p-aurea.json")
    assert made.exit_code == 0 and json.loads(made.stdout) == json.loads(sample.stdout)
