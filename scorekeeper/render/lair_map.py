"""The 8 Dragons Lairs of the referee's report, drawn as inline SVG hex maps."""

from __future__ import annotations

import math
from html import escape
from typing import Iterable

from scorekeeper.render.report_data import Lair, _count


#: hex fill per tile kind (the first letter of its notation); S = Starting Tile, SM = Starting Mission
TILE_FILL = {"E": "#cfe8c4", "G": "#c9dcf2", "O": "#f4d0b5", "F": "#e3d0f0", "S": "#f2e6b8", "SM": "#f6f1dc",
             "M": "#e9e4d8"}
TILE_KIND = {"E": "Elves", "G": "Gnomes", "O": "Goblins", "F": "Fairies", "S": "Starting Tile",
             "SM": "Starting Mission", "M": "Merchant Tile"}


HEX = 34  # the hexagon's radius in pixels
SQRT3 = math.sqrt(3)


def _lairs_section(lairs: Iterable[Lair]) -> str:
    legend = " ".join(
        f'<span class="tag" style="background:{fill}">{escape(TILE_KIND[k])}</span>' for k, fill in TILE_FILL.items()
    )
    maps = "\n".join(f'<div class="lair">{lair_svg(lair)}</div>' for lair in lairs)
    return (f"<p>Each hexagon is a tile (its name, its face, its artifacts and printed Gold ($N), its cell q,r); "
            f"thick dark sides are walls, thin "
            f"dashed ones open edges; a gold dot is a Chamber; an empty dotted hexagon is an open place (its cell "
            f"and the sides where the Lair is open to it, as <code>ed lair</code> lists them). {legend}</p>\n<div class=\"lairs\">\n{maps}\n</div>")


