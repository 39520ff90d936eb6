"""What the table companion shows: ``status`` (whose turn, what next, holdings, town) and ``describe``; the plays
offered now, with their legal values, are ``choices``."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Section, Status

from .context import DECK_NAMES, items_text, reward_text
from .ending import final_words, round_of
from .rules_enchant import castable
from .rules_gather import yield_of, yield_text
from .rules_turn import legal_shops
from .scoring import moon_cards
from .state import GOODS_LIMIT, HAND_LIMIT, PARK_SIZE, ROW_SIZE, FlameState, TurnState


def expected(state: FlameState) -> str:
    """What the engine expects next, in words, with the command to type (a finished tally has no setup: the game
    is over all the same)."""
    if state.finished:
        moons = [f"{name}'s {card}" for name in state.order for card in moon_cards(state, name)]
        if state.moon is None and moons:
            return (
                f"the game is over: judge the moon dragons ({', '.join(moons)}) with "
                "scorekeeper fc final --moon CARD (fulfilled) --missed CARD (not)"
            )
        return "the game is over: scorekeeper score"
    if not state.setup_done:
        return "record the setup: scorekeeper fc setup (town, starter dragons, park and row)"
    undealt = [n for n in state.order if not state.players[n].dealt]
    if undealt:
        name = undealt[0]
        extra = " --good GOOD" if len(state.order) >= 4 and state.players[name].seat in (4, 5) else ""  # FC-SETUP-14
        extra += " --companion NAME" if state.settings.get("companions") else ""  # FC-SETUP-16
        return f"deal {name}'s starting cards: scorekeeper fc deal {name} --hand D1,D2,D3 --keep FANCY{extra}"
    turn = state.turn
    assert turn is not None
    who = turn.player
    final = final_words(state)
    if turn.phase == "start":
        return f"{who}{final} visits a shop: scorekeeper fc visit SHOP ({_visitable(state, who)})"
    if turn.phase == "visited":
        return f"{who} gathers at {turn.shop} ({_gather(state, turn.shop or '')}){_castable(state, who, turn.shop or '')}"
    flip = _flips(turn.new_shops) + refills(state) + _discards(state, who)
    if turn.phase == "gather":
        steps = []
        fits = _fitting_hand(state, who, turn.shop or "") if turn.gather_step < 2 else ""
        if fits:
            steps.append(f"place a dragon (fc place DRAGON [SLOT]: {fits})")
        if turn.followup and turn.gather_step < 4:
            steps.append(f"fire up {turn.followup}, which the swap brought here (fc fire {turn.followup} …)")
        elif turn.gather_step < 3:
            shop = state.shops.get(turn.shop or "")
            here = ", ".join(d for d in (shop.slots if shop else []) if d)
            if here:  # field report FC-V6: no fire-up offer at a shop without dragons
                steps.append(f"fire up 1 dragon (fc fire DRAGON …: {here})")
        if turn.gather_step < 4 and (state.face("shop", turn.shop or "") or {}).get("ability"):
            steps.append("use the shop ability (fc ability …)")
        options = ", ".join(steps)
        return f"{who} may {options + ', then ' if options else ''}end the turn: fc end{flip}"
    shop = state.shops.get(turn.shop or "")
    ready = [d for d in (shop.slots if shop else []) if d and d not in turn.fired]
    if not ready:
        return f"{who} may end the turn: fc end{flip}"
    return f"{who} may fire up the dragons at {turn.shop} ({', '.join(ready)}: fc fire DRAGON …), then end the turn: fc end{flip}"


def _symbols(face: dict[str, Any] | None) -> str:
    """A shop's upper-left symbols, whether it can be enchanted, and its ability strip (field report FC-F2)."""
    if face is None:
        return "?"
    ability = face.get("ability")
    return ("+".join(face["symbols"]) + ("" if face["enchantable"] else " (no ench.)")
            + (f"; ability: {ability['text']}" if ability else ""))


def _flips(placeholders: list[str]) -> str:
    """The ``--flip`` words the end of the turn needs: the shop revealed under each placeholder (FC-END-TURN-2)."""
    if not placeholders:
        return ""
    return " --flip SHOP" * len(placeholders) + f" (the shop revealed for {', '.join(placeholders)})"


