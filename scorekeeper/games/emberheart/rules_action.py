"""The Action phase: turns, Parties, the Companion, Special Locations, Aides, Gear swaps (EH-FLOW, EH-ACT,
EH-CMP, EH-SPEC, EH-AIDE, EH-GEAR, EH-EOA)."""

from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.core.events import Event
from scorekeeper.games.emberheart.cards import (
    AIDES, ALLOWED, CAMP, FIRESTATION, GRUNT, HIRELING_NAMES, HIRELINGS, LOCATION_TITLES, LOCATIONS, PRESERVE,
    RANGER, SCOUT, SPECIALS, TAVERN, WAREHOUSE, hire_text,
)
from scorekeeper.games.emberheart.context import (
    Ctx, flame_down, flame_up, hero_active, require_hero, text_counts,
)
from scorekeeper.games.emberheart.state import ACTION, Party, Player, State


def level(step: int) -> int:
    """EH-ATTR-3: the placement effect unlocked at steps 1, 3, 5 → 1, 2, 3."""
    return 3 if step >= 5 else 2 if step >= 3 else 1 if step >= 1 else 0


def aides_left(st: State) -> list[str]:
    """The Aides still available this round."""
    return [a for a in AIDES if st.aides[a] is None]


def require_turn(st: State, ctx: Ctx, what: str) -> Player:
    """EH-FLOW-2 (Action phase only) and EH-FLOW-5 (only the active player)."""
    if st.phase != ACTION:
        now = {"action": "Action", "reward": "Reward", "raid": "Raid", "end": "End Game Scoring"}.get(st.phase, st.phase)
        ctx.stop("EH-FLOW-2", f"{what} happens in the Action phase; it is now the {now} phase, the Action phase "
                             "ended with the last Aide (see 'scorekeeper status' for what comes next)")
    active = st.active()
    if ctx.event.player != active:
        ctx.breach("EH-FLOW-5", f"it is {active}'s turn, not {ctx.event.player}'s")
        order = st.order()  # forced: the table let this player take the turn; play goes on after them
        st.turn += (order.index(str(ctx.event.player)) - st.turn) % len(order)
    if len(st.seats) == 2 and not st.two_p_revealed:  # EH-2P-2
        ctx.breach("EH-2P-2", "a 2-player round starts by revealing a Two player mode card (eh block LOCATION:SPACE …)")
    if st.actions == 0:
        setup_incomplete(st, ctx)
    return st.player(str(ctx.event.player))


def setup_incomplete(st: State, ctx: Ctx) -> None:
    """EH-SETUP-7 (round I) and EH-RESET-3/4/7 (later rounds): the round's first play with an offer, Garrison or
    Raid slot still empty is flagged, naming what was not revealed (an exhausted deck leaves its slot empty, so
    it is a warning, not a refusal). Before, the play went through silently and ``next:`` forgot the reveals."""
    from scorekeeper.games.emberheart.view import missing_reveals

    missing = missing_reveals(st, two_player_card=False)
    if missing:
        rule = "EH-SETUP-7" if st.round == 1 else "EH-RESET-3"
        ctx.warn(rule, f"setup incomplete: {' · '.join(missing)} not revealed (reveal them now, unless a deck ran out)")


#: the plays that take a player's Action-phase turn (a Claim made there is one the table took for the turn)
TURN_PLAYS = frozenset({"PLACE_PARTY", "USE_SPECIAL", "TAKE_AIDE", "SKIP_TURN", "CLAIM"})


def move_on(st: State, event: Event) -> str | None:
    """EH-FLOW-3: a turn play forced by the player whose Action-phase turn it is, which the game cannot carry out,
    still ends that turn (the table has moved on); who acts next, or None when the turn stays where it is."""
    if event.type not in TURN_PLAYS or st.phase != ACTION or event.player != st.active():
        return None
    end_turn(st, Ctx(event, forced=True))
    return st.active() or f"the {st.phase} phase"


def end_turn(st: State, ctx: Ctx) -> None:
    """EH-FLOW-3 / EH-EOA-1..4: pass the turn; end the phase after the last player once all Aides are taken."""
    st.actions += 1
    n = len(st.seats)
    st.skipped = []
    no_aide = None not in map(st.aides.__getitem__, AIDES)  # not aides_left(st); the loop only moves the turn on
    while True:
        if no_aide and st.turn % n == n - 1:  # EH-EOA-3, EH-EOA-4; unused Crests are fine (EH-EOA-6)
            from scorekeeper.games.emberheart.rules_reward import start_reward

            start_reward(st, ctx)
            return
        st.turn += 1
        nxt = st.player(st.active())
        if no_aide and nxt.crests == 0:  # EH-EOA-5: no Crest, no Aide → the turn is skipped
            st.log.append(f"{nxt.name} has no Crest left and skips the turn")
            st.skipped.append(nxt.name)
            continue
        return


