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


def problem(key: VerifyKey, signature: str, timestamp: str, body: bytes,
            now: float | None = None) -> tuple[str, str] | None:
    """Why ``signature`` (hex) does not sign ``timestamp + body`` with ``key`` within :data:`MAX_SKEW` seconds of
    ``now`` (Unix seconds; default the clock), as ``(reason, German text)``; None when it does (Discord's
    "Security and Authorization" for interactions). ``reason`` is the label of
    ``regelbot_signature_rejections_total``: ``missing`` (no signature or timestamp), ``malformed`` (not 128 hex
    digits, not whole seconds), ``timestamp`` (the text names by how many seconds it is off), ``signature`` (not
    made with this key: another application's key in ``DISCORD_PUBLIC_KEY``, or a forged request). The text
    names neither the key nor the body."""
    if not signature or not timestamp:
        return "missing", "ohne Signatur oder Zeitstempel"
    if not _SIGNATURE.fullmatch(signature) or not _TIMESTAMP.fullmatch(timestamp):
        return "malformed", "Signatur oder Zeitstempel unlesbar"
    off = int(timestamp) - (time.time() if now is None else now)
    if abs(off) > MAX_SKEW:
        side = "vor" if off > 0 else "hinter"
        return "timestamp", f"Zeitstempel {abs(off):.0f} s {side} der Uhr dieses Rechners (höchstens {MAX_SKEW} s)"
    try:
        key.verify(timestamp.encode() + body, bytes.fromhex(signature))
    except BadSignatureError:
        return "signature", "Signatur passt nicht zu DISCORD_PUBLIC_KEY"
    return None


def verify(key: VerifyKey, signature: str, timestamp: str, body: bytes, now: float | None = None) -> bool:
    """Whether ``signature`` (hex) signs ``timestamp + body`` with ``key`` and ``timestamp`` (Unix seconds)
    is within :data:`MAX_SKEW` of ``now`` (:func:`problem` finds nothing)."""
    return problem(key, signature, timestamp, body, now) is None


__all__ = ["MAX_SKEW", "problem", "verify"]
