"""docs/emberheart.md is current: the rule coverage table (checks shared by the three games, in
``tests/rule_coverage.py``; regenerate with ``python -m tests.rule_coverage emberheart``), every command and
every setting."""

from __future__ import annotations

from tests.rule_coverage import GAMES, CoverageChecks

DOCS = GAMES["emberheart"].docs


class TestRuleCoverage(CoverageChecks):
    game = GAMES["emberheart"]


def test_docs_list_every_command_and_setting() -> None:
    from scorekeeper.cli.emberheart import group
    from scorekeeper.games.emberheart import GAME

    text = DOCS.read_text(encoding="utf-8")
    for name in group.commands:
        assert f"`{name}" in text, name
    for setting in GAME.settings:
        assert f"`{setting.key}`" in text or f"`{setting.key}` " in text or setting.key in text, setting.key
    assert "## Conflicts with the checklist" in text