def fitting_slots(state: FlameState, who: str, shop_id: str) -> dict[str, list[str]]:
    """Which dragons of the hand fit which empty slots of the shop (FC-GATHER-7, FC-PLACE-3): ``BR-2`` → 2, 3."""
    shop = state.shops.get(shop_id)
    face = state.face("shop", shop_id)
    if shop is None or face is None:
        return {}
    fits = {}
    for card in state.players[who].hand:
        icon = (state.face("dragon", card) or {}).get("icon")
        slots = [str(i + 1) for i, d in enumerate(shop.slots) if d is None and (icon is None or icon in face["slots"][i]["icons"])]
        if slots:
            fits[card] = slots
    return fits


def _fitting_hand(state: FlameState, who: str, shop_id: str) -> str:
    """``fitting_slots`` in words: ``BR-2 → 2/3, MT-2 → 1``."""
    return ", ".join(f"{card} → {'/'.join(slots)}" for card, slots in fitting_slots(state, who, shop_id).items())


def _gather(state: FlameState, shop: str) -> str:
    """The gather command and what it gives, for the prompt (FC-GATHER-2, FC-GATHER-5, FC-GATHER-6)."""
    computed = yield_of(state, shop)
    if computed is None:
        return "fc gather"
    fixed, wild, dragons = computed
    command = "fc gather" + (" GOODS" if wild else "") + (" --draw park:NAME|deck" * dragons)
    return f"{command}: {yield_text(fixed, wild, dragons)}"


def _castable(state: FlameState, who: str, shop: str) -> str:
    """The enchant offer of the hint: only the cards possible now (field report FC-V5); none, no offer."""
    cards = castable(state, who, shop)
    if not cards:
        return ""
    return f" or enchants it (fc enchant CARD: {', '.join(cards)} {'fits' if len(cards) == 1 else 'fit'})"


def refills(state: FlameState) -> str:
    """The ``--park`` / ``--row`` words the end of the turn needs: one NAME per card revealed to fill a gap
    (FC-END-TURN-8), as far as the deck goes (FC-END-TURN-9)."""
    words = ""
    for option, size, zone, deck in (("--park", PARK_SIZE, state.park, state.artisan_deck), ("--row", ROW_SIZE, state.row, state.ench_deck)):
        gaps = max(0, min(size - len(zone), deck))
        if gaps:
            words += f" {option} {','.join(['NAME'] * gaps)}"
    return words + (" (the cards revealed)" if words else "")


def _discards(state: FlameState, who: str) -> str:
    """The ``--discard`` the end of the turn needs, when the player is over the limits (FC-END-TURN-3/4)."""
    player = state.players[who]
    over = len(player.hand) - HAND_LIMIT
    parts = [f"{over} dragon{'s' if over > 1 else ''} of {', '.join(player.hand)}"] if over > 0 else []
    goods = {g: n - GOODS_LIMIT for g, n in player.goods.items() if n > GOODS_LIMIT}
    if goods:
        parts.append(items_text(goods))
    if not parts:
        return ""
    return f" --discard … (over the limits of {HAND_LIMIT} dragons and {GOODS_LIMIT} of each good: discard {' and '.join(parts)})"


def _visitable(state: FlameState, who: str) -> str:
    """The shops ``who`` may visit now, and what each costs (FC-TURN-4 to FC-TURN-7), for the prompt."""
    player = state.players[who]
    parts = []
    for shop_id in legal_shops(state, player):
        there = [p.name for p in state.players.values() if p.token == shop_id and p.name != who]
        parts.append(f"{shop_id} (pay {', '.join(there)})" if there else shop_id)
    return "open: " + ", ".join(parts) if parts else f"{who} can visit no shop"


