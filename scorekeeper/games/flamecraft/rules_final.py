"""The end of the game (``FINAL_SCORING``, FC-SCORE-1/3/4) and manual adjustments (``ADJUST``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.core.protocol import ask, error

from .context import Ctx, ref
from .notation import FaceError, norm_goods, norm_id
from .state import ShopState


def moon_dragons(ctx: Ctx) -> dict[str, str]:
    """Every fancy dragon in play whose face is moon (or unknown) → its owner."""
    result = {}
    for player in ctx.state.players.values():
        for card in player.fancies:
            face = ctx.state.face("fancy", card)
            if face is None or face["kind"] == "moon":
                result[card] = player.name
    return result


def resolve_final(ctx: Ctx) -> None:
    """``FINAL_SCORING``: once, after every final turn; which moon dragons' goals were fulfilled (FC-FANCY-7)."""
    state = ctx.state
    if not state.finished:  # FC-SCORE-1
        left = ", ".join(state.final_queue or []) if state.final_queue is not None else "the end is not triggered yet"
        ctx.block("FC-SCORE-1", f"final scoring runs after every final turn; still to play: {left}")
        return
    if state.moon is not None:
        ctx.block("FC-SCORE-1", "the final scoring is already recorded (correct it with amend or void)")
        return
    ctx.learn_faces()
    declared: dict[str, bool] = {}
    for card, value in dict(ctx.payload.get("moon") or {}).items():
        declared[norm_id(card)] = bool(value)
    owned = {card for p in state.players.values() for card in p.fancies}
    for card in declared:
        if card not in owned:
            ctx.error("FC-GEN-5", f"nobody holds a fancy dragon {card}")
            continue
        face = ctx.face("fancy", card)
        if face and face["kind"] == "sun":  # FC-SCORE-4, FC-FANCY-4
            ctx.error("FC-SCORE-4", f"{card} is a sun dragon: sun dragons score only during play, never at the end")
    unjudged: list[tuple[str, str]] = []
    for card, owner in moon_dragons(ctx).items():
        if ctx.state.face("fancy", card) is None:
            ctx.face("fancy", card, why=" (is it sun or moon?)")
        elif card not in declared:  # FC-SCORE-3: every moon dragon is judged
            unjudged.append((owner, card))
        else:  # FC-FANCY-7: a structured goal is checked against the final state
            met = ctx.goal_met(state.players[owner], card)
            goal = (state.face("fancy", card) or {}).get("goal")
            if met is False and declared[card]:
                ctx.error("FC-FANCY-7", f"{owner}'s {card} is declared fulfilled, but its goal ({goal}) is not met")
            elif met is True and not declared[card]:
                ctx.warn("FC-FANCY-7", f"{owner}'s {card} is declared missed, but its goal ({goal}) is met")
    if unjudged:  # FC-SCORE-3, all in one: asked for now; forced in a journal from before asks, a breach as then
        (owner, card), named = unjudged[0], ", ".join(f"{owner}'s {card}" for owner, card in unjudged)
        said = (f"say whether {owner}'s moon dragon {card} was fulfilled (--moon {card} or --missed {card})"
                if len(unjudged) == 1 else
                f"say whether each moon dragon was fulfilled: {named} (--moon CARD or --missed CARD)")
        ctx.add(error("FC-SCORE-3", said) if ctx.forced else ask("FC-SCORE-3", said, "moon"))  # forced: carried out, unjudged 0
    if ctx.failed:
        return
    state.moon = declared


