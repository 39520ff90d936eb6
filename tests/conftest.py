"""Shared fixtures: an isolated Scorekeeper home, and a CLI runner bound to it."""

from __future__ import annotations

# first: the census measures the games' code from the moment it is imported (see tests/census.py)
from tests.census import (  # noqa: F401  (pytest finds the hooks by name here)
    pytest_runtest_call,
    pytest_runtest_logreport,
)
from tests import census
from tests.census_parallel import (  # noqa: F401  (the census in a parallel run)
    pytest_collection_finish,
    pytest_configure,
    pytest_sessionfinish,
    pytest_terminal_summary,
    pytest_testnodedown,
)

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import settings

# The same examples on every run: the census (tests/census.py) counts which tests refuse with which rule, and a
# property test that refused with a rule in one run must refuse with it in the next (and a failure in CI must
# be one that reruns). HYPOTHESIS_PROFILE=explore searches afresh.
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """The suite runs on every core (pytest-xdist's ``-n logical``) unless ``-n`` says otherwise; ``-n 0`` or
    ``-p no:xdist`` runs it in this process. (A default in ``addopts`` would break ``-p no:xdist``.)

    A worker (xdist hands it ``numprocesses=None``), and any pytest started inside one (it inherits
    ``PYTEST_XDIST_WORKER``), runs its tests itself: workers never start workers."""
    inside_a_worker = hasattr(config, "workerinput") or "PYTEST_XDIST_WORKER" in os.environ
    if getattr(config.option, "numprocesses", 0) is None and not config.option.collectonly and not inside_a_worker:
        config.option.numprocesses = "logical"


#: the test files whose tests take seconds of wall time each (a browser driven, processes killed at random moments,
#: random journals replayed): started first, so that the other core works through the rest of the suite meanwhile
#: and no core is left alone with a long test at the end
SLOW_FIRST = (
    "tests/web/test_browser.py",
    "tests/core/test_crash_safety.py",
    "tests/core/test_fuzz_replay.py",
    "tests/core/test_html_report_browser.py",
    "tests/core/test_cache_forgery.py",
    "tests/core/test_table_games.py",
    "tests/tally/test_walk.py",
)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow tests first (``SLOW_FIRST``), the census's last (``tests/census.py``)."""
    slow_first(items)
    census.pytest_collection_modifyitems(session, config, items)


def slow_first(items: list[Any]) -> None:
    """Put the tests of ``SLOW_FIRST`` first, the others in the order they were collected."""
    items.sort(key=lambda item: not item.nodeid.startswith(SLOW_FIRST))


class Cli:
    """Runs ``scorekeeper`` in-process with an isolated home folder; ``session`` is the default session file."""

    def __init__(self, home: Path, session: Path) -> None:
        self.home = home
        self.session = session
        self.runner = CliRunner()

    def __call__(self, *args: str, input: str | None = None, session: bool = True) -> Result:
        from scorekeeper.cli import main

        argv = [str(a) for a in args]
        env = {"SCOREKEEPER_HOME": str(self.home), "SCOREKEEPER_SESSION": str(self.session) if session else ""}
        return self.runner.invoke(main, argv, input=input, env=env, catch_exceptions=False)

    def json(self, *args: str) -> Any:
        result = self(*args, "--json")
        assert result.exit_code in (0, 1), result.output
        return json.loads(result.stdout)


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    """A CLI whose home (current-session pointer) and session file live in ``tmp_path``."""
    home = tmp_path / "home"
    home.mkdir()
    return Cli(home, tmp_path / "session.json")


@pytest.fixture(scope="session")
def replay_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("replay-cache")


@pytest.fixture(autouse=True)
def private_replay_cache(monkeypatch: pytest.MonkeyPatch, replay_cache_folder: Path) -> None:
    """The replay cache lives in a folder of the test run's (the commands run with it on, as a player's do)."""
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(replay_cache_folder))
    monkeypatch.delenv("SCOREKEEPER_NO_CACHE", raising=False)


@pytest.fixture(autouse=True)
def eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test's output is a pipe with no ``COLUMNS``, whatever terminal runs the tests: screens laid out for
    80 columns, each message one logical line (a test of wrapping sets ``COLUMNS`` or runs in a terminal)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