def status(state: FlameState) -> Status:
    """The table companion's view."""
    headline = []
    turn = state.turn
    if turn is not None:
        headline.append(f"Round {round_of(state, turn.number)} · Turn {turn.number} · {turn.player}'s turn"
                        + final_words(state) + (f" · at {turn.shop}" if turn.shop else ""))
    elif state.finished:
        headline.append("Game over")
    else:
        headline.append("Setup")
    if state.end_trigger:
        trig = state.end_trigger
        left = ", ".join(state.final_queue) if state.final_queue else ("everyone after this turn" if state.final_queue is None else "nobody")
        when = f" at #{trig['seq']}" if trig.get("seq") else ""  # a tally's end says no event: before this session
        deck = str(trig.get("deck"))
        headline.append(f"Game end triggered by {trig.get('player') or 'the setup'} (the "
                        f"{DECK_NAMES.get(deck, deck)} deck ran out{when}); final turns still "
                        f"to play: {left}")
    players = []
    for name in state.order:
        p = state.players[name]
        players.append(
            {
                "player": name,
                "seat": p.seat,
                "reputation": p.rep,
                "goods": items_text({g: p.goods.get(g, 0) for g in state.goods}) if p.goods_total() else "-",
                "coins": p.coins,
                "hand": f"{len(p.hand)}: {', '.join(p.hand)}" if p.hand else "0",
                "fancy": ", ".join(c + ("*" if c in p.sun_scored else "") for c in p.fancies) or "-",
                "reserved": p.reserved or "-",
                "companion": (p.companion + (" (used)" if p.companion_used else "")) if p.companion else "-",
                "at": p.token or "off-town",
                "final turn": ("played" if p.name not in (state.final_queue or []) else "to play") if state.final_queue is not None else "",
            }
        )
    town_rows = []
    for shop in state.shops.values():
        face = state.face("shop", shop.id)
        if not shop.face_up:
            town_rows.append({"shop": shop.id, "symbols": "(face down)", "slots": "", "enchantments": "", "here": ""})
            continue
        slots = []
        for i, occupant in enumerate(shop.slots):
            slot: dict[str, Any] = face["slots"][i] if face else {"icons": ["?"], "reward": {}}
            empty = "/".join(slot["icons"]) + (f">{reward_text(slot['reward'])}" if slot["reward"] else "")
            slots.append(f"{i + 1}:{occupant or empty}")
        here = [p.name for p in state.players.values() if p.token == shop.id]
        town_rows.append(
            {
                "shop": shop.id,
                "symbols": _symbols(face),
                "slots": " ".join(slots),
                "enchantments": ", ".join(shop.enchantments) or "-",
                "here": ", ".join(here),
            }
        )
    supply: list[dict[str, Any]] = [
        {"pile": "park", "cards": ", ".join(state.park) or "-", "deck": state.artisan_deck},
        {"pile": "enchantment row", "cards": ", ".join(state.row) or "-", "deck": state.ench_deck},
        {"pile": "shop deck", "cards": "", "deck": state.shop_deck},
        {"pile": "fancy deck", "cards": "", "deck": "not tracked" if state.fancy_deck is None else state.fancy_deck},
    ]
    notes = [f"settings: {state.settings.get('ench_deck')} deck, companions {'on' if state.settings.get('companions') else 'off'}"]
    notes.extend(state.notes[-5:])
    return Status(
        headline=headline,
        expected=expected(state),
        active_player=turn.player if turn is not None else None,
        players=players,
        sections=[Section("Town", town_rows), Section("Supply", supply)],
        notes=notes,
        finished=state.finished,
        prompt=headline[0] if turn is None else _prompt(turn),
    )


def _prompt(turn: TurnState) -> str:
    """The table's prompt in a turn (field report FC-F5): ``Turn 7 · Ada at GRISTLEGATE``, and in a final turn
    ``Final turn · Ada at GRISTLEGATE`` (the number gives way to what matters then)."""
    return ("Final turn" if turn.final else f"Turn {turn.number}") + f" · {turn.player}" + (
        f" at {turn.shop}" if turn.shop else "")


