"""Flamecraft's whole-state check (``Game.check_state``): what no table can show, judged like a chess position.

Each invariant is a rule ``FC-STATE-n`` (its summary in ``rule_summaries``, the rulebook sentence it rests on in
``docs/flamecraft.md`` and in its test), checked here next to its ID, and each problem found names the player and the thing. A state any legal sequence of
plays reaches finds nothing (``tests/games/flamecraft/test_fc_state.py`` folds every sample, the generated
games and the tallies through it); a tally, a join or an adjustment typed by hand may find something.

What the state cannot know is not judged: the goods and coins are unlimited (rulebook: "All goods/coins are
considered to be unlimited."); the box's card counts are the settings' (``artisan_deck_size``…, "count your
copy"), so the counts are bounds, not equalities; the limits of hand and goods bind the player who ended the
last turn (the others may have been paid or given something since their own turn ended).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable

from scorekeeper.core.protocol import Finding, error

from .state import GOODS_LIMIT, HAND_LIMIT, MAX_ENCHANTMENTS, PARK_SIZE, ROW_SIZE, FlameState, PlayerState, goal_met

#: the starter dragons (one per starter shop) are in the box beside the artisan deck's cards (FC-SETUP-3)
STARTERS = 6


def check_state(state: FlameState) -> list[Finding]:
    """Every FC-STATE problem of ``state``, in rule order; empty for a state legal plays can reach."""
    found: list[Finding] = []
    for check in CHECKS:
        found.extend(error(rule, message) for rule, message in check(state))
    return found


Found = Iterable[tuple[str, str]]


def _twice(places: list[tuple[str, str]]) -> dict[str, list[str]]:
    """Card → the places it is in, for every card in more than one place (or twice in one)."""
    where: dict[str, list[str]] = {}
    for card, place in places:
        where.setdefault(card, []).append(place)
    return {card: spots for card, spots in where.items() if len(spots) > 1}


def _both(spots: list[str]) -> str:
    counted = Counter(spots)
    return " and ".join(place if n == 1 else f"{place} {n} times" for place, n in counted.items())


def artisan_places(state: FlameState) -> list[tuple[str, str]]:
    """(dragon, where) for every artisan dragon in play: hands, the park, the town's slots, the discard pile."""
    places = [(card, f"{p.name}'s hand") for p in state.players.values() for card in p.hand]
    places += [(card, "the park") for card in state.park]
    places += [(card, f"{shop.id} slot {i + 1}") for shop in state.shops.values()
               for i, card in enumerate(shop.slots) if card]
    places += [(card, "the discard pile") for card in state.discarded]
    return places


def enchantment_places(state: FlameState) -> list[tuple[str, str]]:
    """(enchantment, where): the row, a reserve, behind a shop."""
    places = [(card, "the row") for card in state.row]
    places += [(p.reserved, f"{p.name}'s reserve") for p in state.players.values() if p.reserved]
    places += [(card, f"behind {shop.id}") for shop in state.shops.values() for card in shop.enchantments]
    return places


def one_place(state: FlameState) -> Found:
    """FC-STATE-1: an artisan dragon is in one place at a time (field report FC-F2: two hands at once)."""
    for card, spots in _twice(artisan_places(state)).items():
        yield "FC-STATE-1", f"artisan dragon {card} is in {_both(spots)} at once; a card is in one place"


def one_place_ench(state: FlameState) -> Found:
    """FC-STATE-2: an enchantment is in the row, one reserve or behind one shop, never two of these."""
    for card, spots in _twice(enchantment_places(state)).items():
        yield "FC-STATE-2", f"enchantment {card} is in {_both(spots)} at once; a card is in one place"


