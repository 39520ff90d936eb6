"""What the table sees: ``status`` (whose turn, what is expected), one-line event descriptions, and the
values ``scorekeeper assert`` can check."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Choice, ObservationError, Section, Status
from scorekeeper.games.emberheart.cards import (
    COLOURS, HEROES, LOCATION_TITLES, MOUNTAIN, TRACKS, hire_text, req_text,
)
from scorekeeper.games.emberheart.context import total_hire
from scorekeeper.games.emberheart.rules_action import aides_left
from scorekeeper.games.emberheart.rules_raid import discard_choices, raid_in_force, required_discards
from scorekeeper.games.emberheart.rules_reward import NP, expected
from scorekeeper.games.emberheart.state import ACTION, END, RAID, REWARD, Player, State

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
#: the fifth round is the last (its Raid ends the game)
LAST_ROUND = 5
SKILL_SHORT = {1: "1 attach+G", 2: "2 flame", 3: "3 +step", 4: "4 bonus"}  # side B (EH-SKILL-*)
# the player table's Aides column, short (the Aides section names them in full)
AIDE_SHORT = {"leader": "Lead", "defender": "Def", "survivalist": "Surv", "healer": "Heal"}


def missing_reveals(st: State, two_player_card: bool = True) -> list[str]:
    """Empty offer slots, Raid slots and (with ``two_player_card``) the 2P card still to reveal, compactly
    (``tavern 2,3``, ``mountain``)."""
    missing = []
    for key, slots in st.offers.items():
        if key.startswith("mountain-"):
            continue
        empty = [str(i + 1) for i, c in enumerate(slots[:3]) if c is None]
        if empty:
            missing.append(key if len(empty) == len(slots[:3]) else f"{key} {','.join(empty)}")
    mountain = [f"{level[0]}{i + 1}" if level != "top" else "t" for level in ("bottom", "middle", "top")
                for i, c in enumerate(st.offers[f"mountain-{level}"]) if c is None]
    if mountain:
        missing.append("mountain" if len(mountain) == 6 else f"mountain {','.join(mountain)}")
    colours = [colour for colour, cid in st.garrison.items() if cid is None]
    if colours:
        missing.append(f"garrison {', '.join(colours)}")
    empty_raids = [str(i + 1) for i, r in enumerate(st.raids) if r is None]
    if empty_raids:
        missing.append(f"raid card {','.join(empty_raids)} (eh raidcard)")
    if two_player_card and len(st.seats) == 2 and not st.two_p_revealed:
        missing.append("the Two player mode card (eh block)")
    return missing


def expected_text(st: State) -> tuple[str, str | None]:
    """What the engine waits for, in words, and who should act; the optional answers that lapse at the next
    play come first (field report EH-F2)."""
    text, who = _waiting_for(st)
    answers = open_answers(st)
    from scorekeeper.games.emberheart.rules_cards import completable

    ready = [f"{name} can complete {card} (eh complete {card} -p {name})" for name, card in sorted(completable(st))]
    text = " · ".join([text, *ready]) if text and st.phase != END else text  # said from the play that makes it so
    if answers and text:
        return f"{' · '.join(answers)} — then {text}", who
    return text, who


def open_answers(st: State) -> list[str]:
    """The answers a player may still give before the next play: skill 2's to a Flame increase (EH-SKILL-2A),
    skill 3's extra step (EH-SKILL-3A), a Recruiter or Priestess after the Raid (EH-HERO-GEN-7)."""
    from scorekeeper.games.emberheart.context import hero_active

    answers = []
    after_raid = (st.phase == ACTION and st.actions == 0 and st.after_raid_round == st.round - 1 and st.round > 1
                  or st.phase == END)
    for p in st.players:
        if p.skill == 2 and p.pending_flame > 0:
            answers.append(f"{p.name} may answer the Flame +{p.pending_flame} (eh respond grunts|experts -p {p.name})")
        if p.skill == 3 and p.pending_track:
            answers.append(f"{p.name} may pay 1 Gear for one more {p.pending_track} step (eh extra -p {p.name})")
        for hero in ("recruiter", "priestess"):
            if after_raid and hero_active(st, p.name, hero) and f"{hero}:after{st.after_raid_round}" not in p.used \
                    and after_raid_gain(st, p, hero):  # offered only when she would do something (EH-V2)
                answers.append(f"{p.name}'s {hero.title()} may act ({HERO_MOMENTS[hero]} -p {p.name})")
    return answers


