"""What a play-test at the table hit (issue 14): each test pins one verdict or hint that was wrong. Exit codes:
0 recorded, 1 refused (with the rule), 2 unreadable input."""

from __future__ import annotations

from tests.conftest import Cli
from test_fc_cli import new, ready

STARTERS = ("CRUMBHALL=bread,bread,bread=1coin,bread/meat=2rep", "GRISTLEGATE=meat,meat,meat=1fancy,meat=3rep",
            "MOSSLOFT=plant,plant,plant=1artisan,plant/iron=1rep", "CLANKWORKS=iron,iron,iron=2coin,iron=2rep",
            "GLINTNOOK=crystal,crystal,crystal=1rep,crystal=1fancy", "BUBBLEVAT=potion,potion,potion=1coin,potion=2rep")
DRAGONS = "S-TOAST=bread/gain2,S-CHOP=meat/draw,S-LEAF=plant/gain3,S-BOLT=iron/gift,S-GLEAM=crystal/swap,S-FIZZ=potion/place"


def test_fc_end_turn_5_a_discarded_coin_or_fancy_dragon_is_refused_under_its_own_rule(cli: Cli) -> None:
    """FC-END-TURN-5: `fc end --discard 1coin` is a coin, not a dragon named 1COIN: coins (and fancy dragons) have
    no limit, and the refusal says so, without FC-GEN-3 or FC-END-TURN-3."""
    ready(cli)
    cli("fc", "visit", "crumb")
    cli("fc", "gather")
    for word in ("1coin", "FY-2"):  # FY-2 is Ann's fancy dragon
        result = cli("fc", "end", "--discard", word)
        assert result.exit_code == 1 and result.output.startswith("refused: FC-END-TURN-5"), result.output
        assert "FC-GEN-3" not in result.output and "FC-END-TURN-3" not in result.output, result.output
    assert "coin" in cli("fc", "end", "--discard", "1coin").output.split(";")[0]


def test_fc_place_1_a_dragon_not_in_the_hand_is_refused_before_any_slot_is_asked_for(cli: Cli) -> None:
    """FC-PLACE-1: `fc place DRAGON` without a slot runs the rule checks first: a dragon that is not in the hand is
    refused with FC-PLACE-1 alone (no "say which slot" for a dragon that cannot be placed at all)."""
    ready(cli)
    cli("fc", "visit", "crumb")
    cli("fc", "gather")
    for dragon in ("BR-3", "XX-9"):  # Bo's bread dragon; a card nobody holds
        result = cli("fc", "place", dragon)
        assert result.exit_code == 1 and result.output.startswith("refused: FC-PLACE-1"), result.output
        assert "FC-PLACE-2" not in result.output and "which slot" not in result.output, result.output


def test_fc_end_turn_8_the_hint_asks_which_card_refills_the_row_and_its_real_name_is_taken_later(cli: Cli) -> None:
    """FC-END-TURN-8: after a cast leaves a gap in the row, `next:` (and `expect`) ask for the card revealed
    (`fc end --row NAME`); an end of turn without it still goes on, under a provisional name, and the card's real
    name is accepted when it is next played from the row."""
    ready(cli)
    cli("fc", "adjust", '{"players": {"Ann": {"goods": {"bread": 2}}}}')
    cli("fc", "visit", "crumb")
    result = cli("fc", "enchant", "PU-1")
    assert result.exit_code == 0, result.output
    assert "fc end --row NAME" in result.output, result.output
    expect = cli.json("status")["expected"]
    assert "--row NAME" in expect
    result = cli("fc", "end")
    assert result.exit_code == 0, result.output
    provisional = [c for c in cli.json("state")["state"]["row"] if not c.startswith("PU-")]
    assert len(provisional) == 1
    cli("fc", "adjust", '{"players": {"Bo": {"goods": {"meat": 2, "iron": 1}}}}')
    cli("fc", "visit", "grist")
    result = cli("fc", "enchant", "PU-8")  # the card that was revealed: meat:2meat+1iron>4rep
    assert result.exit_code == 0 and "casts PU-8" in result.output, result.output
    state = cli.json("state")["state"]
    assert "PU-8" in state["shops"]["GRISTLEGATE"]["enchantments"] and provisional[0] not in state["row"]


def test_fc_turn_2_one_action_per_turn_cites_fc_turn_2_and_the_hint_follows_what_is_legal(cli: Cli) -> None:
    """FC-TURN-2: a turn is a visit and either a gather or an enchantment; a second action is refused under
    FC-TURN-2 whichever came first, and a second visit's refusal names what is legal now (not "now gather or
    enchant" to a player who already gathered)."""
    ready(cli)
    cli("fc", "visit", "crumb")
    cli("fc", "gather")
    result = cli("fc", "visit", "grist")
    assert result.exit_code == 1 and result.output.startswith("refused: FC-TURN-2"), result.output
    assert "now gather or enchant" not in result.output and "fc end" in result.output, result.output
    result = cli("fc", "enchant", "PU-1")
    assert result.exit_code == 1 and result.output.startswith("refused: FC-TURN-2"), result.output
    assert "FC-ENCH-2" not in result.output
    cli("fc", "end")
    cli("fc", "adjust", '{"players": {"Bo": {"goods": {"meat": 2, "iron": 1}}}}')
    cli("fc", "visit", "grist")
    assert cli("fc", "enchant", "PU-2").exit_code == 0
    result = cli("fc", "gather")
    assert result.exit_code == 1 and result.output.startswith("refused: FC-TURN-2"), result.output


def test_fc_setup_2_3_without_a_catalog_the_first_refusal_says_everything_the_setup_needs(cli: Cli) -> None:
    """FC-SETUP-2, FC-SETUP-3: with no catalog, a bare `fc setup` is refused once with both the starter shops and
    the starter dragons to name; one more command with both records the setup."""
    new(cli, catalog=False)
    result = cli("fc", "setup")
    assert result.exit_code == 1 and "FC-SETUP-2" in result.output and "FC-SETUP-3" in result.output, result.output
    assert "--town" in result.output and "--starters" in result.output
    town = [word for shop in STARTERS for word in ("--town", shop)]
    result = cli("fc", "setup", *town, "--starters", DRAGONS)
    assert result.exit_code == 0, result.output


def test_adjust_takes_a_good_as_a_key_and_refuses_a_key_it_does_not_know(cli: Cli) -> None:
    """FC-ADJ-1: `fc adjust Ann bread=2` sets Ann's bread (her other goods stay); a key that is neither a player
    field nor a good is refused with the known keys (exit 1, nothing written)."""
    ready(cli)
    cli("fc", "adjust", '{"players": {"Ann": {"goods": {"meat": 1}}}}')
    result = cli("fc", "adjust", "Ann", "bread=2")
    assert result.exit_code == 0, result.output
    assert cli.json("state")["state"]["players"]["Ann"]["goods"] == {"meat": 1, "bread": 2}
    before = cli.session.read_bytes()
    result = cli("fc", "adjust", "Ann", "gold=2")
    assert result.exit_code == 1 and result.output.startswith("refused: FC-ADJ-1") and "gold" in result.output, result.output
    assert cli.session.read_bytes() == before