def one_owner(state: FlameState) -> Found:
    """FC-STATE-3: a fancy dragon is held by one player, once; a companion is dealt to one player."""
    fancies = [(card, f"{p.name}'s fancy dragons") for p in state.players.values() for card in p.fancies]
    for card, spots in _twice(fancies).items():
        yield "FC-STATE-3", f"fancy dragon {card} is in {_both(spots)}; each card is held once"
    companions = [(p.companion, p.name) for p in state.players.values() if p.companion]
    for card, spots in _twice(companions).items():
        yield "FC-STATE-3", f"companion {card} is dealt to {' and '.join(spots)}; each is dealt once"


def counts(state: FlameState) -> Found:
    """FC-STATE-4: reputation starts at 0 and is only gained; coins, goods and the artisan, enchantment and shop
    decks are never below 0."""
    for p in state.players.values():
        if p.rep < 0:
            yield "FC-STATE-4", f"{p.name}'s reputation is {p.rep}; the track starts at 0 and only moves up"
        if p.coins < 0:
            yield "FC-STATE-4", f"{p.name} holds {p.coins} coins; a count cannot be below 0"
        for good, n in p.goods.items():
            if n < 0:
                yield "FC-STATE-4", f"{p.name} holds {n} {good}; a count cannot be below 0"
    # the fancy deck is left out: counted only on request, and the setup's draws do not stop at its end
    for deck, n in (("artisan", state.artisan_deck), ("enchantment", state.ench_deck), ("shop", state.shop_deck)):
        if n < 0:
            yield "FC-STATE-4", f"the {deck} deck holds {n} cards; a count cannot be below 0"


def last_to_play(state: FlameState) -> str | None:
    """The player who ended the last turn, when the state says: before the next turn's first play, or at the
    end of the game from who triggered it (``final_round``: the trigger's own final turn last, or the player
    before). None when nothing tells (no turn ended yet; a tally that does not say who triggered the end)."""
    order = state.order
    if not order:
        return None
    if state.finished:
        trigger = state.end_trigger or {}
        if not trigger:
            return None
        player = trigger.get("player")
        if player is None:  # a deck ran out at setup: everyone took 1 turn, in seat order
            return order[-1]
        if player not in order:
            return None
        if state.settings.get("final_round") == "finish_round":
            return order[order.index(player) - 1]
        return str(player)
    turn = state.turn
    if turn is None or turn.phase != "start" or state.turn_count <= 0 or turn.player not in order:
        return None
    return order[order.index(turn.player) - 1]


def _everyone_over(state: FlameState, rule: str, dragons: bool) -> Found:
    """At the end of a game that does not say who played last, whoever it was is within the limits: everyone
    over the limit of artisan dragons (``dragons``) or of some good is impossible."""
    if not state.finished or last_to_play(state) is not None or len(state.order) < 2:
        return
    over: dict[str, str] = {}
    for name in state.order:
        p = state.players.get(name)
        if p is None:
            return
        if dragons:
            items = [f"{len(p.hand)} artisan dragons"] if len(p.hand) > HAND_LIMIT else []
        else:
            items = [f"{n} {good}" for good, n in p.goods.items() if n > GOODS_LIMIT]
        if not items:
            return
        over[name] = ", ".join(items)
    names = list(over)
    held = "; ".join(f"{name} {items}" for name, items in over.items())
    limit = f"{HAND_LIMIT} artisan dragons" if dragons else f"{GOODS_LIMIT} of each good"
    yield rule, (f"{', '.join(names[:-1])} and {names[-1]} all hold more than {limit} at the end ({held}); "
                 "whoever played last discarded down to the limit")


def hand_limit(state: FlameState) -> Found:
    """FC-STATE-5: the player who ended the last turn holds at most 6 artisan dragons (they discarded down)."""
    who = state.players.get(last_to_play(state) or "")
    if who is not None and len(who.hand) > HAND_LIMIT:
        when = "at the end" if state.finished else "after ending the last turn"
        yield "FC-STATE-5", (f"{who.name} holds {len(who.hand)} artisan dragons {when}; the limit is {HAND_LIMIT}, "
                             "discarded down at the end of each turn")
    yield from _everyone_over(state, "FC-STATE-5", True)


