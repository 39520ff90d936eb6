"""A line typed at the table (``scorekeeper play``; its Click side: ``scorekeeper.cli.shell``), read in linear
time: its length capped, its words split.

``shlex.split`` runs in time that grows with the square of a quoted word's length (4 MB: minutes), so the
table splits with one regular-expression pass that follows the same POSIX rules as ``shlex.split(line,
comments=True)``: words at unquoted whitespace; ``'…'`` taken as it is; ``"…"`` with ``\\"`` and ``\\\\``
unescaped (any other backslash kept); a backslash outside quotes escaping the next character; an unquoted
``#`` starting a comment to the end of the line; an unclosed quote or a trailing backslash a ``ValueError``
(saying to close the quote). A line longer than ``MAX_LINE`` bytes is a ``ValueError`` before it is split (the
table records nothing), and a long line is echoed clipped (``clipped``).
"""

from __future__ import annotations

import re
from typing import Iterable

#: the longest line the table reads (UTF-8 bytes); a note longer than this belongs in a file
MAX_LINE = 64 * 1024
#: how much of a long line is echoed
SHOWN = 200

_PIECE = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>\#[^\n]*)
  | '(?P<single>[^']*)'
  | "(?P<double>(?:[^"\\]++|\\[\s\S])*+)"
  | (?P<plain>(?:[^\s'"\\\#]++|\\[\s\S])++)
  | (?P<bad>[\s\S])
""", re.VERBOSE)
_IN_DOUBLE = re.compile(r'\\(["\\])')
_ESCAPED = re.compile(r"\\([\s\S])")


def split(line: str) -> list[str]:
    """The words of ``line`` (one line: no newline) as ``shlex.split(line, comments=True)`` gives them, in one
    linear pass; ``ValueError`` for a line longer than ``MAX_LINE`` bytes, an unclosed quote, a last backslash."""
    size = len(line.encode("utf-8", "surrogatepass"))
    if size > MAX_LINE:
        raise ValueError(f"this line is {size:,} bytes long; the table reads lines of at most "
                         f"{MAX_LINE // 1024} KiB, so nothing was recorded (put a long text in a file)")
    words: list[str] = []
    current: list[str] | None = None
    for piece in _PIECE.finditer(line):
        kind = piece.lastgroup
        if kind == "space" or kind == "comment":
            if current is not None:
                words.append("".join(current))
                current = None
            if kind == "comment":
                break
            continue
        if kind == "bad":  # a lone backslash at the end, or a quote never closed (inside "…", a backslash last)
            trailing = len(line) - len(line.rstrip("\\"))
            escaped_end = piece.group() == "\\" or (piece.group() == '"' and trailing % 2 == 1)
            raise ValueError(("No escaped character" if escaped_end else "No closing quotation") + "; close the quote")
        text = piece.group(kind or "plain")
        if kind == "double":
            text = _IN_DOUBLE.sub(r"\1", text)
        elif kind == "plain" and "\\" in text:
            text = _ESCAPED.sub(r"\1", text)
        if current is None:
            current = []
        current.append(text)
    if current is not None:
        words.append("".join(current))
    return words


def clipped(line: str) -> str:
    """``line`` as echoed: whole when short, else its start and how long it was."""
    return line if len(line) <= SHOWN else f"{line[:SHOWN]}… ({len(line):,} characters)"


def free_text(words: list[str], flags: set[str], valued: set[str]) -> list[str]:
    """A free-text command's words (``note Bo disputes the toast``) with the rest of the line joined into its
    one argument; its options kept as they are (``flags`` alone, ``valued`` with the word after them)."""
    kept: list[str] = []
    text: list[str] = []
    rest = iter(words[1:])
    for word in rest:
        if word in flags:
            kept.append(word)
        elif word in valued:
            kept += [word, next(rest, "")]
        else:
            text.append(word)
    return [*words[:1], *kept, *([" ".join(text)] if text else [])]


def one_shot_prefix(game_names: Iterable[str], commands: Iterable[str]) -> re.Pattern[str]:
    """What the one-shot CLI writes before a command and the table does not: ``scorekeeper GAME ``,
    ``scorekeeper `` or ``GAME `` (``GAME`` any of ``game_names``, only before one of the game's ``commands``);
    ``pattern.sub("", text)`` writes a text's commands as typed at the table."""
    def either(words: Iterable[str]) -> str:
        return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))

    game = rf"(?:{either(game_names)})\s+(?=(?:{either(commands)})\b)"
    return re.compile(rf"\bscorekeeper\s+(?:{game})?|(?<![\w-]){game}")
