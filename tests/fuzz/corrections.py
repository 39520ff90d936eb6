"""Malformed core events in a session file (field report 2026-12-06, TRUST-3): a correction, an assertion, a
note or a setting change whose payload has the wrong shape (one of its fields replaced by a hostile shape: a
list, a number, text, null, nested thousands deep…), appended to a game in progress with the hash chain
recomputed (so ``verify`` calls it intact and every command reads it), sometimes followed by a valid play-free
note; then a command reads or writes the session. None may end in an internal error."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.fuzz.arguments import SESSIONS, session_text, shown
from tests.fuzz.case import Case
from tests.fuzz.payloads import RAW, SHAPES, _name
from tests.fuzz.sandbox import Place

#: (type, the well-formed payload, the field made hostile)
TEMPLATES: list[tuple[str, dict[str, Any], str]] = [
    ("amend", {"target": 1, "changes": {"player": "x"}}, "changes"),
    ("amend", {"target": 1, "changes": {"x": 1}}, "target"),
    ("amend", {"target": 1, "changes": {"x": 1}, "player": "x"}, "player"),
    ("void", {"target": 1, "reason": "x"}, "target"),
    ("void", {"target": 1, "reason": "x"}, "reason"),
    ("assert", {"facts": {"round": 1}}, "facts"),
    ("note", {"text": "x"}, "text"),
    ("set", {"key": "x", "value": 1}, "key"),
]
COMMANDS = [["status"], ["score"], ["score", "--explain"], ["check"], ["log"], ["log", "--json"], ["verify"],
            ["report", "-o", "r.html"], ["audit", "LAST"], ["audit", "1"], ["state"], ["note", "x"], ["undo"],
            ["void", "LAST"], ["export"], ["export", "--to", "tally"], ["chart", "-o", "c.svg"],
            ["branch", "b.json"], ["compare", "session.json"], ["status", "--json"], ["check", "--json"]]


def cases(seed: int, count: int) -> list[Case]:
    rng = random.Random(f"{seed}-corrections")
    made = []
    for number in range(count):
        game = rng.choice(sorted(SESSIONS))
        cut = rng.choice([0.3, 0.6, 1.0])
        kind, payload, field = rng.choice(TEMPLATES)
        shape = rng.choice([s for s in SHAPES if not (isinstance(s, str) and len(s) > 100_000)])
        argv = list(rng.choice(COMMANDS))
        then_note = rng.random() < 0.3
        described = f"{game} cut {cut} {kind}.{field}={_name(shape)} note after={then_note}: {shown(argv)}"
        made.append(Case("corrections", number, described,
                         _runner(game, cut, kind, payload, field, shape, then_note, argv)))
    return made


def appended(text: str, kind: str, payload: dict[str, Any], field: str, shape: Any, then_note: bool) -> str:
    """The session ``text`` with a ``kind`` event whose ``field`` is ``shape`` appended, chained validly."""
    from scorekeeper.core.journal_format import event_hash, meta_hash, parse_meta

    data = json.loads(text)
    events = data["events"]
    keys = sorted(events, key=lambda k: events[k]["seq"])
    last = events[keys[-1]]
    bad = {**payload, field: shape}
    if "target" in bad and field != "target":
        bad["target"] = max(1, last["seq"] - 1)
    added = [{"seq": last["seq"] + 1, "type": kind, "player": None, "payload": bad,
              "recorded_at": last["recorded_at"], "forced": False}]
    if then_note:
        added.append({"seq": last["seq"] + 2, "type": "note", "player": None, "payload": {"text": "after"},
                      "recorded_at": last["recorded_at"], "forced": False})
    top = max(int(k) for k in keys)
    for n, record in enumerate(added, start=1):
        events[str(top + n)] = record
    try:
        prev = meta_hash(parse_meta(data["meta"], "session.json"))
        for key in sorted(events, key=lambda k: events[k]["seq"]):
            record = events[key]
            record["prev_hash"] = prev
            record["hash"] = prev = event_hash(record, prev)
    except Exception:
        pass  # a shape the product's own hashing refuses (NaN…): the chain stays broken, as an edit
    out = json.dumps(data, ensure_ascii=False)
    for placeholder, raw in RAW.items():
        out = out.replace(json.dumps(placeholder), raw)
    return out


def _runner(game: str, cut: float, kind: str, payload: dict[str, Any], field: str, shape: Any, then_note: bool,
            argv: list[str]):  # type: ignore[no-untyped-def]
    def run(place: Place) -> list[str]:
        from tests.fuzz.oracle import problems, snapshot
        from tests.fuzz.sandbox import run_cli

        place.fresh(None)
        text = appended(session_text(game, cut), kind, payload, field, shape, then_note)
        place.session.write_text(text, encoding="utf-8", errors="surrogatepass")
        last = str(max(e["seq"] for e in json.loads(session_text(game, cut))["events"].values()) + 1)
        words = [last if word == "LAST" else word for word in argv]
        before = snapshot(place)
        return problems(run_cli(place, words), before, snapshot(place))

    return run
