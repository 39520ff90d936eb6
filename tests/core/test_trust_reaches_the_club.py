"""Trust reaches the club (issue 34, field report TRUST-1): a session edited by hand in a league folder — one
value changed, events deleted, two events swapped, an edit with the chain recomputed (only the witness sees it)
— is said to fail ``verify`` by ``standings`` (on the folder and on the file), ``sessions``, the report and every
``serve`` page and ``/api/…`` payload; the league leaves it out, naming it, unless ``--include-tampered``.

Before the fix every one of these counted the edited session silently (the HTML report even said "Intact" beside
a table only the witness had caught).
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, Callable

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from tests.conftest import Cli
from tests.core.test_trust_witness import rechain


def value(data: dict[str, Any]) -> None:
    """One value in a payload changed (the chain breaks there): Ann took 3, and wins."""
    data["events"]["1"]["payload"]["n"] = 3


def deletion(data: dict[str, Any]) -> None:
    """The last two events deleted (the chain still holds: only the witness sees it)."""
    del data["events"]["4"], data["events"]["3"]


def reorder(data: dict[str, Any]) -> None:
    """Two events swapped."""
    data["events"]["3"], data["events"]["4"] = data["events"]["4"], data["events"]["3"]


def recomputed(data: dict[str, Any]) -> None:
    """A value changed and every hash recomputed (the forger's move: only the witness sees it)."""
    value(data)
    rechain(data)


EDITS: list[Callable[[dict[str, Any]], None]] = [value, deletion, reorder, recomputed]


@pytest.fixture
def club(cli: Cli, tmp_path: Path) -> Cli:
    """A club folder with one finished Fake session (Bob wins 2 to 1), written on this machine; the tests run
    from its parent folder."""
    folder = tmp_path / "club"
    folder.mkdir()
    table = Cli(cli.home, folder / "tuesday.json")
    for step in (("new", "fake", "--players", "Ann,Bob", "--set", "target=3", "--session", str(table.session)),
                 ("fake", "add", "1"), ("fake", "add", "2"), ("note", "one"), ("note", "two")):
        assert table(*step).exit_code == 0, step
    return table


def edited(club: Cli, edit: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(club.session.read_text(encoding="utf-8"))
    edit(data)
    club.session.write_text(json.dumps(data), encoding="utf-8")
    assert club("verify").exit_code == 1  # what verify says: the rest must say the same


def test_an_untouched_club_counts_the_session(club: Cli) -> None:
    data = club.json("standings", str(club.session.parent))
    assert [s["winners"] for s in data["sessions"]] == [["Bob"]]
    assert data["sessions"][0]["trust"]["status"] == "intact" and data["fails_verify"] == []


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.__name__)
def test_standings_leaves_an_edited_session_out_and_says_why(club: Cli, edit: Callable[[dict[str, Any]], None]) -> None:
    edited(club, edit)
    for where in (str(club.session.parent), str(club.session)):
        result = club("standings", where)
        assert result.exit_code == 0
        assert "no finished session found" in result.stdout, result.stdout
        assert "left out, failing 'scorekeeper verify' (--include-tampered counts them):" in result.stdout
        assert f"  {where if where.endswith('.json') else where + '/tuesday.json'}: " in result.stdout
        data = club.json("standings", where)
        assert data["sessions"] == [] and len(data["fails_verify"]) == 1 and not data["fails_verify"][0]["counted"]
        for view in (("--last", "3"), ("--streaks",), ("--bests",)):
            assert "left out, failing 'scorekeeper verify'" in club("standings", where, *view).stdout, view
        assert "tuesday.json left out, edited: " in club("standings", where, "--format", "csv").stderr


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.__name__)
def test_include_tampered_counts_it_and_still_names_it(club: Cli, edit: Callable[[dict[str, Any]], None]) -> None:
    edited(club, edit)
    result = club("standings", str(club.session.parent), "--include-tampered")
    assert "Fake: 1 finished session" in result.stdout
    assert "counted, although 'scorekeeper verify' finds them edited:" in result.stdout
    data = club.json("standings", str(club.session.parent), "--include-tampered")
    assert data["sessions"][0]["trust"]["status"] == "tampered" and data["fails_verify"][0]["counted"]


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.__name__)
def test_sessions_says_an_edited_session_fails_verify(club: Cli, edit: Callable[[dict[str, Any]], None]) -> None:
    edited(club, edit)
    result = club("sessions")
    assert "FAILS VERIFY at #" in result.stdout, result.stdout
    lines = result.stdout.splitlines()
    said = lines.index(next(line for line in lines if line.startswith("fails 'scorekeeper verify': ")))
    assert lines[said].endswith("tuesday.json") and len(lines[said]) <= 80
    assert lines[said + 1] == "  " + club.json("sessions")[0]["trust"]["message"]
    rows = club.json("sessions")
    assert rows[0]["trust"]["status"] == "tampered" and rows[0]["trust"]["ok"] is False


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.__name__)
def test_the_report_says_what_verify_says(club: Cli, edit: Callable[[dict[str, Any]], None], tmp_path: Path) -> None:
    """TRUST-1: the HTML report said "Intact" beside a forged table when only the witness caught the edit."""
    edited(club, edit)
    said = [line for line in club("verify").stdout.splitlines() if line]
    out = tmp_path / "r.html"
    result = club("report", "-o", str(out))
    assert result.exit_code == 0
    assert [line.removeprefix("verify: ") for line in result.stdout.splitlines() if line.startswith("verify: ")] == said
    page = out.read_text(encoding="utf-8")
    assert 'class="ok">Intact' not in page and 'id="fails-verify"' in page
    for line in said:
        assert f"<li>{html.escape(line)}</li>" in page, line


