"""The rule context every handler receives, and the shared state effects: Flame, Attributes, supplies, Hero
activation and colour counts.

``Ctx`` is the one findings contract (``base.Findings``) carrying the event being played, in the one forced-play
vocabulary (``scorekeeper.core.findings``): ``stop`` records a block and ends the event (a play that cannot be
carried out at all), ``breach`` records a breach that a forced play carries out all the same (and ends any
other), ``error`` records a breach and goes on, ``warn`` a suspicious play, ``info`` what the play did in words.
Handlers mutate the state they are given in one pass; the engine puts it back when the play is refused or kept
inert.
"""

from __future__ import annotations

from typing import Any, Callable

from scorekeeper.errors import NotationError
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Findings
from scorekeeper.games.emberheart.cards import COLOURS, EXPERTS, HEROES, HIRELINGS, TRACKS, Card
from scorekeeper.games.emberheart.notation import parse_hirelings
from scorekeeper.games.emberheart.state import Player, State


class Ctx(Findings):
    """The findings of one event, with the event itself (its ``seq`` and payload).

    ``get(key, default=None)``: a payload field, or ``default`` (the payload's own ``dict.get``, bound once:
    the rules read four fields a play on average).
    """

    get: Callable[..., Any]

    def __init__(self, event: Event, forced: bool = False) -> None:
        super().__init__(forced)
        self.event = event
        self.get = event.payload.get

    @property
    def seq(self) -> int:
        """The event's journal number."""
        return self.event.seq


def next_play(st: State) -> str:
    """What the game expects now, in words (for a refusal that says what would be legal instead)."""
    from scorekeeper.games.emberheart.view import expected_text

    return expected_text(st)[0]


# -- Flame (EH-FLAME-*) -------------------------------------------------------------------------------


def flame_up(st: State, p: Player, n: int, ctx: Ctx) -> None:
    """EH-FLAME-1: move right by ``n``. A Skill 2 holder may answer it (EH-FLAME-3, EH-SKILL-2A)."""
    if n <= 0:
        return
    cap = st.settings.get("flame_max")
    p.flame = p.flame + n if cap is None else min(int(cap), p.flame + n)
    if p.skill == 2 and st.settings.get("side") == "B":  # one answer per increase event (AMB-16)
        p.pending_flame = (p.pending_flame if p.pending_flame_seq == ctx.seq else 0) + n
        p.pending_flame_seq = ctx.seq


def flame_down(st: State, p: Player, n: int, ctx: Findings | None = None) -> None:
    """EH-FLAME-1/EH-FLAME-2: move left by ``n``, never below the floor (AMB-02; the rest is lost, and said in
    ``ctx``'s words: field report EH-V7)."""
    if n <= 0:
        return
    floor = int(st.settings.get("flame_min", 0))
    if ctx is not None and p.flame - n < floor:
        ctx.info(f"{p.name}'s Flame: {n - max(0, p.flame - floor)} of −{n} lost at the floor ({floor})")
    p.flame = max(floor, p.flame - n)


# -- Attributes (EH-ATTR-*) ---------------------------------------------------------------------------


def advance(st: State, p: Player, track: str, steps: int, ctx: Ctx, *, skill3: bool = True) -> None:
    """EH-ATTR-1/EH-ATTR-5: one advancement event of ``steps`` on ``track``; overflow past 7 is lost.

    EH-ATTR-2: markers never move down: this is the only place a marker moves, and ``steps`` is positive.
    """
    top = int(st.settings.get("attr_max", 7))
    if p.attrs[track] + steps > top:  # the overflow is lost, and said (field report EH-V7)
        lost = p.attrs[track] + steps - top
        ctx.info(f"{p.name}'s {track.title()} is already at {top}: the step is lost" if lost == steps == 1 else
                 f"{p.name}'s {track.title()} is already at {top}: {lost} of {steps} steps lost" if lost == steps
                 else f"{p.name}'s {track.title()} reaches {top}: {lost} of {steps} steps lost")
    p.attrs[track] = min(top, p.attrs[track] + steps)
    if skill3 and p.skill == 3 and st.settings.get("side") == "B":
        # EH-SKILL-3A (AMB-17): each advancement event may take one extra step; one play can hold two
        # (the Mountain top step and the Peakwalker's), so every one of this play's advancements waits
        if p.pending_track_seq != ctx.seq:
            p.pending_tracks = []
        p.pending_tracks.append(track)
        p.pending_track = track
        p.pending_track_seq = ctx.seq


