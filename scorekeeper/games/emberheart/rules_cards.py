"""Plays not tied to a turn: attaching Dragons, completing Garrisons, Hero abilities with their own timing,
B-side skill responses and the End Game declarations (EH-DRG, EH-GAR, EH-HERO-*, EH-SKILL, EH-END-7/8/12)."""

from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.games.emberheart.cards import (
    COLOURS, EXPERTS, GRUNT, GUILD, HEROES, Card, hero_key, req_text,
)
from scorekeeper.games.emberheart.context import (
    Ctx, advance, colour_counts, colour_track, count_colour, declared_colours, experts, flame_down, flame_up,
    read_counts, require_hero, total_hire, valid_track,
)
from scorekeeper.games.emberheart.state import ACTION, END, RAID, State


def require_skill(st: State, ctx: Ctx, name: str, skill: int, rule: str) -> None:
    """EH-SKILL-GEN-1: side B, and only the player whose board shows the skill."""
    p = st.player(name)
    if st.settings.get("side") != "B":
        ctx.stop("EH-SKILL-GEN-1", "player skills exist only on side B of the player boards")
    if p.skill != skill:
        ctx.stop("EH-SKILL-GEN-1", f"{name}'s board shows skill {p.skill}, not skill {skill}")


def _own(st: State, ctx: Ctx, name: str, cid: Any, rule: str, what: str) -> Card:
    """A card ``name`` owns (not discarded), or an error citing ``rule``."""
    card = st.cards.get(str(cid))
    if card is None or card.owner != name or card.discarded:
        mine = ", ".join(c.id for c in st.owned(name) if c.kind != "tavern") or "none"
        ctx.stop(rule, f"{name} has no card {cid} ({what}); {name}'s cards: {mine}")
    return card


def do_attach(st: State, ctx: Ctx, name: str, dragon_id: str, target_id: str, data: Mapping[str, Any]) -> None:
    """Attach a Dragon to a Hero or Preserve (EH-DRG-1..5, EH-DRG-7, EH-SKILL-1A/1B, EH-SKILL-4A/4B)."""
    p = st.player(name)
    dragon = _own(st, ctx, name, dragon_id, "EH-DRG-1", "a Dragon")
    if not dragon.is_dragon:
        ctx.stop("EH-DRG-1", f"{dragon.id} is not a Dragon card")
    target = _own(st, ctx, name, target_id, "EH-DRG-1", "a Hero or Preserve")
    if target.kind not in ("hero", "preserve"):
        ctx.stop("EH-DRG-1", f"a Dragon is attached to a Hero or a Preserve, not to {target.id}")
    if dragon.attached_to:
        ctx.stop("EH-DRG-3", f"{dragon.id} is attached to {dragon.attached_to} for good; it cannot be moved")
    if st.phase == END and st.counters.get("converted"):
        ctx.stop("EH-DRG-4", "attachments end when End Game Scoring starts (AMB-28); Gear has already been converted")
    if target.holds:
        ctx.stop("EH-DRG-2", f"{target.id} already holds {target.holds}; a Hero or Preserve holds one Dragon")
    skill1 = bool(data.get("skill1"))
    if skill1:
        require_skill(st, ctx, name, 1, "EH-SKILL-1A")
        if st.round == 5 and st.phase in (RAID, END):
            ctx.stop("EH-SKILL-1A", "Skill 1 can be used only until the end of the last Reward phase")
        if p.gear < 1:
            ctx.stop("EH-SKILL-1A", f"{name} has no Gear to place on the Dragon")
        p.gear -= 1  # EH-SKILL-1B: the Gear stays on the Dragon
        dragon.gear_on = dragon.skill1 = True
    elif not dragon.exotic and dragon.colour != target.colour:
        ctx.stop("EH-DRG-1", f"{dragon.id} is {dragon.colour}; it can join only a {dragon.colour} Hero or Preserve"
                            + (" (or use skill 1 with --gear)" if p.skill == 1 and st.settings.get("side") == "B" else ""))
    if dragon.exotic:
        dragon.colour = target.colour  # EH-DRG-7
    dragon.attached_to, target.holds = target.id, dragon.id
    if target.kind == "preserve" and (dragon.colour == target.colour or skill1 and st.settings.get("skill1_counts_as_match", True)):
        track = data.get("track") or colour_track(st, target.colour, ctx)  # EH-DRG-5, EH-ATTR-6
        advance(st, p, valid_track(track, ctx, "EH-DRG-5"), 2, ctx)
    option = data.get("skill4")
    if option:
        require_skill(st, ctx, name, 4, "EH-SKILL-4A")
        option = str(option).upper()
        if option in ("G", "GRUNT"):
            p.hire[GRUNT] += 1  # EH-SKILL-4A
        elif option in EXPERTS:
            if p.hire[GRUNT] < 1:
                ctx.stop("EH-SKILL-4B", f"{name} has no Grunt in supply to turn into an Expert")
            p.hire[GRUNT] -= 1
            p.hire[option] += 1
        else:
            ctx.stop("EH-SKILL-4A", "skill 4: gain a Grunt (G) or turn a Grunt into S, R or W")


