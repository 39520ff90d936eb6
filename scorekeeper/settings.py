"""Session settings: the values a rulebook leaves open, each declared by its game with a default.

A game lists ``Setting`` objects; ``scorekeeper new … --set key=value`` overrides them; every value is
stored in the session so that a replay is always reproducible; ``scorekeeper settings`` lists them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

_TRUE = {"1", "true", "yes", "on", "y"}
_FALSE = {"0", "false", "no", "off", "n"}


class SettingError(ValueError):
    """A ``--set`` value that does not parse or names no setting; the message says how to fix it."""


def parse_bool(text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ValueError("expected yes or no")


def parse_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def parse_int_list(text: str) -> list[int]:
    return [int(part) for part in parse_list(text)]


def parse_json(text: str) -> Any:
    return json.loads(text)


PARSERS: dict[str, Callable[[str], Any]] = {
    "int": int,
    "str": str,
    "bool": parse_bool,
    "list": parse_list,
    "int_list": parse_int_list,
    "json": parse_json,
}


@dataclass(frozen=True)
class Setting:
    """One open question of a rulebook, with its default.

    ``kind`` is one of ``int``, ``str``, ``bool``, ``list`` (comma-separated words), ``int_list``, ``json``.
    ``choices`` restricts a ``str`` setting. ``ref`` names the spec's ambiguity (``AMB-07``…).
    ``mutable`` settings may also be changed mid-game with ``scorekeeper set`` (recorded as an event).
    """

    key: str
    default: Any
    help: str
    kind: str = "str"
    choices: Sequence[str] = field(default_factory=tuple)
    ref: str = ""
    mutable: bool = False

    def parse(self, text: str) -> Any:
        try:
            value = PARSERS[self.kind](text)
        except (ValueError, json.JSONDecodeError) as exc:
            raise SettingError(f"setting {self.key}: cannot read {text!r} as {self.kind} ({exc})") from None
        if self.choices and value not in self.choices:
            raise SettingError(
                f"setting {self.key}: {text!r} is not one of {', '.join(map(str, self.choices))}"
            )
        return value


def parse_assignment(text: str) -> tuple[str, str]:
    """``key=value`` → (key, value)."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise SettingError(f"{text!r} is not key=value (for example --set side=B)")
    return key.strip(), value.strip()


def resolve(
    declared: Sequence[Setting], overrides: Sequence[str]
) -> tuple[dict[str, Any], dict[str, str]]:
    """Every declared setting's value and its source (``default`` or ``--set``) after ``overrides``."""
    by_key = {s.key: s for s in declared}
    values = {s.key: s.default for s in declared}
    sources = {s.key: "default" for s in declared}
    for text in overrides:
        key, raw = parse_assignment(text)
        setting = by_key.get(key)
        if setting is None:
            known = ", ".join(sorted(by_key)) or "none"
            raise SettingError(f"unknown setting {key!r}; known settings: {known}")
        values[key] = setting.parse(raw)
        sources[key] = "--set"
    return values, sources


def completed(declared: Sequence[Setting], values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with every declared setting it lacks at its default (a setting added in a later version)."""
    result = dict(values)
    for setting in declared:
        result.setdefault(setting.key, setting.default)
    return result


def find(declared: Sequence[Setting], key: str) -> Setting:
    for setting in declared:
        if setting.key == key:
            return setting
    known = ", ".join(sorted(s.key for s in declared)) or "none"
    raise SettingError(f"unknown setting {key!r}; known settings: {known}")


def describe(declared: Sequence[Setting], values: Mapping[str, Any], sources: Mapping[str, str]) -> list[dict[str, Any]]:
    """Rows for ``scorekeeper settings``."""
    return [
        {
            "key": s.key,
            "value": values.get(s.key, s.default),
            "source": sources.get(s.key, "default"),
            "ref": s.ref,
            "help": s.help,
        }
        for s in declared
    ]
