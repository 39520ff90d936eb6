"""The Reward phase: Location order, claim order, claims and recalls, the Mountain's three levels, the
2-player non-player discards (EH-REW, EH-MTN, EH-2P-5..9, EH-CMP-4, EH-CMP-10)."""

from __future__ import annotations

from typing import Any

from scorekeeper.games.emberheart.cards import (
    CAMP, COLOURS, EXPERTS, GARRISON, GRUNT, HIRELINGS, LOCATION_TITLES, LOCATIONS, MOUNTAIN, PRESERVE,
    TAVERN, WARDEN, Card,
)
from scorekeeper.games.emberheart.context import (
    next_play,
    Ctx, advance, flame_down, flame_up, hero_active, valid_track,
)
from scorekeeper.games.emberheart.state import RAID, REWARD, MountainState, Party, State

NP = "(non-player)"


# -- whose turn in the Reward phase ---------------------------------------------------------------------


def actors(st: State, location: str) -> list[tuple[int, str]]:
    """Pending actors at a normal Location (or the Mountain's bottom level): (space, owner) by descending
    space (EH-REW-2, EH-CMP-10); 2P non-player Crests act at their own space (EH-2P-5)."""
    pending = [(p.space, p.owner) for p in st.parties if p.location == location and not p.done]  # parties_at
    if st.blocked:  # (a 2-player game only)
        pending += [(s, NP) for (loc, s) in st.blocked if loc == location and (loc, s) not in st.np_done]
    if len(pending) > 1:
        pending.sort(reverse=True)
    return pending


def expected(st: State) -> tuple[str, int | None, str | None]:
    """(what, space, who) the Reward phase waits for: ``claim`` / ``np`` / ``order`` / ``none``."""
    if st.phase != REWARD or st.location is None:
        return "none", None, None
    if st.location == MOUNTAIN and st.mountain.stage != "bottom":
        stage = st.mountain.stage
        if stage.startswith("order"):
            return "order", None, survivalist(st)
        for space in st.mountain.order:
            party = st.party(MOUNTAIN, space)
            if party is not None and not party.done:
                return "claim", space, party.owner
        return "none", None, None
    pending = actors(st, st.location)
    if not pending:
        return "none", None, None
    space, owner = pending[0]
    return ("np" if owner == NP else "claim"), space, owner


def survivalist(st: State) -> str:
    """EH-AIDE-9: the Survivalist holder breaks Mountain ties (the first player if nobody holds it)."""
    return st.aides.get("survivalist") or st.first


# -- phase flow -----------------------------------------------------------------------------------------


def start_reward(st: State, ctx: Ctx) -> None:
    """Begin the Reward phase at the first Location with a Party or a non-player Crest."""
    st.phase = REWARD
    st.location = None
    st.mountain = MountainState()
    next_location(st, ctx)


def next_location(st: State, ctx: Ctx) -> None:
    """Finish the current Location when nobody is left to act, then move on in EH-REW-1 order."""
    while True:
        if st.location is not None:
            if st.location == MOUNTAIN:
                if not mountain_progress(st, ctx):
                    return
            elif actors(st, st.location):
                return
            finish_location(st, st.location)
        start = 0 if st.location is None else LOCATIONS.index(st.location) + 1
        # the first Location after it with anyone to act (a Party or a non-player Crest), in one pass over the board
        occupied = {q.location for q in st.parties}.union([loc for loc, _ in st.blocked])
        upcoming = next((loc for loc in LOCATIONS[start:] if loc in occupied), None)
        if upcoming is None:
            end_reward(st)
            return
        st.location = upcoming
        if st.location == MOUNTAIN:
            st.mountain = MountainState()


def finish_location(st: State, location: str) -> None:
    """EH-REW-6: Grunts of claiming Parties are discarded; Experts, Crests, Companions go home."""
    for party in list(st.parties_at(location)):
        owner = st.player(party.owner)
        for t in EXPERTS:
            owner.hire[t] += party.hire[t]
        owner.crests += 1
        st.parties.remove(party)


