"""Flight simulation on a described board: the train model M1–M7 of the checklist (A-16).

The active Dragon steps one marked space at a time towards its destination. A Swarm in the way is pushed
one step first (cascading, ED-PUSH-1); a Dragon entering the Valley of the Winds takes the Rock's front
Wyrmling (ED-SWARM-2, ED-SWARM-4), which enters the Valley behind its tail; a pushed Swarm caught in the Valley is
blown on until every member is out (wind, ED-PUSH-5). The active Swarm must end fully out of the Valley
(ED-FLY-7) and the active Dragon's own path crosses the Snow Line at most once (ED-FLY-4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .board import KINGDOMS, Board, other_kingdom
from .pieces import AUREA, VALLEY, Pieces


class FlightError(Exception):
    """An illegal flight: ``rule`` is the checklist ID, ``message`` says why and what would be legal; ``asks``: the
    flight is not illegal but incomplete, a way the player must still say (reported as an ask), in the play's word
    ``word`` (``valley``, ``pushes``)."""

    def __init__(self, rule: str, message: str, asks: bool = False, word: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.asks = asks
        self.word = word


class _Unchosen(FlightError):
    """ED-PUSH-4: a pushed Dragon's Valley way is needed and was not given."""

    def __init__(self, dragon: str, message: str) -> None:
        super().__init__("ED-PUSH-4", message, asks=True, word="pushes")
        self.dragon = dragon


class _AureaToSteer(FlightError):
    """ED-2P-6: Aurea is pushed through the Valley, no Dragon follows her, and the other player's way is not given."""

    def __init__(self, message: str) -> None:
        super().__init__("ED-2P-6", message, asks=True, word="pushes")


@dataclass
class FlightResult:
    """A legal flight: the pieces afterwards, the active path, who moved, joined and chose which way, and the activation order."""
    pieces: Pieces
    path: list[str]
    moved: list[str]  # Dragons of the Swarms that moved (active first)
    joins: list[tuple[str, str]]  # (Dragon, Wyrmling) in order
    valley: list[tuple[str, str]]  # (Dragon, kingdom chosen) in the order they entered the Valley
    order: list[str] = field(default_factory=list)  # activation order (ED-ACT-3, ED-ACT-4)


@dataclass
class _Crossing:
    """A Swarm crossing the Valley of the Winds: the Wyrmling that joined it and has still to enter the Valley behind
    its tail (ED-SWARM-5), and the members already in the Valley."""

    pending: str | None
    seen_valley: set[str] = field(default_factory=set)


