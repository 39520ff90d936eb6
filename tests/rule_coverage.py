"""One rule-coverage table for every game, and the checks that keep it true.

The coverage section of ``docs/<game>.md`` lies between ``<!-- coverage:start -->`` and ``<!-- coverage:end -->``
and has one row per rule ID of the game's checklist (``<repo>/../shared/spec/<game>.md``)::

    | ID | status | where (code) | tested by |
    |---|---|---|---|
    | EH-SETUP-1 | done: colours are optional | `rules_setup.py` | `test_eh_action.py::test_setup_player_count` |

*status* is ``done``, ``partial`` or ``not done``, optionally followed by ``: a note``; a ``partial`` row says
what is missing and a ``not done`` row why. Statuses are written by hand; *where (code)* (the modules of
``scorekeeper/games/<package>/`` that cite the ID) and *tested by* are computed. *Tested by* says how the rule
is proven and names up to three tests under ``tests/games/<package>/``: ``refused by`` the tests that made the
game refuse with that rule ID while citing it (measured by the census, ``tests/census.py``, and kept in
``tests/census_baseline.json``), then the others whose name or docstring cites it; ``effect or setup check``
for a rule with no error site in the plays (a scoring rule, an automatic effect, a check of the session's
creation), proven by what its citing tests assert; ``not refused
yet`` for a rule with an error site that no test refuses with (a gap the census lists):

    python -m tests.rule_coverage [GAME ...] [--check]

rewrites the section of each game named (all three when none is), keeping every row's status and note, and
refreshes ``tests/games/<package>/golden/spec_rule_ids.txt`` (the checklist's IDs and one-line rules) when the
checklist is there; ``--check`` writes nothing and exits 1 when a table is not current or a check fails.

A rule is *cited* by a text that contains its ID (``EH-REW-7``; in a test's name ``test_eh_rew_7_...``), a
range (``EH-MTN-2..15``, ``ED-FLY-1…10``, ``FC-PLACE-1 to 7``) or a list (``FC-GATHER-8/9``) that includes it.

Each game's test module subclasses :class:`CoverageChecks` (``tests/games/*/test_*docs*.py``,
``test_ed_coverage.py``); a fourth game is its registry entry (:data:`GAMES` reads the registry) and one such
subclass.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import ClassVar, Iterable, Sequence

import pytest

from tests.registry import games, package_of

ROOT = Path(__file__).resolve().parents[1]
START, END = "<!-- coverage:start -->", "<!-- coverage:end -->"
STATUSES = ("done", "partial", "not done")
HEADER = "| ID | status | where (code) | tested by |"
RULE = "|---|---|---|---|"
SHOWN_TESTS = 3
#: how a row's tests prove its rule, from the census (``tests/census_baseline.json``, rewritten by a whole-suite
#: run with ``SCOREKEEPER_CENSUS_WRITE=1``): the tests named first made the game refuse with the rule and cite
#: it; a rule with an error site that no test refuses yet; a rule without one (scoring, an automatic effect, a
#: check made when the session is created), which its citing tests prove by its effect or by the setup's refusal
REFUSED, NOT_REFUSED, EFFECT = "refused by", "not refused yet, cited by", "effect or setup check"
CENSUS_FILE = "tests/census_baseline.json"
NEW_RULE = "not done: new in the checklist, not reviewed yet"
NONE = "—"


@dataclass(frozen=True)
class Game:
    """Where a game's checklist, coverage table, code and tests are."""

    name: str  # as in docs/<name>.md and shared/spec/<name>.md
    prefix: str  # of its rule IDs: "EH"
    package: Path  # scorekeeper/games/<package>/
    docs: Path
    spec: Path
    tests: Path
    aliases: tuple[str, ...] = ()
    root: Path = ROOT  # the repository

    def show(self, path: Path) -> str:
        """``path`` relative to the repository."""
        return path.relative_to(self.root).as_posix() if path.is_relative_to(self.root) else str(path)

    @classmethod
    def standard(cls, name: str, prefix: str, package: str, root: Path = ROOT) -> Game:
        return cls(name, prefix, root / "scorekeeper" / "games" / package, root / "docs" / f"{name}.md",
                   root.parent / "shared" / "spec" / f"{name}.md", root / "tests" / "games" / package,
                   (package, prefix.lower()), root)

    @property
    def golden(self) -> Path:
        """The copy of the checklist's rule IDs (``ID<TAB>rule``) that works without shared/."""
        return self.tests / "golden" / "spec_rule_ids.txt"

    @property
    def command(self) -> str:
        return f"python -m tests.rule_coverage {self.name}"


