"""`scorekeeper rules`: every rule ID explained in the project's own words, and the summary beside each verdict."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scorekeeper.games import REGISTRY
from scorekeeper.app.rule_summaries import CORE, find, game_rules
from tests.conftest import Cli
from tests.registry import games, package_of

ROOT = Path(__file__).resolve().parents[2]
GAMES = {g.name: package_of(g) for g in games()}  # game name → package: every game explained
SAMPLES = ROOT / "sample_sessions"


def golden(package: str) -> dict[str, str]:
    lines = (ROOT / "tests" / "games" / package / "golden" / "spec_rule_ids.txt").read_text(encoding="utf-8")
    return dict(line.split("\t", 1) for line in lines.splitlines() if "\t" in line)


@pytest.mark.parametrize("name,package", GAMES.items())
def test_every_checklist_and_cited_rule_has_a_summary_of_its_own(name: str, package: str) -> None:
    checklist = golden(package)
    rules = {r.id: r for r in game_rules(name)}
    assert list(rules)[:len(checklist)] == list(checklist)  # every checklist ID, in checklist order
    own = set(rules) - set(checklist)  # then the project's own IDs (adjust's key check…), each cited in the code
    prefix = next(g.rule_prefix for g in REGISTRY if g.name == name)
    cited: set[str] = set()
    for path in (ROOT / "scorekeeper" / "games" / package).rglob("*.py"):
        if path.name != "rule_summaries.py":
            cited |= set(re.findall(rf"\b{prefix}-[A-Z0-9]+(?:-[A-Z0-9]+)*-[A-Z0-9]*\d[A-Z]?\b|\b{prefix}-[A-Z0-9]+-\d+\b",
                                    path.read_text(encoding="utf-8")))
    assert cited and cited <= set(rules) and own <= cited
    for rule in rules.values():
        assert rule.summary and len(rule.summary) <= 100 and "\n" not in rule.summary, rule.id
        assert rule.summary.lower() != checklist.get(rule.id, "").strip().lower(), rule.id
        assert rule.section and "\n" not in rule.section, rule.id


def test_the_engine_s_own_rules_are_explained() -> None:
    cited = set()
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        cited |= set(re.findall(r"\bCORE-[A-Z]+\b", path.read_text(encoding="utf-8")))
    assert {"CORE-PAYLOAD", "CORE-TYPE", "CORE-TARGET", "CORE-ASSERT", "CORE-SET", "CORE-INTERNAL"} <= cited
    assert cited <= set(CORE)
    assert find("core-type") is not None and find("core-type").id == "CORE-TYPE"  # type: ignore[union-attr]


def test_rules_lists_a_game_within_80_columns(cli: Cli) -> None:
    result = cli("rules", "eh")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == ["EH-SETUP-1  Setup",
                         "    Two to four players, each with their own colour, seated in a fixed order"]
    assert max(len(line) for line in lines) <= 80
    assert sum(1 for line in lines if line.startswith("EH-")) == len(game_rules("emberheart")) >= len(golden("emberheart"))


def test_rules_json_is_valid_and_complete(cli: Cli) -> None:
    data = json.loads(cli("rules", "emberheart", "--json").stdout)
    assert [d["id"] for d in data] == [r.id for r in game_rules("emberheart")]
    assert [d["id"] for d in data][:len(golden("emberheart"))] == list(golden("emberheart"))
    assert all(set(d) == {"id", "summary", "section"} and d["summary"] and d["section"] for d in data)
    one = json.loads(cli("rules", "eh-flow-2", "--json").stdout)
    assert one == [{"id": "EH-FLOW-2", "section": "Game Structure",
                    "summary": "Each play belongs to its phase: no placing Parties in Reward, no claiming in Action"}]


def test_rules_shows_one_rule_in_any_case(cli: Cli) -> None:
    result = cli("rules", "eh-act-4")
    assert result.exit_code == 0
    assert result.output == ("EH-ACT-4  I. Action Phase › Sending a Party to a Common Location\n"
                             "    Bring as many Hirelings as the space's number (fewer only thanks to\n"
                             "      Strength), 5 at most\n")


def test_an_unknown_rule_is_one_line_naming_the_closest(cli: Cli) -> None:
    result = cli("rules", "EH-FLOW-22")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "error: unknown rule 'EH-FLOW-22'; closest: EH-FLOW-2, EH-FLOW-6, EH-FLOW-5\n"
    other = cli("rules", "nonsense")
    assert other.exit_code == 2 and len(other.stderr.splitlines()) == 1 and "scorekeeper rules GAME" in other.stderr


def test_check_audit_and_check_json_show_the_summary(cli: Cli) -> None:
    path = str(SAMPLES / "emberheart" / "disputed.json")
    check = cli("check", "--session", path)
    assert check.exit_code == 1
    lines = check.output.splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith("#25 EH-ACT-4: "))
    summary = next(line for line in lines[at + 1:] if line.startswith("    EH-ACT-4: "))
    assert summary == "    EH-ACT-4: Bring as many Hirelings as the space's number (fewer only thanks"
    assert max(len(line) for line in lines if not line.startswith("#")) <= 80
    data = json.loads(cli("check", "--session", path, "--json").stdout)["violations"]
    assert all(v["summary"] == find(v["rule"]).summary for v in data)  # type: ignore[union-attr]
    audit = cli("audit", "25", "--session", path)
    assert "    EH-ACT-4: Bring as many Hirelings as the space's number" in audit.output


def test_a_refusal_shows_the_summary_on_its_own_line(cli: Cli) -> None:
    cli("new", "emberheart", "--players", "Ann,Bo")
    result = cli("eh", "place", "tavern", "4", "3G")
    assert result.exit_code == 1
    first, *rest = result.stderr.splitlines()
    assert first.startswith("refused: ")
    rule = re.match(r"refused: ([A-Z0-9-]+):", first).group(1)  # type: ignore[union-attr]
    assert rest and rest[0].startswith(f"  {rule}: {find(rule).summary[:30]}")  # type: ignore[union-attr]
