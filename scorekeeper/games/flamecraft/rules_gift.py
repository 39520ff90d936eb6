"""Gifts (FC-GIFT), reservations (FC-RES), sun fancy dragons (FC-FANCY) and companions (FC-COMP)."""

from __future__ import annotations

from typing import Any

from .context import Ctx, items_text, ref
from .notation import COIN, FaceError, norm_id, norm_reward
from .state import PlayerState


def do_gift(ctx: Ctx, giver: PlayerState, to: str, item: str, source: str) -> bool:
    """Give 1 good (or 1 coin in its place) to another player (FC-GIFT-1 to FC-GIFT-3, FC-ART-GIFT-2)."""
    state = ctx.state
    recipient = _find_player(ctx, to)
    item = item.strip().lower()
    item = COIN if item in ("coin", "coins") else item
    ok = True
    if recipient is None:
        ctx.block("FC-GIFT-3", f"{to or '(nobody)'} is not a player; gift to one of {', '.join(n for n in state.order if n != giver.name)}")
        ok = False
    elif recipient.name == giver.name:  # FC-GIFT-3
        ctx.block("FC-GIFT-3", f"a gift goes to another player, not to {giver.name}")
        ok = False
    if item != COIN and item not in ctx.goods:  # FC-GIFT-2: a good, or a coin in its place
        ctx.block("FC-GIFT-2", f"a gift is 1 good ({', '.join(ctx.goods)}) or 1 coin, not {item!r}")
        ok = False
    if not ok:
        return False
    if not ctx.take_items(giver, {item: 1}, rule="FC-GIFT-1", what="give"):  # FC-GIFT-1, FC-GEN-3: nothing to give
        return False
    assert recipient is not None
    ctx.gain_goods(recipient, {item: 1})  # FC-GIFT-5: no limit check until the recipient's own end of turn
    return True


def _find_player(ctx: Ctx, text: str) -> PlayerState | None:
    wanted = str(text).strip().lower()
    for name, player in ctx.state.players.items():
        if name.lower() == wanted:
            return player
    matches = [p for n, p in ctx.state.players.items() if wanted and n.lower().startswith(wanted)]
    return matches[0] if len(matches) == 1 else None


def reserve_card(ctx: Ctx, who: PlayerState, card_ref: Any, source: str) -> bool:
    """Move an enchantment from the row (or the deck) into the player's reserve (FC-RES-2, FC-RES-3, A-33)."""
    state = ctx.state
    card, face = ref(card_ref)
    if who.reserved is not None:  # FC-RES-2
        ctx.block("FC-RES-2", f"{who.name} already holds the reserved {who.reserved}: at most 1 reserved enchantment, this reserve is lost")
        return False
    source = source.lower()
    if source == "row":
        if not ctx.reveal(state.row, card, "ench"):
            ctx.block("FC-GEN-5", f"{card or '(no name)'} is not in the enchantment row; the row holds {', '.join(state.row) or 'nothing'}")
            return False
        state.row.remove(card)  # the gap is refilled at end of turn
    elif source == "deck":
        if state.ench_deck <= 0:  # FC-END-7
            ctx.block("FC-END-7", "the enchantment deck is empty: nothing can be reserved from it")
            return False
        if card and ctx.ench_in_play(card):  # FC-GEN-5: a card from the deck is not already in play
            ctx.block("FC-GEN-5", f"{card} is already in play (row, reserve or a shop); a card reserved from the deck needs a new name")
            return False
        card = card or state.next_auto("E")
        state.ench_deck -= 1
        ctx.check_trigger("ench")  # FC-RES-3: taking the last card triggers FC-END-1
    else:
        ctx.block("FC-RES-3", f"a reserved enchantment comes from the row or the deck, not {source!r}")
        return False
    ctx.learn("ench", card, face)
    if not ctx.from_this_deck(card) and not ctx.forced:  # FC-SETUP-8 (forced: the table reserved it)
        return False
    who.reserved = card
    return True


def _own_turn(ctx: Ctx, rule: str) -> PlayerState | None:
    """The acting player, if the game is running and it is their turn (``rule`` names the failure)."""
    from .rules_turn import require_turn

    return require_turn(ctx, (rule, "FC-GEN-6"), out_of_turn="own")


