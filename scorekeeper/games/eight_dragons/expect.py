"""What the game expects next (``expect``) and how a play typed at the table becomes the event to record
(``complete``).

``expect`` says who acts now and lists the plays legal now with the values each word accepts (``offers``): the
activation due (its piece, its Location's command and choices), the placements that fit for the tiles waiting,
the flights (with a board description, one per space the next Dragon can land on), the chests at the end.

``complete`` fills in what the table leaves out, from the state: the piece that activates next and the player
it benefits, the player who flies next, automatic tile names (``T5=E1``), names typed in any case or as a
unique prefix (pieces, tiles, Dragons), Folk letters and kingdoms. It never refuses a play (the rules do, in
``play``); it raises ``BadInput`` only for a word that names nothing. A play's words sent as strings (the
phone's: ``T3@1,-1r2``, ``Aurea=Dextra``, ``3``) are first read into the payload's shapes (``words``).
"""

from __future__ import annotations

from typing import Any, Sequence

from scorekeeper.errors import BadInput
from scorekeeper.core.protocol import Draft, Expectation, resolve_name

from .ending import final_round_words
from .context import PayloadError, beneficiary_of, new_tiles, piece_place, space_of, still_to_activate
from .notation import check_specs, parse_folk, parse_kingdom, split_item
from .offers import choices
from .pieces import AUREA
from .rules_locations import EVENT_LOCATION
from .rules_lair import with_seen_turn
from .rules_turn import predicted_bonfires
from .state import EDState
from .words import read_words


def active(state: EDState) -> str | None:
    """Who acts now: the active Dragon during a turn, who flies next between turns, nobody once the game is over."""
    if state.over:
        return None
    if state.turn < 0 or state.closed:
        return state.next_player
    return state.active


def expected_text(state: EDState) -> str:
    """What the table does next, in words: an uncovered Bonfire first, until it is recorded (field report ED-F1),
    then the play it holds up."""
    due = [] if state.over else predicted_bonfires(state)
    if due:
        words = ", ".join(f"'ed bonfire {s}'" for s in due)
        shows = (f"stack {due[0]}'s Bonfire shows: record it" if len(due) == 1 else
                 f"the Bonfires of stacks {' and '.join(due)} show: record them")
        return f"{shows} first ({words}) — then {_expected_play(state)}"
    return _expected_play(state)


def _expected_play(state: EDState) -> str:
    """The play the table makes next, once no Bonfire waits to be recorded; in the final round, whose final turn
    it is and who follows first (field report ED-V1)."""
    final = final_round_words(state)
    return f"{final} — {_next_play(state)}" if final else _next_play(state)


def _next_play(state: EDState) -> str:
    """The play the table makes next."""
    if state.over:
        todo = [n for n in state.order if state.players[n].chests and not state.players[n].chests_placed]
        if todo:
            held = ", ".join(f"{n} ({' '.join(c.id for c in state.players[n].chests)})" for n in todo)
            return (f"game over: place or keep Treasure Chests — {held} — with 'ed chests PLAYER ID=ARTIFACTS@TILE "
                    "or ID=ARTIFACTS', then 'scorekeeper score'")
        return "the game is over: scorekeeper score"
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


# -- expect ---------------------------------------------------------------------------------------------


def expect(state: EDState) -> Expectation:
    """Who acts now, in words, and the plays legal now with the values each accepts."""
    return Expectation(expected_text(state), active(state), choices(state), state.over)


# -- complete -------------------------------------------------------------------------------------------


