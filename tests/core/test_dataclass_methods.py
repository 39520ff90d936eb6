"""The methods ``dataclasses`` writes for the package's classes are compiled once and kept beside the bytecode
(``scorekeeper.core.dataclass_methods``, issue 32): the same classes, whether the codes come from the file or not."""

from __future__ import annotations

import dataclasses
import marshal
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from scorekeeper.core import dataclass_methods as kept


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """No code read or compiled yet in this process, bytecode written as on a machine that keeps it."""
    monkeypatch.setattr(kept, "_kept", {})
    monkeypatch.setattr(kept, "_used", {})
    monkeypatch.setattr(kept, "_fresh", set())
    monkeypatch.setattr(sys, "dont_write_bytecode", False)


def make_record(module_name: str, cached: Path) -> type:
    """A frozen dataclass with a default and a factory, made in a module named ``module_name``."""
    module = types.ModuleType(module_name)
    module.__cached__ = str(cached)  # type: ignore[attr-defined]
    sys.modules[module_name] = module
    try:
        source = ("from dataclasses import dataclass, field\n"
                  "@dataclass(frozen=True)\n"
                  "class Seat:\n"
                  "    name: str\n"
                  "    gold: int = 3\n"
                  "    cards: tuple = field(default_factory=tuple)\n")
        exec(compile(source, f"<{module_name}>", "exec"), module.__dict__)
        seat: type = module.__dict__["Seat"]
        return seat
    finally:
        del sys.modules[module_name]


def behaves_as_a_dataclass(seat: type) -> None:
    a, b = seat("Astrid"), seat("Astrid", 3, ())
    assert a == b and hash(a) == hash(b) and a != seat("Bjorn")
    assert repr(a) == "Seat(name='Astrid', gold=3, cards=())"
    assert [f.name for f in dataclasses.fields(seat)] == ["name", "gold", "cards"]
    assert dataclasses.replace(a, gold=5).gold == 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.gold = 4  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        seat()


def test_the_package_dataclasses_go_through_the_kept_codes() -> None:
    assert getattr(dataclasses, "exec") is kept.exec_kept  # importing scorekeeper installed it


@pytest.mark.usefixtures("fresh")
def test_a_class_made_from_kept_codes_is_the_class_python_makes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cached = tmp_path / "seats.cpython-311.pyc"
    first = make_record("scorekeeper.fake_seats", cached)
    behaves_as_a_dataclass(first)
    path = str(cached).removesuffix(".pyc") + kept.SUFFIX
    assert kept._fresh == {path} and not os.path.exists(path)
    kept.keep()
    stamp, codes = marshal.loads(Path(path).read_bytes())
    assert stamp == kept.STAMP and len(codes) == 6  # __init__, __repr__, __eq__, __hash__, __setattr__, __delattr__

    # another process: the codes come from the file, nothing is compiled
    monkeypatch.setattr(kept, "_kept", {})
    monkeypatch.setattr(kept, "_used", {})

    def no_compile(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled although the code was kept")

    monkeypatch.setattr(kept, "compile", no_compile, raising=False)
    again = make_record("scorekeeper.fake_seats", cached)
    behaves_as_a_dataclass(again)
    assert not kept._fresh


@pytest.mark.usefixtures("fresh")
@pytest.mark.parametrize("content", [b"", b"not marshal", marshal.dumps((("cpython-299", 0), {})),
                                     marshal.dumps((kept.STAMP, {"def f(): pass": "not code"}))],
                         ids=["empty", "garbage", "another interpreter", "not code"])
def test_a_damaged_or_foreign_file_is_no_entry_and_is_written_again(tmp_path: Path, content: bytes) -> None:
    cached = tmp_path / "seats.cpython-311.pyc"
    path = Path(str(cached).removesuffix(".pyc") + kept.SUFFIX)
    path.write_bytes(content)
    behaves_as_a_dataclass(make_record("scorekeeper.fake_seats", cached))
    kept.keep()
    stamp, codes = marshal.loads(path.read_bytes())
    assert stamp == kept.STAMP and all(isinstance(c, types.CodeType) for c in codes.values())


@pytest.mark.usefixtures("fresh")
def test_the_key_is_the_whole_generated_text(tmp_path: Path) -> None:
    """A kept file whose code says something else for the same text would change the class: the text is the key,
    so a class whose generated text differs compiles its own."""
    cached = tmp_path / "seats.cpython-311.pyc"
    path = Path(str(cached).removesuffix(".pyc") + kept.SUFFIX)
    make_record("scorekeeper.fake_seats", cached)
    kept.keep()
    texts = list(marshal.loads(path.read_bytes())[1])
    assert all(text.startswith("def __create_fn__(") for text in texts)
    assert any("gold:_type_gold=_dflt_gold" in text for text in texts)  # the defaults are in the text


@pytest.mark.usefixtures("fresh")
def test_nothing_is_written_where_python_writes_no_bytecode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    cached = tmp_path / "seats.cpython-311.pyc"
    behaves_as_a_dataclass(make_record("scorekeeper.fake_seats", cached))
    kept.keep()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.usefixtures("fresh")
def test_a_folder_that_cannot_be_written_keeps_nothing_and_fails_nothing(tmp_path: Path) -> None:
    cached = tmp_path / "missing" / "seats.cpython-311.pyc"
    behaves_as_a_dataclass(make_record("scorekeeper.fake_seats", cached))
    kept.keep()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.usefixtures("fresh")
def test_another_package_dataclasses_are_pythons_own(tmp_path: Path) -> None:
    cached = tmp_path / "seats.cpython-311.pyc"
    behaves_as_a_dataclass(make_record("someone_else.seats", cached))
    kept.keep()
    assert not kept._used and list(tmp_path.iterdir()) == []


def test_a_command_writes_the_codes_then_reads_them(tmp_path: Path) -> None:
    """Two runs of the same import in fresh interpreters, from a copy of the package: the first keeps the codes
    beside each module's bytecode, the second compiles none of them."""
    import shutil

    import scorekeeper

    copy = tmp_path / "scorekeeper"
    shutil.copytree(Path(scorekeeper.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "SCOREKEEPER_NO_CACHE")}
    env["PYTHONPATH"] = str(tmp_path)
    probe = ("import builtins, sys\n"
             "import scorekeeper.core.dataclass_methods as kept\n"
             "import scorekeeper.core.protocol\n"
             "print(len(kept._fresh), sum(map(len, kept._used.values())))\n")
    first = subprocess.run([sys.executable, "-c", probe], env=env, cwd=tmp_path, capture_output=True, text=True, check=True)
    compiled, used = map(int, first.stdout.split())
    assert compiled > 3 and used > 20
    assert (copy / "core" / "__pycache__" / f"protocol.{sys.implementation.cache_tag}{kept.SUFFIX}").is_file()
    second = subprocess.run([sys.executable, "-c", probe], env=env, cwd=tmp_path, capture_output=True, text=True, check=True)
    assert second.stdout.split() == ["0", str(used)]
