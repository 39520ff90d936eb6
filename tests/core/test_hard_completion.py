"""Completion where typing is hardest, in the table and in bash/zsh/fish (Click's protocol): ``new`` and
``rules`` (the games, the rule IDs with their summaries), ``--format`` (the formats), ``void``/``amend``/
``audit`` (the event numbers with their events, newest first); a missing argument's error lists what is
legal now (one line, exit 2, nothing written)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.cli.shell import Table
from tests.games.eight_dragons.test_ed_completion import ROOT, shell_complete

SAMPLE = ROOT / "sample_sessions" / "flamecraft" / "3p-disputed.json"


@pytest.fixture
def session(tmp_path: Path) -> Path:
    target = tmp_path / "fc.json"
    shutil.copy(SAMPLE, target)
    return target


def test_new_and_rules_complete_the_games_and_the_rule_ids(session: Path) -> None:
    games = ["emberheart", "eh", "flamecraft", "fc", "eight-dragons", "ed", "8d"]
    assert shell_complete("scorekeeper new ", session) == games
    assert shell_complete("scorekeeper rules ", session) == games
    ids = shell_complete("scorekeeper rules FC-SCORE-", session, "zsh")
    assert ids[0].startswith("FC-SCORE-1 (") and all(i.startswith("FC-SCORE-") for i in ids) and len(ids) > 3
    assert shell_complete("scorekeeper rules fc-turn-1", session) == ["FC-TURN-1", "FC-TURN-10"]


def test_format_completes_the_formats(session: Path) -> None:
    assert shell_complete("scorekeeper score --format gi", session) == ["github"]
    assert "csv" in shell_complete("scorekeeper status --format ", session)
    assert Table(session).complete("score --format gi") == ["github"]
    assert Table(session).complete("export --to bgstats") == ["bgstats", "bgstats-link"]


def test_event_numbers_come_with_their_events(session: Path) -> None:
    table = Table(session)
    last = table.session.journal.count
    described = dict(table.described("void "))
    assert list(described)[0] == str(last)
    assert described[str(last)] == table.session.describe(table.session.events[-1])
    assert dict(table.described("amend 1"))["1"] == table.session.describe(table.session.events[0])
    zsh = shell_complete("scorekeeper audit 1", session, "zsh")
    assert zsh[-1] == f"1 ({table.session.describe(table.session.events[0])})" and len(zsh) == 1 + 10 + 58  # 1, 10…19, 100…157


def test_a_missing_argument_lists_what_is_legal_now(session: Path, tmp_path: Path) -> None:
    env = {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": str(session)}
    before = session.read_bytes()
    void = CliRunner().invoke(main, ["void"], env=env)
    last = Table(session).session.journal.count
    assert void.exit_code == 2 and session.read_bytes() == before and void.output.count("\n") == 1
    assert void.output.startswith(f"error: Missing argument 'SEQ'; legal now: {last}, {last - 1}, ")
    new = CliRunner().invoke(main, ["new", "--players", "A,B"], env=env)
    assert new.exit_code == 2 and "legal now: emberheart, eh, flamecraft" in new.output


@pytest.mark.parametrize("words", [["report"], ["branch"], ["compare"], ["standings"]])
def test_a_missing_file_says_no_empty_legal_now(words: list[str], session: Path, tmp_path: Path) -> None:
    """UX-6 (field report): a missing file or folder has no values to list: no ``legal now:`` with nothing after."""
    env = {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": str(session)}
    missing = CliRunner().invoke(main, words, env=env)
    assert missing.exit_code == 2 and "Missing" in missing.output and "legal now" not in missing.output


def test_a_choice_argument_completes_at_the_table_as_in_bash(tmp_path: Path) -> None:
    """EH-F6: ``respond `` + Tab offered nothing at the table (the game names the field ``option``, the command
    ``answer``); the table now asks the parameter's own completion, as bash does."""
    target = tmp_path / "eh.json"
    shutil.copy(ROOT / "sample_sessions" / "emberheart" / "two-players-side-b.json", target)
    assert Table(target).complete("respond ") == ["normal", "grunts", "experts"]
    assert shell_complete("scorekeeper eh respond g", target) == ["grunts"]
