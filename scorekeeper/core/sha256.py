"""SHA-256 and its HMAC, without starting OpenSSL for what is small.

``hashlib`` starts OpenSSL when it is imported: about 12 M instructions, a thirtieth of a one-shot read, for hashing
a session file of some 100 kB and a few hundred events (issue 32, ``docs/performance.md``). CPython carries its own
SHA-256, which needs no start but hashes without the processor's SHA instructions: data of ``LARGE`` bytes or more
(a file of thousands of events) is hashed by OpenSSL, the rest by CPython's own. The digests are the same bytes
either way (``tests/core/test_sha256.py`` holds them, and the HMAC, equal to ``hashlib``'s and ``hmac``'s).
"""

from __future__ import annotations

from typing import Any, Callable

#: from this many bytes, OpenSSL's start costs less than CPython's own, slower hashing
LARGE = 512 * 1024

#: SHA-256's block, in bytes (the HMAC pads its key to it)
BLOCK = 64

_INNER = bytes(byte ^ 0x36 for byte in range(256))
_OUTER = bytes(byte ^ 0x5C for byte in range(256))


def _own() -> Callable[..., Any]:
    """CPython's own SHA-256 (``_sha256`` in 3.11, ``_sha2`` from 3.12), else ``hashlib``'s."""
    try:
        from _sha256 import sha256 as own  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        try:
            from _sha2 import sha256 as own  # type: ignore[import-not-found,unused-ignore,no-redef]
        except ImportError:  # another Python: OpenSSL it is
            from hashlib import sha256 as own  # type: ignore[assignment,unused-ignore]
    return own  # type: ignore[no-any-return,unused-ignore]


_sha256 = _own()


def sha256(data: bytes | bytearray | memoryview = b"") -> Any:
    """A SHA-256 hash object of ``data`` (``hexdigest``, ``digest``, ``update``), as ``hashlib.sha256(data)``."""
    if len(data) >= LARGE:
        import hashlib

        return hashlib.sha256(data)
    return _sha256(data)


def hmac_sha256(key: bytes, message: bytes) -> str:
    """The HMAC-SHA-256 of ``message`` under ``key`` (RFC 2104), in hexadecimal: what
    ``hmac.new(key, message, hashlib.sha256).hexdigest()`` gives."""
    if len(key) > BLOCK:
        key = sha256(key).digest()
    key = key.ljust(BLOCK, b"\0")
    inner = sha256(key.translate(_INNER) + message).digest()
    return str(sha256(key.translate(_OUTER) + inner).hexdigest())


def same_digest(given: bytes, expected: bytes) -> bool:
    """Whether two digests are equal, compared in a time that does not tell where they part (as
    ``hmac.compare_digest``, which is this same function of CPython's)."""
    try:
        from _operator import _compare_digest  # what hmac.compare_digest is without OpenSSL
    except ImportError:  # another Python
        from hmac import compare_digest as _compare_digest  # type: ignore[no-redef,unused-ignore]
    return bool(_compare_digest(given, expected))
