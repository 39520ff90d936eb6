"""Output for machines: ``--format csv`` is one valid CSV table (a header, then rows of as many fields) on every
command that takes ``--format``, on every sample session; ``--json`` of every read command is valid JSON."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import click
import pytest

from scorekeeper.cli import main
from tests.core.test_screens import SESSIONS, copy, run

#: how to run each command that takes ``--format`` (a new one fails ``test_every_format_command_is_covered``)
FORMAT_RUNS: dict[str, list[list[str]]] = {
    "status": [[]],
    "state": [[], ["--at", "3"]],
    "log": [[], ["--rejected"], ["--type", "no-such-type"]],
    "score": [[], ["--explain"], ["--at", "5"], ["--timeline"]],
    "audit": [["3"]],
    "settings": [[]],
    "standings": [[]],  # over the session's file
}

#: the read commands with ``--json``, as run on a sample session
JSON_RUNS = [["status"], ["log"], ["check"], ["score"], ["score", "--explain"], ["score", "--at", "5"],
             ["score", "--timeline"], ["state"], ["state", "--at", "3"], ["audit", "3"], ["settings"], ["verify"]]


def commands_with_format() -> set[str]:
    """Every command, the game groups' too, with a ``--format`` option (by walking the command tree)."""
    found: set[str] = set()

    def walk(command: click.Command, ctx: click.Context, path: str) -> None:
        if any("--format" in getattr(p, "opts", []) for p in command.params):
            found.add(path)
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                if sub is not None:
                    walk(sub, click.Context(sub, parent=ctx, info_name=name), f"{path} {name}".strip())

    walk(main, click.Context(main, info_name="scorekeeper"), "")
    return found


def test_every_format_command_is_covered() -> None:
    assert commands_with_format() == set(FORMAT_RUNS)


def session_args(command: str, path: Path) -> list[str]:
    return [str(path)] if command == "standings" else ["--session", str(path)]


def assert_one_table(output: str) -> list[list[str]]:
    """``output`` parsed by ``csv.reader``: a header, every row with as many fields as the header."""
    rows = list(csv.reader(io.StringIO(output)))
    assert rows and rows[0], output[:200]
    ragged = [row for row in rows if len(row) != len(rows[0])]
    assert ragged == [], (rows[0], ragged[:3])
    return rows


@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_csv_is_one_valid_table_or_refused(session: Path, tmp_path: Path) -> None:
    path = copy(session, tmp_path)
    for command, variants in FORMAT_RUNS.items():
        for extra in variants:
            args = [command, *extra, "--format", "csv", *session_args(command, path)]
            result = run(*args, tmp=tmp_path, columns=40)
            if result.exit_code == 2:  # refused cleanly: one message on stderr (wrapped at COLUMNS), nothing on stdout
                lines = result.stderr.strip().splitlines()
                assert result.stdout == "" and lines[0].startswith("error: "), (args, result.stderr)
                assert all(line.startswith("  ") for line in lines[1:]), (args, result.stderr)
                continue
            assert result.exit_code in (0, 1), (args, result.output)
            assert_one_table(result.stdout)
            if command in ("status", "audit"):  # laid out to the screen's width, but never in csv
                assert run(*args, tmp=tmp_path, columns=500).stdout == result.stdout, args


def test_status_csv_holds_every_section(tmp_path: Path) -> None:
    """One table, a column saying which section a row belongs to: every player's every value is there."""
    path = copy(SESSIONS[0], tmp_path)
    data = json.loads(run("status", "--json", "--session", str(path), tmp=tmp_path).stdout)
    rows = assert_one_table(run("status", "--format", "csv", "--session", str(path), tmp=tmp_path).stdout)
    assert rows[0] == ["section", "row", "field", "value"]
    by_section = {(r[0], r[1], r[2]): r[3] for r in rows[1:]}
    assert by_section[("next", "1", "text")] == data["expected"]
    for i, player in enumerate(data["players"], 1):
        assert by_section[("players", str(i), "player")] == player["player"]
    for part in data["sections"]:
        assert sum(r[0] == part["title"] for r in rows) == sum(len(row) for row in part["rows"])
    assert [r[3] for r in rows if r[0] == "notes"] == data["notes"]


@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_json_of_every_read_command_is_valid(session: Path, tmp_path: Path) -> None:
    path = copy(session, tmp_path)
    runs = [[*args, "--session", str(path)] for args in JSON_RUNS] + [["standings", str(path)]]
    if session.parent.name == "eight-dragons":
        players = json.loads(run("status", "--json", "--session", str(path), tmp=tmp_path).stdout)["players"]
        runs += [["ed", "lair", p["player"], "--session", str(path)] for p in players]
    for args in runs:
        result = run(*args, "--json", tmp=tmp_path, columns=40)
        assert result.exit_code in (0, 1), (args, result.output)
        json.loads(result.stdout)
