"""docs/emberheart.md is current: every checklist rule ID has a status and, when done, a test citing it."""

from __future__ import annotations

import eh_coverage
from scorekeeper.cli.emberheart import group
from scorekeeper.games.emberheart import GAME


def test_coverage_table_lists_every_rule_with_its_status_and_real_tests() -> None:
    """Every rule ID has its row and status; every test the table names exists (regenerate with
    ``python tests/games/emberheart/eh_coverage.py``)."""
    import re

    text = eh_coverage.DOCS.read_text(encoding="utf-8")
    rows = {line.split(" | ")[0].lstrip("| "): line for line in text.splitlines() if line.startswith("| EH-")}
    expected = {line.split(" | ")[0].lstrip("| "): line for line in eh_coverage.table().splitlines()
                if line.startswith("| EH-")}
    assert rows.keys() == expected.keys()
    for rule, line in expected.items():
        assert rows[rule].split(" | ")[2] == line.split(" | ")[2], rule  # the status
    citing = {t for tests in eh_coverage.tests_citing().values() for t in tests}
    for named in re.findall(r"`(test_eh_\w+::\w+)`", text):
        assert named in citing, f"the docs name {named}, which does not cite that rule any more"


def test_every_rule_has_a_status_and_every_done_rule_a_test() -> None:
    rules = [r for r, _ in eh_coverage.spec_rules()]
    assert len(rules) == 240
    citing = eh_coverage.tests_citing()
    untested = [r for r in rules if r not in eh_coverage.NOT_DONE and not citing.get(r)]
    assert untested == []


def test_docs_list_every_command_and_setting() -> None:
    text = eh_coverage.DOCS.read_text(encoding="utf-8")
    for name in group.commands:
        assert f"`{name}" in text, name
    for setting in GAME.settings:
        assert f"`{setting.key}`" in text or f"`{setting.key}` " in text or setting.key in text, setting.key
    assert "## Conflicts with the checklist" in text
