"""``Game.expect`` for Flamecraft: who acts now, and each play legal now with the legal values of its words.

A *word* is a key of a play's draft as the table gives it (``events``: each type's ``words``, the words the
``fc`` commands pass), and each ``Choice`` lists, per word, the values legal now as strings, so that a door
offering plays by choices (the phone) makes every play by picking among them: the catalog's cards not yet seen
for a deal, a draw, a refill or a flip; the goods for a gain, a payment (per player at the shop), a gift; the
shops open to a visit. A play whose values depend on another word is one choice per such word: a placement per
dragon and slot (a pair that cannot work is never offered, field report WEB-5), a fire-up per dragon (its
ability says which words it takes), an enchantment per card. A word the catalog cannot list (a card of no known
face, a declared effect) is typed: its list is then empty, or a few common values are suggested.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from scorekeeper.core.protocol import Choice, Expectation

from .notation import COIN, WILD
from .rules_enchant import castable, default_payment
from .rules_gather import yield_of
from .rules_turn import legal_shops
from .scoring import moon_cards
from .state import GOODS_LIMIT, HAND_LIMIT, PARK_SIZE, ROW_SIZE, FlameState, PlayerState
from .view import expected, fitting_slots, refills

#: the most sets offered for a card paid in sets that names no maximum
MOST_SETS = 5


def expect(state: FlameState) -> Expectation:
    """Who acts now and the plays legal now, with the values each word accepts (the words of ``expected``)."""
    text = expected(state)
    turn = state.turn
    if state.finished:  # a tally too: no setup to record once the game is over
        return _final(state, text)
    if not state.setup_done:  # the catalog's cards (field report FC-F3)
        return Expectation(text, None, [_setup(state)])
    undealt = [n for n in state.order if not state.players[n].dealt]
    if undealt:  # the catalog's dragons and fancy dragons not yet dealt (field report WEB-9)
        return Expectation(text, None, [_deal(state, undealt)])
    if turn is None:
        return _final(state, text)
    who = turn.player
    player = state.players[who]
    choices: list[Choice] = []
    if turn.phase == "start":  # one choice per shop, with what may be paid to each player there (FC-F3)
        choices.extend(_visits(state, player))
    elif turn.phase == "visited":
        choices.append(_gather(state, who, turn.shop or ""))
        choices.extend(_enchants(state, player, turn.shop or ""))
    else:
        choices.extend(_places(state, who, turn.shop or "") if turn.phase == "gather" and turn.gather_step < 2 else [])
        shop = state.shops.get(turn.shop or "")
        here = [d for d in (shop.slots if shop else []) if d]
        if turn.phase == "gather":
            ready = [turn.followup] if turn.followup and turn.gather_step < 4 else here if turn.gather_step < 3 else []
        else:
            ready = [d for d in here if d not in turn.fired]
        choices.extend(_fire(state, player, dragon) for dragon in ready)
        if turn.phase == "gather" and turn.gather_step < 4 and (state.face("shop", turn.shop or "") or {}).get("ability"):
            choices.append(Choice("SHOP_ABILITY", who, _effect(state, player), "scorekeeper fc ability …"))
        choices.extend(_granted(state, player))
        choices.append(_end(state, player))
    suns = [c for c in player.fancies if c not in player.sun_scored and (state.face("fancy", c) or {}).get("kind") == "sun"]
    for card in suns:
        reward = (state.face("fancy", card) or {}).get("reward") or {}
        choices.append(Choice("FANCY_SCORE", who, {"card": [card], "pay": held(player), **_draws(state, [reward])},
                              "scorekeeper fc sun CARD"))
    if state.settings.get("companions") and player.companion and not player.companion_used:
        choices.append(Choice("COMPANION_USE", who, _effect(state, player), "scorekeeper fc companion …"))
    return Expectation(text, who, choices)


def _final(state: FlameState, text: str) -> Expectation:
    """The game over: the moon dragons to judge, each fulfilled (``moon``) or not (``missed``) (FC-SCORE-3)."""
    moons = [card for name in state.order for card in moon_cards(state, name)]
    final = [Choice("FINAL_SCORING", None, {"moon": moons, "missed": moons}, "scorekeeper fc final --moon CARD --missed CARD")]
    return Expectation(text, None, final if state.moon is None and moons else [], finished=True)


# -- the cards not yet seen -------------------------------------------------------------------------------


def unseen_dragons(state: FlameState) -> list[str]:
    """The catalog's artisan dragons that are nowhere yet (not a starter, not in the park, a hand, town or the
    discard): those a deal, a draw from the deck or a park refill may reveal."""
    starters = set(state.catalog_starters.get("dragons", []))
    seen = {*state.park, *state.discarded, *(d for p in state.players.values() for d in p.hand),
            *(d for shop in state.shops.values() for d in shop.slots if d)}
    return [d for d in state.faces.get("dragon", {}) if d not in starters and d not in seen]


def unseen_fancies(state: FlameState) -> list[str]:
    """The catalog's fancy dragons nobody holds."""
    held = {c for p in state.players.values() for c in p.fancies}
    return [c for c in state.faces.get("fancy", {}) if c not in held]


