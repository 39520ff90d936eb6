"""Setup (FC-SETUP): the game-level declaration (``SETUP``) and each player's deal (``SETUP_PLAYER``)."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.protocol import block

from .context import Ctx, ref
from .notation import FaceError, norm_goods, norm_id
from .state import PARK_SIZE, ROW_SIZE, ShopState, TurnState

#: artisan dragons removed per goods type, by player count (FC-SETUP-5)
REMOVED_PER_TYPE = {2: 2, 3: 1}
STARTER_SHOPS = 6
START_HAND = 3


def default_town_spaces(players: int) -> int:
    """A-20: 12 shop spaces with 2 players, 14 with 3 to 5 (the checklist's unverified default)."""
    return 12 if players <= 2 else 14


def resolve_setup(ctx: Ctx) -> None:
    """``SETUP``: the town of starter shops, the artisan removal, the park, the row, the shop deck."""
    state = ctx.state
    if state.setup_done:
        ctx.block("FC-SETUP-2", "the setup is already recorded; correct it with 'scorekeeper amend' or 'void'")
        return
    ctx.learn_faces()
    players = len(state.order)
    payload = ctx.payload

    # FC-SETUP-2: exactly the 6 starter shops, face up, each in its own space
    town = [norm_id(s) for s in (payload.get("town") or state.catalog_starters.get("shops") or [])]
    if len(town) != STARTER_SHOPS or len(set(town)) != len(town):
        ctx.add(block(  # a block that goes on: the same refusal says everything the setup still needs
            "FC-SETUP-2",
            f"the town starts with the {STARTER_SHOPS} starter shops, each once; got {len(town)}"
            " (name them with --town, once each with its face: --town 'BAKERY=bread,bread,bread=1coin,bread/meat=2rep';"
            " or mark them starter in the catalog)",
        ))
        _count_starters(ctx)  # the same refusal says everything the setup still needs
        return
    shops: dict[str, ShopState] = {}
    marked = _starters(state.faces["shop"])
    for shop_id in town:
        face = ctx.face("shop", shop_id, rule="FC-SETUP-2")
        if face is None:
            continue
        if marked and not face.get("starter"):  # the faces say which shops are the starters
            ctx.error("FC-SETUP-2", f"{shop_id} is not a starter shop; the starter shops are {', '.join(marked)}")
        shops[shop_id] = ShopState(shop_id, True, [None] * len(face["slots"]))
    if ctx.failed:
        return

    # FC-SETUP-3: each starter dragon in slot 1 of the starter shop with its icon (A-21: no reward)
    starters = _count_starters(ctx)
    if starters is None:
        return
    marked = _starters(state.faces["dragon"])
    for dragon in starters:
        face = ctx.face("dragon", dragon, rule="FC-SETUP-3")
        if face is None:
            continue
        if marked and not face.get("starter"):  # the faces say which dragons are the starters
            ctx.error("FC-SETUP-3", f"{dragon} is not a starter dragon; the starter dragons are {', '.join(marked)}")
            continue
        homes = [s for s in shops.values() if state.faces["shop"][s.id]["symbols"][0] == face["icon"]]
        free = [s for s in homes if s.slots[0] is None]
        if not free:
            ctx.error("FC-SETUP-3", f"starter dragon {dragon} ({face['icon']}) has no starter shop with a {face['icon']} icon left")
            continue
        free[0].slots[0] = dragon
    if ctx.failed:
        return

    # FC-SETUP-5/6: the artisan removal by player count
    per_type = REMOVED_PER_TYPE.get(players, 0)
    try:
        removed = norm_goods(payload["removed"], ctx.goods, what="removed dragons") if "removed" in payload else {
            g: per_type for g in ctx.goods
        }
    except FaceError as exc:
        ctx.block("FC-SETUP-5", str(exc))
        return
    wrong = [g for g in ctx.goods if removed.get(g, 0) != per_type]
    if wrong:
        need = f"exactly {per_type} of each goods type ({per_type * len(ctx.goods)} in all)" if per_type else "none"
        got = ", ".join(f"{removed.get(g, 0)} {g}" for g in ctx.goods)
        ctx.block("FC-SETUP-5", f"with {players} players remove {need}; the setup removes {got}")
        return

    # FC-SETUP-17: deck sizes from the declaration or the settings
    sizes = dict(payload.get("deck_sizes") or {})
    artisan = int(sizes.get("artisan", ctx.setting("artisan_deck_size"))) - sum(removed.values())
    ench = int(sizes.get("ench", ctx.setting("ench_deck_size")))
    fancy = int(sizes.get("fancy", ctx.setting("fancy_deck_size") or 0)) or None
    shop_deck_size = int(sizes.get("shop", ctx.setting("shop_deck_size")))

    # FC-SETUP-4: the standard shop deck
    declared_deck = payload.get("shop_deck")
    if declared_deck is not None:
        categories = [str(c).lower() for c in declared_deck]
        shop_deck_size = len(categories)
        counts = {g: categories.count(g) for g in ctx.goods}
        other = len([c for c in categories if c not in ctx.goods])
        standard = all(n == 1 for n in counts.values()) and other == 4
        mode = ctx.setting("shop_deck_check")
        if not standard and not payload.get("custom") and mode != "off":
            text = (
                "the standard shop deck is 1 shop of each good plus 4 others (10 cards); this one has "
                + ", ".join(f"{n} {g}" for g, n in counts.items())
                + f" and {other} other; add the custom flag if you built it on purpose"
            )
            (ctx.error if mode == "error" else ctx.warn)("FC-SETUP-4", text)

    # FC-SETUP-7: the park; FC-SETUP-9: the row; FC-SETUP-8: one enchantment deck
    park = _cards(ctx, payload.get("park"), min(PARK_SIZE, max(artisan, 0)), "dragon", "A", "FC-SETUP-7", "park")
    for card in park:
        if any(card in shop.slots for shop in shops.values()):  # FC-GEN-5: one zone per card
            ctx.error("FC-GEN-5", f"{card} is a starter dragon in the town; it cannot also be in the park")
    row = _cards(ctx, payload.get("row"), min(ROW_SIZE, max(ench, 0)), "ench", "E", "FC-SETUP-9", "enchantment row")
    for card in row:
        ctx.from_this_deck(card)  # FC-SETUP-8
    if ctx.failed:
        return

    state.shops = shops
    state.removed = removed  # FC-SETUP-6: out of the game, not in any deck, park or hand
    state.artisan_deck = artisan - len(park)
    state.park = park
    state.ench_deck = ench - len(row)
    state.row = row
    state.fancy_deck = fancy
    state.shop_deck = shop_deck_size
    state.town_spaces = int(payload.get("town_spaces") or ctx.setting("town_spaces") or default_town_spaces(players))
    state.setup_done = True
    for deck in ("artisan", "ench"):
        ctx.check_trigger(deck)  # even a setup deal can empty a deck


def _count_starters(ctx: Ctx) -> list[str] | None:
    """The 6 starter dragons named (or the catalog's); None, with an FC-SETUP-3 block, when not 6."""
    named = ctx.payload.get("starters") or ctx.state.catalog_starters.get("dragons") or []
    starters = [norm_id(d) for d in named]
    if len(starters) != STARTER_SHOPS:
        ctx.block(
            "FC-SETUP-3",
            f"name the {STARTER_SHOPS} starter dragons (--starters, with their faces the first time: "
            f"--starters S-BREAD=bread/gain2,S-MEAT=meat/draw,…; or mark them starter in the catalog); got {len(starters)}",
        )
        return None
    return starters


def _starters(faces: dict[str, Any]) -> list[str]:
    """The cards whose face is marked ``starter`` (empty when the faces mark none: the setup's list is taken)."""
    return [card for card, face in faces.items() if face.get("starter")]


def _cards(ctx: Ctx, declared: Any, count: int, kind: str, prefix: str, rule: str, label: str) -> list[str]:
    """The face-up cards of the park or the row: as declared (names, with faces), or provisional names."""
    if declared is None:
        return [ctx.state.next_auto(prefix) for _ in range(count)]
    cards = []
    for item in declared:
        card, face = ref(item)
        ctx.learn(kind, card, face)
        cards.append(card)
    twice = sorted({card for card in cards if cards.count(card) > 1})
    if len(cards) != count or twice:  # field report FC-V8: a card named twice is said so
        got = f"{', '.join(twice)} named twice" if twice else f"got {len(cards)}"
        ctx.error(rule, f"the {label} starts with {count} different face-up cards; {got}")
    return cards


def resolve_setup_player(ctx: Ctx) -> None:
    """``SETUP_PLAYER``: 3 artisan dragons, the fancy keep, the 4th/5th seat's good, the companion."""
    state = ctx.state
    who = ctx.player()
    if who is None:
        ctx.block("FC-SETUP-11", f"name the player being dealt (one of {', '.join(state.order)})")
        return
    if not state.setup_done:
        ctx.block("FC-SETUP-2", "record the game setup first: scorekeeper fc setup")
        return
    if who.dealt:
        ctx.block("FC-SETUP-11", f"{who.name} has already been dealt their starting cards")
        return
    ctx.learn_faces()
    payload = ctx.payload

    # FC-SETUP-11/12: 3 dragons from the artisan deck, after the park
    hand = [ref(item) for item in payload.get("hand") or []]
    if len(hand) != START_HAND:
        ctx.error("FC-SETUP-11", f"each player starts with exactly {START_HAND} artisan dragons; {who.name} got {len(hand)}")
    elif state.artisan_deck < START_HAND:  # FC-SETUP-12: the hands come from the artisan deck
        ctx.error("FC-SETUP-12", f"the artisan deck has only {state.artisan_deck} cards left to deal {who.name} "
                  f"{START_HAND}; check the setup's deck size")
    names = []
    for card, face in hand:
        if not card:
            card = state.next_auto("A")
        place = ctx.card_place(card) or ("named twice" if card in names else None)
        if place:  # field report FC-V8: say where
            ctx.error("FC-GEN-5", f"dragon {card} is already in play ({place})")
        ctx.learn("dragon", card, face)
        names.append(card)

    # FC-SETUP-13: draw 2 fancy dragons, keep exactly 1
    keep = [ref(item) for item in payload.get("keep") or []]
    drew = [ref(item)[0] for item in payload.get("drew") or []]
    if len(keep) != 1:
        ctx.error("FC-SETUP-13", f"each player keeps exactly 1 of the 2 fancy dragons drawn; {who.name} keeps {len(keep)}")
    if drew and (len(drew) != 2 or len(set(drew)) != 2):
        ctx.error("FC-SETUP-13", f"each player draws exactly 2 fancy dragons; {who.name} drew {len(drew)}")
    if drew and keep and keep[0][0] not in drew:
        ctx.error("FC-SETUP-13", f"{keep[0][0]} is not one of the fancy dragons drawn ({', '.join(drew)})")
    held = {card for p in state.players.values() for card in p.fancies}
    for card in dict.fromkeys([card for card, _ in keep[:1]] + drew):
        if card in held:  # FC-GEN-5: the fancy dragons drawn come from the deck
            ctx.error("FC-GEN-5", f"fancy dragon {card} is already in play")

    # FC-SETUP-14: only the 4th and 5th seats of a 4- or 5-player game take a good
    good = payload.get("good")
    entitled = len(state.order) >= 4 and who.seat in (4, 5)
    if good and not entitled:
        ctx.error(
            "FC-SETUP-14",
            f"only the 4th and 5th players of a game of 4 or more take a starting good; {who.name} is seat {who.seat} of {len(state.order)}",
        )
    elif entitled and not good:
        ctx.error("FC-SETUP-14", f"{who.name} (seat {who.seat}) takes 1 good of their choice: add --good TYPE")
    elif good and str(good).lower() not in ctx.goods:
        ctx.error("FC-GEN-1", f"{good!r} is not a good (the goods are {', '.join(ctx.goods)})")

    # FC-SETUP-16, FC-COMP-1 to 3: the companion
    companion = payload.get("companion")
    comp_card, comp_face = ref(companion) if companion else ("", None)
    if ctx.setting("companions"):
        if not comp_card:
            ctx.error("FC-SETUP-16", f"companions are on: {who.name} is dealt exactly 1 (--companion NAME)")
        elif any(p.companion == comp_card for p in state.players.values()):
            ctx.error("FC-GEN-5", f"companion {comp_card} is already dealt")
        else:
            ctx.learn("comp", comp_card, comp_face)
            ctx.face("comp", comp_card, rule="FC-COMP-3", why=" (its START bonus is needed)")
    elif comp_card:
        ctx.error("FC-SETUP-16", "companions are off in this game (set companions=yes when creating the session)")
    if ctx.failed:
        return

    who.hand.extend(names)
    state.artisan_deck -= START_HAND  # FC-SETUP-12: dealt after the park
    # FC-SETUP-15: nothing else is given: 0 reputation, no goods or coins, no reserve, off-town
    card, face = keep[0]
    ctx.learn("fancy", card, face)
    who.fancies.append(card)
    if state.fancy_deck is not None:
        state.fancy_deck -= 1  # 2 drawn, 1 back to the bottom
    state.fancy_bottom.extend(card for card in drew if card != keep[0][0])  # FC-SETUP-13: under the unseen cards
    if good:
        who.goods[str(good).lower()] = who.goods.get(str(good).lower(), 0) + 1
    if comp_card:
        who.companion = comp_card  # FC-COMP-2: face up, unused
        start = state.faces["comp"][comp_card].get("start")
        if start:
            # FC-COMP-3; FC-COMP-5: the START bonus does not use up the ability (companion_used stays False)
            ctx.grant(who, start, f"START bonus of companion {comp_card}")
    ctx.leftover_choices()
    who.dealt = True
    ctx.check_trigger("artisan")
    if state.started and state.turn is None:
        first = state.order[0]
        state.turn = TurnState(first, 1, final=bool(state.final_queue and first in state.final_queue))
