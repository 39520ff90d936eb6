"""End Game Scoring in the rulebook's order (EH-END-2..12), Hero scoring conditions (EH-HERO-*-S), tiebreak."""

from __future__ import annotations

from typing import Callable

from scorekeeper.core.protocol import Explanation, MissingValueError, ScoreRow, ScoreTable, rank_rows
from scorekeeper.games.emberheart.cards import BLUE, COLOURS, GREEN, HEROES, RED, TRACKS
from scorekeeper.games.emberheart.context import colour_counts, hero_active, total_hire
from scorekeeper.games.emberheart.settings import RULEBOOK_FLAME
from scorekeeper.games.emberheart.state import END, State

CATEGORIES = ["Dragons", "Attributes", "Heroes", "Garrison", "Flame"]


def attribute_glory(step: int) -> int:
    """EH-ATTR-4: the highest Glory value reached on a track (values do not add up)."""
    return 12 if step >= 7 else 8 if step >= 6 else 5 if step >= 4 else 2 if step >= 2 else 0


def _declared(st: State, name: str) -> dict[str, str]:
    """The exotic colours ``name`` declared for scoring (END_DECLARE)."""
    return dict(st.player(name).declared.get("exotic", {}))


def colour_for(st: State, name: str, colour: str, *, own: bool) -> int:
    """Dragons of ``colour`` for a comparison: the owner's undeclared exotics count in their favour
    (EH-END-12, per evaluation); an opponent's exotics do not count (AMB-12 default)."""
    counts, free = colour_counts(st, name)
    declared = _declared(st, name)
    n = counts[colour]
    for card in free:
        if card.id in declared:
            n += declared[card.id] == colour
        elif own or st.settings.get("opponent_exotics_in_comparisons") == "adversarial":
            n += 1
    return n


def gear_for_heroes(st: State, name: str) -> int:
    """EH-END-11 (AMB-25): Hero conditions use the Gear held before the step-5 discards."""
    p = st.player(name)
    if p.end_gear is not None and st.settings.get("hero_eval_before_gear_convert", True):
        return p.end_gear
    return p.gear


def _most(st: State, name: str, measure: Callable[[str, bool], int]) -> tuple[bool, str]:
    """EH-HERO-GEN-3: "no other player has more X than you" (ties count as met)."""
    mine = measure(name, True)
    others = {q.name: measure(q.name, False) for q in st.players if q.name != name}
    best = max(others.values(), default=0)
    detail = f"{mine} vs {', '.join(f'{k} {v}' for k, v in others.items())}" if others else f"{mine}"
    return mine >= best, detail


