"""The 8 Dragons game object: dispatches events to the rule modules and answers the table's questions."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from scorekeeper.events import Event
from scorekeeper.games import entry
from scorekeeper.games.base import (EventType, Finding, Game, ObservationError, ScoreTable, Section, SessionConfig, Status,
                                    error, warning)

from . import rules_end, rules_lair, rules_turn
from .board import KINGDOMS
from .common import PayloadError, beneficiary_of, piece_place, space_of, still_to_activate
from .options import ROYAL_METRICS, SETTINGS
from .pieces import AUREA
from .rules_locations import CHECKS as LOCATION_RULES
from .scoring import score_table
from .setup import build_state
from .state import EDState
from .tiles import FOLK_NAMES, FOLKS

Rule = tuple[Callable[[EDState, Event], list[Finding]], Callable[[EDState, Event], EDState]]

RULES: dict[str, Rule] = {
    "START": (rules_turn.check_start, rules_turn.apply_start),
    "FLY": (rules_turn.check_fly, rules_turn.apply_fly),
    "DONE": (rules_turn.check_done, rules_turn.apply_done),
    "POSITIONS": (rules_turn.check_positions, rules_turn.apply_positions),
    "BONFIRE": (rules_turn.check_bonfire, rules_turn.apply_bonfire),
    **LOCATION_RULES,
    "PLACE": (rules_lair.check_place, rules_lair.apply_place),
    "REPLACE": (rules_lair.check_replace, rules_lair.apply_replace),
    "DISCARD": (rules_lair.check_discard, rules_lair.apply_discard),
    "CHESTS": (rules_end.check_chests, rules_end.apply_chests),
    "FLICK": (rules_end.check_flick, rules_end.apply_flick),
    "GOLD": (rules_end.check_gold, rules_end.apply_gold),
}

EVENT_TYPES = {
    "START": "a player's Starting Tile and Starting Mission(s) placed at setup",
    "FLY": "the active Dragon's flight (destination, Valley choices, pushes, joins)",
    "DONE": "the end of the current turn (all activations and placements done)",
    "POSITIONS": "piece positions as the table shows them (a flagged correction)",
    "BONFIRE": "a Bonfire Tile revealed from a Lair stack",
    "VILLAGE": "a village's Lair Tiles taken",
    "GROW": "a village grows by 1 villager",
    "GATHER": "Gathering: 1 Level-1 Lair Tile taken",
    "SUMMON": "a Wyrmling summoned to the Dragon Rock",
    "TROLL": "Gold taken along the Troll path, the Troll moved",
    "SHRINE": "the Dragon Shrine's Gold taken, 3 Gold to the other kingdom",
    "CHEST": "a Treasure Chest taken (or 3 Gold when the stack is empty)",
    "MERCHANT": "a Merchant Tile bought (optional) and the other kingdom refreshed",
    "MARKET": "the face-up Merchant Tiles of a kingdom, named (optional tracking)",
    "NONE": "an activation that yields nothing (with the reason)",
    "PLACE": "gained tiles placed in a Lair (cell and rotation)",
    "REPLACE": "a Mission tile replaced by a new one (the Mission limit)",
    "DISCARD": "a gained tile that fits nowhere, set aside",
    "CHESTS": "the end-game chest placements",
    "FLICK": "the tie-break coin flick's winner",
    "GOLD": "a manual Gold correction (always flagged)",
}

OBSERVABLE = ("gold", "wyrmlings", "lair", "chambers", "missions", "pending", "chests", "position",
              "bonfires", "round", "turn", "rock", "final_round")


class EightDragons(Game):
    """8 Dragons: hexagonal Lairs, the figure-8 route, Location effects, Missions and Royal Challenges."""

    info = entry("eight-dragons")
    min_players = 2
    max_players = 4
    settings = SETTINGS
    events = tuple(EventType(name, text, open=True) for name, text in EVENT_TYPES.items())

    def setup(self, config: SessionConfig) -> EDState:
        """The state before any event (see ``setup.build_state``)."""
        return build_state(config)

    def check(self, state: EDState, event: Event) -> list[Finding]:
        """Dispatch to the rule module of the event type; an unknown type is CORE-TYPE."""
        rule = RULES.get(event.type)
        if rule is None:
            return [error("CORE-TYPE", f"8 Dragons has no event {event.type!r}; known: {', '.join(RULES)}")]
        if event.player is not None and event.player not in state.players and event.player != AUREA:
            return [error("ED-SETUP-1", f"{event.player!r} is not a player of this game")]
        try:
            return rule[0](state, event)
        except (PayloadError, ValueError, TypeError, KeyError, AttributeError) as exc:
            return [error("ED-PAYLOAD", f"cannot read this {event.type}: {exc}")]

    def apply(self, state: EDState, event: Event) -> EDState:
        """Apply a checked event through its rule module."""
        state = RULES[event.type][1](state, event)
        state.last_seq = event.seq
        return state

    # -- the table companion ---------------------------------------------------------------------

    def status(self, state: EDState) -> Status:
        """Whose turn, the Bonfires and final round, each player's holdings, the board."""
        headline = []
        if state.turn < 0:
            headline.append("Setup · no turn yet")
        else:
            phase = "turn over" if state.closed else \
                ("Phase I: activations" if still_to_activate(state) else "Phase II: expand Lairs")
            headline.append(f"Round {state.round} · {state.active}'s turn · {phase}")
        threshold = int(state.settings.get("bonfires", 4))
        end = f"Bonfires {len(state.bonfires)}/{threshold}"
        if state.end_trigger_turn is not None:
            last = state.last_turn or 0
            end += " · END TRIGGERED" + (" · FINAL ROUND" if state.final_round else
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
             "merchant slots": state.merchant_slots[k], "merchant stack": state.merchant_stacks[k],
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
        return Status(headline, self._expected(state), self._active(state), rows, sections, notes, state.over)

    def _active(self, state: EDState) -> str | None:
        if state.over:
            return None
        if state.turn < 0 or state.closed:
            return state.next_player
        return state.active

    def _expected(self, state: EDState) -> str:
        if state.over:
            todo = [n for n in state.order if state.players[n].chests and not state.players[n].chests_placed]
            if todo:
                held = ", ".join(f"{n} ({' '.join(c.id for c in state.players[n].chests)})" for n in todo)
                return (f"game over: place or keep Treasure Chests — {held} — with 'ed chests PLAYER ID=ARTIFACTS@TILE "
                        "or ID=ARTIFACTS', then 'scorekeeper score'")
            return "game over: 'scorekeeper score'"
        if state.turn < 0:
            missing = [n for n in state.order if not state.players[n].started]
            if missing:
                verb = "records" if len(missing) == 1 else "record"
                return f"{', '.join(missing)} {verb} their Starting Tile ('ed start'); {state.order[0]} flies first"
            return f"{state.order[0]} flies ('ed fly')"
        if state.queue:
            piece = state.queue[0]
            who = beneficiary_of(state, piece)
            loc = state.board.location(space_of(state, piece)).type if state.board else "?"
            return f"{piece_place(state, piece)} activates for {who} ('ed {loc}')"
        waiting = [n for n in state.order if state.players[n].pending]
        placing = " · ".join(f"{n} places {', '.join(t.name for t in state.players[n].pending)}" for n in waiting) + \
            " ('ed place')"
        todo = still_to_activate(state)
        if todo:  # without a board: the moved pieces not yet activated, in order (ED-ACT-4, ED-ACT-5)
            words = ", ".join(f"{p} (for {beneficiary_of(state, p)})" for p in todo)
            return (f"to activate, in order: {words} ('ed village …', 'ed gather …'…; "
                    "skip a piece on a space without Location)" + (f"; then {placing}" if waiting else ""))
        if not state.closed and waiting:
            return placing
        if state.last_turn is not None and state.turn >= state.last_turn:
            return "the final turn is complete: 'ed done' (or record the chests)"
        unknown = state.board is None and not state.closed and state.flight.get("unnamed")
        extra = " (or more activations)" if unknown else ""
        return f"{state.next_player} flies ('ed fly'){extra}"

    def score(self, state: EDState) -> ScoreTable:
        """The scoring table (see ``scoring.score_table``)."""
        return score_table(state, self.name)

    def observable_keys(self) -> Sequence[str]:
        """The keys ``scorekeeper assert`` understands."""
        return OBSERVABLE

    def observe(self, state: EDState, player: str | None, key: str) -> Any:
        """A value the table can assert: a player's gold, wyrmlings, lair, chambers…, or the game's bonfires, round, turn, rock."""
        if key == "bonfires":
            return len(state.bonfires)
        if key == "round":
            return state.round
        if key == "turn":
            return self._active(state) or "-"
        if key == "rock":
            return list(state.pieces.rock)
        if key == "final_round":
            return state.final_round
        if key not in OBSERVABLE:
            raise ObservationError(f"unknown key {key!r}; known: {', '.join(OBSERVABLE)}")
        if player is None or player not in state.players:
            raise ObservationError(f"{key} is a player's value: name the player (assert PLAYER {key}=…)")
        p = state.players[player]
        if key == "gold":
            return p.gold
        if key == "wyrmlings":
            return state.pieces.in_swarms(player)
        if key == "lair":
            return len(p.lair)
        if key == "chambers":
            return len(p.lair.chambers)
        if key == "missions":
            return len(p.missions)
        if key == "pending":
            return len(p.pending)
        if key == "chests":
            return len(p.chests)
        if key == "position":
            return state.pieces.pos.get(player, "-")
        raise ObservationError(f"unknown key {key!r}")

    def describe(self, event: Event) -> str:
        """One human line for the log."""
        return describe_event(event)

    def end_findings(self, state: EDState) -> list[Finding]:
        """Bonfires due by the draw count but never recorded."""
        return [warning("ED-BONFIRE-1", f"stack {s} has reached its Bonfire but no reveal was recorded "
                                        f"('ed bonfire {s}')") for s in rules_turn.predicted_bonfires(state)]

    def snapshot(self, state: EDState) -> Any:
        """The whole state as JSON-ready data."""
        return snapshot(state)


GAME = EightDragons()


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
        return f"{who} takes a Treasure Chest" + (f" in {g('kingdom')}" if g("kingdom") else "") + piece
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

