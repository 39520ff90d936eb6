"""Firing up artisan dragons (FC-FIRE) and their six abilities (FC-ART-*)."""

from __future__ import annotations

from typing import Any

from .context import Ctx
from .notation import COIN, DRAGON, WILD, FaceError, norm_id, norm_reward
from .rules_gift import do_gift
from .rules_turn import acting
from .state import PlayerState


def resolve_fire(ctx: Ctx) -> None:
    """``FIRE_UP``: resolve the printed ability of one dragon at the current shop."""
    now = acting(ctx)
    if now is None:
        return
    who, turn = now
    state = ctx.state
    dragon = norm_id(ctx.payload.get("dragon", ""))
    if turn.phase not in ("gather", "enchant"):  # FC-FIRE-9
        todo = f"{who.name} has not visited a shop yet (fc visit SHOP)" if turn.phase == "start" else (
            f"{who.name} has not gathered or enchanted at {turn.shop} yet (fc gather, or fc enchant CARD)"
        )
        text = f"dragons are fired up only after gathering (step 3) or enchanting (step 2): {todo}"
        if turn.shop is None:  # no shop visited yet: no dragon to fire, even forced
            ctx.stop("FC-FIRE-9", text)
        ctx.breach("FC-FIRE-9", text)
    where = state.dragon_location(dragon)
    if where is None or where[0] != turn.shop:  # FC-FIRE-1
        at = f"it is at {where[0]}" if where else "it is not in a shop slot"
        here = [d for d in state.shops[turn.shop or ""].slots if d] if turn.shop in state.shops else []
        text = f"only a dragon at {turn.shop} ({', '.join(here) or 'none'}) can be fired up, and {dragon or '(none)'} is not there ({at})"
        if where:  # forced: a dragon elsewhere in town is fired all the same
            ctx.error("FC-FIRE-1", text)
        else:
            ctx.block("FC-FIRE-1", text)
    followup = turn.followup is not None and turn.followup == dragon
    # FC-FIRE-2 (one fire-up when gathering), FC-FIRE-6 (no chain while gathering, A-15)
    spent = (turn.phase == "gather" and turn.gather_step < 4 and turn.gather_fire_used
             and not (followup and not ctx.setting("swap_followup_counts")) and not ctx.setting("chain_in_gather"))
    fired_times = turn.fired.count(dragon)
    if fired_times >= int(ctx.setting("fire_max_per_dragon") or 1):  # FC-FIRE-4
        shop = state.shops.get(turn.shop or "")
        left = [d for d in (shop.slots if shop else []) if d and d not in turn.fired]
        # no other dragon is suggested when FC-FIRE-2 forbids every further fire-up (field report FC-V10)
        advice = "" if spent else f"; not yet fired here: {', '.join(left)}" if left else "; end the turn (fc end)"
        ctx.error("FC-FIRE-4", f"{dragon} was already fired up this turn{advice}")
    if turn.phase == "gather":
        if turn.gather_step >= 4:  # FC-GATHER-1
            ctx.error("FC-GATHER-1", "the fire-up is step 3 of gathering: it cannot follow the shop ability")
        elif spent:
            fired = ", ".join(turn.fired)
            ctx.error("FC-FIRE-2", f"when gathering only 1 dragon is fired up, and {fired} already "
                      f"{'was' if len(turn.fired) == 1 else 'were'} (chains exist only when enchanting)")
    # FC-FIRE-3/FC-FIRE-5: when enchanting, every dragon at the shop (chained ones included) may fire
    if ctx.failed:
        return
    face = ctx.face("dragon", dragon, blocks=True)
    if face is None:
        return
    ability = face["ability"]
    claimed = str(ctx.payload.get("ability") or ability).upper()
    if claimed != ability:  # FC-FIRE-8 (forced: the printed ability is resolved)
        ctx.breach("FC-FIRE-8", f"{dragon}'s printed ability is {ability.lower()}, not {claimed.lower()}")
    ctx.learn_faces()
    source = f"{dragon} ({ability.lower()})"
    handler = ABILITY_HANDLERS[ability]
    handler(ctx, who, dragon, source)
    ctx.leftover_choices()
    if ctx.failed:
        return
    turn.fired.append(dragon)
    if turn.phase == "gather":
        if not followup or ctx.setting("swap_followup_counts"):
            turn.gather_fire_used = True
        turn.gather_step = 3
    if ability != "SWAP":
        turn.followup = None


def _noop(ctx: Ctx, source: str, why: str) -> None:
    """FC-FIRE-10 (A-35): an ability that cannot resolve at all is a legal no-op that uses up the fire-up."""
    ctx.info(f"{source}: {why}; nothing happens (FC-FIRE-10)")


