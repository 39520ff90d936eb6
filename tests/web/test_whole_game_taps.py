"""A whole bundled game played from a phone by taps only (issue 35): headless Chromium at 390×844 against ``serve``.

A fresh session is made with the sample's players, settings and catalog (or the catalog file the taps module's
``CATALOG`` names, e.g. one listing the box's tiles; the names typed at ``new`` are not the phone's); then, for each recorded event, the phone taps the play's button on the table, then each word's value
among the buttons the page offers (``tests/web/taps_<game>.words_of(event)`` says which, as the in-memory walk
``tests/web/by_choices.walk`` does), "none" past an optional word the play leaves out, "done" after a word of
several picks, and Record; a play the sample forced is recorded anyway through the confirmed form. A value no button
offers is typed (a name, a face no catalog holds) and counted. At the end every recorded event equals the sample's
as the game completes it (as ``walk`` compares them) and the final ``score --json`` equals the sample's. The taps
and typed characters per play are printed (``-s``) for the issue's closing note.

Skipped, with the reason, where Chromium is missing, the slow checks were not asked for, or the game's
``taps_<game>`` module is not there yet.
"""

from __future__ import annotations

import importlib
import json
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.session import Session
from scorekeeper.core.protocol import Draft
from tests.slow_checks import needs_a_browser
from tests.web.by_choices import AS_THEY_ARE, SAMPLES, sample_final_score
from tests.web.running import serving

pytestmark = needs_a_browser(driver=True)

#: each game's taps module and the sample it plays (the module's ``SAMPLE`` wins when it names one)
GAMES = {"flamecraft": ("tests.web.taps_flamecraft", "flamecraft/2p-companions.json"),
         "emberheart": ("tests.web.taps_emberheart", "emberheart/two-players-side-b.json"),
         "eight-dragons": ("tests.web.taps_eight_dragons", "eight-dragons/2p-aurea.json")}


@dataclass
class Count:
    """What a whole game cost the phone: taps and typed characters, per play."""

    plays: int = 0
    taps: int = 0
    typed: int = 0
    per_play: list[tuple[int, str, int, int]] = field(default_factory=list)
    by_terminal: int = 0


def words_module(game: str) -> Any:
    """The game's ``taps_<game>`` module, or a skip saying it is not there."""
    name = GAMES[game][0]
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        pytest.skip(f"{name} is not in this tree yet (the game's words for each recorded event: see tests/web/by_choices)")


class Phone:
    """A phone's browser on the table's pages, counting each tap and each character typed."""

    def __init__(self, driver: Any, base: str) -> None:
        self.driver, self.base, self.taps, self.typed = driver, base, 0, 0

    def find(self, css: str) -> list[Any]:
        from selenium.webdriver.common.by import By

        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def tap(self, element: Any) -> None:
        """A tap: a link followed or a button pressed, then the next page loaded."""
        self.taps += 1
        old = self.driver.find_element("tag name", "html")
        element.click()
        from selenium.webdriver.support.ui import WebDriverWait

        WebDriverWait(self.driver, 20).until(lambda d: self._gone(old))
        WebDriverWait(self.driver, 20).until(lambda d: d.execute_script("return document.readyState") == "complete")

    @staticmethod
    def _gone(old: Any) -> bool:
        """Whether the page ``old`` belonged to has been left (its element stale, or no longer in the document)."""
        from selenium.common.exceptions import WebDriverException

        try:
            old.tag_name
            return False
        except WebDriverException:
            return True

    def type_into(self, element: Any, text: str) -> None:
        element.clear()
        element.send_keys(text)
        self.typed += len(text)

    def offered(self) -> str | None:
        """The word the page offers now (``player`` for who plays), or None."""
        found = self.find("#offer")
        return found[0].get_attribute("data-word") if found else None

    def button(self, word: str, value: str) -> Any | None:
        for a in self.find(f'#offer a[data-pick="{word}"]'):
            if a.get_attribute("data-value") == value:
                return a
        return None


