"""The slow checks' switch: the browser tests (a real headless Chromium, and chromedriver for Selenium, drive the
HTML report and the web companion: about a minute of waiting on a browser), the random SIGKILLs of writing
processes (sixty processes started and killed) and the random journals replayed (hypothesis, every game). They are in the suite, but the README's test command leaves them
to CI, which runs the same command with ``SCOREKEEPER_SLOW_CHECKS=1`` (``.ci/run``); set it to run them here."""

from __future__ import annotations

import os
import shutil

import pytest

#: whether the slow checks were asked for (``.ci/run`` asks)
ASKED = os.environ.get("SCOREKEEPER_SLOW_CHECKS", "0") == "1"
#: the skip of a slow check not asked for
NOT_ASKED = "a slow check: it runs in CI, or here with SCOREKEEPER_SLOW_CHECKS=1"


def slow_check() -> pytest.MarkDecorator:
    """Skip, saying why, unless the slow checks were asked for."""
    return pytest.mark.skipif(not ASKED, reason=NOT_ASKED)
CHROMIUM = next((found for name in ("chromium", "chromium-browser", "google-chrome")
                 if (found := shutil.which(name))), None)
DRIVER = shutil.which("chromedriver")


def needs_a_browser(driver: bool = False) -> pytest.MarkDecorator:
    """Skip, saying why, unless the browser tests were asked for and Chromium (with ``driver``: chromedriver
    too) is installed."""
    if not ASKED:
        return pytest.mark.skip(reason=NOT_ASKED)
    missing = CHROMIUM is None or (driver and DRIVER is None)
    return pytest.mark.skipif(missing, reason="Chromium or chromedriver is not installed "
                                              "(apt-get install chromium chromium-driver)")