def resolve_reserve(ctx: Ctx) -> None:
    """``RESERVE``: a reservation granted by a named effect (FC-RES-1 to FC-RES-3)."""
    who = _own_turn(ctx, "FC-TURN-1")
    if who is None:
        return
    if not str(ctx.payload.get("by") or "").strip():  # FC-RES-1
        ctx.breach("FC-RES-1", "a reservation needs an effect that grants it: name it (--by 'enchantment EN-7 reward')")
    ctx.learn_faces()
    reserve_card(ctx, who, ctx.payload.get("card") or "", str(ctx.payload.get("source") or "row"))


def resolve_gift(ctx: Ctx) -> None:
    """``GIFT``: a gift from an effect other than the GIFT dragon (companion, shop, card) (FC-GIFT-1 to 4, 6)."""
    who = _own_turn(ctx, "FC-TURN-1")
    if who is None:
        return
    by = str(ctx.payload.get("by") or "").strip()
    if not by:
        ctx.breach("FC-GIFT-6", "name the effect that grants this gift (--by …); a visit payment is recorded with the visit, and is not a gift")
    if not do_gift(ctx, who, str(ctx.payload.get("to", "")), str(ctx.payload.get("item", "")), f"gift ({by})"):
        return
    if ctx.payload.get("reward"):
        try:
            reward = norm_reward(ctx.payload["reward"], ctx.goods, what="gift reward")
        except FaceError as exc:
            ctx.block("FC-GEN-1", str(exc))
            return
        ctx.grant(who, reward, f"gift reward ({by})")  # FC-GIFT-4: from the supply, not the recipient
    ctx.leftover_choices()


def resolve_fancy_score(ctx: Ctx) -> None:
    """``FANCY_SCORE``: score a sun dragon during its owner's turn (FC-FANCY-1 to 5, 7; FC-TURN-10)."""
    who = _own_turn(ctx, "FC-FANCY-1")
    if who is None:
        return
    ctx.learn_faces()
    card = norm_id(ctx.payload.get("card", ""))
    if card not in who.fancies:
        ctx.block("FC-GEN-5", f"{who.name} has no fancy dragon {card}; they hold {', '.join(who.fancies) or 'none'}")
        return
    face = ctx.face("fancy", card, blocks=True)
    if face is None:
        return
    if face["kind"] == "moon":  # FC-FANCY-5
        ctx.block("FC-FANCY-5", f"{card} is a moon dragon: it scores only at the game end (fc final)")
        return
    if card in who.sun_scored:  # FC-FANCY-4
        ctx.breach("FC-FANCY-4", f"{card} has already been scored: each fancy dragon scores once")
    if ctx.payload.get("fulfilled") is False:  # FC-FANCY-7: fulfilment is declared by the user
        ctx.breach("FC-FANCY-1", f"{card} may be scored only once its goal is fulfilled")
    if ctx.goal_met(who, card) is False:  # FC-FANCY-7: a structured goal is checked against the state
        ctx.breach("FC-FANCY-7", f"the goal of {card} ({face.get('goal')}) is not fulfilled yet")
    spend = dict(face.get("spend") or {})
    if spend:
        pay = _spend_payment(ctx, who, spend)
        if pay is None:
            return
        if not ctx.take_items(who, pay, rule="FC-FANCY-7", what=f"spend for {card}"):  # FC-FANCY-3, FC-GEN-3
            return
    ctx.grant(who, face["reward"], f"sun dragon {card}")  # FC-FANCY-2
    ctx.leftover_choices()
    who.sun_scored.append(card)


def _spend_payment(ctx: Ctx, who: PlayerState, spend: dict[str, int]) -> dict[str, int] | None:
    """The goods/coins a sun dragon's goal spends (FC-FANCY-3, A-29: coins wild unless disabled)."""
    coins_ok = bool(ctx.setting("sun_coins_wild"))
    declared = ctx.payload.get("pay")
    if declared is None:
        pay, coins = goods_first(who, spend)
        if coins:
            if not coins_ok or coins > who.coins:
                ctx.block("FC-FANCY-7", f"the goal of this dragon spends {items_text(spend)}; {who.name} cannot pay it")
                return None
            pay[COIN] = coins
        return pay
    paid = ctx.read_items(declared, "goods spent")
    if paid is None:
        return None
    pay = paid
    if not _matches_cost(pay, spend, coins_ok):
        ctx.block("FC-FANCY-3", f"the goal spends exactly {items_text(spend)}" + (" (a coin may stand for any good)" if coins_ok else " (no coins)") + f", not {items_text(pay)}")
        return None
    return pay


