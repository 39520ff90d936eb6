"""A scripted game of each game played in the interactive table at 80×24 (issue 23): after every verdict the
screen shows no escape sequence, no line wider than 80 columns, no word broken across rows, and both the prompt
and the verdict, the prompt in at most 40 columns (field report FC-F5). The plays are the first ones of the
bundled samples, as they were recorded."""

from __future__ import annotations

import itertools
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from tests.screen import Terminal

ROOT = Path(__file__).resolve().parents[2]
#: how many plays of each game are typed at the table
PLAYS = 50
#: a verdict (or a refusal, an error) and then the prompt again, as the program writes them
ANSWERED = rb"(?:recorded|refused|error)[^\n]*\n.*\xe2\x80\xba"
CODES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")
VERDICT = re.compile(r"^(#\d+ recorded|refused|error)\S*", re.M)


def emberheart() -> tuple[list[str], list[str]]:
    """The sample 'four-players' as its generator recorded it, each ``scorekeeper …`` line as typed at the table."""
    lines = (ROOT / "tools" / "emberheart" / "four-players.commands.sh").read_text(encoding="utf-8").splitlines()
    words = [shlex.split(line)[1:] for line in lines if line.startswith("scorekeeper ")]
    new = [w for w in words[0][1:] if not w.startswith("$")]
    typed = [shlex.join(w) for w in words[1:] if len(shlex.join(w)) < 60]  # not the long flame table
    return new[:-1], typed  # without "--session"


def flamecraft() -> tuple[list[str], list[str]]:
    catalog = str(ROOT / "sample_sessions" / "inputs" / "flamecraft-catalog.json")
    lines = (ROOT / "tools" / "flamecraft" / "plans" / "3p-complete.txt").read_text(encoding="utf-8").splitlines()
    plays = [line for line in lines if line.strip() and not line.startswith("#")]
    new = shlex.split(plays[0].format(catalog=catalog))
    return new[1:], plays[1:]


def eight_dragons() -> tuple[list[str], list[str]]:
    from tools.eight_dragons.make import SESSIONS
    from tools.eight_dragons.plan import plan

    which, new = SESSIONS["3p-board"]
    return ["eight-dragons", *new], list(itertools.islice(plan(which), PLAYS))


@pytest.mark.parametrize("script", [emberheart, flamecraft, eight_dragons])
def test_a_game_at_the_table_reads_cleanly_at_80_by_24(script: object, tmp_path: Path) -> None:
    new, plays = script()  # type: ignore[operator]
    session, home = tmp_path / "game.json", {"SCOREKEEPER_HOME": str(tmp_path / "home")}
    made = CliRunner().invoke(main, ["new", *new, "--session", str(session)], env=home)
    assert made.exit_code == 0, made.output
    terminal = Terminal(80, 24, env={**home, "SCOREKEEPER_HISTORY": str(tmp_path / "history")})
    terminal.spawn("play", "--session", str(session))
    terminal.wait_for("Ctrl-D leaves")
    for play in plays[:PLAYS]:
        since = len(terminal.output)
        terminal.type(play + "\r")
        screen = terminal.wait_for_output(ANSWERED, since)
        written = CODES.sub("", bytes(terminal.output[since:]).decode("utf-8", "replace"))
        said = VERDICT.findall(written)
        assert screen.problems(typed=plays) == [], f"after {play!r}:\n{screen.text}"
        assert screen.rows[screen.used - 1].endswith("›"), f"no prompt after {play!r}:\n{screen.text}"
        assert len(screen.rows[screen.used - 1] + " ") <= 40, f"a prompt too wide (FC-F5):\n{screen.text}"
        assert said and said[-1] in screen.text, f"the verdict of {play!r} is not on the screen:\n{screen.text}"
        assert said[-1].startswith("#"), f"{play!r} was not recorded:\n{screen.text}"
    terminal.type("\x04")
    code, _ = terminal.finish()
    assert code == 0


@pytest.mark.parametrize("no_color", [[], ["--no-color"]])
def test_no_color_turns_the_colour_off_in_a_command_and_at_the_table(no_color: list[str], tmp_path: Path) -> None:
    """``--no-color`` (issue 23 item 2): on a colour terminal a verdict is green and a refusal red, unless it is
    given: then neither the one-shot refusal nor the plays at the table carry a colour code."""
    new, plays = flamecraft()
    session, home = tmp_path / "game.json", {"SCOREKEEPER_HOME": str(tmp_path / "home")}
    assert CliRunner().invoke(main, ["new", *new, "--session", str(session)], env=home).exit_code == 0
    terminal = Terminal(80, 24, env={**home, "SCOREKEEPER_HISTORY": str(tmp_path / "history")})
    code, screen = terminal.run(*no_color, "-s", str(session), "fc", "visit", "crumb")
    assert code == 1 and "refused:" in screen.text and screen.problems() == []
    assert (b"\x1b[31m" in bytes(terminal.output)) is not bool(no_color)
    terminal = Terminal(80, 24, env={**home, "SCOREKEEPER_HISTORY": str(tmp_path / "history")})
    terminal.spawn(*no_color, "play", "--session", str(session))
    terminal.wait_for("Ctrl-D leaves")
    since = len(terminal.output)
    terminal.type(plays[0] + "\r")
    screen = terminal.wait_for_output(ANSWERED, since)
    assert "#1 recorded" in screen.text and screen.problems(typed=plays) == []
    assert (b"\x1b[32m" in bytes(terminal.output[since:])) is not bool(no_color)
    terminal.type("\x04")
    assert terminal.finish()[0] == 0
