"""Reports: score tables, statuses, violation lists and logs rendered as text, JSON, CSV or Markdown.

Reports are data first, rendered last. This is the only module that imports tabulate, and only when a table
is actually rendered.
"""

from __future__ import annotations

import io
import json
from typing import Any, Iterable, Mapping, Sequence

from scorekeeper.core.protocol import ScoreTable, Violation
from scorekeeper.render.wrapping import hanging

DEFAULT_FORMAT = "simple"


def table(rows: Sequence[Mapping[str, Any]], fmt: str = DEFAULT_FORMAT, headers: Sequence[str] | None = None,
          width: int | None = None) -> str:
    """Rows of dicts as a table in any tabulate format, or ``csv``; with ``width``, the widest text columns are
    wrapped until the table fits (``csv`` and HTML are never wrapped); no rows: ``(none)``, in ``csv`` the
    header line alone (nothing without ``headers``)."""
    if not rows and fmt != "csv":
        return "(none)"
    keys = list(headers) if headers is not None else _keys(rows)
    return grid(keys, [[_cell(row.get(k, "")) for k in keys] for row in rows], fmt, width)


def grid(keys: Sequence[str], matrix: Sequence[Sequence[Any]], fmt: str = DEFAULT_FORMAT,
         width: int | None = None) -> str:
    """``table`` of rows already laid out as cells (each as ``_cell`` shows a value) under ``keys``."""
    keys = list(keys)
    if fmt == "csv":  # a cell that a spreadsheet would run as a formula gets a leading apostrophe
        import csv

        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow([csv_cell(k) for k in keys])
        writer.writerows([[csv_cell(c) for c in line] for line in matrix])
        return buffer.getvalue().rstrip("\n")
    if fmt == DEFAULT_FORMAT:  # the screens' format, drawn without importing tabulate when it can be
        from scorekeeper.render.plain_table import fitted_simple_table, simple_table

        drawn = simple_table(matrix, keys) if width is None else fitted_simple_table(matrix, keys, width, MIN_COLUMN)
        if drawn is not None:
            return drawn
    return tabulated(keys, matrix, fmt, width)


def tabulated(keys: Sequence[str], matrix: Sequence[Sequence[Any]], fmt: str, width: int | None = None) -> str:
    """``matrix`` under ``keys`` drawn by tabulate in ``fmt``; with ``width``, the widest columns wrapped (tabulate's
    ``maxcolwidths``) until the table fits (never in HTML)."""
    from tabulate import tabulate

    if fmt in PIPE_FORMATS:  # a | in a name would end the cell, a [ begin a link or an image, a < some HTML
        keys, matrix = [pipe_cell(k) for k in keys], [[pipe_cell(c) for c in line] for line in matrix]
    if fmt == "tsv":  # a spreadsheet reads TSV as it reads CSV: no formula, and a tab or line break stays in its cell
        keys, matrix = [tsv_cell(k) for k in keys], [[tsv_cell(c) for c in line] for line in matrix]
    fmt = "html" if fmt == "unsafehtml" else fmt  # tabulate's html escapes every cell; unsafehtml none
    output = tabulate(matrix, headers=keys, tablefmt=fmt, disable_numparse=False)
    if width is None:
        return output
    output = "\n".join(line.rstrip() for line in output.split("\n"))
    limits: list[int | None] = [None] * len(keys)
    while fmt not in HTML_FORMATS and widest(output) > width:
        longest = [max(len(str(c)) for c in column) for column in zip(keys, *matrix)]
        column = max(range(len(keys)), key=lambda i: (limits[i] or longest[i]))
        current = limits[column] or longest[column]
        if current <= MIN_COLUMN:
            break  # as narrow as it can be read
        limits[column] = max(MIN_COLUMN, current - (widest(output) - width))
        output = tabulate(matrix, headers=keys, tablefmt=fmt, disable_numparse=False, maxcolwidths=limits)
        output = "\n".join(line.rstrip() for line in output.split("\n"))
    return output


#: a column wrapped to fit the screen keeps at least this many characters a line
MIN_COLUMN = 10


#: the formats whose output is HTML: every line around the table is escaped too
HTML_FORMATS = ("html", "unsafehtml")
#: the Markdown table formats, where a | in a cell is written \|
PIPE_FORMATS = ("github", "pipe")


def on_screen(fmt: str) -> bool:
    """Whether output in ``fmt`` is laid out for the screen (fitted and wrapped to its width); CSV, HTML and
    Markdown are kept whole, for the programs that read them."""
    return fmt not in ("csv", *HTML_FORMATS, *PIPE_FORMATS)


