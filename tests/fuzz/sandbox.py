"""Where one fuzz case runs: a fresh table folder, home and cache folder, and a forked child that runs the CLI.

The child is forked from the process that already imported the product (a case costs milliseconds, not an
interpreter's start), runs ``scorekeeper.cli.main`` through Click's ``CliRunner`` with a memory limit, and hands
its exit code and output back through a pipe. A child still running after ``TIMEOUT`` seconds is a hang: it is
killed and reported as such. Nothing a case does (a module-level cache, an open lock) outlives it.
"""

from __future__ import annotations

import json
import os
import resource
import select
import shutil
import signal
import time
from dataclasses import dataclass
from pathlib import Path

#: seconds a case may take before it counts as a hang (the journal lock's own timeout is 15 s)
TIMEOUT = 25.0
#: the address space a case may add to its parent's (reading /dev/zero whole would pass it and fail)
MEMORY = 1024 * 1024 * 1024


@dataclass(frozen=True)
class Outcome:
    """What one case did: its exit code, its standard output and error, and whether it hung."""

    code: int
    stdout: str
    stderr: str
    hung: bool = False

    @property
    def said(self) -> str:
        """The standard error's words on one line: a message wrapped at the sandbox's 100 columns breaks where the
        length of a temporary path puts it, so a phrase is looked for here."""
        return " ".join(self.stderr.split())


@dataclass(frozen=True)
class Place:
    """The folders of one case: the table (the cwd, holding ``session.json``), the home and the cache."""

    root: Path

    @property
    def table(self) -> Path:
        return self.root / "table"

    @property
    def home(self) -> Path:
        return self.root / "home"

    @property
    def cache(self) -> Path:
        return self.root / "cache"

    @property
    def elsewhere(self) -> Path:
        """A folder standing for another user's files in tmp: a link may point into it, nothing may write there."""
        return self.root / "elsewhere"

    @property
    def session(self) -> Path:
        return self.table / "session.json"

    def fresh(self, session_text: str | None) -> "Place":
        shutil.rmtree(self.root, ignore_errors=True)
        for folder in (self.table, self.home, self.cache, self.elsewhere):
            folder.mkdir(parents=True)
        if session_text is not None:
            self.session.write_text(session_text, encoding="utf-8")
        return self

    def env(self) -> dict[str, str]:
        return {"SCOREKEEPER_HOME": str(self.home), "SCOREKEEPER_SESSION": str(self.session),
                "SCOREKEEPER_CACHE_DIR": str(self.cache), "SCOREKEEPER_DEBUG": "", "SCOREKEEPER_NO_CACHE": "",
                "COLUMNS": "100"}


def run_cli(place: Place, argv: list[str], stdin: bytes | None = None, timeout: float = TIMEOUT) -> Outcome:
    """Run ``scorekeeper ARGV`` in ``place`` (cwd the table folder) in a forked child; see the module's docstring."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 70
        try:
            os.close(read_end)
            _limit_memory()
            signal.signal(signal.SIGINT, signal.default_int_handler)
            os.chdir(place.table)
            from click.testing import CliRunner

            from scorekeeper.cli import main

            result = CliRunner().invoke(main, argv, input=stdin, env=place.env(), catch_exceptions=True)
            stdout = result.stdout
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                import traceback

                stdout += "".join(traceback.format_exception(result.exception))
            data = json.dumps({"code": result.exit_code, "stdout": stdout, "stderr": result.stderr})
            with os.fdopen(write_end, "w", encoding="utf-8", errors="backslashreplace") as pipe:
                pipe.write(data)
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    return _collect(pid, read_end, timeout)


def _limit_memory() -> None:
    with open("/proc/self/statm") as handle:
        pages = int(handle.read().split()[0])
    limit = pages * os.sysconf("SC_PAGE_SIZE") + MEMORY
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _collect(pid: int, read_end: int, timeout: float) -> Outcome:
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    hung = False
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            hung = True
            break
        ready, _, _ = select.select([read_end], [], [], left)
        if ready:
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    os.close(read_end)
    if hung:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if hung:
        return Outcome(-1, "", "", hung=True)
    if not chunks:
        return Outcome(-os.WTERMSIG(status) if os.WIFSIGNALED(status) else 70, "",
                       f"the case's process died (status {status})")
    data = json.loads(b"".join(chunks).decode("utf-8", "replace"))
    return Outcome(int(data["code"]), data["stdout"], data["stderr"])
