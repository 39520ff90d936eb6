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
    from scorekeeper.core import strictjson

    return strictjson.loads(text)  # NaN, Infinity and 1e309 are refused


def parse_table(text: str) -> Any:
    """A table as the board shows it, ``2=2,4=5`` (``KEY=NUMBER`` pairs, commas or spaces between), or JSON."""
    if "=" not in text or text.strip()[:1] in ("{", "[", '"'):
        return parse_json(text)
    table: dict[str, Any] = {}
    for pair in text.replace(",", " ").split():
        key, sep, value = pair.partition("=")
        if not sep or not key or not value.strip().lstrip("-").isdigit():
            raise ValueError(f"{pair!r} is not KEY=NUMBER; write pairs such as 2=2,4=5 or JSON")
        table[key] = int(value)
    return table


PARSERS: dict[str, Callable[[str], Any]] = {
    "int": int,
    "str": str,
    "bool": parse_bool,
    "list": parse_list,
    "int_list": parse_int_list,
    "json": parse_json,
    "table": parse_table,
}


#: what a value of each kind must be (the type check; ``Setting.problem`` adds the range)
_KINDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "int": (lambda v: _whole(v), "a whole number"),  # what ``is not …`` says
    "str": (lambda v: isinstance(v, str), "text"),
    "bool": (lambda v: isinstance(v, bool), "yes or no"),
    "list": (lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v), "a list of words"),
    "int_list": (lambda v: isinstance(v, list) and all(_whole(x) for x in v), "a list of whole numbers"),
    "json": (lambda v: True, "a JSON value"),
    "table": (lambda v: True, "a table"),
}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Setting:
    """One open question of a rulebook, with its default, its type and its range.

    ``kind`` is one of ``int``, ``str``, ``bool``, ``list`` (comma-separated words), ``int_list``, ``json``,
    ``table`` (``KEY=NUMBER`` pairs or JSON).
    ``choices`` restricts the value (of a ``list``, each word). ``min``/``max`` bound an ``int`` (of an
    ``int_list``, each number). ``validator`` checks what the kind cannot say (a ``json`` object's shape): it
    returns what is wrong, or None. ``None`` is a value only of a setting whose default is ``None``.
    ``ref`` names the spec's ambiguity (``AMB-07``…). ``mutable`` settings may also be changed mid-game with
    ``scorekeeper set`` (recorded as an event). Every value is checked: at ``new --set``, at ``set``, at
    ``import`` and whenever a session is read.
    """

    key: str
    default: Any
    help: str
    kind: str = "str"
    choices: Sequence[Any] = field(default_factory=tuple)
    ref: str = ""
    mutable: bool = False
    min: int | None = None
    max: int | None = None
    validator: Callable[[Any], str | None] | None = None

    def parse(self, text: str) -> Any:
        """The value ``text`` gives (``key=TEXT`` on the command line), checked; ``SettingError`` otherwise."""
        try:
            value = PARSERS[self.kind](text)
        except ValueError as exc:
            raise SettingError(f"setting {self.key}: cannot read {text!r} as {self.kind} ({exc})") from None
        return self.check(value)

    def check(self, value: Any) -> Any:
        """``value`` when it is of this setting's type and range; ``SettingError`` naming the setting otherwise."""
        wrong = self.problem(value)
        if wrong:
            raise SettingError(f"setting {self.key}: {_shown(value)} {wrong}")
        return value

    def problem(self, value: Any) -> str | None:
        """What is wrong with ``value`` for this setting, said of it (``is not a whole number``), or None."""
        from scorekeeper.core import strictjson

        if value is None and self.default is None:
            return None
        good, what = _KINDS.get(self.kind, _KINDS["json"])
        if not good(value):
            return f"is not {what}"
        unfit = strictjson.problem(value)
        if unfit:
            return f"cannot be stored ({unfit})"
        many = self.kind in ("list", "int_list")
        for item in value if many else [value]:
            where = f"holds {_shown(item)}, which " if many else ""
            if self.choices and item not in self.choices:
                return f"{where}is not one of {', '.join(map(str, self.choices))}"
            if self.kind in ("int", "int_list"):
                if self.min is not None and item < self.min:
                    return f"{where}is less than {self.min}"
                if self.max is not None and item > self.max:
                    return f"{where}is more than {self.max}"
        return self.validator(value) if self.validator else None


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:39]) + "…"
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def first_problem(declared: Sequence[Setting], values: Mapping[str, Any]) -> str | None:
    """The first declared setting whose value in ``values`` is of the wrong type or range, as a message."""
    for setting in declared:
        if setting.key in values:
            wrong = setting.problem(values[setting.key])
            if wrong:
                return f"setting {setting.key} is {_shown(values[setting.key])}, which {wrong}"
    return None


def whole_number_table(value: Any, what: str) -> str | None:
    """A validator: ``value`` is an object mapping whole numbers >= 0 (as text) to whole numbers >= 0."""
    if not isinstance(value, dict):
        return f"is not an object of {what}"
    for key, number in value.items():
        if not (key.isascii() and key.isdigit()) or not _whole(number) or number < 0:
            return f"holds {_shown({key: number})}: its keys and values must be whole numbers >= 0 ({what})"
    return None


def word_table(value: Any, words: Sequence[str], what: str) -> str | None:
    """A validator: ``value`` is an object mapping words to one of ``words``."""
    if not isinstance(value, dict) or not all(isinstance(v, str) and v in words for v in value.values()):
        return f"is not an object of {what}, each one of {', '.join(words)}"
    return None


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