def read_hire(ctx: Ctx, data: Mapping[str, Any], rule: str) -> dict[str, int]:
    """A validated Hireling count from ``data['hire']``."""
    hire = text_counts(data.get("hire") or {}, ctx, rule)  # ``2G1S`` from an amend is read too
    if not isinstance(hire, dict) or any(k not in HIRELINGS or not isinstance(v, int) or v < 0 for k, v in hire.items()):
        ctx.stop(rule, "Hirelings are counts of G, S, R, W, written like 2G1S (an amend: hire=2G1S)")
    return {t: int(hire.get(t, 0)) for t in HIRELINGS}


def do_place(st: State, ctx: Ctx, p: Player, data: Mapping[str, Any], *, via_leader: bool = False) -> Party:
    """Send a Party (EH-ACT-1..9, EH-CMP-1..9, placement Hero triggers)."""
    location = str(data.get("location", "")).lower()
    if location in SPECIALS:
        ctx.stop("EH-ACT-2", f"the {location.title()} has no spaces; use it with 'eh special {location}'")
    if location not in LOCATIONS:
        ctx.stop("EH-ACT-2", f"{location!r} is not a Common Location ({', '.join(LOCATIONS)})")
    space = data.get("space")
    spaces = st.settings.get("location_spaces", 5)
    if not isinstance(space, int) or not 1 <= space <= spaces:
        ctx.stop("EH-ACT-2", f"{LOCATION_TITLES[location]} has spaces 1–{spaces}, not {space!r}")
    if p.crests < 1:
        ctx.stop("EH-ACT-1", f"{p.name} has no Crest left to send a Party; take an Aide instead"
                + ("" if aides_left(st) else " (none left: skip)"))
    taken = st.party(location, space)  # EH-ACT-7: only the space matters; more Parties of one player are fine
    if taken is not None:
        free = [s for s in range(1, spaces + 1) if st.party(location, s) is None and (location, s) not in st.blocked]
        ctx.stop("EH-ACT-3", f"{LOCATION_TITLES[location]} space {space} is taken by {taken.owner}; free spaces: "
                            f"{', '.join(map(str, free)) or 'none'}")
    if (location, space) in st.blocked:
        free = [s for s in range(1, spaces + 1) if st.party(location, s) is None and (location, s) not in st.blocked]
        ctx.stop("EH-2P-3", f"{LOCATION_TITLES[location]} space {space} is blocked by a non-player Crest this round; "
                           f"free spaces: {', '.join(map(str, free)) or 'none'}")
    hire = read_hire(ctx, data, "EH-ACT-5")
    companion = bool(data.get("companion", False))
    if companion:
        # EH-AIDE-6: the rulebook bars only the Companion the Leader just recalled; an unused one may join
        # the new Party (the checklist's "without the Companion" is a conflict, see docs/emberheart.md)
        if via_leader and p.companion_recalled:
            ctx.breach("EH-AIDE-6", "the Companion recalled with the Leader cannot be placed again this round")
        elif p.companion_recalled:
            ctx.breach("EH-CMP-3", f"{p.name}'s Companion was recalled by the Leader and cannot be placed again this round")
        if p.companion_used:
            ctx.breach("EH-CMP-1", f"{p.name}'s Companion has already joined a Party this round; place the Party "
                                f"without it (no -c): space {space} needs {space} Hirelings")
    use_strength = companion and data.get("strength", True) is not False
    reduction = level(p.attrs["strength"]) if use_strength else 0
    required = max(0, space - reduction)
    n = sum(hire.values())
    if n > 5:
        ctx.breach("EH-ACT-4", "a Party has at most 5 Hirelings")
    partial = bool(st.settings.get("strength_partial", False))
    wrong_size = n != required and n <= 5 and not (partial and use_strength and required <= n <= space)
    if wrong_size and companion and use_strength and reduction:
        rule = "EH-CMP-6" if n == 0 else "EH-CMP-5"
        ctx.breach(rule, f"space {space} with the Companion (Strength {p.attrs['strength']}: {reduction} fewer) "
                      f"needs exactly {required} Hirelings, not {n}")
    elif wrong_size:
        hint = ""
        if not companion and level(p.attrs["strength"]) and not p.companion_used and not p.companion_recalled and n < space:
            hint = f"; with the Companion (-c) it needs {max(0, space - level(p.attrs['strength']))}"
        elif 1 <= n <= spaces and n != space:  # what would be legal: the space that matches the Party
            taken_by = st.party(location, n)
            hint = (f"; a Party of {n} goes on space {n}"
                    + (f" (taken by {taken_by.owner})" if taken_by else "")
                    + (" (blocked this round)" if (location, n) in st.blocked else ""))
        ctx.breach("EH-ACT-4", f"space {space} needs exactly {space} Hirelings, not {n}{hint}")
    bad = [t for t in HIRELINGS if hire[t] and t not in ALLOWED[location]]
    if bad:
        ctx.breach("EH-ACT-6", f"{LOCATION_TITLES[location]} takes only "
                            f"{' and '.join(HIRELING_NAMES[t] + 's' for t in ALLOWED[location])}, "
                            f"not {', '.join(HIRELING_NAMES[t] + 's' for t in bad)}")
    short = [t for t in HIRELINGS if hire[t] > p.hire[t]]
    if short:
        on_board = st.board_hire(p.name)
        rule = "EH-ACT-9" if any(hire[t] <= p.hire[t] + on_board[t] for t in short) else "EH-ACT-5"
        supply = hire_text({t: p.hire[t] for t in HIRELINGS})
        missing = {t: hire[t] - p.hire[t] for t in short}
        if sum(p.hire.values()) == 0:
            hint = ("no Hirelings left in supply; the Firestation gives 4 Grunts"
                    + (", or take an Aide" if aides_left(st) else ""))
        else:
            hint = f"only {supply} in supply, not {hire_text(hire)}"
            if sum(missing.values()) <= p.gear and p.hire[GRUNT] >= sum(missing.values()) and GRUNT not in short:
                hint += "; swap Grunts first, 1 Gear each: " + ", ".join(
                    f"eh swap G {t} {n}" for t, n in missing.items())
        ctx.stop(rule, f"{p.name} has {hint} (tokens on the board cannot be placed again)")
    # EH-2P-4: non-player Crests are not Parties (they are not in st.parties), so they never block Speed
    own_block = st.settings.get("speed_own_parties_block", True)
    others = [q for q in st.parties_at(location) if own_block or q.owner != p.name]
    # the placement itself (EH-ACT-8)
    for t in HIRELINGS:
        p.hire[t] -= hire[t]
    p.crests -= 1
    party = Party(p.name, location, space, hire, companion=companion)
    st.parties.append(party)
    if companion:
        p.companion_used = True
        senses = level(p.attrs["senses"])
        # EH-CMP-9: each track gives only its top unlocked effect (level()), each one optional
        if space == 3 and senses and data.get("senses", True) is not False:  # EH-CMP-7
            p.gear += senses
        speed = level(p.attrs["speed"])
        if not others and speed and data.get("speed", True) is not False:  # EH-CMP-8 (AMB-09)
            flame_down(st, p, speed, ctx)
    placement_heroes(st, ctx, p, party, data)
    return party


