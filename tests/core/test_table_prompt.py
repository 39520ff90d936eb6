"""The table's prompt (``scorekeeper play``): the game's own short words for where it stands and who acts
(``Status.prompt``), agreeing with ``next:``, never wider than 40 columns (field report items EH-F7, FC-F5 and
ED-V4's prompt)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.app.session import Session
from scorekeeper.cli.shell import PROMPT_WIDTH, Table
from tests.samples import ROOT, sample_until

SAMPLES = [("emberheart", "two-players-side-b.json"), ("emberheart", "four-players.json"),
           ("flamecraft", "3p-complete.json"), ("eight-dragons", "3p-board.json"), ("eight-dragons", "4p-long.json")]


@pytest.fixture(autouse=True)
def _no_kept_session() -> object:
    """A table made by a test is left at its end (as ``play`` leaves it)."""
    from scorekeeper.app.session import WORKSPACE

    yield
    WORKSPACE.kept.clear()


def first(tmp_path: Path, game: str, name: str, count: int) -> Table:
    """The table on a bundled sample as it stood after its first ``count`` events (a copy)."""
    return Table(sample_until(tmp_path, game, name, count))


def test_a_final_turn_prompt_is_short() -> None:
    """FC-F5 (field report): ``fc · Turn 18 · Mara's turn (final turn) · at MOSSLOFT › `` took 56 to 60 columns;
    a final turn now says so in place of its number."""
    from scorekeeper.games.flamecraft.state import TurnState
    from scorekeeper.games.flamecraft.view import _prompt

    final = TurnState(player="Mara", number=18, final=True, shop="MOSSLOFT")
    assert f"fc · {_prompt(final)} › " == "fc · Final turn · Mara at MOSSLOFT › "


def test_flamecraft_final_turn_at_the_table(tmp_path: Path) -> None:
    """FC-F5 (field report): Cleo's final turn at MOSSLOFT, as the table shows it."""
    assert first(tmp_path, "flamecraft", "3p-complete.json", 150).prompt() == "fc · Final turn · Cleo at MOSSLOFT › "


@pytest.mark.parametrize("game,name", SAMPLES)
def test_every_prompt_of_a_whole_game_fits_40_columns_uncut(game: str, name: str) -> None:
    """FC-F5 (field report): after every event of a bundled game the prompt (the alias and the game's words)
    fits ``PROMPT_WIDTH`` columns without being cut."""
    session = Session.open(ROOT / "sample_sessions" / game / name)
    alias = session.game.aliases[0]
    wide = {f"{alias} · {session.status(at=e.seq).prompt} › " for e in session.events}
    assert PROMPT_WIDTH == 40 and max(len(p) for p in wide) <= PROMPT_WIDTH, sorted(wide, key=len)[-1]


def test_emberheart_setup_and_a_non_player_crest(tmp_path: Path) -> None:
    """EH-F7 (field report): during setup the prompt said ``Round I · Action phase · Ann to play``, and on a
    non-player Crest's turn it named nobody."""
    assert first(tmp_path, "emberheart", "two-players-side-b.json", 1).prompt() == "eh · Round I · setup › "
    table = first(tmp_path, "emberheart", "two-players-side-b.json", 39)
    assert "the non-player Crest (space 4) discards" in table.session.status().expected
    assert table.prompt() == "eh · Round I · Reward · non-player › "
    assert first(tmp_path, "emberheart", "two-players-side-b.json", 26).prompt() == "eh · Round I · Action · Astrid › "


def test_eight_dragons_prompt_agrees_with_next(tmp_path: Path) -> None:
    """ED-V4 (field report), the prompt: after ``ed start`` it said ``Setup · no turn yet · Ann to play`` while
    others had to record; after the last placement ``Ann's turn · Phase II`` while ``next:`` said Bo flies."""
    started = first(tmp_path, "eight-dragons", "3p-board.json", 1)
    assert started.session.status().expected.startswith("Greenyra, Blakkar record their Starting Tile")
    assert started.prompt() == "ed · Setup · Starting Tiles › "
    placed = first(tmp_path, "eight-dragons", "3p-board.json", 8)  # Rhed's turn done: Greenyra flies
    assert placed.session.expect().text.startswith("Greenyra flies")
    assert placed.prompt() == "ed · Round 1 · Greenyra flies › "
    assert first(tmp_path, "eight-dragons", "3p-board.json", 6).prompt() == "ed · Round 1 · Rhed · Lairs › "
    last = first(tmp_path, "eight-dragons", "3p-board.json", 21)  # Blakkar's turn done, round 2 begins
    assert last.session.expect().text.startswith("Rhed flies") and last.prompt() == "ed · Round 2 · Rhed flies › "


def test_a_long_name_is_cut_to_the_width(tmp_path: Path) -> None:
    """FC-F5 (field report): however long the names, the prompt leaves the line's other half to the command."""
    from click.testing import CliRunner

    from scorekeeper.cli import main

    path, long = tmp_path / "long.json", "Maximiliane-Augustine-Kowalczyk"
    catalog = ROOT / "sample_sessions" / "inputs" / "flamecraft-catalog.json"
    made = CliRunner().invoke(main, ["new", "flamecraft", "--players", f"{long},Bo", "--catalog", str(catalog),
                                     "--session", str(path)], env={"SCOREKEEPER_HOME": str(tmp_path / "home")})
    assert made.exit_code == 0, made.output
    table = Table(path)
    for line in ("setup --park BR-1,MT-1,PL-1,IR-1,CR-1 --row PU-1,PU-2,PU-3,PU-4,PU-5",
                 f"deal {long} --hand BR-2,MT-2,PL-2 --keep FY-2", "deal Bo --hand BR-3,MT-3,PL-3 --keep FY-3"):
        assert table.run_line(line) == 0
    assert table.prompt() == "fc · Turn 1 · Maximiliane-Augustine-… › "
    assert len(table.prompt()) == PROMPT_WIDTH
