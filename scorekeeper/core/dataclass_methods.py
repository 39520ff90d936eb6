"""The methods ``dataclasses`` writes for Scorekeeper's classes, compiled once and kept beside the module's bytecode.

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__`` (and, when frozen, ``__hash__``,
``__setattr__``, ``__delattr__``) as source text and compiles it with ``exec`` each time the class is created, in
every process: about a quarter of a one-shot command's instructions (issue 32, ``docs/performance.md``). Python
keeps a module's own code compiled in its ``__pycache__``; this keeps the text ``dataclasses`` generates there too,
compiled: ``protocol.cpython-311.dataclasses`` beside ``protocol.cpython-311.pyc``.

- Only the modules of this package (``scorekeeper.…``) use it; any other module's dataclasses are made by Python's
  own ``exec``.
- The generated text is the key: the same text compiles to the same code, so a kept code object is used only for
  exactly the text it was compiled from, and only by the interpreter that compiled it (``STAMP``). A missing,
  damaged, foreign or stale file is no entry: the text is compiled as ``dataclasses`` would, and the file written
  again at exit, atomically, with the codes this process used (so codes of a class since changed drop out).
- It is written where and when Python writes bytecode: not under ``PYTHONDONTWRITEBYTECODE`` or ``-B``, and never
  when the folder is not writable (a read-only install pays ``exec`` as before). It is read with ``io.open_code``,
  as Python reads a ``.pyc``, and trusted as much: whoever can write there can already write the module's bytecode.
- ``SCOREKEEPER_NO_CACHE=1`` turns it off, with the replay cache.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import io
import marshal
import os
import sys
from types import CodeType
from typing import Any

#: the interpreter a kept file is for (marshal's format and the bytecode change between versions)
STAMP = (sys.implementation.cache_tag, sys.hexversion)

#: the file's suffix, after the module's bytecode name without ``.pyc``
SUFFIX = ".dataclasses"

#: the modules whose dataclasses' methods are kept
PACKAGE = "scorekeeper."

_kept: dict[str, dict[str, CodeType]] = {}  # per file: generated text → code, as read
_used: dict[str, dict[str, CodeType]] = {}  # per file: the codes this process used
_fresh: set[str] = set()  # the files with a code compiled by this process


def kept_path(module_globals: dict[str, Any]) -> str | None:
    """Where the methods of the module with these globals are kept: its bytecode's name with ``SUFFIX``; None for
    a module that is not Scorekeeper's or has no bytecode name."""
    name, cached = module_globals.get("__name__"), module_globals.get("__cached__")
    if not isinstance(name, str) or not name.startswith(PACKAGE) or not isinstance(cached, str):
        return None
    return cached.removesuffix(".pyc") + SUFFIX


def read_kept(path: str) -> dict[str, CodeType]:
    """The codes kept at ``path``; nothing when the file is missing, damaged or from another interpreter."""
    try:
        with io.open_code(path) as file:
            stamp, codes = marshal.loads(file.read())
    except Exception:  # noqa: BLE001 (a file that cannot be read as kept codes is no entry)
        return {}
    if stamp != STAMP or not isinstance(codes, dict):
        return {}
    return {text: code for text, code in codes.items() if isinstance(text, str) and isinstance(code, CodeType)}


def exec_kept(source: Any, globals: Any = None, locals: Any = None, /, **options: Any) -> None:
    """``exec`` as ``dataclasses`` calls it: a text generated for a Scorekeeper module runs from its kept code
    (compiled and kept when new), anything else as ``builtins.exec`` runs it."""
    path = kept_path(globals) if isinstance(source, str) and isinstance(globals, dict) else None
    if path is None:
        return builtins.exec(source, globals, locals, **options)
    if path not in _kept:
        _kept[path] = read_kept(path)
    code = _kept[path].get(source)
    if code is None:  # as exec compiles a text: nothing inherited from the caller (dataclasses has no __future__)
        code = _kept[path][source] = compile(source, "<string>", "exec", dont_inherit=True)
        _fresh.add(path)
    _used.setdefault(path, {})[source] = code
    return builtins.exec(code, globals, locals, **options)


def keep() -> None:
    """Write the file of each module for which this process compiled a code (at exit): the codes it used, whole
    or not at all (a temporary file renamed over it); a folder that cannot be written keeps nothing."""
    if sys.dont_write_bytecode:
        return
    for path in sorted(_fresh):
        temporary = f"{path}.{os.getpid()}.tmp"
        try:
            with open(temporary, "wb") as file:
                file.write(marshal.dumps((STAMP, _used.get(path, {}))))
            os.replace(temporary, path)
        except OSError:
            try:
                os.unlink(temporary)
            except OSError:
                pass
    _fresh.clear()


def install() -> None:
    """Make ``dataclasses`` compile through ``exec_kept`` (once; not with ``SCOREKEEPER_NO_CACHE`` set)."""
    if os.environ.get("SCOREKEEPER_NO_CACHE") or getattr(dataclasses, "exec", None) is exec_kept:
        return
    setattr(dataclasses, "exec", exec_kept)  # the name ``dataclasses`` looks up before the builtin
    atexit.register(keep)
