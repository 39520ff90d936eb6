"""``scorekeeper flamecraft`` (alias ``fc``): one short command per kind of Flamecraft play.

Each command parses its arguments into an event type, a player and a JSON payload, then hands them to
``record`` (which checks the play against the rules and writes it). Commands, players, shops and card
names accept unique prefixes (``fc vi bak`` is ``fc visit BAKERY``). A card not in the catalog can be
given its face where it is named: ``NAME=FACE`` (see ``docs/flamecraft.md`` for the short forms).
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import click

from scorekeeper.cli.common import BadInput, Session, game_group, open_session, record, recording_options
from scorekeeper.games.flamecraft.rules_enchant import default_payment
from scorekeeper.games.flamecraft.rules_gather import yield_of
from scorekeeper.games.flamecraft.rules_gift import default_spend
from scorekeeper.games.flamecraft.notation import (
    FaceError, norm_face, norm_goods, norm_id, norm_reward, parse_items, split_ref,
)

GAME = "flamecraft"


@game_group("flamecraft", shortcuts={"f": "fire", "fi": "fire"})
def group() -> None:
    """Record Flamecraft plays: visits, gathering, placements, fire-ups, enchantments, the end of a turn.

    Commands, players, shops and card names accept unique prefixes. A card not in the catalog is
    named with its face the first time: NAME=FACE (e.g. AD-9=bread/gift). In shop and enchantment
    faces write = for > (EN-20=iron:2iron=1rep): the shell reads an unquoted > as a redirection.

    Example: scorekeeper fc visit bakery --pay bread
    """


# -- argument helpers -------------------------------------------------------------------------------


class Faces:
    """Collects the faces typed inline (``NAME=FACE``) into the payload's ``faces``."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.data: dict[str, dict[str, Any]] = {}

    @property
    def goods(self) -> Sequence[str]:
        return self.session.state.goods

    def card(self, kind: str, text: str, candidates: Iterable[str] = ()) -> str:
        """``NAME`` or ``NAME=FACE`` → the card's ID (a unique prefix of a known card is completed)."""
        name, face = split_ref(text)
        if face is not None:
            try:
                self.data.setdefault(kind, {})[name] = norm_face(kind, face, self.goods, self.session.state.settings.get("enchant_blocked_symbols") or ())
            except FaceError as exc:
                raise BadInput(f"{name}: {exc}") from None
            return name
        return complete(name, candidates)

    def into(self, payload: dict[str, Any]) -> dict[str, Any]:
        if self.data:
            payload["faces"] = self.data
        return payload


def complete(word: str, candidates: Iterable[str]) -> str:
    """A unique, case-insensitive prefix of a known name → that name; otherwise the word itself (upper-cased)."""
    wanted = norm_id(word)
    names = list(dict.fromkeys(candidates))
    if wanted in names:
        return wanted
    matches = [n for n in names if n.startswith(wanted)] if wanted else []
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise BadInput(f"{word!r} could be {' or '.join(matches)}; type more of the name")
    return wanted


def items(text: str, session: Session, *, what: str, coin: bool = True) -> dict[str, int]:
    """``2bread+coin`` → ``{"bread": 2, "coin": 1}`` (exit 2 when unreadable)."""
    try:
        return norm_goods(text, session.state.goods, what=what, allow_coin=coin)
    except FaceError as exc:
        raise BadInput(str(exc)) from None


def reward(text: str, session: Session) -> dict[str, Any]:
    try:
        return norm_reward(text, session.state.goods, what="effect")
    except FaceError as exc:
        raise BadInput(str(exc)) from None


def shops_of(session: Session) -> list[str]:
    return list(session.state.shops)


def dragons_known(session: Session) -> list[str]:
    state = session.state
    names = list(state.faces.get("dragon", {}))
    for p in state.players.values():
        names.extend(p.hand)
    for shop in state.shops.values():
        names.extend(d for d in shop.slots if d)
    names.extend(state.park)
    return names