def after_raid_gain(st: State, p: Player, hero: str) -> int:
    """What a Recruiter (Grunts gained) or a Priestess (Flame lowered, down to the floor) would do for ``p`` now:
    one per pair of red, or green, Dragons (their abilities, in ``rules_cards``); 0 when nothing."""
    from scorekeeper.games.emberheart.context import count_colour

    pairs = count_colour(st, p.name, "red" if hero == "recruiter" else "green") // 2
    if hero == "recruiter":
        return pairs
    return max(0, min(pairs, p.flame - int(st.settings.get("flame_min", 0))))


def _waiting_for(st: State) -> tuple[str, str | None]:
    """What the engine waits for, in words, and who should act."""
    if st.phase == ACTION:
        who = st.active()
        p = st.player(who)
        left = aides_left(st)
        options = []
        if p.crests:
            options.append(f"send a Party ({p.crests} Crest{'s' if p.crests != 1 else ''})")
            options.append("Warehouse or Firestation")
        if left:
            options.append(f"an Aide ({'all 4 left' if len(left) == 4 else ', '.join(left)})")
        text = f"{who}'s turn: {' / '.join(options) or 'skip'}"
        if not left:  # EH-EOA-3: the last turns of the round
            text += f" · no Aide left, ends after {st.order()[-1]}"
        missing = missing_reveals(st)
        if missing and st.actions == 0:
            text = f"Round {ROMAN.get(st.round, st.round)} setup: reveal {' · '.join(missing)} — then {who} starts"
        elif missing:  # EH-SETUP-7, EH-RESET-3: named until revealed, even once play has begun
            text += f" · not revealed yet: {' · '.join(missing)}"
        return text, who
    if st.phase == REWARD:
        what, space, who = expected(st)
        where = LOCATION_TITLES.get(st.location or "", "")
        if st.location == MOUNTAIN:
            ties = {"order-warden": " (a tie before the middle level)", "order-top": " (a tie before the top level)"}
            where += ties.get(st.mountain.stage, f" ({st.mountain.stage} level)")
        if what == "np":
            return f"Reward phase · {where} · the non-player Crest (space {space}) discards (eh np)", None
        if what == "order":
            return f"Reward phase · {where} · {who} (Survivalist) orders the tied Parties (eh order …)", who
        if what == "claim" and not _offered(st):
            verb = "recalls (eh recall, +2 Gear)" if st.location != MOUNTAIN or st.mountain.stage == "bottom" \
                else "withdraws (eh recall)"
            return f"Reward phase · {where} · {who} (space {space}) {verb}: nothing is left on offer", who
        if what == "claim" and st.location == MOUNTAIN and st.mountain.stage == "top":
            return (f"Reward phase · {where} · {who} (space {space}) claims the top Dragon (eh claim -t TRACK) "
                    "or withdraws (eh recall)", who)
        if what == "claim" and st.location == MOUNTAIN and st.mountain.stage == "middle":
            return f"Reward phase · {where} · {who} (space {space}) claims or withdraws (no Gear)", who
        if what == "claim":
            return f"Reward phase · {where} · {who} (space {space}) claims or recalls", who
        return "Reward phase", None
    if st.phase == RAID:
        slot = raid_in_force(st)
        raid_id = st.raids[slot - 1] if slot else None  # raid_in_force only names a face-up slot
        card = st.cards[raid_id].label() if raid_id is not None else "no Raid card"
        waiting = {p.name: discard_choices(st, p) for p in st.players if not p.raided}
        decided = [name for name, options in waiting.items() if not options]
        parts = [f"waiting for {', '.join(decided)} · eh raid --all"] if decided else []
        parts += [f"{name} says which Experts go (eh raid -p {name} --discard {'|'.join(options)})"
                  for name, options in waiting.items() if options]  # field report EH-F3
        return f"Raid phase · {card} · {' · '.join(parts) or 'eh raid --all'}", next(iter(waiting), None)
    if st.phase == END:
        floor = int(st.settings.get("flame_min", 0))
        can = [f"{p.name} {p.gear}" for p in st.players if p.gear >= 3 and p.flame > floor]
        if not can:  # nothing left to play: the game is over (field report EH-F8)
            return ("Game over: nobody can convert Gear (it takes 3 Gear and a Flame above the floor); "
                    "the final score: scorekeeper score", None)
        return (f"End Game Scoring: convert Gear if you like (eh convert 3 -p NAME; Gear: {', '.join(can)}), "
                "then scorekeeper score", None)
    return "", None


