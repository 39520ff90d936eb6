"""The rule census (every rule proven), checked at the end of a whole-suite run; see ``tests/census.py``.

The targets: every rule that has an error site in a game's code is produced as an error by a passing test
that cites it; every error site is reached; each game runs at least ``census.LINE_TARGET`` % of its lines.
The gaps left are listed in ``tests/census_baseline.json``: a new gap fails here, and a closed one must be
taken off the list (``SCOREKEEPER_CENSUS_WRITE=1 python -m pytest`` rewrites it). On a partial run these
tests skip and say why. In a parallel run (pytest-xdist) they skip on the workers, and the controller runs the
same checks (:func:`problems`) on the census the workers hand over (``tests/census_parallel.py``).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from tests import census, census_parallel
from tests.census import CENSUS, LINE_TARGET, PACKAGES, ROOT

GAMES = sorted(PACKAGES.values())
BASELINE = Path(__file__).with_name("census_baseline.json")


def measured(package: str) -> census.GameCensus:
    if "PYTEST_XDIST_WORKER" in os.environ:
        pytest.skip("a parallel run: the controller checks the census once every worker is done (see the summary)")
    if not CENSUS.full_run:
        pytest.skip(f"the census counts only a whole-suite run: {CENSUS.why_not_full}")
    return census.measure(package)


def sites_of(found: census.GameCensus) -> Counter[str]:
    return Counter(f"{s.path.relative_to(ROOT).as_posix()} {s.rule}" for s in found.unreached)


def baseline() -> dict[str, dict[str, object]]:
    return json.loads(BASELINE.read_text(encoding="utf-8")) if BASELINE.exists() else {}


@pytest.fixture(scope="module", autouse=True)
def rewrite_the_baseline_when_asked() -> object:
    yield
    if writing() and CENSUS.full_run and "PYTEST_XDIST_WORKER" not in os.environ:
        write_baseline()


def write_baseline() -> None:
    """Rewrite ``tests/census_baseline.json`` from this run's census, and the coverage tables' "tested by"."""
    gaps = {}
    for package in GAMES:
        found = census.measure(package)
        gaps[package] = {"lines_floor": int(found.lines * 10) / 10, "branches": round(found.branches, 1),
                         "unproven": found.unproven, "unreached": dict(sorted(sites_of(found).items()))}
        gaps[package]["proofs"] = proofs(package)
    BASELINE.write_text(json.dumps(gaps, indent=1) + "\n", encoding="utf-8")
    from tests import rule_coverage

    for game in rule_coverage.GAMES.values():  # their "tested by" names the refusing tests
        rule_coverage.regenerate(game)


def proofs(package: str, proven: dict[str, set[str]] | None = None) -> dict[str, list[str]]:
    """Rule → the game's own tests (``file::name``, as the coverage tables name them) that refuse with it
    (in ``proven``, by default this run's census)."""
    proven = CENSUS.proven if proven is None else proven
    folder = f"tests/games/{package}/"
    found: dict[str, list[str]] = {}
    for rule in sorted({s.rule for s in census.error_sites(package)}):
        nodes = {node.split("[")[0][len(folder):] for node in proven.get(rule, ()) if node.startswith(folder)}
        if nodes:
            found[rule] = sorted(nodes)
    return found


def writing() -> bool:
    return os.environ.get("SCOREKEEPER_CENSUS_WRITE") == "1"


# -- the checks: each returns what fails (nothing when it holds, or when the baseline is being rewritten) ----

def new_unproven(package: str, found: census.GameCensus) -> list[str]:
    """Each rule with an error site is refused, under its ID, by a passing test that cites it (or is a
    listed gap)."""
    listed = set(baseline().get(package, {}).get("unproven", []))  # type: ignore[arg-type]
    new = [r for r in found.unproven if r not in listed]
    closed = sorted(listed - set(found.unproven))
    failed = [f"now unproven: {new}\n" + census.report(found)] if new else []
    failed += [f"proven now, take them off the list (rewrite the baseline): {closed}"] if closed else []
    return [] if writing() else failed


def new_unreached(package: str, found: census.GameCensus) -> list[str]:
    """Every error site is reached by the suite (or is a listed gap)."""
    listed = Counter(baseline().get(package, {}).get("unreached", {}))  # type: ignore[arg-type]
    new = sites_of(found) - listed
    return [f"newly unreached: {sorted(new)}\n" + census.report(found)] if new and not writing() else []


def below_the_floor(package: str, found: census.GameCensus) -> list[str]:
    """The games' line coverage never drops below the floor measured last (the target is LINE_TARGET)."""
    floor = float(baseline().get(package, {}).get("lines_floor", LINE_TARGET))  # type: ignore[arg-type]
    return [census.report(found)] if found.lines < min(floor, LINE_TARGET) and not writing() else []


def lost_proofs(package: str, found: census.GameCensus, proven: dict[str, set[str]] | None = None) -> list[str]:
    """Each test the census file (and so the game's coverage table) names as refusing with a rule still makes
    the game refuse with it and cites it: table, census and code stay in step."""
    listed: dict[str, list[str]] = baseline().get(package, {}).get("proofs", {})  # type: ignore[assignment]
    now = proofs(package, proven)
    lost = sorted(f"{rule}: {node}" for rule, nodes in listed.items() for node in nodes if node not in now.get(rule, []))
    return [f"these tests no longer refuse with the rule (rewrite the baseline): {lost}"] if lost and not writing() else []


CHECKS = (new_unproven, new_unreached, below_the_floor, lost_proofs)


def problems() -> list[str]:
    """Every failed check of every game, each line naming the game (what the controller of a parallel run runs)."""
    return [f"{package}: {check.__name__}: {failed}" for package in GAMES for check in CHECKS
            for failed in check(package, census.measure(package))]


@pytest.mark.parametrize("package", GAMES)
def test_no_rule_with_an_error_site_loses_its_refusing_test(package: str) -> None:
    """Each rule with an error site is refused, under its ID, by a passing test that cites it (or is a
    listed gap)."""
    assert new_unproven(package, measured(package)) == []


@pytest.mark.parametrize("package", GAMES)
def test_no_error_site_goes_unreached(package: str) -> None:
    """Every error site is reached by the suite (or is a listed gap)."""
    assert new_unreached(package, measured(package)) == []


@pytest.mark.parametrize("package", GAMES)
def test_line_coverage_stays_at_its_floor(package: str) -> None:
    """The games' line coverage never drops below the floor measured last (the target is LINE_TARGET)."""
    assert below_the_floor(package, measured(package)) == []


@pytest.mark.parametrize("package", GAMES)
def test_the_tests_the_coverage_tables_name_as_refusing_still_refuse(package: str) -> None:
    """Each test the census file (and so the game's coverage table) names as refusing with a rule still makes
    the game refuse with it and cites it: table, census and code stay in step."""
    assert lost_proofs(package, measured(package)) == []


def test_error_sites_are_found_in_every_game() -> None:
    """The static side of the census finds the games' error calls (a broken scan would prove nothing)."""
    for package in GAMES:
        sites = census.error_sites(package)
        assert len(sites) > 50, package
        assert all(census.RULE_ID.match(s.rule) for s in sites)


def test_a_rule_that_loses_its_refusing_test_fails_the_census(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks are not blind: take a proven rule's refusing tests away, in a census put together from two
    workers' shares as a parallel run does, and the census fails naming the rule and the tests it lost."""
    package = GAMES[0]
    monkeypatch.delenv("SCOREKEEPER_CENSUS_WRITE", raising=False)
    listed: dict[str, list[str]] = baseline()[package]["proofs"]  # type: ignore[assignment]
    rule = next(iter(listed))
    folder = f"tests/games/{package}/"
    every = {r: {folder + node for node in nodes} for r, nodes in listed.items()}
    halves = [{r: nodes for i, (r, nodes) in enumerate(every.items()) if i % 2 == side} for side in (0, 1)]
    whole, without = census.Census(), census.Census()
    for share in halves:  # as two workers hand them over
        census_parallel.take_over(whole, census_parallel.handover(census.Census(proven=share), True))
        census_parallel.take_over(without, census_parallel.handover(
            census.Census(proven={r: nodes for r, nodes in share.items() if r != rule}), True))
    assert whole.proven == every
    found = census.GameCensus(package, list(baseline()[package]["unproven"]), [], 100.0, 100.0, {})
    assert lost_proofs(package, found, whole.proven) == []
    assert rule in lost_proofs(package, found, without.proven)[0]
    lost = census.GameCensus(package, sorted([*found.unproven, rule]), [], 100.0, 100.0, {})
    assert new_unproven(package, lost)[0].startswith(f"now unproven: ['{rule}']")
