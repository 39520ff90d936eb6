"""The values Tab offers for Emberheart words that no hint lists (field report EH-F1): for completion only.

``Emberheart.legal_values`` asks ``tab_values`` for a word of a choice legal now, named as the command's
parameter: the empty slots of a ``reveal`` (each with the face it takes, ``REVEAL_WORDS``), the Parties a
``place`` may send to the space typed, a ``raidcard``'s
empty slots and items, a ``swap``'s Hirelings and count, the Attribute tracks and the player's Heroes and
Preserves of a ``claim`` (``-t``, ``--attach``), the Raid slots of the Defender and the Parties of the Leader
(``aide``'s words after its name).
"""

from __future__ import annotations

from scorekeeper.core.protocol import Choice
from scorekeeper.games.emberheart.cards import COLOURS, HIRELINGS, TRACKS, hire_text
from scorekeeper.games.emberheart.state import State

#: what follows a reveal's empty slot, by Location, shown beside the slot
REVEAL_WORDS = {
    "tavern": "then the Hirelings: 2G1S --flame -1",
    "camp": "then colour and Glory: red 3",
    "mountain": "then colour and Glory: green 3 --wardens 1",
    "preserve": "then the colour: red",
    "garrison": "then Glory, requirements, track: 3 1red+1hero speed",
}
#: the letter of a Mountain level in a reveal's slot (``b1``, ``m2``, ``t``)
LEVELS = {"bottom": "b", "middle": "m", "top": "t"}


def tab_values(st: State, choice: Choice, name: str) -> list[str] | None:
    """The values for ``name`` of ``choice``; None when this module has nothing to add."""
    event, who = choice.event, choice.player
    if event == "CARD_REVEAL" and name == "slot" and choice.values.get("location") != ["guild"]:
        return empty_slots(st, (choice.values.get("location") or [""])[0])
    if event == "RAID_REVEAL" and name == "words":
        return [str(i + 1) for i, r in enumerate(st.raids) if r is None] + ["G", "E"]
    if event == "GEAR_SWAP" and who:
        gear = st.player(who).gear
        sources = [t for t, n in st.player(who).hire.items() if n]
        return {"source": sources, "target": list(HIRELINGS),
                "count": [str(n) for n in range(1, gear + 1)]}.get(name)
    if event == "PLACE_PARTY" and name == "hire" and who and len(choice.values.get("space") or ()) == 1:
        return sized_parties(st.player(who).hire, int(choice.values["space"][0]))
    if event in ("CLAIM", "MTN_CLAIM") and name == "track_word":
        return list(TRACKS)
    if event in ("CLAIM", "MTN_CLAIM") and name == "attach" and who:
        return [c.id for c in st.owned(who, "hero") + st.owned(who, "preserve") if not c.holds]
    if event == "TAKE_AIDE" and name == "extra" and who:
        raids = [str(i + 1) for i, r in enumerate(st.raids) if r is not None]
        parties = [f"{p.location}:{p.space}" for p in st.parties if p.owner == who]
        return [*raids, *parties]
    return None


def sized_parties(supply: dict[str, int], size: int) -> list[str]:
    """Every Party of ``size`` Hirelings the ``supply`` can send, as typed (``3G``, ``2G1S``), Grunts first."""
    found: list[str] = []

    def fill(left: int, kinds: tuple[str, ...], taken: dict[str, int]) -> None:
        if not kinds:
            found.extend([hire_text(taken)] if left == 0 else [])
            return
        for n in range(min(left, supply.get(kinds[0], 0)), -1, -1):
            fill(left - n, kinds[1:], {**taken, kinds[0]: n})

    fill(size, HIRELINGS, {})
    return found


def empty_slots(st: State, location: str) -> list[str]:
    """The slots of ``location`` a card may be revealed into, as typed: ``1``, ``b1``/``m2``/``t`` on the
    Mountain, a colour at the Garrison."""
    if location == "garrison":
        return [c for c in COLOURS if st.garrison.get(c) is None]
    if location == "mountain":
        return [LEVELS[level] + (str(i + 1) if level != "top" else "")
                for level in LEVELS for i, card in enumerate(st.offers.get(f"mountain-{level}", [])) if card is None]
    return [str(i + 1) for i, card in enumerate(st.offers.get(location, [])) if card is None]


def slot_words(st: State, location: str) -> dict[str, str]:
    """Each empty slot of ``location`` with what follows it (``REVEAL_WORDS``)."""
    return {slot: REVEAL_WORDS.get(location, "") for slot in empty_slots(st, location)}
