"""``scorekeeper.core.sha256`` gives the digests ``hashlib`` and ``hmac`` give, small data and large (issue 32)."""

from __future__ import annotations

import hashlib
import hmac

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import sha256 as digests


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_the_digest_is_hashlibs(data: bytes) -> None:
    assert digests.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    assert digests.sha256(memoryview(data)).digest() == hashlib.sha256(data).digest()


def test_large_data_is_hashed_by_openssl_with_the_same_digest() -> None:
    large = bytes(range(256)) * (digests.LARGE // 256 + 1)
    assert type(digests.sha256(large)) is type(hashlib.sha256())  # noqa: E721 (the processor's SHA instructions)
    assert type(digests.sha256(b"small")) is not type(hashlib.sha256()) or digests._sha256 is hashlib.sha256
    assert digests.sha256(large).hexdigest() == hashlib.sha256(large).hexdigest()


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=150), st.binary(max_size=300))
def test_the_hmac_is_hmacs(key: bytes, message: bytes) -> None:
    """Keys shorter than the block, as long, and longer (hashed first), as RFC 2104 says."""
    assert digests.hmac_sha256(key, message) == hmac.new(key, message, hashlib.sha256).hexdigest()


def test_the_rfc_4231_vectors() -> None:
    """RFC 4231, test cases 1 and 6 (a key longer than the block)."""
    assert digests.hmac_sha256(b"\x0b" * 20, b"Hi There") == \
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
    assert digests.hmac_sha256(b"\xaa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First") == \
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"


def test_digests_compare_equal_only_when_equal() -> None:
    assert digests.same_digest(b"ab" * 32, b"ab" * 32)
    assert not digests.same_digest(b"ab" * 32, b"ab" * 31 + b"ac")
    assert not digests.same_digest(b"ab", b"abc")