def attach(st: State, ctx: Ctx) -> None:
    """ATTACH_DRAGON{dragon, target, skill1, skill4, track} (EH-DRG-4: any time until scoring).

    EH-FLOW-6: attachments, Garrison completions and skill 2/3 responses are not tied to a turn, so none of
    these handlers checks whose turn it is.
    """
    do_attach(st, ctx, str(ctx.event.player), str(ctx.get("dragon")), str(ctx.get("target")), ctx.event.payload)


def requirement_count(st: State, name: str, item: str) -> int:
    """EH-GAR-2: requirement counts (colour items are handled with the exotic assignment)."""
    hire = total_hire(st, name)
    return {
        "dragon": len(st.owned(name, "dragon")), "hero": len(st.owned(name, "hero")),
        "preserve": len(st.owned(name, "preserve")), "garrison": len(st.owned(name, "garrison")),
        "grunt": hire["G"], "scout": hire["S"], "ranger": hire["R"], "warden": hire["W"],
        "expert": experts(hire), "hireling": sum(hire.values()),
    }[item]


def garrison_shortfall(st: State, name: str, card: Card, declared: dict[str, str],
                       lowered: int | None = None) -> list[str]:
    """What is missing to complete ``card`` (empty when completable). Exotics fill colour gaps (EH-DRG-6)."""
    counts, free = colour_counts(st, name)
    for cid, colour in declared.items():
        counts[colour] += 1
    undeclared = len([c for c in free if c.id not in declared])
    missing: list[str] = []
    gap = 0
    for i, req in enumerate(card.reqs):
        need = req["count"] - (1 if lowered == i else 0)
        if req["item"] in COLOURS:
            gap += max(0, need - counts[req["item"]])
        elif requirement_count(st, name, req["item"]) < need:  # what is lacking, in words (field report EH-V11)
            has = requirement_count(st, name, req["item"])
            missing.append(f"{need - has} {req['item'].title()}{'' if need - has == 1 else 's'} "
                           f"(needs {need}, has {has})")
    if gap > undeclared:
        missing.append(f"{gap - undeclared} more Dragon(s) of the required colour")
    return missing


def completable(st: State) -> set[tuple[str, str]]:
    """(player, card) of every claimed Garrison card not completed whose requirements are met now (field report
    EH-F3: the play that makes one completable says so)."""
    return {(p.name, card.id) for p in st.players for card in st.owned(p.name, "garrison")
            if not card.completed and not garrison_shortfall(st, p.name, card, {})}


def garrison_complete(st: State, ctx: Ctx) -> None:
    """GARRISON_COMPLETE{card, exotic, tactician, track} (EH-GAR-1..6, Tactician, Dragon Knight)."""
    name = str(ctx.event.player)
    p = st.player(name)
    card = _own(st, ctx, name, ctx.get("card"), "EH-GAR-6", "a claimed Garrison card")
    if card.kind != "garrison":
        ctx.stop("EH-GAR-6", f"{card.id} is not a Garrison card")
    if card.completed:
        ctx.stop("EH-GAR-6", f"{card.id} is already completed")
    if st.phase == END and st.counters.get("converted"):  # EH-END-2 (AMB-19): step 4 comes before step 5
        ctx.stop("EH-END-2", "Garrison cards are completed up to scoring step 4; the step-5 Gear conversion has begun")
    declared = declared_colours(st, name, ctx.get("exotic"), ctx)
    lowered = ctx.get("tactician")
    if lowered is not None:  # EH-HERO-TACTICIAN-A (AMB-20)
        require_hero(st, name, "tactician", ctx, "EH-HERO-TACTICIAN-A")
        if not isinstance(lowered, int) or not 1 <= lowered <= len(card.reqs):
            ctx.stop("EH-HERO-TACTICIAN-A", f"the Tactician lowers requirement line 1–{len(card.reqs)}")
        lowered -= 1
    missing = garrison_shortfall(st, name, card, declared, lowered)
    if missing:
        ctx.stop("EH-GAR-1", f"{card.id} needs {req_text(card.reqs)}; "
                            f"{name} still lacks: {'; '.join(missing)}")
    track = card.track
    if ctx.get("track") and str(ctx.get("track")).lower() != card.track:  # EH-HERO-DRAGONKNIGHT-A
        require_hero(st, name, "dragon knight", ctx, "EH-HERO-DRAGONKNIGHT-A")
        track = valid_track(ctx.get("track"), ctx, "EH-HERO-DRAGONKNIGHT-A")
    advance(st, p, track, 1, ctx)  # EH-GAR-4, EH-GAR-3 (nothing is spent)
    card.completed = True


