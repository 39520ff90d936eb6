"""The suite runs in parallel by default, and a worker never starts workers of its own (``tests/conftest.py``)."""

from __future__ import annotations

from argparse import Namespace
from types import SimpleNamespace

import pytest

from tests.conftest import SLOW_FIRST, pytest_cmdline_main, slow_first


def options(numprocesses: object) -> Namespace:
    return Namespace(numprocesses=numprocesses, collectonly=False)


def test_the_default_run_is_parallel_and_an_explicit_n_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    plain, zero, no_xdist = (SimpleNamespace(option=o) for o in (options(None), options(0), Namespace(collectonly=False)))
    for config in (plain, zero, no_xdist):
        pytest_cmdline_main(config)  # type: ignore[arg-type]
    assert (plain.option.numprocesses, zero.option.numprocesses) == ("logical", 0)
    assert not hasattr(no_xdist.option, "numprocesses")  # -p no:xdist: no -n option at all, one process


def test_a_worker_and_a_pytest_started_by_one_run_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    worker = SimpleNamespace(option=options(None), workerinput={"workerid": "gw0"})
    pytest_cmdline_main(worker)  # type: ignore[arg-type]
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    child = SimpleNamespace(option=options(None))
    pytest_cmdline_main(child)  # type: ignore[arg-type]
    assert worker.option.numprocesses is None and child.option.numprocesses is None


def test_the_slow_tests_are_sent_to_the_workers_first() -> None:
    """A browser test collected last would leave one core alone with it at the end: the slow files go first,
    everything else keeps its collection order."""
    names = ["tests/core/test_a.py::one", f"{SLOW_FIRST[0]}::slow", "tests/core/test_b.py::two", f"{SLOW_FIRST[1]}::x"]
    items = [SimpleNamespace(nodeid=n) for n in names]
    slow_first(items)
    assert [i.nodeid for i in items] == [names[1], names[3], names[0], names[2]]
