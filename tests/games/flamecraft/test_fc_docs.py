"""docs/flamecraft.md stays true: the rule coverage table (checks shared by the three games, in
``tests/rule_coverage.py``; regenerate with ``python -m tests.rule_coverage flamecraft``), and the walkthroughs
run."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Cli
from tests.rule_coverage import GAMES, CoverageChecks

ROOT = Path(__file__).resolve().parents[3]
DOC = GAMES["flamecraft"].docs


class TestRuleCoverage(CoverageChecks):
    game = GAMES["flamecraft"]


SH_BLOCKS = [block.split("```", 1)[0] for block in DOC.read_text().split("```sh\n")[1:]]


@pytest.mark.parametrize("block", SH_BLOCKS, ids=[f"block{i + 1}" for i in range(len(SH_BLOCKS))])
def test_the_walkthroughs_in_the_docs_run(cli: Cli, monkeypatch: pytest.MonkeyPatch, block: str) -> None:
    """Every shell block of docs/flamecraft.md, run command by command through the CLI, succeeds (exit 0)."""
    import shlex

    monkeypatch.chdir(ROOT)
    for line in block.splitlines():
        words = shlex.split(line, comments=True)
        assert words[0] == "scorekeeper"
        args = words[1:]
        if args[0] == "new":
            args += ["--session", str(cli.session)]
        result = cli(*args)
        assert result.exit_code == 0, f"{line}: {result.output}"


def test_there_are_two_walkthroughs() -> None:
    """The short start-to-end walkthrough and the whole game with every kind of play."""
    assert len(SH_BLOCKS) >= 2 and all(block.startswith("scorekeeper new flamecraft") for block in SH_BLOCKS)
