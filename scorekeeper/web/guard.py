"""Who may write, and how a write is checked before it reaches the session layer.

- **The host**: every request names a host this server answers to (``Hosts``: the bound address, ``localhost``,
  the loopback addresses, the LAN address in use), else 421: a page that rebinds its own name to this machine
  (DNS rebinding) reads nothing.
- The **token** (128 random bits, ``secrets.token_urlsafe(16)``, unless ``--token`` gives one) admits a phone to
  record. It travels once as ``?t=TOKEN`` on any address; that visit sets a cookie named after the server's port
  (``cookie_name``: a cookie is not scoped to a port, so two tables served on one machine would replace each
  other's), HttpOnly, SameSite=Strict, lasting the evening (``COOKIE_SECONDS``), that carries it from then on.
  A script may send it as ``Authorization: Bearer TOKEN``. Every comparison is ``hmac.compare_digest``. Without
  it the pages only read (the spectator address).
- **Cross-site requests**: a write whose ``Origin`` (or, without one, whose ``Referer``) is not this server's,
  or whose ``Sec-Fetch-Site`` says it came from another site, is refused (403); a write authorised by the cookie
  or the query must also carry the page's **form token** (``NONCE.MAC``, a fresh nonce per page holding its
  time, MAC = HMAC-SHA256 of the nonce keyed by the token), which another site cannot read. A form token is
  good for ``FORM_SECONDS`` and for one write: the app answers a repeated post with what the first one did
  (``app.Once``).
- **The body** is read up to ``BODY_LIMIT`` bytes (413 past it), as ``application/x-www-form-urlencoded`` UTF-8
  (400 otherwise), at most ``MAX_FIELDS`` fields.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Iterable, MutableMapping
from urllib.parse import parse_qsl, urlsplit

from starlette.requests import Request

COOKIE = "scorekeeper_token"
#: the token's cookie lasts the evening: a phone whose browser was closed comes back still able to record
COOKIE_SECONDS = 16 * 3600
#: how long a page's form token may be posted (a page left open through the evening)
FORM_SECONDS = COOKIE_SECONDS
BODY_LIMIT = 16 * 1024
MAX_FIELDS = 64
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


def cookie_name(port: int | None) -> str:
    """The token's cookie for the server on ``port``: one per port, as cookies are scoped to the host only."""
    return f"{COOKIE}_{port}" if port else COOKIE


def port_of(request: Request) -> int | None:
    """The port this server answers on (its socket's, else the Host header's)."""
    server = request.scope.get("server")
    if server and len(server) > 1 and server[1]:
        return int(server[1])
    return request.url.port


def host_name(header: str) -> str:
    """The host of a ``Host`` header, without its port or brackets, lower case (``""`` when unreadable)."""
    header = header.strip().lower()
    if header.startswith("["):
        end = header.find("]")
        return header[1:end] if end > 0 else ""
    name, _, port = header.rpartition(":") if header.count(":") == 1 else (header, "", "")
    return name if (not port or port.isdigit()) else ""


