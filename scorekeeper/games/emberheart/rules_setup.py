"""Card reveals: offers at setup and Reset, Raid cards, 2-player blocking cards (EH-SETUP, EH-RESET, EH-2P)."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from scorekeeper.games.emberheart.cards import (
    CAMP, COLOURS, DECK_SIZES, EXOTIC, GARRISON, GUILD, HEROES, HIRELINGS, LOCATIONS, MOUNTAIN, MTN_LEVELS,
    MTN_SLOTS, PRESERVE, RAID_BASES, TAVERN, TRACKS, Card, empty_hire, hero_key, raid_basis,
)
from scorekeeper.errors import NotationError
from scorekeeper.games.emberheart.context import Ctx, text_counts
from scorekeeper.games.emberheart.notation import parse_requirements
from scorekeeper.games.emberheart.state import ACTION, REWARD, State
from scorekeeper.games.emberheart.view import offer_line

#: a card's Hero name (``Card.hero``)
HERO_OF = attrgetter("hero")
KIND_OF = {GUILD: "hero", TAVERN: "tavern", CAMP: "captive", MOUNTAIN: "mountain", PRESERVE: "preserve",
           GARRISON: "garrison"}
PREFIX = {"tavern": "T", "captive": "C", "mountain": "M", "preserve": "P", "raid": "raid"}


def offer_key(location: str, level: str | None = None) -> str:
    """The key of a Location's offer (``mountain-bottom`` etc. for the Mountain)."""
    return f"mountain-{level}" if location == MOUNTAIN else location


def new_id(st: State, card: Card, wanted: Any) -> str:
    """The card's short name: the user's, or a generated one (Hero name, ``C1``, ``M2``, ``red3``…)."""
    if wanted:
        return str(wanted)
    if card.kind == "hero":
        base = card.hero.replace(" ", "-")
    elif card.kind == "garrison":
        base = f"{card.colour}{card.glory}"
    else:
        counter = f"id:{card.kind}"
        n = st.counters.get(counter, 0) + 1
        st.counters[counter] = n
        return f"{PREFIX[card.kind]}{n}"
    name, k = base, 1
    while name in st.cards:
        k += 1
        name = f"{base}-{k}"
    return name


def _int(ctx: Ctx, key: str, default: int, rule: str, minimum: int | None = 0) -> int:
    """A whole-number payload field, or an error citing ``rule``."""
    value = ctx.get(key, default)
    if type(value) is int and (minimum is None or value >= minimum):  # (the usual case: a JSON whole number)
        return value
    if isinstance(value, bool) or not isinstance(value, int) or (minimum is not None and value < minimum):
        ctx.stop(rule, f"{key} must be a whole number{'' if minimum is None else f' ≥ {minimum}'}, not {value!r}")
    return int(value)


