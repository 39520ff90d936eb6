"""A Lair drawn as a hex map in plain text (no colours, no curses): walls, open edges, tiles, Chambers.

Each flat-top hex is 9 characters wide and 5 lines high; neighbours share their edges::

      _____              a wall is drawn as a line:   _____   /   \\
     /E1   \\             an open edge is dotted:     . . .   .   .
    / T3 b1 \\            '*' marks a large Chamber on the open edge leaving its corner
    \\  $1   /            an empty cell where a tile could go shows its q,r (e.g. 1,-1)
     \\_____/

Cell (q, r) has its top-left character at column 7·q, line 4·r + 2·q (before shifting to the origin).
"""

from __future__ import annotations

from .hexgrid import Cell, corner_cells, format_cell, neighbour, opposite
from .lair import Lair
from .tiles import FOLK_NAMES

# corner k → character offset of the mark (on the open edge leaving that corner)
_CORNER_MARK = {0: (7, 0), 1: (9, 2), 2: (7, 5), 3: (1, 5), 4: (-1, 2), 5: (1, 0)}


def _edge_kind(lair: Lair, cell: Cell, d: int) -> str:
    """'W' if either side is a wall, 'O' if open (towards an empty cell: this tile's edge)."""
    mine = lair.cells[cell].edges[d]
    other = lair.cells.get(neighbour(cell, d))
    if other is not None and other.edges[opposite(d)] == "W":
        return "W"
    return mine


def render_lair(lair: Lair, title: str = "") -> str:
    """The Lair as text: the map, then its Chambers and the open places."""
    if not lair.cells:
        return f"{title}\n(no tiles yet: record the Starting Tile with 'ed start')".strip()
    canvas: dict[tuple[int, int], str] = {}

    def put(x: int, y: int, ch: str, force: bool = False) -> None:
        """Write ``ch`` at (x, y); blanks never overwrite a drawn character unless forced."""
        if force or canvas.get((x, y), " ") == " ":
            canvas[(x, y)] = ch

    def origin(cell: Cell) -> tuple[int, int]:
        """The top-left character of a cell."""
        return 7 * cell[0], 4 * cell[1] + 2 * cell[0]

    places = lair.open_places()
    for cell, placed in lair.cells.items():
        x, y = origin(cell)
        kinds = [_edge_kind(lair, cell, d) for d in range(6)]
        top = "_____" if kinds[0] == "W" else ". . ."
        bottom = "_____" if kinds[3] == "W" else ". . ."
        for i, ch in enumerate(top):
            put(x + 2 + i, y, ch, force=True)
        for i, ch in enumerate(bottom):
            put(x + 2 + i, y + 4, ch, force=True)
        diag = {1: ((7, 1, "\\"), (8, 2, "\\")), 2: ((8, 3, "/"), (7, 4, "/")),
                4: ((0, 3, "\\"), (1, 4, "\\")), 5: ((1, 1, "/"), (0, 2, "/"))}
        for d, chars in diag.items():
            for dx, dy, ch in chars:
                put(x + dx, y + dy, ch if kinds[d] == "W" else ".", force=kinds[d] == "W")
        tile = placed.tile
        label1 = tile.name[:5]
        symbols = "".join(f"{a}{n}" for a, n in tile.artifacts) + (f"${tile.gold}" if tile.gold else "")
        if tile.mission:
            symbols = (symbols + " M")[:7]
        colour = tile.face_notation() + (" J" if tile.joker else "")  # ED-CHAMBER-6: a Joker must be seen
        for i, ch in enumerate(label1.center(5)):
            put(x + 2 + i, y + 1, ch, force=True)
        for i, ch in enumerate(colour.center(7)):
            put(x + 1 + i, y + 2, ch, force=True)
        for i, ch in enumerate(symbols[:7].center(7)):
            put(x + 1 + i, y + 3, ch, force=True)
    for vertex in lair.chambers:
        cell = min(vertex)
        for k in range(6):
            if corner_cells(cell, k) == vertex:
                x, y = origin(cell)
                dx, dy = _CORNER_MARK[k]
                put(x + dx, y + dy, "*", force=True)
                break
    for cell, _ in places:  # the open place's q,r, to read the placement off the map
        x, y = origin(cell)
        for i, ch in enumerate(format_cell(cell).center(7)):
            put(x + 1 + i, y + 2, ch)
    xs = [p[0] for p in canvas]
    ys = [p[1] for p in canvas]
    x0 = min(xs)
    width = max(xs) - x0 + 1
    lines = []
    for row in range(min(ys), max(ys) + 1):
        line = "".join(canvas.get((x0 + col, row), " ") for col in range(width)).rstrip()
        lines.append(line)
    out = [title] if title else []
    out.extend(lines)
    out.append("")
    out.append("Legend: lines are walls, dots open edges, * a large Chamber, q,r an open place;")
    out.append("  b/g/o/c = Book/Gear/Ore/Crystal, $n = printed Gold, M = Mission,")
    out.append("  J = Joker (every colour)")
    out.extend(line for text in describe_lair(lair) for line in _fitted(text))
    return "\n".join(out)


#: the text under the map fits an 80-column screen; full tile names are wrapped, never cut
TEXT_WIDTH = 80


def _fitted(text: str) -> list[str]:
    """``text`` broken at spaces into lines of at most TEXT_WIDTH characters, continuations indented."""
    import textwrap

    return textwrap.wrap(text, TEXT_WIDTH, subsequent_indent="    ", break_on_hyphens=False) or [text]


def describe_lair(lair: Lair) -> list[str]:
    """The tiles (full names, as 'ed chests' and 'ed replace' need them), the Chambers and the open places."""
    lines = ["Tiles: " + "; ".join(f"{p.tile.name} {format_cell(c)}" for c, p in sorted(lair.cells.items()))]
    if lair.chambers:
        lines.append(f"Chambers ({len(lair.chambers)}):")
        for vertex in sorted(lair.chambers, key=sorted):
            tiles = lair.chamber_tiles(vertex)
            lines.append("  " + " + ".join(f"{t.name} ({'Joker' if t.joker else FOLK_NAMES[t.colour]})"
                                           for t in tiles))
    else:
        lines.append("Chambers: none")
    places = lair.open_places()
    if places:
        lines.append("Open places: " + "; ".join(f"{format_cell(c)} (open {'/'.join(doors)})" for c, doors in places))
    else:
        lines.append("Open places: none")
    return lines