def end_reward(st: State) -> None:
    """EH-REW-13: no Party is left; the Raid phase begins (EH-RAID-1)."""
    for party in list(st.parties):  # defensive: nothing should be left
        finish_location(st, party.location)
    st.phase = RAID
    st.location = None
    for p in st.players:
        p.raided = False
        p.trainer_used = False


# -- claims ---------------------------------------------------------------------------------------------


def offer_slots(st: State, location: str, level: str | None = None) -> list[str | None]:
    """The card slots of a Location's offer (the Garrison's in red, blue, green order)."""
    if location == GARRISON:
        return [st.garrison[c] for c in COLOURS]
    if location == MOUNTAIN:
        return st.offers[f"mountain-{level or 'bottom'}"]
    return st.offers[location]


def remove_from_offer(st: State, card_id: str) -> None:
    """Take a card out of whatever offer slot holds it."""
    for key, slots in st.offers.items():
        if card_id not in slots:  # (every claim runs this over every offer)
            continue
        for i, cid in enumerate(slots):
            if cid == card_id:
                slots[i] = None
                st.emptied.append(f"{key}:{i + 1}")  # EH-REW-7: this slot is not refilled this round
    for colour, cid in st.garrison.items():
        if cid == card_id:
            st.garrison[colour] = None


def find_offer_card(st: State, ctx: Ctx, location: str, level: str | None, wanted: Any) -> Card:
    """The card named (id, or 1-based slot) in the current offer (EH-REW-3)."""
    slots = offer_slots(st, location, level)
    cid = None
    if isinstance(wanted, int) and not isinstance(wanted, bool):
        if 1 <= wanted <= len(slots):
            cid = slots[wanted - 1]
    elif wanted is not None:
        text = str(wanted)
        if location == GARRISON and text.lower() in COLOURS:
            cid = st.garrison[text.lower()]
        elif text in slots:
            cid = text
    if cid is None:
        left = [c for c in slots if c]
        where = LOCATION_TITLES[location] + (f" ({level} level)" if location == MOUNTAIN else "")
        ctx.stop("EH-REW-3", f"{wanted} is not on offer at {where}; on offer: "
                            f"{', '.join(st.cards[c].label() for c in left) or 'nothing (recall the Party)'}")
    return st.cards[cid]


def require_reward(st: State, ctx: Ctx) -> None:
    """EH-FLOW-2: claims and recalls happen in the Reward phase."""
    if st.phase != REWARD:
        now = {"action": "Action", "reward": "Reward", "raid": "Raid", "end": "End Game Scoring"}.get(st.phase, st.phase)
        ctx.stop("EH-FLOW-2", f"claims and recalls happen in the Reward phase; it is now the {now} phase "
                             f"— next: {next_play(st)}")


def acting_party(st: State, ctx: Ctx, location: str) -> Party:
    """The Party named by the event, checked against the claim order (EH-REW-1, EH-REW-2)."""
    require_reward(st, ctx)
    if location != st.location:
        assert st.location is not None  # in the Reward phase a Location is always being resolved (next_location)
        ctx.stop("EH-REW-1", f"{LOCATION_TITLES.get(location, location)} is not being resolved: "
                            f"{LOCATION_TITLES[st.location]} is (order: Guild, Tavern, Camp, Mountain, Preserve, Garrison)")
    what, space, who = expected(st)
    wanted = ctx.get("space", space)
    if what == "order" and wanted is None:
        ctx.stop("EH-MTN-19", f"{who} (Survivalist) must first order the tied Parties (eh order …)")
    if what == "np" and wanted == space:
        ctx.stop("EH-2P-5", f"space {space} holds the non-player Crest: it discards its card now (eh np)")
    party = st.party(location, wanted) if isinstance(wanted, int) else None
    if party is None:
        ctx.stop("EH-REW-2", f"there is no Party on {LOCATION_TITLES[location]} space {wanted}")
    if ctx.event.player and ctx.event.player != party.owner:
        ctx.stop("EH-REW-2", f"the Party on space {wanted} is {party.owner}'s, not {ctx.event.player}'s")
    if what == "order":
        ctx.stop("EH-MTN-19", f"{who} (Survivalist) must first order the tied Parties (eh order …)")
    if wanted != space:
        nxt = f"{who} (space {space})" if who != NP else f"the non-player Crest (space {space}) discards first (eh np)"
        ctx.stop("EH-MTN-19" if location == MOUNTAIN and st.mountain.stage != "bottom" else "EH-REW-2",
                f"it is not space {wanted}'s turn to choose: next is {nxt}")
    return party


