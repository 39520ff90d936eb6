"""Game code imports no CLI, storage or rendering code (DESIGN.md: data flows one way)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game: its FAKE-… rule IDs are forbidden in the CLI too)
from scorekeeper import games
from scorekeeper.app.rule_summaries import CORE

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
FORBIDDEN = ("click", "tinydb", "tabulate", "filelock", "scorekeeper.cli", "scorekeeper.core.journal", "scorekeeper.render.report")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


GAME_FILES = sorted((PACKAGE / "games").rglob("*.py")) + [PACKAGE / "core" / "engine.py", PACKAGE / "core" / "events.py", PACKAGE / "core" / "settings.py"]


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_game_and_engine_code_imports_no_cli_storage_or_rendering(path: Path) -> None:
    bad = [m for m in imported_modules(path) if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert bad == [], f"{path.name} imports {bad}"


def test_only_report_imports_tabulate() -> None:
    users = [p.name for p in PACKAGE.rglob("*.py") if "tabulate" in imported_modules(p)]
    assert users == ["report.py"]


CLI_FILES = sorted((PACKAGE / "cli").rglob("*.py"))
#: what the CLI may import from the game packages: the registry, the protocol's value types, and notation
CLI_MAY_IMPORT = re.compile(r"^scorekeeper\.games(?:\.base|\.[a-z_]+\.notation)?$")


def rule_id_pattern() -> re.Pattern[str]:
    """A rule ID of any registered game (its ``GameInfo.rule_prefix``) or of the engine (``CORE-…``)."""
    prefixes = {g.rule_prefix for g in games.REGISTRY if g.rule_prefix} | {rule.split("-")[0] for rule in CORE}
    return re.compile(rf"\b(?:{'|'.join(sorted(prefixes))})-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")


def cli_problems(path: Path) -> list[str]:
    """Why a CLI module breaks the rule that the CLI holds no rules: rule-ID literals, reading a game's state,
    importing a game's rules."""
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    problems = [f"{path.name} cites rule IDs {cited}" for cited in [rule_id_pattern().findall(text)] if cited]
    state_reads = [node.lineno for node in ast.walk(tree)
                   if isinstance(node, ast.Attribute) and node.attr in ("state", "before", "after")]
    if state_reads:
        problems.append(f"{path.name} reads game state at lines {state_reads}")
    games_imported = [m for m in imported_names(tree) if m.startswith("scorekeeper.games")]
    if [m for m in games_imported if not CLI_MAY_IMPORT.match(m)]:
        problems.append(f"{path.name} imports game code {games_imported}")
    return problems


@pytest.mark.parametrize("path", CLI_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_cli_holds_no_rule_and_reads_no_game_state(path: Path) -> None:
    """Refusals come from the games' checks (so --force and the journal see them): no rule-ID literal in the CLI,
    no reading of a game's state, no import of a game's rules."""
    assert cli_problems(path) == []


def test_a_fourth_games_cli_module_citing_its_own_rule_ids_fails(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule-ID pattern is the registry's: a fourth game's prefix is forbidden in the CLI once it registers."""
    module = tmp_path / "wyvern.py"
    module.write_text('def hatch() -> None:\n    raise SystemExit("refused: WY-NEST-2: the nest is full")\n',
                      encoding="utf-8")
    assert cli_problems(module) == []  # WY is nobody's prefix yet
    monkeypatch.setattr(games, "REGISTRY", games.REGISTRY)  # the registration is undone after the test
    games.register(games.GameInfo("wyvern", "Wyvern", ("wy",), "tests.wyvern", "A wyvern game.", "WY"))
    assert cli_problems(module) == ["wyvern.py cites rule IDs ['WY-NEST-2']"]


def imported_names(tree: ast.AST) -> set[str]:
    """Every module imported, ``from package import module`` counted as ``package.module``."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.count(".") == 2 and node.module.startswith("scorekeeper.games.") \
                    and node.module != "scorekeeper.core.protocol":
                names.update(f"{node.module}.{alias.name}" for alias in node.names)  # a game package's module
            else:
                names.add(node.module)
    return names


def test_the_cli_is_small() -> None:
    """The room's own description (``cli/__init__.py``'s docstring, test_layers checks it) does not count."""
    import ast

    room = ast.get_docstring(ast.parse((PACKAGE / "cli" / "__init__.py").read_text(encoding="utf-8")), clean=False)
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in CLI_FILES) - len((room or "").splitlines())
    assert lines <= 3265, (f"scorekeeper/cli/ has {lines} lines (the interactive table with its completion, rules, adjust, "
                           "serve and tally commands, the tally walk's terminal with its kept answers, import --from "
                           "bgstats's options and the pager, included)")


APP_FILES = sorted((PACKAGE / "app").rglob("*.py"))


@pytest.mark.parametrize("path", APP_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_application_layer_renders_nothing(path: Path) -> None:
    """Issue 22: text layout lives in ``render/``; the application layer imports no rendering, export or CLI
    code, and keeps no process-global state of its own (the memory journals and kept sessions are a
    ``Workspace``'s)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = [m for m in imported_names(tree) if m.split(".")[:2] in (["scorekeeper", "render"], ["scorekeeper", "exports"],
                                                                 ["scorekeeper", "cli"])]
    assert bad == [], f"{path.name} imports {bad}"
    assert not [node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == "lines"]


def test_no_module_outside_the_games_is_over_500_lines() -> None:
    long = {str(p.relative_to(PACKAGE)): n for p in PACKAGE.rglob("*.py")
            if "games" not in p.relative_to(PACKAGE).parts and (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    assert long == {}
