"""Final scoring (ED-SCORE-*) and Royal Challenges (ED-ROYAL-*): pure functions of the state."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.core.protocol import Explanation, ScoreRow, ScoreTable, rank_rows

from .hexgrid import Cell, corner_cells, neighbour, opposite
from .lair import Lair, chamber_single_colour, colour_set
from .settings import ROYAL_METRICS
from .paths import longest_path
from .state import EDState, PlayerState
from .tiles import ARTIFACT_NAMES, FOLK_NAMES, LAIR1, LAIR2, Tile

CATEGORIES = ["Gold held", "Tile Gold", "Market Stalls", "Craftsmen", "Alchemists", "Specialists", "Lair Tours",
              "Chest Collectors"]
MISSION_CATEGORY = {"market": "Market Stalls", "craft": "Craftsmen", "alch": "Alchemists", "spec": "Specialists",
                    "tours": "Lair Tours", "chests": "Chest Collectors"}


@dataclass
class LairView:
    """A Lair as scored: which tiles are covered by chests, and what is visible (ED-SCORE-1, ED-SCORE-2, ED-SCORE-6)."""

    lair: Lair
    covered: dict[str, str] = field(default_factory=dict)  # tile name → chest artifacts

    def visible_tiles(self) -> list[Tile]:
        """Tiles not covered by a chest."""
        return [p.tile for p in self.lair.cells.values() if p.tile.name not in self.covered]

    def artifacts(self) -> Counter:
        """ED-SCORE-6: Artifacts on uncovered tiles plus those of placed chests."""
        counts: Counter = Counter()
        for tile in self.visible_tiles():
            for a, n in tile.artifacts:
                counts[a] += n
        for letters in self.covered.values():
            for a in letters:
                counts[a] += 1
        return counts

    def gold_of(self, tile: Tile) -> int:
        """A tile's visible printed Gold."""
        return 0 if tile.name in self.covered else tile.gold


def view(player: PlayerState, with_chests: bool = True) -> LairView:
    """The scored view of a player's Lair (chests placed, or ignored for ``with_chests=False``)."""
    covered = {}
    if with_chests:
        for chest in player.chests:
            if chest.on:
                covered[chest.on] = chest.artifacts
    return LairView(player.lair, covered)


def artifact_sources(lv: LairView, artifact: str) -> list[str]:
    """Where the Artifacts of one type come from: uncovered tiles and placed chests (for --explain)."""
    found = []
    for tile in lv.visible_tiles():
        n = tile.artifact_count(artifact)
        if n:
            found.append(f"{tile.name}" + (f"×{n}" if n > 1 else ""))
    for tile_name, letters in lv.covered.items():
        n = letters.count(artifact)
        if n:
            found.append(f"chest on {tile_name}" + (f"×{n}" if n > 1 else ""))
    return found


def _chamber_names(lv: LairView, vertices: list) -> str:
    return "; ".join("+".join(t.name for t in lv.lair.chamber_tiles(v)) for v in sorted(vertices, key=sorted))


def mission_gold(tile: Tile, lv: LairView, player: PlayerState, settings: dict[str, Any]) -> tuple[int, str]:
    """ED-SCORE-5, ED-SCORE-7, ED-SCORE-8, ED-SCORE-9, ED-SCORE-10, ED-SCORE-11, ED-SCORE-12: the Gold one Mission
    earns against the whole Lair, and where it comes from."""
    m = tile.mission
    assert m is not None
    counts = lv.artifacts()
    none = str(settings.get("colour.none", "no_match"))

    def have(arts: Any) -> str:
        """The counts and sources of the depicted Artifacts, each source apart (field report ED-V6)."""
        return ", ".join(f"{counts[a]} {ARTIFACT_NAMES[a]} ({'; '.join(artifact_sources(lv, a)) or 'none'})"
                         for a in dict.fromkeys(arts))

    if m.type == "market":  # ED-SCORE-7
        if settings.get("score.market", "per_depicted_type") == "per_set" and len(m.artifacts) > 1:
            sets = _sets(counts, m.artifacts)
            return 2 * sets, f"2 × {sets} set(s): {have(m.artifacts)}"
        total = sum(counts[a] for a in set(m.artifacts))
        return 2 * total, f"2 × {total}: {have(sorted(set(m.artifacts)))}"
    if m.type in ("craft", "alch"):  # ED-SCORE-8, ED-SCORE-9 (A-38: sets are multisets)
        sets = _sets(counts, m.artifacts)
        per = 4 if m.type == "craft" else 7
        return per * sets, f"{per} × {sets} set(s): {have(m.artifacts)}"
    if m.type == "spec":  # ED-SCORE-10
        any_one = settings.get("score.specialists", "all_three") == "any_one"
        hits = []
        for vertex in lv.lair.chambers:
            tiles = lv.lair.chamber_tiles(vertex)
            ok = any(m.colour in colour_set(t, none) for t in tiles) if any_one else \
                chamber_single_colour(tiles, m.colour, none)
            if ok:
                hits.append(vertex)
        return 3 * len(hits), f"3 × {len(hits)} {FOLK_NAMES[m.colour]} Chamber(s)" + \
            (f": {_chamber_names(lv, hits)}" if hits else "")
    if m.type == "tours":  # ED-SCORE-11
        hits = [v for v in lv.lair.chambers if chamber_single_colour(lv.lair.chamber_tiles(v), None, none)]
        return 2 * len(hits), f"2 × {len(hits)} single-colour Chamber(s)" + (f": {_chamber_names(lv, hits)}" if hits else "")
    n = len(player.chests)  # ED-SCORE-12: placed or not
    return 2 * n, f"2 × {n} Treasure Chest(s)" + (f": {', '.join(c.id for c in player.chests)}" if n else "")


