"""The 8 Dragons items of the table trials' field report on ``tally`` (TALLY-8, 9, 12 to 15, 26, 28): each
reproduced as the report gives it, and each fixed in 8 Dragons' own code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.errors import BadInput
from scorekeeper.games.eight_dragons.tally import read_tile
from tests.conftest import Cli

ROOT = Path(__file__).resolve().parents[2]
TYPED = ROOT / "sample_sessions" / "inputs" / "eight-dragons-tally.json"
SAMPLE = ROOT / "sample_sessions" / "eight-dragons" / "2p-aurea.json"


def small(gold: int, **more: Any) -> dict[str, Any]:
    """A player of a two-player tally: a Lair of a Starting Tile and a Starting Mission, in the notation."""
    return {"gold": gold, "lair": ["S=S/OOOOOO@0,0", "M1=SM/OOOOOO/market:b@0,-1"], **more}


def write(tmp_path: Path, state: dict[str, Any], name: str = "table.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"game": "eight-dragons", "players": ["Ann", "Bo"], "state": state}), encoding="utf-8")
    return path


def typed() -> dict[str, Any]:
    return json.loads(TYPED.read_text(encoding="utf-8"))


def tally(cli: Cli, tmp_path: Path, data: dict[str, Any], *more: str) -> Any:
    source = tmp_path / "typed.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    return cli("tally", "--from", source, "--session", tmp_path / "out.json", *more)


# -- TALLY-8 --------------------------------------------------------------------------------------------------


def test_tally_8_no_shared_victory_before_the_coin_flick(cli: Cli, tmp_path: Path) -> None:
    """TALLY-8, ED-SCORE-15: "If there is still a tie, … Whoever's coin lands closest to the Egg takes all the
    flicked coins – and wins the game." Leaders tied on Gold and on Lair size: nobody has won until the flick is
    recorded (``flick_winner`` in the file, or ``ed flick``)."""
    source = write(tmp_path, {"over": True, "players": {"Ann": small(10), "Bo": small(10)}})
    made = cli("tally", "--from", source, "--session", tmp_path / "t.json", "--json")
    assert made.exit_code == 0, made.output
    score = json.loads(made.stdout)
    assert score["final"] is True and score["winners"] == []
    assert "flick a coin at the Dragon Egg" in score["tiebreak"]
    text = cli("score", "--session", tmp_path / "t.json").stdout
    assert "Shared victory" not in text and "Winner" not in text and "flick a coin" in text
    flicked = write(tmp_path, {"over": True, "flick_winner": "Bo", "players": {"Ann": small(10), "Bo": small(10)}},
                    "flicked.json")
    after = json.loads(cli("tally", "--from", flicked, "--session", tmp_path / "f.json", "--json").stdout)
    assert after["winners"] == ["Bo"]


# -- TALLY-9 --------------------------------------------------------------------------------------------------


def test_tally_9_the_gold_held_has_its_provenance_line(cli: Cli, tmp_path: Path) -> None:
    """TALLY-9: every number of ``score --explain`` has lines that add up; the Gold held of a tally is "as the table
    showed it" (a played game's comes from its plays and has no such line)."""
    made = cli("tally", "--from", TYPED, "--session", tmp_path / "t.json", "--json")
    assert made.exit_code == 0, made.output
    explain = json.loads(cli("score", "--json", "--explain", "--session", tmp_path / "t.json").stdout)
    held = [e for e in explain["explanations"] if e["category"] == "Gold held"]
    assert {(e["player"], e["points"], e["source"]) for e in held} == {
        ("Whytera", 15, "as the table showed it"), ("Blakkar", 14, "as the table showed it")}
    text = cli("score", "--explain", "--session", tmp_path / "t.json").stdout
    assert "as the table showed it" in text
    played = json.loads(cli("score", "--json", "--explain", "--session", SAMPLE).stdout)
    assert not any(e["source"] == "as the table showed it" for e in played["explanations"])


# -- TALLY-12 -------------------------------------------------------------------------------------------------


def test_tally_12_a_cell_typed_twice_is_refused_naming_both_tiles(cli: Cli, tmp_path: Path) -> None:
    """TALLY-12, ED-TALLY-2: the cell list took a cell twice and kept the later tile, dropping the earlier one
    silently; now refused (exit 1, nothing written) naming the player, the cell and both tiles."""
    data = typed()
    cells = data["state"]["players"]["Whytera"]["lair"]["cells"]
    cells.append([cells[3][0], {**cells[3][1], "tile": {**cells[3][1]["tile"], "name": "T99"}}])
    result = tally(cli, tmp_path, data)
    assert result.exit_code == 1 and not (tmp_path / "out.json").exists()
    assert "ED-TALLY-2" in result.output and "Whytera's Lair types cell -1,1 2 times (T3, T99)" in result.output


