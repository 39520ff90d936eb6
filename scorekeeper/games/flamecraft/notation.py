"""The Flamecraft notation: card faces (the printed data of shops, artisan dragons, enchantments, fancy dragons and companions), goods and rewards.

The rules text carries no card data, so the user enters a card's face when it enters play (or keeps a
catalog file of faces). Faces are stored as plain JSON dicts; this module turns the short forms typed at
the table (or written in a catalog) into those dicts, and checks them.

Short forms (``GOOD`` is one of the six goods types; items are joined with ``+``; a count goes before or
after a name: ``2bread``, ``bread2``, ``3rep``):

* reward: ``3rep``, ``1coin``, ``1fancy``, ``1artisan``, ``2bread+1rep`` (several items: all are gained).
* artisan dragon: ``ICON/ABILITY``, for example ``bread/gift``; abilities: gain2, place, draw, gain3,
  swap, gift, other.
* shop: ``SYMBOLS,SLOT,SLOT,…[,FLAG…]``: the upper-left symbols (``bread``, ``coin``, ``dragon``,
  ``wild``, several joined by ``+``), then one part per slot, ``ICONS>REWARD`` with the accepted icons
  joined by ``/`` (``bread/meat>2rep``; a starter slot has no reward: ``bread``), then optional flags:
  ``noench`` / ``ench`` (whether it can be enchanted), ``starter``, ``ability=TEXT`` (``ability=reserve``
  is the structured "reserve 1 enchantment from the row", ``ability=gain 1coin+1rep`` a structured gain).
* enchantment: ``ICON:COST>REWARD[:nocoin][:sets=N][:adds=SYMBOL][:deck=purple|gold]``, for example
  ``bread:2bread+meat>3rep``; with ``:sets=N`` the cost and reward are per set, up to N sets.
* In the shop and enchantment forms ``=`` may replace ``>`` (``bread/meat=2rep``, ``bread:2bread+meat=3rep``):
  a shell reads an unquoted ``>`` as a redirection.
* fancy dragon: ``sun:REWARD[:spend=GOODS][:goal=TEXT]`` or ``moon:REWARD[:goal=TEXT]``; a goal written
  ``hold 2bread+meat``, ``distinct 5``, ``placed 3``, ``enchanted 2`` or ``coins 5`` is checked (A-31).
* companion: ``start=REWARD`` or ``none``, optionally ``:ability=TEXT``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.errors import NotationError
from scorekeeper.core.protocol import is_whole

DEFAULT_GOODS: tuple[str, ...] = ("bread", "meat", "plant", "iron", "crystal", "potion")
COIN = "coin"
DRAGON = "dragon"
WILD = "wild"
ABILITIES: tuple[str, ...] = ("GAIN2", "PLACE", "DRAW", "GAIN3", "SWAP", "GIFT", "OTHER")
KINDS: tuple[str, ...] = ("shop", "dragon", "ench", "fancy", "comp")
#: catalog section name → face kind
CATALOG_SECTIONS: dict[str, str] = {
    "shops": "shop",
    "dragons": "dragon",
    "artisans": "dragon",
    "enchantments": "ench",
    "fancy": "fancy",
    "fancies": "fancy",
    "fancy_dragons": "fancy",
    "companions": "comp",
}

_ALIASES = {
    "coins": COIN,
    "c": COIN,
    "reputation": "rep",
    "r": "rep",
    "fancies": "fancy",
    "artisans": "artisan",
    "dragons": "artisan",
    "dragon": "artisan",
}
_ITEM = re.compile(r"^(\d*)\s*([a-z][a-z_-]*)\s*(\d*)$")


class FaceError(NotationError, ValueError):
    """A card face or item list that cannot be read; the message says what was expected.

    At the table (``Game.complete``) it is unreadable input (exit 2); in a recorded play the rules report it
    (``FC-GEN-5`` for a face, ``FC-GEN-1`` for goods)."""


def closest(word: str, known: Sequence[str]) -> str:
    """`` (did you mean X?)`` for the known word closest to a misspelled one (TALLY-13), or nothing."""
    import difflib  # only to suggest

    lower = {str(k).lower(): str(k) for k in known}
    close = difflib.get_close_matches(word.lower(), list(lower), n=1, cutoff=0.5)
    return f" (did you mean {lower[close[0]]}?)" if close else ""


def norm_id(card: Any) -> str:
    """A card's identifier, as compared by the engine (upper case, trimmed)."""
    return str(card).strip().upper()