def _blanked(lair: Lair, tile_name: str) -> str:
    """ED-SCORE-2: the symbols of a covered tile that no longer count, in words (for --explain)."""
    cell = lair.cell_of(tile_name)
    if cell is None:
        return ""
    tile = lair.cells[cell].tile
    lost = [f"{n} {ARTIFACT_NAMES[a]}" for a, n in tile.artifacts] + ([f"{tile.gold} Gold"] if tile.gold else [])
    if tile.mission is not None:
        lost.append(f"Mission {tile.mission.label()}")
    if not lost:
        return ": it showed no symbol"
    return f": its {', '.join(lost)} no longer count{'s' if len(lost) == 1 else ''}"


def _sets(counts: Counter, depicted: tuple[str, ...]) -> int:
    need = Counter(depicted)
    return min(counts[a] // k for a, k in need.items())


# -- Royal Challenge metrics (section 1.5) ----------------------------------------------------------------


def lair_size(lair: Lair, rule: str = "all_tiles") -> int:
    """ED-SCORE-14 (A-43) / smallest Lair: every tile, or Lair Tiles only."""
    if rule == "lair_tiles":
        return sum(1 for p in lair.cells.values() if p.tile.kind in (LAIR1, LAIR2))
    return len(lair.cells)


def gold_chain_search(lv: LairView, adjacency: str = "shared_edge", length: str = "tiles") -> tuple[int, bool]:
    """ED-ROYAL-5 (A-33): the longest simple path of adjacent tiles showing Gold (tiles or coins); (value, exact)."""
    lair = lv.lair
    nodes = {c for c, p in lair.cells.items() if lv.gold_of(p.tile) >= 1}
    weight = {c: (lv.gold_of(lair.cells[c].tile) if length == "coins" else 1) for c in nodes}
    links: dict[Cell, list[tuple[frozenset, Cell]]] = {c: [] for c in nodes}
    for c in nodes:
        for d in range(6):
            other = neighbour(c, d)
            if other in nodes:
                if adjacency == "open_open" and not (lair.cells[c].edges[d] == "O" and lair.cells[other].edges[opposite(d)] == "O"):
                    continue
                links[c].append((frozenset({c, other}), other))
    return longest_path(links, weight, 0, False, lambda c: c)


def gold_chain(lv: LairView, adjacency: str = "shared_edge", length: str = "tiles") -> int:
    """ED-ROYAL-5: the Gold chain's length (see ``gold_chain_search``)."""
    return gold_chain_search(lv, adjacency, length)[0]


def wall_segments(lair: Lair, rule: str = "either_side") -> dict[frozenset, tuple[frozenset, frozenset]]:
    """Every wall segment of the Lair (shared edges once) → its two end vertices (A-34)."""
    segments = {}
    for cell, placed in lair.cells.items():
        for d in range(6):
            other = neighbour(cell, d)
            mine = placed.edges[d]
            theirs = lair.cells[other].edges[opposite(d)] if other in lair.cells else None
            if theirs is None:
                wall = mine == "W"
            elif rule == "both_sides":
                wall = mine == "W" and theirs == "W"
            else:
                wall = mine == "W" or theirs == "W"
            if wall:
                key = frozenset({cell, other})
                segments[key] = (corner_cells(cell, d - 1), corner_cells(cell, d))
    return segments


def longest_wall_search(lair: Lair, rule: str = "either_side") -> tuple[int, bool]:
    """ED-ROYAL-6: the longest run of wall segments never revisiting a vertex (a closed ring counts in full);
    (value, exact)."""
    links: dict[frozenset, list[tuple[frozenset, frozenset]]] = {}
    for key, (a, b) in wall_segments(lair, rule).items():
        links.setdefault(a, []).append((key, b))
        links.setdefault(b, []).append((key, a))
    return longest_path(links, {v: 0 for v in links}, 1, True, lambda v: tuple(sorted(v)))


def longest_wall(lair: Lair, rule: str = "either_side") -> int:
    """ED-ROYAL-6: the longest Wall's length in segments (see ``longest_wall_search``)."""
    return longest_wall_search(lair, rule)[0]


def royal_metric(metric: str, player: PlayerState, settings: dict[str, Any]) -> int:
    """ED-ROYAL-2: the value one card measures (lower is better for smallest / artifacts)."""
    return royal_measure(metric, player, settings)[0]


def royal_measure(metric: str, player: PlayerState, settings: dict[str, Any]) -> tuple[int, bool]:
    """ED-ROYAL-2, ED-ROYAL-5, ED-ROYAL-6, ED-ROYAL-7: (value, exact) of one card's metric for one player."""
    lv = view(player, bool(settings.get("royal.after_chests", True)))
    if metric == "smallest":
        return lair_size(player.lair, "all_tiles"), True
    if metric == "artifacts":  # ED-ROYAL-7
        return sum(lv.artifacts().values()), True
    if metric == "gold":
        return gold_chain_search(lv, str(settings.get("royal.gold_adjacency", "shared_edge")),
                                 str(settings.get("royal.gold_length", "tiles")))
    return longest_wall_search(player.lair, str(settings.get("royal.wall_rule", "either_side")))


def royal_places(values: dict[str, int], lower_is_better: bool) -> tuple[list[str], list[str]]:
    """ED-ROYAL-3, ED-ROYAL-4 (A-36): (1st place players, 2nd place players); ties share a place."""
    distinct = sorted(set(values.values()), reverse=not lower_is_better)
    first = [p for p, v in values.items() if v == distinct[0]]
    second = [p for p, v in values.items() if len(distinct) > 1 and v == distinct[1]]
    return first, second


# -- the table ---------------------------------------------------------------------------------------------


def score_table(state: EDState, game_name: str) -> ScoreTable:
    """ED-SCORE-13…16: the hoard per player, ranked, with the tiebreak and explanations."""
    settings = state.settings
    categories = list(CATEGORIES)
    if state.royal:
        categories.append("Royal Challenges")
    if state.flick_winner:
        categories.append("Coin flick")
    explanations: list[Explanation] = []
    rows: list[ScoreRow] = []
    for name in state.order:
        player = state.players[name]
        cats: dict[str, int | float] = {c: 0 for c in categories}
        cats["Gold held"] = player.gold
        for entry in state.ledger:
            if entry.player == name:
                explanations.append(Explanation(name, "Gold held", entry.amount,
                                                f"#{entry.seq} {entry.source}" if entry.seq > 0 else entry.source))
        explained = sum(entry.amount for entry in state.ledger if entry.player == name)
        if settings.get("setup.start_gold"):
            explanations.append(Explanation(name, "Gold held", int(settings["setup.start_gold"]), "starting Gold (A-08)"))
            explained += int(settings["setup.start_gold"])
        if player.gold != explained:  # typed by a tally or an adjust: no play gave it (field report TALLY-9)
            explanations.append(Explanation(name, "Gold held", player.gold - explained, "as the table showed it"))
        lv = view(player)  # ED-SCORE-1, ED-SCORE-2, ED-SCORE-3: placed chests replace the symbols beneath them
        for chest in player.chests:
            if chest.on:
                explanations.append(Explanation(name, "Tile Gold", 0, f"chest {chest.id} "
                                                f"({'+'.join(ARTIFACT_NAMES.get(a, a) for a in chest.artifacts) or 'no Artifact'}) "
                                                f"covers {chest.on}{_blanked(player.lair, chest.on)}"))
        for tile in lv.visible_tiles():  # ED-SCORE-4
            if tile.gold:
                cats["Tile Gold"] += tile.gold
                explanations.append(Explanation(name, "Tile Gold", tile.gold, f"{tile.name} shows {tile.gold} Gold"))
        for tile in lv.visible_tiles():  # ED-SCORE-5: each Mission against the whole Lair
            if tile.mission is not None:
                gold, how = mission_gold(tile, lv, player, settings)
                cat = MISSION_CATEGORY[tile.mission.type]
                cats[cat] += gold
                explanations.append(Explanation(name, cat, gold, f"{tile.name} {tile.mission.label()}: {how}"))
        rows.append(ScoreRow(name, cats, 0))
    royal_notes: list[str] = []
    if state.royal:  # ED-ROYAL-1, ED-ROYAL-2, ED-ROYAL-3, ED-ROYAL-4
        for metric, upper, lower in state.royal:
            measured = {name: royal_measure(metric, state.players[name], settings) for name in state.order}
            values = {name: value for name, (value, _) in measured.items()}
            for name, (value, exact) in measured.items():
                if not exact:
                    royal_notes.append(f"{name}'s {ROYAL_METRICS[metric]} search stopped early: {value} is the "
                                       "longest found, not proven the longest")
            lower_is_better = metric in ("smallest", "artifacts")
            # ED-ROYAL-5, ED-ROYAL-6: a Lair with no Gold tile (or no wall) has no chain (no Wall): it takes no place
            ranked = {name: value for name, value in values.items() if lower_is_better or value > 0}
            first, second = royal_places(ranked, lower_is_better) if ranked else ([], [])
            for row in rows:
                if row.player not in first and row.player not in second:
                    explanations.append(Explanation(row.player, "Royal Challenges", 0, f"no place, {ROYAL_METRICS[metric]}"
                                                    f" ({values[row.player]})"))
                if row.player in first:
                    row.categories["Royal Challenges"] += upper
                    explanations.append(Explanation(row.player, "Royal Challenges", upper,
                                                    f"1st {ROYAL_METRICS[metric]} ({values[row.player]})"))
                elif row.player in second:
                    row.categories["Royal Challenges"] += lower
                    explanations.append(Explanation(row.player, "Royal Challenges", lower,
                                                    f"2nd {ROYAL_METRICS[metric]} ({values[row.player]})"))
    for row in rows:
        row.total = sum(row.categories.values())
    sizes = {name: lair_size(state.players[name].lair, str(settings.get("score.lair_size", "all_tiles")))
             for name in state.order}
    tiebreak = None
    if state.flick_winner:  # ED-SCORE-15
        tied = tied_after_lair(rows, sizes)
        if settings.get("flick.transfer", True):
            for row in rows:
                if row.player in tied and row.player != state.flick_winner:
                    row.categories["Coin flick"] -= 1
                    row.total -= 1
                    explanations.append(Explanation(row.player, "Coin flick", -1, f"flicked coin lost to {state.flick_winner}"))
                elif row.player == state.flick_winner:
                    row.categories["Coin flick"] += len(tied) - 1
                    row.total += len(tied) - 1
                    explanations.append(Explanation(row.player, "Coin flick", len(tied) - 1, "won the coin flick"))
    keys = {name: (-sizes[name], 1 if name == state.flick_winner else 0) for name in state.order}
    rank_rows(rows, keys)
    winners = [r.player for r in rows if r.rank == 1]
    before_flick = {r.player: r.total - r.categories.get("Coin flick", 0) for r in rows}
    best_total = max(before_flick.values())
    top = [r for r in rows if before_flick[r.player] == best_total]  # the tie as it stood before the flick
    if len(top) > 1:  # ED-SCORE-14, ED-SCORE-15
        names = ", ".join(r.player for r in top)
        smallest = min(sizes[r.player] for r in top)
        still = [r.player for r in top if sizes[r.player] == smallest]
        tiebreak = f"{names} tie on {best_total} Gold; smallest Lair: " + \
            ", ".join(f"{r.player} {sizes[r.player]} tiles" for r in top)
        if len(still) > 1:
            if state.flick_winner in still:
                tiebreak += f"; still tied: {state.flick_winner} won the coin flick"
            else:
                tiebreak += "; still tied: flick a coin at the Dragon Egg and record it with 'ed flick WINNER'"
                if state.over:  # ED-SCORE-15: the flick decides; no winner until it is recorded (TALLY-8)
                    winners = []
    elif state.flick_winner:
        tiebreak = f"{state.flick_winner} won the coin flick"
    notes = list(royal_notes)
    if not state.over:
        notes.append("provisional: the game is not over")
    for name in state.order:
        player = state.players[name]
        if player.chests and not player.chests_placed and state.over:
            notes.append(f"{name} has not placed Treasure Chests yet ('ed chests')")
    return ScoreTable(game_name, state.over, categories, rows, winners, tiebreak, explanations, notes)


def tied_after_lair(rows: list[ScoreRow], sizes: dict[str, int]) -> list[str]:
    """Players still tied for the win after the smallest-Lair tiebreak (before the coin flick)."""
    base = {r.player: r.total - r.categories.get("Coin flick", 0) for r in rows}
    best = max(base.values())
    top = [p for p, t in base.items() if t == best]
    smallest = min(sizes[p] for p in top)
    return [p for p in top if sizes[p] == smallest]