def test_tally_12_a_sixth_mission_and_two_chests_on_a_tile_are_refused(cli: Cli, tmp_path: Path) -> None:
    """TALLY-12, ED-STATE-5, ED-STATE-12: "Your Lair may contain a maximum of 5 Missions." and "place them face-up
    on any tile in your Lair, one per tile": a sixth Mission (Whytera holds 5) and a second chest on a tile are
    refused; forced, the tally is written and flagged, and ``check`` names them."""
    data = typed()
    whytera = data["state"]["players"]["Whytera"]
    third = whytera["lair"]["cells"][3][1]["tile"]
    third.update(kind="MERCHANT", mission={"type": "tours", "artifacts": [], "colour": ""})
    blakkar = data["state"]["players"]["Blakkar"]
    blakkar["chests"][1]["on"] = blakkar["chests"][0]["on"]
    result = tally(cli, tmp_path, data)
    assert result.exit_code == 1 and not (tmp_path / "out.json").exists()
    assert "ED-STATE-5" in result.output and "Whytera's Lair holds 6 Missions" in result.output
    assert "ED-STATE-12" in result.output and "Blakkar's tile T23 holds 2 Treasure Chests" in result.output
    forced = tally(cli, tmp_path, data, "--force")
    assert forced.exit_code == 0
    check = cli("check", "--session", tmp_path / "out.json")
    assert "ED-STATE-5" in check.output and "ED-STATE-12" in check.output


# -- TALLY-13, 14, 15 -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("change,field", [
    (lambda tile: tile.update(kind="START_MISION"),
     "lair.cells[3].tile.kind: 'START_MISION' is not a tile kind (did you mean START_MISSION?)"),
    (lambda tile: tile.update(colour="Q"), "lair.cells[3].tile.colour: 'Q' is not the colour of a Lair Tile"),
    (lambda tile: tile.update(artifacts=[["x", 1]]), "lair.cells[3].tile.artifacts[0]: 'x' is not an Artifact"),
    (lambda tile: tile.update(edges="OOW"), "lair.cells[3].tile.edges: 'OOW' is not six letters O (open) or W"),
    (lambda tile: tile.update(mission={"type": "crafts", "artifacts": ["b", "g"], "colour": ""}),
     "lair.cells[3].tile.mission.type: 'crafts' is not a Mission type (did you mean craft?)"),
])
def test_tally_13_to_15_a_tile_the_box_does_not_have_is_exit_2_naming_the_field(cli: Cli, tmp_path: Path, change: Any,
                                                                                 field: str) -> None:
    """TALLY-13, TALLY-14, TALLY-15, ED-TALLY-1: a misspelled tile kind, colour, Artifact, Mission type or edges
    of the wrong length was accepted (or crashed after writing the session); now exit 2, one line naming the
    field and what it expects, the closest word suggested, nothing written."""
    data = typed()
    change(data["state"]["players"]["Whytera"]["lair"]["cells"][3][1]["tile"])
    result = tally(cli, tmp_path, data)
    assert result.exit_code == 2, result.output
    assert f"state.players.Whytera.{field}" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out.json").exists()


def test_tally_13_14_a_chest_of_no_artifact_or_kingdom_is_exit_2(cli: Cli, tmp_path: Path) -> None:
    """TALLY-13, TALLY-14: a chest holding an unknown Artifact letter or from no kingdom is exit 2 naming the
    field; a chest on a tile that is not in the Lair is refused (ED-STATE-11, exit 1)."""
    data = typed()
    data["state"]["players"]["Blakkar"]["chests"][0]["artifacts"] = "q"
    result = tally(cli, tmp_path, data)
    assert result.exit_code == 2 and "state.players.Blakkar.chests[0].artifacts: 'q' is not an Artifact" in result.stderr
    data = typed()
    data["state"]["players"]["Blakkar"]["chests"][0]["kingdom"] = "Sinistro"
    assert "(did you mean Sinistra?)" in tally(cli, tmp_path, data).stderr
    data = typed()
    data["state"]["players"]["Whytera"]["chests"][0]["on"] = "T23"
    result = tally(cli, tmp_path, data)
    assert result.exit_code == 1 and "ED-STATE-11" in result.output and "T23, which is not a tile" in result.output