#: every registered game (``tests/registry.py``)
GAMES: dict[str, Game] = {g.name: Game.standard(g.name, g.rule_prefix, package_of(g)) for g in games()}


def find_game(name: str) -> Game:
    wanted = name.strip().lower()
    for game in GAMES.values():
        if wanted == game.name or wanted in game.aliases:
            return game
    raise SystemExit(f"unknown game {name!r}; choose one of: {', '.join(GAMES)}")


# --- the checklist -----------------------------------------------------------------------------------------

def read_checklist(game: Game) -> list[tuple[str, str]]:
    """(rule ID, one-line rule) in checklist order: the rows ``| ID | rule | …`` of the spec (the counts
    tables, ``| EH-SETUP | 21 |``, are not rules)."""
    rows: dict[str, str] = {}
    pattern = re.compile(rf"^\| ({game.prefix}-[A-Z0-9]+(?:-[A-Z0-9]+)*) \| (.*?) \|", re.M)
    for rule, text in pattern.findall(game.spec.read_text(encoding="utf-8")):
        if not text.strip().isdigit():
            rows.setdefault(rule, text.strip())
    return list(rows.items())


def read_golden(game: Game) -> list[tuple[str, str]]:
    lines = game.golden.read_text(encoding="utf-8").splitlines()
    return [(rule, text) for rule, _, text in (line.partition("\t") for line in lines if line.strip())]


def write_golden(game: Game, rules: Sequence[tuple[str, str]]) -> None:
    game.golden.parent.mkdir(parents=True, exist_ok=True)
    game.golden.write_text("".join(f"{rule}\t{text}\n" for rule, text in rules), encoding="utf-8")


# --- citations ---------------------------------------------------------------------------------------------

def cited(text: str, prefix: str) -> set[str]:
    """Every rule ID (a candidate; the caller keeps the known ones) that ``text`` cites: ``EH-REW-7`` (also
    as the start of a longer hyphenated word, ``EH-REW-7-THE-…`` from a test's name), ``EH-MTN-2..15``,
    ``ED-FLY-1…10``, ``FC-PLACE-1 to 7``, ``FC-GATHER-8/9``, ``EH-SKILL-1A/1B``."""
    found: set[str] = set()
    for word in re.findall(rf"(?<![A-Za-z0-9]){prefix}(?:-[A-Z0-9]+)+", text):
        parts = word.split("-")
        found.update("-".join(parts[:n]) for n in range(3, len(parts) + 1))
    series = re.compile(rf"(?<![A-Za-z0-9])({prefix}-(?:[A-Z0-9]+-)*)(\d+[A-Z]?)"
                        r"((?:(?:\.\.|…|/| to )\d+[A-Z]?)+)(?![A-Za-z0-9])")
    for head, first, rest in series.findall(text):
        previous = first
        for sep, item in re.findall(r"(\.\.|…|/| to )(\d+[A-Z]?)", rest):
            if sep != "/" and previous.isdigit() and item.isdigit():
                found.update(f"{head}{n}" for n in range(int(previous), int(item) + 1))
            found.update((f"{head}{previous}", f"{head}{item}"))
            previous = item
    return found


@dataclass(frozen=True)
class TestRef:
    """A test function: ``file.py::name`` (``file.py::Class::name`` for a method), relative to the game's
    test folder, with the rule IDs its name and docstring cite."""

    node: str
    line: int
    rules: frozenset[str]


