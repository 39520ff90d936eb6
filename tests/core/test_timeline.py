"""The game over time: ``score --at N``, ``score --timeline`` and ``chart`` (terminal, SVG, PNG), on the samples.

The timeline is taken in one replay; each point must equal the table a fresh replay gives just after its
event (``score --at SEQ+1``). A score the game cannot compute (Emberheart's Flame table, Flamecraft's moon
dragons) is a point without totals that says what is missing, never a crash.
"""

from __future__ import annotations

import json
import shutil
import xml.dom.minidom
from pathlib import Path

import pytest

from scorekeeper.render import chart
from scorekeeper.app.timeline import Point, Timeline
from tests.conftest import Cli

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
EMBERHEART = next(p for p in (SAMPLES / "emberheart" / "four-players.json",  # the samples' folder, and where
                               SAMPLES / "emberheart-four-players.json") if p.exists())  # they were before
FLAMECRAFT = SAMPLES / "flamecraft" / "3p-complete.json"
EIGHT_DRAGONS = SAMPLES / "eight-dragons" / "3p-board.json"
EVERY_SAMPLE = sorted(p for p in [*SAMPLES.glob("*.json"), *SAMPLES.glob("*/*.json")]
                      if p.name != "manifest.json" and p.parent.name != "inputs")

EMBERHEART_TIMELINE = """\
Emberheart — the score after each round (final score)

after        event      Astrid    Brandon    Helga    Sigrun
-----------  -------  --------  ---------  -------  --------
round 1      #73            13          8       10         8
round 2      #149           33         37       17        15
round 3      #210           41         40       19        19
round 4      #266           50         51       25        27
round 5      #331           55         60       33        45
end of game  #335           55         56       31        43

At end of game: Brandon 60→56 (Flame −4); Helga 33→31 (Flame −2); Sigrun 45→43
  (Flame −2)
"""

EMBERHEART_CHART = """\
Emberheart — the score after each round (final score)
60 ┤                                                        BBBBBBBBBBBBBB
   │                                                BBBBB***AAAAAAAAAAAAAA******
50 ┤                                         *******AAAAA
   │                                 A*******                 SSSSSSSSSSSSSSSSSS
40 ┤                  BBBBBB*********B                    SSSS
   │             BB***AAAAAA                          SSSS      HHHH
30 ┤           **AA                               SSSSHHHHHHHHHH    HHHHHHHHHHHH
   │        ***                          SS*******HHHH
20 ┤    A***           HHHHHH************HH
   │AAA*B HHHH*********SSSSSS
10 ┤******SSSS
   │
 0 ┼
    round 1                                                          end of game
A Astrid 55   B Brandon 56   H Helga 31   S Sigrun 43   * more than one
At end of game: Brandon 60→56 (Flame −4); Helga 33→31 (Flame −2); Sigrun 45→43
(Flame −2)
"""

EMBERHEART_AT_149 = """\
The score just before event #149:

Emberheart — PROVISIONAL score (the game is not over)

              Brandon    Astrid    Helga    Sigrun
----------  ---------  --------  -------  --------
Dragons            13        24        7         5
Attributes          5         2        0         0
Heroes              0         0        2         0
Garrison            3         7        0         0
Flame              16         0        8        10
total              37        33       17        15
rank                1         2        3         4

Leading: Brandon
Note: provisional: round 2, raid phase; Flame Glory uses the current markers
"""

