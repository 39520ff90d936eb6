"""The end of each game at the table (issue 36; field reports FC-V1, ED-V1, FC-F1, ED-R1): a scripted game played
to its end in the interactive table at 80×24 shows the end triggered (and what follows), the final round marked
in the prompt, and the game over with its winner, each on the screen at the moment it happens.

By default the plays before the last ``TAIL`` of each game are recorded as one-shot commands and only those last
plays (the end trigger among them) are typed at the table; with the slow checks (``SCOREKEEPER_SLOW_CHECKS=1``)
the whole game is typed there, from its first play."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from tests.core.test_table_games import ANSWERED, ROOT, flamecraft
from tests.screen import Terminal
from tests.slow_checks import ASKED

Script = Callable[[], tuple[list[str], list[str]]]


def emberheart() -> tuple[list[str], list[str]]:
    """The sample 'four-players' as its generator recorded it, each play as typed at the table (the Flame table
    ``set`` too: the score needs it)."""
    lines = (ROOT / "tools" / "emberheart" / "four-players.commands.sh").read_text(encoding="utf-8").splitlines()
    words = [shlex.split(line)[1:] for line in lines if line.startswith("scorekeeper ")]
    new = [w for w in words[0][1:] if not w.startswith("$")]
    return new[:-1], [shlex.join(w) for w in words[1:]]  # without "--session"


def eight_dragons() -> tuple[list[str], list[str]]:
    """The sample '3p-board', every play of it."""
    from tools.eight_dragons.make import SESSIONS
    from tools.eight_dragons.plan import plan

    which, new = SESSIONS["3p-board"]
    return ["eight-dragons", *new], plan(which)


#: game → its script, how many of its last plays are typed at the table by default, and what the screen shows:
#: at the play that triggers the end, in the prompt of the final round, at the play that ends the game (the
#: winner, or who leads while plays that change the score remain), and after the last play when it names the
#: final score's winner
ENDINGS: dict[str, tuple[Script, int, str, str, str, str | None]] = {
    "emberheart": (emberheart, 75, r"Round V begins: the last round; the game ends after its Raid",
                   "Last round · ", r"the game is over: Brandon leads with 60 \(Astrid 55, Sigrun 45, Helga 33\)",
                   None),
    "flamecraft": (flamecraft, 25, r"the end of the game is triggered \(FC-END-1\): final turns for Cleo, Ada, "
                                   r"Bram \(Bram last\)", "Final turn · ",
                   r"the game is over: the winner is named once", r"final score: Bram wins with 33"),
    "eight-dragons": (eight_dragons, 60, r"Bonfire 4/4: the end of the game is triggered; this round ends with "
                                         r"Blakkar's turn, then the final round: Rhed, Greenyra and Blakkar fly "
                                         r"once more", "Final round · ",
                      r"the game is over: Blakkar leads with 57", r"final score: Blakkar wins with 64"),
}


def flat(text: str) -> str:
    """The screen's text as one line: the rows a long verdict line was wrapped over joined again."""
    return " ".join(text.split())


@pytest.mark.parametrize("game", list(ENDINGS))
def test_the_end_of_the_game_is_on_the_screen_when_it_happens(game: str, tmp_path: Path) -> None:
    script, tail, trigger, final, over, winner = ENDINGS[game]
    new, plays = script()
    session, home = tmp_path / "game.json", {"SCOREKEEPER_HOME": str(tmp_path / "home")}
    made = CliRunner().invoke(main, ["new", *new, "--session", str(session)], env=home)
    assert made.exit_code == 0, made.output
    typed_from = 0 if ASKED else len(plays) - tail
    for play in plays[:typed_from]:  # the game so far, as one-shot commands
        done = CliRunner().invoke(main, ["--session", str(session), *shlex.split(play)], env=home)
        assert done.exit_code == 0, f"{play}: {done.output}"
    terminal = Terminal(80, 24, env={**home, "SCOREKEEPER_HISTORY": str(tmp_path / "history")})
    terminal.spawn("play", "--session", str(session))
    terminal.wait_for("Ctrl-D leaves")
    seen: dict[str, int] = {}
    for n, play in enumerate(plays[typed_from:]):
        since = len(terminal.output)
        terminal.type(play + "\r")
        screen = terminal.wait_for_output(ANSWERED, since)
        shown, prompt = flat(screen.text), screen.rows[screen.used - 1]
        assert screen.problems(typed=plays) == [], f"after {play!r}:\n{screen.text}"
        for mark, found in (("trigger", re.search(trigger, shown)), ("final", final in prompt),
                            ("over", re.search(over, shown)), ("winner", winner and re.search(winner, shown))):
            if found and mark not in seen:
                seen[mark] = n
    terminal.type("\x04")
    assert terminal.finish()[0] == 0
    marks = ["trigger", "final", "over", *(["winner"] if winner else [])]
    assert list(seen) == marks and sorted(seen.values()) == [seen[m] for m in marks], seen