def raid_choice(st: State, p: Player) -> Choice:
    """``p``'s Raid discard: the discards to choose among when the player must say which Experts go (a choice
    without values is one the rules decide: ``eh raid --all`` records it)."""
    options = discard_choices(st, p)
    return Choice("RAID_DISCARD", p.name, {"discard": options} if options else {},
                  f"eh raid -p {p.name}" + (f" --discard {options[0]}" if options else ""))


def status_of(st: State) -> Status:
    """The table companion's view of the game."""
    text, who = expected_text(st)
    phase = {ACTION: "Action phase", REWARD: "Reward phase", RAID: "Raid phase", END: "End Game Scoring"}[st.phase]
    last = " (the last)" if st.round == LAST_ROUND and st.phase != END else ""  # field report FC-V1
    headline = [f"Round {ROMAN.get(st.round, st.round)}{last} · {phase}", f"First player: {st.first}"]
    if st.phase == REWARD and st.location:
        stage = {"order-warden": "middle", "order-top": "top"}.get(st.mountain.stage, st.mountain.stage)
        level = f" ({stage} level)" if st.location == MOUNTAIN and stage in ("middle", "top") else ""
        headline.append(f"Resolving: {LOCATION_TITLES[st.location]}{level} · on offer: {_on_offer(st)}")
    rows = []
    for p in st.players:
        board = st.board_hire(p.name)
        rows.append({
            "player": p.name + (" *" if p.name == st.first else ""),
            "crests": p.crests,
            "hirelings": hire_text(p.hire),
            "board": hire_text(board) if any(board.values()) else "",
            "gear": p.gear,
            "flame": p.flame,
            "str/sen/spd": "/".join(str(p.attrs[t]) for t in TRACKS),
            "companion": "used" if p.companion_used else "ready",
            "aides": ",".join(AIDE_SHORT.get(a, a) for a in p.aides),
            **({"skill": SKILL_SHORT.get(p.skill, p.skill)} if p.skill else {}),
        })
    sections = []
    offers = []
    board_order = ["guild", "tavern", "camp", "mountain-bottom", "mountain-middle", "mountain-top", "preserve"]
    for key, slots in sorted(st.offers.items(), key=lambda kv: board_order.index(kv[0])
                             if kv[0] in board_order else len(board_order)):  # EH-REW-1 order
        offers.append({"offer": key.replace("mountain-", "mtn "),
                       "cards": " | ".join(offer_label(st, c) if c else "—" for c in slots)})
    offers.append({"offer": "garrison", "cards": " | ".join(
        offer_label(st, cid) if (cid := st.garrison[c]) else f"({c} —)" for c in COLOURS)})
    raids = []
    for i, r in enumerate(st.raids):
        mark = " (discarded by the Defender)" if st.raid_discarded == i + 1 else ""
        raids.append(f"{i + 1}: {st.cards[r].label() if r else '—'}{mark}")
    offers.append({"offer": "raid", "cards": " | ".join(raids)})
    sections.append(Section("Offers", offers))
    parties: list[dict[str, Any]] = [
        {"location": LOCATION_TITLES[q.location], "space": q.space, "player": q.owner,
         "hirelings": hire_text(q.hire), "companion": "yes" if q.companion else ""} for q in st.parties]
    parties += [{"location": LOCATION_TITLES[loc], "space": s, "player": NP, "hirelings": "", "companion": ""}
                for loc, s in st.blocked if (loc, s) not in st.np_done]
    titles = list(LOCATION_TITLES.values())
    parties.sort(key=lambda row: (titles.index(row["location"]), -row["space"]))  # EH-REW-1, EH-REW-2 order
    if parties:
        sections.append(Section("Parties", parties))
    if st.phase == REWARD and st.location == MOUNTAIN and st.mountain.stage not in ("bottom", "done"):
        rows_m = []
        for rank, space in enumerate(st.mountain.order, 1):
            party = st.party(MOUNTAIN, space)
            if party is not None:
                rows_m.append({"order": rank, "player": party.owner, "space": space, "wardens": party.hire["W"],
                               "tied": "yes" if any(space in g for g in st.mountain.tied) else ""})
        sections.append(Section(f"Mountain ({st.mountain.stage} level)", rows_m))
    holdings = [row for p in st.players for row in _holdings(st, p.name)]
    if holdings:
        sections.append(Section("Cards (← the Dragon attached; Garrison ✓ completed, … not yet)", holdings))
    aides = [{"aide": a, "holder": h or "available"} for a, h in st.aides.items()]
    sections.append(Section("Aides", aides))
    notes = list(st.log)
    from scorekeeper.games.emberheart.rules_cards import garrison_shortfall

    for p in st.players:  # EH-GAR-5: a completable Garrison card not yet completed
        for card in st.owned(p.name, "garrison"):
            if not card.completed and not garrison_shortfall(st, p.name, card, {}):
                notes.append(f"{p.name} meets the requirements of {card.id}: eh complete {card.id} -p {p.name}")
    notes += _hero_moments(st)
    if st.phase == RAID:
        slot = raid_in_force(st)
        raid_id = st.raids[slot - 1] if slot else None  # raid_in_force only names a face-up slot
        if raid_id is not None:
            card = st.cards[raid_id]
            for p in st.players:
                need = 0 if p.raided else required_discards(st, p, card, {})
                if need:  # nothing owed: no note (field report EH-V10)
                    choice = raid_choice(st, p)
                    notes.append(f"{p.name} must discard {need} {'Grunt' if card.item == 'G' else 'Expert'}(s) "
                                 "before reductions" + (f" (choose: {choice.example})" if choice.values else ""))
    return Status(headline, text, who, rows, sections, notes, finished=st.phase == END, prompt=prompt_of(st, who))


