"""The interactive table (``scorekeeper play``): piped input, completion from ``expect``, another writer, a
real terminal."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.app.session import Session
from scorekeeper.cli.shell import Table

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "sample_sessions" / "inputs" / "flamecraft-catalog.json"
SETUP = """# a Tuesday
setup --park BR-1,MT-1,PL-1,IR-1,CR-1 --row PU-1,PU-2,PU-3,PU-4,PU-5

deal Ann --hand BR-2,MT-2,PL-2 --drew FY-1,FY-2 --keep FY-2
deal Bo --hand BR-3,MT-3,PL-3 --drew FY-3,FY-4 --keep FY-3
deal Cy --hand BR-4,MT-4,PL-4 --drew FY-5,FY-6 --keep FY-6
visit crumb
"""


@pytest.fixture(autouse=True)
def _no_kept_session() -> object:
    """A table made by a test is left at its end (as ``play`` leaves it)."""
    from scorekeeper.app.session import WORKSPACE

    yield
    WORKSPACE.kept.clear()


@pytest.fixture
def fc(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("SCOREKEEPER_SESSION", raising=False)
    path = tmp_path / "tuesday.json"
    result = CliRunner().invoke(main, ["new", "flamecraft", "--players", "Ann,Bo,Cy", "--catalog", str(CATALOG),
                                       "--session", str(path)])
    assert result.exit_code == 0, result.output
    return path


def play(path: Path, text: str, *extra: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["play", "--session", str(path), *extra], input=text)
    return result.exit_code, result.stdout, result.stderr


def test_piped_plays_are_echoed_and_recorded(fc: Path) -> None:
    code, out, err = play(fc, SETUP)
    assert (code, err) == (0, "")
    assert "fc · Setup › setup --park BR-1,MT-1,PL-1,IR-1,CR-1 --row PU-1,PU-2,PU-3,PU-4,PU-5\n#1 recorded" in out
    assert "fc · Turn 1 · Ann › visit crumb\n#5 recorded: Ann visits CRUMBHALL\n" in out
    assert "# a Tuesday" not in out  # comments and blank lines are skipped
    assert [e.type for e in Session.open(fc).events] == ["SETUP"] + ["SETUP_PLAYER"] * 3 + ["VISIT"]


def test_a_refused_play_stops_the_script_with_exit_1(fc: Path) -> None:
    code, out, err = play(fc, SETUP + "visit crumb\nnote never reached\n")
    assert code == 1
    assert err.startswith("refused: FC-TURN-2: Ann already visited CRUMBHALL this turn")
    assert "never reached" not in out
    assert len(Session.open(fc).events) == 5


def test_keep_going_runs_every_line_and_exits_1_at_the_end(fc: Path) -> None:
    code, out, err = play(fc, SETUP + "visit crumb\nnote reached\n", "--keep-going")
    assert code == 1
    assert "FC-TURN-2" in err
    assert "#6 recorded: note: reached" in out


def test_a_missing_choice_is_asked_for_not_refused(fc: Path) -> None:
    """UX-12 remainder (field report; FC-PLACE-2): at the table a play that lacks a choice is a prompt-like line
    saying what to add, not "refused", with no rule summary and no --force; nothing is written, and the same
    play with the choice is recorded."""
    code, out, err = play(fc, SETUP + "gather\nplace br-2\nplace br-2 2\n", "--keep-going")
    assert code == 1  # a script that had a line it could not record
    assert err == "incomplete: FC-PLACE-2: say which slot BR-2 goes to at CRUMBHALL: slots 2, 3 take it\n"
    assert "#7 recorded: Ann places BR-2 in slot 2" in out
    assert [e.type for e in Session.open(fc).events][-2:] == ["GATHER", "PLACE"]


def test_usage_errors_and_commands_not_for_the_table_are_one_line(fc: Path) -> None:
    code, out, err = play(fc, "visit 'crumb\nplay\nfrobnicate\n", "--keep-going")
    assert code == 1
    lines = err.splitlines()
    assert lines[0] == "error: No closing quotation; close the quote"
    assert lines[1] == "error: 'play' is not typed at the table; leave it (Ctrl-D) first"
    assert "no such command 'frobnicate'" in lines[2] and len(lines) == 3


def test_session_commands_and_prefixes(fc: Path) -> None:
    code, out, _ = play(fc, SETUP + "sc\ncheck\n")
    assert code == 0
    assert "Flamecraft — PROVISIONAL score" in out
    assert "no violations in 5 events" in out


def copied(tmp_path: Path, game: str, name: str, monkeypatch: pytest.MonkeyPatch) -> Table:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    target = tmp_path / name
    shutil.copy(ROOT / "sample_sessions" / game / name, target)
    return Table(target)


def until(table: Table, seq: int) -> None:
    """Keep the first ``seq - 1`` events of the table's session (a copy): the game as it stood before ``seq``."""
    from scorekeeper.core.journal import Journal

    journal = Journal(table.path)
    data = journal._data
    events = data["events"]
    data["events"] = {k: v for k, v in events.items() if int(v["seq"]) < seq}
    Path(table.path).write_text(__import__("json").dumps(data), encoding="utf-8")
    table.refresh()


