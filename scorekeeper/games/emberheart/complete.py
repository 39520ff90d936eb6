"""``Game.complete`` for Emberheart: a play as the table typed it → the event to record.

Everything a command needs from the board is worked out here, never in the CLI: a Party's space from its size
and the Companion's Strength, the Party whose turn it is in the Reward phase (and whether it is a Mountain
claim or withdrawal), card names from unique prefixes, slots, faces or colours, the slot a reveal fills, the
card a non-player Crest discards, the tied Parties named by their owners, whose card or skill answer it is.

Nothing here refuses a play on the rules (``play`` does, so ``--force`` and the journal see every refusal);
``BadInput`` is raised only for words that name nothing (or could name several things).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from scorekeeper.errors import BadInput
from scorekeeper.core.protocol import Draft, is_whole, resolve_player
from scorekeeper.games.emberheart import picks
from scorekeeper.games.emberheart.cards import COLOURS, MOUNTAIN, Card, hire_text
from scorekeeper.games.emberheart.notation import hero_word
from scorekeeper.games.emberheart.rules_action import aides_left, level
from scorekeeper.games.emberheart.rules_reward import expected, np_prescribed, offer_slots, survivalist
from scorekeeper.games.emberheart.state import REWARD, State

Completer = Callable[[State, Draft], Draft]


def complete(st: State, draft: Draft, active: Callable[[], str | None]) -> Draft:
    """The event to record for ``draft``; ``active()`` is whoever ``expect`` says acts now."""
    completer = COMPLETERS.get(draft.type)
    payload = picks.read(draft.type, {k: v for k, v in draft.payload.items() if v is not None})
    draft = Draft(draft.type, draft.player, payload)
    if completer is None:
        return draft
    done = completer(st, draft)
    if done.player is None and done.type in NEED_PLAYER:
        done = Draft(done.type, active(), done.payload)
    return done


#: the types whose player, when nobody was named and nothing else says who, is whoever acts now
NEED_PLAYER = {"PLACE_PARTY", "USE_SPECIAL", "TAKE_AIDE", "GEAR_SWAP", "SKIP_TURN", "END_GEAR_CONVERT",
               "END_DECLARE", "MTN_ORDER"}


# -- card names ---------------------------------------------------------------------------------------


def card_ref(st: State, word: Any, among: Sequence[str] | None = None) -> Any:
    """A card named by id (case-insensitive, unique prefix) or a slot number.

    ``among``: the cards that make sense here (a player's Dragons, their free Heroes…), searched first, so that
    ``P`` means the one Preserve a player has rather than any of the fifteen that were ever revealed.
    """
    if isinstance(word, int):
        return word
    word = str(word)
    if is_whole(word):
        return int(word)
    if among is not None and word.lower() in COLOURS:  # the one card of that colour that fits (field report EH-V9)
        coloured = [c for c in among if st.cards[c].colour == word.lower()]
        if len(coloured) == 1:
            return coloured[0]
        raise BadInput(f"{word!r} could be {', '.join(coloured)}; name the card" if coloured else
                       f"no {word.lower()} card fits here; the cards that fit: {', '.join(among) or 'none'}")
    if st.location == "garrison" and st.phase == REWARD and word.lower() in COLOURS:
        return word.lower()  # the Garrison offer is named by colour
    for ids in ([list(among)] if among else []) + [list(st.cards)]:
        exact = [c for c in ids if c.lower() == word.lower()]
        if exact:
            return exact[0]
        matches = [c for c in ids if c.lower().startswith(word.lower())]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise BadInput(f"{word!r} could be {', '.join(matches)}; type more of the card name")
    mine = f"; the cards that fit: {', '.join(among)}" if among else " (see 'scorekeeper status', Cards)"
    raise BadInput(f"no card {word!r} in play{mine}")


def owned_ids(st: State, player: str | None, test: Callable[[Card], bool]) -> list[str]:
    """Ids of the undiscarded cards ``player`` (or anyone, when None) owns that pass ``test``."""
    return [c.id for c in st.cards.values()
            if c.owner and not c.discarded and (player is None or c.owner == player) and test(c)]


def owner_of(st: State, card: Any, player: str | None) -> str:
    """The player named, else the card's owner."""
    if player:
        return player
    owner = st.cards[card].owner if isinstance(card, str) and card in st.cards else None
    if owner is None:
        raise BadInput("say whose card it is with -p")
    return owner


def exotic_cards(st: State, declared: Mapping[str, str]) -> dict[str, str]:
    """``{"X1": "red"}`` with each card word resolved to its card's name."""
    return {str(card_ref(st, cid)): colour for cid, colour in declared.items()}


def offer_card(st: State, location: str, word: Any, prefer: str | None = None) -> Any:
    """The card on offer named by ``word``: a slot number, a card name (prefix), a colour or a Hero's name; none
    at all when a single card is left. Slot numbers become card names, so the journal says what was taken.
    Identical cards are interchangeable: a word naming several is the leftmost (or ``prefer``, if among them)."""
    stage = st.mountain.stage
    slots = offer_slots(st, location, stage if location == MOUNTAIN and stage in ("middle", "top") else "bottom")
    offered = [st.cards[c] for c in slots if c]
    listing = ", ".join(c.label() for c in offered)
    if word is None:
        if len(offered) == 1:
            return offered[0].id
        if not offered:
            raise BadInput("nothing is left on offer here: recall the Party with 'eh recall'")
        raise BadInput(f"name the card to claim: {listing} (or 'eh recall' to take nothing)")
    text = str(word).strip().lower()
    if is_whole(text):
        n = int(text)
        return slots[n - 1] if 1 <= n <= len(slots) and slots[n - 1] else n
    tests: list[Callable[[Card], bool]] = [
        lambda c: c.id.lower() == text, lambda c: c.id.lower().startswith(text),
        lambda c: c.kind == "hero" and c.hero == hero_word(text),
        lambda c: bool(text) and ("exotic" if c.exotic else c.colour).startswith(text),
        lambda c: c.kind == "tavern" and hire_text(c.hire).lower() == text,  # the face: 2W, 1S1R
        lambda c: c.is_dragon and f"{'exotic' if c.exotic else c.colour}{c.glory}" == text,  # red3
    ]
    for test in tests:
        found = [c for c in offered if test(c)]
        if len(found) == 1:
            return found[0].id
        if len(found) > 1 and len({c.face() for c in found}) == 1:
            return prefer if prefer in [c.id for c in found] else found[0].id
        if len(found) > 1:
            raise BadInput(f"{word!r} could be {' or '.join(c.label() for c in found)}; name the card")
    return card_ref(st, word)


def player_named(st: State, text: str) -> str:
    """The player named by ``text``: exactly, or by a unique case-insensitive prefix."""
    return resolve_player(st.seats, text)


# -- the Action phase -----------------------------------------------------------------------------------


def _place(st: State, draft: Draft) -> Draft:
    """A Party without a space goes on the space of its size, less the Companion's Strength (the rules judge it)."""
    payload = dict(draft.payload)
    if "space" in payload or draft.player is None or not st.has_player(draft.player):
        return draft
    hire = payload.get("hire") or {}
    size = sum(hire.values()) if isinstance(hire, dict) else 0
    with_strength = payload.get("companion") and payload.get("strength", True) is not False
    strength = level(st.player(draft.player).attrs["strength"]) if with_strength else 0
    if not 1 <= size + strength <= 5:
        raise BadInput(f"a Party of {size} Hireling(s)"
                       f"{f' with the Companion (Strength: {strength} fewer)' if strength else ''} fits no space; "
                       "name the space: eh place LOCATION SPACE HIRE")
    ordered = {"location": payload.pop("location", None), "space": size + strength, **payload}
    return Draft(draft.type, draft.player, {k: v for k, v in ordered.items() if v is not None})


# -- reveals --------------------------------------------------------------------------------------------


def _empty_slots(st: State, location: str, only_level: str | None) -> list[dict[str, Any]]:
    """The empty slots of a Location's offer, left to right (the Mountain: bottom, then middle, then top)."""
    if location == MOUNTAIN:
        keys: list[tuple[str, str | None]] = [(f"mountain-{lvl}", lvl) for lvl in ("bottom", "middle", "top")
                                              if only_level in (None, lvl)]
    else:
        keys = [(location, None)]
    free = []
    for key, lvl in keys:
        for i, cid in enumerate(st.offers.get(key, [])[:3]):
            if cid is None:
                free.append({"level": lvl, "slot": i + 1} if lvl else {"slot": i + 1})
    return free


def _reveal(st: State, draft: Draft) -> Draft:
    """A card revealed without a slot fills the leftmost empty one (``batch``: the cards still to come, this one
    included, which must all find a slot)."""
    payload = dict(draft.payload)
    batch = payload.pop("batch", 1)
    location = payload.get("location")
    if "slot" in payload or location == "garrison" or not isinstance(location, str) or \
            (location != MOUNTAIN and location not in st.offers):
        return Draft(draft.type, draft.player, payload)
    only_level = payload.pop("level", None)
    free = _empty_slots(st, location, only_level)
    if not isinstance(batch, int) or batch > len(free):
        where = f"the Mountain's {only_level} level" if only_level else f"the {location}"
        slots = "no empty slot" if not free else f"only {len(free)} empty slot{'s' if len(free) != 1 else ''}"
        raise BadInput(f"{batch} card{'s' if batch != 1 else ''} but {slots} at {where}; "
                       "a reveal fills empty slots (see 'scorekeeper status')")
    face = {k: v for k, v in payload.items() if k != "location"}
    return Draft(draft.type, draft.player, {"location": location, **free[0], **face})


def _raid_reveal(st: State, draft: Draft) -> Draft:
    """A Raid card without a slot fills the first empty one (so the log says where it went)."""
    if "slot" in draft.payload:
        return draft
    empty = [i + 1 for i, r in enumerate(st.raids) if r is None]
    return Draft(draft.type, draft.player, {"slot": empty[0] if empty else 1, **draft.payload})


# -- the Reward phase -----------------------------------------------------------------------------------


def _acting(st: State, payload: dict[str, Any]) -> tuple[str | None, int | None, str | None]:
    """The Location, space and owner of the Party that acts now (or of the one named)."""
    _, exp_space, _ = expected(st)
    loc = payload.get("location") or st.location
    space = payload.get("space")
    if space is None and loc is not None and loc == st.location:
        space = exp_space
    party = st.party(loc, space) if loc is not None and isinstance(space, int) else None
    return loc, space, (party.owner if party else None)


def _claim(st: State, draft: Draft) -> Draft:
    """CLAIM / MTN_CLAIM: the Party whose turn it is, the card named among those on offer."""
    payload = dict(draft.payload)
    loc, space, owner = _acting(st, payload)
    out: dict[str, Any] = {"location": loc, "space": space}
    word = payload.get("card")
    if st.phase == REWARD and loc is not None and loc == st.location and owner is not None:
        out["card"] = offer_card(st, loc, word)
    elif word is not None:
        out["card"] = card_ref(st, word)
    if loc == MOUNTAIN:
        out["level"] = st.mountain.stage
    if payload.get("attach") is not None:
        out["attach"] = str(card_ref(st, payload["attach"]))
    for key in ("skill1", "track", "peakwalker", "wrangler", "mentor", "blazebinder", "dragonspeaker", "skill4"):
        if key in payload:
            out[key] = payload[key]
    kind = "MTN_CLAIM" if loc == MOUNTAIN else "CLAIM"
    return Draft(kind, draft.player or owner, {k: v for k, v in out.items() if v is not None})


def _recall(st: State, draft: Draft) -> Draft:
    """RECALL, or MTN_RETRIEVE on the Mountain's upper levels."""
    loc, space, owner = _acting(st, dict(draft.payload))
    kind = "MTN_RETRIEVE" if loc == MOUNTAIN and st.mountain.stage != "bottom" else "RECALL"
    payload = {k: v for k, v in {"location": loc, "space": space}.items() if v is not None}
    return Draft(kind, draft.player or owner, payload)


def _np(st: State, draft: Draft) -> Draft:
    """The card the non-player Crest discards: the one named, else the one the rules prescribe."""
    word = draft.payload.get("card")
    prescribed = np_prescribed(st)
    if word is not None:  # by its name or its face, as a claim names it
        location = st.location if st.phase == REWARD else None
        card = offer_card(st, location, word, prescribed.id if prescribed else None) if location else card_ref(st, word)
        return Draft(draft.type, None, {"card": str(card)})
    return Draft(draft.type, None, {"card": prescribed.id} if prescribed else {})


def _order(st: State, draft: Draft) -> Draft:
    """The tied Mountain Parties named by space numbers or by their owners; the Survivalist orders them."""
    spaces: list[Any] = []
    for word in draft.payload.get("order") or []:
        if isinstance(word, int) or is_whole(str(word)):
            spaces.append(int(word))
            continue
        name = player_named(st, str(word))
        mine = [q.space for q in st.parties_at(MOUNTAIN) if q.owner == name and q.space not in spaces]
        if len(mine) != 1:
            raise BadInput(f"{name} has {len(mine)} Parties on the Mountain; give space numbers instead")
        spaces.append(mine[0])
    return Draft(draft.type, draft.player or survivalist(st), {**draft.payload, "order": spaces})


# -- cards, Heroes, skills ------------------------------------------------------------------------------


def _attach(st: State, draft: Draft) -> Draft:
    payload = dict(draft.payload)
    named = draft.player
    d = card_ref(st, payload.get("dragon", ""), owned_ids(st, named, lambda c: c.is_dragon and not c.attached_to))
    owner = named or (st.cards[d].owner if isinstance(d, str) and d in st.cards else None)
    t = card_ref(st, payload.get("target", ""),
                 owned_ids(st, owner, lambda c: c.kind in ("hero", "preserve") and not c.holds))
    payload.update(dragon=str(d), target=str(t))
    return Draft(draft.type, owner_of(st, d, named), payload)


def _complete_garrison(st: State, draft: Draft) -> Draft:
    payload = dict(draft.payload)
    c = card_ref(st, payload.get("card", ""),
                 owned_ids(st, draft.player, lambda c: c.kind == "garrison" and not c.completed))
    payload["card"] = str(c)
    if isinstance(payload.get("exotic"), dict):
        payload["exotic"] = exotic_cards(st, payload["exotic"])
    return Draft(draft.type, owner_of(st, c, draft.player), payload)


def _hero(st: State, draft: Draft) -> Draft:
    payload = dict(draft.payload)
    if "card" in payload:
        payload["card"] = card_ref(st, payload["card"])
    if "dragon" in payload:
        payload["dragon"] = str(card_ref(st, payload["dragon"]))
    player = draft.player
    if player is None:
        name = payload.get("hero")
        owners = [c.owner for c in st.cards.values() if c.kind == "hero" and c.hero == name and c.owner]
        if not owners:
            raise BadInput(f"nobody owns the {str(name).title()}; say who with -p")
        player = owners[0]
    return Draft(draft.type, player, payload)


def _raid(st: State, draft: Draft) -> Draft:
    """The exotic Dragons named; without a player, the first still waiting for the Raid."""
    payload = dict(draft.payload)
    if isinstance(payload.get("exotic"), dict):
        payload["exotic"] = exotic_cards(st, payload["exotic"])
    player = draft.player
    if player is None:
        waiting = [p.name for p in st.players if not p.raided] if st.phase == "raid" else []
        player = waiting[0] if waiting else st.active() or st.first
    return Draft(draft.type, player, payload)


def _declare(st: State, draft: Draft) -> Draft:
    payload = dict(draft.payload)
    if isinstance(payload.get("exotic"), dict):
        payload["exotic"] = exotic_cards(st, payload["exotic"])
    return Draft(draft.type, draft.player, payload)


def _answer(skill: int, waiting: Callable[[Any], Any]) -> Completer:
    """Skill 2/3 answers: the player named, else the skill holder whose answer is waiting (not whose turn it is);
    with none waiting, the holder of the skill (the rules then say there is nothing to answer)."""

    def fill(st: State, draft: Draft) -> Draft:
        if draft.player is not None:
            return draft
        holders = [p.name for p in st.players if waiting(p)]
        if len(holders) > 1:
            raise BadInput(f"{' and '.join(holders)} could answer; say who with -p")
        if not holders:
            holders = [p.name for p in st.players if p.skill == skill] or [st.active() or st.first]
        return Draft(draft.type, holders[0], draft.payload)

    return fill


def _skip(st: State, draft: Draft) -> Draft:
    """SKIP_TURN without a player: the turn the engine skipped just before, when whose turn it is cannot skip."""
    active = st.active()
    can_skip = active is not None and not st.player(active).crests and not aides_left(st)
    if draft.player is None and st.skipped and not can_skip:
        return Draft(draft.type, st.skipped[0], draft.payload)
    return draft


COMPLETERS: dict[str, Completer] = {
    "SKIP_TURN": _skip,
    "PLACE_PARTY": _place,
    "CARD_REVEAL": _reveal,
    "RAID_REVEAL": _raid_reveal,
    "CLAIM": _claim,
    "MTN_CLAIM": _claim,
    "RECALL": _recall,
    "MTN_RETRIEVE": _recall,
    "NP_DISCARD": _np,
    "MTN_ORDER": _order,
    "ATTACH_DRAGON": _attach,
    "GARRISON_COMPLETE": _complete_garrison,
    "HERO_ABILITY": _hero,
    "RAID_DISCARD": _raid,
    "END_DECLARE": _declare,
    "FLAME_RESPONSE": _answer(2, lambda p: p.skill == 2 and p.pending_flame > 0),
    "ATTR_EXTRA_STEP": _answer(3, lambda p: p.skill == 3 and p.pending_track),
}

