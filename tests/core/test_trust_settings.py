"""Trust (issue 12): every setting has a type and a range, checked at ``new --set``, at ``set``, at ``import`` and
whenever a session is read.

Before the fix ``set flame_glory=-1`` (or ``[0]``, ``"x"``, ``{"a":"b"}``, ``NaN``) and ``new --set`` exited 0,
then ``score`` crashed; a session file with a wrong-typed setting gave an internal error.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from scorekeeper.errors import BadInput
from scorekeeper.core.settings import Setting, SettingError, first_problem
from tests.conftest import Cli


@pytest.fixture
def ember(cli: Cli) -> Cli:
    assert cli("new", "emberheart", "--players", "Ann,Bob", "--session", str(cli.session)).exit_code == 0
    return cli


@pytest.mark.parametrize("value", ["-1", "[0]", '"x"', '{"a":"b"}', "NaN", '{"3":-1}', '{"3":1.5}', "Infinity",
                                   '{"3":true}'])
def test_set_refuses_a_flame_glory_of_the_wrong_shape(ember: Cli, value: str) -> None:
    before = ember.session.read_bytes()
    result = ember("set", f"flame_glory={value}")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: setting flame_glory: ") and len(result.stderr.splitlines()) == 1
    assert ember.session.read_bytes() == before
    assert ember("score").exit_code == 0


def test_set_records_a_flame_glory_of_whole_numbers(ember: Cli) -> None:
    assert ember("set", 'flame_glory={"4":5}').exit_code == 0
    # the table in force: the rulebook's 3 → 3 and 6 → 8 with the one set (EH-V2)
    assert {r["key"]: r["value"] for r in ember.json("settings")}["flame_glory"] == {"3": 3, "4": 5, "6": 8}


@pytest.mark.parametrize("assignment,phrase", [
    ("flame_glory=-1", "is not an object"),
    ("flame_glory=NaN", "NaN is not a number JSON can hold"),
    ("skills=1,9", "holds 9, which is more than 4"),
    ("attr_max=0", "0 is less than 1"),
    ("location_spaces=99999999999999999999", "is more than 10"),
    ("colour_tracks={\"red\":\"luck\"}", "each one of strength, senses, speed"),
])
def test_new_refuses_a_setting_out_of_its_range(cli: Cli, assignment: str, phrase: str) -> None:
    result = cli("new", "emberheart", "--players", "Ann,Bob", "--set", assignment, "--session", str(cli.session))
    assert result.exit_code == 2 and phrase in result.stderr, result.stderr
    assert not cli.session.exists()


@pytest.mark.parametrize("value", [-1, [0], "x", {"a": "b"}, None])
def test_a_session_file_with_a_wrong_setting_is_refused_on_reading(ember: Cli, value: object) -> None:
    data = json.loads(ember.session.read_text(encoding="utf-8"))
    data["meta"]["1"]["settings"]["flame_glory"] = value
    ember.session.write_text(json.dumps(data), encoding="utf-8")
    before = ember.session.read_bytes()
    for command in (("status",), ("score",), ("check",), ("note", "x"), ("set", 'flame_glory={"4":5}')):
        result = ember(*command)
        assert result.exit_code == 2, (command, result.output)
        assert result.stderr.startswith(f"error: {ember.session}: setting flame_glory is "), result.stderr
        assert "the file was left untouched" in result.stderr and len(result.stderr.splitlines()) == 1
        assert ember.session.read_bytes() == before


def test_an_edited_set_event_is_a_violation_and_score_still_works(ember: Cli) -> None:
    assert ember("set", 'flame_glory={"4":5}').exit_code == 0
    data = json.loads(ember.session.read_text(encoding="utf-8"))
    data["events"]["1"]["payload"]["value"] = {"4": "lots"}
    ember.session.write_text(json.dumps(data), encoding="utf-8")
    assert ember("score").exit_code == 0
    checked = ember("check")
    assert checked.exit_code == 1 and "#1 CORE-SET: setting flame_glory: holds" in checked.stdout


def test_every_default_is_in_its_own_range() -> None:
    from scorekeeper import games

    for entry in games.REGISTRY:
        declared = games.load(entry.name).settings
        assert first_problem(declared, {s.key: s.default for s in declared}) is None, entry.name


def test_the_kinds_are_strict() -> None:
    assert Setting("n", 1, "", "int").problem(True) == "is not a whole number"
    assert Setting("b", False, "", "bool").problem("false") == "is not yes or no"
    assert Setting("l", [], "", "list").problem("a,b") == "is not a list of words"
    assert Setting("c", None, "", "int").problem(None) is None  # a default of None admits None
    assert Setting("d", 3, "", "int", choices=(3, 4, 5)).problem(6) == "is not one of 3, 4, 5"
    with pytest.raises(SettingError, match="setting d: 6 is not one of 3, 4, 5"):
        Setting("d", 3, "", "int", choices=(3, 4, 5)).parse("6")


def test_a_session_opened_in_process_names_the_setting(tmp_path: Path) -> None:
    from scorekeeper.app.session import Session

    path = tmp_path / "s.json"
    Session.create(path, "fake", ["Ann", "Bob"])
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"]["1"]["settings"]["target"] = "ten"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BadInput, match="setting target is 'ten', which is not a whole number"):
        Session.open(path)
    with pytest.raises(BadInput, match="setting bonus is 1.5"):
        Session.create(tmp_path / "t.json", "fake", ["Ann"], {"bonus": 1.5})
