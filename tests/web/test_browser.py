"""The companion in a real browser: headless Chromium, driven by Selenium through Debian's chromedriver, plays a
short game of each game through the phone pages (each play's words picked in its address, then Record) (a 390 px wide window) while a second browser watches the big
screen update live; every page fits the phone without sideways scrolling; the screenshots of the phone and large
layouts are not blank; no console error.

Skipped, with the reason, where Chromium or its driver is not installed (``.ci/run`` installs Debian's
``chromium`` and ``chromium-driver``).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.slow_checks import CHROMIUM, DRIVER, needs_a_browser
from tests.web.conftest import fresh
from tests.web.plays import SHORT_GAMES, short_game
from tests.web.running import serving

pytestmark = needs_a_browser(driver=True)
PHONE_PAGES = ["/", "/score", "/chart", "/log", "/check", "/state", "/report"]


def browser(width: int, height: int) -> Any:
    """A headless Chromium of this size whose console messages can be read back."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                 f"--window-size={width},{height}", "--disable-background-networking", "--no-first-run"):
        options.add_argument(flag)
    if width < 500:  # a desktop window is at least 500 px wide: a phone's screen is emulated
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height,
                                                                               "pixelRatio": 1.0}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(str(DRIVER)), options=options)


@pytest.fixture
def phones() -> Iterator[tuple[Any, Any]]:
    """A phone (390 px wide) and the big screen everyone watches (1400 px)."""
    phone, screen = browser(390, 844), browser(1400, 900)
    try:
        yield phone, screen
    finally:
        phone.quit()
        screen.quit()


def console_errors(driver: Any) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


def not_blank(png: bytes) -> tuple[int, float]:
    """The screenshot's distinct colours and the share of its pixels unlike the most common one."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20) or []
    total = image.width * image.height
    return len(colours), 1 - max(count for count, _ in colours) / total


def short_picks(game: str) -> list[str]:
    """The short game's plays as the addresses of their picks (``/play?type=…&player=…&WORD=VALUE…``): the words of
    ``tests/web/taps_<game>`` when the game has them, else each declared field as a phone types it."""
    import importlib
    from urllib.parse import urlencode

    from scorekeeper.app.session import Session
    from tests.web.plays import SAMPLES

    try:
        module = importlib.import_module(f"tests.web.taps_{game.replace('-', '_')}")
    except ModuleNotFoundError:
        _, _, forms = short_game(game)
        return [urlencode([(k, v) for k, v in form.items() if v != ""]) for form in forms]
    path, count = SHORT_GAMES[game]
    sample = Session.open(SAMPLES / path, cached=False)
    picks = [module.words_of(e) for e in sample.events if sample.game.declaration(e.type) is not None][:count]
    return [urlencode([("type", t)] + ([("player", p)] if p else [])
                      + [(k, x) for k, v in words.items() for x in (v if isinstance(v, list) else [v])])
            for t, p, words in picks]


@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_a_short_game_played_on_a_phone_while_the_big_screen_watches(game: str, tmp_path: Path,
                                                                     phones: tuple[Any, Any]) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    phone, screen = phones
    path = fresh(tmp_path, game)
    forms = short_picks(game)
    with serving("--session", str(path), home=tmp_path) as server:
        phone.get(server.table)  # the address with its token: the cookie is set, the token leaves the address bar
        assert phone.find_element(By.TAG_NAME, "html").get_attribute("data-writer") == "yes"
        WebDriverWait(phone, 10).until(lambda d: "?t=" not in d.current_url)
        screen.get(server.base + "/screen")  # a spectator: no token
        WebDriverWait(screen, 10).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("data-live-ready"))
        for n, form in enumerate(forms, start=1):
            phone.get(f"{server.base}/play?{form}")  # the play with its words picked
            phone.find_element(By.CSS_SELECTOR, "#play-form button[type=submit]").click()
            WebDriverWait(phone, 10).until(lambda d: f"recorded={n}" in d.current_url)
            assert f"#{n} recorded:" in phone.find_element(By.ID, "flash").text
            WebDriverWait(screen, 10).until(lambda d: d.find_elements(By.ID, f"play-{n}"))  # live, without a reload
        assert len(screen.find_elements(By.CSS_SELECTOR, "#plays li")) == min(len(forms), 10)
        assert phone.execute_script("return window.innerWidth") == 390
        for page in PHONE_PAGES + (["/lairs"] if game == "eight-dragons" else []):
            phone.get(server.base + page)
            width = phone.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
            assert width[0] <= width[1], (page, width)  # nothing cut, no sideways scrolling
        phone.get(server.base + "/")
        shots = {"phone": phone.get_screenshot_as_png(), "screen": screen.get_screenshot_as_png()}
        (tmp_path / "phone.png").write_bytes(shots["phone"])
        for name, png in shots.items():
            distinct, ink = not_blank(png)
            assert distinct >= 20 and ink >= 0.03, (name, distinct, ink)
        assert console_errors(phone) == [] and console_errors(screen) == []
