"""A game at the table through the real CLI (review pass): each test pins one friction found while playing —
a message that did not say what is legal, a wrong exit code, a command the shell mangles, a prompt that hid
something. Exit codes: 0 recorded, 1 refused (with the rule), 2 unreadable input."""

from __future__ import annotations

import json

from tests.conftest import Cli
from test_fc_cli import new, ready


def test_faces_typed_unquoted_use_equals_for_the_reward_arrow(cli: Cli) -> None:
    """FC-GEN-5, FC-END-TURN-8: a shell takes an unquoted ``>`` as a redirection, so shop and enchantment faces
    accept ``=`` for it (the same face); the hints print the shell-safe form."""
    from scorekeeper.games.flamecraft.notation import DEFAULT_GOODS, norm_ench, norm_shop

    assert norm_ench("iron:2iron=1rep", DEFAULT_GOODS) == norm_ench("iron:2iron>1rep", DEFAULT_GOODS)
    assert norm_shop("bread,bread,bread=1coin,bread/meat=2rep", DEFAULT_GOODS) == norm_shop(
        "bread,bread,bread>1coin,bread/meat>2rep", DEFAULT_GOODS
    )
    ready(cli)
    cli("fc", "visit", "crumb")
    assert cli("fc", "enchant", "PU-1", "--pay", "2coin", "--force").exit_code == 0  # flagged: not applied
    cli("fc", "adjust", '{"players": {"Ann": {"goods": {"bread": 2, "meat": 1}}}, "row": ["PU-2", "PU-3", "PU-4", "NEWCARD"]}')
    unknown = cli("fc", "enchant", "NEWCARD")
    assert unknown.exit_code == 1 and "NEWCARD=ICON:COST=REWARD" in unknown.output and ">" not in unknown.output
    result = cli("fc", "enchant", "NEWCARD=bread:2bread+meat=3rep")
    assert result.exit_code == 0 and "paying 2bread+1meat" in result.output, result.output
    result = cli("fc", "end", "--row", "NEW-PU=iron:2iron=1rep,PU-10")
    assert result.exit_code == 0, result.output
    state = json.loads(cli("state", "--json").stdout)["state"]
    assert state["faces"]["ench"]["NEW-PU"]["reward"] == {"rep": 1} and state["faces"]["ench"]["NEW-PU"]["cost"] == {"iron": 2}


def test_a_play_when_nobody_is_due_is_refused_with_the_rule_exit_1(cli: Cli) -> None:
    """FC-SETUP-2, FC-END-5: before the setup, or after the last final turn, a play is refused (exit 1) with the
    rule that forbids it — not a usage error asking for -p."""
    new(cli)
    result = cli("fc", "visit", "crumb")
    assert result.exit_code == 1 and result.output.startswith("refused: FC-SETUP-2"), result.output
    for args in (["place", "BR-2", "2"], ["fire", "S-TOAST"], ["enchant", "PU-1"], ["sun", "FY-2"], ["end", "--discard", "BR-2"]):
        result = cli("fc", *args)
        assert result.exit_code == 1 and "FC-SETUP-2" in result.output, (args, result.output)


def test_after_the_last_final_turn_a_visit_is_refused_fc_end_5(cli: Cli) -> None:
    """FC-END-5: once every final turn is played, a visit is refused with the rule (exit 1)."""
    ready(cli)
    cli("fc", "adjust", '{"decks": {"ench": 1}, "row": ["PU-1", "PU-2", "PU-3", "PU-4"]}')
    for shop, extra in (("crumb", ["--row", "PU-6"]), ("grist", []), ("clank", [])):
        assert cli("fc", "visit", shop).exit_code == 0
        assert cli("fc", "gather").exit_code == 0
        assert cli("fc", "end", *extra).exit_code == 0
    result = cli("fc", "visit", "moss")
    assert result.exit_code == 1 and result.output.startswith("refused: FC-END-5"), result.output
    status = cli.json("status")
    assert "Ann's FY-2" in status["expected"] and "Bo's FY-4" in status["expected"]  # the moon dragons to judge