def placement_heroes(st: State, ctx: Ctx, p: Player, party: Party, data: Mapping[str, Any]) -> None:
    """Heroes that trigger on placing a Party (also on the Leader's re-placement, AMB-10)."""
    if party.location == TAVERN and hero_active(st, p.name, "tavernkeeper"):
        p.gear += 1  # EH-HERO-TAVERNKEEPER-A
    if party.location == CAMP and hero_active(st, p.name, "infiltrator"):
        p.hire[GRUNT] += 1  # EH-HERO-INFILTRATOR-A
    if party.location == PRESERVE and hero_active(st, p.name, "caretaker"):
        p.hire[GRUNT] += 1  # EH-HERO-CARETAKER-A
    if "master_scout" not in data and "master_ranger" not in data:  # (a swap is named, or the loop does nothing)
        return
    for key, hero, expert, rule in (("master_scout", "master scout", SCOUT, "EH-HERO-MASTERSCOUT-A"),
                                    ("master_ranger", "master ranger", RANGER, "EH-HERO-MASTERRANGER-A")):
        n = data.get(key)
        if not n:
            continue
        require_hero(st, p.name, hero, ctx, rule)
        if party.space not in (4, 5):
            ctx.stop(rule, f"the {hero.title()} swap works only when placing on space 4 or 5")
        if not isinstance(n, int) or abs(n) > 2:
            ctx.stop(rule, "swap up to 2: +N turns Grunts into Experts, -N turns them back (AMB-37)")
        src, dst = (GRUNT, expert) if n > 0 else (expert, GRUNT)
        if p.hire[src] < abs(n):
            ctx.stop(rule, f"{p.name} has only {p.hire[src]} {HIRELING_NAMES[src]}s in supply to swap")
        p.hire[src] -= abs(n)
        p.hire[dst] += abs(n)


