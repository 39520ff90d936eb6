"""``TALLY``: a Flamecraft table typed as it stands (FC-TALLY-1 its shape, FC-TALLY-2 what the box holds).

The table types each player's reputation, coins, goods, dragons in hand, fancy dragons, and which Moon
conditions are met (``moon``); ``docs/tally.md`` shows the fields and an example.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.games.flamecraft.context import Ctx
from scorekeeper.games.flamecraft.state import FlameState
from scorekeeper.errors import BadInput
from scorekeeper.games.flamecraft.notation import DEFAULT_GOODS, FaceError, norm_face, norm_id, split_ref
from scorekeeper.games.flamecraft.settings import SETTINGS
from scorekeeper.core.tallying import Answers, Question, Walk, laid_over, pairs, setting_question, suggest, whole


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
                problems.append(f"{p.name}'s goods: no good {good!r}"
                                + (suggest(good, list(st.goods)) or f" ({', '.join(st.goods)})"))
    return problems


# -- the guided walk (``scorekeeper tally flamecraft --players …``) -----------------------------------------


def read_cards(text: str) -> list[str]:
    """Card ids as typed, separated by spaces or commas: ``d1 d2``."""
    return text.replace(",", " ").split()


def read_fancies(text: str) -> list[tuple[str, str | None]]:
    """The fancy dragons played, each with its face when the table reads it off the card: ``FY-2=moon:4rep``
    (a Moon dragon's reward: what it scores when its condition is met), ``FY-1=sun:3rep``, or the name alone
    (no face: scored as a Moon dragon whose reward is not known, 0)."""
    found = []
    for word in text.replace(",", " ").split():
        name, face = split_ref(word)
        if face is not None:
            try:
                norm_face("fancy", face, DEFAULT_GOODS)
            except FaceError as exc:
                raise BadInput(f"{name}: {exc}; e.g. FY-2=moon:4rep") from None
        found.append((name, face))
    return found


def read_moon(text: str) -> dict[str, bool]:
    """Which Moon dragons' conditions are met: ``FY-2=yes FY-4=no``."""
    answers = {"yes": True, "y": True, "no": False, "n": False}

    def yes_no(word: str) -> bool:
        if word.lower() not in answers:
            raise BadInput(f"expects yes or no, not {word!r}")
        return answers[word.lower()]
    return {norm_id(card): met for card, met in pairs(text, yes_no).items()}


def build(players: Sequence[str], table: Answers, each: Mapping[str, Answers]) -> dict[str, Any]:
    """The tally's state from the walk's answers: the game finished, each player's reputation, coins, goods
    left, dragons in hand and fancy dragons (a Sun dragon typed with its face counted as scored: its reputation
    is on the track); the Moon conditions met, when any was typed; the fancy dragons' faces typed, as a catalog."""
    rows: dict[str, Any] = {}
    faces: dict[str, str] = {}
    for name in players:
        row = {key: value for key, value in each.get(name, {}).items() if key != "fancies"}
        fancies = each.get(name, {}).get("fancies")
        if fancies is not None:
            row["fancies"] = [card for card, _ in fancies]
            faces.update((card, face) for card, face in fancies if face)
            row["sun_scored"] = [card for card, face in fancies if face and face.lower().startswith("sun")]
        rows[name] = row
    state: dict[str, Any] = {"finished": True, "players": rows}
    if table.get("moon"):
        state["moon"] = table["moon"]
    return {"state": state, **({"catalog": {"fancy": faces}} if faces else {})}


#: the settings a tally's score or checks read, each asked once (``docs/tally.md`` says why the others are not)
SETTING = {s.key: s for s in SETTINGS}

WALK = Walk(
    table=(
        setting_question(SETTING["goods"], "goods names", "the 6 goods' names as your box prints them, "
                         "comma-separated (A-01)", words=()),
        setting_question(SETTING["tiebreak_goods_count_coins"], "coins in tiebreak", "coins count as leftover "
                         "goods in the second tiebreak? yes or no (A-03)"),
        Question("moon", "Moon dragons", read_moon, "the Moon dragons met: FY-2=yes FY-4=no (empty: none)"),
    ),
    player=(
        Question("rep", "reputation", whole, "the reputation track, e.g. 24"),
        Question("coins", "coins", whole, "the coins held, e.g. 3"),
        Question("goods", "goods", pairs, "the goods left: bread=1 iron=2 (empty: none)", words=DEFAULT_GOODS),
        Question("hand", "hand", read_cards, "the dragon cards in hand: d1 d2 (empty: none)"),
        Question("fancies", "fancy dragons", read_fancies, "the fancy dragons played, with the face of each "
                 "Moon one: FY-2=moon:4rep FY-1 (empty: none)"),
    ),
    build=build,
)
