"""``Game.expect`` for Emberheart: who acts now and every play legal now, each word with the values legal now.

A play is a ``Choice`` per (event, player) with ``values`` per word (``events.EVENTS``' words, the CLI's), each
value a string a phone's button sends (``picks`` reads them back): numbers as digits, yes/no, Hireling letters,
``LOCATION:SPACE``. A play whose legal values depend on another word is one Choice per such word: a reveal per
Location (the Mountain: per level; the Garrison: per colour) with the faces a card there can have, a placement
per Location with its free spaces the player can fill and the Hirelings it takes that the player holds, an Aide
per Aide, a Gear swap per Hireling type, an attachment per Dragon. The face numbers a card can show
(``FACE_NUMBERS``) are the box's as the bundled games record them; a card whose face lies outside is typed.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from scorekeeper.core.protocol import Choice, Expectation
from scorekeeper.games.emberheart.cards import (
    ALLOWED, CAMP, COLOURS, EXOTIC, GARRISON, GUILD, HEROES, HIRELINGS, LOCATIONS, MOUNTAIN, MTN_LEVELS,
    EXPERTS, PRESERVE, RAID_BASES, SPECIALS, TAVERN, TRACKS, hire_text,
)
from scorekeeper.games.emberheart.context import hero_active
from scorekeeper.games.emberheart.rules_action import aides_left, level
from scorekeeper.games.emberheart.rules_cards import garrison_shortfall
from scorekeeper.games.emberheart.rules_raid import raid_in_force
from scorekeeper.games.emberheart.rules_reward import expected, np_prescribed, offer_slots
from scorekeeper.games.emberheart.state import ACTION, END, RAID, REWARD, Player, State
from scorekeeper.games.emberheart.tab import slot_words
from scorekeeper.games.emberheart.view import HERO_MOMENTS, _face as face, expected_text, raid_choice

YES_NO = ("yes", "no")
#: the numbers a card's face can show, per kind of card and word (as strings: a phone's buttons)
FACE_NUMBERS: dict[tuple[str, str], tuple[str, ...]] = {
    (TAVERN, "flame"): ("-1", "0", "1"),
    (CAMP, "glory"): ("1", "2", "3", "4", "5"),
    (MOUNTAIN, "glory"): ("2", "3", "4", "5", "6", "7", "8", "9", "10"),
    (MOUNTAIN, "flame"): ("0", "1", "2", "3"),
    (MOUNTAIN, "wardens"): ("0", "1", "2"),
    (GARRISON, "glory"): ("3", "4", "5", "6", "7"),
}
#: a Garrison card's requirement lines (``reqs``, a ``many`` word: ``2red`` then ``1hero`` → ``2red+1hero``)
REQ_COUNTS = ("1", "2", "3", "4")
REQ_OTHERS = ("1hero", "2ranger", "1preserve", "1garrison")
#: a Raid card's amount and divisor
RAID_NUMBERS = ("1", "2", "3")


def expect_of(st: State) -> Expectation:
    """Who acts now and the plays the game accepts now, with the values each word accepts; a game over offers
    nothing (field report WEB-11)."""
    text, who = expected_text(st)
    choices: list[Choice] = []
    if st.phase == ACTION:
        choices += reveal_choices(st)
        if who is not None:
            choices += action_choices(st, who)
    elif st.phase == REWARD:
        choices += reward_choices(st)
    elif st.phase == RAID:
        choices += [raid_words(st, p) for p in st.players if not p.raided]
    elif st.phase == END:
        choices += end_choices(st)
    choices += free_choices(st)
    return Expectation(text, who, choices, finished=st.phase == END)


def _strings(low: int, high: int) -> list[str]:
    return [str(n) for n in range(low, high + 1)]


# -- reveals ----------------------------------------------------------------------------------------------


def reveal_choices(st: State) -> list[Choice]:
    """Before the round's first turn: a Choice per Location (the Mountain per level, the Garrison per colour)
    with the slot to fill (the leftmost empty one: offers fill left to right) and the faces a card there can
    have; the Raid slots with a Raid card's words; the Two player mode card with every space."""
    if st.actions:
        return []
    choices = []
    seen = {c.hero for c in st.cards.values() if c.kind == "hero"}  # each Hero card exists once
    heroes = [h.replace(" ", "-") for h in HEROES if h not in seen]  # a word each, as typed (field report EH-F6)
    for location in [*dict.fromkeys(MOUNTAIN if key.startswith("mountain-") else key for key in st.offers), GARRISON]:
        if location == GARRISON:
            choices += _garrison_reveals(st)
            continue
        for lvl in (MTN_LEVELS if location == MOUNTAIN else (None,)):
            slots = _fillable(st, location, lvl)
            if not slots:
                continue
            values: dict[str, list[str]] = {"location": [location], **({"level": [lvl]} if lvl else {}),
                                            "slot": slots, **_faces(location, heroes)}
            choices.append(Choice("CARD_REVEAL", None, values, f"eh reveal {location} …",
                                  slot_words(st, location)))  # each empty slot with the face it takes (EH-F1)
    raids = [str(i + 1) for i, r in enumerate(st.raids) if r is None]
    if raids:
        choices.append(Choice("RAID_REVEAL", None, {
            "slot": raids, "item": ["G", "E"], "basis": list(RAID_BASES), "amount": list(RAID_NUMBERS),
            "per": list(RAID_NUMBERS)}, f"eh raidcard {raids[0]} G hero"))
    if len(st.seats) == 2 and not st.two_p_revealed:
        choices.append(Choice("TWO_P_REVEAL", None, {"spaces": spaces_to_block(st)},
                              "eh block tavern:3 mountain:5 garrison:2"))
    return choices