def prompt_of(st: State, who: str | None) -> str:
    """The table's prompt (field report EH-F7): ``Round I · Action · Ann``; ``Round I · setup`` while the
    round's cards are still to be revealed and nobody has played; ``Round I · Reward · non-player`` on a
    non-player Crest's turn."""
    when = "Last round" if st.round == LAST_ROUND and st.phase != END else f"Round {ROMAN.get(st.round, st.round)}"
    if st.phase == ACTION and st.actions == 0 and missing_reveals(st):
        return f"{when} · setup"
    if st.phase == REWARD and expected(st)[0] == "np":
        who = "non-player"
    phase = {ACTION: "Action", REWARD: "Reward", RAID: "Raid", END: "End Game Scoring"}[st.phase]
    return f"{when} · {phase}" + (f" · {who}" if who else "")


HERO_MOMENTS = {  # Heroes whose ability has its own moment (EH-HERO-GEN-7): the command that records it
    "apprentice": "eh hero apprentice --card HERO", "bard": "eh hero bard --keep HERO --discard HERO",
    "paragon": "eh hero paragon --gain SS|RR|SR", "recruiter": "eh hero recruiter", "priestess": "eh hero priestess",
    "dragon trainer": "eh hero trainer --dragon DRAGON",
}


def _hero_moments(st: State) -> list[str]:
    """Reminders of the Hero abilities whose moment is now (before the first turn, after the Raid, before it)."""
    from scorekeeper.games.emberheart.context import hero_active
    from scorekeeper.games.emberheart.scoring import flame_table

    notes = []
    before_first = st.phase == ACTION and st.actions == 0
    after_raid = before_first and st.after_raid_round == st.round - 1 and st.round > 1 or st.phase == END
    now = {"apprentice": before_first, "bard": before_first, "paragon": before_first, "recruiter": after_raid,
           "priestess": after_raid, "dragon trainer": st.phase == RAID and not any(p.raided for p in st.players)}
    for p in st.players:  # (a Recruiter or Priestess after the Raid: in ``open_answers``, said by next:)
        for hero, command in HERO_MOMENTS.items():
            if now[hero] and hero not in ("recruiter", "priestess") and hero_active(st, p.name, hero) and not (hero == "apprentice" and "apprentice" in p.used):
                notes.append(f"{p.name}'s {hero.title()} may act now: {command} -p {p.name}")
    if st.phase == END:  # AMB-01: the Flame values the final score will need
        top = max(p.flame for p in st.players)
        table = flame_table(st)
        for d in sorted({top - p.flame for p in st.players} - set(table)):
            names = " and ".join(p.name for p in st.players if top - p.flame == d)
            notes.append(f"the final score needs the Glory printed under the Flame track for {d} step(s) ({names}): "
                         f"scorekeeper set flame_glory {d}=N")
    return notes


