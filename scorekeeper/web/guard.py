"""Who may write, and how a write is checked before it reaches the session layer.

- The **token** (128 random bits, ``secrets.token_urlsafe(16)``, unless ``--token`` gives one) admits a phone to
  record. It travels once as ``?t=TOKEN`` on any address; that visit sets a cookie (HttpOnly, SameSite=Strict)
  that carries it from then on. A script may send it as ``Authorization: Bearer TOKEN``. Every comparison is
  ``hmac.compare_digest``. Without it the pages only read (the spectator address).
- **Cross-site requests**: a write whose ``Origin`` is not this server's, or whose ``Sec-Fetch-Site`` says it
  came from another site, is refused (403); a write authorised by the cookie or the query must also carry the
  page's **form token** (``NONCE.MAC``, a fresh nonce per page, MAC = HMAC-SHA256 of the nonce keyed by the
  token), which another site cannot read.
- **The body** is read up to ``BODY_LIMIT`` bytes (413 past it), as ``application/x-www-form-urlencoded`` UTF-8
  (400 otherwise), at most ``MAX_FIELDS`` fields.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit

from starlette.requests import Request

COOKIE = "scorekeeper_token"
BODY_LIMIT = 16 * 1024
MAX_FIELDS = 64


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
        if COOKIE in request.cookies:
            return request.cookies[COOKIE], "cookie"
        return None

    def writer(self, request: Request) -> bool:
        """Whether the request may write (it offers the right token)."""
        offered = self.offered(request)
        return offered is not None and self.matches(offered[0])

    def form_token(self) -> str:
        """A fresh form token for one page: ``NONCE.MAC``."""
        nonce = secrets.token_urlsafe(12)
        return f"{nonce}.{self._mac(nonce)}"

    def _mac(self, nonce: str) -> str:
        return hmac.new(self.token.encode(), f"form:{nonce}".encode(), hashlib.sha256).hexdigest()[:32]

    def form_token_ok(self, value: str | None) -> bool:
        nonce, dot, mac = (value or "").partition(".")
        return bool(dot and nonce) and hmac.compare_digest(mac.encode("utf-8", "replace"), self._mac(nonce).encode())

    def check_write(self, request: Request, fields: dict[str, str]) -> None:
        """``Denied`` (401 without the token, 403 for a cross-site request or a missing form token)."""
        offered = self.offered(request)
        if offered is None:
            raise Denied(401, "this address only reads: open the table's address with its token (?t=…) to record")
        if not self.matches(offered[0]):
            raise Denied(401, "wrong token: nothing was recorded")
        same_origin(request)
        if offered[1] != "bearer" and not self.form_token_ok(fields.get("form_token")):
            raise Denied(403, "this form is not one of this table's pages (reload the page): nothing was recorded")


def same_origin(request: Request) -> None:
    """``Denied`` (403) when the browser says the request came from another site."""
    origin = request.headers.get("origin")
    if origin is not None:
        host = request.headers.get("host", "")
        parts = urlsplit(origin)
        if origin == "null" or parts.netloc != host or parts.scheme != request.url.scheme:
            raise Denied(403, "a request from another site: nothing was recorded")
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