def complete(state: EDState, draft: Draft) -> Draft:
    """The event to record for ``draft`` (see the module docstring)."""
    payload = read_words(draft.type, {k: v for k, v in draft.payload.items() if v is not None})
    player = draft.player
    if draft.type in EVENT_LOCATION:
        return _complete_activation(state, draft.type, player, payload)
    if draft.type == "FLY":
        return Draft("FLY", player or state.next_player, _complete_flight(state, payload))
    if draft.type == "DONE":
        return Draft("DONE", player or active(state), payload)
    if draft.type == "BONFIRE":
        stack = str(payload.get("stack", "")).upper()
        if stack not in state.stack_size:
            raise BadInput(f"{payload.get('stack')!r} is not a Lair stack; the stacks are {', '.join(state.stack_size)}")
        return Draft("BONFIRE", player, {**payload, "stack": stack})
    if draft.type == "MARKET":
        if payload.get("kingdom"):
            payload["kingdom"] = parse_kingdom(str(payload["kingdom"]))
        payload["tiles"] = check_specs(payload.get("tiles", []))
        return Draft("MARKET", player, payload)
    if draft.type == "PLACE":
        items = [dict(item, tile=tile_name(state, str(item.get("tile", "")))) for item in payload.get("tiles", [])]
        player = player or owner_of_pending(state, [i["tile"] for i in items])
        held = {t.name: t for t in state.players[player].pending} if player in state.players else {}
        items = [with_seen_turn(i, i.get("face"), held.get(i["tile"])) for i in items]
        return Draft("PLACE", player, {**payload, "tiles": items})
    if draft.type == "START":
        missions = [with_seen_turn(m, split_item(str(m.get("tile", "")))[1]) if isinstance(m, dict) else m
                    for m in payload.get("missions", [])]
        return Draft("START", player, {**payload, "missions": missions})
    if draft.type in ("REPLACE", "DISCARD"):
        for key in ("remove", "tile"):
            if key in payload:
                payload[key] = tile_name(state, str(payload[key]))
        if payload.get("under"):
            payload["under"] = parse_kingdom(str(payload["under"]))
        if payload.get("face"):
            check_specs([payload["face"]])
        return Draft(draft.type, player or owner_of_pending(state, [str(payload.get("tile", ""))]), payload)
    if draft.type == "ADJUST":  # players by a prefix of their names, here and as who flies next
        names = list(state.players)
        game = dict(payload.get("game") or {})
        if isinstance(game.get("next"), str):
            game["next"] = resolve_name(names, game["next"], "player")
        players = {resolve_name(names, str(name), "player"): changes
                   for name, changes in dict(payload.get("players") or {}).items()}
        return Draft("ADJUST", player, {**payload, "players": players, "game": game})
    if draft.type == "CHESTS":
        items = [dict(item, on=tile_name(state, str(item["on"])) if item.get("on") else None)
                 for item in payload.get("chests", [])]
        return Draft("CHESTS", player, {**payload, "chests": items})
    return Draft(draft.type, player, payload)


def _complete_activation(state: EDState, type_: str, player: str | None, payload: dict[str, Any]) -> Draft:
    """ED-ACT-4, ED-ACT-5: the piece defaults to the next one to activate, so that the log shows it and the
    activation is credited to its owner; without a board description, the player named picks that player's next
    moved piece (with one, the order is the engine's and the player only names who benefits)."""
    piece = find_piece(state, payload.pop("piece", None))
    if piece is None:
        todo = still_to_activate(state)
        if player and state.board is None:
            piece = next((p for p in todo if beneficiary_of(state, p) == player), None)
        elif todo:
            piece = todo[0]
    if player is None:
        candidate = piece or (state.queue[0] if state.queue else None)
        player = (beneficiary_of(state, candidate) if candidate else None) or active(state)
    if "folk" in payload:
        payload["folk"] = parse_folk(str(payload["folk"]))
    if payload.get("kingdom"):
        payload["kingdom"] = parse_kingdom(str(payload["kingdom"]))
    if "village" in payload:
        payload["village"] = str(payload["village"]).upper()
    if "location" in payload:
        payload["location"] = str(payload["location"]).lower()
    if type_ == "VILLAGE":
        payload["tiles"] = named(state, check_specs(payload.get("tiles", [])))
    elif type_ == "GATHER":
        payload["tile"] = named(state, check_specs([payload.get("tile", "")]))[0]
    elif type_ == "SUMMON":
        target = find_piece(state, str(payload.get("wyrmling", "")))
        if target is None:
            raise BadInput("say which Wyrmling is summoned (NAME.wN or Aureus)")
        payload["wyrmling"] = target
    elif type_ == "MERCHANT":
        buy = payload.get("buy")
        if buy and ("/" in str(buy) or "=" in str(buy)):
            payload["buy"] = named(state, check_specs([buy]))[0]
        reveal = payload.get("reveal")
        if reveal and ("/" in str(reveal) or "=" in str(reveal)):
            check_specs([reveal])
    if piece:
        payload["piece"] = piece
    return Draft(type_, player, payload)


