"""What the guided tally walk asks beyond each player's holdings (issue 25): the 8 Dragons Royal Challenges drawn,
the settings a tally's score or checks read (asked once, Enter keeping the default), an Emberheart player's
Hirelings and a skill-1 Gear, a Flamecraft Moon dragon's face. Each is typed in the walk (its lines piped in, as
a table's script would) and scores exactly as ``tally --from`` of a file that holds the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorekeeper.app.tally_walk import walk_for
from scorekeeper.cli import main
from tests.screen import Terminal
from tests.tally.walk_lines import SAMPLES, lines, sample, table_lines

ROYAL = "smallest:6:3 artifacts:5:2 gold:8:4 wall:7:3"


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    return {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": ""}


def walked(tmp_path: Path, home: dict[str, str], game: str, players: list[str], typed: list[str],
           name: str = "walked.json") -> dict[str, Any]:
    """Type ``typed`` in the walk (one line each, piped) and give the score of the session it wrote."""
    path = tmp_path / name
    result = CliRunner(env=home).invoke(main, ["tally", game, "--players", ",".join(players), "--session",
                                               str(path)], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    return score_json(home, "score", "--explain", "--session", str(path))


def from_file(tmp_path: Path, home: dict[str, str], data: dict[str, Any], name: str) -> dict[str, Any]:
    """The score of ``tally --from`` a file holding ``data``."""
    path = tmp_path / f"{name}-tally.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return score_json(home, "tally", "--from", str(path), "--session", str(tmp_path / f"{name}.json"))


def score_json(home: dict[str, str], *args: str) -> dict[str, Any]:
    result = CliRunner(env=home).invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def rows(score: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each player's row (total, categories, rank), by name."""
    return {row["name"]: {k: v for k, v in row.items() if k != "name"} for row in score["players"]}


def texts(typed: list[tuple[str, str]]) -> list[str]:
    return [text for _, text in typed]


# -- 8 Dragons: the Royal Challenges drawn ------------------------------------------------------------------


def test_royal_challenges_typed_add_the_rulebooks_gold_and_score_as_the_file(tmp_path: Path,
                                                                          home: dict[str, str]) -> None:
    """Rulebook, Royal Challenges: "1st place gains the upper amount of Gold, 2nd place the lower amount"."""
    data = sample("eight-dragons")
    players = data["players"]
    without = walked(tmp_path, home, "eight-dragons", players, texts(lines("eight-dragons")), "plain.json")
    typed = lines("eight-dragons", {"Royal Challenges": ROYAL})
    assert ("table · Royal Challenges", ROYAL) in typed and ("table · house rules", "") in typed
    assert "table · Gold chain links" not in [prompt for prompt, _ in typed]  # the book's readings: not asked
    royal = walked(tmp_path, home, "eight-dragons", players, texts(typed))

    expected = from_file(tmp_path, home, {**data, "settings": {**data["settings"], "royal": ROYAL.split()}}, "royal")
    assert rows(royal) == rows(expected) and royal["winners"] == expected["winners"]
    before, after = rows(without), rows(royal)
    for name in players:  # the Challenges add their Gold and nothing else changes
        gained = after[name]["categories"].pop("Royal Challenges")
        assert after[name]["total"] - before[name]["total"] == gained
        assert after[name]["categories"] == before[name]["categories"]
    sizes = {name: len(data["state"]["players"][name]["lair"]["cells"]) for name in players}
    smaller, larger = sorted(players, key=sizes.__getitem__)
    assert sizes[smaller] < sizes[larger]
    smallest = {e["player"]: e for e in royal["explanations"]
                if e["category"] == "Royal Challenges" and "smallest Lair" in e["source"]}
    assert (smallest[smaller]["points"], smallest[larger]["points"]) == (6, 3)  # upper to 1st, lower to 2nd


