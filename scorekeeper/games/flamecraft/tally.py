"""``TALLY``: a Flamecraft table typed as it stands (FC-TALLY-1 its shape, FC-TALLY-2 what the box holds).

The table types each player's reputation, coins, goods, dragons in hand, fancy dragons, and which Moon
conditions are met (``moon``); ``docs/tally.md`` shows the fields and an example.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.games.flamecraft.context import Ctx
from scorekeeper.games.flamecraft.state import FlameState
from scorekeeper.games.flamecraft.state_check import check_state
from scorekeeper.errors import BadInput
from scorekeeper.games.flamecraft.notation import (
    DEFAULT_GOODS, FaceError, closest, norm_face, norm_goods, norm_id, split_ref,
)
from scorekeeper.games.flamecraft.settings import SETTINGS
from scorekeeper.core.tallying import Answers, Question, Walk, laid_over, pairs, setting_question, suggest, whole


def resolve_tally(ctx: Ctx) -> None:
    """TALLY{state, reason}: the state laid over (FC-TALLY-1), then checked against the box (FC-TALLY-2) and as a
    whole (``check_state``: FC-STATE-n), each problem refused, or recorded and flagged when forced.

    The file's forms are read forgivingly (``forgiving``): a fancy dragon typed with its face, a hand typed as a
    count, goods as ``2bread+1iron``, a Moon answer as yes or no."""
    typed_faces: dict[str, Any] = {}
    try:
        payload = forgiving(ctx.payload, ctx.goods, typed_faces, ctx.state.order)
    except FaceError as exc:
        ctx.stop("FC-TALLY-1", str(exc))
    problem = laid_over(ctx.state, payload)
    if problem:
        ctx.stop("FC-TALLY-1", problem)
    for card, face in typed_faces.items():
        ctx.learn("fancy", card, face)
    typed = dict(dict(payload.get("state") or {}).get("players") or {})
    for name, fields in typed.items():  # a track typed as it stands is where its points came from
        if "rep" in dict(fields) and "rep_log" not in dict(fields) and name in ctx.state.players:
            rep = ctx.state.players[name].rep
            ctx.state.players[name].rep_log = [{"points": rep, "source": "the track as the table showed it"}]
    for problem in misspelled(ctx.state):  # TALLY-13: a misspelled name is bad input (exit 2), not a refusal
        ctx.error("FC-TALLY-1", problem)
    for problem in limits(ctx.state):
        ctx.error("FC-TALLY-2", problem)
    if ctx.halted:  # what no table can show (TALLY-6, TALLY-7, TALLY-11), said with the refusal here, all at once;
        for finding in check_state(ctx.state):  # a play carried out is judged as a whole by the engine, once
            ctx.add(finding)


def forgiving(payload: Mapping[str, Any], goods: Sequence[str], faces: dict[str, Any],
              order: Sequence[str] = ()) -> dict[str, Any]:
    """The tally's payload with the forms a table writes read as the state holds them (field report TALLY-25):
    ``fancies = ["FY-2=moon:4rep"]`` (the face goes to ``faces``), ``hand = 3`` (3 dragons, named for the
    player), ``goods = "2bread+1iron"``, ``moon = {FY-2 = "yes"}``. FaceError for a face or goods unreadable."""
    state = dict(payload.get("state") or {}) if isinstance(payload.get("state"), Mapping) else payload.get("state")
    if not isinstance(state, dict):
        return dict(payload)
    players = state.get("players")
    if isinstance(players, Mapping):
        for name in players:  # TALLY-13: a misspelled player is named with the closest, before any field of theirs
            if name not in order:
                raise FaceError(f"state.players.{name}: not a player of this game{closest(str(name), order)} "
                                f"({', '.join(order)})")
        state["players"] = {name: _player(str(name), row, goods, faces) if isinstance(row, Mapping) else row
                            for name, row in players.items()}
    moon = state.get("moon")
    if isinstance(moon, Mapping):
        state["moon"] = {norm_id(card): _yes_no(value, f"state.moon.{card}") for card, value in moon.items()}
    return {**payload, "state": state}


#: the most dragons a hand typed as a count may hold: every artisan dragon a box can declare
#: (``artisan_deck_size``'s bound) and the starters
MOST_IN_HAND = 220


def _player(name: str, row: Mapping[str, Any], goods: Sequence[str], faces: dict[str, Any]) -> dict[str, Any]:
    out = dict(row)
    hand = out.get("hand")
    if isinstance(hand, int) and not isinstance(hand, bool) and hand >= 0:  # the table knows a count (TALLY-21)
        if hand > MOST_IN_HAND:  # no box holds more (and a list of 10**30 cards would never be made)
            raise FaceError(f"state.players.{name}.hand: {hand} dragons is more than any box holds "
                            f"(at most {MOST_IN_HAND})")
        out["hand"] = [f"{name.upper()}-D{i}" for i in range(1, hand + 1)]
    if isinstance(out.get("goods"), str):
        out["goods"] = norm_goods(out["goods"], goods, what=f"state.players.{name}.goods")
    fancies = out.get("fancies")
    if isinstance(fancies, list):
        cards = []
        for item in fancies:
            card, face = split_ref(str(item))
            card = norm_id(card)
            if face is not None:
                try:
                    norm_face("fancy", face, goods)
                except FaceError as exc:
                    raise FaceError(f"state.players.{name}.fancies: {card}: {exc}; e.g. {card}=moon:4rep") from None
                faces[card] = face
            cards.append(card)
        out["fancies"] = cards
    return out


def _yes_no(value: Any, where: str) -> Any:
    """A Moon answer as true/false, or as text: yes, no, met, missed (anything else is left for the shape check)."""
    if isinstance(value, str):
        words = {"yes": True, "y": True, "true": True, "met": True, "no": False, "n": False, "false": False,
                 "missed": False}
        if value.strip().lower() in words:
            return words[value.strip().lower()]
        raise FaceError(f"{where}: expects yes or no, not {value!r}{closest(value, list(words))}")
    return value


def misspelled(st: FlameState) -> list[str]:
    """Names the typed table gives that the game does not know: players not in the game, goods of no kind."""
    problems = []
    for key, p in st.players.items():
        if p.name != key or key not in st.order:
            problems.append(f"players.{key}: not a player of this game{suggest(key, st.order)} ({', '.join(st.order)})")
        for good in p.goods:
            if good not in st.goods:
                problems.append(f"{p.name}'s goods: no good {good!r}"
                                + (suggest(good, list(st.goods)) or f" ({', '.join(st.goods)})"))
    return problems


def limits(st: FlameState) -> list[str]:
    """What a finished typed table lacks, beyond the whole-state check (FC-STATE-n): fancy dragons whose face
    nobody typed (is each sun or moon, and what does it score? field report TALLY-24)."""
    if not st.finished:  # a game joined in progress learns a fancy dragon's face when it is needed, as in play
        return []
    unknown = [f"{card} ({p.name})" for p in st.players.values() for card in p.fancies if st.face("fancy", card) is None]
    if not unknown:
        return []
    return [f"the face of fancy dragon(s) {', '.join(unknown)} is not known: type each with its face "
            "(fancies = [\"FY-2=moon:4rep\", \"FY-1=sun:3rep\"], or [catalog.fancy] FY-2 = \"moon:4rep\"), "
            "and each Moon one's answer in [state.moon] (FY-2 = true)"]


# -- the guided walk (``scorekeeper tally flamecraft --players …``) -----------------------------------------


def read_hand(text: str) -> list[str] | int:
    """The artisan dragons in hand, as the table knows them (field report TALLY-21): a count, ``3``, or the card
    ids, ``d1 d2`` (separated by spaces or commas)."""
    words = text.replace(",", " ").split()
    if len(words) == 1 and words[0].isdigit():
        return int(words[0])
    return words


def read_fancies(text: str) -> list[tuple[str, str | None]]:
    """The fancy dragons played, each with its face as the card reads: ``FY-2=moon:4rep`` (a Moon dragon's
    reward: what it scores when its condition is met), ``FY-1=sun:3rep`` (a Sun dragon: its points are on the
    track already). A name alone is asked again: whether it is sun or moon decides the score (TALLY-24)."""
    found: list[tuple[str, str | None]] = []
    for word in fancy_words(text):
        name, face = split_ref(word)
        if face is None:
            raise BadInput(f"{name}: give its face, as the card reads: {name}=moon:4rep or {name}=sun:3rep")
        try:
            norm_face("fancy", face, DEFAULT_GOODS)
        except FaceError as exc:
            raise BadInput(f"{name}: {exc}; e.g. FY-2=moon:4rep") from None
        found.append((name, face))
    return found


def fancy_words(text: str) -> list[str]:
    """The fancy dragons of a line, each ``NAME`` or ``NAME=FACE``: separated by spaces or commas, a face's goal
    keeping its spaces (``FY-12=moon:3rep:goal=hold 3 enchanted shops FY-3=sun:3rep``): a word without ``=`` after
    a face with a goal is more of that goal."""
    cards: list[str] = []
    for word in text.replace(",", " ").split():
        head, eq, _ = word.partition("=")
        starts = bool(eq) and ":" not in head
        if cards and not starts and not eq and ":goal=" in cards[-1]:
            cards[-1] += f" {word}"  # more words of a goal
        else:
            cards.append(word)
    return cards


def moon_dragons(answers: Answers) -> list[str]:
    """The Moon dragons among a player's fancy dragons typed so far (their ids), in the order typed."""
    return [norm_id(card) for card, face in answers.get("fancies") or () if face and face.lower().startswith("moon")]


