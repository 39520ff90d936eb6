"""What a person sees: a command run in a pseudo-terminal, its output rendered by a terminal emulator (pyte).

Tests assert on the rendered screen, not on bytes: an escape sequence the terminal would act on is gone from the
screen, one it would not understand shows up as the text a person would read (``^[[32m`` is what a shell
prints when the codes reach it escaped), a line longer than the terminal wraps onto the next row exactly as
a real terminal wraps it.

``Terminal(columns, rows, term=…, no_color=…)`` spawns commands with that size set on the pseudo-terminal
(``TIOCSWINSZ``, so the program reads the width the way it would in a real one) and feeds everything they print
to a ``pyte.Screen`` of the same size. ``run`` is a one-shot command; ``spawn`` an interactive one, to which
``type`` sends keys and ``wait_for`` waits for text on the screen.

The checks a screen must pass (``problems``): no escape sequence visible, no line wider than the terminal (the
terminal wrapped it), no word broken across two rows.
"""

from __future__ import annotations

import os
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

import pyte
import pytest

pexpect = pytest.importorskip("pexpect", reason="pexpect is in the test extra")

#: what shows on a screen when an escape sequence reached it as text: ``^[`` (a shell's caret notation), the
#: escape character itself drawn as text, or a bare colour code left behind (``[32m``)
VISIBLE_ESCAPE = re.compile(r"\^\[|\x1b|\[[0-9;]*m")


@dataclass(frozen=True)
class Wrap:
    """A row the terminal had to wrap: its text when it filled up, and the character that went on to the next."""

    row: str
    carried: str


@dataclass
class Screen:
    """A rendered screen: its rows as a person reads them (trailing blanks cut), and every row the terminal
    wrapped while the program wrote (also those scrolled off since)."""

    rows: list[str]
    columns: int
    wraps: list[Wrap] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(self.rows).rstrip("\n")

    @property
    def used(self) -> int:
        """How many rows hold something, from the top."""
        filled = [n for n, row in enumerate(self.rows) if row.strip()]
        return filled[-1] + 1 if filled else 0

    def problems(self, typed: Sequence[str] = ()) -> list[str]:
        """Everything a person would see wrong: escape codes shown as text, lines the terminal had to wrap
        (too wide for it), words broken across two rows; a line the person typed (one of ``typed``, after the
        prompt's "› ") is theirs: the terminal wrapping it is no fault of the program's."""
        found = [f"row {n + 1}: an escape sequence is visible: {row!r}"
                 for n, row in enumerate(self.rows) if VISIBLE_ESCAPE.search(row)]
        for wrap in self.wraps:
            piece = wrap.row.split("› ", 1)[-1].strip()
            if piece and any(piece in line for line in typed):
                continue
            found.append(f"wider than {self.columns} columns, the terminal wrapped it: {wrap.row.rstrip()!r}")
            if wrap.row[-1:].isalnum() and wrap.carried.isalnum():
                found.append(f"a word is broken across rows: {wrap.row[-12:]!r} | {wrap.carried!r}")
        return found


class _WrapNotingScreen(pyte.Screen):  # type: ignore[misc]
    """pyte's screen, noting each time it wraps a row because a character did not fit (autowrap)."""

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self.wraps: list[Wrap] = []

    def draw(self, data: str) -> None:
        for char in data:  # one at a time: the character that does not fit is the one carried over
            if self.cursor.x >= self.columns and pyte.modes.DECAWM in self.mode:
                row = self.buffer[self.cursor.y]
                self.wraps.append(Wrap("".join(row[x].data for x in range(self.columns)), char))
            super().draw(char)