def test_royal_challenges_not_drawn_skip_their_rules(tmp_path: Path, home: dict[str, str]) -> None:
    """The Royal Challenges' rules (A-33 to A-35) are asked only when they are drawn and the table plays a rule
    its own way (house rules: yes); a table that plays by the book answers two lines before its players."""
    asked = [prompt for prompt, _ in table_lines("eight-dragons", sample("eight-dragons"))]
    assert asked == ["table · Royal Challenges", "table · house rules"]
    by_the_book = [prompt for prompt, _ in table_lines("eight-dragons", {}, {"Royal Challenges": ROYAL})]
    assert by_the_book == ["table · Royal Challenges", "table · house rules"]
    drawn = [prompt for prompt, _ in table_lines("eight-dragons", {}, {"Royal Challenges": ROYAL,
                                                                       "house rules": "yes"})]
    assert {"table · Challenges after chests", "table · Gold chain links", "table · Gold chain length",
            "table · wall segment", "table · Market Stalls"} <= set(drawn)


def test_a_misspelled_royal_challenge_gets_the_closest_and_is_asked_again(tmp_path: Path,
                                                                       home: dict[str, str]) -> None:
    result = CliRunner(env=home).invoke(main, ["tally", "eight-dragons", "--players", "Ann,Bo", "--session",
                                               str(tmp_path / "w.json")], input="smalest:6:3\nsmallest:6:3\n")
    assert "error: no Royal Challenge 'smalest' (did you mean smallest?)" in result.output
    assert "error: 2 Sinistra and 2 Dextra Challenges are drawn: give 4, not 1" in result.output
    assert result.output.count("table · Royal Challenges >") == 2  # each line answered the same question
    assert result.exit_code == 1 and not (tmp_path / "w.json").exists()


def test_tab_completes_a_royal_challenge_at_80x24(tmp_path: Path, home: dict[str, str]) -> None:
    terminal = Terminal(80, 24, env=home, cwd=tmp_path)
    terminal.spawn("tally", "eight-dragons", "--players", "Ann,Bo", "--session", "w.json")
    terminal.wait_for("table · Royal Challenges >")
    terminal.type("smallest:6:3 arti\t")
    terminal.wait_for("table · Royal Challenges > smallest:6:3 artifacts:")
    terminal.type("\x03")  # the line cleared (TALLY-18), then Ctrl-D leaves
    terminal.wait_for("line cleared")
    terminal.type("\x04")
    code, screen = terminal.finish()
    assert code == 1 and screen.problems() == []
    assert not (tmp_path / "w.json").exists()


def test_the_lair_question_says_missions_are_read_from_the_lair(tmp_path: Path, home: dict[str, str]) -> None:
    result = CliRunner(env=home).invoke(main, ["tally", "eight-dragons", "--players", "Ann,Bo", "--session",
                                               str(tmp_path / "w.json")], input="\n" * 5 + "3\n")
    assert "its fulfilment is read from the Lair" in " ".join(result.output.split())


def test_a_setting_typed_scores_as_the_file_with_it(tmp_path: Path, home: dict[str, str]) -> None:
    """8 Dragons, A-39: a Market Stall of two depicted Artifacts pays per Artifact or per complete set."""
    data = sample("eight-dragons")
    cells = data["state"]["players"]["Whytera"]["lair"]["cells"]
    stall = next(placed["tile"] for _, placed in cells if placed["tile"]["name"] == "T33")
    stall["mission"]["artifacts"] = ["g", "o"]
    path = tmp_path / "stall.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    def typed(market: str) -> list[str]:
        got = texts(lines("eight-dragons", {"Market Stalls": market}))
        return [text.replace("T33=MO/OOWOWO/market:g@", "T33=MO/OOWOWO/market:go@") for text in got]

    assert any("T33=MO/OOWOWO/market:g@2,-5r3" in text.split() for text in texts(lines("eight-dragons")))
    per_type = walked(tmp_path, home, "eight-dragons", data["players"], typed(""), "type.json")
    per_set = walked(tmp_path, home, "eight-dragons", data["players"], typed("per_set"), "set.json")
    assert rows(per_type) == rows(score_json(home, "tally", "--from", str(path), "--session",
                                             str(tmp_path / "f1.json")))
    assert rows(per_set) == rows(from_file(tmp_path, home, {**data, "settings": {**data["settings"],
                                                                                "score.market": "per_set"}}, "f2"))
    assert rows(per_set)["Whytera"]["total"] < rows(per_type)["Whytera"]["total"]


