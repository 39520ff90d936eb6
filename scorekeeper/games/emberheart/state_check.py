"""``Game.check_state`` for Emberheart: what is impossible about a table's state as a whole, judged like a chess
position, whatever sequence of plays (or tally, or adjust) led to it.

Each invariant is a rule ``EH-STATE-n`` with the rulebook sentence it rests on (``INVARIANTS``; the rule table,
``rule_summaries.py``, and ``docs/emberheart.md`` say the same), checked by one function below, next to its ID.
A state any legal sequence of plays reaches finds nothing (``tests/games/emberheart/test_eh_state.py`` replays
every sample and generated game to hold it to that); each finding is an error naming the player and the thing.

The checks read the state defensively: a tally lays typed values over the setup, so a field may hold what no
play writes (a card id that names nothing, a kind the box does not have); they report it, never fail on it.
What the project reads as unlimited is not checked: the Hireling and Gear supply (AMB-31, EH-SETUP-14 only
warns) and the Flame track's far end (``flame_max``, none by default).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Iterable, TypeGuard

from scorekeeper.core.protocol import Finding, error
from scorekeeper.games.emberheart.cards import (
    AIDES, ALLOWED, COLOURS, DRAGON_KINDS, GARRISON, HEROES, HIRELING_NAMES, HIRELINGS, LOCATIONS, MTN_SLOTS,
    SPECIALS, TRACKS, Card,
)
from scorekeeper.games.emberheart.state import ACTION, END, RAID, REWARD, State

PHASES = (ACTION, REWARD, RAID, END)
ROUNDS = 5
CRESTS = 5
MAX_PARTY = 5
#: the box's cards of each kind (the rulebook's Components); the Garrison's 15 are 5 of each colour
BOX: dict[str, int] = {"hero": 27, "tavern": 15, "captive": 15, "mountain": 30, "preserve": 15, "garrison": 15,
                       "raid": 10}
GARRISON_PER_COLOUR = 5
#: the card kind each offer holds
OFFER_KIND = {"guild": "hero", "tavern": "tavern", "camp": "captive", "preserve": "preserve",
              **{f"mountain-{level}": "mountain" for level in MTN_SLOTS}}
#: the kinds a player keeps in front of them (a claimed Tavern card is discarded at once)
KEPT = ("hero", *DRAGON_KINDS, "preserve", "garrison")


@dataclass(frozen=True)
class Invariant:
    """One whole-state rule: its rulebook section, a one-line summary, and the rulebook sentence it rests on."""

    section: str
    summary: str
    sentence: str


INVARIANTS: dict[str, Invariant] = {}
Check = Callable[[State], Iterable[str]]
CHECKS: list[tuple[str, Check]] = []


def invariant(rule: str, section: str, summary: str, sentence: str) -> Callable[[Check], Check]:
    """Register ``check`` as the check of ``rule``: it yields one message per thing it finds impossible."""

    def register(check: Check) -> Check:
        INVARIANTS[rule] = Invariant(section, summary, sentence)
        CHECKS.append((rule, check))
        return check

    return register


def check_state(st: State) -> list[Finding]:
    """Every invariant's findings on ``st``, in rule order (an error each, with its ``EH-STATE-n``)."""
    found: list[Finding] = []
    for rule, check in CHECKS:
        found += [error(rule, message) for message in check(st)]
    return found


# -- helpers ---------------------------------------------------------------------------------------------------


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _card(st: State, cid: Any) -> Card | None:
    card = st.cards.get(cid) if isinstance(cid, str) else None
    return card if isinstance(card, Card) else None


def _whose(card: Card) -> str:
    """``Maren's D2`` or ``D2`` (a card on offer or nobody's)."""
    return f"{card.owner}'s {card.id}" if card.owner else card.id


def _names(st: State) -> list[str]:
    return [p.name for p in st.players]


# -- the round, the phase and the turn -------------------------------------------------------------------------


