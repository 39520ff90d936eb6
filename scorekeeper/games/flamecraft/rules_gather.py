"""Gathering (FC-GATHER): the yield, the placement from the hand, the shop ability."""

from __future__ import annotations

from .context import Ctx, items_text, reward_text
from .notation import COIN, DRAGON, WILD, FaceError, norm_id, norm_reward
from .rules_gift import apply_effect
from .rules_turn import acting, second_action
from .state import FlameState, ShopState


def compute_yield(ctx: Ctx, shop: ShopState) -> tuple[dict[str, int], int, int, list[tuple[str, str]]] | None:
    """The gather yield of a shop (FC-GATHER-2, A-07): fixed goods and coins, wild symbols, dragon symbols,
    and each symbol with its source (see ``sources_text``). None (with a block) when a face needed is unknown."""
    face = ctx.shop_face(shop)
    if face is None:
        ctx.face("shop", shop.id, blocks=True)
        return None
    state = ctx.state
    symbols: list[tuple[str, str]] = [(s, shop.id) for s in face["symbols"]]
    if ctx.setting("gather_include_slot_dragons"):
        for dragon in shop.slots:
            if dragon is None:
                continue
            dface = state.face("dragon", dragon)
            if dface is None:
                ctx.face("dragon", dragon, why=f" (its icon is part of {shop.id}'s yield)", blocks=True)
                return None
            symbols.append((dface["icon"], dragon))
    if ctx.setting("gather_include_enchantments"):
        for card in shop.enchantments:
            eface = state.face("ench", card)
            if eface is None:
                ctx.face("ench", card, why=f" (it adds to {shop.id}'s yield)", blocks=True)
                return None
            symbols.append((eface["adds"], card))
    fixed: dict[str, int] = {}
    wild = dragons = 0
    for symbol, _ in symbols:
        if symbol == WILD:
            wild += 1  # FC-GATHER-6
        elif symbol == DRAGON:
            dragons += 1  # FC-GATHER-5
        else:
            fixed[symbol] = fixed.get(symbol, 0) + 1  # FC-GATHER-4
    return fixed, wild, dragons, symbols


def sources_text(symbols: list[tuple[str, str]]) -> str:
    """Where a yield comes from, in words: ``BAKERY: bread; BR-2: bread`` (for a refusal)."""
    return "; ".join(f"{src}: {sym}" for sym, src in symbols)


def yield_text(fixed: dict[str, int], wild: int, dragons: int) -> str:
    parts = [items_text(fixed)] if fixed else []
    if wild:
        parts.append(f"{wild} good(s) of your choice")
    if dragons:
        parts.append(f"{dragons} artisan dragon(s)")
    return " + ".join(parts) or "nothing"


def resolve_gather(ctx: Ctx) -> None:
    """``GATHER`` (step 1): the declared gain must equal the computed yield (FC-GATHER-2, FC-GATHER-3)."""
    now = acting(ctx)
    if now is None:
        return
    who, turn = now
    if turn.phase == "start":
        ctx.block("FC-TURN-2", f"{who.name} must visit a shop before gathering")
        return
    if turn.phase in ("gather", "enchant"):  # FC-TURN-2
        second_action(ctx, who, turn)
    ctx.learn_faces()
    shop = ctx.state.shops[turn.shop or ""]
    computed = compute_yield(ctx, shop)
    if computed is None:
        return
    fixed, wild, dragons, sources = computed
    declared_raw = ctx.payload.get("gain")
    if declared_raw is None:
        if wild:
            example = items_text({**fixed, ctx.goods[0]: fixed.get(ctx.goods[0], 0) + wild})
            ctx.ask("FC-GATHER-6", f"{shop.id} yields {yield_text(fixed, wild, dragons)}: say which goods (e.g. fc gather {example})", word="gain")
        declared = dict(fixed)
    else:
        items = ctx.read_items(declared_raw, "gain")
        if items is None:
            return
        declared = items
    extra = {k: declared.get(k, 0) - fixed.get(k, 0) for k in set(declared) | set(fixed)}
    short = any(v < 0 for v in extra.values())
    extra_total = sum(v for v in extra.values() if v > 0)
    if short or extra_total != wild or extra.get(COIN, 0) > 0:  # FC-GATHER-3
        ctx.breach(  # forced: the table took what it declared
            "FC-GATHER-3",
            f"{shop.id} yields {yield_text(fixed, wild, dragons)} ({sources_text(sources)}), not {items_text(declared)}",
        )
    ctx.gain_goods(who, declared)
    for _ in range(dragons):
        ctx.take_artisan(who, f"the dragon symbol at {shop.id}", "FC-GATHER-5")
    if len(ctx.draws) > 0:
        ctx.error("FC-GATHER-5", f"{shop.id} yields {dragons} artisan dragon(s); {len(ctx.draws)} draw(s) too many")
    if turn.phase == "visited":
        turn.phase = "gather"
        turn.gather_step = 1


