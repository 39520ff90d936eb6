"""``TALLY``: an Emberheart table typed as it stands (EH-TALLY-1 its shape, EH-TALLY-2 what the box holds).

The table types each player's cards (Heroes, Dragons with colour and Glory, Preserves, Garrison cards, in
``cards`` with their owner), Attribute tracks, Flame, Gear and Hirelings, and the Flame table in use
(``settings.flame_glory``); ``docs/tally.md`` shows the fields and an example. Scoring then reads it as it
reads a recorded game.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.errors import BadInput
from scorekeeper.games.emberheart.cards import (COLOURS, COMPONENT_COUNTS, DRAGON_KINDS, EXOTIC, HEROES,
                                                HIRELING_NAMES, HIRELINGS, TRACKS, Card, empty_hire, hero_key)
from scorekeeper.games.emberheart.context import Ctx
from scorekeeper.games.emberheart.settings import SETTINGS
from scorekeeper.games.emberheart.state import END, State
from scorekeeper.core.tallying import (
    HOUSE_RULES, Answers, Question, Walk, house_rule, laid_over, pairs, setting_question, suggest, whole,
)

CREST_COUNT = 5


#: every kind of card the box holds, as the state names them
KINDS = ("hero", "tavern", *DRAGON_KINDS, "preserve", "garrison", "raid")
#: what a card's colour may be: none (a Tavern or Raid card), one of the three, or an unattached exotic Dragon's
CARD_COLOURS = ("", *COLOURS, EXOTIC)
HOLDERS = ("hero", "preserve")


def tally(st: State, ctx: Ctx) -> None:
    """TALLY{state, reason}: the state laid over and its words read (EH-TALLY-1), what follows from it settled,
    then checked against the box (EH-TALLY-2)."""
    problem = laid_over(st, ctx.event.payload)
    if problem:
        ctx.stop("EH-TALLY-1", problem)
    problem = misnamed(st)
    if problem:
        ctx.stop("EH-TALLY-1", problem)
    settle(st, dict(ctx.event.payload.get("state") or {}))
    for problem in limits(st):
        ctx.error("EH-TALLY-2", problem)


def misnamed(st: State) -> str | None:
    """The first word of the typed state that names nothing, in one line naming its field, what it expects and the
    closest name (field report TALLY-13; a card id that is not in ``cards``, TALLY-14): a card's kind, colour,
    Hero (``fire-sage`` is read as ``fire sage``, TALLY-4), Garrison track, or a card a player or a Dragon names.
    None when every word reads."""
    for cid, card in st.cards.items():
        at = f"state.cards.{cid}"
        if card.id != cid:
            return f"{at}.id: {card.id!r}; a card's id is its name in state.cards, {cid!r}"
        if card.kind not in KINDS:
            return f"{at}.kind: no card kind {card.kind!r}{suggest(card.kind, KINDS)}; the kinds are {', '.join(KINDS)}"
        if card.colour not in CARD_COLOURS:
            return (f"{at}.colour: no colour {card.colour!r}{suggest(card.colour, CARD_COLOURS[1:])}; a card is red, "
                    "blue or green (an unattached exotic Dragon: exotic = true)")
        if card.kind == "hero" and hero_name(card.hero) is None:
            return f"{at}.hero: no Hero {card.hero!r}{suggest(card.hero.lower(), list(HEROES))}"
        if card.kind == "garrison" and card.track and card.track not in TRACKS:
            return f"{at}.track: no Attribute track {card.track!r}{suggest(card.track, TRACKS)}; the tracks are " \
                   f"{', '.join(TRACKS)}"
        if card.attached_to is not None and card.attached_to not in st.cards:
            return unmatched(st, card)
        if card.holds is not None and card.holds not in st.cards:
            return f"{at}.holds: {card.holds!r} is not a card of state.cards"
    for i, p in enumerate(st.players):
        for cid in p.cards:
            if cid not in st.cards:
                return f"state.players[{i}].cards: {cid!r} is not a card of state.cards ({p.name}'s)"
    return None


def hero_name(text: str) -> str | None:
    """A Hero's whole name as typed in any case, with ``-`` or ``_`` for its spaces as the rest of the CLI prints
    it (``fire-sage``, field report TALLY-4); None for a name that is not a Hero's (a prefix is not enough)."""
    name = " ".join(text.replace("_", " ").replace("-", " ").lower().split())
    return name if name in HEROES else None


