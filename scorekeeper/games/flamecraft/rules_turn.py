"""Turn flow (FC-TURN, FC-END-TURN, FC-END): whose turn, the visit, the end of the turn, the game end."""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import block, error

from .context import DECK_NAMES, Ctx, items_text, player_list, ref
from .notation import COIN, norm_id
from .state import GOODS_LIMIT, HAND_LIMIT, PARK_SIZE, ROW_SIZE, FlameState, PlayerState, ShopState, TurnState


def require_turn(ctx: Ctx, wrong_player_rules: Sequence[str] = ("FC-TURN-1", "FC-GEN-6"), *, out_of_turn: str = "") -> PlayerState | None:
    """The acting player when it is their turn; otherwise None, with blocks (setup missing, game over, no player).

    Another player's play is a breach when the table can carry it out: ``out_of_turn="own"`` for a play about
    the player's own holdings (a gift, a reserve, a sun dragon), ``"visit"`` for a visit before the active
    player has done anything (the table let the other player take the turn); forced, it goes on. Otherwise it
    is a block (the turn in progress is another player's: nothing to carry it out on)."""
    state = ctx.state
    if state.turn is None or state.finished or not state.setup_done:  # a turn exists once everyone is dealt
        if not state.setup_done:
            ctx.block("FC-SETUP-2", "the setup is not recorded yet: start with 'scorekeeper fc setup'")
            return None
        undealt = [name for name in state.order if not state.players[name].dealt]
        if undealt:
            ctx.block("FC-SETUP-11", f"deal the starting cards first: {', '.join(undealt)} (scorekeeper fc deal PLAYER …)")
            return None
        ctx.block("FC-END-5", "the game is over: every final turn has been played; only 'fc final' may follow")
        return None
    who = ctx.player()
    if who is None:
        ctx.block("FC-GEN-6", f"name the player; it is {state.turn.player}'s turn")
        return None
    if who.name != state.turn.player:
        takes_turn = out_of_turn == "visit" and state.turn.phase == "start"  # the turn passes to who took it
        forcible = takes_turn or out_of_turn == "own"
        said = f"it is {state.turn.player}'s turn, not {who.name}'s"
        for rule in wrong_player_rules:  # the reason once, then each rule's own words (field report FC-V10)
            ctx.add((error if forcible else block)(rule, said))
            said = "only the active player acts"
        if ctx.failed or not forcible:
            return None
        if takes_turn:
            final = state.final_queue is not None and who.name in state.final_queue
            state.turn = TurnState(who.name, state.turn.number, final=final)
    return who


def acting(ctx: Ctx, out_of_turn: str = "") -> tuple[PlayerState, TurnState] | None:
    """The active player and the turn in progress; None (the reason recorded as an error) when ``require_turn`` refuses."""
    who = require_turn(ctx, out_of_turn=out_of_turn)
    if who is None or ctx.state.turn is None:
        return None
    return who, ctx.state.turn


def second_action(ctx: Ctx, who: PlayerState, turn: TurnState) -> None:
    """FC-TURN-2: a turn is one visit, then either a gather or an enchantment; say what is legal now instead (a
    breach: a play not forced is evaluated no further)."""
    from .view import expected  # the same words as the ``next:`` hint (view reads this module)

    done = "gathered" if turn.phase == "gather" else "enchanted"
    ctx.breach("FC-TURN-2", f"a turn is one visit, then a gather or an enchantment: {who.name} already visited "
                      f"{turn.shop} and {done}; now {expected(ctx.state)}")


def legal_shops(state: FlameState, who: PlayerState) -> list[str]:
    """The shops ``who`` could visit now (for messages): face up, not a recent shop, affordable."""
    recent = _recent(state, who)
    result = []
    for shop in state.shops.values():
        if not shop.face_up or shop.id in recent:
            continue
        present = [p for p in state.players.values() if p.token == shop.id and p.name != who.name]
        if who.items_total() >= len(present):
            result.append(shop.id)
    return result


def _recent(state: FlameState, who: PlayerState) -> list[str]:
    depth = int(state.settings.get("visit_no_repeat_depth", 1) or 0)
    return who.recent_shops[-depth:] if depth > 0 else []