def test_the_prompt_lists_the_shops_open_to_the_player_and_what_they_cost(cli: Cli) -> None:
    """FC-TURN-4, FC-TURN-6, FC-TURN-7: at the start of a turn, `status` says which shops may be visited, and
    whom a visit must pay."""
    ready(cli, "Ann,Bo,Cy")
    cli("fc", "visit", "crumb")
    cli("fc", "gather")
    cli("fc", "end")
    cli("fc", "adjust", '{"players": {"Bo": {"coins": 1}}}')
    expected = cli.json("status")["expected"]
    assert "open: CRUMBHALL (pay Ann), GRISTLEGATE" in expected
    cli("fc", "visit", "grist")
    cli("fc", "gather")
    cli("fc", "end")
    expected = cli.json("status")["expected"]  # Cy holds nothing: CRUMBHALL and GRISTLEGATE are closed to her
    assert "open: MOSSLOFT, CLANKWORKS, GLINTNOOK, BUBBLEVAT" in expected


def test_a_refused_visit_says_how_to_pay_and_what_the_visitor_holds(cli: Cli) -> None:
    """FC-TURN-6, FC-GEN-3: the refusal names the missing payment, both --pay forms and the visitor's goods."""
    ready(cli)
    cli("fc", "visit", "crumb")
    cli("fc", "gather")
    cli("fc", "end")
    cli("fc", "adjust", '{"players": {"Bo": {"goods": {"meat": 1}}}}')
    result = cli("fc", "visit", "crumb")
    assert result.exit_code == 1
    assert "FC-TURN-6" in result.output and "--pay GOOD" in result.output and "Bo holds 1meat" in result.output
    result = cli("fc", "visit", "crumb", "--pay", "coin")
    assert result.exit_code == 1 and "FC-GEN-3" in result.output and "Bo can pay with 1meat" in result.output
    assert cli("fc", "visit", "crumb", "--pay", "meat").exit_code == 0


def test_a_wrong_slot_names_the_dragons_of_the_hand_that_fit(cli: Cli) -> None:
    """FC-PLACE-3: when no empty slot takes the dragon, the refusal says which dragons of the hand would fit."""
    ready(cli)
    cli("fc", "visit", "crumb")
    cli("fc", "gather")
    result = cli("fc", "place", "PL-2", "2")
    assert result.exit_code == 1
    assert "no empty slot of CRUMBHALL takes plant" in result.output
    assert "from Ann's hand, BR-2 fits slot 2/3, MT-2 fits slot 3" in result.output


def test_fire_before_the_action_says_what_to_do_first(cli: Cli) -> None:
    """FC-FIRE-9: a fire-up before gathering says to gather or enchant first."""
    ready(cli)
    cli("fc", "visit", "crumb")
    result = cli("fc", "fire", "s-toast", "--good", "bread")
    assert result.exit_code == 1 and "(fc gather, or fc enchant CARD)" in result.output


def test_fire_names_a_dragon_elsewhere_in_town_and_where_it_is(cli: Cli) -> None:
    """FC-FIRE-1: a prefix of a dragon at another shop is completed, and the refusal says where it is."""
    ready(cli)
    cli("fc", "visit", "crumb")
    cli("fc", "gather")
    result = cli("fc", "fire", "s-gl")
    assert result.exit_code == 1 and "S-GLEAM is not there (it is at GLINTNOOK)" in result.output


