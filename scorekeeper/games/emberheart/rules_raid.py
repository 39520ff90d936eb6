"""The Raid phase, the "after the Raid" abilities and the Reset phase (EH-RAID, EH-RESET, EH-END-1)."""

from __future__ import annotations

from itertools import product

from scorekeeper.games.emberheart.cards import (
    AIDES, BLUE, EXPERTS, GRUNT, HIRELING_NAMES, RANGER, SCOUT, WARDEN, Card, hire_text,
)
from scorekeeper.games.emberheart.context import (
    Ctx, count_colour, declared_colours, experts, flame_up, hero_active, read_counts, require_hero,
)
from scorekeeper.games.emberheart.state import ACTION, END, RAID, MountainState, Player, State, new_offers

BASIS_WORDS = {"hero": "Hero card", "preserve": "Preserve card", "garrison": "Garrison card",
               "attribute": "step of your highest Attribute marker", "red": "red Dragon", "blue": "blue Dragon",
               "green": "green Dragon", "ranger": "Ranger", "warden": "Warden", "scout": "Scout",
               "hero+preserve": "Hero or Preserve card"}


def raid_in_force(st: State) -> int | None:
    """EH-RAID-2: the face-up Raid card the Defender did not discard (slot 1 or 2)."""
    shown = [i + 1 for i, r in enumerate(st.raids) if r is not None and i + 1 != st.raid_discarded]
    return shown[0] if shown else None


def basis_count(st: State, p: Player, card: Card, declared: dict[str, str]) -> int:
    """EH-RAID-4: how many of the card's basis the player has."""
    basis = card.basis
    if basis in ("hero", "preserve", "garrison"):
        return len(st.owned(p.name, basis))
    if basis == "hero+preserve":
        return len(st.owned(p.name, "hero")) + len(st.owned(p.name, "preserve"))
    if basis == "attribute":
        return max(p.attrs.values())
    if basis in ("red", "blue", "green"):
        return count_colour(st, p.name, basis, declared, best=False)  # exotics count only as declared
    return p.hire[{"ranger": RANGER, "warden": WARDEN, "scout": SCOUT}[basis]]


