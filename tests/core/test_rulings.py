"""Rulings settle a dispute later: a ``void`` or an ``amend`` re-judges every play after it, says which plays it
makes illegal (``#23 now breaks FC-TURN-2: …``) or legal again, and is recorded only when the user confirms
with ``--force``; ``audit`` of the ruling shows the same consequences. Forced plays count as the table played
them (issue: verdicts at the table, forced plays).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scorekeeper.core.journal import Journal
from tests.conftest import Cli

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions" / "flamecraft"


@pytest.fixture
def complete(cli: Cli) -> Cli:
    """The legal 3-player Flamecraft sample as the default session."""
    shutil.copy(SAMPLES / "3p-complete.json", cli.session)
    return cli


@pytest.fixture
def disputed(cli: Cli) -> Cli:
    """The disputed Flamecraft sample (six forced plays, carried out) as the default session."""
    shutil.copy(SAMPLES / "3p-disputed.json", cli.session)
    return cli


def test_a_void_that_breaks_later_plays_names_them_and_writes_nothing(complete: Cli) -> None:
    before = complete.session.read_bytes()
    refused = complete("void", "22")
    assert refused.exit_code == 1
    lines = refused.output.splitlines()
    assert lines[0].startswith("refused: voiding #22 makes ") and lines[0].endswith(" play(s) illegal:")
    assert lines[1] == "  #23 now breaks FC-TURN-2: Ada must visit a shop before gathering"
    assert any(line.startswith("  … and ") and line.endswith(" more") for line in lines)
    assert "use --force to record it all the same" in refused.output
    assert complete.session.read_bytes() == before  # nothing written


def test_a_forced_void_is_recorded_and_lists_what_it_broke(complete: Cli) -> None:
    forced = complete("void", "22", "--force")
    assert forced.exit_code == 0, forced.output
    assert "  #23 now breaks FC-TURN-2: Ada must visit a shop before gathering" in forced.output
    seq = len(Journal(complete.session).records)
    check = complete.json("check")
    broken = {v["seq"] for v in check["violations"] if v["severity"] == "error"}
    assert 23 in broken and 24 in broken  # the later plays stay, flagged
    audit = complete("audit", str(seq))
    assert "What this ruling did to the plays after it:" in audit.output
    assert "  #23 now breaks FC-TURN-2: Ada must visit a shop before gathering" in audit.output
    data = complete.json("audit", str(seq))
    assert data["later_plays"]["broken"][0] == {"seq": 23, "rule": "FC-TURN-2", "severity": "error",
                                                "message": "Ada must visit a shop before gathering"}


def test_an_amend_that_makes_a_forced_play_legal_says_so(disputed: Cli) -> None:
    """#28 is a forced gather of one good too many (FC-GATHER-3); amended to the shop's yield it is legal again,
    but the bread it no longer gives is missing later, and the refusal says where."""
    refused = disputed("amend", "28", "gain=1plant+1crystal")
    assert refused.exit_code == 1
    assert "  now legal again: #28" in refused.output
    assert refused.output.startswith("refused: amending #28 makes #142 impossible: FC-GEN-3: Gus cannot pay 2 bread "
                                     "(holds 1)\n")


def test_a_ruling_without_consequences_is_recorded_at_once(disputed: Cli) -> None:
    voided = disputed("void", "65")  # the forced second fire-up (FC-FIRE-2): nothing after it depends on it
    assert voided.exit_code == 0, voided.output
    seq = len(Journal(disputed.session).records)
    assert "This ruling made no later play illegal or legal." in disputed("audit", str(seq)).output


def test_forced_plays_count_as_the_table_played_them(disputed: Cli) -> None:
    """The disputed sample's forced plays are carried out: the forced gather's extra bread is Gus's, and
    ``score`` says the flagged plays count."""
    score = disputed("score")
    assert "break a rule, forced: they count as played" in " ".join(score.output.split())
    log = disputed("log")
    row = next(line for line in log.output.splitlines() if line.split()[:1] == ["28"])
    assert row.split()[-3:] == ["forced", "forced,", "FC-GATHER-3"]  # status, then the notes


def test_amend_force_carries_the_amended_play_out(disputed: Cli) -> None:
    """``amend N … --force`` (as ``amend --help`` says): Hana's gather #18 amended to a yield the shop does not give
    is carried out as the table played it, flagged FC-GATHER-3, not left rejected; its 2 bread are gone."""
    forced = disputed("amend", "18", "gain=1crystal", "--force")
    assert forced.exit_code == 0, forced.output
    audit = disputed.json("audit", "18")
    assert audit["status"] == "forced" and [v["rule"] for v in audit["violations"]] == ["FC-GATHER-3"]
    assert audit["later_plays"]["broken"][1]["seq"] == 33  # the visit her bread paid for


def test_an_amendments_refusal_names_the_first_later_play_it_makes_impossible(disputed: Cli) -> None:
    """The refusal of an amendment judges it as --force would carry it out, and names the first later play it
    makes impossible with that play's own rule (#33's payment, FC-GEN-3) and its summary, then what the amended
    play itself breaks and how many more follow: not a list of the cascade. Nothing is written."""
    before = disputed.session.read_bytes()
    refused = disputed("amend", "18", "gain=1crystal")
    assert refused.exit_code == 1
    lines = refused.output.splitlines()
    assert lines[0] == ("refused: amending #18 makes #33 impossible: FC-GEN-3: Hana cannot pay 1 bread (holds 0); "
                        "Hana can pay with 1meat+1plant+1iron+1crystal+1potion+1coin")
    assert lines[1].startswith("  FC-GEN-3: You can only pay")
    assert any(line.startswith("  #18 as amended breaks FC-GATHER-3: ") for line in lines)
    assert any("later play(s) after #33 break a rule too" in line for line in lines)
    assert not any(line.startswith("  #34 ") for line in lines) and "use --force" in lines[-1]
    assert disputed.session.read_bytes() == before


def test_audit_of_an_amended_play_lists_what_its_amendment_did(disputed: Cli) -> None:
    """``audit N`` of a play amended lists the amendment's consequences, as ``audit`` of the amendment does."""
    assert disputed("amend", "18", "gain=1crystal", "--force").exit_code == 0
    seq = len(Journal(disputed.session).records)
    for audited in ("18", str(seq)):
        text = disputed("audit", audited).output
        assert "did to the plays after it:" in text, text
        assert "  #33 now breaks FC-GEN-3: Hana cannot pay 1 bread (holds 0); Hana can pay with" in text
