"""The web companion is a front door beside the CLI: it stands on the session layer, the renderers and the games'
declarations, never on ``scorekeeper.cli``; the CLI's command is a thin declaration."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", sorted((PACKAGE / "web").glob("*.py")), ids=lambda p: p.name)
def test_the_web_room_imports_nothing_from_the_cli(path: Path) -> None:
    assert [m for m in imported(path) if m == "scorekeeper.cli" or m.startswith("scorekeeper.cli.")] == []


def test_the_serve_command_only_declares_and_calls_the_web_room() -> None:
    source = PACKAGE / "cli" / "session_serve.py"
    assert len(source.read_text(encoding="utf-8").splitlines()) <= 20
    assert "scorekeeper.web.server" in imported(source)
