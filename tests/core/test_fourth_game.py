"""The recipe for a fourth game (docs/architecture.md), proven: the tests' fake game is one registry line and
one module (rules and declarations, no CLI code), and it runs through the real command line."""

from __future__ import annotations

import json

import tests.fake_game  # noqa: F401  (the one line: tests/fake_game.py calls scorekeeper.games.register)
from scorekeeper import games
from tests.conftest import Cli


def test_the_fake_game_is_registered_with_one_declaration() -> None:
    info = games.entry("fk")
    assert (info.name, info.title, info.aliases, info.package) == ("fake", "Fake", ("fk",), "tests.fake_game")
    assert games.load("fake").title == "Fake"  # the game reads its name and title from the registry


def test_its_commands_are_made_from_its_event_declarations(cli: Cli) -> None:
    help_text = cli("fake", "--help").output
    assert "add" in help_text and "adjust" in help_text
    assert "Take 1 to 3 counters." in cli("fake", "add", "--help").output


def test_a_whole_game_through_the_real_cli(cli: Cli) -> None:
    assert cli("new", "fake", "--players", "Ann,Bob", "--set", "target=4").exit_code == 0
    assert cli("fake", "add", "2").output == "#1 recorded: Ann adds 2\nnext: Bob adds 1 to 3 counters\n"
    refused = cli("fake", "add", "7")
    assert refused.exit_code == 1 and refused.stderr.startswith("refused: FAKE-RANGE: take 1 to 3 counters, not 7")
    assert cli("fake", "add", "2").exit_code == 0
    status = json.loads(cli("status", "--json").stdout)
    assert status["finished"] is True
    score = json.loads(cli("score", "--json").stdout)
    assert score["final"] is True and score["winners"] == ["Ann", "Bob"]  # 2 counters and 1 turn each: shared
    assert cli("check").output == "no violations in 2 events\n"


def test_a_payload_that_does_not_fit_its_declaration_is_core_payload(cli: Cli) -> None:
    assert cli("new", "fake", "--players", "Ann,Bob").exit_code == 0
    assert cli("fake", "add", "2").exit_code == 0
    assert cli("amend", "1", "n=\"two\"", "--force").exit_code == 0
    check = cli("check")
    assert check.exit_code == 1
    assert check.output.splitlines()[0] == "#1 CORE-PAYLOAD: n must be a whole number, not str 'two'"
