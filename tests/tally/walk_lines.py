"""The lines a table would type in the guided tally walk for each game's sample tally (``sample_sessions/inputs``),
written out from the sample's own data: the walk's tests type them and compare the score with ``tally --from``."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from scorekeeper.app.tally_walk import walk_for
from scorekeeper.games.eight_dragons.tiles import Mission, Tile

INPUTS = Path(__file__).resolve().parents[2] / "sample_sessions" / "inputs"
SAMPLES = {"emberheart": "emberheart-tally.toml", "flamecraft": "flamecraft-tally.toml",
           "eight-dragons": "eight-dragons-tally.json"}


def lair_line(player: dict[str, Any], every_turn: bool = True) -> str:
    """An 8 Dragons player's Lair (as ``state --json`` has it) as the walk takes it, on one line: each tile as
    ``NAME=FACE@Q,R`` and its turn (``rN``; with ``every_turn`` False, none for a tile not turned)."""
    tiles = []
    for (q, r), placed in player["lair"]["cells"]:
        t = placed["tile"]
        mission = Mission(t["mission"]["type"], tuple(t["mission"]["artifacts"]), t["mission"]["colour"]) \
            if t["mission"] else None
        tile = Tile(t["name"], t["kind"], t["colour"], t["edges"], tuple((a, n) for a, n in t["artifacts"]),
                    t["gold"], mission, t["joker"])
        turn = f"r{placed['rotation']}" if every_turn or placed["rotation"] else ""
        tiles.append(f"{t['name']}={tile.notation()}@{q},{r}{turn}")
    return " ".join(tiles)


def sample(game: str) -> dict[str, Any]:
    """The sample tally file of ``game``, as data."""
    path = INPUTS / SAMPLES[game]
    text = path.read_text(encoding="utf-8")
    data: dict[str, Any] = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    return data


def emberheart_card(card: dict[str, Any], cards: dict[str, Any]) -> str:
    """A card as the walk reads it: ``captive red 5 on paragon``."""
    if card["kind"] == "hero":
        return f"hero {card['hero']}"
    words = [card["kind"], card["colour"]] + ([str(card["glory"])] if card["kind"] != "preserve" else [])
    if card.get("completed"):
        words.append("done")
    if card.get("attached_to"):
        words += ["on", cards[card["attached_to"]]["hero"]]
    return " ".join(words)


def lines(game: str, table: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """Every line typed for ``game``'s sample, each with the prompt it answers (the empty lines that close a list
    and the final ``yes`` included); the table's questions answered as ``table`` says by label (else as the
    sample's settings say)."""
    data = sample(game)
    typed = table_lines(game, data, table)
    state = data["state"]
    if game == "emberheart":
        for p in state["players"]:
            name = p.get("name") or data["players"][len([t for t in typed if t[0].endswith("· board")])]
            board = [p["flame"], p["gear"], *(p["attrs"][t] for t in ("strength", "senses", "speed"))]
            typed.append((f"{name} · board", " ".join(map(str, board))))
            typed.append((f"{name} · Hirelings", ""))  # Enter keeps the setup's, as the sample does
            typed += [(f"{name} · cards", emberheart_card(state["cards"][c], state["cards"])) for c in p["cards"]]
            typed.append((f"{name} · cards", ""))
    elif game == "flamecraft":
        for name in data["players"]:
            p = state["players"][name]
            typed += [(f"{name} · reputation", str(p["rep"])), (f"{name} · coins", str(p["coins"])),
                      (f"{name} · goods", " ".join(f"{k}={v}" for k, v in p["goods"].items())),
                      (f"{name} · hand", " ".join(p["hand"])), (f"{name} · fancy dragons", "")]
    else:
        for name in data["players"]:
            p = state["players"][name]
            typed.append((f"{name} · Gold", str(p["gold"])))
            typed.append((f"{name} · Lair", lair_line(p)))  # the whole Lair on one line
            typed.append((f"{name} · chests", " ".join(f"{c['id']}={c['artifacts']}" + (f"@{c['on']}" if c["on"] else "")
                                                       for c in p["chests"])))
    return typed + [(CONFIRM, "yes")]


def table_lines(game: str, data: dict[str, Any], typed: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """The questions asked once for the table, in the order the game's walk asks them (a question asked only
    when an earlier answer calls for it, then), each answered as ``typed`` says by its label, or else as the
    sample's settings say (Enter: the default); ``house rules`` is answered yes when one of the questions it opens
    is answered so."""
    given = {key: " ".join(f"{k}={v}" for k, v in value.items()) if isinstance(value, dict) else str(value)
             for key, value in dict(data.get("settings") or {}).items()}
    questions = walk_for(game)[1].table
    every_other_yes = {"royal": ["drawn"], "side": {"side": "B"}}  # what the other conditions of a question ask
    house = [q for q in questions if q.when is not None and not q.when({**every_other_yes, "house_rules": False})]
    answers: dict[str, Any] = {}
    asked = []
    for question in questions:
        if question.when is None or question.when(answers):
            text = (typed or {}).get(question.label, given.get(question.key, ""))
            if question.key == "house_rules" and question.label not in (typed or {}):  # yes when one is answered
                text = "yes" if any(q.label in (typed or {}) or q.key in given for q in house) else ""
            answers[question.key] = question.read(text)
            asked.append((f"table · {question.label}", text))
    return asked


#: the prompt of the summary, before anything is written
CONFIRM = "write it? (yes, back, quit)"