def default_spend(state: Any, player: str, card: str) -> dict[str, int] | None:
    """What ``fc sun CARD`` spends when no ``--pay`` is typed: the goal's goods, coins for the missing ones
    when allowed (FC-FANCY-3, A-29); None when there is nothing to spend or it cannot be paid."""
    who = state.players.get(player)
    face = state.face("fancy", norm_id(card)) or {}
    spend = dict(face.get("spend") or {})
    if who is None or not spend:
        return None
    pay, coins = goods_first(who, spend)
    if coins and (not state.settings.get("sun_coins_wild") or coins > who.coins):
        return None
    return {**pay, COIN: coins} if coins else pay


def goods_first(who: PlayerState, cost: dict[str, int]) -> tuple[dict[str, int], int]:
    """The default payment of a cost: the goods the player holds, and how many coins must cover the rest (FC-GEN-4)."""
    pay: dict[str, int] = {}
    coins = 0
    for good, need in cost.items():
        use = min(need, who.goods.get(good, 0))
        if use:
            pay[good] = use
        coins += need - use
    return pay, coins


def _matches_cost(pay: dict[str, int], cost: dict[str, int], coins_ok: bool) -> bool:
    """Each good paid at most as many as the cost asks, coins (if allowed) covering exactly the rest (FC-GEN-4)."""
    coins = pay.get(COIN, 0)
    if coins and not coins_ok:
        return False
    for good, count in pay.items():
        if good != COIN and count > cost.get(good, 0):
            return False
    return sum(v for k, v in pay.items() if k != COIN) + coins == sum(cost.values())


matches_cost = _matches_cost


def resolve_companion(ctx: Ctx) -> None:
    """``COMPANION_USE``: once per game, during the owner's turn, effect as declared (FC-COMP-1, 4 to 7)."""
    state = ctx.state
    who = ctx.player()
    if not ctx.setting("companions"):  # FC-COMP-1 (forced: the table used the declared effect all the same)
        ctx.breach("FC-COMP-1", "companions are off in this game")
    if who is None:  # nobody's turn is due (before the first turn, after the last): say why
        _own_turn(ctx, "FC-COMP-6")
        return
    # with companions on, every player was dealt one (FC-SETUP-16)
    if who.companion_used:  # FC-COMP-4
        ctx.error("FC-COMP-4", f"{who.name}'s companion {who.companion} was already used: once per game")
    if ctx.setting("comp_own_turn_only"):
        turn = state.turn
        if not state.started or state.finished or turn is None or turn.player != who.name:  # FC-COMP-6
            whose = f"it is {turn.player}'s turn" if turn else "no turn is in progress"
            ctx.error("FC-COMP-6", f"a companion is used only during its owner's own turn; {whose}")
            ctx.error("FC-GEN-6", f"only the active player acts; {whose}")
    if ctx.failed:
        return
    ctx.learn_faces()
    apply_effect(ctx, who, ctx.payload, f"companion {who.companion or '(none dealt)'}")  # FC-COMP-7: as declared
    who.companion_used = True  # FC-COMP-4: flipped


def apply_effect(ctx: Ctx, who: PlayerState, payload: Any, source: str) -> None:
    """A declared effect (a shop ability, a companion): a reserve (FC-RES-2/3), a gain from the supply
    (FC-REW-8), a gift (FC-GIFT-1 to 3); then no unused draw may be left (FC-REW-2/3)."""
    if payload.get("reserve"):
        reserve_card(ctx, who, payload["reserve"], str(payload.get("source") or "row"))
    if payload.get("gain"):
        try:
            reward = norm_reward(payload["gain"], ctx.goods, what=f"the gain of the {source}")
        except FaceError as exc:
            ctx.block("FC-GEN-1", str(exc))
            return
        ctx.grant(who, reward, source)
    if payload.get("gift"):
        gift = dict(payload["gift"])
        do_gift(ctx, who, str(gift.get("to", "")), str(gift.get("item", "")), source)
    ctx.leftover_choices()
