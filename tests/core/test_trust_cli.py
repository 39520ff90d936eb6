"""Issue 12, the command line's side: one-line reasons instead of "internal error" (defect 6), output that no
name can inject into (defect 7), clipped messages and one-line usage errors (from 9).

Each test failed before its fix.
"""

from __future__ import annotations

import errno
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_sessions"


def sample(cli: Any, game: str, name: str) -> Path:
    """A copy of a bundled sample session as the CLI's session file."""
    shutil.copy(SAMPLES / game / name, cli.session)
    return cli.session


def one_line_error(result: Any, code: int = 2) -> str:
    """The result is a refusal: exit ``code``, one line on stderr, no traceback, no internal error."""
    assert result.exit_code == code, (result.exit_code, result.output[-500:])
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr[-2000:]
    assert "internal error" not in result.output and "Traceback" not in result.output
    return lines[0]


# -- defect 6: a one-line reason, never "internal error" ----------------------------------------------


@pytest.mark.parametrize("words", [("eh", "place", "tavern", "²", "2G"), ("eh", "place", "tavern:²"),
                                   ("eh", "place", "tavern", "٣", "2G")])
def test_unicode_digits_are_not_numbers(cli: Any, words: tuple[str, ...]) -> None:
    before = sample(cli, "emberheart", "four-players.json").read_bytes()
    line = one_line_error(cli(*words), code=2)
    assert line.startswith("error: ")
    assert cli.session.read_bytes() == before


def test_is_whole_takes_ascii_digits_that_int_reads() -> None:
    from scorekeeper.core.protocol import is_whole

    assert is_whole("12") and not is_whole("²") and not is_whole("٣") and not is_whole("") and not is_whole("1e3")
    assert not is_whole("9" * 5000)


def test_an_argument_that_is_not_utf8_is_refused_in_one_line(cli: Any) -> None:
    result = cli("new", "emberheart", "--players", "A\udcff,B", "--session", str(cli.session))
    line = one_line_error(result)
    assert line.startswith("error: the argument 'A\\xff,B' is not UTF-8 text"), line
    assert not cli.session.exists()


def test_json_nested_5000_deep_in_a_catalog_is_one_line(cli: Any, tmp_path: Path) -> None:
    catalog = tmp_path / "deep.json"
    catalog.write_text('{"a": ' + "[" * 5000 + "]" * 5000 + "}")
    result = cli("new", "flamecraft", "--players", "A,B", "--catalog", str(catalog), "--session", str(cli.session))
    assert "nested too deeply" in one_line_error(result)
    assert not cli.session.exists()


@pytest.mark.parametrize("args", [("audit", "9" * 5000), ("state", "--at", "9" * 5000), ("void", "9" * 5000)])
def test_numbers_of_5000_digits_are_one_line(cli: Any, args: tuple[str, ...]) -> None:
    before = sample(cli, "emberheart", "four-players.json").read_bytes()
    line = one_line_error(cli(*args))
    assert len(line) < 400
    assert cli.session.read_bytes() == before


def test_export_into_a_missing_folder_names_it(cli: Any, tmp_path: Path) -> None:
    sample(cli, "flamecraft", "3p-complete.json")
    line = one_line_error(cli("export", "-o", str(tmp_path / "nowhere" / "x.jsonl")))
    assert line == f"error: {tmp_path / 'nowhere'}: no such file or folder; check the path"


@pytest.mark.parametrize("command", ["export", "new"])
def test_a_name_over_255_bytes_is_one_line(cli: Any, tmp_path: Path, command: str) -> None:
    long = str(tmp_path / ("a" * 300 + ".json"))
    if command == "export":
        sample(cli, "flamecraft", "3p-complete.json")
        result = cli("export", "-o", long)
    else:
        result = cli("new", "emberheart", "--players", "A,B", "--session", long)
    line = one_line_error(result)
    assert "a name in the path is too long (at most 255 bytes)" in line and len(line) < 400
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == \
        sorted(["home"] + (["session.json"] if command == "export" else []))


def _fail_fsync(errno_code: int) -> Any:
    def fsync(fd: int) -> None:
        raise OSError(errno_code, "simulated")

    return fsync


@pytest.mark.parametrize("code, exit_code", [(errno.ENOSPC, 1), (errno.EROFS, 1), (errno.EACCES, 1)])
def test_a_full_disk_or_a_read_only_folder_refuses_the_export(cli: Any, tmp_path: Path, monkeypatch: Any,
                                                              code: int, exit_code: int) -> None:
    """Root ignores permission bits, so the failing write is simulated where the atomic write syncs."""
    import scorekeeper.core.journal as journal

    sample(cli, "flamecraft", "3p-complete.json")
    monkeypatch.setattr(journal.os, "fsync", _fail_fsync(code))
    target = tmp_path / "out.jsonl"
    line = one_line_error(cli("export", "-o", str(target)), code=exit_code)
    assert line.startswith(f"{target}: "), line
    assert not target.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_full_disk_leaves_the_session_untouched(cli: Any, monkeypatch: Any) -> None:
    import scorekeeper.core.journal as journal

    before = sample(cli, "flamecraft", "3p-complete.json").read_bytes()
    monkeypatch.setattr(journal.os, "fsync", _fail_fsync(errno.ENOSPC))
    result = cli("note", "a ruling")
    assert result.exit_code == 1 and len(result.stderr.splitlines()) == 1, result.output
    assert "internal error" not in result.output
    assert cli.session.read_bytes() == before


def test_an_import_header_with_a_text_schema_is_one_line(cli: Any, tmp_path: Path) -> None:
    sample(cli, "flamecraft", "3p-complete.json")
    lines = cli("export").stdout.splitlines()
    header = json.loads(lines[0])
    header["schema"] = "abc"
    export = tmp_path / "bad.jsonl"
    export.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    line = one_line_error(cli("import", str(export), "--session", str(tmp_path / "copy.json")))
    assert "schema" in line
    assert not (tmp_path / "copy.json").exists()