def place_party(st: State, ctx: Ctx) -> None:
    """PLACE_PARTY (EH-FLOW-4: a main action)."""
    p = require_turn(st, ctx, "sending a Party")
    do_place(st, ctx, p, ctx.event.payload)
    end_turn(st, ctx)


def use_special(st: State, ctx: Ctx) -> None:
    """USE_SPECIAL{site, crests, outfit} (EH-SPEC-1..3, EH-CMP-2, Outfitter, Fire Marshall, Merchant, Overseer, Squire)."""
    p = require_turn(st, ctx, "using a Special Location")
    site = str(ctx.get("site", "")).lower()
    if site not in SPECIALS:
        ctx.stop("EH-SPEC-1", "the Special Locations are the warehouse and the firestation")
    if ctx.get("companion"):
        ctx.stop("EH-CMP-2", "the Companion can never go to a Special Location")
    crests = ctx.get("crests", 1)  # EH-HERO-GEN-6: the Fire Marshall overrides the one-Crest rule
    if crests not in (1, 2):
        ctx.stop("EH-SPEC-1", "a Special Location takes 1 Crest (2 at the Firestation with the Fire Marshall)")
    if crests == 2:
        if site != FIRESTATION:
            ctx.stop("EH-HERO-FIREMARSHALL-A1", "only the Firestation takes 2 Crests at once (Fire Marshall)")
        require_hero(st, p.name, "fire marshall", ctx, "EH-HERO-FIREMARSHALL-A1")
    if p.crests < crests:
        ctx.stop("EH-HERO-FIREMARSHALL-A1" if crests == 2 else "EH-SPEC-1",
                f"{p.name} has {p.crests} Crest(s) left; this needs {crests}")
    there = st.specials[site]
    others = [c for c in there if c != p.name] if st.settings.get("other_crest_opponent_only") else list(there)
    p.crests -= crests
    there.extend([p.name] * crests)
    if site == WAREHOUSE:
        p.gear += 2  # EH-SPEC-2
        if others and hero_active(st, p.name, "merchant"):
            p.gear += 2  # EH-HERO-MERCHANT-A
        if hero_active(st, p.name, "overseer"):
            p.hire[GRUNT] += 1  # EH-HERO-OVERSEER-A
    else:
        grunts = 8 if crests == 2 else 4  # EH-SPEC-3, EH-HERO-FIREMARSHALL-A2
        flame = 1
        if others and hero_active(st, p.name, "squire"):
            grunts += 1  # EH-HERO-SQUIRE-A
            flame = 0
        outfit = ctx.get("outfit", 0)
        if outfit:
            require_hero(st, p.name, "outfitter", ctx, "EH-HERO-OUTFITTER-A")
            if not isinstance(outfit, int) or not 0 < outfit <= grunts:
                ctx.stop("EH-HERO-OUTFITTER-A", f"the Outfitter turns up to the {grunts} Grunts just gained into Gear")
            grunts -= outfit
            p.gear += outfit
        p.hire[GRUNT] += grunts
        flame_up(st, p, flame, ctx)
    end_turn(st, ctx)


