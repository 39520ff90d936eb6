"""Hostile payload shapes hand-edited into a session file: one event's payload (or one of its fields, or the
event document, or the metadata) replaced by a shape no command would write — nested thousands deep, a number
of thousands of digits, 1e999, NaN, a megabyte of text, the wrong type — with the hash chain recomputed (so the
journal reads as intact and the shape reaches the game) or left as it is (an edit ``verify`` names); then a
command drawn from the argument fuzz runs on it."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.fuzz.arguments import build_cases, session_text, shown
from tests.fuzz.case import Case
from tests.fuzz.sandbox import Place

#: placeholders written as JSON text that Python cannot produce (``json.dumps`` refuses them)
RAW = {
    "__DEEP__": "[" * 5000 + "]" * 5000,
    "__DEEPOBJ__": '{"a":' * 3000 + "1" + "}" * 3000,
    "__HUGE__": "9" * 5000,
    "__NEGHUGE__": "-" + "9" * 4400,
    "__BIGFLOAT__": "1e999",
    "__NAN__": "NaN",
    "__INF__": "-Infinity",
}
SHAPES: list[Any] = [
    *RAW, None, True, 0, -1, 2**63, 1.5, "", "x" * 1_000_000, "\x00\x1b[31m", [], {}, [[]], {"": None},
    [None] * 50, ["x"] * 10_000, {"k" * 5000: 1}, {"type": "note"}, ["a", 1, None, {}], "\ud800",
]


def cases(seed: int, count: int) -> list[Case]:
    rng = random.Random(f"{seed}-payloads")
    drawn = build_cases(seed + 2, max(count * 2, 8))
    made = []
    for number in range(count):
        game, argv, cut = rng.choice(drawn)
        if rng.random() < 0.3:
            argv = [rng.choice(["status", "score", "check", "log", "verify", "report", "export", "audit", "state",
                                "note", "undo", "standings", "settings", "sessions", "chart", "compare"])]
            argv += {"report": ["-o", "r.html"], "audit": ["1"], "standings": ["."], "note": ["x"],
                     "compare": ["session.json"]}.get(argv[0], [])
        where = rng.choice(["payload", "field", "field", "document", "meta", "events"])
        shape = rng.choice(SHAPES)
        rechain = rng.random() < 0.6
        at = rng.random()
        described = f"{game} cut {cut} {where}={_name(shape)} rechain={rechain} at={at:.2f}: {shown(argv)}"
        run = _runner(game, cut, where, shape, rechain, at, argv, rng.random())
        made.append(Case("payloads", number, described, run))
    return made


def _name(shape: Any) -> str:
    text = repr(shape)
    return text if len(text) < 30 else text[:20] + f"…({len(text)})"


def edited(text: str, where: str, shape: Any, rechain: bool, at: float, pick: float) -> str:
    """The session ``text`` with ``shape`` put ``where`` in the event at share ``at`` of the journal."""
    from scorekeeper.core.journal_format import event_hash, meta_hash, parse_meta

    data = json.loads(text)
    events = data["events"]
    keys = sorted(events, key=lambda k: events[k]["seq"])
    doc = events[keys[min(len(keys) - 1, int(at * len(keys)))]]
    if where == "payload":
        doc["payload"] = shape
    elif where == "field":
        fields = list(doc["payload"]) or ["x"]
        doc["payload"][fields[int(pick * len(fields))]] = shape
    elif where == "document":
        doc[["seq", "type", "player", "forced", "recorded_at", "payload"][int(pick * 6)]] = shape
    elif where == "meta":
        meta = data["meta"]["1"]
        field = ["players", "settings", "game", "catalog", "schema", "setting_sources"][int(pick * 6)]
        meta[field] = shape
    else:
        events[keys[-1]] = shape
    if rechain:
        try:
            prev = meta_hash(parse_meta(data["meta"], "session.json"))
            for key in keys:
                record = events[key]
                if isinstance(record, dict):
                    record["prev_hash"] = prev
                    record["hash"] = prev = event_hash(record, prev)
        except Exception:
            pass  # a shape the product's own hashing refuses: the chain stays as it was
    out = json.dumps(data, ensure_ascii=False)
    for placeholder, raw in RAW.items():
        out = out.replace(json.dumps(placeholder), raw)
    return out


def _runner(game: str, cut: float, where: str, shape: Any, rechain: bool, at: float, argv: list[str],
            pick: float):  # type: ignore[no-untyped-def]
    def run(place: Place) -> list[str]:
        from tests.fuzz.oracle import problems, snapshot
        from tests.fuzz.sandbox import run_cli

        place.fresh(None)
        place.session.write_text(edited(session_text(game, cut), where, shape, rechain, at, pick),
                                 encoding="utf-8", errors="surrogatepass")
        before = snapshot(place)
        return problems(run_cli(place, argv), before, snapshot(place))

    return run