def gain_card(st: State, ctx: Ctx, name: str, card: Card) -> None:
    """``name`` takes ``card`` from the offer into their area."""
    card.owner = name
    st.player(name).cards.append(card.id)
    remove_from_offer(st, card.id)


def wrangler(st: State, ctx: Ctx, name: str, card: Card) -> None:
    """EH-HERO-WRANGLER-A: a claimed Dragon of Glory 5 or 7 gives +1 Grunt or +1 Gear (default Gear)."""
    if card.glory in (5, 7) and hero_active(st, name, "wrangler"):
        choice = str(ctx.get("wrangler", "gear")).lower()
        if choice in ("grunt", "g"):
            st.player(name).hire[GRUNT] += 1
        else:
            st.player(name).gear += 1


def after_dragon_claim(st: State, ctx: Ctx, name: str, card: Card) -> None:
    """Wrangler, then an immediate attachment if the claim names one."""
    wrangler(st, ctx, name, card)
    target = ctx.get("attach")
    if target:  # EH-REW-10 / EH-DRG-4: attach at once
        from scorekeeper.games.emberheart.rules_cards import do_attach

        # EH-DRG-5: a claim's ``track`` is the Mountain top's choice (EH-MTN-15), never the Preserve's track
        options = {k: v for k, v in ctx.event.payload.items() if k != "track"}
        do_attach(st, ctx, name, card.id, str(target), options)


def attach_later(st: State, card: Card, named: Any) -> str:
    """The ``eh attach`` that attaches the Dragon ``named`` to the Hero or Preserve ``card`` once it is claimed."""
    other = st.cards.get(str(named))
    dragon = other.id if other is not None and other.is_dragon else "DRAGON"
    return f"eh attach {dragon} {card.id}" if card.kind in ("hero", "preserve") else "eh attach DRAGON TARGET"


def claim(st: State, ctx: Ctx) -> None:
    """CLAIM{location, space, card, …} at a normal Location (EH-REW-3, EH-REW-8..12)."""
    require_reward(st, ctx)
    location = str(ctx.get("location", st.location or "")).lower()
    if location == MOUNTAIN:
        mountain_claim(st, ctx)
        return
    if location not in LOCATIONS:
        ctx.stop("EH-ACT-2", f"{location!r} is not a Common Location")
    party = acting_party(st, ctx, location)
    name = party.owner
    p = st.player(name)
    card = find_offer_card(st, ctx, location, None, ctx.get("card"))
    if ctx.get("attach") and location != CAMP:  # EH-DRG-1: only a claimed Dragon is attached at once
        ctx.stop("EH-DRG-1", f"{card.id} is not a Dragon: only a Dragon claimed at the Poachers' Camp or the Mountain "
                            f"can be attached at once (claim it, then: {attach_later(st, card, ctx.get('attach'))})")
    if card.reserved_for and card.reserved_for != name:
        ctx.stop("EH-HERO-BARD-A2", f"{card.id} is reserved for {card.reserved_for} (Bard); only they may claim it")
    party.claimed = party.done = True
    if location == TAVERN:  # EH-REW-9
        remove_from_offer(st, card.id)
        card.discarded = True
        card.owner = name
        for t in HIRELINGS:
            p.hire[t] += card.hire[t]
        if card.flame > 0:
            flame_up(st, p, card.flame, ctx)
        else:
            flame_down(st, p, -card.flame, ctx)
        mentor = ctx.get("mentor")
        if mentor:  # EH-HERO-MENTOR-A
            from scorekeeper.games.emberheart.context import require_hero

            require_hero(st, name, "mentor", ctx, "EH-HERO-MENTOR-A")
            swaps = [(str(a).upper(), str(b).upper()) for a, b in mentor]
            if len(swaps) > 2:
                ctx.stop("EH-HERO-MENTOR-A", "the Mentor exchanges at most 2 of the claimed Experts")
            gained = dict(card.hire)
            for src, dst in swaps:
                if src not in EXPERTS or dst not in EXPERTS or src == dst:
                    ctx.stop("EH-HERO-MENTOR-A", "the Mentor exchanges a claimed Expert for an Expert of another type")
                if gained.get(src, 0) < 1:
                    ctx.stop("EH-HERO-MENTOR-A", f"this Tavern card gave no {src} to exchange")
                gained[src] -= 1
                p.hire[src] -= 1
                p.hire[dst] += 1
    else:
        gain_card(st, ctx, name, card)
        if location == CAMP:  # EH-REW-10
            if card.flame:  # AMB-30: a Flame change entered on a Captive card is applied
                flame_up(st, p, card.flame, ctx)
            if ctx.get("dragonspeaker"):  # after the claim that triggers it (the floor must not eat the -1)
                from scorekeeper.games.emberheart.context import require_hero

                require_hero(st, name, "dragonspeaker", ctx, "EH-HERO-DRAGONSPEAKER-A")
                flame_down(st, p, 1, ctx)
            after_dragon_claim(st, ctx, name, card)
        elif location == PRESERVE and ctx.get("blazebinder"):  # EH-REW-11
            from scorekeeper.games.emberheart.context import require_hero

            require_hero(st, name, "blazebinder", ctx, "EH-HERO-BLAZEBINDER-A")
            flame_down(st, p, 1, ctx)
        # GUILD: EH-REW-8 (unattached); GARRISON: EH-REW-12 (not completed)
    next_location(st, ctx)


