"""No import circle among the league's and the report's modules (issue 32): ``app/standings.py``,
``app/league_index.py`` and ``app/league_stats.py`` imported each other in a circle, and ``render/league.py`` and
``render/report.py``. The shared pieces moved down (``app/league_result.py``, ``app/aliases.py``; the standings'
rendering into ``render/league.py``). Every import counts, a function's or a type checker's too
(``test_layers.imports``)."""

from __future__ import annotations

from tests.core.test_layers import PACKAGE, imports, module_name

FREED = {"scorekeeper.app.standings", "scorekeeper.app.league_index", "scorekeeper.app.league_stats",
         "scorekeeper.app.league_result", "scorekeeper.app.aliases", "scorekeeper.app.trust_verdict",
         "scorekeeper.app.played", "scorekeeper.render.league", "scorekeeper.render.report"}


def circles() -> list[set[str]]:
    """The strongly connected components of more than one module of the package's import graph (Tarjan)."""
    graph = {module_name(p): imports(p) for p in PACKAGE.rglob("*.py")}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_league_and_report_modules_are_in_no_circle() -> None:
    assert [c for c in circles() if c & FREED] == []