def resolve_visit(ctx: Ctx) -> None:
    """``VISIT``: move to a new shop, paying every player already there (FC-TURN-4 to FC-TURN-9)."""
    now = acting(ctx, out_of_turn="visit")
    if now is None:
        return
    who, turn = now
    state = ctx.state
    if turn.phase in ("gather", "enchant"):  # FC-TURN-2
        second_action(ctx, who, turn)
    elif turn.phase != "start":  # FC-TURN-2
        ctx.breach("FC-TURN-2", f"{who.name} already visited {turn.shop} this turn: now gather or enchant")
    shop = ctx.shop(str(ctx.payload.get("shop", "")))
    if shop is None:
        return

    def instead() -> str:  # for a refusal only: the shops this player could visit
        return f"; {who.name} can visit {player_list(legal_shops(state, who))}"

    if not shop.face_up:  # FC-TURN-5, FC-PLACE-8
        ctx.block("FC-TURN-5", f"{shop.id} is still face down (it is flipped at the end of the turn){instead()}")
        return
    if shop.id in _recent(state, who):  # FC-TURN-4
        ctx.error("FC-TURN-4", f"{who.name} must move to a new shop: the token is already on {shop.id}{instead()}")
    present = [p.name for p in state.players.values() if p.token == shop.id and p.name != who.name]
    pay = ctx.payload.get("pay") or {}
    if isinstance(pay, str):  # one item for each player there (FC-TURN-6)
        if not present:
            ctx.warn("FC-TURN-6", f"nobody is at {shop.id}, so --pay {pay} pays nobody")
        pay = {name: pay for name in present}
    pay = dict(pay)
    payments: dict[str, str] = {}
    for recipient, item in pay.items():
        name = _player_name(state, recipient)
        if name is None or name not in present:  # FC-TURN-6: no payments to absent players
            ctx.error("FC-TURN-6", f"{recipient} is not at {shop.id}; pay only the players there ({player_list(present)})")
            continue
        item = str(item).lower()
        item = COIN if item in ("coin", "coins") else item
        if item != COIN and item not in ctx.goods:  # FC-GEN-1
            ctx.error("FC-GEN-1", f"{item!r} is not a good or a coin")
            continue
        payments[name] = item
    missing = [p for p in present if p not in payments]
    if who.items_total() < len(present):  # FC-TURN-7
        ctx.error(
            "FC-TURN-7",
            f"{who.name} holds {who.items_total()} goods and coins but {len(present)} "
            f"{'player is' if len(present) == 1 else 'players are'} at {shop.id} "
            f"({player_list(present)}): {who.name} cannot visit it{instead()}",
        )
    if missing and who.items_total() >= len(present):  # FC-TURN-6
        said = (f"give 1 good or 1 coin to each player at {shop.id}: {player_list(missing)} not paid "
                f"(--pay GOOD for everyone there, or --pay NAME=GOOD each; {who.name} holds {holding_text(ctx, who)})")
        # the word that gives it: a door that offers plays by choices offers the payments in place (WEB-3); a
        # breach all the same, which the table may force (an unpaid visit it wants on record)
        ctx.add(replace(error("FC-TURN-6", said), word="pay"))
    elif missing:  # FC-TURN-6, FC-TURN-7: cannot pay them all
        each = " each" if len(missing) > 1 else ""
        ctx.error("FC-TURN-6", f"{player_list(missing)} at {shop.id} must{each} get 1 good or 1 coin")
    if ctx.failed:
        return
    # FC-TURN-8: payments move at once, from what the visitor holds before the action (FC-GEN-3, FC-GEN-4)
    total: dict[str, int] = {}
    for item in payments.values():
        total[item] = total.get(item, 0) + 1
    if not ctx.take_items(who, total, hint=lambda: f"; {who.name} can pay with {holding_text(ctx, who)}"):
        return
    for name, item in payments.items():
        ctx.gain_goods(state.players[name], {item: 1})
    who.token = shop.id  # FC-TURN-9
    who.recent_shops.append(shop.id)
    if turn.phase == "start":
        turn.phase = "visited"
    turn.shop = shop.id


def holding_text(ctx: Ctx, who: PlayerState) -> str:
    """What a player can pay with, in words: ``2bread+1coin`` or ``nothing``."""
    items = {g: who.goods.get(g, 0) for g in ctx.goods}
    items["coin"] = who.coins
    return items_text(items)


def _player_name(state: FlameState, text: str) -> str | None:
    wanted = str(text).strip().lower()
    for name in state.order:
        if name.lower() == wanted:
            return name
    matches = [n for n in state.order if n.lower().startswith(wanted)] if wanted else []
    return matches[0] if len(matches) == 1 else None


