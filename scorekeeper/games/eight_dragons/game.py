"""The 8 Dragons game object: plays each event through its rule module and answers the table's questions."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from scorekeeper.core.events import Event
from scorekeeper.games import entry, later  # later: a play a warm read never runs, imported when it first runs
from scorekeeper.core.protocol import (Choice, Draft, Expectation, Finding, Findings, Game, ObservationError,
                                    ScoreTable, SessionConfig, Status)

from . import ending, rules_end, rules_lair, rules_turn
from .events import EVENTS
from .notation import amended_placement
from .board import KINGDOMS
from .context import beneficiary_of, space_of, still_to_activate
from .pieces import AUREA
from .tiles import FOLK_NAMES
from .rules_locations import CHECKS as LOCATION_RULES, EVENT_LOCATION, JUDGED as LOCATION_GAINS
from .scoring import score_table
from .settings import SETTINGS
from .state import EDState

Play = Callable[[EDState, Event, Findings], EDState]
Check = Callable[[EDState, Event], list[Finding]]
Apply = Callable[[EDState, Event], EDState]
Judge = Callable[[EDState, Event], tuple[list[Finding], Any]]
Carry = Callable[[EDState, Event, Any], EDState]


def checked(check: Check, apply: Apply) -> Play:
    """A play made of a rule check and, when it found no error, the change it makes."""

    def play(state: EDState, event: Event, found: Findings) -> EDState:
        found.extend(check(state, event))
        if found.items and found.halted:
            return state
        return _carry_out(state, event, found, apply)

    return play


def judged(judge: Judge, carry: Carry) -> Play:
    """A play made of a rule check that also returns what it read (the tiles gained) and, when it found no error,
    the change it makes with that, read once."""

    def play(state: EDState, event: Event, found: Findings) -> EDState:
        findings, read = judge(state, event)
        found.extend(findings)
        if found.items and found.halted:
            return state
        return _carry_out(state, event, found, carry, read)

    return play


def _carry_out(state: EDState, event: Event, found: Findings, apply: Callable[..., EDState], *read: Any) -> EDState:
    """Make the change of a checked play, and say what it gave and which Bonfires it uncovered."""
    ledger, chests = len(state.ledger), {name: len(p.chests) for name, p in state.players.items()}
    draws, revealed = dict(state.draws), list(state.bonfires)
    places = dict(state.pieces.pos) if event.type == "SUMMON" else None
    waiting = {piece: beneficiary_of(state, piece) for piece in still_to_activate(state)} if places is not None else {}
    shrines, trolls, villages = dict(state.shrines), dict(state.trolls), {k: list(v) for k, v in state.villages.items()}
    state = apply(state, event, *read)
    found.infos.extend(gains_said(state, ledger, chests))
    found.infos.extend(board_said(state, event, shrines, trolls, villages))
    if places is not None:  # ED-LOC-SUMMON-5: the Swarm closes the gap; the table moves those pieces (ED-V3)
        summoned = str(event.get("wyrmling", ""))
        rock = f"Dragon Rock now (front first): {', '.join(state.pieces.rock)}"
        if summoned in waiting and summoned not in still_to_activate(state):  # its activation is lost (field report ED-V3)
            found.infos.append(f"{summoned} leaves {places.get(summoned, 'its space')}: its activation there "
                               f"(for {waiting[summoned]}) is lost; {rock}")
        else:
            found.infos.append(rock)
        moved = [f"{piece} to {space}" for piece, space in state.pieces.pos.items()
                 if piece in places and places[piece] != space and piece != summoned]
        if moved:
            found.infos.append(f"the Swarm closes the gap: {', '.join(moved)} (ED-LOC-SUMMON-5)")
    if state.draws != draws or state.bonfires != revealed:  # else none was uncovered (sizes are fixed)
        showing = rules_turn.bonfires_due(state.stack_size, draws, revealed)
        found.infos.extend(rules_turn.uncover_bonfires(state, showing, event.seq))
    return state


def gains_said(state: EDState, ledger: int, chests: dict[str, int]) -> list[str]:
    """What a play gave, in words for the verdict: a Gold gain of 0 since ledger entry ``ledger`` (any other is on
    the effects line) and each chest taken since the players held ``chests`` (with the ID ``ed chests`` needs)."""
    # a Gold change is said once, on the effects line with the Gold now (field report ED-V5); one of 0 only here
    said = [f"{e.player} gains no Gold ({e.source}): {state.players[e.player].gold} Gold now"
            for e in state.ledger[ledger:] if not e.amount] if len(state.ledger) > ledger else []
    for name, held in chests.items():
        taken = state.players[name].chests
        if len(taken) > held:  # (rarely: a chest is taken)
            said += [f"{name} takes Treasure Chest {c.id} ({c.kingdom}); at the end: ed chests {name} "
                     f"{c.id}=ARTIFACTS@TILE" for c in taken[held:]]
    return said


def board_said(state: EDState, event: Event, shrines: dict[str, int], trolls: dict[str, int],
               villages: dict[str, list[Any]]) -> list[str]:
    """What a Location did to the board, in words for the verdict (field report ED-V4): the Gold a Shrine sent to
    the other kingdom's, where the Troll stands now (or that it stayed at its path's end), a village grown."""
    said = [f"{state.shrines[k] - n} Gold laid on the {k} Shrine ({n} → {state.shrines[k]})"
            for k, n in shrines.items() if state.shrines.get(k, 0) > n]
    length = {path: len(state.board.trolls.get(path, ())) for path in trolls} if state.board is not None else {}
    moved = [f"the Troll of path {path} moves to space {state.trolls[path] + 1} of {length.get(path, '?')}"
             for path, at in trolls.items() if state.trolls.get(path) != at]
    if event.type == "TROLL" and state.board is not None and not moved:  # it moves only off its path's end
        moved.append("the Troll stays where it stands, at the end of its path")
    said += moved
    for space, (folk, count) in state.villages.items():
        if villages.get(space, [folk, count])[1] != count:
            said.append(f"the {FOLK_NAMES.get(folk, folk)} village at {space} now has {count} villager"
                        f"{'' if count == 1 else 's'}")
    return said


#: ED-FLY-2, ED-ACT-1, ED-LAIR-1: the turn's end, checked then carried out
_close = checked(rules_turn.check_done, rules_turn.apply_done)


def play_done(state: EDState, event: Event, found: Findings) -> EDState:
    """ED-END-4: once the game is over there is no turn to end; otherwise ED-FLY-2, ED-ACT-1, ED-LAIR-1."""
    if state.over:
        from .expect import expected_text

        found.stop("ED-END-4", f"the game is over, no turn to end; next: {expected_text(state)}")
    return _close(state, event, found)


#: event type → its play (START, FLY, POSITIONS, PLACE and REPLACE judge and carry out in one pass; the others
#: check, then apply)
PLAYS: dict[str, Play] = {
    "START": rules_turn.play_start,
    "FLY": rules_turn.play_fly,
    "DONE": play_done,
    "POSITIONS": rules_turn.play_positions,
    "BONFIRE": checked(rules_turn.check_bonfire, rules_turn.apply_bonfire),
    **{name: checked(*rule) for name, rule in LOCATION_RULES.items()},
    **{name: judged(*rule) for name, rule in LOCATION_GAINS.items()},
    "PLACE": rules_lair.play_place,
    "REPLACE": rules_lair.play_replace,
    "DISCARD": checked(rules_lair.check_discard, rules_lair.apply_discard),
    "CHESTS": checked(rules_end.check_chests, rules_end.apply_chests),
    "FLICK": checked(rules_end.check_flick, rules_end.apply_flick),
    "GOLD": checked(rules_end.check_gold, rules_end.apply_gold),
    "ADJUST": later(f"{__package__}.adjust", "play_adjust"),
    "TALLY": later(f"{__package__}.tally", "play_tally"),
}

OBSERVABLE = ("gold", "wyrmlings", "lair", "chambers", "missions", "pending", "chests", "position",
              "bonfires", "round", "turn", "rock", "final_round")
#: what ``observe`` also shows, for ``ed lair`` (not listed for ``assert``)
VIEWS = ("lair_map", "lair_json")  # functions of ``view``


#: the plays that lay Lair tiles, and so may form Chambers
LAYING = frozenset({"START", "PLACE", "REPLACE"})

#: the plays that may come before an uncovered Bonfire is recorded: the reveal itself and the table's own
#: corrections of the state (field report ED-R1)
BEFORE_BONFIRE = frozenset({"BONFIRE", "ADJUST", "TALLY"})

#: the plays of a turn in progress: an inert forced one still ends the turn
TURN_PLAYS = rules_turn.TURN_PLAYS | frozenset(EVENT_LOCATION)


class EightDragons(Game):
    """8 Dragons: hexagonal Lairs, the figure-8 route, Location effects, Missions and Royal Challenges."""

    info = entry("eight-dragons")
    min_players = 2
    max_players = 4
    settings = SETTINGS
    events = EVENTS

    def board(self, settings: Mapping[str, Any]) -> str:
        """The rulebook's variant of the game's length: 3 Bonfires a shorter game, 5 a longer one; '' for 4."""
        bonfires = settings.get("bonfires", 4)
        return {3: "Short game (3 Bonfires)", 5: "Long game (5 Bonfires)"}.get(bonfires, "")

    def setup(self, config: SessionConfig) -> EDState:
        """The state before any event (see ``setup.build_state``)."""
        from .setup import build_state

        return build_state(config)

    def play(self, state: EDState, event: Event, found: Findings) -> EDState:
        """Judge and carry out one event through its rule module (the engine has checked its payload; it puts the
        state back when an error is recorded). ED-SETUP-1: the player must be one of the game's."""
        if event.player is not None and event.player not in state.players and event.player != AUREA:
            found.stop("ED-SETUP-1", f"{event.player!r} is not a player of this game")
        if event.type not in BEFORE_BONFIRE:
            rules_turn.ask_bonfire(state, found)  # an uncovered Bonfire first (field report ED-R1)
        lays = event.type in LAYING
        chambers = {name: set(p.lair.chambers) for name, p in state.players.items()} if lays else {}
        state = PLAYS[event.type](state, event, found)
        if lays and not (found.items and found.failed):  # a Chamber that pays no Gold is said too (ED-V2)
            found.infos.extend(rules_lair.unpaid_chambers(state, chambers))
        state.last_seq = event.seq
        return state

    def move_on(self, state: EDState, event: Event) -> str | None:
        """A play of the turn in progress (an activation, a placement, ``done``), forced and kept inert, still ends
        the turn (``rules_turn.move_on``)."""
        return rules_turn.move_on(state, event, TURN_PLAYS)

    def expect(self, state: EDState) -> Expectation:
        """Who acts now and the plays legal now (see ``expect.expect``)."""
        from .expect import expect

        return expect(state)

    def legal_values(self, state: EDState, choice: Choice, name: str) -> list[str]:
        """The values of a word (``choice.values``, see ``offers``) and, for the shell's completion, of the
        commands' own parameters: ``placements`` of a PLACE choice, every ``TILE@Q,RrN`` that fits now (its
        ``tiles``); a flight's ``--valley`` and ``--push``: the two ways, for the flier and for each other Dragon;
        a village's or Gathering's stacks (a face drawn is typed: ``offers.drawable``), or with the box's tiles in
        the catalog the faces offered; a player's chests by ID."""
        if choice.event == "PLACE" and name == "placements":
            return list(choice.values.get("tiles", ()))
        if choice.event == "FLY" and name in ("valley", "pushes"):  # the two ways through the Valley of the Winds
            ways = list(KINGDOMS)
            others = [d for d in state.pieces.swarms if d != choice.player]
            return ways if name == "valley" else [f"{d}={way}" for d in others for way in ways]
        from .offers import START_WORDS, drawable

        pieces = choice.values.get("piece", ())
        if state.box is not None and choice.event in ("VILLAGE", "GATHER", "START") and choice.values.get(name):
            return list(choice.values[name])  # the box's faces not seen yet (``offers``)
        if (choice.event, name) in (("VILLAGE", "tiles"), ("GATHER", "tile")) and state.board is not None and pieces:
            return drawable(state, pieces[0], name)
        if choice.event == "CHESTS" and name == "chests" and choice.player in state.players:
            return [c.id for c in state.players[choice.player].chests]
        if choice.event == "START" and name in ("tile", "missions"):  # the notation's beginning, its words beside it
            return [w for w in START_WORDS if w.startswith("SM/") == (name == "missions")]
        if choice.event == "MERCHANT" and name == "discard":  # the other kingdom's face-up tiles (field report ED-F3)
            piece = (choice.values.get("piece") or [""])[0]
            here = state.board.kingdom[space_of(state, piece)] if state.board and piece else None
            return [t.name for k in KINGDOMS if k != here for t in state.merchant_offer.get(k, [])]
        return super().legal_values(state, choice, name)

    def complete(self, state: EDState, draft: Draft) -> Draft:
        """The event to record for a play as typed (see ``expect.complete``)."""
        from .expect import complete

        return complete(state, draft)

    def holdings(self, state: EDState) -> dict[str, dict[str, int]]:
        """Each player's Gold, tiles (waiting or in the Lair: placing one costs nothing) and chests, for the
        effects line under a verdict (placements and the Chambers that paid, Location effects, chests)."""
        return {name: {"gold": p.gold, "tiles": len(p.pending) + len(p.lair.cells), "chests": len(p.chests)}
                for name, p in state.players.items()}

    def effect_reasons(self, before: EDState, after: EDState, event: Event) -> dict[tuple[str, str], str]:
        """ED-GOLD-1: the Gold's sources, from the ledger of this play (``Chamber T12+T13+T5``)."""
        sources: dict[str, list[str]] = {}
        for entry in after.ledger[len(before.ledger):]:
            sources.setdefault(entry.player, []).append(entry.source)
        return {(name, "gold"): f"{', '.join(found)}; {after.players[name].gold} Gold now"  # with the total (ED-V5)
                for name, found in sources.items()}

    def status(self, state: EDState) -> Status:
        """Whose turn, the Bonfires and final round, each player's holdings, the board (see ``view.status``)."""
        from . import view

        return view.status(state)

    def score(self, state: EDState) -> ScoreTable:
        """The scoring table (see ``scoring.score_table``)."""
        return score_table(state, self.name)

    def progress(self, state: EDState) -> str | None:
        """The turn in progress, or the next once this one is closed (``ed done``, or the next flight)."""
        if state.over:
            return "end of game"
        turn = state.turn + 1 if state.closed else state.turn
        return f"round {turn // state.n + 1} · {state.order[turn % state.n]}"

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
            from .expect import active

            return active(state) or "-"
        if key == "rock":
            return list(state.pieces.rock)
        if key == "final_round":
            return state.final_round
        if key in VIEWS:  # not assertable values: the Lair map of 'ed lair' (text or JSON)
            if player is None or player not in state.players:
                raise ObservationError(f"{key} is a player's view: name the player")
            from . import view

            return getattr(view, key)(state, player)  # type: ignore[no-any-return]
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

    def amendment(self, event: Event, word: str) -> dict[str, Any] | None:
        """``amend N T45@0,2r1``: one tile of a PLACE batch moved or turned (field report ED-F3); see
        ``notation.amended_placement``."""
        if event.type != "PLACE" or "@" not in word or word.partition("=")[0] in ("tiles", "player"):
            return None
        return {"tiles": amended_placement(list(event.get("tiles") or []), word)}

    def describe(self, event: Event) -> str:
        """One human line for the log."""
        from . import view

        return view.describe_event(event)

    def end_words(self, before: EDState, after: EDState) -> list[str]:
        """Each Bonfire's count, the end triggered and the final round that follows, each final turn begun (see
        ``ending.end_words``)."""
        return ending.end_words(before, after)

    def end_findings(self, state: EDState) -> list[Finding]:
        """Bonfires due by the draw count but never recorded, each at the draw that uncovered it."""
        return rules_turn.unrecorded_bonfires(state)

    def check_state(self, state: EDState) -> list[Finding]:
        """Everything impossible about the table as a whole, ED-STATE-1 to ED-STATE-23 (see ``state_check``)."""
        from .state_check import check_state

        return check_state(state)

    def snapshot(self, state: EDState) -> Any:
        """The whole state as JSON-ready data."""
        from . import view

        return view.snapshot(state)


GAME = EightDragons()