def offer_label(st: State, cid: str) -> str:
    """A card on offer: its short name and face (a Garrison card without the colour and Glory its name says)."""
    card = st.cards[cid]
    if card.kind == "garrison":
        return f"{card.id}: {req_text(card.reqs)}→{card.track}"
    if card.reserved_for:  # EH-HERO-BARD-A2
        return f"{card.label()} only for {card.reserved_for}"
    return card.label()


def offer_line(st: State, location: str) -> str:
    """A Location's whole offer in one line (the Mountain: one line per level), as a reveal shows it."""
    if location == "garrison":
        text = _offer_text(st, [st.garrison[c] for c in COLOURS])
    elif location == MOUNTAIN:
        offers = st.offers
        text = (f"\n    bottom {_offer_text(st, offers['mountain-bottom'])}"
                f"\n    middle {_offer_text(st, offers['mountain-middle'])}"
                f"\n    top    {_offer_text(st, offers['mountain-top'])}")  # (each level's name padded to 6)
    else:
        text = _offer_text(st, st.offers[location])
    return f"{location} offer: {text}"


def _offer_text(st: State, slots: list[str | None]) -> str:
    """One offer's slots, left to right (``—`` for an empty one); every reveal says it (``offer_line``): a card
    that is neither a Garrison card nor reserved is said by its ``label`` (``offer_label``, without the call)."""
    cards = st.cards
    return " | ".join([
        "—" if not c else card.label() if (card := cards[c]).kind != "garrison" and not card.reserved_for
        else offer_label(st, c) for c in slots])


def _on_offer(st: State) -> str:
    """The cards on offer at the Location (and Mountain level) being resolved, by short name."""
    return ", ".join(_compact(c) for c in _offered(st)) or "nothing (recall: eh recall)"


