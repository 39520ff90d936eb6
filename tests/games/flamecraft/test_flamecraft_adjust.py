"""``fc adjust``: its keys are a declared set; an unknown or misspelled key is refused (FC-ADJ-1)."""

from __future__ import annotations

import json

from tests.conftest import Cli
from tests.games.flamecraft.test_fc_cli import ready


def test_fc_adj_1_a_misspelled_player_key_is_refused_with_the_known_keys(cli: Cli) -> None:
    ready(cli)
    before = len(json.loads(cli.session.read_text())["events"])
    result = cli("fc", "adjust", '{"players":{"Bo":{"coin":5}}}')
    assert result.exit_code == 1
    assert "FC-ADJ-1" in result.output
    assert "did you mean 'coins'?" in result.output and "known: rep, coins, goods" in result.output
    first, *summary = result.output.strip().splitlines()  # one refusal line, then the rule's summary below it
    assert first.startswith("refused: FC-ADJ-1: ") and summary[0].startswith("  FC-ADJ-1: An adjust names only")
    assert all(line.startswith("    ") for line in summary[1:])
    assert len(json.loads(cli.session.read_text())["events"]) == before  # nothing recorded


def test_fc_adj_1_an_unknown_deck_key_is_refused(cli: Cli) -> None:
    ready(cli)
    result = cli("fc", "adjust", '{"decks":{"artisans":3}}')
    assert result.exit_code == 1 and "FC-ADJ-1" in result.output and "did you mean 'artisan'?" in result.output


def test_a_known_key_is_applied(cli: Cli) -> None:
    ready(cli)
    result = cli("fc", "adjust", '{"players":{"Bo":{"coins":5}}}')
    assert result.exit_code == 0, result.output
    from scorekeeper.app.session import Session

    assert Session.open(cli.session).observe("Bo", "coins") == 5


def test_the_table_syntax_names_a_player_then_the_keys(cli: Cli) -> None:
    ready(cli)
    assert cli("fc", "adjust", "Bo", "coin=5").exit_code == 1  # FC-ADJ-1 here too
    result = cli("fc", "adjust", "Bo", "coins=5", "rep=3")
    assert result.exit_code == 0, result.output
    from scorekeeper.app.session import Session

    s = Session.open(cli.session)
    assert (s.observe("Bo", "coins"), s.observe("Bo", "rep")) == (5, 3)


def test_fc_adj_1_a_hand_typed_with_commas_is_a_list_of_cards(cli: Cli) -> None:
    """FC-R1 (FC-ADJ-1): ``fc adjust Bo hand=IR-4,BR-3`` made a hand of nine one-letter dragons (I, R, -, 4, ,…)."""
    ready(cli)
    result = cli("fc", "adjust", "Bo", "hand=IR-4,BR-3", "--reason", "test")
    assert result.exit_code == 0, result.output
    from scorekeeper.app.session import Session

    assert Session.open(cli.session).state_at(None).players["Bo"].hand == ["IR-4", "BR-3"]


def test_fc_adj_1_a_card_list_recorded_as_text_is_refused() -> None:
    """FC-R1 (FC-ADJ-1): a list key holding text (as a journal written before the fix has it) is refused, not read
    letter by letter."""
    from tests.games.flamecraft.fc_helpers import Table

    t = Table()
    t.setup()
    found = t.bad("ADJUST", None, "FC-ADJ-1", players={"P1": {"hand": "IR-4,BR-3"}})
    assert "hand for P1 must be a list of cards" in found[0].message
