"""Screens that fit: every read command on every sample session fits 80 columns; the score turns around when
the wide table does not fit; log filters and paging; colour only on a terminal and never with NO_COLOR."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from scorekeeper.cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"
SESSIONS = sorted(p for p in SAMPLES.glob("*/*.json") if p.name != "manifest.json" and p.parent.name != "inputs")
ANSI = re.compile("\x1b\\[")
READS = [["score"], ["score", "--explain"], ["status"], ["check"], ["audit", "3"], ["audit", "40"], ["settings"], ["log"],
         ["state"], ["state", "--at", "40"]]


def run(*args: str, tmp: Path, color: bool = False, columns: int = 80, **env: str) -> Result:
    environment = {"SCOREKEEPER_HOME": str(tmp / "home"), "COLUMNS": str(columns), "NO_COLOR": None, **env}
    return CliRunner().invoke(main, list(args), env=environment, color=color, catch_exceptions=False)


def copy(session: Path, tmp: Path) -> Path:
    target = tmp / session.name
    shutil.copy(session, target)
    return target


def too_wide(output: str, width: int = 80) -> list[str]:
    return [line for line in output.splitlines() if len(line) > width]


@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_read_command_fits_80_columns(session: Path, tmp_path: Path) -> None:
    path = copy(session, tmp_path)
    for args in READS:
        result = run(*args, "--session", str(path), tmp=tmp_path)
        assert result.exit_code in (0, 1), (args, result.output)
        assert result.output.strip(), args
        assert too_wide(result.output) == [], (args, too_wide(result.output))
        if args == ["status"]:  # one screen: the next step first; the whole board behind --full
            lines = result.output.splitlines()
            assert lines[0].startswith("Next: ") and "Players:" in lines and len(lines) < 24, lines
            full = run("status", "--full", "--session", str(path), tmp=tmp_path).output
            assert too_wide(full) == []
            lines = full.splitlines()  # the next step first, then short titled sections
            headings = [line for line in lines if line.endswith(":") and not line.startswith(" ")]
            assert lines[0].startswith("Next: ") and headings[:2] == ["Turn:", "Players:"], lines[:12]
            assert all(lines[i - 1] == "" for i, line in enumerate(lines) if line in headings)
    if session.parent.name == "eight-dragons":
        players = run("status", "--session", str(path), "--json", tmp=tmp_path)
        for player in [p["player"] for p in json.loads(players.stdout)["players"]]:
            lair = run("ed", "lair", player, "--session", str(path), tmp=tmp_path)
            assert lair.exit_code == 0, lair.output
            assert too_wide(lair.output) == [], too_wide(lair.output)


@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_machine_formats_are_complete_at_80_columns(session: Path, tmp_path: Path) -> None:
    path = copy(session, tmp_path)
    wide = run("log", "--format", "csv", "--session", str(path), tmp=tmp_path, columns=500).output
    narrow = run("log", "--format", "csv", "--session", str(path), tmp=tmp_path).output
    assert narrow == wide
    rows = list(csv.DictReader(io.StringIO(narrow)))
    every = json.loads(run("log", "--json", "--session", str(path), tmp=tmp_path).stdout)
    assert [int(r["#"]) for r in rows] == [r["seq"] for r in every]
    assert [r["event"].rstrip("…") for r in rows] == [r["description"][: len(r2["event"].rstrip("…"))]
                                                       for r, r2 in zip(every, rows)]


def parse_table(output: str) -> list[dict[str, str]]:
    """The first table of a screen in tabulate's simple format, as rows of header → cell (by column spans)."""
    lines = output.splitlines()
    rule = next(i for i, line in enumerate(lines) if line.strip() and set(line) <= {"-", " "})
    spans = [m.span() for m in re.finditer("-+", lines[rule])]

    def cells(line: str) -> list[str]:
        starts = [a for a, _ in spans] + [10_000]
        return [line[starts[i]:starts[i + 1]].strip() for i in range(len(spans))]

    header = cells(lines[rule - 1])
    rows = []
    for line in lines[rule + 1:]:
        if not line.strip():
            break
        rows.append(dict(zip(header, cells(line))))
    return rows


@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_turned_score_holds_the_same_numbers(session: Path, tmp_path: Path) -> None:
    path = copy(session, tmp_path)
    wide = run("score", "--session", str(path), tmp=tmp_path, columns=1000).output
    narrower = max(len(line) for line in wide.splitlines() if set(line) <= {"-", " "}) - 1
    narrow = run("score", "--session", str(path), tmp=tmp_path, columns=min(80, narrower)).output
    by_player = {row["player"]: {k: int(v) for k, v in row.items() if k != "player"} for row in parse_table(wide)}
    turned = parse_table(narrow)
    assert [row[""] for row in turned][-2:] == ["total", "rank"]  # categories down, players across
    by_column = {player: {row[""]: int(row[player]) for row in turned} for player in turned[0] if player}
    assert by_column == by_player
    data = json.loads(run("score", "--json", "--session", str(path), tmp=tmp_path).stdout)
    assert by_player == {p["name"]: {**p["categories"], "total": p["total"], "rank": p["rank"]} for p in data["players"]}


