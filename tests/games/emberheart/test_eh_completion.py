"""Tab completion of Emberheart's setup and placement words, in the table and in bash alike (field report
EH-F6): the spaces a Two player mode card blocks, the Heroes still to reveal into the Guild, and only the free
spaces of the Location typed."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.cli.shell import Table
from tests.games.eight_dragons.test_ed_completion import shell_complete
from tests.samples import sample_until

def first(tmp_path: Path, count: int) -> Path:
    """The bundled 2-player game as it stood after its first ``count`` events (a copy)."""
    return sample_until(tmp_path, "emberheart", "two-players-side-b.json", count)


def test_block_offers_the_spaces_of_the_common_locations(tmp_path: Path) -> None:
    """EH-F6 (field report): ``block `` + Tab offered nothing; now every LOCATION:SPACE, one not typed yet."""
    session = first(tmp_path, 24)  # everything revealed but the Two player mode card
    spaces = Table(session).complete("block ")
    assert spaces[:6] == ["guild:1", "guild:2", "guild:3", "guild:4", "guild:5", "tavern:1"] and len(spaces) == 30
    assert Table(session).complete("block tavern:4 tav") == ["tavern:1", "tavern:2", "tavern:3", "tavern:5"]
    assert shell_complete("scorekeeper eh block mou", session) == [f"mountain:{n}" for n in range(1, 6)]


def test_reveal_guild_offers_the_heroes_not_revealed_yet(tmp_path: Path) -> None:
    """EH-F6 (field report): ``reveal guild `` + Tab offered no Hero names; each Hero card exists once, so
    the Priestess and the Blazebinder, revealed already, are left out; other Locations get no Heroes."""
    session = first(tmp_path, 3)
    table = Table(session)
    heroes = table.complete("reveal guild ")
    assert len(heroes) == 25 and "priestess" not in heroes and "blazebinder" not in heroes
    assert table.complete("reveal guild 3 fire") == ["fire-sage", "fire-marshall"]
    assert table.complete("reveal guild bard master-") == ["master-scout", "master-ranger"]
    assert table.complete("reveal tavern ") == ["1", "2", "3"]  # the empty slots (field report 2026-12-06 EH-F1)
    assert shell_complete("scorekeeper eh reveal gu 3 fire-s", session) == ["fire-sage"]


def test_place_leaves_the_blocked_spaces_out(tmp_path: Path) -> None:
    """EH-F6 (field report): ``place tavern `` + Tab offered the blocked space too (refused, EH-2P-3); now only
    the free spaces of the Location typed (tavern:4 is blocked this round, guild 4 and 5 too)."""
    session = first(tmp_path, 26)
    assert Table(session).complete("place tavern ") == ["1", "2", "3", "5"]
    assert shell_complete("scorekeeper eh place gu ", session) == ["1", "2", "3"]
    env = {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": str(session)}
    refused = CliRunner().invoke(main, ["eh", "place", "tavern", "4", "2G1S"], env=env)
    assert refused.exit_code == 1 and "EH-2P-3" in refused.output