def text(line: str, fmt: str) -> str:
    """A line of text around a table, in the output's format: escaped for HTML (``<script>`` in a name stays text)."""
    if fmt in HTML_FORMATS:
        import html

        return html.escape(line)
    return line


def pipe_cell(value: Any) -> Any:
    """A Markdown table cell: numbers stay numbers; text as :func:`markdown_text`."""
    if not isinstance(value, str):
        return value
    return markdown_text(value)


def markdown_text(text: Any) -> str:
    """Text that Markdown shows as it is: the backslash, ``|`` (a cell's end) and ``[``/``]`` (a link or an
    image) backslash-escaped, ``<``/``>`` (HTML, an autolink) as entities, line breaks as spaces."""
    value = str(text).replace("\\", "\\\\").replace("|", "\\|").replace("[", "\\[").replace("]", "\\]")
    return " ".join(value.replace("<", "&lt;").replace(">", "&gt;").splitlines())


#: the tabulate formats offered by ``--format`` (tabulate 0.9's; a test checks the installed tabulate has each),
#: kept here so that checking a format imports no tabulate
TABULATE_FORMATS = (
    "asciidoc", "fancy_grid", "fancy_outline", "github", "grid", "html", "jira", "latex", "latex_booktabs",
    "latex_longtable", "latex_raw", "mediawiki", "moinmoin", "orgtbl", "outline", "pipe", "plain", "presto",
    "pretty", "psql", "rounded_grid", "rounded_outline", "rst", "simple", "simple_grid", "simple_outline",
    "textile", "tsv", "unsafehtml", "youtrack", "double_grid", "double_outline", "heavy_grid", "heavy_outline",
    "mixed_grid", "mixed_outline",
)


def known_formats() -> list[str]:
    """Every ``--format`` value: the tabulate formats and ``csv``."""
    return sorted({*TABULATE_FORMATS, "csv"})


def _keys(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    keys: list[str] = []
    for row in rows:
        for key in row:
            if key not in keys:
                keys.append(key)
    return keys


def _cell(value: Any) -> Any:
    if type(value) is str or type(value) is int:  # most cells: shown as they are
        return value
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_cell(v)) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {_cell(v)}" for k, v in value.items())
    return value


def to_json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


# -- scores ----------------------------------------------------------------------------------------


def has_ranks(score: ScoreTable) -> bool:
    """Whether the table ranks its players: not a final table with no winner yet (a value is missing: field
    report EH-V13)."""
    return bool(score.winners) or not score.final


def score_rows(score: ScoreTable) -> list[dict[str, Any]]:
    rows = []
    for row in sorted(score.rows, key=lambda r: (r.rank, score.rows.index(r))):
        line: dict[str, Any] = {"rank": row.rank, "player": row.player} if has_ranks(score) else {"player": row.player}
        for category in score.categories:
            line[category] = row.categories.get(category, 0)
        line["total"] = row.total
        rows.append(line)
    return rows


def pad_rows(score: ScoreTable) -> list[dict[str, Any]]:
    """The score turned around, like the paper pad: one row per category, one column per player (rank order)."""
    ranked = score_rows(score)
    names = [str(r["player"]) for r in ranked]
    rows: list[dict[str, Any]] = []
    for key in [*score.categories, "total", *(["rank"] if has_ranks(score) else [])]:
        line: dict[str, Any] = {"": key}
        line.update({name: r[key] for name, r in zip(names, ranked)})
        rows.append(line)
    return rows


def widest(output: str) -> int:
    """The widest line of ``output``, in characters."""
    return max((len(line) for line in output.splitlines()), default=0)


def fitting_table(rows: Sequence[Mapping[str, Any]], fmt: str, width: int | None, turned: Any) -> str:
    """``rows`` as a table; when it is wider than ``width``, the table of ``turned()`` instead."""
    wide = table(rows, fmt)
    if width is None or fmt == "csv" or widest(wide) <= width:
        return wide
    return table(turned(), fmt, width=width)


def winner_line(score: ScoreTable) -> str:
    """The winner said once: ``Winner: Ann``, ``Shared victory: Ann and Bo``, ``Leading: Ann, Bo``."""
    if not score.final:
        return f"Leading: {', '.join(score.winners)}"
    if len(score.winners) == 1:
        return f"Winner: {score.winners[0]}"
    return f"Shared victory: {', '.join(score.winners[:-1])} and {score.winners[-1]}"