class _Sim:
    def __init__(self, board: Board, pieces: Pieces, active: str, valley: str | None,
                 pushes: Mapping[str, str], dest: str | None) -> None:
        self.board = board
        self.p = pieces
        self.active = active
        self.valley_choice = valley
        self.pushes = pushes
        self.dest = dest
        self.moved: list[str] = [active]
        self.joins: list[tuple[str, str]] = []
        self.valley: list[tuple[str, str]] = []
        self.crossing: dict[str, _Crossing] = {}
        self.budget = 20 * (len(board.spaces()) + 10)

    def done(self, dragon: str) -> bool:
        """Whether ``dragon``'s Swarm is entirely out of the Valley, its joiner included."""
        c = self.crossing.get(dragon)
        if c is None:
            return True
        members = self.p.swarms[dragon]
        return c.pending is None and all(m in c.seen_valley for m in members) and \
            all(self.p.pos.get(m) != VALLEY for m in members)

    def choose(self, dragon: str) -> str:
        """The way a Dragon entering the Valley takes (the active player's, or the pushed Dragon's owner's)."""
        if dragon == self.active:
            if self.valley_choice:
                return self.valley_choice
            if self.dest and self.dest in self.board.kingdom:
                return self.board.kingdom[self.dest]
            raise FlightError("ED-FLY-6", "you pass the Valley of the Winds: say which way, "
                                          "-v sinistra (left) or -v dextra (right)", asks=True, word="valley")
        choice = self.pushes.get(dragon)
        if choice is None:
            if dragon == AUREA:  # ED-2P-6: simulate() tries both ways first (a follower decides)
                raise _AureaUnsteered()
            raise _Unchosen(
                dragon,
                f"{dragon}'s Dragon is pushed into the Valley of the Winds: {dragon} chooses the way; "
                f"record it with --push {dragon}=Sinistra or --push {dragon}=Dextra",
            )
        return choice

    def step(self, dragon: str) -> None:
        """Advance ``dragon``'s Swarm one step, pushing what is in the way first (ED-PUSH-1)."""
        self.budget -= 1
        if self.budget < 0:
            raise FlightError("ED-FLY-3", "this flight does not end: the destination cannot be reached")
        p = self.p
        pos = p.pos
        members = p.swarms[dragon]
        here = pos[dragon]
        if here == VALLEY:
            nxt = self.board.exits[self.crossing_choice[dragon]]
        else:
            nxt = self.board.succ[here]
        while True:  # ED-PUSH-1, ED-PUSH-2, ED-PUSH-3: push whatever stands in the way one step (minimal), cascading;
            # a pushed Dragon makes no flight of its own (no minimum, no Snow Line limit); ED-2P-8: Aurea's Swarm too
            occ = p.occupant(nxt, self.board.start)
            if occ is None or occ in members:
                break
            if occ in p.start_stack:  # the stack is pushed as a chain, top Dragon first
                p.start_stack.remove(occ)
            pushed = p.swarm_of(occ)
            assert pushed is not None
            if pushed not in self.moved:
                self.moved.append(pushed)
            self.step(pushed)
        previous = here
        pos[dragon] = nxt
        crossing = self.crossing
        if nxt == VALLEY:
            kingdom = self.choose(dragon)
            self.crossing_choice[dragon] = kingdom
            self.valley.append((dragon, kingdom))
            # ED-SWARM-2, ED-SWARM-3, ED-SWARM-4, ED-PUSH-6, ED-2P-7, ED-AUREUS-1: the Rock's front Wyrmling
            # (Aureus included) joins any Dragon passing the Valley, pushed ones and Aurea too
            joiner = p.rock.pop(0) if p.rock else None
            crossing[dragon] = _Crossing(joiner, {dragon})
            if joiner is not None:
                self.joins.append((dragon, joiner))
        c = crossing.get(dragon)
        for member in members[1:]:  # ED-FLY-8: the Swarm moves as a train; ED-FLY-9: one piece per space, no overtaking
            pos[member], previous = previous, pos[member]
            if c is not None and pos[member] == VALLEY:
                c.seen_valley.add(member)
        if c is not None and c.pending is not None and previous == VALLEY and \
                p.occupant(VALLEY, None) is None:
            members.append(c.pending)  # ED-SWARM-5: the joiner enters the Valley behind the tail
            pos[c.pending] = VALLEY
            c.seen_valley.add(c.pending)
            c.pending = None

    def wind(self) -> None:
        """ED-PUSH-5: pushed Swarms in the Valley keep moving until they are all out."""
        moving = True
        while moving:
            moving = False
            for dragon in list(self.crossing):
                if dragon != self.active and not self.done(dragon):
                    self.step(dragon)
                    moving = True

    crossing_choice: dict[str, str]


class _AureaUnsteered(Exception):
    """Aurea entered the Valley and nobody said which way she goes."""


def simulate(board: Board, pieces: Pieces, active: str, dest: str | None, *, valley: str | None = None,
             pushes: Mapping[str, str] | None = None, spaces: int | None = None) -> FlightResult:
    """Fly ``active`` to ``dest`` (or ``spaces`` marked spaces) on a copy of ``pieces``; FlightError if illegal.

    ED-2P-6 (A-42): when Aurea is pushed through the Valley and her way is not given, it is derived: if a Dragon
    follows her through the Valley she takes the other kingdom; if none does, the other player must say.
    """
    pushes = dict(pushes or {})
    try:
        return _steered(board, pieces, active, dest, valley, pushes, spaces)
    except _Unchosen as unchosen:  # a flight that no way makes legal is refused for that, not for the way
        raise _impossible(board, pieces, active, dest, valley, pushes, spaces, unchosen.dragon) \
            or _all_unchosen(board, pieces, active, dest, valley, pushes, spaces, unchosen)


