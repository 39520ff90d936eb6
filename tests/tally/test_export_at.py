"""``export --to tally --at N`` (FC-F3), and a session started from it numbers its own events (FC-V2)."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.app.session import Session
from scorekeeper.app.tally import tally_data
from tests.conftest import Cli
from tests.test_sample_sessions import SAMPLES

SAMPLE = SAMPLES / "flamecraft" / "5p-gold.json"


def test_export_to_tally_at_n_is_the_table_just_before_event_n(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "mid.json"
    made = cli("export", "--to", "tally", "--at", "100", "-o", out, "--session", SAMPLE)
    assert made.exit_code == 0 and "the table just before #100 as a tally" in made.stdout
    sample = Session.open(SAMPLE)
    assert json.loads(out.read_text(encoding="utf-8")) == tally_data(sample, at=100)
    assert tally_data(sample, at=100) != tally_data(sample)
    wrong = cli("export", "--to", "tally", "--at", "999", "--session", SAMPLE)
    assert wrong.exit_code == 2 and "--at 999: the journal has events 1 to" in wrong.stderr
    other = cli("export", "--to", "csv", "--at", "3", "--session", SAMPLE)
    assert other.exit_code == 2 and "use it with --to tally" in other.stderr


def test_a_joined_session_cites_no_event_of_the_journal_it_came_from(cli: Cli, tmp_path: Path) -> None:
    """FC-V2: the reputation earned before the join was cited as ``#28 slot 3 reward…``, and #28 of the joined
    session is another play; it is now said to be from before this session."""
    out = tmp_path / "mid.json"
    assert cli("export", "--to", "tally", "--at", "100", "-o", out, "--session", SAMPLE).exit_code == 0
    assert '"#' not in out.read_text(encoding="utf-8")
    joined = tmp_path / "joined.json"
    sample = Session.open(SAMPLE)
    made = cli("new", "flamecraft", "--players", ",".join(sample.players), "--from", out, "--session", joined)
    assert made.exit_code == 0, made.output
    explain = cli("score", "--explain", "--session", joined).stdout
    assert "before this session: slot 3 reward at" in " ".join(explain.split())
    assert " #" not in explain


def test_a_joined_8_dragons_session_cites_its_gold_from_before(cli: Cli, tmp_path: Path) -> None:
    """FC-V2 in 8 Dragons: the Gold ledger's lines cited the exported journal's events (``#4 Sinistra Shrine``)."""
    sample = SAMPLES / "eight-dragons" / "2p-aurea.json"
    out = tmp_path / "mid.json"
    assert cli("export", "--to", "tally", "--at", "60", "-o", out, "--session", sample).exit_code == 0
    joined = tmp_path / "joined.json"
    made = cli("new", "eight-dragons", "--players", ",".join(Session.open(sample).players), "--from", out,
               "--session", joined)
    assert made.exit_code == 0, made.output
    explain = cli("score", "--explain", "--session", joined).stdout
    assert "before this session: Sinistra Shrine" in explain and " #4 " not in explain