@invariant("EH-STATE-1", "Game Structure", "The game is in one of rounds I to V, in one of its phases; it ends "
           "after round V",
           "A game of Emberheart lasts five rounds. Each round consists of 4 phases: I. Action phase II. Reward "
           "phase III. Raid phase IV. Reset phase After completing the fifth Raid phase, proceed to the End Game "
           "Scoring.")
def _round_and_phase(st: State) -> Iterable[str]:
    if st.phase not in PHASES:
        yield f"the phase is {st.phase!r}; a round's phases are {', '.join(PHASES[:3])} (then {END}, the game's end)"
    if not _whole(st.round) or not 1 <= st.round <= ROUNDS:
        yield f"the round is {st.round!r}; a game lasts five rounds (1 to {ROUNDS})"
    elif st.phase == END and st.round != ROUNDS:
        yield (f"End Game Scoring (phase end) in round {st.round}; it comes after the fifth Raid phase, "
               f"so the round is {ROUNDS}")
    if st.phase in (ACTION, REWARD):
        for p in st.players:
            if p.raided:
                yield f"{p.name} has resolved the Raid in the {st.phase} phase; the Raid phase follows the Reward phase"


@invariant("EH-STATE-2", "I. Action Phase", "The First player marker is a player's, and the turn counters are "
           "whole numbers from 0",
           "Randomly choose a First player and give them the First player marker.")
def _first_player(st: State) -> Iterable[str]:
    if st.first not in st.seats:
        yield f"the First player marker is with {st.first!r}, who is not a player ({', '.join(st.seats)})"
    for key in ("turn", "actions"):
        value = getattr(st, key)
        if not _whole(value) or value < 0:
            yield f"the Action phase's {key} counter is {value!r}; it counts from 0"


@invariant("EH-STATE-3", "II. Reward Phase", "Parties stand on the board only in the Action and Reward phases; "
           "Locations resolve in Reward",
           "After resolving a Common Location, discard all Grunts from that Location and return all Experts, "
           "Crests, and Dragon Companions to the players' personal supplies")
def _parties_in_phase(st: State) -> Iterable[str]:
    if st.parties and st.phase not in (ACTION, REWARD):
        for party in st.parties:
            yield (f"{party.owner}'s Party is still at {party.location} space {party.space} in the {st.phase} "
                   "phase; every Party has gone home by the end of the Reward phase")
    if st.location is not None:
        if st.phase != REWARD:
            yield f"{st.location} is being resolved in the {st.phase} phase; Locations are resolved in the Reward phase"
        elif st.location not in LOCATIONS:
            yield f"the Location being resolved is {st.location!r}; the Common Locations are {', '.join(LOCATIONS)}"


# -- each player's pieces --------------------------------------------------------------------------------------


@invariant("EH-STATE-4", "Setup", "Each player has 5 Crests: in hand, on a Party, on a Special Location, or "
           "left there for good",
           "Each player takes their Dragon Companion meeple and 5 Crest tokens matching their Player board.")
def _crests(st: State) -> Iterable[str]:
    for site, names in st.specials.items():
        if site not in SPECIALS:
            yield f"Crests sit on {site!r}; the Special Locations are {', '.join(SPECIALS)}"
        for name in sorted(set(names) - set(_names(st))):
            yield f"a Crest of {name!r}, who is not a player, sits on the {site}"
    for p in st.players:
        parties = sum(1 for party in st.parties if party.owner == p.name)
        specials = sum(names.count(p.name) for names in st.specials.values())
        if not _whole(p.crests) or not _whole(p.crests_gone) or p.crests < 0 or p.crests_gone < 0:
            yield (f"{p.name} holds {p.crests!r} Crests ({p.crests_gone!r} left on Special Locations); neither is "
                   "below 0")
            continue
        total = p.crests + parties + specials + p.crests_gone
        if total != CRESTS:
            yield (f"{p.name} has {total} Crests ({p.crests} in hand, {parties} on Parties, {specials} on Special "
                   f"Locations, {p.crests_gone} left there for good); each player has {CRESTS}")


