"""The HTTP endpoint's few REST calls to Discord: an interaction's follow-up webhook (no bot token needed).

One :class:`RestClient` per ``serve`` process: one aiohttp session whose connector keeps at most
:data:`bot.serve_sockets.OUTGOING_CONNECTIONS` connections (reused with keep-alive; the intake's file budget
counts them), each request tried again after a passing fault — a 429 with or without the ``Via`` header
(after its ``retry_after``), a 5xx, a reset or refused connection, a reply that did not come within
:data:`ATTEMPT_SECONDS` — while the interaction's 15 minutes last (:func:`bot.delivery.within`). Discord-free:
the base URL is :func:`api_base`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import Awaitable
from typing import Any

import aiohttp
import orjson

from bot.delivery import within
from bot.serve_sockets import OUTGOING_CONNECTIONS

log = logging.getLogger(__name__)

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
    """Discord answered ``status`` (≥ 400); ``retry_after``: the seconds a 429 asks to wait (else None);
    ``code``: Discord's JSON error code (``10062`` unknown interaction, ``40060`` already acknowledged), if
    the answer named one."""

    def __init__(self, status: int, retry_after: float | None = None, code: int | None = None) -> None:
        super().__init__(f"HTTP {status}")
        self.status = status
        self.retry_after = retry_after
        self.code = code


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
                headers={"User-Agent": JSON["User-Agent"]},
                connector=aiohttp.TCPConnector(limit=self.connections),
                timeout=aiohttp.ClientTimeout(total=ATTEMPT_SECONDS),
            )
        return self.session

    async def request(self, method: str, path: str, body: dict[str, Any] | None = None,
                      deadline: float | None = None) -> None:
        """``method`` ``path`` (below the API base) with a JSON ``body``; Discord's answer is read, not decoded (no
        webhook call uses it: :func:`send_json` without ``answer``). Passing faults are tried again until
        ``deadline`` (Unix seconds; None: one try only)."""
        session = self._session()
        url = api_base() + path

        def attempt() -> Awaitable[Any]:
            return send_json(session, method, url, body)

        if deadline is None:
            await attempt()
        else:
            await within(deadline, attempt, rest_pause, f"{method} Webhook")

    async def close(self) -> None:
        """Close the HTTP session."""
        if self.session is not None:
            await self.session.close()
            self.session = None


async def send_json(session: aiohttp.ClientSession, method: str, url: str, body: Any = None, **kw: Any) -> None:
    """One ``method`` request to ``url`` with ``body`` as JSON (orjson; None: no body) on ``session`` (``kw``:
    aiohttp's request arguments, e.g. the proxy). Discord's answer, when it sends one, is read and dropped undecoded
    (no caller reads it: a callback or a webhook edit only needs its status). Each request
    is one DEBUG line (method, URL, status; :mod:`bot.logs` redacts the token in the URL), as discord.py's adapter
    writes one; at a higher level nothing of it is formatted.

    Raises:
        RestError: Discord answered ≥ 400 (with the 429's wait and Discord's error code when it names them).
        aiohttp.ClientError: the connection failed.
    """
    data = None if body is None else orjson.dumps(body)
    async with session.request(method, url, data=data, headers=JSON if data is not None else None, **kw) as resp:
        status = resp.status
        if log.isEnabledFor(logging.DEBUG):
            log.debug("%s %s: HTTP %s", method, url, status)  # the token in the URL: the log format redacts it
        if status >= 400:
            raise await _error(resp)
        await resp.read()  # the connection goes back to the pool with its answer read


#: The headers of a request whose body is JSON (Discord asks for a ``DiscordBot (url, version)`` User-Agent).
JSON = {"Content-Type": "application/json", "User-Agent": "DiscordBot (regelbot, 0.1)"}


async def _error(resp: aiohttp.ClientResponse) -> RestError:
    """The :class:`RestError` of an answer ≥ 400: Discord's error ``code`` from its JSON body, and for a 429 its
    ``retry_after`` (JSON body, as Discord sends it) or ``Retry-After`` header (a proxy's), seconds."""
    data: Any = None
    with contextlib.suppress(ValueError, aiohttp.ClientError):
        data = await resp.json(content_type=None)
    data = data if isinstance(data, dict) else {}
    code = data.get("code") if isinstance(data.get("code"), int) else None
    if resp.status != 429:
        return RestError(resp.status, None, code)
    if isinstance(data.get("retry_after"), int | float):
        return RestError(429, float(data["retry_after"]), code)
    try:
        return RestError(429, float(resp.headers.get("Retry-After", "")), code)
    except ValueError:
        return RestError(429, None, code)