def colour_track(st: State, colour: str, ctx: Ctx) -> str:
    """EH-ATTR-6 / AMB-07: the track of a colour, from the ``colour_tracks`` setting (WARN until confirmed)."""
    mapping = st.settings.get("colour_tracks") or {}
    track = mapping.get(colour)
    if track not in TRACKS:
        ctx.stop("EH-ATTR-6", f"no Attribute track is set for {colour}; set it with: "
                             f"scorekeeper set colour_tracks='{{\"red\":\"strength\",\"blue\":\"senses\",\"green\":\"speed\"}}'")
    if not st.settings.get("colour_tracks_confirmed"):
        ctx.warn("EH-ATTR-6", f"{colour} → {track}{ASSUMED_TRACK}")
    return str(track)


#: how the EH-ATTR-6 warning on an assumed colour→track map goes on after ``COLOUR → TRACK``
ASSUMED_TRACK = (" is the assumed colour→track map (AMB-07); confirm it against the board with: scorekeeper set "
                 "colour_tracks_confirmed=yes")


def assumption_settled(st: State, rule: str, message: str) -> bool:
    """EH-ATTR-6: a warning on an assumed ``COLOUR → TRACK`` is settled once the map is confirmed and still maps
    the colour so (field report EH-V6)."""
    if rule != "EH-ATTR-6" or not st.settings.get("colour_tracks_confirmed") or not message.endswith(ASSUMED_TRACK):
        return False
    colour, _, track = message.removesuffix(ASSUMED_TRACK).partition(" → ")
    return bool((st.settings.get("colour_tracks") or {}).get(colour) == track)


def valid_track(text: Any, ctx: Ctx, rule: str, what: str = "track") -> str:
    """The Attribute track named by ``text`` (a unique prefix), or an error citing ``rule``."""
    track = str(text or "").lower()
    matches = [t for t in TRACKS if t.startswith(track)] if track else []
    if len(matches) != 1:
        ctx.stop(rule, f"name the {what}: strength, senses or speed")
    return matches[0]


def text_counts(value: Any, ctx: Ctx, rule: str) -> Any:
    """A Hireling field written in the table's notation (``2G1S``, as an ``amend`` gives it) as counts; an
    unreadable text is refused citing ``rule``; any other value is returned as it is, for the caller to check."""
    if isinstance(value, str):
        try:
            return parse_hirelings(value)
        except NotationError as exc:
            ctx.stop(rule, str(exc))
    return value


def read_counts(value: Any, ctx: Ctx, rule: str) -> dict[str, int]:
    """A ``{"G": 2, "S": 1}`` (or ``1S1R``) field, validated (types G, S, R, W; whole counts ≥ 0)."""
    value = text_counts(value, ctx, rule)
    if not isinstance(value, dict) or any(
            str(k).upper() not in HIRELINGS or isinstance(v, bool) or not isinstance(v, int) or v < 0
            for k, v in value.items()):
        ctx.stop(rule, "Hirelings are counts of G, S, R, W, written like 1S1R (an amend: discard=1S1R)")
    return {str(k).upper(): int(v) for k, v in value.items() if v}


# -- supplies -----------------------------------------------------------------------------------------


def experts(hire: dict[str, int]) -> int:
    """Scouts + Rangers + Wardens in ``hire``."""
    return sum(hire.get(t, 0) for t in EXPERTS)