def resolve_end_turn(ctx: Ctx) -> None:
    """``END_TURN``: flip new shops, discard to the limits, refill, pass the turn (FC-END-TURN-1 to 10)."""
    now = acting(ctx)
    if now is None:
        return
    who, turn = now
    state = ctx.state
    payload = ctx.payload
    if turn.phase == "start":  # FC-TURN-2
        ctx.breach("FC-TURN-2", f"{who.name} has not visited a shop yet: a turn is visit, gather or enchant, then end")
    if turn.phase == "visited" and not ctx.setting("allow_pass"):  # FC-TURN-3
        ctx.breach("FC-TURN-3", f"{who.name} visited {turn.shop} but took no action: gather (always possible) or enchant first")
    ctx.learn_faces()

    # step 1, FC-END-TURN-2: flip every shop drawn face down this turn; the user enters its face now
    flips = [ref(item) for item in payload.get("flips") or []]
    if len(flips) != len(turn.new_shops):
        flip_each = f"{len(turn.new_shops)} new shop(s) were drawn this turn: flip each one (--flip NAME[=FACE])"
        if turn.new_shops and not flips:  # none flipped: asked for
            ctx.ask("FC-END-TURN-2", flip_each, word="flips")
        elif turn.new_shops:
            ctx.block("FC-END-TURN-2", flip_each)
        else:
            ctx.block("FC-END-TURN-2", "no shop was drawn face down this turn: there is nothing to flip")
        return
    for placeholder, (card, face) in zip(list(turn.new_shops), flips):
        if card in turn.new_shops:  # field report FC-V9: the placeholder is not the shop's name
            ctx.block("FC-END-TURN-2", f"{card} is the face-down placeholder: name the shop revealed (--flip NAME)")
            continue
        if card in state.shops:
            ctx.block("FC-GEN-5", f"shop {card} is already in town")
            continue
        ctx.learn("shop", card, face)
        # a block: a shop without its face cannot be put in town
        shop_face = ctx.face("shop", card, rule="FC-END-TURN-2", why=" (the new shop is flipped now)", blocks=True)
        if shop_face is None:
            continue
        _flip(state, placeholder, ShopState(card, True, [None] * len(shop_face["slots"])))
    if ctx.failed:
        return

    # step 2, FC-END-TURN-3 to 7: discard exactly down to the limits; FC-END-TURN-6: only the
    # active player's holdings are checked, here, at the end of their own turn
    discard = dict(payload.get("discard") or {})
    dragons: list[str] = []
    goods: dict[str, int] = {}
    if discard:  # most turns discard nothing; the limits are checked all the same
        unlimited = [what for key, what in (("coins", "coins"), ("coin", "coins"), ("fancy", "fancy dragons"), ("reserved", "a reserved enchantment")) if discard.get(key)]
        if unlimited:  # FC-END-TURN-5
            ctx.error("FC-END-TURN-5", f"there is no limit on {' or '.join(dict.fromkeys(unlimited))}: never discarded (only artisan dragons over {HAND_LIMIT} and goods over {GOODS_LIMIT} are)")
        dragons = [norm_id(d) for d in discard.get("dragons") or []]
        read = ctx.read_items(discard.get("goods"), "discarded goods", coin=False)
        if read is None:
            return
        goods = read
    exact = bool(ctx.setting("exact_discard"))
    over = len(who.hand) - HAND_LIMIT
    for dragon in dragons:
        if dragon not in who.hand:
            ctx.block("FC-GEN-3", f"{dragon} is not in {who.name}'s hand")
    if len(set(dragons)) != len(dragons):
        ctx.block("FC-GEN-3", "a dragon can be discarded only once")
    if over > 0 and len(dragons) != over and (exact or len(dragons) < over):
        ctx.error("FC-END-TURN-3", f"{who.name} has {len(who.hand)} artisan dragons: discard exactly {over} to keep {HAND_LIMIT} (--discard NAME)")
    elif over <= 0 and dragons:
        ctx.error("FC-END-TURN-3", f"{who.name} has {len(who.hand)} artisan dragons, within the limit of {HAND_LIMIT}: nothing to discard")
    held = who.goods.values()
    if goods or (held and (max(held) > GOODS_LIMIT or min(held) < 0)):  # else every good is within the limit
        _check_goods_discard(ctx, who, goods, exact)
    if ctx.failed:
        return
    for dragon in dragons:
        who.hand.remove(dragon)
        state.discarded.append(dragon)  # FC-END-TURN-7: out of play
    for good, count in goods.items():
        who.goods[good] -= count

    # step 3, FC-END-TURN-8/9: refill the park and the row as far as the decks allow
    state.park.extend(_refill(ctx, "park", state.artisan_deck, PARK_SIZE - len(state.park), "dragon", "A"))
    if ctx.failed:
        return
    state.row.extend(_refill(ctx, "row", state.ench_deck, ROW_SIZE - len(state.row), "ench", "E"))
    if ctx.failed:
        return
    advance(state)