def _all_unchosen(board: Board, pieces: Pieces, active: str, dest: str | None, valley: str | None,
                  pushes: Mapping[str, str], spaces: int | None, first: _Unchosen) -> FlightError:
    """ED-PUSH-4: every pushed Dragon whose way is needed, in one refusal (field report ED-F5: they were asked
    for one at a time). The others are found by trying a way for each one already named."""
    names, tried = [first.dragon], dict(pushes)
    while True:
        tried[names[-1]] = KINGDOMS[0]
        try:
            _steered(board, pieces, active, dest, valley, tried, spaces)
            break
        except _Unchosen as more:
            if more.dragon in names:
                break
            names.append(more.dragon)
        except FlightError:
            break
    if len(names) == 1:
        return first
    typed = " ".join(f"--push {name}=WAY" for name in names)
    return _Unchosen(first.dragon, f"{' and '.join(names)} are pushed into the Valley of the Winds: each owner "
                                   f"chooses the way (Sinistra or Dextra); record them with {typed}")


def _impossible(board: Board, pieces: Pieces, active: str, dest: str | None, valley: str | None,
                pushes: Mapping[str, str], spaces: int | None, dragon: str) -> FlightError | None:
    """The refusal of a flight whatever way ``dragon`` is pushed, or None when some way may make it legal."""
    failure: FlightError | None = None
    for kingdom in KINGDOMS:
        try:
            simulate(board, pieces, active, dest, valley=valley, pushes={**pushes, dragon: kingdom}, spaces=spaces)
            return None
        except FlightError as exc:
            if isinstance(exc, (_Unchosen, _AureaToSteer)):  # a way still to choose: the flight may be legal
                return None
            failure = failure or exc
    return failure


def _steered(board: Board, pieces: Pieces, active: str, dest: str | None, valley: str | None,
             pushes: dict[str, str], spaces: int | None) -> FlightResult:
    """``simulate`` with Aurea's way derived when it is not given (ED-2P-6)."""
    try:
        return _simulate(board, pieces, active, dest, valley, pushes, spaces)
    except _AureaUnsteered:
        pass
    results: list[FlightResult] = []
    failure: FlightError | None = None
    for kingdom in KINGDOMS:
        try:
            results.append(_simulate(board, pieces, active, dest, valley, {**pushes, AUREA: kingdom}, spaces))
        except FlightError as exc:
            failure = failure or exc
    followed = [r for r in results if _followed(r)]
    if len(followed) == 1:
        return followed[0]
    if not results and failure is not None:
        raise failure
    other = next((d for d in pieces.swarms if d not in (active, AUREA)), "the other player")
    raise _AureaToSteer(  # ED-2P-6: the other player steers her (field report ED-V5: it cited ED-PUSH-4, "you choose")
        f"Aurea is pushed through the Valley of the Winds and no Dragon follows her: {other} chooses her way; "
        "record it with --push Aurea=Sinistra or --push Aurea=Dextra",
    )


def _followed(result: FlightResult) -> bool:
    """Whether another Dragon entered the Valley after Aurea in this flight (ED-2P-6)."""
    names = [dragon for dragon, _ in result.valley]
    return AUREA in names and names.index(AUREA) + 1 < len(names)


