"""A small engine-level table for the Emberheart tests: record events, see findings, inspect the state."""

from __future__ import annotations

from typing import Any

from scorekeeper.core.engine import replay
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Finding, SessionConfig
from scorekeeper.games.emberheart import GAME
from tests.table import Table as SharedTable
from scorekeeper.games.emberheart.state import State

DEFAULT_PLAYERS = ("Astrid", "Brandon", "Helga")


def config(players: tuple[str, ...] = DEFAULT_PLAYERS, **overrides: Any) -> SessionConfig:
    values = {s.key: s.default for s in GAME.settings}
    values.update(overrides)
    return SessionConfig("emberheart", tuple(players), values)


class Table(SharedTable):
    """An Emberheart game driven event by event (``tests.table.Table``)."""

    state: State

    def __init__(self, players: tuple[str, ...] = DEFAULT_PLAYERS, **settings: Any) -> None:
        super().__init__(GAME, config(players, **settings))

    def p(self, name: str):
        return self.state.player(name)

    def replayed(self):
        return self.replay()

    # -- setup helpers ---------------------------------------------------------------------------

    def fill_offers(self, tag: str = "") -> None:
        """Reveal plain cards into every empty slot (faces chosen for the test)."""
        st = self.state
        heroes = iter(h for h in ("apprentice", "bard", "fire sage", "outfitter", "paragon", "peakwalker",
                                  "recruiter", "tavernkeeper", "wrangler", "blazebinder", "dragon knight",
                                  "fire marshall", "infiltrator", "master scout", "mentor", "merchant", "messenger",
                                  "quartermaster", "caretaker", "custodian", "dragon trainer", "dragonspeaker",
                                  "master ranger", "overseer", "priestess", "squire", "tactician")
                      if not any(c.hero == h for c in st.cards.values()))
        colours = ["red", "blue", "green"]
        for i, cid in enumerate(st.offers["guild"][:3]):
            if cid is None:
                self.ok("CARD_REVEAL", location="guild", slot=i + 1, hero=next(heroes))
        for i, cid in enumerate(st.offers["tavern"]):
            if cid is None:
                self.ok("CARD_REVEAL", location="tavern", slot=i + 1, hire={"G": 2, "S": 1}, flame=-1)
        for i, cid in enumerate(st.offers["camp"]):
            if cid is None:
                self.ok("CARD_REVEAL", location="camp", slot=i + 1, colour=colours[i], glory=2)
        for i, cid in enumerate(st.offers["preserve"]):
            if cid is None:
                self.ok("CARD_REVEAL", location="preserve", slot=i + 1, colour=colours[i])
        for level, n in (("bottom", 3), ("middle", 2), ("top", 1)):
            for i, cid in enumerate(st.offers[f"mountain-{level}"]):
                if cid is None:
                    self.ok("CARD_REVEAL", location="mountain", level=level, slot=i + 1, colour=colours[i],
                            glory={"bottom": 3, "middle": 5, "top": 8}[level], flame=1 if level != "bottom" else 0)
        for colour in colours:
            if st.garrison[colour] is None:
                seen = [c for c in st.cards.values() if c.kind == "garrison" and c.colour == colour]
                self.ok("CARD_REVEAL", location="garrison", slot=colour, colour=colour, glory=3 + 2 * len(seen),
                        reqs=f"{1 + len(seen)}{colour}", track="strength")
        for slot in (1, 2):
            if st.raids[slot - 1] is None:
                self.ok("RAID_REVEAL", slot=slot, item="G", basis="hero")
        if len(st.seats) == 2 and not st.two_p_revealed:
            self.ok("TWO_P_REVEAL", spaces=[["tavern", 1], ["mountain", 1]])


def give(table: Table, owner: str, card_id: str, kind: str, **face: Any) -> Any:
    """Put a card straight into a player's area (for a scenario's starting state)."""
    from scorekeeper.games.emberheart.cards import HEROES, Card

    card = Card(id=card_id, kind=kind, owner=owner, **face)
    if kind == "hero":
        card.colour = HEROES[card.hero]
    if face.get("colour") == "exotic":
        card.exotic = True
    table.state.cards[card_id] = card
    table.state.player(owner).cards.append(card_id)
    return card


def attach_now(table: Table, dragon: str, target: str) -> None:
    """Attach in the starting state (no event)."""
    st = table.state
    d, t = st.cards[dragon], st.cards[target]
    if d.exotic:
        d.colour = t.colour
    d.attached_to, t.holds = target, dragon


def finish_action_phase(table: Table) -> None:
    """Everyone takes Aides (or uses the Warehouse) until the Action phase ends."""
    from scorekeeper.games.emberheart.rules_action import aides_left

    guard = 0
    while table.state.phase == "action":
        guard += 1
        assert guard < 40
        who = table.state.active()
        left = aides_left(table.state)
        if left:
            aide = left[0]
            extra = {"raid": 1} if aide == "defender" else {}
            table.ok("TAKE_AIDE", who, aide=aide, **extra)
        else:
            table.ok("USE_SPECIAL", who, site="warehouse")


def mountain_tie() -> Table:
    """The Mountain after the bottom level: Astrid (space 4) and Brandon (space 3) tie on 2 Wardens each, Helga
    (space 2) has 1, and the Survivalist has not ordered the tie yet."""
    t = Table()
    t.fill_offers()
    t.p("Astrid").hire["W"], t.p("Brandon").hire["W"], t.p("Helga").hire["W"] = 2, 2, 1
    t.ok("PLACE_PARTY", "Astrid", location="mountain", space=4, hire={"G": 2, "W": 2})
    t.ok("PLACE_PARTY", "Brandon", location="mountain", space=3, hire={"G": 1, "W": 2})
    t.ok("PLACE_PARTY", "Helga", location="mountain", space=2, hire={"G": 1, "W": 1})
    finish_action_phase(t)
    for name, space, card in (("Astrid", 4, 1), ("Brandon", 3, 2), ("Helga", 2, 3)):
        t.ok("MTN_CLAIM", name, level="bottom", space=space, card=card)
    assert t.state.mountain.tied == [[4, 3]]
    return t