def parse_items(text: str, *, what: str = "items") -> dict[str, int]:
    """``2bread+meat`` → ``{"bread": 2, "meat": 1}`` (names lower-cased, aliases resolved)."""
    result: dict[str, int] = {}
    text = text.strip()
    if not text or text.lower() in ("none", "-", "nothing"):
        return result
    for part in re.split(r"[+\s]+", text.strip().lower()):
        if not part:
            continue
        match = _ITEM.match(part)
        if not match or (match.group(1) and match.group(3)):
            raise FaceError(f"cannot read {part!r} in {what} {text!r} (write e.g. 2bread+1coin)")
        count = int(match.group(1) or match.group(3) or 1)
        name = _ALIASES.get(match.group(2), match.group(2))
        result[name] = result.get(name, 0) + count
    return result


def reward_from_items(items: Mapping[str, int], goods: Sequence[str], *, what: str = "reward") -> dict[str, Any]:
    """An item dict (``rep``, ``coin``, ``fancy``, ``artisan``, goods) → a normalised reward dict."""
    reward: dict[str, Any] = {}
    for name, count in items.items():
        if name == "rep":
            reward["rep"] = reward.get("rep", 0) + count
        elif name == COIN:
            reward["coins"] = reward.get("coins", 0) + count
        elif name in ("fancy", "artisan"):
            reward[name] = reward.get(name, 0) + count
        elif name in goods:
            reward.setdefault("goods", {})[name] = reward.get("goods", {}).get(name, 0) + count
        else:
            raise FaceError(f"unknown item {name!r} in {what}: use rep, coin, fancy, artisan or a good ({', '.join(goods)})")
    return reward


def norm_reward(value: Any, goods: Sequence[str], *, what: str = "reward") -> dict[str, Any]:
    """A reward as a short string (``2rep+1coin``) or a dict → ``{"rep", "coins", "fancy", "artisan", "goods", "effect"}``."""
    if value is None:
        return {}
    if isinstance(value, str):
        return reward_from_items(parse_items(value, what=what), goods, what=what)
    if not isinstance(value, Mapping):
        raise FaceError(f"{what} must be text like 2rep+1coin or an object, not {value!r}")
    reward: dict[str, Any] = {}
    for key, amount in value.items():
        if key in ("rep", "coins", "fancy", "artisan"):
            reward[key] = _count(amount, what)
        elif key == "coin":
            reward["coins"] = _count(amount, what)
        elif key == "goods":
            reward["goods"] = norm_goods(amount, goods, what=what)
        elif key == "effect":
            reward["effect"] = str(amount)
        elif key in goods:
            reward.setdefault("goods", {})[key] = _count(amount, what)
        else:
            raise FaceError(f"unknown key {key!r} in {what}")
    return {k: v for k, v in reward.items() if v not in (0, {}, "")}


def norm_goods(value: Any, goods: Sequence[str], *, what: str = "goods", allow_coin: bool = False) -> dict[str, int]:
    """Goods as ``2bread+meat`` or ``{"bread": 2}`` (or a list of names) → ``{type: count}``; checks the names (FC-GEN-1)."""
    if value is None:
        return {}
    if isinstance(value, str):
        items = parse_items(value, what=what)
    elif isinstance(value, Mapping):
        items = {}
        for k, v in value.items():
            name = _ALIASES.get(str(k).lower(), str(k).lower())
            items[name] = items.get(name, 0) + _count(v, what)
    elif isinstance(value, (list, tuple)):
        items = {}
        for k in value:
            name = _ALIASES.get(str(k).lower(), str(k).lower())
            items[name] = items.get(name, 0) + 1
    else:
        raise FaceError(f"{what} must be text like 2bread+meat, not {value!r}")
    for name in items:
        if name not in goods and not (allow_coin and name == COIN):
            extra = " or coin" if allow_coin else ""
            raise FaceError(f"{name!r} is not a good{closest(name, [*goods, *([COIN] if allow_coin else [])])} "
                            f"(the goods are {', '.join(goods)}{extra})")
    return {k: v for k, v in items.items() if v}


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise FaceError(f"{what}: {value!r} is not a count")
    return value