def hero_points(st: State, name: str, hero: str) -> tuple[int, str]:
    """Glory of one Hero whose Dragon is attached (EH-HERO-<NAME>-S), with the reason."""
    p = st.player(name)
    hire = total_hire(st, name)
    owned = lambda kind: lambda who, _own=True: len(st.owned(who, kind))  # noqa: E731

    def most(measure: Callable[[str, bool], int], points: int, what: str) -> tuple[int, str]:
        """Points when no other player has more of the measured thing (ties count, EH-HERO-GEN-3)."""
        ok, detail = _most(st, name, measure)
        return (points if ok else 0), f"most {what} ({detail}){'' if ok else ': not met'}"

    def capped(value: int, cap: int, what: str) -> tuple[int, str]:  # EH-HERO-GEN-4: printed caps
        """``value`` limited by a printed cap."""
        return min(value, cap), f"{what} (max {cap})"

    if hero in ("apprentice", "master scout", "master ranger"):  # EH-HERO-APPRENTICE-S, EH-HERO-MASTERSCOUT-S, EH-HERO-MASTERRANGER-S
        return 4, "+4"
    if hero == "bard":  # EH-HERO-BARD-S
        return most(owned("garrison"), 7, "Garrison cards")
    if hero == "fire sage":  # EH-HERO-FIRESAGE-S
        return most(lambda w, o: colour_for(st, w, RED, own=o), 7, "red Dragons")
    if hero == "outfitter":  # EH-HERO-OUTFITTER-S
        return most(owned("preserve"), 7, "Preserve cards")
    if hero == "paragon":  # EH-HERO-PARAGON-S
        return most(owned("dragon"), 5, "Dragon cards")
    if hero == "peakwalker":  # EH-HERO-PEAKWALKER-S
        return most(lambda w, o: gear_for_heroes(st, w), 7, "Gear")
    if hero == "recruiter":  # EH-HERO-RECRUITER-S
        sets = min(hire["S"], hire["R"], hire["W"])
        return capped(2 * sets, 10, f"{sets} Scout+Ranger+Warden set(s) × 2")
    if hero == "tavernkeeper":  # EH-HERO-TAVERNKEEPER-S
        ok = all(v >= 3 for v in p.attrs.values())
        steps = ', '.join(f'{k} {v}' for k, v in p.attrs.items())  # a failed condition says so (EH-V4)
        return (7 if ok else 0), f"all Attributes at step 3+ ({steps}){'' if ok else ': not met'}"
    if hero == "wrangler":  # EH-HERO-WRANGLER-S
        n = len(st.owned(name, "garrison"))
        return capped(2 * n, 10, f"{n} Garrison card(s) × 2")
    if hero == "blazebinder":  # EH-HERO-BLAZEBINDER-S
        return most(lambda w, o: total_hire(st, w)["G"], 7, "Grunts")
    if hero == "dragon knight":  # EH-HERO-DRAGONKNIGHT-S
        return most(lambda w, o: colour_for(st, w, BLUE, own=o), 7, "blue Dragons")
    if hero == "fire marshall":  # EH-HERO-FIREMARSHALL-S
        g = gear_for_heroes(st, name)
        return capped(g, 10, f"{g} Gear × 1")
    if hero == "infiltrator":  # EH-HERO-INFILTRATOR-S
        return most(owned("hero"), 7, "Hero cards")
    if hero == "mentor":  # EH-HERO-MENTOR-S
        counts, free = colour_counts(st, name)
        declared = _declared(st, name)
        for card in free:
            if card.id in declared:
                counts[declared[card.id]] += 1
        for card in free:  # undeclared exotics fill the scarcest colour (the owner's best choice)
            if card.id not in declared:
                counts[min(COLOURS, key=lambda c: counts[c])] += 1
        sets = min(counts.values())
        return capped(3 * sets, 9, f"{sets} red+blue+green set(s) × 3")
    if hero == "merchant":  # EH-HERO-MERCHANT-S
        n = len(st.owned(name, "hero"))
        return capped(2 * n, 10, f"{n} Hero card(s) × 2")
    if hero == "messenger":  # EH-HERO-MESSENGER-S
        n = max(0, hire["G"] - 3)
        return capped(n, 10, f"{hire['G']} Grunts, the first 3 do not count")
    if hero == "quartermaster":  # EH-HERO-QUARTERMASTER-S
        low = min(p.attrs.values())
        return capped(2 * low, 10, f"lowest Attribute step {low} × 2")
    if hero == "caretaker":  # EH-HERO-CARETAKER-S
        return most(lambda w, o: colour_for(st, w, GREEN, own=o), 7, "green Dragons")
    if hero == "custodian":  # EH-HERO-CUSTODIAN-S
        chosen = p.declared.get("custodian")
        tracks = [chosen] if chosen else list(TRACKS)
        any_track = st.settings.get("custodian_compare") == "any_track"
        for track in tracks:  # AMB-24: same track by default; the best one when none is declared
            rivals = [v for q in st.players if q.name != name for v in (q.attrs.values() if any_track
                                                                         else [q.attrs[track]])]
            if all(v <= p.attrs[track] for v in rivals):
                return 5, f"no higher {'marker' if any_track else track + ' marker'} than {track} {p.attrs[track]}"
        return 0, f"another player has a higher marker than {' / '.join(tracks)}: not met"
    if hero == "dragon trainer":  # EH-HERO-DRAGONTRAINER-S
        return most(lambda w, o: total_hire(st, w)["R"], 7, "Rangers")
    if hero == "dragonspeaker":  # EH-HERO-DRAGONSPEAKER-S
        return most(lambda w, o: sum(total_hire(st, w).values()), 7, "Hirelings")
    if hero == "overseer":  # EH-HERO-OVERSEER-S
        values = sorted({c.glory for c in st.owned(name, "dragon")})
        return 2 * len(values), f"{len(values)} different Dragon Glory value(s) {values} × 2"
    if hero == "priestess":  # EH-HERO-PRIESTESS-S
        n = len(st.owned(name, "preserve"))
        return capped(2 * n, 10, f"{n} Preserve card(s) × 2")
    if hero == "squire":  # EH-HERO-SQUIRE-S
        return most(lambda w, o: total_hire(st, w)["S"], 7, "Scouts")
    if hero == "tactician":  # EH-HERO-TACTICIAN-S
        return most(lambda w, o: total_hire(st, w)["W"], 7, "Wardens")
    return 0, "unknown Hero"


