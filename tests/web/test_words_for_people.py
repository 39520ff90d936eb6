"""Words for people (field report WEB-6, UX-1; issue 35): no page a player reads says a command to type.

Every page of every bundled sample, at three points of its game (an early play, the middle, the end: copies of
the sample cut there, as ``branch --at`` makes them), read as a player reads it (the text and the labels a
browser shows, not the markup): none holds ``scorekeeper ``, ``--``, a short flag (``-p``) or a game command
(``fc end``, ``'ed fly'``). The Next band and the buttons are said from the game's choices and declarations.
"""

from __future__ import annotations

import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Callable, Iterator

import pytest
from starlette.testclient import TestClient

from scorekeeper.app.session import Session
from tests.web.conftest import TOKEN
from tests.web.plays import SAMPLES

PAGES = ["/", "/screen", "/score", "/chart", "/lairs", "/log", "/check", "/state", "/report", "/undo", "/assert"]
SAMPLE_FILES = sorted(str(p.relative_to(SAMPLES)) for p in SAMPLES.glob("*/*.json")
                      if p.name != "manifest.json" and p.parent.name != "inputs")
#: what the command line says and a page must not: a command, a long or short flag, a game command
CLI_WORDS = [re.compile(r"scorekeeper "), re.compile(r"--"), re.compile(r"(?:^|\s)-[a-zA-Z](?=\s|$)"),
             re.compile(r"(?<![\w'’-])['`]?(?:fc|eh|ed|8d) [a-z]+")]
SHOWN_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt", "label")


