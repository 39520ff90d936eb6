"""``scorekeeper flamecraft`` (alias ``fc``): one short command per kind of Flamecraft play.

Click declarations only: each command passes its words, as typed, to the session as a play (``Draft``).
The game completes them (``Game.complete``: prefixes of players, shops and cards, ``NAME=FACE``, goods as
``2bread+coin``, the default yield, payment and slot) and its rules judge the play (docs/flamecraft.md).
"""

from __future__ import annotations

from typing import Any

import click

from scorekeeper.core import adjusting
from scorekeeper.cli.common import Domain, complete_now, game_group
from scorekeeper.cli.recording import FITTED_INFOS, Recorder, as_typed
from scorekeeper.errors import BadInput


@game_group("flamecraft", shortcuts={"f": "fire", "fi": "fire"})
def group() -> None:
    """Record Flamecraft plays: visits, gathering, placements, fire-ups, enchantments, the end of a turn.

    Commands, players, shops and card names accept unique prefixes. A card not in the catalog is
    named with its face the first time: NAME=FACE (e.g. AD-9=bread/gift). In shop and enchantment
    faces write = for > (EN-20=iron:2iron=1rep): the shell reads an unquoted > as a redirection.

    Example: scorekeeper fc visit bakery --pay bread
    """


def as_typed_words(payload: dict[str, Any]) -> dict[str, Any]:
    """The play as typed: words left out are not sent (the game completes the rest)."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in payload.items() if v not in (None, False, "", (), [])}


#: ``@command(NAME, TYPE, PARAMS…)`` on a function of the words giving the payload (``scorekeeper.cli.recording``);
#: the player (``-p``, or ``deal``'s PLAYER) is passed as typed
command = Recorder(group, "flamecraft", "fc", FITTED_INFOS, player=as_typed, tidy=as_typed_words)


def pair(message: str, **words: str | None) -> dict[str, Any] | None:
    """Two options that go together (``--to PLAYER --item GOOD``): both, or neither."""
    if any(words.values()) and not all(words.values()):
        raise BadInput(message)
    return dict(words) if all(words.values()) else None


opt = click.option
player_option = opt("-p", "--player", type=Domain("player"), help="Who plays (default: whose turn it is).")
draw_option = opt("--draw", "draws", multiple=True, metavar="park:NAME|deck[:NAME]", help="Where each artisan dragon gained came from (repeatable).")
fancy_option = opt("--fancy", "fancies", multiple=True, metavar="NAME[=FACE]", help="Each fancy dragon drawn as a reward (repeatable).")
#: the options of a play that may draw cards, made by the player whose turn it is
TURN = (draw_option, fancy_option, player_option)
EFFECT = (  # the declared effect of a shop ability or a companion
    opt("--reserve", metavar="CARD", shell_complete=complete_now, help="A reserve effect: the enchantment reserved."),
    opt("--from", "source", type=click.Choice(["row", "deck"]), default="row", show_default=True, help="Where the reserved card comes from."),
    opt("--gain", metavar="REWARD", help="What the effect gave, as declared (e.g. 1rep+1bread)."),
    opt("--to", "to", metavar="PLAYER", shell_complete=complete_now, help="A gift effect: who gets the good."),
    opt("--item", metavar="GOOD", help="A gift effect: the good (or coin) given."),
    *TURN,
)


@command("setup", "SETUP",
         opt("--town", multiple=True, metavar="SHOP[=FACE]", help="The 6 starter shops (default: the catalog's starter shops)."),
         opt("--starters", multiple=True, metavar="DRAGON[=FACE]", help="The 6 starter dragons (default: the catalog's)."),
         opt("--remove", "removed", metavar="ITEMS", help="Artisan dragons removed, per type (e.g. 2bread+2meat+…; default: as the player count requires)."),
         opt("--park", multiple=True, metavar="NAMES", shell_complete=complete_now, help="The 5 park dragons, comma-separated (default: provisional names)."),
         opt("--row", multiple=True, metavar="NAMES", shell_complete=complete_now, help="The 5 enchantments of the row (default: provisional names)."),
         opt("--shop-deck", metavar="SYMBOLS", help="The shop deck's upper-left symbols, comma-separated (checked against the standard build)."),
         opt("--custom", is_flag=True, help="The shop deck is a custom build on purpose."),
         opt("--town-spaces", type=int, help="Shop spaces in town (default: the town_spaces setting)."))
def setup_cmd(**o: Any) -> dict[str, Any]:
    """Record the game setup: starter town, artisan removal, park, enchantment row, shop deck.

    Example: scorekeeper fc setup --park PK-1,PK-2,PK-3,PK-4,PK-5 --row EN-1,EN-2,EN-3,EN-4,EN-5
    """
    return {**o, "town_spaces": o["town_spaces"] or None}


@command("deal", "SETUP_PLAYER", click.argument("player", type=Domain("player")),
         opt("--hand", multiple=True, required=True, metavar="D1,D2,D3", help="The 3 starting artisan dragons."),
         opt("--keep", required=True, metavar="FANCY[=FACE]", help="The fancy dragon kept."),
         opt("--drew", metavar="F1,F2", help="The 2 fancy dragons drawn (optional)."),
         opt("--good", help="The starting good (4th and 5th players of a 4-5 player game only)."),
         opt("--companion", metavar="NAME[=FACE]", shell_complete=complete_now, help="The companion dealt (when companions are on)."),
         draw_option, fancy_option)
def deal(keep: str, **o: Any) -> dict[str, Any]:
    """Record a player's starting deal: 3 dragons, the fancy dragon kept, the starting good, the companion.

    Example: scorekeeper fc deal Ann --hand AD-1,AD-2,AD-3 --drew FD-A,FD-B --keep FD-A
    """
    return {"hand": o.pop("hand"), "keep": [keep], **o}


command("visit", "VISIT", click.argument("shop", type=Domain("shop")),
        opt("--pay", multiple=True, metavar="[PLAYER=]ITEM", shell_complete=complete_now, help="The good or coin given to each player there: ITEM for everyone, or PLAYER=ITEM."),
        player_option, text="Move your dragon to a shop, giving 1 good or coin to each player already there.",
        )("visit greenhouse --pay Cara=bread")
command("gather", "GATHER", click.argument("gain", nargs=-1), draw_option, player_option,
        text="Gather at your shop: the goods, coins and dragons it yields (default: the computed yield).",
        )("gather 2bread --draw park:PK-3")
command("place", "PLACE", click.argument("dragon", shell_complete=complete_now), click.argument("slot", type=int, required=False, shell_complete=complete_now), *TURN,
        text="Place a dragon from your hand in an empty slot (1, 2, 3…) of your shop and take the slot's reward.\n\n"
             "The slot may be left out when only one empty slot of the shop takes the dragon.")("place AD-1 3")


@command("fire", "FIRE_UP", click.argument("dragon", shell_complete=complete_now),
         opt("--good", help="GAIN2: the good taken twice."),
         opt("--goods", metavar="G1,G2,G3", help="GAIN3: the 3 different goods."),
         opt("--dragon", "placed", metavar="NAME", help="PLACE: the dragon from your hand to place."),
         opt("--at", "at", metavar="SHOP:SLOT", help="PLACE: where it goes (SHOP alone when one slot of it takes the dragon)."),
         opt("--with", "partner", metavar="NAME", help="SWAP: the dragon in town to swap with."),
         opt("--to", "to", metavar="PLAYER", shell_complete=complete_now, help="GIFT: who gets the good."),
         opt("--item", metavar="GOOD", help="GIFT: the good (or coin) given."),
         opt("--gain", metavar="REWARD", help="Another ability: what it gave, as declared (e.g. 2rep+1coin)."),
         *TURN)
def fire(dragon: str, good: str | None, goods: str | None, placed: str | None, at: str | None, partner: str | None,
         to: str | None, item: str | None, gain: str | None, **drawn: Any) -> dict[str, Any]:
    """Fire up a dragon at your shop: its ability, with what you chose for it.

    Example: scorekeeper fc fire SD-BREAD --good bread
    """
    place = pair("PLACE needs both --dragon NAME and --at SHOP:SLOT", dragon=placed, at=at)
    return {"dragon": dragon, "good": good, "goods": goods, "place": place, "swap": partner,
            "gift": pair("GIFT needs both --to PLAYER and --item GOOD", to=to, item=item), "gain": gain, **drawn}


def effect(reserve: str | None, source: str, gain: str | None, to: str | None, item: str | None,
           **drawn: Any) -> dict[str, Any]:
    """The payload of a ``SHOP_ABILITY`` or ``COMPANION_USE``: its declared effect."""
    return {"reserve": reserve, "source": source if reserve else None, "gain": gain,
            "gift": pair("a gift needs both --to PLAYER and --item GOOD", to=to, item=item), **drawn}


command("ability", "SHOP_ABILITY", *EFFECT, build=effect,
        text="Use your shop's ability (gathering step 4), with its effect as it happened.")("ability --reserve EN-5")
command("companion", "COMPANION_USE", *EFFECT, build=effect,
        text="Use your companion's once-per-game ability, with its effect as it happened.")("companion --gain 2rep")
command("enchant", "ENCHANT", click.argument("card", shell_complete=complete_now),
        opt("--pay", metavar="ITEMS", help="What you paid (e.g. 2bread+1coin; default: goods first, then coins)."),
        opt("--sets", type=int, help="For a card paid in sets: how many sets."), *TURN,
        build=lambda card, pay, sets, **drawn: {"card": card, "sets": sets, "pay": pay, **drawn},
        text="Cast an enchantment from the row (or your reserve) on your shop, paying its cost.",
        )("enchant EN-1 --pay 2bread+1coin")


@command("reserve", "RESERVE", click.argument("card"),
         opt("--by", required=True, metavar="EFFECT", help="The effect that grants the reservation."),
         opt("--from", "source", type=click.Choice(["row", "deck"]), default="row", show_default=True, help="Where the card comes from."),
         player_option)
def reserve(card: str, by: str, source: str) -> dict[str, Any]:
    """Reserve an enchantment, granted by an effect you name (a card's reward, a companion…).

    Example: scorekeeper fc reserve EN-4 --by "EN-9 reward"
    """
    return {"card": card, "source": source, "by": by}


command("gift", "GIFT", click.argument("to"), click.argument("item"),
        opt("--by", required=True, metavar="EFFECT", help="The effect that grants the gift."),
        opt("--reward", "gift_reward", metavar="REWARD", help="What the effect gave you for it (e.g. 1coin)."), *TURN,
        build=lambda to, item, by, gift_reward, **drawn: {"to": to, "item": item, "by": by, "reward": gift_reward, **drawn},
        text="Give a good (or a coin) to another player because an effect says so (not the GIFT dragon: use fire).",
        )('gift Bo bread --by "companion C-1" --reward 2rep')
command("sun", "FANCY_SCORE", click.argument("card", shell_complete=complete_now),
        opt("--pay", metavar="ITEMS", help="What the goal spent (default: its goods, coins for the missing ones)."),
        *TURN, text="Score a sun fancy dragon whose goal you fulfilled, during your turn.")("sun FD-1")


@command("end", "END_TURN",
         opt("--flip", multiple=True, metavar="SHOP[=FACE]", help="Each new shop drawn this turn, now flipped face up."),
         opt("--discard", multiple=True, metavar="ITEMS|DRAGON", help="Goods (e.g. 2bread) or dragons discarded down to the limits."),
         opt("--park", multiple=True, metavar="NAMES", help="The dragons revealed to refill the park (left out: a provisional name, replaced by the real one when the card is drawn)."),
         opt("--row", multiple=True, metavar="NAMES", help="The enchantments revealed to refill the row (left out: a provisional name, replaced by the real one when the card is cast or reserved)."),
         player_option)
def end(flip: tuple[str, ...], **o: Any) -> dict[str, Any]:
    """End your turn: flip the new shops, discard down to 6 dragons and 7 of each good, refill.

    Example: scorekeeper fc end --flip MILL --park AD-9 --row EN-10
    """
    return {"flips": flip, **o}


command("final", "FINAL_SCORING",
        opt("--moon", multiple=True, metavar="CARD", help="A moon dragon whose goal was fulfilled (repeatable)."),
        opt("--missed", multiple=True, metavar="CARD", help="A moon dragon whose goal was not fulfilled (repeatable)."),
        text="Record the final scoring after the last final turn: which moon dragons were fulfilled.",
        )("final --moon FM-1 --missed FM-2")


@command("adjust", "ADJUST", click.argument("changes", nargs=-1, required=True, metavar="JSON | [PLAYER] KEY=VALUE..."),
         opt("--reason", default="", help="Why the table differs from the journal."))
def adjust(changes: tuple[str, ...], reason: str) -> dict[str, Any]:
    """A manual correction or mid-game start, as JSON or as PLAYER KEY=VALUE… (keys: docs/flamecraft.md).

    Example: scorekeeper fc adjust Ann coins=3 rep=7 --reason "miscounted coins"
    """
    words = ("add_shops", "slots", "enchantments", "park", "row", "decks")
    return {"changes": adjusting.json_or_words(changes, words), "reason": reason}