def _gain2(ctx: Ctx, who: PlayerState, dragon: str, source: str) -> None:
    """GAIN2: 2 of one good shown at this shop or by a dragon at it (FC-ART-GAIN2-1 to 4, A-18)."""
    state = ctx.state
    payload = ctx.payload
    goods = payload.get("goods")
    if goods is None and payload.get("good"):
        goods = [payload["good"], payload["good"]]
    goods = [str(g).lower() for g in (goods or [])]
    goods = [COIN if g in ("coin", "coins") else DRAGON if g in ("dragon", "artisan") else g for g in goods]
    if not goods:
        ctx.ask("FC-ART-GAIN2-1", f"{source}: say which good you take 2 of (--good TYPE)", word="good")
    if any(g in (COIN, DRAGON) for g in goods):  # FC-ART-GAIN2-4
        ctx.block("FC-ART-GAIN2-4", f"{source} gives goods only, never coins or dragons")
        return
    if len(goods) != 2 or goods[0] != goods[1]:  # FC-ART-GAIN2-1
        ctx.block("FC-ART-GAIN2-1", f"{source} gives exactly 2 goods of one type, not {', '.join(goods)}")
        return
    good = goods[0]
    if good not in ctx.goods:
        ctx.block("FC-GEN-1", f"{good!r} is not a good")
        return
    shop = state.shops[state.turn.shop or ""]  # type: ignore[union-attr]
    face = ctx.shop_face(shop) or {"symbols": []}
    available = ctx.shop_goods(shop, enchantments=bool(ctx.setting("gain2_include_enchantments")))
    for occupant in shop.slots:
        if occupant:
            oface = state.face("dragon", occupant)
            if oface:
                available.add(oface["icon"])
    if WILD in face["symbols"]:  # FC-ART-GAIN2-3
        available = set(ctx.goods)
    if good not in available:  # FC-ART-GAIN2-2
        ctx.error("FC-ART-GAIN2-2", f"{shop.id} shows no {good} (no symbol, enchantment or dragon); {source} can take {', '.join(sorted(available)) or 'nothing'}")
        if ctx.failed:
            return
    ctx.gain_goods(who, {good: 2})


def _gain3(ctx: Ctx, who: PlayerState, dragon: str, source: str) -> None:
    """GAIN3: any 3 different goods (FC-ART-GAIN3-1/2)."""
    goods = [str(g).lower() for g in (ctx.payload.get("goods") or [])]
    if any(g in ("coin", "coins", "dragon", "artisan") for g in goods):  # FC-ART-GAIN3-2
        ctx.block("FC-ART-GAIN3-2", f"{source} gives goods only, never coins or dragons")
        return
    bad = [g for g in goods if g not in ctx.goods]
    if bad:
        ctx.block("FC-GEN-1", f"{', '.join(bad)} is not a good (the goods are {', '.join(ctx.goods)})")
        return
    if len(goods) != 3 or len(set(goods)) != 3:  # FC-ART-GAIN3-1
        ctx.block("FC-ART-GAIN3-1", f"{source} gives exactly 3 different goods; you named {', '.join(goods) or 'none'}")
        return
    ctx.gain_goods(who, {g: 1 for g in goods})


def _draw(ctx: Ctx, who: PlayerState, dragon: str, source: str) -> None:
    """DRAW: 1 artisan dragon from the park or the deck (FC-ART-DRAW-1 to 3)."""
    if not ctx.draws:
        if not ctx.state.park and ctx.state.artisan_deck <= 0:
            _noop(ctx, source, "the park and the artisan deck are empty")
            return
        ctx.ask("FC-ART-DRAW-3", f"{source}: say where the dragon comes from (--draw park:NAME or --draw deck[:NAME])", word="draws")
    ctx.take_artisan(who, source)  # FC-ART-DRAW-2: the last deck card triggers the end (in take_artisan)


def _place(ctx: Ctx, who: PlayerState, dragon: str, source: str) -> None:
    """PLACE: 1 dragon from the hand into any matching empty slot in town, with its reward (FC-ART-PLACE-1/2)."""
    place = ctx.payload.get("place")
    if not place:
        if not who.hand:
            _noop(ctx, source, f"{who.name} has no dragon in hand")
            return
        options = _open_slots(ctx, who)
        if not options:  # FC-FIRE-10: nothing in the hand fits an empty slot of a face-up shop
            _noop(ctx, source, f"no dragon in {who.name}'s hand fits an empty slot in town")
            return
        ctx.ask("FC-ART-PLACE-1", f"{source}: name the dragon and the slot (--dragon NAME --at SHOP:SLOT); for example {', '.join(options[:4])}", word="place")
    place = dict(place)
    # FC-PLACE-9: the ability's placement follows FC-PLACE-1 to 7; FC-ART-PLACE-3: at this shop while
    # enchanting, the new dragon may fire up too (every dragon at the shop may, FC-FIRE-5)
    # FC-ART-PLACE-1 (any matching empty slot in town), FC-ART-PLACE-2 (its reward; a filled shop draws a new one)
    ctx.place_dragon(who, str(place.get("dragon", "")), str(place.get("shop", "")), place.get("slot"), source)


