"""Why a holding changed, for the effects line under a verdict (``Game.effect_reasons``): the Aide, the Hero, the
Companion's Attribute or the card behind each change a play made, worked out from the play and the states around it
(field report EH-V7: ``Tobi +1 gear (Senses)``, ``Ilse +1 grunt (the Caretaker)``)."""

from __future__ import annotations

from scorekeeper.core.events import Event
from scorekeeper.games.emberheart.cards import CAMP, PRESERVE, TAVERN
from scorekeeper.games.emberheart.context import count_colour, hero_active
from scorekeeper.games.emberheart.state import State

#: the Aides whose effect is a holding (the Survivalist's Gear, the Healer's Flame)
AIDE_HOLDINGS = {"healer": ("flame", "the Healer"), "survivalist": ("gear", "the Survivalist")}


def effect_causes(before: State, after: State, event: Event) -> dict[tuple[str, str], str]:
    """The cause of each change ``event`` made to its player's holdings, where one can be named."""
    who = event.player
    if not who or who not in after.seats:
        return {}
    causes: dict[tuple[str, str], list[str]] = {}

    def because(what: str, why: str) -> None:
        causes.setdefault((who, what), []).append(why)

    kind, data = event.type, event.payload
    placed = kind == "PLACE_PARTY" or kind == "TAKE_AIDE" and bool(data.get("place"))
    if placed and len(after.parties) > len(before.parties) - (kind == "TAKE_AIDE"):
        party = after.parties[-1]
        if party.location == TAVERN and hero_active(after, who, "tavernkeeper"):
            because("gear", "the Tavernkeeper")
        if party.location == CAMP and hero_active(after, who, "infiltrator"):
            because("grunts", "the Infiltrator")
        if party.location == PRESERVE and hero_active(after, who, "caretaker"):
            because("grunts", "the Caretaker")
        if party.companion and party.space == 3:  # the Senses placement effect
            because("gear", "Senses, the Companion on space 3")
        if party.companion:  # Speed's: the only Flame a placement lowers
            because("flame", "Speed, the Companion alone there")
    if kind == "TAKE_AIDE" and str(data.get("aide", "")).lower() in AIDE_HOLDINGS:
        what, why = AIDE_HOLDINGS[str(data.get("aide", "")).lower()]
        because(what, why)
    if kind == "RECALL":
        because("gear", "the recall")
    if kind == "HERO_ABILITY" and str(data.get("hero", "")).lower() in ("recruiter", "priestess"):
        hero = str(data.get("hero", "")).lower()
        colour, what = ("red", "grunts") if hero == "recruiter" else ("green", "flame")
        because(what, f"the {hero.title()}: {count_colour(after, who, colour)} {colour} Dragons")
    if kind == "RAID_DISCARD" and after.round > before.round:  # the last discard brought the Reset (EH-V9)
        for p in after.players:
            causes.setdefault((p.name, "aides"), []).append("back to the Ambassador at the Reset")
    return {key: ", ".join(dict.fromkeys(whys)) for key, whys in causes.items()}