def test_completion_of_commands_options_and_seqs(fc: Path) -> None:
    table = Table(fc)
    assert table.complete("v") == ["visit", "void", "verify"]  # the game's commands before the session's
    assert "--good" in table.complete("fire --")
    assert table.complete("status --fo") == ["--format"]
    play(fc, SETUP)
    assert table.complete("void ")[:2] == ["5", "4"]
    assert table.complete("enchant ") == []  # PU-1 fits CRUMBHALL, but Ann cannot pay it (field report FC-V5)
    play(fc, """adjust Ann 'goods={"bread": 2}'\n""")
    table.refresh()
    assert table.complete("enchant ") == table.session.expect().accepts("card") == ["PU-1"]


def test_completion_of_flamecraft_shops(fc: Path) -> None:
    play(fc, SETUP.replace("visit crumb\n", ""))
    table = Table(fc)
    shops = table.session.expect().accepts("shop")
    assert table.complete("visit ") == shops and "CRUMBHALL" in shops
    assert table.complete("visit cr") == ["CRUMBHALL"]


def test_completion_of_emberheart_locations_and_spaces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = copied(tmp_path, "emberheart", "four-players.json", monkeypatch)
    until(table, 40)
    expect = table.session.expect()
    assert table.complete("place ") == expect.accepts("location") and expect.accepts("location")
    location = expect.accepts("location")[0]
    free = [c.values["space"] for c in expect.choices if c.event == "PLACE_PARTY" and c.values["location"] == [location]]
    assert free and table.complete(f"place {location} ") == free[0]


def test_completion_of_eight_dragons_flights(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = copied(tmp_path, "eight-dragons", "3p-board.json", monkeypatch)
    until(table, 4)
    destinations = table.session.expect().accepts("to")
    assert destinations and table.complete("fly ") == destinations
    assert table.complete("fly --player ") [0] == table.session.expect().player


def test_another_writer_is_seen_at_the_next_command(fc: Path) -> None:
    table = Table(fc)
    assert table.prompt() == "fc · Setup › "
    play(fc, SETUP)  # another terminal
    assert table.prompt() == "fc · Turn 1 · Ann at CRUMBHALL › "
    assert table.run_line("gather") == 0
    assert Session.open(fc).events[-1].type == "GATHER"


def test_a_real_terminal(fc: Path, tmp_path: Path) -> None:
    """Through a pseudo-terminal: the prompt, Tab completion, a recorded play, Ctrl-C, Ctrl-D, the history."""
    pexpect = pytest.importorskip("pexpect", reason="pexpect is in the test extra")
    play(fc, SETUP.replace("visit crumb\n", ""))
    history = tmp_path / "history"
    env = {**os.environ, "SCOREKEEPER_HISTORY": str(history), "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    child = pexpect.spawn(sys.executable, ["-m", "scorekeeper", "play", "--session", str(fc)], env=env,
                          encoding="utf-8", timeout=30, dimensions=(24, 100))
    child.expect("Turn 1 · Ann ›")
    child.send("visit cr\t")
    child.expect("visit CRUMBHALL")
    child.send("\r")
    child.expect("#5 recorded: Ann visits CRUMBHALL")
    child.expect("at CRUMBHALL ›")
    child.send("something half typed")
    child.sendintr()  # Ctrl-C: the line is cancelled, the table goes on
    child.expect("at CRUMBHALL ›")
    child.sendeof()  # Ctrl-D: leave
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "visit CRUMBHALL" in history.read_text(encoding="utf-8")
    assert Session.open(fc).events[-1].type == "VISIT"


def test_serve_is_not_typed_at_the_table(fc: Path) -> None:
    """``serve`` runs until Ctrl-C: typed at the table it would hold it; it is refused in one line, like ``play``."""
    code, out, err = play(fc, "serve\n")
    assert (code, err) == (1, "error: 'serve' is not typed at the table; leave it (Ctrl-D) first\n")
