"""8 Dragons' rules explained in the project's own words: ``scorekeeper rules ed``, and the summary beside each verdict."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.app.rule_summaries import find, game_rules

HERE = Path(__file__).parent
DISPUTED = HERE.parents[2] / "sample_sessions" / "eight-dragons" / "disputed.json"


#: the project's own rule IDs, after the checklist's (ED-ADJ-1: the keys of 'ed adjust'; ED-STATE-1 to 23: the
#: table as a whole)
OWN = ["ED-ADJ-1", "ED-TALLY-1", "ED-TALLY-2", *(f"ED-STATE-{n}" for n in range(1, 24))]


def checklist_ids() -> list[str]:
    lines = (HERE / "golden" / "spec_rule_ids.txt").read_text(encoding="utf-8").splitlines()
    return [line.split("\t", 1)[0] for line in lines if "\t" in line]


def test_rules_ed_lists_the_whole_checklist_in_order_within_80_columns(cli):
    result = cli("rules", "ed")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert [line.split()[0] for line in lines if line.startswith("ED-")] == checklist_ids() + OWN
    assert lines[:2] == ["ED-SETUP-1  Setup",
                         "    Two to four players, each with a colour of their own: Dragon, Wyrmlings and"]
    assert [r.id for r in game_rules("8d")] == checklist_ids() + OWN


def test_one_rule_names_its_rulebook_paragraph(cli):
    result = cli("rules", "ed-fly-9")
    assert result.exit_code == 0
    assert result.output == ("ED-FLY-9  I. Fly & Activate Location Effects › Fly\n"
                             "    No piece overtakes another, and no two pieces end on one space (the starting\n"
                             "      stack aside)\n")
    summon = json.loads(cli("rules", "ED-LOC-SUMMON-3", "--json").stdout)
    assert summon == [{"id": "ED-LOC-SUMMON-3",
                       "section": "Overview: Locations and their Effects › Dragon Towers and Dragon Rock",
                       "summary": "If one player alone has the fewest Wyrmlings in Swarms, theirs are safe, even "
                                  "if you must pick yours"}]


def test_check_of_the_disputed_game_explains_every_violation(cli):
    data = json.loads(cli("check", "--session", str(DISPUTED), "--json").stdout)["violations"]
    assert [v["rule"] for v in data] == ["ED-FLY-1", "ED-LOC-VILLAGE-1", "ED-LAIR-3", "ED-LOC-MERCHANT-1",
                                         ]
    assert all(v["summary"] == find(v["rule"]).summary for v in data)  # type: ignore[union-attr]
    lines = cli("check", "--session", str(DISPUTED)).output.splitlines()
    at = lines.index("#6 ED-FLY-1: it is Greenyra's turn to fly, not Blakkar's")
    assert lines[at + 1:at + 3] == ["    ED-FLY-1: Turns go clockwise; on your turn you are the active Dragon, and",
                                    "      you cannot pass"]


def test_a_refused_play_says_what_the_rule_means(cli):
    assert cli("new", "eight-dragons", "--players", "Rhed,Greenyra,Blakkar").exit_code == 0
    result = cli("ed", "start", "Rhed", "S/WOOOWW", "SM/WWWWOW/market:b@3,-1")
    assert result.exit_code == 1
    first, *rest = result.stderr.splitlines()
    assert first.startswith("refused: ED-SETUP-14: the Starting Mission must be placed next to the Starting Tile")
    assert rest[0].startswith("  ED-SETUP-14: Your Starting Mission meets your Starting Tile open edge")