def _simulate(board: Board, pieces: Pieces, active: str, dest: str | None, valley: str | None,
              pushes: Mapping[str, str], spaces: int | None) -> FlightResult:
    """One simulation with every Valley way known (see ``simulate``)."""
    p = pieces.copy()
    if active in p.start_stack:  # ED-FLY-10: leaving the stack pushes nobody
        p.start_stack.remove(active)
    if dest is not None and dest not in board.kingdom:
        raise FlightError("ED-FLY-3", f"{dest!r} is not a space of the board; spaces are {', '.join(board.spaces())}")
    start = p.pos[active]
    if dest == start or (spaces is not None and spaces < 1):
        raise FlightError("ED-FLY-3", "you must fly at least 1 space forward")
    if dest is not None and valley is not None:  # ED-FLY-6: the stated way must lead to the destination
        ahead, here = [], start
        while here != VALLEY:
            here = board.succ[here]
            ahead.append(here)
        if dest not in ahead and board.kingdom[dest] != valley:
            raise FlightError("ED-FLY-6", f"{dest} lies in {board.kingdom[dest]}, but the Valley way chosen is {valley}")
    before = {d: p.pos[d] for d in p.swarms}
    sim = _Sim(board, p, active, valley, dict(pushes), dest)
    sim.crossing_choice = {}
    path = [start]
    flown = 0
    last = start if start != VALLEY else None  # the last marked space of the path, and the Snow Line crossings
    changes = 0
    north = board.north  # ``board.hemisphere``: North or South of the Snow Line
    while (dest is not None and p.pos[active] != dest) or (dest is None and flown < (spaces or 0)):
        sim.step(active)
        here = p.pos[active]
        if here != VALLEY:
            path.append(here)
            flown += 1
            if last is not None and (last in north) != (here in north):
                changes += 1
            if changes > 1:  # ED-FLY-4 (only the active Dragon's own path counts: ED-FLY-5)
                raise FlightError(
                    "ED-FLY-4",
                    f"this flight crosses the Snow Line twice (at {last}→{here}); "
                    f"you may fly at most to {last}",
                )
            last = here
        sim.wind()
    # the active Dragon takes the stated Valley way (``_Sim.choose``), and a destination on the other way was
    # refused above (ED-FLY-6); a stated way for a flight that never reached the Valley is harmless
    if not sim.done(active):  # ED-FLY-7
        stuck = [m for m in p.swarms[active] if p.pos.get(m) == VALLEY]
        pending = sim.crossing[active].pending
        what = []
        if stuck:
            what.append(f"{', '.join(stuck)} would still be in the Valley of the Winds")
        if pending:
            what.append(f"{pending} has joined and must leave the Valley too")
        suggestion = _minimum_legal(sim)
        raise FlightError("ED-FLY-7", "; ".join(what) + f"; the nearest legal destination is {suggestion}")
    _check_aurea(sim)
    distances = board.distances_from(start) if len(sim.moved) > 1 else {}  # only pushed Swarms need them
    order = activation_order(board, p, active, sim.moved, before, distances)
    return FlightResult(p, path, sim.moved, sim.joins, sim.valley, order)


def _minimum_legal(sim: _Sim) -> str:
    try:
        while not sim.done(sim.active):
            sim.step(sim.active)
            sim.wind()
        return sim.p.pos[sim.active]
    except FlightError:
        return "(none on this branch)"


def _check_aurea(sim: _Sim) -> None:
    """ED-2P-6 (A-42): Aurea takes the kingdom opposite to the next Dragon entering the Valley after her."""
    entries = sim.valley
    for index, (dragon, kingdom) in enumerate(entries):
        if dragon == AUREA and index + 1 < len(entries):
            follower, their = entries[index + 1]
            if kingdom == their:
                raise FlightError(
                    "ED-2P-6",
                    f"Aurea was pushed through the Valley and {follower} followed her to {their}: "
                    f"she always takes the other kingdom ({other_kingdom(their)})",
                )


def activation_order(board: Board, p: Pieces, active: str, moved: list[str], before: Mapping[str, str],
                     distances: Mapping[str, int]) -> list[str]:
    """ED-ACT-3, ED-ACT-4 (A-19, A-20), ED-PUSH-7 (only moved Swarms are listed): the active Dragon's kingdom first; within it, Swarms by how far ahead of the
    active Dragon they stood before the flight (furthest first); inside a Swarm, front to back."""
    home = board.kingdom[p.pos[active]]
    keyed = []
    for dragon in moved:
        ahead = 0 if dragon == active else distances.get(before[dragon], 0)
        for index, member in enumerate(p.swarms[dragon]):
            kingdom = board.kingdom.get(p.pos[member], home)
            keyed.append(((kingdom != home, -ahead, index), member))
    keyed.sort(key=lambda item: item[0])
    return [member for _, member in keyed]