def test_log_filters_and_errors(tmp_path: Path) -> None:
    path = copy(SAMPLES / "flamecraft" / "3p-disputed.json", tmp_path)
    every = json.loads(run("log", "--json", "--session", str(path), tmp=tmp_path).stdout)
    last = json.loads(run("log", "--json", "--last", "3", "--session", str(path), tmp=tmp_path).stdout)
    assert last == every[-3:]
    player = next(r["player"] for r in every if r["player"])
    mine = json.loads(run("log", "--json", "--player", player.lower()[:3], "--session", str(path), tmp=tmp_path).stdout)
    assert mine and all(r["player"] == player for r in mine)
    assert len(mine) == sum(r["player"] == player for r in every)
    kind = every[-1]["type"]
    typed = json.loads(run("log", "--json", "--type", kind, "--session", str(path), tmp=tmp_path).stdout)
    assert typed == [r for r in every if r["type"] == kind]
    rejected = json.loads(run("log", "--json", "--rejected", "--session", str(path), tmp=tmp_path).stdout)
    assert rejected and rejected == [r for r in every if r["status"] in ("rejected", "forced")]  # all flagged
    text = run("log", "--rejected", "--session", str(path), tmp=tmp_path).output
    assert sorted(int(line.split()[0]) for line in text.splitlines()[2:]) == [r["seq"] for r in rejected]
    bad = run("log", "--player", "Zed", "--session", str(path), tmp=tmp_path)
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1
    assert "Zed" in bad.output and player in bad.output
    bad_type = run("log", "--type", "dance", "--session", str(path), tmp=tmp_path)
    assert bad_type.exit_code == 2 and kind in bad_type.output
    assert run("log", "--last", "0", "--session", str(path), tmp=tmp_path).exit_code == 2


def test_log_pages_only_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import click

    from scorekeeper.cli import output

    paged: list[str] = []
    monkeypatch.setattr(click, "echo_via_pager", lambda text, **_: paged.append(str(text)))
    path = copy(SAMPLES / "eight-dragons" / "4p-long.json", tmp_path)
    piped = run("log", "--session", str(path), tmp=tmp_path)
    assert paged == [] and "#" in piped.output
    monkeypatch.setattr(output, "_raw", lambda err: type("Tty", (), {"isatty": lambda self: True})())
    run("log", "--session", str(path), tmp=tmp_path)
    assert len(paged) == 1 and "applied" in paged[0]


def verdict_and_refusal(tmp: Path, color: bool, **env: str) -> tuple[Result, Result]:
    session = tmp / "s.json"
    home = {"SCOREKEEPER_SESSION": str(session)}
    created = run("new", "flamecraft", "--players", "Ann,Bo", "--session", str(session), tmp=tmp, **home)
    assert created.exit_code == 0, created.output
    good = run("note", "hello", "--session", str(session), tmp=tmp, color=color, **home, **env)
    bad = run("void", "999", "--session", str(session), tmp=tmp, color=color, **home, **env)
    return good, bad


def test_colour_on_a_terminal_only(tmp_path: Path) -> None:
    good, bad = verdict_and_refusal(tmp_path, color=True)
    assert "\x1b[32m" in good.output  # recorded: green
    assert bad.exit_code != 0 and "\x1b[31m" in bad.output  # refused: red
    (tmp_path / "plain").mkdir()
    plain_good, plain_bad = verdict_and_refusal(tmp_path / "plain", color=False)
    assert not ANSI.search(plain_good.output) and not ANSI.search(plain_bad.output)
    assert "recorded" in plain_good.output


def test_no_color_wins_over_a_terminal(tmp_path: Path) -> None:
    good, bad = verdict_and_refusal(tmp_path, color=True, NO_COLOR="")
    assert not ANSI.search(good.output) and not ANSI.search(bad.output)
    path = copy(SAMPLES / "emberheart" / "disputed.json", tmp_path)
    checked = run("check", "--session", str(path), tmp=tmp_path, color=True, NO_COLOR="1")
    assert checked.exit_code == 1 and not ANSI.search(checked.output)


@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_winner_is_said_once(session: Path, tmp_path: Path) -> None:
    data: dict[str, Any] = json.loads(run("score", "--json", "--session", str(copy(session, tmp_path)),
                                          tmp=tmp_path).stdout)
    output = run("score", "--session", str(tmp_path / session.name), tmp=tmp_path).output
    lines = [line for line in output.splitlines() if line.startswith(("Winner", "Shared victory", "Leading"))]
    assert len(lines) == 1
    assert " wins" not in lines[0] and "victory" not in lines[0].split(":", 1)[1]
    for winner in data["winners"]:
        assert lines[0].count(winner) == 1


