"""Strict JSON: the values a session file may hold, read and checked the same way everywhere.

Python's ``json`` accepts ``NaN``, ``Infinity`` and ``1e309`` (read as infinity), and writes them back, which
no other JSON reader accepts; it also keeps a lone surrogate (``"\\ud800"``) that cannot be written as UTF-8.
``loads`` refuses all of these, numbers too long to read and nesting too deep to walk, with one ``ValueError``
whose message says what is wrong; ``problem`` finds the same faults in a value already in memory.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, Iterable, Sequence

#: deeper than any session holds; a deeper value is refused before it can exhaust the stack
MAX_DEPTH = 100

#: a ``\\uD800``–``\\uDFFF`` escape: the only way a lone surrogate gets into text decoded from UTF-8 (compiled, by
#: ``re``'s cache, only for a text that holds an escape)
SURROGATE_ESCAPE = r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}"


class StrictJSONError(ValueError):
    """Text or a value that strict JSON cannot hold; the message names the fault."""


class NotJSON(StrictJSONError):
    """Text that is not JSON at all (a syntax error), as opposed to JSON that strict JSON refuses."""


def _no_constant(name: str) -> Any:
    raise StrictJSONError(f"{name} is not a number JSON can hold")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise StrictJSONError(f"{text} is too large for a JSON number")
    return value


def loads(text: str, *, limit_depth: bool = True) -> Any:
    """Parse ``text`` as strict JSON, or raise ``StrictJSONError`` (a ``ValueError``) saying why.

    ``limit_depth=False`` skips the walk that refuses values nested deeper than ``MAX_DEPTH`` (a whole session
    file: its size makes the walk cost, and what parses there also writes back).
    """
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except StrictJSONError:
        raise
    except json.JSONDecodeError as exc:
        raise NotJSON(f"JSON error at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    except RecursionError:
        raise StrictJSONError("nested too deeply") from None
    except ValueError as exc:  # an integer of more than 4,300 digits
        raise StrictJSONError(f"a number is too long to read ({str(exc).split(':')[0]})") from None
    if ("\\u" in text and re.search(SURROGATE_ESCAPE, text)) or (limit_depth and _too_deep(value)):
        found = problem(value)
        if found:
            raise StrictJSONError(found)
    return value


def _too_deep(value: Any) -> bool:
    """Whether ``value`` nests deeper than ``MAX_DEPTH`` (iterative: never exhausts the stack)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


def problem(value: Any) -> str | None:
    """What keeps ``value`` from being written as strict JSON in UTF-8, or None when nothing does.

    One walk of the containers only (a scalar is judged where it is found, ASCII text without encoding it):
    a tally's whole end state is checked before it is written, and this walk is most of that check's cost."""
    if not isinstance(value, (dict, list)):
        return _scalar_problem(value)
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children: Iterable[Any]
        if depth > MAX_DEPTH:
            return f"nested more than {MAX_DEPTH} deep"
        if isinstance(item, dict):
            for key in item:
                if not isinstance(key, str):
                    return f"the key {key!r} is not text"
                if not key.isascii() and not _encodable(key):
                    return SURROGATE
            children = item.values()
        else:
            children = item
        for child in children:
            if isinstance(child, (dict, list)):
                stack.append((child, depth + 1))
            elif child.__class__ in _PLAIN or (isinstance(child, str) and child.isascii()):
                continue  # whole numbers, true/false, null and ASCII text: nothing to check
            else:
                found = _scalar_problem(child)
                if found:
                    return found
    return None


_PLAIN = (int, bool, type(None))
SURROGATE = "the text holds a lone surrogate (\\ud800–\\udfff), which is not a character"


def _scalar_problem(item: Any) -> str | None:
    """What keeps a value that is not a container from being strict JSON in UTF-8, or None."""
    if isinstance(item, str):
        return None if _encodable(item) else SURROGATE
    if isinstance(item, float):
        return None if math.isfinite(item) else f"{item} is not a number JSON can hold"
    if item is None or isinstance(item, (int, bool)):
        return None
    return f"{type(item).__name__} is not a JSON value"


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def dumps(value: Any, **options: Any) -> str:
    """``json.dumps`` that refuses ``NaN`` and the infinities (``ValueError``) instead of writing them."""
    return json.dumps(value, allow_nan=False, **options)


def command_value(text: str) -> Any:
    """A value typed on the command line: JSON when it parses (numbers, lists, objects, true/false), else the
    text. NaN, Infinity, a number too large (``1e309``) or too long, or JSON nested too deeply are refused."""
    from scorekeeper.errors import BadInput

    try:
        return loads(text)
    except NotJSON:
        return text
    except ValueError as exc:
        raise BadInput(f"{text[:40]!r}: {exc}; write a finite number, or quote text as JSON ('\"{text[:20]}\"')") from None


def assignments(pairs: Sequence[str], what: str) -> dict[str, Any]:
    """``key=value`` words → a dict of command-line values; ``BadInput`` on a word without ``=``."""
    from scorekeeper.errors import BadInput

    result: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise BadInput(f"{pair!r} is not key=value (for example: {what})")
        result[key.strip()] = command_value(value.strip())
    return result
