"""The shortcuts of the screens' tables give what the general path gives: a whole table and a fitted one as the
path before them drew it (``plain_table_reference``), a column read at once as it reads cell by cell, a plain
line cut as textwrap wraps it, a character's width remembered as it is measured."""

from __future__ import annotations

import textwrap
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.render import plain_table
from scorekeeper.render.plain_table import _column, _each_cell, _kind, _plain, fitted_simple_table, simple_table
from scorekeeper.render.report import MIN_COLUMN
from scorekeeper.render.wrapping import _Wrapper
from tests.core import plain_table_reference as reference

#: what may begin a number or a truth value, or look like it does, and text around it
STARTS = ["", " ", "  ", "\n", "1", "-3", "+5", "012", "1,000", "2.5", ".5", "1e5", "1_000", "inf", "Inf", "INFINITY",
          "nan", "NaN", "Ivo", "Nora", "Tom", "Finn", "True", "False", "true", "Trueish", "in", "n", "\u0663", "٣4",
          "Æsa", "é", "名前", "e\u0301", "—", "…", "→", "#23", "·", "\u00a0", "\u2003", "\t", "x\ty", "a \nb",
          "two\nlines", "a\n\nb", "well-known", "PL-4,MT-5", "Flame -1", "a--b", "-b", "x" * 23]
TEXT = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),
    st.text(alphabet=" -abcIT1\n→", max_size=16),
    st.lists(st.sampled_from(STARTS), min_size=1, max_size=4).map(" ".join),
    st.lists(st.sampled_from(STARTS), min_size=1, max_size=3).map("".join),
)
CELL = st.one_of(st.none(), st.integers(-10_000, 10_000), st.booleans(), TEXT)
#: columns as the screens hold them: of one kind (text only, whole numbers only), or mixed
COLUMN = st.one_of(st.lists(TEXT, max_size=6), st.lists(st.integers(-500, 5_000), max_size=6),
                   st.lists(CELL, max_size=6))


def tables(cells: st.SearchStrategy[object]) -> st.SearchStrategy[tuple[list[str], list[list[object]]]]:
    """Headers and rows, each column drawn of one kind or mixed."""
    return st.integers(1, 4).flatmap(lambda n: st.tuples(
        st.lists(st.one_of(st.sampled_from(["#", "event", "status", "notes"]), TEXT), min_size=n, max_size=n),
        st.integers(0, 6).flatmap(lambda rows: st.lists(
            st.one_of(st.lists(TEXT, min_size=rows, max_size=rows),
                      st.lists(st.integers(-50, 500), min_size=rows, max_size=rows),
                      st.lists(cells, min_size=rows, max_size=rows)), min_size=n, max_size=n)
        ).map(lambda columns: [list(row) for row in zip(*columns)] if columns and columns[0] else [])))


@settings(max_examples=500, deadline=None)
@given(tables(CELL))
def test_a_table_is_drawn_as_the_general_path_draws_it(case: tuple[list[str], list[list[object]]]) -> None:
    headers, matrix = case
    assert simple_table(matrix, headers) == reference.simple_table(matrix, headers)


WORDS = st.lists(st.one_of(st.sampled_from(STARTS), st.sampled_from(["Brandon", "places", "BR-2", "slot", "3",
                                                                      "x" * 23, "(open:", "…)", "—", "go-to"])),
                 max_size=14).map(" ".join)


@settings(max_examples=500, deadline=None)
@given(tables(st.one_of(CELL, WORDS)), st.integers(8, 90), st.integers(1, 12))
def test_a_fitted_table_is_the_one_the_general_path_fits(case: tuple[list[str], list[list[object]]], width: int,
                                                         min_column: int) -> None:
    """(A least column width of 0 would never end the narrowing, in either path: a limit of 0 reads as none.)"""
    headers, matrix = case
    assert fitted_simple_table(matrix, headers, width, min_column) == \
        reference.fitted_simple_table(matrix, headers, width, min_column)


def test_a_long_log_is_fitted_as_the_general_path_fits_it() -> None:
    matrix = [[n, f"Ivo fires up PL-4 giving Nora {n} meat → and then some more well-known words {'x' * (n % 30)}",
               "applied" if n % 3 else "rejected", "" if n % 5 else "forced"] for n in range(1, 60)]
    for width in range(20, 140, 7):
        drawn = fitted_simple_table(matrix, ["#", "event", "status", "notes"], width, MIN_COLUMN)
        assert drawn is not None
        assert drawn == reference.fitted_simple_table(matrix, ["#", "event", "status", "notes"], width, MIN_COLUMN)