def unseen_enchantments(state: FlameState) -> list[str]:
    """The catalog's enchantments of the deck this game uses (FC-SETUP-8) that are not in the row, a reserve or
    a shop."""
    deck = state.settings.get("ench_deck")
    seen = {*state.row, *(p.reserved for p in state.players.values() if p.reserved),
            *(c for shop in state.shops.values() for c in shop.enchantments)}
    return [c for c, face in state.faces.get("ench", {}).items()
            if c not in seen and face.get("deck") in (None, deck)]


def unseen_shops(state: FlameState) -> list[str]:
    """The catalog's shops not in town and not starters: those a face-down shop may turn out to be."""
    starters = set(state.catalog_starters.get("shops", []))
    return [s for s in state.faces.get("shop", {}) if s not in state.shops and s not in starters]


# -- values every kind of play shares ---------------------------------------------------------------------


def held(player: PlayerState) -> list[str]:
    """The goods (and coin) a player holds, one word each: what a payment or a gift may take."""
    return [g for g, n in player.goods.items() if n > 0] + ([COIN] if player.coins > 0 else [])


def draw_values(state: FlameState) -> list[str]:
    """Where an artisan dragon gained may come from: ``park:NAME`` for each dragon in the park, and while the
    deck lasts ``deck`` (a provisional name) or ``deck:NAME`` for each catalog dragon not yet seen."""
    deck = ["deck", *(f"deck:{d}" for d in unseen_dragons(state))] if state.artisan_deck > 0 else []
    return [*(f"park:{d}" for d in state.park), *deck]


def _draws(state: FlameState, rewards: Iterable[Mapping[str, Any]]) -> dict[str, list[str]]:
    """The ``draws`` and ``fancies`` words for a play whose rewards may give an artisan or a fancy dragon."""
    rewards = list(rewards)
    out = {}
    if any(r.get("artisan") for r in rewards):
        out["draws"] = draw_values(state)
    if any(r.get("fancy") for r in rewards):
        out["fancies"] = unseen_fancies(state)
    return out


def gain_menu(state: FlameState) -> list[str]:
    """A few common declared effects (a companion, a shop ability, a dragon outside the six abilities): the
    word is typed when the effect is none of them."""
    return [*(f"{n}rep" for n in range(1, 6)), *(f"{n}coin" for n in range(1, 4)),
            *(f"{n}{g}" for n in (1, 2) for g in state.goods)]


def gift_values(state: FlameState, player: PlayerState) -> list[str]:
    """``PLAYER:ITEM`` for each other player (in seat order after the giver, FC-GIFT-3) and item held."""
    seat = state.order.index(player.name)
    others = [*state.order[seat + 1:], *state.order[:seat]]
    return [f"{other}:{item}" for other in others for item in held(player)]


