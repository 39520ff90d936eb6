"""Session commands and games take unique prefixes and typo suggestions; ``-s FILE`` works before the command."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import click

from scorekeeper.cli import SESSION_COMMANDS
from scorekeeper.cli.session import load
from tests.conftest import Cli
from tests.registry import names

SAMPLE = Path(__file__).resolve().parents[2] / "sample_sessions" / "emberheart" / "four-players.json"


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    copy = tmp_path / "tuesday.json"
    shutil.copy(SAMPLE, copy)
    return copy


@pytest.mark.parametrize("limit", [30, 45, 74, 10_000])
def test_short_help_table_matches_each_commands_own_help(limit: int) -> None:
    commands = load()
    assert set(SESSION_COMMANDS) == set(commands)
    for name, text in SESSION_COMMANDS.items():
        ours = click.Command(name, help=text).get_short_help_str(limit)
        assert ours == commands[name].get_short_help_str(limit), name


def test_help_lists_every_command_and_game(cli: Cli) -> None:
    out = cli("--help").output
    for name in list(SESSION_COMMANDS) + names():
        assert f"  {name} " in out, name
    assert all(len(line) <= 80 for line in out.splitlines())


def test_help_groups_the_commands_by_task_with_whole_one_liners(cli: Cli) -> None:
    """UX-28 (field report): one flat list of 26 commands, every one-liner cut with `...`."""
    from scorekeeper.cli import TASKS

    out = cli("--help").output
    assert sorted(n for names in TASKS.values() for n in names) == sorted(SESSION_COMMANDS)
    assert "..." not in out.split("Options:")[1] and all(f"\n{task}:\n" in out for task in TASKS)
    assert "  status    Where the game stands, on one screen\n" in out
    assert "  check     Replay the journal and list every play that breaks a rule\n" in out


def test_dash_v_and_help_are_the_conventions_a_user_tries(cli: Cli) -> None:
    """UX-28 (field report): `scorekeeper -V` and `scorekeeper help [CMD]` were refused."""
    assert cli("-V").output == cli("--version").output == "scorekeeper, version 0.1.0\n"
    assert cli("help").output == cli("--help").output
    assert cli("help", "score").output == cli("score", "--help").output
    assert cli("help", "eh", "place").output == cli("eh", "place", "--help").output
    wrong = cli("help", "eh", "zzz")
    assert wrong.exit_code == 2 and "emberheart has no command 'zzz' (see " in wrong.stderr


def test_unique_prefix_runs_the_command(cli: Cli, sample: Path) -> None:
    full = cli("score", "--session", str(sample))
    short = cli("scor", "--session", str(sample))
    assert full.exit_code == short.exit_code == 0
    assert short.output == full.output and "Winner:" in full.output


def test_game_prefix(cli: Cli) -> None:
    result = cli("flame", "--help")
    assert result.exit_code == 0 and "flamecraft [OPTIONS]" in result.output


def test_typo_suggests_the_command(cli: Cli) -> None:
    result = cli("scroe")
    assert result.exit_code == 2
    assert "no such command 'scroe'; did you mean score?" in result.stderr


def test_nothing_close_is_a_plain_error(cli: Cli) -> None:
    result = cli("xyzzy")
    assert result.exit_code == 2 and "no such command 'xyzzy'" in result.stderr and "did you mean" not in result.stderr


def test_ambiguous_prefix_lists_the_candidates(cli: Cli) -> None:
    result = cli("sta")
    assert result.exit_code == 2
    assert "'sta' could be standings, state, status; type more of it" in result.stderr


def test_exact_name_wins_over_longer_ones(cli: Cli, sample: Path) -> None:
    """``set`` is a command of its own, not a prefix of settings or sessions."""
    result = cli("set", "--help")
    assert result.exit_code == 0 and "set [OPTIONS]" in result.output


def test_session_before_the_command(cli: Cli, sample: Path) -> None:
    before = cli("-s", str(sample), "score", session=False)
    after = cli("score", "--session", str(sample), session=False)
    assert before.exit_code == after.exit_code == 0
    assert before.output == after.output and "Winner:" in before.output
    assert cli("--session", str(sample), "status", session=False).exit_code == 0


def test_session_before_a_game_command(cli: Cli, sample: Path) -> None:
    result = cli("-s", str(sample), "eh", "--help", session=False)
    assert result.exit_code == 0


def test_session_before_the_command_leaves_the_environment_as_it_was(cli: Cli, sample: Path) -> None:
    saved = os.environ.get("SCOREKEEPER_SESSION")
    from click.testing import CliRunner

    from scorekeeper.cli import main

    CliRunner().invoke(main, ["-s", str(sample), "score"])
    assert os.environ.get("SCOREKEEPER_SESSION") == saved
