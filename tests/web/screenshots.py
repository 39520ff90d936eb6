"""The screenshots of ``docs/serve.md``: each game's table (just after a Record, in the middle of a bundled sample),
score sheet and finished table, as the first screen of a 390×844 phone and of a 1280×900 laptop shows them.

    SCOREKEEPER_SLOW_CHECKS=1 python -m tests.web.screenshots docs

writes ``docs/serve-<game>-<table|score|end>-<390|1280>.png`` (256 colours, to keep them small).
"""

from __future__ import annotations

import io
import sys
import tempfile
from pathlib import Path

from tests.web.pagesets import GAMES, cut_copy, next_play_fields
from tests.web.running import serving

SIZES = [(390, 844), (1280, 900)]


def shoot(folder: Path) -> list[Path]:
    from PIL import Image
    from selenium.webdriver.support.ui import WebDriverWait

    from tests.web.test_browser import browser
    from tests.web.test_layout import record_as_a_phone_does

    written = []
    with tempfile.TemporaryDirectory() as scratch:
        for width, height in SIZES:
            work = Path(scratch) / str(width)  # a folder each: a session file is never written twice at one path
            work.mkdir()
            driver = browser(width, height)
            try:
                for game, (sample, middle) in GAMES.items():
                    shots = {}
                    with serving("--session", str(cut_copy(work, sample, middle)), home=work) as server:
                        driver.get(server.table)
                        record_as_a_phone_does(driver, next_play_fields(sample, middle))
                        WebDriverWait(driver, 10).until(lambda d: "recorded=" in d.current_url)
                        shots["table"] = driver.get_screenshot_as_png()
                        driver.get(server.base + "/score")
                        shots["score"] = driver.get_screenshot_as_png()
                    with serving("--session", str(cut_copy(work, sample, None)), home=work) as server:
                        driver.get(server.table)
                        shots["end"] = driver.get_screenshot_as_png()
                    for page, png in shots.items():
                        target = folder / f"serve-{game}-{page}-{width}.png"
                        image = Image.open(io.BytesIO(png)).convert("RGB").quantize(256)
                        image.save(target, optimize=True)
                        written.append(target)
            finally:
                driver.quit()
    return written


if __name__ == "__main__":
    for path in shoot(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(path)
