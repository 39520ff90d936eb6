"""The tally-file fuzz's cases: the bundled tally inputs (``sample_sessions/inputs/*tally*``) each changed in one or
two places, drawn from a seed (issue 33, part 4).

A change is one of: a field dropped; a value retyped (text for a number, a number for text, a list, an object,
null, a boolean, a negative or a huge number); a key or a word misspelled (a letter dropped, doubled or swapped);
a reference left dangling (an id that names a card, a tile or a player replaced by one nobody has, or the thing it
named removed). Every case is a whole file, written as JSON (or TOML when the input is, and it still can be),
which ``tally --from`` must take or refuse in one line (``tests/fuzz/test_fuzz_tally.py``).
"""

from __future__ import annotations

import copy
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

INPUTS = Path(__file__).resolve().parents[2] / "sample_sessions" / "inputs"
#: a word that looks like an id the state refers to (a card, a tile, a chest, a fancy dragon…)
ID = re.compile(r"^[A-Za-z]{1,4}\d{1,3}(-[A-Za-z]+)?$|^[A-Z]+-\d+$")
KINDS = ("drop", "retype", "misspell", "dangle")


@dataclass(frozen=True)
class TallyCase:
    """One case: how it was made (to find it again), the file's name and its text."""

    number: int
    how: str
    name: str
    text: str


def inputs() -> list[tuple[str, dict[str, Any]]]:
    """The bundled tally inputs, parsed: (file name, data)."""
    import tomllib

    found = []
    for path in sorted(INPUTS.glob("*tally*")):
        text = path.read_text(encoding="utf-8")
        found.append((path.name, tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)))
    return found


def paths(data: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in ``data``: the path of keys and indexes to each value below the top."""
    if isinstance(data, dict):
        items: Any = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return
    for key, value in items:
        yield (*at, key)
        yield from paths(value, (*at, key))


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


def _misspelt(word: str, rng: random.Random) -> str:
    if len(word) < 2:
        return word + "x"
    i = rng.randrange(len(word) - 1)
    how = rng.choice(("drop", "double", "swap"))
    if how == "drop":
        return word[:i] + word[i + 1:]
    if how == "double":
        return word[:i] + word[i] + word[i:]
    swapped = word[:i] + word[i + 1] + word[i] + word[i + 2:]
    return swapped if swapped != word else word + "e"


RETYPED: tuple[Any, ...] = ("four", 4, -3, 10 ** 30, 2.5, True, None, [], ["x"], {}, {"x": 1}, "")


def mutate(data: dict[str, Any], rng: random.Random) -> str:
    """Change ``data`` in place in one way drawn from ``rng``; how, in words."""
    every = list(paths(data))
    kind = rng.choice(KINDS)
    if kind == "dangle":
        ids = [p for p in every if isinstance(_parent(data, p)[p[-1]], str) and ID.match(_parent(data, p)[p[-1]])]
        keyed = [p for p in every if isinstance(p[-1], str) and ID.match(p[-1])]
        if ids and (not keyed or rng.random() < 0.6):
            path = rng.choice(ids)
            _parent(data, path)[path[-1]] = rng.choice(("X9", "D99", "T999", "H7", "FY-99", "Nobody"))
            return f"dangle {'.'.join(map(str, path))}"
        if keyed:
            path = rng.choice(keyed)
            del _parent(data, path)[path[-1]]
            return f"dangle (removed) {'.'.join(map(str, path))}"
        kind = "drop"
    path = rng.choice(every)
    parent = _parent(data, path)
    where = ".".join(map(str, path))
    if kind == "drop":
        del parent[path[-1]]
        return f"drop {where}"
    if kind == "retype":
        old = parent[path[-1]]
        choices = [v for v in RETYPED if type(v) is not type(old)]
        parent[path[-1]] = copy.deepcopy(rng.choice(choices))
        return f"retype {where} = {parent[path[-1]]!r}"
    # misspell: the key when it is a key, else a text value
    if isinstance(parent, dict) and (not isinstance(parent[path[-1]], str) or rng.random() < 0.5):
        new = _misspelt(str(path[-1]), rng)
        parent[new] = parent.pop(path[-1])
        return f"misspell key {where} -> {new}"
    value = parent[path[-1]]
    if isinstance(value, str):
        parent[path[-1]] = _misspelt(value, rng)
        return f"misspell {where} = {parent[path[-1]]!r}"
    parent[path[-1]] = str(value) + "x"
    return f"misspell {where} = {parent[path[-1]]!r}"


def cases(seed: int, count: int) -> Iterator[TallyCase]:
    """``count`` cases drawn from ``seed``, the bundled inputs in turn; one change in 3 of 4, two in the rest."""
    sources = inputs()
    for number in range(count):
        rng = random.Random(f"{seed}:{number}")
        name, original = sources[number % len(sources)]
        data = copy.deepcopy(original)
        how = [mutate(data, rng) for _ in range(1 if rng.random() < 0.75 else 2)]
        yield TallyCase(number, f"{name}: {'; '.join(how)}", "table.json", json.dumps(data))
