"""What Tab shows at the table (field report 2026-12-06: EH-F8, EH-F7, EH-F1, ED-F3, ED-F4), rendered at 80×24 in
the screen harness (``tests/screen.py``) where the menu itself is the point, else read from ``Table.described``."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.cli.shell import Table
from tests.samples import sample_until
from tests.screen import Screen, Terminal


@pytest.fixture(autouse=True)
def _no_kept_session() -> object:
    """A table made by a test is left at its end (as ``play`` leaves it)."""
    from scorekeeper.app.session import WORKSPACE

    yield
    WORKSPACE.kept.clear()


def at_table(session: Path, keys: str, shown: str) -> tuple[Terminal, Screen]:
    """``play`` on ``session`` at 80×24, ``keys`` typed; the screen once ``shown`` is on it."""
    terminal = Terminal(80, 24, env={"SCOREKEEPER_HOME": str(session.parent / "home"),
                                     "SCOREKEEPER_HISTORY": str(session.parent / "history")})
    terminal.spawn("play", "--session", str(session))
    terminal.wait_for("Ctrl-D leaves", timeout=90)  # (a machine under load starts Python slowly)
    terminal.type(keys)
    return terminal, terminal.wait_for(shown, timeout=60)


def leave(terminal: Terminal, typing: bool = True) -> None:
    """Leave the table: Ctrl-C drops the line being typed (``typing``), then Ctrl-D at an empty prompt."""
    if typing:
        terminal.type("\x03")
        terminal.wait_until(lambda s: s.rows[s.used - 1].rstrip().endswith("›"), "an empty prompt")
    terminal.type("\x04")
    assert terminal.finish(timeout=60)[0] == 0


def test_claim_candidates_show_each_card_with_its_face(tmp_path: Path) -> None:
    """EH-F8: ``claim `` + Tab listed ``T1 T2 T3`` with no face; each card now comes with its face, on the
    80×24 screen; the Mountain's cards with colour, Glory and costs."""
    session = sample_until(tmp_path, "emberheart", "four-players.json", 55)  # Brandon claims at the Tavern
    assert Table(session).described("claim ") == [("T1", "2G1S Flame-1"), ("T2", "3G"), ("T3", "1S1W Flame-1")]
    mountain = sample_until(tmp_path, "emberheart", "four-players.json", 59)
    assert Table(mountain).described("claim ")[0] == ("M1", "green 3 F+1")
    garrison = Table(sample_until(tmp_path, "emberheart", "four-players.json", 66))
    assert garrison.described("complete ") == [("green3", "green 3: 1green → strength")]
    terminal, screen = at_table(session, "claim \t", "1S1W Flame-1")
    rows = [row for row in screen.rows if "T1" in row or "T2" in row]
    assert any("2G1S Flame-1" in row for row in rows) and any("3G" in row for row in rows), screen.text
    assert screen.problems(["claim "]) == []
    leave(terminal)


def test_flamecraft_slots_show_their_reward(tmp_path: Path) -> None:
    """EH-F8 (Flamecraft): ``place IR-4 `` + Tab offered ``2`` and ``3`` with no reward, which decides the
    choice; each slot now says what it gives."""
    session = sample_until(tmp_path, "flamecraft", "3p-complete.json", 6)
    assert Table(session).described("place IR-4 ") == [("2", "2 coins"), ("3", "2 reputation")]
    assert Table(session).described("place ") == [("IR-4", "iron GAIN2")]  # the dragon's icon and ability
    firing = Table(sample_until(tmp_path, "flamecraft", "3p-complete.json", 7))
    assert firing.described("fire ") == [("S-BOLT", "iron GIFT"), ("IR-4", "iron GAIN2")]
    casting = Table(sample_until(tmp_path, "flamecraft", "3p-complete.json", 28))
    assert casting.described("enchant ") == [("PU-16", "2 iron → 1 fancy dragon")]  # its cost and reward


def test_the_empty_line_menu_is_the_moment_with_whole_descriptions(tmp_path: Path) -> None:
    """EH-F7: Tab on an empty line listed the 2-player ``block`` and ``np`` and the End Game's ``convert`` among
    the first in a 4-player Action phase, each description cut at 40 characters; now the plays legal now come
    first, then the session's commands, the game's other commands last (off the menu's first screen), and each
    description runs to the width of the terminal."""
    session = sample_until(tmp_path, "emberheart", "four-players.json", 33)  # an Action phase turn
    table = Table(session)
    menu = [name for name, _ in table.described("")]
    assert menu[:4] == ["place", "special", "aide", "swap"] and menu.index("status") == 4
    assert menu.index("block") > menu.index("help") and menu.index("np") > menu.index("help")
    terminal, screen = at_table(session, "\t", "such as 2G1S")
    commands = [row.split()[0] for row in screen.rows[1:] if row.strip()]
    assert {"place", "special", "status"} <= set(commands) and not {"block", "np", "convert"} & set(commands)
    assert screen.problems() == [], screen.problems()
    leave(terminal)