def collect_tests(game: Game, known: set[str]) -> dict[str, TestRef]:
    tests: dict[str, TestRef] = {}
    for path in sorted(game.tests.rglob("test_*.py")):
        where = path.relative_to(game.tests).as_posix()
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        except SyntaxError as error:
            raise RuntimeError(f"cannot read the tests of {where}: {error}") from error
        functions: list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]] = []
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions.append((f"{where}::{node.name}", node))
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                functions += [(f"{where}::{node.name}::{item.name}", item) for item in node.body
                              if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for ref, function in functions:
            if function.name.startswith("test"):
                text = function.name.replace("_", "-").upper() + "\n" + (ast.get_docstring(function) or "")
                tests[ref] = TestRef(ref, function.lineno, frozenset(cited(text, game.prefix) & known))
    return tests


def collect_code(game: Game, known: set[str]) -> dict[str, list[str]]:
    """Rule ID → the modules of the game's package (relative paths) that cite it."""
    where: dict[str, list[str]] = {}
    for path in sorted(game.package.rglob("*.py")):
        module = path.relative_to(game.package).as_posix()
        if module == "rule_summaries.py":  # what each rule means, not where it is checked
            continue
        for rule in sorted(cited(path.read_text(encoding="utf-8"), game.prefix) & known):
            where.setdefault(rule, []).append(module)
    return where


# --- the table ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    rule: str
    status: str
    note: str
    where: tuple[str, ...]
    tested: tuple[str, ...]
    kind: str = ""  # how the named tests prove it: KINDS

    @property
    def implemented(self) -> bool:
        return self.status in ("done", "partial")


class TableError(ValueError):
    """The coverage section is missing or cannot be read."""


def split_section(text: str) -> tuple[str, str, str]:
    """(before the start marker, the section between the markers, from the end marker on)."""
    if text.count(START) != 1 or text.count(END) != 1 or text.index(START) > text.index(END):
        raise TableError(f"the coverage section must lie between one {START} and one {END} line")
    head, _, rest = text.partition(START)
    body, _, tail = rest.partition(END)
    return head, body, tail


def cells(line: str) -> list[str]:
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]


def parse_table(body: str, prefix: str) -> tuple[list[Row], list[str]]:
    """The rows of a coverage section, and what is wrong with its form."""
    rows: list[Row] = []
    errors: list[str] = []
    lines = [line for line in body.strip().splitlines() if line.strip()]
    if lines[:2] != [HEADER, RULE]:
        errors.append(f"the table must start with the lines {HEADER!r} and {RULE!r}")
    for line in lines[2:]:
        parts = cells(line)
        if len(parts) != 4 or not re.fullmatch(rf"{prefix}-[A-Z0-9]+(?:-[A-Z0-9]+)*", parts[0]):
            errors.append(f"not a row `| {prefix}-… | status | where (code) | tested by |`: {line}")
            continue
        rule, status_cell, where, tested = parts
        status, _, note = status_cell.partition(":")
        status, note = status.strip(), note.strip()
        if status not in STATUSES:
            errors.append(f"{rule}: the status must be one of {', '.join(STATUSES)} (then ': note'), "
                          f"not {status_cell!r}")
        elif status != "done" and not note:
            errors.append(f"{rule}: a {status!r} row must say " + ("why" if status == "not done" else
                                                                   "what is missing"))
        rows.append(Row(rule, status, note, tuple(re.findall(r"`([^`]+)`", where)),
                        tuple(re.findall(r"`([^`]+::[^`]+)`", tested))))
    return rows, errors


def render_row(row: Row, hidden: int = 0) -> str:
    status = f"{row.status}: {row.note}" if row.note else row.status
    where = ", ".join(f"`{m}`" for m in row.where) or NONE
    tested = ", ".join(f"`{t}`" for t in row.tested) or NONE
    if hidden:
        tested += f" (+{hidden} more)"
    if row.kind and row.tested:
        tested = f"{row.kind}: {tested}"
    return f"| {row.rule} | {status.replace('|', chr(92) + '|')} | {where} | {tested} |"


# --- one game's coverage, computed -------------------------------------------------------------------------

