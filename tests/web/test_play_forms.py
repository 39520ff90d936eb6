"""The phone's plays by choices, in process (Starlette's TestClient): each word's legal values are buttons that reload
the form with the word picked, a word of several picks gathers them, Record posts the draft; a play the game asks
more of comes back with the asked word offered in place (field report WEB-2, WEB-3), a refused one with what was
picked kept, its rules in words and the table's confirmed "record it anyway" (WEB-4, WEB-12), answered 200 to a
page (WEB-17) and 409 to a script; nothing on these pages speaks the command line (``words.for_people``)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any, Callable
from urllib.parse import parse_qsl, urlsplit

import pytest
from starlette.testclient import TestClient

from scorekeeper.app.session import Session
from scorekeeper.core.protocol import Draft
from scorekeeper.web.words import for_people
from tests.web.conftest import TOKEN, fresh
from tests.web.plays import SAMPLES
from tests.web.test_recording import ORIGIN, phone

CLI_WORDS = re.compile(r"scorekeeper |--|(?<![\w-])-[a-z]\b")


def main_of(page: str) -> str:
    return page[page.index("<main>"):page.index("</main>")]


def shown(page: str) -> str:
    """What a page's main part says to people: its text and its buttons' words, not its addresses or tokens."""
    return html.unescape(re.sub(r"<[^>]+>", " ", main_of(page)))


def offer(page: str) -> tuple[str | None, dict[str, str]]:
    """The word the page offers and each value's address."""
    found = re.search(r'<fieldset id="offer" data-word="([^"]*)">(.*?)</fieldset>', page, re.S)
    if not found:
        return None, {}
    links = re.findall(r'<a class="button[^"]*" data-pick="[^"]*" data-(value|done)="([^"]*)" href="([^"]*)"',
                       found.group(2))
    return html.unescape(found.group(1)), {html.unescape(v) if k == "value" else "(done)": html.unescape(h)
                                           for k, v, h in links}


