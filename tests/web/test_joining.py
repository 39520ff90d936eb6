"""Joining a table from a phone (issue 35, item 4; field report UX-2, WEB-8, UX-5).

- ``serve --host lan`` listens on this machine's LAN address, found by a UDP socket's ``connect`` (no packet
  sent), prints it with its token and its QR code, and the Host check admits it; with no network it falls back
  to 127.0.0.1 and says so. The address finder is monkeypatched where no real network is needed.
- The default (127.0.0.1) says in one line that phones cannot reach it (``tests/web/test_server.py``).
- A phone that joined through the LAN address keeps recording after its browser closed: the token's cookie has an
  expiry and is named after the port (also ``tests/web/test_trust.py``, in process).
- ``/bgstats`` (and ``bgstats_offer_html``, for the table page): a finished game's BG Stats link, the very one
  ``export --to bgstats-link`` writes, and an inline SVG QR code that draws that play's link, escaped, under the
  site's policy, with no command-line words.
"""

from __future__ import annotations

import html
import http.client
import json
import re
import socket
from pathlib import Path
from typing import Any, Callable
from urllib.parse import parse_qs, urlparse

import pytest
import segno
from starlette.testclient import TestClient

from scorekeeper.app.session import Session
from scorekeeper.exports import bgstats
from scorekeeper.render.qr import qr_lines
from scorekeeper.web import bgstats_page, pages, server
from scorekeeper.web.app import create_app
from scorekeeper.web.guard import COOKIE_SECONDS, cookie_name
from scorekeeper.web.served import ServedSession
from scorekeeper.web.server import Where
from tests.slow_checks import needs_a_browser
from tests.web.conftest import TOKEN, copy_of, fresh
from tests.web.running import serving

LAN = "192.168.1.23"


# -- UX-2: where the server listens ------------------------------------------------------------------------

def test_lan_is_this_machines_address_on_its_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "_own_address", lambda: LAN)
    assert server.where("lan") == server.where("LAN") == Where(LAN, True)
    assert server.where("0.0.0.0") == Where("0.0.0.0", True)
    assert server.where("127.0.0.1") == Where("127.0.0.1", False)
    with server.bind("127.0.0.1", 0) as sock:
        port = sock.getsockname()[1]
        assert server.address(sock, "0.0.0.0") == f"http://{LAN}:{port}"  # what a phone types, not 0.0.0.0


@pytest.mark.parametrize("found", [None, "127.0.0.1", "0.0.0.0"])
def test_without_a_network_lan_falls_back_to_this_machine_and_says_so(monkeypatch: pytest.MonkeyPatch,
                                                                     found: str | None) -> None:
    monkeypatch.setattr(server, "_own_address", lambda: found)
    assert server.lan_address() is None
    at = server.where("lan")
    assert (at.bind, at.reachable) == ("127.0.0.1", False)
    assert at.note.startswith("no network found") and "127.0.0.1, for this machine only" in at.note
    everywhere = server.where("0.0.0.0")
    assert not everywhere.reachable and everywhere.note.startswith("no network found")
    with server.bind("127.0.0.1", 0) as sock:
        assert server.address(sock, "0.0.0.0").startswith("http://127.0.0.1:")  # an address that answers


def test_the_address_finder_sends_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[Any] = []
    connected: list[Any] = []

    class Watched(socket.socket):
        def connect(self, address: Any) -> None:
            connected.append((self.type, address))
            super().connect(address)

        def send(self, *args: Any) -> int:  # type: ignore[override]
            sent.append(args)
            return 0

        def sendto(self, *args: Any) -> int:  # type: ignore[override]
            sent.append(args)
            return 0

    monkeypatch.setattr(socket, "socket", Watched)
    found = server.lan_address()
    assert connected and connected[0][0] == socket.SOCK_DGRAM and sent == []
    assert found is None or not found.startswith("127.")