def test_after_a_swap_the_prompt_names_the_dragon_that_may_fire(cli: Cli) -> None:
    """FC-FIRE-7, FC-ART-SWAP-4: after a swap, `next:` names the dragon the swap brought to the shop."""
    ready(cli)
    cli("fc", "visit", "glint")
    cli("fc", "gather")
    result = cli("fc", "fire", "s-gleam", "--with", "S-TOAST")
    assert result.exit_code == 0, result.output
    assert "fire up S-TOAST, which the swap brought here (fc fire S-TOAST" in result.output
    assert cli("fc", "fire", "s-toast", "--good", "crystal").exit_code == 0


def test_enchant_records_the_payment_it_makes(cli: Cli) -> None:
    """FC-ENCH-6, FC-ENCH-8: `fc enchant CARD` without --pay records the goods-then-coins payment, so the log
    and the recorded line show what was paid."""
    ready(cli)
    cli("fc", "adjust", '{"players": {"Ann": {"goods": {"bread": 1}, "coins": 2}}}')
    cli("fc", "visit", "crumb")
    result = cli("fc", "enchant", "PU-1")
    assert result.exit_code == 0, result.output
    assert "casts PU-1 paying 1bread+1coin" in result.output  # PU-1 costs 2bread
    assert "paying 1bread+1coin" in cli("log").output


def test_status_shows_each_empty_slot_with_its_reward(cli: Cli) -> None:
    """FC-PLACE-5: the town in `status` shows what each empty slot accepts and what it pays."""
    ready(cli)
    town = next(s for s in cli.json("status")["sections"] if s["title"] == "Town")
    crumb = next(r for r in town["rows"] if r["shop"] == "CRUMBHALL")
    assert crumb["slots"] == "1:S-TOAST 2:bread>1coin 3:bread/meat>2rep"


def test_a_reserve_ability_needs_the_card_and_the_log_says_a_deck_draw_plainly(cli: Cli) -> None:
    """FC-GATHER-9, FC-RES-3: using a reserve ability without naming the card is refused, listing the row;
    a dragon drawn unnamed from the deck reads "a card from the deck" in the log."""
    ready(cli)
    cli("fc", "adjust", '{"add_shops": ["TONICTOWER"], "players": {"Ann": {"hand": ["PL-2"]}}}')
    cli("fc", "visit", "tonic")
    cli("fc", "gather")
    result = cli("fc", "ability")
    assert result.exit_code == 1 and "FC-GATHER-9" in result.output and "PU-1, PU-2" in result.output
    assert cli("fc", "ability", "--reserve", "PU-3").exit_code == 0
    cli("fc", "end")
    cli("fc", "visit", "moss")
    cli("fc", "gather")
    result = cli("fc", "place", "PL-3", "2", "--draw", "deck")
    assert result.exit_code == 0 and "(draws a card from the deck)" in result.output


def test_setup_without_a_catalog_shows_how_to_name_a_starter_shop(cli: Cli) -> None:
    """FC-SETUP-2: `fc setup` with no catalog and no --town is refused with an example of a shop face."""
    new(cli, "Ann,Bo", catalog=False)
    result = cli("fc", "setup")
    assert result.exit_code == 1 and "--town 'BAKERY=bread,bread,bread=1coin,bread/meat=2rep'" in result.output