def describe(event: Event) -> str:
    """One human line per event, for ``log`` and the "recorded" message."""
    p = event.payload
    who = event.player or ""
    kind = event.type
    if kind == "SETUP":
        return "setup: " + ", ".join(
            part for part in (
                f"town {','.join(p['town'])}" if p.get("town") else "",
                f"removed {items_text(p['removed'])}" if isinstance(p.get("removed"), dict) else "",
                f"park {','.join(_names(p['park']))}" if p.get("park") else "",
                f"row {','.join(_names(p['row']))}" if p.get("row") else "",
            ) if part
        )
    if kind == "SETUP_PLAYER":
        extra = f", good {p['good']}" if p.get("good") else ""
        comp = f", companion {_names([p['companion']])[0]}" if p.get("companion") else ""
        return f"{who} dealt {','.join(_names(p.get('hand') or []))}, keeps {','.join(_names(p.get('keep') or []))}{extra}{comp}"
    if kind == "VISIT":
        pay = p.get("pay") or {}
        pay = f", pays 1 {pay} to each player there" if isinstance(pay, str) else "".join(f", pays {to} 1 {item}" for to, item in dict(pay).items())
        return f"{who} visits {p.get('shop')}{pay}"
    if kind == "GATHER":
        gain = items_text(p["gain"]) if isinstance(p.get("gain"), dict) else str(p["gain"]) if p.get("gain") else "the yield"
        if p.get("gain") == {} and p.get("draws"):  # a dragon shop: the dragon is what is gathered (FC-V7)
            return f"{who} gathers {', '.join(_drawn(p))}"
        return f"{who} gathers {gain}" + _draws(p)
    if kind == "PLACE":
        return f"{who} places {p.get('dragon')}" + (f" in slot {p['slot']}" if p.get("slot") is not None else "") + _draws(p)
    if kind == "FIRE_UP":
        detail = ""
        if p.get("goods"):
            detail = " taking " + "+".join(p["goods"])
        elif p.get("good"):
            detail = f" taking 2 {p['good']}"
        elif p.get("place"):
            detail = f" placing {p['place'].get('dragon')} at {p['place'].get('shop')}:{p['place'].get('slot')}"
        elif p.get("swap"):
            detail = f" swapping with {p['swap']}"
        elif p.get("gift"):
            detail = f" giving {p['gift'].get('to')} 1 {p['gift'].get('item')}"
        return f"{who} fires up {p.get('dragon')}{detail}" + _draws(p)
    if kind == "SHOP_ABILITY":
        return f"{who} uses the shop ability: {_effects(p) or 'as printed'}" + _draws(p)
    if kind == "ENCHANT":
        pay = f" paying {items_text(p['pay'])}" if isinstance(p.get("pay"), dict) else ""
        sets = f" ({p['sets']} set{'s' if p['sets'] != 1 else ''})" if p.get("sets") else ""
        return f"{who} casts {p.get('card')}{sets}{pay}" + _draws(p)
    if kind == "RESERVE":
        return f"{who} reserves {_names([p.get('card') or '?'])[0]} from the {p.get('source') or 'row'} ({p.get('by')})"
    if kind == "GIFT":
        return f"{who} gifts {p.get('to')} 1 {p.get('item')} ({p.get('by')})"
    if kind == "FANCY_SCORE":
        spent = f" spending {items_text(p['pay'])}" if isinstance(p.get("pay"), dict) else ""
        return f"{who} scores sun dragon {p.get('card')}{spent}" + _draws(p)
    if kind == "COMPANION_USE":
        effects = _effects(p)
        return f"{who} uses their companion" + (f": {effects}" if effects else "") + _draws(p)
    if kind == "END_TURN":
        parts = []
        if p.get("flips"):
            parts.append("flips " + ",".join(_names(p["flips"])))
        if p.get("discard"):
            d = dict(p["discard"])
            parts.append("discards " + ", ".join([*d.get("dragons", []), *([items_text(d["goods"])] if d.get("goods") else [])]))
        if p.get("park"):
            parts.append("park + " + ",".join(_names(p["park"])))
        if p.get("row"):
            parts.append("row + " + ",".join(_names(p["row"])))
        return f"{who} ends the turn" + (": " + "; ".join(parts) if parts else "")
    if kind == "FINAL_SCORING":
        moon = dict(p.get("moon") or {})
        return "final scoring: " + (", ".join(f"{c} {'fulfilled' if v else 'missed'}" for c, v in moon.items()) or "no moon dragons")
    if kind == "ADJUST":
        return f"manual adjustment{': ' + str(p['reason']) if p.get('reason') else ''}"
    return f"{who} {kind}".strip()


def _effects(p: Any) -> str:
    """The declared effects of a shop ability or a companion: gains, a reserve, a gift."""
    parts = []
    if p.get("gain"):
        parts.append(f"gains {_reward(p['gain'])}")
    if p.get("reserve"):
        parts.append(f"reserves {_names([p['reserve']])[0]}" + (" from the deck" if p.get("source") == "deck" else ""))
    if isinstance(p.get("gift"), dict):
        parts.append(f"gives {p['gift'].get('to')} 1 {p['gift'].get('item')}")
    return ", ".join(parts)


def _reward(value: Any) -> str:
    return reward_text(value) if isinstance(value, dict) else str(value)


def _names(items: Any) -> list[str]:
    out = []
    for item in items or []:
        if isinstance(item, dict):
            out.append(str(item.get("card") or "?"))
        else:
            out.append(str(item).partition("=")[0])
    return out


def _draws(p: Any) -> str:
    parts = _drawn(p)
    return (" (draws " + ", ".join(parts) + ")") if parts else ""


def _drawn(p: Any) -> list[str]:
    """The cards a play draws, in words: ``CR-3 from the park``, ``fancy FY-2``."""
    parts = []
    for d in p.get("draws") or []:
        if isinstance(d, dict):
            parts.append(f"{d.get('card') or 'a card'} from the {d.get('from')}")
        else:
            parts.append(str(d))
    for f in p.get("fancies") or []:
        parts.append(f"fancy {(f.get('card') if isinstance(f, dict) else str(f).partition('=')[0])}")
    return parts