# -- defect 7: output injection -----------------------------------------------------------------------


EVIL = ["<script>alert(1)</script>", "=HYPERLINK(1)", "a|b"]


@pytest.fixture
def evil(cli: Any) -> Any:
    assert cli("new", "flamecraft", "--players", ",".join(EVIL), "--session", str(cli.session)).exit_code == 0
    return cli


@pytest.mark.parametrize("command", [("score",), ("status",), ("audit", "1"), ("score", "--explain")])
def test_html_output_escapes_every_line(evil: Any, command: tuple[str, ...]) -> None:
    assert evil("note", "<b>ruling</b>").exit_code == 0
    for fmt in ("html", "unsafehtml"):
        result = evil(*command, "--format", fmt)
        assert result.exit_code == 0, result.output
        assert "<script>" not in result.stdout and "<b>" not in result.stdout, result.stdout
        assert "&lt;script&gt;" in result.stdout


def test_csv_cells_that_start_a_formula_get_an_apostrophe(evil: Any) -> None:
    result = evil("score", "--format", "csv")
    assert result.exit_code == 0
    assert "'=HYPERLINK(1)" in result.stdout and "\n=HYPERLINK" not in result.stdout
    rows = evil("status", "--format", "csv").stdout
    assert ",=HYPERLINK" not in rows and "\n=HYPERLINK" not in rows


@pytest.mark.parametrize("fmt", ["github", "pipe"])
def test_a_bar_in_a_name_is_escaped_in_markdown_tables(evil: Any, fmt: str) -> None:
    out = evil("score", "--format", fmt).stdout
    table = [line for line in out.splitlines() if line.startswith("|")]
    assert any("a\\|b" in line for line in table)
    assert len({line.count("|") - line.count("\\|") for line in table}) == 1  # every row has the same cells


def test_escape_sequences_in_names_and_notes_are_shown_not_sent(cli: Any) -> None:
    bad = "Eve\x1b[2J\x07"
    result = cli("new", "flamecraft", "--players", f"{bad},Bo", "--session", str(cli.session))
    assert result.exit_code == 0
    for args in (("note", "hi\x1b]0;pwned\x07 \x9b31m"), ("log",), ("status",), ("score",), ("audit", "1"),
                 ("score", "--format", "csv"), ("status", "--json")):
        result = cli(*args)
        assert result.exit_code == 0, result.output
        assert not any(ch in result.output for ch in "\x1b\x07\x9b"), (args, result.output)
    from click.testing import CliRunner

    from scorekeeper.cli import main

    env = {"SCOREKEEPER_HOME": str(cli.home), "SCOREKEEPER_SESSION": str(cli.session)}
    as_on_a_terminal = CliRunner().invoke(main, ["status"], env=env, color=True)  # Click strips no ANSI code
    assert "Eve^[[2J^G" in as_on_a_terminal.stdout and "\x1b" not in as_on_a_terminal.stdout
    data = json.loads(cli("log", "--json").stdout)  # JSON stays valid and says the same
    assert data[0]["description"] == "note: hi\x1b]0;pwned\x07 \x9b31m"


def test_visible_renders_controls() -> None:
    from scorekeeper.render.visible import visible

    assert visible("a\x1b[1mb\tc\nd\r\x7f\x9b\u202e") == "a^[[1mb\tc\nd^M^?\\u009b\\u202e"
    assert visible("plain ünïcode ✓") == "plain ünïcode ✓"


# -- from 9: clipped messages, one-line usage errors --------------------------------------------------------


@pytest.mark.parametrize("args", [("void", "x" * 100_000), ("eh", "place", "x" * 100_000),
                                  ("eh", "place", "tavern", "3", "x" * 100_000), ("status", "--format", "y" * 100_000),
                                  ("note", "a", "--session", "z" * 100_000)])
def test_messages_clip_a_100kb_argument(cli: Any, args: tuple[str, ...]) -> None:
    sample(cli, "emberheart", "four-players.json")
    result = cli(*args)
    assert result.exit_code == 2, result.output[:300]
    assert len(result.stderr) < 2500, len(result.stderr)
    assert "more characters]" in result.stderr


@pytest.mark.parametrize("args, start", [
    (("verify", "--bogus"), "error: No such option '--bogus'."),
    (("--bogus",), "error: No such option '--bogus'."),
    (("void", "abc"), "error: Invalid value for 'SEQ': 'abc' is not a valid integer."),
    (("void",), "error: Missing argument 'SEQ'; legal now: "),  # the event numbers, newest first
    (("nosuch",), "error: no such command 'nosuch'"),
    (("fc", "zzz"), "error: No such command 'zzz'."),
    (("eh", "p"), "error: Missing argument 'LOCATION'."),
    (("export", "--to", "pdf"), "error: Invalid value for '--to'"),
])
def test_usage_errors_are_one_line_with_the_help_to_read(cli: Any, args: tuple[str, ...], start: str) -> None:
    sample(cli, "emberheart", "four-players.json")
    line = one_line_error(cli(*args), code=2)
    assert line.startswith(start) and line.endswith("--help')"), line
    assert cli().exit_code in (0, 2)  # a bare 'scorekeeper' still shows the help


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=()), max_size=40))
def test_visible_shows_exactly_what_its_pattern_names(text: str) -> None:
    """The quick answer for a text with nothing to show (``str.isprintable``) agrees with the pattern itself."""
    import re

    from scorekeeper.render.visible import INVISIBLE, _shown, visible

    assert visible(text) == re.sub(INVISIBLE, _shown, text)