# -- Emberheart: the board side, the variants, the Hirelings -------------------------------------------------


def emberheart(table: dict[str, str], astrid: list[str], bjorn: list[str], hire: tuple[str, str] = ("", "")) -> list[str]:
    """Astrid and Bjorn's table, typed: the table's answers by label, then each player's board (Flame, Gear,
    tracks: as five numbers for Astrid, by name for Bjorn), Hirelings and cards (an empty line ends them)."""
    typed = texts(table_lines("emberheart", {}, table))
    typed += ["3 2 4 2 0", hire[0], *astrid, ""]
    typed += ["flame=7 gear=1 strength=1 senses=6 speed=2", hire[1], *bjorn, "", "yes"]
    return typed


def emberheart_file(settings: dict[str, Any], cards: dict[str, dict[str, Any]], hands: tuple[list[str], list[str]],
                    hire: tuple[dict[str, int], dict[str, int]] | None = None) -> dict[str, Any]:
    """The same table as a tally file."""
    players = [{"flame": 3, "gear": 2, "attrs": {"strength": 4, "senses": 2, "speed": 0}, "cards": hands[0]},
               {"flame": 7, "gear": 1, "attrs": {"strength": 1, "senses": 6, "speed": 2}, "cards": hands[1]}]
    for row, held in zip(players, hire or ()):
        row["hire"] = held
    return {"game": "emberheart", "players": ["Astrid", "Bjorn"], "settings": {"flame_glory": {"4": 5}, **settings},
            "state": {"phase": "end", "players": players, "cards": cards}}


def test_a_variant_typed_scores_as_the_file_with_it(tmp_path: Path, home: dict[str, str]) -> None:
    """AMB-14: with the flat +4 Heroes scoring without a Dragon, an Apprentice alone adds its 4 Glory."""
    cards = {"H1": {"id": "H1", "kind": "hero", "colour": "red", "hero": "apprentice", "owner": "Astrid"}}
    default = walked(tmp_path, home, "emberheart", ["Astrid", "Bjorn"],
                     emberheart({"Flame table": "4=5"}, ["hero apprentice"], []), "a.json")
    flat = walked(tmp_path, home, "emberheart", ["Astrid", "Bjorn"],
                  emberheart({"Flame table": "4=5", "flat Heroes need a Dragon": "no"}, ["hero apprentice"], []))
    assert rows(default) == rows(from_file(tmp_path, home, emberheart_file({}, cards, (["H1"], [])), "f1"))
    assert rows(flat) == rows(from_file(tmp_path, home, emberheart_file({"flat_heroes_need_dragon": False}, cards,
                                                                        (["H1"], [])), "f2"))
    assert rows(flat)["Astrid"]["categories"]["Heroes"] - rows(default)["Astrid"]["categories"]["Heroes"] == 4


def test_side_b_and_a_skill_one_gear_score_as_the_file(tmp_path: Path, home: dict[str, str]) -> None:
    """EH-SKILL-1C: a Dragon attached with skill 1 carries a Gear (+1) and, AMB-15, makes its Hero active."""
    astrid = ["hero paragon", "captive blue 5 on paragon gear", "mountain blue 8"]
    got = walked(tmp_path, home, "emberheart", ["Astrid", "Bjorn"],
                 emberheart({"Flame table": "4=5", "board side": "B 1,3"}, astrid, ["mountain green 9"]))
    cards = {"H1": {"id": "H1", "kind": "hero", "colour": "red", "hero": "paragon", "owner": "Astrid", "holds": "D1"},
             "D1": {"id": "D1", "kind": "captive", "colour": "blue", "glory": 5, "owner": "Astrid",
                    "attached_to": "H1", "skill1": True, "gear_on": True},
             "D2": {"id": "D2", "kind": "mountain", "colour": "blue", "glory": 8, "owner": "Astrid"},
             "D3": {"id": "D3", "kind": "mountain", "colour": "green", "glory": 9, "owner": "Bjorn"}}
    expected = from_file(tmp_path, home, emberheart_file({"side": "B", "skills": [1, 3]}, cards,
                                                         (["H1", "D1", "D2"], ["D3"])), "f")
    assert rows(got) == rows(expected)
    assert rows(got)["Astrid"]["categories"]["Dragons"] == 5 + 1 + 8
    assert rows(got)["Astrid"]["categories"]["Heroes"] == 5  # the Paragon is active: most Dragon cards