@dataclass
class Coverage:
    """A game's checklist, table, and the citations in its code and tests."""

    game: Game
    errors: list[str] = field(default_factory=list)

    @cached_property
    def checklist(self) -> list[tuple[str, str]] | None:
        """From the spec, else from the golden copy; None when neither is there."""
        if self.game.spec.exists():
            return read_checklist(self.game)
        if self.game.golden.exists():
            return read_golden(self.game)
        return None

    @cached_property
    def text(self) -> str:
        return self.game.docs.read_text(encoding="utf-8")

    @cached_property
    def rows(self) -> list[Row]:
        rows, self.errors = parse_table(split_section(self.text)[1], self.game.prefix)
        return rows

    @cached_property
    def table(self) -> dict[str, Row]:
        return {row.rule: row for row in self.rows}

    @cached_property
    def known(self) -> set[str]:
        return {rule for rule, _ in self.checklist or []} | set(self.table)

    @cached_property
    def code(self) -> dict[str, list[str]]:
        return collect_code(self.game, self.known)

    @cached_property
    def tests(self) -> dict[str, TestRef]:
        return collect_tests(self.game, self.known)

    @cached_property
    def census(self) -> tuple[dict[str, list[str]], set[str]]:
        """From the census file: rule → the tests (``file::name``) that refuse with it and cite it; the rules
        with an error site that no test refuses yet. Empty when there is no census of this game."""
        path = self.game.root / CENSUS_FILE
        if not path.exists():
            return {}, set()
        entry = json.loads(path.read_text(encoding="utf-8")).get(self.game.package.name, {})
        if "proofs" not in entry:  # a census written before it named the refusing tests
            return {}, set()
        return dict(entry["proofs"]), set(entry.get("unproven", []))

    def kind(self, rule: str) -> str:
        proofs, unproven = self.census
        if not proofs and not unproven:
            return ""
        return REFUSED if proofs.get(rule) else NOT_REFUSED if rule in unproven else EFFECT

    @cached_property
    def citing(self) -> dict[str, list[TestRef]]:
        """Rule ID → the tests citing it, the most specific (fewest rules cited) first."""
        citing: dict[str, list[TestRef]] = {}
        for test in sorted(self.tests.values(), key=lambda t: (len(t.rules), t.node.split("::")[0], t.line)):
            for rule in test.rules:
                citing.setdefault(rule, []).append(test)
        return citing

    def computed_row(self, rule: str) -> tuple[Row, int]:
        """The row as regeneration writes it (status and note kept, new rules not done) and how many citing
        tests it leaves out."""
        old = self.table.get(rule)
        status, _, note = (f"{old.status}:{old.note}" if old else NEW_RULE).partition(":")
        refusing = [node for node in self.census[0].get(rule, []) if node in self.tests]
        tests = refusing + [t.node for t in self.citing.get(rule, []) if t.node not in refusing]
        row = Row(rule, status, note.strip(), tuple(self.code.get(rule, [])), tuple(tests[:SHOWN_TESTS]),
                  self.kind(rule))
        return row, len(tests[SHOWN_TESTS:])

    def render(self) -> str:
        rules = [rule for rule, _ in self.checklist] if self.checklist is not None else list(self.table)
        lines = [HEADER, RULE] + [render_row(*self.computed_row(rule)) for rule in rules]
        return "\n".join(lines)

    def regenerated(self) -> str:
        head, _, tail = split_section(self.text)
        return f"{head}{START}\n{self.render()}\n{END}{tail}"

    # the checks: each returns what is wrong

    def form_problems(self) -> list[str]:
        self.rows  # parses, filling self.errors
        return list(self.errors)

    def checklist_problems(self) -> list[str]:
        assert self.checklist is not None
        listed = [row.rule for row in self.rows]
        wanted = [rule for rule, _ in self.checklist]
        problems = [f"{rule}: {listed.count(rule)} rows" for rule in dict.fromkeys(listed) if listed.count(rule) > 1]
        problems += [f"{rule}: not in the table" for rule in wanted if rule not in self.table]
        problems += [f"{rule}: in the table but not in the checklist" for rule in self.table if rule not in wanted]
        return problems

    def code_problems(self) -> list[str]:
        return [f"{row.rule} is {row.status} but no module of {self.game.show(self.game.package)}/ cites it"
                for row in self.rows if row.implemented and not self.code.get(row.rule)]

    def untested(self) -> list[str]:
        return [f"{row.rule} is {row.status} but no test's name or docstring cites it"
                for row in self.rows if row.implemented and not self.citing.get(row.rule)
                and not self.census[0].get(row.rule)]

    def tested_by_problems(self) -> list[str]:
        problems = []
        for row in self.rows:
            if row.implemented and not row.tested:
                problems.append(f"{row.rule} is {row.status} but its row names no test")
            for node in row.tested:
                if node not in self.tests:
                    problems.append(f"{row.rule}: there is no test {node}")
                elif row.rule not in self.tests[node].rules and node not in self.census[0].get(row.rule, []):
                    problems.append(f"{row.rule}: {node} does not cite it")
        return problems

    def where_problems(self) -> list[str]:
        return [f"{row.rule}: the table says {', '.join(row.where) or NONE}, the code cites it in "
                f"{', '.join(self.code.get(row.rule, [])) or NONE}"
                for row in self.rows if list(row.where) != self.code.get(row.rule, [])]

    def all_problems(self) -> list[str]:
        problems = self.form_problems()
        if self.checklist is not None:
            problems += self.checklist_problems()
        return (problems + self.code_problems() + self.untested() + self.tested_by_problems()
                + self.where_problems())