NO_FLAME_TABLE_TIMELINE = """\
Emberheart — the score after each round (a value is missing at the end)

after        event    Astrid    Brandon    Helga    Sigrun
-----------  -------  --------  ---------  -------  --------
round 1      #73      ?         ?          ?        ?
round 2      #149     ?         ?          ?        ?
round 3      #210     ?         ?          ?        ?
round 4      #266     ?         ?          ?        ?
round 5      #331     ?         ?          ?        ?
end of game  #335     ?         ?          ?        ?

? not scored after round 1 (#73): the Glory for a Flame difference of 4 step(s)
  is not set (scorekeeper set flame_glory 4=N)
? not scored after round 2 (#149): the Glory for a Flame difference of 7, 10
  step(s) is not set (scorekeeper set flame_glory 7=N,10=N)
? not scored after round 3 (#210): the Glory for a Flame difference of 7, 9
  step(s) is not set (scorekeeper set flame_glory 7=N,9=N)
? not scored after round 4 (#266): the Glory for a Flame difference of 8, 13
  step(s) is not set (scorekeeper set flame_glory 8=N,13=N)
? not scored after round 5 (#331): the Glory for a Flame difference of 8, 11, 14
  step(s) is not set (Brandon 8 steps; Helga 11 steps; Sigrun 14 steps left of
  the rightmost marker, at 16); it is printed under the Flame track on the board
  (the rulebook gives only 3 → 3 and 6 → 8): read it and set it with scorekeeper
  set flame_glory 8=N,11=N,14=N (N: the Glory printed there)
? not scored after end of game (#335): the Glory for a Flame difference of 10,
  13 step(s) is not set (Helga 10 steps; Sigrun 13 steps left of the rightmost
  marker, at 14); it is printed under the Flame track on the board (the rulebook
  gives only 3 → 3 and 6 → 8): read it and set it with scorekeeper set
  flame_glory 10=N,13=N (N: the Glory printed there)
"""


def test_the_timeline_of_an_emberheart_game_has_its_five_rounds(cli: Cli) -> None:
    result = cli("score", "--timeline", "--session", EMBERHEART)
    assert (result.exit_code, result.output) == (0, EMBERHEART_TIMELINE)


@pytest.mark.parametrize("sample", EVERY_SAMPLE, ids=[p.stem for p in EVERY_SAMPLE])
def test_every_point_is_the_table_just_after_its_event(cli: Cli, sample: Path) -> None:
    """One replay for the whole timeline gives what a replay from scratch gives at each point."""
    timeline = cli.json("score", "--timeline", "--session", sample)
    assert timeline["points"], sample
    for point in timeline["points"]:
        at = cli("score", "--at", str(point["seq"] + 1), "--json", "--session", sample)
        if point["totals"] is None:
            assert at.exit_code == 1 and point["missing"] in at.stderr
            continue
        if at.exit_code == 1:  # a value missing then, given later: the point has the totals without it (FC-V1)
            assert point is not timeline["points"][-1] and "record it with" in at.stderr, point["label"]
            continue
        table = json.loads(at.stdout)
        assert {p["name"]: p["total"] for p in table["players"]} == point["totals"], point["label"]
        assert table["winners"] == point["leaders"] and table["final"] == point["final"]
    final = cli.json("score", "--session", sample)
    assert timeline["points"][-1]["totals"] == {p["name"]: p["total"] for p in final["players"]}
    assert timeline["final"] is True


def test_a_game_says_whether_its_points_are_turns_or_rounds(cli: Cli) -> None:
    labels = {name: [p["label"] for p in cli.json("score", "--timeline", "--session", path)["points"]]
              for name, path in [("eh", EMBERHEART), ("fc", FLAMECRAFT), ("ed", EIGHT_DRAGONS)]}
    assert labels["eh"] == ["round 1", "round 2", "round 3", "round 4", "round 5", "end of game"]
    assert labels["fc"][:3] == ["turn 1 · Ada", "turn 2 · Bram", "turn 3 · Cleo"]
    assert labels["fc"][-2:] == ["turn 32 · Bram", "end of game"] and len(labels["fc"]) == 33
    assert labels["ed"][:4] == ["round 1 · Rhed", "round 1 · Greenyra", "round 1 · Blakkar", "round 2 · Rhed"]
    assert labels["ed"][-1] == "end of game" and len(labels["ed"]) == 22
    assert cli.json("score", "--timeline", "--session", EMBERHEART)["unit"] == "round"
    assert cli.json("score", "--timeline", "--session", FLAMECRAFT)["unit"] == "turn"