def test_a_skill_one_gear_on_a_board_without_skill_one_is_refused(tmp_path: Path, home: dict[str, str]) -> None:
    typed = emberheart({"Flame table": "4=5"}, ["hero paragon", "captive blue 5 on paragon gear"], [])
    result = CliRunner(env=home).invoke(main, ["tally", "emberheart", "--players", "Astrid,Bjorn", "--session",
                                               str(tmp_path / "w.json")], input="\n".join(typed) + "\n")
    assert result.exit_code == 1 and "EH-TALLY-2" in result.output
    assert "a skill-1 Gear, but Astrid's board does not show skill 1" in " ".join(result.output.split())
    assert not (tmp_path / "w.json").exists()


def test_a_side_the_setup_refuses_is_said_at_once_and_asked_again(tmp_path: Path, home: dict[str, str]) -> None:
    """EH-SETUP-3: side B needs each board's skill, one per player; two players and one skill is refused on the
    line that typed it, not after the whole table."""
    result = CliRunner(env=home).invoke(main, ["tally", "emberheart", "--players", "Astrid,Bjorn", "--session",
                                               str(tmp_path / "w.json")], input="4=5\nB 1\nB 1,3\n")
    said = " ".join(result.output.split())
    assert "error: board side: side B: give the skill printed on each board" in said
    assert said.count("table · board side >") == 2 and "house rules: a variant, or your own reading" in said  # asked next
    assert result.exit_code == 1 and not (tmp_path / "w.json").exists()


def test_hirelings_typed_score_as_the_file(tmp_path: Path, home: dict[str, str]) -> None:
    """EH-HERO-SQUIRE-S: the Squire scores 7 when no other player has more Scouts (the Hirelings typed)."""
    astrid = ["hero squire", "captive green 4 on squire"]
    cards = {"H1": {"id": "H1", "kind": "hero", "colour": "green", "hero": "squire", "owner": "Astrid", "holds": "D1"},
             "D1": {"id": "D1", "kind": "captive", "colour": "green", "glory": 4, "owner": "Astrid",
                    "attached_to": "H1"}}
    fewer = walked(tmp_path, home, "emberheart", ["Astrid", "Bjorn"],
                   emberheart({"Flame table": "4=5"}, astrid, [], ("s=1", "S=2")), "fewer.json")
    more = walked(tmp_path, home, "emberheart", ["Astrid", "Bjorn"],
                  emberheart({"Flame table": "4=5"}, astrid, [], ("S=3 W=1", "S=2")))
    hire = ({"G": 10, "S": 3, "R": 0, "W": 1}, {"G": 10, "S": 2, "R": 0, "W": 0})
    assert rows(more) == rows(from_file(tmp_path, home, emberheart_file({}, cards, (["H1", "D1"], []), hire), "f"))
    assert (rows(fewer)["Astrid"]["categories"]["Heroes"], rows(more)["Astrid"]["categories"]["Heroes"]) == (0, 7)


# -- Flamecraft: the goods' names, the tiebreak's coins, a Moon dragon's face --------------------------------


