"""Imports go down the layers, never up (DESIGN.md: data flows one way).

The rooms of ``scorekeeper/``, top to bottom::

    cli/  render/  exports/  web/      the faces: commands, screens, files for other programs
    app/                               what a command does: sessions, consequences, what-ifs, standings…
    core/   games/                     the engine, the journal and its trust; the registry and each game's rules

* ``app/`` imports nothing above it (no ``cli``, ``render``, ``exports`` or ``web``);
* ``core/`` imports neither ``games/`` (the registry and the game packages: the protocol the engine drives,
  ``core.protocol``, is core's own) nor ``app/`` nor anything above it; ``errors`` imports nothing but ``core/``;
* a game's package imports only ``core/``, ``scorekeeper.errors``, the games' shared modules (the registry,
  ``scorekeeper.games``) and itself (never another game, never the app or a face);
* ``render/`` imports no ``cli/``.

Every import counts, those inside functions and under ``TYPE_CHECKING`` too. The violations that exist today
are listed in :data:`KNOWN_TODAY`, each with why; the test fails on a new one, and on a listed one that is gone
(take it off the list): the list only shrinks.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
FACES = ("cli", "render", "exports", "web")
ROOMS = (*FACES, "app", "core", "games")

#: (importing module, imported module) pairs that break a rule today, each to be removed
KNOWN_TODAY: set[tuple[str, str]] = set()  # none left: the application layer's text moved to render/ (issue 22)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The scorekeeper modules ``path`` imports (``from scorekeeper.x import y`` counts as ``scorekeeper.x.y``
    when ``y`` is a module of ours, else as ``scorekeeper.x``); relative imports resolved."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]) if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            for alias in node.names:
                inner = f"{module}.{alias.name}"
                found.add(inner if is_module(inner) else module)
    return {m for m in found if m == "scorekeeper" or m.startswith("scorekeeper.")}


def is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def room(name: str) -> str:
    """``cli``, ``app``, ``core``, ``games``… of a module name (``""`` for the package's root modules)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in ROOMS else ""


def game_package(name: str) -> str | None:
    """``scorekeeper.games.flamecraft`` for any module of Flamecraft's package; None for the games' shared
    modules (the registry: the files directly in ``scorekeeper/games/``)."""
    parts = name.split(".")
    if room(name) != "games" or len(parts) < 3 or not (PACKAGE / "games" / parts[2]).is_dir():
        return None
    return ".".join(parts[:3])


def broken_rule(importer: str, imported: str) -> str | None:
    """The rule ``importer`` breaks by importing ``imported``, if any."""
    here, there = room(importer), room(imported)
    if here == "app" and there in FACES:
        return "app/ imports a face"
    if here == "core" and there in ("app", "games", *FACES):
        return "core/ imports a layer above it (the protocol the engine drives is core's own)"
    if importer == "scorekeeper.errors" and there not in ("", "core"):
        return "errors imports more than core/"
    if here == "render" and there == "cli":
        return "render/ imports cli/"
    own = game_package(importer)
    shared = there == "games" and game_package(imported) is None
    if here == "games" and not (there == "core" or imported == "scorekeeper.errors" or shared
                                or (own and (imported == own or imported.startswith(own + ".")))):
        return "game code imports more than core/, errors, the games' shared modules and its own package"
    return None


def violations() -> dict[tuple[str, str], str]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        importer = module_name(path)
        for imported in imports(path):
            rule = broken_rule(importer, imported)
            if rule:
                found[(importer, imported)] = rule
    return found


def test_imports_go_down_the_layers() -> None:
    found = violations()
    new = {pair: rule for pair, rule in found.items() if pair not in KNOWN_TODAY}
    gone = KNOWN_TODAY - set(found)
    assert not new, "imports that go up a layer:\n" + "\n".join(f"  {a} -> {b}: {r}" for (a, b), r in sorted(new.items()))
    assert not gone, f"fixed, take them off KNOWN_TODAY: {sorted(gone)}"


def test_the_layer_rules_see_what_they_forbid() -> None:
    """The rules catch each kind of upward import (a rule that never fires would prove nothing)."""
    assert broken_rule("scorekeeper.app.session", "scorekeeper.render.report")
    assert broken_rule("scorekeeper.app.standings", "scorekeeper.web.pages")
    assert broken_rule("scorekeeper.core.engine", "scorekeeper.app.session")
    assert broken_rule("scorekeeper.render.chart", "scorekeeper.cli.common")
    assert broken_rule("scorekeeper.games.flamecraft.rules", "scorekeeper.games.emberheart.notation")
    assert broken_rule("scorekeeper.games.flamecraft.rules", "scorekeeper.app.session")
    assert broken_rule("scorekeeper.core.protocol", "scorekeeper.render.report")
    assert broken_rule("scorekeeper.core.settings", "scorekeeper.games")
    assert broken_rule("scorekeeper.core.engine", "scorekeeper.games.flamecraft.game")
    assert broken_rule("scorekeeper.errors", "scorekeeper.games")
    assert not broken_rule("scorekeeper.games.flamecraft.rules", "scorekeeper.games.flamecraft.cards")
    assert not broken_rule("scorekeeper.games.flamecraft.rules", "scorekeeper.core.events")
    assert not broken_rule("scorekeeper.games.flamecraft", "scorekeeper.core.protocol")
    assert not broken_rule("scorekeeper.cli.common", "scorekeeper.app.session")
    assert not broken_rule("scorekeeper.render.report", "scorekeeper.app.standings")
    assert imports(PACKAGE / "cli" / "__init__.py") >= {"scorekeeper.games"}