def _offered(st: State) -> list[Any]:
    """The cards on offer at the Location (and Mountain level) being resolved."""
    from scorekeeper.games.emberheart.rules_reward import offer_slots

    stage = {"order-warden": "middle", "order-top": "top"}.get(st.mountain.stage, st.mountain.stage)
    level = stage if st.location == MOUNTAIN and stage in ("middle", "top") else "bottom"
    return [st.cards[c] for c in offer_slots(st, st.location or "", level) if c]


def _compact(card: Any) -> str:
    """A card in a few characters: ``bard (red)``, ``T1 2G1S F-1``, ``C1 red3``, ``P1 red``, ``red3``."""
    if card.kind == "hero":
        return f"{card.id} ({card.colour})"
    if card.kind == "tavern":
        return f"{card.id} {hire_text(card.hire)}" + (f" F{card.flame:+d}" if card.flame else "")
    if card.is_dragon:
        costs = (f" F+{card.flame}" if card.flame else "") + (f" W{card.wardens}" if card.wardens else "")
        return f"{card.id} {'exotic' if card.exotic else card.colour}{card.glory}{costs}"
    if card.kind == "preserve":
        return f"{card.id} {card.colour}"
    return card.id


def _face(card: Any) -> str:
    """A card's face without its name, in a few words: ``2G1S Flame-1``, ``green 3 F+1 W1``, ``red Hero``."""
    label = card.label()
    return label[len(card.id) + 2:-1] if label.startswith(f"{card.id} (") else label


def _holdings(st: State, name: str) -> list[dict[str, str]]:
    """One player's cards, one row per kind: Dragons with colour and Glory, Heroes and Preserves with the Dragon
    they hold, Garrison cards with their completion (the player's name on the first row only)."""
    owned = [st.cards[c] for c in st.player(name).cards if not st.cards[c].discarded and st.cards[c].kind != "tavern"]
    kinds = (
        ("Dragons", [f"{c.id} {'exotic' if c.exotic and not c.attached_to else c.colour}{c.glory}"
                     for c in owned if c.is_dragon]),
        ("Heroes", [c.id + (f"←{c.holds}" if c.holds else "") for c in owned if c.kind == "hero"]),
        ("Preserves", [f"{c.id} {c.colour}" + (f"←{c.holds}" if c.holds else "")
                       for c in owned if c.kind == "preserve"]),
        ("Garrison", [c.id + ("✓" if c.completed else "…") for c in owned if c.kind == "garrison"]),
    )
    rows = [{"player": "", "kind": kind, "cards": ", ".join(items)} for kind, items in kinds if items]
    if rows:
        rows[0]["player"] = name
    return rows


def _card_short(st: State, cid: str) -> str:
    """A card id with its attachment or completion mark."""
    card = st.cards[cid]
    extra = ""
    if card.holds:
        extra = f"[{card.holds}]"
    if card.kind == "garrison":
        extra = "✓" if card.completed else "…"
    return card.id + extra


def _hire(value: Any) -> str:
    """Hirelings as the table writes them, whether the event holds counts or (after an amend) ``2G1S`` text."""
    return hire_text(value) if isinstance(value, dict) else str(value)


def _party(d: dict[str, Any], t: str, level: str = "") -> str:
    """``camp space 3 `` (the Party a claim or recall names), or nothing when it names none."""
    location = d.get("location") or ("mountain" if t.startswith("MTN") else None)
    space = f" space {d['space']}" if d.get("space") is not None else ""
    return f"{location}{level}{space} " if location else ""