def card_from_payload(st: State, ctx: Ctx, location: str) -> Card:
    """Read and validate a card face (section 3 of the checklist)."""
    kind = KIND_OF[location]
    card = Card(id="", kind=kind)
    if kind == "hero":
        hero = hero_key(str(ctx.get("hero", "")))
        if hero is None:
            ctx.stop("EH-HERO-GEN-8", f"{ctx.get('hero')!r} is not one of the 27 Heroes")
        # every Guild reveal looks at every card in play: first for the name alone (in C), then for the kind
        if hero in map(HERO_OF, st.cards.values()):
            for c in st.cards.values():
                if c.hero == hero and c.kind == "hero":
                    ctx.stop("EH-SETUP-13", f"{hero_seen(c)}; each Hero card exists once")
        card.hero, card.colour = hero, HEROES[hero]  # EH-HERO-GEN-8: colour from the name
    elif kind == "tavern":
        hire = text_counts(ctx.get("hire") or {}, ctx, "EH-REW-9")  # ``2G1S`` as typed or amended (EH-V1)
        if not isinstance(hire, dict) or any(k not in HIRELINGS or not isinstance(v, int) or v < 0 for k, v in hire.items()):
            ctx.stop("EH-REW-9", "a Tavern card's Hirelings are counts ≥ 0 of G, S, R, W, written like 2G1S")
        card.hire = {**empty_hire(), **hire}
        card.flame = _int(ctx, "flame", 0, "EH-REW-9", minimum=None)
    elif kind in ("captive", "mountain"):
        colour = str(ctx.get("colour", "")).lower()
        if colour == EXOTIC and kind == "mountain":
            ctx.stop("EH-DRG-10", "exotic Dragons exist only at the Poachers' Camp; a Mountain Dragon is red, blue or green")
        if colour not in (*COLOURS, EXOTIC):
            ctx.stop("EH-DRG-9", f"a Dragon's colour is red, blue, green{' or exotic' if kind == 'captive' else ''}")
        card.colour, card.exotic = colour, colour == EXOTIC
        card.glory = _int(ctx, "glory", -1, "EH-DRG-9")
        card.flame = _int(ctx, "flame", 0, "EH-MTN-3")
        card.wardens = _int(ctx, "wardens", 0, "EH-MTN-3")
        if kind == "captive" and card.wardens:
            ctx.stop("EH-MTN-3", "only Mountain Dragon cards carry a Warden cost (AMB-30)")
    elif kind == "preserve":
        colour = str(ctx.get("colour", "")).lower()
        if colour not in COLOURS:
            ctx.stop("EH-REW-11", "a Preserve card is red, blue or green")
        card.colour = colour
    elif kind == "garrison":
        colour = str(ctx.get("colour", "")).lower()
        if colour not in COLOURS:
            ctx.stop("EH-SETUP-9", "a Garrison card is red, blue or green")
        card.colour = colour
        card.glory = _int(ctx, "glory", -1, "EH-SETUP-9")
        reqs = ctx.get("reqs")
        try:
            card.reqs = parse_requirements(reqs) if isinstance(reqs, str) else [
                {"item": str(r["item"]), "count": int(r["count"])} for r in (reqs or [])]
        except (NotationError, ValueError, KeyError, TypeError) as exc:
            ctx.stop("EH-GAR-1", str(exc))
        if not card.reqs:
            ctx.stop("EH-GAR-1", "a Garrison card needs its requirements, such as 2red+1hero")
        if not any(r["item"] == colour for r in card.reqs):
            ctx.warn("EH-GAR-1", f"a {colour} Garrison card normally requires {colour} Dragons; check the card")
        track = str(ctx.get("track", "")).lower()
        if track not in TRACKS:
            ctx.stop("EH-GAR-4", "a Garrison card shows an Attribute track: strength, senses or speed")
        card.track = track
    return card


def hero_seen(card: Card) -> str:
    """Where a Hero card revealed before is now, for EH-SETUP-13 (field report EH-V10: a card discarded at a Reset
    is not "in play")."""
    name = f"the {card.hero.title()} card"
    if card.discarded:
        return f"{name} was already revealed this game (and discarded)"
    where = f"{card.owner}'s" if card.owner else "on offer"
    return f"{name} is already in play ({where})"


def check_reveal_window(st: State, ctx: Ctx, key: str, slot: int) -> None:
    """EH-REW-7 / EH-RESET-3 / EH-RESET-11: offers are filled at setup and Reset only (Apprentice excepted)."""
    tag = f"{key}:{slot}"
    if tag in st.refill:
        return
    if st.phase == REWARD and tag not in st.emptied and (location := key.split("-")[0]) in LOCATIONS and (
        st.location is None or LOCATIONS.index(location) >= LOCATIONS.index(st.location)
    ):  # ("mountain-bottom" → "mountain")
        # The table forgot to type a card that was revealed at setup or Reset: the slot was never filled this round
        # and its Location has not been resolved yet, so the card was there all along. Catch it up, flagged.
        ctx.warn("EH-REW-7", f"{key} slot {slot} is filled late (Reward phase): accepted as a card the table revealed "
                             "at setup or Reset but nobody recorded; offers are not refilled during the round")
        return
    if st.phase != ACTION:
        ctx.stop("EH-REW-7", "offers are not refilled during the round; cards are revealed at setup and at Reset "
                            "(before the next Action phase); a card a claim took this round, or one at a Location "
                            "already resolved, cannot be caught up")
    late_reveal(st, ctx, ("EH-SETUP-7", "EH-RESET-3"), "card")


def late_reveal(st: State, ctx: Ctx, rules: tuple[str, str], what: str) -> None:
    """A reveal after the round's first turn is applied but flagged (the table may have forgotten it), under the
    rule that fills it: ``rules`` is the setup's (round I: EH-SETUP-7, EH-SETUP-9, EH-SETUP-10) and the Reset's
    (EH-RESET-3, EH-RESET-4, EH-RESET-7), never the one on taken cards (field report EH-V7)."""
    if st.phase == ACTION and st.actions:
        ctx.warn(rules[0] if st.round == 1 else rules[1],
                 f"this {what} is revealed after the first turn of round {st.round}; offers are filled at "
                 f"{'setup' if st.round == 1 else 'Reset'}, before the first turn")


