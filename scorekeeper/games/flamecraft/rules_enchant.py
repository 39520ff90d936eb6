"""Enchanting (FC-ENCH, FC-RES-4 to 6): cast one enchantment from the row or the reserve."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Stop

from .context import Ctx, items_text
from .notation import COIN, WILD, norm_id
from .rules_gift import goods_first, matches_cost
from .rules_turn import acting, second_action
from .state import MAX_ENCHANTMENTS, FlameState, PlayerState


def resolve_enchant(ctx: Ctx) -> None:
    """``ENCHANT`` (step 1): the card, the shop, the payment, the reward (FC-ENCH-2 to FC-ENCH-12)."""
    now = acting(ctx)
    if now is None:
        return
    who, turn = now
    state = ctx.state
    if turn.phase == "start":
        ctx.block("FC-TURN-2", f"{who.name} must visit a shop before enchanting it")
        return
    if turn.phase in ("gather", "enchant"):  # FC-TURN-2 (one action; FC-ENCH-2: so exactly one enchantment)
        second_action(ctx, who, turn)
    ctx.learn_faces()
    card = norm_id(ctx.payload.get("card", ""))
    source = str(ctx.payload.get("source") or ("reserve" if who.reserved == card else "row")).lower()
    holder = next((p.name for p in state.players.values() if p.reserved == card and p.name != who.name), None)
    if holder is not None:  # FC-RES-6
        ctx.block("FC-RES-6", f"{card} is reserved by {holder}: nobody else may cast it")
        return
    if source == "reserve":
        if who.reserved != card:  # FC-RES-4
            ctx.block("FC-RES-4", f"{who.name}'s reserve holds {who.reserved or 'nothing'}, not {card}")
            return
    elif not ctx.reveal(state.row, card, "ench"):  # FC-ENCH-2
        fits = castable(state, who.name, turn.shop or "")  # field report FC-V5: the cards possible here, not the row
        offer = f"{', '.join(fits)} {'fits' if len(fits) == 1 else 'fit'} here" if fits else "none fits here now"
        ctx.block("FC-ENCH-2", f"{card or '(none)'} is not in the enchantment row ({', '.join(state.row) or 'empty'}); {offer}")
        return
    face = ctx.face("ench", card, blocks=True)
    shop = state.shops[turn.shop or ""]
    sface = ctx.shop_face(shop)
    if face is None or sface is None:
        return
    ctx.from_this_deck(card)  # FC-SETUP-8
    if not sface["enchantable"]:  # FC-ENCH-3
        ctx.error("FC-ENCH-3", f"{shop.id} cannot be enchanted (its upper-left symbol is {'+'.join(sface['symbols'])}); gather there instead")
    elif not icon_fits(state, card, sface["symbols"]):  # FC-ENCH-4: icons match, or the shop or the card is wild
        fitting = [c for c in [*state.row, *([who.reserved] if who.reserved else [])] if icon_fits(state, c, sface["symbols"])]
        ctx.error(
            "FC-ENCH-4",
            f"{card} is a {face['icon']} enchantment and {shop.id} shows {'+'.join(sface['symbols'])}: the icons must match "
            f"(or the shop be wild); {', '.join(fitting) + ' would fit' if fitting else 'no card of the row fits: gather instead'}",
        )
    if len(shop.enchantments) >= MAX_ENCHANTMENTS:  # FC-ENCH-5
        ctx.error("FC-ENCH-5", f"{shop.id} already has {MAX_ENCHANTMENTS} enchantments: gather there instead")
    if ctx.failed:
        return

    terms = _terms(ctx, card, face)
    if terms is None:
        return
    cost, reward, sets = terms
    pay = _payment(ctx, who, cost, bool(face.get("no_coin")), card)
    if pay is None:
        return
    if not ctx.take_items(who, pay):  # FC-GEN-3; FC-ENCH-8: back to the supply
        return
    # FC-ENCH-12 / FC-RES-5: the card leaves the row (a gap until end of turn, FC-ENCH-13) or the reserve
    if source == "reserve":
        who.reserved = None
    else:
        state.row.remove(card)
    shop.enchantments.append(card)
    who.enchanted += 1
    what = f"enchantment {card}" + (f" ({sets} set{'s' if sets != 1 else ''})" if sets else "")
    ctx.grant(who, reward, what)  # FC-ENCH-9, FC-ENCH-11
    ctx.leftover_choices()
    if turn.phase == "visited":
        turn.phase = "enchant"


def castable(state: FlameState, who: str, shop: str) -> list[str] | None:
    """The enchantments ``who`` can cast at ``shop`` now: the icon fits (FC-ENCH-3, FC-ENCH-4), the shop has room
    (FC-ENCH-5) and the player can pay (a card in sets, for 1 set: FC-ENCH-6, FC-ENCH-7, FC-GEN-3); from the row
    and the player's reserve. None when the shop cannot be enchanted (or is full)."""
    face = state.face("shop", shop)
    here = state.shops.get(shop)
    if face is None or not face["enchantable"] or (here is not None and len(here.enchantments) >= MAX_ENCHANTMENTS):
        return None
    reserved = state.players[who].reserved
    return [
        c for c in [*state.row, *([reserved] if reserved else [])]
        if icon_fits(state, c, face["symbols"]) and default_payment(state, who, {"card": c, "sets": 1}) is not None
    ]


