"""Longest simple paths in the small graphs of a Lair (the Gold chain and the Wall of the Royal Challenges).

Longest path is hard in general, so the search is a depth-first branch and bound: a partial path is dropped as
soon as even taking every still-reachable node could not beat the best path found. Lairs stay small, so the
search is exact in practice; a step budget keeps ``score`` responsive on pathological Lairs, and the caller is
told when the result is only the longest path found.
"""

from __future__ import annotations

from typing import Callable, Hashable, Mapping, Sequence, TypeVar

N = TypeVar("N", bound=Hashable)
Links = Mapping[N, Sequence[tuple[Hashable, N]]]


class _Budget(Exception):
    """The step budget ran out."""


def longest_path(links: Links, node_weight: Mapping[N, int], edge_weight: int, ring: bool,
                 order_key: Callable[[N], object], budget: int = 60_000) -> tuple[int, bool]:
    """The heaviest simple path (nodes never repeat; with ``ring`` a cycle back to its start counts too).

    A path is worth the weights of its nodes plus ``edge_weight`` per edge. Returns (value, exact).
    """
    best = 0
    steps = 0

    def bound(here: N, seen: set) -> int:
        """What the nodes still reachable from ``here`` could add at most."""
        total, todo, mark = 0, [here], {here}
        while todo:
            node = todo.pop()
            for _, other in links[node]:
                if other not in seen and other not in mark:
                    mark.add(other)
                    todo.append(other)
                    total += node_weight[other] + edge_weight
        return total + (edge_weight if ring else 0)

    def dfs(start: N, here: N, seen: set, value: int, used: set) -> None:
        """Extend the path ending at ``here`` depth-first, pruning hopeless branches."""
        nonlocal best, steps
        steps += 1
        if steps > budget:
            raise _Budget
        best = max(best, value)
        if value + bound(here, seen) <= best:
            return
        for key, other in sorted(links[here], key=lambda item: len(links[item[1]])):
            if key in used:
                continue
            if ring and other == start and len(used) >= 2:
                best = max(best, value + edge_weight)
                continue
            if other in seen:
                continue
            seen.add(other)
            used.add(key)
            dfs(start, other, seen, value + node_weight[other] + edge_weight, used)
            used.discard(key)
            seen.discard(other)

    try:
        for start in sorted(links, key=lambda n: (len(links[n]), order_key(n))):
            dfs(start, start, {start}, node_weight[start], set())
    except _Budget:
        return best, False
    return best, True