def total_hire(st: State, name: str) -> dict[str, int]:
    """Supply + board (EH-GAR-2 'all your Hirelings')."""
    board = st.board_hire(name)
    p = st.player(name)
    return {t: p.hire[t] + board[t] for t in HIRELINGS}


# -- Heroes -------------------------------------------------------------------------------------------


def hero_card(st: State, name: str, hero: str) -> Card | None:
    """The owned, undiscarded card of ``hero``, if ``name`` has it."""
    cards = st.cards  # st.owned(name, "hero"), without building the list: this runs for every Hero trigger
    for cid in st.player(name).cards:
        card = cards[cid]
        if card.hero == hero and card.kind == "hero" and not card.discarded:
            return card
    return None


def hero_active(st: State, name: str, hero: str) -> bool:
    """EH-HERO-GEN-1: the Hero is owned and holds a Dragon of its colour (or a Skill 1 attachment)."""
    card = hero_card(st, name, hero)
    if card is None or card.holds is None:
        return False
    dragon = st.cards[card.holds]
    if dragon.discarded:
        return False
    return dragon.colour == card.colour or dragon.skill1 and bool(st.settings.get("skill1_counts_as_match", True))


def require_hero(st: State, name: str, hero: str, ctx: Ctx, rule: str) -> None:
    """Stop with an error unless ``name`` owns ``hero`` and it is active (EH-HERO-GEN-1)."""
    if hero_card(st, name, hero) is None:
        ctx.stop(rule, f"{name} has no {hero.title()} Hero")
    if not hero_active(st, name, hero):
        card = hero_card(st, name, hero)
        ctx.stop("EH-HERO-GEN-1", f"{name}'s {hero.title()} has no {HEROES[hero]} Dragon attached, so its ability "
                                 f"cannot be used yet (attach one first: eh attach DRAGON {card.id if card else hero})")


# -- colour counts with exotic Dragons (EH-DRG-6, AMB-12) ---------------------------------------------


def colour_counts(st: State, name: str) -> tuple[dict[str, int], list[Card]]:
    """Fixed-colour Dragon counts and the unattached exotic Dragons of ``name``."""
    counts = {c: 0 for c in COLOURS}
    free: list[Card] = []
    for card in st.owned(name, "dragon"):
        if card.exotic and not card.attached_to:
            free.append(card)
        elif card.colour in counts:
            counts[card.colour] += 1
    return counts, free


def declared_colours(st: State, name: str, declared: Any, ctx: Ctx) -> dict[str, str]:
    """Validate an ``exotic`` declaration ``{dragon: colour}`` (EH-DRG-6, EH-DRG-7; the engine checked that it is an
    object: every event that carries one declares it ``dict``)."""
    result: dict[str, str] = {}
    if not declared:
        return result
    for cid, colour in declared.items():
        card = st.cards.get(str(cid))
        if card is None or card.owner != name or not card.is_dragon or card.discarded:
            ctx.stop("EH-DRG-6", f"{name} has no Dragon {cid}")
        if not card.exotic:
            ctx.stop("EH-DRG-6", f"{cid} is not an exotic Dragon; its colour is {card.colour}")
        if card.attached_to:
            ctx.stop("EH-DRG-7", f"{cid} is attached and is now {card.colour} for good; it cannot count as {colour}")
        if colour not in COLOURS:
            ctx.stop("EH-DRG-6", f"an exotic Dragon counts as red, blue or green, not {colour!r}")
        result[card.id] = str(colour)
    return result


def count_colour(st: State, name: str, colour: str, declared: dict[str, str] | None = None,
                 *, best: bool = True) -> int:
    """Dragons of ``colour``: fixed ones, plus unattached exotics declared (or, with ``best``, assumed) so."""
    counts, free = colour_counts(st, name)
    declared = declared or {}
    n = counts[colour]
    for card in free:
        if card.id in declared:
            n += declared[card.id] == colour
        elif best:
            n += 1
    return n


def dragon_total(st: State, name: str) -> int:
    """All Dragon cards ``name`` has (attached or not, EH-DRG-8)."""
    return len(st.owned(name, "dragon"))