def test_verdicts_fit_and_keep_the_next_command_whole(tmp_path: Path) -> None:
    path = copy(SAMPLES / "flamecraft" / "3p-disputed.json", tmp_path)
    long_note = "the table agrees that " + "the coins were counted twice " * 6
    plays = [["note", long_note], ["assert", "Ada", "coins=99"], ["undo"]]
    for args in plays:
        result = run(*args, "--session", str(path), tmp=tmp_path)
        lines = result.output.splitlines()
        assert lines and too_wide("\n".join(l for l in lines if not l.startswith("next:"))) == [], (args, lines)
        next_lines = [line for line in lines if line.startswith("next:")]
        assert len(next_lines) <= 1
    shown = " ".join(run("log", "--type", "note", "--json", "--session", str(path), tmp=tmp_path).stdout.split())
    assert " ".join(long_note.split()) in shown


def on_a_terminal(*args: str, tmp: Path, columns: int) -> str:
    """What ``scorekeeper ARGS`` writes to stderr when stderr is a real terminal (a pseudo-terminal) ``columns`` wide."""
    import os
    import pty
    import subprocess
    import sys

    leader, follower = pty.openpty()
    env = {**os.environ, "SCOREKEEPER_HOME": str(tmp / "home"), "COLUMNS": str(columns), "NO_COLOR": "1"}
    subprocess.run([sys.executable, "-m", "scorekeeper", *args], stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=follower, env=env, check=False)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal's other end is closed: all is read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    return b"".join(chunks).decode().replace("\r\n", "\n")


def test_a_long_refusal_is_wrapped_to_the_terminal_and_to_80_columns_elsewhere(tmp_path: Path) -> None:
    """(The play is after the end: it can never be carried out, so --force is not offered: UX-12.)"""
    path = copy(SAMPLES / "flamecraft" / "3p-complete.json", tmp_path)
    piped = run("fc", "place", "MT-6", "--session", str(path), tmp=tmp_path)
    refusal, *explained = piped.stderr.splitlines()
    assert piped.exit_code == 1 and too_wide(piped.stderr) == []  # COLUMNS=80: 80 columns
    assert explained and all(line.startswith("  ") for line in explained)  # continued, then the rule's summary
    message = piped.stderr.strip()
    assert refusal.startswith("refused: FC-END-5: ") and "--force" not in message  # a block: nothing to force
    shown = on_a_terminal("fc", "place", "MT-6", "--session", str(path), tmp=tmp_path, columns=50)
    lines = shown.strip("\n").split("\n")
    assert len(lines) > 2 and too_wide(shown, 50) == [], lines
    assert lines[0].startswith("refused: FC-END-5:") and all(line.startswith("  ") for line in lines[1:])
    assert " ".join(shown.split()) == " ".join(message.split())  # cut at spaces only: no word lost or split
    usage = on_a_terminal("score", "--format", "a-format-nobody-has-heard-of", "--session", str(path),
                          tmp=tmp_path, columns=50)
    assert usage.startswith("error: unknown --format") and too_wide(usage, 50) == [] and usage.count("\n") > 1


@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_tables_fit_by_themselves(session: Path, tmp_path: Path) -> None:
    """Every table of status, state and settings fits as laid out, not by the screen's wrapping cutting its lines
    (which would tear the columns apart): the players, each section, at the end and half-way, and the settings."""
    from scorekeeper.render.fitting import fitted
    from scorekeeper.app.session import Session

    s = Session.open(copy(session, tmp_path))
    for status in (s.status(), s.status(len(s.events) // 2)):
        for rows in [status.players, *(part.rows for part in status.sections)]:
            lines = fitted(rows, "simple", 78)  # the sections are indented by 2
            assert max(map(len, lines)) <= 78, lines
    from scorekeeper.games import settings_rows

    for rows in (s.settings_rows()[1], settings_rows(s.game.name)[1]):  # the session's, and the game's defaults
        lines = fitted(rows, "simple", 80)
        assert max(map(len, lines)) <= 80, lines


def test_messages_wrap_at_columns_and_stay_one_line_when_piped(tmp_path: Path) -> None:
    """A hint and a refusal are wrapped at ``COLUMNS`` when it is set; piped with no ``COLUMNS`` (a script,
    ``grep``), each stays one logical line, whole."""
    session = str(tmp_path / "s.json")
    piped: Any = {"COLUMNS": None}
    created = run("-s", session, "new", "fc", "--players", "Ann,Bo,Cy", tmp=tmp_path, **piped)
    hint = "next: record the setup: scorekeeper fc setup (town, starter dragons, park and row)"
    assert hint in created.output.splitlines()
    refused = run("-s", session, "fc", "visit", "crumb", tmp=tmp_path, **piped)
    assert refused.exit_code == 1 and refused.output.startswith(  # a block: no --force offered (UX-12)
        "refused: FC-SETUP-2: the setup is not recorded yet: start with 'scorekeeper fc setup'\n")
    assert run("-s", session, "fc", "visit", "crumb", tmp=tmp_path, columns=80).output.splitlines()[:2] == [
        "refused: FC-SETUP-2: the setup is not recorded yet: start with 'scorekeeper fc",
        "  setup'"]
    at_60 = run("-s", session, "fc", "visit", "crumb", tmp=tmp_path, columns=60).output
    assert at_60.startswith("refused: FC-SETUP-2: the setup is not recorded yet: start\n  with 'scorekeeper fc")