def _symbol(name: str, goods: Sequence[str], what: str) -> str:
    name = name.strip().lower()
    name = {"coins": COIN, "artisan": DRAGON, "dragons": DRAGON, "any": WILD}.get(name, name)
    if name in goods or name in (COIN, DRAGON, WILD):
        return name
    raise FaceError(f"{what}: {name!r} is not a symbol{closest(name, [*goods, COIN, DRAGON, WILD])} "
                    "(use a good, coin, dragon or wild)")


# -- one normaliser per kind -------------------------------------------------------------------------


def norm_dragon(value: Any, goods: Sequence[str]) -> dict[str, Any]:
    """An artisan dragon face: ``{"icon": GOOD, "ability": GAIN2|PLACE|DRAW|GAIN3|SWAP|GIFT|OTHER, "text"}``."""
    if isinstance(value, str):
        icon, _, ability = _split2(value)
        value = {"icon": icon, "ability": ability or "OTHER"}
    if not isinstance(value, Mapping):
        raise FaceError(f"a dragon face is ICON/ABILITY (e.g. bread/gift), not {value!r}")
    icon = str(value.get("icon", "")).strip().lower()
    if icon not in goods:
        raise FaceError(f"a dragon's icon must be a good ({', '.join(goods)}), not {icon!r}")
    ability = str(value.get("ability", "OTHER")).strip().upper()
    if ability not in ABILITIES:
        raise FaceError(f"unknown dragon ability {ability!r}; use one of {', '.join(a.lower() for a in ABILITIES)}")
    face: dict[str, Any] = {"icon": icon, "ability": ability}
    if value.get("text"):
        face["text"] = str(value["text"])
    if value.get("starter"):
        face["starter"] = True
    return face


def split_reward(text: str) -> tuple[str, str]:
    """``ICONS>REWARD`` or ``COST>REWARD`` → (left, right). ``=`` may stand for ``>``, which a shell takes as a
    redirection when the face is typed unquoted (``bread/meat=2rep``, ``2bread+meat=3rep``)."""
    sep = ">" if ">" in text else "="
    left, _, right = text.partition(sep)
    return left, right


def _split2(text: str) -> tuple[str, str, str]:
    for sep in ("/", ":"):
        if sep in text:
            left, _, right = text.partition(sep)
            return left.strip(), sep, right.strip()
    return text.strip(), "", ""


