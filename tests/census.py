"""The rule census: which rules the suite proves by a refusal, which error lines it reaches, how much it runs.

Three facts are gathered while the suite runs (this module is a pytest plugin, loaded by ``tests/conftest.py``):

* **refusals** — every error ``Finding`` a test produces while it runs, kept for the tests that pass and that
  cite the rule (in their name, docstring, source or parameters). A rule is *proven by a refusal* when such
  a test exists: the test made the game refuse with that rule ID, and says it is about that rule;
* **error lines** — every call in ``scorekeeper/games/`` that makes an error finding with a literal rule ID,
  a breach or a block (``found.error("EH-…", …)``, ``ctx.breach(…)``, ``ctx.block(…)``, ``ctx.stop(…)``,
  ``block(…)``, ``FlightError(…)``): its *error site*;
* **coverage** — lines and branches of ``scorekeeper/games/`` run by the tests (coverage.py, measured in this
  process; commands run in a subprocess are not counted).

``tests/test_census.py`` runs last and checks them when the whole suite runs with the census on
(``SCOREKEEPER_CENSUS=1 python -m pytest``, as ``.ci/run`` runs the README's test command; off by default,
because coverage.py's tracing doubles the time the games' code takes).
The targets are: every rule with an error site proven by a refusal, every error site reached, each game's
line coverage at least :data:`LINE_TARGET`. Until they are met, ``tests/census_baseline.json`` holds the gaps
measured last, and the census refuses any new gap (a rule no longer proven, an error site no longer
reached, coverage below the recorded floor); a gap closed is taken off the list by rewriting it::

    SCOREKEEPER_CENSUS_WRITE=1 python -m pytest     # the whole suite; rewrites tests/census_baseline.json

In a parallel run (pytest-xdist, the default) each worker
measures the tests it runs and hands its share to the controller, which checks the whole (see
``tests/census_parallel.py``).

By hand, for one game while working on it::

    python -m tests.census emberheart            # runs tests/games/emberheart, prints the gaps
    python -m tests.census emberheart tests/core  # more test paths
"""

from __future__ import annotations

import ast
import inspect
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.registry import games, package_of

ROOT = Path(__file__).resolve().parents[1]
GAMES_DIR = ROOT / "scorekeeper" / "games"
TESTS_DIR = ROOT / "tests"
#: rule-ID prefix → the game package
PACKAGES = {g.rule_prefix: package_of(g) for g in games()}
LINE_TARGET = 95.0
#: the calls that make an error finding from their first argument, a rule ID: the one forced-play vocabulary of
#: ``scorekeeper.core.findings`` (a breach: ``error``, ``breach``; a block: ``block``, ``stop``, ``ask``), and 8 Dragons'
#: ``FlightError`` (a flight the board cannot make, reported as a block)
ERROR_CALLS = {"error", "breach", "block", "stop", "ask", "FlightError"}
RULE_ID = re.compile(rf"^({'|'.join(PACKAGES)})-[A-Z0-9-]+$")
#: the census measures when asked (``SCOREKEEPER_CENSUS=1``, as ``.ci/run`` does, or when rewriting the baseline):
#: coverage.py's tracing doubles the time the games' code takes, so the README's test command leaves it to CI
ENABLED = os.environ.get("SCOREKEEPER_CENSUS", "0") == "1" or os.environ.get("SCOREKEEPER_CENSUS_WRITE", "") == "1"


# -- error sites (static) ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Site:
    """A call that makes an error finding with a literal rule ID."""

    path: Path
    line: int
    end: int
    rule: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT).as_posix()}:{self.line} {self.rule}"


