"""``TALLY``: an 8 Dragons table typed as it stands (ED-TALLY-1 its shape, ED-TALLY-2 the Lairs and the box).

The table types each Dragon's Gold, Lair (tiles on cells with their rotation), chests and the Royal
Challenges; ``docs/tally.md`` shows the fields and an example. A Lair typed without its ``chambers`` has them
worked out from its tiles; each Lair is checked as a Lair must be built (ED-LAIR-2 to 4: every tile touches the
others and meets an open edge with an open edge) and its Chambers against its tiles.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from scorekeeper.core.events import Event
from scorekeeper.games.eight_dragons.state import EDState
from scorekeeper.core.findings import Findings
from scorekeeper.errors import BadInput
from scorekeeper.games.eight_dragons.notation import parse_chest
from scorekeeper.games.eight_dragons.state_check import check_state
from scorekeeper.games.eight_dragons.tally_file import EXAMPLE, duplicate_cells, read_players, read_tile
from scorekeeper.games.eight_dragons.tiles import FOLKS, MISSION_TYPES
from scorekeeper.games.eight_dragons.settings import ROYAL_METRICS, SETTINGS
from scorekeeper.core.tallying import (
    HOUSE_RULES, Answers, Question, Walk, house_rule, laid_over, setting_question, suggest, whole,
)


def play_tally(state: EDState, event: Event, found: Findings) -> EDState:
    """TALLY{state, reason}: the Lairs and chests read (tiles in the ``ed place`` notation or as records, every
    kind, colour and Artifact the box's: ED-TALLY-1), the state laid over (ED-TALLY-1), then the Lairs and counts
    checked (ED-TALLY-2: a cell typed twice, a Lair no rule builds) and the table judged as a whole
    (ED-STATE-1 to ED-STATE-23, ``state_check``)."""
    try:
        typed_state = read_players(dict(event.payload.get("state") or {}))
    except BadInput as exc:
        found.stop("ED-TALLY-1", str(exc))
    problem = laid_over(state, {**event.payload, "state": typed_state})
    if problem:
        found.stop("ED-TALLY-1", problem)
    typed: dict[str, Any] = dict(typed_state.get("players") or {})
    for name, p in state.players.items():
        if "chambers" not in dict(dict(typed.get(name) or {}).get("lair") or {}):
            p.lair.rebuild_chambers()
    for problem in duplicate_cells(typed_state) + limits(state):
        found.error("ED-TALLY-2", problem)
    if found.halted:  # refused: the engine judges the table as a whole only after a play it carries out, so here
        found.extend(check_state(state))  # (every problem said at once); else the engine's judge says it, once
    return state


def limits(st: EDState) -> list[str]:
    """Each Lair as the rules build one, its Chambers as its tiles make them, and no negative Gold."""
    problems = []
    for name, p in st.players.items():
        if p.gold < 0:
            problems.append(f"{name}'s Gold is {p.gold}; it cannot be below 0")
        lair = p.lair
        if len(lair.cells) > 1:
            for cell, placed in lair.cells.items():
                alone = lair.copy()
                alone.remove(cell)
                wrong = alone.placement_problem(cell, placed.edges)
                if wrong:
                    problems.append(f"{name}'s Lair: {placed.tile.name} at {cell[0]},{cell[1]}: {wrong}")
        rebuilt = lair.copy()
        rebuilt.rebuild_chambers()
        if rebuilt.chambers != lair.chambers:
            problems.append(f"{name}'s Lair: the Chambers typed are not the ones its tiles make "
                            f"({len(rebuilt.chambers)}; leave chambers out to have them worked out)")
    return problems


# -- the guided walk (``scorekeeper tally eight-dragons --players …``) --------------------------------------


def read_chests(text: str) -> list[dict[str, Any]]:
    """The Treasure Chests a Dragon holds: ``C1=c@T12 C2=o`` (on a tile, or kept)."""
    return [{**parse_chest(word), "kingdom": ""} for word in text.replace(",", " ").split()]


def read_royal(text: str) -> list[str]:
    """The Royal Challenges drawn (ED-SETUP-21), as the ``royal`` setting holds them: four cards
    ``METRIC:UPPER:LOWER`` (``smallest:6:3 artifacts:5:2 gold:8:4 wall:7:3``), a misspelled metric with the closest
    one suggested; ``none`` when they are not played."""
    words = text.replace(",", " ").split()
    if [w.lower() for w in words] == ["none"]:
        return []
    for word in words:
        metric, *gold = word.split(":")
        if metric not in ROYAL_METRICS:
            raise BadInput(f"no Royal Challenge {metric!r}{suggest(metric, list(ROYAL_METRICS))}; "
                           f"they are {', '.join(ROYAL_METRICS)}")
        if len(gold) != 2 or not all(g.isdigit() for g in gold):
            raise BadInput(f"{word!r}: a Challenge is METRIC:UPPER:LOWER, its Gold for 1st and 2nd, e.g. {metric}:6:3")
    if len(words) != 4:
        raise BadInput(f"2 Sinistra and 2 Dextra Challenges are drawn: give 4, not {len(words)}")
    return words


def tile_words_of(text: str) -> list[str]:
    """The tiles of a Lair line: separated by spaces (a face holds commas: ``G1/WOOWOW/g,1``)."""
    return text.split()


def free_name(used: Sequence[str]) -> str:
    """The first tile name ``T1``, ``T2`` … not among ``used``."""
    n = 1
    while f"T{n}" in used:
        n += 1
    return f"T{n}"


def read_lair(text: str) -> list[dict[str, Any]]:
    """A whole Lair on one line (issue 33: "an 8 Dragons Lair on one line in the notation ``ed place`` uses"): its
    tiles separated by spaces, each ``NAME=FACE@Q,R`` with ``rN`` turns (none when left out) or the edges as seen;
    a face typed without a name (``F1/WOOWWW/c@-1,1``) is named ``T1``, ``T2`` … in the order typed, skipping the
    names typed (field report TALLY-26). ``BadInput`` naming the tile that does not read."""
    words = tile_words_of(text)
    if not words:
        raise BadInput(f"the Lair's tiles, on one line: NAME=FACE@Q,R …, e.g. {EXAMPLE}")
    used = [word.partition("=")[0] for word in words if "=" in word.partition("@")[0]]
    cells = []
    for word in words:
        unnamed = None
        if "=" not in word.partition("@")[0]:
            unnamed = free_name(used)
            used.append(unnamed)
        try:
            cells.append(read_tile(word, unnamed))
        except BadInput as exc:
            said = str(exc)
            raise BadInput(said if word in said else f"{word}: {said}") from None
    return cells


def lair_words(before: str, answers: Answers) -> list[str]:
    """What Tab offers for the tile being typed (field report TALLY-26): the next free name with ``=`` (``T4=``),
    then that name with each face (``T4=F1/`` …, a Folk and level, the Starting, Starting Mission and Merchant
    faces), then the Missions after the face's edges (``…/craft:``)."""
    words = before.split(" ")
    word = words[-1]
    name, eq, face = word.partition("=")
    if not eq:
        used = [w.partition("=")[0] for w in tile_words_of(before) if "=" in w]
        return [f"{free_name(used)}="]
    if face.count("/") >= 2 or "@" in face:
        head = word.rpartition("/")[0]
        return [f"{head}/{kind}" for kind in MISSION_WORDS]
    return [f"{name}={face_word}" for face_word in FACE_WORDS]


def chest_words(before: str, answers: Answers) -> list[str]:
    """After ``C1=c@``, the tiles of the player's Lair (their names), else the Artifacts."""
    word = before.split(" ")[-1]
    head, at, _ = word.partition("@")
    if at:
        return [f"{head}@{cell['tile']['name']}" for cell in answers.get("lair") or ()] + [f"{head}@"]
    return []


def build(players: Sequence[str], table: Answers, each: Mapping[str, Answers]) -> dict[str, Any]:
    """The tally's state from the walk's answers: the game over, each Dragon's Gold, chests (placed) and Lair
    (its Chambers worked out from the tiles by the ``TALLY`` play)."""
    rows: dict[str, Any] = {}
    for name in players:
        got = each.get(name, {})
        row: dict[str, Any] = {"gold": got["gold"]} if "gold" in got else {}
        if "chests" in got:
            row.update(chests=got["chests"], chests_placed=True)
        if got.get("lair"):
            row["lair"] = {"cells": [[cell["at"], {"tile": cell["tile"], "rotation": cell["rotation"]}]
                                     for cell in got["lair"]]}
        rows[name] = row
    return {"state": {"over": True, "players": rows}}


#: what Tab completes in a tile: the faces (Folk and level, Starting, Starting Mission, Merchant), and Missions
FACE_WORDS = (*(f"{folk}{level}/" for folk in FOLKS for level in (1, 2)), "S/", "SM/", "M/", "MJ/")
MISSION_WORDS = tuple(f"{kind}:" for kind in MISSION_TYPES)

#: the settings a tally's score or checks read, each asked once (``docs/tally.md`` says why the others are not)
SETTING = {s.key: s for s in SETTINGS}


def _royal(table: Answers) -> bool:
    """The Royal Challenges' own rules are asked only when they are drawn."""
    return bool(table.get("royal"))


WALK = Walk(
    table=(
        setting_question(SETTING["royal"], "Royal Challenges", "the 4 drawn, METRIC:UPPER:LOWER Gold: "
                         "smallest:6:3 artifacts:5:2 gold:8:4 wall:7:3", read=read_royal,
                         words=tuple(f"{metric}:" for metric in ROYAL_METRICS)),
        HOUSE_RULES,
        *(house_rule(question) for question in (
            setting_question(SETTING["royal.after_chests"], "Challenges after chests",
                             "measured after the chests are placed? yes or no (A-35)", when=_royal),
            setting_question(SETTING["royal.gold_adjacency"], "Gold chain links",
                             "tiles linked by any shared edge or only open-open (A-33)", when=_royal),
            setting_question(SETTING["royal.gold_length"], "Gold chain length", "counted in tiles or coins (A-33)",
                             when=_royal),
            setting_question(SETTING["royal.wall_rule"], "wall segment", "a wall on either side or on both (A-34)",
                             when=_royal),
            setting_question(SETTING["colour.none"], "colourless tiles", "a tile of no Folk matches no colour, "
                             "every colour (joker) or its player's (A-04)"),
            setting_question(SETTING["score.specialists"], "Specialists", "a Chamber of the colour when all "
                             "three tiles are (all_three) or any one (A-37)"),
            setting_question(SETTING["score.market"], "Market Stalls", "2 Gold per depicted Artifact or per set "
                             "(A-39)"),
            setting_question(SETTING["score.lair_size"], "tiebreak Lair size", "smallest Lair counts all tiles or "
                             "Lair Tiles only (A-43)"),
        )),
    ),
    player=(
        Question("gold", "Gold", whole, "the Gold held, e.g. 15"),
        Question("lair", "Lair", read_lair, "every tile on one line, NAME=FACE@Q,R (rN: N turns): "
                 "T3=F1/WOOWWW/c@-1,1r4 T4=…; a face alone is named T1, T2 … in order; a Mission is on its tile's "
                 "face (T15=ME/OWWOOW/craft:cc@2,-2r4): its fulfilment is read from the Lair", complete=lair_words),
        Question("chests", "chests", read_chests, "on a tile or kept: C1=c@T12 C2=o (empty: none)",
                 complete=chest_words),
    ),
    build=build,
    compared=("Royal Challenges",),
    typed_when="every Lair is in",
)
