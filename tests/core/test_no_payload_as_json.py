"""No line a person reads shows a payload as JSON (issue 36: "No verdict, log line, audit or report shows a
payload as JSON"): every ``log`` line and the audit of every event of every bundled sample are words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.app.session import Session
from scorekeeper.render.verdicts import audit_lines

ROOT = Path(__file__).resolve().parents[2] / "sample_sessions"
SAMPLES = sorted(p for p in ROOT.glob("*/*.json") if p.name != "manifest.json" and p.parent.name != "inputs")
#: a JSON object or list as json.dumps or Python's repr prints one: {"key": …, {'key': …, ["a", …
AS_JSON = re.compile(r"""[{\[]\s*["']|"\s*:\s|\{\s*\}""")


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_log_and_the_audits_say_payloads_in_words(sample: Path) -> None:
    s = Session.open(sample, cached=False)
    shown = [f"#{row['seq']} {row['description']}" for row in s.log()]
    for event in s.events[::7]:  # every seventh event's audit: the audit reads the same describe, with its board
        shown += [f"audit #{event.seq}: {line}" for line in audit_lines(s.audit(event.seq), s.game)]
    as_json = [line for line in shown if AS_JSON.search(line)]
    assert not as_json, "\n".join(as_json[:10])


def test_a_setting_changed_to_a_mapping_is_said_as_pairs() -> None:
    """The first event of an Emberheart sample sets the Flame → Glory table: ``set flame_glory to 1 → 1, 2 → 2, …``."""
    s = Session.open(ROOT / "emberheart" / "four-players.json", cached=False)
    first = s.log()[0]["description"]
    assert first.startswith("set flame_glory to 1 → 1, 2 → 2, 4 → 5"), first