def _open_slots(ctx: Ctx, who: PlayerState) -> list[str]:
    """Every ``DRAGON at SHOP:SLOT`` the hand could fill: empty, matching slots of face-up shops (FC-ART-PLACE-1)."""
    options = []
    for card in who.hand:
        icon = (ctx.state.face("dragon", card) or {}).get("icon")
        for shop in ctx.state.shops.values():
            face = ctx.shop_face(shop) if shop.face_up else None  # FC-PLACE-8: not a face-down shop
            slots = face["slots"] if face else []
            for index, (occupant, slot) in enumerate(zip(shop.slots, slots)):
                if occupant is None and (icon is None or icon in slot["icons"]):
                    options.append(f"{card} at {shop.id}:{index + 1}")
    return options


def _swap(ctx: Ctx, who: PlayerState, dragon: str, source: str) -> None:
    """SWAP: trade slots with another dragon in a face-up shop; no reward; the arrival may fire (FC-ART-SWAP-1 to 4)."""
    state = ctx.state
    partner = norm_id(ctx.payload.get("swap", ""))
    if not partner:
        ctx.ask("FC-ART-SWAP-1", f"{source}: name the dragon in town to swap with (--with NAME)", word="swap")
    if ctx.payload.get("reward") or ctx.draws or ctx.fancies:  # FC-ART-SWAP-3
        ctx.error("FC-ART-SWAP-3", "a swap is not a placement: neither slot gives its reward")
        if ctx.failed:
            return
    if partner == dragon:
        ctx.block("FC-ART-SWAP-1", f"{dragon} cannot swap with itself")
        return
    there = state.dragon_location(partner)
    if there is None:  # FC-ART-SWAP-1: in a slot in town, not in a hand or the park
        ctx.block("FC-ART-SWAP-1", f"{partner} is not in a slot in town (only dragons in shops can be swapped)")
        return
    partner_shop = state.shops[there[0]]  # face up: a face-down shop has no slots yet (FC-PLACE-8)
    here = state.dragon_location(dragon)
    assert here is not None
    if here[0] == there[0] and not ctx.setting("swap_same_shop_ok"):
        ctx.error("FC-ART-SWAP-1", f"{partner} is at the same shop; swaps within a shop are off (swap_same_shop_ok)")
        if ctx.failed:
            return
    # FC-ART-SWAP-2: trade slots, ignoring the icons
    state.shops[here[0]].slots[here[1]] = partner
    partner_shop.slots[there[1]] = dragon
    turn = state.turn
    assert turn is not None
    turn.followup = partner  # FC-ART-SWAP-4 / FC-FIRE-7: the new dragon may fire at once


def _gift(ctx: Ctx, who: PlayerState, dragon: str, source: str) -> None:
    """GIFT: give 1 good (or a coin) to another player, then gain 2 reputation (FC-ART-GIFT-1/2)."""
    gift = ctx.payload.get("gift")
    if not gift:
        if who.items_total() == 0:  # FC-ART-GIFT-2 → FC-FIRE-10
            _noop(ctx, source, f"{who.name} has no good or coin to give")
            return
        ctx.block("FC-ART-GIFT-1", f"{source}: name who gets which good (--to PLAYER --item GOOD)")
        return
    gift = dict(gift)
    if do_gift(ctx, who, str(gift.get("to", "")), str(gift.get("item", "")), source):
        ctx.add_rep(who, 2, f"gift by {dragon} to {gift.get('to')}")  # FC-ART-GIFT-1


def _other(ctx: Ctx, who: PlayerState, dragon: str, source: str) -> None:
    """An ability outside the six the rules describe: its effect is applied as declared."""
    gain = ctx.payload.get("gain")
    if gain:
        try:
            reward = norm_reward(gain, ctx.goods, what="declared effect")
        except FaceError as exc:
            ctx.block("FC-GEN-1", str(exc))
            return
        ctx.grant(who, reward, source)


ABILITY_HANDLERS: dict[str, Any] = {
    "GAIN2": _gain2,
    "GAIN3": _gain3,
    "DRAW": _draw,
    "PLACE": _place,
    "SWAP": _swap,
    "GIFT": _gift,
    "OTHER": _other,
}
