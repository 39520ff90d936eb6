"""Game code imports no CLI, storage or rendering code (DESIGN.md: data flows one way)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
FORBIDDEN = ("click", "tinydb", "tabulate", "filelock", "scorekeeper.cli", "scorekeeper.journal", "scorekeeper.report")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


GAME_FILES = sorted((PACKAGE / "games").rglob("*.py")) + [PACKAGE / "engine.py", PACKAGE / "events.py", PACKAGE / "settings.py"]


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_game_and_engine_code_imports_no_cli_storage_or_rendering(path: Path) -> None:
    bad = [m for m in imported_modules(path) if any(m == f or m.startswith(f + ".") for f in FORBIDDEN)]
    assert bad == [], f"{path.name} imports {bad}"


def test_only_report_imports_tabulate() -> None:
    users = [p.name for p in PACKAGE.rglob("*.py") if "tabulate" in imported_modules(p)]
    assert users == ["report.py"]
