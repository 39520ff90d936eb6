"""What the table companion shows: ``status`` (whose turn, what next, holdings, town) and ``describe``."""

from __future__ import annotations

from typing import Any

from scorekeeper.events import Event
from scorekeeper.games.base import Section, Status

from .context import DECK_NAMES, items_text, reward_text
from .state import FlameState


def expected(state: FlameState) -> str:
    """What the engine expects next, in words, with the command to type."""
    if not state.setup_done:
        return "record the setup: scorekeeper fc setup (town, starter dragons, park and row)"
    undealt = [n for n in state.order if not state.players[n].dealt]
    if undealt:
        return f"deal {undealt[0]}'s starting cards: scorekeeper fc deal {undealt[0]} --hand D1,D2,D3 --keep FANCY"
    if state.finished:
        if state.moon is None and any(
            (state.face("fancy", c) or {"kind": "moon"})["kind"] == "moon" for p in state.players.values() for c in p.fancies
        ):
            return "the game is over: judge the moon dragons with scorekeeper fc final --moon CARD --missed CARD"
        return "the game is over: scorekeeper score"
    turn = state.turn
    assert turn is not None
    who = turn.player
    final = " (final turn)" if turn.final else ""
    if turn.phase == "start":
        return f"{who}{final} visits a shop: scorekeeper fc visit SHOP"
    if turn.phase == "visited":
        return f"{who} gathers at {turn.shop} (fc gather) or enchants it (fc enchant CARD)"
    flip = " --flip NEWSHOP" if turn.new_shops else ""
    if turn.phase == "gather":
        steps = []
        if turn.gather_step < 2:
            steps.append("place a dragon (fc place DRAGON SLOT)")
        if turn.gather_step < 3 or turn.followup:
            steps.append("fire up 1 dragon (fc fire DRAGON …)")
        if turn.gather_step < 4 and (state.face("shop", turn.shop or "") or {}).get("ability"):
            steps.append("use the shop ability (fc ability …)")
        options = ", ".join(steps)
        return f"{who} may {options + ', then ' if options else ''}end the turn: fc end{flip}"
    return f"{who} may fire up the dragons at {turn.shop} (fc fire DRAGON …), then end the turn: fc end{flip}"


def status(state: FlameState) -> Status:
    """The table companion's view."""
    headline = []
    turn = state.turn
    if turn is not None:
        headline.append(f"Turn {turn.number} · {turn.player}'s turn" + (" (final turn)" if turn.final else "") + (f" · at {turn.shop}" if turn.shop else ""))
    elif state.finished:
        headline.append("Game over")
    else:
        headline.append("Setup")
    if state.end_trigger:
        trig = state.end_trigger
        left = ", ".join(state.final_queue) if state.final_queue else ("everyone after this turn" if state.final_queue is None else "nobody")
        headline.append(f"Game end triggered by {trig['player'] or 'the setup'} (the {DECK_NAMES.get(trig['deck'], trig['deck'])} deck ran out at #{trig['seq']}); final turns still to play: {left}")
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
            slot = face["slots"][i] if face else {"icons": ["?"], "reward": {}}
            slots.append(f"{i + 1}:{occupant or '/'.join(slot['icons'])}")
        here = [p.name for p in state.players.values() if p.token == shop.id]
        town_rows.append(
            {
                "shop": shop.id,
                "symbols": "+".join(face["symbols"]) + ("" if face["enchantable"] else " (no ench.)") if face else "?",
                "slots": " ".join(slots),
                "enchantments": ", ".join(shop.enchantments) or "-",
                "here": ", ".join(here),
            }
        )
    supply = [
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
    )


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
        pay = "".join(f", pays {to} 1 {item}" for to, item in dict(p.get("pay") or {}).items())
        return f"{who} visits {p.get('shop')}{pay}"
    if kind == "GATHER":
        gain = items_text(p["gain"]) if isinstance(p.get("gain"), dict) else "the yield"
        return f"{who} gathers {gain}" + _draws(p)
    if kind == "PLACE":
        return f"{who} places {p.get('dragon')} in slot {p.get('slot')}" + _draws(p)
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
        what = f"reserves {_names([p['reserve']])[0]}" if p.get("reserve") else f"gains {_reward(p.get('gain'))}" if p.get("gain") else "uses it"
        return f"{who} uses the shop ability: {what}"
    if kind == "ENCHANT":
        pay = f" paying {items_text(p['pay'])}" if isinstance(p.get("pay"), dict) else ""
        sets = f" ({p['sets']} set{'s' if p['sets'] != 1 else ''})" if p.get("sets") else ""
        return f"{who} casts {p.get('card')}{sets}{pay}" + _draws(p)
    if kind == "RESERVE":
        return f"{who} reserves {_names([p.get('card') or '?'])[0]} from the {p.get('source') or 'row'} ({p.get('by')})"
    if kind == "GIFT":
        return f"{who} gifts {p.get('to')} 1 {p.get('item')} ({p.get('by')})"
    if kind == "FANCY_SCORE":
        return f"{who} scores sun dragon {p.get('card')}"
    if kind == "COMPANION_USE":
        return f"{who} uses their companion" + (f": gains {_reward(p['gain'])}" if p.get("gain") else "") + _draws(p)
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
    parts = []
    for d in p.get("draws") or []:
        if isinstance(d, dict):
            parts.append(f"{d.get('card') or '?'} from the {d.get('from')}")
        else:
            parts.append(str(d))
    for f in p.get("fancies") or []:
        parts.append(f"fancy {(f.get('card') if isinstance(f, dict) else str(f).partition('=')[0])}")
    return (" (draws " + ", ".join(parts) + ")") if parts else ""