class Shown(HTMLParser):
    """The text a browser shows of a page: its text nodes (not a script's or a style's) and the attributes
    read to a player (a title, a placeholder, a label)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.hidden += 1
        self.texts += [value for name, value in attrs if name in SHOWN_ATTRIBUTES and value]
        if tag == "input" and dict(attrs).get("type") in ("submit", "button"):
            self.texts.append(dict(attrs).get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.texts.append(data)


def shown(page: str) -> list[str]:
    parser = Shown()
    parser.feed(page)
    return parser.texts


def cli_words(page: str) -> list[str]:
    """Each shown text that speaks the command line, with what it says."""
    return [f"{pattern.pattern!r} in {text.strip()[:160]!r}" for text in shown(page) for pattern in CLI_WORDS
            if pattern.search(text)]


def cut_copies(tmp_path: Path, sample: str) -> Iterator[tuple[str, Path]]:
    """The sample cut at three points of its game (the events before each), each a session file of its own."""
    recorded = Session.open(SAMPLES / sample, cached=False)
    events = recorded.events
    meta = replace(recorded.journal.meta, parent=None)
    for cut in sorted({min(4, len(events)), len(events) // 2, len(events)}):
        path = tmp_path / f"cut-{cut}.json"
        Session.from_meta(path, meta, events[:cut])
        yield f"{sample} after {cut} events", path


@pytest.mark.parametrize("sample", SAMPLE_FILES)
def test_no_page_speaks_the_command_line(sample: str, tmp_path: Path,
                                         client_of: Callable[[Path], TestClient]) -> None:
    found = []
    for where, path in cut_copies(tmp_path, sample):
        client = client_of(path)
        client.get(f"/?t={TOKEN}")  # a phone with the token: the forms and buttons are there too
        for url in PAGES:
            page = client.get(url)
            assert page.status_code == 200, (where, url, page.text[:300])
            found += [f"{where} {url}: {said}" for said in cli_words(page.text)]
    assert found == [], "\n".join(found[:40])


@pytest.mark.parametrize("sample", ["flamecraft/3p-complete.json", "emberheart/four-players.json",
                                    "eight-dragons/4p-long.json"])
def test_no_play_form_speaks_the_command_line(sample: str, tmp_path: Path,
                                              client_of: Callable[[Path], TestClient]) -> None:
    """Each play the game offers now, its form as the phone opens it (the forms are ``web/play_pages``')."""
    found = []
    for where, path in cut_copies(tmp_path, sample):
        client = client_of(path)
        client.get(f"/?t={TOKEN}")
        offered = {c["event"] for c in client.get("/api/status").json().get("choices", [])}
        offered |= set(re.findall(r'href="/play\?type=([A-Z_0-9]+)', client.get("/").text))
        for type in sorted(offered):
            page = client.get(f"/play?type={type}")
            assert page.status_code == 200, (where, type, page.text[:300])
            found += [f"{where} /play?type={type}: {said}" for said in cli_words(page.text)]
    assert found == [], "\n".join(found[:40])


def test_the_next_band_and_the_buttons_say_the_plays_in_words(tmp_path: Path,
                                                              client_of: Callable[[Path], TestClient]) -> None:
    from scorekeeper.web.words import next_words, offers

    path = next(p for _, p in cut_copies(tmp_path, "flamecraft/3p-complete.json") if "cut-83" in p.name)
    session = Session.open(path)
    expected = session.expect()
    assert "fc " in expected.text  # the CLI's own words stay the CLI's
    said = next_words(session.game, expected)
    assert said.startswith("Bram — ") and "enchant" in said and "fc" not in said, said
    buttons = [o.button for o in offers(session.game, expected)]
    assert buttons and all(b.startswith("Bram: ") for b in buttons), buttons
    client = client_of(path)
    page = client.get(f"/?t={TOKEN}").text
    shown = re.sub(r"<[^>]+>", "", page).replace("&#x27;", "'")
    # with the plays as buttons right below, the band names who plays (WEB-10: the score stays on the first screen)
    assert "Next: Bram — a play below" in shown and "Bram: " in shown
    assert '<span class="nb">PU-5</span>' in page  # a code never breaks at its hyphen (WEB-15)
    spectator = re.sub(r"<[^>]+>", "", client.get("/screen").text).replace("&#x27;", "'")
    assert f"Next: {said}" in spectator  # the big screen, with no buttons, says the plays


def test_for_people_rewrites_the_command_line_forms_of_the_games_messages() -> None:
    from scorekeeper import games
    from scorekeeper.web.words import for_people

    fc = games.load("flamecraft")
    cases = {
        "flip it at the end of the turn (fc end --flip SHOP) (FC-PLACE-6)": "flip it at the end of the turn (FC-PLACE-6)",
        "Gus gathers at MOSSLOFT (fc gather: 3plant+1bread)": "Gus gathers at MOSSLOFT (3plant+1bread)",
        "Blakkar at S5 (Dragon Shrine) activates for Blakkar ('ed shrine')": "Blakkar at S5 (Dragon Shrine) activates for Blakkar",
        "the game is over: scorekeeper score": "the game is over: the Score page",
        "say which good you take 2 of (--good TYPE)": "say which good you take 2 of",
        "raid card 1,2 (eh raidcard) — then Astrid starts": "raid card 1,2 — then Astrid starts",
        "Fern not paid (--pay GOOD for everyone there, or --pay NAME=GOOD each; Hana holds 1bread)":
            "Fern not paid (pay good for everyone there, or pay name=good each; Hana holds 1bread)",
        "confirm it against the board with: scorekeeper set colour_tracks_confirmed=yes":
            "confirm it against the board with: the setting colour_tracks_confirmed=yes",
        "Event #6: Blakkar flies 2 space(s) · forced · recorded with --force":
            "Event #6: Blakkar flies 2 space(s) · forced · recorded anyway",
        "Astrid may pay 1 Gear for one more senses step (eh extra -p Astrid) — then":
            "Astrid may pay 1 Gear for one more senses step — then",
    }
    for cli, web in cases.items():
        assert for_people(cli, fc) == web
    assert for_people("no CLI here: Ann -- not a flag") == "no CLI here: Ann — not a flag"


def test_the_league_page_speaks_no_command_line(tmp_path: Path) -> None:
    from scorekeeper.web.app import create_app
    from scorekeeper.web.served import ServedLeague
    from tests.web.conftest import club_of

    folder = club_of(tmp_path)
    with TestClient(create_app(ServedLeague(folder), TOKEN), base_url="http://127.0.0.1:8000") as client:
        assert cli_words(client.get("/").text) == []


def test_a_forced_play_reads_forced_once(tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    client = client_of(next(p for _, p in cut_copies(tmp_path, "flamecraft/3p-disputed.json") if "157" in p.name))
    log = client.get("/log").text
    assert 'class="tag forced"' in log
    assert not re.search(r'forced</span> <span class="meta">forced', log)