# -- one function per kind of play ---------------------------------------------------------------------------


def _setup(state: FlameState) -> Choice:
    """The setup: the catalog's starter town and dragons, its artisan dragons and enchantments, the shop deck."""
    starters = state.catalog_starters.get("dragons", [])
    values = {"town": list(state.faces.get("shop", {})), "starters": list(state.faces.get("dragon", {})),
              "park": [d for d in state.faces.get("dragon", {}) if d not in starters],
              "row": unseen_enchantments(state), "shop_deck": [*state.goods, "other"], "custom": ["yes"]}
    return Choice("SETUP", None, values, "scorekeeper fc setup --park NAMES --row NAMES")


def _deal(state: FlameState, undealt: list[str]) -> Choice:
    """A player's deal: 3 dragons and the fancy dragons from the catalog's unseen ones, the starting good of the
    4th and 5th seats (FC-SETUP-14), a companion not yet dealt (FC-SETUP-16)."""
    name = undealt[0]
    fancies = unseen_fancies(state)
    values: dict[str, list[str]] = {"player": undealt, "hand": unseen_dragons(state), "keep": fancies, "drew": fancies}
    if len(state.order) >= 4 and state.players[name].seat in (4, 5):
        values["good"] = list(state.goods)
    if state.settings.get("companions"):
        dealt = [p.companion for p in state.players.values()]
        values["companion"] = [c for c in state.faces.get("comp", {}) if c not in dealt]
    return Choice("SETUP_PLAYER", name, values, f"scorekeeper fc deal {name} --hand D1,D2,D3 --keep FANCY")


def _visits(state: FlameState, visitor: PlayerState) -> list[Choice]:
    """One choice per shop open to a visit, with the payment to each player there: an item for all of them, or
    ``PLAYER=ITEM`` per payee (FC-TURN-7)."""
    items = held(visitor)
    out = []
    for shop_id in legal_shops(state, visitor):
        there = [p.name for p in state.players.values() if p.token == shop_id and p.name != visitor.name]
        pay = [*items, *(f"{name}={item}" for name in there for item in items)] if there else []
        out.append(Choice("VISIT", visitor.name, {"shop": [shop_id], "pay": pay}, "scorekeeper fc visit SHOP"))
    return out


def _gather(state: FlameState, who: str, shop: str) -> Choice:
    """The gather: each good of the yield, one word per good taken (a wild symbol: any good), and where each
    dragon gathered comes from (FC-GATHER-2, FC-GATHER-5, FC-GATHER-6)."""
    computed = yield_of(state, shop)
    fixed, wild, dragons = computed if computed is not None else ({}, 1, 0)
    goods = [*fixed, *(state.goods if wild else ())]
    values = {"gain": list(dict.fromkeys(goods)), **({"draws": draw_values(state)} if dragons else {})}
    return Choice("GATHER", who, values, "scorekeeper fc gather")


def _enchants(state: FlameState, player: PlayerState, shop: str) -> list[Choice]:
    """One choice per enchantment castable now (field report FC-V5), with the sets it may be paid in, the items
    the player may pay with, and the draws its reward needs."""
    out = []
    for card in castable(state, player.name, shop) or []:
        face = state.face("ench", card) or {}
        values: dict[str, list[str]] = {"card": [card], "pay": held(player)}
        if "cost" not in face:  # paid in sets (FC-ENCH-10): the numbers of sets the player can pay
            top = int(face.get("max_sets") or MOST_SETS)
            values["sets"] = [str(k) for k in range(1, top + 1)
                              if default_payment(state, player.name, {"card": card, "sets": k}) is not None]
        rewards = [face.get("reward") or {}, face.get("reward_per_set") or {}, *(face.get("reward_by_sets") or {}).values()]
        values.update(_draws(state, [r for r in rewards if isinstance(r, Mapping)]))
        cost = ", ".join(f"{n} {good}" for good, n in (face.get("cost") or {}).items()) or "paid in sets"
        out.append(Choice("ENCHANT", player.name, values, "scorekeeper fc enchant CARD",
                          {card: f"{cost} → {reward_words(face.get('reward') or {})}"}))  # its face (EH-F8)
    return out