def test_an_untouched_report_is_intact(club: Cli, tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    assert club("report", "-o", str(out)).exit_code == 0
    page = out.read_text(encoding="utf-8")
    assert 'class="ok">Intact' in page and 'id="fails-verify"' not in page


def test_verify_does_not_call_the_witness_unchanged_after_a_break(club: Cli) -> None:
    """TRUST-9: 'witness: … unchanged' printed right after 'TAMPERED at #1'."""
    edited(club, value)
    lines = club("verify").stdout.splitlines()
    assert lines[0].startswith("TAMPERED at #1: ")
    assert "unchanged" not in lines[1] and "#1 no longer matches its hash" in lines[1], lines


PAGES = ["/", "/screen", "/score", "/chart", "/log", "/check", "/state"]
APIS = ["/api/status", "/api/score", "/api/score?timeline=1", "/api/check", "/api/log", "/api/state"]


def served(club: Cli) -> Any:
    """An in-process client of ``serve`` on the club's session, keeping this machine's witness (as the CLI's)."""
    from starlette.testclient import TestClient

    from scorekeeper.core.witness import Witness
    from scorekeeper.web.app import create_app
    from scorekeeper.web.served import ServedSession

    return TestClient(create_app(ServedSession(club.session, Witness(club.home)), "test-token-0123456789"),
                      base_url="http://127.0.0.1:8000")


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.__name__)
def test_every_serve_page_and_api_says_it_fails_verify(club: Cli, edit: Callable[[dict[str, Any]], None]) -> None:
    edited(club, edit)
    with served(club) as client:
        for url in PAGES:
            page = client.get(url)
            assert page.status_code == 200, url
            assert 'data-trust="tampered"' in page.text and "this session fails verify: " in page.text, url
        assert 'id="fails-verify"' in client.get("/report").text
        for url in APIS:
            answer = client.get(url)
            assert answer.status_code == 200 and answer.headers["X-Scorekeeper-Trust"] == "tampered", url
            payload = answer.json()
            assert isinstance(payload, list) or payload["trust"]["status"] == "tampered", url


def test_an_untouched_session_is_served_without_a_banner(club: Cli) -> None:
    with served(club) as client:
        assert 'data-trust="intact"' in client.get("/").text and "fails verify" not in client.get("/").text
        assert client.get("/api/status").json()["trust"] == {"status": "intact", "ok": True, "message": None,
                                                           "first_bad_seq": None, "accepted_at": None, "forced": 0}


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.__name__)
def test_serve_league_leaves_it_out_and_names_it(club: Cli, edit: Callable[[dict[str, Any]], None]) -> None:
    from starlette.testclient import TestClient

    from scorekeeper.web.app import create_app
    from scorekeeper.web.served import ServedLeague

    edited(club, edit)
    app = create_app(ServedLeague(club.session.parent, club.home), "test-token-0123456789")
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        page = client.get("/").text
        assert "Sessions that fail verify" in page and "tuesday.json" in page
        data = client.get("/api/standings").json()
        assert data["sessions"] == [] and data["fails_verify"][0]["path"].endswith("tuesday.json")


def test_standings_and_serve_league_do_not_follow_a_link_out_of_the_folder(club: Cli, tmp_path: Path) -> None:
    """TRUST-9: a link in the club folder to a session elsewhere was counted as one of the club's."""
    from starlette.testclient import TestClient

    from scorekeeper.web.app import create_app
    from scorekeeper.web.served import ServedLeague

    elsewhere = tmp_path / "private"
    elsewhere.mkdir()
    club.session.rename(elsewhere / "secret.json")
    (club.session.parent / "link.json").symlink_to(elsewhere / "secret.json")
    result = club("standings", str(club.session.parent))
    assert "no finished session found" in result.stdout
    assert "link.json: a link to a file outside the folder (not followed" in result.stdout
    named = club("standings", str(club.session.parent), str(elsewhere / "secret.json"))
    assert "Fake: 1 finished session" in named.stdout  # named on the command line, it is read
    app = create_app(ServedLeague(club.session.parent, club.home), "test-token-0123456789")
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        assert client.get("/api/standings").json()["sessions"] == []


def test_an_accepted_edit_is_counted_and_still_named(club: Cli) -> None:
    edited(club, value)
    assert club("verify", "--accept-broken-chain").exit_code == 0
    result = club("standings", str(club.session.parent))
    assert "Fake: 1 finished session" in result.stdout
    assert "counted, although 'scorekeeper verify' finds them edited:" in result.stdout
    assert "(accepted at #5)" in result.stdout, result.stdout
    data = club.json("standings", str(club.session.parent))
    assert data["sessions"][0]["trust"]["status"] == "accepted" and data["sessions"][0]["trust"]["accepted_at"] == 5
