"""The ``scorekeeper fc`` commands through ``CliRunner``: exact exit codes, refusals citing the rule,
``--force``, unique prefixes, inline card faces, status, score and assert."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest

from tests.conftest import Cli

CATALOG = Path(__file__).resolve().parents[3] / "sample_sessions" / "inputs" / "flamecraft-catalog.json"


def new(cli: Cli, players: str = "Ann,Bo", *sets: str, catalog: bool = True) -> None:
    args = ["new", "flamecraft", "--players", players, "--session", str(cli.session)]
    if catalog:
        args += ["--catalog", str(CATALOG)]
    for s in sets:
        args += ["--set", s]
    result = cli(*args)
    assert result.exit_code == 0, result.output


def ready(cli: Cli, players: str = "Ann,Bo", *sets: str) -> None:
    """A session with the setup and the deals recorded (catalog faces)."""
    new(cli, players, *sets)
    assert cli("fc", "setup", "--park", "BR-1,MT-1,PL-1,IR-1,CR-1", "--row", "PU-1,PU-2,PU-3,PU-4,PU-5").exit_code == 0
    hands = iter([("BR-2,MT-2,PL-2", "FY-2"), ("BR-3,MT-3,PL-3", "FY-4"), ("BR-4,MT-4,PL-4", "FY-5")])
    for name in players.split(","):
        hand, keep = next(hands)
        result = cli("fc", "deal", name, "--hand", hand, "--keep", keep)
        assert result.exit_code == 0, result.output


def test_every_fc_command_has_help_with_an_example() -> None:
    from scorekeeper.cli.flamecraft import group

    assert isinstance(group, click.Group) and group.name == "flamecraft"
    for name, command in group.commands.items():
        assert command.help and "Example: scorekeeper fc" in command.help, name


def test_new_with_players_alone_uses_the_first_game_defaults(cli: Cli) -> None:
    """The issue: `new flamecraft --players A,B,C` alone works (purple deck, no companions)."""
    new(cli, "Ann,Bo,Cy", catalog=False)
    status = cli.json("status")
    assert status["expected"].startswith("record the setup")
    assert "purple deck, companions off" in status["notes"][0]
    result = cli("fc", "setup")
    assert result.exit_code == 1 and result.output.startswith("refused: FC-SETUP-2")


def test_new_refuses_one_player_and_a_bad_start_player(cli: Cli) -> None:
    """FC-SETUP-1, FC-SETUP-10: illegal setups are refused by `new` with the message as is."""
    result = cli("new", "flamecraft", "--players", "Solo", "--session", str(cli.session))
    assert result.exit_code != 0 and "2 to 5 players" in result.output


def test_a_turn_with_prefixes_default_yield_and_a_refusal(cli: Cli) -> None:
    """FC-TURN-4 refusal text: the rule, plain words, what is legal instead; nothing is written."""
    ready(cli)
    assert cli("fc", "vi", "crumb").exit_code == 0
    result = cli("fc", "ga")
    assert result.exit_code == 0 and "gathers 2bread" in result.output
    assert cli("fc", "pl", "br-2", "3").exit_code == 0
    assert cli("fc", "fir", "S-TOAST", "--good", "bread").exit_code == 0
    assert cli("fc", "end").exit_code == 0
    before = cli.session.read_bytes()
    result = cli("fc", "visit", "crumbhall")
    assert result.exit_code == 1
    assert result.output.startswith("refused: FC-TURN-7: Bo holds 0 goods and coins")
    assert "Bo can visit GRISTLEGATE" in result.output
    assert cli.session.read_bytes() == before
    status = cli.json("status")
    ann = next(p for p in status["players"] if p["player"] == "Ann")
    assert ann["reputation"] == 2 and ann["goods"].startswith("4bread") and ann["at"] == "CRUMBHALL"


def test_force_records_a_refused_play_and_check_lists_it(cli: Cli) -> None:
    ready(cli)
    result = cli("fc", "gather", "--force")
    assert result.exit_code == 0 and "FLAGGED FC-TURN-2" in result.output
    check = cli("check")
    assert check.exit_code == 1 and check.output.startswith("#4 FC-TURN-2")


def test_force_is_offered_only_for_a_play_it_could_carry_out(cli: Cli) -> None:
    """UX-12 (field report): "say which slot … (use --force to record it anyway)": forcing a play the game cannot
    carry out (a block: a slot that does not exist) only records an inert event for the referee to clean up, so
    the refusal no longer offers it; a breach (the wrong icon) still does. A slot not named at all is missing
    information: a prompt (exit 2) that --force cannot record either (``test_a_missing_choice_is_asked_for``)."""
    ready(cli)
    assert cli("fc", "visit", "crumb").exit_code == 0 and cli("fc", "gather").exit_code == 0
    before = cli.session.read_bytes()
    result = cli("fc", "place", "br-2", "9")
    assert result.exit_code == 1 and result.stderr.startswith("refused: FC-PLACE-2: CRUMBHALL has slots 1 to 3, not 9\n")
    assert "--force" not in result.stderr
    breach = cli("fc", "place", "pl-2", "3")
    assert breach.exit_code == 1 and breach.stderr.splitlines()[0].endswith("(use --force to record it anyway)")
    assert cli.session.read_bytes() == before


def test_a_missing_choice_is_asked_for(cli: Cli) -> None:
    """UX-12 remainder (field report; FC-PLACE-2): a play that lacks a choice the player must add ("say which
    slot") is a prompt, not a refusal: one line, exit 2 as a usage error, no rule summary under it, no --force
    (forced, it is asked for all the same), nothing written; --json says its kind is "ask"."""
    ready(cli)
    assert cli("fc", "visit", "crumb").exit_code == 0 and cli("fc", "gather").exit_code == 0
    before = cli.session.read_bytes()
    prompt = "incomplete: FC-PLACE-2: say which slot BR-2 goes to at CRUMBHALL: slots 2, 3 take it\n"
    for force in ([], ["--force"]):
        result = cli("fc", "place", "br-2", *force)
        assert (result.exit_code, result.stderr) == (2, prompt)
    asked = cli("fc", "place", "br-2", "--json")
    assert asked.exit_code == 2 and json.loads(asked.stdout)["kind"] == "ask"
    assert json.loads(asked.stdout)["message"] == prompt.strip()
    refused = cli("fc", "place", "pl-2", "3", "--json")
    assert refused.exit_code == 1 and json.loads(refused.stdout)["kind"] == "refused"
    assert cli.session.read_bytes() == before
    assert cli("fc", "place", "br-2", "2").exit_code == 0


def test_visit_pay_to_everyone_there_and_inline_faces(cli: Cli) -> None:
    """FC-TURN-6 with `--pay ITEM`; a card outside the catalog named with its face (NAME=FACE)."""
    ready(cli)
    for args in (["visit", "mossloft"], ["gather"], ["end", "--park", "NEW-DRAGON=iron/gift"]):
        result = cli("fc", *args)
        assert result.exit_code == 1 or result.exit_code == 0, result.output
    # nothing was taken from the park, so the refill with a new dragon is refused (FC-END-TURN-8)
    assert "FC-END-TURN-8" in cli("fc", "end", "--park", "NEW-DRAGON=iron/gift").output
    assert cli("fc", "end").exit_code == 0
    assert cli("fc", "visit", "moss", "--pay", "coin").exit_code == 1  # Bo holds no coin
    cli("fc", "adjust", '{"players": {"Bo": {"goods": {"iron": 1}}}}', "--reason", "found a token")
    result = cli("fc", "visit", "moss", "--pay", "iron")
    assert result.exit_code == 0, result.output
    assert "pays Ann 1 iron" in result.output


def test_enchant_default_payment_and_score_explain(cli: Cli) -> None:
    """FC-ENCH-6 (the default payment: goods, then coins) and `score --explain`."""
    ready(cli)
    cli("fc", "adjust", '{"players": {"Ann": {"goods": {"bread": 1}, "coins": 2}}}')
    cli("fc", "visit", "crumbhall")
    result = cli("fc", "enchant", "PU-1", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["recorded"]["payload"]["card"] == "PU-1"
    table = cli.json("score", "--explain")
    assert table["final"] is False
    assert any("enchantment PU-1" in e["source"] for e in table["explanations"])


def test_assert_observes_reputation_goods_and_decks(cli: Cli) -> None:
    """The observable keys: reputation, a good, coins, the hand, the decks."""
    ready(cli)
    ok = cli("assert", "Ann", "rep=0", "bread=0", "hand=3", "coins=0")
    assert ok.exit_code == 0, ok.output
    game = cli("assert", "artisan_deck=13", "park=BR-1,MT-1,PL-1,IR-1,CR-1")  # the deck less the park and two hands
    assert game.exit_code == 0, game.output  # (it said 19 and passed: a disagreement exited 0, UX-13)
    wrong = cli("assert", "Ann", "rep=5")
    assert wrong.exit_code == 1 and "CORE-ASSERT" in wrong.output and "journal gives 0" in wrong.output


@pytest.mark.parametrize("args", [["fire", "S-TOAST", "--dragon", "BR-2"], ["visit", "x", "--pay", "Zed=bread"], ["adjust", "[1]"]])
def test_bad_arguments_exit_2(cli: Cli, args: list[str]) -> None:
    ready(cli)
    assert cli("fc", *args).exit_code == 2


def test_a_game_without_catalog_names_every_face_inline(cli: Cli) -> None:
    """FC-SETUP-2, FC-SETUP-3 without a catalog: starter shops and dragons typed with their faces."""
    new(cli, "Ann,Bo", catalog=False)
    goods = ["bread", "meat", "plant", "iron", "crystal", "potion"]
    args = ["fc", "setup"]
    for g in goods:
        args += ["--town", f"{g.upper()}SHOP={g},{g},{g}>1coin,{g}>2rep"]
    args += ["--starters", ",".join(f"S-{g.upper()}={g}/gain2" for g in goods)]
    result = cli(*args)
    assert result.exit_code == 0, result.output
    assert cli("fc", "deal", "Ann", "--hand", "X1=bread/gift,X2=meat/draw,X3=iron/gain3", "--keep", "F1=moon:3rep").exit_code == 0
    assert cli("fc", "deal", "Bo", "--hand", "Y1,Y2,Y3", "--keep", "F2").exit_code == 0
    assert cli("fc", "visit", "bread").exit_code == 0
    assert cli("fc", "gather").exit_code == 0
    result = cli("fc", "place", "X1", "2")
    assert result.exit_code == 0 and "places X1 in slot 2" in result.output
    result = cli("fc", "fire", "X1", "--to", "Bo", "--item", "bread")
    assert result.exit_code == 0, result.output
    status = cli.json("status")
    assert status["players"][0]["reputation"] == 2 and status["players"][1]["goods"] == "1bread"
    result = cli("fc", "end", "--park", "P-NEW=potion/swap")
    assert result.exit_code == 1 and "FC-END-TURN-8" in result.output  # nothing was taken from the park
    assert cli("fc", "end").exit_code == 0
    result = cli("assert", "Ann", "score=3")  # 2 rep + 1 coin
    assert "CORE-ASSERT" not in result.output, result.output
