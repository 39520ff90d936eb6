"""The fuzz's other kinds in the suite, a few seeded cases each (tests/fuzz; the argument fuzz is
tests/core/test_fuzz_cli.py): the ``play`` shell fed hostile lines from a pipe, special files as every path
the product reads or writes, hostile payload shapes in a session file, Ctrl-C at a random moment. A longer run
is ``python -m tests.fuzz --seed N --cases N`` (docs/fuzz.md)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from tests.fuzz import bgstats, interrupt, payloads, shell, specials
from tests.fuzz.case import Case
from tests.fuzz.sandbox import Place

SEED = 20261203
#: cases of each kind run here (each a forked child; an interrupt case a whole interpreter)
SAMPLED = {"shell": 12, "specials": 24, "payloads": 16, "interrupt": 3, "bgstats": 10}


def sampled(kind: str, made: list[Case]) -> list[Case]:
    return random.Random(f"{SEED}-{kind}").sample(made, min(SAMPLED[kind], len(made)))


def judge(cases: list[Case], tmp_path: Path) -> None:
    place = Place(tmp_path / "case")
    failures = []
    for case in cases:
        found = [f for f in case.run(place) if not f.startswith("startup:")]
        if found:
            failures.append(f"{case.kind} #{case.number} ({case.described[:200]}): {'; '.join(found)}")
    assert not failures, "\n".join(failures)


def test_the_shell_survives_hostile_lines_from_a_pipe(tmp_path: Path) -> None:
    judge(sampled("shell", shell.cases(SEED, 100)), tmp_path)


def test_special_files_in_place_of_every_path_are_refused_or_ignored(tmp_path: Path) -> None:
    every = specials.cases(SEED, len(specials.path_parameters()) * len(specials.SPECIALS) + len(specials.OWN) * 8)
    judge(sampled("specials", every), tmp_path)


def test_hostile_payload_shapes_in_a_session_file_are_refused_in_one_line(tmp_path: Path) -> None:
    judge(sampled("payloads", payloads.cases(SEED, 100)), tmp_path)


def test_malformed_bg_stats_exports_are_refused_in_one_line_with_nothing_written(tmp_path: Path) -> None:
    judge(sampled("bgstats", bgstats.cases(SEED, 60)), tmp_path)


def test_ctrl_c_at_a_random_moment_ends_in_one_line_with_nothing_half_written(tmp_path: Path) -> None:
    judge(sampled("interrupt", interrupt.cases(SEED, 50)), tmp_path)


def test_every_special_file_target_is_derived_from_the_commands() -> None:
    """The paths come from the commands' own ``click.Path`` parameters: the session, the inputs, the outputs."""
    named = {(command, param.name) for command, param in specials.path_parameters()}
    assert {("new", "catalog"), ("new", "source"), ("export", "output"), ("report", "output"), ("chart", "output"),
            ("import", "file"), ("tally", "source"), ("use", "path"), ("standings", "paths")} <= named
    assert {"lock", "cache-entry", "recent", "witness", "league-index"} <= set(specials.OWN)


def test_ctrl_c_while_the_package_imports_is_one_line_and_exit_130(monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A Ctrl-C before Click has the command (here: while ``scorekeeper.cli`` imports) is no traceback."""
    from scorekeeper.__main__ import INTERRUPTED, run

    class Interrupting:
        @staticmethod
        def find_spec(name: str, *args: object) -> None:
            if name == "scorekeeper.cli":
                raise KeyboardInterrupt
            return None

    monkeypatch.delitem(sys.modules, "scorekeeper.cli", raising=False)
    monkeypatch.setattr(sys, "meta_path", [Interrupting(), *sys.meta_path])
    with pytest.raises(SystemExit) as ended:
        run()
    assert ended.value.code == INTERRUPTED == 130
    assert capsys.readouterr().err == "interrupted (Ctrl-C)\n"


def test_a_ctrl_c_that_python_wrapped_while_a_class_was_made_is_still_a_ctrl_c() -> None:
    """Python turns a KeyboardInterrupt raised in ``__set_name__`` into a RuntimeError (the fuzz met it while
    ``platform`` imported): the command line answers it as the Ctrl-C it is, not as an internal error."""
    from click.testing import CliRunner

    from scorekeeper.cli import main
    from scorekeeper.errors import interrupted

    class Interrupting:
        def __set_name__(self, owner: type, name: str) -> None:
            raise KeyboardInterrupt

    try:
        type("Made", (), {"field": Interrupting()})
    except RuntimeError as exc:
        wrapped = exc
    assert interrupted(wrapped) and not interrupted(RuntimeError("a bug"))
    from scorekeeper.cli import session as session_module

    command = session_module.load()["sessions"]
    original = command.callback

    def failing(*args: object, **kwargs: object) -> None:
        raise wrapped

    command.callback = failing
    try:
        result = CliRunner().invoke(main, ["sessions"])
    finally:
        command.callback = original
    assert result.exit_code == 1 and "internal error" not in result.output and "Aborted!" in result.output


def test_a_write_is_never_interrupted_half_way(tmp_path: Path) -> None:
    """Ctrl-C while a file is written is held back until the write is done (then delivered): the file is whole
    and no temporary file is left. In a forked child: one thread, as the command line has."""
    import os
    import signal

    from scorekeeper.core.journal_storage import atomic_write

    target = tmp_path / "out.txt"
    pid = os.fork()
    if pid == 0:
        code = 3
        try:
            signal.signal(signal.SIGINT, signal.default_int_handler)
            original = os.fsync

            def interrupting_fsync(fd: int) -> None:  # Ctrl-C arrives in the middle of the write
                os.kill(os.getpid(), signal.SIGINT)
                original(fd)

            os.fsync = interrupting_fsync  # type: ignore[assignment]
            try:
                atomic_write(target, "whole")
                code = 2  # never interrupted
            except KeyboardInterrupt:
                code = 0
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
    assert target.read_text() == "whole" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]