def test_a_start_bonus_or_gift_reward_that_draws_a_dragon_takes_draw(cli: Cli) -> None:
    """FC-COMP-3, FC-REW-3, FC-GIFT-4: `fc deal` and `fc gift` take --draw, for a START bonus or a gift reward
    that gives an artisan dragon (before, the deal could not be recorded without --force). Without it the deal
    is incomplete: a prompt for the draw (exit 2, UX-12)."""
    new(cli, "Ann,Bo", "companions=yes")
    cli("fc", "setup", "--park", "BR-1,MT-1,PL-1,IR-1,CR-1", "--row", "PU-1,PU-2,PU-3,PU-4,PU-5")
    result = cli("fc", "deal", "Ann", "--hand", "BR-2,MT-2,PL-2", "--keep", "FY-2", "--companion", "CX-1=start=1artisan")
    assert result.exit_code == 2 and "incomplete: FC-REW-3" in result.output and "--draw park:NAME" in result.output
    result = cli("fc", "deal", "Ann", "--hand", "BR-2,MT-2,PL-2", "--keep", "FY-2", "--companion", "CX-1=start=1artisan",
                 "--draw", "park:BR-1")
    assert result.exit_code == 0, result.output
    assert cli("assert", "Ann", "hand=4").exit_code == 0
    cli("fc", "deal", "Bo", "--hand", "BR-3,MT-3,PL-3", "--keep", "FY-4", "--companion", "CX-2=none")
    cli("fc", "adjust", '{"players": {"Ann": {"goods": {"bread": 1}}}}')
    result = cli("fc", "gift", "Bo", "bread", "--by", "a card", "--reward", "1artisan", "--draw", "deck:AD-NEW=iron/gift")
    assert result.exit_code == 0, result.output
    assert cli("assert", "Ann", "hand=5", "bread=0").exit_code == 0
    cli("fc", "adjust", '{"players": {"Ann": {"coins": 1}}}')
    result = cli("fc", "gift", "Bo", "coin", "--by", "a card", "--draw", "deck")
    assert result.exit_code == 1 and "FC-REW-3" in result.output  # a draw no reward uses


def test_refusals_at_the_shop_name_what_would_fit(cli: Cli) -> None:
    """FC-ENCH-4, FC-FIRE-1: a mismatched enchantment names the row cards that would fit the shop; a dragon not
    at the shop is refused with the dragons that are there."""
    ready(cli)
    cli("fc", "adjust", '{"players": {"Ann": {"goods": {"meat": 3}}}}')
    cli("fc", "visit", "grist")
    result = cli("fc", "enchant", "PU-1")
    assert result.exit_code == 1 and "FC-ENCH-4" in result.output and "PU-2 would fit" in result.output, result.output
    cli("fc", "gather")
    result = cli("fc", "fire", "s-toast", "--good", "bread")
    assert result.exit_code == 1 and "only a dragon at GRISTLEGATE (S-CHOP) can be fired up" in result.output


def test_companion_reserve_shows_in_the_log_and_an_empty_deck_refill_says_so(cli: Cli) -> None:
    """FC-COMP-7, FC-END-TURN-9, FC-FIRE-3: a companion's reserve is in the recorded line; naming a card to
    refill from an empty deck says the deck is empty; once every dragon at the shop has fired, `next:` only
    offers the end of the turn."""
    new(cli, "Ann,Bo", "companions=yes", "ench_deck_size=6")
    cli("fc", "setup", "--park", "BR-1,MT-1,PL-1,IR-1,CR-1", "--row", "PU-1,PU-2,PU-3,PU-4,PU-5")
    cli("fc", "deal", "Ann", "--hand", "BR-2,MT-2,PL-2", "--keep", "FY-2", "--companion", "CP-3")
    cli("fc", "deal", "Bo", "--hand", "BR-3,MT-3,PL-3", "--keep", "FY-4", "--companion", "CP-2")
    result = cli("fc", "companion", "--reserve", "PU-3")
    assert result.exit_code == 0 and "Ann uses their companion: reserves PU-3" in result.output
    cli("fc", "visit", "crumb")
    result = cli("fc", "enchant", "PU-1")  # START 1bread+1potion: 1bread+1coin? no coin: refused
    assert result.exit_code == 1
    cli("fc", "adjust", '{"players": {"Ann": {"goods": {"bread": 2}}}}')
    assert cli("fc", "enchant", "PU-1").exit_code == 0
    result = cli("fc", "fire", "s-toast", "--good", "bread")
    assert result.exit_code == 0 and "next: Ann may end the turn: fc end" in result.output
    assert cli("fc", "end", "--row", "PU-6,PU-7").exit_code == 1  # the deck holds only 1
    assert cli("fc", "end", "--row", "PU-6").exit_code == 0  # the last card: the end is triggered
    cli("fc", "visit", "grist")
    cli("fc", "gather")
    cli("fc", "adjust", '{"row": ["PU-2", "PU-4", "PU-5"]}')
    result = cli("fc", "end", "--row", "PU-8")
    assert result.exit_code == 1 and "the enchantment deck is empty (FC-END-TURN-9); leave out --row" in result.output


