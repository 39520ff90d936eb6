"""``TALLY``: a Flamecraft table typed as it stands (FC-TALLY-1 its shape, FC-TALLY-2 what the box holds).

The table types each player's reputation, coins, goods, dragons in hand, fancy dragons, and which Moon
conditions are met (``moon``); ``docs/tally.md`` shows the fields and an example.
"""

from __future__ import annotations

import difflib
from typing import Any, Mapping, Sequence

from scorekeeper.games.flamecraft.context import Ctx
from scorekeeper.games.flamecraft.state import FlameState
from scorekeeper.errors import BadInput
from scorekeeper.games.flamecraft.notation import DEFAULT_GOODS
from scorekeeper.games.tallying import Answers, Question, Walk, laid_over, pairs, whole


def resolve_tally(ctx: Ctx) -> None:
    """TALLY{state, reason}: the state laid over (FC-TALLY-1), then checked against the box (FC-TALLY-2)."""
    problem = laid_over(ctx.state, ctx.payload)
    if problem:
        ctx.stop("FC-TALLY-1", problem)
    typed = dict(dict(ctx.payload.get("state") or {}).get("players") or {})
    for name, fields in typed.items():  # a track typed as it stands is where its points came from
        if "rep" in dict(fields) and "rep_log" not in dict(fields) and name in ctx.state.players:
            rep = ctx.state.players[name].rep
            ctx.state.players[name].rep_log = [{"points": rep, "source": "the track as the table showed it"}]
    for problem in limits(ctx.state):
        ctx.error("FC-TALLY-2", problem)


def limits(st: FlameState) -> list[str]:
    """What the typed table holds that no box does: negative counts, goods of no kind, players not in the game."""
    problems = []
    for key, p in st.players.items():
        if p.name != key or key not in st.order:
            problems.append(f"players.{key}: not a player of this game ({', '.join(st.order)})")
        counts = {"reputation": p.rep, "coins": p.coins, **p.goods}
        problems += [f"{p.name}'s {what} is {n}; it cannot be below 0" for what, n in counts.items() if n < 0]
        for good in p.goods:
            if good not in st.goods:
                close = difflib.get_close_matches(good, list(st.goods), n=1)
                problems.append(f"{p.name}'s goods: no good {good!r}"
                                + (f" (did you mean {close[0]}?)" if close else f" ({', '.join(st.goods)})"))
    return problems


# -- the guided walk (``scorekeeper tally flamecraft --players …``) -----------------------------------------


def read_cards(text: str) -> list[str]:
    """Card ids as typed, separated by spaces or commas: ``d1 d2``."""
    return text.replace(",", " ").split()


def read_moon(text: str) -> dict[str, bool]:
    """Which Moon dragons' conditions are met: ``f1=yes f2=no``."""
    answers = {"yes": True, "y": True, "no": False, "n": False}

    def yes_no(word: str) -> bool:
        if word.lower() not in answers:
            raise BadInput(f"expects yes or no, not {word!r}")
        return answers[word.lower()]
    return pairs(text, yes_no)


def build(players: Sequence[str], table: Answers, each: Mapping[str, Answers]) -> dict[str, Any]:
    """The tally's state from the walk's answers: the game finished, each player's reputation, coins, goods
    left, dragons in hand and fancy dragons; the Moon conditions met, when any was typed."""
    rows = {name: dict(each.get(name, {})) for name in players}  # the questions are named as the fields
    state: dict[str, Any] = {"finished": True, "players": rows}
    if table.get("moon"):
        state["moon"] = table["moon"]
    return {"settings": {}, "state": state}


WALK = Walk(
    table=(Question("moon", "Moon dragons", read_moon,
                    "the Moon dragons met: f1=yes f2=no (empty: none)"),),
    player=(
        Question("rep", "reputation", whole, "the reputation track, e.g. 24"),
        Question("coins", "coins", whole, "the coins held, e.g. 3"),
        Question("goods", "goods", pairs, "the goods left: bread=1 iron=2 (empty: none)", words=DEFAULT_GOODS),
        Question("hand", "hand", read_cards, "the dragon cards in hand: d1 d2 (empty: none)"),
        Question("fancies", "fancy dragons", read_cards, "the fancy dragons played: f1 f2 (empty: none)"),
    ),
    build=build,
)
