"""A tally file is read whole before anything is written (issue 33, part 3): TALLY-14, TALLY-15, TALLY-16, TRUST-9.

A file that names a card, tile or player that is not there, that the game's code cannot read, or whose settings are
written as ``new --set`` takes them, is one line naming the field (exit 2) and writes nothing — never an internal
error, and never a session that then crashes every reader.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass as dataclass_, field as field_
from pathlib import Path
from typing import Annotated, Any, Callable, Literal

import pytest

from scorekeeper.core.plain_state import OneOf

from tests.conftest import Cli

INPUTS = Path(__file__).resolve().parents[2] / "sample_sessions" / "inputs"


def _emberheart() -> dict[str, Any]:
    return tomllib.loads((INPUTS / "emberheart-tally.toml").read_text(encoding="utf-8"))


def _eight_dragons() -> dict[str, Any]:
    return json.loads((INPUTS / "eight-dragons-tally.json").read_text(encoding="utf-8"))


def _missing_card(data: dict[str, Any]) -> None:  # TALLY-14: a player's cards name an id not in state.cards
    data["state"]["players"][0]["cards"].append("D9")


def _hero_holds_a_missing_card(data: dict[str, Any]) -> None:  # TRUST-9: wrote the session, then every reader crashed
    data["state"]["cards"]["H1"]["holds"] = "D99"


def _misspelt_mission(data: dict[str, Any]) -> None:  # TALLY-14: wrote the session, then internal error
    for _, placed in data["state"]["players"]["Whytera"]["lair"]["cells"]:
        if placed["tile"]["mission"]:
            placed["tile"]["mission"]["type"] = "markeet"
            return


def _a_tracks_key_left_out(data: dict[str, Any]) -> None:
    del data["state"]["players"][0]["attrs"]["senses"]


@pytest.mark.parametrize("make,change,said", [
    # the game's own reading of its tally names the field first (EH-TALLY-1, 8 Dragons' Mission types)
    (_emberheart, _missing_card, "state.players[0].cards: 'D9' is not a card of state.cards"),
    (_emberheart, _hero_holds_a_missing_card, "state.cards.H1.holds: 'D99' is not a card of state.cards"),
    (_eight_dragons, _misspelt_mission, "'markeet' is not a Mission type (did you mean market?)"),
    (_emberheart, _a_tracks_key_left_out, "state: 'senses' is missing"),
], ids=["missing-card", "hero-holds-missing", "misspelt-mission", "key-left-out"])
def test_a_file_naming_what_is_not_there_is_exit_2_nothing_written(
        cli: Cli, tmp_path: Path, make: Callable[[], dict[str, Any]], change: Callable[[dict[str, Any]], None],
        said: str) -> None:
    data = make()
    change(data)
    source = tmp_path / "table.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    result = cli("tally", "--from", source, "--session", tmp_path / "out.json")
    assert result.exit_code == 2, result.output
    assert said in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert "internal error" not in result.output and not (tmp_path / "out.json").exists()
    assert not (cli.home / "current").exists()  # nothing made current either


def test_royal_challenges_in_the_form_new_set_takes(cli: Cli, tmp_path: Path) -> None:
    """TALLY-16: ``royal = "smallest:6:3,…"`` is read as ``--set royal=…`` reads it."""
    data = _eight_dragons()
    data["settings"]["royal"] = "smallest:6:3,artifacts:5:2,gold:8:4,wall:7:3"
    source = tmp_path / "table.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    made = cli("tally", "--from", source, "--session", tmp_path / "out.json")
    assert made.exit_code == 0, made.output
    assert "Royal" in cli("score", "--session", tmp_path / "out.json").stdout


@pytest.mark.parametrize("settings,said", [
    ({"frist": "Blakkar"}, "settings.frist: no such setting (did you mean first?)"),
    ({"colour.none": "jokr"}, "settings.colour.none: is not one of no_match, joker, player (did you mean joker?)"),
])
def test_a_misspelt_setting_gets_the_closest(cli: Cli, tmp_path: Path, settings: dict[str, Any], said: str) -> None:
    data = _eight_dragons()
    data["settings"] = settings
    source = tmp_path / "table.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    result = cli("tally", "--from", source, "--session", tmp_path / "out.json")
    assert result.exit_code == 2 and said in result.stderr and not (tmp_path / "out.json").exists()


def test_a_state_the_game_cannot_read_is_exit_2_not_a_refusal(cli: Cli, tmp_path: Path) -> None:
    """TALLY-15: edges of the wrong length were ``refused: CORE-PAYLOAD`` (exit 1, offering --force)."""
    data = _eight_dragons()
    data["state"]["players"]["Whytera"]["lair"]["cells"][3][1]["tile"]["edges"] = "OW"
    source = tmp_path / "table.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    result = cli("tally", "--from", source, "--session", tmp_path / "out.json")
    assert result.exit_code == 2, result.output
    assert "--force" not in result.stderr and not (tmp_path / "out.json").exists()


def test_too_few_players_is_the_files_players(cli: Cli, tmp_path: Path) -> None:
    data = _emberheart()
    data["players"] = ["Astrid"]
    source = tmp_path / "table.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    result = cli("tally", "--from", source, "--session", tmp_path / "out.json")
    assert result.exit_code == 2 and "players: Emberheart is played by 2 to 4" in result.stderr


def test_a_refusal_with_json_is_json(cli: Cli, tmp_path: Path) -> None:
    """TALLY-15: ``tally --json`` printed a refusal as plain text."""
    result = cli("tally", "--from", INPUTS / "refused" / "coins-below-zero.toml", "--session", tmp_path / "o.json",
                 "--json")
    assert result.exit_code == 1
    refusal = json.loads(result.stdout)
    assert refusal["refused"] is True and refusal["violations"][0]["rule"] == "FC-STATE-4"  # a count below 0
    assert not (tmp_path / "o.json").exists()


@dataclass_
class _Card:
    kind: Annotated[str, OneOf(("hero", "captive", "mountain"))] = "hero"
    side: Literal["A", "B"] = "A"
    colours: dict[str, Annotated[str, OneOf(lambda: ("red", "blue"))]] = field_(default_factory=dict)


@pytest.mark.parametrize("data,said", [
    ({"kind": "captiv"}, "state.kind: expects one of hero, captive, mountain, not 'captiv' (did you mean captive?)"),
    ({"side": "C"}, "state.side: expects one of A, B, not 'C'"),
    ({"colours": {"D1": "rde"}}, "state.colours.D1: expects one of red, blue, not 'rde' (did you mean red?)"),
])
def test_an_enumerated_field_takes_only_its_values_with_the_closest_suggested(data: dict[str, Any], said: str) -> None:
    """Issue 33, part 4 (TALLY-13's generic part): a game declares an enumerated field of its state
    (``Annotated[str, OneOf(...)]`` or a ``Literal``) and every tally is checked against it, the closest suggested."""
    from scorekeeper.core.plain_state import overlay
    from scorekeeper.errors import BadInput

    with pytest.raises(BadInput) as wrong:
        overlay(_Card(), data, "state")
    assert str(wrong.value) == said
    assert overlay(_Card(), {"kind": "mountain", "side": "B", "colours": {"D1": "red"}}, "state").side == "B"