def lair_svg(lair: Lair) -> str:
    """One Lair as an inline SVG of flat-top hexagons on axial cells (q, r), north up.

    Edges are numbered clockwise from the top (0 = N … 5 = NW) and a tile turned ``rot`` × 60° clockwise
    shows on board edge ``d`` the printed edge ``(d - rot) % 6`` (the 8 Dragons convention, checklist 1.2).
    """
    e = escape
    placed = []
    for tile in lair.tiles:
        cell = tile.get("cell")
        if not (isinstance(cell, (list, tuple)) and len(cell) == 2):
            continue
        q, r = int(cell[0]), int(cell[1])
        placed.append((q, r, tile, HEX * 1.5 * q, HEX * SQRT3 * (r + q / 2)))
    places = [(int(p["cell"][0]), int(p["cell"][1]), [str(d) for d in p.get("edges") or []]) for p in lair.open
              if isinstance(p.get("cell"), (list, tuple)) and len(p["cell"]) == 2]
    empty = [(q, r, sides, HEX * 1.5 * q, HEX * SQRT3 * (r + q / 2)) for q, r, sides in places]
    title = (f"{lair.player}'s Lair" + (f" ({lair.colour})" if lair.colour else "") + f": {_count(len(placed), 'tile')}"
             + (f", {_count(len(lair.chambers), 'Chamber')}" if lair.chambers else ""))
    if not placed:
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="240" height="40" role="img"><title>{e(title)}</title>' \
               f'<text x="8" y="24">{e(title)}</text></svg>'
    pad = HEX + 6
    xs, ys = [p[3] for p in placed + empty], [p[4] for p in placed + empty]
    left, top = min(xs) - pad, min(ys) - pad - 22
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad + 22
    width = max(width, 8 * len(title) + 12)  # room for the title above a small Lair
    shapes = [f'<text x="{left + 6:.1f}" y="{top + 16:.1f}" font-size="14" font-weight="600">{e(title)}</text>']
    for q, r, sides, x, y in empty:  # an open place: where a tile may go, and the open edges it faces
        corners = [(x + HEX * math.cos(math.radians(60 * k)), y + HEX * math.sin(math.radians(60 * k))) for k in range(6)]
        points = " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in corners)
        facing = "/".join(sides)
        shapes.append(f'<g class="open"><title>open place {q},{r}{" (open " + facing + ")" if facing else ""}</title>'
                      f'<polygon points="{points}" fill="none" stroke="#b5b5a8" stroke-width="1" '
                      f'stroke-dasharray="1 4"/><text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="10" '
                      f'fill="#666">{q},{r}</text><text x="{x:.1f}" y="{y + 16:.1f}" text-anchor="middle" '
                      f'font-size="8" fill="#888"{_fitted(facing, 10)}>{e(facing)}</text></g>')
    for q, r, tile, x, y in placed:
        notation = str(tile.get("tile", ""))
        parts = notation.split("/")
        face = parts[0].upper()
        kind = "SM" if face.startswith("SM") else face[:1]
        corners = [(x + HEX * math.cos(math.radians(60 * k)), y + HEX * math.sin(math.radians(60 * k))) for k in range(6)]
        points = " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy in corners)
        shapes.append(f'<g><title>{e(str(tile.get("name", "")))} {e(notation)} at {q},{r} turned {e(str(tile.get("rot", 0)))}'
                      f'</title><polygon points="{points}" fill="{TILE_FILL.get(kind, "#eeeeee")}" stroke="none"/>')
        edges = parts[1].upper() if len(parts) > 1 and len(parts[1]) == 6 else None
        rot = int(tile.get("rot", 0) or 0)
        for d in range(6):
            # board edge d (0 = N) lies between the corners at 240° + 60°·d and 300° + 60°·d (y grows down)
            (x1, y1), (x2, y2) = corners[(4 + d) % 6], corners[(5 + d) % 6]
            side = edges[(d - rot) % 6] if edges else "?"
            style = ('stroke="#3b2f2f" stroke-width="4" stroke-linecap="round"' if side == "W"
                     else 'stroke="#8a8a80" stroke-width="1" stroke-dasharray="3 3"')
            shapes.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>')
        name = str(tile.get("name", ""))
        shapes.append(f'<text x="{x:.1f}" y="{y - 10:.1f}" text-anchor="middle" font-size="11" font-weight="600"'
                      f'{_fitted(name, 8)}>{e(name)}</text>')
        shapes.append(f'<text x="{x:.1f}" y="{y + 2:.1f}" text-anchor="middle" font-size="10"{_fitted(face, 9)}>'
                      f'{e(face)}</text>')
        if len(parts) > 2 and parts[2]:  # the artifacts, printed Gold and missions, as `ed lair` shows them
            shown = symbols_text(parts[2])
            shapes.append(f'<text x="{x:.1f}" y="{y + 13:.1f}" text-anchor="middle" font-size="9" fill="#5a3d00"'
                          f'{_fitted(shown, 10)}>{e(shown)}</text>')
        shapes.append(f'<text x="{x:.1f}" y="{y + 24:.1f}" text-anchor="middle" font-size="8" fill="#666">{q},{r}</text></g>')
    centres = {(q, r): (x, y) for q, r, _, x, y in placed}
    for chamber in lair.chambers:
        cells = [(int(c[0]), int(c[1])) for c in chamber if isinstance(c, (list, tuple)) and len(c) == 2]
        if cells and all(c in centres for c in cells):  # three cells meet at a corner: their centroid is it
            cx = sum(centres[c][0] for c in cells) / len(cells)
            cy = sum(centres[c][1] for c in cells) / len(cells)
            where = "; ".join(f"{q},{r}" for q, r in cells)
            shapes.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="7" fill="#c9a227" stroke="#3b2f2f" '
                          f'stroke-width="1.5"><title>a Chamber: {where}</title></circle>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
            f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif" role="img" aria-label="{e(title)}">'
            + "".join(shapes) + "</svg>")


def symbols_text(symbols: str) -> str:
    """A tile's symbols as ``ed lair`` reads them: artifacts as typed, printed Gold as ``$N`` (``g,1`` → ``g $1``)."""
    return " ".join(f"${item}" if item.isdigit() else item for item in symbols.split(","))


def _fitted(text: str, room: int) -> str:
    """The attributes that squeeze ``text`` into a hexagon when it is longer than ``room`` characters: the whole
    name stays, narrower, rather than cut or spilling over the next tile."""
    return "" if len(text) <= room else f' textLength="{HEX * 1.55:.0f}" lengthAdjust="spacingAndGlyphs"'