def resolve_place(ctx: Ctx) -> None:
    """``PLACE`` (gather step 2): at most 1 dragon from the hand, into the visited shop (FC-GATHER-7, FC-PLACE)."""
    now = acting(ctx)
    if now is None:
        return
    who, turn = now
    if turn.phase == "enchant":  # FC-ENCH-1
        ctx.breach("FC-ENCH-1", "an enchant turn has no placement from the hand (only fire-ups after the enchantment)")
    elif turn.phase != "gather":  # FC-GATHER-1
        ctx.breach("FC-GATHER-1", "gather first: placing a dragon is step 2 of gathering")
    elif turn.gather_step == 2:
        ctx.breach("FC-GATHER-7", f"{who.name} already placed a dragon this turn: only 1 placement when gathering (now fire up 1 dragon, or end the turn)")
    elif turn.gather_step > 2:
        ctx.breach("FC-GATHER-1", "placing is step 2 of gathering: it cannot follow the fire-up (step 3) or the shop ability (step 4)")
    shop_id = norm_id(ctx.payload.get("shop") or turn.shop or "")
    if shop_id != turn.shop:
        ctx.breach("FC-GATHER-7", f"when gathering, the dragon goes to the visited shop {turn.shop}, not {shop_id}")
    ctx.learn_faces()
    if ctx.place_dragon(who, str(ctx.payload.get("dragon", "")), shop_id, ctx.payload.get("slot"), f"placement at {shop_id}"):
        turn.gather_step = max(turn.gather_step, 2)
        turn.followup = None
        ctx.leftover_choices()


def resolve_shop_ability(ctx: Ctx) -> None:
    """``SHOP_ABILITY`` (gather step 4): once, only with an ability strip, never when enchanting (FC-GATHER-8/9)."""
    now = acting(ctx)
    if now is None:
        return
    who, turn = now
    if turn.phase == "enchant":
        ctx.breach("FC-GATHER-8", "a shop ability is never used on an enchant turn")
    elif turn.phase != "gather":
        text = "gather first: the shop ability is step 4 of gathering"
        if turn.shop is None:  # no shop visited yet: nothing to use, even forced
            ctx.stop("FC-GATHER-1", text)
        ctx.breach("FC-GATHER-1", text)
    elif turn.gather_step >= 4:
        ctx.breach("FC-GATHER-8", f"the ability of {turn.shop} was already used this turn")
    shop = ctx.state.shops[turn.shop or ""]
    face = ctx.shop_face(shop) or {}
    ability = face.get("ability") or {}
    if not ability:
        ctx.breach("FC-GATHER-8", f"{shop.id} has no ability strip")
    ctx.learn_faces()
    payload = ctx.payload
    declared = [k for k in ("reserve", "gain", "gift") if payload.get(k)]
    if ability.get("effect") == "reserve" and not declared:  # FC-GATHER-9, FC-RES-3: the card must be named
        ctx.block("FC-GATHER-9", f"{shop.id}'s ability reserves an enchantment: name it (fc ability --reserve CARD; the row: {', '.join(ctx.state.row) or 'empty'})")
        return
    if ability.get("effect") == "reserve" and declared and "reserve" not in declared:  # FC-GATHER-9
        text = f"{shop.id}'s ability is to reserve an enchantment, but the play declares {', '.join(declared)}"
        (ctx.error if ctx.setting("shop_ability_strict") else ctx.warn)("FC-GATHER-9", text)
    if ability.get("effect") == "gain":  # FC-GATHER-9: the declaration is checked against the structured gain
        if not declared:
            payload = {**payload, "gain": ability["gain"]}  # nothing declared: the printed gain applies
        else:
            try:
                same = norm_reward(payload.get("gain"), ctx.goods) == ability["gain"]
            except FaceError:
                same = False
            if not same:
                text = f"{shop.id}'s ability gives {reward_text(ability['gain'])}, but the play declares something else"
                (ctx.error if ctx.setting("shop_ability_strict") else ctx.warn)("FC-GATHER-9", text)
    apply_effect(ctx, who, payload, f"ability of {shop.id}")  # FC-GATHER-9: applied as declared
    turn.gather_step = 4
    turn.followup = None


def yield_of(state: FlameState, shop_id: str) -> tuple[dict[str, int], int, int] | None:
    """The computed gather yield of a shop (fixed items, wild symbols, dragon symbols), or None if unknown.

    Reads the state only (for the prompt, and to record ``fc gather`` typed without goods)."""
    from scorekeeper.core.events import Event

    shop = state.shops.get(norm_id(shop_id))
    if shop is None:
        return None
    computed = compute_yield(Ctx(state, Event(0, "GATHER")), shop)
    return None if computed is None else computed[:3]
