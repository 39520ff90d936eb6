"""``Game.complete`` for Flamecraft: a play as the table typed it → the event to record.

The commands pass their words as they were typed (card and shop names as unique prefixes, ``NAME=FACE``,
goods as ``2bread+coin``, ``--draw park:NAME``, ``--pay PLAYER=GOOD``…). Here, from the state, names are
completed, inline faces are read into the payload's ``faces``, goods and rewards become objects, and the
derived fields are filled in so the log shows them: the gather yield, the default payment of an
enchantment, what a sun dragon's goal spends, the one slot that takes a dragon.

Nothing here refuses a play (the rules do, in ``play``); ``NotationError`` / ``BadInput`` is raised only
for words that name nothing (an unknown player, an ambiguous prefix, a face or goods that do not parse).
A payload already in its recorded form passes through unchanged. The state is only read, never copied.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Mapping, Sequence

from scorekeeper.errors import BadInput, NotationError
from scorekeeper.core.protocol import Draft, is_whole, resolve_player

from .adjust import LIST_KEYS
from .notation import COIN, FaceError, norm_face, norm_goods, norm_id, norm_reward, parse_items, split_ref
from .rules_enchant import default_payment
from .rules_gather import yield_of
from .rules_gift import default_spend
from .state import FlameState, PlayerState

#: the choices and faces every play may carry; completed last, in this order (as they are recorded)
TRAILING = ("draws", "fancies")


def complete(state: FlameState, draft: Draft) -> Draft:
    """The event to record for ``draft`` on ``state`` (see the module docstring)."""
    player = _player(state, draft)
    c = Completion(state, player, dict(draft.payload))
    handler = HANDLERS.get(draft.type)
    if handler is None:
        return Draft(draft.type, player, draft.payload)
    return Draft(draft.type, player, c.run(handler))


def _player(state: FlameState, draft: Draft) -> str | None:
    """The player named by a unique prefix; for a turn's play without one, whoever's turn it is."""
    if draft.player:
        return resolve_player(state.order, draft.player)
    if draft.type in ("SETUP", "SETUP_PLAYER", "FINAL_SCORING", "ADJUST"):
        return None
    return state.turn.player if state.turn is not None and not state.finished else None


def complete_name(word: str, candidates: Iterable[str]) -> str:
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


def whole(value: Any) -> Any:
    """A number given as digits (``"2"``, as a phone's button sends it) → the number; anything else as it is."""
    return int(value.strip()) if isinstance(value, str) and is_whole(value.strip()) else value


def yes(value: Any) -> Any:
    """A flag given as a word (``yes``, ``true``) → True, ``no``/``false`` → False; anything else as it is."""
    words = {"yes": True, "true": True, "no": False, "false": False}
    return words.get(value.strip().lower(), value) if isinstance(value, str) else value


def split_list(values: Any) -> list[str]:
    """Repeated or comma-separated words (or a recorded list) → one list of names."""
    if isinstance(values, str):
        values = [values]
    out: list[str] = []
    for value in values or []:
        if not isinstance(value, str):
            out.append(value)
            continue
        out.extend(part.strip() for part in value.split(",") if part.strip())
    return out


def split_shops(values: Any) -> list[str]:
    """Shop faces contain commas, so ``--town`` is split on commas only when no face is given."""
    if isinstance(values, str):
        values = [values]
    out: list[str] = []
    for value in values or []:
        out.extend([value] if "=" in value else [p.strip() for p in value.split(",") if p.strip()])
    return out


class Completion:
    """One draft being completed: the state (read only), the player, the payload, the faces typed inline."""

    def __init__(self, state: FlameState, player: str | None, payload: dict[str, Any]) -> None:
        self.state = state
        self.player = player
        self.payload = payload
        self.faces: dict[str, dict[str, Any]] = {}
        self.out: dict[str, Any] = {}
        self.consumed: set[str] = set()

    def run(self, handler: Callable[["Completion"], None]) -> dict[str, Any]:
        handler(self)
        payload = self.payload
        for key, value in payload.items():  # a field the completion does not touch is recorded as given
            if key not in self.out and key not in ("faces", *TRAILING) and key not in self.consumed:
                self.out[key] = value
        if "draws" in payload:
            self.out["draws"] = self.draws(payload["draws"])
        if "fancies" in payload:
            self.out["fancies"] = [self.card("fancy", v) if isinstance(v, str) else v for v in payload["fancies"]]
        faces = dict(payload.get("faces") or {})
        for kind, cards in self.faces.items():
            faces[kind] = {**dict(faces.get(kind) or {}), **cards}
        if faces:
            self.out["faces"] = faces
        return self.out

    # -- reading words ------------------------------------------------------------------------------

    @property
    def goods(self) -> tuple[str, ...]:
        return self.state.goods

    @property
    def holdings(self) -> PlayerState:
        """The player's holdings (an empty one for nobody), for completing names from a hand or reserve."""
        return self.state.players.get(self.player or "") or PlayerState("", 0)

    def card(self, kind: str, text: Any, candidates: Iterable[str] = ()) -> Any:
        """``NAME`` or ``NAME=FACE`` → the card's ID (a unique prefix of a known card is completed)."""
        if not isinstance(text, str):
            return text
        name, face = split_ref(text)
        if face is None:
            return complete_name(name, candidates)
        blocked = self.state.settings.get("enchant_blocked_symbols") or ()
        try:
            self.faces.setdefault(kind, {})[name] = norm_face(kind, face, self.goods, blocked)
        except FaceError as exc:
            raise NotationError(f"{name}: {exc}") from None
        return name

    def cards(self, kind: str, values: Any, candidates: Iterable[str] = ()) -> list[Any]:
        return [self.card(kind, v, candidates) for v in split_list(values)]

    def items(self, value: Any, what: str, *, coin: bool = True) -> Any:
        """``2bread+coin`` (or several words) → ``{"bread": 2, "coin": 1}``; an object is kept as recorded."""
        if isinstance(value, (list, tuple)):
            value = "+".join(value)
        return norm_goods(value, self.goods, what=what, allow_coin=coin) if isinstance(value, str) else value

    def reward(self, value: Any) -> Any:
        return norm_reward(value, self.goods, what="effect") if isinstance(value, str) else value

    def gift(self, value: Any) -> Any:
        """``{to, item}`` with the player completed, or one word ``PLAYER:ITEM`` (as a phone picks it)."""
        if isinstance(value, str) and ":" in value:
            to, _, item = value.partition(":")
            value = {"to": to.strip(), "item": item}
        if not isinstance(value, Mapping):
            return value
        gift = dict(value)
        if isinstance(gift.get("to"), str):
            gift["to"] = resolve_player(self.state.order, gift["to"])
        if isinstance(gift.get("item"), str):
            gift["item"] = gift["item"].strip().lower()
        return gift

    def draws(self, values: Sequence[Any]) -> list[Any]:
        """``park:NAME`` / ``deck[:NAME[=FACE]]`` → draw records."""
        result = []
        for value in values:
            if not isinstance(value, str):
                result.append(value)
                continue
            source, _, rest = value.partition(":")
            source = source.strip().lower()
            if source not in ("park", "deck"):
                raise NotationError(f"--draw {value!r}: write park:NAME or deck[:NAME[=FACE]]")
            record: dict[str, Any] = {"from": source}
            if rest:
                record["card"] = self.card("dragon", rest, self.state.park if source == "park" else ())
            result.append(record)
        return result

    def keep(self, *keys: str, how: Callable[[Any], Any] = lambda v: v) -> None:
        """Copy fields of the draft (in its order), each through ``how``."""
        for key in keys:
            if key in self.payload and self.payload[key] is not None:
                self.out[key] = how(self.payload[key])

    # -- what the state says --------------------------------------------------------------------------

    @property
    def shops(self) -> list[str]:
        return list(self.state.shops)

    def only_slot(self, dragon: Any, shop_id: str | None) -> int | None:
        """The one empty slot of the shop that takes the dragon's icon; None when there is not exactly one
        (the rules then say which slots take it, or that none does)."""
        state = self.state
        shop = state.shops.get(shop_id or "")
        face = state.face("shop", shop.id) if shop else None
        dface = self.faces.get("dragon", {}).get(dragon) or state.face("dragon", str(dragon))
        if shop is None or face is None or dface is None:
            return None
        fits = [i + 1 for i, d in enumerate(shop.slots) if d is None and dface["icon"] in face["slots"][i]["icons"]]
        return fits[0] if len(fits) == 1 else None


# -- one completion per event type ------------------------------------------------------------------------


def _setup(c: Completion) -> None:
    p, faces = c.payload, c.state.faces
    if "town" in p:
        c.out["town"] = [c.card("shop", t, faces.get("shop", {})) for t in split_shops(p["town"])]
    if "starters" in p:
        c.out["starters"] = c.cards("dragon", p["starters"], faces.get("dragon", {}))
    c.keep("removed", how=lambda v: c.items(v, "removed dragons", coin=False))
    c.keep("park", how=lambda v: c.cards("dragon", v))
    c.keep("row", how=lambda v: c.cards("ench", v))
    c.keep("shop_deck", how=lambda v: [x.strip().lower() for x in v.split(",") if x.strip()] if isinstance(v, str) else v)
    c.keep("custom", how=yes)
    c.keep("town_spaces", how=whole)
    c.keep("deck_sizes")


def _deal(c: Completion) -> None:
    c.keep("hand", how=lambda v: c.cards("dragon", v))
    c.keep("keep", how=lambda v: [c.card("fancy", card) for card in ([v] if isinstance(v, str) else v)])
    c.keep("drew", how=lambda v: c.cards("fancy", v))
    c.keep("good", how=lambda v: v.strip().lower())
    c.keep("companion", how=lambda v: c.card("comp", v, c.state.faces.get("comp", {})))


def _visit(c: Completion) -> None:
    state = c.state
    shop_id = complete_name(str(c.payload.get("shop", "")), c.shops)
    c.out["shop"] = shop_id
    pay = c.payload.get("pay")
    if not isinstance(pay, list):
        c.keep("pay")
        return
    present = [p.name for p in state.players.values() if p.token == shop_id and p.name != c.player]
    payments: dict[str, str] = {}
    for_all = []
    for word in pay:
        target, sep, item = word.partition("=")
        if sep:
            name = resolve_player(state.order, target)
            if name in payments:  # each player there gets 1 good or coin (rulebook, Visit)
                raise NotationError(f"--pay names {name} twice ({payments[name]}, {item.strip().lower()}): "
                                    f"each player there gets 1 good or coin; type one --pay {name}=ITEM")
            payments[name] = item.strip().lower()
        else:
            for_all.append(target.strip().lower())
            for other in present:
                payments.setdefault(other, target.strip().lower())
    if payments:
        c.out["pay"] = payments
    elif for_all:  # nobody is there: recorded as typed, the rules say that it pays nobody
        c.out["pay"] = for_all[0]
    c.consumed.add("pay")


def _gather(c: Completion) -> None:
    turn = c.state.turn
    if "gain" in c.payload:
        c.keep("gain", how=lambda v: c.items(v, "gain"))
    elif turn is not None and turn.shop:
        computed = yield_of(c.state, turn.shop)  # recorded, so the log shows what the shop yields
        if computed is not None and not computed[1]:
            c.out["gain"] = computed[0]


def _place(c: Completion) -> None:
    card = c.card("dragon", c.payload.get("dragon", ""), c.holdings.hand)
    c.out["dragon"] = card
    turn = c.state.turn
    c.keep("slot", how=whole)
    if "slot" not in c.out:
        slot = c.only_slot(card, turn.shop if turn else None)
        if slot is not None:
            c.out["slot"] = slot
    c.keep("shop", how=lambda v: complete_name(v, c.shops))


def _fire(c: Completion) -> None:
    state, p = c.state, c.payload
    here = state.shops.get(state.turn.shop) if state.turn and state.turn.shop else None
    in_town = [d for shop in ([here] if here else []) + list(state.shops.values()) for d in shop.slots if d]
    c.out["dragon"] = c.card("dragon", p.get("dragon", ""), in_town)
    c.keep("ability")
    c.keep("good", how=lambda v: v.strip().lower())
    c.keep("goods", how=lambda v: [g.strip().lower() for g in split_list(v)])
    place_word = p.get("place")
    if isinstance(place_word, str):  # DRAGON@SHOP:SLOT (or DRAGON@SHOP), one word as a phone picks it
        dragon, sep, at = place_word.partition("@")
        if not sep or not dragon.strip():
            raise NotationError(f"place {place_word!r}: write DRAGON@SHOP:SLOT, e.g. PL-1@MOSSLOFT:3")
        place_word = {"dragon": dragon.strip(), "at": at.strip()}
    if isinstance(place_word, Mapping):
        place = dict(place_word)
        if isinstance(place.get("at"), str):  # SHOP:SLOT, or SHOP when one slot of it takes the dragon
            at = place.pop("at")
            shop, sep, slot = at.rpartition(":") if ":" in at else (at, "", "")
            if not shop or (sep and not is_whole(slot)):
                raise NotationError(f"--at {at!r}: write SHOP:SLOT, e.g. bakery:2 (or SHOP when one slot of it takes the dragon)")
            place.update({"shop": shop, **({"slot": int(slot)} if slot else {})})
        place["dragon"] = c.card("dragon", place.get("dragon", ""), c.holdings.hand)
        place["shop"] = complete_name(str(place.get("shop", "")), c.shops)
        if place.get("slot") is None:
            place.pop("slot", None)
            slot = c.only_slot(place["dragon"], place["shop"])
            if slot is not None:
                place["slot"] = slot
        c.out["place"] = place
    c.keep("swap", how=lambda v: c.card("dragon", v, [d for sh in state.shops.values() for d in sh.slots if d]))
    c.keep("gift", how=c.gift)
    c.keep("gain", how=c.reward)
    c.keep("reward", how=c.reward)


def _effect(c: Completion) -> None:
    source = str(c.payload.get("source") or "row")
    c.keep("reserve", how=lambda v: c.card("ench", v, c.state.row if source == "row" else ()))
    c.keep("source")
    c.keep("gain", how=c.reward)
    c.keep("gift", how=c.gift)


def _enchant(c: Completion) -> None:
    reserved = c.holdings.reserved
    c.out["card"] = c.card("ench", c.payload.get("card", ""), [*c.state.row, *([reserved] if reserved else [])])
    c.keep("source")
    c.keep("sets", how=whole)
    if "pay" in c.payload:
        c.keep("pay", how=lambda v: c.items(v, "payment"))
    elif c.player:
        payload = {**c.out, **({"faces": c.faces} if c.faces else {})}
        computed = default_payment(c.state, c.player, payload)  # recorded, so the log shows it
        if computed is not None:
            c.out["pay"] = computed


def _reserve(c: Completion) -> None:
    source = str(c.payload.get("source") or "row")
    c.out["card"] = c.card("ench", c.payload.get("card", ""), c.state.row if source == "row" else ())
    c.keep("source", "by")


def _gift(c: Completion) -> None:
    c.keep("to", how=lambda v: resolve_player(c.state.order, v))
    c.keep("item", how=lambda v: v.strip().lower())
    c.keep("by")
    c.keep("reward", how=c.reward)


def _sun(c: Completion) -> None:
    c.out["card"] = c.card("fancy", c.payload.get("card", ""), c.holdings.fancies)
    c.keep("fulfilled")
    if "pay" in c.payload:
        c.keep("pay", how=lambda v: c.items(v, "goods spent"))
    elif c.player and not c.faces:
        spent = default_spend(c.state, c.player, c.out["card"])  # recorded, so the log shows what was spent
        if spent is not None:
            c.out["pay"] = spent


def _end(c: Completion) -> None:
    p = c.payload
    c.keep("flips", how=lambda v: [c.card("shop", f, c.state.faces.get("shop", {})) for f in v])
    if isinstance(p.get("discard"), list):
        c.out["discard"] = _discard(c, split_list(p["discard"]))
    else:
        c.keep("discard")
    c.keep("park", how=lambda v: c.cards("dragon", v))
    c.keep("row", how=lambda v: c.cards("ench", v))


def _discard(c: Completion, words: list[str]) -> dict[str, Any]:
    """``--discard`` words → ``{goods, dragons}``; a coin, a fancy dragon or the reserved card is recorded as
    such (``coins``, ``fancy``, ``reserved``), for the rules to refuse under their own rule, not as a dragon."""
    goods: dict[str, int] = {}
    out: dict[str, Any] = {}
    who = c.holdings
    for word in words:
        try:
            parsed = parse_items(word)
        except FaceError:
            parsed = {}
        if parsed and all(good in c.goods or good == COIN for good in parsed):
            for good, n in parsed.items():
                if good == COIN:
                    out["coins"] = out.get("coins", 0) + n
                else:
                    goods[good] = goods.get(good, 0) + n
            continue
        name = complete_name(word, [*who.hand, *who.fancies, *([who.reserved] if who.reserved else [])])
        if name in who.fancies:
            out.setdefault("fancy", []).append(name)
        elif name == who.reserved:
            out["reserved"] = name
        else:
            out.setdefault("dragons", []).append(name)
    return {**({"goods": goods} if goods else {}), **out}


def _final(c: Completion) -> None:
    """``moon`` as recorded ({CARD: fulfilled}), or the words ``--moon CARD`` (fulfilled) and ``--missed CARD``."""
    moon = c.payload.get("moon")
    if not isinstance(moon, Mapping):
        moon = {**{card: True for card in split_list(moon)}, **{card: False for card in split_list(c.payload.get("missed"))}}
    owned = [card for p in c.state.players.values() for card in p.fancies]
    c.out["moon"] = {c.card("fancy", card, owned): value for card, value in moon.items()}
    c.consumed.add("missed")


def _adjust(c: Completion) -> None:
    """The changes as recorded, or typed as one JSON object (``changes``), with the ``reason``."""
    changes = c.payload.get("changes")
    if isinstance(changes, str):
        try:
            changes = json.loads(changes)
        except ValueError as exc:
            raise BadInput(f"the changes must be a JSON object ({exc})") from None
        if not isinstance(changes, dict):
            raise BadInput("the changes must be a JSON object")
        c.out.update(changes)
        c.consumed.add("changes")
    c.out.update({k: v for k, v in c.payload.items() if k not in ("faces", "changes", *TRAILING)})
    if isinstance(c.out.get("players"), Mapping):
        c.out["players"] = {name: _card_lists(_goods_keys(c, name, changes))
                            for name, changes in c.out["players"].items()}
    c.out.update(_card_lists({k: v for k, v in c.out.items() if k in LIST_KEYS}))


def _card_lists(changes: Any) -> Any:
    """FC-ADJ-1: a card list typed as words (``hand=IR-4,BR-3``) split at its commas, as every list option is;
    before, the text was kept whole and then read one character at a time (``I, R, -, 4, ,…``)."""
    if not isinstance(changes, Mapping):
        return changes
    return {k: [part.strip() for part in v.split(",") if part.strip()] if k in LIST_KEYS and isinstance(v, str)
            else v for k, v in changes.items()}


def _goods_keys(c: Completion, name: str, changes: Any) -> Any:
    """A player's changes with each good typed as a key (``bread=2``) folded into ``goods``, the other goods
    kept as held: ``goods`` is an absolute value."""
    if not isinstance(changes, Mapping) or not any(k in c.goods for k in changes):
        return changes
    held = c.state.players.get(name)
    given = c.items(changes["goods"], "goods", coin=False) if changes.get("goods") else None
    goods = dict(given) if isinstance(given, Mapping) else dict(held.goods if held else {})
    out = {k: v for k, v in changes.items() if k not in c.goods}
    out["goods"] = {**goods, **{k: v for k, v in changes.items() if k in c.goods}}
    return out


HANDLERS: dict[str, Callable[[Completion], None]] = {
    "SETUP": _setup,
    "SETUP_PLAYER": _deal,
    "VISIT": _visit,
    "GATHER": _gather,
    "PLACE": _place,
    "FIRE_UP": _fire,
    "SHOP_ABILITY": _effect,
    "COMPANION_USE": _effect,
    "ENCHANT": _enchant,
    "RESERVE": _reserve,
    "GIFT": _gift,
    "FANCY_SCORE": _sun,
    "END_TURN": _end,
    "FINAL_SCORING": _final,
    "ADJUST": _adjust,
}

