"""FC-F3 (field report): Tab completion in the table and in bash alike: a gift's ``--to`` completes to the other
players only (FC-GIFT-3), the setup's park and row, the companion dealt, the slot a dragon takes, a reserve from
the row, what a visit pays."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.cli.shell import Table
from tests.games.eight_dragons.test_ed_completion import shell_complete
from tests.samples import sample_until


def test_fc_gift_3_a_gift_completes_to_the_other_players_only(tmp_path: Path) -> None:
    session = first(tmp_path, "3p-disputed.json", 6)  # Fern's turn, a fire-up legal
    assert shell_complete("scorekeeper fc fire S-BOLT --to ", session) == ["Gus", "Hana"]
    assert Table(session).complete("fire S-BOLT --to ") == ["Gus", "Hana"]


def first(tmp_path: Path, name: str, count: int) -> Path:
    """A bundled Flamecraft game as it stood after its first ``count`` events (a copy)."""
    return sample_until(tmp_path, "flamecraft", name, count)


def test_setup_completes_the_park_and_the_row_an_item_at_a_time(tmp_path: Path) -> None:
    """FC-F3 (field report): ``setup --park`` completed nothing; now the catalog's artisan dragons (not the
    starters), and after a comma the ones not listed yet; ``--row`` the enchantments."""
    session = first(tmp_path, "2p-companions.json", 0)
    table = Table(session)
    park = table.complete("setup --park ")
    assert park[:2] == ["BR-1", "BR-2"] and not any(d.startswith("S-") for d in park)
    assert table.complete("setup --park BR-1,BR-2,B") == ["BR-1,BR-2,BR-3", "BR-1,BR-2,BR-4", "BR-1,BR-2,BR-5",
                                                         "BR-1,BR-2,BR-6"]
    row = [card for card in table.session.state.faces["ench"] if card.startswith("PU-1")]
    assert shell_complete("scorekeeper fc setup --park BR-1 --row PU-1", session) == row and len(row) > 5


def test_deal_completes_the_companions_not_dealt(tmp_path: Path) -> None:
    """FC-F3 (field report): ``--companion`` completed nothing (companions on: the catalog's, once each)."""
    session = first(tmp_path, "2p-companions.json", 1)
    assert Table(session).complete("deal Dana --companion ") == ["CP-1", "CP-2", "CP-3", "CP-4", "CP-5"]
    dealt = first(tmp_path, "2p-companions.json", 2)
    companion = Table(dealt).session.state.players["Dana"].companion
    assert companion and companion not in shell_complete("scorekeeper fc deal Emil --companion ", dealt)


def test_place_completes_the_slots_that_take_the_dragon(tmp_path: Path) -> None:
    """FC-F3 (field report): the slot after ``place DRAGON`` completed nothing; now the shop's empty slots that
    take that dragon (FC-PLACE-3)."""
    session = first(tmp_path, "3p-complete.json", 6)
    assert Table(session).complete("place IR-4 ") == ["2", "3"]
    assert shell_complete("scorekeeper fc place IR-4 ", session) == ["2", "3"]
    assert shell_complete("scorekeeper fc place ", session) == ["IR-4"]


def test_a_reserve_completes_the_row_and_a_visit_what_to_pay(tmp_path: Path) -> None:
    """FC-F3 (field report): ``companion --reserve`` completed nothing though the row is known, and ``visit
    SHOP --pay`` nothing though the table knows who is there and what the visitor holds."""
    session = first(tmp_path, "2p-companions.json", 3)
    row = Table(session).session.state.row
    assert Table(session).complete("companion --reserve ") == row and len(row) == 5
    assert shell_complete("scorekeeper fc companion --reserve ", session) == row
    visiting = first(tmp_path, "2p-companions.json", 13)  # Emil is at MOSSLOFT; Dana holds bread and a potion
    assert Table(visiting).complete("visit mo --pay ") == ["bread", "potion", "Emil=bread", "Emil=potion"]
    assert shell_complete("scorekeeper fc visit mo --pay Emil=p", visiting) == ["Emil=potion"]
    assert Table(visiting).complete("visit gr --pay ") == []  # nobody at GRISTLEGATE: nothing to pay
