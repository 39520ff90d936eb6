"""``serve`` hardened (field report 2026-12-06, TRUST-5, TRUST-7, TRUST-9, WEB-8, WEB-13): the allowed host names
(421 for a rebound name), the token's cookie named per port and lasting the evening, a form token spent by its
first write (a repeat answered with what the first did, nothing written), ``Referer`` checked when ``Origin`` is
absent, a client that hangs up mid-body is no error, and a served file replaced by another session is noticed."""

from __future__ import annotations

import re
import shutil
import socket
import time
from pathlib import Path
from typing import Callable

import pytest
from starlette.testclient import TestClient

from scorekeeper.app.session import Session
from scorekeeper.web.app import create_app
from scorekeeper.web.guard import COOKIE_SECONDS, FORM_SECONDS, Guard, allowed_hosts, cookie_name, host_name
from scorekeeper.web.served import ServedSession
from tests.web.conftest import SAMPLES, TOKEN, copy_of, fresh
from tests.web.running import serving

ORIGIN = {"Origin": "http://127.0.0.1:8000"}


def form_token(client: TestClient, page: str = "/") -> str:
    found = re.search(r'name="form_token" value="([^"]+)"', client.get(page).text)
    assert found
    return found.group(1)


def phone(client: TestClient) -> TestClient:
    assert client.get(f"/?t={TOKEN}").status_code == 200
    return client


# -- TRUST-5: DNS rebinding -------------------------------------------------------------------------


def test_a_foreign_host_name_is_answered_421_on_every_route(tmp_path: Path,
                                                            client_of: Callable[[Path], TestClient]) -> None:
    client = client_of(copy_of(tmp_path, "flamecraft/3p-complete.json"))
    for url in ("/", "/api/status", "/api/score", "/score", "/static/live.js", "/events", "/nothing"):
        for host in ("rebind.example:8000", "rebind.example", "127.0.0.1.rebind.example:8000", "", "[::2]:8000"):
            answer = client.get(url, headers={"Host": host})
            assert answer.status_code == 421, (url, host, answer.status_code)
            assert "table" not in answer.text.lower() and "Mia" not in answer.text
    for host in ("127.0.0.1:8000", "localhost:8000", "LOCALHOST", "[::1]:8000", "localhost."):
        assert client.get("/api/status", headers={"Host": host}).status_code == 200, host
    before = client.app.state.served.path.read_bytes()  # type: ignore[attr-defined]
    answer = client.post("/note", data={"text": "x"}, headers={"Host": "rebind.example:8000",
                                                                "Authorization": f"Bearer {TOKEN}"})
    assert answer.status_code == 421 and client.app.state.served.path.read_bytes() == before  # type: ignore[attr-defined]


def test_the_allowed_hosts_are_the_bound_address_localhost_and_the_lan_address() -> None:
    assert set(allowed_hosts("127.0.0.1")) == {"127.0.0.1", "localhost", "::1"}
    assert set(allowed_hosts("0.0.0.0", "192.168.1.20")) == {"127.0.0.1", "localhost", "::1", "192.168.1.20"}
    assert "10.0.0.5" in allowed_hosts("10.0.0.5")
    assert [host_name(h) for h in ("a.example:80", "[::1]:8000", "Localhost", "x:y")] == ["a.example", "::1",
                                                                                            "localhost", ""]


def test_the_real_server_answers_421_to_a_rebound_host(tmp_path: Path) -> None:
    path = copy_of(tmp_path, "flamecraft/3p-complete.json")
    with serving("--session", str(path), home=tmp_path) as server:
        for host, status in ((f"rebind.example:{server.port}", b"421"), (f"localhost:{server.port}", b"200"),
                             (f"127.0.0.1:{server.port}", b"200")):
            with socket.create_connection(("127.0.0.1", server.port)) as raw:
                raw.sendall(f"GET /api/status HTTP/1.0\r\nHost: {host}\r\n\r\n".encode())
                assert raw.recv(100).startswith(b"HTTP/1.1 " + status), host


# -- TRUST-9, WEB-8: the cookie ---------------------------------------------------------------------