# -- TALLY-26, TALLY-28 ---------------------------------------------------------------------------------------


def _notation(cell: list[Any]) -> str:
    """A typed cell in the ``ed place`` notation (name, face, cell, turns)."""
    from scorekeeper.core.plain_state import overlay
    from scorekeeper.games.eight_dragons.tiles import Tile

    tile = overlay(Tile("", "L1", "E"), cell[1]["tile"], "tile")
    (q, r), turns = cell[0], cell[1]["rotation"]
    return f"{tile.name}={tile.notation()}@{q},{r}" + (f"r{turns}" if turns else "")


def test_tally_28_a_file_takes_the_lair_in_the_notation(cli: Cli, tmp_path: Path) -> None:
    """TALLY-28: the bundled tally typed with each Lair as its lines of the ``ed place`` notation
    (``T3=F1/WOOWWW/c@-1,1r4``, no turn for r0) and the chests as ``C5=c@T8`` scores exactly as the full records
    do, in a file a tenth of the size."""
    data = typed()
    records = len(json.dumps(data))
    for row in data["state"]["players"].values():
        row["lair"] = [_notation(cell) for cell in row["lair"]["cells"]]
        row["chests"] = [f"{c['id']}={c['artifacts']}" + (f"@{c['on']}" if c["on"] else "") for c in row["chests"]]
    assert len(json.dumps(data)) * 3 < records
    short = tally(cli, tmp_path, data, "--json")
    assert short.exit_code == 0, short.output
    full = cli("tally", "--from", TYPED, "--session", tmp_path / "full.json", "--json")
    assert json.loads(short.stdout) == json.loads(full.stdout)


def test_tally_28_a_line_that_does_not_read_names_its_field(cli: Cli, tmp_path: Path) -> None:
    """TALLY-28, ED-TALLY-1: a Lair line of the notation that does not read is exit 2 naming the line."""
    source = write(tmp_path, {"over": True, "players": {"Ann": {"lair": ["S=S/OOOOOO@0,0", "T1=E1/OOWOOW/zz@1,0"]}}})
    result = cli("tally", "--from", source, "--session", tmp_path / "out.json")
    assert result.exit_code == 2 and "state.players.Ann.lair.cells[1]" in result.stderr
    assert "'zz' is not a symbol" in result.stderr


def test_tally_26_the_tile_line_says_what_is_missing() -> None:
    """TALLY-26: ``E1/OOWOOW@1,0`` lacks the tile's name (not its face); no turns is r0; the edges as seen in the
    Lair (``@1,0/WOOWOO``) are taken instead of the turns."""
    with pytest.raises(BadInput, match="give the tile's name before its face, NAME=E1/OOWOOW@"):
        read_tile("E1/OOWOOW@1,0")
    with pytest.raises(BadInput, match="give the tile's face too"):
        read_tile("T1@1,0")
    assert read_tile("T1=E1/OOWOOW@1,0")["rotation"] == 0
    assert read_tile("T1=E1/OOWOOW@1,0/WOOWOO")["rotation"] == 1
    with pytest.raises(BadInput, match="no turn of OOWOOW shows OOOOOO"):
        read_tile("T1=E1/OOWOOW@1,0/OOOOOO")


def test_tally_28_the_notation_read_in_a_file_refuses_what_does_not_read() -> None:
    """TALLY-28, ED-TALLY-1: a tile line without a cell, by edges seen that its face has none of, a chest without
    its ``=``; anything else than a player's record is left to the state's own reading."""
    from scorekeeper.games.eight_dragons.tally_file import check_tile, read_players

    with pytest.raises(BadInput, match="write TILE@Q,R"):
        read_tile("T1=E1/OOWOOW")
    with pytest.raises(BadInput, match="give the face's edges"):
        read_tile("T1=E1@1,0/OOWOOW")
    with pytest.raises(BadInput, match=r"state.players.Ann.chests\[0\]: 'C1c@T3': write ID=ARTIFACTS@TILE"):
        read_players({"players": {"Ann": {"chests": ["C1c@T3"]}}})
    assert read_players({"players": ["Ann"]}) == {"players": ["Ann"]}
    assert read_players({"players": {"Ann": 3}}) == {"players": {"Ann": 3}}
    check_tile("not a record", "tile")  # the overlay says what does not fit
