"""Table cells wrapped to a column's width exactly as tabulate's ``maxcolwidths`` wraps them (``textwrap``'s
``TextWrapper(width=limit)`` on each line), without textwrap where a line is plain: words of printable text
between single spaces, each word no longer than the limit and no hyphen textwrap could break at. Such a line
is filled greedily by ``hanging``, which is what textwrap's greedy filling makes of it; ``hanging`` also wraps a
screen's long line (``report.wrap``) as textwrap would (``tests/core/test_plain_table_fast.py`` compares them on
generated lines).
"""

from __future__ import annotations

import re
from typing import Any, Sequence

#: where textwrap may break a word at a hyphen (its ``wordsep_re``): a hyphen before a letter, or a run of hyphens
#: (compiled, by ``re``'s cache, only for a line too long for its column)
HYPHEN_BREAK = r"-(?=[^\d\W]|-)"


def whole_number(text: str) -> bool:
    """Whether ``text`` is a whole number as ``-?[0-9]+`` matches it whole (kept whole, as in ``plain_table``)."""
    digits = text[1:] if text[:1] == "-" else text
    return digits.isascii() and digits.isdigit()


def wrapped_cells(cells: Sequence[Any], limit: int) -> list[Any]:
    """``cells`` wrapped to ``limit`` columns as tabulate's ``maxcolwidths`` wraps them: a number kept whole, each
    non-blank line of text broken at spaces (and hyphens, and inside a word longer than the limit)."""
    wrapper = _Wrapper(limit)
    return [_wrapped(cell, limit, wrapper) for cell in cells]


def _wrapped(cell: Any, limit: int, wrapper: "_Wrapper") -> Any:
    """One cell as ``wrapped_cells`` wraps it."""
    if cell is None or type(cell) is int:
        return cell
    if type(cell) is str and len(cell) <= limit and cell.isprintable() and cell == cell.strip():
        return cell  # one line (a line break is not printable) that fits
    if isinstance(cell, str) and whole_number(cell):
        return cell
    return "\n".join(wrapper.wrap(line) for line in str(cell).splitlines() if line.strip())


class _Wrapper:
    """The lines of text wrapped to ``limit`` columns, each as ``textwrap.TextWrapper(width=limit)`` wraps it
    (textwrap is imported only for a line that is not plain)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.textwrap: Any = None

    def wrap(self, line: str) -> str:
        """``line`` (no line break in it) wrapped, its pieces joined by line breaks."""
        limit = self.limit
        if len(line) <= limit and "\t" not in line and line == line.strip():
            return line  # textwrap leaves a line that fits, with no space at its ends and no tab, as it is
        if line.isprintable() and line[0] != " " and line[-1] != " " and "  " not in line \
                and re.search(HYPHEN_BREAK, line) is None and max(map(len, line.split(" "))) <= limit:
            return "\n".join(hanging(line, limit, ""))  # (no long word, no hyphen: textwrap's flags do not matter)
        if self.textwrap is None:
            import textwrap

            self.textwrap = textwrap.TextWrapper(width=limit)
        return "\n".join(self.textwrap.wrap(line))


def hanging(line: str, width: int, indent: str) -> list[str]:
    """A printable line (spaces its only whitespace) wrapped as ``textwrap.wrap(line, width,
    subsequent_indent=indent, break_on_hyphens=False, break_long_words=False)`` wraps it, without textwrap: the line
    cut into runs of spaces and words, each line filled greedily, a word longer than a line kept whole on one of
    its own, the spaces at a line's end and at the start of the next dropped (``tests/core/test_plain_table_fast.py``
    compares the two)."""
    chunks = [chunk for chunk in re.split("( +)", line) if chunk]
    chunks.reverse()
    lines: list[str] = []
    while chunks:
        room, taken, used = width - (len(indent) if lines else 0), [], 0
        if lines and chunks[-1][0] == " ":
            chunks.pop()
        while chunks and used + len(chunks[-1]) <= room:
            used += len(chunks[-1])
            taken.append(chunks.pop())
        if chunks and not taken and len(chunks[-1]) > room:
            taken.append(chunks.pop())  # a word longer than the line, kept whole
        if taken and taken[-1][0] == " ":
            taken.pop()
        if taken:
            lines.append((indent if lines else "") + "".join(taken))
    return lines

