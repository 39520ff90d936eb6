"""The page stays with the player, and fits (field report WEB-1, WEB-7, WEB-10, WEB-11, WEB-15, WEB-16; issue 35).

In process: the table page's order (the next step and the plays, the score, what else to record, the last plays,
the undo at the foot, behind a confirmation); a finished game offers no play; "Another play" lists only what the
game offers now. In Chromium at 390×844: after a Record the page opens at its top with the verdict, the next step
and the whole score on the first screen; a finished game shows the winner and the score there; every page fits
the phone (a wide table scrolls inside its own box, the totals pinned), no word is broken, body type is at least
16 px and every tap target at least 44 px high.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from starlette.testclient import TestClient

from tests.slow_checks import needs_a_browser
from tests.web.conftest import TOKEN
from tests.web.pagesets import GAMES, cut_copy, next_play_fields, pages_of
from tests.web.running import serving


def sections(page: str) -> list[str]:
    return re.findall(r'<section id="([a-z-]+)"', page)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_table_says_the_next_step_then_the_score_and_puts_the_undo_at_its_foot(
        game: str, tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    from scorekeeper.app.session import Session

    sample, middle = GAMES[game]
    path = cut_copy(tmp_path, sample, middle)
    client = client_of(path)
    page = client.get(f"/?t={TOKEN}").text
    assert sections(page) == ["now", "score", "bgstats-offer", "record", "plays", "undo"]  # the offer: hidden
    assert 'action="/undo"' not in page and 'href="/undo"' in page  # WEB-7: no one-tap undo on the table
    offered = {c.event for c in Session.open(path).expect().choices}
    another = re.search(r'<select id="another" name="type">(.*?)</select>', page, re.S)
    assert another is not None
    assert set(re.findall(r'<option value="([A-Z_0-9]+)"', another.group(1))) == offered  # WEB-5: legal now only
    assert not {"SETUP", "ADJUST", "TALLY"} & offered


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_game_offers_no_play_and_names_the_winner_first(game: str, tmp_path: Path,
                                                                   client_of: Callable[[Path], TestClient]) -> None:
    """WEB-11: a finished Emberheart game still offered four 'end declare' buttons."""
    sample, _ = GAMES[game]
    client = client_of(cut_copy(tmp_path, sample, None))
    page = client.get(f"/?t={TOKEN}").text
    assert "/play?" not in page and 'id="another"' not in page, re.findall(r"/play\?[^\"]*", page)
    now = page.split('<section id="now"')[1].split("</section>")[0]
    assert "The game is over" in now and re.search(r'class="winner-line">(Winner|Shared victory): <b>', now)
    assert 'action="/note"' in page and 'href="/undo"' in page  # a note, or a mistake put right, still
    assert sections(page)[:3] == ["now", "score", "bgstats-offer"] and "Open in BG Stats</a>" in page


def test_an_undo_is_confirmed_and_names_the_play_it_voids(tmp_path: Path,
                                                          client_of: Callable[[Path], TestClient]) -> None:
    from scorekeeper.app.session import Session

    sample, middle = GAMES["flamecraft"]
    path = cut_copy(tmp_path, sample, middle)
    client = client_of(path)
    client.get(f"/?t={TOKEN}")
    last = Session.open(path).log()[-1]
    confirm = client.get("/undo").text
    assert f"This voids <b>#{last['seq']} " in confirm and 'name="confirm" value="yes" required' in confirm
    token = re.search(r'name="form_token" value="([^"]+)"', confirm)
    assert token is not None
    origin = {"Origin": "http://127.0.0.1:8000"}
    unconfirmed = client.post("/undo", data={"form_token": token.group(1), "seq": str(last["seq"])}, headers=origin)
    assert unconfirmed.status_code == 400 and len(Session.open(path).events) == middle
    stale = client.post("/undo", data={"form_token": token.group(1), "seq": "1", "confirm": "yes"}, headers=origin)
    assert stale.status_code == 400 and "no longer the last play" in stale.text
    done = client.post("/undo", data={"form_token": token.group(1), "seq": str(last["seq"]), "confirm": "yes"},
                       headers=origin, follow_redirects=False)
    assert done.status_code == 303 and Session.open(path).events[-1].get("target") == last["seq"]


# -- in Chromium, at a phone's size ---------------------------------------------------------------------------

#: where the first screen's parts are: the scroll, the window's height, each part's top and bottom (None: absent)
FIRST_SCREEN = """var out={scroll:window.scrollY,height:window.innerHeight};
['#flash','#now .next','#plays-now','#now .winner-line','#score table'].forEach(function(s){var el=document.querySelector(s);
out[s]=el?[el.getBoundingClientRect().top,el.getBoundingClientRect().bottom]:null;});return out;"""
#: what does not fit or read: the page wider than the window, a table past the window outside a box of its own,
#: a pinned total out of sight, a word allowed to break, small body type, a tap target under 44 px
MEASURE = """var w=window.innerWidth,out=[],d=document.documentElement;
if(d.scrollWidth>w){out.push('page '+d.scrollWidth+' wide');}
document.querySelectorAll('table').forEach(function(t){var r=t.getBoundingClientRect();if(r.right<=w+1){return;}
var box=t.closest('.scroll');if(!box||getComputedStyle(box).overflowX==='visible'){out.push('table past the window');}});
document.querySelectorAll('table.score td.total').forEach(function(c){if(c.getBoundingClientRect().right>w+1){out.push('a total out of sight');}});
document.querySelectorAll('body *').forEach(function(el){if(el.closest('code,.code,svg')){return;}var s=getComputedStyle(el);
if(s.overflowWrap==='anywhere'||s.wordBreak==='break-all'||s.wordBreak==='break-word'){out.push('words may break in '+el.tagName);}});
if(parseFloat(getComputedStyle(document.body).fontSize)<16){out.push('body type '+getComputedStyle(document.body).fontSize);}
document.querySelectorAll('a.button,button,select,input:not([type=hidden]):not([type=checkbox]),nav a,summary').forEach(function(el){
var r=el.getBoundingClientRect();if(r.height&&r.height<44){out.push('tap target '+Math.round(r.height)+' px: '+el.outerHTML.slice(0,60));}});
return out.slice(0,12);"""


@pytest.fixture
def phone() -> Iterator[Any]:
    from tests.web.test_browser import browser

    driver = browser(390, 844)
    try:
        yield driver
    finally:
        driver.quit()


def record_as_a_phone_does(driver: Any, fields: dict[str, str]) -> None:
    """Post ``fields`` to /play from the table page, as its play form does (with the page's form token)."""
    driver.execute_script("""var f=document.createElement('form');f.method='post';f.action='/play';
var token=document.querySelector('input[name=form_token]').value,fields=arguments[0];fields.form_token=token;
Object.keys(fields).forEach(function(k){var i=document.createElement('input');i.type='hidden';i.name=k;i.value=fields[k];f.appendChild(i);});
document.body.appendChild(f);f.submit();""", fields)


def on_first_screen(where: dict[str, Any], part: str) -> bool:
    box = where[part]
    return box is not None and box[0] >= 0 and box[1] <= where["height"]


@needs_a_browser(driver=True)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_after_a_record_the_verdict_the_next_step_and_the_score_are_on_the_first_screen(
        game: str, tmp_path: Path, phone: Any) -> None:
    """WEB-1: after every Record the phone landed 600 px below the next step; WEB-10: the score was not on the
    first screen."""
    from selenium.webdriver.support.ui import WebDriverWait

    sample, middle = GAMES[game]
    path = cut_copy(tmp_path, sample, middle)
    with serving("--session", str(path), home=tmp_path) as server:
        phone.get(server.table)
        record_as_a_phone_does(phone, next_play_fields(sample, middle))
        WebDriverWait(phone, 10).until(lambda d: "recorded=" in d.current_url)
        where = phone.execute_script(FIRST_SCREEN)
        assert where["scroll"] == 0, where
        for part in ("#flash", "#now .next", "#plays-now", "#score table"):
            assert on_first_screen(where, part), (part, where)
        assert "recorded:" in phone.find_element("id", "flash").text


@needs_a_browser(driver=True)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_finished_game_shows_the_winner_and_the_score_on_the_first_screen(game: str, tmp_path: Path,
                                                                            phone: Any) -> None:
    sample, _ = GAMES[game]
    with serving("--session", str(cut_copy(tmp_path, sample, None)), home=tmp_path) as server:
        phone.get(server.table)
        where = phone.execute_script(FIRST_SCREEN)
        assert on_first_screen(where, "#now .winner-line") and on_first_screen(where, "#score table"), where
        assert where["#plays-now"] is None


@needs_a_browser(driver=True)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_page_fits_a_phone_and_reads(game: str, tmp_path: Path, phone: Any) -> None:
    """WEB-15, WEB-16: words broken mid-word (``sourc|e``), small type and squeezed fields; a table wider than
    the phone scrolls inside its own box, its totals in sight."""
    sample, middle = GAMES[game]
    found = []
    with serving("--session", str(cut_copy(tmp_path, sample, middle)), home=tmp_path) as server:
        phone.get(server.table)
        for url in pages_of(game):
            if url == "/report":  # the referee's report has its own page and tests (tests/core/test_html_report_browser)
                continue
            phone.get(server.base + url)
            found += [f"{url}: {problem}" for problem in phone.execute_script(MEASURE)]
    assert found == [], "\n".join(found)