def describe_event(event: Event) -> str:
    """One human line per event type."""
    d = dict(event.payload)
    who = f"{event.player}: " if event.player else ""
    t = event.type
    if t == "CARD_REVEAL":
        loc = d.get("location")
        where = f"{loc} {d.get('level', '')} slot {d.get('slot', '')}".replace("  ", " ")
        face = []
        for key, value in d.items():
            if key in ("location", "level", "slot"):
                continue
            if key == "hire":
                face.append(_hire(value))
            elif key == "flame":
                if value:
                    face.append(f"Flame {value:+d}" if isinstance(value, int) else f"Flame {value}")
            elif key == "glory":
                face.append(f"{value} Glory")
            elif key == "wardens":
                face.append(f"{value} Warden{'' if value == 1 else 's'}")
            elif key == "name":
                face.append(f"named {value}")
            else:
                face.append(str(value))
        return f"reveal {where}: {' · '.join(face)}"
    if t == "RAID_REVEAL":
        return f"Raid card in slot {d.get('slot')}: -{d.get('amount', 1)}{d.get('item')} per {d.get('basis')}"
    if t == "TWO_P_REVEAL":
        return "non-player Crests on " + ", ".join(f"{a}:{b}" for a, b in d.get("spaces", []))
    if t == "PLACE_PARTY":
        comp = " + Companion" if d.get("companion") else ""
        hire = d.get("hire", {})
        party = "the Companion alone" if comp and not any(dict(hire).values() if isinstance(hire, dict) else [hire]) \
            else f"{_hire(hire)}{comp}"
        return f"{who}Party {party} → {d.get('location')} space {d.get('space')}"
    if t == "USE_SPECIAL":
        n = d.get("crests", 1)
        return f"{who}{n} Crest{'s' if n != 1 else ''} on the {d.get('site')}"
    if t == "TAKE_AIDE":
        extra = ""
        if d.get("recall"):
            extra += f", recalls {d['recall'].get('location')} space {d['recall'].get('space')}"
        if d.get("place"):
            place = d["place"]
            extra += f", re-places {_hire(place.get('hire', {}))} on {place.get('location')} {place.get('space')}"
        if d.get("raid"):
            extra += f", discards Raid slot {d['raid']}"
        return f"{who}takes the {d.get('aide')}{extra}"
    if t == "GEAR_SWAP":
        return f"{who}Gear swap {d.get('count', 1)}× {d.get('from')}→{d.get('to')}"
    if t in ("CLAIM", "MTN_CLAIM"):
        level = f" ({d.get('level')})" if d.get("level") else ""
        attach = f", attaches to {d['attach']}" if d.get("attach") else ""
        return f"{who}{_party(d, t, level)}claims {d.get('card')}{attach}"
    if t in ("RECALL", "MTN_RETRIEVE"):
        return f"{who}{_party(d, t)}{'recalls' if t == 'RECALL' else 'withdraws'}"
    if t == "NP_DISCARD":
        return f"non-player discards {d['card']}" if d.get("card") else "non-player discards nothing (no card left)"
    if t == "MTN_ORDER":
        return f"{who}orders the tied Mountain Parties: spaces {', '.join(map(str, d.get('order', [])))}"
    if t == "ATTACH_DRAGON":
        return f"{who}attaches {d.get('dragon')} to {d.get('target')}" + (" (skill 1, Gear)" if d.get("skill1") else "")
    if t == "GARRISON_COMPLETE":
        return f"{who}completes {d.get('card')}"
    if t == "HERO_ABILITY":
        rest = ", ".join(f"{_ABILITY_WORDS.get(k, k)}{_words(v)}" for k, v in d.items() if k != "hero" and v is not None)
        return f"{who}uses the {str(d.get('hero')).title()}" + (f": {rest}" if rest else "")
    if t == "RAID_DISCARD":
        disc = _hire(d["discard"]) if d.get("discard") else "as required"
        extras = " and ".join(str(k).replace("_", " ").title() for k in ("fire_sage", "custodian") if d.get(k))
        return f"{who}Raid discards {disc}" + (f" (with the {extras})" if extras else "")
    if t == "FLAME_RESPONSE":
        return f"{who}answers the Flame increase: {d.get('option')}"
    if t == "ATTR_EXTRA_STEP":
        return f"{who}pays 1 Gear for an extra Attribute step"
    if t == "END_GEAR_CONVERT":
        return f"{who}discards {d.get('gear')} Gear for Flame -{int(d.get('gear', 0)) // 3}"
    if t == "END_DECLARE":
        return f"{who}declares {_words(d)}"
    if t == "ADJUST":
        players = "; ".join(f"{name}: {_words(changes)}" for name, changes in dict(d.get("players") or {}).items())
        game = ", ".join(f"{k} {v}" for k, v in d.items() if k in ("round", "first"))
        return "adjust " + "; ".join(part for part in (players, game) if part) + (
            f" ({d['reason']})" if d.get("reason") else "")
    if t == "SKIP_TURN":
        return f"{who}skips the turn"
    return f"{who}{t} {_words(d)}"


