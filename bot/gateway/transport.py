"""The gateway's way to send an answer: the payload dicts of :mod:`bot.render` through discord.py's HTTP adapter.

* :class:`GatewayTransport` is the :class:`bot.delivery.Transport` of a discord.py interaction: it sends the
  very dicts (rate limits and retries included, as ``interaction.response.send_message`` would) and keeps
  discord.py's response state (``interaction.response.is_done()``) in step.
* :func:`send_callback` sends a callback from the raw interaction id and token, before discord.py has parsed
  the interaction (an early defer in a burst, :mod:`bot.gateway.gate`).
* :func:`post_callback` sends a callback as one plain aiohttp request (orjson), without discord.py's objects:
  the raw autocomplete answer of the gate.
* :func:`send_reply` answers a discord.py interaction with a :class:`~bot.reply.Reply`.
* :func:`send_malformed` answers a raw payload that cannot be read with the German "Ungültige Anfrage".
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
from discord.http import MultipartParameters
from discord.webhook.async_ import async_context

from bot import metrics
from bot.custom_id import Invocation
from bot.delivery import (
    CALLBACK_WINDOW,
    CB_AUTOCOMPLETE,
    CB_DEFERRED_MESSAGE,
    CB_DEFERRED_UPDATE,
    FOLLOWUP_WINDOW,
    MALFORMED,
    created_at,
    deliver,
    within,
)
from bot.render import EPHEMERAL
from bot.reply import Reply
from bot.rest import RestError, api_base, rest_pause, send_json

log = logging.getLogger(__name__)

#: discord.py's response types of a defer → Discord's callback types.
_DEFERS = {discord.InteractionResponseType.deferred_channel_message: CB_DEFERRED_MESSAGE,
           discord.InteractionResponseType.deferred_message_update: CB_DEFERRED_UPDATE}


class RawTransport:
    """:class:`bot.delivery.Transport` of an interaction known only by its raw ids (``interaction_id``,
    ``application_id``, ``token``), before or without a :class:`discord.Interaction`: each call is the
    request discord.py's webhook adapter makes, with the keyword arguments ``kw`` (session, proxy).
    ``deferred``: the callback already sent was this defer (5 or 6), ephemeral when ``deferred_ephemeral``."""

    def __init__(self, kw: dict[str, Any], interaction_id: int, application_id: int, token: str,
                 deferred: int | None = None, deferred_ephemeral: bool = False) -> None:
        self._adapter = async_context.get()
        self._kw = kw
        self._ids = interaction_id, application_id, token
        self._deferred = deferred
        self._deferred_ephemeral = deferred_ephemeral
        self._responded = deferred is not None

    @property
    def responded(self) -> bool:
        """True once the callback (answer or defer) was sent."""
        return self._responded

    @property
    def deferred(self) -> int | None:
        """5 or 6 when the callback was a defer, else None."""
        return self._deferred

    @property
    def deferred_ephemeral(self) -> bool:
        """Whether the defer was ephemeral."""
        return self._deferred_ephemeral

    async def respond(self, body: dict[str, Any]) -> None:
        """``POST /interactions/{id}/{token}/callback`` with ``body``, tried again within Discord's 3 s
        (:func:`send_callback`)."""
        await send_callback_with(self._kw, self._ids[0], self._ids[2], body)
        self._responded = True

    async def _webhook(self, what: str, call: Callable[[], Awaitable[Any]]) -> None:
        deadline = created_at(self._ids[0]) + FOLLOWUP_WINDOW
        await within(deadline, call, discord_pause, what)

    async def edit_original(self, data: dict[str, Any]) -> None:
        """``PATCH /webhooks/{app}/{token}/messages/@original`` with ``data`` (tried again within 15 minutes)."""
        await self._webhook("Antwort bearbeiten", lambda: self._adapter.edit_original_interaction_response(
            self._ids[1], self._ids[2], payload=data, **self._kw))

    async def followup(self, data: dict[str, Any]) -> None:
        """``POST /webhooks/{app}/{token}?wait=1`` with ``data`` (tried again within 15 minutes)."""
        await self._webhook("Folgenachricht", lambda: self._adapter.execute_webhook(
            self._ids[1], self._ids[2], payload=data, wait=True, with_components=bool(data.get("components")),
            **self._kw))

    async def delete_original(self) -> None:
        """``DELETE /webhooks/{app}/{token}/messages/@original`` (a missing message is fine)."""
        try:
            await self._webhook("Antwort löschen", lambda: self._adapter.delete_original_interaction_response(
                self._ids[1], self._ids[2], **self._kw))
        except discord.HTTPException:
            log.debug("Ursprüngliche Antwort nicht gelöscht", exc_info=True)


class PostTransport:
    """:class:`bot.delivery.Transport` of an interaction known by its raw ids (``interaction_id``,
    ``application_id``, ``token``) whose requests are plain aiohttp requests with orjson bodies (:func:`bot.rest.
    send_json`) on the bot's HTTP session (``kw``: session, proxy, proxy_auth, as :func:`http_kw` gives them):
    no discord.py objects, no webhook adapter. The callback is tried again within Discord's 3 s, the webhook
    requests within its 15 minutes (:func:`bot.delivery.within` with :func:`bot.rest.rest_pause`). The raw
    command path of :mod:`bot.gateway.gate`.

    Raises (from each request): :class:`bot.rest.RestError` (Discord refused it; 10062 once the window is
    over), ``aiohttp.ClientError`` (the connection failed on every try).
    """

    def __init__(self, kw: dict[str, Any], interaction_id: int, application_id: int, token: str) -> None:
        self._kw = dict(kw)
        self._session = self._kw.pop("session")
        self._ids = interaction_id, application_id, token
        self._webhook_url = f"{api_base()}/webhooks/{application_id}/{token}"
        #: 5 or 6 when the callback sent was a defer (ephemeral: :attr:`deferred_ephemeral`), else None.
        self.deferred: int | None = None
        self.deferred_ephemeral = False
        self.responded = False

    async def respond(self, body: dict[str, Any]) -> None:
        """``POST /interactions/{id}/{token}/callback`` with ``body`` (:func:`post_callback`'s request)."""
        url = f"{api_base()}/interactions/{self._ids[0]}/{self._ids[2]}/callback"
        session, kw = self._session, self._kw
        await _callback_within(self._ids[0], body, lambda: send_json(session, "POST", url, body, **kw),
                               rest_pause)
        self.responded = True
        if body.get("type") in (CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE):
            self.deferred = body["type"]
            self.deferred_ephemeral = bool((body.get("data") or {}).get("flags", 0) & EPHEMERAL)

    async def _webhook(self, what: str, method: str, url: str, data: dict[str, Any] | None = None) -> None:
        deadline = created_at(self._ids[0]) + FOLLOWUP_WINDOW
        session, kw = self._session, self._kw
        await within(deadline, lambda: send_json(session, method, url, data, **kw), rest_pause, what)

    async def edit_original(self, data: dict[str, Any]) -> None:
        """``PATCH /webhooks/{app}/{token}/messages/@original`` with ``data``."""
        await self._webhook("Antwort bearbeiten", "PATCH", f"{self._webhook_url}/messages/@original", data)

    async def followup(self, data: dict[str, Any]) -> None:
        """``POST /webhooks/{app}/{token}?wait=true`` with ``data``."""
        await self._webhook("Folgenachricht", "POST", f"{self._webhook_url}?wait=true", data)

    async def delete_original(self) -> None:
        """``DELETE /webhooks/{app}/{token}/messages/@original`` (a missing message is fine)."""
        try:
            await self._webhook("Antwort löschen", "DELETE", f"{self._webhook_url}/messages/@original")
        except RestError:
            log.debug("Ursprüngliche Antwort nicht gelöscht", exc_info=True)


def http_kw(http: Any) -> dict[str, Any]:
    """The session and proxy keyword arguments of discord.py's webhook adapter, from ``bot.http``."""
    return {"session": http._HTTPClient__session, "proxy": http.proxy, "proxy_auth": http.proxy_auth}


class GatewayTransport(RawTransport):
    """:class:`bot.delivery.Transport` of the discord.py ``interaction``: the requests ``interaction.response``
    and ``interaction.followup`` make, with discord.py's response state (``is_done()``) kept in step."""

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        http = interaction._state.http
        super().__init__({"session": interaction._session, "proxy": http.proxy, "proxy_auth": http.proxy_auth},
                         interaction.id, interaction.application_id, interaction.token)
        self.interaction = interaction

    @property
    def responded(self) -> bool:
        """True once the callback (answer or defer) was sent."""
        return bool(self.interaction.response.is_done())

    @property
    def deferred(self) -> int | None:
        """5 or 6 when the callback was a defer, else None."""
        kind = self.interaction.response.type
        return _DEFERS.get(kind) if kind is not None else None

    @property
    def deferred_ephemeral(self) -> bool:
        """Whether the bot's watchdog deferred ephemerally (recorded in ``interaction.extras``)."""
        return bool(self.interaction.extras.get("deferred_ephemeral", False))

    async def respond(self, body: dict[str, Any]) -> None:
        """``POST /interactions/{id}/{token}/callback`` with ``body``."""
        await super().respond(body)
        self.interaction.response._response_type = discord.InteractionResponseType(body["type"])


async def send_callback(state: Any, interaction_id: int | str, token: str, body: dict[str, Any]) -> None:
    """``POST /interactions/{id}/{token}/callback`` with ``body`` through discord.py's webhook adapter and
    the HTTP session of the connection state ``state`` (``bot._connection``), before any
    :class:`discord.Interaction` exists (an early defer in a burst).

    Raises:
        discord.HTTPException: Discord refused it (e.g. ``NotFound`` 10062 when the interaction expired).
    """
    await send_callback_with(http_kw(state.http), int(interaction_id), token, body)


async def send_callback_with(kw: dict[str, Any], interaction_id: int, token: str, body: dict[str, Any]) -> None:
    """``POST /interactions/{id}/{token}/callback`` with ``body`` through discord.py's webhook adapter (``kw``:
    session and proxy), tried again after a passing fault as :func:`_callback_within` says.

    Raises:
        discord.HTTPException: Discord refused it (``NotFound`` 10062 once the 3 s are over).
        aiohttp.ClientError: the connection failed on every try.
    """
    params = MultipartParameters(payload=body, multipart=None, files=None)

    def send() -> Awaitable[Any]:
        return async_context.get().create_interaction_response(interaction_id, token, params=params, **kw)

    await _callback_within(interaction_id, body, send, discord_pause)


async def post_callback(state: Any, interaction_id: int, token: str, body: dict[str, Any]) -> None:
    """``POST /interactions/{id}/{token}/callback`` with ``body`` as one aiohttp request on the HTTP session of
    the connection state ``state`` (``bot._connection``), its JSON encoded with orjson (:func:`bot.rest.
    send_json`): no discord.py objects, no webhook adapter (the raw autocomplete path of :mod:`bot.gateway.gate`).
    Tried again after a passing fault as :func:`_callback_within` says.

    Raises:
        bot.rest.RestError: Discord refused it (10062 once the 3 s are over).
        aiohttp.ClientError: the connection failed on every try.
    """
    kw = http_kw(state.http)
    session = kw.pop("session")
    url = f"{api_base()}/interactions/{interaction_id}/{token}/callback"
    await _callback_within(interaction_id, body, lambda: send_json(session, "POST", url, body, **kw),
                           rest_pause)


#: Discord's error code for a callback to an interaction that was already answered.
ALREADY_ACKNOWLEDGED = 40060
#: Discord's error code for an interaction whose 3 s (or, after a defer, 15 min) have passed.
UNKNOWN_INTERACTION = 10062


async def _callback_within(interaction_id: int, body: dict[str, Any], send: Callable[[], Awaitable[Any]],
                           pause: Callable[[BaseException], float | None]) -> None:
    """``await send()`` (the callback request of interaction ``interaction_id`` with ``body``), tried again after
    a passing fault (``pause``) while Discord's 3 s from the interaction's creation last; then the metrics'
    first callback. A try after a lost connection that Discord answers "already acknowledged" (40060) found the
    earlier try delivered: done.

    Raises:
        discord.HTTPException | bot.rest.RestError: Discord refused it.
        aiohttp.ClientError: the connection failed on every try.
    """
    lost = False

    async def attempt() -> None:
        nonlocal lost
        try:
            await send()
        except (discord.HTTPException, RestError) as exc:
            if not (lost and exc.code == ALREADY_ACKNOWLEDGED):
                raise
        except (aiohttp.ClientConnectionError, ConnectionError):
            lost = True
            raise

    await within(created_at(interaction_id) + CALLBACK_WINDOW, attempt, pause, "Interaktionsantwort")
    metrics.first_callback(interaction_id, body.get("type"))


def discord_pause(exc: BaseException) -> float | None:
    """How long to wait before sending again after ``exc`` (:data:`bot.delivery.Pause`): :func:`bot.rest.
    rest_pause` with a ``discord.HTTPException`` read as the :class:`bot.rest.RestError` of its status and
    ``Retry-After`` header (a 429 discord.py passed on is one without the ``Via`` header, as a proxy sends it;
    discord.py itself waits out Discord's own)."""
    if isinstance(exc, discord.HTTPException):
        try:
            wait: float | None = float(exc.response.headers.get("Retry-After", 0.5))
        except (TypeError, ValueError):
            wait = None
        exc = RestError(exc.status, wait, exc.code)
    return rest_pause(exc)


async def send_malformed(state: Any, interaction_id: int, application_id: int, token: str, autocomplete: bool,
                         early: tuple[asyncio.Future[None], int, bool] | None = None) -> None:
    """Answer a raw interaction that cannot be read (:func:`bot.delivery.shape_problem`, or discord.py's parser
    refused it) with :data:`bot.delivery.MALFORMED`, or an autocomplete with no choices; after the defer
    ``early`` (its request, callback type and ephemeral flag; sent in a burst before the payload was parsed)
    the defer is completed the way every answer completes one (:func:`bot.delivery.deliver`). A refusal by
    Discord is one INFO line: the payload's own WARNING line was already written."""
    try:
        if autocomplete:
            await send_callback(state, interaction_id, token, {"type": CB_AUTOCOMPLETE, "data": {"choices": []}})
            return
        deferred, ephemeral = None, False
        if early is not None:
            await early[0]
            deferred, ephemeral = early[1], early[2]
        transport = RawTransport(http_kw(state.http), interaction_id, application_id, token, deferred, ephemeral)
        await deliver(transport, MALFORMED)
    except (discord.HTTPException, aiohttp.ClientError, OSError) as exc:
        log.info("Antwort auf die unlesbare Interaktion %s nicht gesendet: %s", interaction_id, type(exc).__name__)


async def send_reply(interaction: discord.Interaction[Any], reply: Reply, *, origin: Invocation | None = None,
                     page: int = 0, update: bool = False) -> None:
    """Answer the discord.py ``interaction`` with ``reply`` (:func:`bot.delivery.deliver`); a defer the bot sent
    before the interaction was parsed (``client.settle_defer``, a burst) is waited for first."""
    settle = getattr(interaction.client, "settle_defer", None)
    if settle is not None:
        await settle(interaction)
    await deliver(GatewayTransport(interaction), reply, page=page, origin=origin, update=update)