def render_score(score: ScoreTable, fmt: str = DEFAULT_FORMAT, explain: bool = False, title: str = "",
                 width: int | None = None) -> str:
    """The score table, the winner, the tiebreak and notes; turned around (categories down) past ``width``."""
    if fmt == "csv":  # data only: one table, nothing around it
        if explain:
            return table(explanation_rows(score), fmt, headers=EXPLANATION_HEADERS)
        return table(score_rows(score), fmt)
    title = f"{title or score.game} — {'final score' if score.final else 'PROVISIONAL score (the game is not over)'}"
    parts = [text(title, fmt), "", fitting_table(score_rows(score), fmt, width, lambda: pad_rows(score))]
    if score.winners:
        parts += ["", text(winner_line(score), fmt)]
    if score.tiebreak:
        parts.append(text(f"Tiebreak: {score.tiebreak}", fmt))
    parts += [text(f"Note: {note}", fmt) for note in score.notes]
    if explain:
        parts += ["", text("Where the points came from:", fmt), table(explanation_rows(score), fmt, width=width)]
    return "\n".join(parts)


#: the columns of ``score --explain``
EXPLANATION_HEADERS = ("player", "category", "points", "source")


def explanation_rows(score: ScoreTable) -> list[dict[str, Any]]:
    return [dict(zip(EXPLANATION_HEADERS, (e.player, e.category, e.points, e.source))) for e in score.explanations]


# -- violations ------------------------------------------------------------------------------------


def violations_json(violations: Sequence[Violation]) -> dict[str, Any]:
    from scorekeeper.app.rule_summaries import summary

    return {"violations": [{**v.to_json(), **({"summary": s} if (s := summary(v.rule)) else {})} for v in violations]}


def violation_lines(v: Violation, indent: str = "") -> list[str]:
    """A violation as ``#SEQ RULE-ID: message``, then the rule's summary on its own indented line."""
    return [indent + v.render(), *rule_summary_lines(v.rule, indent + "    ")]


def rule_summary_lines(rule: str, indent: str) -> list[str]:
    """``RULE-ID: summary`` indented and wrapped to 80 columns; nothing for a rule without a summary."""
    from scorekeeper.app.rule_summaries import summary

    explained = summary(rule)
    return _wrapped(f"{rule}: {explained}", indent) if explained else []


def rule_lines(rules: Sequence[Any]) -> list[str]:
    """Rules as ``ID  section`` with the summary indented below, wrapped to 80 columns."""
    lines = []
    for rule in rules:
        lines += _wrapped(f"{rule.id}  {rule.section}", "") + _wrapped(rule.summary, "    ")
    return lines


def _wrapped(line: str, indent: str) -> list[str]:
    import textwrap

    return textwrap.wrap(line, 80, initial_indent=indent, subsequent_indent=indent + "  ") or [indent]


# -- CSV cells ----------------------------------------------------------------------------------------------

#: a cell starting with one of these is a formula to a spreadsheet (CSV injection): it gets a leading '
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A CSV cell: text starting with = + - @ (or a tab or CR) gets a leading apostrophe; numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def tsv_cell(value: Any) -> Any:
    """A TSV cell: as :func:`csv_cell`, and a tab or line break inside it (which would start another cell or row)
    becomes a space."""
    if isinstance(value, str):
        value = " ".join(value.replace("\t", " ").splitlines())
    return csv_cell(value)


#: a long note must not widen every line of the log; the whole text is in ``log --json`` and ``audit``
LOG_TEXT_WIDTH = 72


#: the columns of ``log``
LOG_HEADERS = ("#", "event", "status", "notes")


def render_log(rows: Sequence[Mapping[str, Any]], fmt: str = DEFAULT_FORMAT, width: int | None = None) -> str:
    """The journal as a table, one line per event (``Session.log`` rows), long descriptions clipped, the
    table fitted to ``width``."""
    def clip(text: str) -> str:
        return text if len(text) <= LOG_TEXT_WIDTH else text[: LOG_TEXT_WIDTH - 1] + "…"

    shown = [[_cell(r["seq"]), clip(r["description"]), _cell(r["status"]),
              ", ".join(filter(None, [r["flags"], " ".join(r["rules"])]))] for r in rows]
    if fmt == "csv":  # one table, even when it is empty
        return grid(LOG_HEADERS, shown, fmt)
    return grid(LOG_HEADERS, shown, fmt, width) if shown else "the journal is empty"


def wrap(output: str, width: int) -> str:
    """Every line of ``output`` longer than ``width`` broken at spaces, its continuations indented under it (a
    hanging indent); a word is never cut, so a command to copy stays whole on its row."""
    lines: list[str] = []
    for line in output.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        if line.isprintable():  # spaces its only whitespace: wrapped without textwrap (``wrapping.hanging``)
            lines += hanging(line, width, indent) or [line]
            continue
        import textwrap  # only for a line with a tab or another space in it

        lines += textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False,
                               break_long_words=False) or [line]
    return "\n".join(lines)
