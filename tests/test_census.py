"""The rule census (every rule proven), checked at the end of a whole-suite run; see ``tests/census.py``.

The targets: every rule that has an error site in a game's code is produced as an error by a passing test
that cites it; every error site is reached; each game runs at least ``census.LINE_TARGET`` % of its lines.
The gaps left are listed in ``tests/census_baseline.json``: a new gap fails here, and a closed one must be
taken off the list (``SCOREKEEPER_CENSUS_WRITE=1 python -m pytest`` rewrites it). On a partial run these
tests skip and say why.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from tests import census
from tests.census import CENSUS, LINE_TARGET, PACKAGES, ROOT

GAMES = sorted(PACKAGES.values())
BASELINE = Path(__file__).with_name("census_baseline.json")


def measured(package: str) -> census.GameCensus:
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
    if os.environ.get("SCOREKEEPER_CENSUS_WRITE") == "1" and CENSUS.full_run:
        gaps = {}
        for package in GAMES:
            found = census.measure(package)
            gaps[package] = {"lines_floor": int(found.lines * 10) / 10, "branches": round(found.branches, 1),
                             "unproven": found.unproven, "unreached": dict(sorted(sites_of(found).items()))}
            gaps[package]["proofs"] = proofs(package, found)
        BASELINE.write_text(json.dumps(gaps, indent=1) + "\n", encoding="utf-8")
        from tests import rule_coverage

        for game in rule_coverage.GAMES.values():  # their "tested by" names the refusing tests
            rule_coverage.regenerate(game)


def proofs(package: str, found: census.GameCensus) -> dict[str, list[str]]:
    """Rule → the game's own tests (``file::name``, as the coverage tables name them) that refuse with it."""
    folder = f"tests/games/{package}/"
    proven: dict[str, list[str]] = {}
    for rule in sorted({s.rule for s in census.error_sites(package)}):
        nodes = {node.split("[")[0][len(folder):] for node in CENSUS.proven.get(rule, ()) if node.startswith(folder)}
        if nodes:
            proven[rule] = sorted(nodes)
    return proven


def writing() -> bool:
    return os.environ.get("SCOREKEEPER_CENSUS_WRITE") == "1"


@pytest.mark.parametrize("package", GAMES)
def test_no_rule_with_an_error_site_loses_its_refusing_test(package: str) -> None:
    """Each rule with an error site is refused, under its ID, by a passing test that cites it (or is a
    listed gap)."""
    found = measured(package)
    listed = set(baseline().get(package, {}).get("unproven", []))  # type: ignore[arg-type]
    new = [r for r in found.unproven if r not in listed]
    closed = sorted(listed - set(found.unproven))
    assert writing() or not new, f"now unproven: {new}\n" + census.report(found)
    assert writing() or not closed, f"proven now, take them off the list (rewrite the baseline): {closed}"


@pytest.mark.parametrize("package", GAMES)
def test_no_error_site_goes_unreached(package: str) -> None:
    """Every error site is reached by the suite (or is a listed gap)."""
    found = measured(package)
    listed = Counter(baseline().get(package, {}).get("unreached", {}))  # type: ignore[arg-type]
    new = sites_of(found) - listed
    assert writing() or not new, f"newly unreached: {sorted(new)}\n" + census.report(found)


@pytest.mark.parametrize("package", GAMES)
def test_line_coverage_stays_at_its_floor(package: str) -> None:
    """The games' line coverage never drops below the floor measured last (the target is LINE_TARGET)."""
    found = measured(package)
    floor = float(baseline().get(package, {}).get("lines_floor", LINE_TARGET))  # type: ignore[arg-type]
    assert writing() or found.lines >= min(floor, LINE_TARGET), census.report(found)


@pytest.mark.parametrize("package", GAMES)
def test_the_tests_the_coverage_tables_name_as_refusing_still_refuse(package: str) -> None:
    """Each test the census file (and so the game's coverage table) names as refusing with a rule still makes
    the game refuse with it and cites it: table, census and code stay in step."""
    found = measured(package)
    listed: dict[str, list[str]] = baseline().get(package, {}).get("proofs", {})  # type: ignore[assignment]
    now = proofs(package, found)
    lost = sorted(f"{rule}: {node}" for rule, nodes in listed.items() for node in nodes if node not in now.get(rule, []))
    assert writing() or not lost, f"these tests no longer refuse with the rule (rewrite the baseline): {lost}"


def test_error_sites_are_found_in_every_game() -> None:
    """The static side of the census finds the games' error calls (a broken scan would prove nothing)."""
    for package in GAMES:
        sites = census.error_sites(package)
        assert len(sites) > 50, package
        assert all(census.RULE_ID.match(s.rule) for s in sites)