def card_reveal(st: State, ctx: Ctx) -> None:
    """CARD_REVEAL{location, slot, level (Mountain), face…, name}."""
    location = str(ctx.get("location", "")).lower()
    if location not in LOCATIONS:
        ctx.stop("EH-ACT-2", f"cards are revealed at {', '.join(LOCATIONS)}, not {location!r}")
    card = card_from_payload(st, ctx, location)
    if location == GARRISON:
        colour = str(ctx.get("slot") or card.colour).lower()
        if colour != card.colour:  # EH-SETUP-9
            ctx.stop("EH-SETUP-9", f"the {colour} Garrison slot takes a {colour} card, not a {card.colour} one")
        if st.garrison[colour] is not None:
            ctx.stop("EH-RESET-11", f"the {colour} Garrison slot already holds {st.garrison[colour]}; "
                                   "unclaimed Garrison cards stay (EH-GAR-7)")
        if st.phase != ACTION:
            ctx.stop("EH-REW-7", "Garrison cards are revealed at setup and at Reset only")
        late_reveal(st, ctx, ("EH-SETUP-9", "EH-RESET-4"), "Garrison card")
        seen = [c for c in st.cards.values() if c.kind == "garrison" and c.colour == colour]
        if len(seen) >= DECK_SIZES["garrison_colour"]:
            ctx.stop("EH-SETUP-13", f"the {colour} Garrison deck has only {DECK_SIZES['garrison_colour']} cards")
        if not seen and card.glory != 3:
            ctx.error("EH-SETUP-9", f"the first {colour} Garrison card shows 3 Glory (decks are sorted ascending)")
        if seen and card.glory < max(c.glory for c in seen):
            ctx.stop("EH-SETUP-9", f"{colour} Garrison cards come in ascending Glory; {card.glory} is less than "
                                  f"{max(c.glory for c in seen)} already revealed")
        card.id = new_id(st, card, ctx.get("name"))
        _add(st, ctx, card)
        st.garrison[colour] = card.id  # EH-SETUP-8, EH-RESET-4
        _show_offer(st, ctx, location)
        return
    level = str(ctx.get("level", "bottom")).lower() if location == MOUNTAIN else None
    if level is not None and level not in MTN_LEVELS:
        ctx.stop("EH-MTN-1", "a Mountain level is bottom, middle or top")
    key = offer_key(location, level)
    slots = st.offers[key]
    # the empty slots a reveal may fill, left to right (EH-RESET-3); a slot a card left this round stays empty
    emptied = st.emptied  # (empty until a claim this round: then each empty slot is looked up)
    fillable = [i + 1 for i, c in enumerate(slots) if c is None and not (emptied and f"{key}:{i + 1}" in emptied)]
    slot = ctx.get("slot")
    if slot is None:  # the leftmost fillable slot
        slot = fillable[0] if fillable else next((i + 1 for i, c in enumerate(slots) if c is None), len(slots) + 1)
    if not isinstance(slot, int) or not 1 <= slot <= len(slots):
        size = MTN_SLOTS[level] if level else len(slots)
        ctx.stop("EH-SETUP-7", f"{key} has slots 1–{size}, not {slot!r}")
    if slots[slot - 1] is not None:
        ctx.stop("EH-RESET-11", f"{key} slot {slot} already holds {slots[slot - 1]}; a reveal fills an empty slot")
    leftmost = fillable[0] if fillable else slot  # (a slot a card left this round is refused by EH-REW-7 below)
    if slot in fillable and slot != leftmost and f"{key}:{slot}" not in st.refill:  # EH-RESET-3: left to right
        ctx.stop("EH-RESET-3", f"offers are filled from left to right: reveal {key} slot {leftmost} first")
    check_reveal_window(st, ctx, key, slot)
    deck = "mountain" if location == MOUNTAIN else location
    counter = f"deck:{deck}"
    dealt = st.counters.get(counter, 0)
    if dealt >= DECK_SIZES[deck]:
        ctx.stop("EH-SETUP-13", f"the {deck} deck has only {DECK_SIZES[deck]} cards; leave the slot empty")
    card.id = new_id(st, card, ctx.get("name"))
    _add(st, ctx, card)
    st.counters[counter] = dealt + 1
    slots[slot - 1] = card.id
    if st.refill and (tag := f"{key}:{slot}") in st.refill:
        st.refill.remove(tag)
    _show_offer(st, ctx, location)