def unmatched(st: State, card: Card) -> str:
    """A Dragon put ``on`` a card that is not there (field report TALLY-3): what the walk or the file typed, and
    how to name a free Hero or Preserve of the Dragon's colour."""
    owner = card.owner or "its owner"
    colour = "" if card.exotic or card.gear_on else f" {card.colour}"
    return (f"{owner}'s {card.id} is put on {card.attached_to!r}: no free{colour} Hero or Preserve of {owner}'s by "
            f"that name was typed before it; write 'on preserve' (the first free{colour} one), "
            f"'on preserve{colour or ' red'}' or 'on' a Hero's name, typed before the Dragon")


def settle(st: State, typed: dict[str, Any]) -> None:
    """What the typed table implies and may leave out: a Hero by its name as the box prints it (``fire-sage`` is the
    Fire Sage, TALLY-4), a Hero card the colour of its Hero; a Dragon coloured ``exotic`` is exotic, and attached it
    has its holder's colour (field report TALLY-1, EH-DRG-7); at the end of the game (phase end) the round is the
    fifth (EH-FLOW-1) and the Gear typed is the Gear held before the step-5 discards (``end_gear``, which the Heroes
    read, AMB-25: field report TALLY-5), unless typed."""
    for card in st.cards.values():
        if card.kind == "hero":
            card.hero = hero_name(card.hero) or card.hero
        if card.is_dragon and card.colour == EXOTIC:
            card.exotic = True  # a Dragon typed 'exotic' is one, as a revealed one is (EH-DRG-9)
        holder = st.cards.get(card.attached_to) if card.attached_to else None
        if card.exotic and holder is not None and holder.kind in HOLDERS and card.colour in ("", EXOTIC):
            card.colour = holder.colour  # EH-DRG-7
        if card.kind == "hero" and not card.colour and card.hero in HEROES:
            card.colour = HEROES[card.hero]
    if st.phase == END:
        if "round" not in typed:
            st.round = 5
        for p in st.players:
            if p.end_gear is None:
                p.end_gear = p.gear


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
        name = hero_name(" ".join(rest))  # fire-sage as the offers print it, or fire sage (TALLY-4)
        if name is None:
            typed = " ".join(rest)
            raise BadInput(f"no Hero {typed!r}" + (suggest(typed.replace("-", " "), list(HEROES)) or f"; {example}"))
        return {"kind": kind, "hero": name, "colour": HEROES[name]}
    on = None
    if "on" in rest:
        at = rest.index("on")
        on, rest = " ".join(rest[at + 1:]), rest[:at]
        if not on:
            raise BadInput(f"{kind}: 'on' names the Hero or Preserve it joins: on paragon, on preserve, "
                           "on preserve red")
    done = bool(rest) and rest[-1] == "done"
    rest = rest[:-1] if done else rest
    colours = (*COLOURS, EXOTIC)
    if not rest or rest[0] not in colours:
        hint = suggest(rest[0], colours) if rest else ""
        raise BadInput(f"{kind}: expects its colour ({', '.join(colours)}) next{hint}; {example}")
    card: dict[str, Any] = {"kind": kind, "colour": "" if rest[0] == EXOTIC else rest[0]}
    if rest[0] == EXOTIC:
        card["exotic"] = True
    if kind == "garrison" and len(rest) > 2:  # its requirements and track, as the card reads (TALLY-21)
        card.update(garrison_face(rest[2:]))
        rest = rest[:2]
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


def garrison_face(words: list[str]) -> dict[str, Any]:
    """A Garrison card's requirements and track, as its face reads after colour and Glory (field report TALLY-21;
    a file takes ``reqs`` and ``track``): ``2blue+1hero senses``. What a requirement is: ``eh reveal garrison``'s."""
    from scorekeeper.errors import NotationError
    from scorekeeper.games.emberheart.notation import parse_requirements

    face: dict[str, Any] = {}
    for word in words:
        if word in TRACKS:
            face["track"] = word
            continue
        try:
            face["reqs"] = parse_requirements(word)
        except NotationError as exc:
            raise BadInput(f"garrison: {word!r} is neither a requirement nor a track{suggest(word, TRACKS)}: "
                           f"{exc}; e.g. garrison blue 4 2blue+1hero senses done") from None
    return face


