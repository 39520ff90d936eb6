"""The verdict items of the 2026-12-06 table trials (Emberheart): each test names its item and fails without its
fix."""

from __future__ import annotations

from eh_helpers import Table


def test_a_tavern_reveal_reads_the_compact_hireling_form() -> None:
    """Field report EH-V1: ``amend 209 hire=2G1R`` on a Tavern reveal was refused under EH-REW-9 (only the JSON
    form worked), while the same form works on a Party. A reveal reads ``2G1R`` as the Party does."""
    t = Table()
    t.ok("CARD_REVEAL", location="tavern", slot=1, hire="2G1R", flame=-1)
    card = t.state.cards[t.state.offers["tavern"][0]]
    assert (card.hire["G"], card.hire["R"], card.hire["S"], card.flame) == (2, 1, 0, -1)
    found = t.refused("EH-REW-9", "CARD_REVEAL", location="tavern", slot=2, hire="2Q")
    assert "2G1S" in found.message
