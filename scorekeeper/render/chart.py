"""The score over time drawn: ``svg`` (an inline, self-contained SVG), ``terminal`` (text), ``png`` (an image).

All three draw a ``scorekeeper.app.timeline.Timeline``: one line per player, a point at each turn or round, the
totals up the side. A point the game could not score leaves a gap in every line. The SVG is written here
(it is small, and the HTML report inlines the very same markup); the terminal chart is plain characters
(no colour, so it is the same everywhere); the PNG needs Pillow (``pip install 'scorekeeper[png]'``).
"""

from __future__ import annotations

import math
import re
from html import escape as _escape_markup
from typing import Sequence

from scorekeeper.app.timeline import Forced, Number, Point, Timeline

#: Okabe-Ito colours: told apart by colour-blind readers too, and printable
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")

SVG_WIDTH, SVG_HEIGHT = 720, 400
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 150, 40, 56


#: characters XML 1.0 does not allow in a document (controls but tab, newline and return; lone surrogates; the
#: two non-characters U+FFFE and U+FFFF): a name holding one would make the SVG unreadable to an XML parser
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def escape(text: str) -> str:
    """``text`` as SVG character data or an attribute value: markup escaped, and each character XML cannot hold
    shown as U+FFFD, so the SVG stays well-formed whatever a player's name holds."""
    return _escape_markup(_NOT_XML.sub("\ufffd", text))