def read_cards(text: str) -> list[dict[str, Any]]:
    """One card or several on a line, separated by commas: ``mountain blue 8, captive red 5 on paragon``."""
    return [read_card(part) for part in text.split(",") if part.strip()] or [read_card("")]


def read_board(text: str) -> dict[str, int]:
    """A player's board on one line (field report TALLY-21, and a 3-player table in 25 answers): the Flame, the
    Gear and the three Attribute tracks, as ``flame=3 gear=2 strength=4 senses=2 speed=0`` (a value not typed is
    0; a name may be cut short: ``f=3 g=2 str=4 sen=2 sp=0``) or the five numbers in that order, ``3 2 4 2 0``;
    and the Gear discarded at step 5 of the end to lower the Flame, ``discarded=3`` (TALLY-5: the Heroes count
    the Gear held before it)."""
    names = ("flame", "gear", *TRACKS, "discarded")
    words = text.replace(",", " ").split()
    if words and all(w.lstrip("-").isdigit() for w in words):
        if len(words) != 5:
            raise BadInput(f"{len(words)} numbers: give the five, flame gear strength senses speed, e.g. 3 2 4 2 0")
        return dict(zip(names, map(int, words)))
    board = {name: 0 for name in names[:-1]}
    try:
        typed = pairs(text, example="flame=3")
    except BadInput:
        raise BadInput(f"{text.strip()!r}: expects the five numbers in order, flame gear strength senses speed "
                       "(e.g. 3 2 4 2 0), or each by name: flame=3 gear=2 strength=4 …") from None
    for key, value in typed.items():
        found = [name for name in names if name.startswith(key)]
        if len(found) != 1:
            raise BadInput(f"{key!r}: no such part of the board{suggest(key, names)}; they are {', '.join(names)}")
        board[found[0]] = value
    return board


def card_words(before: str, answers: Answers) -> list[str]:
    """What Tab offers in a card line (field report TALLY-20), for the card being typed (after the last comma):
    the kinds first, a Hero's whole name after ``hero``, the colours after a kind, then ``on``, ``done``,
    ``gear`` and a Garrison's tracks; after ``on``, the Heroes and Preserves this player typed before."""
    earlier, _, part = before.rpartition(",")
    words = part.lower().split()
    if part.endswith(" ") or not part.strip():
        words.append("")
    done, word = words[:-1], words[-1]
    if not done:
        return list(CARD_KINDS)
    kind = done[0]
    if kind == "hero":  # the whole name typed so far: 'hero fire m' is the Fire Marshall, not a new Hero 'm'
        typed = " ".join([*done[1:], word]).replace("-", " ")  # fire-s: the name as the offers print it
        return [name.replace(" ", "-") if "-" in word else name for name in HEROES if name.startswith(typed)]
    if "on" in done:
        return holders_typed(answers, earlier)
    if len(done) == 1:
        return [*COLOURS, EXOTIC] if kind in DRAGON_KINDS else list(COLOURS)
    if kind == "garrison":
        return [*TRACKS, "done"]
    return ["on", GEAR] if kind in DRAGON_KINDS else []


def holders_typed(answers: Answers, earlier: str) -> list[str]:
    """The Heroes (by name) and Preserves (``preserve COLOUR``) of the player's cards typed so far, with ``preserve``
    (the first free one of the Dragon's colour)."""
    typed = [card for line in answers.get("cards") or () for card in (line if isinstance(line, list) else [line])]
    for part in earlier.split(","):
        try:
            typed.append(read_card(part))
        except BadInput:
            pass
    heroes = [str(card["hero"]) for card in typed if card.get("kind") == "hero"]
    preserves = [f"preserve {card['colour']}" for card in typed if card.get("kind") == "preserve"]
    return [*heroes, *(["preserve"] if preserves else []), *dict.fromkeys(preserves)]