class Hosts:
    """The host names this server answers to; any other ``Host`` (a rebound name) is answered 421.

    An ASGI middleware, so that it stands before every route, the streams and the static files included."""

    def __init__(self, app: Any, names: Iterable[str]) -> None:
        self.app = app
        self.names = frozenset(_normal(n) for n in names if n)

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Any]],
                       send: Callable[[Any], Awaitable[None]]) -> None:
        if scope["type"] in ("http", "websocket"):
            headers = dict(scope.get("headers") or [])
            name = _normal(host_name(headers.get(b"host", b"").decode("latin-1")))
            if name not in self.names:
                if scope["type"] != "http":
                    await send({"type": "websocket.close", "code": 1008})
                    return
                body = b"this server does not answer to that host name (open the address it printed)\n"
                await send({"type": "http.response.start", "status": 421,
                            "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                        (b"content-length", str(len(body)).encode()),
                                        (b"cache-control", b"no-store")]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def _normal(name: str) -> str:
    """A host name or address as compared: lower case, an IP address in its canonical form."""
    name = name.strip().lower().strip("[]")
    try:
        return str(ipaddress.ip_address(name))
    except ValueError:
        return name.rstrip(".")


def allowed_hosts(bound: str, lan: str | None = None) -> list[str]:
    """What a server bound to ``bound`` answers to: that address, ``localhost`` and the loopback addresses, and
    the LAN address in use (``lan``) when bound to every interface."""
    names = [bound, *LOOPBACK_NAMES]
    if lan:
        names.append(lan)
    return [n for n in names if n not in ("0.0.0.0", "::")]


class Denied(Exception):
    """A request refused before anything is read or written: its HTTP status and one line saying why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def new_token() -> str:
    """A fresh token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class Guard:
    """The table's token and the checks made with it."""

    token: str

    def matches(self, given: str | None) -> bool:
        """Whether ``given`` is the token (a constant-time comparison)."""
        return given is not None and hmac.compare_digest(given.encode("utf-8", "replace"), self.token.encode())

    def offered(self, request: Request) -> tuple[str, str] | None:
        """The token the request offers and how (``"bearer"``, ``"query"`` or ``"cookie"``), or None."""
        bearer = request.headers.get("authorization", "")
        if bearer.lower().startswith("bearer "):
            return bearer[7:].strip(), "bearer"
        if "t" in request.query_params:
            return request.query_params["t"], "query"
        name = cookie_name(port_of(request))
        if name in request.cookies:
            return request.cookies[name], "cookie"
        return None

    def writer(self, request: Request) -> bool:
        """Whether the request may write (it offers the right token)."""
        offered = self.offered(request)
        return offered is not None and self.matches(offered[0])

    def form_token(self, now: float | None = None) -> str:
        """A fresh form token for one page: ``NONCE.MAC``, the nonce holding the time it was made."""
        nonce = f"{int(time.time() if now is None else now)}-{secrets.token_urlsafe(12)}"
        return f"{nonce}.{self._mac(nonce)}"

    def _mac(self, nonce: str) -> str:
        return hmac.new(self.token.encode(), f"form:{nonce}".encode(), hashlib.sha256).hexdigest()[:32]

    def form_token_ok(self, value: str | None, now: float | None = None) -> bool:
        """Whether ``value`` is a form token this table made, less than ``FORM_SECONDS`` ago."""
        nonce, dot, mac = (value or "").partition(".")
        if not (dot and nonce) or not hmac.compare_digest(mac.encode("utf-8", "replace"), self._mac(nonce).encode()):
            return False
        made = nonce.partition("-")[0]
        age = (time.time() if now is None else now) - int(made) if made.isdigit() else FORM_SECONDS + 1
        return -60 <= age <= FORM_SECONDS

    def check_write(self, request: Request, fields: dict[str, str]) -> None:
        """``Denied`` (401 without the token, 403 for a cross-site request or a missing form token)."""
        offered = self.offered(request)
        if offered is None:
            raise Denied(401, "this address only reads: open the table's address with its token (?t=…) to record")
        if not self.matches(offered[0]):
            raise Denied(401, "wrong token: nothing was recorded")
        same_origin(request)
        if offered[1] != "bearer" and not self.form_token_ok(fields.get("form_token")):
            raise Denied(403, "this form is not one of this table's pages, or too old (reload the page): "
                              "nothing was recorded")

    @staticmethod
    def once_key(request: Request, fields: dict[str, str]) -> str | None:
        """The form token a write spends (None for a script's Bearer write, which carries none)."""
        bearer = request.headers.get("authorization", "")
        return None if bearer.lower().startswith("bearer ") else fields.get("form_token") or None


def same_origin(request: Request) -> None:
    """``Denied`` (403) when the browser says the request came from another site: its ``Origin``, or without
    one its ``Referer``, names another site, or ``Sec-Fetch-Site`` says so."""
    origin = request.headers.get("origin")
    referer = request.headers.get("referer")
    host = request.headers.get("host", "")
    if origin is not None:
        parts = urlsplit(origin)
        if origin == "null" or parts.netloc != host or parts.scheme != request.url.scheme:
            raise Denied(403, "a request from another site: nothing was recorded")
    elif referer is not None:
        try:
            parts = urlsplit(referer)
            netloc, scheme = parts.netloc, parts.scheme
        except ValueError:
            netloc, scheme = "", ""
        if netloc != host or scheme != request.url.scheme:
            raise Denied(403, "a request from another site (its Referer): nothing was recorded")
    if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        raise Denied(403, "a request from another site: nothing was recorded")


async def read_fields(request: Request) -> dict[str, str]:
    """The request's form fields (the last of a repeated name wins); ``Denied`` for a body too large (413), of
    another type (415) or not readable (400)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > BODY_LIMIT):
        raise Denied(413, f"the request is too large (at most {BODY_LIMIT} bytes)")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > BODY_LIMIT:
            raise Denied(413, f"the request is too large (at most {BODY_LIMIT} bytes)")
    if not body:
        return {}
    if kind != "application/x-www-form-urlencoded":
        raise Denied(415, "send the form as application/x-www-form-urlencoded")
    try:
        pairs = parse_qsl(bytes(body).decode("ascii"), keep_blank_values=True, strict_parsing=True,
                          encoding="utf-8", errors="strict", max_num_fields=MAX_FIELDS)
    except (UnicodeDecodeError, ValueError):
        raise Denied(400, "the form cannot be read (not URL-encoded UTF-8, or too many fields)") from None
    if any("\x00" in key or "\x00" in value for key, value in pairs):
        raise Denied(400, "the form holds a NUL character")
    return dict(pairs)