def test_emberheart_words_with_known_values_complete(tmp_path: Path) -> None:
    """EH-F1: Tab offered nothing after ``reveal tavern`` (and the other Locations), ``raidcard``, ``swap G``,
    ``aide defender``/``aide leader``, ``claim --attach``, ``claim -t`` and ``place tavern 3``; each now offers
    the values the board knows: a reveal's empty slots with the face they take, the Raid slots and items, the
    Hirelings, the Raid cards and the player's Parties, the player's Heroes, the tracks, the Parties of that
    size the player's supply can send."""
    start = Table(sample_until(tmp_path, "emberheart", "four-players.json", 1))
    assert start.described("reveal tavern ")[0] == ("1", "then the Hirelings: 2G1S --flame -1")
    assert start.complete("reveal mountain ") == ["b1", "b2", "b3", "m1", "m2", "t"]
    assert start.complete("reveal garrison ") == ["red", "blue", "green"]
    assert start.complete("raidcard ") == ["1", "2", "G", "E"]
    party = Table(sample_until(tmp_path, "emberheart", "four-players.json", 27))  # Brandon holds 9G 1S
    assert party.complete("place tavern 3 ") == ["3G", "2G1S"]  # the Parties of 3 his supply can send
    assert party.complete("place tav 4 3") == ["3G1S"]
    assert Table(sample_until(tmp_path, "emberheart", "four-players.json", 33)).complete("swap G ") == ["S", "R", "W"]
    action = Table(sample_until(tmp_path, "emberheart", "four-players.json", 42))  # Helga's turn
    assert action.complete("aide defender ") == ["1", "2", "preserve:5", "camp:5", "guild:1"]
    claim = Table(sample_until(tmp_path, "emberheart", "four-players.json", 56))  # Helga claims at the Camp
    assert claim.complete("claim C1 --attach ") == ["priestess"]
    assert claim.complete("claim -t ") == ["strength", "senses", "speed"]


def test_esc_closes_the_menu_and_the_digit_after_it_is_typed(tmp_path: Path) -> None:
    """ED-F4: closing the Tab menu with Esc and then typing ``1`` lost the ``1`` (the shell read Esc-1 as Alt-1,
    a numeric argument); Esc now closes the menu and nothing else: ``claim `` Tab (the menu, ``T`` typed for
    T1, T2, T3) Esc ``1`` is ``claim T1``."""
    session = sample_until(tmp_path, "emberheart", "four-players.json", 55)
    terminal, _ = at_table(session, "claim \t", "1S1W Flame-1")
    terminal.type("\x1b1")
    screen = terminal.wait_until(lambda s: "claim T1" in s.text and "1S1W Flame-1" not in s.text, "the menu closed")
    terminal.type("\r")
    screen = terminal.wait_until(lambda s: "#56 recorded" in s.text and s.rows[s.used - 1].rstrip().endswith("›"),
                                 "the play recorded and the next prompt", timeout=60)
    assert "Brandon" in screen.text and "T1" in screen.text, screen.text
    leave(terminal, typing=False)


def test_amend_completes_the_fields_of_the_event_and_a_tile_shorthand(tmp_path: Path) -> None:
    """ED-F3: ``amend 47 `` + Tab offered nothing; now each field of that event as ``KEY=`` with its value now,
    and for a placement each tile in the shorthand the game reads (``T10@0,-2r5``), to edit in place."""
    ed = Table(sample_until(tmp_path, "eight-dragons", "3p-board.json", 60))
    assert ed.described("amend 27 ") == [("tiles=", "rot 5 at 0,-2 tile T10"),
                                         ("T10@0,-2r5", "this tile: change its cell or turns")]
    eh = Table(sample_until(tmp_path, "emberheart", "four-players.json", 60))
    assert eh.described("amend 26 sp") == [("space=", "5")]
    assert eh.complete("amend 26 ") == ["location=", "space=", "hire=", "companion="]