class Terminal:
    """A terminal of a given size that runs ``scorekeeper`` (or any command) and shows what a person would see."""

    def __init__(self, columns: int = 80, rows: int = 24, *, term: str = "xterm-256color", no_color: bool = False,
                 env: dict[str, str] | None = None, cwd: Path | None = None) -> None:
        self.columns, self.rows, self.cwd = columns, rows, cwd
        self.env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        self.env.update({"TERM": term, "PYTHONIOENCODING": "utf-8", "LANG": "C.UTF-8"})
        if no_color:
            self.env["NO_COLOR"] = "1"
        self.env.update(env or {})
        self.env.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")  # nobody here answers a cursor-position request
        self._child: Any = None
        self._screen: _WrapNotingScreen | None = None
        self._stream: pyte.ByteStream | None = None

    # -- one-shot -----------------------------------------------------------------------------------------

    def run(self, *args: str, timeout: float = 60, program: list[str] | None = None) -> tuple[int, Screen]:
        """Run ``scorekeeper ARGS`` (or ``program`` + ARGS) to its end; its exit status and the screen it leaves
        (rows scroll off the top as in a real terminal)."""
        self.spawn(*args, program=program)
        self._child.expect(pexpect.EOF, timeout=timeout)
        self._feed(self._child.before or b"")
        self._child.close()
        return self._child.exitstatus, self.screen()

    # -- interactive --------------------------------------------------------------------------------------

    def spawn(self, *args: str, program: list[str] | None = None) -> None:
        """Start ``scorekeeper ARGS`` in the pseudo-terminal (``python -m scorekeeper``, this interpreter), or
        ``program`` + ARGS."""
        self._screen = _WrapNotingScreen(self.columns, self.rows)
        self._stream = pyte.ByteStream(self._screen)
        self.output = bytearray()  # every byte the program wrote, for what only bytes can say (no colour at all)
        argv = [*(program or [sys.executable, "-m", "scorekeeper"]), *args]
        self._child = pexpect.spawn(argv[0], argv[1:], env=self.env,
                                    dimensions=(self.rows, self.columns), cwd=str(self.cwd) if self.cwd else None)

    def type(self, keys: str) -> None:
        """Send keys as typed (``\\r`` is Enter, ``\\t`` Tab, ``\\x04`` Ctrl-D)."""
        self._child.send(keys)

    def wait_for(self, text: str, timeout: float = 30) -> Screen:
        """Read what the program prints until ``text`` is on the screen; the screen then."""
        return self._read_until(lambda: text in self.screen().text, repr(text), timeout)

    def wait_until(self, shows: Callable[[Screen], bool], what: str, timeout: float = 30) -> Screen:
        """Read what the program prints until ``shows(screen)`` is true (``what`` names it, for the failure)."""
        return self._read_until(lambda: shows(self.screen()), what, timeout)

    def wait_for_output(self, pattern: bytes, since: int = 0, timeout: float = 30) -> Screen:
        """Read what the program prints until ``pattern`` (a regular expression, ``.`` matching newlines too)
        matches the bytes it wrote after byte ``since``; the screen then."""
        found = re.compile(pattern, re.S)
        return self._read_until(lambda: found.search(bytes(self.output[since:])) is not None, repr(pattern), timeout)

    def _read_until(self, done: Callable[[], bool], what: str, timeout: float) -> Screen:
        """Feed what the program prints to the screen until ``done()``; the screen then (an AssertionError naming
        ``what`` when the time is up or the program ends first)."""
        deadline = time.monotonic() + timeout
        while not done():
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} never came; the screen:\n{self.screen().text}")
            try:
                self._feed(self._child.read_nonblocking(65536, timeout=0.2))
            except pexpect.TIMEOUT:
                continue
            except pexpect.EOF:
                if not done():
                    raise AssertionError(f"the program ended before {what} came:\n{self.screen().text}")
        return self.screen()

    def finish(self, timeout: float = 30) -> tuple[int, Screen]:
        """Wait for the program to end; its exit status and the last screen."""
        self._child.expect(pexpect.EOF, timeout=timeout)
        self._feed(self._child.before or b"")
        self._child.close()
        return self._child.exitstatus, self.screen()

    # -- the emulator -------------------------------------------------------------------------------------

    def _feed(self, data: bytes) -> None:
        assert self._stream is not None
        self.output += data
        self._stream.feed(data)

    def screen(self) -> Screen:
        assert self._screen is not None
        return Screen([row.rstrip() for row in self._screen.display], self.columns, list(self._screen.wraps))