def goods_limit(state: FlameState) -> Found:
    """FC-STATE-6: the player who ended the last turn holds at most 7 goods of each type."""
    yield from _everyone_over(state, "FC-STATE-6", False)
    who = state.players.get(last_to_play(state) or "")
    if who is None:
        return
    when = "at the end" if state.finished else "after ending the last turn"
    for good, n in who.goods.items():
        if n > GOODS_LIMIT:
            yield "FC-STATE-6", (f"{who.name} holds {n} {good} {when}; the limit is {GOODS_LIMIT} of each good, "
                                 "discarded down at the end of each turn")




def _holds(state: FlameState, who: PlayerState, kind: str) -> str:
    if kind in ("distinct", "hold"):
        held = [f"{n} {g}" for g, n in who.goods.items() if n > 0]
        return f"{who.name} holds {', '.join(held) or 'no goods'}"
    if kind == "coins":
        return f"{who.name} holds {who.coins} coins"
    return f"{who.name} has {kind} {who.placed if kind == 'placed' else who.enchanted}"


def moon_goals(state: FlameState) -> Found:
    """FC-STATE-7: a Moon dragon declared fulfilled has its goal met by the table (field report TALLY-6).

    The goals read the goods and coins the state holds; ``placed`` and ``enchanted`` are counted by the plays,
    so they are judged only in a game whose setup was recorded (a tally does not type them)."""
    if not state.moon:
        return
    for p in state.players.values():
        for card in p.fancies:
            if not state.moon.get(card):
                continue
            check = (state.face("fancy", card) or {}).get("check") or {}
            if check.get("kind") in ("placed", "enchanted") and not state.setup_done:
                continue
            if goal_met(state, p, card) is False:
                goal = (state.face("fancy", card) or {}).get("goal")
                yield "FC-STATE-7", (f"{p.name}'s moon dragon {card} is declared fulfilled, but its goal ({goal}) "
                                     f"is not met: {_holds(state, p, check['kind'])}")