def norm_shop(value: Any, goods: Sequence[str], blocked: Sequence[str] = (COIN, DRAGON)) -> dict[str, Any]:
    """A shop face: ``{"symbols", "slots": [{"icons", "reward"}], "enchantable", "ability", "starter"}``.

    ``enchantable`` defaults by A-04: shops whose upper-left symbol is in ``blocked`` cannot be enchanted.
    """
    if isinstance(value, str):
        parts = [p.strip() for p in value.split(",") if p.strip()]
        if not parts:
            raise FaceError("a shop face needs its upper-left symbols and its slots")
        data: dict[str, Any] = {"symbols": parts[0].split("+"), "slots": []}
        for part in parts[1:]:
            low = part.lower()
            if low in ("noench", "no-enchant", "noenchant"):
                data["enchantable"] = False
            elif low in ("ench", "enchantable"):
                data["enchantable"] = True
            elif low == "starter":
                data["starter"] = True
            elif low.startswith("ability="):
                data["ability"] = part.split("=", 1)[1]
            else:
                accepted, reward = split_reward(part)
                data["slots"].append({"icons": accepted.split("/"), "reward": reward or None})
        value = data
    if not isinstance(value, Mapping):
        raise FaceError(f"cannot read shop face {value!r}")
    symbols = [_symbol(s, goods, "shop symbol") for s in value.get("symbols", []) if str(s).strip()]
    if not symbols:
        raise FaceError("a shop needs at least 1 upper-left symbol")
    slots = []
    for number, slot in enumerate(value.get("slots", []), start=1):
        if isinstance(slot, str):
            icons_text, reward_text = split_reward(slot)
            slot = {"icons": icons_text.split("/"), "reward": reward_text or None}
        icons = [str(i).strip().lower() for i in slot.get("icons", []) if str(i).strip()]
        for icon in icons:
            if icon not in goods:
                raise FaceError(f"slot {number}: {icon!r} is not a dragon icon (a good: {', '.join(goods)})")
        if not icons:
            raise FaceError(f"slot {number} accepts no icon")
        slots.append({"icons": icons, "reward": norm_reward(slot.get("reward"), goods, what=f"slot {number} reward")})
    if not slots:
        raise FaceError("a shop needs at least 1 slot")
    enchantable = value.get("enchantable")
    if enchantable is None:
        enchantable = not any(s in blocked for s in symbols)  # A-04 default
    face: dict[str, Any] = {"symbols": symbols, "slots": slots, "enchantable": bool(enchantable)}
    ability = value.get("ability")
    if ability:
        if isinstance(ability, str):
            ability = {"text": ability}
        text = str(ability.get("text", ""))
        effect = ability.get("effect")
        words = text.strip().split(None, 1)
        if effect is None and text.strip().lower() == "reserve":
            effect = "reserve"
        face["ability"] = {"text": text, "effect": effect}
        if effect is None and len(words) == 2 and words[0].lower() == "gain":
            face["ability"]["effect"] = "gain"  # a structured gain: "gain 1coin+1rep"
            face["ability"]["gain"] = norm_reward(words[1], goods, what="shop ability")
        elif ability.get("gain"):
            face["ability"]["gain"] = norm_reward(ability["gain"], goods, what="shop ability")
    if value.get("starter"):
        face["starter"] = True
    return face


def norm_ench(value: Any, goods: Sequence[str]) -> dict[str, Any]:
    """An enchantment face: fixed ``{"icon", "cost", "reward", "no_coin", "adds"}`` or variable
    ``{"icon", "set_cost", "max_sets", "reward_per_set" | "reward_by_sets", "no_coin", "adds"}``."""
    if isinstance(value, str):
        parts = [p.strip() for p in value.split(":")]
        if len(parts) < 2 or not (">" in parts[1] or "=" in parts[1]):
            raise FaceError(
                f"an enchantment face is ICON:COST>REWARD or ICON:COST=REWARD (e.g. bread:2bread+meat=3rep), not {value!r}"
                " (in a shell, quote a face that contains > or write = instead)"
            )
        cost, reward = split_reward(parts[1])
        data: dict[str, Any] = {"icon": parts[0]}
        sets = None
        for flag in parts[2:]:
            low = flag.lower()
            if low in ("nocoin", "no-coin", "no_coin"):
                data["no_coin"] = True
            elif low.startswith("sets="):
                sets = int(low.split("=", 1)[1])
            elif low.startswith("adds="):
                data["adds"] = low.split("=", 1)[1]
            elif low.startswith("deck="):
                data["deck"] = low.split("=", 1)[1]
            elif low:
                raise FaceError(f"unknown enchantment flag {flag!r} (nocoin, sets=N, adds=SYMBOL, deck=purple|gold)")
        if reward.lower().endswith("/set"):
            reward = reward[:-4]
            sets = sets or 0
        if sets is not None:
            data.update({"set_cost": cost, "reward_per_set": reward, "max_sets": sets or None})
        else:
            data.update({"cost": cost, "reward": reward})
        value = data
    if not isinstance(value, Mapping):
        raise FaceError(f"cannot read enchantment face {value!r}")
    icon = _symbol(str(value.get("icon", "")), goods, "enchantment icon")
    face: dict[str, Any] = {"icon": icon, "no_coin": bool(value.get("no_coin", False))}
    face["adds"] = _symbol(str(value.get("adds") or icon), goods, "enchantment adds")
    if value.get("deck"):
        face["deck"] = str(value["deck"]).lower()
    if "set_cost" in value:
        face["set_cost"] = norm_goods(value["set_cost"], goods, what="set cost")
        if not face["set_cost"]:
            raise FaceError("a variable enchantment needs a cost per set")
        face["max_sets"] = value.get("max_sets") or None
        if "reward_by_sets" in value:
            face["reward_by_sets"] = {
                str(k): norm_reward(v, goods, what=f"reward for {k} sets") for k, v in dict(value["reward_by_sets"]).items()
            }
        else:
            face["reward_per_set"] = norm_reward(value.get("reward_per_set"), goods, what="reward per set")
    else:
        face["cost"] = norm_goods(value.get("cost"), goods, what="cost")
        face["reward"] = norm_reward(value.get("reward"), goods, what="enchantment reward")
    return face