def error_rule(node: ast.AST) -> str | None:
    """The rule ID if ``node`` is a call that makes an error finding with a literal rule ID, else None."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
    first = node.args[0]
    if name in ERROR_CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str) \
            and RULE_ID.match(first.value):
        return first.value
    return None


def error_sites(package: str) -> list[Site]:
    """Every error site of ``scorekeeper/games/<package>/``."""
    sites = []
    for path in sorted((GAMES_DIR / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            rule = error_rule(node)
            if rule is not None and isinstance(node, ast.Call):
                sites.append(Site(path, node.lineno, node.end_lineno or node.lineno, rule))
    return sites


# -- what the tests produce (dynamic) ---------------------------------------------------------------------

@dataclass
class Census:
    """What the suite proved so far in this process."""

    proven: dict[str, set[str]] = field(default_factory=dict)  # rule → passing tests that refused with it
    producing: set[str] | None = None  # the rules the running test produced (None outside a test call)
    pending: dict[str, set[str]] = field(default_factory=dict)  # nodeid → its cited-and-produced rules
    coverage: Any = None  # the running coverage.Coverage, if measuring
    full_run: bool = False
    why_not_full: str = "the census was not collected"

    def record(self, rule: str) -> None:
        if self.producing is not None:
            self.producing.add(rule)


CENSUS = Census()


def _install() -> None:
    """Start measuring: coverage of the games' code, and every error finding made during a test."""
    if not ENABLED or CENSUS.coverage is not None:
        return
    try:
        import coverage
    except ImportError:  # the test extra installs it; without it the census test says so
        return
    CENSUS.coverage = coverage.Coverage(data_file=None, branch=True, source=[str(GAMES_DIR)])
    CENSUS.coverage.start()
    from scorekeeper.core import protocol as base

    original = base.Finding.__init__

    def recording_init(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        if self.severity == base.ERROR:
            CENSUS.record(self.rule)

    base.Finding.__init__ = recording_init  # type: ignore[method-assign]


_install()


def cited_by(item: pytest.Item) -> set[str]:
    """The rule IDs a test cites: its name, its source (docstring and decorators included), its parameters."""
    from tests.rule_coverage import cited

    text = [item.name]
    function = getattr(item, "function", None)
    if function is not None:
        try:
            text.append(inspect.getsource(function))
        except (OSError, TypeError):
            text.append(function.__doc__ or "")
    callspec = getattr(item, "callspec", None)
    if callspec is not None:
        text.append(repr(callspec.params))
    joined = "\n".join(text)
    name_form = item.name.replace("_", "-").upper()
    return set().union(*(cited(joined + "\n" + name_form, prefix) for prefix in PACKAGES))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    CENSUS.producing = set()
    try:
        yield
    finally:
        produced, CENSUS.producing = CENSUS.producing, None
        if produced:
            wanted = cited_by(item) & produced
            if wanted:
                CENSUS.pending[item.nodeid] = wanted


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call":
        rules = CENSUS.pending.pop(report.nodeid, set())
        if report.passed:
            for rule in rules:
                CENSUS.proven.setdefault(rule, set()).add(report.nodeid)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """The census tests run last, and only count when the whole suite was collected."""
    items.sort(key=lambda item: item.nodeid.startswith("tests/test_census.py"))
    every = {p.relative_to(ROOT).as_posix() for p in TESTS_DIR.rglob("test_*.py")}
    collected = {item.nodeid.split("::")[0] for item in items}
    missing = sorted(every - collected)
    if missing:
        CENSUS.full_run, CENSUS.why_not_full = False, f"only part of the suite runs ({missing[0]} is not collected)"
    elif config.getoption("keyword") or config.getoption("markexpr") or config.getoption("maxfail"):
        CENSUS.full_run, CENSUS.why_not_full = False, "the suite runs with -k, -m or -x"
    elif not ENABLED or CENSUS.coverage is None:
        CENSUS.full_run, CENSUS.why_not_full = False, "the census is off (it runs with SCOREKEEPER_CENSUS=1, as in CI; or coverage.py is missing)"
    else:
        CENSUS.full_run = True


# -- the findings ----------------------------------------------------------------------------------------

@dataclass
class GameCensus:
    """One game's census: unproven rules, unreached error sites, coverage."""

    package: str
    unproven: list[str]
    unreached: list[Site]
    lines: float
    branches: float
    missing_lines: dict[str, str]  # module → coverage.py's missing-lines text

    def lines_text(self) -> str:
        return f"{self.package}: {self.lines:.1f}% of lines, {self.branches:.1f}% of branches"


_MEASURED: dict[str, GameCensus] = {}


def measure(package: str) -> GameCensus:
    """The census of one game from what this process measured (stops the coverage measurement)."""
    if package not in _MEASURED:
        _MEASURED[package] = _measure(package)
    return _MEASURED[package]


def _measure(package: str) -> GameCensus:
    sites = error_sites(package)
    rules = sorted({s.rule for s in sites})
    unproven = [r for r in rules if not CENSUS.proven.get(r)]
    cov = CENSUS.coverage
    if cov is None:
        return GameCensus(package, unproven, sites, 0.0, 0.0, {})
    cov.stop()  # the census runs last: nothing more of the games runs in this process
    executed: dict[Path, set[int]] = {}
    statements = missing_count = arcs = missing_arcs = 0
    missing_lines: dict[str, str] = {}
    for path in sorted((GAMES_DIR / package).rglob("*.py")):
        analysis = cov._analyze(str(path))  # the public analysis2 gives no branch numbers
        numbers = analysis.numbers
        statements += numbers.n_statements
        missing_count += numbers.n_missing
        arcs += numbers.n_branches
        missing_arcs += numbers.n_missing_branches
        executed[path] = set(analysis.statements) - set(analysis.missing)
        if analysis.missing:
            _, _, _, _, text = cov.analysis2(str(path))
            missing_lines[path.relative_to(GAMES_DIR / package).as_posix()] = text
    unreached = [s for s in sites if not executed.get(s.path, set()) & set(range(s.line, s.end + 1))]
    lines = 100.0 * (statements - missing_count) / statements if statements else 100.0
    branches = 100.0 * (arcs - missing_arcs) / arcs if arcs else 100.0
    return GameCensus(package, unproven, unreached, lines, branches, missing_lines)


def report(found: GameCensus, limit: int = 60) -> str:
    out = [found.lines_text()]
    if found.unproven:
        out.append(f"{len(found.unproven)} rule(s) with an error site that no passing test refuses with and cites:")
        out += [f"  {r}" for r in found.unproven[:limit]]
    if found.unreached:
        out.append(f"{len(found.unreached)} error site(s) never reached:")
        out += [f"  {s}" for s in found.unreached[:limit]]
    if found.missing_lines:
        out.append("lines not run:")
        out += [f"  {module}: {text}" for module, text in found.missing_lines.items()]
    return "\n".join(out)


def main(argv: list[str]) -> int:
    """Run the tests of the games named (or the paths given) with the census on, and print each game's gaps."""
    packages = [a for a in argv if a in PACKAGES.values()] or list(PACKAGES.values())
    paths = [a for a in argv if a not in PACKAGES.values()] or [str(TESTS_DIR / "games" / p) for p in packages]
    os.environ["SCOREKEEPER_CENSUS"] = "1"  # read when the suite's conftest imports this module afresh
    status = pytest.main(["-p", "no:cacheprovider", "-q", *paths])
    from tests import census as live  # the instance the suite's conftest loaded (this file runs as __main__)

    for package in packages:
        print(report(live.measure(package)))
    return int(status)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