def _in_player_order(st: State, ctx: Ctx, window: str, hero: str) -> None:
    """AMB-33: simultaneous timed abilities go in player order from the First player; once a later player has
    used one in this window, an earlier player's comes too late."""
    order = st.order()
    me = order.index(str(ctx.event.player))
    key = f"order:{window}"
    last = st.counters.get(key, -1)
    if me < last:
        ctx.stop("EH-HERO-GEN-7", f"abilities at this moment go in player order ({', '.join(order)}); "
                                 f"{order[last]} has already used one, so {ctx.event.player}'s {hero.title()} "
                                 "comes too late")
    st.counters[key] = me


def _window_pre_turn(st: State, ctx: Ctx, hero: str) -> None:
    """EH-HERO-GEN-7: before the first turn of an Action phase, in player order (AMB-33)."""
    if st.phase != ACTION or st.actions:
        ctx.stop("EH-HERO-GEN-7", f"the {hero.title()} acts before the first turn of the Action phase")
    _in_player_order(st, ctx, f"pre{st.round}", hero)


def _window_after_raid(st: State, ctx: Ctx, hero: str, rule: str) -> None:
    """After the Raid phase resolved (before the next round's first turn, or at the game end)."""
    open_now = (st.phase == ACTION and st.actions == 0 and st.after_raid_round == st.round - 1) or \
               (st.phase == END and st.after_raid_round == 5)
    if not open_now or st.after_raid_round == 0:
        ctx.stop(rule, f"the {hero.title()} acts after the Raid phase has been resolved, before the next round's first turn")
    _in_player_order(st, ctx, f"after{st.after_raid_round}", hero)