#: how a Hero ability's fields read after "uses the HERO: " (the Apprentice's card is named alone)
_ABILITY_WORDS = {"card": "", "keep": "keeps ", "discard": "discards ", "gain": "gains ", "dragon": "",
                  "colour": "as "}


def _words(value: Any) -> str:
    """A payload value in plain words (field report EH-V12): ``{'G': 3, 'W': 3}`` → ``G 3, W 3``; a Hero's
    name in its title case; never a Python repr."""
    if isinstance(value, dict):
        return ", ".join(f"{k} {_words(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_words(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value)
    return text.title() if text.lower() in HEROES else text


OBSERVABLE = ("flame", "gear", "grunts", "scouts", "rangers", "wardens", "hirelings", "crests", "strength",
              "senses", "speed", "dragons", "heroes", "preserves", "garrisons", "completed", "aides", "glory",
              "round", "phase", "first", "active")


def observed_as(st: State, player: str | None, key: str) -> str:
    """How a player's Hirelings were counted for ``assert``: those in the supply and those in Parties on the
    board (field report EH-V5: ``gives 5 (2 in supply, 3 on the board)``); '' for any other key."""
    kinds = {"grunts": "G", "scouts": "S", "rangers": "R", "wardens": "W", "hirelings": ""}
    if player is None or key.lower() not in kinds:
        return ""
    kind, supply, board = kinds[key.lower()], st.player(player).hire, st.board_hire(player)
    count = (lambda held: held[kind]) if kind else (lambda held: sum(held.values()))
    return f"{count(supply)} in supply, {count(board)} on the board" if count(board) else ""


def observe_key(st: State, player: str | None, key: str) -> Any:
    """A value for ``scorekeeper assert`` (ObservationError for an unknown key)."""
    key = key.lower()
    if key not in OBSERVABLE:
        raise ObservationError(f"unknown key {key!r}; known: {', '.join(OBSERVABLE)}")
    if key in ("round", "phase", "first", "active"):
        return {"round": st.round, "phase": st.phase, "first": st.first, "active": st.active()}[key]
    if player is None:
        raise ObservationError(f"{key} is a player's value: name the player (scorekeeper assert NAME {key}=…)")
    p = st.player(player)
    hire = total_hire(st, player)
    if key == "glory":
        from scorekeeper.core.protocol import MissingValueError
        from scorekeeper.games.emberheart.scoring import score

        try:
            return next(r.total for r in score(st).rows if r.player == player)
        except MissingValueError as exc:
            raise ObservationError(f"glory cannot be computed yet: {exc}") from None
    return {
        "flame": p.flame, "gear": p.gear, "grunts": hire["G"], "scouts": hire["S"], "rangers": hire["R"],
        "wardens": hire["W"], "hirelings": sum(hire.values()), "crests": p.crests,
        "strength": p.attrs["strength"], "senses": p.attrs["senses"], "speed": p.attrs["speed"],
        "dragons": len(st.owned(player, "dragon")), "heroes": len(st.owned(player, "hero")),
        "preserves": len(st.owned(player, "preserve")), "garrisons": len(st.owned(player, "garrison")),
        "completed": len([c for c in st.owned(player, "garrison") if c.completed]),
        "aides": ",".join(p.aides),
    }[key]