def test_merchant_discard_completes_the_other_kingdoms_face_up_tiles(cli) -> None:  # type: ignore[no-untyped-def]
    """ED-F3: ``merchant --discard `` + Tab offered nothing although the face-up tiles are known."""
    assert cli("new", "eight-dragons", "--players", "Rhed,Greenyra,Blakkar", "--session", str(cli.session)).exit_code == 0
    cli("ed", "start", "Rhed", "SE/OOOOOO", "SME/OOOOOO/market:b@0,-1")
    assert cli("ed", "market", "dex", "C1=ME/OOOOWW/tours", "C2=M/OWOWOW/chests").exit_code == 0
    cli("ed", "fly", "-n", "2", "--join", "Rhed")
    assert Table(cli.session).complete("merchant -k sin --discard ") == ["C1", "C2"]


def test_a_multi_card_reveal_with_one_bad_card_says_the_rest_is_legal(cli) -> None:  # type: ignore[no-untyped-def]
    """EH-F4: ``reveal garrison red 2 … green 3 …`` was refused as a whole, with no word that the other card was
    good; the refusal now says so and which card to leave out (nothing is written: a command is all or none)."""
    import shutil

    shutil.copy(sample_until(cli.session.parent, "emberheart", "four-players.json", 19), cli.session)
    before = cli.session.read_bytes()
    refused = cli("eh", "reveal", "garrison", "red", "2", "1red", "strength", "green", "3", "1green", "speed",
                  "--session", str(cli.session))
    assert refused.exit_code == 1 and "EH-SETUP-9" in refused.output
    assert "the rest is legal: type it again without card 1 (red 2 1red strength)" in " ".join(refused.output.split())
    assert cli.session.read_bytes() == before
    both_bad = cli("eh", "reveal", "garrison", "red", "2", "1red", "strength", "green", "2", "1green", "speed",
                   "--session", str(cli.session))
    assert both_bad.exit_code == 1 and "the rest is legal" not in both_bad.output


def test_the_play_that_makes_a_garrison_card_completable_says_so_in_next(cli) -> None:  # type: ignore[no-untyped-def]
    """EH-F3: a claim that made a Garrison card completable said nothing (only ``status`` Notes did, EH-GAR-5
    only at the end); its ``next:`` now names the card and the command, until the card is completed."""
    import shutil

    shutil.copy(sample_until(cli.session.parent, "emberheart", "four-players.json", 65), cli.session)
    assert "complete green3" not in Table(cli.session).session.expect().text
    claimed = cli("play", "--session", str(cli.session), input="claim green3\n")
    assert claimed.exit_code == 0, claimed.output
    said = " ".join(claimed.output.split())
    assert "#66 recorded" in said and "Astrid can complete green3 (complete green3 -p Astrid)" in said, said
    completed = cli("play", "--session", str(cli.session), input="complete green3 -p Astrid\n")
    assert completed.exit_code == 0 and "can complete green3" not in completed.output


def test_esc_then_a_digit_types_the_digit_in_the_tally_walk_too(tmp_path: Path) -> None:
    """ED-F4, in the other prompt at the table: the tally walk read Esc 1 as Alt-1 as well; its digit is typed."""
    from tests.tally.walk_lines import lines, sample

    terminal = Terminal(80, 24, env={"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": ""},
                        cwd=tmp_path)
    terminal.spawn("tally", "emberheart", "--players", ",".join(sample("emberheart")["players"]), "--session", "w.json")
    prompt = lines("emberheart")[0][0]
    terminal.wait_for(f"{prompt} >")
    terminal.type("x\x1b1\x1b,2")
    terminal.wait_for(f"{prompt} > x1,2")
    terminal.type("\x03\x04")
    assert terminal.finish()[0] == 1


def test_start_shows_the_notation_of_the_tiles(tmp_path: Path) -> None:
    """ED-F3: ``start Mara `` + Tab offered nothing, and a newcomer needed ``start --help`` to learn
    ``S/OOOOWW SM/…@0,-1``; the menu now shows the beginning of each word with its notation beside it."""
    table = Table(sample_until(tmp_path, "eight-dragons", "3p-board.json", 1))
    tile = table.described("start Greenyra ")
    assert [value for value, _ in tile] == ["S/", "S/OOOOOO"] and "6 edges, O open, W wall" in tile[0][1]
    mission = table.described("start Greenyra S/OOOOWW ")
    assert mission[0] == ("SM/", "a Starting Mission: SM[FOLK]/EDGES/SYMBOLS@Q,R")