#: a Moon answer for all of the player's Moon dragons at once
ALL = {"yes": True, "y": True, "all": True, "no": False, "n": False, "none": False}


def read_moon(text: str) -> dict[str, bool] | bool:
    """Which of the player's Moon dragons met their condition: ``FY-2=yes FY-4=no``, or ``yes`` (all of them) or
    ``no`` (none)."""
    if text.strip().lower() in ALL:
        return ALL[text.strip().lower()]
    answers = {"yes": True, "y": True, "no": False, "n": False}

    def yes_no(word: str) -> bool:
        if word.lower() not in answers:
            raise BadInput(f"expects yes or no, not {word!r}")
        return answers[word.lower()]
    return {norm_id(card): met for card, met in pairs(text, yes_no, example="FY-2=yes").items()}


def moon_within(value: Any, answers: Answers) -> None:
    """A Moon answer judges the player's own Moon dragons, each of them (field report TALLY-22, TALLY-7): a card
    the player did not type as a Moon dragon is named with the closest one, one left out is asked for."""
    own = moon_dragons(answers)
    if isinstance(value, bool):
        return
    for card in value:
        if card not in own:
            raise BadInput(f"{card} is not one of this player's Moon dragons{suggest(card, own)} "
                           f"({', '.join(own)})")
    left = [card for card in own if card not in value]
    if left:
        raise BadInput(f"say for {', '.join(left)} too: {left[0]}=yes or {left[0]}=no (or yes: all met)")