def norm_fancy(value: Any, goods: Sequence[str]) -> dict[str, Any]:
    """A fancy dragon face: ``{"kind": "sun"|"moon", "reward", "spend", "goal"}``."""
    if isinstance(value, str):
        parts = [p.strip() for p in value.split(":")]
        data: dict[str, Any] = {"kind": parts[0]}
        if len(parts) > 1:
            data["reward"] = parts[1]
        for flag in parts[2:]:
            key, _, rest = flag.partition("=")
            if key.lower() == "spend":
                data["spend"] = rest
            elif key.lower() == "goal":
                data["goal"] = rest
            else:
                raise FaceError(f"unknown fancy dragon part {flag!r} (spend=GOODS, goal=TEXT)")
        value = data
    if not isinstance(value, Mapping):
        raise FaceError(f"cannot read fancy dragon face {value!r}")
    kind = str(value.get("kind", "")).strip().lower()
    if kind not in ("sun", "moon"):
        raise FaceError(f"a fancy dragon is sun or moon, not {kind!r}{closest(kind, ['sun', 'moon'])}")
    face: dict[str, Any] = {"kind": kind, "reward": norm_reward(value.get("reward"), goods, what="fancy reward")}
    spend = norm_goods(value.get("spend"), goods, what="goods spent")
    if spend:
        face["spend"] = spend
    if value.get("goal"):
        face["goal"] = str(value["goal"])
        check = parse_goal(face["goal"], goods)
        if check:
            face["check"] = check
    return face


GOAL_KINDS = ("hold", "distinct", "placed", "enchanted", "coins")


def parse_goal(text: str, goods: Sequence[str]) -> dict[str, Any] | None:
    """A structured goal (A-31), or None for a goal kept as text:

    ``hold 2bread+1meat`` (holds at least these goods), ``distinct 5`` (at least 5 different goods),
    ``placed 3`` (has placed at least 3 dragons in town this game), ``enchanted 2`` (has cast at least 2
    enchantments), ``coins 5`` (holds at least 5 coins).
    """
    words = text.strip().split(None, 1)
    if len(words) != 2 or words[0].lower() not in GOAL_KINDS:
        return None
    kind, rest = words[0].lower(), words[1].strip()
    if kind == "hold":
        try:
            return {"kind": kind, "items": norm_goods(rest, goods, what="goal")}
        except FaceError:
            return None  # a goal in words ("hold 3 enchanted shops"): declared, not checked
    if not is_whole(rest):
        return None
    return {"kind": kind, "count": int(rest)}


def norm_comp(value: Any, goods: Sequence[str]) -> dict[str, Any]:
    """A companion face: ``{"start": reward or None, "ability": text}``."""
    if isinstance(value, str):
        data: dict[str, Any] = {}
        for part in value.split(":"):
            key, _, rest = part.strip().partition("=")
            if key.lower() == "start":
                data["start"] = rest
            elif key.lower() == "ability":
                data["ability"] = rest
            elif key.lower() in ("none", ""):
                continue
            else:
                raise FaceError(f"a companion face is start=REWARD and/or ability=TEXT, not {value!r}")
        value = data
    if not isinstance(value, Mapping):
        raise FaceError(f"cannot read companion face {value!r}")
    start = norm_reward(value.get("start"), goods, what="START bonus") if value.get("start") else None
    return {"start": start or None, "ability": str(value.get("ability", ""))}


