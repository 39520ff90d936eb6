"""The browser tests' switch: a real headless Chromium (and chromedriver, for Selenium) drives the HTML report and
the web companion. They wait on a browser for about a minute of wall time, so the README's test command leaves
them to CI, which runs the same command with ``SCOREKEEPER_BROWSER=1`` (``.ci/run``); set it to run them here."""

from __future__ import annotations

import os
import shutil

import pytest

#: whether the browser tests were asked for (``.ci/run`` asks)
ASKED = os.environ.get("SCOREKEEPER_BROWSER", "0") == "1"
CHROMIUM = next((found for name in ("chromium", "chromium-browser", "google-chrome")
                 if (found := shutil.which(name))), None)
DRIVER = shutil.which("chromedriver")


def needs_a_browser(driver: bool = False) -> pytest.MarkDecorator:
    """Skip, saying why, unless the browser tests were asked for and Chromium (with ``driver``: chromedriver
    too) is installed."""
    if not ASKED:
        return pytest.mark.skip(reason="a browser test: it runs in CI, or here with SCOREKEEPER_BROWSER=1")
    missing = CHROMIUM is None or (driver and DRIVER is None)
    return pytest.mark.skipif(missing, reason="Chromium or chromedriver is not installed "
                                              "(apt-get install chromium chromium-driver)")