def recall(st: State, ctx: Ctx) -> None:
    """RECALL: the Party takes nothing and goes home whole, with +2 Gear (EH-REW-4, EH-REW-5, EH-MTN-5)."""
    require_reward(st, ctx)
    location = str(ctx.get("location", st.location or "")).lower()
    if location == MOUNTAIN and st.mountain.stage != "bottom":
        mountain_retrieve(st, ctx)
        return
    party = acting_party(st, ctx, location)
    p = st.player(party.owner)
    for t in HIRELINGS:
        p.hire[t] += party.hire[t]
    p.crests += 1
    p.gear += 2  # EH-REW-5 (AMB-11)
    st.parties.remove(party)
    next_location(st, ctx)


def np_prescribed(st: State) -> Card | None:
    """The card the 2P non-player must discard at the current Location (EH-2P-5, EH-2P-6, EH-2P-7)."""
    location = st.location
    if location is None:
        return None
    slots = offer_slots(st, location, "bottom")
    candidates = [st.cards[c] for c in slots if c and not st.cards[c].reserved_for]  # AMB-27
    if location == GARRISON and candidates:  # EH-2P-7: lowest Glory, leftmost on a tie
        return min(candidates, key=lambda c: (c.glory, slots.index(c.id)))
    return candidates[0] if candidates else None  # EH-2P-5, EH-2P-6 (Mountain: bottom level only)


def np_discard(st: State, ctx: Ctx) -> None:
    """NP_DISCARD: the 2P non-player discards the prescribed card (EH-2P-5, EH-2P-6, EH-2P-7, EH-2P-9)."""
    what, space, who = expected(st)
    if st.phase != REWARD or what != "np":
        nxt = f"; next: {who} (space {space}) claims or recalls" if what == "claim" else ""
        ctx.stop("EH-REW-2", f"no non-player Crest is due to act now{nxt}")
    location = st.location
    prescribed = np_prescribed(st)
    wanted = ctx.get("card")
    if wanted is not None and (prescribed is None or str(wanted) != prescribed.id):
        ctx.stop("EH-2P-9", f"the non-player discards {prescribed.id if prescribed else 'nothing (no card left)'}, "
                           f"not {wanted}")
    if prescribed is not None:
        remove_from_offer(st, prescribed.id)
        prescribed.discarded = True
    assert location is not None and space is not None  # what == "np": expected() found a Crest at st.location
    st.np_done.append((location, space))
    next_location(st, ctx)