def start_play(phone: Phone, type: str) -> None:
    """The play's button on the table (offered now) or, for a play the game does not list, "Another play"."""
    from selenium.webdriver.support.ui import Select

    phone.driver.get(phone.base + "/")
    for a in phone.find("#record a[href^='/play?']"):
        if f"type={type}&" in (a.get_attribute("href") or "") + "&":
            phone.tap(a)
            return
    other = phone.find("#record select[name=type]")
    if other and [o for o in other[0].find_elements("tag name", "option") if o.get_attribute("value") == type]:
        Select(other[0]).select_by_value(type)
        phone.taps += 1
        phone.tap(phone.find("#record form[action='/play'] button")[0])
        return
    phone.taps += 1  # the table lists no way to it: the play's own address, as a bookmark would
    phone.driver.get(f"{phone.base}/play?type={type}")


def pick(phone: Phone, word: str, values: list[str], many: bool) -> None:
    """Each value of ``word``: its button, or typed where no button offers it."""
    for value in values:
        button = phone.button(word, value)
        if button is not None:
            phone.tap(button)
            continue
        summary = phone.find("#offer details summary")
        if summary:  # folded away: a value the game does not list
            phone.taps += 1
            summary[0].click()
        field = phone.find(f'#offer form input[name="{word}"]:not([type=hidden])')
        assert field, f"{word}={value!r}: neither offered nor typeable here"
        phone.type_into(field[0], value)
        phone.tap(phone.find("#offer form button")[0])
    if many and phone.offered() == word:
        done = phone.find(f'#offer a[data-pick="{word}"][data-done="yes"]')
        if done:
            phone.tap(done[0])


def play_by_taps(phone: Phone, type: str, player: str | None, words: dict[str, Any], forced: bool,
                 many: set[str]) -> str:
    """One play, tapped; returns what went wrong ("" when it was recorded)."""
    start_play(phone, type)
    remaining = dict(words)
    for _ in range(200):
        word = phone.offered()
        if word == "player":
            assert player is not None, "the page asks who plays a play of nobody"
            button = phone.button("player", player)
            assert button is not None, f"{player} is not offered"
            phone.tap(button)
        elif word is not None and word in remaining:
            value = remaining.pop(word)
            pick(phone, word, value if isinstance(value, list) else [value], word in many)
        elif word is not None and any(w for w in remaining if not phone.find(f'#play-form input[name="{w}"]:not([type=hidden])')):
            skip = phone.find(f'#offer a[data-pick="{word}"][data-done="yes"]')
            if not skip:
                break
            phone.tap(skip[0])
        else:
            break
    for name, value in remaining.items():
        typed = phone.find(f'#play-form input[name="{name}"]:not([type=hidden])')
        kept = [i.get_attribute("value") for i in phone.find(f'#play-form input[type=hidden][name="{name}"]')]
        if typed:
            if not typed[0].is_displayed():  # folded away: "More to say"
                phone.taps += 1
                phone.find("#play-form details summary")[0].click()
            phone.type_into(typed[0], value if isinstance(value, str) else ",".join(value))
        elif kept != [value]:
            return f"{name}={value!r}: not offered (the page offers {phone.offered()!r}, keeps {kept})"
    record = phone.find("#play-form button[type=submit]")
    if not record:
        return f"no Record on the page: {phone.find('main')[0].text[:300]!r}"
    phone.tap(record[0])
    if forced and phone.find("#force-form"):
        phone.taps += 1
        phone.find("#force-form input[name=confirm]")[0].click()
        phone.tap(phone.find("#force-form button")[0])
    if "recorded=" not in phone.driver.current_url:
        return f"not recorded: {phone.find('main')[0].text[:400]!r}"
    return ""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_by_taps_on_a_phone(game: str, tmp_path: Path) -> None:
    from tests.web.test_browser import browser, console_errors

    module = words_module(game)
    sample = getattr(module, "SAMPLE", GAMES[game][1])
    recorded = Session.open(SAMPLES / sample, cached=False)
    path = tmp_path / f"{game}.json"
    catalog = recorded.config.catalog  # the module's ``CATALOG`` (a file of sample_sessions/inputs) wins
    if getattr(module, "CATALOG", None):
        catalog = json.loads((SAMPLES / "inputs" / module.CATALOG).read_text(encoding="utf-8"))
    Session.from_meta(path, replace(recorded.journal.meta, catalog=catalog))
    config = recorded.config
    twin = Session.in_memory(config.game, config.players, dict(config.settings), catalog=catalog)
    wanted: list[Any] = []  # each sample event as the game completes it today (as by_choices.walk compares)
    problems: list[str] = []
    count = Count()
    driver = browser(390, 844)
    started = time.monotonic()
    try:
        with serving("--session", str(path), home=tmp_path) as server:
            driver.get(server.table)
            phone = Phone(driver, server.base)
            for event in [e for e in recorded.events if e.type != "note"]:
                sample_draft = Draft(event.type, event.player, dict(event.payload))
                if event.type in AS_THEY_ARE:  # a setting changed mid-game: the table's terminal, not the phone
                    Session.open(path).record(sample_draft)
                    twin.record(sample_draft)
                    wanted.append(None)
                    count.by_terminal += 1
                    continue
                wanted.append(twin.game.complete(twin.state, sample_draft))
                twin.record(sample_draft, force=event.forced)
                type, player, words = module.words_of(event)
                declared = twin.game.declaration(type)
                many = {w.name for w in declared.draft_words if w.many} if declared else set()
                taps, typed = phone.taps, phone.typed
                wrong = play_by_taps(phone, type, player, words, event.forced, many)
                count.plays += 1
                count.per_play.append((event.seq, type, phone.taps - taps, phone.typed - typed))
                if wrong:
                    problems.append(f"#{event.seq} {type} {player} {words}: {wrong}")
                    break
            count.taps, count.typed = phone.taps, phone.typed
            errors = console_errors(driver)
    finally:
        driver.quit()
    seconds = time.monotonic() - started
    print(f"\n{game} ({sample}): {count.plays} plays by taps in {seconds:.0f} s, {count.taps} taps "
          f"({count.taps / max(count.plays, 1):.1f} a play), {count.typed} characters typed, "
          f"{count.by_terminal} setting(s) changed at the terminal")
    for seq, type, taps, typed in count.per_play:
        print(f"  #{seq} {type}: {taps} taps, {typed} typed")
    assert problems == [], problems
    played = [e for e in Session.open(path, cached=False).events if e.type != "note"]
    assert len(played) == len(wanted)
    for made, same in zip(played, wanted):
        if same is not None:
            assert (made.type, made.player, dict(made.payload)) == (same.type, same.player, dict(same.payload)), made.seq
    from scorekeeper.render.payloads import score_payload

    assert score_payload(Session.open(path, cached=False).score_at(None), None, False) == sample_final_score(sample)
    assert errors == []



