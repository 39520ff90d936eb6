"""The companion's pages and JSON twins, in process (Starlette's TestClient): the JSON twins return exactly what
the CLI's ``--json`` prints, every page answers, a spectator reads without forms, the token's cookie is set."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from tests.web.conftest import TOKEN, club_of, copy_of

PAGES = ["/", "/screen", "/score", "/chart", "/lairs", "/log", "/check", "/state", "/report"]
#: each JSON twin and the CLI command it answers for
TWINS = [("/api/status", ["status"]), ("/api/score", ["score"]), ("/api/score?explain=1", ["score", "--explain"]),
         ("/api/score?at=20", ["score", "--at", "20"]), ("/api/score?timeline=1", ["score", "--timeline"]),
         ("/api/check", ["check"]), ("/api/log", ["log"]),
         ("/api/log?last=5&player=Ada&rejected=1", ["log", "--last", "5", "--player", "Ada", "--rejected"]),
         ("/api/state", ["state"]), ("/api/state?at=7", ["state", "--at", "7"])]


def cli_json(path: Path, home: Path, *args: str) -> Any:
    from scorekeeper.cli import main

    result = CliRunner().invoke(main, [*args, "--json", "--session", str(path)], env={"SCOREKEEPER_HOME": str(home)})
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("sample", ["flamecraft/3p-disputed.json", "emberheart/disputed.json", "eight-dragons/disputed.json"])
def test_every_json_twin_returns_what_the_cli_prints(sample: str, tmp_path: Path,
                                                     client_of: Callable[[Path], TestClient]) -> None:
    path = copy_of(tmp_path, sample)
    client = client_of(path)
    players = json.loads(client.get("/api/status").text)["players"]
    assert players
    for url, args in TWINS:
        if "player=Ada" in url and "Ada" not in json.dumps(players):
            continue
        answer = client.get(url)
        assert answer.status_code == 200, (url, answer.text)
        assert answer.headers["X-Scorekeeper-Trust"] == "intact", url
        payload = answer.json()
        if isinstance(payload, dict):  # what verify says travels beside the CLI's payload (TRUST-1)
            assert payload.pop("trust")["status"] == "intact", url
        assert payload == cli_json(path, tmp_path / "home", *args), url


def test_the_league_twin_returns_what_standings_prints(tmp_path: Path) -> None:
    from scorekeeper.web.app import create_app
    from scorekeeper.web.served import ServedLeague

    folder = club_of(tmp_path)
    with TestClient(create_app(ServedLeague(folder), TOKEN), base_url="http://127.0.0.1:8000") as client:
        answer = client.get("/api/standings")
        page = client.get("/")
    from scorekeeper.cli import main

    printed = CliRunner().invoke(main, ["standings", str(folder), "--json"], env={"SCOREKEEPER_HOME": str(tmp_path)})
    assert answer.json() == json.loads(printed.stdout)
    assert page.status_code == 200 and "Flamecraft" in page.text and "<form" not in page.text


@pytest.mark.parametrize("sample", ["flamecraft/3p-disputed.json", "eight-dragons/disputed.json"])
def test_every_page_answers_and_a_spectator_sees_no_form(sample: str, tmp_path: Path,
                                                         client_of: Callable[[Path], TestClient]) -> None:
    client = client_of(copy_of(tmp_path, sample))
    for url in PAGES:
        page = client.get(url)
        assert page.status_code == 200, (url, page.text[:300])
        assert "<form" not in page.text, url
        assert page.headers["content-security-policy"].startswith("default-src 'none'")
    assert "<svg" in client.get("/chart").text
    assert client.get("/play?type=VISIT").status_code == 401


def test_the_eight_dragons_lairs_are_drawn(tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    page = client_of(copy_of(tmp_path, "eight-dragons/2p-aurea.json")).get("/lairs").text
    assert len(re.findall(r'<div class="lair"[^>]*><svg', page)) == 2 and "polygon" in page


def test_the_token_in_the_address_sets_a_strict_http_only_cookie(tmp_path: Path,
                                                                 client_of: Callable[[Path], TestClient]) -> None:
    client = client_of(copy_of(tmp_path, "flamecraft/3p-disputed.json"))
    first = client.get(f"/?t={TOKEN}")
    cookie = first.headers["set-cookie"]
    assert f"scorekeeper_token_8000={TOKEN}" in cookie and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert 'action="/note"' in first.text and 'data-writer="yes"' in first.text
    assert 'data-writer="yes"' in client.get("/score").text  # the cookie carries it from now on
    client.cookies.clear()
    assert 'data-writer="no"' in client.get("/score").text


def test_the_report_page_is_the_referee_s_report_with_the_live_script(tmp_path: Path,
                                                                      client_of: Callable[[Path], TestClient]) -> None:
    page = client_of(copy_of(tmp_path, "eight-dragons/disputed.json")).get("/report")
    assert "Referee&#x27;s report" in page.text or "Referee's report" in page.text
    assert '<script src="/static/live.js"></script>' in page.text
    policy = page.headers["content-security-policy"]
    assert "script-src 'self' 'sha256-" in policy and policy in page.text  # the header and the page's own agree


def test_a_play_form_offers_the_legal_values_as_choices(tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    """Each word's legal values are buttons that reload the form with that word picked (field report WEB-5)."""
    from tests.web.conftest import fresh

    client = client_of(fresh(tmp_path, "emberheart"))
    page = client.get(f"/play?type=CARD_REVEAL&t={TOKEN}").text
    offer = re.search(r'<fieldset id="offer" data-word="location">(.*?)</fieldset>', page, re.S)
    assert offer is not None, page
    assert re.findall(r'data-pick="location" data-value="([a-z]+)"', offer.group(1)) == [
        "guild", "tavern", "camp", "preserve", "mountain", "garrison"]
    assert 'href="/play?type=CARD_REVEAL&amp;location=tavern"' in offer.group(1)
    picked = client.get("/play?type=CARD_REVEAL&location=tavern").text
    assert re.search(r'<dt>location</dt><dd><b>tavern</b> <a href="/play\?type=CARD_REVEAL" class="button light">change it</a>', picked)
    assert client.get(f"/play?type=NO_SUCH&t={TOKEN}").status_code == 400


def test_a_play_form_speaks_the_table_s_words(tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    """A play form shows no command line: no ``scorekeeper``, no ``--``, no typed example (field report WEB-6)."""
    from tests.web.conftest import fresh

    page = client_of(fresh(tmp_path, "emberheart")).get(f"/play?type=PLACE_PARTY&t={TOKEN}").text
    main = re.sub(r"<[^>]+>", " ", page[page.index("<main>"):])  # what it says, not its addresses or tokens
    assert "eh place" not in main and "scorekeeper " not in main and "--" not in main, main