def _check_goods_discard(ctx: Ctx, who: PlayerState, goods: dict[str, int], exact: bool) -> None:
    """FC-END-TURN-4 (A-19): each good over the limit discarded down to it (exactly, with ``exact_discard``);
    FC-GEN-3: never more than is held."""
    for good in ctx.goods:
        have = who.goods.get(good, 0)
        thrown = goods.get(good, 0)
        extra = have - GOODS_LIMIT
        if thrown > have:
            ctx.block("FC-GEN-3", f"{who.name} holds only {have} {good}")
        elif extra > 0 and thrown != extra and (exact or thrown < extra):
            ctx.error("FC-END-TURN-4", f"{who.name} has {have} {good}: discard exactly {extra} to keep {GOODS_LIMIT} (--discard {extra}{good})")
        elif extra <= 0 and thrown:
            ctx.error("FC-END-TURN-4", f"{who.name} has {have} {good}, within the limit of {GOODS_LIMIT}: nothing to discard")


def _refill(ctx: Ctx, key: str, deck: int, gaps: int, kind: str, prefix: str) -> list[str]:
    """The cards revealed to fill ``gaps`` places from a deck of ``deck`` cards (auto-named if not given)."""
    state = ctx.state
    need = max(0, min(gaps, deck))
    declared = ctx.payload.get(key)
    if declared is None:
        cards = [state.next_auto(prefix) for _ in range(need)]
    else:
        cards = []
        for item in declared:
            card, face = ref(item)
            ctx.learn(kind, card, face)
            cards.append(card)
        if len(cards) != need:
            what = "park" if key == "park" else "enchantment row"
            option = "--park" if key == "park" else "--row"
            if need == 0:
                why = f"the {DECK_NAMES['artisan' if key == 'park' else 'ench']} deck is empty (FC-END-TURN-9)" if gaps else f"the {what} is full"
                ctx.block("FC-END-TURN-8", f"nothing is revealed for the {what}: {why}; leave out {option}")
            else:
                short = f" (the deck holds only {deck}: refill as far as it goes, FC-END-TURN-9)" if deck < gaps else ""
                ctx.block("FC-END-TURN-8", f"the {what} needs exactly {need} new card(s){short}; got {len(cards)} ({option} NAME,…)")
            return []
        if len(set(cards)) != len(cards):
            ctx.block("FC-GEN-5", "the same card cannot be revealed twice")
        for card in cards:
            if kind == "dragon" and ctx.card_in_play(card):
                ctx.block("FC-GEN-5", f"dragon {card} is already in play")
            if kind == "ench" and ctx.ench_in_play(card):
                ctx.block("FC-GEN-5", f"enchantment {card} is already in play")
            if kind == "ench":
                ctx.from_this_deck(card)  # FC-SETUP-8
    if ctx.failed:
        return []
    if key == "park":
        state.artisan_deck -= len(cards)
        ctx.check_trigger("artisan")
    else:
        state.ench_deck -= len(cards)
        ctx.check_trigger("ench")
    return cards


def _flip(state: FlameState, placeholder: str, shop: ShopState) -> None:
    """Replace a face-down placeholder by the flipped shop, keeping the town's order."""
    state.shops = {(shop.id if key == placeholder else key): (shop if key == placeholder else value) for key, value in state.shops.items()}


def move_on(state: FlameState, event: Event) -> str | None:
    """FC-END-TURN-10: the active player's end of turn, forced and kept inert (the game cannot carry it out),
    still passes the turn (the table has moved on); who acts next, or None when the turn stays where it is."""
    turn = state.turn
    if event.type != "END_TURN" or turn is None or state.finished or event.player != turn.player:
        return None
    advance(state)
    return state.turn.player if state.turn is not None else "nobody: the game is over"


def advance(state: FlameState) -> None:
    """Pass the turn (FC-END-TURN-10), counting down the final turns (FC-END-3, FC-END-4, A-13)."""
    turn = state.turn
    assert turn is not None
    state.players[turn.player].turns += 1
    state.turn_count += 1
    index = state.order.index(turn.player)
    if state.final_queue is not None and turn.final:
        if turn.player in state.final_queue:
            state.final_queue.remove(turn.player)
    elif state.end_trigger is not None and state.final_queue is None:
        # this was the triggering turn (FC-END-3): everyone gets 1 final turn, next player first (FC-END-4)
        rotated = state.order[index + 1 :] + state.order[: index + 1]
        if state.settings.get("final_round") == "finish_round":
            rotated = rotated[:-1]
        state.final_queue = rotated
    if state.final_queue is not None and not state.final_queue:
        state.finished = True
        state.turn = None
        return
    nxt = state.order[(index + 1) % len(state.order)]
    final = state.final_queue is not None and nxt in state.final_queue
    state.turn = TurnState(nxt, state.turn_count + 1, final=final)