def test_a_refusal_on_the_phone_keeps_the_picks_and_writes_no_console_error(tmp_path: Path) -> None:
    """WEB-4, WEB-17: a play the rules refuse comes back as the same form, its picks kept, answered without an
    error status (no 'Failed to load resource' in the console); the table's confirmed choice then records it."""
    from tests.web.conftest import fresh
    from tests.web.test_browser import browser, console_errors

    path = fresh(tmp_path, "flamecraft")
    driver = browser(390, 844)
    try:
        with serving("--session", str(path), home=tmp_path) as server:
            driver.get(server.table)
            phone = Phone(driver, server.base)
            driver.get(server.base + "/play?type=VISIT&player=Ada&shop=CRUMBHALL")  # before the setup: refused
            phone.tap(phone.find("#play-form button[type=submit]")[0])
            assert phone.find("#refusal") and "FC-SETUP-2" in phone.find("#refusal")[0].text
            assert [d.text for d in phone.find("#picked dd b")] == ["Ada", "CRUMBHALL"]
            assert "--" not in phone.find("main")[0].text
            assert console_errors(driver) == []
            assert Session.open(path).events == []  # (unconfirmed, the server refuses it: test_recording)
            phone.find("#force-form input[name=confirm]")[0].click()
            phone.tap(phone.find("#force-form button")[0])
            assert "recorded=1" in driver.current_url
            assert console_errors(driver) == []
    finally:
        driver.quit()
    assert [(e.type, e.forced) for e in Session.open(path).events] == [("VISIT", True)]