@invariant("EH-STATE-5", "Setup", "No count of Hirelings or Gear is below 0, in a supply or in a Party",
           "Each player takes 10 Grunt tokens. - Each player takes 2 Gear tokens.")
def _tokens(st: State) -> Iterable[str]:
    for p in st.players:
        if not _whole(p.gear) or p.gear < 0:
            yield f"{p.name} holds {p.gear!r} Gear; a count of tokens is never below 0"
        for key, n in p.hire.items():
            if key not in HIRELINGS:
                yield f"{p.name} holds {n!r} {key!r}; the Hirelings are {', '.join(HIRELINGS)}"
            elif not _whole(n) or n < 0:
                yield f"{p.name} holds {n!r} {HIRELING_NAMES[key]}s; a count of tokens is never below 0"
    for party in st.parties:
        for key, n in party.hire.items():
            if key not in HIRELINGS or not _whole(n) or n < 0:
                yield (f"{party.owner}'s Party at {party.location} space {party.space} holds {n!r} {key!r}; "
                       "a Party holds Grunts, Scouts, Rangers and Wardens, none below 0")


@invariant("EH-STATE-6", "Flame", "The Flame marker stays on its track: never below flame_min, never "
           "above flame_max when set",
           "Place each player's Flame marker on the Flame icon on the Flame track.")
def _flame(st: State) -> Iterable[str]:
    low, high = st.settings.get("flame_min", 0), st.settings.get("flame_max")
    for p in st.players:
        if not _whole(p.flame):
            yield f"{p.name}'s Flame is {p.flame!r}; it is a step of the Flame track"
        elif _whole(low) and p.flame < low:
            yield f"{p.name}'s Flame is {p.flame}; the Flame track starts at {low} (flame_min)"
        elif _whole(high) and p.flame > high:
            yield f"{p.name}'s Flame is {p.flame}; the Flame track ends at {high} (flame_max)"


@invariant("EH-STATE-7", "Dragon Companion Attributes", "Each Attribute marker is on its track (0 to its last "
           "step), and one has moved up at setup",
           "Each player places an Attribute marker on each of their 3 Attribute tracks on their Player board. "
           "Then, each player moves one marker of their choice one step higher.")
def _tracks(st: State) -> Iterable[str]:
    top = st.settings.get("attr_max", 7)
    top = top if _whole(top) else 7
    for p in st.players:
        wrong = False
        for track in (*TRACKS, *(t for t in p.attrs if t not in TRACKS)):
            step = p.attrs.get(track, 0)  # a track a tally leaves out of its attrs is on step 0, as scored
            if track not in TRACKS:
                yield f"{p.name} has a track {track!r}; the Attribute tracks are {', '.join(TRACKS)}"
                wrong = True
            elif not _whole(step) or not 0 <= step <= top:
                yield f"{p.name}'s {track.title()} marker is on step {step!r}; the track runs from 0 to {top}"
                wrong = True
        if not wrong and sum(p.attrs.get(t, 0) for t in TRACKS) < 1:
            yield f"{p.name}'s three Attribute markers are all on step 0; one moved one step up at setup"


# -- the cards -------------------------------------------------------------------------------------------------


@invariant("EH-STATE-8", "Components", "No kind of card is in play more often than the box holds it",
           "45 Dragon cards - 30 Mountain Dragon cards - 15 Captive Dragon cards - 15 Preserve cards - 1 Round "
           "marker - 10 Raid cards - 15 Tavern cards - 15 Garrison cards - 27 Hero cards")
def _box(st: State) -> Iterable[str]:
    kinds = Counter(c.kind for c in st.cards.values() if isinstance(c, Card))
    for kind, n in kinds.items():
        if kind not in BOX:
            ids = [c.id for c in st.cards.values() if isinstance(c, Card) and c.kind == kind]
            yield f"{', '.join(ids)}: no card kind {kind!r}; the kinds are {', '.join(BOX)}"
        elif n > BOX[kind]:
            yield f"{n} {kind} cards are in play; the box has {BOX[kind]}"
    garrisons = Counter(c.colour for c in st.cards.values() if isinstance(c, Card) and c.kind == GARRISON)
    for colour, n in garrisons.items():
        if colour in COLOURS and n > GARRISON_PER_COLOUR:
            yield f"{n} {colour} Garrison cards are in play; the box has {GARRISON_PER_COLOUR} of each colour"