def test_a_flamecraft_game_over_with_its_moon_dragons_unjudged_is_a_point_that_says_so(cli: Cli, tmp_path: Path) -> None:
    """Before ``fc final``, the last point says what is missing; once it is recorded, that point shows the totals
    without the moon dragons and the line runs on to the final totals, with no stale instruction (field report
    FC-V1)."""
    points = cli.json("score", "--timeline", "--session", FLAMECRAFT)["points"]
    judged = points[-2]
    assert (judged["label"], judged["seq"], judged["missing"]) == ("turn 32 · Bram", 165, None)
    assert judged["totals"] == {"Ada": 33, "Bram": 28, "Cleo": 26}
    assert points[-1]["totals"] == {"Ada": 33, "Bram": 33, "Cleo": 29} and points[-1]["leaders"] == ["Bram"]
    assert "not scored" not in cli("score", "--timeline", "--session", FLAMECRAFT).output
    waiting = unjudged(cli, tmp_path)
    points = cli.json("score", "--timeline", "--session", waiting)["points"]
    assert (points[-1]["label"], points[-1]["seq"], points[-1]["totals"]) == ("turn 32 · Bram", 165, None)
    assert points[-1]["missing"].startswith("the game is over but the moon dragons are not judged")
    text = cli("score", "--timeline", "--session", waiting).output.splitlines()
    assert "turn 32 · Bram  #165     ?      ?       ?" in text
    assert text[-3].startswith("? not scored after turn 32 · Bram (#165): the game is over but the moon")


def unjudged(cli: Cli, tmp_path: Path) -> Path:
    """A copy of the Flamecraft sample without its ``fc final``: the game is over, the moon dragons not judged."""
    copy = tmp_path / "unjudged.json"
    shutil.copy(FLAMECRAFT, copy)
    assert cli("undo", "--session", copy).exit_code == 0
    return copy


def test_a_missing_flame_table_does_not_stop_the_timeline(cli: Cli, tmp_path: Path) -> None:
    """Void the `set flame_glory` of #1: no round can be scored, and every row says so alike. EH-V11 (field
    report): rounds I–IV counted an unknown Flame difference as 0 and showed a number, round V showed ``?``."""
    session = tmp_path / "no-flame-table.json"
    shutil.copy(EMBERHEART, session)
    assert cli("void", "1", "--reason", "the Flame table was misread", "--session", session).exit_code == 0
    result = cli("score", "--timeline", "--session", session)
    assert (result.exit_code, result.output) == (0, NO_FLAME_TABLE_TIMELINE)
    data = cli.json("score", "--timeline", "--session", session)
    assert [p["totals"] is None for p in data["points"]] == [True] * 6
    assert data["points"][0]["missing"].endswith("(scorekeeper set flame_glory 4=N)")
    assert data["final"] is False
    drawn = cli("chart", "--session", session)
    assert drawn.exit_code == 0 and "? not scored after round 5 (#331)" in drawn.output
    assert cli("chart", "-o", tmp_path / "c.svg", "--session", session).exit_code == 0


def test_plays_that_break_a_rule_are_counted_as_forced_and_the_timeline_says_so(cli: Cli) -> None:
    disputed = SAMPLES / "eight-dragons" / "disputed.json"
    assert cli.json("score", "--timeline", "--session", disputed)["violations"] == 4
    text = cli("score", "--timeline", "--session", disputed).output
    assert text.endswith("\n\nWarning: 4 recorded play(s) break a rule, forced: they count as played: see\n"
                         "  'scorekeeper check'\n")
    assert cli.json("score", "--timeline", "--session", EMBERHEART)["violations"] == 0


def test_score_at_n_is_the_table_just_before_event_n(cli: Cli) -> None:
    result = cli("score", "--at", "149", "--session", EMBERHEART)
    assert (result.exit_code, result.output) == (0, EMBERHEART_AT_149)
    data = cli.json("score", "--at", "149", "--session", EMBERHEART)
    assert data["at"] == 149 and data["final"] is False
    assert cli("score", "--at", "149", "--format", "csv", "--session", EMBERHEART).output.startswith("rank,player,")
    at_end = cli.json("score", "--at", "336", "--session", EMBERHEART)
    assert at_end["final"] is True and at_end["winners"] == ["Brandon"]


