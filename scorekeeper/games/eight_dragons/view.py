"""What the table sees: the status (headline, players, board sections, notes), the log's words for each
event, and the whole state as JSON (``state --json``)."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Section, Status

from . import rules_turn
from .board import KINGDOMS
from .context import still_to_activate
from .hexgrid import format_cell
from .ending import coming_turn, final_turns_left, in_final_round, names
from .expect import expect
from .settings import ROYAL_METRICS
from .state import EDState
from .tiles import FOLK_NAMES, FOLKS


def _phase(state: EDState) -> str:
    """Where the turn stands, as ``next:`` sees it (field report ED-V4: "Phase II" while nobody had tiles to place,
    "turn over" without who flies next)."""
    if not state.closed and still_to_activate(state):
        return "Phase I: activations"
    if not state.closed and any(p.pending for p in state.players.values()):
        return "Phase II: expand Lairs"
    if state.last_turn is not None and state.turn >= state.last_turn:
        return "the final turn is complete"
    return f"done · {state.next_player} flies next"


def status(state: EDState) -> Status:
    """Whose turn, the Bonfires and final round, each player's holdings, the board."""
    headline = []
    if state.turn < 0 and any(not p.started for p in state.players.values()):
        headline.append("Setup · no turn yet")
    elif state.turn < 0:  # every Lair started: the first flight is next, as the prompt says (field report ED-V7)
        headline.append(f"Round 1 · {state.next_player} flies first")
    else:
        headline.append(f"Round {state.round} · {state.active}'s turn · {_phase(state)}")
    threshold = int(state.settings.get("bonfires", 4))
    count = len(state.bonfires)  # past the threshold "5/4" reads wrong (field report ED-V10)
    end = f"Bonfires {count}/{threshold}" if count <= threshold else f"Bonfires {count} revealed (end at {threshold})"
    if state.end_trigger_turn is not None:
        last = state.last_turn or 0
        left = final_turns_left(state)
        end += " · END TRIGGERED" + (f" · FINAL ROUND: {names(left)} to play" if left else
                                      "" if state.over else
                                      f" · final round starts with {state.order[0]} in round {last // state.n + 1}")
    headline.append(end)
    if state.over:
        headline.append("Game over")
    rows = []
    for name in state.order:
        player = state.players[name]
        rows.append({
            "player": name,
            "colour": player.colour,
            "seat": player.seat,
            "gold": player.gold,
            "wyrmlings": _wyrmling_words(state, name),
            "waiting tiles": ", ".join(t.name for t in player.pending) or "-",
            "missions": ", ".join(f"{t.name}: {t.mission.label()}" for t in player.missions if t.mission) or "-",
            "lair tiles": len(player.lair),
            "chambers": len(player.lair.chambers),
            "chests": " ".join(c.id for c in player.chests) or "-",  # the IDs 'ed chests' needs
        })
    sections = []
    if state.board is not None:
        sections.append(Section("Pieces", _piece_rows(state)))
        sections.append(Section("Villages", [
            {"space": s, "kingdom": state.board.kingdom[s], "folk": f, "villagers": c}
            for s, (f, c) in state.villages.items()]))
    sections.append(Section("Supplies", [
        {"kingdom": k, "shrine gold": state.shrines[k], "chests left": state.chest_stacks[k],
         "merchant face-up": state.merchant_slots[k], "merchant stack": state.merchant_stacks[k],
         "face-up (known)": ", ".join(t.name for t in state.merchant_offer[k]) or "-"}
        for k in KINGDOMS]))
    sections.append(Section("Lair stacks", [
        {"stack": s, "left": state.stack_size[s] - state.draws[s],
         "bonfire": "revealed" if s in state.bonfires else f"under draw {state.stack_size[s] - 3}"}
        for s in state.stack_size]))
    if state.royal:
        sections.append(Section("Royal Challenges", [
            {"challenge": ROYAL_METRICS[m], "1st": up, "2nd": low} for m, up, low in state.royal]))
    notes = []
    if state.board is None:
        notes.append("no board description: flights are recorded as stated and their legality is not judged "
                     "(create the session with --catalog board.json to check them)")
    else:
        notes.append(f"Dragon Rock (front first): {', '.join(state.pieces.rock) or 'empty'}")
        for path, index in state.trolls.items():
            values = state.board.trolls[path]
            shown = " ".join(f"[{v}]" if i == index else str(v) for i, v in enumerate(values))
            notes.append(f"Troll path {path} (end A → end B, the Troll in brackets): {shown}")
        notes.extend(villager_notes(state))
    for stack in rules_turn.predicted_bonfires(state):
        notes.append(f"stack {stack} has reached its Bonfire: record it with 'ed bonfire {stack}'")
    for name in state.order:  # ED-LAIR-6: say when a waiting tile fits nowhere
        player = state.players[name]
        for tile in player.pending:
            if tile.edges is not None and player.started and not player.lair.placeable_anywhere(tile):
                notes.append(f"{tile.name} fits nowhere in {name}'s Lair: set it aside with 'ed discard {tile.name}'")
    not_started = [n for n in state.order if not state.players[n].started]
    if not_started:
        notes.append("Starting Tiles not recorded yet: " + ", ".join(not_started))
    expectation = expect(state)
    return Status(headline, expectation.text, expectation.player, rows, sections, notes, state.over,
                  prompt=prompt(state, not_started))