def take_aide(st: State, ctx: Ctx) -> None:
    """TAKE_AIDE{aide, recall, place, raid} (EH-AIDE-1..10)."""
    p = require_turn(st, ctx, "taking an Aide")
    aide = str(ctx.get("aide", "")).lower()
    if aide not in AIDES:
        ctx.stop("EH-AIDE-1", f"the Aides are {', '.join(AIDES)}")
    if st.aides[aide] is not None:
        ctx.stop("EH-AIDE-2", f"the {aide.title()} was already taken this round by {st.aides[aide]}; "
                             f"still available: {', '.join(aides_left(st)) or 'none'}")
    st.aides[aide] = p.name  # EH-AIDE-3
    p.aides.append(aide)
    if aide == "leader":
        recall = ctx.get("recall")
        if recall:
            party = st.party(str(recall.get("location", "")).lower(), recall.get("space"))
            if party is None or party.owner != p.name:
                ctx.stop("EH-AIDE-5", f"{p.name} has no Party at {recall.get('location')} space {recall.get('space')}")
            st.parties.remove(party)  # EH-AIDE-5: Hirelings, Crest and Companion back, no Gear (AMB-10)
            for t in HIRELINGS:
                p.hire[t] += party.hire[t]
            p.crests += 1
            if party.companion:
                p.companion_recalled = True  # EH-CMP-3
        place = ctx.get("place")
        if place:
            if not recall:
                ctx.ask("EH-AIDE-6", "the Leader's new Party follows a recall; name the recalled Party too",
                        word="recall")
            do_place(st, ctx, p, place, via_leader=True)  # EH-AIDE-6
    elif aide == "defender":
        slot = ctx.get("raid")
        if slot not in (1, 2) or st.raids[slot - 1] is None:
            shown = [str(i + 1) for i, r in enumerate(st.raids) if r]
            if not shown:
                ctx.stop("EH-AIDE-7", "no Raid card is face up yet: reveal the round's two (eh raidcard 1 G hero …)")
            faces = [f"{n} {st.cards[str(st.raids[int(n) - 1])].label()}" for n in shown]  # the faces (EH-V8)
            ctx.stop("EH-AIDE-7", f"the Defender discards one of the face-up Raid cards: --raid {' or '.join(faces)}")
        st.raid_discarded = slot  # EH-AIDE-7
        kept = [st.cards[str(r)].label() for i, r in enumerate(st.raids) if r is not None and i + 1 != slot]
        ctx.info(f"Raid slot {slot} discarded: {st.cards[str(st.raids[slot - 1])].label()}; "
                 + (f"in force: {kept[0]}" if kept else "no Raid card left in force"))
    elif aide == "survivalist":
        p.gear += 1  # EH-AIDE-8
    elif aide == "healer":
        flame_down(st, p, 2, ctx)  # EH-AIDE-10
    end_turn(st, ctx)


def gear_swap(st: State, ctx: Ctx) -> None:
    """GEAR_SWAP{from, to, count} (EH-GEAR-1..4, EH-ACT-9)."""
    anytime = st.settings.get("gear_swap_window") == "anytime"  # AMB-29
    if not anytime and (st.phase != ACTION or ctx.event.player != st.active()):
        now = f" (it is {st.active()}'s turn)" if st.active() else ""
        ctx.breach("EH-GEAR-1", f"Gear swaps happen only on your own Action-phase turn{now}")
    p = st.player(ctx.event.player)
    src, dst = str(ctx.get("from", "")).upper(), str(ctx.get("to", "")).upper()
    count = ctx.get("count", 1)
    if src not in HIRELINGS or dst not in HIRELINGS:
        ctx.stop("EH-GEAR-2", "swap one Hireling type for another: G, S, R or W")
    if src == dst:
        ctx.stop("EH-GEAR-3", "a swap turns a Hireling into a different type")
    if not isinstance(count, int) or count < 1:
        ctx.stop("EH-GEAR-4", "swap a whole number ≥ 1 of Hirelings")
    if p.gear < count:
        ctx.stop("EH-GEAR-4", f"{p.name} has {p.gear} Gear; each swap costs 1"
                + (f" (swap {p.gear} now, or get 2 Gear at the Warehouse first)" if p.gear else
                   " (the Warehouse gives 2 Gear)"))
    if p.hire[src] < count:
        rule = "EH-ACT-9" if st.board_hire(p.name)[src] else "EH-GEAR-3"
        ctx.stop(rule, f"{p.name} has {p.hire[src]} {HIRELING_NAMES[src]}(s) in supply; tokens on the board cannot be swapped")
    p.gear -= count
    p.hire[src] -= count
    p.hire[dst] += count


def skip_turn(st: State, ctx: Ctx) -> None:
    """SKIP_TURN (EH-EOA-2, EH-EOA-5); the skip of a turn the engine already skipped is the same play, typed."""
    if ctx.event.player in st.skipped and ctx.event.player != st.active():  # EH-EOA-5: "simply skip your turn"
        st.skipped.remove(ctx.event.player)
        ctx.info(f"{ctx.event.player} has no Crest and no Aide left: the turn was already skipped")
        return
    p = require_turn(st, ctx, "skipping a turn")
    if p.crests:
        ctx.breach("EH-EOA-5", f"{p.name} still has {p.crests} Crest(s): send a Party or use a Special Location")
    elif aides_left(st):
        ctx.breach("EH-EOA-2", f"{p.name} has no Crest but must take an Aide: {', '.join(aides_left(st))}")
    end_turn(st, ctx)