# -- the Mountain ---------------------------------------------------------------------------------------


def mountain_progress(st: State, ctx: Ctx) -> bool:
    """Advance the Mountain's stages; True when the Mountain is fully resolved (EH-MTN-6..18)."""
    m = st.mountain
    while True:
        if m.stage == "bottom":
            if actors(st, MOUNTAIN):
                return False
            for party in list(st.parties_at(MOUNTAIN)):  # EH-MTN-6
                owner = st.player(party.owner)
                party.hire[GRUNT] = 0  # Grunts of claimers go to the common supply
                party.companion = False  # EH-CMP-4: the Companion returns after the bottom level
                if party.hire[WARDEN] == 0:
                    st.parties.remove(party)
                    owner.crests += 1  # retrieved, no Gear
                else:
                    party.done = False
            _order_stage(st, "order-warden", "middle",
                         [q for q in st.parties_at(MOUNTAIN)])  # EH-MTN-7, EH-MTN-8
        elif m.stage == "middle":
            if any(not q.done for q in st.parties_at(MOUNTAIN)):
                return False
            contenders = []
            for party in list(st.parties_at(MOUNTAIN)):
                if party.claimed_middle and party.hire[WARDEN] > 0:  # EH-MTN-13
                    party.done = False
                    contenders.append(party)
                else:  # EH-MTN-12: left with 0 Wardens → retrieved
                    _retrieve(st, party)
            _order_stage(st, "order-top", "top", contenders)  # EH-MTN-14
        elif m.stage == "top":
            if any(not q.done for q in st.parties_at(MOUNTAIN)):
                return False
            for party in list(st.parties_at(MOUNTAIN)):  # EH-MTN-18
                _retrieve(st, party)
            m.stage = "done"
        elif m.stage.startswith("order"):
            return False
        if m.stage == "done":
            return True


def _order_stage(st: State, order_stage: str, next_stage: str, parties: list[Party]) -> None:
    """Rank ``parties`` by Wardens; wait for the Survivalist on ties, else go to ``next_stage``."""
    m = st.mountain
    if not parties:
        m.stage, m.order, m.tied = "done", [], []
        return
    ranked = sorted(parties, key=lambda q: (-q.hire[WARDEN], -q.space))
    m.order = [q.space for q in ranked]
    groups: dict[int, list[int]] = {}
    for q in ranked:
        groups.setdefault(q.hire[WARDEN], []).append(q.space)
    m.tied = [g for g in groups.values() if len(g) > 1]
    m.stage = order_stage if m.tied else next_stage


def _retrieve(st: State, party: Party) -> None:
    """A Mountain Party goes home: Hirelings and Crest back, nothing gained."""
    owner = st.player(party.owner)
    for t in HIRELINGS:
        owner.hire[t] += party.hire[t]
    owner.crests += 1
    st.parties.remove(party)


def _mountain_party(st: State, space: int) -> Party:
    """The Party on a Mountain space that ``m.order`` / ``m.tied`` lists."""
    party = st.party(MOUNTAIN, space)
    assert party is not None  # m.order and m.tied hold only spaces of Parties on the Mountain (_order_stage)
    return party