def test_gathering_at_a_wild_shop_asks_for_the_goods_with_a_command_that_works(cli: Cli) -> None:
    """FC-GATHER-6: at a wild shop `fc gather` alone is asked for the goods (a prompt, exit 2, one line: UX-12)
    with an example that can be typed as is."""
    ready(cli)
    cli("fc", "adjust", '{"add_shops": ["JUMBLEFAIR"]}')
    cli("fc", "visit", "jumble")
    result = cli("fc", "gather")
    assert (result.exit_code, result.output) == (2, "incomplete: FC-GATHER-6: JUMBLEFAIR yields 1 good(s) of your "
                                                    "choice: say which goods (e.g. fc gather 1bread)\n")
    assert cli("fc", "gather", "1bread").exit_code == 0


def test_paying_at_an_empty_shop_says_nobody_is_paid(cli: Cli) -> None:
    """FC-TURN-6: `--pay ITEM` at a shop where nobody stands pays nobody, and the rules say so (a warning)."""
    ready(cli)
    cli("fc", "adjust", '{"players": {"Ann": {"goods": {"bread": 1}}}}')
    result = cli("fc", "visit", "crumb", "--pay", "bread")
    assert result.exit_code == 0 and "warning FC-TURN-6: nobody is at CRUMBHALL, so --pay bread pays nobody" in result.output
    assert cli("assert", "Ann", "bread=1").exit_code == 0


def test_the_prompt_says_what_must_be_discarded_before_the_end_of_the_turn(cli: Cli) -> None:
    """FC-END-TURN-3, FC-END-TURN-4: over the limits, `next:` says what the end of the turn must discard."""
    ready(cli)
    cli("fc", "adjust", '{"players": {"Ann": {"hand": ["BR-2", "MT-2", "PL-2", "BR-5", "MT-5", "PL-5", "IR-3"], "goods": {"bread": 6}}}}')
    cli("fc", "visit", "crumb")
    result = cli("fc", "gather")  # 8 bread now
    assert "fc end --discard … (over the limits of 6 dragons and 7 of each good: discard 1 dragon of BR-2" in result.output
    assert "and 1bread)" in result.output
    assert cli("fc", "end").exit_code == 1
    assert cli("fc", "end", "--discard", "IR-3,1bread").exit_code == 0


def test_after_the_visit_the_prompt_gives_the_yield_and_the_enchantments_that_fit(cli: Cli) -> None:
    """FC-GATHER-2, FC-GATHER-5, FC-ENCH-3, FC-ENCH-4: after a visit, `next:` says what gathering yields (and the
    --draw a dragon symbol needs) and which enchantments of the row fit the shop and can be paid (field report
    FC-V5, FC-V7: nothing impossible is offered)."""
    ready(cli)
    result = cli("fc", "visit", "clank")
    assert "next: Ann gathers at CLANKWORKS (fc gather: 2iron)\n" in result.output  # PU-4 fits, but Ann has no iron
    cli("undo")
    cli("fc", "adjust", '{"players": {"Ann": {"goods": {"iron": 2}}}}')
    result = cli("fc", "visit", "clank")
    assert "Ann gathers at CLANKWORKS (fc gather: 2iron) or enchants it (fc enchant CARD: PU-4 fits)" in result.output
    cli("undo")
    cli("fc", "adjust", '{"add_shops": ["HATCHERY"]}')
    result = cli("fc", "visit", "hatch")
    assert "(fc gather --draw park:NAME|deck: 1 artisan dragon(s))\n" in result.output


