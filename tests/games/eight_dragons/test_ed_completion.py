"""Completion of the hardest 8 Dragons inputs, in the table and in bash/zsh/fish (Click's protocol): a placement
a piece at a time (the tiles waiting, then the legal cells, then the rotations that fit, ED-LAIR-2), at a village
only the stacks its villagers can pay for (ED-LOC-VILLAGE-1), a flight's spaces with their Locations, its ways
through the Valley and its pushes. The game says what is legal (``Game.legal_values``, ``Choice.words``); the CLI
only asks it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.cli.shell import Table
from tests.samples import sample_until

ROOT = Path(__file__).resolve().parents[3]


def first(tmp_path: Path, count: int) -> Path:
    """The bundled 3-player game as it stood after its first ``count`` events (a copy)."""
    return sample_until(tmp_path, "eight-dragons", "3p-board.json", count)


def shell_complete(words: str, session: Path, shell: str = "bash") -> list[str]:
    """What bash (or zsh: value and description) is offered for ``words`` (completing its last word)."""
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    env = {**os.environ, "COMP_WORDS": words, "COMP_CWORD": str(cword), "_SCOREKEEPER_COMPLETE": f"{shell}_complete",
           "SCOREKEEPER_HOME": str(session.parent / "home"), "SCOREKEEPER_SESSION": str(session),
           "PYTHONPATH": str(ROOT)}
    out = subprocess.run([str(Path(sys.executable).with_name("scorekeeper"))], env=env, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    if shell == "zsh":  # type, value, description, one line each
        return [f"{value} ({words})" for value, words in zip(out[1::3], out[2::3])]
    return [line.split(",", 1)[1] for line in out if line]


def test_a_placement_completes_tile_then_cell_then_the_rotations_that_fit(tmp_path: Path) -> None:
    session = first(tmp_path, 6)  # Rhed waits with T1, Blakkar with T2
    assert shell_complete("scorekeeper ed place ", session) == ["T1@", "T2@"]
    assert shell_complete("scorekeeper ed place T1@", session) == ["T1@-1,0", "T1@-1,1", "T1@0,1", "T1@1,-2"]
    assert shell_complete("scorekeeper ed place T1@0,1", session) == ["T1@0,1r0", "T1@0,1r2", "T1@0,1r5"]
    table = Table(session)
    assert table.complete("place T1@0,1r") == ["T1@0,1r0", "T1@0,1r2", "T1@0,1r5"]
    assert table.complete("p T1@-1") == ["T1@-1,0", "T1@-1,1"]
    env = {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": str(session)}
    before = session.read_bytes()
    wrong = CliRunner().invoke(main, ["ed", "place", "T1@0,1r1"], env=env)  # a rotation not offered: refused
    assert wrong.exit_code == 1 and "ED-LAIR" in wrong.output and session.read_bytes() == before
    assert CliRunner().invoke(main, ["ed", "place", "T1@0,1r2"], env=env).exit_code == 0


def test_a_village_completes_only_the_stacks_its_villagers_can_pay_for(tmp_path: Path) -> None:
    """ED-LOC-VILLAGE-1: Blakkar's Wyrmling stands on a village of one E villager: E1 only, not all 8 stacks."""
    session = first(tmp_path, 5)
    assert shell_complete("scorekeeper ed village ", session) == ["E1"]
    assert Table(session).complete("village ") == ["E1"]


def test_a_missing_placement_lists_the_tiles_waiting(tmp_path: Path) -> None:
    session = first(tmp_path, 6)
    before = session.read_bytes()
    result = CliRunner().invoke(main, ["ed", "place"], env={"SCOREKEEPER_HOME": str(tmp_path / "home"),
                                                            "SCOREKEEPER_SESSION": str(session)})
    assert result.exit_code == 2 and session.read_bytes() == before
    assert result.output.startswith("error: Missing argument 'PLACEMENTS...'; legal now: T1@, T2@ (see '")
    assert result.output.count("\n") == 1


def test_a_flight_completes_the_ways_through_the_valley_and_the_pushes(tmp_path: Path) -> None:
    """ED-F1: ``--valley`` offers the two ways, ``--push`` each other Dragon with each way (Rhed flies)."""
    session = first(tmp_path, 3)
    assert shell_complete("scorekeeper ed fly D7 --valley ", session) == ["Sinistra", "Dextra"]
    assert shell_complete("scorekeeper ed fly D7 --push G", session) == ["Greenyra=Sinistra", "Greenyra=Dextra"]
    table = Table(session)
    assert table.complete("fly D7 --push ") == ["Greenyra=Sinistra", "Greenyra=Dextra", "Blakkar=Sinistra",
                                                "Blakkar=Dextra"]
    assert table.complete("fly D7 -v d") == ["Dextra"]


def test_a_flight_lists_each_space_with_its_location(tmp_path: Path) -> None:
    """ED-F1 (field report): ``fly `` + Tab listed bare codes (``S2 S3 …``); now each space comes with its
    Location, as the table's menu and zsh/fish show it (a village with its villagers now), the same as bash's
    values; ``fly S3 --valley`` offers the two ways too."""
    session = first(tmp_path, 3)  # Rhed flies
    table = Table(session)
    described = dict(table.described("fly S"))
    assert described["S2"] == "Gathering" and described["S3"] == "Gnomes village: 1 villager"
    assert list(described) == shell_complete("scorekeeper ed fly S", session)
    assert shell_complete("scorekeeper ed fly S3", session, "zsh") == ["S3 (Gnomes village: 1 villager)"]
    assert table.complete("fly S3 --valley ") == ["Sinistra", "Dextra"]
