"""Recording from a phone, in process: the forms a page serves, posted back as a browser does (the cookie, the
page's form token, its own Origin). A short game of each game; a refusal with its rule; the confirmed --force;
note, undo, assert; the CLI recording on the same file between two phone plays."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from scorekeeper.app.session import Session
from tests.web.conftest import TOKEN, fresh
from tests.web.plays import SHORT_GAMES, short_game

ORIGIN = {"Origin": "http://127.0.0.1:8000"}


def form_token(page: str) -> str:
    found = re.search(r'name="form_token" value="([^"]+)"', page)
    assert found, page[:500]
    return found.group(1)


def phone(client: TestClient) -> TestClient:
    """A phone that opened the table's address with its token (the cookie now carries it)."""
    assert client.get(f"/?t={TOKEN}").status_code == 200
    return client


def post(client: TestClient, action: str, data: dict[str, str], page: str = "/") -> "object":
    token = form_token(client.get(page).text)
    return client.post(action, data={**data, "form_token": token}, headers=ORIGIN, follow_redirects=False)


@pytest.mark.parametrize("game", sorted(SHORT_GAMES))
def test_a_short_game_of_each_game_recorded_through_the_phone_forms(game: str, tmp_path: Path,
                                                                   client_of: Callable[[Path], TestClient]) -> None:
    path = fresh(tmp_path, game)
    client = phone(client_of(path))
    _, _, forms = short_game(game)
    for n, form in enumerate(forms, start=1):
        page = client.get(f"/play?type={form['type']}").text  # the play's page answers
        assert f'data-play="{form["type"]}"' in page
        answer = post(client, "/play", form)
        assert answer.status_code == 303, answer.text[:800]
        assert answer.headers["location"] == f"/?recorded={n}#play-{n}"
    shown = client.get(f"/?recorded={len(forms)}").text
    assert f"#{len(forms)} recorded:" in shown
    session = Session.open(path)
    assert len(session.events) == len(forms) and session.replay().errors == []
    assert session.chain_problem is None


def test_a_refused_play_shows_its_rule_and_is_recorded_only_when_confirmed(tmp_path: Path,
                                                                          client_of: Callable[[Path], TestClient]) -> None:
    path = fresh(tmp_path, "flamecraft")
    client = phone(client_of(path))
    refused = post(client, "/play", {"type": "VISIT", "shop": "CRUMBHALL"})
    assert refused.status_code == 200 and refused.headers["X-Scorekeeper-Refused"] == "refused"  # WEB-17: no 409
    assert "<code>FC-SETUP-2</code> The town starts with the 6 starter shops" in refused.text
    assert "The table agrees: record it anyway" in refused.text and "--force" not in refused.text
    assert 'id="force-form"' in refused.text and Session.open(path).events == []
    again = form_token(refused.text)  # the refusal page's own 'record it anyway' form
    unconfirmed = client.post("/play", data={"type": "VISIT", "shop": "CRUMBHALL", "force": "yes", "form_token": again},
                              headers=ORIGIN, follow_redirects=False)
    assert unconfirmed.status_code == 400 and Session.open(path).events == []
    forced = client.post("/play", data={"type": "VISIT", "shop": "CRUMBHALL", "force": "yes", "confirm": "yes",
                                        "form_token": again}, headers=ORIGIN, follow_redirects=False)
    assert forced.status_code == 303
    events = Session.open(path).events
    assert [(e.type, e.forced) for e in events] == [("VISIT", True)]
    assert "FC-SETUP-2" in client.get("/check").text


def test_note_undo_and_assert_from_a_phone(tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    path = fresh(tmp_path, "flamecraft")
    client = phone(client_of(path))
    _, _, forms = short_game("flamecraft")
    assert post(client, "/play", forms[0]).status_code == 303
    assert post(client, "/note", {"text": "Bo disputes the toast"}).status_code == 303
    assert post(client, "/undo", {}).status_code == 400  # an undo is confirmed (field report WEB-7)
    confirm = client.get("/undo").text
    assert "Undo the last play?" in confirm and "#2 note: Bo disputes the toast" in confirm
    assert post(client, "/undo", {"confirm": "yes", "seq": "2"}, "/undo").status_code == 303
    assert post(client, "/assert", {"facts": "turn=0"}, "/assert").status_code == 303
    session = Session.open(path)
    assert [e.type for e in session.events] == ["SETUP", "note", "void", "assert"]
    assert session.events[2].get("target") == 2  # the newest event that still counted: the note
    log = client.get("/log").text
    assert "note: Bo disputes the toast" in log and "void #2 (undo)" in log


def test_the_cli_and_a_phone_record_on_the_same_file(tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    from scorekeeper.cli import main

    path = fresh(tmp_path, "flamecraft")
    client = phone(client_of(path))
    _, _, forms = short_game("flamecraft")
    assert post(client, "/play", forms[0]).status_code == 303
    said = CliRunner().invoke(main, ["note", "from the laptop", "--session", str(path)],
                              env={"SCOREKEEPER_HOME": str(tmp_path / "home")})
    assert said.exit_code == 0, said.output
    assert "note: from the laptop" in client.get("/").text  # the server read the file again
    assert post(client, "/play", forms[1]).status_code == 303
    session = Session.open(path)
    assert [e.seq for e in session.events] == [1, 2, 3] and session.chain_problem is None


def test_a_play_that_leaves_out_a_choice_is_asked_for_not_offered_to_force(
        tmp_path: Path, client_of: Callable[[Path], TestClient]) -> None:
    """UX-12 remainder (field report; FC-PLACE-2): a placement that names no slot, where two slots take the
    dragon, is incomplete: the page says what to add and offers no 'record it anyway'; its JSON says kind "ask"."""
    path = fresh(tmp_path, "flamecraft")
    client = phone(client_of(path))
    _, _, forms = short_game("flamecraft")
    for form in forms[:6]:
        assert post(client, "/play", form).status_code == 303
    place = {k: v for k, v in forms[6].items() if k != "slot"}
    asked = post(client, "/play", place)
    assert asked.status_code == 200 and "Incomplete: say what the play leaves out" in asked.text
    assert "FC-PLACE-2: say which slot IR-4 goes to at CLANKWORKS" in asked.text and 'id="force-form"' not in asked.text
    token = form_token(client.get("/").text)
    answer = client.post("/play", data={**place, "form_token": token}, headers={**ORIGIN, "Accept": "application/json"})
    assert answer.status_code == 409 and answer.json()["kind"] == "ask"
    assert len(Session.open(path).events) == 6
