"""The mutation tool (``tools/mutate.py``) finds the rule checks, disables exactly one, and samples the same ones
for a seed. No mutant's tests are run here (that is the slow part, run by hand)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from tools import mutate
from tools.mutate import Check, Outcome, checks_in, draw, mutant_source

SOURCE = '''\
def play(ctx, found, state):
    if state.over:
        ctx.error("FC-END-5", "the game is over")
        return
    if ctx.who is None:
        return [error("ED-ACT-5", "name the player")]
    elif ctx.who == "él":  # non-ASCII before a condition: ast gives byte offsets
        found.append(error("ED-ACT-6", "not them"))
    if (state.a
            and state.b):
        raise FlightError("ED-FLY-3", "no")
    if state.outer:
        if state.inner:
            found.stop("FC-GEN-1", "nested: the inner if is the check")
    if state.fine:
        pass
    else:
        ctx.error("FC-GEN-2", "under else: not sampled")
    if state.rule:
        ctx.error(RULE, "not a literal rule ID")
    if state.warn:
        ctx.warning("FC-GEN-3", "a warning is not an error finding")
    return error("EH-X-1", "a conditional expression") if state.c else None
'''


def test_the_finder_finds_the_checks_that_guard_an_error_site_and_nothing_else() -> None:
    found = checks_in(SOURCE, "m.py", "game")
    assert [(c.line, c.rules, c.condition) for c in found] == [
        (2, ("FC-END-5",), "state.over"),
        (5, ("ED-ACT-5",), "ctx.who is None"),
        (7, ("ED-ACT-6",), "ctx.who == 'él'"),
        (9, ("ED-FLY-3",), "state.a and state.b"),
        (13, ("FC-GEN-1",), "state.inner"),
        (23, ("EH-X-1",), "state.c"),
    ]


def test_the_finder_finds_known_checks_of_each_game() -> None:
    known = {
        "flamecraft": ("rules_turn.py", "FC-SETUP-2", "not state.setup_done"),
        "eight_dragons": ("rules_end.py", "ED-SCORE-1", "player.chests_placed"),
        "emberheart": ("rules_cards.py", "EH-GAR-6", "card.completed"),
    }
    for package, (module, rule, condition) in known.items():
        found = mutate.checks(package)
        assert len(found) > 60, package
        hits = [c for c in found if c.path.endswith(module) and rule in c.rules and c.condition == condition]
        assert hits, (package, rule)
        line = (mutate.ROOT / hits[0].path).read_text(encoding="utf-8").splitlines()[hits[0].line - 1]
        assert line.lstrip().startswith(("if ", "elif ")) and condition.split()[-1] in line


def _only_that_condition_differs(source: str, check: Check) -> None:
    mutated = mutant_source(source, check)
    assert len(mutated.splitlines()) == len(source.splitlines())
    original_tree, mutant_tree = ast.parse(source), ast.parse(mutated)
    disabled = [n for n in ast.walk(mutant_tree) if isinstance(n, (ast.If, ast.IfExp)) and n.test.lineno == check.line
                and n.test.col_offset == check.col]
    assert len(disabled) == 1
    test = disabled[0].test
    assert isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)
    assert isinstance(test.values[0], ast.Constant) and test.values[0].value is False
    assert ast.unparse(test.values[1]) == check.condition
    disabled[0].test = test.values[1]  # put the condition back: the rest of the module is the same
    assert ast.dump(mutant_tree) == ast.dump(original_tree)


def test_a_mutant_differs_only_in_its_condition_made_false() -> None:
    for check in checks_in(SOURCE, "m.py", "game"):
        _only_that_condition_differs(SOURCE, check)
    for package in mutate.PACKAGES.values():
        for check in draw([package], 3, 13):
            _only_that_condition_differs((mutate.ROOT / check.path).read_text(encoding="utf-8"), check)


def test_the_sample_is_the_same_for_a_seed_and_one_games_sample_does_not_depend_on_the_others() -> None:
    games = list(mutate.PACKAGES.values())
    first = draw(games, 20, 13)
    assert first == draw(games, 20, 13)
    assert len(first) == 60 and len(set(first)) == 60
    assert {g: sum(c.package == g for c in first) for g in games} == {g: 20 for g in games}
    assert draw(["flamecraft"], 20, 13) == [c for c in first if c.package == "flamecraft"]
    assert draw(games, 20, 14) != first


def test_a_mutant_is_written_into_the_copy_only_and_put_back_even_when_the_run_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = tmp_path / "m.py"
    module.write_text(SOURCE, encoding="utf-8")
    check = checks_in(SOURCE, "m.py", "game")[0]
    seen = []

    def fake_run(copy: Path, package: str, timeout: float) -> tuple[str, float, str]:
        seen.append((copy / "m.py").read_text(encoding="utf-8"))
        if len(seen) == 2:
            raise KeyboardInterrupt
        return mutate.SURVIVED, 1.0, ""

    monkeypatch.setattr(mutate, "run_tests", fake_run)
    assert mutate.run_mutant(check, tmp_path, 5.0).status == mutate.SURVIVED
    with pytest.raises(KeyboardInterrupt):
        mutate.run_mutant(check, tmp_path, 5.0)
    assert seen[0] == mutant_source(SOURCE, check) and "if False and (state.over):" in seen[0]
    assert module.read_text(encoding="utf-8") == SOURCE


def test_the_report_counts_a_hang_as_killed_and_lists_each_survivor_within_80_columns() -> None:
    found = checks_in(SOURCE, "scorekeeper/games/game/m.py", "game")
    outcomes = [Outcome(found[0], mutate.KILLED, 2.0, "tests/x.py::t"), Outcome(found[1], mutate.TIMEOUT, 9.0),
                Outcome(found[2], mutate.SURVIVED, 3.0), Outcome(found[3], mutate.KILLED, 1.0)]
    row = mutate.scores(outcomes)["game"]
    assert row == {"killed": 3, "survived": 1, "timeouts": 1, "total": 4, "score": 75.0}
    text = mutate.report(outcomes, 13, 4)
    assert "  game/m.py:7 ED-ACT-6  ctx.who == 'él'" in text.splitlines()
    assert "(1 by timeout)" in text and all(len(line) <= 80 for line in text.splitlines())
    data = json.loads(mutate.as_json(outcomes, 13, 4))
    assert data["scores"]["all"]["score"] == 75.0 and data["mutants"][2]["status"] == "survived"
    assert mutate.package_of("FC") == "flamecraft" and mutate.package_of("eight-dragons") == "eight_dragons"


def _fake_repository(tmp_path: Path, body: str) -> Path:
    (tmp_path / "tests" / "games" / "game").mkdir(parents=True)
    (tmp_path / "tests" / "test_sample_sessions.py").write_text("def test_ok() -> None:\n    pass\n")
    (tmp_path / "tests" / "games" / "game" / "test_rule.py").write_text(body)
    return tmp_path


def test_the_tests_failing_kill_the_mutant_and_name_the_first_failure(tmp_path: Path) -> None:
    repo = _fake_repository(tmp_path, "def test_refuses() -> None:\n    assert 1 == 2\n")
    status, _, failed = mutate.run_tests(repo, "game", 600.0)
    assert (status, failed) == (mutate.KILLED, "tests/games/game/test_rule.py::test_refuses")


def test_a_hang_is_stopped_at_the_timeout_and_counted_as_killed(tmp_path: Path) -> None:
    repo = _fake_repository(tmp_path, "import time\n\ndef test_hangs() -> None:\n    while True:\n        time.sleep(1)\n")
    status, _, _ = mutate.run_tests(repo, "game", 2.0)
    assert status == mutate.TIMEOUT