@invariant("EH-STATE-9", "Hero Abilities and Scoring Conditions", "The box has one Hero of each kind, of that "
           "Hero's colour",
           "Hero cards are grouped by color: red, blue, and green.")
def _heroes(st: State) -> Iterable[str]:
    seen: dict[str, list[Card]] = {}
    for card in st.cards.values():
        if not isinstance(card, Card) or card.kind != "hero":
            continue
        if card.hero not in HEROES:
            yield f"{_whose(card)} is a Hero card with no Hero named ({card.hero!r})"
            continue
        seen.setdefault(card.hero, []).append(card)
        if card.colour != HEROES[card.hero]:
            yield (f"{_whose(card)}, the {card.hero.title()}, is {card.colour or 'colourless'}; "
                   f"the {card.hero.title()} is a {HEROES[card.hero]} Hero")
    for hero, cards in seen.items():
        if len(cards) > 1:
            owners = sorted({c.owner for c in cards if c.owner})
            who = (f"{owners[0]} holds" if len(owners) == 1 and all(c.owner for c in cards)
                   else "the table shows")
            yield (f"{who} {len(cards)} Heroes of kind {hero.title()} ({', '.join(c.id for c in cards)}); "
                   "the box has one of each")


@invariant("EH-STATE-10", "Components", "Dragons, Preserves and Garrisons are red, blue or green; an exotic "
           "is colourless until attached",
           "Sort the Garrison cards into three decks by their color (red, blue and green)")
def _colours(st: State) -> Iterable[str]:
    for card in st.cards.values():
        if not isinstance(card, Card):
            continue
        if card.kind in DRAGON_KINDS:
            if card.exotic and not card.attached_to:
                if card.colour not in ("", "exotic"):
                    yield (f"{_whose(card)} is an unattached exotic Dragon coloured {card.colour}; it counts as any "
                           "colour until it is attached")
            if card.exotic and card.kind != "captive":
                yield (f"{_whose(card)} is an exotic {card.kind} Dragon; exotic Dragons are found only at the "
                       "Poachers' Camp")
            elif not card.exotic and card.colour not in COLOURS:
                yield f"{_whose(card)} is a Dragon coloured {card.colour!r}; Dragons are red, blue or green (or exotic)"
        elif card.kind in ("preserve", GARRISON) and card.colour not in COLOURS:
            yield f"{_whose(card)} is a {card.kind} card coloured {card.colour!r}; they are red, blue or green"


@invariant("EH-STATE-11", "Hero Abilities and Scoring Conditions", "Each card is in one place: an offer of its "
           "kind, or one player's area, listed there",
           "When you claim a Hero card, place it in your player area.")
