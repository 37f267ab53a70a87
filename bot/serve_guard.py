"""``serve``'s refusals of a request before its signature is known to be good (:mod:`bot.serve`): a body in a content
coding, a body that cannot be read, a rejected signature. Anyone may send these, so each answer is German JSON
with its connection closed, and its log line is one short line at most every 10 s per status
(:func:`bot.logs.refusal`), never a traceback; a rejected signature is also counted by reason
(``regelbot_signature_rejections_total``).

Discord sends an interaction's body as it is (``Content-Encoding`` absent) and signs those bytes, so the server
does not decompress bodies (``auto_decompress=False``, :func:`bot.serve.make_server`, :mod:`bot.health`) and the
interactions path refuses a coded body with 415 and ``Accept-Encoding: identity`` (RFC 9110, 15.5.16)."""

from __future__ import annotations

import logging

from aiohttp import web
from nacl.signing import VerifyKey

from bot import metrics
from bot.logs import refusal
from bot.serve_sockets import http_error_text
from bot.signature import problem

log = logging.getLogger("bot.serve")

#: The only content coding of a request body the endpoint takes (none).
IDENTITY = "identity"
UNSUPPORTED_CODING = "Inhaltskodierung nicht unterstützt (nur identity)"


def _closing(response: web.Response) -> web.Response:
    response.force_close()
    return response


def german(exc: web.HTTPException, max_size: int = 0) -> web.Response:
    """aiohttp's refusal ``exc`` (404, 405, 413 …) as German JSON ``{"error": …}`` (``max_size``: the largest body
    taken, bytes, named for 413), keeping its ``Allow`` header (a 405 names the methods the path takes)."""
    allow = exc.headers.get("Allow")
    return web.json_response({"error": http_error_text(exc.status, max_size)}, status=exc.status,
                             headers={"Allow": allow} if allow else None)


def coding_refusal(request: web.BaseRequest) -> web.Response | None:
    """415 for a request whose ``Content-Encoding`` names a coding other than ``identity`` (gzip, deflate, br,
    made up; any letter case, one header or several), with ``Accept-Encoding: identity``; None for a body as it
    is (no header, ``identity``, or empty)."""
    named = ",".join(request.headers.getall("Content-Encoding", ()))
    codings = {part.strip().lower() for part in named.split(",")} - {"", IDENTITY}
    if not codings:
        return None
    shown = ", ".join(sorted(codings))[:40]
    refusal(log, logging.INFO, 415, "Ungültige HTTP-Anfrage von %s verworfen (415: Content-Encoding %r)",
            request.remote, shown)
    return _closing(web.json_response({"error": UNSUPPORTED_CODING}, status=415,
                                      headers={"Accept-Encoding": IDENTITY}))


def unreadable(request: web.BaseRequest, exc: BaseException) -> web.Response:
    """400 for a request whose body could not be read (a chunk that is not HTTP, a body cut short): aiohttp's
    reason in the rate-limited INFO line."""
    cause = exc.__cause__ or exc
    reason = str(getattr(cause, "message", "") or type(cause).__name__).strip().splitlines()
    refusal(log, logging.INFO, 400, "Ungültige HTTP-Anfrage von %s verworfen (400: %s)", request.remote,
            (reason[0] if reason else type(cause).__name__)[:80])
    return _closing(web.json_response({"error": "Ungültige HTTP-Anfrage"}, status=400))


def signature_refusal(key: VerifyKey, request: web.BaseRequest, body: bytes) -> web.Response | None:
    """401 for a request whose ``X-Signature-Ed25519``/``X-Signature-Timestamp`` do not sign ``body`` with ``key``
    in time (:func:`bot.signature.problem`): a WARNING naming the reason (how many seconds the timestamp is off;
    never the key or the body), at most one every 10 s, and a count by reason. None for a good signature."""
    found = problem(key, request.headers.get("X-Signature-Ed25519", ""),
                    request.headers.get("X-Signature-Timestamp", ""), body)
    if found is None:
        return None
    reason, text = found
    metrics.signature_rejected(reason)
    refusal(log, logging.WARNING, 401, "Anfrage von %s abgelehnt (401: %s)", request.remote, text)
    return _closing(web.json_response({"error": "ungültige Signatur"}, status=401))


__all__ = ["IDENTITY", "UNSUPPORTED_CODING", "coding_refusal", "german", "signature_refusal", "unreadable"]
