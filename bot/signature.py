"""The Ed25519 check of an HTTP interaction (Discord's "Security and Authorization": ``X-Signature-Ed25519`` over
``X-Signature-Timestamp`` + body with the application's public key), PyNaCl. Used by ``serve`` (:mod:`bot.serve`)
before any work on a request."""

from __future__ import annotations

import re
import time

from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey

#: Signatures older (or newer) than this many seconds are refused (replayed requests).
MAX_SKEW = 300
#: An Ed25519 signature in hex (64 bytes) and a Unix time in whole seconds, as Discord sends them.
_SIGNATURE = re.compile(r"[0-9a-fA-F]{128}")
_TIMESTAMP = re.compile(r"[0-9]{1,12}")


def verify(key: VerifyKey, signature: str, timestamp: str, body: bytes, now: float | None = None) -> bool:
    """Whether ``signature`` (hex) signs ``timestamp + body`` with ``key`` and ``timestamp`` (Unix seconds)
    is within :data:`MAX_SKEW` of ``now`` (Discord's "Security and Authorization" for interactions)."""
    if not _SIGNATURE.fullmatch(signature or "") or not _TIMESTAMP.fullmatch(timestamp or ""):
        return False
    if abs((time.time() if now is None else now) - int(timestamp)) > MAX_SKEW:
        return False
    try:
        key.verify(timestamp.encode() + body, bytes.fromhex(signature))
    except BadSignatureError:
        return False
    return True


__all__ = ["MAX_SKEW", "verify"]