def flame_table(st: State) -> dict[int, int]:
    """AMB-01: the Flame-difference Glory printed under the track; 3 → 3 and 6 → 8 are the rulebook's."""
    table = dict(RULEBOOK_FLAME)
    for key, value in dict(st.settings.get("flame_glory") or {}).items():
        table[int(key)] = int(value)
    return table


INCOMPLETE = "Flame (incomplete)"


def incomplete(rows: list[ScoreRow], explanations: list[Explanation], steps: list[int]) -> ScoreTable:
    """The final table while Flame Glory is missing for ``steps``: every other point counted, no winner yet."""
    marked = [ScoreRow(r.player, {INCOMPLETE if c == "Flame" else c: v for c, v in r.categories.items()}, r.total)
              for r in rows]
    rank_rows(marked)
    note = (f"incomplete: no Glory is set for a Flame difference of {', '.join(map(str, steps))} step(s); "
            "the totals leave it out and there is no winner until it is set")
    return ScoreTable("emberheart", True, [INCOMPLETE if c == "Flame" else c for c in CATEGORIES], marked, [],
                      None, explanations, [note])


def lower_ties(rows: list[ScoreRow], dragons: dict[str, int], best: int | float) -> list[str]:
    """EH-END-10 below first place (field report EH-V3): each group of equal totals, ranked by Dragon cards,
    in words (``Tobi and Maren tied on 36: more Dragon cards ranks higher (Tobi 5, Maren 4)``)."""
    said = []
    for total in sorted({r.total for r in rows if r.total < best}, reverse=True):
        group = sorted((r for r in rows if r.total == total), key=lambda r: r.rank)
        if len({r.rank for r in group}) < 2:  # nobody alone, or a place shared by all: the ranks say it
            continue
        detail = ", ".join(f"{r.player} {dragons[r.player]}" for r in group)
        shared = len({r.rank for r in group}) < len(group)
        said.append(f"{' and '.join(r.player for r in group)} tied on {total}: more Dragon cards ranks higher "
                    f"({detail})" + ("; some still tied share a place" if shared else ""))
    return said