def draws(values: Sequence[str], faces: Faces, session: Session) -> list[dict[str, Any]]:
    """``--draw park:NAME`` / ``--draw deck[:NAME[=FACE]]`` → draw records."""
    result = []
    for value in values:
        source, _, rest = value.partition(":")
        source = source.strip().lower()
        if source not in ("park", "deck"):
            raise BadInput(f"--draw {value!r}: write park:NAME or deck[:NAME[=FACE]]")
        record_: dict[str, Any] = {"from": source}
        if rest:
            record_["card"] = faces.card("dragon", rest, session.state.park if source == "park" else ())
        result.append(record_)
    return result


def fancies(values: Sequence[str], faces: Faces) -> list[str]:
    return [faces.card("fancy", v) for v in values]


def player_name(session: Session, text: str) -> str:
    return session.player(text)


def who(session: Session, player: str | None) -> str | None:
    """``-p NAME`` or whose turn it is. Before the first turn or after the last one nobody's turn is due: the
    play is then recorded for nobody, and the rules refuse it with the reason (setup missing, game over)."""
    return session.player(player) if player else session.status().active_player


def holdings(session: Session, name: str | None) -> Any:
    """The player's state (an empty one for nobody), for completing card names from a hand or reserve."""
    from scorekeeper.games.flamecraft.state import PlayerState

    return session.state.players.get(name or "") or PlayerState("", 0)


def payload_with_choices(payload: dict[str, Any], draw: Sequence[str], fancy: Sequence[str], faces: Faces, session: Session) -> dict[str, Any]:
    if draw:
        payload["draws"] = draws(draw, faces, session)
    if fancy:
        payload["fancies"] = fancies(fancy, faces)
    return faces.into(payload)


def split_list(values: Sequence[str]) -> list[str]:
    """Repeated or comma-separated options → one list."""
    out: list[str] = []
    for value in values:
        out.extend(part.strip() for part in value.split(",") if part.strip())
    return out


player_option = click.option("-p", "--player", help="Who plays (default: whose turn it is).")
draw_option = click.option("--draw", "draw", multiple=True, metavar="park:NAME|deck[:NAME]", help="Where each artisan dragon gained came from (repeatable).")
fancy_option = click.option("--fancy", "fancy", multiple=True, metavar="NAME[=FACE]", help="Each fancy dragon drawn as a reward (repeatable).")


# -- setup --------------------------------------------------------------------------------------------


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
def setup_cmd(town: tuple[str, ...], starters: tuple[str, ...], removed: str | None, park: tuple[str, ...], row: tuple[str, ...],
              shop_deck: str | None, custom: bool, town_spaces: int | None, session: str | None, force: bool, as_json: bool) -> None:
    """Record the game setup: starter town, artisan removal, park, enchantment row, shop deck.

    Example: scorekeeper fc setup --park PK-1,PK-2,PK-3,PK-4,PK-5 --row EN-1,EN-2,EN-3,EN-4,EN-5
    """
    s = open_session(session, GAME)
    faces = Faces(s)
    payload: dict[str, Any] = {}
    if town:
        payload["town"] = [faces.card("shop", t, s.state.faces.get("shop", {})) for t in split_list_shops(town)]
    if starters:
        payload["starters"] = [faces.card("dragon", d, s.state.faces.get("dragon", {})) for d in split_list(starters)]
    if removed is not None:
        payload["removed"] = items(removed, s, what="removed dragons", coin=False)
    if park:
        payload["park"] = [faces.card("dragon", d) for d in split_list(park)]
    if row:
        payload["row"] = [faces.card("ench", e) for e in split_list(row)]
    if shop_deck:
        payload["shop_deck"] = [x.strip().lower() for x in shop_deck.split(",") if x.strip()]
    if custom:
        payload["custom"] = True
    if town_spaces:
        payload["town_spaces"] = town_spaces
    record(s, "SETUP", None, faces.into(payload), force=force, as_json=as_json)