def hero_ability(st: State, ctx: Ctx) -> None:
    """HERO_ABILITY{hero, …}: the Heroes whose ability is its own event."""
    name = str(ctx.event.player)
    p = st.player(name)
    hero = hero_key(str(ctx.get("hero", "")))
    if hero is None:
        ctx.stop("EH-HERO-GEN-8", f"{ctx.get('hero')!r} is not a Hero")
    rule = f"EH-HERO-{hero.replace(' ', '').upper()}-A"
    mark = f"{hero}:{st.round}"
    if hero == "apprentice":
        rule = "EH-HERO-APPRENTICE-A1"
        require_hero(st, name, hero, ctx, rule)
        _window_pre_turn(st, ctx, hero)
        if "apprentice" in p.used:
            ctx.stop(rule, "the Apprentice's ability is used once per game")
        from scorekeeper.games.emberheart.rules_reward import find_offer_card, gain_card

        card = find_offer_card(st, ctx, GUILD, None, ctx.get("card"))  # EH-HERO-APPRENTICE-A2
        if card.reserved_for and card.reserved_for != name:
            ctx.stop("EH-HERO-BARD-A2", f"{card.id} is reserved for {card.reserved_for}")
        slot = st.offers[GUILD].index(card.id) + 1
        gain_card(st, ctx, name, card)
        if slot <= 3:
            st.refill.append(f"{GUILD}:{slot}")
        p.used.append("apprentice")
    elif hero == "bard":
        rule = "EH-HERO-BARD-A1"
        require_hero(st, name, hero, ctx, rule)
        _window_pre_turn(st, ctx, hero)
        if mark in p.used:
            ctx.stop(rule, "the Bard acts once per round")
        keep, drop = hero_key(str(ctx.get("keep", ""))), hero_key(str(ctx.get("discard", "")))
        if keep is None or drop is None or keep == drop:
            ctx.ask(rule, "name the 2 Hero cards drawn: the one kept (--keep) and the one discarded (--discard)",
                    word="keep" if keep is None else "discard")
        from scorekeeper.games.emberheart.rules_setup import hero_seen, new_id

        for h in (keep, drop):
            for c in st.cards.values():
                if c.kind == "hero" and c.hero == h:
                    ctx.stop("EH-SETUP-13", hero_seen(c))

        for h, reserved in ((keep, True), (drop, False)):
            card = Card(id="", kind="hero", hero=h, colour=HEROES[h])
            card.id = new_id(st, card, None)
            st.cards[card.id] = card
            if reserved:
                card.reserved_for = name
                st.offers[GUILD].append(card.id)  # AMB-27: slot 4
            else:
                card.discarded = True
        st.counters["deck:guild"] = st.counters.get("deck:guild", 0) + 2
        p.used.append(mark)
    elif hero == "paragon":
        rule = "EH-HERO-PARAGON-A1"
        require_hero(st, name, hero, ctx, rule)
        _window_pre_turn(st, ctx, hero)
        if mark in p.used:
            ctx.stop(rule, "the Paragon acts once per round")
        gain = str(ctx.get("gain", "")).upper()
        if sorted(gain) not in (["S", "S"], ["R", "R"], ["R", "S"]):
            ctx.stop("EH-HERO-PARAGON-A2", "the Paragon gains SS, RR or SR")
        if p.hire[GRUNT] < 2:
            ctx.stop(rule, f"the Paragon discards exactly 2 Grunts; {name} has {p.hire[GRUNT]}")
        p.hire[GRUNT] -= 2  # EH-HERO-PARAGON-A2
        for t in gain:
            p.hire[t] += 1
        flame_up(st, p, 1, ctx)
        p.used.append(mark)
    elif hero in ("recruiter", "priestess"):
        require_hero(st, name, hero, ctx, rule)
        _window_after_raid(st, ctx, hero, rule)
        mark = f"{hero}:after{st.after_raid_round}"
        if mark in p.used:
            ctx.stop(rule, f"the {hero.title()} acts once after each Raid phase")
        colour = "red" if hero == "recruiter" else "green"
        pairs = count_colour(st, name, colour) // 2
        if hero == "recruiter":
            p.hire[GRUNT] += pairs  # EH-HERO-RECRUITER-A
        else:
            flame_down(st, p, pairs, ctx)  # EH-HERO-PRIESTESS-A
        p.used.append(mark)
        dragons = count_colour(st, name, colour)
        if not pairs:  # what she did, or why nothing (field report EH-V2)
            ctx.info(f"the {hero.title()} does nothing: {name} has {dragons} {colour} Dragon"
                     f"{'' if dragons == 1 else 's'} (one {'Grunt' if hero == 'recruiter' else 'Flame'} per 2)")
    elif hero == "dragon trainer":
        rule = "EH-HERO-DRAGONTRAINER-A1"
        require_hero(st, name, hero, ctx, rule)
        if st.phase != RAID or any(q.raided for q in st.players):
            ctx.stop(rule, "the Dragon Trainer acts after all Locations resolved in the Reward phase, before the Raid")
        if p.trainer_used:
            ctx.stop(rule, "the Dragon Trainer acts once per round (AMB-23)")
        dragon = _own(st, ctx, name, ctx.get("dragon"), rule, "a Dragon")
        if not dragon.is_dragon:
            ctx.stop(rule, f"{dragon.id} is not a Dragon")
        if dragon.attached_to and not st.settings.get("trainer_allow_attached"):
            ctx.stop(rule, f"{dragon.id} is attached; only unattached Dragons may be discarded (AMB-23)")
        colour = dragon.colour
        if dragon.exotic and not dragon.attached_to:
            colour = str(ctx.get("colour", "")).lower()
            if colour not in COLOURS:
                ctx.ask("EH-DRG-6", f"{dragon.id} is exotic: say which colour it counts as (--colour red)",
                        word="colour")
        track = colour_track(st, colour, ctx)  # EH-HERO-DRAGONTRAINER-A2
        dragon.discarded = True  # EH-DRG-8
        if dragon.attached_to:
            st.cards[dragon.attached_to].holds = None
        advance(st, p, track, 1, ctx)
        p.trainer_used = True
    elif hero == "quartermaster":
        ctx.stop(rule, "the Quartermaster's Gear is gained automatically after the Raid phase")
    else:
        ctx.stop("EH-HERO-GEN-5", f"the {hero.title()}'s ability is recorded with the play that triggers it "
                                 "(see 'eh --help'), not on its own")