def test_coins_counted_in_the_tiebreak_score_as_the_file(tmp_path: Path, home: dict[str, str]) -> None:
    """A-03: tied on total and on dragons in hand, Ada has more goods, Ben more goods and coins."""
    def typed(coins: str) -> list[str]:
        return [*texts(table_lines("flamecraft", {}, {"coins in tiebreak": coins})),
                "10", "2", "bread=2", "d1", "", "8", "4", "meat=1", "d2", "", "yes"]
    state = {"finished": True, "players": {"Ada": {"rep": 10, "coins": 2, "goods": {"bread": 2}, "hand": ["d1"]},
                                           "Ben": {"rep": 8, "coins": 4, "goods": {"meat": 1}, "hand": ["d2"]}}}
    plain = walked(tmp_path, home, "flamecraft", ["Ada", "Ben"], typed(""), "plain.json")
    counted = walked(tmp_path, home, "flamecraft", ["Ada", "Ben"], typed("yes"))
    base = {"game": "flamecraft", "players": ["Ada", "Ben"], "state": state}
    assert plain["winners"] == ["Ada"] and counted["winners"] == ["Ben"]
    assert counted["winners"] == from_file(tmp_path, home, {**base, "settings": {"tiebreak_goods_count_coins": True}},
                                           "f")["winners"]
    assert rows(counted) == rows(from_file(tmp_path, home, {**base, "settings": {"tiebreak_goods_count_coins":
                                                                                  True}}, "g"))


def test_goods_renamed_change_what_the_checks_accept(tmp_path: Path, home: dict[str, str]) -> None:
    goods = "bread,fish,plant,iron,crystal,potion"
    typed = [*texts(table_lines("flamecraft", {}, {"goods names": goods})), "10", "0", "fish=2", "", "",
             "8", "0", "", "", "", "yes"]
    got = walked(tmp_path, home, "flamecraft", ["Ada", "Ben"], typed)
    assert rows(got)["Ada"]["total"] == 10
    refused = CliRunner(env=home).invoke(main, ["tally", "flamecraft", "--players", "Ada,Ben", "--session",
                                                str(tmp_path / "no.json")],
                                         input="\n".join(texts(table_lines("flamecraft", {}))
                                                         + ["10", "0", "fish=2", "", "", "8", "0", "", "", "", "yes"]))
    # TALLY-13: a good the game does not have is bad input (exit 2), not a refusal to force
    assert refused.exit_code == 2 and "no good 'fish'" in refused.output, refused.output


def test_a_moon_dragon_typed_with_its_face_scores_its_reward(tmp_path: Path, home: dict[str, str]) -> None:
    """FC-SCORE-3: a Moon dragon whose condition is met scores the reputation on its face."""
    typed = [*texts(table_lines("flamecraft", {})),
             "10", "1", "", "d1", "FY-2=moon:4rep FY-1=sun:3rep", "FY-2=yes", "12", "0", "", "", "", "yes"]
    got = walked(tmp_path, home, "flamecraft", ["Ada", "Ben"], typed)
    expected = from_file(tmp_path, home, {
        "game": "flamecraft", "players": ["Ada", "Ben"], "catalog": {"fancy": {"FY-2": "moon:4rep", "FY-1": "sun:3rep"}},
        "state": {"finished": True, "moon": {"FY-2": True},
                  "players": {"Ada": {"rep": 10, "coins": 1, "hand": ["d1"], "fancies": ["FY-2", "FY-1"],
                                      "sun_scored": ["FY-1"]},
                              "Ben": {"rep": 12, "coins": 0}}}}, "f")
    assert rows(got) == rows(expected)
    assert rows(got)["Ada"]["categories"]["Moon dragons"] == 4 and got["winners"] == ["Ada"]
    assert not [note for note in got["notes"] if "lapse" in note]  # the Sun dragon's points are on the track


def test_every_sample_answers_the_table_as_its_settings_say() -> None:
    """The walk's table questions cover what the sample tallies set (their seat's ``first`` aside)."""
    for game in SAMPLES:
        data = sample(game)
        asked = {q.key for q in walk_for(game)[1].table}
        assert set(data.get("settings") or {}) - {"first"} <= asked, game


@pytest.mark.parametrize("game,asked", [("emberheart", ["table · Flame table", "table · board side",
                                                         "table · house rules"]),
                                        ("eight-dragons", ["table · Royal Challenges", "table · house rules"])])
def test_a_table_that_plays_by_the_book_answers_a_few_lines_before_its_players(game: str, asked: list[str]) -> None:
    """The readings of ambiguous rules wait behind `house rules` (Enter: the book's, as docs/tally.md reads
    them): a table that only wants the score answers two or three lines for the table, not six or nine."""
    assert [prompt for prompt, _ in table_lines(game, {})] == asked