def icon_fits(state: FlameState, card: str, symbols: list[str]) -> bool:
    """Whether a known enchantment's icon matches a shop's symbols: equal, or either is wild (FC-ENCH-4, A-25)."""
    icon = (state.face("ench", card) or {}).get("icon")
    return icon is not None and (WILD in symbols or icon == WILD or icon in symbols)


def _terms(ctx: Ctx, card: str, face: dict[str, Any]) -> tuple[dict[str, int], dict[str, Any], int | None] | None:
    """The cost, the reward and the sets of a cast: fixed (FC-ENCH-6, FC-ENCH-9) or k sets (FC-ENCH-10/11, A-26)."""
    if "cost" in face:
        return dict(face["cost"]), face["reward"], None
    sets = ctx.payload.get("sets")
    top = face.get("max_sets")
    if sets is None:  # FC-ENCH-10: the player declares k
        ctx.ask("FC-ENCH-10", f"{card} is paid in sets: declare how many (--sets K, 1 to {top or 'any'})", word="sets")
    if not isinstance(sets, int) or isinstance(sets, bool) or sets < 1 or (top and sets > top):  # FC-ENCH-10
        most = f"{card} has {top} set{'s' if top != 1 else ''} at most" if top else f"{card} takes 1 set or more"
        ctx.block("FC-ENCH-10", f"{most}, not {sets!r} (--sets K, 1 to {top or 'any'})")
        return None
    cost = {g: n * sets for g, n in face["set_cost"].items()}
    by_sets = face.get("reward_by_sets")
    if not by_sets:
        return cost, _times(face.get("reward_per_set") or {}, sets), sets
    if str(sets) not in by_sets:
        ctx.block("FC-ENCH-11", f"{card} lists no reward for {sets} sets")
        return None
    return cost, by_sets[str(sets)], sets  # FC-ENCH-11


def default_payment(state: FlameState, player: str, payload: dict[str, Any]) -> dict[str, int] | None:
    """What ``fc enchant`` pays when the player types no ``--pay``: the goods of the cost first, then coins
    (FC-ENCH-6); None when that cannot pay (the rules then say why). Recorded, so the log shows it.

    Reads the state only: the card's face comes from the payload's ``faces`` when it is typed there."""
    ctx = Ctx(state, Event(0, "ENCHANT", player, payload))
    who = ctx.player()
    card = norm_id(payload.get("card", ""))
    face = (payload.get("faces") or {}).get("ench", {}).get(card) or state.face("ench", card)
    if who is None or face is None:
        return None
    try:
        terms = _terms(ctx, card, face)
    except Stop:  # the number of sets is not declared yet: the rules will ask for it
        return None
    if terms is None:
        return None
    pay = _payment(ctx, who, terms[0], bool(face.get("no_coin")), card)
    return None if ctx.failed else pay


def _times(reward: dict[str, Any], k: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in reward.items():
        if key == "goods":
            out["goods"] = {g: n * k for g, n in value.items()}
        elif key == "effect":
            out["effect"] = value
        else:
            out[key] = value * k
    return out


def _payment(ctx: Ctx, who: PlayerState, cost: dict[str, int], no_coin: bool, card: str) -> dict[str, int] | None:
    """The payment declared (or, if none, goods first then coins), checked against the cost (FC-ENCH-6/7)."""
    declared = ctx.payload.get("pay")
    if declared is None:
        pay, coins = goods_first(who, cost)
        if coins and (no_coin or coins > who.coins):  # FC-GEN-3 (FC-ENCH-7: a no-coin card takes goods only)
            held = items_text({g: who.goods.get(g, 0) for g in cost}) if any(who.goods.get(g, 0) for g in cost) else "none of those goods"
            purse = " (no coins on this card)" if no_coin else f" and {who.coins} coin(s)"
            ctx.block("FC-GEN-3", f"{card} costs {items_text(cost)}; {who.name} holds {held}{purse}: not enough (gather instead)")
            return None
        if coins:
            pay[COIN] = coins
        return pay
    paid = ctx.read_items(declared, "payment")
    if paid is None:
        return None
    pay = paid
    if no_coin and pay.get(COIN):  # FC-ENCH-7; forced: the table paid what it declared
        ctx.error("FC-ENCH-7", f"{card} shows the no-coin mark: pay {items_text(cost)} in goods, without coins")
        if ctx.failed:
            return None
    elif not matches_cost(pay, cost, True):  # FC-ENCH-6, FC-GEN-4
        coin_word = "no coins on this card" if no_coin else "a coin may stand for any good"
        ctx.error("FC-ENCH-6", f"{card} costs exactly {items_text(cost)} ({coin_word}), not {items_text(pay)}")
        if ctx.failed:
            return None
    return pay
