"""docs/eight-dragons.md is honest: the rule coverage table (checks shared by the three games, in
``tests/rule_coverage.py``; regenerate with ``python -m tests.rule_coverage eight-dragons``), and every setting
is documented."""

from __future__ import annotations

from tests.rule_coverage import GAMES, CoverageChecks


class TestRuleCoverage(CoverageChecks):
    game = GAMES["eight-dragons"]


def test_every_setting_is_documented() -> None:
    from scorekeeper.games.eight_dragons import GAME

    text = GAMES["eight-dragons"].docs.read_text(encoding="utf-8")
    for setting in GAME.settings:
        assert f"| `{setting.key}` |" in text, setting.key