def prompt(state: EDState, not_started: list[str]) -> str:
    """The table's prompt, in the words of ``next:`` (field reports ED-V4, FC-F5): ``Setup · Starting Tiles``,
    ``Round 1 · Ann · activations``, ``Round 1 · Ann · Lairs``, once the turn is done who flies next, in the
    round that flight begins (``Round 2 · Bo flies``); in the final round ``Final round · Bo flies`` (field report
    ED-V1) and ``Final round · final turn done``."""
    if state.over:
        return "Game over"
    if not_started:
        return "Setup · Starting Tiles"
    phase = _phase(state)
    turn = state.turn + 1 if phase.startswith("done") or state.turn < 0 else state.turn
    when = "Final round" if in_final_round(state, turn) else f"Round {turn // state.n + 1}"
    if phase.startswith("done") or state.turn < 0:
        return f"{when} · {state.next_player} flies"
    short = {"Phase I: activations": "activations", "Phase II: expand Lairs": "Lairs"}
    if when == "Final round" and phase == "Phase I: activations":  # 40 columns: next: says the activation
        return f"{when} · {state.active}"
    return f"{when} · " + (f"{state.active} · {short[phase]}" if phase in short else "final turn done")


def villager_notes(state: EDState) -> list[str]:
    """ED-SETUP-5: the rulebook sets out 3 villagers of each Folk; say so when the board description differs."""
    assert state.board is not None
    placed = {folk: 0 for folk in FOLKS}
    for loc in state.board.villages().values():
        placed[loc.folk] += loc.villagers
    odd = [f"{n} {FOLK_NAMES[f]}" for f, n in placed.items() if n != 3]
    if not odd:
        return []
    return [f"the board description sets out {', '.join(odd)} villagers; the rulebook sets out 3 of each Folk"]


def _wyrmling_words(state: EDState, name: str) -> str:
    p = state.pieces
    flying = p.in_swarms(name)
    in_lair = len(p.lairs.get(name, []))
    on_rock = sum(1 for w in p.rock if w.startswith(f"{name}.w"))
    return f"{flying} in Swarms, {in_lair} in Lair, {on_rock} on Rock"


def _piece_rows(state: EDState) -> list[dict[str, Any]]:
    rows = []
    p = state.pieces
    for dragon, members in p.swarms.items():
        where = "start stack" if dragon in p.start_stack else p.pos.get(dragon, "-")
        rows.append({"swarm": dragon, "at": where,
                     "members": ", ".join(f"{m}@{p.pos.get(m, '?')}" for m in members[1:]) or "-"})
    return rows


