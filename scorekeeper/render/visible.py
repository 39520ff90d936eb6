"""Text that never drives the terminal: every control character a name or a note could hold is shown, not acted
on (``visible``), and a stream that writes through it (``VisibleText``, which the command line puts in front of
standard output and standard error)."""

from __future__ import annotations

import io
import re
from typing import Any


#: characters that a terminal would act on (C0 and C1 controls but tab and newline, DEL), lone surrogates
#: (from undecodable bytes) and the bidirectional overrides that reorder what a line seems to say
INVISIBLE = "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]"

_invisible: "re.Pattern[str] | None" = None  # INVISIBLE compiled, when a text first needs it


def visible(output: str) -> str:
    """``output`` with every control character shown, never acted on: ESC as ``^[``, C0 as ``^X``, DEL as ``^?``,
    the rest as ``\\uXXXX`` (which is also what JSON would write inside a string)."""
    global _invisible
    if output.replace("\n", "").replace("\t", "").isprintable():  # no control, surrogate or format character
        return output
    if _invisible is None:
        _invisible = re.compile(INVISIBLE)
    return _invisible.sub(_shown, output)


def _shown(match: "re.Match[str]") -> str:
    code = ord(match.group(0))
    if code < 0x20:
        return "^" + chr(code + 64)
    if code == 0x7F:
        return "^?"
    return f"\\u{code:04x}"


class VisibleText(io.TextIOBase):
    """A text stream that writes through ``visible``: what a name or a note holds never drives the terminal."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def write(self, output: Any) -> int:
        if isinstance(output, str):
            self.stream.write(visible(output))
            return len(output)
        return int(self.stream.write(output))  # bytes: let the stream say what it does with them

    def flush(self) -> None:
        self.stream.flush()

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return bool(self.stream.isatty())

    def fileno(self) -> int:
        return int(self.stream.fileno())

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return str(getattr(self.stream, "encoding", None) or "utf-8")

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.stream, "errors", None)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)