def _fillable(st: State, location: str, lvl: str | None) -> list[str]:
    """The slots a reveal may fill now: the leftmost empty one not emptied this round, and any the Apprentice
    opened: offers fill left to right, and a slot a card left this round stays empty (the rules: rules_setup)."""
    key = f"mountain-{lvl}" if lvl else location
    slots = st.offers.get(key, [])[:3]
    free = [i + 1 for i, c in enumerate(slots) if c is None and f"{key}:{i + 1}" not in st.emptied]
    opened = [i + 1 for i, c in enumerate(slots) if c is None and f"{key}:{i + 1}" in st.refill]
    return [str(s) for s in dict.fromkeys(free[:1] + opened)]


def _faces(location: str, heroes: list[str]) -> dict[str, list[str]]:
    """The words of a card's face at ``location`` and the values each can take."""
    numbers = {word: list(values) for (loc, word), values in FACE_NUMBERS.items() if loc == location}
    if location == GUILD:
        return {"hero": heroes}
    if location == TAVERN:
        return {"hire": list(HIRELINGS), **numbers}
    if location == CAMP:
        return {"colour": [*COLOURS, EXOTIC], **numbers}
    if location == MOUNTAIN:
        return {"colour": list(COLOURS), **numbers}
    if location == PRESERVE:
        return {"colour": list(COLOURS)}
    return {}


def _garrison_reveals(st: State) -> list[Choice]:
    """A Choice per empty Garrison slot: its colour, the Glory the next card of that deck can show (decks are
    sorted ascending, the first shows 3: the rules, ``rules_setup``), the requirement lines, the track."""
    choices = []
    for colour, cid in st.garrison.items():
        if cid is not None:
            continue
        shown = [c.glory for c in st.cards.values() if c.kind == "garrison" and c.colour == colour]
        glory = [g for g in FACE_NUMBERS[(GARRISON, "glory")] if int(g) >= max(shown)] if shown else ["3"]
        reqs = [f"{n}{colour}" for n in REQ_COUNTS] + list(REQ_OTHERS)
        choices.append(Choice("CARD_REVEAL", None, {
            "location": [GARRISON], "slot": [colour], "colour": [colour], "glory": glory, "reqs": reqs,
            "track": list(TRACKS)}, f"eh reveal {GARRISON} …", slot_words(st, GARRISON)))
    return choices