def report(problems: Iterable[str], game: Game, limit: int = 40) -> str:
    problems = list(problems)
    shown = "\n".join(problems[:limit]) + (f"\n… and {len(problems) - limit} more" if len(problems) > limit else "")
    return f"{len(problems)} problem(s) in the coverage table of {game.show(game.docs)}:\n{shown}\n" \
           f"(after changing code or tests, regenerate it: {game.command})"


class CoverageChecks:
    """The coverage checks of one game: a game's test module subclasses this as ``Test…`` and sets ``game``."""

    game: ClassVar[Game]

    @pytest.fixture(scope="class")
    @classmethod
    def coverage(cls) -> Coverage:
        """Read once per game: the checklist, the table, and the citations in the code and the tests."""
        return Coverage(cls.game)

    def test_the_coverage_table_is_well_formed(self, coverage: Coverage) -> None:
        """Between the markers: the header, then rows ``| ID | done/partial/not done[: note] | where | tests |``;
        partial and not-done rows say what is missing or why."""
        assert not coverage.form_problems(), report(coverage.form_problems(), self.game)

    def test_the_golden_copy_of_the_checklist_is_current(self) -> None:
        if not self.game.spec.exists():
            pytest.skip(f"the checklist {self.game.spec} is not there (it lives outside the repository)")
        assert self.game.golden.exists(), f"no {self.game.golden}: {self.game.command}"
        assert read_golden(self.game) == read_checklist(self.game), f"regenerate it: {self.game.command}"

    def test_every_checklist_rule_is_in_the_table_exactly_once(self, coverage: Coverage) -> None:
        if coverage.checklist is None:
            pytest.skip(f"neither the checklist {self.game.spec} nor its copy {self.game.golden} is there")
        assert not coverage.checklist_problems(), report(coverage.checklist_problems(), self.game)

    def test_every_done_or_partial_rule_is_cited_in_the_game_package(self, coverage: Coverage) -> None:
        """Cited next to its check in scorekeeper/games/<package>/ (a citation only in the CLI does not count)."""
        assert not coverage.code_problems(), report(coverage.code_problems(), self.game)

    def test_every_done_or_partial_rule_is_cited_by_a_test(self, coverage: Coverage) -> None:
        assert not coverage.untested(), report(coverage.untested(), self.game)

    def test_every_test_the_table_names_exists_and_cites_the_rule(self, coverage: Coverage) -> None:
        assert not coverage.tested_by_problems(), report(coverage.tested_by_problems(), self.game)

    def test_where_names_the_modules_that_cite_the_rule(self, coverage: Coverage) -> None:
        assert not coverage.where_problems(), report(coverage.where_problems(), self.game)


# --- the command -------------------------------------------------------------------------------------------

def regenerate(game: Game, write: bool = True) -> tuple[list[str], list[str]]:
    """Rewrite the game's coverage section (and its golden copy of the checklist, when the checklist is there);
    with ``write=False`` only tell. Returns (what changed, or would change; the problems left)."""
    coverage = Coverage(game)
    changes: list[str] = []
    if coverage.checklist is None:
        changes.append(f"no checklist ({game.spec}) nor golden copy: the rows stay as they are")
    else:
        wanted = {rule for rule, _ in coverage.checklist}
        changes += [f"{rule}: new in the checklist, added as {NEW_RULE!r}" for rule in wanted - set(coverage.table)]
        changes += [f"{rule}: no longer in the checklist, dropped" for rule in set(coverage.table) - wanted]
    if game.spec.exists() and coverage.checklist != (read_golden(game) if game.golden.exists() else None):
        changes.append(f"{'rewrote' if write else 'stale:'} {game.show(game.golden)}")
        if write:
            write_golden(game, coverage.checklist or [])
    text = coverage.regenerated()
    if text != coverage.text:
        changes.append(f"{'rewrote' if write else 'stale:'} the coverage table of {game.show(game.docs)}")
        if write:
            game.docs.write_text(text, encoding="utf-8")
    return changes, (Coverage(game) if write else coverage).all_problems()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.rule_coverage", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"{', '.join(GAMES)} (default: all)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a table is not current or a check fails")
    args = parser.parse_args(argv)
    failed = False
    for game in [find_game(name) for name in args.games] or list(GAMES.values()):
        changes, problems = regenerate(game, write=not args.check)
        rows = Coverage(game).rows
        counts = ", ".join(f"{sum(row.status == s for row in rows)} {s}" for s in STATUSES)
        print(f"{game.name}: {counts}" + "".join(f"\n  {change}" for change in changes))
        if problems:
            print(report(problems, game))
        failed |= bool(problems) or (args.check and bool(changes))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
