"""``docs/tally.md`` lists each game's state invariants as its rule table declares them (like the coverage tables)."""

from __future__ import annotations

from tests.tally.state_invariants import current, render


def test_the_state_invariants_in_docs_tally_are_up_to_date() -> None:
    assert current() == render(), "regenerate with: python -m tests.tally.state_invariants"