def spaces_to_block(st: State) -> list[str]:
    """The spaces a Two player mode card may block, every space of a Common Location, as typed
    (``tavern:3``) (field report EH-F6)."""
    spaces = int(st.settings.get("location_spaces", 5))
    return [f"{loc}:{n}" for loc in LOCATIONS for n in range(1, spaces + 1)]


# -- the Action phase -----------------------------------------------------------------------------------------


def companion_free(p: Player) -> bool:
    """The Companion may still join a Party this round: not joined yet, not recalled by the Leader."""
    return not p.companion_used and not p.companion_recalled


def action_choices(st: State, who: str) -> list[Choice]:
    """The active player's turn: a Party (a Choice per Location), a Special Location, an Aide (a Choice per
    Aide), a Gear swap (a Choice per Hireling type swapped), or a skip."""
    p = st.player(who)
    choices = []
    if p.crests:
        choices += place_choices(st, p)
        special: dict[str, list[str]] = {"site": list(SPECIALS)}
        if hero_active(st, who, "fire marshall") and p.crests >= 2:
            special["crests"] = ["1", "2"]
        choices.append(Choice("USE_SPECIAL", who, special, "eh special warehouse"))
    for aide in aides_left(st):
        values: dict[str, list[str]] = {"aide": [aide]}
        if aide == "defender":
            values["raid"] = [str(i + 1) for i, r in enumerate(st.raids) if r is not None]
        if aide == "leader":
            values["recall"] = [f"{q.location}:{q.space}" for q in st.parties if q.owner == who]
        choices.append(Choice("TAKE_AIDE", who, values, f"eh aide {aide}"))
    if p.gear:
        for kind in HIRELINGS:
            if p.hire[kind]:
                choices.append(Choice("GEAR_SWAP", who, {
                    "from": [kind], "to": [t for t in HIRELINGS if t != kind],
                    "count": _strings(1, min(p.gear, p.hire[kind]))}, "eh swap G S 1"))
    if not p.crests and not aides_left(st):
        choices.append(Choice("SKIP_TURN", who, {}, "eh skip"))
    return choices


def place_choices(st: State, p: Player) -> list[Choice]:
    """A Choice per Common Location with the spaces free there (no Party, not blocked) that ``p`` can fill: a
    Party of the space's size from the Hirelings the Location takes that ``p`` holds, fewer with the
    Companion's Strength (field report EH-F6); the Hirelings offered are those types."""
    spaces = int(st.settings.get("location_spaces", 5))
    companion = companion_free(p)
    strength = level(p.attrs["strength"]) if companion else 0
    choices = []
    for loc in LOCATIONS:
        kinds = [t for t in ALLOWED[loc] if p.hire[t]]
        most = min(5, sum(p.hire[t] for t in kinds)) + strength
        free = [str(s) for s in range(1, spaces + 1)
                if s <= most and st.party(loc, s) is None and (loc, s) not in st.blocked]
        if not free:
            continue
        values: dict[str, list[str]] = {"location": [loc], "space": free, "hire": kinds}
        if companion:
            values["companion"] = list(YES_NO)
            values.update({k: list(YES_NO) for k in ("strength", "senses", "speed") if level(p.attrs[k])})
        choices.append(Choice("PLACE_PARTY", p.name, values, "eh place tavern 3 2G1S"))
    return choices


def hire_forms(st: State, who: str, location: str) -> list[str]:
    """The Parties ``who`` can send to ``location`` as the CLI writes them (``2G1S``), smallest first: the
    Hirelings there takes that ``who`` holds, 1 to 5 of them."""
    p = st.player(who)
    kinds = [t for t in ALLOWED.get(location, ()) if p.hire[t]]
    ways = [dict(zip(kinds, counts)) for counts in product(*(range(min(p.hire[t], 5), -1, -1) for t in kinds))
            if 1 <= sum(counts) <= 5]
    return [hire_text(way) for way in sorted(ways, key=lambda way: sum(way.values()))]


