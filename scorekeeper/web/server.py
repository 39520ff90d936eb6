"""Running the companion: uvicorn on a socket of our own, the table's address first, its QR code, Ctrl-C.

The socket is bound here (``--port 0``: any free port), so the address is known before uvicorn starts; it is
printed once uvicorn listens: the first line of stdout is ``http://HOST:PORT/?t=TOKEN`` (scripts and tests read
it), then the QR code of it for the phones (``segno``, drawn in the terminal), then the spectators' address.

Where it listens (``where``): 127.0.0.1 by default, which no phone can reach: then the line after the address
says so and how to let them (``--host lan``), and no QR code is drawn. ``--host lan`` listens on this machine's
LAN address, found by a UDP socket's ``connect`` (no packet is sent: ``lan_address``); without a network it
falls back to 127.0.0.1 and says so on stderr. ``--host 0.0.0.0`` listens everywhere and prints the LAN address.
It answers to the bound address, ``localhost``, the LAN address in use and this machine's names only
(``guard.allowed_hosts``: 421 for another ``Host``, a DNS rebinding); off loopback a one-line warning on stderr
says who can reach the table. Ctrl-C (or SIGTERM) ends every live stream and stops the server cleanly.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from scorekeeper.app.session import WriteHook
from scorekeeper.errors import BadInput, Refused

LOOPBACK = "127.0.0.1"
#: ``--host lan``: this machine's address on its network, found when the server starts
LAN = "lan"
#: the line after the address when the server listens on loopback only
LOOPBACK_ONLY = "phones cannot reach 127.0.0.1: to let them join, serve with --host lan"


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
        shown = lan_address() or LOOPBACK
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


@dataclass(frozen=True)
class Where:
    """Where the server listens (``bind``), whether phones can reach it, and what to say on stderr about it."""

    bind: str
    reachable: bool
    note: str = ""


def where(host: str) -> Where:
    """``--host`` as an address to bind: ``lan`` is this machine's LAN address (127.0.0.1, said on stderr, when
    it has none); ``0.0.0.0``/``::`` every interface (phones reach it when a LAN address exists)."""
    if host.lower() == LAN:
        found = lan_address()
        if found is None:
            return Where(LOOPBACK, False, "no network found (this machine has no LAN address): serving on "
                                          "127.0.0.1, for this machine only; join the room's network and start again")
        return Where(found, True)
    if host in ("0.0.0.0", "::"):
        if lan_address() is None:
            return Where(host, False, f"no network found (this machine has no LAN address): {host} is reachable "
                                      "from this machine only until it joins one")
        return Where(host, True)
    return Where(host, not is_loopback(host))


def lan_address() -> str | None:
    """This machine's address on its network (what the phones reach), found without sending anything: a UDP
    socket "connected" to an outside address picks the outgoing interface, whose address it then holds. None
    when there is no network (no route), or only loopback."""
    found = _own_address()
    return found if found and not is_loopback(found) and found != "0.0.0.0" else None


def _own_address() -> str | None:
    """The address of the interface a packet to the outside would leave by (None without a route)."""
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


def answers_to(bound: str) -> list[str]:
    """The host names a server bound to ``bound`` answers to (``guard.Hosts``): on loopback, the loopback names;
    off it, also the LAN address in use and this machine's own names (what a phone may type)."""
    from scorekeeper.web.guard import allowed_hosts

    lan = None if is_loopback(bound) else lan_address()
    return allowed_hosts(bound, lan) + (_own_names() if lan else [])


def qr_text(url: str) -> str:
    """The QR code of ``url`` drawn with block characters (two modules a character row)."""
    from scorekeeper.render.qr import qr_lines

    return "\n".join(qr_lines(url))


def serve(session: str | Path | None, league: str | Path | None, host: str = LOOPBACK, port: int = 0, token: str | None = None,
          on_write: WriteHook | None = None, say: Callable[[str], Any] = print) -> None:
    """Serve ``session`` (or the ``league`` folder, read only) until Ctrl-C."""
    import gc

    import uvicorn

    gc.enable()  # a long evening collects its cycles (``scorekeeper.__main__`` turned it off for one-shot commands)

    from scorekeeper.web.app import create_app
    from scorekeeper.web.served import ServedLeague, ServedSession

    if token is not None and (len(token) < 8 or not token.isascii() or not token.isprintable() or " " in token):
        raise BadInput("--token: give at least 8 printable ASCII characters without spaces")
    witness = getattr(on_write, "folder", None)  # this machine's witness (``core.witness.Witness``), if kept
    served = ServedLeague(league, witness) if league is not None else ServedSession(session or "", on_write)
    at = where(host)
    sock = bind(at.bind, port)
    base = address(sock, at.bind)
    app = create_app(served, token, hosts=answers_to(at.bind))
    table = base + "/" if league is not None else f"{base}/?t={app.state.guard.token}"

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            if self.started:
                say(table)
                if is_loopback(at.bind) and host.lower() != LAN:
                    say(LOOPBACK_ONLY)
                elif at.reachable:
                    say(qr_text(table))
                if league is None:
                    say(f"spectators (read only): {base}/")
                say("Ctrl-C stops the server")
                sys.stdout.flush()

        def handle_exit(self, sig: int, frame: Any) -> None:
            app.state.hub.close()  # the live streams end, so that the server can stop
            super().handle_exit(sig, frame)

    if at.note:
        print(f"warning: {at.note}", file=sys.stderr)
    if not is_loopback(at.bind):
        print(f"warning: serving on {at.bind}: anyone who can reach this machine on port {sock.getsockname()[1]} can "
              "read the table, and anyone with the token can record", file=sys.stderr)
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=2,
                            lifespan="on", proxy_headers=False, server_header=False)
    try:
        Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stopped cleanly, then raised the Ctrl-C again for us: it is handled
        pass
    say("stopped")