def test_narrowing_keeps_numbers_whole_and_declines_what_wrapping_makes_a_truth_value() -> None:
    for matrix in ([["1234567890123456789012345"], ["y " * 20]], [["True   "], ["y " * 20]]):
        for width in (12, 20, 30):
            drawn = fitted_simple_table(matrix, ["a"], width, 4)
            assert drawn == reference.fitted_simple_table(matrix, ["a"], width, 4)
            assert (drawn is None) == (matrix[0][0] == "True   " and width < 40)


@settings(max_examples=500, deadline=None)
@given(COLUMN)
def test_a_column_read_at_once_is_the_column_read_cell_by_cell(values: list[object]) -> None:
    assert _column(values) == _each_cell(values)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(STARTS), min_size=1, max_size=8))
def test_a_column_of_text_is_typed_as_each_cell_is(values: list[str]) -> None:
    """Text that starts like a number (``1``, ``inf``, ``True``...) or is blank is typed cell by cell."""
    column = _column(values)
    kinds = {reference._kind(value) for value in values}
    assert column == _each_cell(values)
    assert (column is not None and column.numeric) == (None not in kinds and "whole" in kinds and "text" not in kinds)


LINE = st.one_of(
    st.text(alphabet=" -abIT1é名\t\u00a0", max_size=40),
    st.lists(st.sampled_from(["Brandon", "places", "BR-2", "slot", "3:", "x" * 23, "—", "go-to", "a--b", "-b", "→",
                              "", " ", "Flame -1", "PL-4,MT-5", "e\u0301", "名前", "well-", "-"]), max_size=14)
    .map(" ".join),
)


@settings(max_examples=1000, deadline=None)
@given(LINE.filter(lambda line: line.strip() != ""), st.integers(1, 30))
def test_a_line_is_wrapped_as_textwrap_wraps_it(line: str, limit: int) -> None:
    assert _Wrapper(limit).wrap(line) == "\n".join(textwrap.TextWrapper(width=limit).wrap(line))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20))
def test_a_character_measured_once_is_measured_alike_again(text: str) -> None:
    def measured(line: str) -> bool:
        return all(ch.isprintable() and unicodedata.east_asian_width(ch) not in "WF" and not unicodedata.combining(ch)
                   for ch in line)

    assert _plain(text) == measured(text)
    assert _plain(text) == measured(text)  # the second time from what was remembered
    assert plain_table._NARROW <= {ch for ch in plain_table._NARROW if measured(ch)}


@settings(max_examples=300, deadline=None)
@given(CELL)
def test_a_cell_is_typed_as_before(value: object) -> None:
    assert _kind(value) == reference._kind(value)


@settings(max_examples=300, deadline=None)
@given(st.one_of(TEXT, st.from_regex(r"-?[0-9]+", fullmatch=True), st.text(alphabet="-0123456789\u0663²", max_size=6)))
def test_a_whole_number_is_what_the_pattern_matches_whole(text: str) -> None:
    """``whole_number`` (string methods, no pattern compiled at import) says what ``-?[0-9]+`` matched whole."""
    import re

    from scorekeeper.render.wrapping import whole_number

    assert whole_number(text) == (re.fullmatch(r"-?[0-9]+", text) is not None)


@settings(max_examples=500, deadline=None)
@given(st.one_of(TEXT, st.text(alphabet=" ab-cdefghij", max_size=60), st.lists(st.sampled_from(STARTS + ["  ", "   ",
       "x" * 40]), max_size=12).map(" ".join)), st.integers(1, 50), st.integers(0, 12))
def test_a_printable_line_is_hung_as_textwrap_hangs_it(line: str, width: int, indent: int) -> None:
    """``wrapping.hanging`` (a screen's long line, without textwrap) wraps as ``report.wrap`` asked textwrap to."""
    from scorekeeper.render.wrapping import hanging

    line = line.replace("\n", " ").replace("\t", " ")
    if not line.isprintable():
        return
    assert hanging(line, width, " " * indent) == textwrap.wrap(line, width, subsequent_indent=" " * indent,
                                                                 break_on_hyphens=False, break_long_words=False)