def test_the_cookie_is_named_per_port_and_lasts_the_evening(tmp_path: Path) -> None:
    a_path, b_path = copy_of(tmp_path, "flamecraft/3p-complete.json"), fresh(tmp_path, "emberheart")
    with TestClient(create_app(ServedSession(a_path), TOKEN), base_url="http://127.0.0.1:8000") as a, \
            TestClient(create_app(ServedSession(b_path), "table-b-token-xyz"), base_url="http://127.0.0.1:8001") as b:
        b.cookies = a.cookies  # one browser: one cookie jar for the host, whatever the port
        cookie = a.get(f"/?t={TOKEN}").headers["set-cookie"]
        assert cookie.startswith(f"{cookie_name(8000)}={TOKEN};"), cookie
        assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie
        assert f"Max-Age={COOKIE_SECONDS}" in cookie and "expires=" in cookie.lower()
        assert COOKIE_SECONDS >= 6 * 3600
        assert b.get("/?t=table-b-token-xyz").status_code == 200  # table B's address opened in the same browser
        assert 'data-writer="yes"' in a.get("/score").text, "table B's token replaced table A's"
        assert 'data-writer="yes"' in b.get("/score").text
        assert 'data-writer="no"' in TestClient(a.app, base_url="http://127.0.0.1:8000").get("/score").text


# -- TRUST-9, WEB-13: a form token is spent once; Referer -------------------------------------------


def test_a_repeated_post_is_answered_as_the_first_and_records_nothing(tmp_path: Path,
                                                                     client_of: Callable[[Path], TestClient]) -> None:
    path = fresh(tmp_path, "flamecraft")
    client = phone(client_of(path))
    token = form_token(client)
    answers = [client.post("/note", data={"text": "double tap", "form_token": token}, headers=ORIGIN,
                           follow_redirects=False) for _ in range(3)]
    assert [a.status_code for a in answers] == [303, 303, 303]
    assert {a.headers["location"] for a in answers} == {"/?recorded=1#play-1"}
    after = path.read_bytes()
    assert len(Session.open(path).events) == 1
    json_first = client.post("/note", data={"text": "again", "form_token": form_token(client)},
                             headers={**ORIGIN, "Accept": "application/json"})
    assert json_first.status_code == 200
    assert len(Session.open(path).events) == 2
    # the very same body once more: the same answer, nothing written
    spent = re.search(r'"seq":\s*2', json_first.text)
    assert spent
    after = path.read_bytes()
    token2 = form_token(client)
    first = client.post("/undo", data={"form_token": token2}, headers={**ORIGIN, "Accept": "application/json"})
    again = client.post("/undo", data={"form_token": token2}, headers={**ORIGIN, "Accept": "application/json"})
    assert first.status_code == again.status_code == 200 and first.json() == again.json()
    assert len(Session.open(path).events) == 3 and path.read_bytes() != after