def record_fields(page: str, form: str = "play-form") -> dict[str, str]:
    """The fields a form of the page posts (its hidden inputs, its typed inputs as they stand)."""
    found = re.search(rf'<form method="post" action="/play" class="stack" id="{form}">(.*?)</form>', page, re.S)
    assert found, main_of(page)
    return {html.unescape(n): html.unescape(v) for n, v in
            re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', found.group(1))}


class Thumb:
    """A phone following the buttons of the play pages, counting its taps."""

    def __init__(self, client: TestClient) -> None:
        self.client, self.taps, self.page = client, 0, ""

    def go(self, href: str) -> str:
        self.taps += 1
        answer = self.client.get(href)
        assert answer.status_code == 200, answer.text[:500]
        self.page = answer.text
        return self.page

    def tap(self, word: str, value: str) -> str:
        offered, links = offer(self.page)
        assert offered == word and value in links, (word, value, offered, list(links))
        return self.go(links[value])

    def record(self, form: str = "play-form", **extra: str) -> Any:
        self.taps += 1
        answer = self.client.post("/play", data={**record_fields(self.page, form), **extra}, headers=ORIGIN,
                                  follow_redirects=False)
        if answer.status_code == 200:
            self.page = answer.text
        return answer


def served(thumb: Thumb) -> Path:
    """The session file the phone's table serves."""
    app: Any = thumb.client.app
    return Path(app.state.served.path)


@pytest.fixture
def thumb(tmp_path: Path, client_of: Callable[[Path], TestClient]) -> Thumb:
    return Thumb(phone(client_of(fresh(tmp_path, "flamecraft"))))


def opening(thumb: Thumb, count: int) -> None:
    """The first ``count`` plays of the Flamecraft sample, recorded as the table typed them (the CLI's path)."""
    sample = Session.open(SAMPLES / "flamecraft/3p-complete.json", cached=False)
    path = served(thumb)
    session = Session.open(path)
    for event in sample.events[:count]:
        session.record(Draft(event.type, event.player, dict(event.payload)))


def test_a_visit_a_gather_a_placement_and_a_fire_up_by_taps(thumb: Thumb) -> None:
    """Flamecraft's opening turn by taps: each value a button, the single legal one picked for the player."""
    opening(thumb, 4)
    thumb.go("/play?type=VISIT")  # Ada is the only one who may visit: picked for her
    assert "<dt>player</dt><dd><b>Ada</b>" in thumb.page
    thumb.tap("shop", "CLANKWORKS")
    assert "<dt>shop</dt><dd><b>CLANKWORKS</b>" in thumb.page
    assert thumb.record().status_code == 303
    thumb.go("/play?type=GATHER")
    assert thumb.record().status_code == 303
    thumb.go("/play?type=PLACE")  # IR-4 is the only dragon Ada can place: picked; its slots offered
    assert "<dt>dragon</dt><dd><b>IR-4</b>" in thumb.page
    assert offer(thumb.page)[0] == "slot" and {"2", "3"} <= set(offer(thumb.page)[1])
    thumb.tap("slot", "2")
    assert thumb.record().status_code == 303
    events = Session.open(served(thumb)).events
    assert [(e.type, e.player) for e in events[4:]] == [("VISIT", "Ada"), ("GATHER", "Ada"), ("PLACE", "Ada")]
    assert events[4].payload["shop"] == "CLANKWORKS" and events[6].payload["slot"] == 2
    assert thumb.taps == 8  # three pages, two picks (the player and the dragon were picked for Ada), three Records


def test_a_word_of_several_picks_gathers_them_and_each_can_be_removed(thumb: Thumb) -> None:
    opening(thumb, 1)
    page = thumb.go("/play?type=SETUP_PLAYER&player=Ada")  # the deal: three dragons in hand, from the catalog
    word, links = offer(page)
    assert word == "hand" and len(links) > 3, (word, list(links))
    dragons = [v for v in links if v != "(done)"][:3]
    for dragon in dragons:
        thumb.tap("hand", dragon)
    assert re.findall(r"<li><b>([^<]+)</b> <a", thumb.page) == dragons
    remove = re.search(rf'<li><b>{dragons[1]}</b> <a href="([^"]+)" class="button light">remove</a>', thumb.page)
    assert remove
    thumb.go(html.unescape(remove.group(1)))
    assert re.findall(r"<li><b>([^<]+)</b> <a", thumb.page) == [dragons[0], dragons[2]]
    _, links = offer(thumb.page)
    thumb.go(links["(done)"])
    assert offer(thumb.page)[0] not in (None, "hand")  # the next word
    assert re.findall(r"<li><b>([^<]+)</b> <a", thumb.page) == [dragons[0], dragons[2]]


def test_a_play_that_leaves_out_a_choice_shows_that_choice_in_place(thumb: Thumb) -> None:
    """WEB-2 (FC-PLACE-2): Record without the slot: the game asks; the same form comes back with the dragon kept
    and the slots offered, the message in words, no force."""
    opening(thumb, 6)
    thumb.go("/play?type=PLACE")
    answer = thumb.record()
    assert answer.status_code == 200 and answer.headers["X-Scorekeeper-Refused"] == "asks"
    page = main_of(answer.text)
    assert 'id="asked"' in page and "say which slot IR-4 goes to at CLANKWORKS" in page
    assert "<dt>dragon</dt><dd><b>IR-4</b>" in page and offer(page)[0] == "slot"
    assert 'id="force-form"' not in page and "Refused" not in page and not CLI_WORDS.search(shown(answer.text)), shown(answer.text)
    thumb.tap("slot", "3")
    assert thumb.record().status_code == 303
    assert Session.open(served(thumb)).events[-1].payload["slot"] == 3


def test_a_visit_that_must_pay_offers_the_payment_in_place(thumb: Thumb) -> None:
    """WEB-3: Bram visits CLANKWORKS, where Ada's dragon is: Record without paying comes back with the payments
    offered as buttons, the shop kept, and no command line in the message."""
    opening(thumb, 10)
    thumb.go("/play?type=VISIT&player=Bram")
    thumb.tap("shop", "CLANKWORKS")
    assert offer(thumb.page)[0] == "pay" and "iron" in offer(thumb.page)[1]
    answer = thumb.record()
    assert answer.status_code == 200
    page = main_of(answer.text)
    assert "<dt>shop</dt><dd><b>CLANKWORKS</b>" in page and offer(page)[0] == "pay"
    assert not CLI_WORDS.search(shown(answer.text)), shown(answer.text)
    thumb.tap("pay", "iron")  # one iron to everyone there
    assert thumb.record().status_code == 303
    assert Session.open(served(thumb)).events[-1].type == "VISIT"


def test_a_refused_play_keeps_its_picks_and_is_recorded_only_when_the_table_agrees(thumb: Thumb) -> None:
    """WEB-4, WEB-12: a shop the game does not list (typed under 'something not listed') goes through the rules;
    refused, the form comes back with the picks kept, each rule with its summary, a 'change it' per word, and the
    confirmed 'The table agrees: record it anyway'; unconfirmed, nothing is written."""
    path = served(thumb)
    page = thumb.go("/play?type=VISIT")  # before the setup: no shop is listed
    assert "The table played something not listed here" in page or 'name="shop"' in page
    thumb.go("/play?type=VISIT&player=Ada&shop=CRUMBHALL")
    answer = thumb.record()
    assert answer.status_code == 200 and answer.headers["X-Scorekeeper-Refused"] == "refused"
    page = main_of(answer.text)
    assert "<code>FC-SETUP-2</code> The town starts with the 6 starter shops" in page
    assert "<dt>shop</dt><dd><b>CRUMBHALL</b>" in page and page.count("change it") == 2
    assert "The table agrees: record it anyway" in page and 'name="confirm" value="yes" required' in page
    assert not CLI_WORDS.search(shown(answer.text)), shown(answer.text)
    unconfirmed = thumb.client.post("/play", data=record_fields(answer.text, "force-form"), headers=ORIGIN,
                                    follow_redirects=False)
    assert unconfirmed.status_code == 400 and Session.open(path).events == []
    forced = thumb.record("force-form", confirm="yes")
    assert forced.status_code == 303
    assert [(e.type, e.forced, e.payload["shop"]) for e in Session.open(path).events] == [("VISIT", True, "CRUMBHALL")]


def test_a_script_posting_by_choices_gets_409_and_the_json_refusal(thumb: Thumb) -> None:
    thumb.go("/play?type=VISIT&player=Ada&shop=CRUMBHALL")
    answer = thumb.client.post("/play", data=record_fields(thumb.page), headers={**ORIGIN, "Accept": "application/json"})
    assert answer.status_code == 409 and answer.json()["violations"][0]["rule"] == "FC-SETUP-2"


def test_picks_holding_html_are_shown_as_text(thumb: Thumb) -> None:
    hostile = '<script>alert(1)</script>"><b>x'
    page = thumb.go(f"/play?type=VISIT&player=Ada&shop={hostile}")
    assert hostile not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    answer = thumb.record()
    assert answer.status_code in (200, 400) and "<script>alert" not in answer.text


@pytest.mark.parametrize("said, meant", [
    ("say which good you take 2 of (--good TYPE)", "say which good you take 2 of"),
    ("--pay GOOD for everyone there, or --pay NAME=GOOD each", "pay good for everyone there, or pay name=good each"),
    ("FC-GATHER-3: JUMBLEFAIR yields 3crystal, not 1plant (use --force to record it anyway)",
     "FC-GATHER-3: JUMBLEFAIR yields 3crystal, not 1plant"),
    ("name the card drawn (--fancy NAME or NAME=sun:4rep)", "name the card drawn (fancy name or NAME=sun:4rep)"),
    ("say which goods (e.g. fc gather 2iron+1bread)", "say which goods"),
    ("the top Dragon moves one marker up: say which, e.g. eh claim -t strength", "the top Dragon moves one marker up: say which"),
    ("record it first with scorekeeper ed bonfire F2", "record it first with “bonfire”"),
    ("the final score: scorekeeper score", "the final score: the Score page"),
    ("the setup is not recorded yet: start with 'scorekeeper fc setup …'", "the setup is not recorded yet: start with “setup”"),
])
def test_for_people_takes_the_command_line_out_of_a_message(said: str, meant: str) -> None:
    assert for_people(said) == meant
    assert not CLI_WORDS.search(for_people(said))


def test_every_ask_and_refusal_message_of_the_games_reads_without_flags() -> None:
    """Every message a game's rule code can say (its string literals that name a flag) comes out without one."""
    import ast

    games = Path(__file__).resolve().parents[2] / "scorekeeper" / "games"
    seen = 0
    for source in games.rglob("*.py"):
        tree = ast.parse(source.read_text())
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)  # written for developers, never shown
                      if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body
                      and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if id(node) in docstrings:
                continue
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "--" in node.value:
                seen += 1
                assert "--" not in for_people(node.value) and "scorekeeper " not in for_people(node.value), \
                    (source.name, node.value, for_people(node.value))
    assert seen > 20


def test_the_address_carries_the_picks(thumb: Thumb) -> None:
    opening(thumb, 4)
    thumb.go("/play?type=VISIT")
    _, links = offer(thumb.page)
    assert dict(parse_qsl(urlsplit(links["GLINTNOOK"]).query)) == {"type": "VISIT", "player": "Ada", "shop": "GLINTNOOK"}
