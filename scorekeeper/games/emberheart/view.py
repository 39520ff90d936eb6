"""What the table sees: ``status`` (whose turn, what is expected), one-line event descriptions, and the
values ``scorekeeper assert`` can check."""

from __future__ import annotations

from typing import Any

from scorekeeper.events import Event
from scorekeeper.games.base import ObservationError, Section, Status
from scorekeeper.games.emberheart.cards import (
    COLOURS, LOCATION_TITLES, MOUNTAIN, TRACKS, hire_text,
)
from scorekeeper.games.emberheart.effects import total_hire
from scorekeeper.games.emberheart.rules_action import aides_left
from scorekeeper.games.emberheart.rules_raid import raid_in_force, required_discards
from scorekeeper.games.emberheart.rules_reward import NP, expected
from scorekeeper.games.emberheart.state import ACTION, END, RAID, REWARD, State

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def _missing_reveals(st: State) -> list[str]:
    """Empty offer slots, Raid slots and the 2P card still to reveal."""
    missing = []
    for key, slots in st.offers.items():
        empty = [str(i + 1) for i, c in enumerate(slots[:3]) if c is None]
        if empty:
            missing.append(f"{key} slot {','.join(empty)}")
    for colour, cid in st.garrison.items():
        if cid is None:
            missing.append(f"garrison {colour}")
    empty_raids = [str(i + 1) for i, r in enumerate(st.raids) if r is None]
    if empty_raids:
        missing.append(f"raid slot {','.join(empty_raids)}")
    if len(st.seats) == 2 and not st.two_p_revealed:
        missing.append("the Two player mode card (eh block)")
    return missing


def expected_text(st: State) -> tuple[str, str | None]:
    """What the engine waits for, in words, and who should act."""
    if st.phase == ACTION:
        who = st.active()
        p = st.player(who)
        left = aides_left(st)
        options = []
        if p.crests:
            options.append(f"send a Party ({p.crests} Crest{'s' if p.crests != 1 else ''})")
            options.append("use the Warehouse or Firestation")
        if left:
            options.append(f"take an Aide ({', '.join(left)})")
        text = f"{who}'s turn: {' / '.join(options) or 'skip'}"
        if st.actions == 0:
            missing = _missing_reveals(st)
            if missing:
                text = f"reveal {'; '.join(missing)} — then {text}"
        return text, who
    if st.phase == REWARD:
        what, space, who = expected(st)
        where = LOCATION_TITLES.get(st.location or "", "")
        if st.location == MOUNTAIN:
            where += f" ({st.mountain.stage.replace('order-', 'ordering before ')} level)"
        if what == "np":
            return f"Reward phase · {where} · the non-player Crest (space {space}) discards (eh np)", None
        if what == "order":
            return f"Reward phase · {where} · {who} (Survivalist) orders the tied Parties (eh order …)", who
        if what == "claim":
            return f"Reward phase · {where} · {who} (space {space}) claims or recalls", who
        return "Reward phase", None
    if st.phase == RAID:
        slot = raid_in_force(st)
        card = st.cards[st.raids[slot - 1]].label() if slot else "no Raid card"
        waiting = [p.name for p in st.players if not p.raided]
        return f"Raid phase · {card} · waiting for {', '.join(waiting)} (eh raid -p NAME)", (waiting[0] if waiting else None)
    if st.phase == END:
        return "End Game Scoring: convert Gear (eh convert 3 -p NAME), then run 'scorekeeper score'", None
    return "", None


def status_of(st: State) -> Status:
    """The table companion's view of the game."""
    text, who = expected_text(st)
    phase = {ACTION: "Action phase", REWARD: "Reward phase", RAID: "Raid phase", END: "End Game Scoring"}[st.phase]
    headline = [f"Round {ROMAN.get(st.round, st.round)} · {phase}", f"First player: {st.first}"]
    if st.phase == REWARD and st.location:
        headline.append(f"Resolving: {LOCATION_TITLES[st.location]}")
    rows = []
    for p in st.players:
        board = st.board_hire(p.name)
        rows.append({
            "player": p.name + (" *" if p.name == st.first else ""),
            "crests": p.crests,
            "hirelings": hire_text(p.hire),
            "on board": hire_text(board) if any(board.values()) else "",
            "gear": p.gear,
            "flame": p.flame,
            "str/sen/spd": "/".join(str(p.attrs[t]) for t in TRACKS),
            "companion": "used" if p.companion_used else "ready",
            "aides": ",".join(p.aides),
            "cards": " ".join(_card_short(st, c) for c in p.cards if not st.cards[c].discarded
                              and st.cards[c].kind != "tavern"),
            **({"skill": p.skill} if p.skill else {}),
        })
    sections = []
    offers = []
    for key, slots in st.offers.items():
        offers.append({"offer": key, "cards": " | ".join(st.cards[c].label() if c else "—" for c in slots)})
    offers.append({"offer": "garrison", "cards": " | ".join(
        st.cards[st.garrison[c]].label() if st.garrison[c] else f"({c} —)" for c in COLOURS)})
    raids = []
    for i, r in enumerate(st.raids):
        mark = " (discarded by the Defender)" if st.raid_discarded == i + 1 else ""
        raids.append(f"{i + 1}: {st.cards[r].label() if r else '—'}{mark}")
    offers.append({"offer": "raid", "cards": " | ".join(raids)})
    sections.append(Section("Offers", offers))
    parties = [{"location": LOCATION_TITLES[q.location], "space": q.space, "player": q.owner,
                "hirelings": hire_text(q.hire), "companion": "yes" if q.companion else ""}
               for q in sorted(st.parties, key=lambda q: (list(LOCATION_TITLES).index(q.location), -q.space))]
    parties += [{"location": LOCATION_TITLES[loc], "space": s, "player": NP, "hirelings": "", "companion": ""}
                for loc, s in st.blocked if (loc, s) not in st.np_done]
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
    aides = [{"aide": a, "holder": h or "available"} for a, h in st.aides.items()]
    sections.append(Section("Aides", aides))
    notes = list(st.log)
    from scorekeeper.games.emberheart.rules_cards import garrison_shortfall

    for p in st.players:  # EH-GAR-5: a completable Garrison card not yet completed
        for card in st.owned(p.name, "garrison"):
            if not card.completed and not garrison_shortfall(st, p.name, card, {}):
                notes.append(f"{p.name} meets the requirements of {card.id}: eh complete {card.id} -p {p.name}")
    if st.phase == RAID:
        slot = raid_in_force(st)
        if slot:
            card = st.cards[st.raids[slot - 1]]
            for p in st.players:
                if not p.raided:
                    notes.append(f"{p.name} must discard {required_discards(st, p, card, {})} "
                                 f"{'Grunt' if card.item == 'G' else 'Expert'}(s) before reductions")
    return Status(headline, text, who, rows, sections, notes, finished=st.phase == END)