def _places(state: FlameState, who: str, shop_id: str) -> list[Choice]:
    """One choice per dragon of the hand and slot of the shop it fits (field reports FC-F3, WEB-5), with the
    draws the slot's reward needs."""
    face = state.face("shop", shop_id) or {"slots": []}
    out = []
    for card, slots in fitting_slots(state, who, shop_id).items():
        for slot in slots:
            reward = face["slots"][int(slot) - 1]["reward"] if int(slot) <= len(face["slots"]) else {}
            values = {"dragon": [card], "slot": [slot], **_draws(state, [reward])}
            dragon = state.face("dragon", card) or {}  # Tab shows each dragon and what each slot gives (EH-F8)
            words = {slot: reward_words(reward),
                     card: " ".join(str(dragon[k]) for k in ("icon", "ability") if dragon.get(k))}
            out.append(Choice("PLACE", who, values, "scorekeeper fc place DRAGON [SLOT]", words))
    return out


def reward_words(reward: Mapping[str, Any]) -> str:
    """A slot's reward in words: ``1 artisan``, ``2 rep``, ``1 coin``, ``1 bread``."""
    parts = [f"{reward[k]} {k.rstrip('s')}" for k in ("rep", "coins", "fancy", "artisan") if reward.get(k)]
    parts += [f"{n} {good}" for good, n in (reward.get("goods") or {}).items() if n]
    parts += [f"effect {reward['effect']}"] if reward.get("effect") else []
    return ", ".join(parts) or "nothing"


def _fire(state: FlameState, player: PlayerState, dragon: str) -> Choice:
    """A fire-up of ``dragon``, with the words its ability takes (FC-ART-*): the goods of a GAIN2 or GAIN3, the
    placements of a PLACE (``DRAGON@SHOP:SLOT``), the dragons in town to SWAP with, the gifts (``PLAYER:ITEM``),
    where a DRAW's dragon comes from; an ability of no known face, its declared effect."""
    ability = (state.face("dragon", dragon) or {}).get("ability")
    values: dict[str, list[str]] = {"dragon": [dragon]}
    if ability == "GAIN2":
        values["good"] = _gain2_goods(state, dragon)
    elif ability == "GAIN3":
        values["goods"] = list(state.goods)
    elif ability == "DRAW":
        values["draws"] = draw_values(state)
    elif ability == "PLACE":
        places, rewards = _open_places(state, player)
        values["place"] = places
        values.update(_draws(state, rewards))
    elif ability == "SWAP":
        here = state.dragon_location(dragon)
        same_ok = state.settings.get("swap_same_shop_ok")
        values["swap"] = [d for shop in state.shops.values() if shop.face_up and (same_ok or not here or shop.id != here[0])
                          for d in shop.slots if d and d != dragon]
    elif ability == "GIFT":
        values["gift"] = gift_values(state, player)
    else:
        values.update({"gain": gain_menu(state), "draws": draw_values(state), "fancies": unseen_fancies(state)})
    face = state.face("dragon", dragon) or {}
    return Choice("FIRE_UP", player.name, values, "scorekeeper fc fire DRAGON …",
                  {dragon: " ".join(str(face[k]) for k in ("icon", "ability") if face.get(k))})  # its face (EH-F8)


