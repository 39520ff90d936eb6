"""The screens' tables drawn without tabulate are the very text tabulate's ``simple`` format draws."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate, tabulate_formats

from scorekeeper.render.plain_table import simple_table
from scorekeeper.render.report import TABULATE_FORMATS, table

#: text as the tables hold it: names, descriptions, rule IDs, numbers written as text, odd spacing
TEXT = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),
    st.sampled_from(["Brandon", "#23 place tavern 3", "EH-ACT-4", "12", "-3", "012", "+5", "1,000", "2.5", "nan",
                     "True", " a ", "", "two\nlines", "a\n\nb", "wrapped\ncell\nhere", "a \nb", "Æsa", "café", "名前", "e\u0301", "1e5", "inf", "—", "…"]),
)
CELL = st.one_of(st.none(), st.integers(-10_000, 10_000), TEXT)


@settings(max_examples=400, deadline=None)
@given(st.integers(1, 4).flatmap(lambda n: st.tuples(
    st.lists(TEXT, min_size=n, max_size=n),
    st.lists(st.lists(CELL, min_size=n, max_size=n), min_size=1, max_size=5))))
def test_simple_table_draws_what_tabulate_draws_or_declines(case: tuple[list[str], list[list[object]]]) -> None:
    headers, matrix = case
    drawn = simple_table(matrix, headers)
    if drawn is not None:
        assert drawn == tabulate(matrix, headers=headers, tablefmt="simple", disable_numparse=False)


def test_the_usual_tables_are_drawn_without_tabulate() -> None:
    """Names, numbers and descriptions: the fast path takes them (it declines only what it cannot be sure of)."""
    matrix = [["Brandon", 12, "#23 place tavern 3"], ["Æsa", -3, ""], ["Cy", None, "EH-ACT-4 broken"]]
    drawn = simple_table(matrix, ["player", "total", "last"])
    assert drawn == tabulate(matrix, headers=["player", "total", "last"], tablefmt="simple")
    assert drawn is not None and drawn.splitlines()[2] == "Brandon        12  #23 place tavern 3"
    for declined in (["2.5"], ["True"], ["1,000"], ["a \nb"], ["名前"]):
        assert simple_table([declined], ["x"]) is None


def test_a_wrapped_cell_makes_its_row_taller_as_in_tabulate() -> None:
    matrix = [["Astrid", "crests 3\ngear 1", 4], ["Bo", "crests 5", 12]]
    drawn = simple_table(matrix, ["player", "holds", "n"])
    assert drawn == tabulate(matrix, headers=["player", "holds", "n"], tablefmt="simple")
    assert drawn is not None and drawn.splitlines()[3] == "          gear 1"


def test_report_tables_fall_back_to_tabulate_where_the_fast_path_declines() -> None:
    rows = [{"name": "Bo", "share": "2.50"}, {"name": "Cy", "share": "1"}]
    assert table(rows) == tabulate([["Bo", "2.50"], ["Cy", "1"]], headers=["name", "share"], tablefmt="simple")


def test_every_offered_format_is_one_tabulate_draws() -> None:
    assert set(TABULATE_FORMATS) <= set(tabulate_formats)


WORDS = st.lists(st.sampled_from(["Brandon", "places", "BR-2", "in", "slot", "3", "at", "CRUMBHALL", "—", "2bread",
                                  "reputation", "well-known", "x" * 23, "(open:", "…)"]), max_size=14).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 4).flatmap(lambda n: st.tuples(
    st.lists(st.sampled_from(["#", "event", "status", "notes", "player"]), min_size=n, max_size=n),
    st.lists(st.lists(st.one_of(st.none(), st.integers(-50, 500), WORDS, TEXT), min_size=n, max_size=n),
             min_size=1, max_size=6),
    st.integers(20, 90))))
def test_a_table_fitted_to_the_screen_is_what_tabulate_wraps_or_declined(
        case: tuple[list[str], list[list[object]], int]) -> None:
    """Narrowed to the screen's width, the fast path wraps cells as tabulate's ``maxcolwidths`` does."""
    from scorekeeper.render.plain_table import fitted_simple_table
    from scorekeeper.render.report import MIN_COLUMN, tabulated

    headers, matrix, width = case
    drawn = fitted_simple_table(matrix, headers, width, MIN_COLUMN)
    if drawn is not None:
        assert drawn == tabulated(headers, matrix, "simple", width)


def test_the_log_of_a_long_game_is_fitted_without_tabulate() -> None:
    from scorekeeper.render.plain_table import fitted_simple_table
    from scorekeeper.render.report import LOG_HEADERS, MIN_COLUMN, tabulated

    matrix = [[n, f"Milo fires up PL-4 giving Ivo 1 meat and then some more words {n}", "applied", ""]
              for n in range(1, 30)]
    drawn = fitted_simple_table(matrix, list(LOG_HEADERS), 60, MIN_COLUMN)
    assert drawn is not None and max(map(len, drawn.splitlines())) <= 60
    assert drawn == tabulated(list(LOG_HEADERS), matrix, "simple", 60)
