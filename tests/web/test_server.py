"""The real server (``scorekeeper serve`` in a subprocess): its first line, the line saying phones cannot reach
127.0.0.1 (``--host lan``'s QR code: ``test_joining.py``), the live stream hearing
a play recorded by the CLI, Ctrl-C with a stream open, the warning off loopback, a taken port; and 8 clients
recording at once lose nothing and break no chain."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from click.testing import CliRunner

from scorekeeper.app.session import Session
from tests.web.conftest import copy_of, fresh
from tests.web.plays import short_game
from tests.web.running import Stream, post, serving


def test_the_first_line_is_the_address_with_a_128_bit_token_then_that_phones_cannot_reach_it(tmp_path: Path) -> None:
    from scorekeeper.web.server import LOOPBACK_ONLY

    path = copy_of(tmp_path, "flamecraft/3p-complete.json")
    with serving("--session", str(path), home=tmp_path) as server:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?t=[A-Za-z0-9_-]{22}", server.table)
        assert server.process.stdout is not None
        rest = [server.process.stdout.readline().rstrip("\n") for _ in range(3)]  # no QR code no phone can open
        assert rest == [LOOPBACK_ONLY, f"spectators (read only): {server.base}/", "Ctrl-C stops the server"]
        assert LOOPBACK_ONLY == "phones cannot reach 127.0.0.1: to let them join, serve with --host lan"
        with socket.create_connection(("127.0.0.1", server.port)) as raw:
            raw.sendall(b"GET /api/status HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
            assert raw.recv(100).startswith(b"HTTP/1.1 200")


def test_a_play_recorded_by_the_cli_reaches_an_open_stream_and_ctrl_c_stops_cleanly(tmp_path: Path) -> None:
    from scorekeeper.cli import main

    path = fresh(tmp_path, "flamecraft")
    with serving("--session", str(path), home=tmp_path) as server:
        stream = Stream(server.base)
        assert stream.next_event() == "ready"
        said = CliRunner().invoke(main, ["note", "from the laptop", "--session", str(path)],
                                  env={"SCOREKEEPER_HOME": str(tmp_path)})
        assert said.exit_code == 0, said.output
        started = time.monotonic()
        assert stream.next_event() == "change"
        assert time.monotonic() - started < 2
        server.process.send_signal(signal.SIGINT)  # with the stream still open
        assert server.process.wait(timeout=10) == 0
        stream.close()
        assert "Traceback" not in server.stderr.read_text()


def test_another_host_warns_who_can_reach_it_and_a_taken_port_is_one_line(tmp_path: Path) -> None:
    path = copy_of(tmp_path, "flamecraft/3p-complete.json")
    with serving("--session", str(path), "--host", "0.0.0.0", "--token", "a-table-token", home=tmp_path) as server:
        assert server.table.endswith("/?t=a-table-token")
        warning = server.stderr.read_text().strip().splitlines()
        assert len(warning) == 1 and warning[0].startswith("warning: serving on 0.0.0.0: anyone who can reach")
        taken = subprocess.run([sys.executable, "-m", "scorekeeper", "serve", "--session", str(path), "--port",
                                str(server.port), "--host", "0.0.0.0"], capture_output=True, text=True, timeout=60,
                               env={"SCOREKEEPER_HOME": str(tmp_path), "PATH": ""})
        assert taken.returncode == 1 and taken.stdout == ""
        assert taken.stderr.strip().splitlines()[-1].startswith(f"cannot listen on 0.0.0.0:{server.port}")


def test_eight_clients_recording_at_once_lose_nothing_and_break_no_chain(tmp_path: Path) -> None:
    from scorekeeper.cli import main

    path = fresh(tmp_path, "flamecraft")
    clients, rounds = 8, 6
    _, _, forms = short_game("flamecraft")
    with serving("--session", str(path), home=tmp_path) as server:
        assert post(server.base, server.token, "/play", forms[0])[0] == 200
        answers: list[tuple[int, int, int]] = []
        seqs: list[int] = []
        lock = threading.Lock()

        def client(n: int) -> None:
            for r in range(rounds):
                status, body = post(server.base, server.token, "/note", {"text": f"client {n} note {r}"})
                with lock:
                    answers.append((n, r, status))
                    if status == 200:
                        seqs.append(json.loads(body)["recorded"]["seq"])

        threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert [a for a in answers if a[2] != 200] == []
    assert len(answers) == clients * rounds
    assert sorted(seqs) == list(range(2, 2 + clients * rounds))  # every write acknowledged with its own seq
    texts = [e.get("text") for e in Session.open(path).events if e.type == "note"]
    assert sorted(texts) == sorted(f"client {n} note {r}" for n in range(clients) for r in range(rounds))
    verified = CliRunner().invoke(main, ["verify", "--session", str(path)], env={"SCOREKEEPER_HOME": str(tmp_path)})
    assert verified.exit_code == 0, verified.output


def test_the_league_updates_when_a_session_in_its_folder_changes(tmp_path: Path) -> None:
    import shutil
    import urllib.request

    folder = tmp_path / "club"
    folder.mkdir()
    copy_of(folder, "flamecraft/3p-complete.json")
    with serving("--league", str(folder), home=tmp_path) as server:
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", server.table)  # read only: no token
        stream = Stream(server.base)
        assert stream.next_event() == "ready"
        shutil.copyfile(Path(__file__).resolve().parents[2] / "sample_sessions" / "eight-dragons" / "2p-aurea.json",
                        folder / "tuesday.json")
        assert stream.next_event() == "change"
        stream.close()
        with urllib.request.urlopen(server.base + "/api/standings", timeout=10) as answer:
            games = [g["game"] for g in json.loads(answer.read())["games"]]
        assert sorted(games) == ["eight-dragons", "flamecraft"]
