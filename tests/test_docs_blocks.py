"""Every command in the docs runs as shown, also outside the console blocks (field report 2026-12-06, UX-3 and
UX-4): ``tests/test_docs_console.py`` runs each ```console block of README.md and docs/*.md; a fenced block of
other ``scorekeeper`` commands is either run by a test named here (it must exist and read that page), run here,
or one that cannot run by its nature (a server that runs until Ctrl-C, a usage line, a block its page calls an
illustration). A new block of commands no test runs fails here: make it a console block, or run it in a test.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.conftest import Cli

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```", re.S | re.M)

#: blocks run by a test elsewhere: (page, the block's first command, cut) → (test file, test function)
RUN_BY = {
    ("docs/emberheart.md", "scorekeeper new emberheart --players Astrid,Bjorn,Cara,Dag"):
        ("tests/games/emberheart/test_eh_table.py", "test_the_docs_walkthrough_runs_as_written"),
    ("docs/emberheart.md", "scorekeeper new emberheart --players Astrid,Bjorn --set side=B"):
        ("tests/games/emberheart/test_eh_table.py", "test_the_docs_two_player_side_b_walkthrough_runs_as_written"),
    ("docs/flamecraft.md", "scorekeeper new flamecraft --players Ann,Bo,Cy --catalog"):
        ("tests/games/flamecraft/test_fc_docs.py", "test_the_walkthroughs_in_the_docs_run"),
    ("docs/eight-dragons.md", "scorekeeper new ed --players Rhed,Greenyra,Blakkar --catalog"):
        ("tests/games/eight_dragons/test_ed_review.py", "test_the_quick_start_of_the_docs_runs_literally"),
    ("docs/eight-dragons.md", "scorekeeper ed adjust Rhed gold=7"):
        ("tests/test_docs_blocks.py", "test_the_eight_dragons_adjust_block_runs_in_the_session_it_names"),
}
#: blocks that cannot run as a test runs a command, and why: (page, first command, cut) → the reason
CANNOT_RUN = {
    ("README.md", "scorekeeper serve --host 0.0.0.0"): "a server: it runs until Ctrl-C (tests/web start it)",
    ("docs/serve.md", "scorekeeper serve --host lan"): "a server: it runs until Ctrl-C (tests/web start it)",
    ("docs/table.md", "scorekeeper play [--session PATH]"): "a usage line, not a command",
    ("docs/emberheart.md", "scorekeeper eh place mtn 5 3G2W"): "an illustration, so called on its page: its #79 and "
                                                              "#83 stand for plays of a game in progress",
}


def command_blocks() -> list[tuple[str, str, str]]:
    """Each fenced block of README.md and docs/*.md that is not a console block and holds ``scorekeeper``
    commands: its page, its first command and its text."""
    found = []
    for page in PAGES:
        for match in FENCE.finditer(page.read_text(encoding="utf-8")):
            lines = [line.strip() for line in match.group(2).splitlines()]
            commands = [line for line in lines if line.startswith("scorekeeper ")]
            if match.group(1) != "console" and commands:
                found.append((str(page.relative_to(ROOT)), commands[0], match.group(2)))
    return found


def known(page: str, first: str, table: dict[tuple[str, str], object]) -> object | None:
    return next((value for (p, start), value in table.items() if p == page and first.startswith(start)), None)


BLOCKS = command_blocks()


@pytest.mark.parametrize("page,first,block", BLOCKS, ids=[f"{p}:{f[:40]}" for p, f, _ in BLOCKS])
def test_every_block_of_commands_is_run_by_a_test_or_cannot_run(page: str, first: str, block: str) -> None:
    """UX-3: 13 of 202 doc commands did not run as shown, in blocks no test ran; each block of commands is now
    either a console block (run as shown) or run by a test, or it cannot run by its nature, said here."""
    runner = known(page, first, RUN_BY)
    if runner is None:
        assert known(page, first, CANNOT_RUN), (f"{page}: a block of commands no test runs ({first!r}): make it a "
                                                "```console block, or run it in a test and name it in RUN_BY")
        return
    path, function = runner  # type: ignore[misc]
    text = (ROOT / path).read_text(encoding="utf-8")
    assert f"def {function}(" in text and Path(page).name in text, (page, path, function)


def test_no_entry_of_the_lists_is_stale() -> None:
    """Each block named in RUN_BY and CANNOT_RUN is still in its page."""
    present = {(page, first) for page, first, _ in BLOCKS}
    for page, start in [*RUN_BY, *CANNOT_RUN]:
        assert any(p == page and f.startswith(start) for p, f in present), (page, start)


def test_the_eight_dragons_adjust_block_runs_in_the_session_it_names(cli: Cli) -> None:
    """UX-4: docs/eight-dragons.md's ``ed adjust`` needs a current session; its page names it (a 2-player game of
    Rhed and Greenyra made with ``scorekeeper new eight-dragons --players Rhed,Greenyra``): in that session
    it runs as written, and the state is the one it types."""
    block = next(b for p, f, b in BLOCKS if p == "docs/eight-dragons.md" and f.startswith("scorekeeper ed adjust"))
    made = cli("new", "eight-dragons", "--players", "Rhed,Greenyra", "--session", str(cli.session))
    assert made.exit_code == 0, made.output
    words = shlex.split(block.replace("\\\n", " "))
    assert words[0] == "scorekeeper"
    result = cli(*words[1:])
    assert result.exit_code == 0, result.output
    status = cli.json("status")
    assert [p["gold"] for p in status["players"]] == [7, 3], status["players"]
