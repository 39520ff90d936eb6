"""Every console block of README.md and docs/*.md is real: run in a temporary folder, its output is the one shown.

A block is a ```console fence. A line ``$ scorekeeper …`` is a command (a ``# comment`` after it is ignored);
the lines after it, up to the next command, are its output (stdout and stderr as a terminal shows them). A
line ``...`` stands for any number of lines left out, and ``...`` inside a line for any text (a time, a hash);
``scorekeeper … < FILE`` feeds the file to the command's standard input.
Each block runs in a fresh folder holding a copy of ``sample_sessions/``, with its own Scorekeeper home, so the
blocks of one page do not see each other.
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```console\n(.*?)^```", re.S | re.M)


def blocks() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        for number, match in enumerate(FENCE.finditer(page.read_text(encoding="utf-8")), start=1):
            found.append((f"{page.relative_to(ROOT)}#{number}", match.group(1)))
    return found


def steps(block: str) -> list[tuple[str, list[str]]]:
    """The block's commands, each with the output lines shown after it."""
    result: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            result.append((line[2:], []))
        else:
            assert result, f"output before any command: {line!r}"
            result[-1][1].append(line)
    return result


def matches(shown: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is what ``shown`` shows, ``...`` standing for lines or text left out."""
    if not shown:
        return not actual
    head, rest = shown[0], shown[1:]
    if head == "...":
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    if not actual:
        return False
    pattern = ".*".join(re.escape(part) for part in head.split("..."))
    return re.fullmatch(pattern, actual[0]) is not None and matches(rest, actual[1:])


BLOCKS = blocks()


@pytest.mark.parametrize("name,block", BLOCKS, ids=[name for name, _ in BLOCKS])
def test_the_console_block_shows_real_output(name: str, block: str, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper.cli import main

    shutil.copytree(ROOT / "sample_sessions", tmp_path / "sample_sessions")
    (tmp_path / "home").mkdir()
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    env = {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": "", "COLUMNS": "80"}
    for command, shown in steps(block):
        words = shlex.split(command, comments=True)
        assert words[0] == "scorekeeper", f"{name}: only scorekeeper commands run here: {command}"
        stdin = None
        if words[-2:-1] == ["<"]:  # ``scorekeeper play < FILE``: the file (in the block's folder) is the input
            stdin, words = Path(words[-1]).read_text(encoding="utf-8"), words[:-2]
        result = runner.invoke(main, words[1:], input=stdin, env=env, catch_exceptions=False)
        actual = result.output.splitlines()
        assert matches(shown, actual), (
            f"{name}: $ {command}\n--- shown\n" + "\n".join(shown) + "\n--- actual\n" + "\n".join(actual))


def test_the_readme_has_a_walkthrough() -> None:
    assert any(name.startswith("README.md") for name, _ in BLOCKS)
