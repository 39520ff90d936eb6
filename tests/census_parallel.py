"""The rule census in a parallel run: each pytest-xdist worker measures its share, the controller checks the whole.

A worker runs part of the suite, so what it measured (the refusals of its passing tests, the lines of the games
its tests ran) proves nothing alone. When it finishes, it hands them over (``workeroutput``); the controller,
which runs no test, adds each worker's share to its own census (:data:`tests.census.CENSUS`: the refusals
joined, the coverage data combined) as the worker goes down. At the end of the session the controller runs the
checks of ``tests/test_census.py`` on the whole, as strict as a single-process run (the same baseline, the same
floors; ``SCOREKEEPER_CENSUS_WRITE=1`` rewrites the baseline), prints them in the run's summary and fails the
run when one fails. On the workers, the census tests skip and say so.

The census counts only when every worker collected the whole suite, ran it without ``-k``/``-m``/``-x``, and
handed its share over (a worker that crashed leaves the census uncounted, and the summary says why).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.census import CENSUS, ENABLED, GAMES_DIR, Census

#: the census tests (``tests/test_census.py``): when none is selected, nobody checks the census
CENSUS_TESTS = "tests/test_census.py::"


def is_worker() -> bool:
    """This process is a pytest-xdist worker (it runs a share of the tests)."""
    return "PYTEST_XDIST_WORKER" in os.environ


def is_controller(config: pytest.Config) -> bool:
    """This process hands the tests to workers and runs none itself."""
    return config.pluginmanager.hasplugin("dsession")


@dataclass
class Handovers:
    """What the controller knows of the workers' census."""

    received: int = 0
    problems: list[str] = field(default_factory=list)  # why the census does not count (a worker's own reason…)
    selected: bool = False  # a worker had the census tests among its selected tests
    summary: list[str] = field(default_factory=list)  # the lines the run's summary shows


HANDOVERS = Handovers()
SELECTED: list[bool] = [False]  # this process's: the census tests are selected


def handover(census: Census, selected: bool) -> dict[str, Any]:
    """What a worker measured, in a form execnet carries: the refusals, the coverage data, whether it counts."""
    data = None
    if census.coverage is not None:
        census.coverage.stop()  # the worker's tests are done
        data = census.coverage.get_data().dumps()
    return {"proven": {rule: sorted(nodes) for rule, nodes in census.proven.items()}, "coverage": data,
            "full_run": census.full_run, "why_not_full": census.why_not_full, "selected": selected}


def take_over(census: Census, share: dict[str, Any]) -> None:
    """Add a worker's share to ``census`` (the controller's): its refusals joined, its coverage data combined."""
    for rule, nodes in share["proven"].items():
        census.proven.setdefault(rule, set()).update(nodes)
    if share["coverage"] is not None and census.coverage is not None:
        from coverage import CoverageData

        data = CoverageData(no_disk=True)
        data.loads(share["coverage"])
        census.coverage.get_data().update(data)


def fresh_coverage() -> Any:
    """A coverage.py object that measures nothing and holds the data the workers hand over."""
    import coverage

    return coverage.Coverage(data_file=None, branch=True, source=[str(GAMES_DIR)])


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """The controller measures nothing of its own: it stops the measuring the census started when imported."""
    if is_controller(config) and CENSUS.coverage is not None:
        CENSUS.coverage.stop()
        CENSUS.coverage = fresh_coverage()


def pytest_collection_finish(session: pytest.Session) -> None:
    SELECTED[0] = any(item.nodeid.startswith(CENSUS_TESTS) for item in session.items)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker hands its share over; the controller checks the census on the whole."""
    config = session.config
    if hasattr(config, "workeroutput"):
        config.workeroutput["census"] = handover(CENSUS, SELECTED[0])
    elif is_controller(config) and HANDOVERS.selected:
        check_the_whole(session)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """A worker is done: take its share over (a worker that crashed has none, and the census cannot count)."""
    share = getattr(node, "workeroutput", {}).get("census")
    if share is None or error:
        HANDOVERS.problems.append(f"worker {node.gateway.id} handed no census over ({error or 'it crashed'})")
        return
    HANDOVERS.received += 1
    HANDOVERS.selected |= share["selected"]
    if not share["full_run"]:
        HANDOVERS.problems.append(share["why_not_full"])
    take_over(CENSUS, share)


def check_the_whole(session: pytest.Session) -> None:
    """Run the census checks on what the workers handed over; a failed check fails the run."""
    from tests import test_census

    if not ENABLED or CENSUS.coverage is None:
        HANDOVERS.problems.append("the census is off (it runs with SCOREKEEPER_CENSUS=1, as in CI; or coverage.py "
                                  "is missing)")
    if HANDOVERS.problems or not HANDOVERS.received:
        reason = HANDOVERS.problems[0] if HANDOVERS.problems else "no worker handed its census over"
        HANDOVERS.summary = [f"not counted: the census counts only a whole-suite run: {reason}"]
        return
    CENSUS.full_run = True
    if test_census.writing():
        test_census.write_baseline()
        HANDOVERS.summary = [f"{test_census.BASELINE.name} rewritten from {HANDOVERS.received} workers' census"]
        return
    failed = test_census.problems()
    if failed:
        HANDOVERS.summary = ["FAILED", *failed]
        if session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
    else:
        HANDOVERS.summary = [f"every check passed on the census of {HANDOVERS.received} workers: "
                             + "; ".join(test_census.census.measure(p).lines_text() for p in test_census.GAMES)]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if HANDOVERS.summary:
        terminalreporter.write_sep("=", "rule census (checked by the controller)",
                                   red=HANDOVERS.summary[0] == "FAILED", bold=True)
        for line in HANDOVERS.summary:
            terminalreporter.write_line(line)