def _gain2_goods(state: FlameState, dragon: str) -> list[str]:
    """The goods a GAIN2 may take twice: shown at the shop (its symbols, its enchantments, the dragons at it),
    any good at a wild shop (FC-ART-GAIN2-2, FC-ART-GAIN2-3)."""
    where = state.dragon_location(dragon)
    shop = state.shops.get(state.turn.shop if state.turn and state.turn.shop else (where[0] if where else ""))
    if shop is None:
        return list(state.goods)
    symbols = (state.face("shop", shop.id) or {}).get("symbols", [])
    if WILD in symbols:
        return list(state.goods)
    shown = set(symbols)
    if state.settings.get("gain2_include_enchantments"):
        shown.update((state.face("ench", c) or {}).get("adds") for c in shop.enchantments)
    shown.update((state.face("dragon", d) or {}).get("icon") for d in shop.slots if d)
    return [g for g in state.goods if g in shown]


def _open_places(state: FlameState, player: PlayerState) -> tuple[list[str], list[Mapping[str, Any]]]:
    """Every ``DRAGON@SHOP:SLOT`` the hand could fill (empty, matching slots of face-up shops, FC-ART-PLACE-1),
    and the rewards of those slots."""
    places, rewards = [], []
    for card in player.hand:
        icon = (state.face("dragon", card) or {}).get("icon")
        for shop in state.shops.values():
            face = state.face("shop", shop.id) if shop.face_up else None
            for index, (occupant, slot) in enumerate(zip(shop.slots, face["slots"] if face else [])):
                if occupant is None and (icon is None or icon in slot["icons"]):
                    places.append(f"{card}@{shop.id}:{index + 1}")
                    rewards.append(slot["reward"])
    return places, rewards


def _effect(state: FlameState, player: PlayerState) -> dict[str, list[str]]:
    """The words of a declared effect (a shop ability, a companion): the card reserved (from the row, or the
    deck), a gain, a gift, the draws."""
    return {"reserve": list(state.row), "source": ["row", "deck"], "gain": gain_menu(state),
            "gift": gift_values(state, player), "draws": draw_values(state), "fancies": unseen_fancies(state)}


def _granted(state: FlameState, player: PlayerState) -> list[Choice]:
    """The plays an effect grants, the effect named (``by``, typed): a reservation while the reserve is empty
    (FC-RES-2), from the row or the deck while it lasts (FC-RES-3); a gift of an item held to another player
    (FC-GIFT-1, FC-GIFT-3)."""
    out = []
    if player.reserved is None:
        out.append(Choice("RESERVE", player.name, {"card": list(state.row), "source": ["row"]},
                          "scorekeeper fc reserve CARD --by EFFECT"))
        if state.ench_deck > 0:
            out.append(Choice("RESERVE", player.name, {"card": unseen_enchantments(state), "source": ["deck"]},
                              "scorekeeper fc reserve CARD --from deck --by EFFECT"))
    items = held(player)
    if items:
        seat = state.order.index(player.name)
        others = [*state.order[seat + 1:], *state.order[:seat]]
        out.append(Choice("GIFT", player.name, {"to": others, "item": items}, "scorekeeper fc gift PLAYER GOOD --by EFFECT"))
    return out


def _end(state: FlameState, player: PlayerState) -> Choice:
    """The end of the turn: the shop each face-down shop turns out to be (FC-END-TURN-2), the discards down to
    the limits (FC-END-TURN-3/4: the goods over them, the dragons of the hand), the cards revealed to refill the
    park and the row (FC-END-TURN-8)."""
    turn = state.turn
    values: dict[str, list[str]] = {}
    if turn is not None and turn.new_shops:
        values["flips"] = unseen_shops(state)
    over = [g for g, n in player.goods.items() if n > GOODS_LIMIT]
    if over or len(player.hand) > HAND_LIMIT:
        values["discard"] = [*over, *(player.hand if len(player.hand) > HAND_LIMIT else [])]
    if PARK_SIZE > len(state.park) and state.artisan_deck > 0:
        values["park"] = unseen_dragons(state)
    if ROW_SIZE > len(state.row) and state.ench_deck > 0:
        values["row"] = unseen_enchantments(state)
    return Choice("END_TURN", player.name, values, "scorekeeper fc end" + refills(state).partition(" (")[0])
