"""A Lair drawn as a hex map in plain text (no colours, no curses): walls, open edges, tiles, Chambers.

Each flat-top hex is 9 characters wide and 5 lines high; neighbours share their edges::

      _____              a wall is drawn as a line:   _____   /   \\
     /  E1 \\             an open edge is dotted:     . . .   .   .
    /M1-Rhed\\            '*' marks a large Chamber on the open edge leaving its corner
    \\  b1$1 /            an empty cell where a tile could go shows its q,r (e.g. 1,-1)
     \\_____/             a name longer than 7 characters is drawn as a key (#1), listed below

A Lair wider than the screen is drawn in bands of q columns, one under the other.
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


def render_lair(lair: Lair, title: str = "", width: int = 80) -> str:
    """The Lair as text: the map (in bands of q columns when it is wider than ``width``), then its tiles, its
    Chambers and the open places. A tile's name is drawn in full when it fits (7 characters), else as a key
    (``#1``) that the tile list explains."""
    if not lair.cells:
        return f"{title}\n(no tiles yet: record the Starting Tile with 'ed start')".strip()
    places = [cell for cell, _ in lair.open_places()]
    keys = {p.tile.name: f"#{i}" for i, p in enumerate(
        (p for _, p in sorted(lair.cells.items()) if len(p.tile.name) > NAME_WIDTH), start=1)}
    qs = sorted({cell[0] for cell in [*lair.cells, *places]})
    per_band = max(1, (width - 11) // 7 + 1)  # 7 columns a q, 9 for the last, 2 for a Chamber mark beyond it
    bands = [qs[0]] if 7 * (qs[-1] - qs[0]) + 11 <= width else list(range(qs[0], qs[-1] + 1, per_band))
    out = [title] if title else []
    for low in bands:
        high = qs[-1] if len(bands) == 1 else low + per_band - 1
        if len(bands) > 1:
            out.append(f"q {low} to {min(high, qs[-1])}:")
        out.extend(_draw(lair, keys, [c for c in places if low <= c[0] <= high], low, high))
    out.append("")
    out.append("Legend: lines are walls, dots open edges, * a large Chamber, q,r an open place;")
    out.append("  b/g/o/c = Book/Gear/Ore/Crystal, $n = printed Gold, M = Mission,")
    out.append("  J = Joker (every colour), #n = a tile whose name is listed below")
    out.extend(line for text in describe_lair(lair, keys) for line in _fitted(text, width))
    return "\n".join(out)


#: the longest tile name drawn inside its hex; longer ones are drawn as a key (#1…)
NAME_WIDTH = 7


def _draw(lair: Lair, keys: dict[str, str], places: list[Cell], low: int, high: int) -> list[str]:
    """The lines of the map of the cells with q from ``low`` to ``high`` (the open places given among them)."""
    canvas: dict[tuple[int, int], str] = {}

    def put(x: int, y: int, ch: str, force: bool = False) -> None:
        """Write ``ch`` at (x, y); blanks never overwrite a drawn character unless forced."""
        if force or canvas.get((x, y), " ") == " ":
            canvas[(x, y)] = ch

    def write(x: int, y: int, text: str, span: int, force: bool = True) -> None:
        for i, ch in enumerate(text.center(span)):
            put(x + i, y, ch, force)

    def origin(cell: Cell) -> tuple[int, int]:
        """The top-left character of a cell."""
        return 7 * cell[0], 4 * cell[1] + 2 * cell[0]

    for cell, placed in lair.cells.items():
        if not low <= cell[0] <= high:
            continue
        x, y = origin(cell)
        kinds = [_edge_kind(lair, cell, d) for d in range(6)]
        write(x + 2, y, "_____" if kinds[0] == "W" else ". . .", 5)
        write(x + 2, y + 4, "_____" if kinds[3] == "W" else ". . .", 5)
        diag = {1: ((7, 1, "\\"), (8, 2, "\\")), 2: ((8, 3, "/"), (7, 4, "/")),
                4: ((0, 3, "\\"), (1, 4, "\\")), 5: ((1, 1, "/"), (0, 2, "/"))}
        for d, chars in diag.items():
            for dx, dy, ch in chars:
                put(x + dx, y + dy, ch if kinds[d] == "W" else ".", force=kinds[d] == "W")
        tile = placed.tile
        symbols = "".join(f"{a}{n}" for a, n in tile.artifacts) + (f"${tile.gold}" if tile.gold else "")
        if tile.mission:
            symbols = (symbols + " M")[:7]
        write(x + 2, y + 1, tile.face_notation() + (" J" if tile.joker else ""), 5)  # ED-CHAMBER-6: Jokers seen
        write(x + 1, y + 2, keys.get(tile.name, tile.name), 7)
        write(x + 1, y + 3, symbols[:7], 7)
    for vertex in lair.chambers:
        cell = min(vertex)
        if not low <= cell[0] <= high:
            continue
        for k in range(6):
            if corner_cells(cell, k) == vertex:
                x, y = origin(cell)
                dx, dy = _CORNER_MARK[k]
                put(x + dx, y + dy, "*", force=True)
                break
    for cell in places:  # the open place's q,r, to read the placement off the map
        x, y = origin(cell)
        write(x + 1, y + 2, format_cell(cell), 7, force=False)
    xs = [p[0] for p in canvas]
    ys = [p[1] for p in canvas]
    x0 = min(xs)
    return ["".join(canvas.get((x0 + col, row), " ") for col in range(max(xs) - x0 + 1)).rstrip()
            for row in range(min(ys), max(ys) + 1)]


#: the text under the map fits an 80-column screen; full tile names are wrapped, never cut
TEXT_WIDTH = 80


def _fitted(text: str, width: int = TEXT_WIDTH) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` characters, continuations indented."""
    import textwrap

    return textwrap.wrap(text, width, subsequent_indent="    ", break_on_hyphens=False) or [text]


def describe_lair(lair: Lair, keys: dict[str, str] | None = None) -> list[str]:
    """The tiles (full names, as 'ed chests' and 'ed replace' need them, with the map's key of a long one), the
    Chambers and the open places."""
    keys = keys or {}
    lines = ["Tiles: " + "; ".join(f"{p.tile.name}{f' ({keys[p.tile.name]})' if p.tile.name in keys else ''} "
                                   f"{format_cell(c)}" for c, p in sorted(lair.cells.items()))]
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
