"""The HTTP endpoint's few REST calls to Discord: an interaction's follow-up webhook (no bot token needed).

One :class:`RestClient` per ``serve`` process: one aiohttp session whose connector keeps at most
:data:`bot.serve_net.OUTGOING_CONNECTIONS` connections (reused with keep-alive; the intake's file budget
counts them), each request tried again after a passing fault — a 429 with or without the ``Via`` header
(after its ``retry_after``), a 5xx, a reset or refused connection, a reply that did not come within
:data:`ATTEMPT_SECONDS` — while the interaction's 15 minutes last (:func:`bot.delivery.within`). Discord-free:
the base URL is :func:`api_base`.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import aiohttp

from bot.delivery import within
from bot.serve_net import OUTGOING_CONNECTIONS

#: Discord's REST API, unless discord.py is loaded in this process and points elsewhere (:func:`api_base`).
DISCORD_API = "https://discord.com/api/v10"
#: How long one try may take (connecting, sending, Discord's reply).
ATTEMPT_SECONDS = 20.0


def api_base() -> str:
    """The base URL of Discord's REST API: discord.py's ``Route.BASE`` when discord.py is loaded in this process
    (a process that pointed it elsewhere, as the end-to-end tests do with their fake Discord; ``serve`` itself
    never imports it), else :data:`DISCORD_API`."""
    route = getattr(sys.modules.get("discord.http"), "Route", None)
    return str(getattr(route, "BASE", DISCORD_API))


class RestError(aiohttp.ClientError):
    """Discord answered ``status`` (≥ 400); ``retry_after``: the seconds a 429 asks to wait (else None)."""

    def __init__(self, status: int, retry_after: float | None = None) -> None:
        super().__init__(f"HTTP {status}")
        self.status = status
        self.retry_after = retry_after


def rest_pause(exc: BaseException) -> float | None:
    """How long to wait before trying ``exc``'s request again (:data:`bot.delivery.Pause`): a 429 its
    ``retry_after`` (0.5 s when it names none), a 5xx, a lost or refused connection and a try that took too
    long at once (the backoff); None for Discord's refusals (400, 401, 403, 404)."""
    if isinstance(exc, RestError):
        if exc.status == 429:
            return exc.retry_after if exc.retry_after is not None else 0.5
        return 0.0 if exc.status >= 500 else None
    if isinstance(exc, aiohttp.ClientConnectionError | ConnectionError | asyncio.TimeoutError):
        return 0.0
    return None


class RestClient:
    """The REST calls of follow-up webhooks (module docstring). Close with :meth:`close`.

    Raises (from :meth:`request`): :class:`RestError` for an error status that is no passing fault or that
    outlasted the window; ``aiohttp.ClientError`` when the connection failed on every try.
    """

    def __init__(self, connections: int = OUTGOING_CONNECTIONS) -> None:
        self.connections = connections
        self.session: aiohttp.ClientSession | None = None

    def _session(self) -> aiohttp.ClientSession:
        if self.session is None:
            self.session = aiohttp.ClientSession(
                headers={"User-Agent": "DiscordBot (regelbot, 0.1)"},
                connector=aiohttp.TCPConnector(limit=self.connections),
                timeout=aiohttp.ClientTimeout(total=ATTEMPT_SECONDS),
            )
        return self.session

    async def request(self, method: str, path: str, body: dict[str, Any] | None = None,
                      deadline: float | None = None) -> Any:
        """``method`` ``path`` (below the API base) with a JSON ``body``; the JSON answer or None. Passing
        faults are tried again until ``deadline`` (Unix seconds; None: one try only)."""
        session = self._session()
        url = api_base() + path

        async def attempt() -> Any:
            async with session.request(method, url, json=body) as resp:
                if resp.status >= 400:
                    raise RestError(resp.status, await _retry_after(resp) if resp.status == 429 else None)
                return await resp.json(content_type=None) if resp.status != 204 else None

        if deadline is None:
            return await attempt()
        return await within(deadline, attempt, rest_pause, f"{method} Webhook")

    async def close(self) -> None:
        """Close the HTTP session."""
        if self.session is not None:
            await self.session.close()
            self.session = None


async def _retry_after(resp: aiohttp.ClientResponse) -> float | None:
    """A 429's ``retry_after`` (JSON body, as Discord sends it) or ``Retry-After`` header (a proxy's), seconds."""
    try:
        data = await resp.json(content_type=None)
        if isinstance(data, dict) and isinstance(data.get("retry_after"), int | float):
            return float(data["retry_after"])
    except (ValueError, aiohttp.ClientError):
        pass
    try:
        return float(resp.headers.get("Retry-After", ""))
    except ValueError:
        return None