def test_a_companion_after_the_last_final_turn_is_refused_with_the_game_end(cli: Cli) -> None:
    """FC-COMP-6, FC-END-5: `fc companion` when nobody's turn is due says the game is over (not "nobody has no
    companion")."""
    new(cli, "Ann,Bo", "companions=yes", "ench_deck_size=6")
    cli("fc", "setup", "--park", "BR-1,MT-1,PL-1,IR-1,CR-1", "--row", "PU-1,PU-2,PU-3,PU-4,PU-5")
    result = cli("fc", "companion", "--gain", "2rep")
    assert result.exit_code == 1 and "FC-SETUP-11" in result.output, result.output  # the deal comes first
    cli("fc", "deal", "Ann", "--hand", "BR-2,MT-2,PL-2", "--keep", "FY-2", "--companion", "CP-2")
    cli("fc", "deal", "Bo", "--hand", "BR-3,MT-3,PL-3", "--keep", "FY-4", "--companion", "CP-4")
    cli("fc", "adjust", '{"row": ["PU-1", "PU-2", "PU-3", "PU-4"]}')
    for shop, extra in (("crumb", ["--row", "PU-6"]), ("grist", []), ("clank", [])):
        cli("fc", "visit", shop)
        cli("fc", "gather")
        assert cli("fc", "end", *extra).exit_code == 0
    result = cli("fc", "companion", "--gain", "2rep")
    assert result.exit_code == 1 and result.output.startswith("refused: FC-END-5"), result.output


def test_the_slot_may_be_left_out_when_only_one_slot_takes_the_dragon(cli: Cli) -> None:
    """FC-PLACE-2, FC-PLACE-3, FC-ART-PLACE-1: `fc place DRAGON` and `--at SHOP` find the one empty slot that
    takes the dragon; when there are several, the rules ask which (exit 2, UX-12), and when there are none they
    refuse the play saying so (exit 1); nothing is written."""
    ready(cli)
    cli("fc", "visit", "crumb")
    cli("fc", "gather")
    before = cli.session.read_bytes()
    result = cli("fc", "place", "BR-2")
    assert result.exit_code == 2 and result.output.startswith("incomplete: FC-PLACE-2: say which slot BR-2 goes to at CRUMBHALL: slots 2, 3 take it")
    result = cli("fc", "place", "PL-2")
    assert result.exit_code == 1 and result.output.startswith("refused: FC-PLACE-3: no empty slot of CRUMBHALL takes a plant dragon")
    assert cli.session.read_bytes() == before
    result = cli("fc", "place", "MT-2")  # meat: only slot 3 (bread/meat)
    assert result.exit_code == 0 and "places MT-2 in slot 3" in result.output
    cli("fc", "end")
    cli("fc", "adjust", '{"players": {"Bo": {"hand": ["PL-3", "IR-3"]}}}')
    cli("fc", "visit", "bubble")
    cli("fc", "gather")
    result = cli("fc", "fire", "s-fizz", "--dragon", "PL-3", "--at", "moss")
    assert result.exit_code == 2 and "FC-PLACE-2" in result.output and "slots 2, 3 take it" in result.output
    result = cli("fc", "fire", "s-fizz", "--dragon", "IR-3", "--at", "moss")  # iron: only slot 3 (plant/iron)
    assert result.exit_code == 0 and "placing IR-3 at MOSSLOFT:3" in result.output, result.output


def test_after_gathering_the_prompt_names_the_dragons_that_fit_and_those_that_may_fire(cli: Cli) -> None:
    """FC-GATHER-7, FC-PLACE-3, FC-FIRE-2: after the gain, `next:` lists which dragons of the hand fit which
    empty slots, and the dragons at the shop that may fire up."""
    ready(cli)
    cli("fc", "visit", "crumb")
    result = cli("fc", "gather")
    assert "place a dragon (fc place DRAGON [SLOT]: BR-2 → 2/3, MT-2 → 3)" in result.output
    assert "fire up 1 dragon (fc fire DRAGON …: S-TOAST)" in result.output