NORMALISERS = {
    "shop": norm_shop,
    "dragon": norm_dragon,
    "ench": norm_ench,
    "fancy": norm_fancy,
    "comp": norm_comp,
}


def norm_face(kind: str, value: Any, goods: Sequence[str], blocked: Sequence[str] = (COIN, DRAGON)) -> dict[str, Any]:
    """Normalise one face of ``kind`` (one of ``KINDS``)."""
    if kind == "shop":
        return norm_shop(value, goods, blocked)
    try:
        return NORMALISERS[kind](value, goods)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, FaceError):
            raise
        raise FaceError(f"cannot read {kind} face {value!r}: {exc}") from None


def split_ref(text: str) -> tuple[str, str | None]:
    """``NAME=FACE`` → (NAME, FACE); ``NAME`` → (NAME, None)."""
    name, sep, face = text.partition("=")
    return norm_id(name), (face.strip() if sep else None)


#: catalogs already read: (the catalog as JSON text, goods, blocked symbols) → faces by kind (a few, newest last)
_CATALOGS: dict[tuple[str, tuple[str, ...], tuple[str, ...]], dict[str, dict[str, dict[str, Any]]]] = {}
_CATALOGS_KEPT = 8


def load_catalog(catalog: Mapping[str, Any] | None, goods: Sequence[str], blocked: Sequence[str]) -> dict[str, dict[str, dict[str, Any]]]:
    """A user catalog (``{"shops": {NAME: face}, "dragons": …, "enchantments": …, "fancy": …, "companions": …}``)
    → faces by kind and identifier. Raises ``FaceError`` naming the card that cannot be read.

    Every replay sets the game up again from the same catalog, so a catalog read once is kept, keyed by its
    JSON text (order included: it orders the faces) and the goods and blocked symbols that read it. The
    dicts by kind are the caller's own (the rules add faces to them); the faces in them are shared with the
    kept catalog: no code changes a face once it is read, it only replaces one (``Ctx.learn``)."""
    if not catalog:
        return {kind: {} for kind in KINDS}
    try:
        key = (json.dumps(catalog), tuple(goods), tuple(blocked))
    except (TypeError, ValueError):  # not JSON data (a test's own objects): read it every time
        return _read_catalog(catalog, goods, blocked)
    faces = _CATALOGS.get(key)
    if faces is None:
        faces = _read_catalog(catalog, goods, blocked)
        if len(_CATALOGS) >= _CATALOGS_KEPT:
            del _CATALOGS[next(iter(_CATALOGS))]
        _CATALOGS[key] = faces
    return {kind: dict(entries) for kind, entries in faces.items()}


def _read_catalog(catalog: Mapping[str, Any], goods: Sequence[str], blocked: Sequence[str]) -> dict[str, dict[str, dict[str, Any]]]:
    faces: dict[str, dict[str, dict[str, Any]]] = {kind: {} for kind in KINDS}
    for section, entries in catalog.items():
        kind = CATALOG_SECTIONS.get(section)
        if kind is None:
            if section in ("name", "title", "note", "notes", "description", "goods"):
                continue
            raise FaceError(f"catalog: unknown section {section!r}{closest(str(section), list(CATALOG_SECTIONS))} "
                            f"(use {', '.join(sorted(set(CATALOG_SECTIONS)))})")
        if not isinstance(entries, Mapping):
            raise FaceError(f"catalog section {section!r} must map card names to faces")
        for name, value in entries.items():
            try:
                faces[kind][norm_id(name)] = norm_face(kind, value, goods, blocked)
            except FaceError as exc:
                raise FaceError(f"catalog {section} {name}: {exc}") from None
    return faces
