"""The shared rule-coverage mechanism (tests/rule_coverage.py), on a toy game in a temporary repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rule_coverage import END, HEADER, NEW_RULE, RULE, START, Coverage, Game, cited, read_golden, regenerate

SPEC = """# Toy checklist

| ID | Rule | Kind |
|---|---|---|
| TY-A-1 | one | legality |
| TY-A-2 | two | state |
| TY-A-3 | three | state |
| TY-B-1 | bee | scoring |

| Section | Rules |
|---|---|
| TY-A | 3 |
"""

TESTS = '''
def test_ty_a_1_is_checked():
    """By name only."""

def test_ranges():
    """TY-A-2..3, and TY-B-1."""

class TestGrouped:
    def test_method(self):
        """TY-A-1 again."""
'''


def table(*rows: str) -> str:
    return "\n".join(["# Toy", "", "Explained here.", START, HEADER, RULE, *rows, END, "", "## After", "kept", ""])


@pytest.fixture
def toy(tmp_path: Path) -> Game:
    game = Game.standard("toy", "TY", "toy", root=tmp_path / "repo")
    game.package.mkdir(parents=True)
    (game.package / "rules.py").write_text("# TY-A-1, TY-A-2/3\n")
    (game.package / "more.py").write_text('"""TY-A-1 to 2"""\n')
    cli = game.package.parents[1] / "cli"
    cli.mkdir()
    (cli / "toy.py").write_text("# TY-B-1\n")
    game.tests.mkdir(parents=True)
    (game.tests / "test_toy.py").write_text(TESTS)
    game.docs.parent.mkdir(parents=True)
    game.docs.write_text(table("| TY-A-1 | done | — | — |", "| TY-A-2 | partial: half | — | — |",
                               "| TY-B-1 | done: noted | — | — |", "| TY-Z-9 | done | — | — |"))
    game.spec.parent.mkdir(parents=True)
    game.spec.write_text(SPEC)
    return game


def test_citations_literal_in_a_name_ranges_and_lists() -> None:
    assert cited("see EH-REW-7.", "EH") >= {"EH-REW-7"}
    assert "EH-REW-7" in cited("TEST-EH-REW-7-THE-TABLE-FORGOT", "EH")
    assert "EH-SKILL-3" not in cited("EH-SKILL-3B", "EH") and "EH-SKILL-3B" in cited("EH-SKILL-3B", "EH")
    assert "FC-GEN-2" not in cited("FC-GEN-21", "FC")
    assert {f"EH-MTN-{n}" for n in range(2, 16)} <= cited("EH-MTN-2..15", "EH")
    assert {"ED-FLY-1", "ED-FLY-5", "ED-FLY-10"} <= cited("ED-FLY-1…10", "ED")
    assert {"FC-PLACE-1", "FC-PLACE-4", "FC-PLACE-7"} <= cited("FC-PLACE-1 to 7", "FC")
    assert {"FC-ART-GAIN3-1", "FC-ART-GAIN3-2"} <= cited("FC-ART-GAIN3-1/2", "FC")
    assert {"EH-SKILL-1A", "EH-SKILL-1B"} <= cited("EH-SKILL-1A/1B", "EH")
    assert "EH-CMP-6" not in cited("EH-CMP-5/7/8", "EH")
    assert "FC-GEN-1" not in cited("XFC-GEN-1", "FC")


def test_regeneration_keeps_statuses_and_computes_where_and_tested_by(toy: Game) -> None:
    changes, problems = regenerate(toy)
    text = toy.docs.read_text()
    assert text.startswith("# Toy\n\nExplained here.\n") and text.endswith(f"{END}\n\n## After\nkept\n")
    body = text.split(START)[1].split(END)[0].strip().splitlines()
    assert body == [
        HEADER, RULE,
        "| TY-A-1 | done | `more.py`, `rules.py` | `test_toy.py::test_ty_a_1_is_checked`, "
        "`test_toy.py::TestGrouped::test_method` |",
        "| TY-A-2 | partial: half | `more.py`, `rules.py` | `test_toy.py::test_ranges` |",
        f"| TY-A-3 | {NEW_RULE} | `rules.py` | `test_toy.py::test_ranges` |",
        "| TY-B-1 | done: noted | — | `test_toy.py::test_ranges` |",
    ]
    assert read_golden(toy) == [("TY-A-1", "one"), ("TY-A-2", "two"), ("TY-A-3", "three"), ("TY-B-1", "bee")]
    assert any("TY-Z-9" in change for change in changes) and any("TY-A-3" in change for change in changes)
    # TY-B-1 is cited only in scorekeeper/cli/, which does not count
    assert problems == ["TY-B-1 is done but no module of scorekeeper/games/toy/ cites it"]
    assert regenerate(toy) == ([], problems)


def test_the_checks_find_what_is_wrong(toy: Game) -> None:
    toy.docs.write_text(table(
        "| TY-A-1 | done | `rules.py` | `test_toy.py::test_ranges`, `test_toy.py::test_gone` |",
        "| TY-A-1 | not done | — | — |",
        "| TY-A-2 | maybe | — | — |",
        "| TY-B-1 | partial | `more.py` | — |",
        "| TY-A-3 | done | — |",
    ))
    coverage = Coverage(toy)
    assert coverage.form_problems() == [
        "TY-A-1: a 'not done' row must say why",
        "TY-A-2: the status must be one of done, partial, not done (then ': note'), not 'maybe'",
        "TY-B-1: a 'partial' row must say what is missing",
        "not a row `| TY-… | status | where (code) | tested by |`: | TY-A-3 | done | — |",
    ]
    assert coverage.checklist_problems() == ["TY-A-1: 2 rows", "TY-A-3: not in the table"]
    assert coverage.code_problems() == ["TY-B-1 is partial but no module of scorekeeper/games/toy/ cites it"]
    assert "TY-A-1: test_toy.py::test_ranges does not cite it" in coverage.tested_by_problems()
    assert "TY-A-1: there is no test test_toy.py::test_gone" in coverage.tested_by_problems()
    assert "TY-B-1 is partial but its row names no test" in coverage.tested_by_problems()
    assert coverage.where_problems()[0] == "TY-A-1: the table says rules.py, the code cites it in more.py, rules.py"


def test_without_the_checklist_the_golden_copy_stands_in(toy: Game) -> None:
    regenerate(toy)
    toy.spec.unlink()
    assert [rule for rule, _ in Coverage(toy).checklist or []] == ["TY-A-1", "TY-A-2", "TY-A-3", "TY-B-1"]
    toy.golden.unlink()
    assert Coverage(toy).checklist is None
    assert regenerate(toy)[0][0].startswith("no checklist")


def test_a_doc_without_the_markers_is_refused(toy: Game) -> None:
    toy.docs.write_text("# Toy\n")
    with pytest.raises(ValueError, match="coverage section"):
        regenerate(toy)
