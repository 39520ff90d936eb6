"""``TALLY``: an Emberheart table typed as it stands (EH-TALLY-1 its shape, EH-TALLY-2 what the box holds).

The table types each player's cards (Heroes, Dragons with colour and Glory, Preserves, Garrison cards, in
``cards`` with their owner), Attribute tracks, Flame, Gear and Hirelings, and the Flame table in use
(``settings.flame_glory``); ``docs/tally.md`` shows the fields and an example. Scoring then reads it as it
reads a recorded game.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.errors import BadInput
from scorekeeper.games.emberheart.cards import (COLOURS, COMPONENT_COUNTS, EXOTIC, HEROES, HIRELING_NAMES, HIRELINGS,
                                                TRACKS)
from scorekeeper.games.emberheart.context import Ctx
from scorekeeper.games.emberheart.settings import SETTINGS
from scorekeeper.games.emberheart.state import Player, State
from scorekeeper.core.tallying import (
    HOUSE_RULES, Answers, Question, Walk, house_rule, laid_over, pairs, setting_question, suggest, whole,
)

CREST_COUNT = 5


def tally(st: State, ctx: Ctx) -> None:
    """TALLY{state, reason}: the state laid over (EH-TALLY-1), then checked against the box (EH-TALLY-2)."""
    problem = laid_over(st, ctx.event.payload)
    if problem:
        ctx.stop("EH-TALLY-1", problem)
    for problem in limits(st):
        ctx.error("EH-TALLY-2", problem)


def limits(st: State) -> list[str]:
    """What the typed table holds beyond the box or the tracks: tokens, Crests, Heroes, negative counts."""
    problems = []
    held = {key: sum(p.hire.get(key, 0) for p in st.players) + sum(party.hire.get(key, 0) for party in st.parties)
            for key in HIRELINGS}
    held["gear"] = sum(p.gear for p in st.players)
    problems += [f"the players hold {held[key]} {key} tokens; the box has {cap}"
                 for key, cap in COMPONENT_COUNTS.items() if held[key] > cap]
    for p in st.players:
        values = {"flame": p.flame, "gear": p.gear, "crests": p.crests, **p.attrs, **p.hire}
        problems += [f"{p.name}'s {key} is {value}; it cannot be below 0" for key, value in values.items() if value < 0]
        if p.crests > CREST_COUNT:
            problems.append(f"{p.name} holds {p.crests} Crests; each player has {CREST_COUNT}")
    for card in st.cards.values():
        if card.kind == "hero" and card.hero and card.hero not in HEROES:
            problems.append(f"{card.id}: no Hero {card.hero!r}" + suggest(card.hero, list(HEROES)))
        if card.owner is not None and not st.has_player(card.owner):
            problems.append(f"{card.id}: its owner {card.owner!r} is not a player ({', '.join(st.seats)})")
        elif card.gear_on and card.owner is not None and st.player(card.owner).skill != 1:
            problems.append(f"{card.id}: a skill-1 Gear, but {card.owner}'s board does not show skill 1 "
                            "(side B, skills in seat order)")
    return problems


# -- the guided walk (``scorekeeper tally emberheart --players …``) -----------------------------------------

CARD_KINDS = ("mountain", "captive", "hero", "preserve", "garrison")
#: the word that marks a Dragon attached by skill 1, with a Gear on it
GEAR = "gear"
#: the id letter of each kind, as the sample tallies number them (D1, H1, P1, G1)
ID_LETTER = {"mountain": "D", "captive": "D", "hero": "H", "preserve": "P", "garrison": "G"}


def read_card(text: str) -> dict[str, Any]:
    """One card as the table reads it: ``mountain blue 8``, ``captive red 5 on paragon`` (attached to the
    player's Hero or Preserve; ``… on paragon gear``: attached by skill 1, a Gear on it), ``hero fire sage``,
    ``preserve green``, ``garrison blue 6 done`` (completed)."""
    words = text.lower().split()
    gear = bool(words) and words[0] != "hero" and GEAR in words
    words = [w for w in words if not gear or w != GEAR]
    example = "e.g. mountain blue 8, captive red 5 on paragon, hero bard, preserve green, garrison blue 6 done"
    if not words or words[0] not in CARD_KINDS:
        hint = suggest(words[0] if words else "", CARD_KINDS)
        raise BadInput(f"a card starts with its kind, {', '.join(CARD_KINDS)}{hint}; {example}")
    kind, rest = words[0], words[1:]
    if kind == "hero":
        name = " ".join(rest)
        if name not in HEROES:
            raise BadInput(f"no Hero {name!r}" + (suggest(name, list(HEROES)) or f"; {example}"))
        return {"kind": kind, "hero": name, "colour": HEROES[name]}
    on = None
    if "on" in rest:
        at = rest.index("on")
        on, rest = " ".join(rest[at + 1:]), rest[:at]
    done = bool(rest) and rest[-1] == "done"
    rest = rest[:-1] if done else rest
    colours = (*COLOURS, EXOTIC)
    if not rest or rest[0] not in colours:
        raise BadInput(f"{kind}: expects its colour ({', '.join(colours)}) next; {example}")
    card: dict[str, Any] = {"kind": kind, "colour": "" if rest[0] == EXOTIC else rest[0]}
    if rest[0] == EXOTIC:
        card["exotic"] = True
    if kind != "preserve":
        if len(rest) != 2:
            raise BadInput(f"{kind}: expects its colour then its Glory; {example}")
        card["glory"] = whole(rest[1])
    if done:
        card["completed"] = True
    if on:
        card["on"] = on
    if gear:
        if not on or kind == "garrison":
            raise BadInput(f"{kind}: a skill-1 Gear goes on a Dragon attached to a Hero or Preserve, e.g. "
                           "captive blue 5 on paragon gear")
        card["skill1"] = card["gear_on"] = True  # EH-SKILL-1C: +1 Glory; a colour match (AMB-15)
    return card


def read_hire(text: str) -> dict[str, int]:
    """All of a player's Hirelings, in the supply and on the board (what the Heroes count): ``G=10 S=2 R=1``."""
    typed = pairs(text)
    for key in typed:
        if key.upper() not in HIRELINGS:
            raise BadInput(f"no Hireling {key!r}{suggest(key.upper(), HIRELINGS)}; they are "
                           + ", ".join(f"{k} ({HIRELING_NAMES[k]}s)" for k in HIRELINGS))
    return {key.upper(): n for key, n in typed.items()}


def read_side(text: str) -> dict[str, Any]:
    """The player boards' side as the settings it sets: none for ``A`` (the default) or an empty line, ``side``
    and ``skills`` for ``B`` with each board's skill in seat order (``B 3,1``)."""
    side, _, skills = text.strip().upper().partition(" ")
    if side in ("", "A") and not skills.strip():
        return {}
    if side != "B" or not skills.strip():
        raise BadInput("expects A, or B and each board's skill (1 to 4) in seat order, e.g. B 3,1")
    return {"side": side, "skills": [whole(k) for k in skills.replace(",", " ").split()]}


def build(players: Sequence[str], table: Answers, each: Mapping[str, Answers]) -> dict[str, Any]:
    """The tally's settings and state from the walk's answers: the end of the game, each player's tracks and
    cards (numbered D1, H1, P1, G1 … in the order typed), a Dragon put ``on`` a Hero or Preserve attached to it."""
    cards: dict[str, dict[str, Any]] = {}
    rows = []
    counts: dict[str, int] = {}
    for name in players:
        got = each.get(name, {})
        row: dict[str, Any] = {key: got[key] for key in ("flame", "gear") if key in got}
        attrs = {track: got[track] for track in TRACKS if track in got}
        if attrs:
            row["attrs"] = attrs
        if got.get("hire"):
            row["hire"] = {**Player(name).hire, **got["hire"]}
        ids = []
        for typed in got.get("cards", []):
            card = {k: v for k, v in typed.items() if k != "on"}
            letter = ID_LETTER[card["kind"]]
            counts[letter] = counts.get(letter, 0) + 1
            card.update(id=f"{letter}{counts[letter]}", owner=name)
            cards[card["id"]] = card
            ids.append(card["id"])
            target = typed.get("on")
            holder = next((c for c in (cards[i] for i in ids) if target in (c.get("hero"), c["kind"])), None)
            if target and holder is not None:
                card["attached_to"], holder["holds"] = holder["id"], card["id"]
        row["cards"] = ids
        rows.append(row)
    return {"state": {"phase": "end", "players": rows, "cards": cards}}


#: the settings a tally's score or checks read, each asked once (``docs/tally.md`` says why the others are not)
SETTING = {s.key: s for s in SETTINGS}

WALK = Walk(
    table=(
        setting_question(SETTING["flame_glory"], "Flame table", "the Glory under the Flame track, steps=Glory: "
                         "4=5 (3=3 and 6=8 are the rulebook's)"),
        Question("side", "board side", read_side, "A, or B and each board's skill in seat order: B 3,1 "
                 "(Enter keeps A)", words=("A", "B"),
                 settings=lambda typed: dict(typed)),
        HOUSE_RULES,
        house_rule(setting_question(SETTING["skill1_counts_as_match"], "skill-1 match", "a Dragon attached by "
                                    "skill 1 counts as a colour match? yes or no (AMB-15)",
                                    when=lambda table: dict(table.get("side") or {}).get("side") == "B")),
        house_rule(setting_question(SETTING["flat_heroes_need_dragon"], "flat Heroes need a Dragon", "the flat +4 "
                                    "Heroes score only with a Dragon attached? yes or no (AMB-14)")),
        house_rule(setting_question(SETTING["opponent_exotics_in_comparisons"], "opponents' exotics", "others' "
                                    "unattached exotic Dragons count in 'no other player has more': none or "
                                    "adversarial (AMB-12)")),
        house_rule(setting_question(SETTING["custodian_compare"], "Custodian compares", "your marker with the "
                                    "others' on the same track or on any track (AMB-24)")),
    ),
    player=(
        Question("flame", "Flame", whole, "the Flame marker's step, e.g. 3"),
        Question("gear", "Gear", whole, "the Gear tokens held, e.g. 2"),
        *(Question(track, track.title(), whole, f"the {track.title()} track's step, e.g. 4") for track in TRACKS),
        Question("hire", "Hirelings", read_hire, "all of them, supply and board: G=10 S=2 R=1 W=0 (Enter keeps "
                 "the setup's 10 Grunts)", words=tuple(f"{k}=" for k in HIRELINGS)),
        Question("cards", "cards", read_card, "one a line, e.g. captive red 5 on paragon; an empty line ends",
                 many=True, words=(*CARD_KINDS, *COLOURS, EXOTIC, *HEROES, "on", "done", GEAR)),
    ),
    build=build,
)
