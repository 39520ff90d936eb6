"""Linear costs (issue 24, item 4): ``report`` describes every correction from one index of the journal (not one
per correction); the ``play`` shell caps a line's length (one line of refusal, nothing recorded), splits its
words in linear time as ``shlex.split`` would, and echoes a long line clipped; a shell opened without a cache
entry builds one once and then answers from it."""

from __future__ import annotations

import shlex
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from scorekeeper.app import replay_cache
from scorekeeper.app.session import Session
from scorekeeper.cli import main
from scorekeeper.app import table_line as shell_line
from scorekeeper.cli.shell import Table
from scorekeeper.core.events import NOTE, VOID, Event
from scorekeeper.core.journal import Journal
from tests.core.test_play_shell import _no_kept_session, fc, play  # noqa: F401  (fixtures)

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "sample_sessions" / "emberheart" / "four-players.json"


def with_corrections(target: Path, pairs: int) -> Path:
    """The sample's plays, then ``pairs`` notes each voided by the next event."""
    sample = Journal(SAMPLE)
    events = sample.events()
    pads: list[Event] = []
    for n in range(pairs):
        seq = len(events) + 2 * n + 1
        pads += [Event(seq, NOTE, None, {"text": f"talk {n}"}, ""), Event(seq + 1, VOID, None, {"target": seq}, "")]
    Journal.create(target, sample.meta, [*events, *pads])
    return target


def test_a_report_indexes_the_journal_once_not_once_per_correction(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper.render.report_data import gather

    session = Session.open(with_corrections(tmp_path / "s.json", 300))
    built: list[int] = []
    real = type(session).events

    def events(s: Session) -> list[Event]:
        built.append(1)
        return real.fget(s)  # type: ignore[attr-defined, no-any-return]

    monkeypatch.setattr(type(session), "events", property(events))
    page = gather(session)
    assert len(page.corrections) == 300
    assert len(built) < 20, f"the journal's events were listed {len(built)} times for 300 corrections"
    assert all(": note: talk" in entry.text for entry in page.corrections)  # each void says what it voided


# -- the shell's line ------------------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab #'\"\\\té")), max_size=24))
def test_the_table_splits_a_line_as_shlex_does(line: str) -> None:
    def outcome(split: object) -> object:
        try:
            return split(line)  # type: ignore[operator]
        except ValueError as exc:
            return ("error", str(exc).removesuffix("; close the quote"))

    assert outcome(shell_line.split) == outcome(lambda text: shlex.split(text, comments=True))


@pytest.mark.parametrize("line", ['note "' + "x " * (2 * 1024 * 1024) + '"', 'note "' + "x " * (2 * 1024 * 1024),
                                  "note " + "\\a\\b" * 256 * 1024 + " \\"])
def test_splitting_megabytes_takes_linear_time(line: str) -> None:
    start = time.perf_counter()
    try:
        shell_line.split(line)
    except ValueError:
        pass
    assert time.perf_counter() - start < 30  # shlex.split: minutes (generous: the machine is shared)


def test_a_line_over_the_cap_is_one_line_of_error_and_nothing_recorded(fc: Path) -> None:
    before = fc.read_bytes()
    long_line = "note " + "x" * shell_line.MAX_LINE
    done: list[tuple[int, str, str]] = []
    worker = threading.Thread(target=lambda: done.append(play(fc, long_line + "\n")), daemon=True)
    worker.start()
    worker.join(60)
    assert done, "the shell hung on a long line"
    code, out, err = done[0]
    assert code == 1 and fc.read_bytes() == before  # the script stops at the line, as at any error
    assert err == (f"error: this line is {len(long_line.encode()):,} bytes long; the table reads lines of at "
                   "most 64 KiB, so nothing was recorded (put a long text in a file)\n")
    assert len(out) < 400 and out.rstrip().endswith(f"… ({len(long_line):,} characters)")  # echoed clipped


def test_a_line_at_the_cap_is_recorded(fc: Path) -> None:
    text = "y" * (shell_line.MAX_LINE - len("note ") - 2)
    code, _, err = play(fc, f'note "{text}"\n')
    assert (code, err) == (0, "")
    assert Session.open(fc).events[-1].payload["text"] == text


# -- a shell opened cold ---------------------------------------------------------------------------------


def test_a_shell_opened_without_an_entry_builds_it_once_and_resumes_from_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    path = tmp_path / "s.json"
    shutil.copy(SAMPLE, path)
    from scorekeeper.core import engine, journal as journal_module

    table = Table(path)
    try:
        assert replay_cache.vouched_count(table.session.journal) is None  # cold: no entry
        assert table.run_line("status") == 0  # builds the entry
        folds: list[int] = []
        chains: list[int] = []
        real_replay, real_verify = engine.replay, journal_module.verify_chain

        def replay(events: Any, *args: Any, **kwargs: Any) -> Any:
            folds.append(len(events))
            return real_replay(events, *args, **kwargs)

        def verify_chain(meta: Any, records: Any, *args: Any) -> Any:
            chains.append(len(records))
            return real_verify(meta, records, *args)

        monkeypatch.setattr("scorekeeper.app.replay_cache.replay", replay)
        monkeypatch.setattr(journal_module, "verify_chain", verify_chain)
        for line in ("note one", "status", "note two", "check", "note three", "score"):
            assert table.run_line(line) == 0, line
        assert folds == []  # never the whole journal folded again
        assert chains and max(chains) <= 2  # the chain checked only after the entry's start
        assert replay_cache.vouched_count(table.session.journal) == len(table.session.events)
    finally:
        table.close()