def test_the_host_check_admits_the_lan_address(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(server, "_own_address", lambda: LAN)
    assert LAN in server.answers_to(LAN) and LAN in server.answers_to("0.0.0.0")
    assert LAN not in server.answers_to("127.0.0.1")  # on loopback the LAN address is not served: not admitted
    app = create_app(ServedSession(copy_of(tmp_path, "flamecraft/3p-complete.json")), TOKEN,
                     hosts=server.answers_to(LAN))
    with TestClient(app, base_url=f"http://{LAN}:8000") as phone:
        assert phone.get("/api/status").status_code == 200
        assert phone.get("/api/status", headers={"host": f"rebind.example:8000"}).status_code == 421


def test_serve_host_lan_prints_the_lan_address_and_its_qr_code_and_the_pairing_lasts_the_evening(
        tmp_path: Path) -> None:
    lan = server.lan_address()
    if lan is None:
        pytest.skip("this machine has no LAN address (the fallback is tested with the finder monkeypatched)")
    path = copy_of(tmp_path, "flamecraft/3p-complete.json")
    with serving("--session", str(path), "--host", "lan", home=tmp_path) as running:
        assert re.fullmatch(rf"http://{re.escape(lan)}:\d+/\?t=[A-Za-z0-9_-]{{22}}", running.table)
        assert running.process.stdout is not None
        code = qr_lines(running.table)
        said = [running.process.stdout.readline().rstrip("\n") for _ in range(len(code) + 2)]
        assert said == [*code, f"spectators (read only): {running.base}/", "Ctrl-C stops the server"]
        assert max(map(len, said)) <= 80
        warning = running.stderr.read_text().strip().splitlines()
        assert len(warning) == 1 and warning[0].startswith(f"warning: serving on {lan}: anyone who can reach")
        # a phone opens the QR code's address: the cookie it gets lasts the evening and is this port's own
        phone = http.client.HTTPConnection(lan, running.port, timeout=10)
        phone.request("GET", f"/?t={running.token}")
        answer = phone.getresponse()
        answer.read()
        cookie = answer.getheader("set-cookie", "")
        assert answer.status == 200 and cookie.startswith(f"{cookie_name(running.port)}={running.token};")
        assert f"Max-Age={COOKIE_SECONDS}" in cookie and "expires=" in cookie.lower() and COOKIE_SECONDS >= 6 * 3600
        # the browser closed and opened again: the plain address, the cookie alone, and the phone still records
        phone.request("GET", "/", headers={"Cookie": cookie.split(";")[0]})
        again = phone.getresponse()
        assert again.status == 200 and 'data-writer="yes"' in again.read().decode()
        phone.close()


# -- UX-5: BG Stats from the phone -------------------------------------------------------------------------

def svg_modules(svg: str) -> list[list[bool]]:
    """The dark modules an SVG of segno's draws, read back from its path (``M x y.5 h n m dx dy …``)."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))  # type: ignore[union-attr]
    path = re.search(r'<path class="qrline"[^>]* d="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    grid = [[False] * size for _ in range(size)]
    x = y = 0.0
    for op, a, b in re.findall(r"([Mmhv])(-?[\d.]+)(?: (-?[\d.]+))?", path):
        if op == "M":
            x, y = float(a), float(b)
        elif op == "m":
            x, y = x + float(a), y + float(b)
        elif op == "h":
            for n in range(int(float(a))):
                grid[int(y)][int(x) + n] = True
            x += float(a)
    return grid


def links_of(path: Path, home: Path) -> tuple[str, str]:
    """The link ``export --to bgstats-link`` prints, and its shorter form for a QR code (``--qr``'s)."""
    from click.testing import CliRunner

    from scorekeeper.cli import main

    printed = CliRunner().invoke(main, ["export", "--session", str(path), "--to", "bgstats-link"],
                                 env={"SCOREKEEPER_HOME": str(home)})
    assert printed.exit_code == 0, printed.output
    full = printed.stdout.strip()
    data = parse_qs(urlparse(full).query)["data"][0]
    return full, bgstats.LINK + bgstats.quote(data, safe=bgstats.QR_SAFE)


def visible_text(page: str) -> str:
    """What a person reads on the page: no tags, no attribute values, entities read."""
    return html.unescape(re.sub(r"<[^>]*>", " ", re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)))


@pytest.mark.parametrize("sample", ["flamecraft/5p-gold.json", "emberheart/four-players.json",
                                    "eight-dragons/4p-long.json"])
def test_bgstats_page_of_a_finished_game_offers_the_link_and_its_qr_code(
        sample: str, tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    path = copy_of(tmp_path, sample)
    full, short = links_of(path, tmp_path)
    page = client_of(path).get("/bgstats")  # a spectator: the link is the table's result, for anyone to take
    assert page.status_code == 200 and page.headers["content-security-policy"] == pages.POLICY
    button = re.search(r'<a class="button" href="([^"]+)"[^>]*>Open in BG Stats</a>', page.text)
    assert button and html.unescape(button.group(1)) == full
    svgs = re.findall(r"<svg .*?</svg>", page.text, flags=re.S)
    assert len(svgs) == 1 and 'role="img"' in svgs[0] and "aria-label=" in svgs[0]
    code = segno.make(short, error=bgstats_page.QR_ERROR)
    assert svg_modules(svgs[0]) == [list(map(bool, row)) for row in code.matrix_iter(border=4)]
    data = json.loads(parse_qs(urlparse(short).query)["data"][0])
    assert data == json.loads(parse_qs(urlparse(full).query)["data"][0])  # the code carries the same play
    assert {p["name"] for p in data["players"]} == set(Session.open(path).players)
    text = visible_text(page.text)
    assert "scorekeeper " not in text.lower() and "--" not in text and "<script>" not in page.text
    assert "Open in BG Stats" in text and "BG Stats" in text


def test_before_the_end_bgstats_says_when_it_will_come_and_the_offer_is_a_hidden_live_placeholder(
        tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    path = fresh(tmp_path, "flamecraft")
    page = client_of(path).get("/bgstats")
    assert page.status_code == 200 and "The game is not over yet" in page.text
    assert "bgstatsapp" not in page.text and "<svg" not in page.text
    offer = bgstats_page.bgstats_offer_html(Session.open(path))
    assert offer == f'<section id="{bgstats_page.OFFER_ID}" data-live hidden></section>'


def test_the_offer_for_the_table_page_and_a_hostile_file_name(tmp_path: Path,
                                                              client_of: Callable[[Path], TestClient]) -> None:
    hostile = tmp_path / 'x"><b onmouseover=alert(1)>.json'
    hostile.write_bytes((Path(copy_of(tmp_path, "flamecraft/2p-companions.json"))).read_bytes())
    offer = bgstats_page.bgstats_offer_html(Session.open(hostile))
    assert offer.startswith(f'<section id="{bgstats_page.OFFER_ID}" data-live><h2>Open in BG Stats</h2>')
    assert "<b onmouseover" not in offer and offer.count("<svg") == 1 and "Open in BG Stats</a>" in offer
    page = client_of(hostile).get("/bgstats")
    assert page.status_code == 200 and "<b onmouseover" not in page.text
    full, _ = links_of(hostile, tmp_path)
    assert html.escape(full) in offer and html.escape(full) in page.text


@needs_a_browser(driver=True)
def test_bgstats_on_a_phone_shows_the_button_and_a_whole_code_under_the_policy(tmp_path: Path) -> None:
    from tests.web.test_browser import browser, console_errors

    path = copy_of(tmp_path, "flamecraft/5p-gold.json")
    full, _ = links_of(path, tmp_path)
    with serving("--session", str(path), home=tmp_path) as running:
        phone = browser(390, 844)
        try:
            phone.get(running.base + "/bgstats")
            button = phone.find_element("link text", "Open in BG Stats")
            assert button.get_attribute("href") == full and button.is_displayed()
            code = phone.find_element("css selector", "figure.qr svg")
            box = code.rect
            assert 250 <= box["width"] <= 390 and abs(box["width"] - box["height"]) < 2, box  # square, whole
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390
            assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
            assert console_errors(phone) == []  # nothing the site's policy refused
        finally:
            phone.quit()


def test_a_game_over_whose_score_misses_a_value_offers_the_last_play_not_bg_stats(tmp_path: Path) -> None:
    """Flamecraft after the last final turn, the moon dragons not judged yet: the score misses a value, so the table
    page offers the final scoring (no BG Stats link yet) and answers 200; it was a 409 page (the whole game by taps
    wrote a console error there)."""
    from starlette.testclient import TestClient

    from scorekeeper.web.app import create_app
    from scorekeeper.web.served import ServedSession
    from tests.samples import sample_until

    token = "t" * 32
    app = create_app(ServedSession(sample_until(tmp_path, "flamecraft", "2p-companions.json", 141)), token=token)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        page = client.get(f"/?t={token}")
    assert page.status_code == 200 and "Open in BG Stats" not in page.text
    assert "judge the moon dragons" in page.text