def score(st: State) -> ScoreTable:
    """End Game Scoring in the rulebook's order, with the tiebreak and an explanation per point source."""
    final = st.phase == END
    table = flame_table(st)
    notes: list[str] = []
    explanations: list[Explanation] = []
    rows: list[ScoreRow] = []
    top_flame = max(p.flame for p in st.players)
    missing: list[int] = []
    for p in st.players:
        name = p.name
        cats: dict[str, int | float] = {c: 0 for c in CATEGORIES}

        def add(cat: str, points: int, source: str) -> None:
            """Add points to a category and explain where they came from."""
            cats[cat] += points
            explanations.append(Explanation(name, cat, points, source))

        for card in st.owned(name, "dragon"):  # EH-END-3
            add("Dragons", card.glory, f"{card.id}: {card.colour if not card.exotic or card.attached_to else 'exotic'} "
                                       f"Dragon, {card.glory} Glory")
            if card.gear_on:  # EH-SKILL-1C
                add("Dragons", 1, f"{card.id}: carries a skill-1 Gear (+1)")
        for track in TRACKS:  # EH-END-4, EH-ATTR-4
            pts = attribute_glory(p.attrs[track])
            if pts:
                add("Attributes", pts, f"{track} at step {p.attrs[track]}")
        for card in st.owned(name, "hero"):  # EH-END-5, EH-HERO-GEN-2
            if not hero_active(st, name, card.hero):
                if st.settings.get("flat_heroes_need_dragon", True) or card.hero not in (
                        "apprentice", "master scout", "master ranger"):
                    explanations.append(Explanation(name, "Heroes", 0, f"{card.hero.title()}: no {HEROES[card.hero]} "
                                                                          "Dragon attached, scores nothing"))
                    continue
            pts, why = hero_points(st, name, card.hero)
            add("Heroes", pts, f"{card.hero.title()}: {why}")
        for card in st.owned(name, "garrison"):  # EH-END-6
            if card.completed:
                add("Garrison", card.glory, f"{card.id}: completed, {card.glory} Glory")
            else:
                explanations.append(Explanation(name, "Garrison", 0, f"{card.id}: not completed, scores nothing"))
        d = top_flame - p.flame  # EH-END-9
        if d in table:
            add("Flame", table[d], f"Flame {p.flame}, {d} step(s) left of the rightmost marker ({top_flame})")
        else:
            missing.append(d)
            explanations.append(Explanation(name, "Flame", 0, f"Flame {p.flame}: the Glory for {d} step(s) is not set"))
        rows.append(ScoreRow(name, cats, sum(cats.values())))
    left_out: str | None = None  # what a provisional table leaves out (field report EH-V11)
    if missing:
        steps = sorted(set(missing))
        example = ",".join(f"{s}=N" for s in steps)
        whose = "; ".join(f"{' and '.join(p.name for p in st.players if top_flame - p.flame == s)} "
                          f"{s} step{'s' if s != 1 else ''}" for s in steps)
        message = (f"the Glory for a Flame difference of {', '.join(map(str, steps))} step(s) is not set "
                   f"({whose} left of the rightmost marker, at {top_flame}); it is printed under the Flame track on "
                   f"the board (the rulebook gives only 3 → 3 and 6 → 8): read it and set it with "
                   f"scorekeeper set flame_glory {example} (N: the Glory printed there)")
        if final:
            raise MissingValueError(message, incomplete(rows, explanations, steps), f"set flame_glory {example}")
        notes.append(f"provisional: {message}")
        left_out = (f"the Glory for a Flame difference of {', '.join(map(str, steps))} step(s) is not set "
                    f"(scorekeeper set flame_glory {example})")
    dragons = {p.name: len(st.owned(p.name, "dragon")) for p in st.players}
    rank_rows(rows, {name: (n,) for name, n in dragons.items()})  # EH-END-10
    winners = [r.player for r in rows if r.rank == 1]
    best = max(r.total for r in rows)
    tied = [r.player for r in rows if r.total == best]
    said = []
    if len(tied) > 1:
        detail = ", ".join(f"{n} {dragons[n]}" for n in tied)
        said.append(f"tie on {best} Glory between {', '.join(tied)}: most Dragon cards wins ({detail})"
                    + ("; still tied: the victory is shared" if len(winners) > 1 else f"; {winners[0]} wins"))
    said += lower_ties(rows, dragons, best)
    tiebreak = "; ".join(said) or None
    if not final:
        notes.insert(0, f"provisional: round {st.round}, {st.phase} phase; Flame Glory uses the current markers")
    return ScoreTable("emberheart", final, list(CATEGORIES), rows, winners, tiebreak, explanations, notes,
                      left_out)
