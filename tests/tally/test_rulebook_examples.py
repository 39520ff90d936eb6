"""The rulebooks' own scoring examples, typed as tallies, give the rulebooks' numbers (issue 25, item 6)."""

from __future__ import annotations

from typing import Any

from scorekeeper.app.tally import parse_tally, tally_session
from scorekeeper.render.payloads import score_payload


def _score(game: str, players: list[str], state: dict[str, Any]) -> dict[str, Any]:
    made = tally_session(parse_tally({"game": game, "players": players, "state": state}, "example"), None, "example")
    return score_payload(made.score(), None, False)


def _category(score: dict[str, Any], category: str) -> dict[str, int]:
    return {p["name"]: p["categories"][category] for p in score["players"]}


def test_the_emberheart_flame_example() -> None:
    """Emberheart, End Game Scoring, Example: "The rightmost marker belongs to Astrid, so she doesn't gain any extra
    Glory. Helga's marker is 3 steps away from Astrid's marker, so she gains +3 Glory. Brandon's marker is 6 steps
    away from Astrid's marker, so he gains +8 Glory." (EH-END-7)"""
    score = _score("emberheart", ["Astrid", "Helga", "Brandon"],
                   {"phase": "end", "round": 5, "players": [{"flame": 9}, {"flame": 6}, {"flame": 3}]})
    assert _category(score, "Flame") == {"Astrid": 0, "Helga": 3, "Brandon": 8}


def _flamecraft(players: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return _score("flamecraft", list(players), {"finished": True, "players": players})


def test_the_flamecraft_end_of_game_and_its_tiebreaks() -> None:
    """Flamecraft, game end: "Gain 1 reputation per leftover coin." "The player with the highest reputation wins.
    If tied: 1. The player with the most Artisan dragons in their hand wins. 2. The player with the leftover goods
    wins. 3. The players share the victory." (FC-SCORE-2, FC-SCORE-6 to 8)"""
    coins = _flamecraft({"Ann": {"rep": 20, "coins": 4}, "Bo": {"rep": 23, "coins": 0}})
    assert [(p["name"], p["total"]) for p in coins["players"]] == [("Ann", 24), ("Bo", 23)]
    hand = _flamecraft({"Ann": {"rep": 20, "hand": ["a1"]}, "Bo": {"rep": 20, "hand": ["b1", "b2"]}})
    assert hand["winners"] == ["Bo"]
    goods = _flamecraft({"Ann": {"rep": 20, "hand": ["a1"], "goods": {"bread": 2}},
                         "Bo": {"rep": 20, "hand": ["b1"], "goods": {"iron": 1}}})
    assert goods["winners"] == ["Ann"]
    shared = _flamecraft({"Ann": {"rep": 20, "hand": ["a1"], "goods": {"bread": 1}},
                          "Bo": {"rep": 20, "hand": ["b1"], "goods": {"iron": 1}}})
    assert shared["winners"] == ["Ann", "Bo"]


def test_the_eight_dragons_market_stalls_on_the_typed_example() -> None:
    """8 Dragons, Missions: "Market Stalls (Starting Missions): 2 Gold per depicted Artifact." "Each Artifact counts
    once for every Mission in which it appears." "A Treasure Chest placed on a tile replaces all symbols beneath
    it." Counted by those sentences on the typed Lairs of sample_sessions/inputs/eight-dragons-tally.json
    (Whytera's two Gear Market Stalls count each of her 6 Gear twice), against the score (ED-MISSION-*)."""
    import json

    from tests.test_sample_sessions import SAMPLES

    typed = json.loads((SAMPLES / "inputs" / "eight-dragons-tally.json").read_text(encoding="utf-8"))
    by_the_book = {}
    for name, player in typed["state"]["players"].items():
        chests = {chest["on"]: chest["artifacts"] for chest in player["chests"]}
        counts: dict[str, int] = {}
        markets = []
        for _cell, placed in player["lair"]["cells"]:
            tile = placed["tile"]
            if tile["name"] in chests:  # the chest's Artifact alone
                for artifact in chests[tile["name"]]:
                    counts[artifact] = counts.get(artifact, 0) + 1
                continue
            for artifact, n in tile["artifacts"]:
                counts[artifact] = counts.get(artifact, 0) + n
            if tile["mission"] and tile["mission"]["type"] == "market":
                markets.append(tile["mission"]["artifacts"])
        by_the_book[name] = sum(2 * counts.get(a, 0) for market in markets for a in market)
    made = tally_session(parse_tally(typed, "example"), None, "example")
    assert _category(score_payload(made.score(), None, False), "Market Stalls") == by_the_book == {
        "Whytera": 30, "Blakkar": 32}
