"""Faults of Discord's REST side that the fake Discord injects on the answer path (``FakeDiscord.faults``).

The answer path is every interaction callback (``POST /interactions/{id}/{token}/callback``) and every call of
the follow-up webhook (``/webhooks/{app}/{token}…``). With a :class:`Faults` set, every ``every``-th request on
that path (the 3rd, 6th, … by default: a third of them) gets the next fault of ``kinds``:

* ``429-via`` — Discord's own rate limit: 429 with the ``Via`` header and ``retry_after`` in the JSON body;
  the request is not carried out (discord.py waits it out and sends again by itself);
* ``429`` — a 429 without ``Via``, as a proxy in between (Cloudflare) sends it: a ``Retry-After`` header and a
  text body; not carried out (discord.py raises it);
* ``5xx`` — 502 Bad Gateway; not carried out;
* ``reset`` — the connection is reset (RST) before any reply; not carried out;
* ``delay`` — carried out at once (Discord's clock: the callback counts when it arrived), the reply held back
  2, 3.5 or 5 s.

What the fake did is counted in :attr:`Faults.injected` (kind → how many).
"""

from __future__ import annotations

import asyncio
import json
import socket
import struct
from collections import Counter
from dataclasses import dataclass, field

from aiohttp import web

KINDS = ("429-via", "429", "5xx", "reset", "delay")
#: Retry-After of the proxy's 429 (whole seconds, as HTTP has it) and Discord's own retry_after (seconds).
PROXY_RETRY_AFTER, DISCORD_RETRY_AFTER = 1, 0.25
DELAYS = (2.0, 3.5, 5.0)


def on_answer_path(method: str, path: str) -> bool:
    """Whether ``method path`` (below ``/api/v10``) is an interaction callback or a follow-up webhook call."""
    return (method == "POST" and path.startswith("/interactions/")) or path.startswith("/webhooks/")


@dataclass
class Faults:
    """Every ``every``-th request on the answer path gets the next of ``kinds`` (module docstring)."""

    kinds: tuple[str, ...] = KINDS
    every: int = 3
    seen: int = 0
    injected: Counter[str] = field(default_factory=Counter)
    _next: int = 0
    _delays: int = 0

    def pick(self, method: str, path: str) -> str | None:
        """The fault for this request, or None (most requests, and everything off the answer path)."""
        if not on_answer_path(method, path):
            return None
        self.seen += 1
        if self.seen % self.every:
            return None
        kind = self.kinds[self._next % len(self.kinds)]
        self._next += 1
        self.injected[kind] += 1
        return kind

    def refusal(self, kind: str, request: web.Request) -> web.Response | None:
        """The reply of a fault that is not carried out (None for ``delay``, which is)."""
        if kind == "429-via":  # Content-Type exactly application/json: discord.py reads retry_after from it
            body = {"message": "You are being rate limited.", "retry_after": DISCORD_RETRY_AFTER, "global": False}
            return web.Response(body=json.dumps(body).encode(), status=429, headers={
                "Content-Type": "application/json", "Via": "1.1 google", "Retry-After": "1"})
        if kind == "429":
            return web.Response(status=429, text="error code: 1015", headers={"Retry-After": str(PROXY_RETRY_AFTER)})
        if kind == "5xx":
            return web.Response(status=502, text="<html><body>502 Bad Gateway</body></html>", content_type="text/html")
        if kind == "reset":
            transport = request.transport
            sock = transport.get_extra_info("socket") if transport is not None else None
            if sock is not None:  # SO_LINGER 0: close() sends RST instead of FIN
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            if transport is not None:
                transport.abort()
            return web.Response(status=499)  # never reaches the client
        return None

    async def hold(self) -> None:
        """Hold the reply of a ``delay`` fault back: 2, 3.5, 5 s in turn."""
        await asyncio.sleep(DELAYS[self._delays % len(DELAYS)])
        self._delays += 1