def flame_response(st: State, ctx: Ctx) -> None:
    """FLAME_RESPONSE{option, discard} (EH-SKILL-2A, EH-SKILL-2B, EH-FLAME-3)."""
    name = str(ctx.event.player)
    p = st.player(name)
    require_skill(st, ctx, name, 2, "EH-SKILL-2A")
    n = p.pending_flame
    if n <= 0:
        ctx.stop("EH-FLAME-3", f"{name} has no Flame increase waiting for an answer")
    option = str(ctx.get("option", "normal")).lower()
    if option.startswith("g"):
        p.hire[GRUNT] += n
    elif option.startswith("e") or option.startswith("d"):
        plan = read_counts(ctx.get("discard") or {}, ctx, "EH-SKILL-2B")
        if not plan:
            owned = [t for t in EXPERTS if p.hire[t]]
            if len(owned) == 1:
                plan = {owned[0]: n}
        if sum(plan.values()) != n or any(k not in EXPERTS or p.hire[k] < v for k, v in plan.items()):
            ctx.stop("EH-SKILL-2B", f"cancelling Flame +{n} needs {n} Expert(s) from {name}'s supply "
                                   f"(has {experts(p.hire)}); say which with --discard")
        for t, k in plan.items():
            p.hire[t] -= k
        p.flame = max(int(st.settings.get("flame_min", 0)), p.flame - n)
    elif not option.startswith("n"):
        ctx.stop("EH-SKILL-2A", "answer a Flame increase with normal, grunts or experts")
    p.pending_flame = 0


def extra_step(st: State, ctx: Ctx) -> None:
    """ATTR_EXTRA_STEP (EH-SKILL-3A, EH-SKILL-3B)."""
    name = str(ctx.event.player)
    p = st.player(name)
    require_skill(st, ctx, name, 3, "EH-SKILL-3A")
    waiting = list(p.pending_tracks) or ([p.pending_track] if p.pending_track else [])
    if not waiting:
        ctx.stop("EH-SKILL-3B", f"{name} has no advancement waiting for the extra step (once per advancement, "
                               "right after it)")
    track = waiting[-1]
    if ctx.get("track"):  # two advancements in one play (AMB-17): say which one takes the extra step
        track = valid_track(ctx.get("track"), ctx, "EH-SKILL-3A")
        if track not in waiting:
            ctx.stop("EH-SKILL-3A", f"{name}'s waiting advancement is on {' and '.join(waiting)}, not {track}")
    if p.gear < 1:
        ctx.stop("EH-SKILL-3B", f"the extra step costs 1 Gear; {name} has none")
    p.gear -= 1
    if p.end_gear is not None:  # EH-END-11 (AMB-25): only the step-5 conversion is undone for Hero conditions
        p.end_gear -= 1
    advance(st, p, track, 1, ctx, skill3=False)
    waiting.remove(track)  # EH-SKILL-3B: once per advancement event
    p.pending_tracks = waiting
    p.pending_track = waiting[-1] if waiting else None


def end_gear_convert(st: State, ctx: Ctx) -> None:
    """END_GEAR_CONVERT{gear} (EH-END-7, EH-END-8, AMB-35)."""
    name = str(ctx.event.player)
    p = st.player(name)
    n = ctx.get("gear")
    if st.phase != END:
        ctx.stop("EH-END-7", "Gear is turned into Flame only in step 5 of End Game Scoring, after round V's Raid")
    if not isinstance(n, int) or n <= 0:
        ctx.stop("EH-END-7", f"discard Gear in multiples of 3 (3, 6, 9…), not {n!r}")
    if n % 3:  # forced: the Gear is discarded, Flame −1 for each whole 3
        ctx.breach("EH-END-7", f"discard Gear in multiples of 3 (3, 6, 9…), not {n!r}")
    if n > p.gear:
        ctx.stop("EH-GEAR-4", f"{name} has {p.gear} Gear")
    floor = int(st.settings.get("flame_min", 0))
    if p.flame - n // 3 < floor:  # forced: the Flame stops at the floor
        ctx.breach("EH-END-7", f"{name}'s Flame is {p.flame}; it cannot go below {floor} "
                              f"(at most {3 * (p.flame - floor)} Gear)")
    p.gear -= n
    p.flame = max(floor, p.flame - n // 3)  # EH-END-8
    st.counters["converted"] = st.counters.get("converted", 0) + 1


def end_declare(st: State, ctx: Ctx) -> None:
    """END_DECLARE{exotic, custodian} (EH-END-12, AMB-24)."""
    name = str(ctx.event.player)
    p = st.player(name)
    if st.phase != END:
        ctx.stop("EH-FLOW-2", "declarations for scoring are made after round V's Raid phase")
    exotic = declared_colours(st, name, ctx.get("exotic"), ctx)
    if exotic:
        p.declared["exotic"] = exotic
    if ctx.get("custodian"):
        p.declared["custodian"] = valid_track(ctx.get("custodian"), ctx, "EH-HERO-CUSTODIAN-S")