def _scale(values: Sequence[Number | None]) -> tuple[int, int, int]:
    """The value axis: a round bottom (0, or under the lowest total when one is below 0: a forced play's), a round
    top (above the bottom) and the step between its ticks."""
    known = [float(v) for v in values if v is not None]
    high, low = math.ceil(max(known + [0.0])), math.floor(min(known + [0.0]))
    step = _tick_step(high - low)
    bottom = low // step * step
    return bottom, max(-(-high // step) * step, bottom + step), step


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


class _Plot:
    """The image charts' geometry, shared by ``svg`` and ``png``: the series, the scale and the two axes."""

    def __init__(self, timeline: Timeline) -> None:
        self.series = _series(timeline)
        self.count = len(timeline.points)
        self.bottom, self.top, self.step = _scale([v for values in self.series.values() for v in values])
        self.width, self.height = SVG_WIDTH - _LEFT - _RIGHT, SVG_HEIGHT - _TOP - _BOTTOM

    def x(self, i: int) -> float:
        return _LEFT + (self.width * i / (self.count - 1) if self.count > 1 else self.width / 2)

    def y(self, v: Number) -> float:
        return _TOP + self.height - self.height * (float(v) - self.bottom) / (self.top - self.bottom)

    def marks(self, timeline: Timeline) -> list[tuple[float, float, str, str]]:
        """Where a total goes below 0: the point's place, its label (``forced #12``) and what it says whole."""
        places = {id(point): i for i, point in enumerate(timeline.points)}
        return [(self.x(places[id(point)]), self.y(self.series[player][places[id(point)]] or 0),
                 _forced_label(forced), below_zero_line(player, point, forced))
                for player, point, forced in timeline.below_zero()]


def svg(timeline: Timeline) -> str:
    """The chart as one inline ``<svg>`` element: no script, no external reference; names are escaped."""
    plot = _Plot(timeline)
    series, count, bottom, top, step, plot_w, plot_h, x, y = (plot.series, plot.count, plot.bottom, plot.top, plot.step,
                                                              plot.width, plot.height, plot.x, plot.y)

    heading = title(timeline)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="score-chart" role="img" '
           f'viewBox="0 0 {SVG_WIDTH} {SVG_HEIGHT}" width="{SVG_WIDTH}" height="{SVG_HEIGHT}" '
           f'font-family="sans-serif" font-size="12">',
           f"<title>{escape(heading)}</title>",
           f'<rect width="{SVG_WIDTH}" height="{SVG_HEIGHT}" fill="#ffffff"/>',
           f'<text x="{_LEFT}" y="22" font-size="14" font-weight="bold">{escape(heading)}</text>']
    for tick in range(bottom, top + 1, step):
        ty = _fmt(y(tick))
        out.append(f'<line x1="{_LEFT}" y1="{ty}" x2="{_LEFT + plot_w}" y2="{ty}" stroke="#dddddd"/>')
        out.append(f'<text x="{_LEFT - 6}" y="{ty}" text-anchor="end" dominant-baseline="middle">{tick}</text>')
    out.append(f'<line x1="{_LEFT}" y1="{_TOP + plot_h}" x2="{_LEFT + plot_w}" y2="{_TOP + plot_h}" stroke="#333333"/>')
    for i in _label_indexes(count, plot_w // 120):
        label, anchor = timeline.points[i].label, _anchor(i, count)
        out.append(f'<text x="{_fmt(x(i))}" y="{_TOP + plot_h + 18}" text-anchor="{anchor}">{escape(label)}</text>')
    out.append(f'<text x="{_LEFT + plot_w / 2:.0f}" y="{_TOP + plot_h + 34}" text-anchor="middle" fill="#555555">'
               f"{escape(_caption(timeline))}</text>")
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
    for mx, my, label, said in plot.marks(timeline):  # a total below 0, and the forced play that took it there
        out.append(f'<g class="forced"><title>{escape(said)}</title><circle cx="{_fmt(mx)}" cy="{_fmt(my)}" r="6" '
                   f'fill="none" stroke="#b00020" stroke-width="2"/><text x="{_fmt(mx + 8)}" y="{_fmt(my + 14)}" '
                   f'fill="#b00020" font-size="11">{escape(label)}</text></g>')
    if timeline.missing:
        first = timeline.missing[0]
        note = f"not scored after {first.label} (#{first.seq}): {first.missing}"
        out.append(f'<text x="{_LEFT}" y="{SVG_HEIGHT - 6}" fill="#b00020">{escape(_clip(note, 110))}</text>')
    elif final_change(timeline):
        out.append(f'<text x="{_LEFT}" y="{SVG_HEIGHT - 6}" fill="#555555"><title>{escape(final_change(timeline))}'
                   f"</title>{escape(_clip(final_change(timeline), 110))}</text>")
    out.append("</svg>")
    return "\n".join(out)


def png(timeline: Timeline) -> bytes:
    """The same chart as ``svg`` as a PNG image (needs Pillow: ``pip install 'scorekeeper[png]'``)."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        from scorekeeper.errors import BadInput

        raise BadInput("a PNG chart needs Pillow: pip install 'scorekeeper[png]' (or write FILE.svg)") from None
    import io

    plot = _Plot(timeline)
    series, count, bottom, top, step, plot_w, plot_h, x, y = (plot.series, plot.count, plot.bottom, plot.top, plot.step,
                                                              plot.width, plot.height, plot.x, plot.y)

    image = Image.new("RGB", (SVG_WIDTH, SVG_HEIGHT), "#ffffff")
    pen = ImageDraw.Draw(image)
    font, bold = ImageFont.load_default(12), ImageFont.load_default(14)
    pen.text((_LEFT, 22), title(timeline).replace("—", "-"), fill="#000000", font=bold, anchor="ls")  # the font has no dash
    for tick in range(bottom, top + 1, step):
        pen.line([(_LEFT, y(tick)), (_LEFT + plot_w, y(tick))], fill="#dddddd")
        pen.text((_LEFT - 6, y(tick)), str(tick), fill="#000000", font=font, anchor="rm")
    pen.line([(_LEFT, _TOP + plot_h), (_LEFT + plot_w, _TOP + plot_h)], fill="#333333")
    for i in _label_indexes(count, plot_w // 120):
        where = {"start": "ls", "middle": "ms", "end": "rs"}[_anchor(i, count)]
        pen.text((x(i), _TOP + plot_h + 18), timeline.points[i].label, fill="#000000", font=font, anchor=where)
    pen.text((_LEFT + plot_w / 2, _TOP + plot_h + 34), _caption(timeline), fill="#555555", font=font, anchor="ms")
    for n, (player, values) in enumerate(series.items()):
        colour = COLOURS[n % len(COLOURS)]
        for run in _runs(values):
            if len(run) > 1:
                pen.line([(x(i), y(v)) for i, v in run], fill=colour, width=2)
            for i, v in run:
                pen.ellipse([x(i) - 2.5, y(v) - 2.5, x(i) + 2.5, y(v) + 2.5], fill=colour)
        ly = _TOP + 8 + 20 * n
        last = next((v for v in reversed(values) if v is not None), None)
        pen.rectangle([SVG_WIDTH - _RIGHT + 16, ly - 6, SVG_WIDTH - _RIGHT + 28, ly + 6], fill=colour)
        pen.text((SVG_WIDTH - _RIGHT + 34, ly), player + ("" if last is None else f" ({last})"), fill="#000000",
                 font=font, anchor="lm")
    for mx, my, label, _ in plot.marks(timeline):
        pen.ellipse([mx - 6, my - 6, mx + 6, my + 6], outline="#b00020", width=2)
        pen.text((mx + 8, my + 14), label, fill="#b00020", font=font, anchor="ls")
    if timeline.missing:
        first = timeline.missing[0]
        pen.text((_LEFT, SVG_HEIGHT - 6), _clip(f"not scored after {first.label} (#{first.seq}): {first.missing}",
                                                   110), fill="#b00020", font=font, anchor="ls")
    elif final_change(timeline):  # the default font has no arrow nor minus sign
        said = final_change(timeline).replace("→", "->").replace("−", "-")
        pen.text((_LEFT, SVG_HEIGHT - 6), _clip(said, 110), fill="#555555", font=font, anchor="ls")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def write(timeline: Timeline, output: str) -> str:
    """Write the chart to ``output`` (``.svg`` or ``.png``) and say what was written; ``BadInput`` when it cannot."""
    from pathlib import Path

    from scorekeeper.errors import BadInput

    kind = Path(output).suffix.lower()
    if kind not in (".svg", ".png"):
        raise BadInput(f"-o {output}: the chart is written as .svg or .png; name the file FILE.svg or FILE.png")
    data = svg(timeline).encode("utf-8") if kind == ".svg" else png(timeline)
    try:
        Path(output).write_bytes(data)
    except OSError as exc:
        raise BadInput(f"-o {output}: cannot write it ({exc.strerror}); pick a folder you can write to") from None
    return f"wrote {output}: {timeline.title}, {len(timeline.points)} points ({timeline.unit}s)"


def _anchor(i: int, count: int) -> str:
    """The first label starts at its point and the last ends at its own, so that neither leaves the image."""
    return "middle" if count == 1 or 0 < i < count - 1 else ("start" if i == 0 else "end")


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


def title(timeline: Timeline) -> str:
    """The chart's and the table's title: the game, what a point is, whether the score is final."""
    if timeline.points and timeline.points[-1].totals is None:
        state = "a value is missing at the end"
    else:
        state = "final score" if timeline.final else "PROVISIONAL: the game is not over"
    return f"{timeline.title} — the score after each {timeline.unit} ({state})"


def missing_lines(timeline: Timeline, width: int = 80) -> list[str]:
    """What could not be scored, point by point, wrapped to ``width``."""
    import textwrap

    lines: list[str] = []
    for point in timeline.missing:
        lines += textwrap.wrap(f"? not scored after {point.label} (#{point.seq}): {point.missing}", width,
                               subsequent_indent="  ")
    return lines


def table(timeline: Timeline, fmt: str = "simple") -> str:
    """``score --timeline`` as text: one row per point (``?`` where it could not be scored), then what is
    missing. ``csv`` gives the rows only."""
    from scorekeeper.render.report import table as render_table

    if fmt == "csv":  # one table, even before the first point
        return render_table(timeline.rows(), fmt, headers=["after", "event", *timeline.players])
    if not timeline.points:
        return "no turn or round is over yet"
    import textwrap

    from scorekeeper.render.verdicts import broken_note

    warning = textwrap.wrap(f"Warning: {broken_note(timeline.errors, timeline.counted)}: see 'scorekeeper check'",
                            80, subsequent_indent="  ") if timeline.errors else []
    from scorekeeper.render.report import text  # HTML output: the lines around the table are escaped too

    change = [line for said in below_zero_lines(timeline) for line in textwrap.wrap(
        "Below 0: " + said, 80, subsequent_indent="  ", break_on_hyphens=False)]
    change += textwrap.wrap(final_change(timeline), 80, subsequent_indent="  ", break_on_hyphens=False)
    return "\n".join([text(title(timeline), fmt), "", render_table(timeline.rows(), fmt),
                      *_blank_then([text(line, fmt) for line in change]),
                      *_blank_then([text(line, fmt) for line in missing_lines(timeline)]), *_blank_then(warning)])


def _blank_then(lines: list[str]) -> list[str]:
    return ["", *lines] if lines else []


def terminal_width() -> int:
    """The terminal's width when the output is a terminal, else 80 (pipes, files and tests)."""
    import shutil
    import sys

    return shutil.get_terminal_size((80, 24)).columns if sys.stdout.isatty() else 80


def symbols(players: Sequence[str]) -> dict[str, str]:
    """One character per player: the initials when they differ, else 1, 2, 3…"""
    initials = [p[:1].upper() or "?" for p in players]
    if len(set(initials)) == len(initials) and "*" not in initials:
        return dict(zip(players, initials))
    return {p: str(i + 1) if i < 9 else chr(ord("a") + i - 9) for i, p in enumerate(players)}


def terminal(timeline: Timeline, width: int = 80) -> str:
    """The chart as plain text ``width`` columns wide (40 at least): one character per player, ``*`` where
    lines cross, a gap where a point could not be scored, the players' latest totals below."""
    width = max(40, width)
    if not timeline.points:
        return "no turn or round is over yet: nothing to draw"
    series = _series(timeline)
    marks = symbols(timeline.players)
    bottom, top, step = _scale([v for values in series.values() for v in values])
    ticks = (top - bottom) // step
    per_tick = max(1, 15 // ticks)
    height = ticks * per_tick + 1
    label_w = max(len(str(top)), len(str(bottom)))
    cols = width - label_w - 2
    grid = [[" "] * cols for _ in range(height)]
    count = len(timeline.points)
    for player, values in series.items():
        previous: int | None = None
        for c in range(cols):
            value = _at(values, c * (count - 1) / (cols - 1) if count > 1 else 0)
            if value is None:
                previous = None
                continue
            row = round((float(value) - bottom) / (top - bottom) * (height - 1))
            low, high = (row, row) if previous is None else (min(row, previous + 1), max(row, previous - 1))
            for r in range(low, high + 1):
                cell = grid[r][c]
                grid[r][c] = marks[player] if cell in (" ", marks[player]) else "*"
            previous = row
    for player, point, _ in timeline.below_zero():  # "!" where a total goes below 0 (said under the chart)
        i = timeline.points.index(point)
        value = series[player][i] or 0
        grid[round((float(value) - bottom) / (top - bottom) * (height - 1))][
            round(i * (cols - 1) / (count - 1)) if count > 1 else 0] = "!"
    zero = -bottom // step * per_tick
    lines = [_clip(title(timeline), width)]
    for r in range(height - 1, -1, -1):
        tick = r % per_tick == 0
        label = str(bottom + r // per_tick * step) if tick else ""
        axis = "┼" if r == zero else ("┤" if tick else "│")
        lines.append(f"{label:>{label_w}} {axis}{''.join(grid[r])}".rstrip())
    first, last = timeline.points[0].label, timeline.points[-1].label
    under = " " * (label_w + 2) + first
    room = width - len(under) - 1
    if count > 1 and len(last) <= room:
        under += last.rjust(width - len(under))
    lines.append(under.rstrip())
    latest = {p: next((v for v in reversed(vals) if v is not None), None) for p, vals in series.items()}
    legend = "   ".join(f"{marks[p]} {p}" + ("" if v is None else f" {v}") for p, v in latest.items())
    legend += "   * more than one" if any("*" in row for row in grid) else ""
    lines += _wrap_legend(legend, width)
    lines += [line for said in below_zero_lines(timeline) for line in _wrap_legend("! " + said, width)]
    lines += _wrap_legend(final_change(timeline), width)[:8] if final_change(timeline) else []
    lines += missing_lines(timeline, width)
    return "\n".join(lines)


def _at(values: Sequence[Number | None], t: float) -> float | None:
    """The value at fractional point ``t``, on the straight line between its two points (None in a gap)."""
    i = int(t)
    a = values[i]
    if t == i:
        return None if a is None else float(a)
    b = values[i + 1]
    if a is None or b is None:
        return None
    return float(a) + (float(b) - float(a)) * (t - i)


def _wrap_legend(legend: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(legend, width, break_on_hyphens=False) or [""]


def final_change(timeline: Timeline) -> str:
    """What the last step, the final scoring, changed (a line that drops or jumps at "end of game" says why),
    by category, so that it can be checked against ``score --explain``; '' when it changed nothing or is not
    final."""
    changes = timeline.final_changes()
    if not changes:
        return ""

    def signed(value: Number) -> str:
        return f"+{value}" if value > 0 else f"−{-value}"

    said = "; ".join(f"{player} {old}→{new}" + (f" ({', '.join(f'{c} {signed(v)}' for c, v in moved.items())})"
                                                  if moved else "") for player, old, new, moved in changes)
    return f"At {timeline.points[-1].label}: {said}"


def below_zero_line(player: str, point: Point, forced: Sequence[Forced]) -> str:
    """``Greenyra −5 after round 2 · Greenyra (#14): forced #12 (ED-LOC-MERCHANT-1)``: a total below 0, where,
    and the forced plays that took it there."""
    total = (point.totals or {}).get(player, 0)
    said = f"{player} −{-total} after {point.label} (#{point.seq})"
    plays = ", ".join(f"#{f.seq}" + (f" ({', '.join(f.rules)})" if f.rules else "") for f in forced)
    return f"{said}: {'forced ' + plays if plays else 'below 0'}"


def below_zero_lines(timeline: Timeline) -> list[str]:
    """Each total that goes below 0, said with the forced play that took it there (``below_zero_line``)."""
    return [below_zero_line(*found) for found in timeline.below_zero()]


def _forced_label(forced: Sequence[Forced]) -> str:
    """What the chart writes beside a total below 0: ``forced #12`` (or ``below 0`` when no forced play did it)."""
    return "forced " + ", ".join(f"#{f.seq}" for f in forced) if forced else "below 0"


def _caption(timeline: Timeline) -> str:
    return f"{timeline.unit}s ({len(timeline.points)} points)"


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