# -- the Reward phase -----------------------------------------------------------------------------------------


def offered(st: State) -> list[Any]:
    """The cards on offer at the Location (and Mountain level) being resolved."""
    stage = {"order-warden": "middle", "order-top": "top"}.get(st.mountain.stage, st.mountain.stage)
    lvl = stage if st.location == MOUNTAIN and stage in ("middle", "top") else "bottom"
    return [st.cards[c] for c in offer_slots(st, st.location or "", lvl) if c]


def reward_choices(st: State) -> list[Choice]:
    """The Party whose turn it is claims (the cards on offer, and the words its Heroes and skills add) or
    recalls; a non-player Crest discards; the Survivalist orders the tied Mountain Parties."""
    what, space, who = expected(st)
    if what == "np":
        card = np_prescribed(st)
        return [Choice("NP_DISCARD", None, {"card": [card.id] if card else []}, "eh np")]
    if what == "order":
        tied = [str(s) for g in st.mountain.tied for s in g]
        return [Choice("MTN_ORDER", who, {"order": tied}, f"eh order {' '.join(tied)}")]
    if what != "claim" or st.location is None:
        return []
    mountain = st.location == MOUNTAIN
    upper = mountain and st.mountain.stage != "bottom"
    cards = offered(st)
    values: dict[str, list[str]] = {"location": [st.location], "space": [str(space)], "card": [c.id for c in cards]}
    if who is not None:
        values.update(_claim_extras(st, who, cards))
    faces = {c.id: face(c) for c in cards}  # Tab shows each card with its face (field report EH-F8)
    choices = [Choice("MTN_CLAIM" if mountain else "CLAIM", who, values, "eh claim CARD", faces)] if values["card"] \
        else []
    choices.append(Choice("MTN_RETRIEVE" if upper else "RECALL", who,
                          {"location": [st.location], "space": [str(space)]}, "eh recall"))
    return choices


def _claim_extras(st: State, who: str, cards: list[Any]) -> dict[str, list[str]]:
    """A claim's other words: the track at the Mountain's top, where a claimed Dragon may join at once, the
    Heroes' and skill 1's options that apply here."""
    extras: dict[str, list[str]] = {}
    p = st.player(who)
    if st.location == MOUNTAIN and st.mountain.stage == "top":
        extras["track"] = list(TRACKS)
        if hero_active(st, who, "peakwalker"):
            extras["peakwalker"] = list(TRACKS)
    if any(c.is_dragon for c in cards):
        targets = _free_targets(st, who)
        if targets:
            extras["attach"] = targets
            if p.skill == 1 and p.gear:
                extras["skill1"] = list(YES_NO)
            if p.skill == 4:
                extras["skill4"] = list(HIRELINGS)
    if hero_active(st, who, "wrangler"):
        extras["wrangler"] = ["gear", "grunt"]
    if st.location == PRESERVE and hero_active(st, who, "blazebinder"):
        extras["blazebinder"] = list(YES_NO)
    if st.location == CAMP and hero_active(st, who, "dragonspeaker"):
        extras["dragonspeaker"] = list(YES_NO)
    return extras


def _free_targets(st: State, who: str) -> list[str]:
    """``who``'s Heroes and Preserves that hold no Dragon."""
    return [c.id for c in st.owned(who, "hero") + st.owned(who, "preserve") if not c.holds]


# -- the Raid, the End Game, and plays at any time ------------------------------------------------------------