def _places(st: State) -> Iterable[str]:
    names = _names(st)
    for cid, filed in st.cards.items():
        if isinstance(filed, Card) and filed.id != cid:
            yield f"the card filed as {cid} is named {filed.id}; a card has one name"
    listed: dict[str, list[str]] = {}
    for p in st.players:
        for cid in p.cards:
            card = _card(st, cid)
            if card is None:
                yield f"{p.name}'s cards name {cid!r}, which is not a card in play"
                continue
            listed.setdefault(card.id, []).append(p.name)
            if card.owner != p.name:
                yield f"{p.name}'s cards list {card.id}, whose owner is {card.owner or 'nobody'}"
    for cid, who in listed.items():
        if len(who) > 1:
            yield f"{cid} is in the area of {' and '.join(who)}; a card is in one place"
    for card in st.cards.values():
        if not isinstance(card, Card) or card.owner is None:
            continue
        if card.owner not in names:
            yield f"{card.id}'s owner {card.owner!r} is not a player ({', '.join(names)})"
        elif card.kind in KEPT and card.id not in listed:
            yield f"{card.owner}'s {card.id} is not among {card.owner}'s cards"
    slots: dict[str, list[str]] = {}
    for offer, ids in st.offers.items():
        for sid in ids:
            if sid is None:
                continue
            card = _card(st, sid)
            slots.setdefault(str(sid), []).append(offer)
            if card is None:
                yield f"the {offer} offer holds {sid!r}, which is not a card in play"
            elif card.owner is not None or card.discarded:
                yield f"{card.id} is on the {offer} offer but is {_held(card)}"
            elif offer in OFFER_KIND and card.kind != OFFER_KIND[offer]:
                yield f"{card.id} is a {card.kind} card on the {offer} offer, which holds {OFFER_KIND[offer]} cards"
    for colour, sid in st.garrison.items():
        if sid is None:
            continue
        card = _card(st, sid)
        slots.setdefault(str(sid), []).append(f"garrison {colour}")
        if card is None:
            yield f"the {colour} Garrison slot holds {sid!r}, which is not a card in play"
        elif card.kind != GARRISON or card.colour != colour:
            yield f"the {colour} Garrison slot holds {card.id}, a {card.colour} {card.kind} card"
        elif card.owner is not None or card.discarded:
            yield f"{card.id} is on the Garrison but is {_held(card)}"
    for sid in st.raids:
        card = _card(st, sid) if sid is not None else None
        if sid is not None and (card is None or card.kind != "raid"):
            yield f"a Raid slot holds {sid!r}, which is not a Raid card in play"
    for sid, where in slots.items():
        if len(where) > 1:
            yield f"{sid} is in {len(where)} slots ({', '.join(where)}); a card is in one place"


def _held(card: Card) -> str:
    return f"{card.owner}'s" if card.owner else "discarded"


# -- attachments -----------------------------------------------------------------------------------------------


@invariant("EH-STATE-12", "II. Reward Phase › Heroes' Guild", "A Dragon is attached to one Hero or Preserve of "
           "its owner's, which holds only that Dragon",
           "Only one Dragon can be attached to a Hero.")
def _one_dragon(st: State) -> Iterable[str]:
    on: dict[str, list[Card]] = {}
    for card in st.cards.values():
        if not isinstance(card, Card) or card.attached_to is None or card.discarded:
            continue
        holder = _card(st, card.attached_to)
        if not card.is_dragon:
            yield f"{_whose(card)} is a {card.kind} card attached to {card.attached_to}; only Dragons are attached"
        elif holder is None:
            yield f"{_whose(card)} is attached to {card.attached_to!r}, which is not a card in play"
        elif holder.kind not in ("hero", "preserve"):
            yield f"{_whose(card)} is attached to {holder.id}, a {holder.kind} card; Dragons join Heroes and Preserves"
        elif holder.owner != card.owner:
            yield (f"{_whose(card)} is attached to {holder.id}, which is {holder.owner or 'nobody'}'s; a Dragon joins "
                   "its owner's Hero or Preserve")
        else:
            on.setdefault(holder.id, []).append(card)
    for hid, dragons in on.items():
        holder = st.cards[hid]
        if len(dragons) > 1:
            yield (f"{_whose(holder)} holds {len(dragons)} Dragons ({', '.join(d.id for d in dragons)}); a "
                   f"{holder.kind.title()} holds one")
        elif holder.holds != dragons[0].id:
            yield f"{dragons[0].id} is attached to {_whose(holder)}, which says it holds {holder.holds or 'nothing'}"
    for card in st.cards.values():
        if not isinstance(card, Card) or card.holds is None:
            continue
        dragon = _card(st, card.holds)
        if card.kind not in ("hero", "preserve"):
            yield f"{_whose(card)} is a {card.kind} card holding {card.holds}; Dragons join Heroes and Preserves"
        elif dragon is None or not dragon.is_dragon:
            yield f"{_whose(card)} holds {card.holds!r}, which is not a Dragon card in play"
        elif dragon.attached_to != card.id:
            yield (f"{_whose(card)} holds {dragon.id}, which is attached to {dragon.attached_to or 'nothing'}; "
                   "a Dragon and the card it joins name each other")


