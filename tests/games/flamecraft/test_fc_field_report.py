"""The field report of 2026-12-03 (issue 23, item 8), Flamecraft items: each test names its item."""

from __future__ import annotations

from tests.games.flamecraft.fc_helpers import Table


def test_fc_rew_2_a_fancy_dragon_put_back_at_setup_is_not_the_top_card() -> None:
    """FC-R2 (field report; FC-REW-2, FC-SETUP-13): a fancy dragon returned to the bottom of the deck at setup,
    drawn while unseen cards still lie above it, is warned about with the count; once the cards above it are
    gone, drawing it is plain."""
    t = Table(("P1", "P2"), fancy_deck_size=6)
    t.setup()
    t.ok("SETUP_PLAYER", "P1", hand=["AD-3", "AD-4", "AD-5"], keep=["FM-1"], drew=["FM-1", "FM-2"])
    t.ok("SETUP_PLAYER", "P2", hand=["AD-1", "AD-2", "AD-6"], keep=["FM-3"], drew=["FM-3", "FS-3"])
    assert t.state.fancy_deck == 4 and t.state.fancy_bottom == ["FM-2", "FS-3"]
    t.ok("VISIT", "P1", shop="BUTCHER")
    t.ok("GATHER", "P1")
    found = t.ok("PLACE", "P1", dragon="AD-3", slot=2, fancies=["FS-3"])
    [warning] = [f for f in found if f.rule == "FC-REW-2"]
    assert "FS-3 went to the bottom of the fancy deck at setup; 3 card(s) lie above it" in warning.message
    assert t.state.fancy_bottom == ["FM-2"] and t.state.players["P1"].fancies[-1] == "FS-3"