def raid_words(st: State, p: Player) -> Choice:
    """``p``'s Raid discard (``view.raid_choice``: the discards ``p`` chooses among, if any) with the words ``p``'s
    Heroes add: the Messenger's choice of card, the Fire Sage's and the Custodian's reductions, an exotic
    Dragon's colour when the Raid counts a colour."""
    base = raid_choice(st, p)
    values = dict(base.values)
    slot = raid_in_force(st)
    discarded = st.raid_discarded
    if hero_active(st, p.name, "messenger") and slot and discarded and st.raids[discarded - 1]:
        values["card"] = [str(slot), str(discarded)]
    for hero, word in (("fire sage", "fire_sage"), ("custodian", "custodian")):
        if hero_active(st, p.name, hero):
            values[word] = list(YES_NO)
    raid_id = st.raids[slot - 1] if slot else None
    exotic = _exotic_words(st, p.name)
    if exotic and raid_id is not None and st.cards[raid_id].basis in COLOURS:
        values["exotic"] = exotic
    return Choice(base.event, base.player, values, base.example)


def end_choices(st: State) -> list[Choice]:
    """End Game Scoring: a Gear conversion for each player who can make one; a declaration for each player with
    something to declare (an exotic Dragon unattached, a Custodian). Nothing once nobody can: the game is over
    (field report WEB-11)."""
    floor = int(st.settings.get("flame_min", 0))
    choices = []
    for p in st.players:
        if p.gear >= 3 and p.flame > floor:
            most = [str(3 * k) for k in range(1, min(p.gear // 3, p.flame - floor) + 1)]
            choices.append(Choice("END_GEAR_CONVERT", p.name, {"gear": most}, f"eh convert 3 -p {p.name}"))
    for p in st.players:
        values = _declarable(st, p.name)
        if values:
            choices.append(Choice("END_DECLARE", p.name, values, f"eh declare -p {p.name}"))
    return choices if any(c.event == "END_GEAR_CONVERT" for c in choices) else []


def _declarable(st: State, name: str) -> dict[str, list[str]]:
    """What ``name`` may declare for scoring: each unattached exotic Dragon as a colour, the Custodian's track."""
    values: dict[str, list[str]] = {}
    exotic = _exotic_words(st, name)
    if exotic:
        values["exotic"] = exotic
    if hero_active(st, name, "custodian"):
        values["custodian"] = list(TRACKS)
    return values


def _exotic_words(st: State, name: str) -> list[str]:
    """``X1=red``…: each of ``name``'s unattached exotic Dragons as each colour."""
    return [f"{c.id}={colour}" for c in st.owned(name, "captive") if c.exotic and not c.attached_to
            for colour in COLOURS]


def free_choices(st: State) -> list[Choice]:
    """Plays not tied to a turn: completable Garrison cards, attachments (a Choice per Dragon, with the Heroes
    and Preserves it may join), Hero abilities whose moment is now, waiting skill answers."""
    choices = []
    for p in st.players:
        ready = [c.id for c in st.owned(p.name, "garrison")
                 if not c.completed and not garrison_shortfall(st, p.name, c, {})]
        if ready:
            values: dict[str, list[str]] = {"card": ready}
            exotic = _exotic_words(st, p.name)
            if exotic:
                values["exotic"] = exotic
            if hero_active(st, p.name, "dragon knight"):
                values["track"] = list(TRACKS)
            choices.append(Choice("GARRISON_COMPLETE", p.name, values, f"eh complete {ready[0]} -p {p.name}",
                                  {c: face(st.cards[c]) for c in ready}))  # each card with its face (EH-F8)
        choices += attach_choices(st, p)
        choices += [Choice("HERO_ABILITY", p.name, {"hero": [hero], **_ability_words(st, p, hero)},
                           f"eh hero {hero} -p {p.name}") for hero in heroes_now(st, p.name)]
        if p.skill == 2 and p.pending_flame > 0:
            plans = _expert_discards(p.hire, p.pending_flame)
            choices.append(Choice("FLAME_RESPONSE", p.name, {"option": ["normal", "grunts", "experts"],
                                                             **({"discard": plans} if plans else {})},
                                  f"eh respond grunts -p {p.name}"))
        if p.skill == 3 and p.pending_track:
            choices.append(Choice("ATTR_EXTRA_STEP", p.name, {"track": list(p.pending_tracks or [p.pending_track])},
                                  f"eh extra -p {p.name}"))
    return choices


def attach_choices(st: State, p: Player) -> list[Choice]:
    """A Choice per unattached Dragon of ``p`` with the free Heroes and Preserves it may join: those of its
    colour (an exotic one: any), or any with skill 1's Gear; none once the Gear conversion has begun."""
    if st.phase == END and st.counters.get("converted"):
        return []
    targets = [st.cards[t] for t in _free_targets(st, p.name)]
    gear = p.skill == 1 and p.gear > 0 and not (st.round == 5 and st.phase in (RAID, END))
    choices = []
    for dragon in st.owned(p.name, "captive") + st.owned(p.name, "mountain"):
        if dragon.attached_to:
            continue
        fits = [t.id for t in targets if gear or dragon.exotic or t.colour == dragon.colour]
        if not fits:
            continue
        values: dict[str, list[str]] = {"dragon": [dragon.id], "target": fits}
        if gear:
            values["skill1"] = list(YES_NO)
        if p.skill == 4:
            values["skill4"] = list(HIRELINGS)
        choices.append(Choice("ATTACH_DRAGON", p.name, values, f"eh attach {dragon.id} {fits[0]} -p {p.name}"))
    return choices


def heroes_now(st: State, name: str) -> list[str]:
    """``name``'s active Heroes whose ability has its own moment and whose moment is now (rules_cards), as
    words (``dragon-trainer``)."""
    p = st.player(name)
    before_first = st.phase == ACTION and st.actions == 0
    after_raid = (before_first and st.after_raid_round == st.round - 1 and st.round > 1
                  or st.phase == END and st.after_raid_round == 5)
    now = {"apprentice": before_first and "apprentice" not in p.used,
           "bard": before_first and f"bard:{st.round}" not in p.used,
           "paragon": before_first and f"paragon:{st.round}" not in p.used,
           "recruiter": after_raid and f"recruiter:after{st.after_raid_round}" not in p.used,
           "priestess": after_raid and f"priestess:after{st.after_raid_round}" not in p.used,
           "dragon trainer": st.phase == RAID and not any(q.raided for q in st.players) and not p.trainer_used}
    return [hero.replace(" ", "-") for hero in HERO_MOMENTS if now[hero] and hero_active(st, name, hero)]



def _ability_words(st: State, p: Player, hero: str) -> dict[str, list[str]]:
    """A Hero ability's other words: the Apprentice's Guild card, the Bard's two Heroes drawn (any not revealed
    yet), the Paragon's gain, the Dragon Trainer's Dragon (and an exotic one's colour)."""
    if hero == "apprentice":
        return {"card": [c for c in st.offers.get(GUILD, []) if c and st.cards[c].reserved_for in (None, p.name)]}
    if hero == "bard":
        seen = {c.hero for c in st.cards.values() if c.kind == "hero"}
        unseen = [h.replace(" ", "-") for h in HEROES if h not in seen]
        return {"keep": unseen, "discard": unseen}
    if hero == "paragon":
        return {"gain": ["SS", "RR", "SR"]}
    if hero == "dragon-trainer":
        attached = bool(st.settings.get("trainer_allow_attached"))
        dragons = [c for c in st.owned(p.name, "captive") + st.owned(p.name, "mountain")
                   if attached or not c.attached_to]
        words = {"dragon": [c.id for c in dragons]}
        return {**words, "colour": list(COLOURS)} if any(c.exotic and not c.attached_to for c in dragons) else words
    return {}


def _expert_discards(hire: dict[str, int], count: int) -> list[str]:
    """The ways to discard ``count`` Experts from ``hire`` (``1S1R``…), to cancel a Flame increase (skill 2)."""
    held = [(t, hire.get(t, 0)) for t in EXPERTS]
    ways = [dict(zip(EXPERTS, counts)) for counts in product(*(range(n + 1) for _, n in held)) if sum(counts) == count]
    return [hire_text(way) for way in ways]