def split_list_shops(values: Sequence[str]) -> list[str]:
    """Shop faces contain commas, so ``--town`` is split on commas only when no face is given."""
    out: list[str] = []
    for value in values:
        out.extend([value] if "=" in value else [p.strip() for p in value.split(",") if p.strip()])
    return out


@group.command("deal")
@click.argument("player")
@click.option("--hand", multiple=True, required=True, metavar="D1,D2,D3", help="The 3 starting artisan dragons.")
@click.option("--keep", required=True, metavar="FANCY[=FACE]", help="The fancy dragon kept.")
@click.option("--drew", metavar="F1,F2", help="The 2 fancy dragons drawn (optional).")
@click.option("--good", help="The starting good (4th and 5th players of a 4-5 player game only).")
@click.option("--companion", metavar="NAME[=FACE]", help="The companion dealt (when companions are on).")
@draw_option
@fancy_option
@recording_options
def deal(player: str, hand: tuple[str, ...], keep: str, drew: str | None, good: str | None, companion: str | None,
         draw: tuple[str, ...], fancy: tuple[str, ...], session: str | None, force: bool, as_json: bool) -> None:
    """Record a player's starting deal: 3 dragons, the fancy dragon kept, the starting good, the companion.

    Example: scorekeeper fc deal Ann --hand AD-1,AD-2,AD-3 --drew FD-A,FD-B --keep FD-A
    """
    s = open_session(session, GAME)
    faces = Faces(s)
    name = player_name(s, player)
    payload: dict[str, Any] = {
        "hand": [faces.card("dragon", d) for d in split_list(hand)],
        "keep": [faces.card("fancy", keep)],
    }
    if drew:
        payload["drew"] = [faces.card("fancy", f) for f in drew.split(",") if f.strip()]
    if good:
        payload["good"] = good.strip().lower()
    if companion:
        payload["companion"] = faces.card("comp", companion, s.state.faces.get("comp", {}))
    record(s, "SETUP_PLAYER", name, payload_with_choices(payload, draw, fancy, faces, s), force=force, as_json=as_json)


# -- the turn -----------------------------------------------------------------------------------------