def _complete_flight(state: EDState, payload: dict[str, Any]) -> dict[str, Any]:
    """The destination in capitals, the kingdoms in full, the Dragons and pieces by their names."""
    if payload.get("to"):
        payload["to"] = str(payload["to"]).upper()
    if payload.get("valley"):
        payload["valley"] = parse_kingdom(str(payload["valley"]))
    if "pushes" in payload:
        payload["pushes"] = {dragon(state, str(name), prefix=True): parse_kingdom(str(way))
                             for name, way in dict(payload["pushes"]).items()}
    if "pushed" in payload:
        payload["pushed"] = [dragon(state, str(name)) for name in payload["pushed"]]
    if "joins" in payload:
        items = []
        for item in payload["joins"]:
            name, sep, wyrm = str(item).partition("=")
            who = dragon(state, name)
            items.append(f"{who}={find_piece(state, wyrm)}" if sep else who)
        payload["joins"] = items
    if "seen" in payload:
        payload["seen"] = {str(find_piece(state, str(name))): str(space).upper()
                           for name, space in dict(payload["seen"]).items()}
    return payload


# -- names typed at the table ---------------------------------------------------------------------------


def dragon(state: EDState, text: str, prefix: bool = False) -> str:
    """A player's Dragon by a prefix of the player's name, or Aurea (by her name, or a prefix of it)."""
    lowered = text.lower()
    if lowered == "aurea" or (prefix and lowered.startswith("aurea")):
        return AUREA
    return resolve_name(list(state.players), text, "player")


def find_piece(state: EDState, text: str | None) -> str | None:
    """A piece by its name in any case or a unique prefix of it (``rhed.w1``, ``aureus``, ``au``)."""
    if not text:
        return None
    names = list(state.pieces.swarms) + state.pieces.all_wyrmlings()
    exact = [n for n in names if n.lower() == text.lower()]
    if exact:
        return exact[0]
    matches = [n for n in names if n.lower().startswith(text.lower())]
    if len(matches) == 1:
        return matches[0]
    raise BadInput(f"no single piece {text!r}; pieces are {', '.join(names)}")


def tile_name(state: EDState, text: str) -> str:
    """A tile name as the table typed it, matched case-insensitively to a waiting or placed tile (t3 → T3)."""
    known = {t.name for p in state.players.values() for t in p.pending}
    known |= {pl.tile.name for p in state.players.values() for pl in p.lair.cells.values()}
    exact = [n for n in known if n == text] or [n for n in known if n.lower() == text.lower()]
    return exact[0] if len(exact) == 1 else text


def owner_of_pending(state: EDState, names: Sequence[str]) -> str:
    """The player waiting to place the tiles ``names``; ``BadInput`` naming the waiting tiles when nobody is."""
    owners = {p.name for p in state.players.values() for t in p.pending if t.name in names}
    if len(owners) == 1:
        return owners.pop()
    if not owners:
        waiting = " · ".join(f"{p.name}: {', '.join(t.name for t in p.pending)}"
                             for p in state.players.values() if p.pending) or "none"
        raise BadInput(f"nobody is waiting to place {', '.join(names)}; tiles waiting: {waiting}")
    raise BadInput(f"{', '.join(names)} are waiting in different Lairs ({' and '.join(sorted(owners))}): "
                   "record each player's tiles with a separate command")


def named(state: EDState, items: Sequence[Any]) -> list[Any]:
    """Unnamed tiles get their automatic names now (T5=E1), so that the recorded line shows them. A name that
    cannot be given (already used…) is left for the rules to refuse."""
    try:
        tiles = new_tiles(state, items)
    except PayloadError:
        return list(items)
    return [item if split_item(item)[0] is not None else f"{tile.name}={item}" for item, tile in zip(items, tiles)]