@invariant("EH-STATE-13", "II. Reward Phase › Preserve", "A Dragon joins only a Hero or Preserve of its own "
           "colour (skill 1's Gear aside)",
           "You may attach a Dragon card of the same color to it anytime, but once a Dragon is attached to a "
           "Preserve, it cannot be detached or reassigned to another card.")
def _same_colour(st: State) -> Iterable[str]:
    for card in st.cards.values():
        if not isinstance(card, Card) or not card.is_dragon or card.exotic or card.skill1 or card.discarded:
            continue
        holder = _card(st, card.attached_to) if card.attached_to else None
        if holder is not None and holder.kind in ("hero", "preserve") and card.colour in COLOURS \
                and holder.colour != card.colour:
            yield (f"{_whose(card)}, a {card.colour} Dragon, is attached to {holder.id}, a "
                   f"{holder.colour or 'colourless'} "
                   f"{holder.kind.title()}; a Dragon joins a card of its own colour")


@invariant("EH-STATE-14", "II. Reward Phase › Poachers' Camp", "An attached exotic Dragon has the colour of the "
           "Hero or Preserve it joined",
           "Once attached, it permanently adopts the color of the Preserve or Hero card it is attached to.")
def _exotic_adopts(st: State) -> Iterable[str]:
    for card in st.cards.values():
        if not isinstance(card, Card) or not card.is_dragon or not card.exotic or not card.attached_to:
            continue
        holder = _card(st, card.attached_to)
        if holder is not None and holder.kind in ("hero", "preserve") and card.colour != holder.colour:
            yield (f"{_whose(card)}, an exotic Dragon attached to {holder.id} ({holder.colour or 'colourless'}), is "
                   f"{card.colour or 'colourless'}; once attached it is {holder.colour or 'the card'}'s colour")


@invariant("EH-STATE-15", "I. Action Phase › Player Skills", "Skills are side B's, one per board; a "
           "skill-1 Gear sits on a Dragon attached with skill 1",
           "On the \"B\" side, however, each player has a unique Player Skill")
def _skills(st: State) -> Iterable[str]:
    side = str(st.settings.get("side", "A")).upper()
    skills = [p.skill for p in st.players]
    for p in st.players:
        if side != "B" and p.skill is not None:
            yield f"{p.name}'s board shows skill {p.skill}, but the boards are on side {side}, without skills"
        elif side == "B" and (p.skill not in (1, 2, 3, 4) or skills.count(p.skill) > 1):
            yield f"{p.name}'s board shows skill {p.skill!r}; on side B each board has its own skill, 1 to 4"
    for card in st.cards.values():
        if not isinstance(card, Card) or not (card.gear_on or card.skill1):
            continue
        owner = next((p for p in st.players if p.name == card.owner), None)
        if not card.is_dragon or not card.attached_to:
            yield f"{_whose(card)} carries a skill-1 Gear; it goes on a Dragon attached with skill 1"
        elif owner is None or owner.skill != 1 or side != "B":
            yield f"{_whose(card)} carries a skill-1 Gear, but {card.owner or 'nobody'}'s board does not show skill 1"


# -- the board -------------------------------------------------------------------------------------------------


@invariant("EH-STATE-16", "I. Action Phase › Taking an Aide", "Each of the four Aides is free or with one player, "
           "as that player's Aides say",
           "There are four Aide tokens, representing the Ambassador's loyal assistants ready to help your cause, "
           "each with a unique ability")