@pytest.mark.parametrize("args,message", [
    (["score", "--at", "337"], "error: --at 337: the journal has events 1 to 335\n"),
    (["score", "--at", "0"], "error: --at 0: the journal has events 1 to 335\n"),
    (["score", "--timeline", "--at", "5"],
     "error: --timeline shows the whole game: leave out --at and --explain (try 'score --at N')\n"),
    (["chart", "-o", "chart.gif"],
     "error: -o chart.gif: the chart is written as .svg or .png; name the file FILE.svg or FILE.png\n"),
    (["chart", "-o", "no-such-folder/chart.svg"],
     "error: -o no-such-folder/chart.svg: cannot write it (No such file or directory); pick a folder you can "
     "write to\n"),
])
def test_bad_words_are_one_line_and_exit_2(cli: Cli, args: list[str], message: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli(*args, "--session", EMBERHEART)
    assert (result.exit_code, result.stderr, result.stdout) == (2, message, "")


def test_the_terminal_chart_of_an_emberheart_game(cli: Cli) -> None:
    """(The last line says what the final scoring changed: UX-20.)"""
    result = cli("chart", "--session", EMBERHEART)
    assert (result.exit_code, result.output) == (0, EMBERHEART_CHART)


@pytest.mark.parametrize("width", [40, 61, 80, 132])
def test_the_terminal_chart_fits_its_width(cli: Cli, width: int, tmp_path: Path) -> None:
    lines = cli("chart", "--width", str(width), "--session", unjudged(cli, tmp_path)).output.splitlines()
    assert max(len(line) for line in lines) <= width
    said = " ".join(line.strip() for line in lines[next(i for i, l in enumerate(lines) if l.startswith("? ")):])
    assert said.endswith("record it with: scorekeeper fc final --moon CARD (fulfilled) --missed CARD (not)")


def test_the_svg_is_one_self_contained_element(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "evening.svg"
    result = cli("chart", "-o", out, "--session", EIGHT_DRAGONS)
    assert (result.exit_code, result.output) == (0, f"wrote {out}: 8 Dragons, 22 points (turns)\n")
    text = out.read_text(encoding="utf-8")
    root = xml.dom.minidom.parseString(text).documentElement
    assert root.tagName == "svg" and root.getAttribute("xmlns") == "http://www.w3.org/2000/svg"
    assert "<script" not in text and "href" not in text  # nothing to fetch, nothing to run
    assert len(root.getElementsByTagName("polyline")) == 3
    assert "Blakkar (64)" in text and "8 Dragons — the score after each turn (final score)" in text


def test_names_are_escaped_in_the_svg() -> None:
    players = ("<b>Ann</b>", 'Bo & "Cy"')
    points = [Point("turn 1 · <b>Ann</b>", 3, {players[0]: 2, players[1]: 0}),
              Point("turn 2", 5, None, missing="a <value> & more")]
    text = chart.svg(Timeline("fake", "Fake & <Co>", "turn", players, points))
    assert "<b>" not in text and "&lt;b&gt;Ann&lt;/b&gt;" in text and "Bo &amp; &quot;Cy&quot;" in text
    assert "a &lt;value&gt; &amp; more" in text
    xml.dom.minidom.parseString(text)


def test_the_png_is_an_image_of_the_chart(cli: Cli, tmp_path: Path) -> None:
    image = pytest.importorskip("PIL.Image", reason="Pillow is the PNG writer (pip install 'scorekeeper[png]')")
    out = tmp_path / "evening.png"
    assert cli("chart", "-o", out, "--session", FLAMECRAFT).exit_code == 0
    with image.open(out) as png:
        assert (png.format, png.size) == ("PNG", (chart.SVG_WIDTH, chart.SVG_HEIGHT))
        assert len(png.convert("RGB").getcolors(1 << 16) or ()) > 8  # lines in several colours, not blank


def test_a_game_without_a_progress_hook_counts_its_players_turns(cli: Cli) -> None:
    import tests.fake_game  # noqa: F401  (registers the fake game, which keeps the default hook)

    assert cli("new", "fake", "--players", "Ann,Bob", "--set", "target=9").exit_code == 0
    assert cli.json("score", "--timeline")["points"] == []
    assert cli("score", "--timeline").output == "no turn or round is over yet\n"
    assert cli("chart").output == "no turn or round is over yet: nothing to draw\n"
    for n in ("2", "1", "3"):
        assert cli("fake", "add", n).exit_code == 0
    points = cli.json("score", "--timeline")["points"]
    assert [(p["label"], p["seq"], p["totals"]) for p in points] == [
        ("Ann's turn", 1, {"Ann": 2, "Bob": 0}), ("Bob's turn", 2, {"Ann": 2, "Bob": 1}),
        ("Ann's turn", 3, {"Ann": 5, "Bob": 1})]


def test_the_drop_at_the_end_of_the_game_is_said_in_every_chart(cli: Cli, tmp_path: Path) -> None:
    """UX-20 (field report): Whytera's line climbs to 96, then drops to 72 at "end of game" without a word; the
    chart, the SVG (the page's) and `score --timeline` now say what the final scoring changed, by category."""
    long = EIGHT_DRAGONS.parent / "4p-long.json"
    said = "Whytera 96→72 (Market Stalls −28, Craftsmen +4);"
    assert said in " ".join(cli("chart", "--session", long).output.split())
    assert said in " ".join(cli("score", "--timeline", "--session", long).output.split())
    assert cli("chart", "--session", long, "-o", str(tmp_path / "c.svg")).exit_code == 0
    assert f"<title>At end of game: {said}" in (tmp_path / "c.svg").read_text(encoding="utf-8")


def test_a_total_below_zero_is_marked_with_the_forced_play_that_took_it_there(cli: Cli, tmp_path: Path) -> None:
    """UX-20 (field report): on the disputed 8 Dragons sample a forced Merchant buy (#12) takes Greenyra to −5,
    and the line went below 0 unmarked (the terminal chart even drew it at the top, the SVG under the axis). The
    axis now reaches below 0, and every chart names the forced play at that point."""
    disputed = EIGHT_DRAGONS.parent / "disputed.json"
    said = "Greenyra −5 after round 2 · Greenyra (#14): forced #12 (ED-LOC-MERCHANT-1)"
    lines = cli("chart", "--session", disputed).output.splitlines()
    assert f"! {said}" in lines
    low = next(line for line in lines if line.startswith("-10 "))
    row = lines[lines.index(low) - 1]
    assert row.lstrip(" │").startswith("G!G")  # Greenyra's line under 0, marked where it goes below
    assert f"Below 0: {said}" in " ".join(cli("score", "--timeline", "--session", disputed).output.split())
    assert cli("chart", "--session", disputed, "-o", str(tmp_path / "c.svg")).exit_code == 0
    svg = (tmp_path / "c.svg").read_text(encoding="utf-8")
    assert f'<g class="forced"><title>{said}</title>' in svg and ">forced #12</text>" in svg
    root = xml.dom.minidom.parseString(svg).documentElement
    ticks = [t.firstChild.data for t in root.getElementsByTagName("text") if t.getAttribute("text-anchor") == "end"]
    assert ticks[0] == "-10"  # the axis begins under the lowest total
    ring = next(c for c in root.getElementsByTagName("circle") if c.getAttribute("stroke") == "#b00020")
    assert float(ring.getAttribute("cy")) < chart.SVG_HEIGHT - 56  # inside the plot, above the labels


def test_the_png_marks_a_total_below_zero(cli: Cli, tmp_path: Path) -> None:
    """UX-20 (field report): the PNG draws the same red ring and 'forced #12' as the SVG."""
    image = pytest.importorskip("PIL.Image", reason="Pillow is the PNG writer (pip install 'scorekeeper[png]')")
    out = tmp_path / "c.png"
    assert cli("chart", "-o", out, "--session", EIGHT_DRAGONS.parent / "disputed.json").exit_code == 0
    with image.open(out) as png:
        colours = {colour for _, colour in png.convert("RGB").getcolors(1 << 16) or ()}
    assert (0xB0, 0x00, 0x20) in colours
