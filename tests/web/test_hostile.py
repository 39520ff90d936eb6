"""Hostile input at every endpoint: bad tokens, forged cross-site posts, oversized bodies, malformed fields, names
and notes holding HTML and script. Every answer is a refusal (never a 500) and a refusal writes nothing: the
session file's bytes are the same after it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from starlette.testclient import TestClient

import tests.fake_game  # noqa: F401  (registers the fake game)
from scorekeeper.web.guard import BODY_LIMIT
from tests.conftest import Cli
from tests.core.test_html_report import HOSTILE, NOTE, hostile_session
from tests.web.conftest import TOKEN, copy_of, fresh
from tests.web.test_pages import PAGES

SAME = {"Origin": "http://127.0.0.1:8000"}
WRITES = ["/play", "/note", "/undo", "/assert"]


class Watched:
    """A client whose every answer is kept, over a file whose bytes are compared before and after."""

    def __init__(self, client: TestClient, path: Path) -> None:
        self.client, self.path, self.answers = client, path, []  # type: ignore[var-annotated]

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.client, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            answer = method(*args, **kwargs)
            self.answers.append((name, args[0] if args else "", answer.status_code))
            return answer

        return call

    def refused_without_writing(self, expected: int, method: str, url: str, **kwargs: Any) -> None:
        before = self.path.read_bytes()
        answer = getattr(self, method)(url, follow_redirects=False, **kwargs)
        assert answer.status_code == expected, (method, url, answer.status_code, answer.text[:300])
        assert self.path.read_bytes() == before, f"{method} {url} wrote to the session"


@pytest.fixture
def watched(tmp_path: Path, client_of: Callable[[Path], TestClient]) -> Iterator[Watched]:
    path = fresh(tmp_path, "flamecraft")
    w = Watched(client_of(path), path)
    yield w
    assert [a for a in w.answers if a[2] >= 500] == []


def form_token(w: Watched) -> str:
    found = re.search(r'name="form_token" value="([^"]+)"', w.client.get(f"/?t={TOKEN}").text)
    assert found
    return found.group(1)


def test_bad_tokens_are_refused_with_401(watched: Watched) -> None:
    for url in WRITES:
        watched.refused_without_writing(401, "post", url, data={"text": "x"})
        watched.refused_without_writing(401, "post", url, data={"text": "x"}, headers={"Authorization": "Bearer nope"})
        watched.refused_without_writing(401, "post", url + "?t=" + TOKEN[:-1], data={"text": "x"})
        watched.client.cookies.set("scorekeeper_token_8000", TOKEN + "x")
        watched.refused_without_writing(401, "post", url, data={"text": "x"})
        watched.client.cookies.clear()
        watched.refused_without_writing(401, "post", url, data={"text": "x"}, headers={"Authorization": "Bearer "})
    wrong = watched.get("/?t=guessed")
    assert wrong.status_code == 401 and "set-cookie" not in wrong.headers
    assert watched.get("/play?type=VISIT").status_code == 401 and watched.get("/assert").status_code == 401


def test_forged_cross_site_posts_are_refused_with_403(watched: Watched) -> None:
    token = form_token(watched)  # the cookie is now set, as on a phone that opened the table
    good = {"text": "forged", "form_token": token}
    for url in WRITES:
        for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {"Origin": "https://127.0.0.1:8000"},
                        {"Origin": "http://127.0.0.1:9999"}, {"Sec-Fetch-Site": "cross-site"},
                        {"Sec-Fetch-Site": "same-site"}):
            watched.refused_without_writing(403, "post", url, data=good, headers=headers)
        for forged in ("", "abc", "abc.def", token.split(".")[0] + ".0" * 16, "." + token.split(".")[1]):
            watched.refused_without_writing(403, "post", url, data={"text": "x", "form_token": forged}, headers=SAME)
    watched.refused_without_writing(403, "post", "/note", data={"text": "x"}, headers=SAME)  # no form token at all


def test_oversized_and_unreadable_bodies_are_refused(watched: Watched) -> None:
    bearer = {"Authorization": f"Bearer {TOKEN}"}
    big = {"text": "x" * (BODY_LIMIT + 10)}
    watched.refused_without_writing(413, "post", "/note", data=big, headers=bearer)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit holds while streaming
        for _ in range(BODY_LIMIT // 1000 + 2):
            yield b"text=" + b"y" * 1000

    watched.refused_without_writing(413, "post", "/note", content=chunks(),
                                    headers={**bearer, "Content-Type": "application/x-www-form-urlencoded"})
    watched.refused_without_writing(413, "post", "/note", content=b"text=x",
                                    headers={**bearer, "Content-Length": "99999999999"})
    watched.refused_without_writing(415, "post", "/note", json={"text": "x"}, headers=bearer)
    form = {**bearer, "Content-Type": "application/x-www-form-urlencoded"}
    for body in (b"text=%ff%fe", b"text=\xff", b"text=a%00b", b"&".join(b"k%d=v" % i for i in range(200)),
                 b"text=a&&b"):
        watched.refused_without_writing(400, "post", "/note", content=body, headers=form)


def test_malformed_fields_are_refused_with_400_or_409(watched: Watched) -> None:
    bearer = {"Authorization": f"Bearer {TOKEN}", "Accept": "application/json"}
    for data in ({"type": "NO_SUCH"}, {"type": ""}, {"type": "VISIT", "shop": "X", "player": "Nobody"},
                 {"type": "SETUP", "town_spaces": "three"}, {"type": "SETUP", "deck_sizes": "[1,2]"},
                 {"type": "SETUP", "custom": "perhaps"}, {"type": "SETUP", "town_spaces": "1e999"},
                 {"type": "SETUP", "deck_sizes": '{"a": NaN}'}, {"type": "VISIT", "shop": "X", "force": "yes"},
                 {"type": "FINAL_SCORING", "player": "Ada"}):
        watched.refused_without_writing(400, "post", "/play", data=data, headers=bearer)
    watched.refused_without_writing(400, "post", "/note", data={"text": "   "}, headers=bearer)
    watched.refused_without_writing(400, "post", "/assert", data={"facts": "nokey"}, headers=bearer)
    watched.refused_without_writing(400, "post", "/assert", data={"facts": "round=1"}, headers=bearer)
    watched.refused_without_writing(409, "post", "/undo", data={}, headers=bearer)  # nothing to undo yet
    watched.refused_without_writing(409, "post", "/play", data={"type": "VISIT", "shop": "CRUMBHALL"}, headers=bearer)
    watched.client.cookies.set("scorekeeper_token_8000", TOKEN)
    for url in ("/api/score?at=abc", "/api/score?at=99999", "/api/state?at=-4", "/api/log?last=x",
                "/api/log?player=Nobody", "/?recorded=<b>", "/play?type=<script>"):
        assert watched.get(url).status_code == 400, url
    for url in ("/../sample.json", "/static/../../etc/passwd", "/static/other.js", "/api/nothing", "/session.json"):
        assert watched.get(url).status_code == 404, url
    assert watched.delete("/note").status_code == 405


def test_names_notes_and_reasons_with_html_and_script_are_shown_as_text(cli: Cli, tmp_path: Path,
                                                                        client_of: Callable[[Path], TestClient]) -> None:
    hostile_session(cli)
    client = client_of(cli.session)
    client.get(f"/?t={TOKEN}")
    for url in [*PAGES, "/play?type=ADD", "/assert"]:
        page = client.get(url)
        assert page.status_code == 200, url
        text = page.text
        assert HOSTILE not in text and "alert(1)</" not in text and NOTE not in text, url
        assert "<b>twice</b>" not in text, url
        scripts = re.findall(r"<script[^>]*>", text)
        assert set(scripts) <= {'<script src="/static/live.js" defer>', '<script src="/static/live.js">', "<script>"}, url
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in client.get("/").text
    token = re.search(r'name="form_token" value="([^"]+)"', client.get("/").text)
    assert token
    said = client.post("/note", data={"text": HOSTILE, "form_token": token.group(1)}, headers=SAME,
                       follow_redirects=False)
    assert said.status_code == 303
    assert HOSTILE not in client.get("/log").text


def test_the_league_refuses_every_write(tmp_path: Path) -> None:
    from scorekeeper.web.app import create_app
    from scorekeeper.web.served import ServedLeague

    path = copy_of(tmp_path, "flamecraft/3p-complete.json")
    before = path.read_bytes()
    with TestClient(create_app(ServedLeague(tmp_path), TOKEN), base_url="http://127.0.0.1:8000") as client:
        for url in WRITES:
            answer = client.post(url, data={"text": "x"}, headers={"Authorization": f"Bearer {TOKEN}"})
            assert answer.status_code == 404, url  # a league has no write at all
    assert path.read_bytes() == before
