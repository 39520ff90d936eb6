"""The lines a table types in the guided walk for the end state of a bundled game (``sample_sessions/GAME/…``),
written out from that session's ``export --to tally``: what is on the table at the end, read as the walk asks it
(issue 33's closing note counts them: a 3-player Emberheart table in at most 25 answers, an 8 Dragons Lair in one
line)."""

from __future__ import annotations

from typing import Any

from scorekeeper import games
from scorekeeper.app.tally_walk import walk_for
from tests.tally.walk_lines import CONFIRM, lair_line

#: the bundled game each count is made of, by game
SESSIONS = {"emberheart": "emberheart/disputed.json", "flamecraft": "flamecraft/3p-complete.json",
            "eight-dragons": "eight-dragons/3p-board.json"}


def changed_settings(game: str, settings: dict[str, Any]) -> dict[str, Any]:
    """The settings an export holds that differ from the game's defaults (the walk asks only those)."""
    defaults = {s.key: s.default for s in games.declared_settings(games.entry(game))}
    return {key: value for key, value in settings.items() if key in defaults and value != defaults[key]}


def table(game: str, data: dict[str, Any]) -> list[tuple[str, str]]:
    """The table's questions, in the order asked, each answered as the export's settings say (Enter: the
    default); ``house rules`` yes only when one of the readings it opens differs from the book's."""
    settings = changed_settings(game, dict(data.get("settings") or {}))
    said: dict[str, str] = {}
    if game == "eight-dragons" and settings.get("royal"):
        said["royal"] = " ".join(settings["royal"])
    flame = dict(data["state"].get("settings") or {}).get("flame_glory") or settings.get("flame_glory")
    if game == "emberheart" and flame:  # the table in force at the end (set during play)
        said["flame_glory"] = " ".join(f"{k}={v}" for k, v in flame.items())
    if game == "flamecraft":
        trigger = dict(data["state"].get("end_trigger") or {})
        if trigger.get("player"):
            said["end"] = f"{trigger['player']} {'artisan' if trigger['deck'] == 'artisan' else 'enchantment'}"
    questions = walk_for(game)[1].table
    opened = {q.key for q in questions if q.when is not None and q.key in settings}
    answers: dict[str, Any] = {}
    typed = []
    for question in questions:
        if question.when is not None and not question.when(answers):
            continue
        if question.key == "house_rules":
            text = "yes" if opened else ""
        else:
            text = said.get(question.key, str(settings[question.key]).lower() if question.key in settings else "")
        answers[question.key] = question.read(text)
        typed.append((f"table · {question.label}", text))
    return typed


def emberheart_card(card: dict[str, Any], cards: dict[str, Any]) -> str:
    """A card as the walk reads it, with what it is attached to (a Hero by its name, a Preserve by its colour)."""
    if card["kind"] == "hero":
        return f"hero {card['hero']}"
    colour = "exotic" if card.get("exotic") else card["colour"]
    words = [card["kind"], colour] + ([str(card["glory"])] if card["kind"] != "preserve" else [])
    if card["kind"] == "garrison":
        words += ["+".join(f"{r['count']}{r['item']}" for r in card.get("reqs") or []), card.get("track") or ""]
    if card.get("completed"):
        words.append("done")
    holder = cards.get(card.get("attached_to") or "")
    if holder is not None:
        words += ["on", holder["hero"] if holder["kind"] == "hero" else f"preserve {holder['colour']}"]
        if card.get("gear_on"):
            words.append("gear")
    return " ".join(w for w in words if w)


def players(game: str, data: dict[str, Any]) -> list[tuple[str, str]]:
    """Each player's lines, as the walk asks them."""
    state, catalog = data["state"], dict(data.get("catalog") or {})
    typed: list[tuple[str, str]] = []
    if game == "emberheart":
        cards = state["cards"]
        for name, p in zip(data["players"], state["players"]):
            board = f"{p['flame']} {p['gear']} " + " ".join(str(p["attrs"][t]) for t in ("strength", "senses", "speed"))
            if p.get("end_gear") is not None and p["end_gear"] > p["gear"]:
                board = (f"flame={p['flame']} gear={p['gear']} " + " ".join(f"{t}={p['attrs'][t]}" for t in
                         ("strength", "senses", "speed")) + f" discarded={p['end_gear'] - p['gear']}")
            typed.append((f"{name} · board", board))
            typed.append((f"{name} · Hirelings", " ".join(f"{k}={v}" for k, v in p["hire"].items() if v)))
            held = [cards[c] for c in p["cards"]]
            first = [c for c in held if c["kind"] in ("hero", "preserve")]  # holders before what they hold
            typed.append((f"{name} · cards", ", ".join(emberheart_card(c, cards) for c in
                                                      first + [c for c in held if c not in first])))
            typed.append((f"{name} · cards", ""))
    elif game == "flamecraft":
        faces = dict(catalog.get("fancy") or {})
        moon = dict(state.get("moon") or {})
        for name in data["players"]:
            p = state["players"][name]
            typed += [(f"{name} · reputation", str(p["rep"])), (f"{name} · coins", str(p["coins"])),
                      (f"{name} · goods", " ".join(f"{k}={v}" for k, v in p["goods"].items() if v)),
                      (f"{name} · hand", str(len(p["hand"])) if p["hand"] else ""),
                      (f"{name} · fancy dragons", " ".join(f"{c}={faces[c]}" for c in p["fancies"]))]
            mine = [c for c in p["fancies"] if faces[c].startswith("moon")]
            if mine:
                typed.append((f"{name} · Moon dragons met", " ".join(f"{c}={'yes' if moon.get(c) else 'no'}"
                                                                      for c in mine)))
    else:
        for name in data["players"]:
            p = state["players"][name]
            typed.append((f"{name} · Gold", str(p["gold"])))
            typed.append((f"{name} · Lair", lair_line(p, every_turn=False)))
            chests = [f"{c['id']}={c['artifacts']}" + (f"@{c['on']}" if c["on"] else "") for c in p["chests"]]
            typed.append((f"{name} · chests", " ".join(chests)))
    return typed


def lines(game: str, data: dict[str, Any]) -> list[tuple[str, str]]:
    """Every line typed for the end state in ``data`` (an ``export --to tally``), each with its prompt, the
    closing ``yes`` included."""
    return table(game, data) + players(game, data) + [(CONFIRM, "yes")]