def resolve_adjust(ctx: Ctx) -> None:
    """``ADJUST``: a manual correction or a test seeding, applied as given and never judged as a play.

    Player fields are absolute values: ``rep``, ``coins``, ``goods`` ({type: n}), ``hand`` and ``fancies``
    (card lists, ``NAME=FACE`` allowed), ``reserved``, ``token``, ``sun_scored``, ``companion_used``. Town
    fields: ``add_shops`` (shop IDs put face up in town), ``slots`` ({SHOP: {slot: dragon or null}}),
    ``enchantments`` ({SHOP: [cards]}). Supply fields: ``park``, ``row`` (card lists), ``decks``
    ({artisan, ench, shop, fancy: count}).
    """
    state = ctx.state
    payload = ctx.payload
    ctx.learn_faces()
    for name, changes in dict(payload.get("players") or {}).items():
        player = state.players.get(name)
        if player is None:
            ctx.error("FC-GEN-6", f"no player {name!r}")
            continue
        changes = dict(changes)
        if "rep" in changes:
            diff = int(changes["rep"]) - player.rep
            ctx.add_rep(player, diff, f"manual adjustment ({payload.get('reason') or 'adjust'})")
        if "coins" in changes:
            player.coins = int(changes["coins"])
        if "goods" in changes:
            try:
                player.goods = norm_goods(changes["goods"], ctx.goods, what="goods")
            except FaceError as exc:
                ctx.error("FC-GEN-1", str(exc))
        for key, kind in (("hand", "dragon"), ("fancies", "fancy")):
            if key in changes:
                cards = []
                for item in changes[key] or []:
                    card, face = ref(item)
                    ctx.learn(kind, card, face)
                    cards.append(card)
                setattr(player, key, cards)
        if "reserved" in changes:
            card, face = ref(changes["reserved"]) if changes["reserved"] else ("", None)
            if card:
                ctx.learn("ench", card, face)
            player.reserved = card or None
        if "token" in changes:
            player.token = norm_id(changes["token"]) if changes["token"] else None
            player.recent_shops = [player.token] if player.token else []
        if "sun_scored" in changes:
            player.sun_scored = [norm_id(c) for c in changes["sun_scored"] or []]
        if "companion_used" in changes:
            player.companion_used = bool(changes["companion_used"])
        if player.coins < 0 or any(v < 0 for v in player.goods.values()):
            ctx.error("FC-GEN-3", f"{name}'s holdings cannot be negative")
    for item in payload.get("add_shops") or []:
        card, face = ref(item)
        ctx.learn("shop", card, face)
        sface = ctx.face("shop", card)
        if sface is not None and card not in state.shops:
            state.shops[card] = ShopState(card, True, [None] * len(sface["slots"]))
    for shop_id, slots in dict(payload.get("slots") or {}).items():
        shop = ctx.shop(shop_id)
        if shop is None:
            continue
        for slot, occupant in dict(slots).items():
            index = int(slot) - 1
            if not 0 <= index < len(shop.slots):
                ctx.error("FC-PLACE-2", f"{shop.id} has no slot {slot}")
                continue
            card, face = ref(occupant) if occupant else ("", None)
            if card:
                ctx.learn("dragon", card, face)
            shop.slots[index] = card or None
    for shop_id, cards in dict(payload.get("enchantments") or {}).items():
        shop = ctx.shop(shop_id)
        if shop is None:
            continue
        shop.enchantments = []
        for item in cards or []:
            card, face = ref(item)
            ctx.learn("ench", card, face)
            shop.enchantments.append(card)
    for key, kind in (("park", "dragon"), ("row", "ench")):
        if key in payload:
            cards = []
            for item in payload[key] or []:
                card, face = ref(item)
                ctx.learn(kind, card, face)
                cards.append(card)
            setattr(state, key, cards)
    decks: Mapping[str, Any] = dict(payload.get("decks") or {})
    for key, attr in (("artisan", "artisan_deck"), ("ench", "ench_deck"), ("shop", "shop_deck"), ("fancy", "fancy_deck")):
        if key in decks:
            value = decks[key]
            if value is not None and int(value) < 0:
                ctx.error("FC-GEN-3", f"the {key} deck cannot hold {value} cards")
                continue
            setattr(state, attr, None if value is None else int(value))