def test_a_refused_post_does_not_spend_its_form_token(tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    path = fresh(tmp_path, "flamecraft")
    client = phone(client_of(path))
    token = form_token(client)
    assert client.post("/note", data={"text": "   ", "form_token": token}, headers=ORIGIN).status_code == 400
    fixed = client.post("/note", data={"text": "now typed", "form_token": token}, headers=ORIGIN,
                        follow_redirects=False)
    assert fixed.status_code == 303 and len(Session.open(path).events) == 1


def test_an_old_form_token_is_refused(tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    path = fresh(tmp_path, "flamecraft")
    client = phone(client_of(path))
    old = Guard(TOKEN).form_token(now=time.time() - FORM_SECONDS - 10)
    before = path.read_bytes()
    assert client.post("/note", data={"text": "x", "form_token": old}, headers=ORIGIN).status_code == 403
    assert path.read_bytes() == before
    fresh_enough = Guard(TOKEN).form_token(now=time.time() - 3600)
    assert client.post("/note", data={"text": "x", "form_token": fresh_enough}, headers=ORIGIN,
                       follow_redirects=False).status_code == 303


def test_a_foreign_referer_without_origin_is_refused(tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    path = fresh(tmp_path, "flamecraft")
    client = phone(client_of(path))
    before = path.read_bytes()
    for referer in ("http://evil.example/page", "https://127.0.0.1:8000/", "http://127.0.0.1:9999/", "null",
                    "http://[bad"):
        answer = client.post("/note", data={"text": "x", "form_token": form_token(client)},
                             headers={"Referer": referer})
        assert answer.status_code == 403, referer
    assert path.read_bytes() == before
    ok = client.post("/note", data={"text": "x", "form_token": form_token(client)},
                     headers={"Referer": "http://127.0.0.1:8000/play?type=NOTE"}, follow_redirects=False)
    assert ok.status_code == 303


# -- TRUST-9: the served file replaced by another session -------------------------------------------


def test_a_served_file_replaced_by_another_session_is_noticed_and_never_written(
        tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    path = copy_of(tmp_path, "flamecraft/3p-complete.json")
    client = phone(client_of(path))
    assert client.get("/").status_code == 200
    other = tmp_path / "other.json"
    shutil.copyfile(SAMPLES / "emberheart/disputed.json", other)
    other.replace(path)  # another game's session moved over the served file
    before = path.read_bytes()
    for url in ("/", "/score", "/api/status"):
        answer = client.get(url)
        assert answer.status_code == 409 and "now holds another session" in answer.text, url
    note = client.post("/note", data={"text": "into the wrong game"},
                       headers={"Authorization": f"Bearer {TOKEN}", "Accept": "application/json"})
    assert note.status_code == 409 and "now holds another session" in note.text
    assert path.read_bytes() == before


# -- TRUST-7: a client that hangs up mid-body --------------------------------------------------------


def test_a_client_disconnect_mid_body_prints_no_traceback(tmp_path: Path) -> None:
    path = fresh(tmp_path, "flamecraft")
    before = path.read_bytes()
    with serving("--session", str(path), home=tmp_path) as server:
        for url in ("/undo", "/note", "/play", "/assert"):
            with socket.create_connection(("127.0.0.1", server.port)) as raw:
                raw.sendall(f"POST {url} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                            "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n\r\nab".encode())
                time.sleep(0.2)
        with socket.create_connection(("127.0.0.1", server.port)) as raw:  # the server still answers
            raw.sendall(b"GET /api/status HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
            assert raw.recv(100).startswith(b"HTTP/1.1 200")
        time.sleep(0.5)
        errors = server.stderr.read_text()
    assert "Traceback" not in errors and "ClientDisconnect" not in errors and "error" not in errors.lower(), errors
    assert path.read_bytes() == before


def test_the_play_shell_refuses_a_file_replaced_by_another_session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """TRUST-9: the interactive table notices it too: every command refused, nothing written into the other game."""
    from scorekeeper.cli.shell import Table

    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    path = fresh(tmp_path, "flamecraft")
    table = Table(path)
    assert table.run_line("note before") == 0
    other = tmp_path / "other.json"
    shutil.copyfile(SAMPLES / "emberheart/disputed.json", other)
    other.replace(path)
    before = path.read_bytes()
    assert table.run_line("note into the wrong game") == 1
    assert table.run_line("status") == 1
    assert path.read_bytes() == before
    err = capsys.readouterr().err
    assert "now holds another session (emberheart" in err, err
    table.close()


def test_a_double_tap_on_the_real_server_records_once(tmp_path: Path) -> None:
    """Five posts of one form at once (a phone's double tap, a resent form): one play, five identical answers."""
    import http.client
    import threading
    from urllib.parse import urlencode

    path = fresh(tmp_path, "flamecraft")
    with serving("--session", str(path), home=tmp_path) as server:
        first = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        first.request("GET", f"/?t={server.token}")
        page = first.getresponse()
        cookie = page.getheader("set-cookie", "").split(";")[0]
        found = re.search(r'name="form_token" value="([^"]+)"', page.read().decode())
        assert found and cookie.startswith(cookie_name(server.port))
        body = urlencode({"text": "tapped twice", "form_token": found.group(1)})
        answers: list[tuple[int, str]] = []

        def tap() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
            connection.request("POST", "/note", body=body, headers={
                "Cookie": cookie, "Origin": server.base, "Content-Type": "application/x-www-form-urlencoded"})
            answer = connection.getresponse()
            answers.append((answer.status, answer.getheader("location", "")))
            connection.close()

        taps = [threading.Thread(target=tap) for _ in range(5)]
        for t in taps:
            t.start()
        for t in taps:
            t.join()
    assert answers == [(303, "/?recorded=1#play-1")] * 5, answers
    assert [e.type for e in Session.open(path).events] == ["note"]


def test_a_server_on_every_interface_answers_its_own_names_only(tmp_path: Path) -> None:
    from urllib.parse import urlsplit

    path = copy_of(tmp_path, "flamecraft/3p-complete.json")
    with serving("--session", str(path), "--host", "0.0.0.0", home=tmp_path) as server:
        shown = urlsplit(server.base).hostname or ""
        for host, status in ((f"{shown}:{server.port}", b"200"), (f"{socket.gethostname()}:{server.port}", b"200"),
                             (f"localhost:{server.port}", b"200"), (f"rebind.example:{server.port}", b"421")):
            with socket.create_connection(("127.0.0.1", server.port)) as raw:
                raw.sendall(f"GET /api/status HTTP/1.0\r\nHost: {host}\r\n\r\n".encode())
                assert raw.recv(100).startswith(b"HTTP/1.1 " + status), host
