"""docs/flamecraft.md stays true: every checklist rule is in the coverage table with a status, and every
test it names exists and cites that rule in its name or docstring."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.conftest import Cli

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
DOC = ROOT / "docs" / "flamecraft.md"
SPEC = ROOT.parent / "shared" / "spec" / "flamecraft.md"


def coverage() -> dict[str, tuple[str, list[str]]]:
    rows = {}
    for line in DOC.read_text().splitlines():
        match = re.match(r"\| (FC-[A-Z0-9-]+\d) \| (.+?) \| (.+) \|$", line)
        if match:
            rows[match.group(1)] = (match.group(2), re.findall(r"`(test_\w+)`", match.group(3)))
    return rows


def cited_in_tests() -> dict[str, str]:
    found = {}
    for path in HERE.glob("test_*.py"):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test"):
                found[node.name] = node.name + " " + (ast.get_docstring(node) or "")
    return found


def test_every_row_has_a_status_and_real_tests_citing_the_rule() -> None:
    rows = coverage()
    assert len(rows) == 154
    tests = cited_in_tests()
    for rule, (status, named) in rows.items():
        assert status.startswith(("done", "partial", "not done")), rule
        if not status.startswith("not done"):
            assert named, f"{rule} is {status} but names no test"
        for name in named:
            assert name in tests, f"{rule}: no test {name}"
            assert re.search(re.escape(rule) + r"(?![0-9])", tests[name]), f"{name} does not cite {rule}"


@pytest.mark.skipif(not SPEC.exists(), reason="the checklist lives outside the repository")
def test_the_table_lists_exactly_the_checklist_rules() -> None:
    ids = re.findall(r"^\| (FC-[A-Z0-9-]+\d) \|", SPEC.read_text(), flags=re.M)
    assert set(ids) == set(coverage())


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
