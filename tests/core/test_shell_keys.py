"""The table shell's keys at a terminal (prompt_toolkit, fed through a pipe as a terminal would type)."""

from __future__ import annotations

from prompt_toolkit import PromptSession
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from scorekeeper.app.completion import escape_keys


def typed(text: str) -> str:
    with create_pipe_input() as keys:
        keys.send_text(text)
        return str(PromptSession(input=keys, output=DummyOutput(), key_bindings=escape_keys()).prompt("> "))


def test_esc_then_a_digit_types_the_digit() -> None:
    """Field report ED-F4: closing the completion menu with Esc and then typing ``1,0`` gave ``place T1@,0``: the
    shell read Esc-1 as Alt-1 (a numeric argument). Esc then a digit now types the digit."""
    assert typed("place T1@\x1b1,0\r") == "place T1@1,0"
    assert typed("fly -n \x1b-2\r") == "fly -n -2"
