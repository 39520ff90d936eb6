"""``scorekeeper flamecraft`` (alias ``fc``): one short command per kind of Flamecraft play.

Click declarations only: each command passes its words, as typed, to the session as a play (``Draft``).
The game completes them (``Game.complete``: prefixes of players, shops and cards, ``NAME=FACE``, goods as
``2bread+coin``, the default yield, payment and slot) and its rules judge the play (docs/flamecraft.md).
"""

from __future__ import annotations

from typing import Any, Callable

import click

from scorekeeper.core import adjusting
from scorekeeper.cli.common import BadInput, Domain, game_group, open_session, record, recording_options

GAME = "flamecraft"


@game_group("flamecraft", shortcuts={"f": "fire", "fi": "fire"})
def group() -> None:
    """Record Flamecraft plays: visits, gathering, placements, fire-ups, enchantments, the end of a turn.

    Commands, players, shops and card names accept unique prefixes. A card not in the catalog is
    named with its face the first time: NAME=FACE (e.g. AD-9=bread/gift). In shop and enchantment
    faces write = for > (EN-20=iron:2iron=1rep): the shell reads an unquoted > as a redirection.

    Example: scorekeeper fc visit bakery --pay bread
    """


def play(type: str, kw: dict[str, Any], player: str | None = None, **payload: Any) -> None:
    """Record the play as typed (words left out are not sent; the game completes the rest)."""
    payload.update({k: kw[k] for k in ("draws", "fancies") if k in kw})
    words = {k: list(v) if isinstance(v, tuple) else v for k, v in payload.items() if v not in (None, False, "", ())}
    record(open_session(kw["session"], GAME), type, player or kw.get("player"), words, force=kw["force"], as_json=kw["as_json"])


def pair(message: str, **words: str | None) -> dict[str, Any] | None:
    """Two options that go together (``--to PLAYER --item GOOD``): both, or neither."""
    if any(words.values()) and not all(words.values()):
        raise BadInput(message)
    return dict(words) if all(words.values()) else None


