"""The score over time drawn: ``svg`` (an inline, self-contained SVG), ``terminal`` (text), ``png`` (an image).

All three draw a ``scorekeeper.timeline.Timeline``: one line per player, a point at each turn or round, the
totals up the side. A point the game could not score leaves a gap in every line. The SVG is written here
(it is small, and the HTML report inlines the very same markup); the terminal chart is plain characters
(no colour, so it is the same everywhere); the PNG needs Pillow (``pip install 'scorekeeper[png]'``).
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from scorekeeper.timeline import Number, Timeline

#: Okabe-Ito colours: told apart by colour-blind readers too, and printable
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")

SVG_WIDTH, SVG_HEIGHT = 720, 400
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 150, 40, 56


def _scale_max(points: Sequence[Number | None]) -> int:
    """A round top for the value axis (at least 1), and so its ticks."""
    top = max([int(v) for v in points if v is not None] + [0])
    step = _tick_step(top)
    return max(step, -(-top // step) * step)


def _tick_step(top: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= 6:
            return step
    return 10 ** len(str(top)) // 10 or 1


def _series(timeline: Timeline) -> dict[str, list[Number | None]]:
    """Each player's totals, point by point (None where the point could not be scored)."""
    return {player: [None if p.totals is None else p.totals.get(player, 0) for p in timeline.points]
            for player in timeline.players}


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def svg(timeline: Timeline) -> str:
    """The chart as one inline ``<svg>`` element: no script, no external reference; names are escaped."""
    series = _series(timeline)
    count = len(timeline.points)
    top = _scale_max([v for values in series.values() for v in values])
    step = _tick_step(top)
    plot_w, plot_h = SVG_WIDTH - _LEFT - _RIGHT, SVG_HEIGHT - _TOP - _BOTTOM

    def x(i: int) -> float:
        return _LEFT + (plot_w * i / (count - 1) if count > 1 else plot_w / 2)

    def y(v: Number) -> float:
        return _TOP + plot_h - plot_h * float(v) / top

    state = "final score" if timeline.final else "provisional"
    title = f"{timeline.title}: the score after each {timeline.unit} ({state})"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="score-chart" role="img" '
           f'viewBox="0 0 {SVG_WIDTH} {SVG_HEIGHT}" width="{SVG_WIDTH}" height="{SVG_HEIGHT}" '
           f'font-family="sans-serif" font-size="12">',
           f"<title>{escape(title)}</title>",
           f'<rect width="{SVG_WIDTH}" height="{SVG_HEIGHT}" fill="#ffffff"/>',
           f'<text x="{_LEFT}" y="22" font-size="14" font-weight="bold">{escape(title)}</text>']
    for tick in range(0, top + 1, step):
        ty = _fmt(y(tick))
        out.append(f'<line x1="{_LEFT}" y1="{ty}" x2="{_LEFT + plot_w}" y2="{ty}" stroke="#dddddd"/>')
        out.append(f'<text x="{_LEFT - 6}" y="{ty}" text-anchor="end" dominant-baseline="middle">{tick}</text>')
    out.append(f'<line x1="{_LEFT}" y1="{_TOP + plot_h}" x2="{_LEFT + plot_w}" y2="{_TOP + plot_h}" stroke="#333333"/>')
    for i in _label_indexes(count, plot_w // 70):
        label = timeline.points[i].label
        out.append(f'<text x="{_fmt(x(i))}" y="{_TOP + plot_h + 18}" text-anchor="middle">{escape(label)}</text>')
    out.append(f'<text x="{_LEFT + plot_w / 2:.0f}" y="{SVG_HEIGHT - 12}" text-anchor="middle" fill="#555555">'
               f"{escape(timeline.unit)}s ({count} points)</text>")
    for n, (player, values) in enumerate(series.items()):
        colour = COLOURS[n % len(COLOURS)]
        for run in _runs(values):
            coords = " ".join(f"{_fmt(x(i))},{_fmt(y(v))}" for i, v in run)
            if len(run) > 1:
                out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{coords}"/>')
            for i, v in run:
                out.append(f'<circle cx="{_fmt(x(i))}" cy="{_fmt(y(v))}" r="2.5" fill="{colour}">'
                           f"<title>{escape(player)}: {v} after {escape(timeline.points[i].label)}</title></circle>")
        ly = _TOP + 8 + 20 * n
        last = next((v for v in reversed(values) if v is not None), None)
        out.append(f'<rect x="{SVG_WIDTH - _RIGHT + 16}" y="{ly - 6}" width="12" height="12" fill="{colour}"/>')
        out.append(f'<text x="{SVG_WIDTH - _RIGHT + 34}" y="{ly}" dominant-baseline="middle">'
                   f"{escape(player)}{'' if last is None else f' ({last})'}</text>")
    if timeline.missing:
        first = timeline.missing[0]
        note = f"not scored after {first.label} (#{first.seq}): {first.missing}"
        out.append(f'<text x="{_LEFT}" y="{_TOP + plot_h + 34}" fill="#b00020">{escape(_clip(note, 110))}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _runs(values: Sequence[Number | None]) -> list[list[tuple[int, Number]]]:
    """The stretches of consecutive scored points (a missing point breaks the line)."""
    runs: list[list[tuple[int, Number]]] = [[]]
    for i, v in enumerate(values):
        if v is None:
            runs.append([])
        else:
            runs[-1].append((i, v))
    return [r for r in runs if r]


def _label_indexes(count: int, room: int) -> list[int]:
    """Which points get a label under the axis: the first, the last, and evenly between, ``room`` at most."""
    if count == 0:
        return []
    room = max(2, room)
    if count <= room:
        return list(range(count))
    return sorted({round(k * (count - 1) / (room - 1)) for k in range(room)})


def terminal(timeline: Timeline, width: int = 80) -> str:
    """The chart as text ``width`` columns wide: not yet drawn beyond the table (placeholder)."""
    return "\n".join(f"{p.label}: {p.totals}" for p in timeline.points)


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
