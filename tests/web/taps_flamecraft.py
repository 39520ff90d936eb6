"""The words a player picks for a recorded Flamecraft event: what a phone's buttons send (``tests/web/by_choices``).

Pure: a recorded event → ``(type, player, {word: value or list of values})``, each value a string as the game
lists it in ``Expectation.choices`` (the words of ``games/flamecraft/events``: the keys the ``fc`` commands pass).
Goods gained, paid or discarded are one word per good (``["plant", "plant"]``), a payment ``PLAYER=GOOD``, a draw
``park:NAME``, a placement ``DRAGON@SHOP:SLOT``, a gift ``PLAYER:GOOD``, a number as its digits.
"""

from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.core.events import Event

def units(items: Any) -> list[str]:
    """``{"bread": 2, "coin": 1}`` → ``["bread", "bread", "coin"]``: one pick per good."""
    if isinstance(items, str):
        return [items]
    return [name for name, n in dict(items or {}).items() for _ in range(int(n))]


def reward_word(reward: Any) -> str:
    """A declared effect as its short word: ``{"rep": 2}`` → ``2rep``, ``{"goods": {"potion": 1}}`` → ``1potion``."""
    if isinstance(reward, str):
        return reward
    parts = [f"{reward[key]}{'coin' if key == 'coins' else key}" for key in ("rep", "coins", "fancy", "artisan")
             if reward.get(key)]
    parts += [f"{n}{good}" for good, n in (reward.get("goods") or {}).items()]
    return "+".join(parts)


def draw_word(draw: Any) -> str:
    """A draw record → ``park:NAME`` / ``deck:NAME`` / ``deck``."""
    if isinstance(draw, str):
        return draw
    return f"{draw['from']}:{draw['card']}" if draw.get("card") else str(draw["from"])


def card_word(card: Any) -> str:
    """A card reference → its name (a face given inline is not a pick)."""
    return str(card.get("card") if isinstance(card, Mapping) else card)


def drawn(p: Mapping[str, Any]) -> dict[str, Any]:
    """The ``draws`` and ``fancies`` words of a play."""
    out: dict[str, Any] = {}
    if p.get("draws"):
        out["draws"] = [draw_word(d) for d in p["draws"]]
    if p.get("fancies"):
        out["fancies"] = [card_word(f) for f in p["fancies"]]
    return out


def effect(p: Mapping[str, Any]) -> dict[str, Any]:
    """The words of a shop ability or a companion."""
    out: dict[str, Any] = {}
    if p.get("reserve"):
        out["reserve"] = p["reserve"]
        if p.get("source") and p["source"] != "row":
            out["source"] = p["source"]
    if p.get("gain"):
        out["gain"] = reward_word(p["gain"])
    if isinstance(p.get("gift"), Mapping):
        out["gift"] = f"{p['gift']['to']}:{p['gift']['item']}"
    return {**out, **drawn(p)}


def _setup(p: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {key: [card_word(c) for c in p[key]] for key in ("town", "starters", "park", "row") if p.get(key)}
    if p.get("shop_deck"):
        out["shop_deck"] = list(p["shop_deck"])
    if p.get("custom"):
        out["custom"] = "yes"
    if p.get("town_spaces"):
        out["town_spaces"] = str(p["town_spaces"])
    if isinstance(p.get("removed"), Mapping):
        out["removed"] = "+".join(f"{n}{k}" for k, n in p["removed"].items())
    return out


def _deal(p: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"hand": [card_word(c) for c in p.get("hand") or []]}
    if p.get("drew"):
        out["drew"] = [card_word(c) for c in p["drew"]]
    out["keep"] = card_word((p.get("keep") or [""])[0])
    for key in ("good", "companion"):
        if p.get(key):
            out[key] = card_word(p[key])
    return {**out, **drawn(p)}


def _visit(p: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"shop": p["shop"]}
    pay = p.get("pay")
    if isinstance(pay, Mapping):
        out["pay"] = [f"{name}={item}" for name, item in pay.items()]
    elif pay:
        out["pay"] = [pay]
    return out


def _gather(p: Mapping[str, Any]) -> dict[str, Any]:
    return {**({"gain": units(p["gain"])} if p.get("gain") else {}), **drawn(p)}


def _place(p: Mapping[str, Any]) -> dict[str, Any]:
    return {"dragon": p["dragon"], **({"slot": str(p["slot"])} if p.get("slot") is not None else {}), **drawn(p)}


def _fire(p: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"dragon": p["dragon"]}
    if p.get("good"):
        out["good"] = p["good"]
    if p.get("goods"):
        out["goods"] = list(p["goods"])
    if isinstance(p.get("place"), Mapping):
        place = p["place"]
        out["place"] = f"{place['dragon']}@{place['shop']}" + (f":{place['slot']}" if place.get("slot") else "")
    if p.get("swap"):
        out["swap"] = p["swap"]
    if isinstance(p.get("gift"), Mapping):
        out["gift"] = f"{p['gift']['to']}:{p['gift']['item']}"
    if p.get("gain"):
        out["gain"] = reward_word(p["gain"])
    return {**out, **drawn(p)}


def _enchant(p: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"card": p["card"]}
    if p.get("sets"):
        out["sets"] = str(p["sets"])
    if p.get("pay"):
        out["pay"] = units(p["pay"])
    return {**out, **drawn(p)}


def _sun(p: Mapping[str, Any]) -> dict[str, Any]:
    return {"card": p["card"], **({"pay": units(p["pay"])} if p.get("pay") else {}), **drawn(p)}


def _end(p: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if p.get("flips"):
        out["flips"] = [card_word(c) for c in p["flips"]]
    discard = p.get("discard") or {}
    if discard:
        out["discard"] = [*units(discard.get("goods")), *discard.get("dragons", [])]
    for key in ("park", "row"):
        if p.get(key):
            out[key] = [card_word(c) for c in p[key]]
    return out


def _final(p: Mapping[str, Any]) -> dict[str, Any]:
    moon = dict(p.get("moon") or {})
    return {key: cards for key, cards in (("moon", [c for c, v in moon.items() if v]),
                                          ("missed", [c for c, v in moon.items() if not v])) if cards}


WORDS = {
    "SETUP": _setup, "SETUP_PLAYER": _deal, "VISIT": _visit, "GATHER": _gather, "PLACE": _place, "FIRE_UP": _fire,
    "SHOP_ABILITY": effect, "COMPANION_USE": effect, "ENCHANT": _enchant, "FANCY_SCORE": _sun, "END_TURN": _end,
    "FINAL_SCORING": _final,
}


def words_of(event: Event) -> tuple[str, str | None, dict[str, str | list[str]]]:
    """The words a player picks for ``event``: its type, its player, and each word's value(s) as strings."""
    return event.type, event.player, WORDS[event.type](event.payload)