@group.command("visit")
@click.argument("shop")
@click.option("--pay", multiple=True, metavar="[PLAYER=]ITEM", help="The good or coin given to each player there: ITEM for everyone, or PLAYER=ITEM.")
@player_option
@recording_options
def visit(shop: str, pay: tuple[str, ...], player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Move your dragon to a shop, giving 1 good or coin to each player already there.

    Example: scorekeeper fc visit greenhouse --pay Cara=bread
    """
    s = open_session(session, GAME)
    name = who(s, player)
    shop_id = complete(shop, shops_of(s))
    present = [p.name for p in s.state.players.values() if p.token == shop_id and p.name != name]
    payments: dict[str, str] = {}
    for word in pay:
        target, sep, item = word.partition("=")
        if sep:
            payments[player_name(s, target)] = item.strip().lower()
        elif not present:
            click.echo(f"note: nobody is at {shop_id}, so --pay {word} pays nobody", err=True)
        else:
            for other in present:
                payments.setdefault(other, target.strip().lower())
    payload: dict[str, Any] = {"shop": shop_id}
    if payments:
        payload["pay"] = payments
    record(s, "VISIT", name, payload, force=force, as_json=as_json)


@group.command("gather")
@click.argument("gain", nargs=-1)
@draw_option
@player_option
@recording_options
def gather(gain: tuple[str, ...], draw: tuple[str, ...], player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Gather at your shop: the goods, coins and dragons it yields (default: the computed yield).

    Example: scorekeeper fc gather 2bread --draw park:PK-3
    """
    s = open_session(session, GAME)
    faces = Faces(s)
    payload: dict[str, Any] = {}
    name = who(s, player)
    if gain:
        payload["gain"] = items("+".join(gain), s, what="gain")
    elif s.state.turn is not None and s.state.turn.shop:
        computed = yield_of(s.state, s.state.turn.shop)  # record what the shop yields, so the log shows it
        if computed is not None and not computed[1]:
            payload["gain"] = computed[0]
    record(s, "GATHER", name, payload_with_choices(payload, draw, (), faces, s), force=force, as_json=as_json)


@group.command("place")
@click.argument("dragon")
@click.argument("slot", type=int, required=False)
@draw_option
@fancy_option
@player_option
@recording_options
def place(dragon: str, slot: int | None, draw: tuple[str, ...], fancy: tuple[str, ...], player: str | None,
          session: str | None, force: bool, as_json: bool) -> None:
    """Place a dragon from your hand in an empty slot (1, 2, 3…) of your shop and take the slot's reward.

    The slot may be left out when only one empty slot of the shop takes the dragon.

    Example: scorekeeper fc place AD-1 3
    """
    s = open_session(session, GAME)
    faces = Faces(s)
    name = who(s, player)
    card = faces.card("dragon", dragon, holdings(s, name).hand)
    shop = s.state.turn.shop if s.state.turn else None
    payload = {"dragon": card, "slot": slot if slot is not None else only_slot(s, faces, card, shop)}
    record(s, "PLACE", name, payload_with_choices(payload, draw, fancy, faces, s), force=force, as_json=as_json)


def only_slot(session: Session, faces: Faces, dragon: str, shop_id: str | None) -> int:
    """The one empty slot of the shop that takes the dragon's icon (FC-PLACE-2/3); exit 2 when there is not one."""
    state = session.state
    shop = state.shops.get(shop_id or "")
    face = state.face("shop", shop.id) if shop else None
    dface = faces.data.get("dragon", {}).get(dragon) or state.face("dragon", dragon)
    if shop is None or face is None or dface is None:
        raise BadInput(f"say which slot {dragon} goes to (a number: 1, 2, 3…)")
    fits = [i + 1 for i, d in enumerate(shop.slots) if d is None and dface["icon"] in face["slots"][i]["icons"]]
    if len(fits) != 1:
        which = f"slots {', '.join(map(str, fits))} take it" if fits else f"no empty slot of {shop.id} takes a {dface['icon']} dragon"
        raise BadInput(f"say which slot {dragon} goes to at {shop.id}: {which}")
    return fits[0]


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
@draw_option
@fancy_option
@player_option
@recording_options
def fire(dragon: str, good: str | None, goods: str | None, placed: str | None, at: str | None, partner: str | None,
         to: str | None, item: str | None, gain: str | None, draw: tuple[str, ...], fancy: tuple[str, ...],
         player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Fire up a dragon at your shop: its ability, with what you chose for it.

    Example: scorekeeper fc fire SD-BREAD --good bread
    """
    s = open_session(session, GAME)
    faces = Faces(s)
    name = who(s, player)
    state = s.state
    here = state.shops.get(state.turn.shop) if state.turn and state.turn.shop else None
    in_town = [d for shop in ([here] if here else []) + list(state.shops.values()) for d in shop.slots if d]
    payload: dict[str, Any] = {"dragon": faces.card("dragon", dragon, in_town)}
    if good:
        payload["good"] = good.strip().lower()
    if goods:
        payload["goods"] = [g.strip().lower() for g in goods.split(",") if g.strip()]
    if placed or at:
        if not (placed and at):
            raise BadInput("PLACE needs both --dragon NAME and --at SHOP:SLOT")
        shop, sep, slot = at.rpartition(":") if ":" in at else (at, "", "")
        if not shop or (sep and not slot.isdigit()):
            raise BadInput(f"--at {at!r}: write SHOP:SLOT, e.g. bakery:2 (or SHOP when one slot of it takes the dragon)")
        card, shop_id = faces.card("dragon", placed, holdings(s, name).hand), complete(shop, shops_of(s))
        payload["place"] = {"dragon": card, "shop": shop_id, "slot": int(slot) if slot else only_slot(s, faces, card, shop_id)}
    if partner:
        payload["swap"] = complete(partner, [d for sh in state.shops.values() for d in sh.slots if d])
    if to or item:
        if not (to and item):
            raise BadInput("GIFT needs both --to PLAYER and --item GOOD")
        payload["gift"] = {"to": player_name(s, to), "item": item.strip().lower()}
    if gain:
        payload["gain"] = reward(gain, s)
    record(s, "FIRE_UP", name, payload_with_choices(payload, draw, fancy, faces, s), force=force, as_json=as_json)


def effect_options(func: Any) -> Any:
    """The declared effect of a shop ability or a companion: a reserve, a gain, a gift, the cards drawn."""
    for option in reversed((
        click.option("--reserve", metavar="CARD", help="A reserve effect: the enchantment reserved."),
        click.option("--from", "source", type=click.Choice(["row", "deck"]), default="row", show_default=True, help="Where the reserved card comes from."),
        click.option("--gain", metavar="REWARD", help="What the effect gave, as declared (e.g. 1rep+1bread)."),
        click.option("--to", "to", metavar="PLAYER", help="A gift effect: who gets the good."),
        click.option("--item", metavar="GOOD", help="A gift effect: the good (or coin) given."),
        draw_option,
        fancy_option,
        player_option,
        recording_options,
    )):
        func = option(func)
    return func


def record_effect(kind: str, reserve: str | None, source: str, gain: str | None, to: str | None, item: str | None,
                  draw: Sequence[str], fancy: Sequence[str], player: str | None, session: str | None, force: bool,
                  as_json: bool) -> None:
    """Record a ``SHOP_ABILITY`` or ``COMPANION_USE`` with its declared effect."""
    s = open_session(session, GAME)
    faces = Faces(s)
    payload: dict[str, Any] = {}
    if reserve:
        payload["reserve"] = faces.card("ench", reserve, s.state.row if source == "row" else ())
        payload["source"] = source
    if gain:
        payload["gain"] = reward(gain, s)
    if to or item:
        if not (to and item):
            raise BadInput("a gift needs both --to PLAYER and --item GOOD")
        payload["gift"] = {"to": player_name(s, to), "item": item.strip().lower()}
    record(s, kind, who(s, player), payload_with_choices(payload, draw, fancy, faces, s), force=force, as_json=as_json)


@group.command("ability")
@effect_options
def ability(reserve: str | None, source: str, gain: str | None, to: str | None, item: str | None, draw: tuple[str, ...],
            fancy: tuple[str, ...], player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Use your shop's ability (gathering step 4), with its effect as it happened.

    Example: scorekeeper fc ability --reserve EN-5
    """
    record_effect("SHOP_ABILITY", reserve, source, gain, to, item, draw, fancy, player, session, force, as_json)


@group.command("enchant")
@click.argument("card")
@click.option("--pay", metavar="ITEMS", help="What you paid (e.g. 2bread+1coin; default: goods first, then coins).")
@click.option("--sets", type=int, help="For a card paid in sets: how many sets.")
@draw_option
@fancy_option
@player_option
@recording_options
def enchant(card: str, pay: str | None, sets: int | None, draw: tuple[str, ...], fancy: tuple[str, ...], player: str | None,
            session: str | None, force: bool, as_json: bool) -> None:
    """Cast an enchantment from the row (or your reserve) on your shop, paying its cost.

    Example: scorekeeper fc enchant EN-1 --pay 2bread+1coin
    """
    s = open_session(session, GAME)
    faces = Faces(s)
    name = who(s, player)
    reserved = holdings(s, name).reserved
    payload: dict[str, Any] = {"card": faces.card("ench", card, [*s.state.row, *([reserved] if reserved else [])])}
    if sets is not None:
        payload["sets"] = sets
    if pay:
        payload["pay"] = items(pay, s, what="payment")
    elif name:
        computed = default_payment(s.state, name, faces.into(dict(payload)))  # recorded, so the log shows it
        if computed is not None:
            payload["pay"] = computed
    record(s, "ENCHANT", name, payload_with_choices(payload, draw, fancy, faces, s), force=force, as_json=as_json)


@group.command("reserve")
@click.argument("card")
@click.option("--by", required=True, metavar="EFFECT", help="The effect that grants the reservation.")
@click.option("--from", "source", type=click.Choice(["row", "deck"]), default="row", show_default=True, help="Where the card comes from.")
@player_option
@recording_options
def reserve(card: str, by: str, source: str, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Reserve an enchantment, granted by an effect you name (a card's reward, a companion…).

    Example: scorekeeper fc reserve EN-4 --by "EN-9 reward"
    """
    s = open_session(session, GAME)
    faces = Faces(s)
    payload = {"card": faces.card("ench", card, s.state.row if source == "row" else ()), "source": source, "by": by}
    record(s, "RESERVE", who(s, player), faces.into(payload), force=force, as_json=as_json)


@group.command("gift")
@click.argument("to")
@click.argument("item")
@click.option("--by", required=True, metavar="EFFECT", help="The effect that grants the gift.")
@click.option("--reward", "gift_reward", metavar="REWARD", help="What the effect gave you for it (e.g. 1coin).")
@draw_option
@fancy_option
@player_option
@recording_options
def gift(to: str, item: str, by: str, gift_reward: str | None, draw: tuple[str, ...], fancy: tuple[str, ...],
         player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Give a good (or a coin) to another player because an effect says so (not the GIFT dragon: use fire).

    Example: scorekeeper fc gift Bo bread --by "companion C-1" --reward 2rep
    """
    s = open_session(session, GAME)
    faces = Faces(s)
    payload: dict[str, Any] = {"to": player_name(s, to), "item": item.strip().lower(), "by": by}
    if gift_reward:
        payload["reward"] = reward(gift_reward, s)
    record(s, "GIFT", who(s, player), payload_with_choices(payload, draw, fancy, faces, s), force=force, as_json=as_json)


@group.command("sun")
@click.argument("card")
@click.option("--pay", metavar="ITEMS", help="What the goal spent (default: its goods, coins for the missing ones).")
@draw_option
@fancy_option
@player_option
@recording_options
def sun(card: str, pay: str | None, draw: tuple[str, ...], fancy: tuple[str, ...], player: str | None, session: str | None,
        force: bool, as_json: bool) -> None:
    """Score a sun fancy dragon whose goal you fulfilled, during your turn.

    Example: scorekeeper fc sun FD-1
    """
    s = open_session(session, GAME)
    faces = Faces(s)
    name = who(s, player)
    payload: dict[str, Any] = {"card": faces.card("fancy", card, holdings(s, name).fancies)}
    if pay:
        payload["pay"] = items(pay, s, what="goods spent")
    elif name and not faces.data:
        spent = default_spend(s.state, name, payload["card"])  # recorded, so the log shows what was spent
        if spent is not None:
            payload["pay"] = spent
    record(s, "FANCY_SCORE", name, payload_with_choices(payload, draw, fancy, faces, s), force=force, as_json=as_json)


@group.command("companion")
@effect_options
def companion(reserve: str | None, source: str, gain: str | None, to: str | None, item: str | None,
              draw: tuple[str, ...], fancy: tuple[str, ...], player: str | None, session: str | None, force: bool,
              as_json: bool) -> None:
    """Use your companion's once-per-game ability, with its effect as it happened.

    Example: scorekeeper fc companion --gain 2rep
    """
    record_effect("COMPANION_USE", reserve, source, gain, to, item, draw, fancy, player, session, force, as_json)


@group.command("end")
@click.option("--flip", multiple=True, metavar="SHOP[=FACE]", help="Each new shop drawn this turn, now flipped face up.")
@click.option("--discard", multiple=True, metavar="ITEMS|DRAGON", help="Goods (e.g. 2bread) or dragons discarded down to the limits.")
@click.option("--park", multiple=True, metavar="NAMES", help="The dragons revealed to refill the park (default: provisional names).")
@click.option("--row", multiple=True, metavar="NAMES", help="The enchantments revealed to refill the row (default: provisional names).")
@player_option
@recording_options
def end(flip: tuple[str, ...], discard: tuple[str, ...], park: tuple[str, ...], row: tuple[str, ...], player: str | None,
        session: str | None, force: bool, as_json: bool) -> None:
    """End your turn: flip the new shops, discard down to 6 dragons and 7 of each good, refill.

    Example: scorekeeper fc end --flip MILL --park AD-9 --row EN-10
    """
    s = open_session(session, GAME)
    faces = Faces(s)
    name = who(s, player)
    payload: dict[str, Any] = {}
    if flip:
        payload["flips"] = [faces.card("shop", f, s.state.faces.get("shop", {})) for f in flip]
    if discard:
        goods: dict[str, int] = {}
        dragons: list[str] = []
        hand = holdings(s, name).hand
        for word in split_list(discard):
            try:
                for good, n in parse_items(word).items():
                    if good in s.state.goods:
                        goods[good] = goods.get(good, 0) + n
                    else:
                        raise FaceError(word)
            except FaceError:
                dragons.append(complete(word, hand))
        payload["discard"] = {k: v for k, v in (("goods", goods), ("dragons", dragons)) if v}
    if park:
        payload["park"] = [faces.card("dragon", d) for d in split_list(park)]
    if row:
        payload["row"] = [faces.card("ench", e) for e in split_list(row)]
    record(s, "END_TURN", name, faces.into(payload), force=force, as_json=as_json)


# -- the game end and corrections ---------------------------------------------------------------------


@group.command("final")
@click.option("--moon", multiple=True, metavar="CARD", help="A moon dragon whose goal was fulfilled (repeatable).")
@click.option("--missed", multiple=True, metavar="CARD", help="A moon dragon whose goal was not fulfilled (repeatable).")
@recording_options
def final(moon: tuple[str, ...], missed: tuple[str, ...], session: str | None, force: bool, as_json: bool) -> None:
    """Record the final scoring after the last final turn: which moon dragons were fulfilled.

    Example: scorekeeper fc final --moon FM-1 --missed FM-2
    """
    s = open_session(session, GAME)
    faces = Faces(s)
    owned = [c for p in s.state.players.values() for c in p.fancies]
    result = {faces.card("fancy", c, owned): True for c in split_list(moon)}
    result.update({faces.card("fancy", c, owned): False for c in split_list(missed)})
    record(s, "FINAL_SCORING", None, faces.into({"moon": result}), force=force, as_json=as_json)


@group.command("adjust")
@click.argument("changes")
@click.option("--reason", default="", help="Why the table differs from the journal.")
@recording_options
def adjust(changes: str, reason: str, session: str | None, force: bool, as_json: bool) -> None:
    """Record a manual correction as JSON (holdings, town, decks); it is shown as manual and never judged.

    Example: scorekeeper fc adjust '{"players": {"Ann": {"coins": 3}}}' --reason "miscounted coins"
    """
    import json

    s = open_session(session, GAME)
    try:
        payload = json.loads(changes)
    except ValueError as exc:
        raise BadInput(f"the changes must be a JSON object ({exc})") from None
    if not isinstance(payload, dict):
        raise BadInput("the changes must be a JSON object")
    if reason:
        payload["reason"] = reason
    record(s, "ADJUST", None, payload, force=force, as_json=as_json)