def required_discards(st: State, p: Player, card: Card, declared: dict[str, str]) -> int:
    """EH-RAID-3: amount × ⌊count ÷ per⌋ (AMB-21)."""
    return card.amount * (basis_count(st, p, card, declared) // card.per)


def expert_plans(hire: dict[str, int], must: int) -> list[dict[str, int]]:
    """EH-RAID-5: the ways to discard ``must`` Experts from ``hire`` when the player has to choose (more than one
    kind owned and not all of them lost); empty when the rules decide alone."""
    owned = [t for t in EXPERTS if hire[t]]
    if not must or must >= experts(hire) or len(owned) < 2:
        return []
    plans = []
    for counts in product(*(range(min(hire[t], must), -1, -1) for t in owned)):
        if sum(counts) == must:
            plans.append({t: n for t, n in zip(owned, counts) if n})
    return plans


def discard_choices(st: State, p: Player) -> list[str]:
    """The discards (``1S``, ``1R``…) ``p`` chooses among for the Raid card in force, before any Hero's reduction;
    empty when the rules decide what goes (Grunts, every Expert, one kind, nothing)."""
    slot = raid_in_force(st)
    raid_id = st.raids[slot - 1] if slot else None
    if raid_id is None or st.cards[raid_id].item == "G":
        return []
    must = min(required_discards(st, p, st.cards[raid_id], {}), experts(p.hire))
    return [hire_text(plan) for plan in expert_plans(p.hire, must)]


def raid_discard(st: State, ctx: Ctx) -> None:
    """RAID_DISCARD{card, discard, fire_sage, custodian, exotic} (EH-RAID-2..9)."""
    if st.phase != RAID:
        now = {"action": "Action", "reward": "Reward", "raid": "Raid", "end": "End Game Scoring"}.get(st.phase, st.phase)
        ctx.stop("EH-FLOW-2", f"Raid discards happen in the Raid phase, after the last Location's claims; it is now "
                             f"the {now} phase (see 'scorekeeper status' for what comes next)")
    p = st.player(ctx.event.player)
    flame_before = p.flame
    if p.raided:
        ctx.stop("EH-RAID-9", f"{p.name} has already resolved this round's Raid")
    slot = ctx.get("card") or raid_in_force(st)
    raid_id = st.raids[slot - 1] if slot in (1, 2) else None
    if raid_id is None:
        ctx.stop("EH-RAID-2", "no Raid card is face up: reveal the round's Raid cards first (eh raidcard …)")
    if st.raid_discarded is None and all(st.raids):
        ctx.warn("EH-RAID-2", "no Defender discard was recorded; slot 1 is taken as the Raid card in force")
    if slot == st.raid_discarded:  # EH-HERO-MESSENGER-A: the Messenger may apply the discarded card
        if not hero_active(st, p.name, "messenger"):
            ctx.stop("EH-RAID-2", f"the Defender discarded Raid slot {slot}; the card in force is slot {raid_in_force(st)}")
    card = st.cards[raid_id]
    declared = declared_colours(st, p.name, ctx.get("exotic"), ctx)
    required = required_discards(st, p, card, declared)
    if ctx.get("fire_sage"):  # EH-HERO-FIRESAGE-A, EH-RAID-8
        require_hero(st, p.name, "fire sage", ctx, "EH-HERO-FIRESAGE-A")
        flame_up(st, p, 1, ctx)
        required = max(0, required - 2)
    if ctx.get("custodian"):  # EH-HERO-CUSTODIAN-A, EH-RAID-8
        require_hero(st, p.name, "custodian", ctx, "EH-HERO-CUSTODIAN-A")
        required = max(0, required - 1)
    given = ctx.get("discard")
    if card.item == "G":
        must = min(required, p.hire[GRUNT])  # EH-RAID-6
        plan = {GRUNT: must}
        if given is not None and read_counts(given, ctx, "EH-RAID-6") != ({GRUNT: must} if must else {}):
            ctx.stop("EH-RAID-6", f"{p.name} must discard exactly {must} Grunt(s) (required {required}, owns "
                                 f"{p.hire[GRUNT]}); other types cannot substitute")
    else:
        must = min(required, experts(p.hire))  # EH-RAID-5, EH-RAID-6
        if given is None:
            owned = [t for t in EXPERTS if p.hire[t]]
            plans = expert_plans(p.hire, must)
            if plans:
                ctx.ask("EH-RAID-5", f"{p.name} must discard {must} Expert(s) and owns "
                                     f"{', '.join(f'{p.hire[t]}{t}' for t in owned)}: say which, e.g. "
                                     f"eh raid -p {p.name} --discard {hire_text(plans[0])}", word="discard")
            plan = {t: p.hire[t] for t in EXPERTS} if must == experts(p.hire) else {owned[0]: must} if must else {}
        else:
            plan = read_counts(given, ctx, "EH-RAID-5")
            if any(k not in EXPERTS for k in plan):
                ctx.stop("EH-RAID-6", "this Raid card takes Experts (S, R, W); Grunts cannot substitute")
            if sum(plan.values()) != must:
                ctx.stop("EH-RAID-6", f"{p.name} must discard exactly {must} Expert(s) (required {required}, owns "
                                     f"{experts(p.hire)})")
            for t, n in plan.items():
                if p.hire[t] < n:
                    ctx.stop("EH-RAID-5", f"{p.name} has only {p.hire[t]} {HIRELING_NAMES[t]}(s)")
    for t, n in plan.items():
        p.hire[t] -= n
    flame_up(st, p, required - must, ctx)  # EH-RAID-7
    p.raided = True
    lost = {t: n for t, n in plan.items() if n}
    cost = ([f"-{hire_text(lost)}"] if lost else []) + ([f"Flame {p.flame - flame_before:+d}"]
                                                        if p.flame != flame_before else [])
    ctx.info(f"Raid: {p.name} {', '.join(cost) or 'nothing'}")  # what the Raid cost, under the play's line
    if all(q.raided for q in st.players):
        after_raid(st, ctx)


def after_raid(st: State, ctx: Ctx) -> None:
    """EH-RAID-9: automatic "after the Raid" abilities, then Reset (rounds I–IV) or End Game Scoring."""
    for p in st.players:
        if hero_active(st, p.name, "quartermaster"):  # EH-HERO-QUARTERMASTER-A (exotics: the best choice)
            p.gear += count_colour(st, p.name, BLUE) // 2
    st.after_raid_round = st.round
    if st.round >= 5:  # EH-END-1, EH-FLOW-1
        st.phase = END
        for p in st.players:
            p.end_gear = p.gear
        return
    reset(st, ctx)


def reset(st: State, ctx: Ctx | None = None) -> None:
    """EH-RESET-1..10 (card refills are logged by the user as CARD_REVEAL / RAID_REVEAL); said in ``ctx``'s words
    apart from the play that brought it (field report EH-V9)."""
    if ctx is not None:
        offered = [cid for slots in st.offers.values() for cid in slots if cid]
        ctx.info(f"Reset: the Aides go back to the Ambassador; discarded from the offers: {', '.join(offered) or 'none'}"
                 f"; round {st.round + 1} begins")
    for key, slots in st.offers.items():  # EH-RESET-2 (the Garrison keeps its cards)
        for cid in slots:
            if cid:
                st.cards[cid].discarded = True
    st.offers = new_offers()
    leader = st.aides.get("leader")
    if leader:
        st.first = leader  # EH-RESET-5, EH-AIDE-4
    st.aides = {a: None for a in AIDES}  # EH-RESET-6
    if st.settings.get("special_crests_return", "reset") == "never":  # AMB-03: they stay on the board
        for site, names in st.specials.items():
            for name in names:
                st.player(name).crests_gone += 1
    st.specials = {"warehouse": [], "firestation": []}  # EH-SPEC-4: Special-Location Crests go home
    for p in st.players:  # EH-RESET-10 (AMB-03), EH-RESET-9: Flame stays
        p.crests = 5 - p.crests_gone
        p.companion_used = p.companion_recalled = False
        p.aides = []
        p.raided = False
    st.raids = [None, None]  # EH-RESET-7
    st.raid_discarded = None
    st.round += 1  # EH-RESET-8
    st.phase = ACTION
    st.turn = 0
    st.actions = 0
    st.blocked, st.np_done, st.two_p_revealed = [], [], False  # EH-2P-8
    st.refill = []
    st.emptied = []
    st.location = None
    st.mountain = MountainState()
