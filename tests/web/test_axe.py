"""Accessible pages (issue 35): axe-core, the npm package, injected by Selenium into every page of each game at a
phone's size (390×844) and a desktop's (1280×900): no serious or critical violation; every control has a label.

axe-core is installed beside this file (``npm install --prefix tests/web``, from ``tests/web/package.json``; its
``node_modules`` is not committed). Skipped, saying so, where it or the browser is not installed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.slow_checks import needs_a_browser
from tests.web.pagesets import GAMES, cut_copy, pages_of
from tests.web.running import serving

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
pytestmark = [needs_a_browser(driver=True),
              pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: npm install --prefix tests/web")]
SIZES = [(390, 844), (1280, 900)]
#: the controls a player fills in and whether each has a label (a <label for>, a wrapping <label>, aria-label)
UNLABELLED = """return Array.from(document.querySelectorAll('input:not([type=hidden]),select,textarea'))
.filter(function(el){return !(el.labels&&el.labels.length)&&!el.getAttribute('aria-label')&&!el.getAttribute('aria-labelledby');})
.map(function(el){return el.outerHTML.slice(0,120);});"""


def axe_violations(driver: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page the driver shows (every rule axe runs by default)."""
    driver.execute_script(AXE.read_text(encoding="utf-8"))
    driver.set_script_timeout(60)
    found = driver.execute_async_script(
        "var done=arguments[arguments.length-1];"
        "axe.run(document,{resultTypes:['violations']}).then(function(r){done(JSON.stringify(r.violations));})"
        ".catch(function(e){done(JSON.stringify([{id:'axe-error',impact:'critical',help:String(e),nodes:[]}]));});")
    return list(json.loads(found))


def serious(violations: list[dict[str, Any]]) -> list[str]:
    return [f"{v['id']} ({v['impact']}): {v['help']} — {[n.get('target') for n in v['nodes'][:3]]}"
            for v in violations if v.get("impact") in ("serious", "critical")]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_page_passes_axe_at_a_phone_s_and_a_desktop_s_size(game: str, tmp_path: Path) -> None:
    from tests.web.test_browser import browser

    sample, middle = GAMES[game]
    sessions = {"middle": cut_copy(tmp_path, sample, middle), "end": cut_copy(tmp_path, sample, None)}
    found: list[str] = []
    for width, height in SIZES:
        driver = browser(width, height)
        try:
            for when, path in sessions.items():
                with serving("--session", str(path), home=tmp_path) as server:
                    driver.get(server.table)  # the cookie: the forms and buttons a phone with the token sees
                    urls = pages_of(game) if when == "middle" else ["/", "/score"]
                    offered = driver.execute_script(
                        "return Array.from(document.querySelectorAll('#plays-now a')).map(a=>a.getAttribute('href'))")
                    for url in urls + (offered[:2] if when == "middle" else []):
                        driver.get(server.base + url)
                        where = f"{game} {when} {url} at {width}px"
                        found += [f"{where}: {v}" for v in serious(axe_violations(driver))]
                        found += [f"{where}: no label: {c}" for c in driver.execute_script(UNLABELLED)]
        finally:
            driver.quit()
    assert found == [], "\n".join(found[:30])
