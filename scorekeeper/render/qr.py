"""QR codes drawn in the terminal, for a phone to scan: the table's address (``serve``) and BG Stats' link.

Light modules (and the quiet zone around the code) are drawn as blocks and dark ones as blanks, so that on the
usual dark terminal the code shows dark on light, as a camera expects. ``halves`` puts two modules of a column in
one character (``▀``, ``▄``, ``█``); ``quadrants`` puts two by two in one (``▘``…``█``), a code half as wide, for a
long link that would not fit the terminal otherwise.
"""

from __future__ import annotations

from typing import Literal

#: a 2×2 cell of light modules (top left 1, top right 2, bottom left 4, bottom right 8) → its character
QUADRANTS = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"
#: a 1×2 cell (top 1, bottom 2) → its character
HALVES = " ▀▄█"
#: the quiet zone around the code, in modules (the standard asks for 4; 2 is read by every phone tried)
BORDER = 2


def qr_lines(data: str, cells: Literal["halves", "quadrants"] = "halves", error: str = "m") -> list[str]:
    """The QR code of ``data`` as lines of block characters."""
    import segno

    matrix = [[not dark for dark in row] for row in segno.make(data, error=error).matrix_iter(border=BORDER)]
    wide = 2 if cells == "quadrants" else 1
    size = len(matrix)
    light = [row + [True] * (wide - 1) for row in matrix] + [[True] * (size + wide - 1)]  # pad odd edges light
    chars = QUADRANTS if cells == "quadrants" else HALVES
    lines = []
    for y in range(0, size, 2):
        line = []
        for x in range(0, size, wide):
            if wide == 2:
                code = light[y][x] + 2 * light[y][x + 1] + 4 * light[y + 1][x] + 8 * light[y + 1][x + 1]
            else:
                code = light[y][x] + 2 * light[y + 1][x]
            line.append(chars[code])
        lines.append("".join(line))
    return lines


def qr_image(data: str, kind: Literal["svg", "png"], error: str = "l") -> bytes:
    """The QR code of ``data`` as an SVG or PNG image, dark on light, 8 pixels a module."""
    import io

    import segno

    buffer = io.BytesIO()
    segno.make(data, error=error).save(buffer, kind=kind, scale=8, border=4)
    return buffer.getvalue()
