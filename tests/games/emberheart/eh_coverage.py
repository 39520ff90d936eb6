"""The rule coverage of Emberheart: every checklist rule ID → status → the tests that cite it.

``python tests/games/emberheart/eh_coverage.py`` rewrites the coverage table in ``docs/emberheart.md``
(between its markers); ``test_eh_docs.py`` checks that the table is current.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SPEC = Path("/work/shared/spec/emberheart.md")
SPEC_COPY = Path(__file__).resolve().parent / "golden" / "spec_rule_ids.txt"
DOCS = ROOT / "docs" / "emberheart.md"
TESTS = Path(__file__).resolve().parent
START, END = "<!-- coverage:start -->", "<!-- coverage:end -->"

#: implemented only in part, with the reason
PARTIAL: dict[str, str] = {}
#: not implemented, with the reason
NOT_DONE: dict[str, str] = {}
#: done, with a remark on how
REMARKS: dict[str, str] = {
    "EH-SETUP-1": "colours are optional (`colours` setting); when given, one per player and all different",
    "EH-SETUP-5": "the step is the `start_tracks` setting",
    "EH-SETUP-6": "one step per player by construction (`start_tracks`), so no INITIAL_ATTRIBUTE event",
    "EH-SETUP-12": "the table draws; the result is the `first_player` setting",
    "EH-SETUP-7": "offers are filled by CARD_REVEAL events; play is not refused while a slot is empty (`status` "
                  "lists what is still to reveal)",
    "EH-SETUP-14": "warning only, as AMB-31 says",
    "EH-FLAME-3": "the increase applies at once and the response adjusts it (same outcome); the response must come "
                  "before the player's next play, after which the increase stands as normal",
    "EH-SKILL-3B": "the extra step must come before the player's next play; a play with two advancements (Mountain "
                   "top + Peakwalker, AMB-17) may take one for each (the event's `track` picks)",
    "EH-AIDE-6": "rulebook reading: an unused Companion may join the new Party, only the recalled one may not "
                 "(conflict with the checklist, see below)",
    "EH-REW-7": "a reveal after the round's first turn is applied with a warning (the table may have forgotten it); "
                "in the Reward phase only into a slot no card left this round, at a Location not yet resolved",
    "EH-DRG-4": "until the first step-5 Gear conversion (AMB-28)",
    "EH-MTN-9": "a Party with no middle card left is retrieved by its `eh recall` (MTN_RETRIEVE), not automatically",
    "EH-RESET-7": "the Defender's discard is cleared at Reset; a Raid card revealed after the first turn warns",
    "EH-HERO-QUARTERMASTER-A": "automatic after the Raid (exotics count as blue), not a HERO_ABILITY event",
    "EH-END-9": "table entries other than 3 → 3 and 6 → 8 come from the `flame_glory` setting; never invented",
    "EH-ATTR-6": "`colour_tracks` setting; a warning until `colour_tracks_confirmed=yes`",
    "EH-GAR-5": "status notes it during the game; `check` warns at the end",
    "EH-HERO-GEN-7": "player order is enforced as: once a later player has used such an ability, an earlier "
                     "player's comes too late (AMB-33)",
}

_RANGE = re.compile(r"(EH-[A-Z0-9-]+-)(\d+)\.\.(\d+)")
_ID = re.compile(r"EH-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def spec_rules() -> list[tuple[str, str]]:
    """(rule ID, one-line rule) in checklist order (from the shared spec, or the copy kept beside the tests)."""
    if SPEC.exists():
        rows = []
        for line in SPEC.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\| (EH-[A-Z0-9-]+) \| (.*?) \|", line)
            if m and m.group(1) not in {r for r, _ in rows}:
                rows.append((m.group(1), m.group(2)))
        return rows
    return [tuple(line.split("\t", 1)) for line in SPEC_COPY.read_text(encoding="utf-8").splitlines()]


def cited(text: str) -> set[str]:
    ids = set(_ID.findall(text))
    for prefix, a, b in _RANGE.findall(text):
        ids.update(f"{prefix}{i}" for i in range(int(a), int(b) + 1))
    return ids


def tests_citing() -> dict[str, list[str]]:
    """Rule ID → the tests (file::function) whose name or docstring cites it."""
    found: dict[str, list[str]] = {}
    for path in sorted(TESTS.glob("test_eh_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                text = node.name.replace("_", "-").upper() + "\n" + (ast.get_docstring(node) or "")
                for rule in cited(text):
                    found.setdefault(rule, []).append(f"{path.stem}::{node.name}")
    return found


def table() -> str:
    citing = tests_citing()
    lines = ["| Rule ID | Rule | Status | Tests |", "|---|---|---|---|"]
    for rule, text in spec_rules():
        if rule in NOT_DONE:
            status = f"not done: {NOT_DONE[rule]}"
        elif rule in PARTIAL:
            status = f"partial: {PARTIAL[rule]}"
        else:
            status = "done" + (f" ({REMARKS[rule]})" if rule in REMARKS else "")
        tests = ", ".join(f"`{t}`" for t in citing.get(rule, [])[:3]) or "—"
        more = len(citing.get(rule, [])) - 3
        if more > 0:
            tests += f" (+{more})"
        lines.append(f"| {rule} | {text.replace('|', '/')} | {status} | {tests} |")
    return "\n".join(lines)


def rewrite_docs() -> None:
    text = DOCS.read_text(encoding="utf-8")
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    DOCS.write_text(f"{head}{START}\n{table()}\n{END}{tail}", encoding="utf-8")
    SPEC_COPY.write_text("\n".join(f"{r}\t{t}" for r, t in spec_rules()) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    rewrite_docs()
    print(f"rewrote the coverage table in {DOCS.relative_to(ROOT)}")
