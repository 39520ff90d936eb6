"""Running the companion: uvicorn on a socket of our own, the table's address first, its QR code, Ctrl-C.

The socket is bound here (``--port 0``: any free port), so the address is known before uvicorn starts; it is
printed once uvicorn listens: the first line of stdout is ``http://HOST:PORT/?t=TOKEN`` (scripts and tests read
it), then the QR code of it for the phones (``segno``, drawn in the terminal), then the spectators' address.
Bound to 127.0.0.1 unless ``--host`` says otherwise; it answers to the bound address, ``localhost`` and the LAN
address in use only (``guard.allowed_hosts``: 421 for another ``Host``, a DNS rebinding); any other host prints a one-line warning on stderr saying
who can reach the table. Ctrl-C (or SIGTERM) ends every live stream and stops the server cleanly.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from pathlib import Path
from typing import Any, Callable

from scorekeeper.app.session import WriteHook
from scorekeeper.errors import BadInput, Refused

LOOPBACK = "127.0.0.1"


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (``Refused`` when the port is taken or the host unknown)."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except (OSError, OverflowError) as exc:
        raise Refused(f"cannot listen on {host}:{port}: {getattr(exc, 'strerror', None) or exc}") from None
    return sock


def address(sock: socket.socket, host: str) -> str:
    """``http://HOST:PORT`` of the socket as a phone types it (an address to reach, not 0.0.0.0)."""
    port = sock.getsockname()[1]
    shown = host
    if host in ("0.0.0.0", "::"):
        shown = _own_address() or host
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def _own_address() -> str | None:
    """This machine's address on its network (what the phones reach), found without sending anything."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: a UDP connect only picks the outgoing interface
        return str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()


def _own_names() -> list[str]:
    """This machine's name and the addresses it resolves to (a phone on another of its networks types those)."""
    name = socket.gethostname()
    try:
        found = {str(info[4][0]) for info in socket.getaddrinfo(name, None)}
    except OSError:
        found = set()
    return [name, f"{name}.local", *sorted(found)]


def qr_text(url: str) -> str:
    """The QR code of ``url`` drawn with block characters (two modules a character row)."""
    from scorekeeper.render.qr import qr_lines

    return "\n".join(qr_lines(url))


def serve(session: Path | None, league: str | Path | None, host: str = LOOPBACK, port: int = 0, token: str | None = None,
          on_write: WriteHook | None = None, say: Callable[[str], Any] = print) -> None:
    """Serve ``session`` (or the ``league`` folder, read only) until Ctrl-C."""
    import uvicorn

    from scorekeeper.web.app import create_app
    from scorekeeper.web.guard import allowed_hosts
    from scorekeeper.web.served import ServedLeague, ServedSession

    if token is not None and (len(token) < 8 or not token.isascii() or not token.isprintable() or " " in token):
        raise BadInput("--token: give at least 8 printable ASCII characters without spaces")
    witness = getattr(on_write, "folder", None)  # this machine's witness (``core.witness.Witness``), if kept
    served = ServedLeague(league, witness) if league is not None else ServedSession(session or "", on_write)
    sock = bind(host, port)
    base = address(sock, host)
    everywhere = host in ("0.0.0.0", "::")
    app = create_app(served, token, hosts=allowed_hosts(host, _own_address() if everywhere else None)
                     + (_own_names() if everywhere else []))
    table = base + "/" if league is not None else f"{base}/?t={app.state.guard.token}"

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started:
                say(table)
                say(qr_text(table))
                if league is None:
                    say(f"spectators (read only): {base}/")
                say("Ctrl-C stops the server")
                sys.stdout.flush()

        def handle_exit(self, sig: int, frame: Any) -> None:
            app.state.hub.close()  # the live streams end, so that the server can stop
            super().handle_exit(sig, frame)

    if not is_loopback(host):
        print(f"warning: serving on {host}: anyone who can reach this machine on port {sock.getsockname()[1]} can "
              "read the table, and anyone with the token can record", file=sys.stderr)
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=2,
                            lifespan="on", proxy_headers=False, server_header=False)
    try:
        Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stopped cleanly, then raised the Ctrl-C again for us: it is handled
        pass
    say("stopped")
