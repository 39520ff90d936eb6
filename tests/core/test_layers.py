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


#: the import circles allowed, each a set of modules that import each other, with why; only game packages may
#: list one (the rooms' modules are composed without a ring: ``app/session.py`` alone puts ``Session`` together)
ALLOWED_CIRCLES: dict[frozenset[str], str] = {
    frozenset({f"scorekeeper.games.eight_dragons.{m}" for m in ("adjust", "context", "notation", "rules_lair")}):
        "8 Dragons: the Lair's notation reads a placement the rules check, and the rules print it back in it",
    frozenset({f"scorekeeper.games.emberheart.{m}" for m in (
        "context", "rules_action", "rules_cards", "rules_raid", "rules_reward", "rules_setup", "scoring", "view")}):
        "Emberheart: the rule modules dispatch to each other through the rule context (a phase's play goes on "
        "into the next phase's rules)",
    frozenset({f"scorekeeper.games.flamecraft.{m}" for m in (
        "rules_enchant", "rules_gather", "rules_gift", "rules_turn", "view")}):
        "Flamecraft: a turn's rules hand on to gathering, gifts and enchanting, which end the turn through it",
}


def import_graph() -> dict[str, set[str]]:
    """Every module of the package and the modules of the package it imports (module level, inside functions and
    under ``TYPE_CHECKING`` alike)."""
    return {module_name(path): imports(path) - {module_name(path)} for path in sorted(PACKAGE.rglob("*.py"))}


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next((c for c in children if c in graph), None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def test_no_import_circles_but_the_listed_ones() -> None:
    found = set(circles(import_graph()))
    new = found - set(ALLOWED_CIRCLES)
    gone = set(ALLOWED_CIRCLES) - found
    assert not new, "modules that import each other in a circle:\n" + "\n".join(
        "  " + " <-> ".join(sorted(c)) for c in new)
    assert not gone, f"circles gone or changed, take them off ALLOWED_CIRCLES: {[sorted(c) for c in gone]}"
    for circle in ALLOWED_CIRCLES:
        assert all(room(m) == "games" for m in circle), f"only a game package may list a circle: {sorted(circle)}"


def test_the_circle_finder_sees_a_ring_and_passes_a_chain() -> None:
    ring = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(ring) == [frozenset({"a", "b", "c"})]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_each_room_says_what_it_holds_and_what_it_may_import() -> None:
    """A room's ``__init__`` docstring names each of its modules (``session_*`` stands for a family) and says
    what the room may import."""
    import fnmatch
    import re

    for name in ("core", "app", "render", "web", "cli"):
        doc = ast.get_docstring(ast.parse((PACKAGE / name / "__init__.py").read_text(encoding="utf-8"))) or ""
        assert "May import" in doc, f"{name}/__init__.py does not say what the room may import"
        named = set(re.findall(r"``([^`]+)``", doc))
        for module in sorted(p.stem for p in (PACKAGE / name).glob("*.py") if p.stem != "__init__"):
            assert any(fnmatch.fnmatch(module, pattern) for pattern in named), \
                f"{name}/__init__.py does not name its module {module}"