def read_hire(text: str) -> dict[str, int]:
    """All of a player's Hirelings, in the supply and on the board (what the Heroes count): ``G=10 S=2 R=1``."""
    typed = pairs(text, example="G=3")
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
        board = dict(got.get("board") or {})
        row: dict[str, Any] = {key: board[key] for key in ("flame", "gear") if key in board}
        if board:
            row["attrs"] = {track: board.get(track, 0) for track in TRACKS}
            if board.get("discarded"):  # the Gear held before the step-5 discards, which the Heroes read (TALLY-5)
                row["end_gear"] = board["gear"] + board["discarded"]
        if got.get("hire"):  # the kinds not typed are none (field report TALLY-19); Enter keeps the setup's
            row["hire"] = {**empty_hire(), **got["hire"]}
        ids = []
        for typed in [card for line in got.get("cards", []) for card in (line if isinstance(line, list) else [line])]:
            card = {k: v for k, v in typed.items() if k != "on"}
            letter = ID_LETTER[card["kind"]]
            counts[letter] = counts.get(letter, 0) + 1
            card.update(id=f"{letter}{counts[letter]}", owner=name)
            cards[card["id"]] = card
            ids.append(card["id"])
            target = typed.get("on")
            if target:
                holder = holder_for(card, target, [cards[i] for i in ids[:-1]])
                if holder is None:  # refused when the tally is judged, naming what was typed (TALLY-3)
                    card["attached_to"] = target
                else:
                    card["attached_to"], holder["holds"] = holder["id"], card["id"]
                    if card.get("exotic"):
                        card["colour"] = holder["colour"]  # EH-DRG-7: it adopts its holder's colour (TALLY-1)
        row["cards"] = ids
        rows.append(row)
    return {"state": {"phase": "end", "round": 5, "players": rows, "cards": cards}}


def holder_for(dragon: dict[str, Any], target: str, before: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The card a Dragon typed ``on TARGET`` joins, among the player's cards typed before it (field report TALLY-2):
    ``preserve`` the first free Preserve of the Dragon's colour, ``preserve red`` the first free red one, a Hero's
    name (``fire-sage``, ``fire sage``, a unique prefix) or a card's id (``H1``, ``P2``) that card when free and of
    the Dragon's colour. Any colour fits an exotic Dragon or one attached by skill 1 (``gear``). None when nothing
    fits."""
    words = target.split()
    any_colour = bool(dragon.get("exotic") or dragon.get("gear_on"))
    named = [c for c in before if c["id"].lower() == target and c["kind"] in HOLDERS]
    if named:
        fits = named
    elif words[0] == "preserve":
        wanted = words[1] if len(words) == 2 and words[1] in COLOURS else None
        if len(words) > 2 or len(words) == 2 and wanted is None:
            return None
        fits = [c for c in before if c["kind"] == "preserve" and (wanted is None or c["colour"] == wanted)]
    else:
        hero = hero_key(target)
        fits = [c for c in before if c["kind"] == "hero" and c["hero"] == hero]
    return next((c for c in fits if "holds" not in c and (any_colour or c["colour"] == dragon["colour"])), None)


def judged_with_the_lines_before(card: Any) -> dict[str, Any]:
    """The cards question sets no setting, but says so: the walk then judges each card line with the lines before it
    (a Dragon put ``on`` a card that is not there is refused on its own line and asked again, TALLY-3)."""
    return {}


def flame_waiting(remedy: str) -> str:
    """What the score waits for, in the walk's words (field report TALLY-29): the Glory of a Flame difference the
    Flame table did not give (the remedy is ``set flame_glory 8=N``)."""
    steps = [part.partition("=")[0] for part in remedy.removeprefix("set flame_glory ").split(",")]
    if not remedy.startswith("set flame_glory ") or not all(step.isdigit() for step in steps):
        return remedy
    return (f"the Glory under the Flame track for a difference of {' and '.join(steps)} step(s) is not typed: "
            f"'back' to the Flame table and add {' '.join(f'{step}=N' for step in steps)}, or write the tally and "
            "set it afterwards")


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
        Question("board", "board", read_board, "the Flame, Gear and tracks: flame=3 gear=2 strength=4 senses=2 "
                 "speed=0, or the five in that order: 3 2 4 2 0 (not typed: 0; Gear discarded at step 5 to lower "
                 "the Flame: discarded=3)", words=("flame=", "gear=", *(f"{t}=" for t in TRACKS), "discarded=")),
        Question("hire", "Hirelings", read_hire, "all of them, supply and board: G=10 S=2 R=1 W=0 (a kind not "
                 "typed is none; Enter keeps the setup's 10 Grunts)", words=tuple(f"{k}=" for k in HIRELINGS)),
        Question("cards", "cards", read_cards, "one or more a line, separated by commas: captive red 5 on "
                 "paragon, hero bard, garrison blue 4 2blue+1hero senses done; an empty line ends",
                 many=True, settings=judged_with_the_lines_before, complete=card_words),
    ),
    build=build,
    waiting=flame_waiting,
)