def _show_offer(st: State, ctx: Ctx, location: str) -> None:
    """Say the Location's offer after the reveal, with the cards' short names (used later to claim them)."""
    ctx.info(offer_line(st, location))


def _add(st: State, ctx: Ctx, card: Card) -> None:
    """Register a revealed card under its unique name."""
    if card.id in st.cards:
        ctx.stop("EH-SETUP-13", f"a card named {card.id} is already in play; give this one another --name")
    st.cards[card.id] = card


def raid_reveal(st: State, ctx: Ctx) -> None:
    """RAID_REVEAL{slot 1/2, item G/E, basis, amount, per} (EH-SETUP-10, EH-RESET-7, EH-RAID-3)."""
    slot = ctx.get("slot")
    if slot is None:
        slot = 1 if st.raids[0] is None else 2
    if slot not in (1, 2):
        ctx.stop("EH-SETUP-10", "the Raid slots are 1 and 2")
    if st.raids[slot - 1] is not None:
        ctx.stop("EH-RESET-11", f"Raid slot {slot} already holds {st.raids[slot - 1]}")
    if st.phase != ACTION:
        ctx.stop("EH-RESET-7", "Raid cards are revealed at setup and at Reset")
    late_reveal(st, ctx, ("EH-SETUP-10", "EH-RESET-7"), "Raid card")
    if st.counters.get("deck:raid", 0) >= DECK_SIZES["raid"]:
        ctx.stop("EH-SETUP-13", "the Raid deck has only 10 cards")
    item = str(ctx.get("item", "")).upper()[:1]
    if item not in ("G", "E"):
        ctx.stop("EH-RAID-5", "a Raid card discards Grunts (G) or Experts (E)")
    basis = raid_basis(str(ctx.get("basis", "")))
    if basis not in RAID_BASES:
        ctx.stop("EH-RAID-4", f"a Raid card counts one of: {', '.join(RAID_BASES)}")
    amount, per = ctx.get("amount", 1), ctx.get("per", 1)
    if not isinstance(amount, int) or not isinstance(per, int) or amount < 1 or per < 1:
        ctx.stop("EH-RAID-3", "a Raid card's amount and divisor are whole numbers ≥ 1")
    card = Card(id="", kind="raid", item=item, basis=basis, amount=amount, per=per)
    card.id = new_id(st, card, ctx.get("name"))
    _add(st, ctx, card)
    st.counters["deck:raid"] = st.counters.get("deck:raid", 0) + 1
    st.raids[slot - 1] = card.id


def two_p_reveal(st: State, ctx: Ctx) -> None:
    """TWO_P_REVEAL{spaces: [[location, space]…]} (EH-2P-1, EH-2P-2, EH-2P-8)."""
    if len(st.seats) != 2:
        ctx.stop("EH-2P-2", "Two player mode cards are used only in a 2-player game")
    if st.phase != ACTION or st.actions:
        ctx.stop("EH-2P-8", "a Two player mode card is revealed at setup or at the end of Reset, before the first turn")
    if st.two_p_revealed:
        ctx.stop("EH-2P-8", "this round's Two player mode card is already revealed")
    if st.counters.get("deck:2p", 0) >= DECK_SIZES["2p"]:
        ctx.stop("EH-SETUP-13", "the Two player mode deck has only 12 cards")
    spaces = []
    for item in ctx.get("spaces") or []:  # a list: the engine checked the payload's shape
        try:
            location, space = str(item[0]).lower(), int(item[1])
        except (TypeError, ValueError, IndexError):
            ctx.stop("EH-2P-1", f"a blocked space is LOCATION:SPACE, not {item!r}")
        if location not in LOCATIONS or not 1 <= space <= 5:
            ctx.stop("EH-2P-1", f"{location}:{space} is not a space of a Common Location")
        if (location, space) in spaces:
            ctx.stop("EH-2P-1", f"{location}:{space} is named twice; a Two player mode card blocks each space once")
        spaces.append((location, space))
    if not spaces:
        ctx.stop("EH-2P-1", "list the spaces the card blocks, such as tavern:3 mountain:2")
    st.blocked = spaces
    st.np_done = []
    st.two_p_revealed = True
    st.counters["deck:2p"] = st.counters.get("deck:2p", 0) + 1
