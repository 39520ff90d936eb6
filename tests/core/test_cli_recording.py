"""The CLI's recording commands (``scorekeeper.cli.recording``): a command's plays go to the journal in one write,
all or nothing; the session a command reads is the one chosen for it in Click's context, never ``os.environ``."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from tests.conftest import Cli

GARRISON = ["garrison", "red", "3", "1red", "speed", "blue", "3", "1blue+1hero", "senses"]


def writes_of(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every replacement of the file at ``path`` from now on (the journal's atomic write ends with one)."""
    seen: list[str] = []
    replace = os.replace

    def counting(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
        if Path(dst) == path:
            seen.append(str(src))
        replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", counting)
    return seen


def test_a_reveal_of_three_cards_is_one_write(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli("new", "emberheart", "--players", "Ann,Bob", "--session", str(cli.session)).exit_code == 0
    writes = writes_of(cli.session, monkeypatch)
    result = cli("eh", "reveal", *GARRISON, "green", "3", "2green", "strength")
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in result.output.splitlines() if " recorded" in line] == [
        "#1 recorded", "#2 recorded", "#3 recorded"]
    assert len(writes) == 1


def test_a_reveal_whose_third_card_is_refused_writes_nothing_and_names_the_card(cli: Cli,
                                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The third Garrison card breaks EH-SETUP-9 (a colour's first card shows 3 Glory): nothing is written, not
    even the first two, and the refusal names the third card."""
    assert cli("new", "emberheart", "--players", "Ann,Bob", "--session", str(cli.session)).exit_code == 0
    before = cli.session.read_bytes()
    writes = writes_of(cli.session, monkeypatch)
    result = cli("eh", "reveal", *GARRISON, "green", "5", "2green", "strength")
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("card 3 (green 5 2green strength): refused: EH-SETUP-9: ")
    assert " ".join(result.stderr.split()).endswith("; the 2 before it were not recorded either; the rest is legal: "
                                                    "type it again without card 3 (green 5 2green strength)")  # EH-F4
    assert writes == [] and cli.session.read_bytes() == before
    assert cli.json("log") == []
    json_result = cli("eh", "reveal", *GARRISON, "green", "5", "2green", "strength", "--json")
    assert (json_result.exit_code, json_result.stdout) == (1, "")  # nothing recorded: no verdict to print
    forced = cli("eh", "reveal", *GARRISON, "green", "5", "2green", "strength", "--force")
    assert forced.exit_code == 0 and "FLAGGED EH-SETUP-9" in forced.output and len(cli.json("log")) == 3


def test_a_raid_for_everyone_refused_for_one_player_writes_nothing(cli: Cli) -> None:
    """`eh raid --all` when nobody is waiting is refused as one play (the rules say why), and writes nothing."""
    assert cli("new", "emberheart", "--players", "Ann,Bob", "--session", str(cli.session)).exit_code == 0
    before = cli.session.read_bytes()
    result = cli("eh", "raid", "--all")
    assert result.exit_code == 1 and result.stderr.startswith("refused: EH-FLOW-2: ")
    assert cli.session.read_bytes() == before
    as_json = cli.json("eh", "raid", "--all")  # one play: its refusal as JSON, as for any single play
    assert as_json["refused"] is True and as_json["violations"][0]["rule"] == "EH-FLOW-2"


class NoSessionWrites(dict[str, str]):
    """``os.environ`` for a test that fails on any write of ``SCOREKEEPER_SESSION``."""

    def __setitem__(self, key: str, value: str) -> None:
        assert key != "SCOREKEEPER_SESSION", "the CLI wrote SCOREKEEPER_SESSION"
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        assert key != "SCOREKEEPER_SESSION", "the CLI removed SCOREKEEPER_SESSION"
        super().__delitem__(key)


def test_the_session_chosen_with_s_is_in_the_context_not_the_environment(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """`-s A` beats $SCOREKEEPER_SESSION (B) for every command, a command's own --session beats both, and the CLI
    never writes the variable (the shell's table neither)."""
    home, a, b = tmp_path / "home", tmp_path / "a.json", tmp_path / "b.json"
    home.mkdir()
    runner = CliRunner()
    env = {"SCOREKEEPER_HOME": str(home)}
    for path, players in ((a, "Ann,Bob"), (b, "Cyd,Dee")):
        assert runner.invoke(main, ["new", "emberheart", "--players", players, "--session", str(path)], env=env).exit_code == 0
    guarded = NoSessionWrites(os.environ, SCOREKEEPER_SESSION=str(b), SCOREKEEPER_HOME=str(home))
    monkeypatch.setattr(os, "environ", guarded)

    def first(*args: str) -> str:
        result = runner.invoke(main, [*args[:2], "status", "--json", *args[2:]], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return str(json.loads(result.stdout)["active_player"])

    assert first() == "Cyd"  # the environment's
    assert first("-s", str(a)) == "Ann"  # -s beats it
    assert first("-s", str(a), "--session", str(b)) == "Cyd"  # the command's own beats -s
    from scorekeeper.cli.shell import Table

    table = Table(a)
    try:
        assert table.run_line('note "at the table"') == 0
    finally:
        table.close()
    assert guarded["SCOREKEEPER_SESSION"] == str(b)
    assert [e["type"] for e in json.loads(runner.invoke(main, ["-s", str(a), "log", "--json"]).stdout)] == ["note"]