def _card_short(st: State, cid: str) -> str:
    """A card id with its attachment or completion mark."""
    card = st.cards[cid]
    extra = ""
    if card.holds:
        extra = f"[{card.holds}]"
    if card.kind == "garrison":
        extra = "✓" if card.completed else "…"
    return card.id + extra


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
                face.append(hire_text(value))
            elif key == "flame":
                face.append(f"Flame {value:+d}" if isinstance(value, int) else f"Flame {value}")
            elif key == "glory":
                face.append(f"{value} Glory")
            elif key == "wardens":
                face.append(f"{value} Warden(s)")
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
        return f"{who}Party {hire_text(d.get('hire', {}))}{comp} → {d.get('location')} space {d.get('space')}"
    if t == "USE_SPECIAL":
        n = d.get("crests", 1)
        return f"{who}{n} Crest{'s' if n != 1 else ''} on the {d.get('site')}"
    if t == "TAKE_AIDE":
        extra = ""
        if d.get("recall"):
            extra += f", recalls {d['recall'].get('location')} space {d['recall'].get('space')}"
        if d.get("place"):
            extra += f", re-places {hire_text(d['place'].get('hire', {}))} on {d['place'].get('location')} {d['place'].get('space')}"
        if d.get("raid"):
            extra += f", discards Raid slot {d['raid']}"
        return f"{who}takes the {d.get('aide')}{extra}"
    if t == "GEAR_SWAP":
        return f"{who}Gear swap {d.get('count', 1)}× {d.get('from')}→{d.get('to')}"
    if t in ("CLAIM", "MTN_CLAIM"):
        level = f" ({d.get('level')})" if d.get("level") else ""
        attach = f", attaches to {d['attach']}" if d.get("attach") else ""
        return f"{who}{d.get('location', 'mountain')}{level} space {d.get('space')} claims {d.get('card')}{attach}"
    if t in ("RECALL", "MTN_RETRIEVE"):
        return f"{who}{d.get('location', 'mountain')} space {d.get('space')} {'recalls' if t == 'RECALL' else 'withdraws'}"
    if t == "NP_DISCARD":
        return f"non-player discards {d['card']}" if d.get("card") else "non-player discards nothing (no card left)"
    if t == "MTN_ORDER":
        return f"{who}orders the tied Mountain Parties: spaces {', '.join(map(str, d.get('order', [])))}"
    if t == "ATTACH_DRAGON":
        return f"{who}attaches {d.get('dragon')} to {d.get('target')}" + (" (skill 1, Gear)" if d.get("skill1") else "")
    if t == "GARRISON_COMPLETE":
        return f"{who}completes {d.get('card')}"
    if t == "HERO_ABILITY":
        rest = " ".join(f"{k}={v}" for k, v in d.items() if k != "hero")
        return f"{who}uses the {str(d.get('hero')).title()} {rest}".rstrip()
    if t == "RAID_DISCARD":
        disc = hire_text(d["discard"]) if d.get("discard") else "as required"
        extras = " ".join(k for k in ("fire_sage", "custodian") if d.get(k))
        return f"{who}Raid discards {disc} {extras}".rstrip()
    if t == "FLAME_RESPONSE":
        return f"{who}answers the Flame increase: {d.get('option')}"
    if t == "ATTR_EXTRA_STEP":
        return f"{who}pays 1 Gear for an extra Attribute step"
    if t == "END_GEAR_CONVERT":
        return f"{who}discards {d.get('gear')} Gear for Flame -{int(d.get('gear', 0)) // 3}"
    if t == "END_DECLARE":
        return f"{who}declares {d}"
    if t == "SKIP_TURN":
        return f"{who}skips the turn"
    return f"{who}{t} {d}"


OBSERVABLE = ("flame", "gear", "grunts", "scouts", "rangers", "wardens", "hirelings", "crests", "strength",
              "senses", "speed", "dragons", "heroes", "preserves", "garrisons", "completed", "aides", "glory",
              "round", "phase", "first", "active")


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
        from scorekeeper.games.base import MissingValueError
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