def mountain_order(st: State, ctx: Ctx) -> None:
    """MTN_ORDER{stage, order: [spaces]}: the Survivalist orders tied Parties (EH-MTN-8, EH-MTN-14, EH-MTN-20)."""
    m = st.mountain
    if st.phase != REWARD or st.location != MOUNTAIN or not m.stage.startswith("order"):
        ctx.stop("EH-MTN-20", "no tied Mountain Parties are waiting to be ordered now")
    holder = survivalist(st)
    if ctx.event.player != holder:
        ctx.stop("EH-MTN-20", f"{holder} holds the Survivalist and decides the order, not {ctx.event.player}")
    order = ctx.get("order") or []  # a list: the engine's payload check refuses any other type first
    tied = {s for g in m.tied for s in g}
    if all(isinstance(s, int) for s in order) and sorted(order) == sorted(m.order):
        # the whole order was given: it must keep more Wardens first (only ties may move)
        wardens = [_mountain_party(st, s).hire[WARDEN] for s in order]
        if wardens != sorted(wardens, reverse=True):
            ctx.stop("EH-MTN-8", "Parties with more Wardens go first; only tied Parties may be ordered")
        order = [s for s in order if s in tied]
    given = [s for s in order if s in tied] if all(isinstance(s, int) for s in order) else []
    if sorted(given) != sorted(tied) or len(given) != len(order):
        names = ", ".join(f"{_mountain_party(st, s).owner} (space {s})" for s in sorted(tied))
        ctx.stop("EH-MTN-20", f"order exactly the tied Parties: {names}")
    # rebuild the order: untied ranks stay, tied groups take the given order
    new_order, pos = [], {s: i for i, s in enumerate(given)}
    for space in m.order:
        group = next((g for g in m.tied if space in g), None)
        if group is None:
            new_order.append(space)
        elif space == min(group, key=lambda s: m.order.index(s)):
            new_order.extend(sorted(group, key=lambda s: pos[s]))
    m.order, m.tied = new_order, []
    m.stage = "middle" if m.stage == "order-warden" else "top"
    next_location(st, ctx)


def mountain_claim(st: State, ctx: Ctx) -> None:
    """MTN_CLAIM{level, space, card, track, peakwalker} (EH-MTN-2..4, 10, 11, 13, 15, 19)."""
    m = st.mountain
    party = acting_party(st, ctx, MOUNTAIN)
    stage_level = "bottom" if m.stage == "bottom" else m.stage
    level = str(ctx.get("level", stage_level)).lower()
    if level != stage_level:
        ctx.stop("EH-MTN-19", f"the Mountain is at its {stage_level} level, not {level}")
    card = find_offer_card(st, ctx, MOUNTAIN, level, ctx.get("card"))
    p = st.player(party.owner)
    if card.wardens > party.hire[WARDEN]:  # EH-MTN-4
        ctx.stop("EH-MTN-4", f"{card.id} costs {card.wardens} Warden(s) from the Party, which has {party.hire[WARDEN]}; "
                            "choose another card or recall")
    party.hire[WARDEN] -= card.wardens  # EH-MTN-3
    flame_up(st, p, card.flame, ctx)
    party.claimed = party.done = True
    gain_card(st, ctx, p.name, card)
    if level in ("middle", "top"):  # EH-MTN-10, EH-MTN-11, EH-MTN-15
        if party.hire[WARDEN] > 0:
            party.hire[WARDEN] -= 1
        else:
            flame_up(st, p, 1, ctx)
    if level == "middle":
        party.claimed_middle = True
    if level == "top":
        flame_up(st, p, 1, ctx)
        if not ctx.get("track"):
            ctx.ask("EH-MTN-15", "the top Dragon also moves one Attribute marker up: say which, e.g. eh claim -t "
                                  "strength (strength, senses or speed)", word="track")
        track = valid_track(ctx.get("track"), ctx, "EH-MTN-15", "track the top Dragon advances")
        advance(st, p, track, 1, ctx)
        if hero_active(st, p.name, "peakwalker"):  # EH-HERO-PEAKWALKER-A
            extra = valid_track(ctx.get("peakwalker"), ctx, "EH-HERO-PEAKWALKER-A", "Peakwalker's extra track")
            advance(st, p, extra, 1, ctx)
    after_dragon_claim(st, ctx, p.name, card)
    next_location(st, ctx)


def mountain_retrieve(st: State, ctx: Ctx) -> None:
    """MTN_RETRIEVE at the middle or top level: the Party goes home, no Gear, no cost (EH-MTN-9, EH-MTN-12,
    EH-MTN-16, EH-MTN-17)."""
    m = st.mountain
    if st.phase == REWARD and st.location == MOUNTAIN and m.stage == "bottom":
        recall(st, ctx)  # bottom level: an ordinary recall with +2 Gear (EH-MTN-5)
        return
    party = acting_party(st, ctx, MOUNTAIN)
    party.done = True
    _retrieve(st, party)
    next_location(st, ctx)
