"""Final scoring and tiebreaks (FC-SCORE-1 to FC-SCORE-10)."""

from __future__ import annotations

from scorekeeper.core.protocol import Explanation, MissingValueError, ScoreRow, ScoreTable, rank_rows

from .state import FlameState

TRACK = "Reputation track"
COINS = "Coins"
MOON = "Moon dragons"
CATEGORIES = [TRACK, COINS, MOON]
#: the moon column while the game is over but the moon dragons are not judged (``fc final`` not recorded)
UNJUDGED = "Moon (not judged)"


def moon_cards(state: FlameState, player: str) -> list[str]:
    """The player's fancy dragons that are moon (or whose face is still unknown)."""
    cards = []
    for card in state.players[player].fancies:
        face = state.face("fancy", card)
        if face is None or face["kind"] == "moon":
            cards.append(card)
    return cards


def score(state: FlameState) -> ScoreTable:
    """The table: final once every final turn is played and the moon dragons are judged; provisional before."""
    pending_moons = {name: moon_cards(state, name) for name in state.order}
    unjudged = state.finished and any(pending_moons.values()) and state.moon is None
    final = state.finished and not unjudged
    rows: list[ScoreRow] = []
    explanations: list[Explanation] = []
    keys: dict[str, tuple[int, int]] = {}
    count_coins = bool(state.settings.get("tiebreak_goods_count_coins"))
    for name in state.order:
        player = state.players[name]
        for entry in player.rep_log:
            explanations.append(Explanation(name, TRACK, entry["points"], entry["source"]))
        moon_points = 0
        if state.moon is not None:
            for card in pending_moons[name]:
                face = state.face("fancy", card) or {"reward": {}}
                if state.moon.get(card):  # FC-SCORE-3
                    points = int(face["reward"].get("rep", 0))
                    moon_points += points
                    explanations.append(Explanation(name, MOON, points, f"moon dragon {card} fulfilled"))
                else:  # FC-SCORE-10
                    explanations.append(Explanation(name, MOON, 0, f"moon dragon {card} not fulfilled"))
        if player.coins:
            explanations.append(Explanation(name, COINS, player.coins, f"{player.coins} leftover coin(s), 1 each (FC-SCORE-2)"))
        categories: dict[str, int | float] = {TRACK: player.rep, COINS: player.coins, MOON: moon_points}
        rows.append(ScoreRow(name, categories, sum(categories.values())))  # FC-SCORE-5
        goods = player.goods_total() + (player.coins if count_coins else 0)
        keys[name] = (len(player.hand), goods)  # FC-SCORE-7, FC-SCORE-8; FC-FANCY-6: fancies excluded
    best = max((row.total for row in rows), default=0)
    # FC-SCORE-6: the tiebreaks decide the winner only; equal totals below first place share it (field report FC-V2)
    rank_rows(rows, {name: key for name, key in keys.items() if any(r.player == name and r.total == best for r in rows)})
    if unjudged:  # field report FC-F1: the table so far, the moon dragons left out, then what to record
        cards = ", ".join(f"{name}: {', '.join(cards)}" for name, cards in pending_moons.items() if cards)
        raise MissingValueError(
            f"the game is over but the moon dragons are not judged ({cards}); "
            "record it with: scorekeeper fc final --moon CARD (fulfilled) --missed CARD (not)",
            ScoreTable("flamecraft", True, [*CATEGORIES[:2], UNJUDGED],
                       [ScoreRow(r.player, {TRACK: r.categories[TRACK], COINS: r.categories[COINS], UNJUDGED: 0},
                                 r.total, r.rank) for r in rows],
                       [], None, explanations,
                       ["incomplete: the moon dragons are not judged; the totals leave them out and there is no "
                        "winner until they are"]),
        )
    winners = [row.player for row in rows if row.rank == 1]
    tiebreak = _tiebreak_text(rows, keys)
    notes = _notes(state, final)
    return ScoreTable("flamecraft", final, list(CATEGORIES), rows, winners, tiebreak, explanations, notes)


def _tiebreak_text(rows: list[ScoreRow], keys: dict[str, tuple[int, int]]) -> str | None:
    """Which tiebreak decided the winner, in words (None when the top total is not tied)."""
    best = max(row.total for row in rows)
    tied = [row.player for row in rows if row.total == best]
    if len(tied) < 2:
        return None
    hands = {name: keys[name][0] for name in tied}
    top_hand = max(hands.values())
    still = [n for n in tied if hands[n] == top_hand]
    text = f"{' and '.join(tied)} tied on {best}; "
    if len(still) == 1:
        return text + f"{still[0]} has the most artisan dragons in hand ({_against(still[0], hands)}) (FC-SCORE-7)"
    goods = {name: keys[name][1] for name in still}
    top_goods = max(goods.values())
    last = [n for n in still if goods[n] == top_goods]
    text += f"{' and '.join(still)} have {_count(top_hand, 'artisan dragon')} in hand each; "
    if len(last) == 1:
        return text + f"{last[0]} has the most leftover goods ({_against(last[0], goods)}) (FC-SCORE-8)"
    return text + f"and {_count(top_goods, 'leftover good')} each: they share the victory (FC-SCORE-9)"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _against(winner: str, counts: dict[str, int]) -> str:
    """``19, against Ada's 12`` — the winner's count and the others' (for the tiebreak line)."""
    others = ", ".join(f"{name}'s {n}" for name, n in counts.items() if name != winner)
    return f"{counts[winner]}, against {others}"


def _notes(state: FlameState, final: bool) -> list[str]:
    notes = []
    if not final:
        notes.append("provisional: the game is not over (coins count 1 each; moon dragons score only at the end)")
    for name in state.order:
        player = state.players[name]
        lapsed = [c for c in player.fancies if (state.face("fancy", c) or {}).get("kind") == "sun" and c not in player.sun_scored]
        if final and lapsed and state.setup_done:  # a tally types the track: what scored is on it (TALLY-23)
            notes.append(f"{name}: sun dragon(s) {', '.join(lapsed)} never scored; they lapse (FC-SCORE-4)")
        if final and player.reserved:
            notes.append(f"{name}: the reserved {player.reserved} scores nothing (FC-SCORE-10)")
    return notes
