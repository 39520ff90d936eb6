"""The real server for the tests and the benchmark: ``scorekeeper serve`` in a subprocess on 127.0.0.1, port 0,
its address read from its first line of stdout; and a reader of its server-sent events."""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator
from urllib.parse import urlsplit


@dataclass
class Running:
    """A server that runs: its process, its table address (with the token), its base address and token."""

    process: subprocess.Popen[str]
    table: str
    stderr: Path

    @property
    def base(self) -> str:
        return self.table.split("/?t=")[0].rstrip("/")

    @property
    def token(self) -> str:
        return self.table.split("/?t=")[1]

    @property
    def port(self) -> int:
        return int(urlsplit(self.base).port or 0)


@contextmanager
def serving(*args: str, home: Path) -> Iterator[Running]:
    """``scorekeeper serve ARGS`` until the block ends (then Ctrl-C, as a person stops it)."""
    with tempfile.NamedTemporaryFile("w+", suffix=".log", delete=False) as errors:
        pass
    env = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    with open(errors.name, "w") as err:
        process = subprocess.Popen([sys.executable, "-m", "scorekeeper", "serve", *args], stdout=subprocess.PIPE,
                                   stderr=err, text=True, env=env)
    try:
        assert process.stdout is not None
        first = process.stdout.readline().strip()
        assert first.startswith("http://"), f"{first!r}; stderr: {Path(errors.name).read_text()}"
        yield Running(process, first, Path(errors.name))
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        Path(errors.name).unlink(missing_ok=True)


class Stream:
    """One page's server-sent events: ``next_event`` returns the next event's name (``ready``, ``change``)."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=10)
        self.connection.request("GET", "/events", headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()
        assert self.response.status == 200

    def next_event(self) -> str:
        name = ""
        while True:
            line = self.response.readline().decode("utf-8")
            if not line:
                raise EOFError("the stream ended")
            if line.startswith("event: "):
                name = line[7:].strip()
            elif line in ("\n", "\r\n") and name:
                return name

    def close(self) -> None:
        self.connection.close()


def post(base: str, token: str, path: str, fields: dict[str, str]) -> tuple[int, str]:
    """A write as a script makes it (the token as a Bearer header, asking for JSON)."""
    from urllib.parse import urlencode

    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=30)
    try:
        connection.request("POST", path, body=urlencode(fields),
                           headers={"Authorization": f"Bearer {token}", "Accept": "application/json",
                                    "Content-Type": "application/x-www-form-urlencoded"})
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8")
    finally:
        connection.close()

