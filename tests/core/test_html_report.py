"""The referee's report (``scorekeeper report -o FILE.html``): the file written, its sections, escaping.

Through the real CLI (CliRunner): a fake-game session with a hostile player name, a forced illegal play, a
note, a void, an amendment and an undo; one disputed sample of each game; the refusals. The page itself is
loaded in a real browser by ``test_html_report_browser.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from scorekeeper.render.html_report import HEX, HOOK, HOOK_HASH, Lair, lair_svg, rule_summaries
from tests.conftest import Cli

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_sessions"
HOSTILE = "<script>alert(1)</script>"
NOTE = "&<>\"'"
SECTIONS = ("score", "chart", "violations", "corrections", "notes", "verify")


def sample(*candidates: str) -> Path:
    """The first sample file that exists (the Emberheart samples may live in a folder of their own)."""
    for name in candidates:
        if (SAMPLES / name).exists():
            return SAMPLES / name
    pytest.skip(f"no sample among {candidates}")


def section(page: str, key: str) -> str:
    """The HTML of one ``<section id=KEY>``."""
    match = re.search(rf'<section id="{key}">(.*?)</section>', page, re.S)
    assert match, f"no section {key}"
    return match.group(1)


def hostile_session(cli: Cli) -> Cli:
    """Eight events: a forced illegal play (#2), a note (#3), a void (#6), an amendment (#7) and its undo (#8)."""
    steps = [
        ("new", "fake", "--players", f"{HOSTILE},Bob", "--session", str(cli.session)),
        ("fake", "add", "2"),  # 1
        ("fake", "add", "5", "-p", "Bob", "--force"),  # 2: FAKE-RANGE
        ("note", NOTE),  # 3
        ("fake", "add", "1"),  # 4: Ann (the forced #2 was carried out: Bob played)
        ("fake", "add", "3"),  # 5 (warning FAKE-GREEDY; voided below)
        ("void", "5", "--reason", "<b>twice</b>"),  # 6
        ("amend", "4", "n=2"),  # 7
        ("undo",),  # 8: voids #7
    ]
    for step in steps:
        result = cli(*step)
        assert result.exit_code == 0, (step, result.output)
    return cli


def test_report_writes_one_page_and_says_what_it_holds(cli: Cli, tmp_path: Path) -> None:
    hostile_session(cli)
    out = tmp_path / "referee.html"
    result = cli("report", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.output == (
        f"wrote {out}\n"
        "Fake, provisional score: 1 violation, 0 warnings, 3 corrections, 1 note\n"
        "verify: intact, 8 events\n"
    )
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>\n<html lang=\"en\">")
    for key in SECTIONS:
        assert f'<section id="{key}">' in page
    assert '<section id="lairs">' not in page  # the fake game has no Lairs
    assert "PROVISIONAL score" in section(page, "score")
    violations = section(page, "violations")
    assert "<h2>Violations (1)</h2>" in violations
    assert "#2 <code>FAKE-RANGE</code>" in violations and "take 1 to 3 counters, not 5" in violations
    assert "Event #2: Bob adds 5 · forced · recorded with --force" in violations
    assert "<details><summary>The board just before #2</summary>" in violations
    assert "Fake game · 2/10 counters" in violations  # the board before #2: Ann's 2 counters
    corrections = section(page, "corrections")
    assert re.findall(r'<td class="num">#(\d+)</td><td>(\w+)</td>', corrections) == [
        ("6", "void"), ("7", "amend"), ("8", "undo")]
    assert "<td>voided by #8</td>" in corrections
    assert "<td>#3</td>" not in corrections and '<td class="num">#3</td><td>note</td>' in section(page, "notes")
    head = json.loads(cli("verify", "--json").stdout)["head"]
    assert f'Head hash: <span class="hash">{head}</span>' in section(page, "verify")


def test_every_name_note_and_message_is_escaped(cli: Cli, tmp_path: Path) -> None:
    hostile_session(cli)
    out = tmp_path / "r.html"
    assert cli("report", "-o", str(out)).exit_code == 0
    page = out.read_text(encoding="utf-8")
    assert HOSTILE not in page and "alert(1)</" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&amp;&lt;&gt;&quot;&#x27;" in section(page, "notes") and NOTE not in page
    assert "<b>twice</b>" not in page and "&lt;b&gt;twice&lt;/b&gt;" in page
    # the only script is the page's own error hook, and the policy allows it alone (by its hash)
    assert re.findall(r"<script>(.*?)</script>", page, re.S) == [HOOK]
    assert f"script-src 'sha256-{HOOK_HASH}'" in page and "default-src 'none'" in page
    assert not re.search(r"(src|href)=\"(?!#)", page)  # nothing to fetch: only in-page links


@pytest.mark.parametrize("candidates,lines,lairs,summary", [
    (("flamecraft/3p-disputed.json",),
     ["Flamecraft, final score: 6 violations, 0 warnings, 0 corrections, 0 notes", "verify: intact, 157 events"],
     False, "Move to a new shop, not the one your token is on (any on your first turn)"),
    (("eight-dragons/disputed.json",),
     ["8 Dragons, final score: 4 violations, 0 warnings, 0 corrections, 0 notes",
      "lairs drawn: Rhed, Greenyra, Blakkar", "verify: intact, 147 events"],
     True, "A new tile needs at least one open edge touching an open edge of a tile beside it"),
    (("emberheart/disputed.json", "emberheart-disputed.json"),
     ["Emberheart, final score: 5 violations, 2 warnings, 0 corrections, 2 notes", "verify: intact, 271 events"],
     False, "Each Location accepts Grunts plus one Expert type: Scouts, Wardens (Mountain) or Rangers"),
], ids=["flamecraft", "eight-dragons", "emberheart"])
def test_one_disputed_sample_of_each_game(cli: Cli, tmp_path: Path, candidates: tuple[str, ...],
                                          lines: list[str], lairs: bool, summary: str | None) -> None:
    path = sample(*candidates)
    out = tmp_path / "referee.html"
    result = cli("report", "--session", str(path), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [f"wrote {out}", *lines]
    page = out.read_text(encoding="utf-8")
    for key in SECTIONS:
        assert f'<section id="{key}">' in page
    check = json.loads(cli("check", "--session", str(path), "--json").stdout)["violations"]
    rulings = re.findall(r'<h3>#(\d+) <code>([A-Z0-9-]+)</code>', section(page, "violations"))
    assert rulings == [(str(v["seq"]), v["rule"]) for v in check]
    assert section(page, "violations").count("The board just before #") == len(check)
    assert "Final score" in section(page, "score")
    assert "<svg" in section(page, "chart")
    assert ('<section id="lairs">' in page) is lairs
    if lairs:
        assert section(page, "lairs").count("<svg") == 3 and "Rhed&#x27;s Lair (red): 21 tiles" in page
        # the disputed placement (#10, ED-LAIR-3) shows the Lair it was refused on, as it stood then
        assert "Rhed's Lair just before #9</b></p><div class=\"lair\"><svg" in section(page, "violations")
    if summary:  # the rule checklist's one-line summary beside the violation's own message
        assert f'<p class="summary">Rule: {summary}' in page


def test_the_header_says_when_it_was_played_and_the_winner_as_the_terminal_does(cli: Cli, tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """UX-18 (field report): the header had no date (no `2026-` on the page) and the score said "Winner: Gus
    wins"; UX-16: a phone gets the score turned (categories down, players across), as the terminal turns it."""
    import time

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    out = tmp_path / "referee.html"
    try:
        assert cli("report", "--session", str(SAMPLES / "flamecraft" / "3p-disputed.json"), "-o", str(out)).exit_code == 0
    finally:
        monkeypatch.undo()
        time.tzset()
    page = out.read_text(encoding="utf-8")
    assert "<code>3p-disputed.json</code> · played 2026-12-02 01:13 · 157 events" in page
    score = section(page, "score")
    assert "<p>Winner: <b>Gus</b></p>" in score and " wins" not in score
    turned = score.split('<div class="scroll narrow turned"')[1].split(">", 1)[1]
    assert turned.startswith("<table><thead><tr><th></th><th>Gus</th>") and "<td>total</td>" in turned
    assert turned.split("</thead><tbody>")[1].startswith("<tr><td>rank</td><td>1</td>")  # REPORT-4: the rank row


def test_the_lairs_show_artifacts_and_printed_gold_and_whole_names(cli: Cli, tmp_path: Path) -> None:
    """UX-19 (field report): the hexes showed name, face and cell only (`ed lair` also shows artifacts and printed
    Gold), and names were clipped (`S-Greeny..`): a long name is now squeezed into its hexagon, whole."""
    out = tmp_path / "referee.html"
    assert cli("report", "--session", str(SAMPLES / "eight-dragons" / "disputed.json"), "-o", str(out)).exit_code == 0
    lairs = section(out.read_text(encoding="utf-8"), "lairs")
    assert 'fill="#5a3d00">g $1</text>' in lairs  # T35, G1/WWWOOW/g,1: a Gear and 1 Gold
    assert ' textLength="53" lengthAdjust="spacingAndGlyphs">S-Blakkar</text>' in lairs and "…" not in lairs


def test_the_lairs_show_the_open_places_that_ed_lair_lists(cli: Cli, tmp_path: Path) -> None:
    """UX-19 (field report): the page's Lairs lacked the open places of `ed lair`; each is now an empty dotted
    hexagon at its cell, with the open sides it faces, exactly the places `ed lair` lists."""
    disputed = str(SAMPLES / "eight-dragons" / "disputed.json")
    out = tmp_path / "referee.html"
    assert cli("report", "--session", disputed, "-o", str(out)).exit_code == 0
    rhed = section(out.read_text(encoding="utf-8"), "lairs").split("<svg")[1]
    drawn = re.findall(r'<g class="open"><title>open place (-?\d+,-?\d+) \(open ([A-Z/]+)\)</title>', rhed)
    listed = " ".join(cli("ed", "lair", "Rhed", "--session", disputed).output.split()).split("Open places: ")[1]
    assert drawn and "; ".join(f"{cell} (open {edges})" for cell, edges in drawn) == listed
    assert '<text x="-255.0" y="-25.4" text-anchor="middle" font-size="10" fill="#666">-5,2</text>' in rhed


def test_a_tampered_journal_is_reported_as_such(cli: Cli, tmp_path: Path) -> None:
    hostile_session(cli)
    data = json.loads(cli.session.read_text(encoding="utf-8"))
    data["events"]["4"]["payload"]["n"] = 3
    cli.session.write_text(json.dumps(data), encoding="utf-8")
    out = tmp_path / "r.html"
    result = cli("report", "-o", str(out))
    assert result.exit_code == 0
    assert any(line.startswith("verify: TAMPERED at #4: ") for line in result.output.splitlines())
    assert '<li>TAMPERED at #4: ' in section(out.read_text(encoding="utf-8"), "verify")


def test_refusals_write_nothing(cli: Cli, tmp_path: Path) -> None:
    hostile_session(cli)
    not_html = cli("report", "-o", str(tmp_path / "r.txt"))
    assert not_html.exit_code == 2
    assert not_html.stderr == f"error: {tmp_path / 'r.txt'}: the report is an HTML page; name it FILE.html\n"
    before = cli.session.read_bytes()
    beside = cli("report", "-o", str(cli.session.with_suffix(".html")))
    assert beside.exit_code == 0  # a page beside the session is fine
    missing = cli("report")
    assert missing.exit_code == 2 and "Missing option '-o' / '--output'" in missing.stderr
    assert cli.session.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix != ".lock") == ["home", "session.html", "session.json"]


def test_the_report_never_overwrites_its_session(cli: Cli, tmp_path: Path) -> None:
    odd = tmp_path / "game.html"
    assert cli("new", "fake", "--players", "Ann,Bob", "--session", str(odd)).exit_code == 0
    before = odd.read_bytes()
    result = cli("report", "--session", str(odd), "-o", str(odd))
    assert result.exit_code == 2
    assert result.stderr == f"error: {odd} is the session itself; write the report to another file\n"
    assert odd.read_bytes() == before


def test_an_empty_session_makes_a_short_report(cli: Cli, tmp_path: Path) -> None:
    assert cli("new", "fake", "--players", "Ann,Bob", "--session", str(cli.session)).exit_code == 0
    out = tmp_path / "r.html"
    result = cli("report", "-o", str(out))
    assert result.output == f"wrote {out}\nFake, provisional score: 0 violations, 0 warnings, 0 corrections, 0 notes\n" \
                            "verify: intact, 0 events\n"
    page = out.read_text(encoding="utf-8")
    assert "No violations in 0 events." in page and "no corrections" in page and "no notes" in page


def test_a_lair_is_drawn_with_its_walls_turned() -> None:
    """One tile with a single wall (printed N): turned once, the wall is on the board's NE side."""
    tiles = [{"cell": [0, 0], "tile": "E1/WOOOOO/b", "name": "T1", "rot": 1},
             {"cell": [1, -1], "tile": "S/OOOOOO", "name": "<S>", "rot": 0}]
    svg = lair_svg(Lair("Ann", "red", tiles))
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and svg.endswith("</svg>")
    walls = re.findall(r'<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" stroke="#3b2f2f"', svg)
    # the NE side of the hexagon at the origin runs from its upper-right corner (300°) to its right one (0°)
    assert walls == [("17.0", "-29.4", "34.0", "0.0")]
    assert svg.count('stroke-dasharray="3 3"') == 11
    assert "&lt;S&gt;" in svg and "<S>" not in svg
    assert "Ann&#x27;s Lair (red): 2 tiles" in svg


def test_rule_summaries_are_the_project_s_own() -> None:
    summaries = rule_summaries("scorekeeper.games.emberheart")
    assert summaries["EH-ACT-6"] == "Each Location accepts Grunts plus one Expert type: Scouts, Wardens (Mountain) or Rangers"
    assert summaries["CORE-TYPE"] == "Only event types that the game declares can be recorded"
    assert not any(rule.startswith("FAKE-") for rule in rule_summaries("tests.fake_game"))


@pytest.mark.parametrize("printed", range(6))
@pytest.mark.parametrize("rot", range(6))
def test_each_wall_is_drawn_on_the_side_that_faces_the_game_s_neighbour(printed: int, rot: int) -> None:
    """The side drawn for a wall printed on edge ``printed`` of a tile turned ``rot`` is the side that faces
    the neighbouring cell across the board edge the game computes (``hexgrid.rotate_edges`` and ``DIRS``)."""
    from scorekeeper.games.eight_dragons.hexgrid import DIRS, rotate_edges

    face = "".join("W" if i == printed else "O" for i in range(6))
    board_edge = rotate_edges(face, rot).index("W")
    svg = lair_svg(Lair("Ann", "", [{"cell": [0, 0], "tile": f"E1/{face}", "name": "T1", "rot": rot}]))
    (x1, y1, x2, y2), = [tuple(map(float, w)) for w in re.findall(
        r'<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" stroke="#3b2f2f"', svg)]
    q, r = DIRS[board_edge]  # the neighbour's centre, halved, is the middle of the side they share
    assert (x1 + x2) / 2 == pytest.approx(HEX * 1.5 * q / 2, abs=0.2)
    assert (y1 + y2) / 2 == pytest.approx(HEX * 3 ** 0.5 * (r + q / 2) / 2, abs=0.2)


def test_a_score_the_game_cannot_compute_yet_says_what_is_missing(cli: Cli) -> None:
    from dataclasses import replace

    from scorekeeper.render.html_report import gather, render
    from scorekeeper.app.session import Session

    hostile_session(cli)
    report = replace(gather(Session.open(cli.session)), score=None, score_problem="the <Flame> Glory of step 5",
                     chart_svg=None, chart_problem="the <Flame> Glory of step 5")
    page = render(report)
    assert '<p class="bad">The score cannot be computed yet: the &lt;Flame&gt; Glory of step 5</p>' in page
    assert "The score chart is not available: the &lt;Flame&gt; Glory of step 5." in page
    assert report.summary_lines()[0].startswith("Fake, no score: ")
    assert "score chart: not available (the <Flame> Glory of step 5)" in report.summary_lines()