def moon_judged(state: FlameState) -> Found:
    """FC-STATE-8: once the Moon dragons are judged, each one held is judged, and only fancy dragons held by a
    player are: a Moon dragon left out would score 0 unsaid (field report TALLY-7); a Sun dragon is never judged
    at the end (FC-SCORE-4)."""
    if state.moon is None:
        return
    owner = {card: p.name for p in state.players.values() for card in p.fancies}
    for card in state.moon:
        face = state.face("fancy", card)
        if card not in owner:
            from difflib import get_close_matches  # only to suggest

            unjudged = [held for held in owner if held not in state.moon]  # a typo is for a card not answered
            close = get_close_matches(card, unjudged, n=1) or get_close_matches(card, list(owner), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            yield "FC-STATE-8", f"the moon answer judges {card}, which no player holds{hint}"
        elif face is not None and face["kind"] == "sun":
            yield "FC-STATE-8", (f"{owner[card]}'s {card} is a sun dragon: it scored during play or lapsed, it is "
                                 "never judged at the end")
    for p in state.players.values():
        left = [card for card in p.fancies if card not in state.moon
                and (state.face("fancy", card) or {"kind": "moon"})["kind"] == "moon"]
        if left:
            yield "FC-STATE-8", (f"{p.name}'s moon dragon(s) {', '.join(left)} are not judged; say whether each "
                                 "was fulfilled (a moon dragon left out would score 0 unsaid)")


def sun_scored(state: FlameState) -> Found:
    """FC-STATE-9: a sun dragon scored is one of the player's own fancy dragons, and a sun one."""
    for p in state.players.values():
        for card in dict.fromkeys(p.sun_scored):
            face = state.face("fancy", card)
            if card not in p.fancies:
                yield "FC-STATE-9", f"{p.name}'s sun dragon {card} is scored but {p.name} does not hold it"
            elif face is not None and face["kind"] != "sun":
                yield "FC-STATE-9", f"{p.name}'s {card} is a moon dragon: it scores only at the end, never during play"
            elif p.sun_scored.count(card) > 1:
                yield "FC-STATE-9", f"{p.name}'s sun dragon {card} is scored {p.sun_scored.count(card)} times; once"


def whose_turn(state: FlameState) -> Found:
    """FC-STATE-10: one turn at a time in seat order from the start player: the turn's number follows the turns
    played and its player is the seat that number comes to; the final turns are the players still owed one; no
    turn once the game is over, and one whenever a started game is not."""
    turn, order = state.turn, state.order
    if turn is not None and (state.finished or not state.started):
        yield "FC-STATE-10", (f"it is {turn.player}'s turn, but " + ("the game is over" if state.finished
                                                                    else "the setup is not finished"))
        return
    if turn is None:
        if state.started and not state.finished:
            yield "FC-STATE-10", "the game has started and is not over, but it is nobody's turn"
        return
    if turn.player not in order:
        yield "FC-STATE-10", f"it is {turn.player}'s turn, who is not a player ({', '.join(order)})"
        return
    if turn.number != state.turn_count + 1:
        yield "FC-STATE-10", (f"{turn.player}'s turn is numbered {turn.number}, but {state.turn_count} turns have been "
                              f"played: it is turn {state.turn_count + 1}")
    seat = order[state.turn_count % len(order)]
    if turn.player != seat:
        yield "FC-STATE-10", (f"it is {turn.player}'s turn, but turn {state.turn_count + 1} comes to {seat} in seat "
                              f"order ({', '.join(order)})")
    owed = state.final_queue is not None and turn.player in state.final_queue
    if turn.final != owed:
        yield "FC-STATE-10", (f"{turn.player}'s turn is " + ("" if turn.final else "not ") + "marked final, but "
                              f"{turn.player} is " + ("" if owed else "not ") + "owed a final turn")


def end_trigger(state: FlameState) -> Found:
    """FC-STATE-11: the end is triggered exactly when the artisan or the enchantment deck has run out; final turns
    are owed only once it is, to players of the game, each once."""
    trigger = state.end_trigger
    if trigger:
        deck = trigger.get("deck")
        count = {"artisan": state.artisan_deck, "ench": state.ench_deck}.get(str(deck))
        if deck is not None and count is None:
            yield "FC-STATE-11", f"the end is triggered by the {deck!r} deck; only the artisan or enchantment deck ends it"
        elif count:
            name = "artisan" if deck == "artisan" else "enchantment"
            yield "FC-STATE-11", f"the end is triggered by the {name} deck running out, but it still holds {count} cards"
    elif state.setup_done:
        for name, count in (("artisan", state.artisan_deck), ("enchantment", state.ench_deck)):
            if count == 0:
                yield "FC-STATE-11", f"the {name} deck is empty, but the game end is not triggered"
    queue = state.final_queue
    if queue is not None:
        if not trigger:
            yield "FC-STATE-11", f"final turns are owed ({', '.join(queue) or 'none'}), but the end is not triggered"
        strangers = [name for name in queue if name not in state.order]
        if strangers:
            yield "FC-STATE-11", f"a final turn is owed to {', '.join(strangers)}, not a player of this game"
        doubled = sorted({name for name in queue if queue.count(name) > 1})
        if doubled:
            yield "FC-STATE-11", f"{', '.join(doubled)} is owed more than 1 final turn; each player takes 1"
    if state.finished and queue:
        yield "FC-STATE-11", f"the game is over, but {', '.join(queue)} still has a final turn to play"


def town(state: FlameState) -> Found:
    """FC-STATE-12: the town holds no more shops than its spaces; a shop has at most 3 enchantments, none when it
    cannot be enchanted, and its face's slots; a face-down shop holds nothing yet."""
    if len(state.shops) > state.town_spaces:
        yield "FC-STATE-12", f"the town holds {len(state.shops)} shops in {state.town_spaces} spaces"
    for shop in state.shops.values():
        if len(shop.enchantments) > MAX_ENCHANTMENTS:
            yield "FC-STATE-12", (f"{shop.id} has {len(shop.enchantments)} enchantments; a shop cannot have more "
                                  f"than {MAX_ENCHANTMENTS}")
        if not shop.face_up:
            if shop.enchantments or any(shop.slots):
                yield "FC-STATE-12", f"{shop.id} is face down, yet holds dragons or enchantments"
            continue
        face = state.face("shop", shop.id)
        if face is None:
            continue
        if shop.enchantments and not face.get("enchantable", True):
            yield "FC-STATE-12", f"{shop.id} cannot be enchanted, yet {', '.join(shop.enchantments)} is behind it"
        if len(shop.slots) != len(face["slots"]):
            yield "FC-STATE-12", f"{shop.id} has {len(face['slots'])} dragon slots, not {len(shop.slots)}"


def supplies(state: FlameState) -> Found:
    """FC-STATE-13: the park shows at most 5 artisan dragons and the row at most 5 enchantments."""
    for name, cards, size in (("park", state.park, PARK_SIZE), ("enchantment row", state.row, ROW_SIZE)):
        if len(cards) > size:
            yield "FC-STATE-13", f"the {name} shows {len(cards)} cards ({', '.join(cards)}); it holds {size} face up"


def belongings(state: FlameState) -> Found:
    """FC-STATE-14: a player's token stands on a shop in town; a companion only in a game with companions; a
    reserved enchantment belongs to the deck in use."""
    companions = bool(state.settings.get("companions"))
    deck = state.settings.get("ench_deck")
    for p in state.players.values():
        if p.token and p.token not in state.shops:
            yield "FC-STATE-14", f"{p.name}'s token stands on {p.token}, which is not a shop in town"
        if p.companion and not companions:
            yield "FC-STATE-14", f"{p.name} has companion {p.companion}, but this game is played without companions"
        face = state.face("ench", p.reserved) if p.reserved else None
        if face and face.get("deck") and deck and face["deck"] != deck:
            yield "FC-STATE-14", (f"{p.name}'s reserved {p.reserved} belongs to the {face['deck']} deck; this game "
                                  f"uses the {deck} deck")


def box(state: FlameState) -> Found:
    """FC-STATE-15: no more cards in sight than the box holds (the settings' counts, "count your copy"): the
    artisan dragons in hands, the park, the town, the discards and those set aside at setup (the starter dragons
    beside the deck's); the enchantments in the row, the reserves and behind the shops. The decks' counts are
    left out: a mid-game start (``adjust``) types the hands without counting the deck down."""
    size = state.settings.get
    artisans = len({card for card, _ in artisan_places(state)}) + sum(max(n, 0) for n in state.removed.values())
    most = int(size("artisan_deck_size") or 0) + STARTERS
    if artisans > most:
        yield "FC-STATE-15", (f"{artisans} artisan dragons are in hands, the park, the town, the discards and set "
                              f"aside; the box holds {most} (artisan_deck_size and the {STARTERS} starters)")
    enchantments = len({card for card, _ in enchantment_places(state)})
    most = int(size("ench_deck_size") or 0)
    if enchantments > most:
        yield "FC-STATE-15", (f"{enchantments} {size('ench_deck')} enchantments are in the row, the reserves and "
                              f"the shops; the deck holds {most} (ench_deck_size)")


CHECKS: tuple[Callable[[FlameState], Found], ...] = (
    one_place, one_place_ench, one_owner, counts, hand_limit, goods_limit, moon_goals, moon_judged, sun_scored,
    whose_turn, end_trigger, town, supplies, belongings, box,
)