def _aides(st: State) -> Iterable[str]:
    names = _names(st)
    for aide, holder in st.aides.items():
        if aide not in AIDES:
            yield f"an Aide {aide!r} is on the table; the Aides are {', '.join(AIDES)}"
        elif holder is not None and holder not in names:
            yield f"the {aide.title()} is with {holder!r}, who is not a player"
    for p in st.players:
        for aide in p.aides:
            if aide not in AIDES:
                yield f"{p.name} holds an Aide {aide!r}; the Aides are {', '.join(AIDES)}"
            elif p.aides.count(aide) > 1:
                yield f"{p.name} holds the {aide.title()} {p.aides.count(aide)} times; there is one"
            elif st.aides.get(aide) != p.name:
                yield (f"{p.name} holds the {aide.title()}, which the Ambassador's area gives to "
                       f"{st.aides.get(aide) or 'nobody'}")
    for aide, holder in st.aides.items():
        if holder in names and aide not in st.player(holder).aides:
            yield f"the {aide.title()} is given to {holder}, whose Aides do not include it"


@invariant("EH-STATE-17", "I. Action Phase › Sending a Party to a Common Location", "A Party is up to 5 Hirelings "
           "its Location allows, alone on its space, with at most one Companion",
           "When performing this action, create a Party by forming a stack of 1-5 Hireling tokens and placing your "
           "Crest on top of it.")
def _parties(st: State) -> Iterable[str]:
    names = _names(st)
    spaces = st.settings.get("location_spaces", 5)
    spaces = spaces if _whole(spaces) else 5
    taken: Counter[tuple[str, Any]] = Counter()
    companions: Counter[str] = Counter()
    for party in st.parties:
        where = f"{party.owner}'s Party at {party.location} space {party.space}"
        if party.owner not in names:
            yield f"a Party at {party.location} space {party.space} is {party.owner!r}'s, who is not a player"
        if party.location not in LOCATIONS:
            yield f"{where}: the Common Locations are {', '.join(LOCATIONS)}"
            continue
        if not _whole(party.space) or not 1 <= party.space <= spaces:
            yield f"{where}: the spaces are numbered 1 to {spaces}"
        taken[(party.location, party.space)] += 1
        size = sum(n for n in party.hire.values() if _whole(n))
        if size > MAX_PARTY:
            yield f"{where} holds {size} Hirelings; a Party is 1 to {MAX_PARTY}"
        wrong = [HIRELING_NAMES.get(k, k) for k, n in party.hire.items() if n and k not in ALLOWED[party.location]]
        if wrong:
            yield (f"{where} holds {', '.join(wrong)}s; the {party.location} allows "
                   f"{' and '.join(HIRELING_NAMES[k] + 's' for k in ALLOWED[party.location])}")
        if party.companion:
            companions[party.owner] += 1
    for (location, space), n in taken.items():
        if n > 1:
            yield f"{n} Parties stand on {location} space {space}; a space already taken cannot take another"
    for owner, n in companions.items():
        if n > 1:
            yield f"{owner}'s Companion is with {n} Parties; it accompanies one Party"
        elif owner in names and not st.player(owner).companion_used:
            yield f"{owner}'s Companion is with a Party but not marked used this round"


@invariant("EH-STATE-18", "II. Reward Phase › Garrison", "A completed Garrison card is a claimed one",
           "When you claim a Garrison card, place it in your player area, regardless of whether you meet its "
           "requirements or not.")
def _garrisons(st: State) -> Iterable[str]:
    for card in st.cards.values():
        if isinstance(card, Card) and card.completed and (card.kind != GARRISON or card.owner is None):
            what = "a Garrison card nobody has claimed" if card.kind == GARRISON else f"a {card.kind} card"
            yield f"{card.id} is marked completed, but it is {what}; a player completes a Garrison card they claimed"


@invariant("EH-STATE-19", "2 Player Mode", "Non-player Crests block spaces only in a two-player game, and only "
           "on Common Locations",
           "During Setup, shuffle all Two player mode cards to form a deck and place it face down next to the Main "
           "board.")
def _two_players(st: State) -> Iterable[str]:
    if st.blocked and len(st.players) != 2:
        yield (f"non-player Crests block {len(st.blocked)} space(s) in a {len(st.players)}-player game; the Two "
               "player mode cards are for two players")
    for location, space in st.blocked:
        if location not in LOCATIONS:
            yield f"a non-player Crest blocks {location!r} space {space}; it blocks Common Location spaces"