def moon_words(before: str, answers: Answers) -> list[str]:
    """Tab offers each of the player's Moon dragons with yes or no, and ``yes``/``no`` for all of them."""
    return [*(f"{card}={word}" for card in moon_dragons(answers) for word in ("yes", "no")), "yes", "no"]


def read_end(text: str) -> dict[str, str] | None:
    """Who triggered the game end and which deck ran out (``Ada artisan``, ``Ada enchantment``): under the
    rulebook's final turns they played the last turn, so they are the one held to the limits (TALLY-11, TALLY-21);
    an empty line: not known."""
    words = text.split()
    if not words:
        return None
    decks = {"artisan": "artisan", "enchantment": "ench", "ench": "ench"}
    if len(words) != 2 or words[1].lower() not in decks:
        raise BadInput("who triggered the end and which deck ran out: NAME artisan or NAME enchantment")
    return {"player": words[0], "deck": decks[words[1].lower()]}


def build(players: Sequence[str], table: Answers, each: Mapping[str, Answers]) -> dict[str, Any]:
    """The tally's state from the walk's answers: the game finished, each player's reputation, coins, goods
    left, dragons in hand (ids, or a count) and fancy dragons (a Sun dragon typed with its face counted as scored:
    its reputation is on the track); each player's Moon answers (a Moon dragon whose answer is still to come
    counted as not met meanwhile); who triggered the end (the last to play), when typed; the fancy dragons'
    faces typed, as a catalog."""
    rows: dict[str, Any] = {}
    faces: dict[str, str] = {}
    moon: dict[str, bool] = {}
    for name in players:
        got = each.get(name, {})
        row = {key: value for key, value in got.items() if key not in ("fancies", "moon")}
        fancies = got.get("fancies")
        if fancies is not None:
            row["fancies"] = [card for card, _ in fancies]
            faces.update((card, face) for card, face in fancies if face)
            row["sun_scored"] = [card for card, face in fancies if face and face.lower().startswith("sun")]
        answer = got.get("moon", False)
        for card in moon_dragons(got):
            moon[card] = answer if isinstance(answer, bool) else bool(answer.get(card))
        rows[name] = row
    state: dict[str, Any] = {"finished": True, "players": rows}
    if moon:
        state["moon"] = moon
    end = table.get("end")
    if end:
        state["end_trigger"] = {**end, "seq": 0, "turn": 0}
        state["final_queue"] = []
        state["artisan_deck" if end["deck"] == "artisan" else "ench_deck"] = 0
    return {"state": state, **({"catalog": {"fancy": faces}} if faces else {})}


#: the settings a tally's score or checks read, each asked once (``docs/tally.md`` says why the others are not)
SETTING = {s.key: s for s in SETTINGS}

WALK = Walk(
    table=(
        setting_question(SETTING["goods"], "goods names", "the 6 goods' names as your box prints them, "
                         "comma-separated (A-01)", words=()),
        setting_question(SETTING["tiebreak_goods_count_coins"], "coins in tiebreak", "coins count as leftover "
                         "goods in the second tiebreak? yes or no (A-03)"),
        Question("end", "game end", read_end, "who triggered it and which deck ran out, e.g. Ada artisan: they "
                 "played last and discarded down to the limits (Enter: not known)", of_players=True,
                 words=("artisan", "enchantment")),
    ),
    player=(
        Question("rep", "reputation", whole, "the reputation track, e.g. 24"),
        Question("coins", "coins", whole, "the coins held, e.g. 3"),
        Question("goods", "goods", pairs, "the goods left: bread=1 iron=2 (empty: none)", words=DEFAULT_GOODS),
        Question("hand", "hand", read_hand, "how many artisan dragons in hand, e.g. 2 (or their ids; empty: none)"),
        Question("fancies", "fancy dragons", read_fancies, "the fancy dragons played, with the face of each "
                 "one: FY-2=moon:4rep FY-1=sun:3rep (empty: none)"),
        Question("moon", "Moon dragons met", read_moon, "for each of this player's Moon dragons (Tab offers "
                 "them), whether its condition is met: NAME=yes NAME=no; or yes (all met), no (none)",
                 when=lambda got: bool(moon_dragons(got)),
                 within=moon_within, complete=moon_words),
    ),
    build=build,
)
