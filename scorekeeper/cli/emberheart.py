"""``scorekeeper emberheart`` (alias ``eh``): one short command per kind of Emberheart play.

Each command parses its arguments into an event type, a player and a JSON payload, then hands them to
``record`` (which checks the play against the rules and writes it). Commands, players, locations, Heroes
and card names all accept unique prefixes: ``eh pl tav 3 2G -c`` is ``eh place tavern 3 2G --companion``.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

import click

from scorekeeper.cli.common import (
    BadInput, Refused, Verdict, emit_json, translate_errors, verdict_lines, game_group, open_session, record, recording_options,
)
from scorekeeper.games.emberheart.cards import (
    AIDES, COLOURS, HEROES, HIRELINGS, LOCATIONS, MOUNTAIN, RAID_BASES, SPECIALS, TRACKS, hero_key, hire_text,
)
from scorekeeper.games.emberheart.notation import parse_hirelings


@game_group("emberheart")
def group() -> None:
    """Record Emberheart plays: parties, Aides, claims, the Mountain, raids, Heroes and skills.

    Commands, players, locations, Heroes and card names accept unique prefixes.

    Example: scorekeeper eh place tavern 3 2G --companion
    """


# -- argument helpers -----------------------------------------------------------------------------------


def pick(word: str, choices: Sequence[str], what: str) -> str:
    """A unique, case-insensitive prefix of one of ``choices``."""
    wanted = word.strip().lower()
    if wanted in choices:
        return wanted
    matches = [c for c in choices if c.startswith(wanted)] if wanted else []
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise BadInput(f"{word!r} could be {' or '.join(matches)}; type more of the {what}")
    raise BadInput(f"unknown {what} {word!r}; choose one of: {', '.join(choices)}")


def hero_word(text: str) -> str | None:
    """A Hero from its name or a unique prefix (``master-s``), or of any word of it (``trainer``, ``sage``)."""
    found = hero_key(text)
    if found is not None:
        return found
    wanted = re.sub(r"[-_]+", " ", text.strip().lower())
    matches = [h for h in HEROES if wanted and any(w.startswith(wanted) for w in h.split())]
    return matches[0] if len(matches) == 1 else None


def location_word(word: str) -> str:
    """A Common Location from a unique prefix (``mtn`` and ``m`` work for the Mountain)."""
    wanted = word.strip().lower()
    if wanted in ("m", "mt", "mtn"):
        return MOUNTAIN
    for alias, location in (("heroes'-guild", "guild"), ("poachers'-camp", "camp")):  # the board's names
        if len(wanted) >= 2 and alias.startswith(wanted.replace(" ", "-")):
            return location
    return pick(word, LOCATIONS, "location")


def hirelings(text: str | None, counts: dict[str, int | None]) -> dict[str, int]:
    """Hirelings from the compact notation plus the per-type options."""
    try:
        hire = parse_hirelings(text) if text else {t: 0 for t in HIRELINGS}
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    for t, n in counts.items():
        if n:
            hire[t] += n
    return {t: n for t, n in hire.items() if n}


def card_ref(state: Any, word: str, among: Sequence[str] | None = None) -> Any:
    """A card named by id (case-insensitive, unique prefix) or a slot number.

    ``among``: the cards that make sense here (a player's Dragons, their free Heroes…), searched first, so that
    ``P`` means the one Preserve a player has rather than any of the fifteen that were ever revealed.
    """
    if word.isdigit():
        return int(word)
    if state.location == "garrison" and state.phase == "reward" and word.lower() in COLOURS:
        return word.lower()  # the Garrison offer is named by colour
    for ids in ([list(among)] if among else []) + [list(state.cards)]:
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


def owned_ids(state: Any, player: str | None, test: Callable[[Any], bool]) -> list[str]:
    """Ids of the undiscarded cards ``player`` (or anyone, when None) owns that pass ``test``."""
    return [c.id for c in state.cards.values()
            if c.owner and not c.discarded and (player is None or c.owner == player) and test(c)]


def exotic_pairs(pairs: Sequence[str], state: Any) -> dict[str, str]:
    """``X1=red`` words → ``{card: colour}``."""
    result = {}
    for pair in pairs:
        cid, sep, colour = pair.partition("=")
        if not sep:
            raise BadInput(f"declare an exotic Dragon as DRAGON=colour, not {pair!r}")
        result[str(card_ref(state, cid))] = pick(colour, COLOURS, "colour")
    return result


def who(s: Any, player: str | None) -> str:
    """The named player (prefix), else whose turn it is."""
    return s.player(player) if player else s.active_player()


Play = Callable[[Any], tuple[str, "str | None", dict[str, Any]]]  # session → (event type, player, payload)


def record_each(session: str | None, items: Sequence[tuple[str, Play]], *, force: bool, as_json: bool) -> None:
    """Record several plays one after the other (a reveal of several cards, the whole table's Raid).

    ``items`` are (label, build) pairs; ``build(session)`` returns (event type, player, payload) from the session as
    it stands after the plays before it. Each verdict is printed; the "next:" line only once, at the end. A refused
    play stops the run: the plays before it stay recorded, and the message says so.
    """
    results: list[Verdict] = []
    for done, (label, build) in enumerate(items):
        try:
            result = translate_errors(lambda: _record_one(session, build, force))
        except (Refused, BadInput) as exc:
            _say(results, as_json, show_next=False)
            kept = f"; the {done} before it {'was' if done == 1 else 'were'} recorded" if done else ""
            message = f"{label}: {exc.format_message()}{kept}"
            raise (Refused(message) if isinstance(exc, Refused) else BadInput(message)) from None
        results.append(result)
        if not as_json:  # say each verdict as it comes
            click.echo("\n".join(verdict_lines(result, show_next=False)))
    _say(results, as_json, show_next=True)


def _record_one(session: str | None, build: Play, force: bool) -> Verdict:
    s = open_session(session, "emberheart")
    kind, player, payload = build(s)
    return record(s, kind, player, payload, force=force, echo=False)


def _say(results: list[Verdict], as_json: bool, *, show_next: bool) -> None:
    """JSON: the verdicts so far as one list. Text: what is expected next, once, after the last verdict."""
    if as_json and results:
        emit_json([r.to_json() for r in results])
    elif show_next and results and results[-1].expected:
        click.echo(f"next: {results[-1].expected}")


player_option = click.option("-p", "--player", help="Who plays (default: whose turn it is).")


# -- Action phase ---------------------------------------------------------------------------------------


@group.command("place")
@click.argument("location")
@click.argument("space", required=False, metavar="[SPACE]")
@click.argument("hire", required=False)
@click.option("-c", "--companion", is_flag=True, help="The Dragon Companion joins the Party.")
@click.option("--no-strength", is_flag=True, help="Do not use the Companion's Strength.")
@click.option("--no-senses", is_flag=True, help="Do not take the Companion's Senses Gear.")
@click.option("--no-speed", is_flag=True, help="Do not take the Companion's Speed Flame decrease.")
@click.option("-g", "--grunts", type=int, help="Grunts (instead of the HIRE notation).")
@click.option("-s", "--scouts", type=int, help="Scouts.")
@click.option("-r", "--rangers", type=int, help="Rangers.")
@click.option("-w", "--wardens", type=int, help="Wardens.")
@click.option("--master-scout", type=int, help="Master Scout swap: +N Grunts→Scouts, -N Scouts→Grunts.")
@click.option("--master-ranger", type=int, help="Master Ranger swap: +N Grunts→Rangers, -N Rangers→Grunts.")
@player_option
@recording_options
def place(location: str, space: str | None, hire: str | None, companion: bool, no_strength: bool, no_senses: bool,
          no_speed: bool, grunts: int | None, scouts: int | None, rangers: int | None, wardens: int | None,
          master_scout: int | None, master_ranger: int | None, player: str | None, session: str | None,
          force: bool, as_json: bool) -> None:
    """Send a Party of Hirelings (HIRE such as 2G1S) to a space of a Common Location.

    SPACE may be left out: a Party goes on the space of its size ('eh place tavern 3G' is space 3), the
    Companion's Strength included ('eh place tavern 2G -c' with Strength 1 is space 3; 'eh place mtn -c' alone
    is space 1).

    Example: scorekeeper eh place tavern 3 2G --companion
    """
    s = open_session(session, "emberheart")
    if space is not None and not space.isdigit():
        if hire is not None:
            raise BadInput(f"write the space as a number, then the Hirelings: eh place {location} 3 {hire}")
        space, hire = None, space
    counts = hirelings(hire, {"G": grunts, "S": scouts, "R": rangers, "W": wardens})
    if space is None:  # EH-ACT-4 / EH-CMP-5: the space is the Party's size, less the Companion's Strength
        from scorekeeper.games.emberheart.rules_action import level

        strength = level(s.state.player(who(s, player)).attrs["strength"]) if companion and not no_strength else 0
        size = sum(counts.values()) + strength
        if not 1 <= size <= 5:
            raise BadInput(f"a Party of {sum(counts.values())} Hireling(s)"
                           f"{f' with the Companion (Strength: {strength} fewer)' if strength else ''} fits no space; "
                           "name the space: eh place LOCATION SPACE HIRE")
        space = str(size)
    payload: dict[str, Any] = {"location": location_word(location), "space": int(space), "hire": counts}
    if companion:
        payload["companion"] = True
        for key, off in (("strength", no_strength), ("senses", no_senses), ("speed", no_speed)):
            if off:
                payload[key] = False
    if master_scout:
        payload["master_scout"] = master_scout
    if master_ranger:
        payload["master_ranger"] = master_ranger
    record(s, "PLACE_PARTY", who(s, player), payload, force=force, as_json=as_json)


@group.command("special")
@click.argument("site")
@click.option("--double", is_flag=True, help="Fire Marshall: 2 Crests on the Firestation at once.")
@click.option("--outfit", type=int, help="Outfitter: turn N of the Grunts just gained into Gear.")
@player_option
@recording_options
def special(site: str, double: bool, outfit: int | None, player: str | None, session: str | None, force: bool,
            as_json: bool) -> None:
    """Put a Crest on the Warehouse (2 Gear) or the Firestation (4 Grunts, Flame +1).

    Example: scorekeeper eh special warehouse
    """
    s = open_session(session, "emberheart")
    payload: dict[str, Any] = {"site": pick(site, SPECIALS, "Special Location")}
    if double:
        payload["crests"] = 2
    if outfit:
        payload["outfit"] = outfit
    record(s, "USE_SPECIAL", who(s, player), payload, force=force, as_json=as_json)


def _spot(text: str) -> tuple[str, int]:
    """``LOCATION:SPACE`` → (location, space)."""
    loc, sep, space = text.partition(":")
    if not sep or not space.isdigit():
        raise BadInput(f"write a space as LOCATION:SPACE (for example tavern:3), not {text!r}")
    return location_word(loc), int(space)


@group.command("aide")
@click.argument("aide")
@click.argument("extra", nargs=-1, metavar="[RAID | RECALL [PLACE]]")
@click.option("--recall", "recall_spot", help="Leader: recall your Party at LOCATION:SPACE.")
@click.option("--place", "place_spot", help="Leader: then place LOCATION:SPACE:HIRE (e.g. tavern:4:3G1S).")
@click.option("--raid", type=int, help="Defender: the Raid card slot (1 or 2) to discard (or just: eh aide def 2).")
@click.option("-c", "--companion", is_flag=True, help="Leader: the new Party takes the Companion (if not used yet).")
@player_option
@recording_options
def aide(aide: str, extra: tuple[str, ...], recall_spot: str | None, place_spot: str | None, raid: int | None,
         companion: bool, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Take an Aide: leader (maybe recalling a Party and placing a new one), defender (with the Raid slot it
    discards), survivalist or healer.

    The Defender's slot and the Leader's Parties may follow the Aide's name: 'eh aide def 2' is
    'eh aide defender --raid 2'; 'eh aide leader tav:2 camp:3:3G' is
    'eh aide leader --recall tavern:2 --place camp:3:3G'.

    Example: scorekeeper eh aide defender 2
    """
    s = open_session(session, "emberheart")
    payload: dict[str, Any] = {"aide": pick(aide, AIDES, "Aide")}
    if extra:
        if payload["aide"] == "defender" and len(extra) == 1 and extra[0].isdigit() and raid is None:
            raid = int(extra[0])
        elif payload["aide"] == "leader" and len(extra) <= 2 and not (recall_spot or place_spot):
            recall_spot, place_spot = extra[0], (extra[1] if len(extra) == 2 else None)
        else:
            raise BadInput(f"after 'eh aide {payload['aide']}' write "
                           + {"defender": "the Raid slot it discards: eh aide defender 2",
                              "leader": "the Party recalled and the new one: eh aide leader tavern:2 camp:3:3G"}.get(
                               payload["aide"], "nothing: the Survivalist and the Healer take no argument"))
    if recall_spot:
        loc, space = _spot(recall_spot)
        payload["recall"] = {"location": loc, "space": space}
    if place_spot:
        parts = place_spot.split(":")
        if len(parts) != 3:
            raise BadInput("write the Leader's new Party as LOCATION:SPACE:HIRE, e.g. tavern:4:3G1S")
        loc, space = _spot(":".join(parts[:2]))
        payload["place"] = {"location": loc, "space": space, "hire": hirelings(parts[2], {})}
        if companion:
            payload["place"]["companion"] = True
    elif companion:
        raise BadInput("-c goes with the Leader's new Party: eh aide leader tav:2 camp:3:2G -c")
    if raid:
        payload["raid"] = raid
    record(s, "TAKE_AIDE", who(s, player), payload, force=force, as_json=as_json)


@group.command("swap")
@click.argument("source")
@click.argument("target")
@click.argument("count", type=int, default=1)
@player_option
@recording_options
def swap(source: str, target: str, count: int, player: str | None, session: str | None, force: bool,
         as_json: bool) -> None:
    """Spend Gear to turn Hirelings of one type into another (G, S, R, W), one Gear each.

    Example: scorekeeper eh swap G W 2
    """
    s = open_session(session, "emberheart")
    payload = {"from": source.upper()[:1],
               "to": target.upper()[:1], "count": count}
    record(s, "GEAR_SWAP", who(s, player), payload, force=force, as_json=as_json)


@group.command("skip")
@player_option
@recording_options
def skip(player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Skip a turn (only with no Crest and no Aide left).

    Example: scorekeeper eh skip -p Helga
    """
    s = open_session(session, "emberheart")
    record(s, "SKIP_TURN", who(s, player), {}, force=force, as_json=as_json)


# -- reveals ----------------------------------------------------------------------------------------------


@group.command("reveal")
@click.argument("location")
@click.argument("slot", metavar="SLOT|CARD")
@click.argument("face", nargs=-1, metavar="[FACE|CARD]...")
@click.option("--flame", type=int, help="Tavern: Flame change (signed); Dragon: Flame cost.")
@click.option("--wardens", type=int, help="Mountain Dragon: Warden cost.")
@click.option("--name", help="A short name for the card (default: generated, e.g. C3, M7, red5).")
@recording_options
def reveal(location: str, slot: str, face: tuple[str, ...], flame: int | None, wardens: int | None,
           name: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Reveal cards into an offer: one card into SLOT with its face, or several cards, left to right.

    One card: guild SLOT HERO · tavern SLOT 2G1S [--flame -1] · camp SLOT COLOUR GLORY ·
    mountain b1|m2|t COLOUR GLORY [--wardens N --flame N] · preserve SLOT COLOUR ·
    garrison COLOUR GLORY REQS TRACK (REQS like 2red+1hero).

    Several cards at once (no SLOT: they fill the empty slots from the left; the Mountain bottom, then middle,
    then top), one word per card: guild bard master-scout priestess · tavern 2G1S-1 3G 1S1W+1 (a signed
    number is the Flame) · camp exotic2=X1 red3 green1 (=NAME names the card) · mountain green3w1 red3f2
    blue2 blue5w1f1 green4 red8f1 (w Wardens, f Flame; 'mountain m blue5 green4' fills the middle level only) ·
    preserve red blue green ·
    garrison red 3 1red speed blue 3 1blue+1hero senses (four words per card).

    Example: scorekeeper eh reveal camp exotic2=X1 red3 green1
    """
    loc = location_word(location)
    words: Sequence[str] = (slot, *face)
    if loc == "garrison" and len(words) > 4 and len(words) % 4 == 0 and not (flame or wardens or name):
        groups = [words[i:i + 4] for i in range(0, len(words), 4)]  # COLOUR GLORY REQS TRACK, several times
        items = [(f"card {i + 1} ({' '.join(g)})",
                  lambda _s, g=g: ("CARD_REVEAL", None, _garrison_payload(*g))) for i, g in enumerate(groups)]
        for g in groups:
            _garrison_payload(*g)  # unreadable words stop the command before anything is written
        record_each(session, items, force=force, as_json=as_json)
        _show_offer(session, loc, as_json)
        return
    only_level = None  # 'eh reveal mountain m blue5w1f1 green4': several cards into one Mountain level
    if loc == MOUNTAIN and slot.lower() in ("b", "m", "t", "bottom", "middle", "top") and face \
            and any(ch.isdigit() for ch in face[0]):
        only_level = pick(slot.lower()[0], ("bottom", "middle", "top"), "Mountain level")
        slot, face = face[0], face[1:]
    if only_level or not _single_slot(loc, slot):
        if flame is not None or wardens is not None or name:
            raise BadInput("with several cards, write each card's Flame, Wardens and name in its word "
                           "(red3f2, green3w1, exotic2=X1); --flame, --wardens and --name are for one card with a SLOT")
        s = open_session(session, "emberheart")
        cards = [_token_payload(loc, word) for word in (slot, *face)]
        targets = _empty_slots(s.state, loc, len(cards), only_level)
        items = []
        for i, (card_payload, target) in enumerate(zip(cards, targets)):
            card_payload = {"location": loc, **target, **card_payload}
            items.append((f"card {i + 1} ({(slot, *face)[i]})",
                          lambda _s, card_payload=card_payload: ("CARD_REVEAL", None, card_payload)))
        record_each(session, items, force=force, as_json=as_json)
        _show_offer(session, loc, as_json)
        return
    s = open_session(session, "emberheart")
    payload: dict[str, Any] = {"location": loc}
    words = list(face)
    try:
        if loc == MOUNTAIN:
            level = pick(slot[0], ("bottom", "middle", "top"), "Mountain level")
            payload["level"] = level
            payload["slot"] = int(slot[1:]) if slot[1:] else 1
        elif loc == "garrison":
            payload["slot"] = pick(slot, COLOURS, "colour")
            payload["colour"] = payload["slot"]
        else:
            payload["slot"] = int(slot)
        if loc == "guild":
            if not words:
                raise BadInput(f"the card face is incomplete; {FACE_HINT['guild']}")
            hero = hero_word(" ".join(words))
            if hero is None:
                raise BadInput(f"{' '.join(words)!r} is not a Hero (or not a unique prefix)")
            payload["hero"] = hero
        elif loc == "tavern":
            payload["hire"] = hirelings(words[0] if words else "", {})
            payload["flame"] = flame or 0
        elif loc in ("camp", MOUNTAIN):
            payload["colour"] = pick(words[0], (*COLOURS, "exotic"), "colour")
            payload["glory"] = int(words[1])
            if flame:
                payload["flame"] = flame
            if wardens:
                payload["wardens"] = wardens
        elif loc == "preserve":
            payload["colour"] = pick(words[0], COLOURS, "colour")
        else:
            payload["glory"] = int(words[0])
            payload["reqs"] = words[1]
            payload["track"] = pick(words[2], TRACKS, "track")
    except (IndexError, ValueError):
        raise BadInput(f"the card face is incomplete; {FACE_HINT[loc]}") from None
    if name:
        payload["name"] = name
    record(s, "CARD_REVEAL", None, payload, force=force, as_json=as_json)
    _show_offer(session, loc, as_json)


def _garrison_payload(colour: str, glory: str, reqs: str, track: str) -> dict[str, Any]:
    """One Garrison card's face: COLOUR GLORY REQS TRACK."""
    if not glory.isdigit():
        raise BadInput(f"the card face is incomplete; {FACE_HINT['garrison']}")
    slot = pick(colour, COLOURS, "colour")
    return {"location": "garrison", "slot": slot, "colour": slot, "glory": int(glory), "reqs": reqs,
            "track": pick(track, TRACKS, "track")}


FACE_HINT = {
    "guild": "write the Hero's name: eh reveal guild 1 master-scout (or several: eh reveal guild bard mentor squire)",
    "tavern": "write the Hirelings and Flame: eh reveal tavern 1 2G1S --flame -1 "
              "(or several: eh reveal tavern 2G1S-1 3G)",
    "camp": "write colour and Glory: eh reveal camp 1 red 3 (or several: eh reveal camp red3 exotic2 green1)",
    MOUNTAIN: "write level+slot, colour and Glory: eh reveal mountain b1 green 3 --wardens 1 "
              "(or several: eh reveal mountain green3w1 red3f2 blue2 blue5 green4 red8f1)",
    "preserve": "write the colour: eh reveal preserve 1 red (or several: eh reveal preserve red blue green)",
    "garrison": "write colour, Glory, requirements and track: eh reveal garrison blue 4 2blue+1hero senses "
                "(several: eh reveal garrison red 3 1red speed blue 3 1blue+1hero senses)",
}

_DRAGON_WORD = re.compile(r"^([a-z]+?)(\d+)((?:[wf]\d+)*)$")
_TAVERN_WORD = re.compile(r"^([0-9gsrw]+?|0|none|-)(?:f([+-]?\d+)|([+-]\d+))?$")


def _single_slot(location: str, slot: str) -> bool:
    """Whether SLOT names one slot (the one-card form) rather than being the first of several card words."""
    if location == "garrison":
        return True
    if location == MOUNTAIN:
        return re.fullmatch(r"[bmt]\d?", slot.lower()) is not None
    return slot.isdigit()


def _token_payload(location: str, word: str) -> dict[str, Any]:
    """One card word of a several-card reveal → the card's face fields."""
    text, _, name = word.partition("=")
    text = text.strip().lower()
    payload: dict[str, Any] = {}
    if location == "guild":
        hero = hero_word(text)
        if hero is None:
            raise BadInput(f"{word!r} is not a Hero (or not a unique prefix); join two-word names with '-', "
                           "e.g. master-scout")
        payload["hero"] = hero
    elif location == "tavern":
        match = _TAVERN_WORD.match(text)
        if not match:
            raise BadInput(f"cannot read the Tavern card {word!r}; write Hirelings then the signed Flame, "
                           "e.g. 2G1S-1, 3G, 1S1W+1")
        payload["hire"] = hirelings(match.group(1), {})
        payload["flame"] = int(match.group(2) or match.group(3) or 0)
    elif location in ("camp", MOUNTAIN):
        match = _DRAGON_WORD.match(text)
        if not match:
            extra = "; add w1 for a Warden cost, f2 for a Flame cost (green3w1, red3f2)" if location == MOUNTAIN else ""
            raise BadInput(f"cannot read the Dragon {word!r}; write colour and Glory together, "
                           f"e.g. red3, exotic2{extra}")
        payload["colour"] = pick(match.group(1), (*COLOURS, "exotic"), "colour")
        payload["glory"] = int(match.group(2))
        for part in re.findall(r"[wf]\d+", match.group(3)):
            payload["wardens" if part[0] == "w" else "flame"] = int(part[1:])
    elif location == "preserve":
        payload["colour"] = pick(text, COLOURS, "colour")
    if name:
        payload["name"] = name
    return payload


def _empty_slots(state: Any, location: str, count: int, only_level: str | None = None) -> list[dict[str, Any]]:
    """The ``count`` leftmost empty slots of a Location's offer (the Mountain: bottom, then middle, then top, or
    only ``only_level``)."""
    if location == MOUNTAIN:
        keys: list[tuple[str, str | None]] = [(f"mountain-{level}", level) for level in ("bottom", "middle", "top")
                                              if only_level in (None, level)]
    else:
        keys = [(location, None)]
    free = []
    for key, level in keys:
        for i, cid in enumerate(state.offers[key][:3]):
            if cid is None:
                free.append({"level": level, "slot": i + 1} if level else {"slot": i + 1})
    if count > len(free):
        where = f"the Mountain's {only_level} level" if only_level else f"the {location}"
        raise BadInput(f"{count} cards but only {len(free)} empty slot(s) at {where}; "
                       "a reveal fills empty slots (see 'scorekeeper status')")
    return free[:count]


def _show_offer(session: str | None, location: str, as_json: bool) -> None:
    """After a reveal: the Location's offer with the cards' short names (used later to claim them)."""
    from scorekeeper.games.emberheart.view import offer_label

    if as_json:
        return
    state = open_session(session, "emberheart").state
    show = lambda slots: " | ".join(offer_label(state, c) if c else "—" for c in slots)  # noqa: E731
    if location == "garrison":
        text = show([state.garrison[c] for c in COLOURS])
    elif location == MOUNTAIN:
        text = "".join(f"\n    {level:<6} {show(state.offers['mountain-' + level])}"
                       for level in ("bottom", "middle", "top"))
    else:
        text = show(state.offers[location])
    click.echo(f"  {location} offer: {text}")


@group.command("raidcard")
@click.argument("words", nargs=-1, required=True, metavar="[SLOT] ITEM BASIS [ITEM BASIS]")
@click.option("--amount", type=int, default=1, show_default=True, help="Hirelings per unit.")
@click.option("--per", type=int, default=1, show_default=True, help="Units per discard group (divisor).")
@click.option("--name", help="A short name for the card.")
@recording_options
def raidcard(words: tuple[str, ...], amount: int, per: int, name: str | None, session: str | None,
             force: bool, as_json: bool) -> None:
    """Reveal a Raid card: ITEM G (Grunts) or E (Experts), per BASIS (hero, red, scout, attribute…).

    SLOT (1 or 2) may be left out: the card fills the first empty slot. Both of a round's cards at once:
    'eh raidcard G hero E scout'.

    Example: scorekeeper eh raidcard 1 E green
    """
    slot = int(words[0]) if words and words[0].isdigit() else None
    rest = list(words[1:] if slot is not None else words)
    if len(rest) not in (2, 4) or (len(rest) == 4 and (slot is not None or name or amount != 1 or per != 1)):
        raise BadInput("write a Raid card as [SLOT] ITEM BASIS, e.g. 'eh raidcard 1 E green', or both cards as "
                       "'eh raidcard G hero E scout' (--amount, --per and --name are for one card)")
    cards = []
    for item, basis in zip(rest[::2], rest[1::2]):
        if item.upper()[:1] not in ("G", "E"):
            raise BadInput(f"a Raid card discards G (Grunts) or E (Experts), not {item!r}: e.g. eh raidcard 1 E green")
        word = basis.lower() if basis.lower() in ("hero+preserve", "hero/preserve") else basis.lower().rstrip("s")
        payload: dict[str, Any] = {"item": item.upper()[:1], "basis": pick(word.replace("/", "+"), RAID_BASES,
                                                                          "Raid basis"), "amount": amount, "per": per}
        if slot is not None:
            payload["slot"] = slot
        if name:
            payload["name"] = name
        cards.append(payload)
    def with_slot(s: Any, card: dict[str, Any]) -> dict[str, Any]:
        """The card with its slot: the one given, else the first empty one (so the log says where it went)."""
        empty = [i + 1 for i, r in enumerate(s.state.raids) if r is None]
        return card if "slot" in card else {"slot": empty[0] if empty else 1, **card}

    if len(cards) == 1:
        s = open_session(session, "emberheart")
        record(s, "RAID_REVEAL", None, with_slot(s, cards[0]), force=force, as_json=as_json)
        return
    items = [(f"Raid card {i + 1}", lambda s, c=c: ("RAID_REVEAL", None, with_slot(s, c)))
             for i, c in enumerate(cards)]  # built outside the call: mypy cannot infer a defaulted lambda there
    record_each(session, items, force=force, as_json=as_json)


@group.command("block")
@click.argument("spaces", nargs=-1, required=True)
@recording_options
def block(spaces: tuple[str, ...], session: str | None, force: bool, as_json: bool) -> None:
    """2 players: reveal the round's Two player mode card, listing the spaces it blocks.

    Example: scorekeeper eh block tavern:3 mountain:5 garrison:2
    """
    s = open_session(session, "emberheart")
    record(s, "TWO_P_REVEAL", None, {"spaces": [list(_spot(x)) for x in spaces]}, force=force, as_json=as_json)


# -- Reward phase -----------------------------------------------------------------------------------------


def _acting(s: Any, location: str | None, space: int | None) -> tuple[str, int, str | None]:
    """The Location, space and owner of the Party that acts now (or the one named)."""
    from scorekeeper.games.emberheart.rules_reward import expected

    state = s.state
    what, exp_space, exp_who = expected(state)
    loc = location_word(location) if location else state.location
    if loc is None:
        phase = {"action": "Action", "raid": "Raid", "end": "End Game Scoring"}.get(state.phase, state.phase)
        raise Refused(f"refused: EH-FLOW-2: claims and recalls happen in the Reward phase; it is now the {phase} phase "
                      f"— next: {s.status().expected}")
    if space is None:
        if what in ("order", "np") and loc == state.location:
            raise Refused(f"refused: {'EH-MTN-20' if what == 'order' else 'EH-2P-5'}: not a Party's turn — "
                          f"next: {s.status().expected}")
        if loc != state.location or exp_space is None:
            raise BadInput("say which Party with -s SPACE")
        space = exp_space
    party = state.party(loc, space)
    return loc, space, (party.owner if party else None)


def offer_card(state: Any, location: str, word: str | None) -> Any:
    """The card on offer named by ``word``: a slot number, a card name (prefix), a colour or a Hero's name;
    none at all when a single card is left. Slot numbers become card names, so the journal says what was taken."""
    from scorekeeper.games.emberheart.rules_reward import offer_slots

    level = state.mountain.stage if location == MOUNTAIN and state.mountain.stage in ("middle", "top") else "bottom"
    slots = offer_slots(state, location, level)
    offered = [state.cards[c] for c in slots if c]
    listing = ", ".join(c.label() for c in offered)
    if word is None:
        if len(offered) == 1:
            return offered[0].id
        if not offered:
            raise BadInput("nothing is left on offer here: recall the Party with 'eh recall'")
        raise BadInput(f"name the card to claim: {listing} (or 'eh recall' to take nothing)")
    text = word.strip().lower()
    if text.isdigit():
        n = int(text)
        return slots[n - 1] if 1 <= n <= len(slots) and slots[n - 1] else n
    for test in (lambda c: c.id.lower() == text, lambda c: c.id.lower().startswith(text),
                 lambda c: c.kind == "hero" and c.hero == hero_word(text),
                 lambda c: bool(text) and ("exotic" if c.exotic else c.colour).startswith(text),
                 lambda c: c.kind == "tavern" and hire_text(c.hire).lower() == text,  # the face: 2W, 1S1R
                 lambda c: c.is_dragon and f"{'exotic' if c.exotic else c.colour}{c.glory}" == text):  # red3
        found = [c for c in offered if test(c)]
        if len(found) == 1:
            return found[0].id
        if len(found) > 1:
            raise BadInput(f"{word!r} could be {' or '.join(c.label() for c in found)}; name the card")
    return card_ref(state, word)


@group.command("claim")
@click.argument("card", required=False)
@click.option("-l", "--location", help="The Location (default: the one being resolved).")
@click.option("-s", "--space", type=int, help="The Party's space (default: the Party whose turn it is).")
@click.option("-a", "--attach", help="Attach the claimed Dragon at once to this Hero/Preserve.")
@click.option("-t", "--track", help="Mountain top: the Attribute track to advance.")
@click.option("--peak", help="Peakwalker: the extra Attribute track.")
@click.option("--wrangler", type=click.Choice(["gear", "grunt"]), help="Wrangler: +1 Gear or +1 Grunt.")
@click.option("--mentor", multiple=True, help="Mentor: exchange a claimed Expert, FROM:TO (e.g. S:R).")
@click.option("--blazebinder", is_flag=True, help="Blazebinder: Flame -1 on a Preserve claim.")
@click.option("--dragonspeaker", is_flag=True, help="Dragonspeaker: Flame -1 on a Camp claim.")
@click.option("--gear", "skill1", is_flag=True, help="Skill 1: attach with a Gear, whatever the colours.")
@player_option
@recording_options
def claim(card: str | None, location: str | None, space: int | None, attach: str | None, track: str | None,
          peak: str | None, wrangler: str | None, mentor: tuple[str, ...], blazebinder: bool, dragonspeaker: bool,
          skill1: bool, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Claim a card on offer for the Party whose turn it is in the Reward phase.

    CARD is the card's name (C2, bard, red3…), its slot number, its face (3G, red3), its colour (red) or a
    Hero's name, matched among the cards on offer first; left out when a single card is left. At the top of the
    Mountain, -t names the track the Dragon advances.

    Example: scorekeeper eh claim red --attach priestess
    """
    s = open_session(session, "emberheart")
    loc, sp, owner = _acting(s, location, space)
    state = s.state
    payload: dict[str, Any] = {"location": loc, "space": sp}
    payload["card"] = offer_card(state, loc, card)
    if loc == MOUNTAIN:
        payload["level"] = "bottom" if state.mountain.stage == "bottom" else state.mountain.stage
        if payload["level"] == "top" and not track and not force:  # EH-MTN-15
            raise BadInput("the top Dragon also moves one Attribute marker up: say which, e.g. eh claim -t strength "
                           "(strength, senses or speed)")
    if attach:
        if loc not in ("camp", MOUNTAIN):
            raise BadInput(f"--attach goes with a Dragon claimed at the Camp or the Mountain; attach later with "
                           f"'eh attach DRAGON {attach}'")
        payload["attach"] = str(card_ref(state, attach))
    if skill1:
        payload["skill1"] = True
    if track:
        payload["track"] = pick(track, TRACKS, "track")
    if peak:
        payload["peakwalker"] = pick(peak, TRACKS, "track")
    if wrangler:
        payload["wrangler"] = wrangler
    if mentor:
        payload["mentor"] = [m.upper().split(":") for m in mentor]
    if blazebinder:
        payload["blazebinder"] = True
    if dragonspeaker:
        payload["dragonspeaker"] = True
    kind = "MTN_CLAIM" if loc == MOUNTAIN else "CLAIM"
    record(s, kind, s.player(player) if player else owner, payload, force=force, as_json=as_json)


@group.command("recall")
@click.option("-l", "--location", help="The Location (default: the one being resolved).")
@click.option("-s", "--space", type=int, help="The Party's space (default: the Party whose turn it is).")
@player_option
@recording_options
def recall(location: str | None, space: int | None, player: str | None, session: str | None, force: bool,
           as_json: bool) -> None:
    """Recall the Party whose turn it is (+2 Gear; on the Mountain's upper levels: withdraw, no Gear).

    Example: scorekeeper eh recall
    """
    s = open_session(session, "emberheart")
    loc, sp, owner = _acting(s, location, space)
    kind = "MTN_RETRIEVE" if loc == MOUNTAIN and s.state.mountain.stage != "bottom" else "RECALL"
    record(s, kind, s.player(player) if player else owner, {"location": loc, "space": sp}, force=force,
           as_json=as_json)


@group.command("np")
@click.argument("card", required=False)
@recording_options
def np(card: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """2 players: the non-player Crest whose turn it is discards its prescribed card.

    Example: scorekeeper eh np
    """
    from scorekeeper.games.emberheart.rules_reward import np_prescribed

    s = open_session(session, "emberheart")
    if card:
        payload = {"card": str(card_ref(s.state, card))}
    else:
        prescribed = np_prescribed(s.state)
        payload = {"card": prescribed.id} if prescribed else {}
    record(s, "NP_DISCARD", None, payload, force=force, as_json=as_json)


@group.command("order")
@click.argument("parties", nargs=-1, required=True)
@player_option
@recording_options
def order(parties: tuple[str, ...], player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Survivalist: order the tied Mountain Parties, first to last (player names or space numbers).

    Example: scorekeeper eh order Helga Astrid
    """
    from scorekeeper.games.emberheart.rules_reward import survivalist

    s = open_session(session, "emberheart")
    state = s.state
    spaces = []
    for word in parties:
        if word.isdigit():
            spaces.append(int(word))
            continue
        name = s.player(word)
        mine = [q.space for q in state.parties_at(MOUNTAIN) if q.owner == name and q.space not in spaces]
        if len(mine) != 1:
            raise BadInput(f"{name} has {len(mine)} Parties on the Mountain; give space numbers instead")
        spaces.append(mine[0])
    holder = s.player(player) if player else survivalist(state)
    record(s, "MTN_ORDER", holder, {"order": spaces}, force=force, as_json=as_json)


# -- cards, Heroes, skills --------------------------------------------------------------------------------


def _owner(s: Any, card: Any, player: str | None) -> str:
    """The player named with -p, else the card's owner."""
    if player:
        return s.player(player)
    owner = s.state.cards[card].owner if isinstance(card, str) and card in s.state.cards else None
    if owner is None:
        raise BadInput("say whose card it is with -p")
    return owner


@group.command("attach")
@click.argument("dragon")
@click.argument("target")
@click.option("--gear", "skill1", is_flag=True, help="Skill 1: put a Gear on the Dragon and attach it regardless of colour.")
@click.option("--skill4", help="Skill 4: gain a Grunt (G) or turn a Grunt into S, R or W.")
@click.option("-t", "--track", help="The Preserve's track, if it differs from the colour map.")
@player_option
@recording_options
def attach(dragon: str, target: str, skill1: bool, skill4: str | None, track: str | None, player: str | None,
           session: str | None, force: bool, as_json: bool) -> None:
    """Attach one of your Dragons to one of your Heroes or Preserves (for good).

    Example: scorekeeper eh attach C2 priestess
    """
    s = open_session(session, "emberheart")
    state = s.state
    named = s.player(player) if player else None
    d = card_ref(state, dragon, owned_ids(state, named, lambda c: c.is_dragon and not c.attached_to))
    owner = named or (state.cards[d].owner if isinstance(d, str) and d in state.cards else None)
    t = card_ref(state, target, owned_ids(state, owner, lambda c: c.kind in ("hero", "preserve") and not c.holds))
    payload: dict[str, Any] = {"dragon": str(d), "target": str(t)}
    if skill1:
        payload["skill1"] = True
    if skill4:
        payload["skill4"] = skill4.upper()
    if track:
        payload["track"] = pick(track, TRACKS, "track")
    record(s, "ATTACH_DRAGON", _owner(s, d, player), payload, force=force, as_json=as_json)


@group.command("complete")
@click.argument("card")
@click.option("--exotic", multiple=True, help="Count an unattached exotic Dragon as a colour: X1=red.")
@click.option("--tactician", type=int, help="Tactician: lower requirement line N by 1.")
@click.option("-t", "--track", help="Dragon Knight: advance this track instead.")
@player_option
@recording_options
def complete(card: str, exotic: tuple[str, ...], tactician: int | None, track: str | None, player: str | None,
             session: str | None, force: bool, as_json: bool) -> None:
    """Complete a claimed Garrison card whose requirements you meet (one Attribute step).

    Example: scorekeeper eh complete red3
    """
    s = open_session(session, "emberheart")
    c = card_ref(s.state, card, owned_ids(s.state, s.player(player) if player else None,
                                          lambda c: c.kind == "garrison" and not c.completed))
    payload: dict[str, Any] = {"card": str(c)}
    if exotic:
        payload["exotic"] = exotic_pairs(exotic, s.state)
    if tactician:
        payload["tactician"] = tactician
    if track:
        payload["track"] = pick(track, TRACKS, "track")
    record(s, "GARRISON_COMPLETE", _owner(s, c, player), payload, force=force, as_json=as_json)


@group.command("raid")
@click.option("--all", "everyone", is_flag=True,
              help="Resolve the Raid for every player still waiting, each discarding what is required.")
@click.option("-d", "--discard", help="The Hirelings discarded, e.g. 2G or 1S1R (default: what is required).")
@click.option("--card", type=int, help="Messenger: use Raid slot N (the discarded card).")
@click.option("--fire-sage", is_flag=True, help="Fire Sage: Flame +1 to discard 2 fewer.")
@click.option("--custodian", is_flag=True, help="Custodian: discard 1 fewer.")
@click.option("--exotic", multiple=True, help="Count an unattached exotic Dragon as a colour: X1=red.")
@player_option
@recording_options
def raid(everyone: bool, discard: str | None, card: int | None, fire_sage: bool, custodian: bool,
         exotic: tuple[str, ...], player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Resolve the Raid for a player (or --all): discard what the Raid card requires (shortfall: Flame +1 each).

    --all records one Raid discard per waiting player, in seat order; a player who must choose which Experts
    to discard (or wants a Hero's reduction) stops it: record theirs with -p NAME --discard …, then --all again.

    Example: scorekeeper eh raid -p Helga --discard 1S1R
    """
    s = open_session(session, "emberheart")
    if everyone:
        if discard or card or fire_sage or custodian or exotic or player:
            raise BadInput("--all resolves the Raid as required for everyone; record a player's choices "
                           "(--discard, --card, --fire-sage, --custodian, --exotic) with -p NAME first")
        waiting = [p.name for p in s.state.players if not p.raided] if s.state.phase == "raid" else []
        if not waiting:
            raise Refused(f"refused: EH-FLOW-2: nobody is waiting for the Raid now — next: {s.status().expected}")

        def discard_for(name: str) -> Play:
            """The play resolving ``name``'s Raid as required."""
            return lambda _s: ("RAID_DISCARD", name, {})

        before = s.state
        try:
            record_each(session, [(name, discard_for(name)) for name in waiting], force=force, as_json=as_json)
        finally:
            _raid_summary(session, before, waiting, as_json)
        return
    payload: dict[str, Any] = {}
    if discard:
        payload["discard"] = hirelings(discard, {})
    if card:
        payload["card"] = card
    if fire_sage:
        payload["fire_sage"] = True
    if custodian:
        payload["custodian"] = True
    if exotic:
        payload["exotic"] = exotic_pairs(exotic, s.state)
    name = who(s, player)
    record(s, "RAID_DISCARD", name, payload, force=force, as_json=as_json)
    _raid_summary(session, s.state, [name], as_json)


def _raid_summary(session: str | None, before: Any, names: Sequence[str], as_json: bool) -> None:
    """What the Raid cost each player just recorded (Hirelings discarded, Flame for each one short)."""
    if as_json:
        return
    after = open_session(session, "emberheart").state
    parts = []
    for name in names:
        p, q = before.player(name), after.player(name)
        if not (q.raided or after.round > before.round or after.phase == "end"):  # Reset clears the marks
            continue
        lost = {t: p.hire[t] - q.hire[t] for t in HIRELINGS if p.hire[t] > q.hire[t]}
        cost = [f"-{hire_text(lost)}"] if lost else []
        if q.flame != p.flame:
            cost.append(f"Flame {q.flame - p.flame:+d}")
        parts.append(f"{name} {', '.join(cost) or 'nothing'}")
    if parts:
        click.echo(f"  Raid: {' · '.join(parts)}")


@group.command("hero")
@click.argument("hero")
@click.option("--card", help="Apprentice: the Guild card (slot or name) to take.")
@click.option("--keep", help="Bard: the drawn Hero added to the offer for you.")
@click.option("--discard", help="Bard: the drawn Hero discarded.")
@click.option("--gain", help="Paragon: SS, RR or SR.")
@click.option("--dragon", help="Dragon Trainer: the Dragon discarded.")
@click.option("--colour", help="Dragon Trainer: the colour an exotic Dragon counts as.")
@player_option
@recording_options
def hero(hero: str, card: str | None, keep: str | None, discard: str | None, gain: str | None, dragon: str | None,
         colour: str | None, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Use a Hero ability that has its own moment (Apprentice, Bard, Paragon, Recruiter, Priestess, Dragon Trainer).

    Example: scorekeeper eh hero paragon --gain SR -p Astrid
    """
    s = open_session(session, "emberheart")
    name = hero_word(hero)
    if name is None:
        raise BadInput(f"{hero!r} is not a Hero (or not a unique prefix)")
    payload: dict[str, Any] = {"hero": name}
    if card:
        payload["card"] = card_ref(s.state, card)
    if keep:
        payload["keep"] = hero_word(keep) or keep
    if discard:
        payload["discard"] = hero_word(discard) or discard
    if gain:
        payload["gain"] = gain.upper()
    if dragon:
        payload["dragon"] = str(card_ref(s.state, dragon))
    if colour:
        payload["colour"] = pick(colour, COLOURS, "colour")
    if player:
        owner = s.player(player)
    else:
        owners = [c.owner for c in s.state.cards.values() if c.kind == "hero" and c.hero == name and c.owner]
        if not owners:
            raise BadInput(f"nobody owns the {name.title()}; say who with -p")
        owner = owners[0]
    record(s, "HERO_ABILITY", owner, payload, force=force, as_json=as_json)


def _pending(s: Any, player: str | None, waiting: Callable[[Any], Any], what: str) -> str:
    """The player named with -p, else the one skill holder whose answer is waiting (not whose turn it is)."""
    if player:
        return s.player(player)
    holders = [p.name for p in s.state.players if waiting(p)]
    if len(holders) == 1:
        return holders[0]
    if not holders:
        raise Refused(f"refused: nobody has {what} waiting for this skill now; name the player with -p if the "
                      "table disagrees")
    raise BadInput(f"{' and '.join(holders)} could answer; say who with -p")


@group.command("respond")
@click.argument("answer", type=click.Choice(["normal", "grunts", "experts"]))
@click.option("-d", "--discard", help="The Experts discarded to cancel the increase, e.g. 1S1R.")
@player_option
@recording_options
def respond(answer: str, discard: str | None, player: str | None, session: str | None, force: bool,
            as_json: bool) -> None:
    """Skill 2: answer your last Flame increase: normal, grunts (+1 Grunt per step) or experts (cancel it).

    -p defaults to the skill-2 holder whose Flame increase is waiting.

    Example: scorekeeper eh respond grunts
    """
    s = open_session(session, "emberheart")
    payload: dict[str, Any] = {"option": answer}
    if discard:
        payload["discard"] = hirelings(discard, {})
    record(s, "FLAME_RESPONSE", _pending(s, player, lambda p: p.skill == 2 and p.pending_flame > 0, "a Flame increase"),
           payload, force=force, as_json=as_json)


@group.command("extra")
@click.option("-t", "--track", help="The track, when the play advanced two (Mountain top + Peakwalker).")
@player_option
@recording_options
def extra(track: str | None, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """Skill 3: pay 1 Gear for one more step on the track you just advanced (-p: default, the skill-3 holder).

    Example: scorekeeper eh extra
    """
    s = open_session(session, "emberheart")
    record(s, "ATTR_EXTRA_STEP", _pending(s, player, lambda p: p.skill == 3 and p.pending_track, "an advancement"),
           {"track": pick(track, TRACKS, "track")} if track else {}, force=force, as_json=as_json)


@group.command("convert")
@click.argument("gear", type=int)
@player_option
@recording_options
def convert(gear: int, player: str | None, session: str | None, force: bool, as_json: bool) -> None:
    """End Game Scoring step 5: discard Gear (a multiple of 3) for Flame -1 per 3 Gear.

    Example: scorekeeper eh convert 6 -p Astrid
    """
    s = open_session(session, "emberheart")
    record(s, "END_GEAR_CONVERT", who(s, player), {"gear": gear}, force=force, as_json=as_json)


@group.command("declare")
@click.option("--exotic", multiple=True, help="Count an unattached exotic Dragon as a colour for scoring: X1=red.")
@click.option("--custodian", help="Custodian: the Attribute track compared.")
@player_option
@recording_options
def declare(exotic: tuple[str, ...], custodian: str | None, player: str | None, session: str | None, force: bool,
            as_json: bool) -> None:
    """End Game: declare exotic Dragon colours and the Custodian's track (default: the best choice).

    Example: scorekeeper eh declare --exotic X1=blue -p Astrid
    """
    s = open_session(session, "emberheart")
    payload: dict[str, Any] = {}
    if exotic:
        payload["exotic"] = exotic_pairs(exotic, s.state)
    if custodian:
        payload["custodian"] = pick(custodian, TRACKS, "track")
    record(s, "END_DECLARE", who(s, player), payload, force=force, as_json=as_json)