def options(*decorators: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Several options as one decorator (listed in the order ``--help`` shows them)."""
    def apply(func: Any) -> Any:
        for decorator in reversed(decorators):
            func = decorator(func)
        return func
    return apply


player_option = click.option("-p", "--player", type=Domain("player"), help="Who plays (default: whose turn it is).")
draw_option = click.option("--draw", "draws", multiple=True, metavar="park:NAME|deck[:NAME]", help="Where each artisan dragon gained came from (repeatable).")
fancy_option = click.option("--fancy", "fancies", multiple=True, metavar="NAME[=FACE]", help="Each fancy dragon drawn as a reward (repeatable).")
#: the options of a play that may draw cards, made by the player whose turn it is
turn_options = options(draw_option, fancy_option, player_option, recording_options)
effect_options = options(  # the declared effect of a shop ability or a companion
    click.option("--reserve", metavar="CARD", help="A reserve effect: the enchantment reserved."),
    click.option("--from", "source", type=click.Choice(["row", "deck"]), default="row", show_default=True, help="Where the reserved card comes from."),
    click.option("--gain", metavar="REWARD", help="What the effect gave, as declared (e.g. 1rep+1bread)."),
    click.option("--to", "to", metavar="PLAYER", help="A gift effect: who gets the good."),
    click.option("--item", metavar="GOOD", help="A gift effect: the good (or coin) given."),
    turn_options,
)


@group.command("setup")
@click.option("--town", multiple=True, metavar="SHOP[=FACE]", help="The 6 starter shops (default: the catalog's starter shops).")
@click.option("--starters", multiple=True, metavar="DRAGON[=FACE]", help="The 6 starter dragons (default: the catalog's).")
@click.option("--remove", "removed", metavar="ITEMS", help="Artisan dragons removed, per type (e.g. 2bread+2meat+…; default: as the player count requires).")
@click.option("--park", multiple=True, metavar="NAMES", help="The 5 park dragons, comma-separated (default: provisional names).")
@click.option("--row", multiple=True, metavar="NAMES", help="The 5 enchantments of the row (default: provisional names).")
@click.option("--shop-deck", metavar="SYMBOLS", help="The shop deck's upper-left symbols, comma-separated (checked against the standard build).")
@click.option("--custom", is_flag=True, help="The shop deck is a custom build on purpose.")
@click.option("--town-spaces", type=int, help="Shop spaces in town (default: the town_spaces setting).")
@recording_options
def setup_cmd(**kw: Any) -> None:
    """Record the game setup: starter town, artisan removal, park, enchantment row, shop deck.

    Example: scorekeeper fc setup --park PK-1,PK-2,PK-3,PK-4,PK-5 --row EN-1,EN-2,EN-3,EN-4,EN-5
    """
    play("SETUP", kw, town=kw["town"], starters=kw["starters"], removed=kw["removed"], park=kw["park"], row=kw["row"],
         shop_deck=kw["shop_deck"], custom=kw["custom"], town_spaces=kw["town_spaces"] or None)


@group.command("deal")
@click.argument("player", type=Domain("player"))
@click.option("--hand", multiple=True, required=True, metavar="D1,D2,D3", help="The 3 starting artisan dragons.")
@click.option("--keep", required=True, metavar="FANCY[=FACE]", help="The fancy dragon kept.")
@click.option("--drew", metavar="F1,F2", help="The 2 fancy dragons drawn (optional).")
@click.option("--good", help="The starting good (4th and 5th players of a 4-5 player game only).")
@click.option("--companion", metavar="NAME[=FACE]", help="The companion dealt (when companions are on).")
@options(draw_option, fancy_option)
@recording_options
def deal(player: str, **kw: Any) -> None:
    """Record a player's starting deal: 3 dragons, the fancy dragon kept, the starting good, the companion.

    Example: scorekeeper fc deal Ann --hand AD-1,AD-2,AD-3 --drew FD-A,FD-B --keep FD-A
    """
    play("SETUP_PLAYER", kw, player, hand=kw["hand"], keep=[kw["keep"]], drew=kw["drew"], good=kw["good"], companion=kw["companion"])


@group.command("visit")
@click.argument("shop", type=Domain("shop"))
@click.option("--pay", multiple=True, metavar="[PLAYER=]ITEM", help="The good or coin given to each player there: ITEM for everyone, or PLAYER=ITEM.")
@player_option
@recording_options
def visit(shop: str, **kw: Any) -> None:
    """Move your dragon to a shop, giving 1 good or coin to each player already there.

    Example: scorekeeper fc visit greenhouse --pay Cara=bread
    """
    play("VISIT", kw, shop=shop, pay=kw["pay"])


@group.command("gather")
@click.argument("gain", nargs=-1)
@options(draw_option, player_option, recording_options)
def gather(gain: tuple[str, ...], **kw: Any) -> None:
    """Gather at your shop: the goods, coins and dragons it yields (default: the computed yield).

    Example: scorekeeper fc gather 2bread --draw park:PK-3
    """
    play("GATHER", kw, gain=gain)


@group.command("place")
@click.argument("dragon")
@click.argument("slot", type=int, required=False)
@turn_options
def place(dragon: str, slot: int | None, **kw: Any) -> None:
    """Place a dragon from your hand in an empty slot (1, 2, 3…) of your shop and take the slot's reward.

    The slot may be left out when only one empty slot of the shop takes the dragon.

    Example: scorekeeper fc place AD-1 3
    """
    play("PLACE", kw, dragon=dragon, slot=slot)


@group.command("fire")
@click.argument("dragon")
@click.option("--good", help="GAIN2: the good taken twice.")
@click.option("--goods", metavar="G1,G2,G3", help="GAIN3: the 3 different goods.")
@click.option("--dragon", "placed", metavar="NAME", help="PLACE: the dragon from your hand to place.")
@click.option("--at", "at", metavar="SHOP:SLOT", help="PLACE: where it goes (SHOP alone when one slot of it takes the dragon).")
@click.option("--with", "partner", metavar="NAME", help="SWAP: the dragon in town to swap with.")
@click.option("--to", "to", metavar="PLAYER", help="GIFT: who gets the good.")
@click.option("--item", metavar="GOOD", help="GIFT: the good (or coin) given.")
@click.option("--gain", metavar="REWARD", help="Another ability: what it gave, as declared (e.g. 2rep+1coin).")
@turn_options
def fire(dragon: str, placed: str | None, at: str | None, **kw: Any) -> None:
    """Fire up a dragon at your shop: its ability, with what you chose for it.

    Example: scorekeeper fc fire SD-BREAD --good bread
    """
    place = pair("PLACE needs both --dragon NAME and --at SHOP:SLOT", dragon=placed, at=at)
    play("FIRE_UP", kw, dragon=dragon, good=kw["good"], goods=kw["goods"], place=place, swap=kw["partner"],
         gift=pair("GIFT needs both --to PLAYER and --item GOOD", to=kw["to"], item=kw["item"]), gain=kw["gain"])


def record_effect(kind: str, kw: dict[str, Any]) -> None:
    """Record a ``SHOP_ABILITY`` or ``COMPANION_USE`` with its declared effect."""
    play(kind, kw, reserve=kw["reserve"], source=kw["source"] if kw["reserve"] else None, gain=kw["gain"],
         gift=pair("a gift needs both --to PLAYER and --item GOOD", to=kw["to"], item=kw["item"]))


@group.command("ability")
@effect_options
def ability(**kw: Any) -> None:
    """Use your shop's ability (gathering step 4), with its effect as it happened.

    Example: scorekeeper fc ability --reserve EN-5
    """
    record_effect("SHOP_ABILITY", kw)


@group.command("enchant")
@click.argument("card")
@click.option("--pay", metavar="ITEMS", help="What you paid (e.g. 2bread+1coin; default: goods first, then coins).")
@click.option("--sets", type=int, help="For a card paid in sets: how many sets.")
@turn_options
def enchant(card: str, **kw: Any) -> None:
    """Cast an enchantment from the row (or your reserve) on your shop, paying its cost.

    Example: scorekeeper fc enchant EN-1 --pay 2bread+1coin
    """
    play("ENCHANT", kw, card=card, sets=kw["sets"], pay=kw["pay"])


@group.command("reserve")
@click.argument("card")
@click.option("--by", required=True, metavar="EFFECT", help="The effect that grants the reservation.")
@click.option("--from", "source", type=click.Choice(["row", "deck"]), default="row", show_default=True, help="Where the card comes from.")
@options(player_option, recording_options)
def reserve(card: str, **kw: Any) -> None:
    """Reserve an enchantment, granted by an effect you name (a card's reward, a companion…).

    Example: scorekeeper fc reserve EN-4 --by "EN-9 reward"
    """
    play("RESERVE", kw, card=card, source=kw["source"], by=kw["by"])


@group.command("gift")
@click.argument("to")
@click.argument("item")
@click.option("--by", required=True, metavar="EFFECT", help="The effect that grants the gift.")
@click.option("--reward", "gift_reward", metavar="REWARD", help="What the effect gave you for it (e.g. 1coin).")
@turn_options
def gift(to: str, item: str, **kw: Any) -> None:
    """Give a good (or a coin) to another player because an effect says so (not the GIFT dragon: use fire).

    Example: scorekeeper fc gift Bo bread --by "companion C-1" --reward 2rep
    """
    play("GIFT", kw, to=to, item=item, by=kw["by"], reward=kw["gift_reward"])


@group.command("sun")
@click.argument("card")
@click.option("--pay", metavar="ITEMS", help="What the goal spent (default: its goods, coins for the missing ones).")
@turn_options
def sun(card: str, **kw: Any) -> None:
    """Score a sun fancy dragon whose goal you fulfilled, during your turn.

    Example: scorekeeper fc sun FD-1
    """
    play("FANCY_SCORE", kw, card=card, pay=kw["pay"])


@group.command("companion")
@effect_options
def companion(**kw: Any) -> None:
    """Use your companion's once-per-game ability, with its effect as it happened.

    Example: scorekeeper fc companion --gain 2rep
    """
    record_effect("COMPANION_USE", kw)


@group.command("end")
@click.option("--flip", multiple=True, metavar="SHOP[=FACE]", help="Each new shop drawn this turn, now flipped face up.")
@click.option("--discard", multiple=True, metavar="ITEMS|DRAGON", help="Goods (e.g. 2bread) or dragons discarded down to the limits.")
@click.option("--park", multiple=True, metavar="NAMES", help="The dragons revealed to refill the park (left out: a provisional name, replaced by the real one when the card is drawn).")
@click.option("--row", multiple=True, metavar="NAMES", help="The enchantments revealed to refill the row (left out: a provisional name, replaced by the real one when the card is cast or reserved).")
@options(player_option, recording_options)
def end(**kw: Any) -> None:
    """End your turn: flip the new shops, discard down to 6 dragons and 7 of each good, refill.

    Example: scorekeeper fc end --flip MILL --park AD-9 --row EN-10
    """
    play("END_TURN", kw, flips=kw["flip"], discard=kw["discard"], park=kw["park"], row=kw["row"])


@group.command("final")
@click.option("--moon", multiple=True, metavar="CARD", help="A moon dragon whose goal was fulfilled (repeatable).")
@click.option("--missed", multiple=True, metavar="CARD", help="A moon dragon whose goal was not fulfilled (repeatable).")
@recording_options
def final(moon: tuple[str, ...], missed: tuple[str, ...], **kw: Any) -> None:
    """Record the final scoring after the last final turn: which moon dragons were fulfilled.

    Example: scorekeeper fc final --moon FM-1 --missed FM-2
    """
    play("FINAL_SCORING", kw, moon=moon, missed=missed)


@group.command("adjust")
@click.argument("changes", nargs=-1, required=True, metavar="JSON | [PLAYER] KEY=VALUE...")
@click.option("--reason", default="", help="Why the table differs from the journal.")
@recording_options
def adjust(changes: tuple[str, ...], reason: str, **kw: Any) -> None:
    """A manual correction or mid-game start, as JSON or as PLAYER KEY=VALUE… (keys: docs/flamecraft.md).

    Example: scorekeeper fc adjust Ann coins=3 rep=7 --reason "miscounted coins"
    """
    words = ("add_shops", "slots", "enchantments", "park", "row", "decks")
    play("ADJUST", kw, changes=adjusting.json_or_words(changes, words), reason=reason)
