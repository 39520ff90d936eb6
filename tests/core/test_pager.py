"""Long read-outs in a pager at a terminal, as git does (field reports EH-F6, UX-3): ``audit``, ``score
--explain``, ``rules``, ``check`` and ``log`` go through ``$PAGER`` (``less -FRX`` by default) when they are longer
than the screen, never when piped and never with ``--no-pager``; what is printed without a pager is unchanged."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tests.core.test_screens import SAMPLES, copy, run

#: the read-outs that page, each longer than a 24-row screen on the bundled disputed Emberheart game
READ_OUTS = [("audit", "40"), ("score", "--explain"), ("rules", "flamecraft"), ("check",), ("log",)]


def typed(words: tuple[str, ...], path: Path) -> list[str]:
    """The command with its session (``rules`` has none)."""
    return [*words] if words[0] == "rules" else [*words, "--session", str(path)]


@pytest.fixture
def pager(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str | None]]:
    """What went through the pager, with the ``LESS`` it was given; stdout a terminal only when asked."""
    import click

    paged: list[tuple[str, str | None]] = []
    monkeypatch.setattr(click, "echo_via_pager", lambda text, **_: paged.append((str(text), os.environ.get("LESS"))))
    monkeypatch.delenv("PAGER", raising=False)
    monkeypatch.delenv("LESS", raising=False)
    return paged


class Tty(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper.cli import output

    monkeypatch.setattr(output, "_raw", lambda err: Tty())


@pytest.mark.parametrize("words", READ_OUTS, ids=[" ".join(w) for w in READ_OUTS])
def test_a_long_read_out_is_paged_on_a_terminal_only(words: tuple[str, ...], tmp_path: Path, pager: list,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path = copy(SAMPLES / "emberheart" / "disputed.json", tmp_path)
    piped = run(*typed(words, path), tmp=tmp_path)
    assert pager == [] and piped.output.strip()
    on_a_terminal(monkeypatch)
    run(*typed(words, path), tmp=tmp_path)
    assert len(pager) == 1 and pager[0][0].strip(), words
    assert pager[0][1] == ("-FRX +G" if words == ("log",) else "-FRX")  # as git: quit when it fits, keep colours
    run("--no-pager", *typed(words, path), tmp=tmp_path)
    assert len(pager) == 1  # --no-pager: printed as piped
    assert os.environ.get("SCOREKEEPER_NO_PAGER") is None  # for that command only


def test_a_chosen_pager_is_left_to_its_own_options(tmp_path: Path, pager: list,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = copy(SAMPLES / "eight-dragons" / "disputed.json", tmp_path)
    on_a_terminal(monkeypatch)
    monkeypatch.setenv("PAGER", "more")
    run("audit", "40", "--session", str(path), tmp=tmp_path)
    assert len(pager) == 1 and pager[0][1] is None