def describe_event(event: Event) -> str:
    """One human line per event type."""
    who = event.player or "?"
    g = event.get
    t = event.type
    piece = f" [{g('piece')}]" if g("piece") else ""
    if t == "START":
        missions = ", ".join(f"{m.get('tile')}@{m.get('at')} r{m.get('rot', 0)}" for m in g("missions", []))
        return f"{who} starts with {g('tile')} and {missions}"
    if t == "FLY":
        dest = f"to {g('to')}" if g("to") else f"{g('spaces')} space(s)"
        extra = []
        if g("valley"):
            extra.append(f"via the Valley to {g('valley')}")
        if g("pushes"):
            extra.append("pushed: " + ", ".join(f"{k}→{v}" for k, v in dict(g("pushes")).items()))
        if g("pushed"):
            extra.append("pushed " + ", ".join(g("pushed")))
        if g("joins"):
            extra.append("joins: " + ", ".join(g("joins")))
        if g("seen"):
            extra.append("seen: " + ", ".join(f"{k}@{v}" for k, v in dict(g("seen")).items()))
        return f"{who} flies {dest}" + (" (" + "; ".join(extra) + ")" if extra else "")
    if t == "VILLAGE":
        return f"{who} takes {', '.join(map(str, g('tiles', []))) or 'nothing'} at a village{piece}"
    if t == "GROW":
        folk = FOLK_NAMES.get(str(g("folk", "")).upper(), str(g("folk")))
        return f"{who} adds a villager of the {folk}" + (f" to {g('village')}" if g("village") else "") + piece
    if t == "GATHER":
        return f"{who} gathers {g('tile')}{piece}"
    if t == "SUMMON":
        return f"{who} summons {g('wyrmling')} to the Dragon Rock{piece}"
    if t == "TROLL":
        return f"{who} trolls the Troll" + (f" (+{g('gold')} Gold)" if g("gold") is not None else "") + piece
    if t == "SHRINE":
        return f"{who} empties the Dragon Shrine" + (f" in {g('kingdom')}" if g("kingdom") else "") + piece
    if t == "CHEST":
        # the line under it says what was found: a chest, or 3 Gold from an empty stack (field report ED-V8)
        return f"{who} at the Treasure Chests" + (f" in {g('kingdom')}" if g("kingdom") else "") + piece
    if t == "MERCHANT":
        bought = f"buys {g('buy')}" if g("buy") else "buys nothing"
        refresh = "refreshes the other kingdom"
        if g("discard"):
            refresh += f" ({g('discard')} under the stack)"
        if g("reveal"):
            refresh += f", revealing {g('reveal')}"
        return f"{who} at the Merchant: {bought}, {refresh}{piece}"
    if t == "MARKET":
        return f"face-up Merchant Tiles in {g('kingdom')}: {', '.join(map(str, g('tiles', [])))}"
    if t == "NONE":
        return f"{who}: no effect ({g('reason') or 'impossible'}){piece}"
    if t == "PLACE":
        return f"{who} places " + ", ".join(f"{i.get('tile')} at {i.get('at')} turned {i.get('rot', 0)}"
                                            for i in g("tiles", []))
    if t == "REPLACE":
        return f"{who} replaces Mission {g('remove')} by {g('tile')} (turned {g('rot', 0)}); {g('remove')} goes under {g('under')}"
    if t == "DISCARD":
        return f"{who} sets {g('tile')} aside (fits nowhere)"
    if t == "BONFIRE":
        return f"Bonfire revealed from stack {g('stack')}"
    if t == "DONE":
        return f"{who} ends the turn"
    if t == "POSITIONS":
        return "piece positions set as on the table"
    if t == "CHESTS":
        return f"{who} places chests: " + (", ".join(
            f"{c.get('id')}={c.get('artifacts', '')}@{c.get('on') or 'kept'}" for c in g("chests", [])) or "none")
    if t == "FLICK":
        return f"{who} wins the coin flick"
    if t == "ADJUST":
        from .adjust import adjustment_words  # (the adjustment's own module, only for its line)

        return adjustment_words(event.payload)
    if t == "GOLD":
        return f"{who} Gold {g('amount'):+d} ({g('reason') or 'correction'})" if isinstance(g("amount"), int) else f"{who} Gold correction"
    return f"{who}: {t}"