def test_a_companion_may_reserve_from_the_deck_and_a_gift_needs_both_halves(cli: Cli) -> None:
    """FC-RES-3, FC-COMP-7, FC-GIFT-1: `fc companion` (like `fc ability`) takes `--from deck` for a reserve
    from the deck; a gift effect with --to but no --item is unreadable (exit 2), not half recorded."""
    new(cli, "Ann,Bo", "companions=yes")
    cli("fc", "setup", "--park", "BR-1,MT-1,PL-1,IR-1,CR-1", "--row", "PU-1,PU-2,PU-3,PU-4,PU-5")
    cli("fc", "deal", "Ann", "--hand", "BR-2,MT-2,PL-2", "--keep", "FY-2", "--companion", "CP-3")
    cli("fc", "deal", "Bo", "--hand", "BR-3,MT-3,PL-3", "--keep", "FY-4", "--companion", "CP-4")
    assert cli("fc", "companion", "--to", "Bo").exit_code == 2
    result = cli("fc", "companion", "--reserve", "PU-9", "--from", "deck")
    assert result.exit_code == 0 and "reserves PU-9 from the deck" in result.output, result.output
    assert cli("assert", "Ann", "reserved=PU-9").exit_code == 0
    assert cli("assert", "ench_deck=12").exit_code == 0


def test_fire_has_a_one_letter_shortcut(cli: Cli) -> None:
    """CLI: `fc f` (and `fc fi`) is `fc fire`, the command typed most after a gather; `fc fin` is final."""
    ready(cli)
    cli("fc", "visit", "crumb")
    cli("fc", "gather")
    result = cli("fc", "f", "s-toast", "--good", "bread")
    assert result.exit_code == 0 and "fires up S-TOAST" in result.output
    assert "FC-SCORE-1" in cli("fc", "fin").output


def test_a_sun_dragon_records_what_its_goal_spent(cli: Cli) -> None:
    """FC-FANCY-3 (A-29): `fc sun CARD` without --pay records the goods spent (coins for the missing ones), so the
    log shows them; the reputation is gained."""
    ready(cli)
    cli("fc", "adjust", '{"players": {"Ann": {"fancies": ["FY-1"], "goods": {"plant": 1, "iron": 1}, "coins": 1}}}')
    result = cli("fc", "sun", "FY-1")
    assert result.exit_code == 0 and "scores sun dragon FY-1 spending 1plant+1iron+1coin" in result.output, result.output
    assert cli("assert", "Ann", "rep=4", "coins=0", "plant=0").exit_code == 0


def test_the_deal_prompt_asks_for_the_companion_and_the_4th_seats_good(cli: Cli) -> None:
    """FC-SETUP-14, FC-SETUP-16: `next:` for a deal names --companion when companions are on, and --good for
    the 4th and 5th seats."""
    new(cli, "Ann,Bo,Cy,Di", "companions=yes")
    result = cli("fc", "setup", "--park", "BR-1,MT-1,PL-1,IR-1,CR-1", "--row", "PU-1,PU-2,PU-3,PU-4,PU-5")
    assert "fc deal Ann --hand D1,D2,D3 --keep FANCY --companion NAME" in result.output
    for name, hand, keep, comp in (("Ann", "BR-2,MT-2,PL-2", "FY-2", "CP-1"), ("Bo", "BR-3,MT-3,PL-3", "FY-4", "CP-2"),
                                   ("Cy", "BR-4,MT-4,PL-4", "FY-5", "CP-3")):
        result = cli("fc", "deal", name, "--hand", hand, "--keep", keep, "--companion", comp)
    assert "fc deal Di --hand D1,D2,D3 --keep FANCY --good GOOD --companion NAME" in result.output