def snapshot(state: EDState) -> dict[str, Any]:
    """The whole state as JSON-ready data (``state --json``)."""
    return {
        "turn": state.turn, "round": state.round, "active": state.active, "closed": state.closed, "over": state.over,
        "order": state.order, "bonfires": state.bonfires, "end_trigger_turn": state.end_trigger_turn,
        "last_turn": state.last_turn, "queue": state.queue, "moved": state.moved, "flight": state.flight,
        "players": {
            name: {
                "colour": p.colour, "seat": p.seat, "gold": p.gold,
                "lair": [{"cell": list(c), "tile": pl.tile.notation(), "name": pl.tile.name, "rot": pl.rotation}
                         for c, pl in sorted(p.lair.cells.items())],
                "chambers": [sorted(map(list, v)) for v in sorted(p.lair.chambers, key=sorted)],
                "open": [{"cell": list(c), "edges": edges} for c, edges in p.lair.open_places()],
                "pending": [t.to_json() for t in p.pending],
                "chests": [{"id": c.id, "artifacts": c.artifacts, "on": c.on} for c in p.chests],
                "set_aside": [t.to_json() for t in p.set_aside],
            } for name, p in state.players.items()
        },
        "pieces": {"swarms": state.pieces.swarms, "rock": state.pieces.rock, "lairs": state.pieces.lairs,
                   "positions": state.pieces.pos, "start_stack": state.pieces.start_stack},
        "villages": state.villages, "supply": state.supply, "trolls": state.trolls, "shrines": state.shrines,
        "chest_stacks": state.chest_stacks, "merchant_slots": state.merchant_slots,
        "merchant_offer": {k: [t.to_json() for t in ts] for k, ts in state.merchant_offer.items()},
        "under_stack": {k: [t.to_json() for t in ts] for k, ts in state.under_stack.items()},
        "merchant_stacks": state.merchant_stacks, "draws": state.draws,
        "ledger": [{"player": e.player, "amount": e.amount, "source": e.source, "seq": e.seq} for e in state.ledger],
        "flick_winner": state.flick_winner,
    }



def lair_json(state: EDState, name: str) -> dict[str, Any]:
    """A player's Lair as data (``ed lair --json``): its tiles, Chambers, open places and waiting tiles."""
    p = state.players[name]
    return {
        "player": name,
        "tiles": [{"cell": format_cell(c), "name": pl.tile.name, "tile": pl.tile.notation(), "rot": pl.rotation,
                   "edges": pl.edges} for c, pl in sorted(p.lair.cells.items())],
        "chambers": [[t.name for t in p.lair.chamber_tiles(v)] for v in sorted(p.lair.chambers, key=sorted)],
        "open_places": [{"cell": format_cell(c), "open": doors} for c, doors in p.lair.open_places()],
        "waiting": [t.name for t in p.pending],
        "chests": [{"id": c.id, "artifacts": c.artifacts, "on": c.on} for c in p.chests],  # (field report ED-V8)
    }


def lair_map(state: EDState, name: str) -> str:
    """A player's Lair drawn as a hex map (``ed lair``), with the tiles waiting to be placed."""
    p = state.players[name]
    chambers = len(p.lair.chambers)
    title = f"{name}'s Lair ({p.colour}): {len(p.lair)} tiles, {chambers} Chamber{'' if chambers == 1 else 's'}"
    from .render import render_lair  # the hex map, for ``ed lair`` only

    text = render_lair(p.lair, title)
    if p.pending:
        text += "\nWaiting to be placed: " + ", ".join(t.label() for t in p.pending)
    if p.chests:  # where each chest lies, its Artifacts replacing that tile's (field report ED-V8)
        import textwrap

        from .tiles import ARTIFACT_NAMES

        def face(chest: Any) -> str:
            arts = ", ".join(ARTIFACT_NAMES.get(a, a) for a in chest.artifacts) or "face not entered"
            return f"{chest.id} ({arts}) on {chest.on}" if chest.on else f"{chest.id} ({arts}) kept"
        text += "\n" + "\n".join(textwrap.wrap("Treasure Chests: " + "; ".join(face(c) for c in p.chests), 78,
                                               subsequent_indent="    ", break_on_hyphens=False))
    return text
